#include "ui/model/model_series.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "core/encodings/rope_scaling.h"
#include "core/models/position_marks.h"
#include "ui/figure/number_format.h"
#include "ui/model/model_kinds.h"
#include "ui/model/query_scale.h"

namespace poslab::ui {

namespace cm = core::models;

namespace {

bool rotates(ModelSide s) {
    return s && s.kind->rope && !s.kind->invFreq.empty();
}

// The pairs with frequency 0 (a proportional set): "pairs 32–63 do not rotate (frequency 0)".
QString zeroNote(ModelSide s, bool two) {
    if (!rotates(s)) return {};
    const auto& f = s.kind->invFreq;
    int first = -1, count = 0;
    for (int j = 0; j < static_cast<int>(f.size()); ++j)
        if (f[j] == 0) {
            if (first < 0) first = j;
            ++count;
        }
    if (count == 0) return {};
    const QString text = ModelChartText::tr(
                             "%1 of %2 pairs (from j = %3) have frequency 0: they do not rotate "
                             "(drawn as × on the edge)")
                             .arg(count)
                             .arg(f.size())
                             .arg(first);
    return two ? s.model->name + QStringLiteral(": ") + text : text;
}

QString nopeText(ModelSide s) {
    return ModelChartText::tr(
               "Layers of kind \"%1\" carry no RoPE (NoPE): nothing rotates, so there are no "
               "frequencies or wavelengths.")
        .arg(QString::fromStdString(s.kind->name));
}

QString joinNotes(const QStringList& notes) {
    QStringList out;
    for (const QString& n : notes)
        if (!n.isEmpty()) out << n;
    return out.join(QStringLiteral("  ·  "));
}

double pairValue(double theta, bool wavelength) {
    if (!wavelength) return theta;
    return theta == 0 ? std::numeric_limits<double>::infinity() : 2 * std::numbers::pi / theta;
}

bool isLongrope(ModelSide s) {
    return s.kind->params.scaling == "longrope" && s.kind->originalMax;
}

// LongRoPE's switch at s = L + 1 (one model): the table the model is not on, beside the one it
// is on, each named by its side of L.
void addOtherLongropeTable(ModelChartData* d, ModelSide s, ModelCurve* after, bool wavelength) {
    const auto L = *s.kind->originalMax;
    core::enc::RopeFrequencyParams p = s.kind->params;
    const bool onLong = p.length > L;
    p.length = onLong ? L : L + 1;
    const std::vector<double> other = core::enc::ropeFrequencyTable(p).theta;
    ModelCurve c;
    for (int j = 0; j < static_cast<int>(other.size()); ++j)
        c.points.append(QPointF(j, pairValue(other[j], wavelength)));
    const QString shortName = ModelChartText::tr("s ≤ L = %1: short_factor").arg(L);
    const QString longName = ModelChartText::tr("s > L, from %1: long_factor").arg(L + 1);
    after->name = onLong ? longName : shortName;
    c.name = onLong ? shortName : longName;
    c.color = 6;
    d->curves.append(c);
}

// The curves of one side: before (dashed) unless the scaling changed nothing, after with dots.
void addPairCurves(ModelChartData* d, ModelSide s, bool two, int color, bool wavelength) {
    if (!rotates(s)) return;
    ModelCurve before, after;
    const cm::KindInfo& k = *s.kind;
    bool changed = false;
    const int pairs = static_cast<int>(k.invFreq.size());
    const PairAxis axis = two ? PairAxis::Normalised : PairAxis::Index;
    for (int j = 0; j < pairs; ++j) {
        const double u = j < static_cast<int>(k.unscaled.size()) ? k.unscaled[j] : k.invFreq[j];
        before.points.append(QPointF(pairX(j, pairs, axis), pairValue(u, wavelength)));
        after.points.append(QPointF(pairX(j, pairs, axis), pairValue(k.invFreq[j], wavelength)));
        after.classes.append(j < static_cast<int>(k.pairClass.size()) ? k.pairClass[j] : 0);
        changed = changed || u != k.invFreq[j];
    }
    before.color = after.color = color;
    before.pairs = after.pairs = pairs;
    before.dashed = true;
    // Two models: the colour names the model (the pair classes' dots, one set of colours for
    // both, would hide it: the hover says a pair's class), one shared entry says what dashes mean.
    after.classDots = !two;
    before.name = two ? QString() : ModelChartText::tr("before scaling");
    before.hoverName =
        two ? ModelChartText::tr("%1, before scaling").arg(s.model->name) : QString();
    after.name =
        two ? s.model->name
            : (changed ? ModelChartText::tr("after scaling") : ModelChartText::tr("no scaling"));
    if (two && changed) d->dashedLegend = ModelChartText::tr("dashed: before scaling");
    if (changed) d->curves.append(before);
    d->curves.append(after);
    if (!two && isLongrope(s)) addOtherLongropeTable(d, s, &d->curves.back(), wavelength);
}

// The ramp of yarn (over pairs, exactly as core/encodings/rope_scaling computes it) and llama3
// (over wavelengths, L / high_freq_factor to L / low_freq_factor) on the wavelength chart.
void addRamp(ModelChartData* d, ModelSide s) {
    if (!rotates(s)) return;
    const core::enc::RopeFrequencyParams& p = s.kind->params;
    if (p.scaling == "yarn") {
        const auto [low, high] = core::enc::yarnRamp(p);
        const double last = static_cast<double>(s.kind->invFreq.size() - 1);
        d->bands.append({std::min(low, last), std::min(high, last), true,
                         ModelChartText::tr("YaRN ramp: pairs %1 to %2")
                             .arg(QString::number(low, 'g', 4), QString::number(high, 'g', 4)),
                         -1, QStringLiteral("yarn_ramp")});
    } else if (p.scaling == "llama3") {
        const double L = p.originalMaxPosition, lo = L / p.highFreqFactor, hi = L / p.lowFreqFactor;
        if (lo == hi)  // no band: one threshold
            d->hlines.append(
                {lo, ModelChartText::tr("llama3 threshold L/%1 = %2").arg(p.highFreqFactor).arg(lo),
                 false, -1, QStringLiteral("llama3_threshold")});
        else
            d->bands.append({lo, hi, false,
                             ModelChartText::tr("llama3 band: λ from L/%1 = %2 to L/%3 = %4")
                                 .arg(p.highFreqFactor)
                                 .arg(lo)
                                 .arg(p.lowFreqFactor)
                                 .arg(hi),
                             -1, QStringLiteral("llama3_band")});
    }
}

// A sliding window of W tokens (M5.1): pair j turns fully inside it iff theta_j * W >= 2 pi. On
// the frequency chart the line theta = 2 pi / W (pairs above it turn) and, for one model, the
// pairs that do shaded; on the wavelength chart the line lambda = W (pairs below it turn).
void addWindowTurns(ModelChartData* d, ModelSide s, bool two, int side, bool wavelength) {
    if (!rotates(s) || !s.kind->window || *s.kind->window <= 0) return;
    const auto W = *s.kind->window;
    const QVector<int> turns = fullTurnPairs(*s.kind);
    // Two models: "Llama 3.1 8B: …" ("：" in Chinese).
    const QString prefix =
        two ? ModelChartText::tr("%1: %2").arg(s.model->name, QString()) : QString();
    const QString count = ModelChartText::tr("%1 of %2 pairs turn fully")
                              .arg(turns.size())
                              .arg(s.kind->invFreq.size());
    ModelLine line;
    line.y = wavelength ? static_cast<double>(W) : 2 * std::numbers::pi / static_cast<double>(W);
    line.label = prefix + (wavelength ? ModelChartText::tr("window W = %1 (%2 below)")
                                      : ModelChartText::tr("2π/W, window W = %1 (%2 above)"))
                              .arg(formatExact(static_cast<double>(W)))
                              .arg(count);
    line.color = two ? side : 3;
    line.id = QStringLiteral("window");
    d->hlines.append(line);
    if (two || wavelength) return;
    // The turning pairs, one band per run of consecutive j.
    for (int i = 0; i < turns.size();) {
        int k = i;
        while (k + 1 < turns.size() && turns[k + 1] == turns[k] + 1) ++k;
        ModelBand band{
            turns[i] - 0.4,
            turns[k] + 0.4,
            true,
            i == 0 ? ModelChartText::tr("pairs turning fully inside the window") : QString(),
            9,
            QStringLiteral("full_turn")};
        d->bands.append(band);
        i = k + 1;
    }
}

}  // namespace

double pairX(int j, int pairs, PairAxis axis) {
    return axis == PairAxis::Index || pairs <= 0 ? j : static_cast<double>(j) / pairs;
}

QString pairAxisLabel(PairAxis axis) {
    return axis == PairAxis::Index ? ModelChartText::tr("pair j")
                                   : ModelChartText::tr("2j/d (pair j over the d/2 pairs)");
}

bool hasQueryScale(ModelSide side) {
    return side && side.kind->queryScale.has_value();
}

ModelChartData frequencyChart(ModelSide a, ModelSide b) {
    ModelChartData d;
    const bool two = static_cast<bool>(b);
    d.title = ModelChartText::tr("Frequency θⱼ per pair");
    d.pairAxis = two ? PairAxis::Normalised : PairAxis::Index;
    d.xLabel = pairAxisLabel(*d.pairAxis);
    d.yLabel = ModelChartText::tr("θⱼ (radians per position)");
    addPairCurves(&d, a, two, 0, false);
    addPairCurves(&d, b, two, 1, false);
    if (d.curves.isEmpty()) d.empty = nopeText(a);
    addWindowTurns(&d, a, two, 0, false);
    addWindowTurns(&d, b, two, 1, false);
    d.note = joinNotes({zeroNote(a, two), zeroNote(b, two)});
    return d;
}

ModelChartData wavelengthChart(ModelSide a, ModelSide b) {
    ModelChartData d;
    const bool two = static_cast<bool>(b);
    d.title = ModelChartText::tr("Wavelength 2π/θⱼ against the context");
    d.pairAxis = two ? PairAxis::Normalised : PairAxis::Index;
    d.xLabel = pairAxisLabel(*d.pairAxis);
    d.yLabel = ModelChartText::tr("wavelength (positions)");
    addPairCurves(&d, a, two, 0, true);
    addPairCurves(&d, b, two, 1, true);
    if (d.curves.isEmpty()) {
        d.empty = nopeText(a);
        return d;
    }
    int color = 0;
    for (ModelSide s : {a, b}) {
        const int side = color++;
        if (!rotates(s)) continue;
        // Two models: each one's lines in its colour and named by it.
        const int lineColor = two ? side : -1;
        // Two models: "Llama 3.1 8B: …" ("：" in Chinese).
        const QString prefix =
            two ? ModelChartText::tr("%1: %2").arg(s.model->name, QString()) : QString();
        if (s.kind->originalMax)
            d.hlines.append(
                {static_cast<double>(*s.kind->originalMax),
                 prefix + ModelChartText::tr("original context L = %1")
                              .arg(formatExact(static_cast<double>(*s.kind->originalMax))),
                 false, lineColor, QStringLiteral("original")});
        // The extended context as the readouts say it (core's extendedContext).
        if (const auto ext = cm::extendedContext(s.model->config, *s.kind)) {
            const QString n = formatExact(static_cast<double>(ext->positions));
            d.hlines.append(
                {static_cast<double>(ext->positions),
                 prefix + (ext->fromFactor
                               ? ModelChartText::tr("extended context = %1 (factor × L)")
                               : ModelChartText::tr("extended context = %1"))
                              .arg(n),
                 true, lineColor, QStringLiteral("extended")});
        }
    }
    addWindowTurns(&d, a, two, 0, true);
    addWindowTurns(&d, b, two, 1, true);
    // One model: its ramp shaded. Two: the pair classes' dots say it (the legend stays short).
    if (!two) addRamp(&d, a);
    d.note = joinNotes({zeroNote(a, two), zeroNote(b, two)});
    return d;
}

ModelChartData queryScaleChart(ModelSide a, ModelSide b) {
    ModelChartData d;
    const bool two = static_cast<bool>(b);
    d.title = ModelChartText::tr("Query scale over position");
    d.xLabel = ModelChartText::tr("position p (log)");
    d.yLabel = ModelChartText::tr("factor on the queries");
    d.logX = true;
    d.logY = false;
    int color = 0;
    for (ModelSide s : {a, b}) {
        const int c = color++;
        if (!hasQueryScale(s)) continue;
        const auto maxPos = s.model->config.maxPositionEmbeddings.value_or(1000000);
        ModelCurve curve;
        curve.color = c;
        curve.name = two ? s.model->name : ModelChartText::tr("query scale");
        for (std::int64_t p : queryScalePositions(*s.kind->queryScale, maxPos))
            if (p >= 1)
                curve.points.append(
                    QPointF(static_cast<double>(p), queryScaleAt(*s.kind->queryScale, p)));
        d.curves.append(curve);
    }
    if (d.curves.isEmpty()) d.empty = ModelChartText::tr("This kind does not scale its queries.");
    return d;
}

}  // namespace poslab::ui
