// The Model page's charts (issue 11): frequencies per pair before and after the scaling, each
// pair marked kept / blended / interpolated; wavelengths with the original and the extended
// context as horizontal lines (long_context.md L3); the query-scale curve over position. Drawn
// with the figure's axes (niceAxis) and style (PaintStyle, curveColor), like every other chart.
#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <optional>

#include "ui/figure/axis.h"
#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// The charts' words (one translation context for the painter and the chart data).
class ModelChartText {
    Q_DECLARE_TR_FUNCTIONS(poslab::ui::ModelChart)
};

// What a chart's x axis counts where it runs over the RoPE pairs: the pair index j (one model),
// or 2j/d (two models, whose rotary dims d may differ: pairs of the same exponent of the base
// share an x, the last pair sits at 1 - 2/d).
enum class PairAxis { Index, Normalised };

struct ModelCurve {
    QString name;
    QString hoverName;  // what the hover calls the curve where `name` is empty; may be empty
    QVector<QPointF> points;
    QVector<int> classes;  // empty, or a core::models::PairClass per point (drawn as dots)
    int color = 0;         // curveColor index
    bool dashed = false;
    bool emphasized = false;  // the model's own method among others: a thicker line
    QString id;               // what the curve is, language-independent ("yarn"); may be empty
    int pairs = 0;            // over the pairs: the kind's d/2 (the hover's j from a 2j/d x)
    bool classDots = true;    // `classes` drawn as dots (two models: only read by the hover)
};

// A shaded span: pairs lo..hi (alongX) or values lo..hi of the y axis (a YaRN ramp over pairs,
// llama3's wavelength band).
struct ModelBand {
    double lo = 0, hi = 0;
    bool alongX = true;
    QString label;
    int color = -1;  // a curveColor index (two models); -1: the colour of "blended"
    QString id;      // what it is, language-independent ("full_turn"); may be empty
};

struct ModelLine {
    double y = 0;
    QString label;
    bool strong = false;  // the extended context: solid; the original: dotted
    int color = -1;       // a curveColor index (two models); -1: the marker colour
    QString id;           // what it is, language-independent ("window"); may be empty
};

struct ModelChartData {
    QString title, xLabel, yLabel;
    bool logX = false, logY = true;
    QVector<ModelCurve> curves;
    QVector<ModelLine> hlines;
    QVector<ModelBand> bands;
    QString dashedLegend;      // two models: one grey dashed legend entry says what dashes mean
    bool legendAside = false;  // one entry a row beside the plot, where it fits (else under it)
    QString note;              // under the title (zero frequencies, a NoPE kind's curve)
    QString empty;  // when set: this text instead of a plot (a NoPE kind has no frequencies)
    std::optional<PairAxis> pairAxis;  // set where x runs over the pairs
};

// Kept, blended, interpolated.
QColor pairClassColor(int pairClass);
QString pairClassName(int pairClass);

// The chart over `area`. On a log axis a value of 0 (a proportional set's pairs that do not
// rotate) is drawn as a cross on the bottom edge and an infinite one (their wavelength) on the
// top edge, never dropped silently; the caller's note says what they are.
void paintModelChart(QPainter& p, const QRectF& area, const ModelChartData& data,
                     const PaintStyle& style);
// Whether the plot gets at least its least size (4 x 3 units) in `area`: computed by the layout
// paintModelChart draws with, which paints "(too small to draw)" where it does not. True for a
// chart that shows a text instead of a plot.
bool modelChartPlotFits(const QRectF& area, const ModelChartData& data, const PaintStyle& style);
// Where paintModelChart puts the plot in `area` and the axes it maps the data with (the hover
// reads through them); an empty plot where it draws a text instead.
struct ModelChartFrame {
    QRectF plot;
    AxisRange ax, ay;
};
ModelChartFrame modelChartFrame(const QRectF& area, const ModelChartData& data,
                                const PaintStyle& style);

// What hovering at `pos` (in `area`'s units) reads: the data point nearest the cursor, within
// a few pixels, as the encoding views read theirs: its value, then the curve's name (a model's
// name when two are compared) and the pair ("pair j = 12 of 64 (2j/d = 0.1875)") or x, then the
// pair's class; else a marker line under the cursor (its value and label). None elsewhere.
struct ModelChartHit {
    int curve = -1, point = -1;  // the point read (curve -1: a marker line)
    int line = -1;               // the marker line read (hlines index)
    QPointF at;                  // where it is drawn
    QStringList lines;           // the readout, the value first
};
std::optional<ModelChartHit> modelChartHit(const QRectF& area, const ModelChartData& data,
                                           const PaintStyle& style, QPointF pos);

class HoverTip;

class ModelChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit ModelChartWidget(QWidget* parent = nullptr);
    void setData(const ModelChartData& data);
    const ModelChartData& data() const { return m_data; }
    void setDark(bool dark);
    QSize minimumSizeHint() const override;
    // Whether the plot fits the widget now, or would at `size` (modelChartPlotFits).
    bool plotFits() const { return plotFitsIn(size()); }
    bool plotFitsIn(QSize size) const;

    // The hover's readout at `pos` (widget pixels): modelChartHit's lines, empty where nothing
    // is near; and what the hover tip shows now.
    QStringList hoverTipAt(QPointF pos) const;
    QStringList shownTip() const;

protected:
    void paintEvent(QPaintEvent*) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;
    void hideEvent(QHideEvent* e) override;
    bool event(QEvent* e) override;

private:
    PaintStyle style() const;
    void hoverAt(QPointF pos);
    void endHover();

    ModelChartData m_data;
    bool m_dark = false;
    HoverTip* m_tip = nullptr;  // made on the first hover
    std::optional<ModelChartHit> m_hit;
};

}  // namespace poslab::ui
