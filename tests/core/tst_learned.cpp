// Properties of the learned table (A3): seeded N(0, init_std^2) drawn row by row and identical
// across runs, a .npy `source` that sets n and d, and clear errors for bad sources.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/encodings/learned.h"
#include "core/io/npy.h"
#include "tests/core/test_util.h"

Q_DECLARE_METATYPE(poslab::core::ParamValue)

using namespace poslab;
using test::computeOk;
using test::writeBytes;

namespace {
using Values = std::vector<std::pair<std::string, core::ParamValue>>;

// A (rows, cols) table with distinct, exactly representable values.
core::Array rampTable(std::int64_t rows, std::int64_t cols) {
    core::Array a = core::Array::real({rows, cols});
    for (std::int64_t k = 0; k < rows * cols; ++k) a.f64[std::size_t(k)] = 0.25 * double(k) - 3.0;
    return a;
}
}  // namespace

class TstLearned : public QObject {
    Q_OBJECT
private slots:
    void seededStatistics_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("seed");
        QTest::addColumn<double>("initStd");
        QTest::newRow("default") << qint64(64) << qint64(64) << qint64(0) << 0.02;
        QTest::newRow("seed 7, std 1") << qint64(100) << qint64(50) << qint64(7) << 1.0;
        QTest::newRow("seed 123456789, std 0.5")
            << qint64(33) << qint64(128) << qint64(123456789) << 0.5;
    }
    // Mean ~ 0 and standard deviation ~ init_std over n*d draws (>= 4096: a few % tolerance).
    void seededStatistics() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(qint64, seed);
        QFETCH(double, initStd);
        const Values p = {{"n", std::int64_t(n)},
                          {"d", std::int64_t(d)},
                          {"seed", std::int64_t(seed)},
                          {"init_std", initStd}};
        const core::Array t = computeOk("learned", "table", p);
        QCOMPARE(t.shape, (core::Shape{n, d}));
        const auto T = t.matrix();
        const double count = double(n * d);
        const double mean = T.sum() / count;
        const double sd = std::sqrt((T.array() - mean).square().sum() / (count - 1));
        QVERIFY2(std::abs(mean) < 5 * initStd / std::sqrt(count),
                 qPrintable(QString::number(mean)));
        QVERIFY2(std::abs(sd / initStd - 1) < 0.08, qPrintable(QString::number(sd)));
        // The exported table is the shared function's table (hierarchical reuses it).
        const core::RowMatrix direct = core::enc::learnedTable(n, d, std::uint64_t(seed), initStd);
        QCOMPARE(core::RowMatrix(T), direct);
        // Similarity is the Gram matrix of the table.
        const core::Array s = computeOk("learned", "similarity", p);
        QCOMPARE(s.shape, (core::Shape{n, n}));
        const core::RowMatrix g = direct * direct.transpose();
        QVERIFY((s.matrix() - g).cwiseAbs().maxCoeff() <
                1e-13 * std::max(1.0, g.cwiseAbs().maxCoeff()));
    }

    void seedDeterminism() {
        for (std::int64_t seed : {0, 1, 42}) {
            const Values p = {{"seed", seed}, {"n", std::int64_t(20)}, {"d", std::int64_t(6)}};
            const core::Array a = computeOk("learned", "table", p);
            const core::Array b = computeOk("learned", "table", p);
            QCOMPARE(a.f64, b.f64);
            const core::Array c =
                computeOk("learned", "table",
                          {{"seed", seed + 1}, {"n", std::int64_t(20)}, {"d", std::int64_t(6)}});
            QVERIFY(test::maxAbsDiff(a, c) > 1e-3);
        }
    }

    // Drawn row by row: a shorter table is a prefix of a longer one (same seed and d), and
    // init_std only scales.
    void rowsArePrefixStableAndScaleLinearly() {
        const core::Array a =
            computeOk("learned", "table", {{"n", std::int64_t(10)}, {"d", std::int64_t(16)}});
        const core::Array b =
            computeOk("learned", "table", {{"n", std::int64_t(30)}, {"d", std::int64_t(16)}});
        QCOMPARE(core::RowMatrix(a.matrix()), core::RowMatrix(b.matrix().topRows(10)));
        const core::Array c =
            computeOk("learned", "table",
                      {{"n", std::int64_t(10)}, {"d", std::int64_t(16)}, {"init_std", 2.0}});
        QVERIFY((c.matrix() - 100.0 * a.matrix()).cwiseAbs().maxCoeff() < 1e-14);
        const core::Array z = computeOk("learned", "table", {{"init_std", 0.0}});
        QCOMPARE(z.matrix().cwiseAbs().maxCoeff(), 0.0);
    }

    void sourceSetsShape_data() {
        QTest::addColumn<qint64>("rows");
        QTest::addColumn<qint64>("cols");
        QTest::newRow("7x5") << qint64(7) << qint64(5);
        QTest::newRow("1x2") << qint64(1) << qint64(2);
        QTest::newRow("130x64") << qint64(130) << qint64(64);
    }
    void sourceSetsShape() {
        QFETCH(qint64, rows);
        QFETCH(qint64, cols);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath("table.npy");
        const core::Array src = rampTable(rows, cols);
        QVERIFY(writeBytes(path, core::io::encodeNpy(src)));
        const core::Array t = computeOk("learned", "table", {{"source", path.toStdString()}});
        QCOMPARE(t.shape, (core::Shape{rows, cols}));
        QCOMPARE(t.f64, src.f64);
        const core::Array s = computeOk("learned", "similarity", {{"source", path.toStdString()}});
        QCOMPARE(s.shape, (core::Shape{rows, rows}));
        // Giving the file's own n and d is fine; a different one is an error naming it.
        const core::Array t2 = computeOk(
            "learned", "table",
            {{"source", path.toStdString()}, {"n", std::int64_t(rows)}, {"d", std::int64_t(cols)}});
        QCOMPARE(t2.f64, src.f64);
        for (const char* key : {"n", "d"}) {
            const std::int64_t wrong = std::string(key) == "n" ? rows + 3 : cols + 3;
            const std::string msg = test::computeError(
                "learned", "table", {{"source", path.toStdString()}, {key, wrong}});
            QVERIFY2(msg.find(std::string("'") + key + "' = " + std::to_string(wrong)) !=
                         std::string::npos,
                     msg.c_str());
            QVERIFY2(msg.find("source") != std::string::npos, msg.c_str());
        }
        // A given value equal to the default (64) still conflicts with a file of another size.
        if (rows != 64) {
            const std::string msg = test::computeError(
                "learned", "table", {{"source", path.toStdString()}, {"n", std::int64_t(64)}});
            QVERIFY2(msg.find("'n' = 64") != std::string::npos, msg.c_str());
        }
    }

    void badSource_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("why");
        QTest::newRow("corrupt bytes") << "corrupt"
                                       << "not a .npy file";
        QTest::newRow("truncated data") << "truncated"
                                        << "truncated";
        QTest::newRow("1-D array") << "vector"
                                   << "shape (12)";
        QTest::newRow("3-D array") << "cube"
                                   << "shape (2,3,4)";
        QTest::newRow("one column") << "column"
                                    << "at least 1 row and 2 columns";
        QTest::newRow("non-finite") << "nan"
                                    << "non-finite";
        QTest::newRow("missing file") << "missing"
                                      << "cannot be opened";
    }
    // Every bad source is an error that names 'source' (and says what is wrong), for both
    // quantities, before anything is computed.
    void badSource() {
        QFETCH(QString, kind);
        QFETCH(QString, why);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(kind + ".npy");
        std::string bytes;
        if (kind == "corrupt") bytes = "this is not a numpy file at all, just text\n";
        if (kind == "truncated") {
            bytes = core::io::encodeNpy(rampTable(8, 4));
            bytes.resize(bytes.size() - 40);
        }
        if (kind == "vector") {
            core::Array v = core::Array::real({12});
            bytes = core::io::encodeNpy(v);
        }
        if (kind == "cube") bytes = core::io::encodeNpy(core::Array::real({2, 3, 4}));
        if (kind == "column") bytes = core::io::encodeNpy(rampTable(9, 1));
        if (kind == "nan") {
            core::Array a = rampTable(3, 4);
            a.f64[5] = std::numeric_limits<double>::quiet_NaN();
            bytes = core::io::encodeNpy(a);
        }
        if (kind != "missing") QVERIFY(writeBytes(path, bytes));
        for (const char* qty : {"table", "similarity"}) {
            const std::string msg =
                test::computeError("learned", qty, {{"source", path.toStdString()}});
            QVERIFY2(msg.find("parameter 'source'") != std::string::npos, msg.c_str());
            QVERIFY2(msg.find(why.toStdString()) != std::string::npos, msg.c_str());
        }
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<core::ParamValue>("value");
        QTest::newRow("init_std < 0") << "init_std" << core::ParamValue(-0.1);
        QTest::newRow("n = 0") << "n" << core::ParamValue(std::int64_t(0));
        QTest::newRow("d = 1") << "d" << core::ParamValue(std::int64_t(1));
        QTest::newRow("seed < 0") << "seed" << core::ParamValue(std::int64_t(-1));
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(core::ParamValue, value);
        const std::string msg =
            test::computeError("learned", "table", {{key.toStdString(), value}});
        QVERIFY2(msg.find("'" + key.toStdString() + "' = " + core::formatValue(value)) !=
                     std::string::npos,
                 msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstLearned)
#include "tst_learned.moc"
