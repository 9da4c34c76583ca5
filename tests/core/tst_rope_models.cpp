// What models need of RoPE (issue 11, models.md M2), as ordinary rope parameters: partial
// rotation, LongRoPE's factor lists and their switch at s = L + 1, proportional RoPE, llama3 with
// high == low, YaRN's truncate / mscale / attention_factor and equal betas (Kimi-K2), DeepSeek's
// logit gain, the query-scale rules (Qwen v1's log-n included), and the "list of reals" parameter
// type (comma list or .npy).
#include <QTemporaryDir>
#include <QtTest>
#include <numbers>

#include "core/encodings/rope_scaling.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;
using test::with;

namespace {

std::string joined(const std::vector<double>& v) {
    std::string out;
    for (std::size_t j = 0; j < v.size(); ++j) out += (j ? "," : "") + core::formatValue(v[j]);
    return out;
}

// Factors >= 1.5 that differ per pair; pair 0 keeps 1 so that one pair is "kept".
std::vector<double> factors(std::size_t count, std::uint64_t seed) {
    const core::RowMatrix r = test::randomMatrix(1, static_cast<std::int64_t>(count), seed);
    std::vector<double> out(count);
    for (std::size_t j = 0; j < count; ++j)
        out[j] = 1.5 + std::abs(r(0, static_cast<std::int64_t>(j)));
    out[0] = 1.0;
    return out;
}

double rel(double a, double b) {
    return std::abs(a - b) / std::max(std::abs(b), 1e-300);
}

}  // namespace

class TstRopeModels : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void partialRotation_data() {
        QTest::addColumn<QString>("pairing");
        QTest::addColumn<double>("p");
        QTest::addColumn<QString>("scaling");
        QTest::addColumn<qint64>("d");
        QTest::newRow("phi half 0.75") << "half" << 0.75 << "none" << qint64(96);
        QTest::newRow("neox interleaved 0.25") << "interleaved" << 0.25 << "none" << qint64(64);
        QTest::newRow("yarn half 0.5") << "half" << 0.5 << "yarn" << qint64(128);
        QTest::newRow("all channels") << "half" << 1.0 << "linear" << qint64(32);
    }
    // The first floor(d p) channels rotate exactly as a d_rot-dimensional RoPE; the rest pass
    // through; scores stay the dot products of the rotated vectors and depend only on k - m.
    void partialRotation() {
        QFETCH(QString, pairing);
        QFETCH(double, p);
        QFETCH(QString, scaling);
        QFETCH(qint64, d);
        const qint64 n = 20, dr = static_cast<qint64>(std::floor(static_cast<double>(d) * p));
        const core::RowMatrix q = test::randomMatrix(1, d, 11), k = test::randomMatrix(1, d, 12);
        const std::string qt = m_dir.filePath("pq.npy").toStdString(),
                          kt = m_dir.filePath("pk.npy").toStdString(),
                          qf = m_dir.filePath("pqv.npy").toStdString(),
                          kf = m_dir.filePath("pkv.npy").toStdString(),
                          head = m_dir.filePath("phead.npy").toStdString();
        test::writeNpyFile(qt, q.replicate(n, 1));
        test::writeNpyFile(kt, k.replicate(n, 1));
        test::writeNpyFile(qf, q, true);
        test::writeNpyFile(kf, k, true);
        test::writeNpyFile(head, q.leftCols(dr).replicate(n, 1));
        const Values base = {{"n", std::int64_t(n)},
                             {"d", std::int64_t(d)},
                             {"pairing", pairing.toStdString()},
                             {"scaling", scaling.toStdString()},
                             {"factor", 4.0},
                             {"offset", std::int64_t(5)},
                             {"partial_rotary_factor", p}};
        QCOMPARE(computeOk("rope", "frequencies", base).size(), dr / 2);
        QCOMPARE(computeOk("rope", "angles", base).shape, (core::Shape{n, dr / 2}));
        const core::RowMatrix rq =
            computeOk("rope", "rotated", with(base, {{"input", qt}})).matrix();
        const core::RowMatrix rk =
            computeOk("rope", "rotated", with(base, {{"input", kt}})).matrix();
        Values small = with(base, {{"d", std::int64_t(dr)}, {"input", head}});
        small.erase(
            std::remove_if(small.begin(), small.end(),
                           [](const auto& kv) { return kv.first == "partial_rotary_factor"; }),
            small.end());
        const core::RowMatrix alone = computeOk("rope", "rotated", small).matrix();
        QCOMPARE((rq.leftCols(dr) - alone).cwiseAbs().maxCoeff(), 0.0);
        for (qint64 i = 0; i < n; ++i) QCOMPARE(rq.row(i).rightCols(d - dr), q.rightCols(d - dr));
        const core::Array s = computeOk("rope", "scores", with(base, {{"q", qf}, {"k", kf}}));
        const core::RowMatrix direct = rq * rk.transpose();
        QVERIFY((s.matrix() - direct).cwiseAbs().maxCoeff() < 1e-11 * direct.cwiseAbs().maxCoeff());
        // With q = k = ones the score at distance 0 is af^2 d_rot + (d - d_rot), on every path.
        const double af = computeOk("rope", "attention_factor", base).at(0);
        const double at0 = af * af * static_cast<double>(dr) + static_cast<double>(d - dr);
        QVERIFY(rel(computeOk("rope", "decay", base).at(0), at0) < 1e-13);
        QVERIFY(rel(computeOk("rope", "scores", base).at(0), at0) < 1e-13);
    }

    // LongRoPE divides pair j by short_factor[j] while s <= L and by long_factor[j] from
    // s = L + 1 on (s: seq_len, else n); the lists come as commas or as a .npy.
    void longropeSwitch() {
        const std::int64_t d = 48, L = 4096;
        const auto shortF = factors(d / 2, 21), longF = factors(d / 2, 22);
        const std::string npy = m_dir.filePath("long.npy").toStdString();
        core::RowMatrix lm(1, d / 2);
        for (std::int64_t j = 0; j < d / 2; ++j) lm(0, j) = longF[static_cast<std::size_t>(j)];
        test::writeNpyFile(npy, lm, true);
        const Values base = {{"d", d},
                             {"scaling", std::string("longrope")},
                             {"factor", 32.0},
                             {"original_max_position", L},
                             {"short_factor", joined(shortF)},
                             {"long_factor", npy}};
        const core::Array plain = computeOk("rope", "frequencies", {{"d", d}});
        for (const auto& [s, table] :
             {std::pair{L, shortF}, std::pair{L + 1, longF}, std::pair{std::int64_t(1), shortF}}) {
            const Values v = with(base, {{"seq_len", s}});
            const core::Array f = computeOk("rope", "frequencies", v);
            const core::Array c = computeOk("rope", "pair_class", v);
            for (std::int64_t j = 0; j < d / 2; ++j) {
                QVERIFY(rel(f.at(j) * table[static_cast<std::size_t>(j)], plain.at(j)) < 1e-15);
                QCOMPARE(c.at(j), j == 0 ? 0.0 : 2.0);
            }
        }
        // n stands for s when seq_len is 0.
        const Values byN = with(base, {{"n", L + 1}});
        QCOMPARE(computeOk("rope", "frequencies", byN).f64,
                 computeOk("rope", "frequencies", with(base, {{"seq_len", L + 1}})).f64);
        // Phi-3.5: f = 131072 / 4096 = 32, so a^2 = 1 + ln 32 / ln 4096 = 1 + 5/12.
        const double a = computeOk("rope", "attention_factor", base).at(0);
        QVERIFY(rel(a * a, 17.0 / 12.0) < 1e-15);
        QCOMPARE(computeOk("rope", "logit_multiplier", base).at(0), a * a);
        QCOMPARE(
            computeOk("rope", "attention_factor", with(base, {{"attention_factor", 1.25}})).at(0),
            1.25);
    }

    void listErrors_data() {
        QTest::addColumn<QString>("shortFactor");
        QTest::addColumn<QString>("message");
        QTest::newRow("too few") << "1,1,1"
                                 << "3 factors, expected d_rot/2 = 4";
        QTest::newRow("not a number") << "1,x,1,1"
                                      << "item 1 ('x')";
        QTest::newRow("zero") << "1,0,1,1"
                              << "item 1";
        QTest::newRow("missing") << ""
                                 << "longrope needs short_factor and long_factor";
        QTest::newRow("no file") << "/nonexistent/f.npy"
                                 << "short_factor";
        QTest::newRow("two-d file") << "2d"
                                    << "expected a 1-D array";
    }
    // A bad list is one line naming the parameter; nothing is computed.
    void listErrors() {
        QFETCH(QString, shortFactor);
        QFETCH(QString, message);
        std::string value = shortFactor.toStdString();
        if (value == "2d") {
            value = m_dir.filePath("twod.npy").toStdString();
            test::writeNpyFile(value, core::RowMatrix::Ones(2, 2));
        }
        const auto* enc = core::registry().find("rope");
        const core::TextParams given = {{"d", "8"},
                                        {"scaling", "longrope"},
                                        {"short_factor", value},
                                        {"long_factor", "1,2,3,4"}};
        std::string error;
        auto p = core::parseParams(*enc, given);
        if (!p) {
            error = p.error().message;
        } else {
            auto prepared = core::prepare(*enc, "frequencies", *p);
            QVERIFY(!prepared);
            error = prepared.error().message;
        }
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY2(error.find("short_factor") != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    // Gemma 4 style: p 0.25 of head dim 512 -> 64 of 256 pairs rotate, with the frequencies of a
    // full 512-dimensional RoPE; the rest are exactly 0 and the decay bound ignores them.
    void proportional() {
        const Values v = {{"d", std::int64_t(512)},
                          {"base", 1e6},
                          {"scaling", std::string("proportional")},
                          {"partial_rotary_factor", 0.25}};
        const core::Array f = computeOk("rope", "frequencies", v);
        const core::Array full =
            computeOk("rope", "frequencies", {{"d", std::int64_t(512)}, {"base", 1e6}});
        QCOMPARE(f.size(), std::int64_t(256));
        int rotating = 0;
        for (std::int64_t j = 0; j < 256; ++j) {
            if (f.at(j) != 0) ++rotating;
            QCOMPARE(f.at(j), j < 64 ? full.at(j) : 0.0);
        }
        QCOMPARE(rotating, 64);
        QCOMPARE(computeOk("rope", "decay_bound", v).at(0), std::numbers::pi / (2.0 * full.at(63)));
        // Zero-frequency pairs never turn: ones score d at every distance from them.
        const core::Array g = computeOk("rope", "decay", with(v, {{"max_distance", 100}}));
        QVERIFY(rel(g.at(0), 512) < 1e-14);
        QVERIFY(g.at(100) > 2.0 * (256 - 64) - 1e-9);
    }

    // Llama 4 Scout: high_freq_factor == low_freq_factor leaves no band: pairs are kept up to
    // wavelength L / high and divided by the factor beyond; nothing is blended.
    void llama3WithoutBand() {
        const Values v = {{"d", std::int64_t(128)},
                          {"base", 5e5},
                          {"scaling", std::string("llama3")},
                          {"factor", 16.0},
                          {"low_freq_factor", 1.0},
                          {"high_freq_factor", 1.0},
                          {"original_max_position", std::int64_t(8192)}};
        const core::Array f = computeOk("rope", "frequencies", v);
        const core::Array c = computeOk("rope", "pair_class", v);
        const core::Array plain =
            computeOk("rope", "frequencies", {{"d", std::int64_t(128)}, {"base", 5e5}});
        int kept = 0, scaled = 0;
        for (std::int64_t j = 0; j < f.size(); ++j) {
            const bool keep = 2 * std::numbers::pi / plain.at(j) <= 8192;
            QCOMPARE(c.at(j), keep ? 0.0 : 2.0);
            QVERIFY(keep ? f.at(j) == plain.at(j) : rel(f.at(j) * 16, plain.at(j)) < 1e-15);
            (keep ? kept : scaled)++;
        }
        QVERIFY(kept > 0 && scaled > 0);
    }

    // YaRN's ramp is affine in j over the blended pairs with or without truncation; GPT-OSS's
    // truncate false moves the ends of the ramp, and so the blended pairs' frequencies.
    void yarnTruncate() {
        const Values v = {{"d", std::int64_t(64)},
                          {"base", 150000.0},
                          {"scaling", std::string("yarn")},
                          {"factor", 32.0},
                          {"original_max_position", std::int64_t(4096)}};
        const core::Array plain =
            computeOk("rope", "frequencies", {{"d", std::int64_t(64)}, {"base", 150000.0}});
        double largest = 0;
        for (bool truncate : {true, false}) {
            const core::Array f =
                computeOk("rope", "frequencies", with(v, {{"truncate", truncate}}));
            const core::Array other =
                computeOk("rope", "frequencies", with(v, {{"truncate", !truncate}}));
            std::vector<double> ramp;
            for (std::int64_t j = 0; j < f.size(); ++j) {
                const double w = (1 - f.at(j) / plain.at(j)) / (1 - 1.0 / 32);
                if (w > 1e-12 && w < 1 - 1e-12) ramp.push_back(w);
                largest = std::max(largest, rel(f.at(j), other.at(j)));
            }
            QVERIFY(ramp.size() >= 3);
            for (std::size_t i = 2; i < ramp.size(); ++i)
                QVERIFY(std::abs(ramp[i] - 2 * ramp[i - 1] + ramp[i - 2]) < 1e-12);
        }
        QVERIFY2(largest > 0.5, qPrintable(QString::number(largest)));
    }

    // DeepSeek-V3: mscale == mscale_all_dim gives a = 1; its softmax gain is the square of the
    // plain YaRN attention factor, so the logit multiplier equals that of YaRN without the keys.
    void deepseekGain() {
        const Values v = {{"d", std::int64_t(64)},
                          {"scaling", std::string("yarn")},
                          {"factor", 40.0},
                          {"original_max_position", std::int64_t(4096)}};
        const Values ds = with(v, {{"mscale", 1.0}, {"mscale_all_dim", 1.0}});
        QCOMPARE(computeOk("rope", "attention_factor", ds).at(0), 1.0);
        QCOMPARE(computeOk("rope", "logit_multiplier", ds).at(0), 1.0);
        const double plainA = computeOk("rope", "attention_factor", v).at(0);
        const double gained = computeOk("rope", "logit_multiplier",
                                        with(ds, {{"logit_gain", std::string("deepseek")}}))
                                  .at(0);
        QCOMPARE(gained, plainA * plainA);
        QVERIFY(std::abs(gained - 1.87385) < 1e-5);
    }

    // beta_fast == beta_slow is valid (models.md M5.3). Kimi-K2 publishes rope_theta 50000, yarn
    // factor 32, original_max_position_embeddings 4096, beta_fast = beta_slow = 1, mscale =
    // mscale_all_dim = 1, qk_rope_head_dim 64. transformers' _compute_yarn_parameters:
    // c(1) = 64 ln(4096 / 2 pi) / (2 ln 50000) = 19.1646; low = floor = 19, high = ceil = 20, so
    // ramp_j = clamp(j - 19, 0, 1): pairs 0-19 keep b^(-2j/64), pairs 20-31 are divided by 32,
    // none is blended. Untruncated, low = 19.1646 and high = low + 0.001 (low == high): the same
    // step. Betas of 700: c = 64 ln(651.9 / 700) / 21.64 = -0.21, low = max(-1, 0) = 0 and
    // high = min(ceil(-0.21), 63) = 0 == low, so high = 0.001: only pair 0 is kept.
    void yarnEqualBetas_data() {
        QTest::addColumn<double>("beta");
        QTest::addColumn<bool>("truncate");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<qint64>("lastKept");
        const double c = 64 * std::log(4096 / (2 * std::numbers::pi)) / (2 * std::log(50000.0));
        QTest::newRow("Kimi-K2") << 1.0 << true << 19.0 << 20.0 << qint64(19);
        QTest::newRow("Kimi-K2 untruncated") << 1.0 << false << c << c + 0.001 << qint64(19);
        QTest::newRow("betas 700, low == high") << 700.0 << true << 0.0 << 0.001 << qint64(0);
    }
    void yarnEqualBetas() {
        QFETCH(double, beta);
        QFETCH(bool, truncate);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(qint64, lastKept);
        const Values plainValues = {{"d", std::int64_t(64)}, {"base", 50000.0}};
        const Values v = with(plainValues, {{"scaling", std::string("yarn")},
                                            {"factor", 32.0},
                                            {"original_max_position", std::int64_t(4096)},
                                            {"beta_fast", beta},
                                            {"beta_slow", beta},
                                            {"mscale", 1.0},
                                            {"mscale_all_dim", 1.0},
                                            {"truncate", truncate}});
        core::enc::RopeFrequencyParams r;
        r.d = 64;
        r.base = 50000;
        r.scaling = "yarn";
        r.factor = 32;
        r.originalMaxPosition = 4096;
        r.betaFast = r.betaSlow = beta;
        r.truncate = truncate;
        const auto ramp = core::enc::yarnRamp(r);
        QVERIFY2(std::abs(ramp.low - low) < 1e-12 && std::abs(ramp.high - high) < 1e-12,
                 qPrintable(QString("%1 %2").arg(ramp.low, 0, 'g', 17).arg(ramp.high, 0, 'g', 17)));
        const core::Array f = computeOk("rope", "frequencies", v);
        const core::Array c = computeOk("rope", "pair_class", v);
        QCOMPARE(f.size(), std::int64_t(32));
        for (std::int64_t j = 0; j < 32; ++j) {
            const double inv = std::pow(50000.0, -2.0 * double(j) / 64);
            const bool kept = j <= lastKept;
            QVERIFY2(rel(f.at(j), kept ? inv : inv / 32) < 1e-15, qPrintable(QString::number(j)));
            QCOMPARE(c.at(j), kept ? 0.0 : 2.0);
        }
        // mscale == mscale_all_dim: a = 1; DeepSeek's softmax gain (0.1 ln 32 + 1)^2.
        QCOMPARE(computeOk("rope", "attention_factor", v).at(0), 1.0);
        const double m = 0.1 * std::log(32.0) + 1;
        QVERIFY(rel(computeOk("rope", "logit_multiplier",
                              with(v, {{"logit_gain", std::string("deepseek")}}))
                        .at(0),
                    m * m) < 1e-15);
    }
    // beta_fast below beta_slow is still refused, naming beta_fast.
    void yarnBetasReversed() {
        const std::string e = test::computeError("rope", "frequencies",
                                                 {{"scaling", std::string("yarn")},
                                                  {"factor", 4.0},
                                                  {"beta_fast", 1.0},
                                                  {"beta_slow", 1.5}});
        QVERIFY2(e.find("'beta_fast'") != std::string::npos &&
                     e.find("must not be below beta_slow = 1.5") != std::string::npos,
                 e.c_str());
    }

    // Qwen v1 use_logn_attn (modeling_qwen.py): the query at 0-based position p is multiplied by
    // logn_list[p] = log_L(p + 1) when p + 1 > L, else 1 (L = seq_length, logn_max here).
    void qwenLogn_data() {
        QTest::addColumn<qint64>("L");
        QTest::addColumn<qint64>("p");
        QTest::addColumn<double>("expected");
        QTest::newRow("p = L - 2") << qint64(8192) << qint64(8190) << 1.0;
        QTest::newRow("p = L - 1: p + 1 = L") << qint64(8192) << qint64(8191) << 1.0;
        QTest::newRow("p = L") << qint64(8192) << qint64(8192)
                               << std::log(8193.0) / std::log(8192.0);
        QTest::newRow("p = 2L - 1") << qint64(8192) << qint64(16383) << 14.0 / 13.0;
        QTest::newRow("L 4096, p = L^2 - 1") << qint64(4096) << qint64(4096 * 4096 - 1) << 2.0;
        QTest::newRow("L 2048, p = 32766 (Qwen's last entry)")
            << qint64(2048) << qint64(32766) << std::log(32767.0) / std::log(2048.0);
        QTest::newRow("L 2048, p = 32767 (the formula goes on)")
            << qint64(2048) << qint64(32767) << 15.0 / 11.0;
        QTest::newRow("p = 0") << qint64(2) << qint64(0) << 1.0;
    }
    void qwenLogn() {
        QFETCH(qint64, L);
        QFETCH(qint64, p);
        QFETCH(double, expected);
        const Values v = {{"n", std::int64_t(1)},
                          {"offset", std::int64_t(p)},
                          {"query_scale", std::string("qwen_logn")},
                          {"logn_max", std::int64_t(L)},
                          {"original_max_position", std::int64_t(5)}};  // not qwen_logn's L
        const core::Array a = computeOk("rope", "query_scale", v);
        QCOMPARE(a.size(), std::int64_t(1));
        QVERIFY(rel(a.at(0), expected) < 1e-15);
        core::enc::QueryScaleParams q;
        q.rule = "qwen_logn";
        q.originalMax = double(L);
        QVERIFY(rel(core::enc::queryScale(q, double(p)), expected) < 1e-15);
    }
    // Without logn_max, Qwen-7B's seq_length 8192; a length below 2 is refused, naming the key.
    void qwenLognDefaultAndErrors() {
        const Values v = {{"n", std::int64_t(2)},
                          {"offset", std::int64_t(8191)},
                          {"query_scale", std::string("qwen_logn")}};
        const core::Array a = computeOk("rope", "query_scale", v);
        QCOMPARE(a.size(), std::int64_t(2));
        QCOMPARE(a.at(0), 1.0);
        QVERIFY(rel(a.at(1), std::log(8193.0) / std::log(8192.0)) < 1e-15);
        const std::string e =
            test::computeError("rope", "query_scale", with(v, {{"logn_max", std::int64_t(1)}}));
        QVERIFY2(e.find("'logn_max'") != std::string::npos, e.c_str());
    }

    // Llama 4's NoPE temperature: 1 until p + 1 reaches floor_scale, then steps up by
    // attn_scale ln 2 and grows like ln p; llama_4_scaling_beta: 1 below L, 1 + beta ln 2 at L.
    void queryScale() {
        const Values t = {{"n", std::int64_t(3 * 8192)},
                          {"query_scale", std::string("llama4_temperature")}};
        const core::Array a = computeOk("rope", "query_scale", t);
        QCOMPARE(a.at(8190), 1.0);
        QVERIFY(rel(a.at(8191), 1 + 0.1 * std::log(2.0)) < 1e-15);
        for (std::int64_t p = 1; p < a.size(); ++p) QVERIFY(a.at(p) >= a.at(p - 1));
        const Values b = {{"n", std::int64_t(10)},
                          {"offset", std::int64_t(8188)},
                          {"query_scale", std::string("llama_4_scaling_beta")},
                          {"scaling_beta", 0.1},
                          {"original_max_position", std::int64_t(8192)}};
        const core::Array q = computeOk("rope", "query_scale", b);
        QCOMPARE(q.at(3), 1.0);  // p = 8191
        QVERIFY(rel(q.at(4), 1 + 0.1 * std::log(2.0)) < 1e-15);
        QCOMPARE(computeOk("rope", "query_scale", {{"n", std::int64_t(5)}}).f64,
                 std::vector<double>(5, 1.0));
    }

    void partialErrors_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("p");
        QTest::newRow("odd rotary dim") << qint64(64) << 0.3;  // floor(19.2) = 19
        QTest::newRow("below two") << qint64(8) << 0.1;
    }
    void partialErrors() {
        QFETCH(qint64, d);
        QFETCH(double, p);
        const std::string e = test::computeError(
            "rope", "frequencies", {{"d", std::int64_t(d)}, {"partial_rotary_factor", p}});
        QVERIFY2(e.find("partial_rotary_factor") != std::string::npos, e.c_str());
    }
};

QTEST_APPLESS_MAIN(TstRopeModels)
#include "tst_rope_models.moc"
