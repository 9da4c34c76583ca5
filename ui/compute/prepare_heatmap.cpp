// Heatmap views: the cell image of each panel (each pixel the mean of its block of cells, each
// axis strided on its own; see cell_blocks.h), small multiples of heads or of channels reshaped to
// images, the A − B panel, and one colour range shared by the panels that ask for it.
//
// The colour policy (issue 13, "honest colour and scale"):
//   - the map of a view comes from the quantity's declaration (core::QuantitySpec), never from
//     the values: signed -> diverging centred on 0, one-signed -> sequential, integer indices and
//     buckets -> ordinal (sequential levels); so a figure never changes map while a parameter is
//     dragged. The view (views.json "colormap") or the user may choose another;
//   - a constant panel is written "≡ c" and takes no part in a shared range;
//   - the panels of one comparison (compare views, difference views, shared scales) share one
//     map and one range; the difference gets its own symmetric range, floored at a millionth of
//     the operands' scale, and one at rounding level is drawn neutral and said in words:
//     "A = B up to 2.2 × 10⁻¹⁶".
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/analysis/compare.h"
#include "ui/compute/cell_blocks.h"
#include "ui/compute/prepare_view.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

using core::Array;
using core::DType;

QString axisName(const core::QuantitySpec* q, std::size_t dim, std::size_t rank, Lang lang) {
    if (!q || q->axes.size() != rank || dim >= rank) return {};
    return translateAxis(q->axes[dim], lang);
}

namespace {

// Value range of the finite elements in [begin, end).
std::pair<double, double> finiteRange(const Array& a, qint64 begin, qint64 end) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    if (a.dtype == DType::F64) {
        const double* p = a.f64.data();
        for (qint64 k = begin; k < end; ++k) {
            const double v = p[k];
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    } else {
        for (qint64 k = begin; k < end; ++k) {
            const double v = static_cast<double>(a.i64[static_cast<std::size_t>(k)]);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!(lo <= hi)) lo = hi = std::numeric_limits<double>::quiet_NaN();  // nothing finite
    return {lo, hi};
}

// A difference at most this fraction of its operands' scale is rounding (about 4500 ulps of a
// double: sums of thousands of terms stay below it, any modelling difference lies far above).
constexpr double kRoundingLevel = 1e-12;
// A difference's symmetric range is at least this fraction of the operands' scale, so that a
// tiny difference is drawn faint, never at full saturation.
constexpr double kDifferenceFloor = 1e-6;

// The largest |value| of the finite elements in [begin, end).
double maxAbs(const Array& a, qint64 begin, qint64 end) {
    const auto [lo, hi] = finiteRange(a, begin, end);
    return lo <= hi ? std::max(std::abs(lo), std::abs(hi)) : 0.0;
}

// The map that follows from a kind and a constant value (a constant outside a shared range).
void constantRange(HeatmapData& h, double c) {
    h.lo = h.hi = c;
    if (h.colormap == ColormapKind::Diverging && c != 0) {  // c at the end of its sign's half
        h.lo = -std::abs(c);
        h.hi = std::abs(c);
    }
}

}  // namespace

ColormapKind colormapFor(const ViewSpec* view, const core::QuantitySpec* q, ColormapChoice user) {
    if (user == ColormapChoice::Viridis) return ColormapKind::Viridis;
    if (user == ColormapChoice::Diverging) return ColormapKind::Diverging;
    if (view) {
        if (view->colormap == "viridis") return ColormapKind::Viridis;
        if (view->colormap == "diverging") return ColormapKind::Diverging;
        if (view->colormap == "ordinal") return ColormapKind::Ordinal;
    }
    if (!q) return ColormapKind::Viridis;
    if (q->isSigned) return ColormapKind::Diverging;
    return q->dtype == DType::I64 ? ColormapKind::Ordinal : ColormapKind::Viridis;
}

void setColourRange(HeatmapData& h, const core::QuantitySpec* q, double lo, double hi) {
    h.constant.reset();
    if (!(lo <= hi)) {  // no finite value: any range, nothing to say
        h.lo = 0;
        h.hi = 1;
        return;
    }
    if (lo == hi) {
        h.constant = lo;
        constantRange(h, lo);
        const QString c = formatNumber(lo, 4);
        h.annotation = {QString::fromUtf8("≡\u00a0") + c, QString::fromUtf8("≡\u00a0") + c};
        return;
    }
    if (h.colormap == ColormapKind::Diverging) {
        const double m = std::max(std::abs(lo), std::abs(hi));
        lo = -m;
        hi = m;
    } else if (q && !q->isSigned && h.colormap == ColormapKind::Viridis) {
        // One-signed data whose values come near 0 (within half their magnitude) are drawn on a
        // scale from 0, so that the lightest or darkest colour means "none".
        if (lo > 0 && lo <= 0.5 * hi) lo = 0;
        if (hi < 0 && hi >= 0.5 * lo) hi = 0;
    }
    h.lo = lo;
    h.hi = hi;
}

namespace {

// A panel of `array` (its slice `state.slice` when it has more than two dimensions) with its
// axes, stride and colour range; the cells are painted later, once ranges may be shared.
HeatmapData makeHeatmap(const PrepareContext& ctx, const ViewSpec& view,
                        const core::QuantitySpec* q, std::shared_ptr<const Array> array,
                        const ViewState& state, int* sliceCount) {
    HeatmapData h;
    h.array = array;
    const auto& shape = array->shape;
    const std::size_t rank = shape.size();
    if (rank == 1) {
        h.rows = 1;
        h.cols = shape[0];
        h.colAxis = axisName(q, 0, 1, ctx.lang);
    } else {
        h.rows = shape[rank - 2];
        h.cols = shape[rank - 1];
        h.rowAxis = axisName(q, rank - 2, rank, ctx.lang);
        h.colAxis = axisName(q, rank - 1, rank, ctx.lang);
        qint64 leading = 1;
        for (std::size_t i = 0; i + 2 < rank; ++i) leading *= shape[i];
        if (leading > 1) {
            const qint64 s = std::clamp<qint64>(state.slice, 0, leading - 1);
            h.sliceOffset = s * h.rows * h.cols;
            if (sliceCount) *sliceCount = static_cast<int>(leading);
        }
    }
    h.integer = array->dtype == DType::I64;
    // Each axis strided on its own: a 8192 x 64 table keeps its 64 columns.
    h.rowStep = blockStep(h.rows, ctx.request.maxImageSide);
    h.colStep = blockStep(h.cols, ctx.request.maxImageSide);
    auto [lo, hi] = finiteRange(*array, h.sliceOffset, h.sliceOffset + h.rows * h.cols);
    h.colormap = colormapFor(&view, q, ctx.request.colormap);
    setColourRange(h, q, lo, hi);
    return h;
}

// One map and one colour range over the first `count` panels: the union of the ranges of the
// panels that are not constant (a constant one keeps its own when the union does not hold it).
void shareRange(QVector<HeatmapData>& panels, qsizetype count) {
    count = std::min(count, panels.size());
    if (count <= 0) return;
    ColormapKind kind = panels[0].colormap;  // one map: diverging if any panel's is
    for (qsizetype i = 0; i < count; ++i)
        if (panels[i].colormap == ColormapKind::Diverging ||
            (panels[i].colormap == ColormapKind::Viridis && kind == ColormapKind::Ordinal))
            kind = panels[i].colormap;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (qsizetype i = 0; i < count; ++i) {
        panels[i].colormap = kind;
        if (panels[i].constant) continue;
        lo = std::min(lo, panels[i].lo);
        hi = std::max(hi, panels[i].hi);
    }
    if (kind == ColormapKind::Diverging) {
        const double m = std::max(std::abs(lo), std::abs(hi));
        lo = -m;
        hi = m;
    }
    const bool any = lo < hi;
    for (qsizetype i = 0; i < count; ++i) {
        HeatmapData& h = panels[i];
        if (!h.constant || (any && *h.constant >= lo && *h.constant <= hi)) {
            if (any) {
                h.lo = lo;
                h.hi = hi;
            }
        } else {
            constantRange(h, *h.constant);
        }
    }
}

// Small multiples of the heads of a 3-D quantity (the first kMaxMultiples of them).
void headMultiples(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const auto& a = in.fetched[0].array;
    const core::QuantitySpec* q = ctx.fetcher.quantity(in.series[0]);
    const qint64 heads = std::min<qint64>(a->shape[0], kMaxMultiples);
    if (a->shape[0] > kMaxMultiples) {
        const QString all = QString::number(a->shape[0]);
        out.note = {QStringLiteral("Showing heads 0–%1 of %2; the per-head view shows any head.")
                        .arg(kMaxMultiples - 1)
                        .arg(all),
                    QString::fromUtf8("显示头 0–%1（共 %2 个）；单头视图可以查看任意一个头。")
                        .arg(kMaxMultiples - 1)
                        .arg(all)};
    }
    for (qint64 hd = 0; hd < heads; ++hd) {
        ViewState st = in.state;
        st.slice = static_cast<int>(hd);
        HeatmapData h = makeHeatmap(ctx, in.view, q, a, st, nullptr);
        const QString n = QString::number(hd);
        h.title = hd < in.view.sliceTitles.size() ? in.view.sliceTitles[static_cast<int>(hd)]
                                                  : LocalText{QStringLiteral("head %1").arg(n),
                                                              QString::fromUtf8("头 %1").arg(n)};
        out.heatmaps << h;
    }
}

// The channels to draw of an (H*W, cols) table: the state's, else the view's defaults.
QVector<int> chosenChannels(const ViewInput& in, qint64 H, qint64 W, qint64 cols) {
    QVector<int> chans = in.state.dims;
    if (chans.isEmpty() && in.view.channelDefaults == "patches")  // corner, centre, corner
        chans = {0, static_cast<int>((H / 2) * W + W / 2), static_cast<int>(H * W - 1)};
    if (chans.isEmpty())  // fast, middle, slow channels of each half (w, then h)
        for (qint64 c : {qint64(0), qint64(2), qint64(4), cols / 2, cols / 2 + 2, cols / 2 + 4})
            if (c < cols && !chans.contains(static_cast<int>(c))) chans << static_cast<int>(c);
    return chans;
}

// Small multiples of chosen channels of an (H*W, cols) table, each reshaped to an H x W image.
void channelMultiples(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const auto& a = in.fetched[0].array;
    const core::QuantitySpec* q = ctx.fetcher.quantity(in.series[0]);
    const auto params = ctx.fetcher.paramsOf(in.series[0], in.state);
    const std::string hp = in.view.reshape[0].toStdString(), wp = in.view.reshape[1].toStdString();
    const qint64 H = params && params->has(hp) ? params->integer(hp) : 0;
    const qint64 W = params && params->has(wp) ? params->integer(wp) : 0;
    const qint64 cols = a->shape[1];
    if (H * W != a->shape[0]) {
        out.error =
            QStringLiteral("cannot reshape %1 rows to %2 x %3").arg(a->shape[0]).arg(H).arg(W);
        return;
    }
    const bool patches = in.view.channelDefaults == "patches";
    for (int c : chosenChannels(in, H, W, cols)) {
        if (c < 0 || c >= cols || out.heatmaps.size() >= kMaxMultiples) continue;
        auto img = std::make_shared<Array>(Array::real({H, W}));
        for (qint64 k = 0; k < H * W; ++k)
            img->f64[static_cast<std::size_t>(k)] = a->at(k * cols + c);
        HeatmapData h = makeHeatmap(ctx, in.view, q, img, in.state, nullptr);
        h.rowAxis = pick(QStringLiteral("row h"), QString::fromUtf8("行 h"), ctx.lang);
        h.colAxis = pick(QStringLiteral("column w"), QString::fromUtf8("列 w"), ctx.lang);
        const QString n = QString::number(c);
        h.title = patches ? LocalText{QStringLiteral("patch %1 (h = %2, w = %3)")
                                          .arg(n)
                                          .arg(c / W)
                                          .arg(c % W),
                                      QString::fromUtf8("图块 %1(h = %2,w = %3)")
                                          .arg(n)
                                          .arg(c / W)
                                          .arg(c % W)}
                          : LocalText{QStringLiteral("channel %1").arg(n),
                                      QString::fromUtf8("通道 %1").arg(n)};
        out.heatmaps << h;
    }
    if (out.heatmaps.isEmpty())
        out.error = QStringLiteral("no channel in range 0..%1").arg(cols - 1);
}

// The title of series i's panel: its label, else (several series) its quantity or overrides.
LocalText panelTitle(const QVector<SeriesSpec>& series, int i) {
    const SeriesSpec& s = series[i];
    if (series.size() > 1 && !s.set.isEmpty() && s.label.isEmpty()) {
        QString t;
        for (auto it = s.set.begin(); it != s.set.end(); ++it)
            t += (t.isEmpty() ? "" : ", ") + it.key() + " = " + it.value();
        return {t, t};
    }
    return s.label.isEmpty() && series.size() > 1 ? LocalText{s.quantity, s.quantity} : s.label;
}

// |Δ| in two digits with no-break spaces: "2.2 × 10⁻¹⁶" is never broken across lines.
QString unbrokenNumber(double v) {
    return formatNumber(v, 2).replace(QLatin1Char(' '), QChar(0x00A0));
}

// The words on a difference whose range was floored at kDifferenceFloor of the operands' scale
// `scale`: "A = B up to 2.2 × 10⁻¹⁶" at rounding level, else "max |Δ| = 6 × 10⁻⁸".
LocalText differenceNote(const LocalText& a, const LocalText& b, double worst, double scale) {
    const QString m = unbrokenNumber(worst);
    if (worst > kRoundingLevel * scale)
        return {QString::fromUtf8("max |Δ| = ") + m, QString::fromUtf8("max |Δ| = ") + m};
    const QString en = a.en + " = " + b.en, zh = a.zh + " = " + b.zh;
    if (worst == 0) return {en + " exactly", zh + QString::fromUtf8("（完全相同）")};
    return {en + " up to " + m, zh + QString::fromUtf8("，相差不超过 ") + m};
}

// The same in fewer words: "|Δ| ≤ 2.2 × 10⁻¹⁶".
LocalText differenceShort(double worst) {
    const QString m = unbrokenNumber(worst);
    const QString t = worst == 0 ? QString::fromUtf8("Δ ≡ 0") : QString::fromUtf8("|Δ| ≤ ") + m;
    return {t, t};
}

// The panel `h` of A − B (its array) as a difference of series 0 and 1: its own symmetric range
// floored at a fraction of the operands' scale; at rounding level drawn neutral and said in words.
void styleDifference(HeatmapData& h, const ViewInput& in) {
    const Array& a = *in.fetched[0].array;
    const Array& b = *in.fetched[1].array;
    h.integer = false;
    h.constant.reset();
    h.annotation = h.annotationShort = {};
    const qint64 begin = h.sliceOffset, end = h.sliceOffset + h.rows * h.cols;
    const double worst = maxAbs(*h.array, begin, end);
    const double scale = std::max(maxAbs(a, begin, end), maxAbs(b, begin, end));
    const double floor = kDifferenceFloor * scale;
    const double m = std::max(worst, floor) > 0 ? std::max(worst, floor) : 1.0;
    h.lo = -m;
    h.hi = m;
    h.colormap = ColormapKind::Diverging;
    h.difference = true;
    const auto& s = in.series;
    const bool named =
        in.view.kind != ViewKind::Compare && !s[0].label.isEmpty() && !s[1].label.isEmpty();
    if (worst < floor || worst == 0) {
        h.annotation = differenceNote(named ? s[0].label : LocalText{"A", "A"},
                                      named ? s[1].label : LocalText{"B", "B"}, worst, scale);
        h.annotationShort = differenceShort(worst);
    }
}

// The A − B panel of the first two series (same shape and dtype).
void appendDifference(const ViewInput& in, ViewResult& out) {
    const Array& a = *in.fetched[0].array;
    const Array& b = *in.fetched[1].array;
    if (a.dtype != b.dtype) return;
    auto d = core::difference(a, b);
    if (!d) return;  // shapes differ: no panel
    HeatmapData h = out.heatmaps[0];
    h.array = std::make_shared<const Array>(std::move(*d));
    styleDifference(h, in);
    h.title = {"A − B", "A − B"};
    const auto& s = in.series;
    if (in.view.kind != ViewKind::Compare && !s[0].label.isEmpty() && !s[1].label.isEmpty())
        h.title = {s[0].label.en + " − " + s[1].label.en, s[0].label.zh + " − " + s[1].label.zh};
    h.dataRows = -1;
    h.rowBlock = 0;
    out.heatmaps << h;
}

// One panel per series, then the difference panel and the shared range when the view asks.
// The view's parameter mark (views.json "mark"): fire's threshold row, rerope's window band,
// from the series' own parameters, labelled "threshold L = 512".
void addParamMark(const PrepareContext& ctx, const ViewInput& in, int i, HeatmapData& h) {
    const ViewSpec& view = in.view;
    const auto params = ctx.fetcher.paramsOf(in.series[i], in.state);
    const std::string name = view.markParam.toStdString(), minus = view.markMinus.toStdString();
    if (!params || !params->has(name)) return;
    double at = params->real(name);
    if (!minus.empty() && params->has(minus)) at -= params->real(minus);
    const QString value = formatExact(params->real(name));
    const LocalText& l = view.markLabel;
    AxisMark m{at,
               {l.en + QStringLiteral(" = ") + value, l.zh + QStringLiteral(" = ") + value},
               MarkLines::Band};
    if (view.markAt == QLatin1String("row")) {
        m.lines = MarkLines::Row;
        m.index = at + 0.5;  // through the middle of the row
    }
    h.marks << m;
}

void seriesPanels(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const ViewSpec& view = in.view;
    for (int i = 0; i < in.series.size(); ++i) {
        HeatmapData h = makeHeatmap(ctx, view, ctx.fetcher.quantity(in.series[i]),
                                    in.fetched[i].array, in.state, &out.sliceCount);
        if (view.extendRows > 1.0) {  // rows past the data: blank, with a note
            h.dataRows = h.rows;
            h.rows = static_cast<qint64>(std::ceil(static_cast<double>(h.rows) * view.extendRows));
            h.rowStep = blockStep(h.rows, ctx.request.maxImageSide);
            h.blankNote = view.blankNote;
        }
        if (!view.blockParam.isEmpty()) {
            const auto params = ctx.fetcher.paramsOf(in.series[i], in.state);
            const std::string bp = view.blockParam.toStdString();
            if (params && params->has(bp)) h.rowBlock = params->integer(bp);
        }
        if (!view.markParam.isEmpty()) addParamMark(ctx, in, i, h);
        if (!view.cellsOf.isEmpty()) {  // bands of all the positions (nope/attention)
            const auto params = ctx.fetcher.paramsOf(in.series[i], in.state);
            const std::string name = view.cellsOf.toStdString();
            if (params && params->has(name)) {
                const qint64 n = params->integer(name);
                h.rowMap = {0, n, n, false};
                h.colMap = {0, n, n, false};
            }
        }
        h.title = panelTitle(in.series, i);
        out.heatmaps << h;
    }
    // The operands of a comparison share one map and one range (set before the difference is
    // made: it copies the first panel's geometry); the difference keeps its own, centred on 0.
    // A difference view of three series has its difference given as the third (computed in
    // core: concatenate − add).
    const bool comparison = view.difference || view.kind == ViewKind::Compare;
    const bool given = view.difference && in.series.size() == 3 && out.heatmaps.size() == 3;
    if ((view.sharedScale || comparison) && out.heatmaps.size() > 1)
        shareRange(out.heatmaps, given ? 2 : out.heatmaps.size());
    if (given)
        styleDifference(out.heatmaps[2], in);
    else if (comparison && out.heatmaps.size() >= 2)
        appendDifference(in, out);
}

}  // namespace

void prepareHeatmaps(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const ViewSpec& view = in.view;
    if (!view.smallMultiples && view.reshape.size() != 2) {
        seriesPanels(ctx, in, out);
    } else {
        // Small multiples: the heads of a 3-D quantity, or chosen channels of a table reshaped
        // to images; one colour range for all panels.
        const std::size_t rank = in.fetched[0].array->shape.size();
        if (view.smallMultiples && rank == 3)
            headMultiples(ctx, in, out);
        else if (view.reshape.size() == 2 && rank == 2)
            channelMultiples(ctx, in, out);
        else
            out.error = QStringLiteral("cannot draw a %1-D array as small multiples").arg(rank);
        // Channels share one range; heads when the view asks (ALiBi's heads differ in slope by
        // 2⁸: on one linear scale the flat ones would be blank, so each gets its own bar).
        if (view.sharedScale || !(view.smallMultiples && rank == 3))
            shareRange(out.heatmaps, out.heatmaps.size());
    }
    for (auto& h : out.heatmaps) paintBlockMeans(h);
}

}  // namespace poslab::ui
