// Properties of ReRoPE and Leaky ReRoPE (spec E7), against bojone/rerope (Su 2023,
// kexue.fm/archives/9708), rerope_patch.py and leaky_rerope_patch.py at commit 2cbd019:
// - rerope_patch: inside the window (|i - j| < window) the scores are RoPE's (attn_weights1);
//   outside, the query is rotated at position `window` and the key not at all (attn_weights2), so
//   every distance past the window counts as `window`.
// - leaky_rerope_patch: outside, the query is rotated at pos_i + window (scaling_factor - 1) and
//   the key at pos_j, both with LlamaLinearScalingRotaryEmbedding (theta / scaling_factor), so the
//   distance is (t + w (f - 1)) / f = w + (t - w) / f.
// - both: query_states *= max(1, ln(position_ids + 1) / ln(training_length)) (log_scale).
// Checked here: those positions, RoPE's scores inside the window (rope through the registry),
// leaky with window 0 = rope scaling=linear (position interpolation), the decay constant past the
// window, q = k = ones gives 2 sum cos, and the log-n query factor.
#include <QTemporaryDir>
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;
using test::Values;
using test::with;

Q_DECLARE_METATYPE(std::vector<double>)

class TstRerope : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    Values randomQk(qint64 d, quint64 seed) { return test::randomQkFiles(m_dir, d, seed); }

private slots:
    // r(t) for t = i - j = 0 .. 7, window 3: the patches' distances (see the header).
    void positions_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<double>("factor");
        QTest::addColumn<std::vector<double>>("r");
        QTest::newRow("rerope") << "rerope" << 16.0 << std::vector<double>{0, 1, 2, 3, 3, 3, 3, 3};
        // (t + 3 (2 - 1)) / 2 past the window.
        QTest::newRow("leaky f 2")
            << "leaky" << 2.0 << std::vector<double>{0, 1, 2, 3, 3.5, 4, 4.5, 5};
        QTest::newRow("leaky f 4")
            << "leaky" << 4.0 << std::vector<double>{0, 1, 2, 3, 3.25, 3.5, 3.75, 4};
        QTest::newRow("leaky f 1 is rope")
            << "leaky" << 1.0 << std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7};
    }
    // Row 7 holds r(7 - j); the upper triangle is the odd extension r(-t) = -r(t).
    void positions() {
        QFETCH(QString, variant);
        QFETCH(double, factor);
        QFETCH(std::vector<double>, r);
        const core::Array a = computeOk("rerope", "relative_positions",
                                        {{"n", std::int64_t(8)},
                                         {"window", std::int64_t(3)},
                                         {"variant", variant.toStdString()},
                                         {"factor", factor}});
        QCOMPARE(a.shape, (core::Shape{8, 8}));
        const auto m = a.matrix();
        for (int t = 0; t < 8; ++t) {
            QCOMPARE(m(7, 7 - t), r[static_cast<std::size_t>(t)]);
            QCOMPARE(m(7 - t, 7), -r[static_cast<std::size_t>(t)]);
        }
    }

    void insideWindow_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<QString>("pairing");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<qint64>("window");
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<quint64>("seed");  // 0: q = k = ones
        QTest::newRow("rerope ones") << qint64(40) << qint64(16) << "interleaved"
                                     << "rerope" << qint64(9) << qint64(0) << quint64(0);
        QTest::newRow("rerope random half") << qint64(33) << qint64(64) << "half"
                                            << "rerope" << qint64(5) << qint64(7) << quint64(3);
        QTest::newRow("leaky random interleaved")
            << qint64(25) << qint64(8) << "interleaved"
            << "leaky" << qint64(12) << qint64(0) << quint64(5);
        QTest::newRow("window 0") << qint64(10) << qint64(12) << "half"
                                  << "rerope" << qint64(0) << qint64(0) << quint64(7);
        QTest::newRow("window past n") << qint64(20) << qint64(32) << "half"
                                       << "leaky" << qint64(100) << qint64(0) << quint64(9);
    }
    // For |i - j| <= w (and s = 1) the scores are rope's scores, for any q and k.
    void insideWindow() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(QString, pairing);
        QFETCH(QString, variant);
        QFETCH(qint64, window);
        QFETCH(qint64, offset);
        QFETCH(quint64, seed);
        Values v = {{"n", std::int64_t(n)},
                    {"d", std::int64_t(d)},
                    {"pairing", pairing.toStdString()},
                    {"offset", std::int64_t(offset)}};
        if (seed != 0) v = with(v, randomQk(d, seed));
        const core::Array rope = computeOk("rope", "scores", v);
        const core::Array re = computeOk(
            "rerope", "scores",
            with(v, {{"variant", variant.toStdString()}, {"window", std::int64_t(window)}}));
        QCOMPARE(re.shape, (core::Shape{n, n}));
        const auto a = rope.matrix(), b = re.matrix();
        int inside = 0, outsideDiffers = 0;
        for (qint64 i = 0; i < n; ++i)
            for (qint64 j = 0; j < n; ++j) {
                if (std::abs(i - j) <= window) {
                    QVERIFY2(
                        std::abs(a(i, j) - b(i, j)) <= 1e-12 * std::max(1.0, std::abs(a(i, j))),
                        qPrintable(
                            QString("(%1, %2): %3 vs %4").arg(i).arg(j).arg(a(i, j)).arg(b(i, j))));
                    ++inside;
                } else if (std::abs(a(i, j) - b(i, j)) > 1e-9) {
                    ++outsideDiffers;
                }
            }
        QVERIFY(inside >= n);
        if (window + 1 < n) QVERIFY(outsideDiffers > 0);  // the rectification shows
    }

    void positionInterpolation_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<double>("factor");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("f 16 ones") << qint64(64) << qint64(64) << 16.0 << quint64(0);
        QTest::newRow("f 4 random") << qint64(30) << qint64(16) << 4.0 << quint64(11);
        QTest::newRow("f 2.5 random") << qint64(17) << qint64(8) << 2.5 << quint64(13);
    }
    // Leaky with window 0: r(t) = t / f, which is rope with scaling=linear factor f (theta / f):
    // scores for any q and k, and the decay curve.
    void positionInterpolation() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(double, factor);
        QFETCH(quint64, seed);
        Values v = {
            {"n", std::int64_t(n)}, {"d", std::int64_t(d)}, {"max_distance", std::int64_t(300)}};
        if (seed != 0) v = with(v, randomQk(d, seed));
        const Values pi = with(v, {{"scaling", std::string("linear")}, {"factor", factor}});
        const Values leaky = with(
            v,
            {{"variant", std::string("leaky")}, {"window", std::int64_t(0)}, {"factor", factor}});
        for (const char* q : {"scores", "decay"}) {
            const core::Array a = computeOk("rope", q, pi), b = computeOk("rerope", q, leaky);
            QCOMPARE(a.shape, b.shape);
            QVERIFY2(test::maxAbsDiff(a, b) < 1e-10 * double(d), q);
        }
    }

    void decay_data() {
        QTest::addColumn<qint64>("d");
        QTest::addColumn<qint64>("window");
        QTest::newRow("d 64 w 512") << qint64(64) << qint64(512);
        QTest::newRow("d 8 w 10") << qint64(8) << qint64(10);
        QTest::newRow("d 128 w 0") << qint64(128) << qint64(0);
    }
    // rerope: rope's decay up to w, then constant at its value at w. leaky f 4: at x = w + 4 m the
    // distance is w + m, so the curve is rope's slowed fourfold.
    void decay() {
        QFETCH(qint64, d);
        QFETCH(qint64, window);
        const Values v = {{"d", std::int64_t(d)}, {"max_distance", std::int64_t(2000)}};
        const core::Array rope = computeOk("rope", "decay", v);
        const core::Array re =
            computeOk("rerope", "decay", with(v, {{"window", std::int64_t(window)}}));
        QCOMPARE(re.shape, (core::Shape{2001}));
        const double tol = 1e-11 * double(d);
        for (qint64 x = 0; x <= 2000; ++x)
            QVERIFY(std::abs(re.at(x) - rope.at(std::min(x, window))) < tol);
        const core::Array leaky = computeOk("rerope", "decay",
                                            with(v, {{"window", std::int64_t(window)},
                                                     {"variant", std::string("leaky")},
                                                     {"factor", 4.0}}));
        for (qint64 x = 0; x <= 2000; ++x) {
            const qint64 r = x <= window             ? x
                             : (x - window) % 4 == 0 ? window + (x - window) / 4
                                                     : -1;
            if (r >= 0) QVERIFY(std::abs(leaky.at(x) - rope.at(r)) < tol);
        }
    }

    void onesAreTwoSumCos_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("pairing");
        QTest::newRow("rerope interleaved") << "rerope"
                                            << "interleaved";
        QTest::newRow("leaky half") << "leaky"
                                    << "half";
    }
    // q = k = ones: S[i, j] = 2 sum_l cos(r(i - j) theta_l), theta from rope's `frequencies`.
    void onesAreTwoSumCos() {
        QFETCH(QString, variant);
        QFETCH(QString, pairing);
        const Values v = {{"n", std::int64_t(24)}, {"d", std::int64_t(16)}, {"base", 500.0}};
        const core::Array theta = computeOk("rope", "frequencies", v);
        const Values rv = with(v, {{"variant", variant.toStdString()},
                                   {"pairing", pairing.toStdString()},
                                   {"window", std::int64_t(6)},
                                   {"factor", 3.0}});
        const core::Array sa = computeOk("rerope", "scores", rv),
                          ra = computeOk("rerope", "relative_positions", rv);
        const auto s = sa.matrix(), r = ra.matrix();
        for (int i = 0; i < 24; ++i)
            for (int j = 0; j < 24; ++j) {
                double want = 0;
                for (qint64 l = 0; l < theta.size(); ++l)
                    want += 2.0 * std::cos(r(i, j) * theta.at(l));
                QVERIFY(std::abs(s(i, j) - want) < 1e-12 * 16);
            }
    }

    void logScale_data() {
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("L");
        QTest::newRow("L 16") << qint64(0) << qint64(16);
        QTest::newRow("offset 100, L 64") << qint64(100) << qint64(64);
        QTest::newRow("L 4096 (patches): all below") << qint64(0) << qint64(4096);
    }
    // Row i is multiplied by max(1, ln(pos_i + 1) / ln(L)), pos_i = offset + i.
    void logScale() {
        QFETCH(qint64, offset);
        QFETCH(qint64, L);
        const Values v = with({{"n", std::int64_t(40)},
                               {"d", std::int64_t(8)},
                               {"window", std::int64_t(5)},
                               {"offset", std::int64_t(offset)}},
                              randomQk(8, 21));
        const core::Array pa = computeOk("rerope", "scores", v);
        const core::Array sa =
            computeOk("rerope", "scores",
                      with(v, {{"log_scale", true}, {"original_max_position", std::int64_t(L)}}));
        const auto plain = pa.matrix(), scaled = sa.matrix();
        for (int i = 0; i < 40; ++i) {
            const double s =
                std::max(1.0, std::log(double(offset + i) + 1.0) / std::log(double(L)));
            if (offset + i + 1 <= L) QCOMPARE(s, 1.0);
            for (int j = 0; j < 40; ++j)
                QVERIFY(std::abs(scaled(i, j) - s * plain(i, j)) <
                        1e-12 * std::max(1.0, std::abs(plain(i, j))));
        }
    }

    void refused_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("named");
        QTest::newRow("window < 0") << "window"
                                    << "-1"
                                    << "'window'";
        QTest::newRow("leaky factor < 1") << "factor"
                                          << "0.5"
                                          << "'factor'";
        QTest::newRow("log_scale L 1") << "original_max_position"
                                       << "1"
                                       << "'original_max_position'";
        QTest::newRow("d odd") << "d"
                               << "7"
                               << "'d'";
    }
    // Every refusal names its parameter (resolve or the ranges).
    void refused() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, named);
        const core::TextParams kv = {
            {"variant", "leaky"}, {"log_scale", "true"}, {key.toStdString(), value.toStdString()}};
        std::string msg;
        auto params = core::parseParams(*core::registry().find("rerope"), kv);
        if (!params)
            msg = params.error().message;
        else if (auto r = core::compute("rerope", "scores", *params); !r)
            msg = r.error().message;
        QVERIFY2(msg.find(named.toStdString()) != std::string::npos, msg.c_str());
    }
};

QTEST_GUILESS_MAIN(TstRerope)
#include "tst_rerope.moc"
