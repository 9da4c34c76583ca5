// The backend selector of the status bar (issue 4): forcing Vulkan computes RoPE's quantities on
// the device (float32, within 1e-4 of the CPU), forcing the CPU gives core's exact double numbers,
// and with no Vulkan loader the label says CPU and the user is told once.
#include <QComboBox>
#include <QLabel>
#include <QtTest>

#include <cmath>

#include "core/compute.h"
#include "gpu/vulkan_backend.h"
#include "tests/common/env_guard.h"
#include "tests/gpu/gpu_test_env.h"
#include "tests/ui/ui_test_util.h"
#include "ui/compute/compute_request.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// The arrays the views of the last shown result draw, by quantity (first heatmap of each view).
struct Shown {
    QHash<QString, core::Array> arrays;  // copies of the shown arrays
};

// Runs the RoPE page at (n, d) in `mode` and collects the heatmap arrays of the result shown.
Shown runRope(MainWindow& w, gpu::BackendMode mode, std::int64_t n, std::int64_t d) {
    Shown out;
    QSignalSpy spy(w.scheduler(), &Scheduler::finished);
    w.setBackendMode(mode);
    core::ParamSet p = w.page()->params();
    p.set("n", n);
    p.set("d", d);
    w.page()->setParams(p);
    w.page()->requestUpdate();  // a fresh result even when nothing changed
    if (!ui::test::waitIdle(w, 60000)) return out;
    for (const auto& args : spy) {
        const auto r = args.at(0).value<ComputeResult>();
        if (r.generation != w.page()->displayedGeneration()) continue;
        for (const auto& v : r.views)
            if (!v.heatmaps.isEmpty() && v.heatmaps.front().array)
                out.arrays.insert(
                    v.viewId.section(QLatin1Char('/'), -1),  // "rope/angles" -> "angles"
                    *v.heatmaps.front().array);
    }
    return out;
}

core::Array reference(const QString& quantity, const core::ParamSet& params) {
    const core::EncodingDescriptor* enc = core::registry().find("rope");
    auto prepared = core::prepare(*enc, quantity.toStdString(), params);
    if (!prepared) qFatal("prepare: %s", prepared.error().message.c_str());
    auto a = core::run(*prepared);
    if (!a) qFatal("run: %s", a.error().message.c_str());
    return *a;
}

}  // namespace

class TestBackendChoice : public QObject {
    Q_OBJECT
    bool m_haveVulkan = false;

private slots:
    void initTestCase() {
        poslab::test::prepareVulkanEnvironment();
        setUpApplication();
        auto v = gpu::VulkanBackend::create();
        m_haveVulkan = v.ok();
        if (!m_haveVulkan && poslab::test::vulkanRequired()) QFAIL(v.error().message.c_str());
        if (!Catalog::instance().find("rope")) QFAIL("the RoPE page is not registered");
    }

    // The selector offers Auto / CPU (double) / Vulkan, starts on the CPU, and the label says so.
    void defaultsToCpu() {
        MainWindow w(ui::test::noSettings());
        w.openPage("rope");
        QVERIFY(ui::test::waitIdle(w));
        QCOMPARE(w.backendChoice()->count(), 3);
        QCOMPARE(w.backendChoice()->currentData().toString(), QStringLiteral("cpu"));
        QCOMPARE(w.backendMode(), gpu::BackendMode::Cpu);
        QCOMPARE(w.backendText(), QStringLiteral("CPU (double)"));
        QCOMPARE(w.backendNoticeCount(), 0);
        // The backend is said once: the choice says "CPU (double)", the label beside it is hidden;
        // under Auto the label says what computed the result.
        auto* label = w.findChild<QLabel*>(QStringLiteral("backendLabel"));
        QVERIFY(label);
        QVERIFY(label->isHidden());
        w.backendChoice()->setCurrentIndex(w.backendChoice()->findData(QStringLiteral("auto")));
        QVERIFY(ui::test::waitIdle(w));
        QVERIFY(!label->isHidden());
        w.backendChoice()->setCurrentIndex(w.backendChoice()->findData(QStringLiteral("cpu")));
        QVERIFY(ui::test::waitIdle(w));
        QVERIFY(label->isHidden());
        // Both languages: the selector and the label follow a language change.
        w.setLanguage(Lang::Zh);
        QCOMPARE(w.backendChoice()->itemText(0), QStringLiteral("自动"));
        QCOMPARE(w.backendText(), QStringLiteral("CPU（双精度）"));
        w.setLanguage(Lang::En);
        QCOMPARE(w.backendChoice()->itemText(0), QStringLiteral("Auto"));
        QCOMPARE(w.backendText(), QStringLiteral("CPU (double)"));
    }

    void forced_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::newRow("n=64 d=32") << qint64(64) << qint64(32);
        QTest::newRow("n=200 d=64") << qint64(200) << qint64(64);
        QTest::newRow("n=513 d=128") << qint64(513) << qint64(128);
    }
    // Forcing the CPU gives core's numbers exactly; forcing Vulkan gives a result labelled with
    // the device whose numbers are float32 values within 1e-4 relative of the CPU's.
    void forced() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        MainWindow w(ui::test::noSettings());
        w.openPage("rope");
        QVERIFY(ui::test::waitIdle(w));

        const Shown cpu = runRope(w, gpu::BackendMode::Cpu, n, d);
        QCOMPARE(w.backendText(), QStringLiteral("CPU (double)"));
        const core::ParamSet params = w.page()->params();
        for (const QString& q : {QStringLiteral("angles"), QStringLiteral("scores")}) {
            QVERIFY2(cpu.arrays.contains(q), qPrintable(q));
            const core::Array ref = reference(q, params);
            const core::Array got = cpu.arrays.value(q);
            QCOMPARE(got.shape, ref.shape);
            QVERIFY2(got.f64 == ref.f64, qPrintable(q + " differs from core"));
        }

        if (!m_haveVulkan) QSKIP("no Vulkan device");
        const Shown gpu = runRope(w, gpu::BackendMode::Vulkan, n, d);
        QVERIFY2(w.backendText().startsWith(QStringLiteral("Vulkan: ")),
                 qPrintable(w.backendText()));
        QVERIFY2(w.backendText().endsWith(QStringLiteral(" (float32)")),
                 qPrintable(w.backendText()));
        QCOMPARE(w.backendNoticeCount(), 0);
        for (const QString& q : {QStringLiteral("angles"), QStringLiteral("scores")}) {
            QVERIFY2(gpu.arrays.contains(q), qPrintable(q));
            const core::Array ref = reference(q, params);
            const core::Array got = gpu.arrays.value(q);
            QCOMPARE(got.shape, ref.shape);
            bool allFloat = true;
            double worst = 0;
            for (std::size_t i = 0; i < ref.f64.size(); ++i) {
                const double a = got.f64[i], b = ref.f64[i];
                allFloat = allFloat && static_cast<double>(static_cast<float>(a)) == a;
                // Relative error, with 1 as the floor of the scale (scores cross zero).
                worst = std::max(worst, std::abs(a - b) / std::max(1.0, std::abs(b)));
            }
            QVERIFY2(worst <= 1e-4, qPrintable(QStringLiteral("%1: %2").arg(q).arg(worst)));
            // The view really shows the device's float32 numbers, not a CPU recomputation.
            QVERIFY2(allFloat, qPrintable(q + " is not float32 data"));
        }

        // Back to the CPU: core's exact numbers again (no array of the device is reused).
        const Shown again = runRope(w, gpu::BackendMode::Cpu, n, d);
        QCOMPARE(w.backendText(), QStringLiteral("CPU (double)"));
        QVERIFY(again.arrays.contains(QStringLiteral("scores")));
        QVERIFY(again.arrays.value(QStringLiteral("scores")).f64 ==
                reference(QStringLiteral("scores"), params).f64);
    }

    void unavailable_data() {
        QTest::addColumn<QByteArray>("variable");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<int>("mode");
        QTest::newRow("no loader, vulkan") << QByteArray("POSLAB_VULKAN_LIBRARY")
                                           << QByteArray("libvulkan-that-does-not-exist.so.1")
                                           << static_cast<int>(gpu::BackendMode::Vulkan);
        QTest::newRow("no loader, auto") << QByteArray("POSLAB_VULKAN_LIBRARY")
                                         << QByteArray("libvulkan-that-does-not-exist.so.1")
                                         << static_cast<int>(gpu::BackendMode::Auto);
        QTest::newRow("no driver, vulkan")
            << QByteArray("VK_ICD_FILENAMES") << QByteArray("/nonexistent/icd.json")
            << static_cast<int>(gpu::BackendMode::Vulkan);
    }
    // With Vulkan missing the CPU computes core's numbers, the label says why, and the user is
    // told exactly once over several results.
    void unavailable() {
        QFETCH(QByteArray, variable);
        QFETCH(QByteArray, value);
        QFETCH(int, mode);
        poslab::test::EnvGuard guard(variable.constData(), value);
        MainWindow w(ui::test::noSettings());
        w.openPage("rope");
        QVERIFY(ui::test::waitIdle(w));
        const Shown first = runRope(w, static_cast<gpu::BackendMode>(mode), 100, 32);
        QVERIFY2(w.backendText().startsWith(QStringLiteral("CPU — Vulkan unavailable: ")),
                 qPrintable(w.backendText()));
        const Shown second = runRope(w, static_cast<gpu::BackendMode>(mode), 120, 32);
        QVERIFY2(w.backendText().startsWith(QStringLiteral("CPU — Vulkan unavailable: ")),
                 qPrintable(w.backendText()));
        QCOMPARE(w.backendNoticeCount(), 1);
        QVERIFY(w.backendNotice().contains(QStringLiteral("Vulkan is not available")));
        QVERIFY(second.arrays.contains(QStringLiteral("scores")));
        QVERIFY(second.arrays.value(QStringLiteral("scores")).f64 ==
                reference(QStringLiteral("scores"), w.page()->params()).f64);
    }
};

QTEST_MAIN(TestBackendChoice)
#include "tst_backend_choice.moc"
