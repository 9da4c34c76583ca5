// Properties of FIRE (spec E4): the normalised distance against the released code, the bias as
// the MLP of it with weights from files (a hand-checkable MLP), the causal mask, the learned
// function on [0, 1], the seeded draw order, and the rules on the four weight files.
// Reference values: a float64 Python port of the forward of class FIRE in mcleish7/arithmetic,
// cramming/architectures/embeddings.py (eval mode: positions = arange(n); relative_distances =
// log(|c (i - j)| + 1), position_normalizer = log(|c max(pos_i, |L|)| + 1),
// u = relative_distances / (position_normalizer + 1e-6)).
#include <QtTest>

#include <QTemporaryDir>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeError;
using test::computeOk;
using test::Values;

namespace {

// Writes w1, b1, w2, b2 into `dir` and returns the four parameters naming them.
Values mlpFiles(const QTemporaryDir& dir, const std::vector<double>& w1,
                const std::vector<double>& b1, const core::RowMatrix& w2,
                const std::vector<double>& b2) {
    auto vec = [&](const char* name, const std::vector<double>& v) {
        const std::string path = dir.filePath(QString(name) + ".npy").toStdString();
        core::RowMatrix m(1, static_cast<Eigen::Index>(v.size()));
        for (std::size_t k = 0; k < v.size(); ++k) m(0, static_cast<Eigen::Index>(k)) = v[k];
        test::writeNpyFile(path, m, true);
        return std::pair<std::string, core::ParamValue>{name, path};
    };
    const std::string w2Path = dir.filePath("w2.npy").toStdString();
    test::writeNpyFile(w2Path, w2);
    return {vec("w1", w1), vec("b1", b1), {"w2", w2Path}, vec("b2", b2)};
}

// The hand MLP of the tests: hidden 1, two heads, f(x)_h = w2_h relu(2 x - 0.5) + b2_h.
core::RowMatrix handW2() {
    core::RowMatrix m(2, 1);
    m << 3.0, -1.0;
    return m;
}
double handF(double x, int h) {
    const double a = std::max(0.0, 2.0 * x - 0.5);
    return h == 0 ? 3.0 * a + 0.25 : -a + 1.0;
}

}  // namespace

class TstFire : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    Values hand() { return mlpFiles(m_dir, {2.0}, {-0.5}, handW2(), {0.25, 1.0}); }

private slots:
    void normalizedDistanceUpstream_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<double>("c");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<qint64>("i");
        QTest::addColumn<qint64>("j");
        QTest::addColumn<double>("u");
        QTest::newRow("default, short") << 8LL << 0.1 << 512.0 << 7LL << 0LL << 0.13416360280331255;
        QTest::newRow("key after query")
            << 8LL << 0.1 << 512.0 << 3LL << 5LL << 0.04609802979623069;
        QTest::newRow("no mask") << 8LL << 0.1 << 512.0 << 0LL << 7LL << 0.13416360280331255;
        QTest::newRow("below L") << 10LL << 1.0 << 2.0 << 1LL << 0LL << 0.6309291792749692;
        QTest::newRow("at L") << 10LL << 1.0 << 2.0 << 2LL << 0LL << 0.999999089761602;
        QTest::newRow("past L, j 0") << 10LL << 1.0 << 2.0 << 9LL << 0LL << 0.9999995657057067;
        QTest::newRow("past L") << 10LL << 1.0 << 2.0 << 9LL << 4LL << 0.7781509124369961;
        QTest::newRow("past L, u > 1") << 10LL << 1.0 << 2.0 << 4LL << 9LL << 1.113282060838342;
        QTest::newRow("4096, last row")
            << 4096LL << 0.1 << 512.0 << 4095LL << 0LL << 0.9999998338146319;
        QTest::newRow("4096, 600/100")
            << 4096LL << 0.1 << 512.0 << 600LL << 100LL << 0.9564449813324609;
    }
    void normalizedDistanceUpstream() {
        QFETCH(qint64, n);
        QFETCH(double, c);
        QFETCH(double, threshold);
        QFETCH(qint64, i);
        QFETCH(qint64, j);
        QFETCH(double, u);
        const auto a = computeOk("fire", "normalized_distance",
                                 {{"n", std::int64_t(n)}, {"c", c}, {"threshold", threshold}});
        QCOMPARE(a.shape, (core::Shape{n, n}));
        QVERIFY2(std::abs(a.at(i * n + j) - u) < 1e-15,
                 qPrintable(QString("%1 vs %2").arg(a.at(i * n + j), 0, 'g', 17).arg(u)));
    }

    // u = 0 on the diagonal, 0 < u <= 1 for j < i; rows before the threshold share one
    // normaliser, so there u depends on |i - j| alone; offset shifts the query's position.
    void normalizedDistanceProperties_data() {
        QTest::addColumn<double>("c");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("default") << 0.1 << 512.0 << 0LL;
        QTest::newRow("small L") << 1.0 << 3.0 << 0LL;
        QTest::newRow("offset") << 0.5 << 8.0 << 1000LL;
        QTest::newRow("tiny c") << 1e-4 << 1.0 << 7LL;
    }
    void normalizedDistanceProperties() {
        QFETCH(double, c);
        QFETCH(double, threshold);
        QFETCH(qint64, offset);
        const std::int64_t n = 40;
        const auto a =
            computeOk("fire", "normalized_distance",
                      {{"n", n}, {"c", c}, {"threshold", threshold}, {"offset", offset}});
        for (std::int64_t i = 0; i < n; ++i) {
            QCOMPARE(a.at(i * n + i), 0.0);
            const double pos = double(offset + i);
            // log1p as PosLab computes it (the port's log(x + 1) loses digits at c = 1e-4).
            const double norm = std::log1p(c * std::max(pos, threshold)) + 1e-6;
            for (std::int64_t j = 0; j < n; ++j) {
                const double u = a.at(i * n + j);
                QVERIFY(std::abs(u - std::log1p(c * double(std::abs(i - j))) / norm) < 1e-15);
                if (j < i) QVERIFY(u > 0 && u <= 1);
                if (pos <= threshold && offset + j <= threshold)
                    QCOMPARE(u, a.at(j * n + i));  // same normaliser: symmetric
            }
        }
    }

    // bias = f(u) with the hand MLP, every element, both heads; causal: -inf above the diagonal.
    void biasFromFiles_data() {
        QTest::addColumn<bool>("causal");
        QTest::addColumn<double>("c");
        QTest::newRow("bidirectional") << false << 1.0;
        QTest::newRow("causal") << true << 1.0;
        QTest::newRow("default c") << false << 0.1;
    }
    void biasFromFiles() {
        QFETCH(bool, causal);
        QFETCH(double, c);
        const std::int64_t n = 33;
        const Values v =
            test::with(hand(), {{"n", n}, {"c", c}, {"threshold", 4.0}, {"causal", causal}});
        const auto b = computeOk("fire", "bias", v);
        const auto u = computeOk("fire", "normalized_distance", v);
        QCOMPARE(b.shape, (core::Shape{2, n, n}));  // heads from the files
        for (int h = 0; h < 2; ++h)
            for (std::int64_t i = 0; i < n; ++i)
                for (std::int64_t j = 0; j < n; ++j) {
                    const double got = b.at((h * n + i) * n + j);
                    if (causal && j > i) {
                        QVERIFY(std::isinf(got) && got < 0);
                        continue;
                    }
                    QVERIFY(std::abs(got - handF(u.at(i * n + j), h)) < 1e-14);
                }
    }

    // function[h, k] = f(k / 100); the diagonal's bias is f(0) = function[h, 0]; a row past the
    // threshold reaches u = 1 - O(eps) at j = 0, where the bias is function[h, 100].
    void functionMatchesBias() {
        const std::int64_t n = 64;
        const Values v = test::with(hand(), {{"n", n}, {"c", 1.0}, {"threshold", 8.0}});
        const auto f = computeOk("fire", "function", v);
        const auto b = computeOk("fire", "bias", v);
        QCOMPARE(f.shape, (core::Shape{2, 101}));
        for (int h = 0; h < 2; ++h) {
            for (int k = 0; k <= 100; ++k)
                QVERIFY(std::abs(f.at(h * 101 + k) - handF(k / 100.0, h)) < 1e-15);
            for (std::int64_t i = 0; i < n; ++i) QCOMPARE(b.at((h * n + i) * n + i), f.at(h * 101));
            QVERIFY(std::abs(b.at((h * n + n - 1) * n) - f.at(h * 101 + 100)) < 1e-5);
        }
    }

    // Seeded: standard normal in the order w1, b1, W2, b2, W2 and b2 times 1/sqrt(hidden); the
    // same numbers written to files give the same bias.
    void seededDrawOrder_data() {
        QTest::addColumn<qint64>("hidden");
        QTest::addColumn<qint64>("heads");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("default") << 32LL << 8LL << 0LL;
        QTest::newRow("odd") << 5LL << 3LL << 11LL;
        QTest::newRow("one") << 1LL << 1LL << 2LL;
    }
    void seededDrawOrder() {
        QFETCH(qint64, hidden);
        QFETCH(qint64, heads);
        QFETCH(qint64, seed);
        core::Rng rng(static_cast<std::uint64_t>(seed));
        const double s = 1.0 / std::sqrt(double(hidden));
        const Eigen::VectorXd w1 = core::normalVector(rng, hidden);
        const Eigen::VectorXd b1 = core::normalVector(rng, hidden);
        const core::RowMatrix w2 = core::normalMatrix(rng, heads, hidden, s);
        const Eigen::VectorXd b2 = core::normalVector(rng, heads, s);
        const Values seeded{{"hidden", std::int64_t(hidden)},
                            {"heads", std::int64_t(heads)},
                            {"seed", std::int64_t(seed)},
                            {"n", std::int64_t(20)},
                            {"threshold", 6.0}};
        const auto f = computeOk("fire", "function", seeded);
        for (std::int64_t h = 0; h < heads; ++h)
            for (int k = 0; k <= 100; k += 25) {
                double want = b2(h);
                for (std::int64_t q = 0; q < hidden; ++q)
                    want += w2(h, q) * std::max(0.0, w1(q) * (k / 100.0) + b1(q));
                QVERIFY(std::abs(f.at(h * 101 + k) - want) < 1e-13);
            }
        auto list = [](const Eigen::VectorXd& x) {
            return std::vector<double>(x.begin(), x.end());
        };
        const Values files = mlpFiles(m_dir, list(w1), list(b1), w2, list(b2));
        const Values fromFiles = test::with(files, {{"n", std::int64_t(20)}, {"threshold", 6.0}});
        QCOMPARE(test::maxAbsDiff(computeOk("fire", "bias", seeded),
                                  computeOk("fire", "bias", fromFiles)),
                 0.0);
    }

    // Errors name the parameter: missing files (all named), shapes, explicit hidden / heads that
    // the files contradict, c, threshold, offset, the memory budget.
    void errors_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing b2") << "missing b2"
                                    << "parameter 'b2': missing ('w1', 'b1' and 'w2'";
        QTest::newRow("missing two") << "missing w2 b2"
                                     << "parameter 'w2' and 'b2': missing";
        QTest::newRow("b1 length") << "b1 length"
                                   << "parameter 'b1' =";
        QTest::newRow("w2 columns") << "w2 columns"
                                    << "parameter 'w2' =";
        QTest::newRow("b2 length") << "b2 length"
                                   << "parameter 'b2' =";
        QTest::newRow("w1 2-D") << "w1 2-D"
                                << "parameter 'w1' =";
        QTest::newRow("heads given") << "heads given"
                                     << "parameter 'heads' = 4: differs";
        QTest::newRow("hidden given") << "hidden given"
                                      << "parameter 'hidden' = 3: differs";
        QTest::newRow("c 0") << "c 0"
                             << "parameter 'c' = 0";
        QTest::newRow("threshold 0") << "threshold 0"
                                     << "parameter 'threshold' = 0";
        QTest::newRow("offset -1") << "offset -1"
                                   << "parameter 'offset' = -1";
        QTest::newRow("budget") << "budget"
                                << "more than the memory budget";
    }
    void errors() {
        QFETCH(QString, what);
        QFETCH(QString, expected);
        Values v = hand();
        auto drop = [&](const std::string& name) {
            for (auto& [k, val] : v)
                if (k == name) val = std::string();
        };
        const std::string bad = m_dir.filePath("bad3.npy").toStdString();
        test::writeNpyFile(bad, core::RowMatrix::Ones(1, 3), true);
        auto replace = [&](const std::string& name, const core::ParamValue& val) {
            v = test::with(v, {{name, val}});
        };
        const std::string c = what.toStdString();
        if (c == "missing b2") drop("b2");
        if (c == "missing w2 b2") drop("w2"), drop("b2");
        if (c == "b1 length") replace("b1", bad);
        if (c == "w2 columns") {
            const std::string p = m_dir.filePath("w2x3.npy").toStdString();
            test::writeNpyFile(p, core::RowMatrix::Ones(2, 3));
            replace("w2", p);
        }
        if (c == "b2 length") replace("b2", bad);
        if (c == "w1 2-D") {
            const std::string p = m_dir.filePath("w1x2d.npy").toStdString();
            test::writeNpyFile(p, core::RowMatrix::Ones(1, 1));
            replace("w1", p);
        }
        if (c == "heads given") replace("heads", std::int64_t(4));
        if (c == "hidden given") replace("hidden", std::int64_t(3));
        if (c == "c 0") v = {{"c", 0.0}};
        if (c == "threshold 0") v = {{"threshold", 0.0}};
        if (c == "offset -1") v = {{"offset", std::int64_t(-1)}};
        if (c == "budget") v = {{"n", std::int64_t(1) << 20}, {"heads", std::int64_t(1024)}};
        const std::string err = computeError("fire", "bias", v);
        QVERIFY2(QString::fromStdString(err).contains(expected), err.c_str());
        QVERIFY(err.find('\n') == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TstFire)
#include "tst_fire.moc"
