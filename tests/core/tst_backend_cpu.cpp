// The CPU backend: its fast paths against the registry's double reference (the sinusoidal table
// by angle addition within 1e-12 up to position 8192+, ALiBi bit-exact, attention to rounding),
// every fast path of the registry at small sizes, which precisions each one serves, float32
// results as the rounded reference, reused buffers, integer quantities, and errors by code that
// name the parameter.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "core/backend/cpu_backend.h"
#include "core/compute.h"
#include "tests/core/test_util.h"

using namespace poslab;

namespace {

core::Request request(std::string enc, std::string qty, core::TextParams text,
                      core::Precision precision = core::Precision::F64) {
    core::Request r;
    r.encoding = std::move(enc);
    r.quantity = std::move(qty);
    r.precision = precision;
    const auto* e = core::registry().find(r.encoding);
    if (e) {
        auto p = core::parseParams(*e, text);
        if (p)
            r.params = *p;
        else
            qWarning("%s", p.error().message.c_str());
    }
    return r;
}

double maxErr(const core::Result& a, const core::Result& b) {
    double m = 0;
    for (std::int64_t k = 0; k < a.size(); ++k) {
        const double x = a.at(k), y = b.at(k);
        if (x == y) continue;  // equal infinities too
        m = std::max(m, std::abs(x - y));
    }
    return m;
}

}  // namespace

class TstBackendCpu : public QObject {
    Q_OBJECT
    core::CpuBackend m_fast;
    core::CpuBackend m_ref{core::CpuBackend::Options{false}};

    void compare(const core::Request& r64, double tol64, double tolF32Ulps) {
        core::Result ref, f64, f32;
        QVERIFY(m_ref.run(r64, ref).ok());
        QVERIFY(m_fast.run(r64, f64).ok());
        core::Request r32 = r64;
        r32.precision = core::Precision::F32;
        QVERIFY(m_fast.run(r32, f32).ok());
        QCOMPARE(f64.shape, ref.shape);
        QCOMPARE(f32.shape, ref.shape);
        QCOMPARE(f32.precision, core::Precision::F32);
        QCOMPARE(f32.f32.size(), static_cast<std::size_t>(ref.size()));
        const double e64 = maxErr(f64, ref);
        // float32: tolF32Ulps = 0 means exactly the rounded reference; otherwise the normwise
        // error max|f32 - ref| / max|ref| in units of 2^-24.
        double worst = 0, scale = 0;
        for (std::int64_t k = 0; k < ref.size(); ++k)
            if (std::isfinite(ref.at(k))) scale = std::max(scale, std::abs(ref.at(k)));
        for (std::int64_t k = 0; k < ref.size(); ++k) {
            const double r = ref.at(k), v = f32.at(k);
            if (tolF32Ulps == 0) {
                if (f32.f32[static_cast<std::size_t>(k)] != static_cast<float>(r)) worst = 1;
                continue;
            }
            if (r == v) continue;
            worst = std::max(worst, std::abs(v - r) / scale / 5.960464477539063e-08);
        }
        qInfo("fast f64 err %.3g (tol %.3g), f32 err %.3g ulps (tol %.3g)", e64, tol64, worst,
              tolF32Ulps);
        QVERIFY2(e64 <= tol64, qPrintable(QString("f64 error %1").arg(e64)));
        QVERIFY2(worst <= tolF32Ulps, qPrintable(QString("f32 error %1 ulps").arg(worst)));
    }

private slots:
    void initTestCase() {
        core::Request r = request("sinusoidal", "table", {});
        auto p = core::prepareRequest(r);
        QVERIFY(p.ok());
        QVERIFY(m_fast.hasFastPath(*p, core::Precision::F64));
        QVERIFY(!m_ref.hasFastPath(*p, core::Precision::F64));
    }

    // The anchored angle-addition table stays within 1e-12 of the pow/sin/cos reference.
    void sinusoidalTable_data() {
        QTest::addColumn<QString>("n");
        QTest::addColumn<QString>("d");
        QTest::addColumn<QString>("offset");
        QTest::addColumn<QString>("base");
        QTest::newRow("n1 d2") << "1"
                               << "2"
                               << "0"
                               << "10000";
        QTest::newRow("n65 d6 (block + 1)") << "65"
                                            << "6"
                                            << "0"
                                            << "10000";
        QTest::newRow("to 8193, d 64") << "8193"
                                       << "64"
                                       << "0"
                                       << "10000";
        QTest::newRow("to 8192, d 1024") << "2048"
                                         << "1024"
                                         << "6144"
                                         << "10000";
        QTest::newRow("base 500000") << "777"
                                     << "130"
                                     << "3"
                                     << "500000";
    }
    void sinusoidalTable() {
        QFETCH(QString, n);
        QFETCH(QString, d);
        QFETCH(QString, offset);
        QFETCH(QString, base);
        compare(request("sinusoidal", "table",
                        {{"n", n.toStdString()},
                         {"d", d.toStdString()},
                         {"offset", offset.toStdString()},
                         {"base", base.toStdString()},
                         {"delta", "0"}}),
                1e-12, 1.0);
    }

    // ALiBi: every row a slice of one Toeplitz vector: bit-identical to the reference.
    void alibi_data() {
        QTest::addColumn<QString>("n");
        QTest::addColumn<QString>("heads");
        QTest::addColumn<QString>("causal");
        QTest::newRow("n1") << "1"
                            << "1"
                            << "false";
        QTest::newRow("n100 h8") << "100"
                                 << "8"
                                 << "false";
        QTest::newRow("n77 h6 causal") << "77"
                                       << "6"
                                       << "true";
        QTest::newRow("n300 h12") << "300"
                                  << "12"
                                  << "false";
    }
    void alibi() {
        QFETCH(QString, n);
        QFETCH(QString, heads);
        QFETCH(QString, causal);
        if (!core::registry().find("alibi")) QFAIL("alibi not registered");
        compare(request("alibi", "bias",
                        {{"n", n.toStdString()},
                         {"heads", heads.toStdString()},
                         {"causal", causal.toStdString()}}),
                0.0, 0.0);
    }

    // Attention: the same formula in float64 (to GEMM rounding) and float32.
    void attention_data() {
        QTest::addColumn<QString>("qty");
        QTest::addColumn<QString>("n");
        QTest::addColumn<QString>("d");
        QTest::addColumn<QString>("bias");
        QTest::newRow("logits") << "logits"
                                << "100"
                                << "64"
                                << "none";
        QTest::newRow("logits alibi") << "logits"
                                      << "333"
                                      << "16"
                                      << "alibi";
        QTest::newRow("softmax") << "softmax"
                                 << "257"
                                 << "64"
                                 << "none";
        QTest::newRow("softmax alibi") << "softmax"
                                       << "300"
                                       << "8"
                                       << "alibi";
    }
    void attention() {
        QFETCH(QString, qty);
        QFETCH(QString, n);
        QFETCH(QString, d);
        QFETCH(QString, bias);
        // float32 logits carry the rounding of d products summed (GEMM), |logit| up to ~5, and
        // exp() turns that absolute error into a relative one: allow 64 ulps of the largest value.
        compare(
            request("attention", qty.toStdString(),
                    {{"n", n.toStdString()}, {"d", d.toStdString()}, {"bias", bias.toStdString()}}),
            1e-12, 64);
    }

    // Toeplitz shortcuts: RoPE, ReRoPE (no log scale) and xPos scores (all-ones q, k), T5 buckets
    // and bias.
    void toeplitz_data() {
        QTest::addColumn<QString>("enc");
        QTest::addColumn<QString>("qty");
        QTest::addColumn<QStringList>("params");
        QTest::addColumn<double>("tol64");
        QTest::newRow("rope n1") << "rope"
                                 << "scores" << QStringList{"n=1", "d=2"} << 1e-12;
        QTest::newRow("rope n300 d128") << "rope"
                                        << "scores" << QStringList{"n=300", "d=128"} << 1e-11;
        QTest::newRow("rope half yarn")
            << "rope"
            << "scores" << QStringList{"n=257", "d=64", "pairing=half", "scaling=yarn", "factor=8"}
            << 1e-11;
        QTest::newRow("t5 buckets") << "t5"
                                    << "buckets" << QStringList{"n=300"} << 0.0;
        QTest::newRow("t5 buckets causal")
            << "t5"
            << "buckets" << QStringList{"n=200", "bidirectional=false"} << 0.0;
        QTest::newRow("t5 bias") << "t5"
                                 << "bias" << QStringList{"n=150", "heads=5", "seed=3"} << 0.0;
        QTest::newRow("t5 bias none")
            << "t5"
            << "bias" << QStringList{"n=90", "heads=2", "bucketing=none"} << 0.0;
        QTest::newRow("xpos scores odd n")
            << "xpos"
            << "scores" << QStringList{"n=301", "d=64", "gamma=0.7"} << 1e-12;
        QTest::newRow("rerope scores window 8")
            << "rerope"
            << "scores" << QStringList{"n=200", "d=32", "window=8"} << 1e-12;
        QTest::newRow("rerope scores leaky, odd n")
            << "rerope"
            << "scores" << QStringList{"n=131", "d=16", "window=5", "variant=leaky", "factor=4"}
            << 1e-12;
        QTest::newRow("xpos scores_rope") << "xpos"
                                          << "scores_rope" << QStringList{"n=128", "d=32"} << 1e-12;
    }
    void toeplitz() {
        QFETCH(QString, enc);
        QFETCH(QString, qty);
        QFETCH(QStringList, params);
        QFETCH(double, tol64);
        if (!core::registry().find(enc.toStdString())) QFAIL("encoding not registered");
        core::TextParams text;
        for (const auto& kv : params)
            text.emplace_back(kv.section('=', 0, 0).toStdString(),
                              kv.section('=', 1).toStdString());
        const auto r = request(enc.toStdString(), qty.toStdString(), text);
        auto p = core::prepareRequest(r);
        QVERIFY(p.ok());
        QVERIFY(m_fast.hasFastPath(*p, core::Precision::F64));
        if (p->quantity->dtype == core::DType::I64) {
            core::Result a, b;
            QVERIFY(m_ref.run(r, a).ok());
            QVERIFY(m_fast.run(r, b).ok());
            QVERIFY(a.i64 == b.i64);
            return;
        }
        compare(r, tol64, tol64 == 0.0 ? 0.0 : 1.0);
    }

    // Recomputing at the same size reuses the buffer (no fresh memory), and the numbers repeat.
    void buffersReused() {
        const auto r =
            request("sinusoidal", "table", {{"n", "512"}, {"d", "64"}}, core::Precision::F32);
        core::Result out;
        QVERIFY(m_fast.run(r, out).ok());
        const float* data = out.f32.data();
        const auto copy = out.f32;
        QVERIFY(m_fast.run(r, out).ok());
        QCOMPARE(out.f32.data(), data);
        QVERIFY(out.f32 == copy);
    }

    // Quantities without a fast path: the reference, rounded once for float32; integers as i64.
    void referencePaths() {
        core::Result a, b;
        QVERIFY(m_fast.run(request("sinusoidal", "frequencies", {{"d", "16"}}), a).ok());
        QVERIFY(
            m_fast.run(request("sinusoidal", "frequencies", {{"d", "16"}}, core::Precision::F32), b)
                .ok());
        QCOMPARE(a.size(), std::int64_t(8));
        for (std::int64_t k = 0; k < a.size(); ++k)
            QCOMPARE(b.f32[static_cast<std::size_t>(k)],
                     static_cast<float>(a.f64[static_cast<std::size_t>(k)]));
        if (!core::registry().find("t5")) QFAIL("t5 not registered");
        core::Result t;
        QVERIFY(m_fast.run(request("t5", "buckets", {{"n", "20"}}, core::Precision::F32), t).ok());
        QCOMPARE(t.dtype, core::DType::I64);
        QCOMPARE(t.i64.size(), std::size_t(400));
        QVERIFY(t.f32.empty());
        const core::Array arr = t.toArray();
        QCOMPARE(arr.i64, t.i64);
    }

    // Which precisions a fast path serves: what hasFastPath says is what runs. DeBERTa's terms
    // have a float32 path only (float64 is the reference itself, bit for bit); integer
    // quantities are exact, so asked at any precision they take their path; a sinusoidal variant
    // other than the paper's, or RoPE scores with given q or k, take the reference.
    void fastPathPrecisions_data() {
        QTest::addColumn<QString>("enc");
        QTest::addColumn<QString>("qty");
        QTest::addColumn<QStringList>("params");
        QTest::addColumn<bool>("fast64");
        QTest::addColumn<bool>("fast32");
        QTest::newRow("deberta logits") << "deberta"
                                        << "logits" << QStringList{"n=40", "d=16"} << false << true;
        QTest::newRow("deberta c2p") << "deberta"
                                     << "c2p" << QStringList{"n=33", "d=8"} << false << true;
        QTest::newRow("deberta relative_positions")
            << "deberta"
            << "relative_positions" << QStringList{"n=20"} << false << false;
        QTest::newRow("t5 buckets") << "t5"
                                    << "buckets" << QStringList{"n=50"} << true << true;
        QTest::newRow("sinusoidal paper") << "sinusoidal"
                                          << "table" << QStringList{"n=50"} << true << true;
        QTest::newRow("sinusoidal missing_norm")
            << "sinusoidal"
            << "table" << QStringList{"n=50", "variant=missing_norm"} << false << false;
        QTest::newRow("sinusoidal frequencies") << "sinusoidal"
                                                << "frequencies" << QStringList{} << false << false;
    }
    void fastPathPrecisions() {
        QFETCH(QString, enc);
        QFETCH(QString, qty);
        QFETCH(QStringList, params);
        QFETCH(bool, fast64);
        QFETCH(bool, fast32);
        core::TextParams text;
        for (const auto& kv : params)
            text.emplace_back(kv.section('=', 0, 0).toStdString(),
                              kv.section('=', 1).toStdString());
        const auto r64 = request(enc.toStdString(), qty.toStdString(), text);
        auto p = core::prepareRequest(r64);
        QVERIFY(p.ok());
        QCOMPARE(m_fast.hasFastPath(*p, core::Precision::F64), fast64);
        QCOMPARE(m_fast.hasFastPath(*p, core::Precision::F32), fast32);
        QVERIFY(!m_ref.hasFastPath(*p, core::Precision::F32));
        // float64 without a fast path is the reference itself, to the bit.
        core::Result a, b;
        QVERIFY(m_fast.run(r64, a).ok());
        QVERIFY(m_ref.run(r64, b).ok());
        if (!fast64) {
            QVERIFY(a.f64 == b.f64);
            QVERIFY(a.i64 == b.i64);
        }
        // float32 without a fast path is the reference rounded once; with one, it differs in
        // more than the rounding for DeBERTa (a genuine float32 computation) but stays close.
        auto r32 = r64;
        r32.precision = core::Precision::F32;
        QVERIFY(m_fast.run(r32, a).ok());
        if (p->quantity->dtype == core::DType::I64) {
            QVERIFY(a.i64 == b.i64);
            return;
        }
        QCOMPARE(a.f32.size(), b.f64.size());
        double worst = 0, scale = 0;
        for (std::size_t k = 0; k < b.f64.size(); ++k) {
            scale = std::max(scale, std::abs(b.f64[k]));
            worst = std::max(worst, std::abs(static_cast<double>(a.f32[k]) - b.f64[k]));
            if (!fast32) QCOMPARE(a.f32[k], static_cast<float>(b.f64[k]));
        }
        QVERIFY2(worst <= 1e-5 * scale,
                 qPrintable(QString("f32 error %1 of %2").arg(worst).arg(scale)));
    }

    // Every fast path of the registry, at small sizes: the result has the reference's shape,
    // dtype and size, and stays within rounding of it in both precisions. A new encoding's fast
    // path is checked here without being listed.
    void everyFastPath() {
        int paths = 0;
        for (const auto& enc : core::registry().encodings()) {
            for (const auto& q : enc.quantities) {
                if (!q.fast.run) continue;
                ++paths;
                core::TextParams text;
                if (enc.findParam("n")) text.emplace_back("n", "37");
                if (enc.findParam("d")) text.emplace_back("d", "16");
                const auto r64 = request(enc.id, q.id, text);
                auto p = core::prepareRequest(r64);
                QVERIFY2(p.ok(), (enc.id + "/" + q.id).c_str());
                core::Result ref;
                QVERIFY(m_ref.run(r64, ref).ok());
                for (auto precision : {core::Precision::F64, core::Precision::F32}) {
                    if (!m_fast.hasFastPath(*p, precision)) continue;
                    auto r = r64;
                    r.precision = precision;
                    core::Result out;
                    QVERIFY(m_fast.run(r, out).ok());
                    const std::string what =
                        enc.id + "/" + q.id + " " + std::string(core::precisionName(precision));
                    QVERIFY2(out.shape == ref.shape, what.c_str());
                    QVERIFY2(out.dtype == ref.dtype, what.c_str());
                    QVERIFY2(out.backend == core::BackendKind::Cpu, what.c_str());
                    if (ref.dtype == core::DType::I64) {
                        QVERIFY2(out.i64 == ref.i64, what.c_str());
                        continue;
                    }
                    const bool f32 = precision == core::Precision::F32;
                    QVERIFY2((f32 ? out.f32.size() : out.f64.size()) == ref.f64.size(),
                             what.c_str());
                    double worst = 0, scale = 0;
                    for (std::int64_t k = 0; k < ref.size(); ++k) {
                        const double x = out.at(k), y = ref.at(k);
                        if (std::isfinite(y)) scale = std::max(scale, std::abs(y));
                        if (x != y) worst = std::max(worst, std::abs(x - y));
                    }
                    QVERIFY2(worst <= (f32 ? 1e-5 : 1e-12) * std::max(scale, 1.0),
                             qPrintable(QString("%1: error %2 of %3")
                                            .arg(QString::fromStdString(what))
                                            .arg(worst)
                                            .arg(scale)));
                }
            }
        }
        qInfo("%d fast paths checked", paths);
        QVERIFY(paths >= 12);
    }

    void errors() {
        core::Result out;
        core::Request r;
        r.encoding = "nope";
        r.quantity = "table";
        auto st = m_fast.run(r, out);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, core::Errc::UnknownName);
        QVERIFY(st.error().message.find("nope") != std::string::npos);
        r.encoding = "sinusoidal";
        r.params.set("d", std::int64_t(7));
        st = m_fast.run(r, out);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, core::Errc::InvalidParameter);
        QVERIFY2(st.error().message.find("'d'") != std::string::npos, st.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TstBackendCpu)
#include "tst_backend_cpu.moc"
