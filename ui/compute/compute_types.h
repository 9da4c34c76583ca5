// Requests from the GUI to the scheduler and the prepared results coming back: immutable
// snapshots, copied across threads.
#pragma once

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QPointF>
#include <QString>
#include <QVector>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "core/array.h"
#include "core/compute.h"
#include "core/models/position_marks.h"
#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"
#include "ui/figure/colormap.h"
#include "ui/shell/language.h"

namespace poslab::ui {

// A model a page was opened from (models.md M5.4: "Explore in RoPE" on the Model page, `render
// --model`): its name for the footers and its positions L, max and s, marked on the views that
// reach its length (rope's decay and scores: ui/compute/model_marks.h).
struct ModelMarks {
    QString name;  // "llama-3.1-8b", "Llama 3.1 8B (sliding_attention)"
    std::vector<core::models::PositionMark> marks;
};

struct ComputeRequest {
    quint64 generation = 0;
    QString pageId;
    int tag = 0;  // which tab asked (the result goes back to the same one)
    QString encoding;
    core::ParamSet params;
    QVector<ViewSpec> views;
    QVector<ViewState> states;  // one per view
    ColormapChoice colormap = ColormapChoice::Auto;
    double memoryBudget = core::configuredMemoryBudget();
    // Larger matrices are drawn in blocks of cells, each axis strided on its own, each image pixel
    // the mean of its block (hover reports the block's range, min, max and mean).
    int maxImageSide = 2048;
    // The interface language when the request was made: the worker writes its texts (axis
    // names, notes) in it and never reads the GUI thread's current language.
    Lang lang = Lang::En;
    // The model the page's parameters came from (none, or one), marked on its views.
    QVector<ModelMarks> models;
};

// How the cells of one heatmap axis map onto the quantity's own indices (positions, pairs): cell
// i covers the indices x with floor((x - first) * cells / span) = i, i.e. [first + ceil(i *
// span / cells), first + ceil((i + 1) * span / cells)). Cells are the array's rows or columns;
// span = cells (the default) is one index per cell. `total` is the whole axis (the zoom-out
// limit of a windowed view); `windowed`: the view asks the scheduler for the visible window.
struct CellAxis {
    qint64 first = 0, span = 0, total = 0;  // 0: the number of cells
    bool windowed = false;
    qint64 spanOr(qint64 cells) const { return span > 0 ? span : cells; }
    qint64 totalOr(qint64 cells) const { return total > 0 ? total : first + spanOr(cells); }
    // The first index of cell i (i may be the cell count: one past the last index).
    qint64 start(qint64 i, qint64 cells) const;
};

// What a block of cells holds, for the hover readout: its index range and min / max / mean.
struct BlockStats {
    qint64 rowFrom = 0, rowTo = 0, colFrom = 0, colTo = 0;  // inclusive, in the axes' indices
    double min = 0, max = 0, mean = 0;
    qint64 count = 0;   // finite elements (or positions) summarised
    bool exact = true;  // min and max over every element (false: over the cells' means only)
};

// A position marked on both axes of a heatmap whose axes are positions (a model's L, max and s
// on rope's scores: models.md M5.4): a dotted line at that row and at that column, its label
// ("L = 8192") inside the plot. Where the lines go: Both, that row and column; Row, the row
// alone (views.json "mark" at "row": fire's threshold L, through the middle of row `index`);
// Band, the diagonals |i − j| = index through their cells' middles (rerope's window w).
enum class MarkLines { Both, Row, Band };
struct AxisMark {
    double index = 0;
    LocalText label;
    MarkLines lines = MarkLines::Both;
};

// A heatmap panel: the image of the cells and what the axes need. An image pixel covers a block
// of rowStep x colStep cells and shows the mean of their finite values (never a point sample).
struct HeatmapData {
    LocalText title;
    std::shared_ptr<const core::Array> array;  // the exact numbers, for the hover readout
    qint64 sliceOffset = 0;                    // element index of cell (0, 0) in array
    qint64 rows = 0, cols = 0;
    qint64 rowStep = 1, colStep = 1;  // cells per image pixel, per axis
    CellAxis rowMap, colMap;          // cells -> indices of the quantity's axes
    QImage image;
    double lo = 0, hi = 1;  // colour range
    ColormapKind colormap = ColormapKind::Viridis;
    // Colours on a log10 scale of [lo, hi] (0 < lo < hi; ui/figure/log_scale.h): exact zeros in
    // their own colour, positive values below lo at the bottom.
    bool logColor = false;
    QString rowAxis, colAxis;
    bool integer = false;
    QString error;
    qint64 dataRows = -1;  // rows at and past this one have no data (drawn blank)
    LocalText blankNote;   // written over the blank rows
    qint64 rowBlock = 0;   // > 0: separator lines every rowBlock rows
    QVector<AxisMark> marks;
    // Every finite value equal to this one (lo = hi = it, cells in the map's middle colour, unless
    // a shared range holds it): kept out of shared colour ranges, and said in `annotation`.
    std::optional<double> constant;
    bool difference = false;  // an A − B panel (figures write "Δ = A − B" only beside one)
    // Written in the panel over the cells: "≡ 0" for a constant panel, "A = B up to 2.2 × 10⁻¹⁶"
    // for a difference at rounding level, "max |Δ| = …" for a tiny one drawn on a floored scale.
    LocalText annotation;
    LocalText annotationShort;  // the same in fewer words, for panels too small for it
    // Exact min and max of the quantity over a block of indices (rows [r0, r1], columns [c0,
    // c1], inclusive), where the cells are themselves means over many indices (level of detail);
    // unset: the cells' own values are the elements.
    std::function<std::pair<double, double>(qint64 r0, qint64 r1, qint64 c0, qint64 c1)> exactRange;
    // Level of detail: whether the values inside a block of indices (as exactRange) swing across
    // more than half the colour range, so that the block's mean hides them (gui-review-2 #5a):
    // such blocks are hatched on the figure (ui/figure/swing_hatch.h); unset: none is.
    std::function<bool(qint64 r0, qint64 r1, qint64 c0, qint64 c1)> swings;
};

struct CurveData {
    LocalText name;
    QList<QPointF> points;  // the line (every point, or none when the curve is an envelope)
    // The envelope of a curve with more points than pixel columns: per column the x range it
    // covers and the exact min and max over every point in it (one entry per column).
    QVector<double> bandX0, bandX1, bandLo, bandHi;
    bool isBand() const { return !bandX0.isEmpty(); }
    // Per point, where set (as many as points): a whisker from rangeLo to rangeHi (the training
    // lab's range over seeds around their mean).
    QVector<double> rangeLo, rangeHi;
    bool dashed = false;
    bool steps = false;    // a staircase: each value held to the next point
    bool markers = false;  // a dot at every point
    int color = 0;
};

// A vertical marker (rope's decay bound π/(2θₘᵢₙ)): its x; in a compare view the side whose
// parameters it was computed with ("A", "B"; empty: the view's one marker) and that side's curve
// colour (drawn in it; -1: the figure's marker colour). `label` names another mark than the
// bound (a model's "L", "max", "s": models.md M5.4); its legend row reads "label = x".
struct VMarker {
    double x = 0;
    QString side;
    int color = -1;
    LocalText label;
};

struct LinesData {
    QVector<CurveData> curves;
    QVector<VMarker> vmarkers;      // vertical markers (one per compared side)
    std::optional<double> hmarker;  // y of a horizontal marker
    std::optional<double> maxValue;
    QString xAxis, yAxis;
    bool logY = false;
    bool logX = false;
    // The x range the view covers (a zoom window, or the data): the axis fits it, and a marker
    // beyond it is drawn as an off-scale arrow with its value. Unset: the data's range.
    std::optional<double> xFrom, xTo;
    std::optional<double> xWholeTo;  // a windowed view: the axis' last index (zoom-out limit)
    // A y range the axis covers at least (the frames of a sweep share one, so that the axis
    // does not jump from frame to frame); unset: the data's.
    std::optional<double> yFrom, yTo;
    // An x interval shaded behind the curves (the training lab's training lengths), named by a
    // legend row; unset: none.
    std::optional<std::pair<double, double>> xShade;
    LocalText xShadeLabel;
    // Short names written along the plot's top edge at these x (the lab's "1×" … "4×").
    QVector<QPair<double, QString>> xTags;
    LocalText coverNote;  // what a band column covers, for the figure's footer
};

struct RotationPair {
    int pair = 0;
    QPointF a, b;  // the pair's coordinates at positions m and k
};

struct RotationData {
    QVector<RotationPair> pairs;
    qint64 m = 0, k = 0;
};

struct ViewResult {
    QString viewId;
    QString error;  // the view could not be drawn (shown in place of it)
    QVector<HeatmapData> heatmaps;
    LinesData lines;
    RotationData rotation;
    QString value;
    LocalText note;  // shown under the view, e.g. that only the first heads are drawn
    // What is drawn where it is not what the view's title and formula say (the angles view
    // showing cos(m·θⱼ)): the GUI's and the figure's title and formula; empty: the view's.
    LocalText title, formula;
    int sliceCount = 0;  // heads of a 3-D quantity (0: none)
    // The model(s) the parameters came from, as the footer names them after the view's id
    // ("model llama-3.1-8b", "A: llama-2-7b, B: llama-3.1-8b"); empty: none.
    QString models;
    // The view is constant or the identity at these parameters (compute/degenerate_views.h):
    // what it would show and how to get it, drawn in place of its data (none is drawn).
    LocalText degenerate;
};

struct ComputeResult {
    quint64 generation = 0;
    QString pageId;
    int tag = 0;
    QVector<ViewResult> views;
    double computeMs = 0, renderMs = 0;
    bool cancelled = false;
    QString error;
    // Refused before any work by the worker's check (a request whose check reads a file): the
    // reason, as checkRequest gives it; no views.
    QString refusal;
};

}  // namespace poslab::ui

Q_DECLARE_METATYPE(poslab::ui::ComputeResult)
