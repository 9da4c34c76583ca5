// Parity of the Vulkan backend with the CPU backend (lavapipe in CI): every quantity the Vulkan
// backend implements, at several sizes (non-multiples of the 16 x 16 workgroup, and sizes that
// need several tiles, both with a small binding limit and past lavapipe's real 128 MiB limit).
// Tolerances are derived, VkFFT style, from the CPU float32 error against the double reference:
//   tol = kFactor * max(err(cpu f32), eps32 * max|ref|)
// and both errors are printed. Integer quantities must be equal.
#include <QtTest>

#include <cmath>
#include <limits>
#include <set>

#include "core/backend/cpu_backend.h"
#include "core/compute.h"
#include "core/encodings/deberta.h"
#include "gpu/kernel_inputs.h"
#include "gpu/vulkan_backend.h"
#include "tests/gpu/gpu_test_env.h"

using namespace poslab;

namespace {

// A float32 device may be this many times less accurate than a float32 CPU computation of the
// same quantity (transcendentals within a few ulp instead of correctly rounded; sums over d/2
// terms accumulate them).
constexpr double kFactor = 8.0;
constexpr double kEps32 = 5.960464477539063e-08;  // 2^-24
constexpr std::uint64_t kSmallBinding = 16 * 1024;
// Bound on the CPU float32 error itself, in units of eps32 * max|ref| (measured: <= ~8.4, for
// dot products of length 64-130 accumulated in float32).
constexpr double kCpuF32Ulps = 64.0;

struct Case {
    std::string encoding, quantity;
    core::TextParams params;
    bool hugeOnly = false;  // run only on the device's own limits (past 128 MiB)
};

#include "tests/gpu/parity_bias_cases.h"
#include "tests/gpu/parity_deberta_cases.h"
#include "tests/gpu/parity_fire_cases.h"
#include "tests/gpu/parity_model_cases.h"
#include "tests/gpu/parity_multimodal_cases.h"
#include "tests/gpu/parity_rerope_cases.h"

const std::vector<Case>& cases() {
    static const std::vector<Case> all = [] {
        std::vector<Case> v = {
            {"sinusoidal", "table", {{"n", "1"}, {"d", "2"}, {"delta", "0"}}},
            {"sinusoidal", "table", {{"n", "37"}, {"d", "64"}}},
            {"sinusoidal", "table", {{"n", "300"}, {"d", "130"}, {"offset", "1000"}}},
            {"sinusoidal", "table", {{"n", "8193"}, {"d", "64"}}},
            {"sinusoidal", "similarity", {{"n", "1"}, {"d", "2"}, {"delta", "0"}}},
            {"sinusoidal", "similarity", {{"n", "37"}, {"d", "64"}}},
            {"sinusoidal", "similarity", {{"n", "300"}, {"d", "130"}, {"offset", "17"}}},
            {"sinusoidal2d", "table", {{"height", "3"}, {"width", "5"}, {"d", "4"}}},
            {"sinusoidal2d",
             "table",
             {{"height", "17"}, {"width", "19"}, {"d", "64"}, {"offset", "3"}}},
            {"sinusoidal2d", "similarity", {{"height", "1"}, {"width", "1"}, {"d", "4"}}},
            {"sinusoidal2d", "similarity", {{"height", "7"}, {"width", "23"}, {"d", "64"}}},
            {"sinusoidal2d",
             "similarity",
             {{"height", "40"}, {"width", "9"}, {"d", "128"}, {"offset", "5"}}},
            {"alibi", "bias", {{"n", "1"}, {"heads", "1"}}},
            {"alibi", "bias", {{"n", "37"}, {"heads", "8"}}},
            {"alibi", "bias", {{"n", "100"}, {"heads", "6"}, {"causal", "true"}}},
            {"alibi", "bias", {{"n", "4096"}, {"heads", "3"}}, true},  // 192 MiB: two tiles
            {"alibi",
             "bias",
             {{"n", "77"},
              {"heads", "12"},
              {"slopes", "mpt"},
              {"bias_max", "6"},
              {"causal", "true"}}},
            {"alibi", "bias", {{"n", "50"}, {"heads", "112"}, {"bias_max", "2.5"}}},
            {"rope", "angles", {{"n", "37"}, {"d", "64"}}},
            {"rope",
             "angles",
             {{"n", "300"},
              {"d", "128"},
              {"offset", "5000"},
              {"scaling", "linear"},
              {"factor", "4"}}},
            {"rope", "rotated", {{"n", "37"}, {"d", "64"}}},
            {"rope", "rotated", {{"n", "300"}, {"d", "128"}, {"pairing", "half"}, {"offset", "7"}}},
            {"rope", "rotated", {{"n", "50"}, {"d", "32"}, {"scaling", "yarn"}, {"factor", "8"}}},
            {"rope", "scores", {{"n", "37"}, {"d", "64"}}},
            {"rope", "scores", {{"n", "500"}, {"d", "128"}}},
            {"rope", "scores", {{"n", "50"}, {"d", "32"}, {"scaling", "yarn"}, {"factor", "8"}}},
            {"rope", "decay", {{"d", "64"}, {"max_distance", "100"}}},
            {"rope", "decay", {{"d", "128"}, {"max_distance", "5000"}}},
            {"xpos", "scale", {{"n", "37"}, {"d", "64"}}},
            {"xpos",
             "scale",
             {{"n", "301"}, {"d", "128"}, {"gamma", "0.7"}, {"scale_base", "100"}}},
            {"xpos",
             "scale",
             {{"n", "4097"}, {"d", "64"}, {"scale_base", "64"}}},  // exponents to ~±40
            {"xpos", "scores", {{"n", "1"}, {"d", "2"}}},
            {"xpos", "scores", {{"n", "37"}, {"d", "64"}}},
            {"xpos",
             "scores",
             {{"n", "301"}, {"d", "130"}, {"gamma", "0.7"}, {"scale_base", "100"}}},
            {"xpos",
             "scores",
             {{"n", "2000"}, {"d", "64"}, {"base", "500000"}, {"pairing", "half"}}},
            {"xpos", "scores_rope", {{"n", "37"}, {"d", "64"}}},
            {"xpos", "scores_rope", {{"n", "301"}, {"d", "130"}}},
            {"attention", "logits", {{"n", "1"}, {"d", "2"}}},
            {"attention", "logits", {{"n", "37"}, {"d", "64"}}},
            {"attention", "logits", {{"n", "300"}, {"d", "16"}, {"bias", "alibi"}, {"heads", "6"}}},
            {"attention", "softmax", {{"n", "37"}, {"d", "64"}}},
            {"attention", "softmax", {{"n", "300"}, {"d", "64"}, {"bias", "alibi"}}},
            {"attention", "softmax", {{"n", "1000"}, {"d", "32"}, {"seed", "9"}}},
            {"t5", "buckets", {{"n", "37"}}},
            {"t5", "buckets", {{"n", "300"}, {"bidirectional", "false"}}},
            {"t5", "buckets", {{"n", "1000"}, {"num_buckets", "64"}, {"max_distance", "500"}}},
            {"t5", "bias", {{"n", "37"}, {"heads", "8"}}},
            {"t5",
             "bias",
             {{"n", "200"}, {"heads", "3"}, {"bidirectional", "false"}, {"seed", "4"}}},
            {"t5", "buckets", {{"n", "1"}, {"bucketing", "none"}}},
            {"t5", "buckets", {{"n", "301"}, {"bucketing", "none"}}},
            {"t5", "bias", {{"n", "1"}, {"heads", "1"}, {"bucketing", "none"}}},
            {"t5", "bias", {{"n", "37"}, {"heads", "8"}, {"bucketing", "none"}}},
            {"t5", "bias", {{"n", "301"}, {"heads", "5"}, {"bucketing", "none"}, {"seed", "3"}}},
        };
        for (auto* more : {debertaCases, modelScalingCases, reropeCases, distanceBiasCases,
                           fireCases, multimodalCases})
            for (Case& c : more()) v.push_back(std::move(c));
        return v;
    }();
    return all;
}

std::string describe(const Case& c) {
    std::string s = c.encoding + "/" + c.quantity;
    for (const auto& [k, v] : c.params) s += " " + k + "=" + v;
    return s;
}

core::Request requestFor(const Case& c, core::Precision precision) {
    core::Request r;
    r.encoding = c.encoding;
    r.quantity = c.quantity;
    const auto* enc = core::registry().find(c.encoding);
    auto p = enc ? core::parseParams(*enc, c.params)
                 : core::Expected<core::ParamSet>(core::fail("no encoding"));
    if (p) r.params = *p;
    r.precision = precision;
    return r;
}

// max |a - ref| over finite references; infinities must match exactly (returns inf otherwise).
double maxError(const core::Result& a, const core::Result& ref) {
    double m = 0;
    for (std::int64_t k = 0; k < ref.size(); ++k) {
        const double r = ref.at(k), v = a.at(k);
        if (!std::isfinite(r)) {
            if (r != v) return std::numeric_limits<double>::infinity();
            continue;
        }
        const double e = std::abs(v - r);
        if (!(e <= m)) m = std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
    }
    return m;
}

double maxAbs(const core::Result& a) {
    double m = 0;
    for (std::int64_t k = 0; k < a.size(); ++k)
        if (std::isfinite(a.at(k))) m = std::max(m, std::abs(a.at(k)));
    return m;
}

}  // namespace

class TstVulkanParity : public QObject {
    Q_OBJECT
    std::unique_ptr<gpu::VulkanBackend> m_device;  // the device's own limits
    std::unique_ptr<gpu::VulkanBackend> m_tiled;   // 16 KiB bindings: many tiles
    core::CpuBackend m_cpu;

    gpu::VulkanBackend* backend(bool tiled) { return tiled ? m_tiled.get() : m_device.get(); }

private slots:
    void initTestCase() {
        test::prepareVulkanEnvironment();
        auto v = gpu::VulkanBackend::create();
        if (!v) {
            if (test::vulkanRequired()) QFAIL(v.error().message.c_str());
            QSKIP(qPrintable("no Vulkan device: " + QString::fromStdString(v.error().message)));
        }
        m_device = std::move(*v);
        gpu::VulkanOptions small;
        small.maxBindingBytes = kSmallBinding;
        auto t = gpu::VulkanBackend::create(small);
        QVERIFY2(t.ok(), t ? "" : t.error().message.c_str());
        m_tiled = std::move(*t);
        qInfo("device: %s (%s), angles in %s, max binding %llu bytes",
              m_device->deviceName().c_str(), m_device->deviceType().c_str(),
              m_device->float64() ? "float64" : "float32",
              static_cast<unsigned long long>(m_device->maxBindingBytes()));
    }

    // Every registry quantity the backend implements is listed and has parity cases; every
    // listed quantity is implemented at its defaults.
    void coverage() {
        std::set<std::string> tested;
        for (const auto& c : cases()) tested.insert(c.encoding + "/" + c.quantity);
        const auto listed = gpu::VulkanBackend::quantities();
        const std::set<std::string> listedSet(listed.begin(), listed.end());
        for (const auto& e : core::registry().encodings())
            for (const auto& q : e.quantities) {
                auto p = core::prepare(e, q.id, core::defaultParams(e.params));
                const std::string id = e.id + "/" + q.id;
                if (p && m_device->implements(*p)) {
                    QVERIFY2(listedSet.count(id),
                             qPrintable(QString::fromStdString(id) + " not listed"));
                    QVERIFY2(tested.count(id),
                             qPrintable(QString::fromStdString(id) + " has no parity case"));
                }
            }
        for (const auto& id : listed) {
            QVERIFY2(tested.count(id),
                     qPrintable(QString::fromStdString(id) + " has no parity case"));
            const auto slash = id.find('/');
            const auto* e = core::registry().find(id.substr(0, slash));
            QVERIFY2(e, id.c_str());
            auto p = core::prepare(*e, id.substr(slash + 1), core::defaultParams(e->params));
            QVERIFY2(p.ok(), id.c_str());
            QVERIFY2(m_device->implements(*p),
                     qPrintable(QString::fromStdString(id) + " not implemented at its defaults"));
        }
    }

    void parity_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<bool>("tiled");
        for (int i = 0; i < static_cast<int>(cases().size()); ++i) {
            const auto& c = cases()[static_cast<std::size_t>(i)];
            if (!c.hugeOnly) QTest::newRow(("tiled " + describe(c)).c_str()) << i << true;
            QTest::newRow(describe(c).c_str()) << i << false;
        }
    }
    void parity() {
        QFETCH(int, index);
        QFETCH(bool, tiled);
        const Case& c = cases()[static_cast<std::size_t>(index)];
        if (!core::registry().find(c.encoding)) QFAIL("encoding not registered");
        auto* v = backend(tiled);
        const auto req64 = requestFor(c, core::Precision::F64);
        auto prepared = core::prepareRequest(req64);
        QVERIFY2(prepared.ok(), prepared ? "" : prepared.error().message.c_str());
        QVERIFY2(v->implements(*prepared), "the Vulkan backend must implement this case");

        core::Result ref, cpu32, dev;
        QVERIFY(m_cpu.run(req64, ref).ok());
        QVERIFY(m_cpu.run(requestFor(c, core::Precision::F32), cpu32).ok());
        auto st = v->run(requestFor(c, core::Precision::F32), dev);
        QVERIFY2(st.ok(), st ? "" : st.error().message.c_str());
        QCOMPARE(dev.backend, core::BackendKind::Vulkan);
        QCOMPARE(dev.shape, ref.shape);
        QCOMPARE(dev.dtype, ref.dtype);

        if (ref.dtype == core::DType::I64) {
            std::int64_t mismatches = 0, first = -1;
            for (std::int64_t k = 0; k < ref.size(); ++k)
                if (dev.i64[static_cast<std::size_t>(k)] != ref.i64[static_cast<std::size_t>(k)]) {
                    if (first < 0) first = k;
                    ++mismatches;
                }
            qInfo("%s: integer, %lld mismatches", describe(c).c_str(),
                  static_cast<long long>(mismatches));
            // The message reads element `first` only when there is one (its argument is
            // evaluated even when the check passes).
            if (mismatches > 0)
                QFAIL(qPrintable(QString("%1 mismatches; the first at flat index %2: %3 vs %4")
                                     .arg(mismatches)
                                     .arg(first)
                                     .arg(dev.i64[static_cast<std::size_t>(first)])
                                     .arg(ref.i64[static_cast<std::size_t>(first)])));
            return;
        }
        QCOMPARE(dev.precision, core::Precision::F32);
        const double errCpu = maxError(cpu32, ref);
        const double errDev = maxError(dev, ref);
        const double tol = kFactor * std::max(errCpu, kEps32 * maxAbs(ref));
        qInfo("%s%s: vulkan err %.3g, cpu-f32 err %.3g, tol %.3g (max|ref| %.3g)",
              tiled ? "tiled " : "", describe(c).c_str(), errDev, errCpu, tol, maxAbs(ref));
        QVERIFY2(errDev <= tol,
                 qPrintable(QString("vulkan error %1 > tolerance %2").arg(errDev).arg(tol)));
        // The yardstick itself: a float32 CPU path that drifted would widen the tolerance
        // unnoticed.
        QVERIFY2(
            errCpu <= kCpuF32Ulps * kEps32 * maxAbs(ref),
            qPrintable(
                QString("cpu-f32 error %1 > %2 ulps of max|ref|").arg(errCpu).arg(kCpuF32Ulps)));
    }

    // Partial rotation leaves channels unrotated, which the kernels of rotated, scores and decay
    // do not have: those stay on the CPU (the router computes them there); angles need none.
    void partialRotationStaysOnCpu_data() {
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<bool>("onDevice");
        QTest::newRow("angles") << "angles" << true;
        QTest::newRow("rotated") << "rotated" << false;
        QTest::newRow("scores") << "scores" << false;
        QTest::newRow("decay") << "decay" << false;
    }
    void partialRotationStaysOnCpu() {
        QFETCH(QString, quantity);
        QFETCH(bool, onDevice);
        const Case c{"rope",
                     quantity.toStdString(),
                     {{"n", "40"}, {"d", "64"}, {"partial_rotary_factor", "0.5"}}};
        auto prepared = core::prepareRequest(requestFor(c, core::Precision::F32));
        QVERIFY(prepared.ok());
        QCOMPARE(m_device->implements(*prepared), onDevice);
    }

    // Buffers are reused: a second computation at the same size gives the same numbers.
    void repeatable() {
        const Case c{"alibi", "bias", {{"n", "123"}, {"heads", "5"}}};
        core::Result a, b;
        QVERIFY(m_tiled->run(requestFor(c, core::Precision::F32), a).ok());
        QVERIFY(m_tiled->run(requestFor(c, core::Precision::F32), b).ok());
        QVERIFY(a.f32 == b.f32);
    }

    // The DeBERTa tiling (pure CPU planning): every output cell in exactly one tile, every binding
    // aligned and within the limit, and every delta a tile uses inside the Qr/Kr rows it binds.
    void debertaTiling_data() {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("d");
        QTest::addColumn<int>("buckets");
        QTest::addColumn<int>("maxPos");
        QTest::addColumn<int>("binding");
        QTest::addColumn<int>("alignment");
        QTest::newRow("n1") << 1 << 2 << 256 << 512 << 16384 << 16;
        QTest::newRow("whole") << 300 << 64 << 256 << 512 << (1 << 27) << 16;
        QTest::newRow("small binding") << 300 << 130 << 16 << 64 << 16384 << 16;
        QTest::newRow("jumps") << 300 << 64 << 64 << 34 << 16384 << 64;
        QTest::newRow("no buckets, clamped") << 257 << 100 << -1 << 50 << 32768 << 64;
        QTest::newRow("log buckets") << 700 << 32 << 256 << 512 << 16384 << 16;
    }
    void debertaTiling() {
        QFETCH(int, n);
        QFETCH(int, d);
        QFETCH(int, buckets);
        QFETCH(int, maxPos);
        QFETCH(int, binding);
        QFETCH(int, alignment);
        const auto* e = core::registry().find("deberta");
        QVERIFY(e);
        auto p = core::parseParams(*e, {{"n", std::to_string(n)},
                                        {"d", "2"},
                                        {"position_buckets", std::to_string(buckets)},
                                        {"max_relative_positions", std::to_string(maxPos)}});
        QVERIFY(p.ok());
        auto prepared = core::prepare(*e, "c2p", *p);
        QVERIFY(prepared.ok());
        auto in = core::enc::debertaInputs(prepared->params, true);
        QVERIFY(in.ok());
        gpu::detail::BindingLimits lim;
        lim.maxBinding = static_cast<std::uint64_t>(binding);
        lim.alignment = static_cast<std::uint64_t>(alignment);
        auto tiling = gpu::detail::debertaTiling(n, d, lim);
        QVERIFY2(tiling.ok(), tiling ? "" : tiling.error().message.c_str());
        auto tiles = gpu::detail::debertaTiles(*tiling, in->dl);
        QVERIFY2(tiles.ok(), tiles ? "" : tiles.error().message.c_str());
        const std::uint64_t N = static_cast<std::uint64_t>(n),
                            inRow = 4ull * static_cast<std::uint64_t>(d);
        std::vector<int> covered(static_cast<std::size_t>(n * n), 0);
        for (const auto& t : *tiles) {
            QVERIFY(t.r0 * 4 * N % lim.alignment == 0 || t.r0 == 0);
            QVERIFY(t.r0 * inRow % lim.alignment == 0 && t.c0 * inRow % lim.alignment == 0);
            QVERIFY(t.pFirst * inRow % lim.alignment == 0);
            QVERIFY(t.rows * 4 * N <= lim.maxBinding);
            QVERIFY(t.rows * inRow <= lim.maxBinding && t.cols * inRow <= lim.maxBinding);
            QVERIFY((t.pLast - t.pFirst + 1) * inRow <= lim.maxBinding);
            QVERIFY(t.pLast < static_cast<std::uint64_t>(in->qr.rows()));
            for (std::uint64_t i = t.r0; i < t.r0 + t.rows; ++i)
                for (std::uint64_t j = t.c0; j < t.c0 + t.cols; ++j) {
                    ++covered[static_cast<std::size_t>(i * N + j)];
                    const auto dl = static_cast<std::uint64_t>(in->dl[static_cast<std::size_t>(
                        static_cast<std::int64_t>(i) - static_cast<std::int64_t>(j) + n - 1)]);
                    QVERIFY(dl >= t.pFirst && dl <= t.pLast);
                }
        }
        QVERIFY(std::all_of(covered.begin(), covered.end(), [](int c) { return c == 1; }));
        qInfo("%zu tiles of up to %llu x %llu", tiles->size(),
              static_cast<unsigned long long>(tiling->rows),
              static_cast<unsigned long long>(tiling->cols));
    }

    // Inputs whose rows cannot fit one storage binding are an error value (the router then falls
    // back to the CPU), never an invalid binding or a crash.
    void bindingTooSmall() {
        const Case c{"deberta", "c2p", {{"n", "8"}, {"d", "4098"}}};  // a row of Qc: 16392 bytes
        core::Result out;
        auto st = m_tiled->run(requestFor(c, core::Precision::F32), out);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, core::Errc::VulkanUnavailable);
        QVERIFY2(st.error().message.find("storage binding") != std::string::npos,
                 st.error().message.c_str());
        QVERIFY(!m_tiled->lost());
        QVERIFY(m_tiled->run(requestFor(cases().front(), core::Precision::F32), out).ok());
    }

    // A quantity without an op is a NoShader error naming it (the router then computes it on the
    // CPU with a note); the device stays usable.
    void noShader() {
        core::Request r;
        r.encoding = "sinusoidal";
        r.quantity = "frequencies";
        core::Result out;
        auto st = m_device->run(r, out);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, core::Errc::NoShader);
        QVERIFY2(st.error().message.find("sinusoidal/frequencies") != std::string::npos,
                 st.error().message.c_str());
        QVERIFY(!m_device->lost());
        QVERIFY(m_device->run(requestFor(cases().front(), core::Precision::F32), out).ok());
    }

    // Bad parameters are errors naming the parameter, not device work.
    void badParameters() {
        core::Request r;
        r.encoding = "sinusoidal";
        r.quantity = "table";
        r.params.set("d", std::int64_t(63));
        core::Result out;
        auto st = m_device->run(r, out);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, core::Errc::InvalidParameter);
        QVERIFY2(st.error().message.find("'d'") != std::string::npos, st.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TstVulkanParity)
#include "tst_vulkan_parity.moc"
