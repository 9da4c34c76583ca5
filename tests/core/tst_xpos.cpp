// Properties of xPos (spec B2): queries are scaled by zeta_j^(p_m / scale_base), keys by its
// inverse, on top of RoPE. So the per-pair weight of a score depends on m - k only, the zeta_j read
// back from the scale lie in (0, 1) and grow linearly with j, the centred position ceil(n/2) has
// scale 1, the scores are RoPE's terms weighted by scale[m] / scale[k] (per pair), and without the
// decay (or with scale_base -> infinity) they are RoPE's own scores.
#include <QtTest>
#include <cmath>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using Values = std::vector<std::pair<std::string, core::ParamValue>>;

namespace {

// |a - b| relative to the larger magnitude of the two (absolute near 0).
bool close(double a, double b, double tolerance) {
    return std::abs(a - b) <= tolerance * std::max({1.0, std::abs(a), std::abs(b)});
}

}  // namespace

class TstXpos : public QObject {
    Q_OBJECT

    Values m_values;
    qint64 m_n = 0, m_d = 0;
    double m_scaleBase = 0;

    void fetchCase() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, base);
        QFETCH(double, scaleBase);
        QFETCH(double, gamma);
        m_n = n;
        m_d = d;
        m_scaleBase = scaleBase;
        m_values = {{"n", std::int64_t{n}},
                    {"d", std::int64_t{d}},
                    {"base", base},
                    {"scale_base", scaleBase},
                    {"gamma", gamma}};
    }
    void addCases() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("scaleBase");
        QTest::addColumn<double>("gamma");
        // Small scale_base values make the decay visible over a few positions.
        QTest::newRow("n 7 d 8") << qint64(7) << qint64(8) << 1e4 << 512.0 << 0.4;
        QTest::newRow("one pair") << qint64(16) << qint64(2) << 1e4 << 8.0 << 0.4;
        QTest::newRow("odd n, strong decay") << qint64(33) << qint64(64) << 1e4 << 16.0 << 1.5;
        QTest::newRow("small gamma") << qint64(10) << qint64(12) << 500.0 << 4.0 << 0.1;
        QTest::newRow("defaults' shape") << qint64(64) << qint64(64) << 1e4 << 512.0 << 0.4;
    }

private slots:
    // scale[m, j] / scale[k, j] depends on m - k only; the ratio of neighbouring rows, raised to
    // scale_base, is zeta_j: in (0, 1), linear and increasing in j; row ceil(n/2) (p_m = 0) is 1.
    void scaleIsGeometric_data() { addCases(); }
    void scaleIsGeometric() {
        fetchCase();
        const core::Array scale = computeOk("xpos", "scale", m_values);
        QCOMPARE(scale.shape, (core::Shape{m_n, m_d / 2}));
        const qint64 pairs = m_d / 2;
        auto at = [&](qint64 m, qint64 j) { return scale.at(m * pairs + j); };
        for (qint64 j = 0; j < pairs; ++j) {
            QCOMPARE(at((m_n + 1) / 2, j), 1.0);  // p_m = m - ceil(n/2) = 0
            for (qint64 m = 0; m < m_n; ++m)
                for (qint64 k = 0; k < m_n; ++k) {
                    const qint64 s = std::min(m, k) == 0 ? 0 : 1;  // shift both back by one
                    QVERIFY(close(at(m, j) / at(k, j), at(m - s, j) / at(k - s, j), 1e-12));
                }
        }
        std::vector<double> zeta;
        for (qint64 j = 0; j < pairs; ++j)
            zeta.push_back(std::pow(at(1, j) / at(0, j), m_scaleBase));
        for (std::size_t j = 0; j < zeta.size(); ++j) {
            QVERIFY2(zeta[j] > 0 && zeta[j] < 1, qPrintable(QString::number(zeta[j])));
            if (j > 0) QVERIFY(zeta[j] > zeta[j - 1]);
            if (j > 1) QVERIFY(close(zeta[j] - zeta[j - 1], zeta[1] - zeta[0], 1e-8));
        }
    }

    // The scores are Toeplitz, d on the diagonal (every weight is 1 at m = k), and per pair RoPE's
    // 2 cos((k - m) theta_j) weighted by scale[m, j] / scale[k, j] (queries scaled, keys unscaled),
    // with theta_j RoPE's frequencies.
    void scoresAreWeightedRope_data() { addCases(); }
    void scoresAreWeightedRope() {
        fetchCase();
        const core::Array scores = computeOk("xpos", "scores", m_values);
        const core::Array scale = computeOk("xpos", "scale", m_values);
        const core::Array theta =
            computeOk("rope", "frequencies", {{"d", std::int64_t{m_d}}, m_values[2]});
        QCOMPARE(scores.shape, (core::Shape{m_n, m_n}));
        QCOMPARE(theta.shape, (core::Shape{m_d / 2}));
        const qint64 pairs = m_d / 2;
        for (qint64 m = 0; m < m_n; ++m)
            for (qint64 k = 0; k < m_n; ++k) {
                double expected = 0;
                for (qint64 j = 0; j < pairs; ++j)
                    expected += 2 * std::cos(static_cast<double>(k - m) * theta.at(j)) *
                                scale.at(m * pairs + j) / scale.at(k * pairs + j);
                const double s = scores.at(m * m_n + k);
                QVERIFY2(close(s, expected, 1e-11), qPrintable(QStringLiteral("(%1, %2): %3 vs %4")
                                                                   .arg(m)
                                                                   .arg(k)
                                                                   .arg(s, 0, 'g', 17)
                                                                   .arg(expected, 0, 'g', 17)));
                if (m > 0 && k > 0) QCOMPARE(s, scores.at((m - 1) * m_n + k - 1));
            }
        for (qint64 m = 0; m < m_n; ++m) QVERIFY(close(scores.at(m * m_n + m), double(m_d), 1e-14));
    }

    // Without the decay xPos is RoPE: scores_rope equals rope's scores (q = k = ones, no scaling),
    // and the decayed scores tend to it as scale_base grows. q = k = ones makes the pairing moot.
    void reducesToRope_data() { addCases(); }
    void reducesToRope() {
        fetchCase();
        const core::Array plain = computeOk("xpos", "scores_rope", m_values);
        const core::Array rope = computeOk(
            "rope", "scores", {{"n", std::int64_t{m_n}}, {"d", std::int64_t{m_d}}, m_values[2]});
        QCOMPARE(plain.shape, rope.shape);
        QVERIFY2(test::maxAbsDiff(plain, rope) <= 1e-12 * static_cast<double>(m_d),
                 qPrintable(QString::number(test::maxAbsDiff(plain, rope))));

        Values far = m_values;
        far[3].second = 1e12;  // scale_base: zeta^(delta / 1e12) = 1 - O(delta * 1e-12)
        const core::Array undecayed = computeOk("xpos", "scores", far);
        QVERIFY(test::maxAbsDiff(undecayed, plain) <= 1e-9 * static_cast<double>(m_d * m_n));

        Values half = m_values;
        half.emplace_back("pairing", std::string("half"));
        QCOMPARE(test::maxAbsDiff(computeOk("xpos", "scores", half),
                                  computeOk("xpos", "scores", m_values)),
                 0.0);
    }

    // The decay is real where the positions differ: the decayed and plain scores differ off the
    // diagonal and agree on it.
    void decayChangesOffDiagonal_data() { addCases(); }
    void decayChangesOffDiagonal() {
        fetchCase();
        const core::Array decayed = computeOk("xpos", "scores", m_values);
        const core::Array plain = computeOk("xpos", "scores_rope", m_values);
        QCOMPARE(decayed.at(0), plain.at(0));
        QVERIFY(decayed.at(1) != plain.at(1));
        QVERIFY(decayed.at(m_n) != plain.at(m_n));
    }

    // The parameter rules of the spec: d even, scale_base > 0, gamma > 0; each error names it.
    void rejectsBadParameters_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("value");
        QTest::newRow("odd d") << "d" << 7.0;
        QTest::newRow("scale_base 0") << "scale_base" << 0.0;
        QTest::newRow("gamma 0") << "gamma" << 0.0;
        QTest::newRow("gamma < 0") << "gamma" << -0.5;
    }
    void rejectsBadParameters() {
        QFETCH(QString, name);
        QFETCH(double, value);
        const std::string n = name.toStdString();
        const core::ParamValue v =
            n == "d" ? core::ParamValue{static_cast<std::int64_t>(value)} : core::ParamValue{value};
        const std::string error = test::computeError("xpos", "scores", {{n, v}});
        QVERIFY2(error.find("'" + n + "'") != std::string::npos, error.c_str());
    }
};

QTEST_GUILESS_MAIN(TstXpos)
#include "tst_xpos.moc"
