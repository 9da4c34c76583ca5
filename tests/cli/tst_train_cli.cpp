// `poslab train` (spec training.md T5): a short comparison writes one JSON object with the task,
// every setting and one run per encoding and seed (their accuracies keyed by the multiples asked
// for, the loss logged every 50 steps, the encodings' learned parameters); the same seed gives
// the same numbers whatever the number of threads; bad settings exit 2 with one line naming the
// option and write no file.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

using namespace poslab::test;

class TstTrainCli : public QObject, public CliFixture {
    Q_OBJECT

    static QJsonObject readJson(const QString& path) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) return {};
        return QJsonDocument::fromJson(f.readAll()).object();
    }

private slots:
    void initTestCase() { QVERIFY(ready()); }

    void comparisonJson() {
        const QString out = path("copy.json");
        const Run r = runPoslab({"train", "--task", "copy", "--encoding", "t5,kerple,learned",
                                 "--seeds", "0,3", "--steps", "60", "--multiples", "1,2",
                                 "--threads", "2", "--d", "16", "--heads", "2", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = readJson(out);
        QCOMPARE(o.value("task").toString(), QString("copy"));
        const QJsonObject config = o.value("config").toObject();
        QCOMPARE(config.value("steps").toInt(), 60);
        QCOMPARE(config.value("d").toInt(), 16);
        QCOMPARE(config.value("heads").toInt(), 2);
        const QJsonArray runs = o.value("runs").toArray();
        QCOMPARE(runs.size(), 6);
        const QStringList encodings{"t5", "t5", "kerple", "kerple", "learned", "learned"};
        for (int i = 0; i < runs.size(); ++i) {
            const QJsonObject run = runs[i].toObject();
            QCOMPARE(run.value("encoding").toString(), encodings[i]);
            QCOMPARE(run.value("seed").toInt(), i % 2 == 0 ? 0 : 3);
            QCOMPARE(run.value("steps").toInt(), 60);
            QCOMPARE(run.value("token_acc").toObject().keys(), (QStringList{"1", "2"}));
            for (const char* k : {"1", "2"}) {
                const double t = run.value("token_acc").toObject().value(k).toDouble(-1);
                const double s = run.value("sequence_acc").toObject().value(k).toDouble(-1);
                QVERIFY(t >= 0 && t <= 1 && s >= 0 && s <= t);
            }
            QCOMPARE(run.value("loss").toArray().size(), 2);  // steps 50 and 60
            QVERIFY(run.value("ms_per_step").toDouble() > 0);
            const QJsonObject params = run.value("params").toObject();
            if (encodings[i] == "t5") {  // [layer][head][bucket]
                const QJsonArray t5 = params.value("t5").toArray();
                QCOMPARE(t5.size(), 2);
                QCOMPARE(t5[0].toArray().size(), 2);
                QCOMPARE(t5[0].toArray()[0].toArray().size(), 32);
            } else if (encodings[i] == "kerple") {  // r = softplus(rho) > 0, [layer][head]
                const QJsonArray r1 = params.value("kerple").toObject().value("r1").toArray();
                QCOMPARE(r1.size(), 2);
                QCOMPARE(r1[0].toArray().size(), 2);
                QVERIFY(r1[0].toArray()[0].toDouble() > 0);
            } else {
                QCOMPARE(params.value("learned").toArray()[0].toArray().size(), 16);
            }
        }
    }

    // Each run is single-threaded and seeded: one thread or two, the same accuracies.
    void threadsDoNotChangeResults() {
        QJsonArray first;
        for (const char* threads : {"1", "2"}) {
            const Run r = runPoslab({"train", "--task", "sort", "--encoding", "none,rope",
                                     "--steps", "40", "--multiples", "1,3", "--d", "16", "--heads",
                                     "2", "--threads", threads, "--json"});
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonArray runs = QJsonDocument::fromJson(r.out).object().value("runs").toArray();
            QCOMPARE(runs.size(), 2);
            for (int i = 0; i < runs.size(); ++i) {
                QJsonObject o = runs[i].toObject();
                for (const char* timing : {"wall_s", "ms_per_step"}) o.remove(timing);
                if (first.size() < 2)
                    first.append(o);
                else
                    QCOMPARE(o, first[i].toObject());
            }
        }
    }

    // --figure: accuracy against test size, one curve per encoding (mean and range over the
    // seeds), the training sizes shaded; written beside -o, in the format its extension names.
    void figure_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("lang");
        QTest::newRow("svg") << "acc.svg"
                             << "en";
        QTest::newRow("svg zh") << "acc-zh.svg"
                                << "zh";
        QTest::newRow("png") << "acc.png"
                             << "en";
    }
    void figure() {
        QFETCH(QString, name);
        QFETCH(QString, lang);
        const QString fig = path(name), out = path(name + ".json");
        const Run r = runPoslab(
            {"train",   "--task", "reverse", "--encoding", "none,alibi", "--seeds", "0,1",
             "--steps", "20",     "--d",     "16",         "--heads",    "2",       "--multiples",
             "1,2",     "-o",     out,       "--figure",   fig,          "--lang",  lang});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(QFile::exists(out));
        QFile f(fig);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        if (name.endsWith(".svg")) {
            const QString text = QString::fromUtf8(bytes);
            const QStringList needles =
                lang == "zh"
                    ? QStringList{QString::fromUtf8("反转"), "ALiBi", QString::fromUtf8("训练长度")}
                    : QStringList{"Reverse", "ALiBi", "none (NoPE)", "training sizes"};
            for (const QString& needle : needles)
                QVERIFY2(text.contains(needle), qPrintable(needle));
        } else {
            QImage img;
            QVERIFY(img.loadFromData(bytes, "PNG"));
            QCOMPARE(img.size(), QSize(1920, 1080));
        }
    }

    void badSettings_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("names");
        const QStringList ok{"--task", "copy", "--encoding", "none"};
        QTest::newRow("task") << QStringList{"--task", "add", "--encoding", "none"} << "--task";
        QTest::newRow("no task") << QStringList{"--encoding", "none"} << "--task";
        QTest::newRow("encoding") << QStringList{"--task", "copy", "--encoding", "rope,nope"}
                                  << "nope";
        QTest::newRow("steps") << (ok + QStringList{"--steps", "0"}) << "--steps";
        QTest::newRow("d") << (ok + QStringList{"--d", "x"}) << "--d";
        QTest::newRow("heads") << (ok + QStringList{"--heads", "3"}) << "heads";
        QTest::newRow("seeds") << (ok + QStringList{"--seeds", "0,-1"}) << "--seeds";
        QTest::newRow("multiples") << (ok + QStringList{"--multiples", "1,0"}) << "--multiples";
        QTest::newRow("threads") << (ok + QStringList{"--threads", "0"}) << "--threads";
        QTest::newRow("random positions below the sequence")
            << (ok + QStringList{"--random-positions", "8"}) << "random_positions";
        QTest::newRow("unknown option") << (ok + QStringList{"--fast"}) << "--fast";
        QTest::newRow("memory over the budget")  // n = 4000: 2 x 32 x 4 attention maps of 8001^2
            << (ok + QStringList{"--multiples", "1,500"}) << "memory budget";
        QTest::newRow("lang") << (ok + QStringList{"--lang", "fr"}) << "--lang";
        QTest::newRow("figure extension")
            << (ok + QStringList{"--figure", "fig.txt"}) << "--figure";
        QTest::newRow("figure folder missing")
            << (ok + QStringList{"--figure", "/nonexistent-poslab/fig.png"}) << "nonexistent";
    }
    void badSettings() {
        QFETCH(QStringList, args);
        QFETCH(QString, names);
        const QString out = path("bad.json");
        const Run r = runPoslab(QStringList{"train"} + args + QStringList{"-o", out});
        QCOMPARE(r.code, 2);
        const QString err = QString::fromUtf8(r.err).trimmed();
        QVERIFY2(err.contains(names), qPrintable(err));
        QVERIFY2(!err.contains('\n'), qPrintable(err));
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TstTrainCli)
#include "tst_train_cli.moc"
