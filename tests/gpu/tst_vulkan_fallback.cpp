// Every way Vulkan can be missing or fail ends in the CPU backend, with the user told once:
// each creation step failing in turn (test hook), no loader library, no driver (ICD). Failures
// carry their code (Errc), and auto on a CPU-type device follows its probe both ways.
#include <QtTest>

#include <algorithm>

#include "core/backend/cpu_backend.h"
#include "gpu/backend_router.h"
#include "gpu/vulkan/fault.h"
#include "tests/common/env_guard.h"
#include "tests/gpu/gpu_test_env.h"

using namespace poslab;

namespace {

core::Request tableRequest() {
    core::Request r;
    r.encoding = "sinusoidal";
    r.quantity = "table";
    r.params.set("n", std::int64_t(100));
    r.params.set("d", std::int64_t(32));
    r.precision = core::Precision::F32;
    return r;
}

// Runs the table twice through a router in `mode`; returns the messages it told.
std::vector<std::string> runTwice(gpu::BackendMode mode, core::Result& out) {
    std::vector<std::string> told;
    gpu::BackendRouter router(mode, [&](const std::string& m) { told.push_back(m); });
    for (int i = 0; i < 2; ++i) {
        auto st = router.run(tableRequest(), out);
        if (!st) qWarning("run failed: %s", st.error().message.c_str());
        QTest::qVerify(st.ok(), "router.run", "", __FILE__, __LINE__);
    }
    return told;
}

}  // namespace

class TstVulkanFallback : public QObject {
    Q_OBJECT
    bool m_haveVulkan = false;
    core::Result m_cpuTable;

private slots:
    void initTestCase() {
        test::prepareVulkanEnvironment();
        auto v = gpu::VulkanBackend::create();
        m_haveVulkan = v.ok();
        if (!m_haveVulkan && test::vulkanRequired()) QFAIL(v.error().message.c_str());
        core::CpuBackend cpu;
        QVERIFY(cpu.run(tableRequest(), m_cpuTable).ok());
    }
    void cleanup() { gpu::setInjectedFault(gpu::FaultStep::None); }

    void faultStep_data() {
        QTest::addColumn<int>("step");
        for (auto s : gpu::kAllFaultSteps)
            QTest::newRow(std::string(gpu::faultStepName(s)).c_str()) << static_cast<int>(s);
    }
    // With step s failing, creation or the first computation fails, the CPU computes the same
    // numbers, and the user is told exactly once over two requests.
    void faultStep() {
        QFETCH(int, step);
        const auto s = static_cast<gpu::FaultStep>(step);
        gpu::setInjectedFault(s);
        auto v = gpu::VulkanBackend::create();
        const bool creationStep =
            s == gpu::FaultStep::LoadLibrary || s == gpu::FaultStep::CreateInstance ||
            s == gpu::FaultStep::SelectDevice || s == gpu::FaultStep::CreateDevice ||
            s == gpu::FaultStep::CreateCommands;
        if (creationStep) {
            QVERIFY(!v.ok());
            QVERIFY2(v.error().message.find(gpu::faultStepName(s)) != std::string::npos,
                     v.error().message.c_str());
        } else if (m_haveVulkan) {
            QVERIFY(v.ok());
            core::Result out;
            auto st = (*v)->run(tableRequest(), out);
            QVERIFY(!st.ok());
            QVERIFY2(st.error().message.find(gpu::faultStepName(s)) != std::string::npos,
                     st.error().message.c_str());
        }
        for (auto mode : {gpu::BackendMode::Vulkan, gpu::BackendMode::Auto}) {
            core::Result out;
            const auto told = runTwice(mode, out);
            QCOMPARE(out.backend, core::BackendKind::Cpu);
            QVERIFY(out.f32 == m_cpuTable.f32);
            if (mode == gpu::BackendMode::Vulkan || creationStep) {
                QCOMPARE(told.size(), std::size_t(1));
                QVERIFY2(told[0].find("CPU") != std::string::npos, told[0].c_str());
            }
        }
        // Once the fault is gone a new backend works again (nothing global was broken).
        gpu::setInjectedFault(gpu::FaultStep::None);
        if (m_haveVulkan) {
            auto ok = gpu::VulkanBackend::create();
            QVERIFY(ok.ok());
            core::Result out;
            QVERIFY((*ok)->run(tableRequest(), out).ok());
        }
    }

    // No loader library at all: as if libvulkan1 were not installed.
    void noLoader() {
        test::EnvGuard g("POSLAB_VULKAN_LIBRARY", "libvulkan-that-does-not-exist.so.1");
        auto v = gpu::VulkanBackend::create();
        QVERIFY(!v.ok());
        QVERIFY2(v.error().message.find("loader") != std::string::npos, v.error().message.c_str());
        core::Result out;
        const auto told = runTwice(gpu::BackendMode::Vulkan, out);
        QCOMPARE(told.size(), std::size_t(1));
        QCOMPARE(out.backend, core::BackendKind::Cpu);
        QVERIFY(out.f32 == m_cpuTable.f32);
    }

    // A loader but no driver: the ICD list points nowhere.
    void noDriver() {
        test::EnvGuard g1("VK_ICD_FILENAMES", "/nonexistent/icd.json");
        test::EnvGuard g2("VK_DRIVER_FILES", "/nonexistent/icd.json");
        auto v = gpu::VulkanBackend::create();
        QVERIFY(!v.ok());
        core::Result out;
        const auto told = runTwice(gpu::BackendMode::Auto, out);
        QCOMPARE(told.size(), std::size_t(1));
        QCOMPARE(out.backend, core::BackendKind::Cpu);
    }

    // `cpu` never touches Vulkan, even when it would fail.
    void cpuModeNeverLoads() {
        gpu::setInjectedFault(gpu::FaultStep::LoadLibrary);
        core::Result out;
        const auto told = runTwice(gpu::BackendMode::Cpu, out);
        QVERIFY(told.empty());
        QCOMPARE(out.backend, core::BackendKind::Cpu);
    }

    // `vulkan` for a quantity without a shader: computed on the CPU with one note.
    void noShaderNote() {
        if (!m_haveVulkan) QSKIP("no Vulkan device");
        std::vector<std::string> told;
        gpu::BackendRouter router(gpu::BackendMode::Vulkan,
                                  [&](const std::string& m) { told.push_back(m); });
        core::Request r;
        r.encoding = "sinusoidal";
        r.quantity = "frequencies";
        core::Result out;
        QVERIFY(router.run(r, out).ok());
        QVERIFY(router.run(r, out).ok());
        QCOMPARE(out.backend, core::BackendKind::Cpu);
        QCOMPARE(told.size(), std::size_t(1));
        QVERIFY2(told[0].find("no Vulkan shader") != std::string::npos, told[0].c_str());
        // And a quantity with one runs on the device.
        QVERIFY(router.run(tableRequest(), out).ok());
        QCOMPARE(out.backend, core::BackendKind::Vulkan);
    }

    // auto on a CPU-type device follows the probe, both ways: with the probe's timings forced
    // (Vulkan faster, then the CPU faster) choose() picks the faster one, asks the probe once per
    // quantity, times both backends on work that really ran, and records what it measured. On a
    // real GPU auto needs no probe: it always takes the device.
    void autoFollowsProbe_data() {
        QTest::addColumn<double>("cpuMs");
        QTest::addColumn<double>("gpuMs");
        QTest::newRow("vulkan faster") << 5.0 << 1.0;
        QTest::newRow("cpu faster") << 1.0 << 5.0;
    }
    void autoFollowsProbe() {
        if (!m_haveVulkan) QSKIP("no Vulkan device");
        QFETCH(double, cpuMs);
        QFETCH(double, gpuMs);
        gpu::BackendRouter router(gpu::BackendMode::Auto);
        std::vector<core::BackendKind> timed;
        bool ran = true;
        router.setProbeTimer([&](core::BackendKind kind, const std::function<bool()>& run) {
            timed.push_back(kind);
            ran = ran && run();
            return kind == core::BackendKind::Vulkan ? gpuMs : cpuMs;
        });
        auto* v = router.vulkan();
        QVERIFY(v);
        auto p = core::prepareRequest(tableRequest());
        QVERIFY(p.ok());
        const auto choice = router.choose(*p, core::Precision::F32);
        qInfo("device type %s", v->deviceType().c_str());
        if (v->deviceType() != "cpu") {
            QCOMPARE(choice, core::BackendKind::Vulkan);
            QVERIFY(timed.empty());
            return;
        }
        const auto faster = gpuMs < cpuMs ? core::BackendKind::Vulkan : core::BackendKind::Cpu;
        QCOMPARE(choice, faster);
        QVERIFY(ran);
        QCOMPARE(timed.size(), std::size_t(2));
        QVERIFY(std::count(timed.begin(), timed.end(), core::BackendKind::Cpu) == 1);
        QVERIFY(std::count(timed.begin(), timed.end(), core::BackendKind::Vulkan) == 1);
        QCOMPARE(router.probes().at("sinusoidal/table"), std::make_pair(cpuMs, gpuMs));
        // Asked again (other parameters, same quantity): the recorded choice, no second probe.
        auto other = tableRequest();
        other.params.set("n", std::int64_t(300));
        auto q = core::prepareRequest(other);
        QVERIFY(q.ok());
        QCOMPARE(router.choose(*q, core::Precision::F32), faster);
        QCOMPARE(timed.size(), std::size_t(2));
        // And run() computes where choose() said.
        core::Result out;
        QVERIFY(router.run(other, out).ok());
        QCOMPARE(out.backend, faster);
    }

    // A failure's code says what happened; the message stays for people.
    void errorCodes() {
        gpu::setInjectedFault(gpu::FaultStep::CreateInstance);
        auto v = gpu::VulkanBackend::create();
        QVERIFY(!v.ok());
        QCOMPARE(v.error().code, core::Errc::VulkanUnavailable);
        gpu::setInjectedFault(gpu::FaultStep::None);
        test::EnvGuard g("POSLAB_VULKAN_LIBRARY", "libvulkan-that-does-not-exist.so.1");
        auto none = gpu::VulkanBackend::create();
        QVERIFY(!none.ok());
        QCOMPARE(none.error().code, core::Errc::VulkanUnavailable);
        // The router tells the user the reason, in the same words, with no "Vulkan: " twice.
        std::vector<std::string> told;
        gpu::BackendRouter router(gpu::BackendMode::Vulkan,
                                  [&](const std::string& m) { told.push_back(m); });
        core::Result out;
        QVERIFY(router.run(tableRequest(), out).ok());
        QCOMPARE(told.size(), std::size_t(1));
        QVERIFY2(told[0].rfind("Vulkan is not available (", 0) == 0, told[0].c_str());
        QVERIFY2(told[0].find("(Vulkan: ") == std::string::npos, told[0].c_str());
        QCOMPARE(router.unavailableReason(), none.error().message);
    }
};

QTEST_APPLESS_MAIN(TstVulkanFallback)
#include "tst_vulkan_fallback.moc"
