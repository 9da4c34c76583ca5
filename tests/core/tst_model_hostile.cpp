// The config reader against hostile configs (issue 23; review 2 N1, N2, N5, N7, N11, N12, N13):
// nesting 100,000 deep, dims a table would be sized by, numbers a double cannot hold, whole
// values of megabytes, controls in names, 100,000 distinct kinds and sets, FIFOs and folders as
// files, and the memory budget. Each is refused at once with one short line that starts with the
// key, or read in seconds.
#include <sys/stat.h>

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include "core/models/model_config.h"
#include "core/models/rope_params.h"
#include "tests/common/bad_model_configs.h"
#include "tests/common/shown_text.h"

using namespace poslab;

namespace {

// A guard that tells seconds from minutes (not a speed test: the reader is linear, and the asan
// build is several times slower): the old reader took 49 s to over 60 s on 100,000 kinds or sets.
constexpr qint64 kMaxMs = 30000;
// A refusal is one line of at most this many bytes, however large the value it is about.
constexpr std::size_t kMaxLine = 300;

bool hasControl(const std::string& s) {
    return !poslab::test::shownSafely(QByteArray::fromStdString(s));
}

}  // namespace

class TstModelHostile : public QObject {
    Q_OBJECT

private slots:
    void hostile_data() {
        QTest::addColumn<int>("row");
        const auto& table = test::hostileModelConfigs();
        for (std::size_t i = 0; i < table.size(); ++i)
            QTest::newRow(table[i].tag.c_str()) << static_cast<int>(i);
    }

    void hostile() {
        QFETCH(int, row);
        const test::HostileModelConfig& c = test::hostileModelConfigs()[std::size_t(row)];
        QElapsedTimer clock;
        clock.start();
        const auto got = core::models::readModelConfigText(c.json);
        const qint64 ms = clock.elapsed();
        QVERIFY2(ms < kMaxMs, qPrintable(QString("%1 ms").arg(ms)));
        if (c.key.empty()) {
            QVERIFY2(got.ok(), got ? "" : got.error().message.c_str());
            if (c.kinds >= 0) QCOMPARE(int(got->kinds.size()), c.kinds);
            // Each layer's kind is found, in constant time however many kinds there are.
            for (const std::string& layer : got->layers) QVERIFY(got->kind(layer));
            return;
        }
        QVERIFY2(!got.ok(), c.tag.c_str());
        const std::string& m = got.error().message;
        QVERIFY2(m.rfind(c.key + ": ", 0) == 0, m.substr(0, kMaxLine).c_str());
        QVERIFY2(m.size() < kMaxLine, m.substr(0, kMaxLine).c_str());
        QVERIFY2(!hasControl(m), m.c_str());
    }

    // 1e999 names its key wherever it stands, and says why (N12).
    void overflowSaysNotFinite() {
        const auto got = core::models::readModelConfigText(
            R"({"rope_theta": 1e999, "model_type":"llama","head_dim":128})");
        QVERIFY(!got.ok());
        QCOMPARE(got.error().message, std::string("rope_theta: not a finite number"));
    }

    // A list where a string belongs is described, not dumped (N11).
    void listIsDescribed() {
        const auto got = core::models::readModelConfigText(R"({"model_type": [1, [2, 3]]})");
        QVERIFY(!got.ok());
        QCOMPARE(got.error().message, std::string("model_type: expected a string, got […]"));
    }

    // The budget applies to the text and to every table the config implies, given or configured
    // (N2: POSLAB_MEMORY_BUDGET=1KiB poslab model llama-3.1-8b is refused).
    void memoryBudget_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<double>("budget");
        QTest::addColumn<QString>("key");
        QTest::newRow("a small config, 1 KiB")
            << R"({"head_dim": 128, "model_type": "llama"})" << 1024.0 << "config";
        QTest::newRow("head_dim 65536 x 64 kinds, 64 MiB") << QString::fromStdString([] {
            std::string s = R"({"model_type": "llama", "head_dim": 65536, "num_hidden_layers": 64,
                                 "layer_types": [)";
            for (int i = 0; i < 64; ++i)
                s += (i ? ",\"k" : "\"k") + std::to_string(i) + "_attention\"";
            return s + "]}";
        }()) << 64.0 * 1024 * 1024 << "head_dim";
    }
    void memoryBudget() {
        QFETCH(QString, config);
        QFETCH(double, budget);
        QFETCH(QString, key);
        const auto got = core::models::readModelConfigText(config.toStdString(), {}, budget);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().code, core::Errc::OverBudget);
        const QString m = QString::fromStdString(got.error().message);
        QVERIFY2(m.startsWith(key + ": ") && m.contains("more than the memory budget of"),
                 qPrintable(m));
        // The same config within a larger budget is read.
        QVERIFY(core::models::readModelConfigText(config.toStdString(), {}, 1e12).ok());
    }

    // Only regular files are read; a FIFO, a folder or a device is refused before it is opened
    // (a FIFO would block the reader forever), a file over the cap before it is read (N5).
    void onlyRegularFiles_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("named");
        QTest::newRow("FIFO") << "fifo"
                              << "FIFO";
        QTest::newRow("folder") << "folder"
                                << "folder";
        QTest::newRow("device") << "/dev/null"
                                << "device";
        QTest::newRow("5 MB file") << "big"
                                   << "4.0 MiB";
    }
    void onlyRegularFiles() {
        QFETCH(QString, what);
        QFETCH(QString, named);
        QTemporaryDir dir;
        QString path = what.startsWith('/') ? what : dir.filePath(what);
        if (what == "fifo") QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        if (what == "folder") QVERIFY(QDir(dir.path()).mkdir(what));
        if (what == "big") {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(5000000, ' '));
        }
        QElapsedTimer clock;
        clock.start();
        const auto got = core::models::readModelConfigFile(path.toStdString());
        QVERIFY(clock.elapsed() < kMaxMs);
        QVERIFY(!got.ok());
        QCOMPARE(got.error().code, core::Errc::Io);
        const QString m = QString::fromStdString(got.error().message);
        QVERIFY2(m.contains(named) && !m.contains('\n'), qPrintable(m));
    }

    // --layer is reported as given, however large (review 2, note 1).
    void layerAsGiven() {
        const auto cfg = core::models::readModelConfigText(
            R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 62})");
        QVERIFY(cfg.ok());
        const auto k = core::models::kindOfLayer(*cfg, std::int64_t(99999999999));
        QVERIFY(!k.ok());
        QVERIFY2(k.error().message.rfind("--layer 99999999999: the model has 62 layers", 0) == 0,
                 k.error().message.c_str());
    }

    // Names from the file are echoed in notes too (a note is printed on stdout).
    void notesEchoNames() {
        const std::string config =
            "{\"head_dim\": 8, \"max_position_embeddings\": 8192, \"num_hidden_layers\": 1, "
            "\"original_max_position_embeddings\": 4096, \"layer_types\": "
            "[\"\\u001b[2Jx_attention\"], "
            "\"rope_scaling\": {\"type\": \"longrope\", \"short_factor\": [1, 1, 1, 1], "
            "\"long_factor\": [1, 2, 3, 4]}}";
        const auto got = core::models::readModelConfigText(config);
        QVERIFY2(got.ok(), got ? "" : got.error().message.c_str());
        QVERIFY(!got->notes.empty());
        for (const std::string& note : got->notes) QVERIFY2(!hasControl(note), note.c_str());
    }
};

QTEST_GUILESS_MAIN(TstModelHostile)
#include "tst_model_hostile.moc"
