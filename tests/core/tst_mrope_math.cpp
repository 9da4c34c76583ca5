// E1 mrope's scores (core/encodings/mrope_math.h): the four-product fast path equals rotating q
// and k pair by pair (rotate_half) and taking their dot product; the three axes' scores add up to
// the whole; text alone is 1-D RoPE (the registry's rope scores, half pairing); and the issue's
// lecture numbers: with Qwen2-VL's chunked split the width axis gets frequencies below
// 1.8 x 10^-4, so 31 columns apart its part of the score moves by only 8.7 x 10^-5.
#include <QtTest>
#include <cmath>

#include "core/compute.h"
#include "core/encodings/mrope_math.h"
#include "core/random.h"

using namespace poslab::core;
using namespace poslab::core::enc;

namespace {

MropePositions positionsOf(const char* layout) {
    const auto items = parseMropeLayout(layout, 2);
    if (!items) qFatal("%s", items.error().message.c_str());
    const auto p = mropePositions(*items, {}, 1 << 20);
    if (!p) qFatal("%s", p.error().message.c_str());
    return *p;
}

// (R_m q) . (R_k k), each rotated pair by pair: pair j = channels (j, j + d/2).
double direct(const RowMatrix& phi, const std::vector<double>& q, const std::vector<double>& k,
              Eigen::Index m, Eigen::Index key) {
    const Eigen::Index half = phi.cols();
    double s = 0;
    for (Eigen::Index j = 0; j < half; ++j) {
        const auto a = static_cast<std::size_t>(j), b = static_cast<std::size_t>(j + half);
        const double cm = std::cos(phi(m, j)), sm = std::sin(phi(m, j));
        const double ck = std::cos(phi(key, j)), sk = std::sin(phi(key, j));
        const double qa = q[a] * cm - q[b] * sm, qb = q[a] * sm + q[b] * cm;
        const double ka = k[a] * ck - k[b] * sk, kb = k[a] * sk + k[b] * ck;
        s += qa * ka + qb * kb;
    }
    return s;
}

}  // namespace

class TstMropeMath : public QObject {
    Q_OBJECT
private slots:
    void fastPathEqualsRotation_data() {
        QTest::addColumn<bool>("interleaved");
        QTest::newRow("chunked") << false;
        QTest::newRow("interleaved") << true;
    }
    void fastPathEqualsRotation() {
        QFETCH(bool, interleaved);
        const MropePositions p = positionsOf("text:3,image:1x4x6,text:2,video:2x2x4");
        const std::int64_t d = 24;
        const auto axis = mropePairAxis(d, {4, 4, 4}, interleaved);
        QVERIFY(axis);
        const auto theta = mropeFrequencies(d, 1e4);
        const RowMatrix phi = mropeAngles(p, theta, *axis);
        Rng rng(11);
        std::vector<double> q(d), k(d);
        for (auto& x : q) x = 2 * rng.uniform() - 1;
        for (auto& x : k) x = 2 * rng.uniform() - 1;
        const RowMatrix s = mropeScores(phi, q, k, *axis, -1);
        RowMatrix parts = RowMatrix::Zero(p.n, p.n);
        for (int a = 0; a < 3; ++a) parts += mropeScores(phi, q, k, *axis, a);
        for (Eigen::Index m = 0; m < p.n; ++m)
            for (Eigen::Index key = 0; key < p.n; ++key) {
                const double want = direct(phi, q, k, m, key);
                QVERIFY2(std::abs(s(m, key) - want) <= 1e-12 * (1 + std::abs(want)),
                         qPrintable(
                             QString("%1 %2: %3 vs %4").arg(m).arg(key).arg(s(m, key)).arg(want)));
                QVERIFY(std::abs(parts(m, key) - s(m, key)) <= 1e-12 * (1 + std::abs(want)));
            }
    }

    // Text only: all three axes carry the same ids, so mrope is RoPE with half pairing.
    void textIsRope() {
        const MropePositions p = positionsOf("text:40");
        const auto axis = mropePairAxis(16, {2, 3, 3}, false);
        QVERIFY(axis);
        const RowMatrix s =
            mropeScores(mropeAngles(p, mropeFrequencies(16, 1e6), *axis), {}, {}, *axis, -1);
        const auto rope = compute("rope", "scores",
                                  paramsFor("rope", {{"n", std::int64_t(40)},
                                                     {"d", std::int64_t(16)},
                                                     {"base", 1e6},
                                                     {"pairing", std::string("half")}}));
        QVERIFY2(rope, rope ? "" : rope.error().message.c_str());
        QCOMPARE(rope->shape, (Shape{40, 40}));
        const double diff = (rope->matrix() - s).cwiseAbs().maxCoeff();
        QVERIFY2(diff < 1e-12, qPrintable(QString::number(diff)));
    }

    // Rotation keeps each pair's length; text alone rotates as the registry's RoPE (half).
    void rotatedIsRope() {
        const MropePositions p = positionsOf("text:12");
        const auto axis = mropePairAxis(8, {2, 1, 1}, false);
        const RowMatrix phi = mropeAngles(p, mropeFrequencies(8, 1e4), *axis);
        const RowMatrix r = mropeRotated(phi, nullptr);
        for (Eigen::Index i = 0; i < r.rows(); ++i)
            for (Eigen::Index j = 0; j < 4; ++j)
                QVERIFY(std::abs(std::hypot(r(i, j), r(i, j + 4)) - std::sqrt(2.0)) < 1e-14);
        const auto rope = compute("rope", "rotated",
                                  paramsFor("rope", {{"n", std::int64_t(12)},
                                                     {"d", std::int64_t(8)},
                                                     {"pairing", std::string("half")}}));
        QVERIFY(rope);
        QVERIFY((rope->matrix() - r).cwiseAbs().maxCoeff() < 1e-14);
    }

    void axisFrequencyRange() {
        const auto theta = mropeFrequencies(128, 1e6);
        const auto chunked = mropePairAxis(128, {16, 24, 24}, false);
        const auto r = mropeAxisFrequencyRange(theta, *chunked);
        QCOMPARE(r[0][0], 1.0);        // t: the fastest
        QCOMPARE(r[2][0], theta[40]);  // w: from pair 40 down
        QVERIFY(r[2][0] < 1.8e-4 && r[2][0] > 1.77e-4);
        QCOMPARE(r[2][1], theta[63]);
        // Interleaved: every axis reaches nearly the full range.
        const auto inter = mropePairAxis(128, {24, 20, 20}, true);
        const auto ri = mropeAxisFrequencyRange(theta, *inter);
        QCOMPARE(ri[1][0], theta[1]);
        QCOMPARE(ri[2][0], theta[2]);
        QCOMPARE(ri[0][1], theta[63]);
        // An axis without pairs: NaN.
        const auto none = mropePairAxis(8, {4, 0, 0}, false);
        QVERIFY(std::isnan(mropeAxisFrequencyRange(mropeFrequencies(8, 1e4), *none)[1][0]));
    }

    // Qwen2-VL-7B (d 128, base 10^6, 16,24,24): 31 columns apart in one image row, the width
    // axis' part of the score (q = k = ones) is 2 sum (1 - cos(31 theta_j)) = 8.67 x 10^-5 below
    // its value at the query itself.
    void widthAxisBarelyTurns() {
        const MropePositions p = positionsOf("image:1x2x64");
        const auto axis = mropePairAxis(128, {16, 24, 24}, false);
        const auto theta = mropeFrequencies(128, 1e6);
        const RowMatrix w = mropeScores(mropeAngles(p, theta, *axis), {}, {}, *axis, 2);
        const double drop = w(0, 0) - w(0, 31);
        double want = 0;
        for (int j = 40; j < 64; ++j) want += 2 * (1 - std::cos(31 * theta[std::size_t(j)]));
        // The difference of two numbers near 48: rounding of a few ulps of 48.
        QVERIFY2(std::abs(drop - want) < 1e-12, qPrintable(QString::number(drop)));
        QVERIFY(drop > 8.6e-5 && drop < 8.75e-5);
    }
};

QTEST_APPLESS_MAIN(TstMropeMath)
#include "tst_mrope_math.moc"
