// The comparison maths the GUI prints (core/analysis/compare.h): the largest elementwise distance
// of two arrays, the same over the first rows of a longer table, and the A − B difference. Each
// is checked on small tables with known answers and for its properties: symmetric, zero on equal
// arrays, a shape mismatch is an error, NaN pairs skipped and infinities reported.
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

#include "core/analysis/compare.h"

using namespace poslab;
using Shape = QList<qint64>;
using Values = QList<double>;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

core::Array makeArray(const Shape& shape, const Values& values) {
    core::Array a = core::Array::real(core::Shape(shape.begin(), shape.end()));
    for (qsizetype k = 0; k < values.size() && k < static_cast<qsizetype>(a.f64.size()); ++k)
        a.f64[static_cast<std::size_t>(k)] = values[k];
    return a;
}

core::Array randomArray(const core::Shape& shape, std::mt19937_64& rng) {
    std::normal_distribution<double> normal(0.0, 3.0);
    core::Array a = core::Array::real(shape);
    for (double& v : a.f64) v = normal(rng);
    return a;
}

bool sameValue(double x, double y) {
    return (std::isnan(x) && std::isnan(y)) || x == y;
}
}  // namespace

class TstCompare : public QObject {
    Q_OBJECT
private slots:
    void maxAbsDifferenceKnown_data() {
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<Values>("a");
        QTest::addColumn<Values>("b");
        QTest::addColumn<double>("expected");
        QTest::newRow("one element") << Shape{1} << Values{2.5} << Values{-1.0} << 3.5;
        QTest::newRow("largest wins")
            << Shape{2, 2} << Values{1, 2, 3, 4} << Values{1, 2.5, 0, 4} << 3.0;
        QTest::newRow("equal") << Shape{3} << Values{-1, 0, 7} << Values{-1, 0, 7} << 0.0;
        QTest::newRow("empty") << Shape{0, 4} << Values{} << Values{} << 0.0;
        QTest::newRow("nan skipped") << Shape{3} << Values{1, kNaN, 3} << Values{1, 2, 5} << 2.0;
        QTest::newRow("nan first skipped")
            << Shape{2} << Values{kNaN, 0.25} << Values{0, 0} << 0.25;
        QTest::newRow("only nan") << Shape{2} << Values{kNaN, kNaN} << Values{1, 2} << 0.0;
        QTest::newRow("same infinity skipped")
            << Shape{2} << Values{kInf, 1} << Values{kInf, 1.5} << 0.5;
        QTest::newRow("infinite difference") << Shape{2} << Values{kInf, 1} << Values{0, 1} << kInf;
        QTest::newRow("opposite infinities") << Shape{1} << Values{-kInf} << Values{kInf} << kInf;
    }
    void maxAbsDifferenceKnown() {
        QFETCH(Shape, shape);
        QFETCH(Values, a);
        QFETCH(Values, b);
        QFETCH(double, expected);
        const core::Array x = makeArray(shape, a), y = makeArray(shape, b);
        const auto ab = core::maxAbsDifference(x, y);
        const auto ba = core::maxAbsDifference(y, x);
        QVERIFY(ab && ba);
        QCOMPARE(*ab, expected);
        QCOMPARE(*ba, *ab);  // symmetric
    }

    // Random tables: symmetric, zero against itself, and attained at some element while bounding
    // every other (the definition of a maximum, not a second implementation of it).
    void maxAbsDifferenceProperties_data() {
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<int>("seed");
        QTest::newRow("vector 17") << Shape{17} << 1;
        QTest::newRow("matrix 8x5") << Shape{8, 5} << 2;
        QTest::newRow("heads 3x4x4") << Shape{3, 4, 4} << 3;
        QTest::newRow("long 4097") << Shape{4097} << 4;
    }
    void maxAbsDifferenceProperties() {
        QFETCH(Shape, shape);
        QFETCH(int, seed);
        std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
        const core::Shape s(shape.begin(), shape.end());
        const core::Array a = randomArray(s, rng), b = randomArray(s, rng);
        QCOMPARE(*core::maxAbsDifference(a, a), 0.0);
        const double m = *core::maxAbsDifference(a, b);
        QCOMPARE(*core::maxAbsDifference(b, a), m);
        bool attained = false;
        for (std::int64_t k = 0; k < a.size(); ++k) {
            const double e = std::abs(a.at(k) - b.at(k));
            QVERIFY(e <= m);
            attained = attained || e == m;
        }
        QVERIFY(attained);
        QVERIFY(m > 0);
    }

    void shapeMismatchIsAnError_data() {
        QTest::addColumn<Shape>("a");
        QTest::addColumn<Shape>("b");
        QTest::newRow("length") << Shape{4} << Shape{5};
        QTest::newRow("transposed") << Shape{2, 3} << Shape{3, 2};
        QTest::newRow("rank") << Shape{6} << Shape{2, 3};
        QTest::newRow("heads") << Shape{2, 4, 4} << Shape{4, 4};
    }
    void shapeMismatchIsAnError() {
        QFETCH(Shape, a);
        QFETCH(Shape, b);
        const core::Array x = makeArray(a, {}), y = makeArray(b, {});
        for (const auto& r : {core::maxAbsDifference(x, y), core::maxAbsDifference(y, x)}) {
            QVERIFY(!r);
            QCOMPARE(r.error().code, core::Errc::InvalidParameter);
        }
        for (const auto& r : {core::difference(x, y), core::difference(y, x)}) {
            QVERIFY(!r);
            QCOMPARE(r.error().code, core::Errc::InvalidParameter);
        }
    }

    void leadingRows_data() {
        QTest::addColumn<Shape>("aShape");
        QTest::addColumn<Values>("a");
        QTest::addColumn<Shape>("refShape");
        QTest::addColumn<Values>("ref");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("expected");
        // Rows past the reference are not compared, however far off they are.
        QTest::newRow("longer table") << Shape{3, 2} << Values{1, 2, 3, 4, 100, -100} << Shape{2, 2}
                                      << Values{1, 2, 3.5, 4} << true << 0.5;
        QTest::newRow("same rows") << Shape{2, 2} << Values{1, 2, 3, 4} << Shape{2, 2}
                                   << Values{1, 2, 3, 4} << true << 0.0;
        QTest::newRow("nan in a compared row skipped")
            << Shape{2, 2} << Values{kNaN, 2, 5, 4} << Shape{1, 2} << Values{0, 1} << true << 1.0;
        QTest::newRow("fewer rows")
            << Shape{1, 2} << Values{1, 2} << Shape{2, 2} << Values{1, 2, 3, 4} << false << 0.0;
        QTest::newRow("other columns")
            << Shape{4, 2} << Values{} << Shape{2, 4} << Values{} << false << 0.0;
        QTest::newRow("not a table")
            << Shape{8} << Values{} << Shape{4} << Values{} << false << 0.0;
    }
    void leadingRows() {
        QFETCH(Shape, aShape);
        QFETCH(Values, a);
        QFETCH(Shape, refShape);
        QFETCH(Values, ref);
        QFETCH(bool, ok);
        QFETCH(double, expected);
        const auto r =
            core::maxAbsDifferenceLeadingRows(makeArray(aShape, a), makeArray(refShape, ref));
        QCOMPARE(bool(r), ok);
        if (ok)
            QCOMPARE(*r, expected);
        else
            QCOMPARE(r.error().code, core::Errc::InvalidParameter);
    }

    void differenceKnown_data() {
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<Values>("a");
        QTest::addColumn<Values>("b");
        QTest::addColumn<Values>("expected");
        QTest::newRow("matrix") << Shape{2, 2} << Values{1, 2, 3, 4} << Values{4, 3, 2, 1}
                                << Values{-3, -1, 1, 3};
        QTest::newRow("equal is zero")
            << Shape{3} << Values{0.1, -2, 9} << Values{0.1, -2, 9} << Values{0, 0, 0};
        QTest::newRow("nan and infinities") << Shape{3} << Values{kNaN, kInf, kInf}
                                            << Values{1, 1, kInf} << Values{kNaN, kInf, kNaN};
        QTest::newRow("empty") << Shape{0} << Values{} << Values{} << Values{};
    }
    void differenceKnown() {
        QFETCH(Shape, shape);
        QFETCH(Values, a);
        QFETCH(Values, b);
        QFETCH(Values, expected);
        const core::Array x = makeArray(shape, a), y = makeArray(shape, b);
        const auto ab = core::difference(x, y);
        const auto ba = core::difference(y, x);
        QVERIFY(ab && ba);
        QCOMPARE(ab->shape, x.shape);
        QCOMPARE(ab->dtype, core::DType::F64);
        for (std::int64_t k = 0; k < x.size(); ++k) {
            QVERIFY2(sameValue(ab->at(k), expected[k]), qPrintable(QString::number(k)));
            QVERIFY(sameValue(ba->at(k), -ab->at(k)));  // antisymmetric
        }
    }

    // Integer arrays (bucket tables) compare as doubles, like the views draw them.
    void integerArrays() {
        core::Array a = core::Array::integer({3}), b = core::Array::integer({3});
        a.i64 = {1, 5, -2};
        b.i64 = {1, 2, 2};
        const auto d = core::difference(a, b);
        QVERIFY(d);
        QCOMPARE(d->f64, (std::vector<double>{0, 3, -4}));
        QCOMPARE(*core::maxAbsDifference(a, b), 4.0);
    }
};

QTEST_APPLESS_MAIN(TstCompare)
#include "tst_compare.moc"
