// The config reader (core/models, models.md M1-M3): every M2 rule against the formulas written
// again in model_reference.h, the three parameter forms and their aliases, and the M3 refusals.
#include <QtTest>

#include "core/models/model_config.h"
#include "model_reference.h"
#include "tests/common/bad_model_configs.h"

using namespace poslab;
namespace ref = poslab::test::ref;

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void frequencies_data();
    void frequencies();
    void refusals_data();
    void refusals();
    void unreadableFile();
    void yarnFactorNote();
};

namespace {

constexpr qint64 kNoSeq = -1;

void row(const char* tag, const char* json, qint64 seq, const char* kind, const ref::Vec& inv,
         double attention, double logit, const ref::Classes& cls = {}) {
    QTest::newRow(tag) << QString(json) << seq << QString(kind) << inv << attention << logit << cls;
}

void row(const char* tag, const char* json, qint64 seq, const char* kind, const ref::Result& r,
         double attention, double logit) {
    row(tag, json, seq, kind, r.inv, attention, logit, r.cls);
}

ref::Classes allOf(int n, int c) {
    return ref::Classes(n, c);
}

void plainRows() {
    row("default v4", R"({"hidden_size": 512, "num_attention_heads": 8, "rope_theta": 10000})",
        kNoSeq, "full_attention", ref::plain(1e4, 64, 32), 1, 1, allOf(32, 0));
    row("rope_theta default 10000", R"({"head_dim": 16, "rope_scaling": null})", kNoSeq,
        "full_attention", ref::plain(1e4, 16, 8), 1, 1, allOf(8, 0));
    row("mrope is unscaled",
        R"({"head_dim": 32, "rope_theta": 1e6,
            "rope_scaling": {"type": "mrope", "mrope_section": [4, 6, 6]}})",
        kNoSeq, "full_attention", ref::plain(1e6, 32, 16), 1, 1, allOf(16, 0));
    row("top-level partial_rotary_factor overrides the set's",
        R"({"head_dim": 128, "partial_rotary_factor": 0.5, "rope_parameters": {
            "rope_type": "default", "rope_theta": 1e4, "partial_rotary_factor": 0.25}})",
        kNoSeq, "full_attention", ref::plain(1e4, 64, 32), 1, 1);
    row("set rope_theta wins over the top level",
        R"({"head_dim": 64, "rope_theta": 1e4,
            "rope_parameters": {"rope_type": "default", "rope_theta": 1e6}})",
        kNoSeq, "full_attention", ref::plain(1e6, 64, 32), 1, 1);
    row("linear",
        R"({"head_dim": 64, "rope_theta": 1e4,
            "rope_scaling": {"rope_type": "linear", "factor": 4}})",
        kNoSeq, "full_attention", ref::divided(ref::plain(1e4, 64, 32), 4), 1, 1, allOf(32, 2));
    row("v5 flat",
        R"({"head_dim": 64, "rope_parameters": {"rope_type": "linear", "factor": 2,
            "rope_theta": 5e5}})",
        kNoSeq, "full_attention", ref::divided(ref::plain(5e5, 64, 32), 2), 1, 1);
    row("text_config wrapper, rope_theta from the top level",
        R"({"model_type": "wrapper", "rope_theta": 5e5, "text_config": {"head_dim": 64,
            "rope_scaling": {"rope_type": "linear", "factor": 2}}})",
        kNoSeq, "full_attention", ref::divided(ref::plain(5e5, 64, 32), 2), 1, 1);
    const char* dyn = R"({"head_dim": 64, "max_position_embeddings": 2048,
                          "rope_scaling": {"rope_type": "dynamic", "factor": 2}})";
    row("dynamic at M", dyn, kNoSeq, "full_attention", ref::plain(1e4, 64, 32), 1, 1, allOf(32, 0));
    row("dynamic below M", dyn, 1000, "full_attention", ref::plain(1e4, 64, 32), 1, 1);
    row("dynamic s 8192", dyn, 8192, "full_attention", ref::dynamic(1e4, 64, 2, 2048, 8192), 1, 1);
}

void yarnRows() {
    const double a8 = 0.1 * std::log(8.0) + 1;
    row("yarn",
        R"({"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {
            "rope_type": "yarn", "factor": 8, "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 8, 4096, 32, 1, true), a8, a8 * a8);
    row("yarn type alias",
        R"({"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {
            "type": "yarn", "factor": 8, "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 8, 4096, 32, 1, true), a8, a8 * a8);
    const double a32 = 0.1 * std::log(32.0) + 1;
    row("yarn truncate false (gpt-oss)",
        R"({"head_dim": 64, "rope_theta": 150000, "max_position_embeddings": 131072,
            "rope_scaling": {"rope_type": "yarn", "factor": 32, "beta_fast": 32.0,
            "beta_slow": 1.0, "original_max_position_embeddings": 4096, "truncate": false}})",
        kNoSeq, "full_attention", ref::yarn(150000, 64, 32, 4096, 32, 1, false), a32, a32 * a32);
    row("yarn betas",
        R"({"head_dim": 128, "rope_theta": 1e6, "max_position_embeddings": 65536,
            "rope_scaling": {"rope_type": "yarn", "factor": 16, "beta_fast": 16,
            "beta_slow": 2, "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e6, 128, 16, 4096, 16, 2, true),
        0.1 * std::log(16.0) + 1, std::pow(0.1 * std::log(16.0) + 1, 2));
    row("yarn attention_factor given",
        R"({"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {
            "rope_type": "yarn", "factor": 8, "attention_factor": 1.5,
            "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 8, 4096, 32, 1, true), 1.5, 2.25);
    const double am = ref::getMscale(8, 0.707) / ref::getMscale(8, 1.0);
    row("yarn mscale / mscale_all_dim",
        R"({"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {
            "rope_type": "yarn", "factor": 8, "mscale": 0.707, "mscale_all_dim": 1.0,
            "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 8, 4096, 32, 1, true), am, am * am);
    row("yarn mscale 0 falls back",
        R"({"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {
            "rope_type": "yarn", "factor": 8, "mscale": 0, "mscale_all_dim": 1.0,
            "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 8, 4096, 32, 1, true), a8, a8 * a8);
    row("yarn factor missing -> max / L",
        R"({"head_dim": 64, "max_position_embeddings": 131072, "rope_scaling": {
            "rope_type": "yarn", "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 32, 4096, 32, 1, true), a32, a32 * a32);
    row("yarn top-level L wins over the set's",
        R"({"head_dim": 64, "max_position_embeddings": 16384,
            "original_max_position_embeddings": 2048, "rope_scaling": {
            "rope_type": "yarn", "factor": 8, "original_max_position_embeddings": 4096}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 8, 2048, 32, 1, true), a8, a8 * a8);
    // DeepSeek-V3 (published config): rotary dim qk_rope_head_dim, a = get_mscale(f, mscale) /
    // get_mscale(f, mscale_all_dim), and the softmax gain m^2, m = get_mscale(f, mscale_all_dim).
    const double a = ref::getMscale(40, 1.0) / ref::getMscale(40, 1.0);
    const double m = 0.1 * 1.0 * std::log(40.0) + 1;
    row("deepseek-v3",
        R"({"model_type": "deepseek_v3", "hidden_size": 7168, "num_attention_heads": 128,
            "num_hidden_layers": 61, "max_position_embeddings": 163840, "qk_rope_head_dim": 64,
            "qk_nope_head_dim": 128, "rope_theta": 10000, "rope_scaling": {"beta_fast": 32,
            "beta_slow": 1, "factor": 40, "mscale": 1.0, "mscale_all_dim": 1.0,
            "original_max_position_embeddings": 4096, "type": "yarn"}})",
        kNoSeq, "full_attention", ref::yarn(1e4, 64, 40, 4096, 32, 1, true), a, a * a * m * m);
}

void longropeRows() {
    const char* lr = R"({"head_dim": 8, "max_position_embeddings": 16384,
        "original_max_position_embeddings": 4096, "rope_scaling": {"type": "longrope",
        "short_factor": [1, 1.5, 2, 3], "long_factor": [2, 4, 8, 16]}})";
    const ref::Vec shortF = {1, 1.5, 2, 3}, longF = {2, 4, 8, 16};
    const double a4 = std::sqrt(1 + std::log(4.0) / std::log(4096.0));
    row("longrope short (no seq)", lr, kNoSeq, "full_attention", ref::longrope(1e4, 8, shortF), a4,
        a4 * a4, {0, 2, 2, 2});
    row("longrope short at s = L", lr, 4096, "full_attention", ref::longrope(1e4, 8, shortF), a4,
        a4 * a4);
    row("longrope long at s = L + 1", lr, 4097, "full_attention", ref::longrope(1e4, 8, longF), a4,
        a4 * a4, allOf(4, 2));
    row("longrope su alias",
        R"({"head_dim": 8, "max_position_embeddings": 16384,
            "original_max_position_embeddings": 4096, "rope_scaling": {"type": "su",
            "short_factor": [1, 1.5, 2, 3], "long_factor": [2, 4, 8, 16]}})",
        kNoSeq, "full_attention", ref::longrope(1e4, 8, shortF), a4, a4 * a4);
    const double a2 = std::sqrt(1 + std::log(2.0) / std::log(4096.0));
    row("longrope factor given, L in the set",
        R"({"head_dim": 8, "rope_theta": 1e6, "max_position_embeddings": 16384,
            "rope_scaling": {"rope_type": "longrope", "factor": 2,
            "original_max_position_embeddings": 4096,
            "short_factor": [1, 1.5, 2, 3], "long_factor": [2, 4, 8, 16]}})",
        kNoSeq, "full_attention", ref::longrope(1e6, 8, shortF), a2, a2 * a2);
    row("longrope attention_factor given",
        R"({"head_dim": 8, "max_position_embeddings": 16384,
            "original_max_position_embeddings": 4096, "rope_scaling": {"type": "longrope",
            "attention_factor": 1.25, "short_factor": [1, 1.5, 2, 3],
            "long_factor": [2, 4, 8, 16]}})",
        kNoSeq, "full_attention", ref::longrope(1e4, 8, shortF), 1.25, 1.5625);
}

void llama3AndProportionalRows() {
    row("llama3 (Llama 3.1 8B)",
        R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
            "rope_theta": 500000.0, "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0,
            "high_freq_factor": 4.0, "original_max_position_embeddings": 8192,
            "rope_type": "llama3"}})",
        kNoSeq, "full_attention", ref::llama3(5e5, 128, 8, 1, 4, 8192), 1, 1);
    row("llama3 high == low (Llama 4 Scout)",
        R"({"head_dim": 128, "max_position_embeddings": 10485760, "rope_theta": 500000.0,
            "rope_scaling": {"factor": 16.0, "high_freq_factor": 1.0, "low_freq_factor": 1.0,
            "original_max_position_embeddings": 8192, "rope_type": "llama3"}})",
        kNoSeq, "full_attention", ref::llama3(5e5, 128, 16, 1, 1, 8192), 1, 1);
    row("proportional p 0.25, head_dim 512",
        R"({"head_dim": 512, "rope_theta": 1e6, "rope_parameters": {
            "rope_type": "proportional", "partial_rotary_factor": 0.25, "rope_theta": 1e6}})",
        kNoSeq, "full_attention", ref::proportional(1e6, 512, 0.25, 1), 1, 1, allOf(256, 0));
    row("proportional with factor",
        R"({"head_dim": 128, "rope_scaling": {"rope_type": "proportional", "factor": 8},
            "partial_rotary_factor": 0.5})",
        kNoSeq, "full_attention", ref::proportional(1e4, 128, 0.5, 8), 1, 1);
    // Gemma 4 style: v5 nested sets per layer type; full layers use global_head_dim.
    const char* nested = R"({"head_dim": 256, "global_head_dim": 512, "num_hidden_layers": 6,
        "layer_types": ["sliding_attention", "sliding_attention", "full_attention",
                        "sliding_attention", "sliding_attention", "full_attention"],
        "rope_parameters": {"sliding_attention": {"rope_type": "default", "rope_theta": 10000},
                            "full_attention": {"rope_type": "proportional",
                                               "partial_rotary_factor": 0.25,
                                               "rope_theta": 1000000}}})";
    row("v5 nested: sliding", nested, kNoSeq, "sliding_attention", ref::plain(1e4, 256, 128), 1, 1);
    row("v5 nested: full (global_head_dim)", nested, kNoSeq, "full_attention",
        ref::proportional(1e6, 512, 0.25, 1), 1, 1);
    const char* gemma3 = R"({"model_type": "gemma3", "text_config": {"head_dim": 128,
        "num_hidden_layers": 12, "rope_theta": 1000000.0, "rope_local_base_freq": 10000.0,
        "rope_scaling": {"factor": 8.0, "rope_type": "linear"}}})";
    row("gemma 3: local layers unscaled", gemma3, kNoSeq, "sliding_attention",
        ref::plain(1e4, 128, 64), 1, 1);
    row("gemma 3: global layers scaled", gemma3, kNoSeq, "full_attention",
        ref::divided(ref::plain(1e6, 128, 64), 8), 1, 1);
}

}  // namespace

void TestModels::frequencies_data() {
    QTest::addColumn<QString>("config");
    QTest::addColumn<qint64>("seqLen");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<ref::Vec>("inv");
    QTest::addColumn<double>("attention");
    QTest::addColumn<double>("logit");
    QTest::addColumn<ref::Classes>("classes");
    plainRows();
    yarnRows();
    longropeRows();
    llama3AndProportionalRows();
}

void TestModels::frequencies() {
    QFETCH(QString, config);
    QFETCH(qint64, seqLen);
    QFETCH(QString, kind);
    QFETCH(ref::Vec, inv);
    QFETCH(double, attention);
    QFETCH(double, logit);
    QFETCH(ref::Classes, classes);
    auto got = core::models::readModelConfigText(
        config.toStdString(), seqLen < 0 ? std::nullopt : std::optional<std::int64_t>(seqLen));
    QVERIFY2(got.ok(), got ? "" : got.error().message.c_str());
    const core::models::KindInfo* k = got->kind(kind.toStdString());
    QVERIFY(k);
    QVERIFY(k->rope);
    QCOMPARE(k->invFreq.size(), static_cast<std::size_t>(inv.size()));
    const double err = ref::maxRelDiff(k->invFreq, inv);
    QVERIFY2(err < 1e-12, qPrintable(QString("max relative error %1").arg(err)));
    QVERIFY(std::abs(k->attentionFactor - attention) <= 1e-12 * attention);
    QVERIFY(std::abs(k->logitMultiplier - logit) <= 1e-12 * logit);
    if (!classes.isEmpty())
        QCOMPARE(ref::Classes(k->pairClass.begin(), k->pairClass.end()), classes);
}

void TestModels::refusals_data() {
    QTest::addColumn<QString>("config");
    QTest::addColumn<QString>("key");
    for (const auto& bad : test::badModelConfigs())
        QTest::newRow(bad.tag) << QString(bad.json) << QString(bad.key);
    QVERIFY(test::badModelConfigs().size() >= 15);
}

void TestModels::refusals() {
    QFETCH(QString, config);
    QFETCH(QString, key);
    auto got = core::models::readModelConfigText(config.toStdString());
    QVERIFY(!got.ok());
    QCOMPARE(got.error().code, core::Errc::InvalidParameter);
    const QString message = QString::fromStdString(got.error().message);
    QVERIFY2(message.contains(key), qPrintable(message));
    QVERIFY2(!message.contains('\n'), qPrintable(message));
}

void TestModels::unreadableFile() {
    auto got = core::models::readModelConfigFile("/nonexistent/config.json");
    QVERIFY(!got.ok());
    QCOMPARE(got.error().code, core::Errc::Io);
}

void TestModels::yarnFactorNote() {
    // HF warns when a yarn factor differs from max / L: a note, not an error (M3).
    auto got = core::models::readModelConfigText(
        R"({"head_dim": 64, "max_position_embeddings": 32768, "rope_scaling": {
            "type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32768}})");
    QVERIFY(got.ok());
    QVERIFY(!got->notes.empty());
    QVERIFY(QString::fromStdString(got->notes.front()).contains("factor"));
}

QTEST_GUILESS_MAIN(TestModels)
#include "tst_models.moc"
