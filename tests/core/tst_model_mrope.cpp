// The multimodal keys of a config (spec encodings_next.md E1, E2 "From a model's config.json";
// models.md M5.2 rule 1), on the bundled Qwen-VL presets (published values, sources in the files)
// and on edits of them:
// - Qwen2-VL-7B: chunked 16,24,24, base 1e6, index time; vision head dim embed_dim / num_heads =
//   1280 / 16 = 80 (its vision hidden_size 3584 is the merger's output, not the encoder's width);
// - Qwen2.5-VL-7B: the same text model with absolute time, tokens_per_second 2; vision 1280 / 16;
// - Qwen3-VL-8B: interleaved 24,20,20 (mrope_interleaved), base 5e6, frames split; vision
//   1152 / 16 = 72;
// - the model_type alone makes Qwen3-VL interleave (its code always does), an explicit
//   mrope_interleaved wins; sections that do not add up to d/2 are refused naming mrope_section;
// - `model --json` gives every RoPE kind its "mrope" object, with the axis of every pair.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/encodings/mrope_layout.h"
#include "core/models/model_config.h"

using namespace poslab;
using core::models::ModelConfig;
using core::models::ParamText;

namespace {

std::string presetText(const QString& id) {
    QFile f(qEnvironmentVariable("POSLAB_SOURCE_DIR", ".") + "/resources/models/" + id + ".json");
    if (!f.open(QIODevice::ReadOnly)) qWarning("no preset %s", qPrintable(id));
    return f.readAll().toStdString();
}

ModelConfig load(const std::string& text) {
    auto got = core::models::readModelConfigText(text);
    if (!got) qWarning("%s", got.error().message.c_str());
    return got ? *got : ModelConfig{};
}

std::map<std::string, std::string> asMap(const std::vector<ParamText>& v) {
    return {v.begin(), v.end()};
}

}  // namespace

class TstModelMrope : public QObject {
    Q_OBJECT
private slots:
    void presets_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("section");
        QTest::addColumn<QString>("interleaved");
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("time");  // "" for index
        QTest::addColumn<QString>("split");
        QTest::addColumn<qint64>("visionHeadDim");
        QTest::newRow("Qwen2-VL-7B") << "qwen2-vl-7b"
                                     << "16,24,24"
                                     << "false"
                                     << "1000000"
                                     << ""
                                     << "" << qint64(80);
        QTest::newRow("Qwen2.5-VL-7B") << "qwen2.5-vl-7b"
                                       << "16,24,24"
                                       << "false"
                                       << "1000000"
                                       << "2"
                                       << "" << qint64(80);
        QTest::newRow("Qwen3-VL-8B") << "qwen3-vl-8b"
                                     << "24,20,20"
                                     << "true"
                                     << "5000000"
                                     << ""
                                     << "true" << qint64(72);
    }
    void presets() {
        QFETCH(QString, preset);
        QFETCH(QString, section);
        QFETCH(QString, interleaved);
        QFETCH(QString, base);
        QFETCH(QString, time);
        QFETCH(QString, split);
        QFETCH(qint64, visionHeadDim);
        const ModelConfig c = load(presetText(preset));
        QCOMPARE(c.encoding.id, std::string("mrope"));
        const auto* k = c.kind(c.layers.front());
        QVERIFY(k);
        auto texts = core::models::mropeParamTexts(c, *k);
        QVERIFY2(texts, texts ? "" : texts.error().message.c_str());
        auto p = asMap(*texts);
        QCOMPARE(p["d"], std::string("128"));
        QCOMPARE(p["mrope_section"], section.toStdString());
        QCOMPARE(p["interleaved"], interleaved.toStdString());
        QCOMPARE(std::stod(p["base"]), base.toDouble());
        QCOMPARE(p["merge"], std::string("2"));
        QCOMPARE(p.count("time") ? p["tokens_per_second"] : std::string(), time.toStdString());
        QCOMPARE(p.count("split_frames") ? p["split_frames"] : std::string(), split.toStdString());
        QVERIFY(c.vision);
        QCOMPARE(c.vision->headDim, visionHeadDim);
        auto v = core::models::visionParamTexts(c);
        QVERIFY(v);
        QCOMPARE(asMap(*v)["d"], std::to_string(visionHeadDim));
        QCOMPARE(asMap(*v)["variant"], std::string("qwen_vision"));
        // The encoding's own parameters for `model --json` are these.
        QCOMPARE(c.encoding.params, *texts);
    }

    void interleavingRule() {
        std::string text = presetText("qwen3-vl-8b");
        // The model_type alone interleaves ...
        std::string noKey = text;
        noKey.replace(noKey.find("\"mrope_interleaved\": true,"), 26, "");
        const ModelConfig a = load(noKey);
        QVERIFY(a.kind(a.layers.front())->mropeInterleaved);
        // ... and an explicit false wins.
        std::string off = text;
        off.replace(off.find("\"mrope_interleaved\": true"), 25, "\"mrope_interleaved\": false");
        const ModelConfig b = load(off);
        QVERIFY(!b.kind(b.layers.front())->mropeInterleaved);
        // Qwen2-VL chunks.
        const ModelConfig c = load(presetText("qwen2-vl-7b"));
        QVERIFY(!c.kind(c.layers.front())->mropeInterleaved);
    }

    void badSections_data() {
        QTest::addColumn<QString>("sections");
        QTest::newRow("sum 63") << "[16, 24, 23]";
        QTest::newRow("two numbers") << "[32, 32]";
    }
    void badSections() {
        QFETCH(QString, sections);
        std::string text = presetText("qwen2-vl-7b");
        text.replace(text.rfind("[16, 24, 24]"), 12, sections.toStdString());
        auto got = core::models::readModelConfigText(text);
        QVERIFY(!got);
        QVERIFY2(got.error().message.find("mrope_section") != std::string::npos,
                 got.error().message.c_str());
        QVERIFY2(got.error().message.find("64") != std::string::npos, got.error().message.c_str());
    }

    void json() {
        const ModelConfig c = load(presetText("qwen3-vl-8b"));
        const auto doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(core::models::modelConfigJson(c)));
        QVERIFY(doc.isObject());
        QCOMPARE(doc["encoding"].toString(), QString("mrope"));
        QCOMPARE(doc["vision"]["head_dim"].toInt(), 72);
        QCOMPARE(doc["params"]["interleaved"].toBool(), true);
        const QJsonObject kinds = doc["kinds"].toObject();
        const QJsonObject m = kinds.begin()->toObject()["mrope"].toObject();
        QCOMPARE(m["interleaved"].toBool(), true);
        const auto axis = core::enc::mropePairAxis(128, {24, 20, 20}, true);
        QVERIFY(axis);
        const QJsonArray pa = m["pair_axis"].toArray();
        QCOMPARE(pa.size(), qsizetype(64));
        for (int j = 0; j < 64; ++j) QCOMPARE(pa[j].toInt(), (*axis)[static_cast<std::size_t>(j)]);
        // A RoPE model without sections: null.
        const ModelConfig r = load(presetText("llama-3.1-8b"));
        const auto rd =
            QJsonDocument::fromJson(QByteArray::fromStdString(core::models::modelConfigJson(r)));
        QVERIFY(rd["kinds"].toObject().begin()->toObject()["mrope"].isNull());
        QVERIFY(rd["vision"].isNull());
    }
};

QTEST_APPLESS_MAIN(TstModelMrope)
#include "tst_model_mrope.moc"
