// Properties of the 2-D sinusoidal encoding (A2): each half of a patch row is A1's 1-D table of
// one axis, the similarity depends only on the 2-D offset and splits into a column and a row
// part, and d must be a multiple of 4.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

namespace {
using Values = std::vector<std::pair<std::string, core::ParamValue>>;

Values params(qint64 height, qint64 width, qint64 d, double base, qint64 offset) {
    return {{"height", std::int64_t(height)},
            {"width", std::int64_t(width)},
            {"d", std::int64_t(d)},
            {"base", base},
            {"offset", std::int64_t(offset)}};
}
}  // namespace

class TstSinusoidal2d : public QObject {
    Q_OBJECT
private slots:
    void halvesAreOneDimensionalTables_data() {
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("default 16x16 d64")
            << qint64(16) << qint64(16) << qint64(64) << 10000.0 << qint64(0);
        QTest::newRow("tall 7x3 d4") << qint64(7) << qint64(3) << qint64(4) << 10000.0 << qint64(0);
        QTest::newRow("wide 5x40 d12")
            << qint64(5) << qint64(40) << qint64(12) << 100.0 << qint64(0);
        QTest::newRow("1x1") << qint64(1) << qint64(1) << qint64(8) << 10000.0 << qint64(0);
        QTest::newRow("offset 9, d128")
            << qint64(12) << qint64(9) << qint64(128) << 500000.0 << qint64(9);
    }
    // Row h*width + w: columns [0, d/2) are A1's row at position w, [d/2, d) A1's row at h,
    // both with d' = d/2 (so omega'_j = base^(-2j/d')).
    void halvesAreOneDimensionalTables() {
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(qint64, offset);
        const core::Array t =
            computeOk("sinusoidal2d", "table", params(height, width, d, base, offset));
        QCOMPARE(t.shape, (core::Shape{height * width, d}));
        const qint64 n1 = std::max(height, width);
        const core::Array one = computeOk("sinusoidal", "table",
                                          {{"n", std::int64_t(n1)},
                                           {"d", std::int64_t(d / 2)},
                                           {"base", base},
                                           {"offset", std::int64_t(offset)},
                                           {"delta", std::int64_t(0)}});
        QCOMPARE(one.shape, (core::Shape{n1, d / 2}));
        const auto T = t.matrix();
        const auto P = one.matrix();
        double err = 0;
        for (qint64 h = 0; h < height; ++h)
            for (qint64 w = 0; w < width; ++w) {
                const auto row = T.row(h * width + w);
                err = std::max(err, (row.head(d / 2) - P.row(w)).cwiseAbs().maxCoeff());
                err = std::max(err, (row.tail(d / 2) - P.row(h)).cwiseAbs().maxCoeff());
            }
        QVERIFY2(err == 0.0, qPrintable(QString("max difference %1").arg(err)));
    }

    void similarityIsSeparableAndShiftInvariant_data() {
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("offset");
        QTest::newRow("8x8 d16") << qint64(8) << qint64(8) << qint64(16) << qint64(0);
        QTest::newRow("6x11 d64") << qint64(6) << qint64(11) << qint64(64) << qint64(0);
        QTest::newRow("9x4 d8 offset 100") << qint64(9) << qint64(4) << qint64(8) << qint64(100);
    }
    // S[(h,w),(h',w')] = S1(w - w') + S1(h - h') with S1 the 1-D similarity at d/2: it depends
    // only on the offset between the patches, and |P_p|^2 = d/2.
    void similarityIsSeparableAndShiftInvariant() {
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        QFETCH(qint64, d);
        QFETCH(qint64, offset);
        const auto p = params(height, width, d, 10000.0, offset);
        const core::Array s = computeOk("sinusoidal2d", "similarity", p);
        QCOMPARE(s.shape, (core::Shape{height * width, height * width}));
        const qint64 n1 = std::max(height, width);
        const core::Array s1 = computeOk("sinusoidal", "similarity",
                                         {{"n", std::int64_t(n1)},
                                          {"d", std::int64_t(d / 2)},
                                          {"offset", std::int64_t(offset)},
                                          {"delta", std::int64_t(0)}});
        QCOMPARE(s1.shape, (core::Shape{n1, n1}));
        const auto S = s.matrix();
        const auto S1 = s1.matrix();
        double err = 0, shiftErr = 0;
        for (qint64 h = 0; h < height; ++h)
            for (qint64 w = 0; w < width; ++w)
                for (qint64 h2 = 0; h2 < height; ++h2)
                    for (qint64 w2 = 0; w2 < width; ++w2) {
                        const double v = S(h * width + w, h2 * width + w2);
                        err = std::max(err, std::abs(v - (S1(w, w2) + S1(h, h2))));
                        // The same offset seen from the first patch of the diagonal.
                        if (h >= 1 && w >= 1 && h2 >= 1 && w2 >= 1)
                            shiftErr =
                                std::max(shiftErr, std::abs(v - S((h - 1) * width + w - 1,
                                                                  (h2 - 1) * width + w2 - 1)));
                    }
        QVERIFY2(err < 1e-11, qPrintable(QString("separability error %1").arg(err)));
        QVERIFY2(shiftErr < 1e-11, qPrintable(QString("shift error %1").arg(shiftErr)));
        for (qint64 k = 0; k < height * width; ++k)
            QVERIFY(std::abs(S(k, k) - double(d) / 2) < 1e-12);
    }

    // The two halves really encode different axes: swapping height and width is not a relabelling.
    void axesAreDistinct() {
        const core::Array t = computeOk("sinusoidal2d", "table", params(2, 3, 8, 10000.0, 0));
        const auto T = t.matrix();
        // Patches (0, 1) and (1, 0): same first-half/second-half content, swapped.
        QVERIFY((T.row(1) - T.row(3)).cwiseAbs().maxCoeff() > 0.1);
        QCOMPARE(core::RowMatrix(T.row(1).head(4)), core::RowMatrix(T.row(3).tail(4)));
        QCOMPARE(core::RowMatrix(T.row(1).tail(4)), core::RowMatrix(T.row(3).head(4)));
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("why");
        QTest::newRow("d = 6") << "d" << qint64(6) << "multiple of 4";
        QTest::newRow("d = 2") << "d" << qint64(2) << "multiple of 4";
        QTest::newRow("d = 66") << "d" << qint64(66) << "multiple of 4";
        QTest::newRow("odd d") << "d" << qint64(63) << "multiple of 4";
        QTest::newRow("height = 0") << "height" << qint64(0) << "too small";
        QTest::newRow("width = 0") << "width" << qint64(0) << "too small";
        QTest::newRow("offset < 0") << "offset" << qint64(-1) << "too small";
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, value);
        QFETCH(QString, why);
        for (const char* qty : {"table", "similarity"}) {
            const std::string msg =
                test::computeError("sinusoidal2d", qty, {{key.toStdString(), std::int64_t(value)}});
            QVERIFY2(msg.find("'" + key.toStdString() + "' = " + std::to_string(value)) !=
                         std::string::npos,
                     msg.c_str());
            QVERIFY2(msg.find(why.toStdString()) != std::string::npos, msg.c_str());
        }
    }

    void budgetRefusesHugeSimilarity() {
        // 512*512 patches: a (262144, 262144) similarity is 512 GiB.
        const std::string msg =
            test::computeError("sinusoidal2d", "similarity",
                               {{"height", std::int64_t(512)}, {"width", std::int64_t(512)}});
        QVERIFY2(msg.find("memory budget") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstSinusoidal2d)
#include "tst_sinusoidal2d.moc"
