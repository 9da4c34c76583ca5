// The command line's backends: `export --backend auto|cpu|vulkan` and `bench [--json]`, with
// Vulkan present, and with the loader or the driver removed (the program still works, says so
// once on stderr, exits 0).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

#include "core/io/npy.h"
#include "tests/gpu/gpu_test_env.h"

using namespace poslab;

namespace {

using poslab::test::Run;
using poslab::test::runPoslab;

int lines(const QByteArray& text, const QByteArray& needle) {
    int n = 0;
    for (const auto& l : text.split('\n'))
        if (l.contains(needle)) ++n;
    return n;
}

}  // namespace

class TstCliBackend : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase() {
        test::prepareVulkanEnvironment();
        QVERIFY(!qEnvironmentVariableIsEmpty("POSLAB_BIN"));
        QVERIFY(m_dir.isValid());
    }

    void exportBackends_data() {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("env");  // NAME=VALUE or empty
        QTest::newRow("vulkan") << "vulkan"
                                << "";
        QTest::newRow("auto") << "auto"
                              << "";
        QTest::newRow("vulkan, no loader") << "vulkan"
                                           << "POSLAB_VULKAN_LIBRARY=libvulkan-missing.so.1";
        QTest::newRow("auto, no driver") << "auto"
                                         << "VK_ICD_FILENAMES=/nonexistent/icd.json";
        QTest::newRow("vulkan, failing device") << "vulkan"
                                                << "POSLAB_VULKAN_FAULT=submit";
    }
    // Every backend choice exports the table; the CPU fallback gives the reference exactly, the
    // device agrees to float32 accuracy, and a missing Vulkan is said once.
    void exportBackends() {
        QFETCH(QString, backend);
        QFETCH(QString, env);
        QList<QPair<QString, QString>> e;
        if (!env.isEmpty()) e.append({env.section('=', 0, 0), env.section('=', 1)});
        const QStringList common = {"export", "sinusoidal", "table", "-p", "n=300", "-p", "d=64"};
        const Run ref = runPoslab(common + QStringList{"-o", path("ref.npy")});
        QCOMPARE(ref.code, 0);
        QVERIFY(ref.err.isEmpty());
        const Run r =
            runPoslab(common + QStringList{"--backend", backend, "-o", path(backend + ".npy")}, e);
        QVERIFY2(r.code == 0, r.err.constData());
        auto a = core::io::readNpy(path("ref.npy").toStdString());
        auto b = core::io::readNpy(path(backend + ".npy").toStdString());
        QVERIFY(a.ok() && b.ok());
        QCOMPARE(b->shape, a->shape);
        double err = 0;
        for (std::int64_t k = 0; k < a->size(); ++k)
            err = std::max(err, std::abs(a->at(k) - b->at(k)));
        if (!env.isEmpty()) {
            QCOMPARE(lines(r.err, "computing on the CPU"), 1);
            QCOMPARE(err, 0.0);
        } else if (r.err.contains("Vulkan device")) {
            QVERIFY2(err < 1e-6, qPrintable(QString::number(err)));
        }
    }

    void exportNoShaderNote() {
        const Run r = runPoslab(
            {"export", "sinusoidal", "frequencies", "--backend", "vulkan", "-o", path("f.npy")});
        QCOMPARE(r.code, 0);
        QVERIFY(QFile::exists(path("f.npy")));
        QVERIFY(lines(r.err, "CPU") == 1);
    }

    void badBackend() {
        const Run r =
            runPoslab({"export", "sinusoidal", "table", "--backend", "gpu", "-o", path("x.npy")});
        QCOMPARE(r.code, 2);
        QVERIFY(!QFile::exists(path("x.npy")));
        QVERIFY(r.err.contains("--backend"));
        const Run b = runPoslab({"bench", "--backend", "gpu"});
        QCOMPARE(b.code, 2);
        QVERIFY(b.err.contains("--backend"));
        QVERIFY(b.out.isEmpty());
    }

    void benchJson_data() {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("env");
        QTest::newRow("auto") << "auto"
                              << "";
        QTest::newRow("cpu") << "cpu"
                             << "";
        QTest::newRow("vulkan, no loader") << "vulkan"
                                           << "POSLAB_VULKAN_LIBRARY=libvulkan-missing.so.1";
    }
    // `bench --json --quick`: one JSON object on stdout with the documented fields.
    void benchJson() {
        QFETCH(QString, backend);
        QFETCH(QString, env);
        QList<QPair<QString, QString>> e;
        if (!env.isEmpty()) e.append({env.section('=', 0, 0), env.section('=', 1)});
        const Run r = runPoslab({"bench", "--json", "--quick", "--backend", backend}, e);
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonParseError pe;
        const auto doc = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        const auto root = doc.object();
        QVERIFY(root["device"].toObject().contains("name"));
        QVERIFY(root["device"].toObject().contains("type"));
        const auto results = root["results"].toArray();
        QVERIFY(!results.isEmpty());
        QSet<QString> seen;
        bool vulkanRows = false;
        for (const auto& v : results) {
            const auto o = v.toObject();
            for (const char* key :
                 {"encoding", "quantity", "shape", "params", "backend", "precision", "median_ms",
                  "min_ms", "max_ms", "runs", "first_ms"})
                QVERIFY2(o.contains(key), key);
            QVERIFY(o["min_ms"].toDouble() <= o["median_ms"].toDouble());
            QVERIFY(o["median_ms"].toDouble() <= o["max_ms"].toDouble());
            QVERIFY(o["runs"].toInt() >= 3);
            QVERIFY(o["precision"].toString() == "f64" || o["precision"].toString() == "f32");
            seen.insert(o["encoding"].toString() + "/" + o["quantity"].toString());
            vulkanRows |= o["backend"].toString() == "vulkan";
        }
        for (const char* q : {"sinusoidal/table", "alibi/bias", "attention/softmax"})
            QVERIFY2(seen.contains(q), q);
        if (backend == "cpu" || !env.isEmpty()) QVERIFY(!vulkanRows);
        if (!env.isEmpty()) QVERIFY(r.err.contains("not available"));
        // The training lab's step (quick: RoPE), its rate its FLOPs over its median.
        const auto train = root["train"].toArray();
        QCOMPARE(train.size(), 1);
        const auto t = train[0].toObject();
        QCOMPARE(t["encoding"].toString(), QString("rope"));
        QCOMPARE(t["batch"].toInt(), 32);
        QCOMPARE(t["length"].toInt(), 17);  // copy at n = 8: BOS, 8, SEP, 8, less the last
        QVERIFY(t["min_ms"].toDouble() > 0);
        QVERIFY(t["min_ms"].toDouble() <= t["median_ms"].toDouble());
        QVERIFY(t["median_ms"].toDouble() <= t["max_ms"].toDouble());
        QVERIFY(t["runs"].toInt() >= 5);
        const double rate = t["gflop_per_step"].toDouble() / (t["median_ms"].toDouble() * 1e-3);
        QVERIFY(qAbs(t["gflop_s"].toDouble() - rate) <= 1e-6 * rate);
    }
};

QTEST_APPLESS_MAIN(TstCliBackend)
#include "tst_cli_backend.moc"
