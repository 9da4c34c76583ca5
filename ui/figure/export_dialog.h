// The Export Figure dialog (issue 5; opened by FigureExport, figure_export.h). It picks the file,
// format, size preset (slides 16:9 and 4:3, an A4 page, one or two journal columns, custom in
// pixels or inches), DPI, theme (light by default, even when the UI is dark), footer and formula,
// and shows a live preview; the figure is the view's last result drawn by the same renderer as
// `poslab render`, and it is written off the GUI thread.
#pragma once

#include <QDialog>

#include "ui/figure/figure.h"
#include "ui/figure/sweep_section.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace poslab::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    ExportDialog(Figure figure, const QString& suggestedPath, QWidget* parent = nullptr);

    QString path() const;
    FigureOptions options() const;
    void setPath(const QString& path);
    // Offers "Record a sweep" of the view (issue 25, item 10): without it, the dialog writes
    // the one figure. With the sweep on, Save records it here (a progress dialog, Cancel) and
    // closes only once it is written; an error stays as one line in the dialog.
    void setSweepSource(const SweepSource& source);
    // Whether Save recorded a sweep (then there is no figure left to write).
    bool sweepRecorded() const { return m_sweepRecorded; }

private:
    void syncSize();
    void updatePreview();
    void browse();
    void save();
    void recordSweep();
    void sweepToggled();

    Figure m_figure;
    QLineEdit* m_path;
    QComboBox* m_preset;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_height;
    QSpinBox* m_dpi;
    QComboBox* m_theme;
    QCheckBox* m_footer;
    QCheckBox* m_formula;
    QLabel* m_pixels;
    QLabel* m_preview;
    QLabel* m_pathLabel = nullptr;
    SweepSection* m_sweep = nullptr;
    QLabel* m_sweepError = nullptr;
    QString m_figurePath;  // the path before the sweep's extension replaced it
    bool m_sweepRecorded = false;
};

}  // namespace poslab::ui
