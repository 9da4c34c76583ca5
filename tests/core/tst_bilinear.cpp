// Bilinear similarity P H P^T (A16): for a diagonal H it splits into a Toeplitz relative part and
// a Hankel absolute part; H = I leaves only the relative part; a dense H breaks the split.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
Q_DECLARE_METATYPE(poslab::core::ParamValue)

using Params = std::vector<std::pair<std::string, core::ParamValue>>;

namespace {
Params bilinearParams(qint64 n, qint64 d, const std::string& h, qint64 seed = 0,
                      double base = 10000.0, double offdiag = 0.1) {
    return {{"n", std::int64_t(n)},       {"d", std::int64_t(d)}, {"h", h},
            {"seed", std::int64_t(seed)}, {"base", base},         {"offdiag", offdiag}};
}

double toeplitzDeviation(const Eigen::Ref<const core::RowMatrix>& m) {
    return (m.bottomRightCorner(m.rows() - 1, m.cols() - 1) -
            m.topLeftCorner(m.rows() - 1, m.cols() - 1))
        .cwiseAbs()
        .maxCoeff();
}

// Every S(m, n) = f(m - n) + g(m + n) satisfies the discrete wave equation
// S(m+1, n) + S(m-1, n) - S(m, n+1) - S(m, n-1) = 0; the largest residual.
double waveResidual(const Eigen::Ref<const core::RowMatrix>& s) {
    double worst = 0;
    for (Eigen::Index m = 1; m + 1 < s.rows(); ++m)
        for (Eigen::Index k = 1; k + 1 < s.cols(); ++k)
            worst =
                std::max(worst, std::abs(s(m + 1, k) + s(m - 1, k) - s(m, k + 1) - s(m, k - 1)));
    return worst;
}
}  // namespace

class TstBilinear : public QObject {
    Q_OBJECT
private slots:
    void decomposition_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<QString>("h");
        QTest::addColumn<qint64>("seed");
        QTest::addColumn<double>("base");
        QTest::newRow("identity n 20 d 8")
            << qint64(20) << qint64(8) << "identity" << qint64(0) << 10000.0;
        QTest::newRow("identity n 300 d 64")
            << qint64(300) << qint64(64) << "identity" << qint64(0) << 10000.0;
        QTest::newRow("diagonal n 50 d 16")
            << qint64(50) << qint64(16) << "diagonal" << qint64(3) << 10000.0;
        QTest::newRow("diagonal n 128 d 32 base 100")
            << qint64(128) << qint64(32) << "diagonal" << qint64(8) << 100.0;
        QTest::newRow("diagonal n 7 d 2")
            << qint64(7) << qint64(2) << "diagonal" << qint64(1) << 10000.0;
    }
    // relative_part + absolute_part = similarity; relative_part is Toeplitz (and symmetric),
    // absolute_part is Hankel (depends on m + n); for H = I the absolute part is exactly zero and
    // the similarity itself is Toeplitz.
    void decomposition() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(QString, h);
        QFETCH(qint64, seed);
        QFETCH(double, base);
        const auto p = bilinearParams(n, d, h.toStdString(), seed, base);
        const core::Array s = computeOk("bilinear", "similarity", p);
        const core::Array rel = computeOk("bilinear", "relative_part", p);
        const core::Array abs = computeOk("bilinear", "absolute_part", p);
        QCOMPARE(s.shape, (core::Shape{n, n}));
        const auto S = s.matrix();
        const auto R = rel.matrix();
        const auto A = abs.matrix();
        const double scale = S.cwiseAbs().maxCoeff();
        QVERIFY(scale > 0.1);
        const double err = (R + A - S).cwiseAbs().maxCoeff();
        QVERIFY2(err < 1e-13 * double(d) * double(n),
                 qPrintable(QString("split error %1").arg(err)));
        QCOMPARE(toeplitzDeviation(R), 0.0);
        QCOMPARE((R - R.transpose()).cwiseAbs().maxCoeff(), 0.0);
        for (qint64 m = 0; m + 1 < n; ++m)
            for (qint64 k = 1; k < n; ++k) QCOMPARE(A(m + 1, k - 1), A(m, k));
        if (h == "identity") {
            QCOMPARE(A.cwiseAbs().maxCoeff(), 0.0);
            QVERIFY(toeplitzDeviation(S) < 1e-12 * double(d));
            QVERIFY(std::abs(S(0, 0) - double(d) / 2) < 1e-12);
        } else if (n > 2) {
            QVERIFY(toeplitzDeviation(S) > 1e-3);  // a diagonal H != I lets absolute position in
            QVERIFY(waveResidual(S) < 1e-12 * double(d) * double(n));
        }
    }

    void denseBreaksDecomposition_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("seed");
        QTest::addColumn<double>("offdiag");
        QTest::newRow("n 30 d 6") << qint64(30) << qint64(6) << qint64(1) << 0.3;
        QTest::newRow("n 64 d 64") << qint64(64) << qint64(64) << qint64(2) << 0.1;
    }
    // A dense H couples pairs of different frequencies: the similarity is no longer f(m-n) +
    // g(m+n) (wave residual large) and not Toeplitz, while offdiag = 0 gives the diagonal H back.
    void denseBreaksDecomposition() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, seed);
        QFETCH(double, offdiag);
        const core::Array dense = computeOk("bilinear", "similarity",
                                            bilinearParams(n, d, "dense", seed, 100.0, offdiag));
        const core::Array diag =
            computeOk("bilinear", "similarity", bilinearParams(n, d, "diagonal", seed, 100.0));
        const core::Array zero =
            computeOk("bilinear", "similarity", bilinearParams(n, d, "dense", seed, 100.0, 0.0));
        QVERIFY2(waveResidual(dense.matrix()) > 1e-3,
                 qPrintable(QString::number(waveResidual(dense.matrix()))));
        QVERIFY(waveResidual(diag.matrix()) < 1e-12 * double(d) * double(n));
        QVERIFY(toeplitzDeviation(dense.matrix()) > 1e-3);
        QVERIFY(test::maxAbsDiff(zero, diag) < 1e-12 * double(d));
        // The split is refused for a dense H, naming the parameter.
        for (const char* q : {"relative_part", "absolute_part"}) {
            const std::string msg =
                test::computeError("bilinear", q, bilinearParams(n, d, "dense", seed));
            QVERIFY2(msg.find("'h'") != std::string::npos, msg.c_str());
        }
    }

    void seeded() {
        const auto p = bilinearParams(24, 8, "dense", 4);
        const core::Array a = computeOk("bilinear", "similarity", p);
        QCOMPARE(test::maxAbsDiff(a, computeOk("bilinear", "similarity", p)), 0.0);
        QVERIFY(test::maxAbsDiff(a, computeOk("bilinear", "similarity",
                                              bilinearParams(24, 8, "dense", 5))) > 1e-3);
        // identity does not depend on the seed
        QCOMPARE(test::maxAbsDiff(
                     computeOk("bilinear", "similarity", bilinearParams(24, 8, "identity", 4)),
                     computeOk("bilinear", "similarity", bilinearParams(24, 8, "identity", 5))),
                 0.0);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<core::ParamValue>("value");
        QTest::newRow("odd d") << "d" << core::ParamValue(std::int64_t(5));
        QTest::newRow("h word") << "h" << core::ParamValue(std::string("lower"));
        QTest::newRow("offdiag < 0") << "offdiag" << core::ParamValue(-1.0);
        QTest::newRow("base 0.5") << "base" << core::ParamValue(0.5);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(core::ParamValue, value);
        const std::string msg =
            test::computeError("bilinear", "similarity", {{key.toStdString(), value}});
        QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstBilinear)
#include "tst_bilinear.moc"
