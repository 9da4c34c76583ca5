// From a model to the rope encoding (models.md M4 `--model`, the Model page's "Explore in RoPE"):
// for every bundled preset and every kind of layer, the rope parameters ropeParamTexts gives
// reproduce the reader's inverse frequencies, pair classes, attention factor, logit multiplier
// and query scale exactly; a layer out of range is one line naming it.
#include <QDir>
#include <QFile>
#include <QtTest>

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
            }
            if (!kind.rope) continue;
            QCOMPARE(run(texts, "frequencies").f64, kind.invFreq);
            const core::Array c = run(texts, "pair_class");
            QCOMPARE(std::vector<int>(c.i64.begin(), c.i64.end()), kind.pairClass);
            QCOMPARE(run(texts, "attention_factor").at(0), kind.attentionFactor);
            QCOMPARE(run(texts, "logit_multiplier").at(0), kind.logitMultiplier);
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
