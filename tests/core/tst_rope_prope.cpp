// p-RoPE (Barbero et al. 2024, "Round and Round We Go! What makes Rotary Positional Encodings
// useful?"; spec E9) is rope with scaling=proportional and factor=1: the first
// r = floor(p d / 2) pairs keep base^(-2j/d), the others get frequency 0. The count is formed in
// double as Gemma's code does: google-deepmind/gemma, gemma/gm/math/_positional_embeddings.py
// (commit 7691fd4), apply_rope:
//   rope_angles = int(rope_proportion * head_dim // 2)
//   freq_exponents = (2.0 / head_dim) * arange(0, rope_angles)
//   timescale = pad(base_frequency ** freq_exponents, (0, nope_angles), constant_values=(0, inf))
// so p = 0.58, d = 100 gives 28 pairs (0.58 * 100 = 57.99999999999999), not 29. Gemma 4 uses
// global_rope_proportion 0.25 with head_dim 256 (gemma4/_gemma4.py). p = 0 is accepted for
// proportional: nothing rotates, every quantity stays finite and decay_bound is +inf. (Gemma
// forms base^((2/d) j) in float32; the double table here agrees with it in double to 4e-15.)
#include <QtTest>
#include <limits>
#include <numbers>
#include <sstream>

#include "core/io/writers.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;
using test::with;

namespace {

Values prope(double p, qint64 d, double base = 10000.0) {
    return {{"d", std::int64_t(d)},
            {"base", base},
            {"scaling", std::string("proportional")},
            {"factor", 1.0},
            {"partial_rotary_factor", p}};
}

}  // namespace

class TstRopePrope : public QObject {
    Q_OBJECT
private slots:
    void pairs_data() {
        QTest::addColumn<double>("p");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("rotating");  // int(p * d // 2), as Python computes it
        QTest::newRow("0.58, 100 (the spec's example)") << 0.58 << qint64(100) << qint64(28);
        QTest::newRow("0.29, 200") << 0.29 << qint64(200) << qint64(28);
        QTest::newRow("0.57, 200") << 0.57 << qint64(200) << qint64(56);
        QTest::newRow("0.58, 200") << 0.58 << qint64(200) << qint64(57);
        QTest::newRow("Gemma 4 global 0.25, 256") << 0.25 << qint64(256) << qint64(32);
        QTest::newRow("1, 64: every pair") << 1.0 << qint64(64) << qint64(32);
        QTest::newRow("0.5, 2: none") << 0.5 << qint64(2) << qint64(0);
        QTest::newRow("0: NoPE") << 0.0 << qint64(64) << qint64(0);
    }
    // d/2 frequencies: base^(-2j/d) (Gemma: 1 / base^((2/d) j)) for j < r, then exactly 0; the
    // decay bound pi / (2 theta_(r-1)), +inf when nothing rotates.
    void pairs() {
        QFETCH(double, p);
        QFETCH(qint64, d);
        QFETCH(qint64, rotating);
        const double base = 10000.0;
        const core::Array f = computeOk("rope", "frequencies", prope(p, d, base));
        QCOMPARE(f.shape, (core::Shape{d / 2}));
        for (qint64 j = 0; j < d / 2; ++j) {
            if (j < rotating) {
                const double gemma = 1.0 / std::pow(base, (2.0 / double(d)) * double(j));
                QVERIFY(std::abs(f.at(j) - gemma) <= 4e-15 * gemma);
            } else {
                QCOMPARE(f.at(j), 0.0);
            }
        }
        const double bound = computeOk("rope", "decay_bound", prope(p, d, base)).at(0);
        if (rotating == 0)
            QCOMPARE(bound, std::numeric_limits<double>::infinity());
        else
            QCOMPARE(bound, std::numbers::pi / (2.0 * f.at(rotating - 1)));
    }

    // p = 0: every rope quantity computes and holds finite numbers, but the decay bound (+inf);
    // the scores and decay are the constant d (nothing rotates, q = k = ones).
    void nothingRotates() {
        const Values v = with(prope(0.0, 16), {{"n", std::int64_t(9)},
                                               {"max_distance", std::int64_t(50)},
                                               {"columns", std::int64_t(10)},
                                               {"rows", std::int64_t(3)}});
        const auto* rope = core::registry().find("rope");
        QVERIFY(rope);
        for (const auto& q : rope->quantities) {
            const core::Array a = computeOk("rope", q.id, v);
            QVERIFY2(a.size() > 0, q.id.c_str());
            for (std::int64_t k = 0; k < a.size(); ++k)
                QVERIFY2(q.id == "decay_bound" ? std::isinf(a.at(k)) : std::isfinite(a.at(k)),
                         q.id.c_str());
        }
        for (const char* q : {"scores", "decay"}) {
            const core::Array a = computeOk("rope", q, v);
            for (std::int64_t k = 0; k < a.size(); ++k) QCOMPARE(a.at(k), 16.0);
        }
    }

    // p = 0 elsewhere leaves a rotary dim of 0: refused, naming the parameter.
    void zeroOnlyForProportional() {
        const std::string e =
            test::computeError("rope", "frequencies", {{"partial_rotary_factor", 0.0}});
        QVERIFY2(e.find("'partial_rotary_factor'") != std::string::npos, e.c_str());
    }

    // Not the GPT-NeoX partial path: p = 0.5 there rotates d/2 channels with base^(-2j/(d/2)),
    // re-spreading the whole range; p-RoPE keeps the d/4 fastest of the full table.
    void notPartialRotary() {
        const core::Array neox = computeOk(
            "rope", "frequencies", {{"d", std::int64_t(64)}, {"partial_rotary_factor", 0.5}});
        const core::Array p = computeOk("rope", "frequencies", prope(0.5, 64));
        QCOMPARE(neox.size(), qint64(16));
        QCOMPARE(p.size(), qint64(32));
        QVERIFY(neox.at(15) < p.at(15) / 50);  // NeoX reaches ~1/base, p-RoPE stops at base^-15/32
        QCOMPARE(p.at(16), 0.0);
    }

    void exportNames_data() {
        QTest::addColumn<QString>("scaling");
        QTest::addColumn<double>("factor");
        QTest::addColumn<bool>("named");
        QTest::newRow("proportional, factor 1") << "proportional" << 1.0 << true;
        QTest::newRow("proportional, factor 8") << "proportional" << 8.0 << false;
        QTest::newRow("linear, factor 1") << "linear" << 1.0 << false;
    }
    // The JSON export names p-RoPE where the set is one.
    void exportNames() {
        QFETCH(QString, scaling);
        QFETCH(double, factor);
        QFETCH(bool, named);
        const auto params = core::paramsFor(
            "rope",
            {{"scaling", scaling.toStdString()}, {"factor", factor}, {"d", std::int64_t(8)}});
        std::ostringstream out;
        core::io::writeJson(out, core::Array::scalar(1.0), "rope", "decay_bound", params);
        QCOMPARE(out.str().find("\"variant\": \"p-RoPE\"") != std::string::npos, named);
    }
};

QTEST_GUILESS_MAIN(TstRopePrope)
#include "tst_rope_prope.moc"
