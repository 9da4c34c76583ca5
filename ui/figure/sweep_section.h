// The "Sweep" section of the Export Figure dialog (issue 25, item 10): "Record a sweep", the
// parameter (the page's numeric parameters), from / to (prefilled with the current value and 50
// times it for a logarithmic slider, else the slider's far end), log or linear steps, the number
// of frames and the output: an animated GIF, PDF pages, a folder of PNGs, or an MP4 (only with
// ffmpeg on the PATH; else the item says so and cannot be chosen). It only holds the choices;
// the sweep is computed by runSweep (sweep_run.h), the code of `poslab render --sweep`.
#pragma once

#include <QWidget>

#include "ui/figure/sweep_run.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace poslab::ui {

// What a sweep of a view starts from: its page, the view, the page's parameters and the view's
// state and colour map.
struct SweepSource {
    const PageSpec* page = nullptr;
    ViewSpec view;  // a copy: the dialog may outlive the view's widget
    core::ParamSet params;
    ViewState state;
    ColormapChoice colormap = ColormapChoice::Auto;
};

class SweepSection : public QWidget {
    Q_OBJECT
public:
    SweepSection(SweepSource source, QWidget* parent = nullptr);

    bool recording() const;
    SweepFormat format() const;
    // The path with the extension of the chosen format (a folder: ending in '/').
    QString pathFor(const QString& path) const;
    // The sweep to run into `path` with `options`, or the one-line error of a bad sweep.
    core::Expected<SweepRun> sweepRun(const QString& path, const FigureOptions& options) const;

signals:
    void changed();

private:
    void prefill();

    SweepSource m_source;
    const core::EncodingDescriptor* m_enc = nullptr;
    QCheckBox* m_record;
    QWidget* m_controls;
    QComboBox* m_param;
    QLineEdit* m_from;
    QLineEdit* m_to;
    QComboBox* m_mode;
    QSpinBox* m_frames;
    QComboBox* m_format;
};

}  // namespace poslab::ui
