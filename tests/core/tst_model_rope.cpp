// From a model to the rope encoding (models.md M4 `--model`, the Model page's "Explore in RoPE"):
// for every bundled preset and every kind of layer, the rope parameters ropeParamTexts gives
// reproduce the reader's inverse frequencies, pair classes, attention factor, logit multiplier
// and query scale exactly (also for kinds no preset has: equal YaRN betas, Qwen's log-n); a layer
// out of range is one line naming it.
#include <QDir>
#include <QFile>
#include <QtTest>
#include <cmath>

#include "core/compute.h"
#include "core/models/model_config.h"
#include "core/models/rope_params.h"

using namespace poslab;
namespace models = core::models;

namespace {

QString presetDir() {
    return qEnvironmentVariable("POSLAB_SOURCE_DIR", ".") + "/resources/models";
}

core::Array run(const core::TextParams& texts, const char* quantity) {
    auto r =
        core::compute("rope", quantity, *core::parseParams(*core::registry().find("rope"), texts));
    if (!r) qWarning("%s: %s", quantity, r.error().message.c_str());
    return r ? *r : core::Array{};
}

// The rope parameters ropeParamTexts writes for `kind` parse and give back its inverse
// frequencies, pair classes, attention factor, logit multiplier and query scale (at p = 10^6 and
// 10^6 + 3, where every rule in the presets is past its L).
void checkRoundTrip(const models::KindInfo& kind, std::optional<std::int64_t> s) {
    const auto texts = models::ropeParamTexts(kind, s);
    auto params = core::parseParams(*core::registry().find("rope"), texts);
    QVERIFY2(params.ok(), params ? "" : params.error().message.c_str());
    if (kind.queryScale) {
        core::TextParams q = texts;
        q.emplace_back("n", "4");
        q.emplace_back("offset", "1000000");
        const core::Array a = run(q, "query_scale");
        QCOMPARE(a.size(), std::int64_t(4));
        QVERIFY(a.at(0) > 1.0);
        if (kind.queryScale->kind == "qwen_logn")  // log_L(p + 1)
            for (std::int64_t i = 0; i < 4; ++i)
                QCOMPARE(a.at(i), std::log(1000001.0 + double(i)) /
                                      std::log(double(kind.queryScale->originalMax)));
    }
    if (!kind.rope) return;
    QCOMPARE(run(texts, "frequencies").f64, kind.invFreq);
    const core::Array c = run(texts, "pair_class");
    QCOMPARE(std::vector<int>(c.i64.begin(), c.i64.end()), kind.pairClass);
    QCOMPARE(run(texts, "attention_factor").at(0), kind.attentionFactor);
    QCOMPARE(run(texts, "logit_multiplier").at(0), kind.logitMultiplier);
}

// A rope kind from frequency parameters, filled as the reader fills it (one implementation).
models::KindInfo kindOf(const core::enc::RopeFrequencyParams& p) {
    models::KindInfo k;
    k.name = "rope";
    k.params = p;
    k.headDim = p.d;
    k.rotaryDim = p.rotaryDim();
    k.ropeType = p.scaling == "none" ? "default" : p.scaling;
    k.ropeTheta = p.base;
    k.factor = p.factor;
    const auto f = core::enc::ropeFrequencyTable(p);
    k.invFreq = f.theta;
    k.pairClass = f.pairClass;
    k.unscaled = f.unscaled;
    k.attentionFactor = f.attentionFactor;
    k.logitMultiplier = f.logitMultiplier;
    return k;
}

}  // namespace

class TestModelRope : public QObject {
    Q_OBJECT
private slots:
    void everyKindOfEveryPreset_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("seqLen");  // 0: none
        const QStringList files = QDir(presetDir()).entryList({"*.json"}, QDir::Files);
        QVERIFY2(files.size() >= 11, qPrintable(presetDir()));
        for (const QString& f : files) {
            QTest::newRow(qPrintable(f)) << f << qint64(0);
            QTest::newRow(qPrintable(f + " at 200k")) << f << qint64(200000);
        }
    }
    void everyKindOfEveryPreset() {
        QFETCH(QString, file);
        QFETCH(qint64, seqLen);
        QFile f(presetDir() + "/" + file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        std::optional<std::int64_t> s;
        if (seqLen) s = seqLen;
        const auto config = models::readModelConfigText(f.readAll().toStdString(), s);
        QVERIFY(config.ok());
        for (const auto& kind : config->kinds) {
            checkRoundTrip(kind, s);
            if (QTest::currentTestFailed()) return;
        }
    }

    // Kinds no preset has yet: YaRN with beta_fast == beta_slow (Kimi-K2's rope keys, as issue
    // 24 quotes moonshotai/Kimi-K2-Instruct's config.json), Qwen v1's log-n query scale (its L
    // written as logn_max, also beside a rope set with another L), a NoPE kind with log-n.
    void constructedKinds_data() {
        QTest::addColumn<QString>("row");
        QTest::addColumn<qint64>("seqLen");  // 0: none
        for (const char* r : {"kimi-k2 yarn, betas 1 and 1", "kimi-k2 untruncated", "qwen logn",
                              "qwen logn beside yarn L 4096", "nope with logn"}) {
            QTest::newRow(r) << QString(r) << qint64(0);
            QTest::newRow(qPrintable(QString(r) + " at 200k")) << QString(r) << qint64(200000);
        }
    }
    void constructedKinds() {
        QFETCH(QString, row);
        QFETCH(qint64, seqLen);
        std::optional<std::int64_t> s;
        if (seqLen) s = seqLen;
        core::enc::RopeFrequencyParams p;
        p.d = 128;
        if (row.startsWith("kimi") || row.contains("yarn")) {
            p.d = 64;  // qk_rope_head_dim
            p.base = 50000;
            p.scaling = "yarn";
            p.factor = 32;
            p.originalMaxPosition = 4096;
            p.betaFast = p.betaSlow = 1;
            p.mscale = p.mscaleAllDim = 1;
            p.logitGain = "deepseek";
            p.truncate = !row.contains("untruncated");
        }
        models::KindInfo k = kindOf(p);
        if (row.contains("logn")) {
            models::QueryScale q;
            q.kind = "qwen_logn";
            q.originalMax = 2048;  // not logn_max's default 8192: the key must be written
            k.queryScale = q;
        }
        if (row.startsWith("nope")) {
            k.rope = false;
            k.encoding = "nope";
        }
        checkRoundTrip(k, s);
        if (row.startsWith("kimi")) {  // the step of tst_rope_models: pairs 0-19 kept
            QCOMPARE(k.countOf(models::kKept), 20);
            QCOMPARE(k.countOf(models::kInterpolated), 12);
        }
    }

    void layerChoice() {
        QFile f(presetDir() + "/llama-4-scout.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto config = models::readModelConfigText(f.readAll().toStdString());
        QVERIFY(config.ok());
        const auto first = models::kindOfLayer(*config, std::nullopt);
        QVERIFY(first.ok() && (*first)->rope);
        const auto nope = models::kindOfLayer(*config, 3);  // every fourth layer has no RoPE
        QVERIFY(nope.ok() && !(*nope)->rope);
        const auto texts = models::ropeParamTexts(**nope);
        QCOMPARE(texts.front().first, std::string("query_scale"));
        QCOMPARE(texts.front().second, std::string("llama4_temperature"));
        const auto out = models::kindOfLayer(*config, 48);
        QVERIFY(!out.ok());
        QCOMPARE(out.error().message, std::string("--layer 48: the model has 48 layers (0-47)"));
    }
};

QTEST_APPLESS_MAIN(TestModelRope)
#include "tst_model_rope.moc"
