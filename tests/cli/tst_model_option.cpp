// `--model FILE|PRESET [--layer I] [--seq-len N]` on export and render (models.md M4): the rope
// parameters of the layer's kind, -p overriding them wherever it stands; every refused config,
// a NoPE layer with a RoPE quantity, a layer out of range and --model on another encoding exit 2
// with one line and write no file.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "tests/cli/cli_test_util.h"
#include "tests/common/bad_model_configs.h"

using namespace poslab;
using poslab::test::Run;

namespace {

QJsonObject jsonOf(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QList<double> numbers(const QJsonValue& v) {
    QList<double> out;
    for (const QJsonValue& x : v.toArray()) out << x.toDouble();
    return out;
}

}  // namespace

class TstModelOption : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

    // Runs a command that must be refused: exit 2, one stderr line containing `named`, no file.
    void refused(const QStringList& args, const QString& out, const QString& named) {
        QFile::remove(out);
        const Run r = test::runPoslab(args);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(named.toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    // What export computes with --model is what `model --json` says, for every kind of layer.
    void exportFollowsTheModel_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("layer");
        QTest::addColumn<QString>("kind");
        QTest::newRow("llama 3.1") << "llama-3.1-8b"
                                   << ""
                                   << "full_attention";
        QTest::newRow("gemma 3 sliding") << "gemma-3-27b"
                                         << "0"
                                         << "sliding_attention";
        QTest::newRow("gemma 3 global") << "gemma-3-27b"
                                        << "5"
                                        << "full_attention";
        QTest::newRow("phi 3.5") << "phi-3.5-mini"
                                 << ""
                                 << "full_attention";
        QTest::newRow("deepseek v3") << "deepseek-v3"
                                     << ""
                                     << "full_attention";
        QTest::newRow("gpt-oss") << "gpt-oss-20b"
                                 << "1"
                                 << "full_attention";
    }
    void exportFollowsTheModel() {
        QFETCH(QString, preset);
        QFETCH(QString, layer);
        QFETCH(QString, kind);
        const Run m = test::runPoslab({"model", preset, "--json"});
        QCOMPARE(m.code, 0);
        const QJsonObject k = QJsonDocument::fromJson(m.out)
                                  .object()
                                  .value("kinds")
                                  .toObject()
                                  .value(kind)
                                  .toObject();
        QVERIFY(!k.isEmpty());
        QStringList args = {"--model", preset};
        if (!layer.isEmpty()) args << "--layer" << layer;
        const QString out = path("f.json");
        for (const char* q : {"frequencies", "attention_factor", "logit_multiplier"}) {
            const Run r =
                test::runPoslab(QStringList{"export", "rope", q} + args + QStringList{"-o", out});
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonValue data = jsonOf(out).value("data");
            if (QString(q) == "frequencies")
                QCOMPARE(numbers(data), numbers(k.value("inv_freq")));
            else
                QCOMPARE(numbers(data).value(0), k.value(q).toDouble());
        }
    }

    // -p overrides the model's values, before or after --model on the line.
    void overrides() {
        const QString out = path("o.json");
        for (const QStringList& args : {QStringList{"--model", "llama-3.1-8b", "-p", "base=1e6"},
                                        QStringList{"-p", "base=1e6", "--model", "llama-3.1-8b"}}) {
            const Run r = test::runPoslab(QStringList{"export", "rope", "frequencies"} + args +
                                          QStringList{"-o", out});
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonObject params = jsonOf(out).value("params").toObject();
            QCOMPARE(params.value("base").toDouble(), 1e6);
            QCOMPARE(params.value("scaling").toString(), QString("llama3"));
            QCOMPARE(params.value("factor").toDouble(), 8.0);
        }
    }

    void refusals_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("key");
        for (const auto& bad : test::badModelConfigs())
            QTest::newRow(bad.tag) << QString(bad.json) << QString(bad.key);
    }
    void refusals() {
        QFETCH(QString, config);
        QFETCH(QString, key);
        const QString file = path("bad.json"), out = path("never.npy");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(config.toUtf8());
        f.close();
        refused({"export", "rope", "frequencies", "--model", file, "-o", out}, out, key);
        const QString png = path("never.png");
        refused({"render", "rope/frequencies", "--model", file, "-o", png}, png, key);
    }

    void usage_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("nope layer")
            << QStringList{"rope", "frequencies", "--model", "llama-4-scout", "--layer", "3"}
            << "--layer 3";
        QTest::newRow("layer out of range")
            << QStringList{"rope", "frequencies", "--model", "llama-3.1-8b", "--layer", "32"}
            << "the model has 32 layers (0-31)";
        QTest::newRow("layer not a number")
            << QStringList{"rope", "frequencies", "--model", "llama-3.1-8b", "--layer", "x"}
            << "--layer";
        QTest::newRow("layer without model")
            << QStringList{"rope", "frequencies", "--layer", "1"} << "--model";
        QTest::newRow("other encoding")
            << QStringList{"alibi", "bias", "--model", "llama-3.1-8b"} << "gives RoPE positions";
        QTest::newRow("no such model")
            << QStringList{"rope", "frequencies", "--model", "no-such-model"} << "no-such-model";
        QTest::newRow("override refused")
            << QStringList{"rope",         "frequencies", "--model",
                           "phi-3.5-mini", "-p",          "short_factor=1,2"}
            << "short_factor";
    }
    void usage() {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        const QString out = path("u.npy");
        refused(QStringList{"export"} + args + QStringList{"-o", out}, out, named);
    }

    // A NoPE layer has its query temperature; render draws a model's view.
    void nopeQueryScaleAndRender() {
        const QString out = path("q.json");
        const Run r = test::runPoslab({"export", "rope", "query_scale", "--model", "llama-4-scout",
                                       "--layer", "3", "-p", "n=20000", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<double> q = numbers(jsonOf(out).value("data"));
        QCOMPARE(q.size(), 20000);
        QCOMPARE(q.value(8190), 1.0);
        QVERIFY(q.value(8191) > 1.0);
        const QString png = path("decay.png");
        const Run g = test::runPoslab(
            {"render", "rope/decay", "--model", "qwen2.5-7b-yarn", "--size", "640x360", "-o", png});
        QVERIFY2(g.code == 0, g.err.constData());
        QVERIFY(QFileInfo(png).size() > 1000);
    }
};

QTEST_GUILESS_MAIN(TstModelOption)
#include "tst_model_option.moc"
