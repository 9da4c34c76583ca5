#include "ui/model/other_chart.h"

#include <QStringList>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/compute.h"
#include "core/encodings/t5_bucket.h"
#include "ui/figure/number_format.h"
#include "ui/model/model_kinds.h"

namespace poslab::ui {

namespace cm = core::models;

namespace {

// ALiBi's distances when the config names no context length (ALiBi itself needs none).
constexpr std::int64_t kAlibiDefaultReach = 4096;
// Shaw's relative_indices is (n, n): past this n the chart draws the offsets it has.
constexpr std::int64_t kShawMaxN = 2049;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QString num(double v) {
    return formatNumber(v, 4);
}

// The kind's implied parameters parsed by its encoding, `extra` overriding them.
core::Expected<core::ParamSet> coreParams(const cm::KindInfo& k, const core::TextParams& extra) {
    const core::EncodingDescriptor* enc = core::registry().find(k.encoding);
    if (!enc) return core::fail("encoding '" + k.encoding + "' is not in the registry");
    core::TextParams given(impliedParams(k).begin(), impliedParams(k).end());
    given.insert(given.end(), extra.begin(), extra.end());
    return core::parseParams(*enc, given);
}

// One quantity of the kind's encoding, computed by the core with the model's parameters.
core::Expected<core::Array> coreQuantity(const cm::KindInfo& k, std::string_view quantity,
                                         const core::TextParams& extra = {}) {
    auto p = coreParams(k, extra);
    if (!p) return p.error();
    return core::compute(k.encoding, quantity, *p);
}

std::optional<std::int64_t> seqLenOf(ModelSide s) {
    return s.model->seqLen ? s.model->seqLen : s.model->config.seqLen;
}

// What one chart is being built of: the data, the notes, whether two models share it.
struct Build {
    ModelChartData* d = nullptr;
    QStringList notes;
    bool two = false;
    QString prefix(ModelSide s) const {
        return two ? s.model->name + QStringLiteral(": ") : QString();
    }
    void fail(ModelSide s, const core::Error& e) {
        notes << prefix(s) + qs(e.message);
        if (d->curves.isEmpty()) d->empty = qs(e.message);
    }
};

// ---- ALiBi -----------------------------------------------------------------------------------

// Every head when there are few; else the first, a quarter, the middle, three quarters, the last.
QVector<int> shownHeads(int heads) {
    QVector<int> out;
    if (heads <= 8) {
        for (int h = 0; h < heads; ++h) out << h;
        return out;
    }
    for (double q : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        const int h = static_cast<int>(std::lround(q * (heads - 1)));
        if (!out.contains(h)) out << h;
    }
    return out;
}

QString headRole(int h, int heads) {
    if (heads <= 8) return {};
    if (h == 0) return ModelChartText::tr(" (first)");
    if (h == heads - 1) return ModelChartText::tr(" (last)");
    if (h == static_cast<int>(std::lround(0.5 * (heads - 1))))
        return ModelChartText::tr(" (middle)");
    return {};
}

// Integer distances from 1 to `reach`, about 16 a decade (a line needs two; the rest is hover).
QVector<double> distanceGrid(std::int64_t reach) {
    QVector<double> out;
    for (double t = 1; t < static_cast<double>(reach); t = std::max(t + 1, std::round(t * 1.155)))
        out << t;
    out << static_cast<double>(reach);
    return out;
}

// The largest distance drawn: L - 1 for the longest context of the sides (s, else
// max_position_embeddings), else kAlibiDefaultReach.
std::int64_t alibiReach(ModelSide a, ModelSide b, bool* named) {
    std::int64_t L = 0;
    for (ModelSide s : {a, b}) {
        if (!s) continue;
        const auto ctx = seqLenOf(s) ? seqLenOf(s) : s.model->config.maxPositionEmbeddings;
        if (ctx) L = std::max(L, *ctx);
    }
    *named = L > 1;
    return L > 1 ? L - 1 : kAlibiDefaultReach;
}

QString slopesText(const std::vector<double>& m) {
    QStringList parts;
    const int H = static_cast<int>(m.size());
    if (H <= 8) {
        for (double v : m) parts << num(v);
        return parts.join(ModelChartText::tr(", "));
    }
    return ModelChartText::tr("%1 (h = 0) … %2 (h = %3)")
        .arg(num(m.front()), num(m.back()))
        .arg(H - 1);
}

void addAlibi(Build& c, ModelSide s, int side, std::int64_t reach) {
    auto p = coreParams(*s.kind, {});
    if (!p) return c.fail(s, p.error());
    auto slopes = core::compute("alibi", "slopes", *p);
    if (!slopes) return c.fail(s, slopes.error());
    const std::vector<double>& m = slopes->f64;
    const int H = static_cast<int>(m.size());
    const QVector<int> heads = shownHeads(H);
    const QVector<double> grid = distanceGrid(reach);
    QStringList named;
    for (int h : heads) named << QString::number(h);
    for (int i = 0; i < heads.size(); ++i) {
        const int h = heads[i];
        ModelCurve curve;
        curve.id = QStringLiteral("alibi_head");
        curve.color = c.two ? side : i;
        curve.dashed = c.two && side == 1;
        if (!c.two)
            curve.name =
                ModelChartText::tr("h = %1%2: m = %3").arg(h).arg(headRole(h, H), num(m[h]));
        else if (i == 0)
            curve.name = H <= 8 ? ModelChartText::tr("%1: all %2 heads").arg(s.model->name).arg(H)
                                : ModelChartText::tr("%1: heads h = %2 of %3")
                                      .arg(s.model->name, named.join(QStringLiteral(", ")))
                                      .arg(H);
        for (double t : grid) curve.points.append(QPointF(t, m[h] * t));
        c.d->curves.append(curve);
    }
    const QString rule = p->text("slopes") == "mpt"
                             ? ModelChartText::tr("MPT's rule")
                             : ModelChartText::tr("the paper's rule (BLOOM)");
    QString note = ModelChartText::tr("%1 heads, slopes mₕ = %2, by %3 with bias_max B = %4")
                       .arg(H)
                       .arg(slopesText(m), rule, num(p->real("bias_max")));
    if (p->boolean("causal"))
        note += ModelChartText::tr("; causal: keys after the query are masked (−∞)");
    c.notes << c.prefix(s) + note;
}

void alibiChart(Build& c, ModelSide a, ModelSide b) {
    ModelChartData& d = *c.d;
    bool named = false;
    const std::int64_t reach = alibiReach(a, b, &named);
    const auto pa = coreParams(*a.kind, {});
    const bool causal = pa && pa->boolean("causal");
    d.title = ModelChartText::tr("ALiBi: bias −mₕ·|i − j| per head, as a penalty (log–log)");
    d.xLabel = causal ? ModelChartText::tr("distance i − j (log)")
                      : ModelChartText::tr("distance |i − j| (log)");
    d.yLabel = ModelChartText::tr("−bias = mₕ · distance (log)");
    d.logX = d.logY = true;
    d.legendAside = true;
    addAlibi(c, a, 0, reach);
    if (b) addAlibi(c, b, 1, reach);
    c.notes << (named ? ModelChartText::tr("distances up to L − 1 = %1").arg(num(reach))
                      : ModelChartText::tr("the config names no context length (ALiBi needs none): "
                                           "distances drawn up to %1")
                            .arg(num(reach)));
    c.notes << ModelChartText::tr("log–log: each head is a line of slope 1, its height the slope");
}

// ---- T5 --------------------------------------------------------------------------------------

// The bucket of j - i = dir * a for a = 1 .. reach as an exact staircase: a point at a = 1, a
// riser (a, bucket(a - 1)) -> (a, bucket(a)) at every core bucket edge where the bucket changes,
// and the end. Between risers the bucket is constant (t5_bucket.h: edges).
QVector<QPointF> t5Stairs(int dir, bool bidir, std::int64_t nb, std::int64_t md,
                          std::int64_t reach) {
    auto bucket = [&](std::int64_t a) {
        return static_cast<double>(core::enc::t5Bucket(dir * a, bidir, nb, md));
    };
    QVector<QPointF> out{QPointF(1, bucket(1))};
    std::vector<std::int64_t> edges = core::enc::t5BucketEdges(bidir, nb, md);
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    for (std::int64_t e : edges) {
        if (e < 2 || e > reach || bucket(e - 1) == bucket(e)) continue;
        const auto x = static_cast<double>(e);
        out << QPointF(x, bucket(e - 1)) << QPointF(x, bucket(e));
    }
    if (reach > 1) out << QPointF(static_cast<double>(reach), bucket(reach));
    return out;
}

void addT5(Build& c, ModelSide s, int side) {
    auto p = coreParams(*s.kind, {});
    if (!p) return c.fail(s, p.error());
    const std::int64_t nb = p->integer("num_buckets"), md = p->integer("max_distance");
    const bool bidir = p->boolean("bidirectional");
    if (auto st = core::enc::t5CheckParams(bidir, nb, md); !st) return c.fail(s, st.error());
    std::int64_t reach = 2 * md;
    if (const auto sl = seqLenOf(s); sl && *sl - 1 > reach) reach = *sl - 1;
    for (int dir : {-1, 1}) {
        ModelCurve curve;
        curve.id = dir < 0 ? QStringLiteral("t5_before") : QStringLiteral("t5_after");
        curve.points = t5Stairs(dir, bidir, nb, md, reach);
        curve.color = c.two ? side : (dir < 0 ? 0 : 1);
        curve.dashed = c.two && dir > 0;
        curve.name = dir < 0 ? ModelChartText::tr("key before the query (j < i)")
                             : ModelChartText::tr("key after the query (j > i)");
        if (c.two)
            curve.name = QStringLiteral("%1 (%2): %3")
                             .arg(s.model->name, qs(s.kind->name),
                                  dir < 0 ? QStringLiteral("j < i") : QStringLiteral("j > i"));
        c.d->curves.append(curve);
    }
    const std::int64_t perDir = core::enc::t5DirectionBuckets(bidir, nb);
    const std::int64_t exact = core::enc::t5MaxExact(bidir, nb);
    if (!c.two) {
        c.d->bands.append({1, static_cast<double>(exact), true,
                           ModelChartText::tr("exact: one bucket per distance below %1").arg(exact),
                           2, QStringLiteral("t5_exact")});
        c.d->bands.append({static_cast<double>(md), static_cast<double>(reach), true,
                           ModelChartText::tr("from max_distance = %1 on: the last bucket").arg(md),
                           7, QStringLiteral("t5_saturated")});
    }
    QString note =
        ModelChartText::tr(
            "num_buckets = %1, max_distance = %2: %3 buckets %4, %5 exact, the rest "
            "log-spaced up to max_distance; distance 0 is bucket 0")
            .arg(nb)
            .arg(md)
            .arg(perDir)
            .arg(bidir ? ModelChartText::tr("each way") : ModelChartText::tr("before the query"))
            .arg(exact);
    if (!bidir) note += ModelChartText::tr("; causal: every key after the query is bucket 0");
    c.notes << c.prefix(s) + note;
}

void t5Chart(Build& c, ModelSide a, ModelSide b) {
    ModelChartData& d = *c.d;
    const auto pa = coreParams(*a.kind, {});
    const bool bidir = !pa || pa->boolean("bidirectional");
    d.title = ModelChartText::tr("T5: the bucket of j − i, kind \"%1\" (%2)")
                  .arg(qs(a.kind->name),
                       bidir ? ModelChartText::tr("bidirectional") : ModelChartText::tr("causal"));
    if (b && b.kind->name != a.kind->name)  // each model's kind is in the legend
        d.title = ModelChartText::tr("T5: the bucket of j − i");
    d.xLabel = ModelChartText::tr("|j − i| (log)");
    d.yLabel = ModelChartText::tr("bucket");
    d.logX = true;
    d.logY = false;
    addT5(c, a, 0);
    if (b) addT5(c, b, 1);
    c.notes << ModelChartText::tr("log x: the log-spaced buckets become equal steps");
}

// ---- Learned ---------------------------------------------------------------------------------

void addLearned(Build& c, ModelSide s, int side) {
    auto p = coreParams(*s.kind, {});
    if (!p) return c.fail(s, p.error());
    const std::int64_t n = p->integer("n"), off = s.model->config.encoding.indexOffset;
    const std::int64_t first = n - off;  // the first position without a row
    if (first <= 0)
        return c.fail(s, core::Error("index offset " + std::to_string(off) + " leaves no row of " +
                                     std::to_string(n) + " for any position"));
    const auto sl = seqLenOf(s);
    const std::int64_t end = std::max(sl ? *sl - 1 : 0, first + std::max<std::int64_t>(1, n / 8));
    ModelCurve rows, none;
    rows.id = QStringLiteral("rows");
    rows.points = {QPointF(0, static_cast<double>(off)),
                   QPointF(static_cast<double>(first - 1), static_cast<double>(n - 1))};
    rows.color = side;
    rows.name =
        c.prefix(s) +
        (off > 0 ? ModelChartText::tr("row p + %1, up to row n − 1 = %2").arg(off).arg(n - 1)
                 : ModelChartText::tr("row p, up to row n − 1 = %1").arg(n - 1));
    none.id = QStringLiteral("no_row");
    none.points = {QPointF(static_cast<double>(first), static_cast<double>(n)),
                   QPointF(static_cast<double>(end), static_cast<double>(end + off))};
    none.color = c.two ? side : 3;
    none.dashed = true;
    c.d->curves << rows << none;
    const bool pastS = sl && *sl > first;
    c.d->bands.append(
        {static_cast<double>(first), static_cast<double>(end), true,
         c.prefix(s) +
             (pastS ? ModelChartText::tr("no row: p from %1 to s − 1 = %2").arg(first).arg(end)
              : off > 0 ? ModelChartText::tr("no row: p ≥ n − offset = %1").arg(first)
                        : ModelChartText::tr("no row: p ≥ n = %1").arg(first)),
         c.two ? side : 3, QStringLiteral("no_row")});
    if (!c.two)
        c.d->hlines.append({static_cast<double>(n - 1),
                            ModelChartText::tr("last row n − 1 = %1").arg(n - 1), false, -1,
                            QStringLiteral("last_row")});
    QString note = ModelChartText::tr(
                       "n = %1 rows: position p reads row p; positions from %1 on "
                       "have no row")
                       .arg(n);
    if (off > 0)
        note = ModelChartText::tr(
                   "n = %1 rows, index offset %2: position p reads row p + %2; "
                   "positions from %3 on have no row (rows 0 to %4 are never read "
                   "by a position)")
                   .arg(n)
                   .arg(off)
                   .arg(first)
                   .arg(off - 1);
    if (pastS)
        note += ModelChartText::tr("; the model's s = %1 runs past the table by %2 positions")
                    .arg(*sl)
                    .arg(*sl - first);
    c.notes << c.prefix(s) + note;
}

void learnedChart(Build& c, ModelSide a, ModelSide b) {
    ModelChartData& d = *c.d;
    d.title = ModelChartText::tr("Learned table: the row that position p reads");
    d.xLabel = ModelChartText::tr("position p");
    d.yLabel = ModelChartText::tr("table row");
    d.logY = false;
    addLearned(c, a, 0);
    if (b) addLearned(c, b, 1);
}

// ---- Shaw ------------------------------------------------------------------------------------

void addShaw(Build& c, ModelSide s, int side) {
    auto p = coreParams(*s.kind, {});
    if (!p) return c.fail(s, p.error());
    const std::int64_t k = p->integer("clip");
    const std::int64_t wide = k + std::max<std::int64_t>(3, k / 4);
    const std::int64_t n = std::min(wide + 1, kShawMaxN);
    auto rel = coreQuantity(*s.kind, "relative_indices", {{"n", std::to_string(n)}});
    if (!rel) return c.fail(s, rel.error());
    ModelCurve curve;
    curve.id = QStringLiteral("shaw");
    curve.color = side;
    curve.dashed = c.two && side == 1;
    curve.name = c.two ? s.model->name : ModelChartText::tr("clip(j − i, −%1, %1)").arg(k);
    // Row i = n - 1 holds j - i = -(n - 1) .. 0; row 0 holds 0 .. n - 1 (the table row less k).
    for (std::int64_t j = 0; j < n; ++j)
        curve.points.append(QPointF(static_cast<double>(j - (n - 1)),
                                    static_cast<double>(rel->i64[(n - 1) * n + j] - k)));
    for (std::int64_t j = 1; j < n; ++j)
        curve.points.append(QPointF(static_cast<double>(j), static_cast<double>(rel->i64[j] - k)));
    c.d->curves.append(curve);
    const auto K = static_cast<double>(k), W = static_cast<double>(n - 1);
    if (!c.two && W > K) {
        c.d->bands.append({-W, -K, true,
                           ModelChartText::tr("|j − i| > k = %1: one shared row each side").arg(k),
                           7, QStringLiteral("clipped")});
        c.d->bands.append({K, W, true, QString(), 7, QStringLiteral("clipped")});
    }
    QString note = ModelChartText::tr(
                       "clip k = %1 (max_position_embeddings − 1): %2 table rows, "
                       "row = clip(j − i, −k, k) + k")
                       .arg(k)
                       .arg(2 * k + 1);
    if (n - 1 < k)
        note += ModelChartText::tr("; only |j − i| ≤ %1 is drawn, inside the clip").arg(n - 1);
    // BERT: k = max_position_embeddings - 1, the largest offset inside its context.
    if (const auto L = s.model->config.maxPositionEmbeddings; L && *L - 1 <= k)
        note += ModelChartText::tr(
                    "; inside the model's %1 positions |j − i| ≤ %2: no offset is "
                    "clipped")
                    .arg(*L)
                    .arg(*L - 1);
    c.notes << c.prefix(s) + note;
}

void shawChart(Build& c, ModelSide a, ModelSide b) {
    ModelChartData& d = *c.d;
    d.title = ModelChartText::tr("Shaw: the relative index clip(j − i, −k, k)");
    d.xLabel = ModelChartText::tr("offset j − i");
    d.yLabel = ModelChartText::tr("clipped offset (table row − k)");
    d.logY = false;
    addShaw(c, a, 0);
    if (b) addShaw(c, b, 1);
}

}  // namespace

bool hasOtherEncoding(ModelSide side) {
    return side && kindCategory(*side.kind) == KindCategory::OtherEncoding;
}

ModelChartData otherEncodingChart(ModelSide a, ModelSide b) {
    ModelChartData d;
    if (!hasOtherEncoding(a)) std::swap(a, b);
    if (!hasOtherEncoding(a)) {
        d.empty =
            ModelChartText::tr("No kind of another encoding (ALiBi, T5, learned, Shaw) to draw.");
        return d;
    }
    QString apart;
    if (hasOtherEncoding(b) && b.kind->encoding != a.kind->encoding)
        apart = ModelChartText::tr("%1 (%2) is not drawn: another encoding, not on these axes")
                    .arg(b.model->name, encodingName(b.kind->encoding));
    if (!hasOtherEncoding(b) || !apart.isEmpty()) b = {};
    Build c{&d, {}, static_cast<bool>(b)};
    const std::string& e = a.kind->encoding;
    if (e == "alibi") alibiChart(c, a, b);
    if (e == "t5") t5Chart(c, a, b);
    if (e == "learned") learnedChart(c, a, b);
    if (e == "shaw") shawChart(c, a, b);
    if (!apart.isEmpty()) c.notes << apart;
    d.note = c.notes.join(QStringLiteral("  ·  "));
    return d;
}

}  // namespace poslab::ui
