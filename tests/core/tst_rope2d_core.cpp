// E2 rope2d's numbers (core/encodings/rope2d_core.h): the Qwen vision encoder's token order (merge
// x merge blocks), the "+"-shaped similarity of axial RoPE in closed form, RoPE-Mixed's the same
// ridges turned to the head's angle (and equal to axial for one head at rotation 0, as rope-vit's
// rotate=False), seeded angles drawn per head from the project PRNG, and the scores of rotated q
// and k pair by pair for both pairings.
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/encodings/rope2d_core.h"
#include "core/random.h"

using namespace poslab::core;
using namespace poslab::core::enc;

namespace {

using Pos = std::vector<std::array<std::int64_t, 2>>;

std::vector<double> mus(std::int64_t d, double base) {
    std::vector<double> m;
    for (std::int64_t k = 0; k < d / 4; ++k)
        m.push_back(std::pow(base, -4.0 * double(k) / double(d)));
    return m;
}

// With q = k = ones: 2 sum_k cos(u mu_k) + 2 sum_k cos(v mu_k).
double ridges(double u, double v, const std::vector<double>& mu) {
    double s = 0;
    for (double m : mu) s += 2 * std::cos(u * m) + 2 * std::cos(v * m);
    return s;
}

// (R_m q) . (R_k k), rotating each pair by its angle.
double direct(const RowMatrix& phi, const std::vector<double>& q, const std::vector<double>& k,
              bool half, Eigen::Index m, Eigen::Index key) {
    const Eigen::Index pairs = phi.cols();
    double s = 0;
    for (Eigen::Index j = 0; j < pairs; ++j) {
        const auto a = std::size_t(half ? j : 2 * j), b = std::size_t(half ? j + pairs : 2 * j + 1);
        const double cm = std::cos(phi(m, j)), sm = std::sin(phi(m, j));
        const double ck = std::cos(phi(key, j)), sk = std::sin(phi(key, j));
        s += (q[a] * cm - q[b] * sm) * (k[a] * ck - k[b] * sk) +
             (q[a] * sm + q[b] * cm) * (k[a] * sk + k[b] * ck);
    }
    return s;
}

}  // namespace

class TstRope2dCore : public QObject {
    Q_OBJECT
private slots:
    void qwenTokenOrder() {
        const auto p = rope2dPositions(4, 6, Rope2dVariant::QwenVision, 2);
        QVERIFY(p);
        QCOMPARE(p->size(), std::size_t(24));
        const Pos head{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}};
        QCOMPARE(Pos(p->begin(), p->begin() + 8), head);
        QCOMPARE((*p)[12], (std::array<std::int64_t, 2>{2, 0}));  // the second row of blocks
        const auto raster = rope2dPositions(4, 6, Rope2dVariant::Axial, 2);
        QCOMPARE((*raster)[7], (std::array<std::int64_t, 2>{1, 1}));
        const auto bad = rope2dPositions(5, 6, Rope2dVariant::QwenVision, 2);
        QVERIFY(!bad);
        QVERIFY(bad.error().message.find("merge = 2") != std::string::npos);
    }

    // Axial: the "+" ridge; mixed: the same ridge in coordinates turned by the head's angle.
    void similarityClosedForm_data() {
        QTest::addColumn<int>("variant");
        QTest::addColumn<double>("rotation");
        QTest::newRow("axial") << int(Rope2dVariant::Axial) << 0.0;
        QTest::newRow("mixed 0.7 rad") << int(Rope2dVariant::Mixed) << 0.7;
        QTest::newRow("mixed 2.5 rad") << int(Rope2dVariant::Mixed) << 2.5;
        QTest::newRow("qwen_vision") << int(Rope2dVariant::QwenVision) << 0.0;
    }
    void similarityClosedForm() {
        QFETCH(int, variant);
        QFETCH(double, rotation);
        Rope2dFrequencyOptions o;
        o.d = 32;
        o.base = 10;
        o.variant = Rope2dVariant(variant);
        o.init = Rope2dInit::Spread;
        o.rotation = rotation;
        const auto pos = rope2dPositions(8, 10, o.variant, 2);
        QVERIFY(pos);
        const RowMatrix phi = rope2dAngles(*pos, rope2dFrequencies(o)[0]);
        const bool half = o.variant == Rope2dVariant::QwenVision;
        const std::int64_t qr = 3, qc = 6;
        Eigen::Index m = 0;
        while ((*pos)[std::size_t(m)] != std::array<std::int64_t, 2>{qr, qc}) ++m;
        const auto row = rope2dScoresRow(phi, {}, {}, half, m);
        const auto mu = mus(o.d, o.base);
        const double a = o.variant == Rope2dVariant::Mixed ? rotation : 0;
        for (std::size_t i = 0; i < pos->size(); ++i) {
            const double dr = double((*pos)[i][0] - qr), dc = double((*pos)[i][1] - qc);
            const double u = dc * std::cos(a) + dr * std::sin(a);
            const double v = -dc * std::sin(a) + dr * std::cos(a);
            QVERIFY2(
                std::abs(row[i] - ridges(u, v, mu)) < 1e-12,
                qPrintable(QString("token %1: %2 vs %3").arg(i).arg(row[i]).arg(ridges(u, v, mu))));
        }
    }

    // The similarity map is indexed by (row, col) whatever the token order: axial (raster,
    // interleaved) and qwen_vision (merge blocks, half pairing) give the same "+" with ones.
    void similarityByPatch() {
        Rope2dFrequencyOptions o;
        o.d = 16;
        o.base = 10000;
        std::vector<RowMatrix> maps;
        for (Rope2dVariant v : {Rope2dVariant::Axial, Rope2dVariant::QwenVision}) {
            o.variant = v;
            const auto pos = rope2dPositions(6, 8, v, 2);
            const RowMatrix phi = rope2dAngles(*pos, rope2dFrequencies(o)[0]);
            const auto map =
                rope2dSimilarity(*pos, phi, {}, {}, v == Rope2dVariant::QwenVision, 6, 8, 2, 5);
            QVERIFY(map);
            QCOMPARE(map->rows(), Eigen::Index(6));
            QCOMPARE((*map)(2, 5), 16.0);  // the query itself: 2 per pair
            maps.push_back(*map);
        }
        QVERIFY((maps[0] - maps[1]).cwiseAbs().maxCoeff() < 1e-12);
        const auto pos = rope2dPositions(6, 8, Rope2dVariant::Axial, 2);
        const RowMatrix phi = rope2dAngles(*pos, rope2dFrequencies(o)[0]);
        const auto outside = rope2dSimilarity(*pos, phi, {}, {}, false, 6, 8, 6, 0);
        QVERIFY(!outside);
        QVERIFY(outside.error().message.find("query_row") != std::string::npos);
        QVERIFY(!rope2dSimilarity(*pos, phi, {}, {}, false, 6, 8, 0, -1));
    }

    // One head, rotation 0: rope-vit's rotate=False, mixed equal to axial.
    void mixedSpreadIsAxial() {
        Rope2dFrequencyOptions o;
        o.d = 16;
        o.base = 100;
        const auto axial = rope2dFrequencies(o)[0];
        o.variant = Rope2dVariant::Mixed;
        o.init = Rope2dInit::Spread;
        const auto mixed = rope2dFrequencies(o)[0];
        for (std::size_t j = 0; j < axial.size(); ++j)
            for (int c = 0; c < 2; ++c) QVERIFY(std::abs(axial[j][c] - mixed[j][c]) < 1e-16);
    }

    // Seeded: alpha_h = 2 pi u_h, the uniforms of Rng(seed) in head order.
    void seededAngles() {
        Rope2dFrequencyOptions o;
        o.d = 8;
        o.base = 10;
        o.heads = 3;
        o.variant = Rope2dVariant::Mixed;
        o.seed = 42;
        const auto f = rope2dFrequencies(o);
        Rng rng(42);
        for (std::size_t h = 0; h < 3; ++h) {
            const double alpha = 2 * std::numbers::pi * rng.uniform();
            QCOMPARE(f[h][0][0], std::sin(alpha));  // mu_0 = 1: (sin, cos) of the angle
            QCOMPARE(f[h][0][1], std::cos(alpha));
        }
    }

    void scoresAreRotations_data() {
        QTest::addColumn<bool>("half");
        QTest::newRow("interleaved (rope-vit)") << false;
        QTest::newRow("half (Qwen vision)") << true;
    }
    void scoresAreRotations() {
        QFETCH(bool, half);
        Rope2dFrequencyOptions o;
        o.d = 16;
        o.base = 100;
        o.variant = half ? Rope2dVariant::QwenVision : Rope2dVariant::Mixed;
        const auto pos = rope2dPositions(4, 4, o.variant, 2);
        const RowMatrix phi = rope2dAngles(*pos, rope2dFrequencies(o)[0]);
        Rng rng(3);
        std::vector<double> q(16), k(16);
        for (auto& x : q) x = rng.normal();
        for (auto& x : k) x = rng.normal();
        for (Eigen::Index m : {0, 5, 15}) {
            const auto row = rope2dScoresRow(phi, q, k, half, m);
            for (Eigen::Index key = 0; key < 16; ++key)
                QVERIFY(std::abs(row[std::size_t(key)] - direct(phi, q, k, half, m, key)) < 1e-12);
        }
    }
};

QTEST_APPLESS_MAIN(TstRope2dCore)
#include "tst_rope2d_core.moc"
