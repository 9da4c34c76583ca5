// Properties of NoPE (encodings_next.md E8): equal logits under a causal mask give attention
// 1/(i+1); the first-token signal 1/(i+1) tells positions apart only as far as the number format
// resolves it (bfloat16 over 4096 positions: 746); the prefix mean's norm shrinks as sqrt(d/(i+1)).
#include <QTemporaryDir>
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeError;
using test::computeOk;
using test::Values;

class TstNope : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void attention_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<bool>("causal");
        for (qint64 n : {1, 5, 64})
            for (bool c : {true, false})
                QTest::newRow(qPrintable(QString("n %1 %2").arg(n).arg(c ? "causal" : "full")))
                    << n << c;
    }
    // A[i,j] = 1/(i+1) for j <= i, 0 above; without the mask 1/n everywhere.
    void attention() {
        QFETCH(qint64, n);
        QFETCH(bool, causal);
        const auto a = computeOk("nope", "attention", {{"n", std::int64_t(n)}, {"causal", causal}});
        QCOMPARE(a.shape, (core::Shape{n, n}));
        for (qint64 i = 0; i < n; ++i) {
            double sum = 0;
            for (qint64 j = 0; j < n; ++j) {
                const double want = !causal ? 1.0 / double(n) : j > i ? 0.0 : 1.0 / double(i + 1);
                QCOMPARE(a.at(i * n + j), want);
                sum += a.at(i * n + j);
            }
            QVERIFY(std::abs(sum - 1) < 1e-13);
        }
    }

    // attention_cells: the exact mean of `attention` over each cell of m = min(n, cells) bands
    // (band r: positions [ceil(r n/m), ceil((r+1) n/m))), checked against the n x n matrix summed
    // cell by cell; with m = n it is the matrix itself.
    void attentionCells_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("cells");
        QTest::addColumn<bool>("causal");
        QTest::newRow("n 7 cells 512 (m = n)") << qint64(7) << qint64(512) << true;
        QTest::newRow("n 100 cells 100") << qint64(100) << qint64(100) << true;
        QTest::newRow("n 1000 cells 64") << qint64(1000) << qint64(64) << true;
        QTest::newRow("n 1000 cells 7") << qint64(1000) << qint64(7) << true;
        QTest::newRow("n 2000 cells 3") << qint64(2000) << qint64(3) << true;
        QTest::newRow("n 300 cells 16 full") << qint64(300) << qint64(16) << false;
    }
    void attentionCells() {
        QFETCH(qint64, n);
        QFETCH(qint64, cells);
        QFETCH(bool, causal);
        const Values v{{"n", std::int64_t(n)}, {"causal", causal}, {"cells", std::int64_t(cells)}};
        const auto a = computeOk("nope", "attention", v);
        const auto c = computeOk("nope", "attention_cells", v);
        const qint64 m = std::min(n, cells);
        QCOMPARE(c.shape, (core::Shape{m, m}));
        auto edge = [n, m](qint64 r) { return (r * n + m - 1) / m; };
        for (qint64 r = 0; r < m; ++r)
            for (qint64 k = 0; k < m; ++k) {
                double sum = 0;
                for (qint64 i = edge(r); i < edge(r + 1); ++i)
                    for (qint64 j = edge(k); j < edge(k + 1); ++j) sum += a.at(i * n + j);
                const double want = sum / double((edge(r + 1) - edge(r)) * (edge(k + 1) - edge(k)));
                QVERIFY2(std::abs(c.at(r * m + k) - want) <= 1e-14 * std::max(1.0, want),
                         qPrintable(QString("cell (%1, %2): %3, want %4")
                                        .arg(r)
                                        .arg(k)
                                        .arg(c.at(r * m + k), 0, 'g', 17)
                                        .arg(want, 0, 'g', 17)));
            }
    }

    // Far past any matrix: n = 2^24 in 512 bands of 32 768 positions. Each row of A sums to 1,
    // so a row band's cell means, times the keys of a band, sum to 1.
    void attentionCellsRowsSumToOne() {
        const std::int64_t n = std::int64_t(1) << 24, m = 512;
        const auto c = computeOk("nope", "attention_cells", {{"n", n}, {"cells", m}});
        QCOMPARE(c.shape, (core::Shape{m, m}));
        for (std::int64_t r : {std::int64_t(0), std::int64_t(1), m / 2, m - 1}) {
            double sum = 0;
            for (std::int64_t k = 0; k < m; ++k) sum += c.at(r * m + k);
            QVERIFY2(std::abs(sum * double(n / m) - 1) < 1e-9,
                     qPrintable(QString::number(sum * double(n / m), 'g', 17)));
        }
    }

    // How many positions the first-token signal still tells apart. Expected counts from an exact
    // round-to-nearest-even of 1/(i+1) in Python (fractions.Fraction, 8 / 11 / 24 significant
    // bits; struct 'f' for float32); bfloat16 over 4096 is the spec's 746.
    void distinct_data() {
        QTest::addColumn<QString>("precision");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("want");
        QTest::newRow("float64 4096") << "float64" << qint64(4096) << qint64(4096);
        QTest::newRow("float32 4096") << "float32" << qint64(4096) << qint64(4096);
        QTest::newRow("bfloat16 4096") << "bfloat16" << qint64(4096) << qint64(746);
        QTest::newRow("bfloat16 1024") << "bfloat16" << qint64(1024) << qint64(490);
        QTest::newRow("bfloat16 256") << "bfloat16" << qint64(256) << qint64(234);
        QTest::newRow("bfloat16 16") << "bfloat16" << qint64(16) << qint64(16);
        QTest::newRow("float16 4096") << "float16" << qint64(4096) << qint64(2896);
        QTest::newRow("float16 1024") << "float16" << qint64(1024) << qint64(1024);
    }
    void distinct() {
        QFETCH(QString, precision);
        QFETCH(qint64, n);
        QFETCH(qint64, want);
        const Values v{{"n", std::int64_t(n)}, {"precision", precision.toStdString()}};
        const auto count = computeOk("nope", "distinct", v);
        QCOMPARE(count.dtype, core::DType::I64);
        QCOMPARE(count.shape, (core::Shape{1}));
        QCOMPARE(count.i64[0], std::int64_t(want));
        // Without the mask the signal is one constant: one value, whatever the format.
        QCOMPARE(computeOk("nope", "distinct", test::with(v, {{"causal", false}})).i64[0],
                 std::int64_t(1));
    }

    // bos_signal is 1/(i+1) held in the format: 8 significant bits for bfloat16, within half a
    // unit in the last place, and exact in float64.
    void bosSignal_data() {
        QTest::addColumn<QString>("precision");
        QTest::addColumn<int>("bits");
        QTest::newRow("float64") << "float64" << 53;
        QTest::newRow("float32") << "float32" << 24;
        QTest::newRow("bfloat16") << "bfloat16" << 8;
        QTest::newRow("float16") << "float16" << 11;
    }
    void bosSignal() {
        QFETCH(QString, precision);
        QFETCH(int, bits);
        const qint64 n = 3000;
        const auto s = computeOk("nope", "bos_signal",
                                 {{"n", std::int64_t(n)}, {"precision", precision.toStdString()}});
        QCOMPARE(s.at(0), 1.0);
        for (qint64 i = 0; i < n; ++i) {
            const double x = 1.0 / double(i + 1), got = s.at(i);
            int e = 0;
            std::frexp(got, &e);
            const double scaled = std::ldexp(got, bits - e);  // an integer: `bits` significant bits
            QCOMPARE(scaled, std::round(scaled));
            QVERIFY(std::abs(got - x) <= std::ldexp(1.0, e - bits - 1));
            if (i > 0) QVERIFY(got <= s.at(i - 1));  // rounding keeps the order
        }
        if (bits == 53)
            for (qint64 i = 0; i < n; ++i) QCOMPARE(s.at(i), 1.0 / double(i + 1));
    }

    // prefix_rms = sqrt(d/(i+1)) is the root mean square of the prefix norm for standard normal X:
    // the mean of |A X|_i^2 over many seeds is d/(i+1) (chi-square: relative standard error
    // sqrt(2/(d seeds)) = 0.0125 here; the tolerance is 5%).
    void prefixRmsIsTheAverage_data() {
        QTest::addColumn<bool>("causal");
        QTest::newRow("causal") << true;
        QTest::newRow("full") << false;
    }
    void prefixRmsIsTheAverage() {
        QFETCH(bool, causal);
        const qint64 n = 24, d = 32, seeds = 400;
        std::vector<double> meanSquare(n, 0.0);
        for (qint64 s = 0; s < seeds; ++s) {
            const auto norm = computeOk("nope", "prefix_norm",
                                        {{"n", std::int64_t(n)},
                                         {"d", std::int64_t(d)},
                                         {"causal", causal},
                                         {"seed", std::int64_t(s)}});
            for (qint64 i = 0; i < n; ++i) meanSquare[i] += norm.at(i) * norm.at(i) / double(seeds);
        }
        const auto rms =
            computeOk("nope", "prefix_rms",
                      {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"causal", causal}});
        for (qint64 i = 0; i < n; ++i) {
            QCOMPARE(rms.at(i), std::sqrt(double(d) / double(causal ? i + 1 : n)));
            const double ratio = meanSquare[i] / (rms.at(i) * rms.at(i));
            QVERIFY2(std::abs(ratio - 1) < 0.05, qPrintable(QString("i %1: %2").arg(i).arg(ratio)));
        }
    }

    // prefix_mean is A X with X from the file (which sets n and d), norms its row norms.
    void prefixMeanOfAFile() {
        QVERIFY(m_dir.isValid());
        const core::RowMatrix x = test::randomMatrix(9, 3, 11);
        const std::string file = m_dir.filePath("x.npy").toStdString();
        test::writeNpyFile(file, x);
        for (bool causal : {true, false}) {
            const Values v{{"input", file}, {"causal", causal}};
            const auto m = computeOk("nope", "prefix_mean", v);
            const auto norm = computeOk("nope", "prefix_norm", v);
            QCOMPARE(m.shape, (core::Shape{9, 3}));
            for (qint64 i = 0; i < 9; ++i) {
                const qint64 rows = causal ? i + 1 : 9;
                const Eigen::RowVectorXd want = x.topRows(rows).colwise().sum() / double(rows);
                double sq = 0;
                for (qint64 k = 0; k < 3; ++k) {
                    QVERIFY(std::abs(m.at(i * 3 + k) - want(k)) < 1e-14);
                    sq += m.at(i * 3 + k) * m.at(i * 3 + k);
                }
                QVERIFY(std::abs(norm.at(i) - std::sqrt(sq)) < 1e-14);
            }
        }
        // The attention and prefix quantities do not depend on the number format.
        for (const char* q : {"attention", "prefix_mean"})
            QCOMPARE(test::maxAbsDiff(
                         computeOk("nope", q, {{"input", file}}),
                         computeOk("nope", q, {{"input", file}, {"precision", "bfloat16"}})),
                     0.0);
    }

    void errors_data() {
        QTest::addColumn<QString>("shape");  // of the input file: "9" (1-D) or "9,3"
        QTest::addColumn<qint64>("n");       // n given (0: not given)
        QTest::addColumn<QString>("named");
        QTest::newRow("1-D input") << "9" << qint64(0) << "'input'";
        QTest::newRow("n disagrees") << "9,3" << qint64(8) << "'n'";
    }
    // One line naming the parameter.
    void errors() {
        QFETCH(QString, shape);
        QFETCH(qint64, n);
        QFETCH(QString, named);
        const std::string file = m_dir.filePath("bad.npy").toStdString();
        test::writeNpyFile(file, test::randomMatrix(shape == "9" ? 1 : 9, shape == "9" ? 9 : 3, 1),
                           shape == "9");
        Values v{{"input", file}};
        if (n) v.push_back({"n", std::int64_t(n)});
        const std::string message = computeError("nope", "prefix_mean", v);
        QVERIFY2(!message.empty(), "no error");
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
        QVERIFY2(QString::fromStdString(message).contains(named), message.c_str());
    }
};

QTEST_APPLESS_MAIN(TstNope)
#include "tst_nope.moc"
