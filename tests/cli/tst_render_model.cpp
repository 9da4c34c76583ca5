// `poslab render model/VIEW` (issue 25 item 6): the Model page's charts as figures from the
// command line, one model or two (--model twice: both named in the title, the legends and the
// footer, on one axis 2j/d), listed by `render --list`; a refusal (an unknown view, three models,
// a bad config, a view the kind does not have, -p) is one line and writes no file.
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

using namespace poslab;
using poslab::test::Run;

namespace {

// The text an SVG shows, its elements joined.
QString shownText(const QString& file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).remove(QRegularExpression("<[^>]*>")).remove('\n');
}

}  // namespace

class TstRenderModel : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void listed() {
        const Run r = test::runPoslab({"render", "--list"});
        QCOMPARE(r.code, 0);
        for (const char* id : {"model/charts", "model/frequencies", "model/wavelengths",
                               "model/scaling", "model/query_scale", "model/encoding"})
            QVERIFY2(r.out.contains(QByteArray("\n") + id + "  "), id);
        QVERIFY(r.out.contains("rope/decay  "));  // the encodings' views stay
        const Run help = test::runPoslab({"render", "--help"});
        QVERIFY(help.out.contains("model/VIEW"));
    }

    // Each view of one model: the file, its title naming the model and the view's chart.
    void oneModel_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shows");
        QTest::newRow("frequencies") << "model/frequencies"
                                     << "llama-3.1-8b"
                                     << "Llama 3.1 8B"
                                     << "after scaling";
        QTest::newRow("wavelengths") << "model/wavelengths"
                                     << "qwen2.5-7b-yarn"
                                     << "Qwen2.5"
                                     << "extended context = 131 072 (factor × L)";
        QTest::newRow("scaling") << "model/scaling"
                                 << "gpt-oss-20b"
                                 << "gpt-oss"
                                 << "(this model)";
        QTest::newRow("query scale") << "model/query_scale"
                                     << "qwen-7b"
                                     << "Qwen-7B"
                                     << "factor on the queries";
        QTest::newRow("encoding") << "model/encoding"
                                  << "bloom-560m"
                                  << "BLOOM"
                                  << "ALiBi";
        QTest::newRow("charts") << "model/charts"
                                << "llama-3.1-8b"
                                << "Llama 3.1 8B"
                                << "Scaling methods";
    }
    void oneModel() {
        QFETCH(QString, view);
        QFETCH(QString, model);
        QFETCH(QString, name);
        QFETCH(QString, shows);
        const QString svg = path(QString(view).replace('/', '_') + ".svg");
        const Run r =
            test::runPoslab({"render", view, "--model", model, "--size", "1280x720", "-o", svg});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString text = shownText(svg).replace(QChar(0x202F), ' ');
        QVERIFY2(text.contains(name), qPrintable(text.left(400)));
        QVERIFY2(text.contains(shows), qPrintable(text.left(2000)));
        QVERIFY(text.contains(view + " · "));  // the footer
    }

    // Two models: both named in the title, every legend and the footer; x is 2j/d.
    void compareTwo() {
        const QString svg = path("compare.svg");
        const Run r = test::runPoslab({"render", "model/wavelengths", "--model", "llama-3.1-8b",
                                       "--model", "deepseek-v3", "-o", svg});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString text = shownText(svg);
        QVERIFY(text.contains("Llama 3.1 8B vs DeepSeek-V3"));
        QVERIFY(text.contains("Llama 3.1 8B: original context L"));
        QVERIFY(text.contains("DeepSeek-V3: original context L"));
        QVERIFY(text.contains("DeepSeek-V3: extended context"));
        QVERIFY(text.contains("2j/d"));
        // PNG and PDF the same way.
        for (const char* ext : {"png", "pdf"}) {
            const QString out = path(QString("compare.") + ext);
            const Run p =
                test::runPoslab({"render", "model/charts", "--model", "llama-3.1-8b", "--model",
                                 "gpt-oss-20b", "--size", "960x540", "-o", out});
            QVERIFY2(p.code == 0, p.err.constData());
            QVERIFY(QFileInfo(out).size() > 1000);
        }
        QCOMPARE(QImage(path("compare.png")).size(), QSize(960, 540));
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown view") << QStringList{"model/nothing", "--model", "llama-3.1-8b"}
                                      << "unknown view 'model/nothing'";
        QTest::newRow("three models")
            << QStringList{"model/frequencies", "--model", "llama-3.1-8b", "--model",
                           "deepseek-v3",       "--model", "gpt-oss-20b"}
            << "3 times";
        QTest::newRow("no model") << QStringList{"model/frequencies"} << "needs --model";
        QTest::newRow("unknown preset")
            << QStringList{"model/charts", "--model", "no-such-model"} << "no-such-model";
        QTest::newRow("bad config") << QStringList{"model/charts", "--model", "BAD"} << "bad.json";
        QTest::newRow("no query scale")
            << QStringList{"model/query_scale", "--model", "llama-3.1-8b"} << "no query scale";
        QTest::newRow("ALiBi has no frequencies")
            << QStringList{"model/frequencies", "--model", "bloom-560m"} << "no RoPE";
        QTest::newRow("-p") << QStringList{"model/frequencies", "--model", "llama-3.1-8b", "-p",
                                           "base=1e6"}
                            << "takes no -p";
        QTest::newRow("layer past the end")
            << QStringList{"model/frequencies", "--model", "llama-3.1-8b", "--layer", "99"}
            << "--layer 99";
        QTest::newRow("sweep") << QStringList{"model/frequencies", "--model", "llama-3.1-8b",
                                              "--sweep", "base=1e4:1e5"}
                               << "--sweep";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        QFile bad(path("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("{\"max_position_embeddings\": 4096, \"rope_theta\": \"ten\"");
        bad.close();
        args.replaceInStrings(QRegularExpression("^BAD$"), bad.fileName());
        const bool sweep = args.contains("--sweep");
        const QString out = path(sweep ? "never.gif" : "never.svg");
        const Run r = test::runPoslab(QStringList{"render"} + args + QStringList{"-o", out});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(named.toUtf8()), r.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }
};

QTEST_MAIN(TstRenderModel)
#include "tst_render_model.moc"
