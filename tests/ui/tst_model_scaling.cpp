// The Model page's diagnostics of long_context.md L3: the "Scaling methods" chart (theta'_j /
// theta_j for every method, on the selected kind's d, base, factor and L, the model's own method
// emphasized), the YaRN ramp and llama3 band on the wavelength chart, and LongRoPE's switch at
// s = L + 1. The numbers are checked against core's ropeFrequencyTable called with the published
// configs' values (written out here, not read back from the chart), against the factor lists read
// straight from the preset file, and against ramps and bands worked out by hand.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/encodings/rope_scaling.h"
#include "ui/document/model_presets.h"
#include "ui/figure/number_format.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_page.h"
#include "ui/model/scaling_chart.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

LoadedModel preset(const QString& id, std::optional<std::int64_t> seqLen = std::nullopt) {
    auto m = loadModelPreset(id, seqLen);
    if (!m) qFatal("%s", m.error().message.c_str());
    return *m;
}

const ModelCurve* curve(const ModelChartData& d, const QString& id) {
    for (const ModelCurve& c : d.curves)
        if (c.id == id) return &c;
    return nullptr;
}

QStringList ids(const ModelChartData& d, bool emphasizedOnly) {
    QStringList out;
    for (const ModelCurve& c : d.curves)
        if (!emphasizedOnly || c.emphasized) out << c.id;
    return out;
}

bool near(double a, double b, double rel = 4e-16) {
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

// A factor list of the preset file itself (rope_scaling.short_factor / long_factor).
std::vector<double> presetList(const QString& id, const char* key) {
    const QJsonObject o =
        QJsonDocument::fromJson(QByteArray::fromStdString(modelPresetText(id))).object();
    std::vector<double> out;
    for (const QJsonValue& v : o.value("rope_scaling").toObject().value(key).toArray())
        out.push_back(v.toDouble());
    return out;
}

}  // namespace

class TestModelScaling : public QObject {
    Q_OBJECT

private slots:
    // Each method's curve is core's theta'_j / theta_j for the config's d, base, factor and L.
    void ratiosMatchCore_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("L");
        QTest::addColumn<qint64>("extended");
        QTest::addColumn<QString>("own");
        QTest::addColumn<bool>("illustrative");
        QTest::addColumn<QString>("lNote");  // what the note says of L ("": it is in the config)
        QTest::newRow("llama-3.1: llama3, M 131072 > 8 L")
            << "llama-3.1-8b"
            << "" << 128 << 500000.0 << 8.0 << 8192.0 << qint64(131072) << "llama3" << false << "";
        QTest::newRow("qwen2.5 yarn: 4 L > M")
            << "qwen2.5-7b-yarn"
            << "" << 128 << 1e6 << 4.0 << 32768.0 << qint64(131072) << "yarn" << false << "";
        QTest::newRow("phi-3.5: longrope, d 96")
            << "phi-3.5-mini"
            << "" << 96 << 10000.0 << 32.0 << 4096.0 << qint64(131072) << "longrope" << false << "";
        QTest::newRow("deepseek-v3: yarn on qk_rope_head_dim 64")
            << "deepseek-v3"
            << "" << 64 << 10000.0 << 40.0 << 4096.0 << qint64(163840) << "yarn" << false << "";
        QTest::newRow("gemma-3 global: linear, L = M / 8")
            << "gemma-3-27b"
            << "full_attention" << 128 << 1e6 << 8.0 << 16384.0 << qint64(131072) << "linear"
            << false << "L = max_position_embeddings / factor.";
        QTest::newRow("llama-2: no scaling, factor 4 from L = M")
            << "llama-2-7b"
            << "" << 128 << 10000.0 << kIllustrativeFactor << 4096.0 << qint64(16384) << "none"
            << true << "L = max_position_embeddings.";
    }
    void ratiosMatchCore() {
        QFETCH(QString, id);
        QFETCH(QString, kind);
        QFETCH(int, d);
        QFETCH(double, base);
        QFETCH(double, factor);
        QFETCH(double, L);
        QFETCH(qint64, extended);
        QFETCH(QString, own);
        QFETCH(bool, illustrative);
        QFETCH(QString, lNote);
        const LoadedModel m = preset(id);
        const ModelSide side{&m, m.kindOr(kind)};
        const ScalingSetup s = scalingSetup(side);
        QCOMPARE(s.params.d, std::int64_t(d));
        QCOMPARE(s.params.base, base);
        QCOMPARE(s.params.factor, factor);
        QCOMPARE(s.params.originalMaxPosition, L);
        QCOMPARE(s.extended, std::int64_t(extended));
        QCOMPARE(s.own, own);
        QCOMPARE(s.illustrative, illustrative);

        const ModelChartData chart = scalingChart(side);
        QVERIFY(chart.empty.isEmpty());
        QVERIFY(chart.logY);
        QVERIFY(chart.note.contains(QString::number(d)));
        // In the house format, as the table: "131 072", not "131072".
        QVERIFY2(chart.note.contains(formatExact(extended)), qPrintable(chart.note));
        if (extended >= 10000)
            QVERIFY2(!chart.note.contains(QString::number(extended)), qPrintable(chart.note));
        QCOMPARE(chart.note.contains("max_position_embeddings"), !lNote.isEmpty());
        QVERIFY2(chart.note.contains(lNote), qPrintable(chart.note));
        const QStringList methods{"linear", "ntk", "dynamic", "yarn", "llama3", "proportional"};
        for (const QString& method : methods) QVERIFY2(curve(chart, method), qPrintable(method));
        core::enc::RopeFrequencyParams plain;
        plain.d = d;
        plain.base = base;
        const std::vector<double> ref = core::enc::ropeFrequencyTable(plain).theta;
        QCOMPARE(ref.size(), std::size_t(d / 2));
        for (const ModelCurve& c : chart.curves) {
            core::enc::RopeFrequencyParams p = plain;
            p.factor = factor;
            p.originalMaxPosition = L;
            p.scaling = c.id.startsWith("longrope") ? "longrope" : c.id.toStdString();
            if (c.id == "dynamic") p.length = extended;
            if (c.id == "proportional") p.partialRotary = 0.25;
            if (c.id.startsWith("longrope")) {
                p.shortFactor = presetList(id, "short_factor");
                p.longFactor = presetList(id, "long_factor");
                p.length = static_cast<std::int64_t>(L) + (c.id == "longrope_long" ? 1 : 0);
            }
            if (c.id == "yarn" && own == "yarn") {
                p.betaFast = 32;  // the presets' values (DeepSeek writes them out)
                p.betaSlow = 1;
            }
            const std::vector<double> theta = core::enc::ropeFrequencyTable(p).theta;
            QCOMPARE(c.points.size(), qsizetype(d / 2));
            for (int j = 0; j < d / 2; ++j) {
                QCOMPARE(c.points[j].x(), double(j));
                QVERIFY2(c.points[j].y() == theta[j] / ref[j],
                         qPrintable(QStringLiteral("%1 pair %2").arg(c.id).arg(j)));
            }
        }
        // The model's own method, where it is drawn as the model runs it (not dynamic, not a
        // chosen factor), is the kind's own table over its unscaled one.
        if (!illustrative && own != "longrope") {
            const ModelCurve* c = curve(chart, own);
            QVERIFY(c);
            for (int j = 0; j < d / 2; ++j)
                QVERIFY(near(c->points[j].y(), side.kind->invFreq[j] / side.kind->unscaled[j]));
        }
    }

    // Linear (position interpolation) divides every frequency by the factor.
    void linearIsOneOverFactor_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("factor");
        QTest::newRow("llama-3.1") << "llama-3.1-8b" << 8.0;
        QTest::newRow("phi-3.5") << "phi-3.5-mini" << 32.0;
        QTest::newRow("deepseek-v3") << "deepseek-v3" << 40.0;
        QTest::newRow("mistral v0.3, chosen factor") << "mistral-7b-v0.3" << kIllustrativeFactor;
    }
    void linearIsOneOverFactor() {
        QFETCH(QString, id);
        QFETCH(double, factor);
        const LoadedModel m = preset(id);
        const ModelChartData chart = scalingChart({&m, m.kindOr({})});
        const ModelCurve* c = curve(chart, "linear");
        QVERIFY(c);
        QVERIFY(!c->points.isEmpty());
        for (const QPointF& pt : c->points) QVERIFY(near(pt.y(), 1 / factor));
    }

    // YaRN: ratio exactly 1 up to the ramp's start, 1/f from its end, strictly between and
    // falling on the ramp; the wavelength chart shades the same pairs.
    void yarnRamp_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        // floor / ceil of d ln(L / (2π r)) / (2 ln b) for r = 32 and 1, worked out by hand.
        QTest::newRow("qwen2.5: own yarn") << "qwen2.5-7b-yarn" << 23.0 << 40.0;
        QTest::newRow("llama-3.1: yarn drawn for comparison") << "llama-3.1-8b" << 18.0 << 35.0;
        QTest::newRow("deepseek-v3") << "deepseek-v3" << 10.0 << 23.0;
        // gpt-oss sets truncate false: the unrounded range.
        QTest::newRow("gpt-oss-20b, not truncated")
            << "gpt-oss-20b"
            << 64 * std::log(4096 / (2 * std::numbers::pi * 32)) / (2 * std::log(150000.0))
            << 64 * std::log(4096 / (2 * std::numbers::pi)) / (2 * std::log(150000.0));
    }
    void yarnRamp() {
        QFETCH(QString, id);
        QFETCH(double, low);
        QFETCH(double, high);
        const LoadedModel m = preset(id);
        const ModelSide side{&m, m.kindOr({})};
        const double f = scalingSetup(side).params.factor;
        const ModelChartData chart = scalingChart(side);
        const ModelCurve* c = curve(chart, "yarn");
        QVERIFY(c);
        int kept = 0, scaled = 0;
        double previous = 2;
        for (const QPointF& pt : c->points) {
            const double j = pt.x(), r = pt.y();
            if (j <= low) {
                QCOMPARE(r, 1.0);
                ++kept;
            } else if (j >= high) {
                QVERIFY(near(r, 1 / f));
                ++scaled;
            } else {
                QVERIFY2(r < 1 && r > 1 / f, qPrintable(QString::number(j)));
                QVERIFY(r < previous);
            }
            previous = r;
        }
        QVERIFY(kept > 0);
        QVERIFY(scaled > 0);
        if (scalingSetup(side).own != "yarn") return;
        // The ramp on the wavelength chart: the same pairs, shaded.
        const ModelChartData wl = wavelengthChart(side);
        QCOMPARE(wl.bands.size(), 1);
        QVERIFY(wl.bands[0].alongX);
        QVERIFY(std::abs(wl.bands[0].lo - low) < 1e-12);
        QVERIFY(std::abs(wl.bands[0].hi - high) < 1e-12);
    }

    // llama3: kept below the wavelength L / high_freq_factor, 1/f above L / low_freq_factor,
    // blended between; the wavelength chart shades that band.
    void llama3Bands_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QVector<int>>("counts");  // kept, blended, scaled (worked out by hand)
        QTest::newRow("llama-3.1: own") << "llama-3.1-8b" << QVector<int>{29, 6, 29};
        QTest::newRow("qwen2.5: for comparison") << "qwen2.5-7b-yarn" << QVector<int>{34, 6, 24};
        QTest::newRow("phi-3.5: d 96") << "phi-3.5-mini" << QVector<int>{27, 7, 14};
    }
    void llama3Bands() {
        QFETCH(QString, id);
        QFETCH(QVector<int>, counts);
        const LoadedModel m = preset(id);
        const ModelSide side{&m, m.kindOr({})};
        const ScalingSetup s = scalingSetup(side);
        const double L = s.params.originalMaxPosition, f = s.params.factor;
        const double d = static_cast<double>(s.params.d);
        const ModelChartData chart = scalingChart(side);
        const ModelCurve* c = curve(chart, "llama3");
        QVERIFY(c);
        QVector<int> got(3, 0);
        for (const QPointF& pt : c->points) {
            const double lambda = 2 * std::numbers::pi * std::pow(s.params.base, 2 * pt.x() / d);
            if (lambda < L / 4) {
                QCOMPARE(pt.y(), 1.0);
                ++got[0];
            } else if (lambda > L) {
                QVERIFY(near(pt.y(), 1 / f));
                ++got[2];
            } else {
                QVERIFY(pt.y() < 1 && pt.y() > 1 / f);
                ++got[1];
            }
        }
        QCOMPARE(got, counts);
        if (s.own != "llama3") return;
        const ModelChartData wl = wavelengthChart(side);
        QCOMPARE(wl.bands.size(), 1);
        QVERIFY(!wl.bands[0].alongX);
        QCOMPARE(wl.bands[0].lo, 2048.0);
        QCOMPARE(wl.bands[0].hi, 8192.0);
    }

    // LongRoPE is drawn only from the model's own lists: short up to L, long from L + 1, each
    // the inverse of the list; without lists the note says why it is missing.
    void longropeOnlyWithLists_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("lists");
        QTest::newRow("phi-3.5") << "phi-3.5-mini" << true;
        QTest::newRow("llama-3.1") << "llama-3.1-8b" << false;
        QTest::newRow("qwen2.5") << "qwen2.5-7b-yarn" << false;
        QTest::newRow("llama-2") << "llama-2-7b" << false;
    }
    void longropeOnlyWithLists() {
        QFETCH(QString, id);
        QFETCH(bool, lists);
        const LoadedModel m = preset(id);
        const ModelChartData chart = scalingChart({&m, m.kindOr({})});
        const ModelCurve* shortCurve = curve(chart, "longrope_short");
        const ModelCurve* longCurve = curve(chart, "longrope_long");
        QCOMPARE(shortCurve != nullptr, lists);
        QCOMPARE(longCurve != nullptr, lists);
        QCOMPARE(chart.note.contains("LongRoPE needs"), !lists);
        if (!lists) return;
        QVERIFY(shortCurve->name.contains(QStringLiteral("s ≤ L")));
        QVERIFY(longCurve->name.contains(QStringLiteral("s > L")));
        QVERIFY(chart.note.contains("4097"));
        const std::vector<double> shortList = presetList(id, "short_factor");
        const std::vector<double> longList = presetList(id, "long_factor");
        QCOMPARE(shortCurve->points.size(), qsizetype(shortList.size()));
        for (int j = 0; j < shortCurve->points.size(); ++j) {
            QVERIFY(near(shortCurve->points[j].y(), 1 / shortList[j], 1e-15));
            QVERIFY(near(longCurve->points[j].y(), 1 / longList[j], 1e-15));
        }
    }

    // The frequency and wavelength charts of a LongRoPE model show the table just below and just
    // above the switch, whichever sequence length the model was read at.
    void longropeSwitch_data() {
        QTest::addColumn<qint64>("seqLen");  // 0: none (short table)
        QTest::newRow("default") << qint64(0);
        QTest::newRow("s = L") << qint64(4096);
        QTest::newRow("s = L + 1") << qint64(4097);
    }
    void longropeSwitch() {
        QFETCH(qint64, seqLen);
        const LoadedModel m =
            preset("phi-3.5-mini", seqLen ? std::optional<std::int64_t>(seqLen) : std::nullopt);
        const ModelSide side{&m, m.kindOr({})};
        const std::vector<double> shortList = presetList("phi-3.5-mini", "short_factor");
        const std::vector<double> longList = presetList("phi-3.5-mini", "long_factor");
        const ModelChartData f = frequencyChart(side);
        const ModelCurve *below = nullptr, *above = nullptr;
        for (const ModelCurve& c : f.curves) {
            if (c.name.contains(QStringLiteral("s ≤ L"))) below = &c;
            if (c.name.contains(QStringLiteral("s > L"))) above = &c;
        }
        QVERIFY(below && above);
        // The table the model is on carries the pair classes.
        QCOMPARE(!above->classes.isEmpty(), seqLen > 4096);
        QCOMPARE(!below->classes.isEmpty(), seqLen <= 4096);
        for (int j = 0; j < 48; ++j) {
            const double inv = std::pow(10000.0, -2.0 * j / 96);
            QVERIFY(near(below->points[j].y(), inv / shortList[j], 1e-15));
            QVERIFY(near(above->points[j].y(), inv / longList[j], 1e-15));
        }
        QCOMPARE(wavelengthChart(side).curves.size(), f.curves.size());
    }

    // The model's own method comes first, thicker and named "this model"; nothing else is.
    void ownMethodEmphasized_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QStringList>("own");
        QTest::newRow("llama-3.1") << "llama-3.1-8b"
                                   << "" << QStringList{"llama3"};
        QTest::newRow("qwen2.5 yarn") << "qwen2.5-7b-yarn"
                                      << "" << QStringList{"yarn"};
        QTest::newRow("phi-3.5 longrope") << "phi-3.5-mini"
                                          << "" << QStringList{"longrope_short", "longrope_long"};
        QTest::newRow("gemma-3 global linear") << "gemma-3-27b"
                                               << "full_attention" << QStringList{"linear"};
        QTest::newRow("llama-2 without scaling") << "llama-2-7b"
                                                 << "" << QStringList{"none"};
        QTest::newRow("mistral v0.3 without scaling") << "mistral-7b-v0.3"
                                                      << "" << QStringList{"none"};
    }
    void ownMethodEmphasized() {
        QFETCH(QString, id);
        QFETCH(QString, kind);
        QFETCH(QStringList, own);
        ModelPage page;
        page.resize(1280, 720);
        QCOMPARE(page.openPreset(id, kind), QString());
        QVERIFY(page.scalingChart()->isVisibleTo(&page));
        const ModelChartData& d = page.scalingChart()->data();
        QCOMPARE(ids(d, true), own);
        QCOMPARE(ids(d, false).mid(0, own.size()), own);
        QSet<int> colors;
        for (const ModelCurve& c : d.curves) {
            QCOMPARE(c.name.contains("this model"), c.emphasized);
            QVERIFY(!c.name.isEmpty());
            colors.insert(c.color);
        }
        QCOMPARE(colors.size(), d.curves.size());  // every curve its own colour
        QCOMPARE(d.note.contains("chosen for the chart"), own == QStringList{"none"});
        // A NoPE kind has nothing to scale: the chart goes with the frequency charts.
        QCOMPARE(page.openPreset("llama-4-scout", "nope"), QString());
        QVERIFY(!page.scalingChart()->isVisibleTo(&page));
    }

    // Compare: each model's own method, coloured by model, on the same axes, where the page has
    // room for it below the two layer maps.
    void compare() {
        ModelPage page;
        page.resize(1600, 1000);
        page.show();
        QCOMPARE(page.openPreset("llama-3.1-8b"), QString());
        QCOMPARE(page.openComparePreset("phi-3.5-mini"), QString());
        QVERIFY(page.scalingChart()->isVisible());
        page.resize(1600, 500);
        QVERIFY(!page.scalingChart()->isVisible());
        QVERIFY(page.frequencyChart()->isVisible());
        page.resize(1600, 1000);
        QVERIFY(page.scalingChart()->isVisible());
        const ModelChartData& d = page.scalingChart()->data();
        QCOMPARE(ids(d, false), (QStringList{"llama3", "longrope_short", "longrope_long"}));
        QCOMPARE(d.curves[0].color, 0);
        QCOMPARE(d.curves[1].color, 1);
        QCOMPARE(d.curves[2].color, 1);
        QVERIFY(d.curves[0].name.startsWith(page.model().name));
        QVERIFY(d.curves[2].name.startsWith(page.compare().name));
        QCOMPARE(d.curves[0].points.size(), 64);
        QCOMPARE(d.curves[1].points.size(), 48);
        page.clearCompare();
        QVERIFY(page.scalingChart()->data().curves.size() > 3);
        // One model: the chart stays however short the page.
        page.resize(1600, 500);
        QVERIFY(page.scalingChart()->isVisible());
    }

    // The wavelength chart's extended context is factor × L where that exceeds
    // max_position_embeddings (Qwen's YaRN block keeps it at L).
    void extendedContext_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("extended");
        QTest::newRow("qwen2.5: 4 × 32768") << "qwen2.5-7b-yarn" << 131072.0;
        QTest::newRow("llama-3.1: max_position_embeddings") << "llama-3.1-8b" << 131072.0;
        QTest::newRow("llama-2: no scaling") << "llama-2-7b" << 4096.0;
    }
    void extendedContext() {
        QFETCH(QString, id);
        QFETCH(double, extended);
        const LoadedModel m = preset(id);
        const ModelChartData wl = wavelengthChart({&m, m.kindOr({})});
        int strong = 0;
        for (const ModelLine& l : wl.hlines)
            if (l.strong) {
                QCOMPARE(l.y, extended);
                ++strong;
            }
        QCOMPARE(strong, 1);
    }
};

QTEST_MAIN(TestModelScaling)
#include "tst_model_scaling.moc"
