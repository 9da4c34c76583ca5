// The training lab's optimiser (core/train/adamw.h, spec training.md T3): AdamW against steps
// worked by hand, global-norm clipping, weight decay on weight matrices only, and the schedule.
#include <QtTest>

#include <cmath>

#include "core/train/adamw.h"

using namespace poslab::core::train;

class TstTrainOptim : public QObject {
    Q_OBJECT
private slots:
    // Two steps on w (1, 2) with decay and b (1, 1) without, lr 0.1, no clipping (norms < 1).
    // Step 1: m = 0.1 g, v = 0.02 g^2, so mhat = g, sqrt(vhat) = |g|: p -= lr g / (|g| + eps).
    // Step 2: m = 0.09 g1 + 0.1 g2, v = 0.0196 g1^2 + 0.02 g2^2, bias corrections 0.19, 0.0396.
    void handWorkedSteps() {
        ParamLayout layout;
        layout.add("w", 1, 2, true, 0.02);
        layout.add("b", 1, 1, false, 0.0);
        AdamWConfig c;
        AdamW<double> opt(layout, c);
        Vec<double> p(3), g1(3), g2(3);
        p << 1.0, -2.0, 0.5;
        g1 << 0.3, -0.4, 0.2;
        g2 << 0.1, 0.1, -0.2;
        Vec<double> g = g1;
        QCOMPARE(opt.step(p, g, 0.1), 0.5385164807134504);  // sqrt(0.09 + 0.16 + 0.04)
        const double e = 1e-8;
        const double w0 = 1.0 * 0.999 - 0.1 * 0.3 / (0.3 + e);
        const double w1 = -2.0 * 0.999 + 0.1 * 0.4 / (0.4 + e);
        const double b0 = 0.5 - 0.1 * 0.2 / (0.2 + e);
        QVERIFY(std::abs(p(0) - w0) < 1e-15 && std::abs(p(1) - w1) < 1e-15);
        QVERIFY(std::abs(p(2) - b0) < 1e-15);
        QVERIFY(std::abs(w0 - 0.89900000333) < 1e-10);  // the number itself, by hand
        g = g2;
        opt.step(p, g, 0.05);
        for (int i = 0; i < 3; ++i) {
            const double m = 0.09 * g1(i) + 0.1 * g2(i);
            const double v = 0.0196 * g1(i) * g1(i) + 0.02 * g2(i) * g2(i);
            const double before = i == 0 ? w0 : i == 1 ? w1 : b0;
            const double decayed = i < 2 ? before * (1 - 0.05 * 0.01) : before;
            const double want = decayed - 0.05 / 0.19 * m / (std::sqrt(v) / std::sqrt(0.0396) + e);
            QVERIFY2(std::abs(p(i) - want) < 1e-14, qPrintable(QString::number(i)));
        }
        QCOMPARE(opt.steps(), qint64(2));
    }

    void clipsToGlobalNorm_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("norm 5") << 1.0;
        QTest::newRow("norm 500") << 100.0;
        QTest::newRow("norm 0.5 (unclipped)") << 0.1;
    }
    void clipsToGlobalNorm() {
        QFETCH(double, scale);
        ParamLayout layout;
        layout.add("a", 1, 1, true, 0.0);
        layout.add("b", 1, 1, false, 0.0);
        AdamW<double> opt(layout, AdamWConfig{});
        Vec<double> p = Vec<double>::Zero(2), g(2);
        g << 3.0 * scale, 4.0 * scale;
        const double norm = 5.0 * scale;
        QCOMPARE(opt.step(p, g, 1e-3), norm);
        const double want = norm > 1 ? 1.0 / (norm + 1e-6) * norm : norm;
        QVERIFY(std::abs(g.norm() - want) < 1e-12);
    }

    void schedule_data() {
        QTest::addColumn<qint64>("steps");
        QTest::newRow("200") << qint64(200);
        QTest::newRow("2000") << qint64(2000);
        QTest::newRow("7") << qint64(7);
    }
    // Linear warm-up to the peak over ceil(5 %) of the steps, then cosine down to 10 % at the end.
    void schedule() {
        QFETCH(qint64, steps);
        AdamWConfig c;
        const auto warm = qint64(std::ceil(0.05 * double(steps)));
        QVERIFY(std::abs(learningRate(c, 0, steps) - c.lr / double(warm)) < 1e-18);
        QVERIFY(std::abs(learningRate(c, warm - 1, steps) - c.lr) < 1e-18);
        QVERIFY(std::abs(learningRate(c, warm, steps) - c.lr) < 1e-18);
        QVERIFY(std::abs(learningRate(c, steps - 1, steps) - 0.1 * c.lr) < 1e-15);
        for (qint64 s = 1; s < steps; ++s) {
            const double a = learningRate(c, s - 1, steps), b = learningRate(c, s, steps);
            QVERIFY(s < warm ? b > a : b <= a);
        }
    }
};

QTEST_APPLESS_MAIN(TstTrainOptim)
#include "tst_train_optim.moc"
