// The config reader beyond single sets (models.md M1, M4): layer maps, family rules, the bundled
// presets with published facts, and the JSON of `poslab model --json`.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/models/model_config.h"
#include "model_reference.h"

using namespace poslab;
namespace ref = poslab::test::ref;
using core::models::ModelConfig;

class TestModelLayers : public QObject {
    Q_OBJECT
private slots:
    void layerMap_data();
    void layerMap();
    void llama4Family();
    void scalingBeta();
    void everyPresetLoads();
    void publishedFacts();
    void json();
};

namespace {

QString presetDir() {
    return qEnvironmentVariable("POSLAB_SOURCE_DIR", QStringLiteral(".")) + "/resources/models";
}

ModelConfig load(const std::string& text, std::optional<std::int64_t> seq = std::nullopt) {
    auto got = core::models::readModelConfigText(text, seq);
    if (!got) qWarning("%s", got.error().message.c_str());
    return got ? *got : ModelConfig{};
}

ModelConfig preset(const QString& id) {
    QFile f(presetDir() + "/" + id + ".json");
    if (!f.open(QIODevice::ReadOnly)) qWarning("no preset %s", qPrintable(id));
    return load(f.readAll().toStdString());
}

QStringList repeat(const QStringList& pattern, int n) {
    QStringList out;
    for (int i = 0; i < n; ++i) out << pattern[i % pattern.size()];
    return out;
}

}  // namespace

void TestModelLayers::layerMap_data() {
    QTest::addColumn<QString>("config");
    QTest::addColumn<QStringList>("layers");
    QTest::addColumn<QStringList>("nope");
    QTest::newRow("layer_types")
        << R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 4, "layer_types":
        ["sliding_attention", "full_attention", "sliding_attention", "full_attention"]})"
        << repeat({"sliding_attention", "full_attention"}, 4) << QStringList();
    QTest::newRow("gemma 3 pattern, default 6")
        << R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 14, "rope_local_base_freq": 10000})"
        << repeat({"sliding_attention", "sliding_attention", "sliding_attention",
                   "sliding_attention", "sliding_attention", "full_attention"},
                  14)
        << QStringList();
    QTest::newRow("gemma 3 pattern 3")
        << R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 7,
        "rope_local_base_freq": 10000, "sliding_window_pattern": 3})"
        << repeat({"sliding_attention", "sliding_attention", "full_attention"}, 7) << QStringList();
    QTest::newRow("no_rope_layers")
        << R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 4,
        "no_rope_layers": [1, 1, 0, 1]})"
        << QStringList{"rope", "rope", "nope", "rope"} << QStringList{"nope"};
    QTest::newRow("no_rope_layer_interval")
        << R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 9, "no_rope_layer_interval": 4})"
        << repeat({"rope", "rope", "rope", "nope"}, 9) << QStringList{"nope"};
    QTest::newRow("all full attention")
        << R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 3})"
        << repeat({"full_attention"}, 3) << QStringList();
    QTest::newRow("num_hidden_layers default 1") << R"({"model_type": "llama", "head_dim": 64})"
                                                 << QStringList{"full_attention"} << QStringList();
}

void TestModelLayers::layerMap() {
    QFETCH(QString, config);
    QFETCH(QStringList, layers);
    QFETCH(QStringList, nope);
    const ModelConfig c = load(config.toStdString());
    QStringList got;
    for (const auto& l : c.layers) got << QString::fromStdString(l);
    QCOMPARE(got, layers);
    for (const auto& k : c.kinds) {
        const bool isNope = nope.contains(QString::fromStdString(k.name));
        QCOMPARE(k.rope, !isNope);
        QCOMPARE(k.invFreq.empty(), isNope);
    }
}

void TestModelLayers::llama4Family() {
    const ModelConfig c = preset("llama-4-scout");
    QCOMPARE(c.numHiddenLayers, 48);
    const auto* rope = c.kind("rope");
    const auto* nope = c.kind("nope");
    QVERIFY(rope && nope);
    QCOMPARE(rope->pairing, std::string("interleaved"));
    QVERIFY(!nope->rope);
    QVERIFY(nope->queryScale.has_value());
    QCOMPARE(nope->queryScale->kind, std::string("llama4_temperature"));
    QCOMPARE(nope->queryScale->floorScale, 8192.0);
    QCOMPARE(nope->queryScale->attnScale, 0.1);
    QCOMPARE(c.firstRopeLayer(), 0);
    // attn_temperature_tuning false: NoPE layers keep their queries.
    const ModelConfig off = load(R"({"model_type": "llama4_text", "head_dim": 64,
        "num_hidden_layers": 4, "no_rope_layer_interval": 4, "attn_temperature_tuning": false})");
    QVERIFY(off.kind("nope") && !off.kind("nope")->queryScale);
    // Everything else pairs as rotate_half.
    QCOMPARE(preset("llama-3.1-8b").kinds.front().pairing, std::string("half"));
}

void TestModelLayers::scalingBeta() {
    const ModelConfig c = load(R"({"head_dim": 128, "max_position_embeddings": 262144,
        "rope_parameters": {"rope_type": "yarn", "factor": 16, "rope_theta": 1e6,
        "original_max_position_embeddings": 16384, "llama_4_scaling_beta": 0.1,
        "mscale": 1.0, "mscale_all_dim": 1.0}})");
    QVERIFY(!c.kinds.empty());
    const auto& k = c.kinds.front();
    QVERIFY(k.queryScale.has_value());
    QCOMPARE(k.queryScale->kind, std::string("llama_4_scaling_beta"));
    QCOMPARE(k.queryScale->beta, 0.1);
    QCOMPARE(k.queryScale->originalMax, 16384);
    // Ministral 3: mscale == mscale_all_dim gives attention factor 1, not get_mscale(16).
    QCOMPARE(k.attentionFactor, 1.0);
}

void TestModelLayers::everyPresetLoads() {
    const QStringList files = QDir(presetDir()).entryList({"*.json"}, QDir::Files);
    QVERIFY2(files.size() >= 11, qPrintable(presetDir()));
    for (const QString& file : files) {
        QFile f(presetDir() + "/" + file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        const QJsonObject o = QJsonDocument::fromJson(text).object();
        QVERIFY2(!o.value("source").toString().isEmpty(), qPrintable(file));
        QVERIFY2(!o.value("name").toString().isEmpty(), qPrintable(file));
        auto got = core::models::readModelConfigText(text.toStdString());
        const QString why = got ? QString() : QString::fromStdString(got.error().message);
        QVERIFY2(got.ok(), qPrintable(file + ": " + why));
        QCOMPARE(got->layers.size(), static_cast<std::size_t>(got->numHiddenLayers));
        // A RoPE model has a layer with RoPE; any other encoding hands its parameters on.
        if (got->encoding.id == "rope" || got->encoding.id == "mrope")
            QVERIFY2(got->firstRopeLayer() >= 0, qPrintable(file));
        else
            QVERIFY2(!got->encoding.params.empty(), qPrintable(file));
        for (const auto& k : got->kinds)
            if (k.rope) QCOMPARE(k.invFreq.size(), static_cast<std::size_t>(k.rotaryDim / 2));
    }
}

void TestModelLayers::publishedFacts() {
    const auto llama = preset("llama-3.1-8b").kinds.at(0);
    QCOMPARE(llama.countOf(core::models::kKept), 29);
    QCOMPARE(llama.countOf(core::models::kBlended), 6);
    QCOMPARE(llama.countOf(core::models::kInterpolated), 29);
    const auto qwen = preset("qwen2.5-7b-yarn").kinds.at(0);
    QVERIFY(std::abs(qwen.attentionFactor - 1.138629436112) < 1e-9);
    const auto ds = preset("deepseek-v3").kinds.at(0);
    const double m = 0.1 * 1.0 * std::log(40.0) + 1;
    const double a = ref::getMscale(40, 1.0) / ref::getMscale(40, 1.0);
    QVERIFY(std::abs(ds.logitMultiplier - a * a * m * m) < 1e-9);
    QVERIFY(std::abs(ds.logitMultiplier - 1.87385) < 1e-5);
    QCOMPARE(ds.rotaryDim, 64);
    QCOMPARE(ds.pairing, std::string("interleaved"));
    const auto prop = load(R"({"head_dim": 512, "rope_parameters": {"rope_type":
        "proportional", "partial_rotary_factor": 0.25, "rope_theta": 1e6}})")
                          .kinds.at(0);
    QCOMPARE(prop.rotatingPairs(), 64);
    QCOMPARE(prop.invFreq.size(), std::size_t(256));
    const ModelConfig gemma = preset("gemma-3-27b");
    QCOMPARE(gemma.kind("sliding_attention")->ropeTheta, 1e4);
    QCOMPARE(gemma.kind("full_attention")->factor, 8.0);
    QCOMPARE(std::count(gemma.layers.begin(), gemma.layers.end(), "full_attention"), 10);
    // Phi-3.5: the long table from s = L + 1 on.
    const auto phiShort = preset("phi-3.5-mini").kinds.at(0);
    QFile f(presetDir() + "/phi-3.5-mini.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto phiLong = load(f.readAll().toStdString(), 4097).kinds.at(0);
    QCOMPARE(phiShort.rotaryDim, 96);
    QVERIFY(phiLong.invFreq.back() < phiShort.invFreq.back());
    QVERIFY(std::abs(phiShort.attentionFactor - std::sqrt(1 + std::log(32.0) / std::log(4096.0))) <
            1e-12);
}

void TestModelLayers::json() {
    for (const QString id : {"llama-4-scout", "gemma-3-27b", "deepseek-v3"}) {
        const ModelConfig c = preset(id);
        QJsonParseError err;
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(modelConfigJson(c)), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        const QJsonObject o = doc.object();
        for (const char* key : {"model_type", "head_dim", "max_position_embeddings",
                                "num_hidden_layers", "layers", "kinds", "notes"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o.value("layers").toArray().size(), c.numHiddenLayers);
        for (const auto& k : c.kinds) {
            const QJsonObject kj = o.value("kinds").toObject().value(k.name.c_str()).toObject();
            QCOMPARE(kj.value("rope").toBool(), k.rope);
            if (!k.rope) continue;
            const QJsonArray inv = kj.value("inv_freq").toArray();
            QCOMPARE(inv.size(), k.rotaryDim / 2);
            // Full double precision: every number reads back to the same double.
            for (int j = 0; j < inv.size(); ++j)
                QCOMPARE(inv[j].toDouble(), k.invFreq[static_cast<std::size_t>(j)]);
            QCOMPARE(kj.value("logit_multiplier").toDouble(), k.logitMultiplier);
        }
    }
}

QTEST_GUILESS_MAIN(TestModelLayers)
#include "tst_model_layers.moc"
