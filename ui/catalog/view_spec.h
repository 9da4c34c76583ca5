// What a page shows: views (named layouts of one or more quantities) and pages (an encoding's
// views, or an argument's selection of them). Described as data in resources/views.json; every
// quantity that no curated view covers gets a generic view, so a new encoding shows at once.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

#include "core/params/param_spec.h"
#include "ui/shell/language.h"

QT_FORWARD_DECLARE_CLASS(QJsonObject)

namespace poslab::core {
struct EncodingDescriptor;
}

namespace poslab::ui {

struct LocalText {
    QString en, zh;
    QString text() const { return pick(en, zh); }
    bool isEmpty() const { return en.isEmpty() && zh.isEmpty(); }
};

// One quantity drawn in a view, possibly with parameters overridden (texts as on the command
// line; "$m", "$k" and "$cmp" stand for the view's own controls).
struct SeriesSpec {
    QString quantity;
    QMap<QString, QString> set;
    LocalText label;
    int row = -1;                  // lines: draw this row of a 2-D array
    bool columnsFromDims = false;  // lines: one curve per chosen column (per-dimension waves)
    bool dashed = false;
    // lines: how the points are joined: "" a line; "steps" a staircase (a function of integers
    // that holds its value to the next point: bucket maps); "markers" a line with a dot at every
    // point (few discrete values: slopes per head, error per step count).
    QString draw;
    QString transform;  // lines: "wavelength" draws 2*pi/x
    int color = -1;     // palette index; -1: the series' own index
    int col = -1;       // lines: draw this column of a 2-D array (x = row index)
    // From another encoding (empty: the page's own); parameters are taken by name from the
    // page's values where that encoding has them, else its defaults.
    QString encoding;
    // lines: one point per value of `sweepParam`; y = max |this − against| over all elements.
    // value: max |this − against| over the reference's elements (its first rows). "$name" as the
    // encoding: the page's text parameter `name` names it (hierarchical's source).
    QString sweepParam;
    QStringList sweepValues;
    QString againstEncoding, againstQuantity;
    // lines: the array is an envelope (columns, 2) of (min, max) over indices [bandFirst,
    // bandFirst + bandSpan) split into its columns; bandContinues: its columns extend the
    // previous series' curve (a log axis joins a fine and a coarse envelope).
    qint64 bandFirst = -1, bandSpan = 0;
    bool bandContinues = false;
    // lines, log-log: a dashed grey power law y = c·x^slope beside this series' points, over
    // their x range, through their centre in log space ("reference": {"slope": -4}).
    std::optional<double> referenceSlope;
};

enum class ViewKind { Heatmap, Lines, Rotation, Value, Compare };

inline constexpr int kMaxMultiples = 16;

struct ViewSpec {
    QString id;        // "rope/decay"
    QString encoding;  // registry id
    ViewKind kind = ViewKind::Heatmap;
    LocalText title, text, xLabel, yLabel;
    LocalText formula;  // TeX (ui/math), typeset by MathFormula
    QVector<SeriesSpec> series;
    QString vmarker;         // lines: a scalar quantity drawn as a vertical marker (decay_bound),
                             // or "$name": the value of the parameter `name` (fire: $threshold)
    LocalText vmarkerLabel;  // its legend text ("threshold L"); empty: the decay bound's words
    QString hmarkerParam;    // lines: a parameter drawn as a horizontal line (original length)
    // compare: the marker quantity of a compared quantity, from the page's line views (rope:
    // decay -> decay_bound); each side gets its own marker.
    QMap<QString, QString> compareMarkers;
    bool logY = false;
    bool showMax = false;      // lines: print the largest value of the curves
    bool difference = false;   // heatmaps: add series[0] - series[1]
    bool sharedScale = false;  // heatmaps: one colour range for all panels
    QString colormap;          // "" (auto), "viridis", "diverging", "ordinal"
    // heatmaps: colours on a log10 scale of the positive values (exact zeros in their own
    // colour, noted in the legend); the range is the panels' positive min and max.
    bool logColor = false;
    bool logX = false;
    // heatmaps: one panel per head of a 3-D quantity (at most kMaxMultiples), one colour range.
    bool smallMultiples = false;
    // smallMultiples: the panels' titles (views.json "sliceTitles"), when the first axis is not
    // heads (mrope/axis_scores: time, height, width); empty: "head 0", "head 1", ...
    QVector<LocalText> sliceTitles;
    // heatmaps: a (rows, channels) table drawn as small multiples of chosen channels, each
    // reshaped to an image of (reshape[0] x reshape[1]) parameters' values (height, width).
    QStringList reshape;
    QString channelDefaults;  // reshape: "" (a few channels of each half) or "patches"
    // heatmaps: show this many times the rows, the extra ones blank with `blankNote`.
    double extendRows = 1.0;
    LocalText blankNote;
    // heatmaps: a parameter giving a block size; lines are drawn between blocks of rows.
    QString blockParam;
    // heatmaps: a parameter marked on the position axes (views.json "mark": {"param", "minus",
    // "at", "label"}): at "row" the query row i = param − minus (fire: the threshold L less the
    // offset), at "band" the diagonals |i − j| = param (rerope: the window w); labelled
    // "label = value".
    QString markParam, markMinus, markAt;
    LocalText markLabel;
    // heatmaps: each axis of the array is bands of this parameter's positions (nope/attention:
    // attention_cells, the cell means over all n); the axes show positions, the footer the cells.
    QString cellsOf;
    // heatmaps: a click on a cell sets these two parameters of the page to its row and column
    // (rope2d/similarity: query_row, query_col). views.json "clickSets": [rowParam, colParam].
    QStringList clickSets;
    // Parameters of the page that do not act on this view (rope/decay: n, offset): left out of
    // the figure's footer and the F11 strip. views.json "ignores"; tst_view_ignores changes each
    // one at the preset and at varied values of the others and requires the same arrays.
    QStringList ignores;
    // The page encoding's quantities this view needs (series of other encodings excluded).
    QStringList quantities() const;
};

// The view's own controls, sent with every request.
struct ViewState {
    int slice = 0;                            // head (first index) of a 3-D quantity
    QVector<int> dims;                        // chosen columns for per-dimension waves
    qint64 m = 0;                             // rotation: first position
    qint64 delta = 8;                         // rotation: k - m
    QString cmpQuantity, cmpParam, cmpValue;  // compare mode: B = A with param := value
    // Compare mode, two models (`render rope/compare --model A --model B`): B = A with every
    // parameter here set (the ones where B's model differs), and the sides' names ("A:
    // llama-3.1-8b"); empty: B changes cmpParam only. Not saved in sessions.
    QMap<QString, QString> cmpSet;
    QString cmpNameA, cmpNameB;
    // Level of detail (issue 12): the window of a distance or position axis asked for (indices,
    // inclusive; end -1: to the end), a second one for the key axis of a score matrix, the
    // plot's size in pixels (0: the figure's default), angles: "" (auto: the angle up to 4096
    // rows, then cos), "angle", "mod" (angle mod 2π), "cos" or "sin"; a log distance axis.
    qint64 winStart = 0, winEnd = -1;
    qint64 colWinStart = 0, colWinEnd = -1;
    int pixels = 0;
    QString show;
    bool logX = false;
    // A fixed log colour scale [lo, hi] (0 < lo < hi) for the precision views (rope/cos_error,
    // angle_error, precision), so that two lesson steps share one; 0, 0: the data's own range.
    double logColorLo = 0, logColorHi = 0;
    bool operator==(const ViewState&) const = default;
};

struct PageSpec {
    QString id;  // encoding id, or "arg/<name>" for an argument page
    QString encoding;
    QString group;  // absolute, rotary, relative, other, argument
    LocalText title, text;
    LocalText formula;  // TeX (ui/math), typeset by MathFormula
    // What the page is about, in English and Chinese ("decay", "bias", "衰减"), for the
    // browser's search (views.json "keywords": {"en": [...], "zh": [...]}).
    QStringList keywords;
    QStringList overview;  // view ids shown together on the Overview tab
    // views.json "tabs": the views a lecturer needs first, shown as tabs (with the Overview and
    // Compare); the others are under "More views" (ui/catalog/page_tabs.h). Empty: the first ones.
    QStringList tabs;
    QVector<ViewSpec> views;
    QMap<QString, QString> preset;   // starting parameter values
    QMap<QString, QString> compare;  // compare defaults: quantity, param, value
    const ViewSpec* findView(const QString& viewId) const;
    // The formula shown with `view` (the page's own on the Overview or when the view has none).
    const LocalText& formulaFor(const ViewSpec* view) const {
        return view && !view->formula.isEmpty() ? view->formula : formula;
    }
};

// The pages, built from the registry and resources/views.json (cached; rebuilt on request).
class Catalog {
public:
    // The shipped catalog; its warnings() are logged once (tst_catalog requires none).
    static const Catalog& instance();
    // Builds from explicit JSON (tests); the registry is core::registry().
    static Catalog fromJson(const QByteArray& views, const QByteArray& presets);

    const QVector<PageSpec>& pages() const { return m_pages; }
    const PageSpec* find(const QString& id) const;
    // core::Family's ids in its order: the browser's groups.
    QStringList groupOrder() const;
    // What the JSON asked for and did not get, one line each: a curated view dropped (unknown
    // kind or quantity), a preset value its parameter refuses, a name that does not exist. The
    // catalog still works (generic views, the parameters' defaults), but the lesson it was
    // written for is not what the user sees.
    const QStringList& warnings() const { return m_warnings; }

private:
    PageSpec encodingPage(const core::EncodingDescriptor& enc, const QJsonObject& views,
                          const QJsonObject& presets);
    void addArgumentPage(const QJsonObject& argument);

    QVector<PageSpec> m_pages;
    QStringList m_warnings;
};

// A view's controls as a new view starts them (compare mode: the page's compare defaults, else
// the encoding's first quantity and parameter).
ViewState defaultViewState(const ViewSpec& view, const PageSpec& page);

// Starting values of a page: its encoding's defaults overlaid with the page's preset.
core::ParamSet pagePresetParams(const PageSpec& page);

}  // namespace poslab::ui
