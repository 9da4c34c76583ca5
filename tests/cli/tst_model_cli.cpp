// `poslab model` (models.md M4): every refused config exits 2 with one stderr line naming the
// key and nothing on stdout; --json on each preset is one object with d/2 frequencies per RoPE
// kind; --list names the bundled presets; the summary shows the layer strip.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "tests/cli/cli_test_util.h"
#include "tests/common/bad_model_configs.h"

using namespace poslab;
using poslab::test::Run;

class TstModelCli : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

    static QStringList presetIds() {
        const Run r = test::runPoslab({"model", "--list"});
        QStringList ids;
        for (const QByteArray& line : r.out.split('\n'))
            if (!line.isEmpty()) ids << QString::fromUtf8(line.split('\t').front());
        return ids;
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void refusals_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("key");
        for (const auto& bad : test::badModelConfigs())
            QTest::newRow(bad.tag) << QString(bad.json) << QString(bad.key);
    }

    void refusals() {
        QFETCH(QString, config);
        QFETCH(QString, key);
        const QString file = path("bad.json");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(config.toUtf8());
        f.close();
        for (const QStringList& extra : {QStringList{}, QStringList{"--json"}}) {
            const Run r = test::runPoslab(QStringList{"model", file} + extra);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.out.isEmpty(), r.out.constData());
            QCOMPARE(r.err.count('\n'), 1);
            QVERIFY2(r.err.startsWith("poslab model: "), r.err.constData());
            QVERIFY2(r.err.contains(key.toUtf8()), r.err.constData());
        }
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("nothing") << QStringList{"model"};
        QTest::newRow("unknown preset") << QStringList{"model", "no-such-model"};
        QTest::newRow("bad --seq-len") << QStringList{"model", "llama-3.1-8b", "--seq-len", "0"};
        QTest::newRow("--list with a name") << QStringList{"model", "--list", "llama-3.1-8b"};
    }

    void usageErrors() {
        QFETCH(QStringList, args);
        const Run r = test::runPoslab(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1);
    }

    void listNamesThePresets() {
        const QStringList ids = presetIds();
        QVERIFY2(ids.size() >= 11, qPrintable(ids.join(",")));
        for (const char* id : {"llama-3.1-8b", "qwen2.5-7b-yarn", "phi-3.5-mini", "deepseek-v3",
                               "gpt-oss-20b", "gemma-3-27b", "llama-4-scout", "mistral-7b-v0.1",
                               "llama-2-7b", "mistral-7b-v0.3", "gemma-2-9b"})
            QVERIFY2(ids.contains(id), id);
        // The embedded presets are exactly the files in resources/models.
        const QDir dir(qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/resources/models");
        QCOMPARE(ids.size(), dir.entryList({"*.json"}, QDir::Files).size());
    }

    void jsonOfEveryPreset() {
        for (const QString& id : presetIds()) {
            const Run r = test::runPoslab({"model", id, "--json"});
            QCOMPARE(r.code, 0);
            QJsonParseError e;
            const QJsonObject o = QJsonDocument::fromJson(r.out, &e).object();
            QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(id + e.errorString()));
            QCOMPARE(o.value("layers").toArray().size(), o.value("num_hidden_layers").toInt());
            const QJsonObject kinds = o.value("kinds").toObject();
            QVERIFY(!kinds.isEmpty());
            for (const QString& name : kinds.keys()) {
                const QJsonObject k = kinds.value(name).toObject();
                if (!k.value("rope").toBool()) continue;
                const bool prop = k.value("rope_type").toString() == "proportional";
                const int d = k.value(prop ? "head_dim" : "rotary_dim").toInt();
                QCOMPARE(k.value("inv_freq").toArray().size(), d / 2);
            }
        }
    }

    void seqLenSwitchesLongrope() {
        const Run shortRun = test::runPoslab({"model", "phi-3.5-mini", "--json"});
        const Run longRun =
            test::runPoslab({"model", "phi-3.5-mini", "--json", "--seq-len", "4097"});
        QCOMPARE(shortRun.code, 0);
        QCOMPARE(longRun.code, 0);
        auto lastInv = [](const QByteArray& out) {
            const QJsonObject k = QJsonDocument::fromJson(out)
                                      .object()
                                      .value("kinds")
                                      .toObject()
                                      .value("full_attention")
                                      .toObject();
            return k.value("inv_freq").toArray().last().toDouble();
        };
        QVERIFY(lastInv(longRun.out) < lastInv(shortRun.out));
    }

    void summaryShowsTheLayerStrip() {
        const Run r = test::runPoslab({"model", "llama-4-scout"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains("RRRN RRRN"), r.out.constData());
        QVERIFY(r.err.isEmpty());
        const Run llama = test::runPoslab({"model", "llama-3.1-8b"});
        QVERIFY2(llama.out.contains("29 kept, 6 blended, 29 interpolated"), llama.out.constData());
        // A file path works like a preset.
        const QString file =
            qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/resources/models/gemma-3-27b.json";
        const Run fromFile = test::runPoslab({"model", file});
        QCOMPARE(fromFile.code, 0);
        QVERIFY(fromFile.out.contains("SSSSSF"));
    }
};

QTEST_GUILESS_MAIN(TstModelCli)
#include "tst_model_cli.moc"
