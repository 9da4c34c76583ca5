// models.md M5 on small hand-written configs, one rule per row: the layer map of hybrid models
// (NoPE marks with layer_types, the local base of sliding layers, linear attention, windows),
// which encoding a config implies and the parameters it hands to that encoding, the family rules
// for RoPE keys, the new keys' refusals and the notes that keep nothing silent. The published
// configs themselves are tst_model_families.
#include <QtTest>

#include <cmath>

#include "core/models/model_config.h"

using namespace poslab;
using core::models::KindInfo;
using core::models::ModelConfig;

namespace {

ModelConfig read(const QString& json, std::optional<std::int64_t> seq = std::nullopt) {
    auto got = core::models::readModelConfigText(json.toStdString(), seq);
    if (!got) qWarning("%s", got.error().message.c_str());
    return got ? *got : ModelConfig{};
}

// "full_attention x3, full_attention:nope, ..." as run lengths, to compare layer maps briefly.
QString runs(const std::vector<std::string>& layers) {
    QStringList out;
    for (std::size_t i = 0; i < layers.size();) {
        std::size_t j = i;
        while (j < layers.size() && layers[j] == layers[i]) ++j;
        out << QString::fromStdString(layers[i]) + (j - i > 1 ? QString(" x%1").arg(j - i) : "");
        i = j;
    }
    return out.join(", ");
}

QString params(const std::vector<core::models::ParamText>& p) {
    QStringList out;
    for (const auto& [k, v] : p) out << QString::fromStdString(k + "=" + v);
    return out.join(" ");
}

// The frequency of pair j in a plain RoPE of base b over d rotary dims.
double inv(double b, int j, int d) {
    return std::pow(b, -2.0 * j / d);
}

}  // namespace

class TestModelM5 : public QObject {
    Q_OBJECT
private slots:
    void layerMap_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("layers");
        QTest::newRow("NoPE marks combine with layer_types (SmolLM3)")
            << R"({"model_type": "smollm3", "head_dim": 64, "num_hidden_layers": 8,
                   "no_rope_layer_interval": 4, "layer_types": ["full_attention",
                   "full_attention", "full_attention", "full_attention", "full_attention",
                   "full_attention", "full_attention", "full_attention"]})"
            << "full_attention x3, full_attention:nope, full_attention x3, full_attention:nope";
        QTest::newRow("no_rope_layers list wins over the interval")
            << R"({"model_type": "smollm3", "head_dim": 64, "num_hidden_layers": 3,
                   "no_rope_layer_interval": 2, "no_rope_layers": [1, 1, 0]})"
            << "rope x2, nope";
        QTest::newRow("Llama 4 without layer_types keeps rope / nope")
            << R"({"model_type": "llama4_text", "head_dim": 64, "num_hidden_layers": 4,
                   "no_rope_layer_interval": 4})"
            << "rope x3, nope";
        QTest::newRow("full_attention_interval (Qwen3-Next)")
            << R"({"model_type": "qwen3_next", "head_dim": 64, "num_hidden_layers": 8,
                   "full_attention_interval": 4, "rope_theta": 1e7})"
            << "linear_attention x3, full_attention, linear_attention x3, full_attention";
        QTest::newRow("mamba and conv layers")
            << R"({"model_type": "lfm2", "head_dim": 64, "num_hidden_layers": 3,
                   "layer_types": ["conv", "full_attention", "mamba"]})"
            << "conv, full_attention, mamba";
        QTest::newRow("Gemma 2 without layer_types alternates")
            << R"({"model_type": "gemma2", "head_dim": 256, "num_hidden_layers": 4,
                   "sliding_window": 4096})"
            << "sliding_attention, full_attention, sliding_attention, full_attention";
        QTest::newRow("Cohere 2: full attention carries no RoPE")
            << R"({"model_type": "cohere2", "head_dim": 128, "num_hidden_layers": 4,
                   "sliding_window": 4096, "sliding_window_pattern": 4})"
            << "sliding_attention x3, full_attention:nope";
    }
    void layerMap() {
        QFETCH(QString, config);
        QFETCH(QString, layers);
        const ModelConfig c = read(config);
        QCOMPARE(runs(c.layers), layers);
        for (const KindInfo& k : c.kinds) {
            const QString name = QString::fromStdString(k.name);
            const bool attention = (name.endsWith("_attention") && name != "linear_attention") ||
                                   name.endsWith(":nope") || name == "rope" || name == "nope";
            QCOMPARE(k.attention, attention);
            QCOMPARE(k.rope, attention && !name.endsWith("nope"));
            QCOMPARE(QString::fromStdString(k.encoding), !attention ? "none"
                                                         : k.rope   ? "rope"
                                                                    : "nope");
        }
    }

    // Gemma 3n: rope_local_base_freq for every sliding layer, also with layer_types.
    void localBaseWithLayerTypes() {
        const ModelConfig c = read(R"({"model_type": "gemma3n_text", "head_dim": 256,
            "num_hidden_layers": 5, "rope_theta": 1000000, "rope_local_base_freq": 10000,
            "sliding_window": 512, "layer_types": ["sliding_attention", "sliding_attention",
            "sliding_attention", "sliding_attention", "full_attention"]})");
        const KindInfo* s = c.kind("sliding_attention");
        const KindInfo* f = c.kind("full_attention");
        QVERIFY(s && f);
        QCOMPARE(s->ropeTheta, 10000.0);
        QCOMPARE(f->ropeTheta, 1000000.0);
        QCOMPARE(s->window.value_or(-1), 512);
        QVERIFY(!f->window);
    }

    void windows_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<qint64>("window");  // of the first kind; -1 none
        QTest::newRow("Mistral: every layer") << R"({"model_type": "mistral", "head_dim": 128,
            "sliding_window": 4096})" << qint64(4096);
        QTest::newRow("use_sliding_window false") << R"({"model_type": "qwen2", "head_dim": 128,
            "sliding_window": 131072, "use_sliding_window": false})"
                                                  << qint64(-1);
        QTest::newRow("sliding_window null") << R"({"model_type": "mistral", "head_dim": 128,
            "sliding_window": null})" << qint64(-1);
    }
    void windows() {
        QFETCH(QString, config);
        QFETCH(qint64, window);
        const ModelConfig c = read(config);
        QVERIFY(!c.kinds.empty());
        QCOMPARE(qint64(c.kinds.front().window.value_or(-1)), window);
    }

    void encodings_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("summary");  // a part of it
        QTest::addColumn<QString>("params");   // of the first kind
        QTest::newRow("BLOOM") << R"({"model_type": "bloom", "n_head": 112, "n_layer": 70,
            "hidden_size": 14336})"
                               << "alibi"
                               << "112 heads (BLOOM rule)"
                               << "heads=112 slopes=paper causal=true";
        QTest::newRow("MPT") << R"({"model_type": "mpt", "n_heads": 32, "n_layers": 32,
            "d_model": 4096, "max_seq_len": 2048, "learned_pos_emb": true,
            "attn_config": {"alibi": true, "alibi_bias_max": 8}})"
                             << "alibi"
                             << "MPT rule"
                             << "heads=32 slopes=mpt bias_max=8 causal=true";
        QTest::newRow("Falcon-RW alibi") << R"({"model_type": "falcon", "alibi": true,
            "num_attention_heads": 32, "hidden_size": 2048})"
                                         << "alibi"
                                         << "32 heads"
                                         << "heads=32 slopes=paper causal=true";
        QTest::newRow("T5") << R"({"model_type": "t5", "num_heads": 12, "num_layers": 12,
            "d_kv": 64, "relative_attention_num_buckets": 32,
            "relative_attention_max_distance": 128})"
                            << "t5"
                            << "32 buckets"
                            << "heads=12 num_buckets=32 max_distance=128 bidirectional=true";
        QTest::newRow("GPT-2") << R"({"model_type": "gpt2", "n_positions": 1024, "n_embd": 768,
            "n_head": 12, "n_layer": 12})"
                               << "learned"
                               << "1024 positions"
                               << "n=1024 d=768";
        QTest::newRow("OPT offset 2") << R"({"model_type": "opt", "max_position_embeddings": 2048,
            "hidden_size": 768, "num_attention_heads": 12})"
                                      << "learned"
                                      << "index offset 2"
                                      << "n=2048 d=768";
        QTest::newRow("RoBERTa padding_idx + 1") << R"({"model_type": "roberta",
            "max_position_embeddings": 514, "hidden_size": 768, "num_attention_heads": 12,
            "pad_token_id": 1, "position_embedding_type": "absolute"})"
                                                 << "learned"
                                                 << "index offset 2"
                                                 << "n=514 d=768";
        QTest::newRow("BERT relative_key is Shaw") << R"({"model_type": "bert",
            "max_position_embeddings": 512, "hidden_size": 768, "num_attention_heads": 12,
            "position_embedding_type": "relative_key"})"
                                                   << "shaw"
                                                   << "clip 511"
                                                   << "clip=511 d=64";
        QTest::newRow("M-RoPE") << R"({"model_type": "qwen2_vl", "head_dim": 128,
            "rope_theta": 1000000, "rope_scaling": {"type": "mrope",
            "mrope_section": [16, 24, 24]}})"
                                << "mrope"
                                << "M-RoPE"
                                << "";
        QTest::newRow("RoPE by model_type") << R"({"model_type": "olmo2", "head_dim": 128})"
                                            << "rope"
                                            << "RoPE"
                                            << "";
    }
    void encodings() {
        QFETCH(QString, config);
        QFETCH(QString, encoding);
        QFETCH(QString, summary);
        QFETCH(QString, params);
        const ModelConfig c = read(config);
        QCOMPARE(QString::fromStdString(c.encoding.id), encoding);
        QVERIFY2(QString::fromStdString(c.encoding.summary).contains(summary),
                 c.encoding.summary.c_str());
        QVERIFY(!c.kinds.empty());
        QCOMPARE(::params(c.kinds.front().encodingParams), params);
        if (encoding != "rope" && encoding != "mrope")
            QCOMPARE(::params(c.encoding.params), params);
    }

    // T5 lists both stacks: the encoder bidirectional, the decoder causal.
    void t5Stacks() {
        const ModelConfig c = read(R"({"model_type": "t5", "num_heads": 8, "num_layers": 6,
            "num_decoder_layers": 4, "relative_attention_num_buckets": 32})");
        QCOMPARE(runs(c.layers), QString("encoder x6, decoder x4"));
        QVERIFY(params(c.kind("decoder")->encodingParams).endsWith("bidirectional=false"));
        QVERIFY(params(c.kind("decoder")->encodingParams).contains("max_distance=128"));
    }

    void familyRules_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<qint64>("seq");  // -1: none
        QTest::addColumn<int>("rotary");
        QTest::addColumn<double>("base");
        QTest::addColumn<QString>("pairing");
        QTest::addColumn<double>("inv1");  // inv_freq[1]
        const qint64 none = -1;
        QTest::newRow("GPT-NeoX rotary_pct 0.25") << R"({"model_type": "gpt_neox",
            "hidden_size": 6144, "num_attention_heads": 64, "rotary_pct": 0.25,
            "rotary_emb_base": 10000})" << none << 24
                                                  << 1e4 << "half" << inv(1e4, 1, 24);
        QTest::newRow("GPT-NeoX default rotary_pct")
            << R"({"model_type": "gpt_neox",
            "hidden_size": 512, "num_attention_heads": 8})"
            << none << 16 << 1e4 << "half" << inv(1e4, 1, 16);
        QTest::newRow("GPT-J rotary_dim, interleaved")
            << R"({"model_type": "gptj",
            "n_embd": 4096, "n_head": 16, "rotary_dim": 64, "n_positions": 2048})"
            << none << 64 << 1e4 << "interleaved" << inv(1e4, 1, 64);
        QTest::newRow("phi-msft rotary_dim, half")
            << R"({"model_type": "phi-msft",
            "n_embd": 2560, "n_head": 32, "rotary_dim": 32})"
            << none << 32 << 1e4 << "half" << inv(1e4, 1, 32);
        QTest::newRow("ChatGLM kv_channels / 2, rope_ratio")
            << R"({"model_type": "chatglm",
            "kv_channels": 128, "num_layers": 40, "seq_length": 131072, "rope_ratio": 500,
            "hidden_size": 4096, "num_attention_heads": 32})"
            << none << 64 << 5e6 << "interleaved" << inv(5e6, 1, 64);
        QTest::newRow("GLM-4 partial 0.5 by default")
            << R"({"model_type": "glm4",
            "head_dim": 128, "rope_theta": 10000})"
            << none << 64 << 1e4 << "interleaved" << inv(1e4, 1, 64);
        QTest::newRow("GLM-4 MoE partial 0.5, half") << R"({"model_type": "glm4_moe",
            "head_dim": 128, "rope_theta": 1000000})" << none
                                                     << 64 << 1e6 << "half" << inv(1e6, 1, 64);
        QTest::newRow("Cohere interleaved") << R"({"model_type": "cohere", "head_dim": 128,
            "rope_theta": 8000000})" << none << 128
                                            << 8e6 << "interleaved" << inv(8e6, 1, 128);
        QTest::newRow("Hunyuan NTK alpha")
            << R"({"model_type": "hunyuan_v1_dense",
            "head_dim": 128, "rope_theta": 10000, "rope_scaling": {"type": "dynamic",
            "alpha": 1000.0, "factor": 1.0}})"
            << none << 128 << 1e4 * std::pow(1000.0, 128.0 / 126) << "half"
            << inv(1e4 * std::pow(1000.0, 128.0 / 126), 1, 128);
        QTest::newRow("Qwen v1 up to seq_length") << R"({"model_type": "qwen", "kv_channels": 128,
            "rotary_pct": 1.0, "rotary_emb_base": 10000, "seq_length": 8192,
            "use_dynamic_ntk": true})" << none << 128
                                                  << 1e4 << "half" << inv(1e4, 1, 128);
        QTest::newRow("Qwen v1 dynamic NTK at 131072: alpha 31")
            << R"({"model_type": "qwen", "kv_channels": 128, "rotary_pct": 1.0,
                   "rotary_emb_base": 10000, "seq_length": 8192, "use_dynamic_ntk": true})"
            << qint64(131072) << 128 << 1e4 * std::pow(31.0, 128.0 / 126) << "half"
            << inv(1e4 * std::pow(31.0, 128.0 / 126), 1, 128);
    }
    void familyRules() {
        QFETCH(QString, config);
        QFETCH(qint64, seq);
        QFETCH(int, rotary);
        QFETCH(double, base);
        QFETCH(QString, pairing);
        QFETCH(double, inv1);
        const ModelConfig c = read(config, seq < 0 ? std::nullopt : std::optional<qint64>(seq));
        QVERIFY(!c.kinds.empty());
        const KindInfo& k = c.kinds.front();
        QCOMPARE(int(k.rotaryDim), rotary);
        QCOMPARE(int(k.invFreq.size()), rotary / 2);
        QCOMPARE(QString::fromStdString(k.pairing), pairing);
        QVERIFY(!k.pairingSource.empty());
        // The base actually used shows as the second pair's frequency.
        QVERIFY2(std::abs(k.invFreq[1] / inv1 - 1) < 1e-12, qPrintable(QString::number(base)));
        QCOMPARE(k.invFreq[0], 1.0);
    }

    void qwenLogn() {
        const ModelConfig c = read(R"({"model_type": "qwen", "kv_channels": 128,
            "seq_length": 8192, "use_logn_attn": true})");
        QVERIFY(c.kinds.front().queryScale);
        QCOMPARE(QString::fromStdString(c.kinds.front().queryScale->kind), QString("qwen_logn"));
        QCOMPARE(c.kinds.front().queryScale->originalMax, 8192);
    }

    void mlaDim() {
        const ModelConfig c = read(R"({"model_type": "kimi_k2", "qk_rope_head_dim": 64,
            "qk_nope_head_dim": 128, "hidden_size": 7168, "num_attention_heads": 64,
            "rope_theta": 50000})");
        QCOMPARE(c.kinds.front().qkHeadDim.value_or(0), 192);
        QCOMPARE(QString::fromStdString(c.kinds.front().pairing), QString("interleaved"));
    }

    void refusals_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("key");
        QTest::newRow("kv_channels odd") << R"({"model_type": "chatglm", "kv_channels": 127})"
                                         << "kv_channels";
        QTest::newRow("rotary_pct 0") << R"({"model_type": "gpt_neox", "hidden_size": 512,
            "num_attention_heads": 8, "rotary_pct": 0})"
                                      << "rotary_pct";
        QTest::newRow("rotary_pct 1.5") << R"({"model_type": "gpt_neox", "hidden_size": 512,
            "num_attention_heads": 8, "rotary_pct": 1.5})"
                                        << "rotary_pct";
        QTest::newRow("alpha negative") << R"({"model_type": "hunyuan_v1_dense", "head_dim": 128,
            "rope_scaling": {"type": "dynamic", "alpha": -1, "factor": 1}})"
                                        << "rope_scaling.alpha";
        QTest::newRow("alibi_bias_max 0") << R"({"model_type": "mpt", "n_heads": 8,
            "attn_config": {"alibi": true, "alibi_bias_max": 0}})"
                                          << "attn_config.alibi_bias_max";
        QTest::newRow("num_buckets 1") << R"({"model_type": "t5", "num_heads": 8,
            "num_layers": 2, "relative_attention_num_buckets": 1})"
                                       << "relative_attention_num_buckets";
        QTest::newRow("layer type empty") << R"({"model_type": "llama", "head_dim": 64,
            "num_hidden_layers": 1, "layer_types": [""]})"
                                          << "layer_types[0]";
        QTest::newRow("nothing to tell") << R"({"model_type": "mystery", "hidden_size": 64})"
                                         << "model_type 'mystery'";
        QTest::newRow("ALiBi without heads") << R"({"model_type": "bloom", "n_layer": 2})"
                                             << "num_attention_heads";
    }
    void refusals() {
        QFETCH(QString, config);
        QFETCH(QString, key);
        const auto got = core::models::readModelConfigText(config.toStdString());
        QVERIFY(!got.ok());
        const QString m = QString::fromStdString(got.error().message);
        QVERIFY2(m.contains(key) && !m.contains('\n'), qPrintable(m));
    }

    void notes_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<qint64>("seq");
        QTest::addColumn<QString>("note");
        QTest::newRow("seq-len beyond max")
            << R"({"model_type": "llama", "head_dim": 128,
            "max_position_embeddings": 8192})"
            << qint64(131072) << "--seq-len 131072 is beyond max_position_embeddings 8192";
        QTest::newRow("dual chunk") << R"({"model_type": "qwen2", "head_dim": 128,
            "dual_chunk_attention_config": {"chunk_size": 262144}})"
                                    << qint64(-1) << "dual_chunk_attention_config: not modelled";
        QTest::newRow("unknown key in a set") << R"({"model_type": "llama", "head_dim": 128,
            "rope_scaling": {"rope_type": "linear", "factor": 2, "magic": 3}})"
                                              << qint64(-1) << "rope_scaling.magic: not modelled";
        QTest::newRow("alpha outside Hunyuan") << R"({"model_type": "llama", "head_dim": 128,
            "rope_scaling": {"rope_type": "linear", "factor": 2, "alpha": 3}})"
                                               << qint64(-1) << "rope_scaling.alpha: not modelled";
        QTest::newRow("MPT's unused table") << R"({"model_type": "mpt", "n_heads": 8,
            "learned_pos_emb": true, "attn_config": {"alibi": true}})"
                                            << qint64(-1) << "learned_pos_emb is not used";
    }
    void notes() {
        QFETCH(QString, config);
        QFETCH(qint64, seq);
        QFETCH(QString, note);
        const ModelConfig c = read(config, seq < 0 ? std::nullopt : std::optional<qint64>(seq));
        QStringList all;
        for (const std::string& n : c.notes) all << QString::fromStdString(n);
        QVERIFY2(all.join("\n").contains(note), qPrintable(all.join(" | ")));
    }
};

QTEST_GUILESS_MAIN(TestModelM5)
#include "tst_model_m5.moc"
