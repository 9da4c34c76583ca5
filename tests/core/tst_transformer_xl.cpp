// Transformer-XL relative attention (A9): the structure of the four terms (d Toeplitz, c constant
// down each column, b and d sinusoidal in i - j), the logits as their scaled sum, and the causal
// mask that touches only the logits.
#include <QtTest>

#include <Eigen/QR>

#include "core/encodings/common.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
Q_DECLARE_METATYPE(poslab::core::ParamValue)

using Params = std::vector<std::pair<std::string, core::ParamValue>>;

namespace {
Params xlParams(qint64 n, qint64 d, double base, qint64 seed, bool causal = false) {
    return {{"n", std::int64_t(n)},
            {"d", std::int64_t(d)},
            {"base", base},
            {"seed", std::int64_t(seed)},
            {"causal", causal}};
}

// Largest |M(i, j) - M(i-1, j-1)|: zero exactly for a Toeplitz matrix.
double toeplitzDeviation(const Eigen::Ref<const core::RowMatrix>& m) {
    return (m.bottomRightCorner(m.rows() - 1, m.cols() - 1) -
            m.topLeftCorner(m.rows() - 1, m.cols() - 1))
        .cwiseAbs()
        .maxCoeff();
}

// Relative least-squares residual of y(r) against the sinusoidal rows R_r, r = -(n-1) .. n-1:
// ~0 when y is a fixed linear function of R_r.
double sinusoidFitResidual(const Eigen::VectorXd& y, qint64 d, double base) {
    const qint64 n = (y.size() + 1) / 2;
    Eigen::MatrixXd s(y.size(), d);
    std::vector<double> row(static_cast<std::size_t>(d));
    for (qint64 r = -(n - 1); r <= n - 1; ++r) {
        core::enc::sinusoidalRow(double(r), d, base, row.data());
        for (qint64 k = 0; k < d; ++k) s(r + n - 1, k) = row[std::size_t(k)];
    }
    const Eigen::VectorXd coef = s.householderQr().solve(y);
    return (s * coef - y).norm() / y.norm();
}
}  // namespace

class TstTransformerXl : public QObject {
    Q_OBJECT
private slots:
    void termStructure_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("n 24 d 8 base 100") << qint64(24) << qint64(8) << 100.0 << qint64(0);
        QTest::newRow("n 40 d 6 base 50") << qint64(40) << qint64(6) << 50.0 << qint64(3);
        QTest::newRow("n 64 d 16 base 10000") << qint64(64) << qint64(16) << 10000.0 << qint64(11);
    }
    // term_d depends on i - j only, term_c on j only; term_a and term_b on both.
    void termStructure() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(qint64, seed);
        const auto p = xlParams(n, d, base, seed);
        const core::Array a = computeOk("transformer_xl", "term_a", p);
        const core::Array b = computeOk("transformer_xl", "term_b", p);
        const core::Array c = computeOk("transformer_xl", "term_c", p);
        const core::Array dd = computeOk("transformer_xl", "term_d", p);
        QCOMPARE(dd.shape, (core::Shape{n, n}));
        QCOMPARE(toeplitzDeviation(dd.matrix()), 0.0);
        const auto C = c.matrix();
        for (qint64 j = 0; j < n; ++j)
            for (qint64 i = 1; i < n; ++i) QCOMPARE(C(i, j), C(0, j));
        QVERIFY(toeplitzDeviation(a.matrix()) > 1e-3);
        QVERIFY(toeplitzDeviation(b.matrix()) > 1e-3);
        QVERIFY(toeplitzDeviation(C) > 1e-3);  // c varies with j
    }

    void positionTermsAreSinusoidal_data() { termStructure_data(); }
    // term_d(r) = v.W_kR R_r and every row of term_b, q_i.W_kR R_{i-j}, are linear in the
    // sinusoidal row at r = i - j; the content term is not.
    void positionTermsAreSinusoidal() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(qint64, seed);
        const auto p = xlParams(n, d, base, seed);
        const core::RowMatrix A = computeOk("transformer_xl", "term_a", p).matrix();
        const core::RowMatrix B = computeOk("transformer_xl", "term_b", p).matrix();
        const core::RowMatrix D = computeOk("transformer_xl", "term_d", p).matrix();
        // y(r) over r = -(n-1) .. n-1 from row `i` of a term: r = i - j needs both i = n-1 and i =
        // 0.
        auto alongR = [&](const Eigen::Ref<const core::RowMatrix>& m) {
            Eigen::VectorXd y(2 * n - 1);
            for (qint64 r = -(n - 1); r <= n - 1; ++r)
                y(r + n - 1) = r >= 0 ? m(n - 1, n - 1 - r) : m(0, -r);
            return y;
        };
        QVERIFY(sinusoidFitResidual(alongR(D), d, base) < 1e-9);
        for (qint64 i : {qint64(0), n / 2, n - 1}) {
            Eigen::VectorXd y(n);
            for (qint64 j = 0; j < n; ++j) y(j) = B(i, j);
            // Row i covers r = i - j = i - (n-1) .. i; fit on those rows only.
            Eigen::MatrixXd s(n, d);
            std::vector<double> row(static_cast<std::size_t>(d));
            for (qint64 j = 0; j < n; ++j) {
                core::enc::sinusoidalRow(double(i - j), d, base, row.data());
                for (qint64 k = 0; k < d; ++k) s(j, k) = row[std::size_t(k)];
            }
            const Eigen::VectorXd coef = s.householderQr().solve(y);
            QVERIFY2((s * coef - y).norm() / y.norm() < 1e-9, qPrintable(QString("row %1").arg(i)));
        }
        const double contentResidual = sinusoidFitResidual(alongR(A), d, base);
        QVERIFY2(contentResidual > 1e-3, qPrintable(QString::number(contentResidual)));
    }

    void logitsAreScaledSum_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("seed");
        QTest::addColumn<bool>("causal");
        QTest::newRow("n 16 d 4") << qint64(16) << qint64(4) << qint64(0) << false;
        QTest::newRow("n 50 d 32 causal") << qint64(50) << qint64(32) << qint64(9) << true;
        QTest::newRow("n 129 d 64 causal") << qint64(129) << qint64(64) << qint64(2) << true;
        QTest::newRow("n 300 d 2") << qint64(300) << qint64(2) << qint64(5) << false;
    }
    // logits = (a + b + c + d) / sqrt(d); causal: -inf exactly where j > i, the same numbers
    // elsewhere, and the terms unchanged.
    void logitsAreScaledSum() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, seed);
        QFETCH(bool, causal);
        const auto p = xlParams(n, d, 10000.0, seed, causal);
        const auto pOpen = xlParams(n, d, 10000.0, seed, false);
        core::RowMatrix sum = core::RowMatrix::Zero(n, n);
        for (const char* t : {"term_a", "term_b", "term_c", "term_d"}) {
            const core::Array x = computeOk("transformer_xl", t, p);
            QCOMPARE(test::maxAbsDiff(x, computeOk("transformer_xl", t, pOpen)), 0.0);
            QVERIFY(x.matrix().allFinite());
            sum += x.matrix();
        }
        sum /= std::sqrt(double(d));
        const core::Array lg = computeOk("transformer_xl", "logits", p);
        const core::Array open = computeOk("transformer_xl", "logits", pOpen);
        const auto L = lg.matrix();
        const auto O = open.matrix();
        QVERIFY(O.allFinite());
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                QVERIFY(std::abs(O(i, j) - sum(i, j)) < 1e-12 * (1 + std::abs(sum(i, j))));
                if (causal && j > i) {
                    QVERIFY(std::isinf(L(i, j)) && L(i, j) < 0);
                } else {
                    QCOMPARE(L(i, j), O(i, j));
                }
            }
    }

    // Baseline values from a NumPy port of XLNet's relative attention (bidirectional pos_seq and
    // rel_shift, (q+u).k + (q+v).W_kR R), fed the project's PRNG stream. They pin the sign
    // r = i - j and the draw order, which the structural tests above cannot see.
    void referenceValues() {
        const auto p = xlParams(5, 4, 10000.0, 3);
        const core::RowMatrix b = computeOk("transformer_xl", "term_b", p).matrix();
        const core::RowMatrix dd = computeOk("transformer_xl", "term_d", p).matrix();
        const core::RowMatrix lg = computeOk("transformer_xl", "logits", p).matrix();
        auto near = [](double x, double ref) {
            return std::abs(x - ref) < 1e-12 * (1 + std::abs(ref));
        };
        QVERIFY(near(b(4, 1), 0.5441085264974878));
        QVERIFY(near(b(1, 4), -0.19573580958513095));
        QVERIFY(near(dd(4, 0), -1.9580673574671614));
        QVERIFY(near(dd(0, 4), -0.5268234323038684));
        QVERIFY(near(lg(2, 3), -2.6864712273559626));
    }

    void seeded() {
        const auto p = xlParams(20, 8, 10000.0, 1);
        const core::Array a = computeOk("transformer_xl", "logits", p);
        QCOMPARE(test::maxAbsDiff(a, computeOk("transformer_xl", "logits", p)), 0.0);
        QVERIFY(test::maxAbsDiff(
                    a, computeOk("transformer_xl", "logits", xlParams(20, 8, 10000.0, 2))) > 1e-3);
        // term_d changes with base (R_r does), term_a and term_c do not.
        const auto q = xlParams(20, 8, 500.0, 1);
        QVERIFY(test::maxAbsDiff(computeOk("transformer_xl", "term_d", p),
                                 computeOk("transformer_xl", "term_d", q)) > 1e-3);
        QCOMPARE(test::maxAbsDiff(computeOk("transformer_xl", "term_a", p),
                                  computeOk("transformer_xl", "term_a", q)),
                 0.0);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<core::ParamValue>("value");
        QTest::newRow("odd d") << "d" << core::ParamValue(std::int64_t(7));
        QTest::newRow("n 0") << "n" << core::ParamValue(std::int64_t(0));
        QTest::newRow("base 1") << "base" << core::ParamValue(1.0);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(core::ParamValue, value);
        const std::string msg =
            test::computeError("transformer_xl", "logits", {{key.toStdString(), value}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
        if (key == "d") QVERIFY2(msg.find("even") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstTransformerXl)
#include "tst_transformer_xl.moc"
