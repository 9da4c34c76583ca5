// One view of a page: a title, the view's own controls (head, dimensions, positions, compare
// settings) and the drawing widgets for its kind. It draws the ViewResult it is given and reports
// control changes; it computes nothing.
#pragma once

#include <QPointer>
#include <QWidget>
#include <functional>

#include "ui/compute/compute_types.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QSpinBox;
class QSlider;
class QLineEdit;
class QComboBox;
class QToolButton;
class QGridLayout;
class QStackedWidget;
class QTimer;
class QCheckBox;
class QHBoxLayout;
QT_END_NAMESPACE

namespace poslab::ui {

class HeatmapWidget;
class ChartWidget;
class RotationWidget;

// A value of B for a compare view that differs from A's `a` and is allowed: the next choice, the
// other truth value, a decade (log scale) or a factor 2 up, else down; empty for a file.
QString compareValueFor(const core::ParamSpec& spec, const core::ParamValue& a);

// How many columns make `count` heatmap panels largest in a box of this size, each at least
// `least` pixels wide.
int heatmapColumns(int count, QSizeF box, double least = 160);

class ViewWidget : public QWidget {
    Q_OBJECT
public:
    ViewWidget(const ViewSpec& spec, const PageSpec& page, QWidget* parent = nullptr);

    const ViewSpec& spec() const { return m_spec; }
    ViewState state() const { return m_state; }
    void setState(const ViewState& state);
    // Positions available to the rotation controls (the encoding's n).
    void setPositionCount(qint64 n);

    void applyResult(const ViewResult& result);
    // The page's current values (A of a compare view), asked when B's parameter changes.
    std::function<core::ParamSet()> pageParams;
    // Marks the figure as out of date (faded, with a note; `reason` in its tooltip) while the
    // parameters are refused; an empty reason or the next result clears it.
    void setStale(const QString& reason);
    bool isStale() const;
    void setDark(bool dark);
    bool hasError() const { return !m_error.isEmpty(); }
    QString errorText() const { return m_error; }

    QVector<HeatmapWidget*> heatmaps() const { return m_heatmaps; }
    ChartWidget* chart() const { return m_chart; }
    RotationWidget* rotation() const { return m_rotation; }
    QString valueText() const;
    // What a view constant or the identity at these parameters says in place of its data
    // (ViewResult::degenerate); empty when it draws data.
    QString degenerateText() const { return m_last.degenerate.text(); }
    QString titleText() const;
    bool hasResult() const { return m_hasResult; }
    // The last result drawn (what an exported figure shows).
    const ViewResult& lastResult() const { return m_last; }
    QToolButton* exportButton() const { return m_export; }
    QString noteText() const;

signals:
    void stateChanged();
    void hovered(const QString& text);
    void exportRequested();
    // The view asks the page for parameter values (a click on a similarity map: the query).
    void paramsRequested(const QList<QPair<QString, QString>>& values);

protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void updateTitleFont();
    void buildControls();
    HeatmapWidget* heatmapAt(int i);
    void setPlaying(bool on);
    // Level of detail (RoPE over long ranges): the window, show and log-x controls, the plot's
    // pixels in the state, zoom and pan that ask for the visible window.
    void buildLodControls(QWidget* row, QHBoxLayout* h);
    void setWindow(qint64 start, qint64 end, qint64 colStart, qint64 colEnd);
    void updatePixels();
    void showWindowInBox();
    // Compare mode (view_widget_compare.cpp): the quantity, the parameter B changes and its value
    // (a list for choices), in words of the interface language.
    void buildCompareControls(QWidget* row, QHBoxLayout* h);
    void syncCompareControls();
    // The panels in the grid that makes them largest in the space the view has now.
    void arrangeHeatmaps();
    void retranslateCompare();
    void onCompareParamChosen();

    ViewSpec m_spec;
    ViewState m_state;
    QString m_error;
    bool m_dark = false;
    bool m_hasResult = false;
    int m_sliceCount = 0;

    ViewResult m_last;
    QLabel* m_title;
    QWidget* m_veil = nullptr;  // over the figure while it is stale (view_widget.cpp)
    QToolButton* m_export;
    QLabel* m_note;
    QLabel* m_errorLabel;
    QLabel* m_degenerate = nullptr;  // made on the first degenerate result
    bool showDegenerate();           // the last result's words, if it has them
    QStackedWidget* m_stack;
    QWidget* m_heatmapBox = nullptr;
    QGridLayout* m_heatmapGrid = nullptr;
    QVector<HeatmapWidget*> m_heatmaps;
    int m_panelCount = 0;  // of m_heatmaps, shown
    ChartWidget* m_chart = nullptr;
    RotationWidget* m_rotation = nullptr;
    QLabel* m_value = nullptr;

    // Controls (created as the kind needs them).
    QLabel* m_sliceLabel = nullptr;
    QSpinBox* m_slice = nullptr;
    QLabel* m_dimsLabel = nullptr;
    QLineEdit* m_dims = nullptr;
    QLabel* m_mLabel = nullptr;
    QSlider* m_m = nullptr;
    QLabel* m_deltaLabel = nullptr;
    QSpinBox* m_delta = nullptr;
    QToolButton* m_play = nullptr;
    QTimer* m_playTimer = nullptr;
    QLabel* m_cmpLabel = nullptr;
    QComboBox* m_cmpQuantity = nullptr;
    QComboBox* m_cmpParam = nullptr;
    QLineEdit* m_cmpValue = nullptr;
    QComboBox* m_cmpChoice = nullptr;  // B's value of a choice or on/off parameter
    QPointer<QWidget> m_controlsRow;
    bool m_lod = false;  // a RoPE view with level of detail
    QLabel* m_rangeLabel = nullptr;
    QLineEdit* m_from = nullptr;
    QLineEdit* m_to = nullptr;
    QCheckBox* m_logX = nullptr;
    QLabel* m_showLabel = nullptr;
    QComboBox* m_show = nullptr;
    QTimer* m_pixelTimer = nullptr;
};

}  // namespace poslab::ui
