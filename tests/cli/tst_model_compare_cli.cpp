// `poslab model A B` and `render rope/compare --model A --model B` (models.md M5.4): two models
// side by side with the differing rows marked (text and --json), three refused, a repeated
// --model refused everywhere but a compare view, and the compare figure drawing A's and B's
// curves with each side's own decay bound.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

using namespace poslab;
using poslab::test::Run;

namespace {

// The differing rows of `model A B --json`, field -> {a, b}.
QMap<QString, QPair<QString, QString>> differences(const QByteArray& out) {
    QMap<QString, QPair<QString, QString>> d;
    for (const QJsonValue& v :
         QJsonDocument::fromJson(out).object().value("differences").toArray()) {
        const QJsonObject o = v.toObject();
        d.insert(o.value("field").toString(), {o.value("a").toString(), o.value("b").toString()});
    }
    return d;
}

// The rows of the text table whose field is `field`: marked ("* field") or not ("  field").
bool marked(const QByteArray& out, const QString& field) {
    return out.contains("\n* " + field.toUtf8() + " ");
}
bool unmarked(const QByteArray& out, const QString& field) {
    return out.contains("\n  " + field.toUtf8() + " ");
}

QByteArray read(const QString& file) {
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The text an SVG shows, its elements joined (a legend row may be split into several).
QString shownText(const QByteArray& svg) {
    return QString::fromUtf8(svg).remove(QRegularExpression("<[^>]*>")).remove('\n');
}

}  // namespace

class TstModelCompareCli : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

    QString write(const QString& name, const QByteArray& text) {
        QFile f(path(name));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
        f.write(text);
        return f.fileName();
    }

    void refused(const QStringList& args, const QString& named) {
        const Run r = test::runPoslab(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(named.toUtf8()), r.err.constData());
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    // Presets and hand-written configs: which rows differ (A, B, differing, same).
    void sideBySide_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QStringList>("differ");
        QTest::addColumn<QStringList>("same");
        // Llama 3.1 8B (θ 500 000, llama3 ×8, max 131 072) against Mistral 7B v0.3 (θ 1e6,
        // unscaled, max 32 768): both 32 layers of head dim 128.
        QTest::newRow("llama 3.1 / mistral v0.3")
            << "llama-3.1-8b"
            << "mistral-7b-v0.3"
            << QStringList{"base", "rope_type", "factor", "max_position_embeddings",
                           "pairs kept / blended / interpolated"}
            << QStringList{"head_dim", "layers", "rotary dim", "pairing"};
        // Llama 2 7B and Mistral 7B v0.3 share d and pairing, not the base or the maximum.
        QTest::newRow("llama 2 / mistral v0.3")
            << "llama-2-7b"
            << "mistral-7b-v0.3" << QStringList{"base", "max_position_embeddings"}
            << QStringList{"rope_type", "head_dim", "factor"};
        QTest::newRow("hand-written: partial rotary")
            << "+{\"hidden_size\": 2048, \"num_attention_heads\": 16, \"rope_theta\": 10000, "
               "\"partial_rotary_factor\": 0.25}"
            << "+{\"hidden_size\": 2048, \"num_attention_heads\": 16, \"rope_theta\": 10000}"
            << QStringList{"rotary dim", "rotating pairs"} << QStringList{"base", "head_dim"};
    }

    void sideBySide() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QStringList, differ);
        QFETCH(QStringList, same);
        // "+{...}": a config written to a file here.
        if (a.startsWith('+')) a = write("a.json", a.mid(1).toUtf8());
        if (b.startsWith('+')) b = write("b.json", b.mid(1).toUtf8());
        const Run text = test::runPoslab({"model", a, b});
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY2(text.out.contains("A: ") && text.out.contains("B: "), text.out.constData());
        for (const QString& f : differ) QVERIFY2(marked(text.out, f), qPrintable(f + text.out));
        for (const QString& f : same) QVERIFY2(unmarked(text.out, f), qPrintable(f + text.out));
        QVERIFY(text.out.contains("rows differ (marked *)"));

        const Run json = test::runPoslab({"model", a, b, "--json"});
        QVERIFY2(json.code == 0, json.err.constData());
        QJsonParseError e;
        const QJsonObject o = QJsonDocument::fromJson(json.out, &e).object();
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        QCOMPARE(o.value("names").toArray().size(), 2);
        QCOMPARE(o.value("names").toArray().at(0).toString(), a);
        const QJsonArray models = o.value("models").toArray();
        QCOMPARE(models.size(), 2);
        for (const QJsonValue& m : models) QVERIFY(m.toObject().contains("kinds"));
        const auto d = differences(json.out);
        for (const QString& f : differ) QVERIFY2(d.contains(f), qPrintable(f));
        for (const QString& f : same) QVERIFY2(!d.contains(f), qPrintable(f));
        for (const auto& [va, vb] : d) QVERIFY(va != vb);
    }

    // The values behind the marks: Llama 3.1's base and maximum against Mistral's.
    void differenceValues() {
        const Run r = test::runPoslab({"model", "llama-3.1-8b", "mistral-7b-v0.3", "--json"});
        QCOMPARE(r.code, 0);
        const auto d = differences(r.out);
        QCOMPARE(d.value("base"), qMakePair(QString("500000"), QString("1000000")));
        QCOMPARE(d.value("max_position_embeddings"),
                 qMakePair(QString("131072"), QString("32768")));
        QCOMPARE(d.value("rope_type"), qMakePair(QString("llama3"), QString("default")));
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("three models")
            << QStringList{"model", "llama-3.1-8b", "mistral-7b-v0.3", "llama-2-7b"} << "got 3";
        QTest::newRow("B unknown")
            << QStringList{"model", "llama-3.1-8b", "no-such-model"} << "no-such-model";
        const QString png = QDir::temp().filePath("poslab-never-written.png");
        QTest::newRow("export: --model twice")
            << QStringList{"export",          "rope",       "frequencies",
                           "--model",         "llama-2-7b", "--model",
                           "mistral-7b-v0.3", "-o",         "never.json"}
            << "--model";
        QTest::newRow("render decay: --model twice")
            << QStringList{"render",  "rope/decay",      "--model", "llama-2-7b",
                           "--model", "mistral-7b-v0.3", "-o",      png}
            << "only 'render rope/compare' takes two models";
        QTest::newRow("render compare: three models")
            << QStringList{"render",     "rope/compare",    "--model",
                           "llama-2-7b", "--model",         "llama-3.1-8b",
                           "--model",    "mistral-7b-v0.3", "-o",
                           png}
            << "3 times";
    }

    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        refused(args, named);
    }

    // rope/compare draws A's decay against B's, each side named in the legend and with its own
    // bound π/(2θ_min) (θ_min differs with the base); the footer names both models.
    void renderComparesTwoModels() {
        const QString svg = path("compare.svg");
        const Run r = test::runPoslab({"render", "rope/compare", "--model", "llama-2-7b", "--model",
                                       "mistral-7b-v0.3", "--size", "960x540", "-o", svg});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString s = shownText(read(svg));
        QVERIFY2(s.contains("A: llama-2-7b"), qPrintable(s.left(400)));
        QVERIFY(s.contains("B: mistral-7b-v0.3"));
        const QRegularExpression bound(
            QString::fromUtf8("([AB]): bound π/\\(2θₘᵢₙ\\) = ([0-9\\x{202F}.]+)"));
        QMap<QString, QString> bounds;
        for (auto it = bound.globalMatch(s); it.hasNext();) {
            const auto m = it.next();
            bounds.insert(m.captured(1), m.captured(2));
        }
        QCOMPARE(bounds.size(), 2);
        QVERIFY2(bounds.value("A") != bounds.value("B"), qPrintable(bounds.value("A")));
        // Both maxima are marked, each on its side: 4096 and 32 768 (s = max without --seq-len).
        QVERIFY(s.contains("A: max = s = 4096"));
        QVERIFY(s.contains(QString::fromUtf8("B: max = s = 32\u202F768")));
        QVERIFY(s.contains("A: llama-2-7b, B: mistral-7b-v0.3"));  // the footer
    }
};

QTEST_GUILESS_MAIN(TstModelCompareCli)
#include "tst_model_compare_cli.moc"
