// Properties of the hierarchical decomposition (A7): its first n rows reproduce the source, the
// table is additively separable in the two "digits" i and j, a .npy source sets n and d, and
// the (n*n, n*n) similarity stays within the memory budget.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/compute.h"
#include "core/encodings/learned.h"
#include "core/io/npy.h"
#include "tests/core/test_util.h"

Q_DECLARE_METATYPE(poslab::core::ParamValue)

using namespace poslab;
using test::computeOk;
using test::writeBytes;

namespace {
using Values = std::vector<std::pair<std::string, core::ParamValue>>;

// A deterministic, non-trivial table (rows, cols).
core::Array wavyTable(std::int64_t rows, std::int64_t cols) {
    core::Array a = core::Array::real({rows, cols});
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t k = 0; k < cols; ++k)
            a.f64[std::size_t(i * cols + k)] =
                std::sin(0.7 * double(i) + 1.3 * double(k)) * double(k + 1);
    return a;
}
}  // namespace

class TstHierarchical : public QObject {
    Q_OBJECT
private slots:
    void firstRowsAreSource_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<qint64>("seed");
        QTest::newRow("sinusoidal default")
            << "sinusoidal" << qint64(64) << qint64(64) << 0.4 << qint64(0);
        QTest::newRow("sinusoidal alpha 0.01")
            << "sinusoidal" << qint64(20) << qint64(8) << 0.01 << qint64(0);
        QTest::newRow("sinusoidal alpha 0.99")
            << "sinusoidal" << qint64(17) << qint64(32) << 0.99 << qint64(0);
        QTest::newRow("learned seed 0")
            << "learned" << qint64(30) << qint64(16) << 0.4 << qint64(0);
        QTest::newRow("learned seed 5, odd d")
            << "learned" << qint64(12) << qint64(7) << 0.75 << qint64(5);
        QTest::newRow("npy 9x5") << "npy" << qint64(9) << qint64(5) << 0.3 << qint64(0);
        QTest::newRow("npy 1x2") << "npy" << qint64(1) << qint64(2) << 0.5 << qint64(0);
    }
    // q_j = p_j for j < n (to 1e-12 relative), q_{i*n+i} = u_i, and the table is additively
    // separable: q_{i n + j} + q_{i' n + j'} = q_{i n + j'} + q_{i' n + j}.
    void firstRowsAreSource() {
        QFETCH(QString, source);
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, alpha);
        QFETCH(qint64, seed);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Values p = {{"n", std::int64_t(n)},
                    {"d", std::int64_t(d)},
                    {"alpha", alpha},
                    {"seed", std::int64_t(seed)}};
        core::RowMatrix src;
        if (source == "sinusoidal") {
            src = computeOk("sinusoidal", "table", {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}})
                      .matrix();
            p.emplace_back("source", std::string("sinusoidal"));
        } else if (source == "learned") {
            src =
                computeOk(
                    "learned", "table",
                    {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"seed", std::int64_t(seed)}})
                    .matrix();
            p.emplace_back("source", std::string("learned"));
        } else {
            const core::Array a = wavyTable(n, d);
            src = a.matrix();
            const QString path = dir.filePath("p.npy");
            QVERIFY(writeBytes(path, core::io::encodeNpy(a)));
            // The file sets n and d: give neither.
            p = {{"alpha", alpha}, {"source", path.toStdString()}};
        }
        const core::Array t = computeOk("hierarchical", "table", p);
        QCOMPARE(t.shape, (core::Shape{n * n, d}));
        const auto Q = t.matrix();
        const double scale = src.cwiseAbs().maxCoeff();
        const double err = (Q.topRows(n) - src).cwiseAbs().maxCoeff() / scale;
        QVERIFY2(err < 1e-12, qPrintable(QString("relative error %1").arg(err)));
        for (qint64 i = 0; i < n; ++i) {
            const Eigen::RowVectorXd u = (src.row(i) - alpha * src.row(0)) / (1 - alpha);
            const Eigen::RowVectorXd diag = Q.row(i * n + i);
            QVERIFY((diag - u).lpNorm<Eigen::Infinity>() <
                    1e-12 * std::max(1.0, u.lpNorm<Eigen::Infinity>()));
        }
        double sep = 0;
        for (qint64 i = 0; i < n; i += 3)
            for (qint64 j = 0; j < n; j += 2)
                for (qint64 i2 = 1; i2 < n; i2 += 4)
                    for (qint64 j2 = 0; j2 < n; j2 += 5)
                        sep = std::max(sep, (Q.row(i * n + j) + Q.row(i2 * n + j2) -
                                             Q.row(i * n + j2) - Q.row(i2 * n + j))
                                                .cwiseAbs()
                                                .maxCoeff());
        QVERIFY2(sep < 1e-11 * std::max(1.0, scale / (1 - alpha)),
                 qPrintable(QString::number(sep)));
    }

    // Rows past n differ from the source pattern: position n (i = 1, j = 0) is a new vector.
    void laterRowsAreNew() {
        const core::Array t =
            computeOk("hierarchical", "table", {{"n", std::int64_t(16)}, {"d", std::int64_t(8)}});
        const auto Q = t.matrix();
        for (qint64 j = 0; j < 16; ++j) QVERIFY((Q.row(16) - Q.row(j)).norm() > 1e-3);
    }

    void similarityIsGram_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::newRow("sinusoidal 8x6") << "sinusoidal" << qint64(8) << qint64(6);
        QTest::newRow("learned 20x4") << "learned" << qint64(20) << qint64(4);
    }
    void similarityIsGram() {
        QFETCH(QString, source);
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        const Values p = {
            {"source", source.toStdString()}, {"n", std::int64_t(n)}, {"d", std::int64_t(d)}};
        const core::Array t = computeOk("hierarchical", "table", p);
        const core::Array s = computeOk("hierarchical", "similarity", p);
        QCOMPARE(s.shape, (core::Shape{n * n, n * n}));
        const core::RowMatrix g = t.matrix() * t.matrix().transpose();
        QVERIFY((s.matrix() - g).cwiseAbs().maxCoeff() <
                1e-12 * std::max(1.0, g.cwiseAbs().maxCoeff()));
        // Its top-left n x n block is the source's similarity.
        const std::string enc = source.toStdString();
        const core::Array s0 =
            computeOk(enc, "similarity", {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}});
        QVERIFY((s.matrix().topLeftCorner(n, n) - s0.matrix()).cwiseAbs().maxCoeff() <
                1e-12 * std::max(1.0, s0.matrix().cwiseAbs().maxCoeff()));
    }

    // (n*n, n*n) doubles: refused before allocating when over the budget.
    void memoryBudget() {
        const std::string huge =
            test::computeError("hierarchical", "similarity", {{"n", std::int64_t(256)}});
        QVERIFY2(huge.find("memory budget") != std::string::npos, huge.c_str());
        core::ComputeOptions small;
        small.memoryBudget = 4.0 * 1024 * 1024;  // 4 MiB: n = 32 needs 8 MiB, n = 16 0.5 MiB
        const auto refused =
            core::compute("hierarchical", "similarity",
                          core::paramsFor("hierarchical", {{"n", std::int64_t(32)}}), small);
        QVERIFY(!refused);
        QVERIFY2(refused.error().message.find("memory budget") != std::string::npos,
                 refused.error().message.c_str());
        QVERIFY(core::compute("hierarchical", "similarity",
                              core::paramsFor("hierarchical", {{"n", std::int64_t(16)}}), small));
    }

    void seedDeterminism() {
        auto table = [](const std::string& source, std::int64_t seed) {
            return computeOk("hierarchical", "table",
                             {{"source", source},
                              {"seed", seed},
                              {"n", std::int64_t(10)},
                              {"d", std::int64_t(6)}});
        };
        QCOMPARE(table("learned", 3).f64, table("learned", 3).f64);
        QVERIFY(test::maxAbsDiff(table("learned", 3), table("learned", 4)) > 1e-4);
        QCOMPARE(table("sinusoidal", 3).f64, table("sinusoidal", 4).f64);  // nothing seeded
        // The learned source is the learned encoding's table (default init_std).
        const core::Array t = table("learned", 3);
        QVERIFY(
            (t.matrix().topRows(10) - core::enc::learnedTable(10, 6, 3, core::enc::kLearnedInitStd))
                .cwiseAbs()
                .maxCoeff() < 1e-15);
    }

    void npySourceShape() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("p.npy");
        QVERIFY(writeBytes(path, core::io::encodeNpy(wavyTable(6, 3))));
        const std::string sp = path.toStdString();
        // d = 3 is fine for a file (only a sinusoidal source must be even), n = 6 as given.
        QCOMPARE(computeOk("hierarchical", "table", {{"source", sp}, {"n", std::int64_t(6)}}).shape,
                 (core::Shape{36, 3}));
        for (const char* key : {"n", "d"}) {
            const std::string msg = test::computeError("hierarchical", "table",
                                                       {{"source", sp}, {key, std::int64_t(5)}});
            QVERIFY2(msg.find(std::string("'") + key + "' = 5") != std::string::npos, msg.c_str());
        }
    }

    void badSource_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("why");
        QTest::newRow("corrupt header") << "corrupt"
                                        << "truncated header";
        QTest::newRow("wrong shape 1-D") << "vector"
                                         << "shape (10)";
        QTest::newRow("wrong shape 3-D") << "cube"
                                         << "shape (4,4,2)";
        QTest::newRow("truncated") << "truncated"
                                   << "truncated";
        QTest::newRow("missing") << "missing"
                                 << "cannot be opened";
        QTest::newRow("unknown word") << "sinusoid"
                                      << "cannot be opened";
    }
    void badSource() {
        QFETCH(QString, kind);
        QFETCH(QString, why);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString path = dir.filePath(kind + ".npy");
        std::string bytes;
        if (kind == "corrupt") bytes = std::string("\x93NUMPY\x01\x00\xff\xff garbage", 18);
        if (kind == "vector") bytes = core::io::encodeNpy(core::Array::real({10}));
        if (kind == "cube") bytes = core::io::encodeNpy(core::Array::real({4, 4, 2}));
        if (kind == "truncated") {
            bytes = core::io::encodeNpy(wavyTable(5, 4));
            bytes.resize(bytes.size() - 8);
        }
        if (kind == "sinusoid") path = "sinusoid";  // a typo of the word: not a file either
        if (!bytes.empty()) QVERIFY(writeBytes(path, bytes));
        for (const char* qty : {"table", "similarity"}) {
            const std::string msg =
                test::computeError("hierarchical", qty, {{"source", path.toStdString()}});
            QVERIFY2(msg.find("parameter 'source'") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find(why.toStdString()) != std::string::npos, msg.c_str());
        }
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<core::ParamValue>("value");
        QTest::addColumn<QString>("why");
        QTest::newRow("alpha 0") << "alpha" << core::ParamValue(0.0) << "too small";
        QTest::newRow("alpha 1") << "alpha" << core::ParamValue(1.0) << "too large";
        QTest::newRow("alpha 1.5") << "alpha" << core::ParamValue(1.5) << "too large";
        QTest::newRow("alpha < 0") << "alpha" << core::ParamValue(-0.2) << "too small";
        QTest::newRow("odd d, sinusoidal") << "d" << core::ParamValue(std::int64_t(7)) << "even";
        QTest::newRow("n 0") << "n" << core::ParamValue(std::int64_t(0)) << "too small";
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(core::ParamValue, value);
        QFETCH(QString, why);
        for (const char* qty : {"table", "similarity"}) {
            const std::string msg =
                test::computeError("hierarchical", qty, {{key.toStdString(), value}});
            QVERIFY2(msg.find("'" + key.toStdString() + "' = " + core::formatValue(value)) !=
                         std::string::npos,
                     msg.c_str());
            QVERIFY2(msg.find(why.toStdString()) != std::string::npos, msg.c_str());
        }
        // alpha's message says what is allowed: strictly between 0 and 1.
        if (key == "alpha") {
            const std::string msg = test::computeError("hierarchical", "table", {{"alpha", value}});
            QVERIFY2(msg.find("> 0 and < 1") != std::string::npos, msg.c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TstHierarchical)
#include "tst_hierarchical.moc"
