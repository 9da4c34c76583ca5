// Properties of CoPE (encodings_next.md E6): the values of the authors' code, positions that count
// tokens (pattern "1": i - j + 1) or sentence ends (pattern "0,0,0,1"), the reverse cumulative sum,
// interpolation between integer positions, row softmaxes and the two code variants.
#include <QTemporaryDir>
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeError;
using test::computeOk;
using test::Values;

Q_DECLARE_METATYPE(std::vector<double>)

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// q, k (4, 2) and e (5, 2) of the reference case below.
core::RowMatrix rows(std::initializer_list<std::initializer_list<double>> list) {
    core::RowMatrix m(static_cast<Eigen::Index>(list.size()),
                      static_cast<Eigen::Index>(list.begin()->size()));
    Eigen::Index i = 0;
    for (const auto& r : list) {
        Eigen::Index j = 0;
        for (double v : r) m(i, j++) = v;
        ++i;
    }
    return m;
}

// The lower triangles of a float64 Python transcription of facebookresearch/RAM
// projects/cope/src/cope/context_position.py (ContextPosSelfAttn.forward: gates
// sigmoid(q.k/sqrt(d)) * mask, flip-cumsum-flip, clamp(max=npos-1), gathers at ceil and floor;
// --cope-nodiv off: (q.k + pos_logits)/sqrt(d)) and of the paper's snippet
// (q.k/sqrt(d) + mask.log() + cope), with q, k, e as in initTestCase (npos = n + 1 = 5); row-major
// (4, 4), the part above the diagonal unused.
struct Reference {
    const char* tag;
    const char* quantity;
    const char* variant;
    std::vector<double> want;
};
const Reference kReference[] = {
    {"gates",
     "gates",
     "ram",
     {0.5, 0, 0, 0, 0.6890100217403353, 0.455920556650774, 0, 0, 0.41252099916039026,
      0.6499270202066446, 0.4449809737340348, 0, 0.6295600959696415, 0.6499270202066446,
      0.4669028376055377, 0.7076263259745146}},
    {"positions",
     "positions",
     "ram",
     {0.5, 0, 0, 0, 1.1449305783911092, 0.455920556650774, 0, 0, 1.5074289931010696,
      1.0949079939406794, 0.4449809737340348, 0, 2.4540162797563383, 1.824456183786697,
      1.1745291635800523, 0.7076263259745146}},
    {"bias",
     "bias",
     "ram",
     {-0.35000000000000003, 0, 0, 0, -0.1202881818848899, -0.009572194827770886, 0, 0,
      -0.1331718924111766, 0.3206012066652527, 0.2029923894936139, 0, 0.18332360564669054,
      -0.33456494702935763, 0.18537666913595818, 0.29576263259745145}},
    {"logits ram",
     "logits",
     "ram",
     {-0.24748737341529164, 0, 0, 0, 0.7104385397274594, -0.18354525917019246, 0, 0,
      -0.4477201387806621, 0.8454177208278191, -0.07743357398060083, 0, 0.6599594505942539,
      0.38214529074645215, -0.0015014216526666598, 1.0930192396144276}},
    {"logits snippet",
     "logits",
     "snippet",
     {-0.35000000000000003, 0, 0, 0, 0.6752069469499761, -0.18634889012440775, 0, 0,
      -0.48672528300445034, 0.9393196402034818, -0.017978479627182187, 0, 0.7136536915366012,
      0.28415348650887146, 0.052794147663480534, 1.1796461090806358}},
    {"attention ram",
     "attention",
     "ram",
     {1.0, 0, 0, 0, 0.7097116041481464, 0.2902883958518536, 0, 0, 0.16414018868171654,
      0.5981602719443555, 0.23769953937392788, 0, 0.262088654862502, 0.1985157940599081,
      0.13526312447019273, 0.40413242660739707}},
    {"attention snippet",
     "attention",
     "snippet",
     {1.0, 0, 0, 0, 0.7029856107720129, 0.29701438922798706, 0, 0, 0.14792472489254385,
      0.6156929934201547, 0.23638228168730147, 0, 0.26589829277836374, 0.1730557284961251,
      0.13731181119694527, 0.42373416752856585}},
};

}  // namespace

class TstCope : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(name); }
    Values referenceFiles() const {
        return {{"q", path("q.npy").toStdString()},
                {"k", path("k.npy").toStdString()},
                {"weights", path("e.npy").toStdString()}};
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        test::writeNpyFile(path("q.npy").toStdString(),
                           rows({{0.5, -1.0}, {1.0, 0.25}, {-0.75, 0.5}, {0.25, 1.0}}));
        test::writeNpyFile(path("k.npy").toStdString(),
                           rows({{1.0, 0.5}, {-0.5, 1.0}, {0.25, -0.25}, {1.0, 1.0}}));
        test::writeNpyFile(path("e.npy").toStdString(),
                           rows({{0.1, 0.2}, {-0.3, 0.4}, {0.5, -0.6}, {0.7, 0.8}, {-0.9, 1.0}}));
    }

    // The values of the authors' code (kReference).
    void publicCode_data() {
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<std::vector<double>>("want");
        for (const auto& r : kReference)
            QTest::newRow(r.tag) << QString(r.quantity) << QString(r.variant) << r.want;
    }
    void publicCode() {
        QFETCH(QString, quantity);
        QFETCH(QString, variant);
        QFETCH(std::vector<double>, want);
        const auto a = computeOk("cope", quantity.toStdString(),
                                 test::with(referenceFiles(), {{"variant", variant.toStdString()},
                                                               {"gate_mode", "qk"}}));
        QCOMPARE(a.shape, (core::Shape{4, 4}));
        const bool masked = quantity == "bias" || quantity == "logits";
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
                const double got = a.at(i * 4 + j);
                if (j > i)
                    QCOMPARE(got, masked ? -kInf : 0.0);
                else
                    QVERIFY2(
                        std::abs(got - want[static_cast<std::size_t>(i * 4 + j)]) < 1e-14,
                        qPrintable(QString("(%1, %2): %3").arg(i).arg(j).arg(got, 0, 'g', 17)));
            }
    }

    // Pattern "1" gates every token: p_ij = i - j + 1, the token distance plus one, capped at
    // npos_max - 1 (npos_max 0 = n + 1 never caps).
    void patternOneIsTokenDistance_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("nposMax");
        QTest::newRow("n 8") << qint64(8) << qint64(0);
        QTest::newRow("n 33") << qint64(33) << qint64(0);
        QTest::newRow("n 12 capped at 4") << qint64(12) << qint64(5);
        QTest::newRow("n 5 npos 1") << qint64(5) << qint64(1);
    }
    void patternOneIsTokenDistance() {
        QFETCH(qint64, n);
        QFETCH(qint64, nposMax);
        const auto p = computeOk("cope", "positions",
                                 {{"n", std::int64_t(n)},
                                  {"npos_max", std::int64_t(nposMax)},
                                  {"gate_mode", "pattern"},
                                  {"pattern", "1"}});
        const qint64 cap = (nposMax == 0 ? n + 1 : nposMax) - 1;
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j)
                QCOMPARE(p.at(i * n + j), j > i ? 0.0 : double(std::min(i - j + 1, cap)));
    }

    // A fixed pattern counts the marked tokens in [j, i]: with "0,0,0,1" every fourth token ends a
    // sentence, so p_ij counts sentence ends.
    void patternCountsMarkedTokens_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<qint64>("period");
        QTest::addColumn<qint64>("marked");  // the index of the 1 in the period
        QTest::newRow("sentences of 4") << "0,0,0,1" << qint64(4) << qint64(3);
        QTest::newRow("sentences of 3") << "0,0,1" << qint64(3) << qint64(2);
        QTest::newRow("first of 5") << "1,0,0,0,0" << qint64(5) << qint64(0);
    }
    void patternCountsMarkedTokens() {
        QFETCH(QString, pattern);
        QFETCH(qint64, period);
        QFETCH(qint64, marked);
        const qint64 n = 23;
        const auto p = computeOk(
            "cope", "positions",
            {{"n", std::int64_t(n)}, {"gate_mode", "pattern"}, {"pattern", pattern.toStdString()}});
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j <= i; ++j) {
                qint64 count = 0;
                for (qint64 t = j; t <= i; ++t) count += t % period == marked;
                QCOMPARE(p.at(i * n + j), double(count));
            }
        // The default pattern is the sentence pattern.
        if (pattern == "0,0,0,1")
            QCOMPARE(
                test::maxAbsDiff(p, computeOk("cope", "positions",
                                              {{"n", std::int64_t(n)}, {"gate_mode", "pattern"}})),
                0.0);
    }

    // p_ij - p_i,j+1 = g_ij and p_ii = g_ii: the sum runs from t = i down to j (qk gates, no cap).
    void reverseCumulativeSum_data() {
        QTest::addColumn<qint64>("seed");
        for (qint64 s : {0, 1, 7}) QTest::newRow(qPrintable(QString::number(s))) << s;
    }
    void reverseCumulativeSum() {
        QFETCH(qint64, seed);
        const qint64 n = 17;
        const Values v{
            {"n", std::int64_t(n)}, {"d", std::int64_t(8)}, {"seed", std::int64_t(seed)}};
        const auto g = computeOk("cope", "gates", v);
        const auto p = computeOk("cope", "positions", v);
        for (qint64 i = 0; i < n; ++i) {
            QCOMPARE(p.at(i * n + i), g.at(i * n + i));
            for (qint64 j = 0; j < i; ++j) {
                QVERIFY(g.at(i * n + j) > 0 && g.at(i * n + j) < 1);
                QVERIFY(std::abs(p.at(i * n + j) - p.at(i * n + j + 1) - g.at(i * n + j)) < 1e-12);
            }
            for (qint64 j = i + 1; j < n; ++j) QCOMPARE(g.at(i * n + j), 0.0);
        }
    }

    // At an integer position the interpolation is the table itself: bias = z[i, p]; half-way
    // between two it is their mean.
    void interpolation_data() {
        QTest::addColumn<QString>("pattern");
        QTest::newRow("1") << "1";
        QTest::newRow("0,0,0,1") << "0,0,0,1";
        QTest::newRow("0.5") << "0.5";
        QTest::newRow("0.25,0.75") << "0.25,0.75";
    }
    void interpolation() {
        QFETCH(QString, pattern);
        const qint64 n = 12;
        const Values v{{"n", std::int64_t(n)},
                       {"d", std::int64_t(6)},
                       {"gate_mode", "pattern"},
                       {"pattern", pattern.toStdString()}};
        const auto p = computeOk("cope", "positions", v);
        const auto z = computeOk("cope", "position_logits", v);
        const auto b = computeOk("cope", "bias", v);
        QCOMPARE(z.shape, (core::Shape{n, n + 1}));
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                if (j > i) {
                    QCOMPARE(b.at(i * n + j), -kInf);
                    continue;
                }
                const double pos = p.at(i * n + j), f = std::floor(pos), w = pos - f;
                const double zf = z.at(i * (n + 1) + qint64(f));
                const double zc = z.at(i * (n + 1) + qint64(std::ceil(pos)));
                if (w == 0)
                    QCOMPARE(b.at(i * n + j), zf);
                else
                    QVERIFY(std::abs(b.at(i * n + j) - (zc * w + zf * (1 - w))) < 1e-14);
            }
    }

    // Attention rows are distributions over the keys up to the query.
    void attentionRows_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("gateMode");
        for (const char* var : {"snippet", "ram"})
            for (const char* mode : {"qk", "pattern"})
                QTest::newRow(qPrintable(QString("%1 %2").arg(var, mode))) << var << mode;
    }
    void attentionRows() {
        QFETCH(QString, variant);
        QFETCH(QString, gateMode);
        const qint64 n = 19;
        const auto a = computeOk("cope", "attention",
                                 {{"n", std::int64_t(n)},
                                  {"d", std::int64_t(5)},
                                  {"variant", variant.toStdString()},
                                  {"gate_mode", gateMode.toStdString()}});
        for (qint64 i = 0; i < n; ++i) {
            double sum = 0;
            for (qint64 j = 0; j < n; ++j) {
                const double x = a.at(i * n + j);
                if (j > i) QCOMPARE(x, 0.0);
                QVERIFY(x >= 0 && x <= 1);
                sum += x;
            }
            QVERIFY(std::abs(sum - 1) < 1e-14);
        }
    }

    // ram - snippet = bias / sqrt(d) - bias: the variants differ only in scaling the bias.
    void snippetVersusRam_data() {
        QTest::addColumn<qint64>("d");
        for (qint64 d : {1, 4, 16}) QTest::newRow(qPrintable(QString::number(d))) << d;
    }
    void snippetVersusRam() {
        QFETCH(qint64, d);
        const qint64 n = 11;
        const Values v{{"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"seed", std::int64_t(3)}};
        const auto snippet = computeOk("cope", "logits", test::with(v, {{"variant", "snippet"}}));
        const auto ram = computeOk("cope", "logits", test::with(v, {{"variant", "ram"}}));
        const auto bias = computeOk("cope", "bias", v);
        const double root = std::sqrt(double(d));
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                const qint64 k = i * n + j;
                if (j > i) {
                    QCOMPARE(snippet.at(k), -kInf);
                    QCOMPARE(ram.at(k), -kInf);
                } else {
                    const double want = bias.at(k) / root - bias.at(k);
                    QVERIFY(std::abs(ram.at(k) - snippet.at(k) - want) < 1e-13);
                }
            }
    }

    // Seeded in the order q, k, e: files equal to those draws give the same numbers.
    void seededOrder() {
        const qint64 n = 6, d = 3;
        core::Rng rng(5);
        const core::RowMatrix q = core::normalMatrix(rng, n, d);
        const core::RowMatrix k = core::normalMatrix(rng, n, d);
        const core::RowMatrix e = core::normalMatrix(rng, n + 1, d);
        test::writeNpyFile(path("sq.npy").toStdString(), q);
        test::writeNpyFile(path("sk.npy").toStdString(), k);
        test::writeNpyFile(path("se.npy").toStdString(), e);
        const Values seeded{
            {"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"seed", std::int64_t(5)}};
        const Values files{{"q", path("sq.npy").toStdString()},
                           {"k", path("sk.npy").toStdString()},
                           {"weights", path("se.npy").toStdString()}};
        for (const char* qty : {"position_logits", "logits", "attention"})
            QCOMPARE(
                test::maxAbsDiff(computeOk("cope", qty, seeded), computeOk("cope", qty, files)),
                0.0);
        const auto z = computeOk("cope", "position_logits", seeded);
        QCOMPARE(z.at(1 * (n + 1) + 2), q.row(1).dot(e.row(2)));
    }

    // One-line errors that name the parameter.
    void errors_data() {
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("pattern item > 1") << "pattern"
                                          << "0,0,1.5"
                                          << "item 2";
        QTest::newRow("pattern item < 0") << "pattern"
                                          << "-0.5,1"
                                          << "item 0";
        QTest::newRow("pattern empty") << "pattern"
                                       << ""
                                       << "pattern";
        QTest::newRow("npos_max < 0") << "npos_max"
                                      << "-1"
                                      << "npos_max";
        QTest::newRow("k of another shape") << "k"
                                            << "e.npy"
                                            << "'k'";
        QTest::newRow("weights of another width") << "weights"
                                                  << "q.npy"
                                                  << "'weights'";
        QTest::newRow("q missing") << "q"
                                   << "missing.npy"
                                   << "'q'";
    }
    void errors() {
        QFETCH(QString, param);
        QFETCH(QString, value);
        QFETCH(QString, mentions);
        const auto* enc = core::registry().find("cope");
        const auto* spec = enc->findParam(param.toStdString());
        QVERIFY(spec);
        std::string message;
        const std::string text = spec->type == core::ParamType::Path && !value.isEmpty()
                                     ? path(qPrintable(value)).toStdString()
                                     : value.toStdString();
        if (auto parsed = spec->parse(text); !parsed)
            message = parsed.error().message;
        else
            message = computeError(
                "cope", "positions",
                test::with(param == "k" ? Values{{"q", path("q.npy").toStdString()}} : Values{},
                           {{"gate_mode", "pattern"}, {param.toStdString(), *parsed}}));
        QVERIFY2(!message.empty(), "no error");
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
        QVERIFY2(message.find("'" + param.toStdString() + "'") != std::string::npos,
                 message.c_str());
        QVERIFY2(QString::fromStdString(message).contains(mentions), message.c_str());
    }

    // A weights file sets npos_max (its rows); a q file sets n and d.
    void filesSetSizes() {
        const auto z = computeOk("cope", "position_logits", referenceFiles());
        QCOMPARE(z.shape, (core::Shape{4, 5}));
        const auto e7 = core::RowMatrix::Ones(7, 2);
        test::writeNpyFile(path("e7.npy").toStdString(), e7);
        const auto z7 = computeOk(
            "cope", "position_logits",
            {{"q", path("q.npy").toStdString()}, {"weights", path("e7.npy").toStdString()}});
        QCOMPARE(z7.shape, (core::Shape{4, 7}));
        QVERIFY(!computeError("cope", "positions",
                              {{"q", path("q.npy").toStdString()}, {"n", std::int64_t(9)}})
                     .empty());
    }
};

QTEST_APPLESS_MAIN(TstCope)
#include "tst_cope.moc"
