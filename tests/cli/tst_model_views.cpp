// `--model` beyond RoPE and the views a model opens (models.md M5.2, M5.4): a model of another
// encoding feeds that encoding's views and exports with the parameters its config implies (-p
// still overrides), a mismatch is one line naming both, a layer without attention is refused
// naming it; rope's decay and scores open at the model's sequence length with L, max and s
// marked, and the footer names the model; the config's notes reach stderr.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>

#include "tests/cli/cli_test_util.h"

using namespace poslab;
using poslab::test::Run;

namespace {

// BLOOM-176B's keys that matter (bigscience/bloom config.json): 112 heads, no rope key.
const char* kBloom =
    R"({"model_type": "bloom", "n_head": 112, "hidden_size": 14336, "n_layer": 70})";
// A Qwen3-Next-style hybrid: layer 0 is linear attention (no positions), layer 1 full attention.
const char* kHybrid =
    R"({"model_type": "qwen3_next", "hidden_size": 2048, "num_attention_heads": 16,
        "head_dim": 256, "num_hidden_layers": 2, "rope_theta": 10000000,
        "partial_rotary_factor": 0.25, "max_position_embeddings": 262144,
        "layer_types": ["linear_attention", "full_attention"]})";

QByteArray read(const QString& file) {
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString narrow(const char* utf8) {
    return QString::fromUtf8(utf8);
}

}  // namespace

class TstModelViews : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

    QString write(const QString& name, const char* text) {
        QFile f(path(name));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
        f.write(text);
        return f.fileName();
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    // Refused in one line naming what is wrong; no file is written.
    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("named");
        QTest::newRow("alibi export, RoPE model")
            << QStringList{"export", "alibi", "slopes", "--model", "llama-3.1-8b"}
            << QStringList{"--model llama-3.1-8b gives RoPE positions",
                           "'alibi' needs an ALiBi model"};
        QTest::newRow("t5 view, RoPE model")
            << QStringList{"render", "t5/buckets", "--model", "mistral-7b-v0.3"}
            << QStringList{"gives RoPE positions", "'t5' needs a T5 relative-bucket model"};
        QTest::newRow("an encoding no config gives")
            << QStringList{"export", "xpos", "scores", "--model", "llama-2-7b"}
            << QStringList{"not of 'xpos'"};
        // Needs the reader of issue 24 (BLOOM's encoding, the hybrid's layer kinds).
        QTest::newRow("rope view, ALiBi model")
            << QStringList{"render", "rope/decay", "--model", "+bloom"}
            << QStringList{"gives ALiBi positions", "'rope' needs a RoPE model"};
        // Spec E1, E2: M-RoPE's page takes only M-RoPE models, 2-D RoPE needs a vision_config.
        QTest::newRow("mrope export, RoPE model")
            << QStringList{"export", "mrope", "scores", "--model", "llama-3.1-8b"}
            << QStringList{"gives RoPE positions", "'mrope' needs an M-RoPE model"};
        QTest::newRow("rope2d export, text-only model")
            << QStringList{"export", "rope2d", "similarity", "--model", "llama-3.1-8b"}
            << QStringList{"no vision_config", "'rope2d' needs a vision-language model"};
        QTest::newRow("layer without attention")
            << QStringList{"export", "rope", "frequencies", "--model", "+hybrid", "--layer", "0"}
            << QStringList{"--layer 0", "no positions"};
    }

    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, named);
        for (QString& a : args) {
            if (a == "+bloom") a = write("bloom.json", kBloom);
            if (a == "+hybrid") a = write("hybrid.json", kHybrid);
        }
        const QString out = path(args.front() == "render" ? "never.svg" : "never.json");
        const Run r = test::runPoslab(args + QStringList{"-o", out});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        for (const QString& n : named) QVERIFY2(r.err.contains(n.toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    // BLOOM's ALiBi: the slopes of 112 heads, B1's rule; -p heads=8 overrides the model's.
    // (Needs the reader of issue 24.)
    void alibiFromTheModel() {
        const QString bloom = write("bloom.json", kBloom), out = path("slopes.json");
        const Run r = test::runPoslab({"export", "alibi", "slopes", "--model", bloom, "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray slopes =
            QJsonDocument::fromJson(read(out)).object().value("data").toArray();
        QCOMPARE(slopes.size(), 112);
        // H = 112 is not a power of two: the first 64 heads take 2^(-8(h+1)/64).
        QCOMPARE(slopes.at(0).toDouble(), std::pow(2.0, -8.0 / 64));
        const Run p = test::runPoslab(
            {"export", "alibi", "slopes", "--model", bloom, "-p", "heads=8", "-o", out});
        QVERIFY2(p.code == 0, p.err.constData());
        QCOMPARE(QJsonDocument::fromJson(read(out)).object().value("data").toArray().size(), 8);
        const QString svg = path("bias.svg");
        const Run g = test::runPoslab(
            {"render", "alibi/bias", "--model", bloom, "--size", "640x360", "-o", svg});
        QVERIFY2(g.code == 0, g.err.constData());
        QVERIFY(read(svg).contains("model bloom.json"));
    }

    // Spec E1, E2 from a config: Qwen3-VL interleaves its pairs (pair 1 height, 2 width, 60-63
    // time), Qwen2-VL's vision encoder turns 80-dim heads (embed_dim 1280 / 16 heads: 40 pairs,
    // rows first), and an M-RoPE model still opens the rope views (its text positions).
    void multimodalFromTheModel() {
        const QString out = path("axis.json");
        const Run a =
            test::runPoslab({"export", "mrope", "pair_axis", "--model", "qwen3-vl-8b", "-o", out});
        QVERIFY2(a.code == 0, a.err.constData());
        const QJsonArray axis = QJsonDocument::fromJson(read(out)).object().value("data").toArray();
        QCOMPARE(axis.size(), 64);
        QCOMPARE(axis.at(1).toInt(), 1);
        QCOMPARE(axis.at(2).toInt(), 2);
        QCOMPARE(axis.at(60).toInt(), 0);
        const Run v = test::runPoslab(
            {"export", "rope2d", "frequencies", "--model", "qwen2-vl-7b", "-o", out});
        QVERIFY2(v.code == 0, v.err.constData());
        const QJsonObject f = QJsonDocument::fromJson(read(out)).object();
        QCOMPARE(f.value("shape").toArray(), (QJsonArray{1, 40, 2}));
        QVERIFY(f.value("data").toArray().at(1).toDouble() == 0.0);  // pair 0: a row frequency
        const Run r =
            test::runPoslab({"export", "rope", "frequencies", "--model", "qwen2-vl-7b", "-o", out});
        QVERIFY2(r.code == 0, r.err.constData());
        const Run j = test::runPoslab({"model", "qwen2.5-vl-7b", "--json"});
        QVERIFY2(j.code == 0, j.err.constData());
        const QJsonObject m = QJsonDocument::fromJson(j.out).object();
        QCOMPARE(m.value("params").toObject().value("time").toString(), QString("absolute"));
        QCOMPARE(m.value("vision").toObject().value("head_dim").toInt(), 80);
    }

    // Decay and scores open at s (--seq-len, else max_position_embeddings) with L (when the
    // kind is scaled), max and s marked; the footer names the model; -p sets the length instead.
    void viewsOpenAtTheModelLength_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("shown");
        QTest::addColumn<QStringList>("absent");
        // Llama 3.1: L = 8192 (llama3 scaling), max = s = 131 072.
        QTest::newRow("llama 3.1 decay")
            << QStringList{"rope/decay", "--model", "llama-3.1-8b"}
            << QStringList{"model llama-3.1-8b", "L = 8192", narrow("max = s = 131\u202F072"),
                           narrow("max_distance = 131\u202F072")}
            << QStringList{};
        QTest::newRow("llama 3.1 decay, --seq-len")
            << QStringList{"rope/decay", "--model", "llama-3.1-8b", "--seq-len", "65536"}
            << QStringList{"L = 8192", narrow("max = 131\u202F072"), narrow("s = 65\u202F536")}
            << QStringList{narrow("max = s")};
        // Unscaled Llama 2: no L.
        QTest::newRow("llama 2 decay")
            << QStringList{"rope/decay", "--model", "llama-2-7b"}
            << QStringList{"max = s = 4096", "model llama-2-7b"} << QStringList{"L = "};
        QTest::newRow("llama 2 scores")
            << QStringList{"rope/scores", "--model", "llama-2-7b"}
            << QStringList{"max = s = 4096", "n = 4096"} << QStringList{"L = "};
        // -p gives the length: the view keeps it, the marks past it stay in the legend.
        QTest::newRow("llama 2 decay, -p max_distance")
            << QStringList{"rope/decay", "--model", "llama-2-7b", "-p", "max_distance=1000"}
            << QStringList{"max_distance = 1000", narrow("max = s = 4096 →")} << QStringList{};
    }

    void viewsOpenAtTheModelLength() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, shown);
        QFETCH(QStringList, absent);
        const QString svg = path("view.svg");
        const Run r = test::runPoslab(QStringList{"render"} + args +
                                      QStringList{"--size", "960x540", "-o", svg});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString s = QString::fromUtf8(read(svg));
        for (const QString& t : shown) QVERIFY2(s.contains(t), qPrintable(t));
        for (const QString& t : absent) QVERIFY2(!s.contains(t), qPrintable(t));
    }

    // --seq-len past max_position_embeddings: the reader's note, one line on stderr, from model,
    // export and render alike. (Needs the reader of issue 24.)
    void notesReachStderr() {
        const QString out = path("n.json"), svg = path("n.svg");
        const QList<QStringList> commands = {
            {"model", "llama-2-7b", "--seq-len", "100000"},
            {"model", "llama-2-7b", "--seq-len", "100000", "--json"},
            {"export", "rope", "frequencies", "--model", "llama-2-7b", "--seq-len", "100000", "-o",
             out},
            {"render", "rope/frequencies", "--model", "llama-2-7b", "--seq-len", "100000", "--size",
             "640x360", "-o", svg}};
        for (const QStringList& args : commands) {
            const Run r = test::runPoslab(args);
            QVERIFY2(r.code == 0, r.err.constData());
            const QByteArray notes = args.size() == 4 ? r.out : r.err;  // the summary: stdout
            QVERIFY2(notes.contains("note: ") && notes.contains("100000") && notes.contains("4096"),
                     qPrintable(args.join(' ') + ": " + notes));
        }
    }
};

QTEST_GUILESS_MAIN(TstModelViews)
#include "tst_model_views.moc"
