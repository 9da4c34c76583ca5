// The training lab's backward (core/train, spec training.md T2) against central finite
// differences in double: for every encoding and every parameter tensor of every layer, a few
// random coordinates, relative error <= 1e-6. A small model (d 8, H 2, L 2, n <= 5) at a random
// point near its initialisation, with positions 0 .. T-1 and with random positions (T3).
#include <QtTest>

#include <cmath>

#include "core/random.h"
#include "core/train/model.h"

using namespace poslab::core;
using namespace poslab::core::train;

class TstTrainGradients : public QObject {
    Q_OBJECT
private slots:
    void matchesFiniteDifferences_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<qint64>("randomPositions");
        for (const auto& e : encodingTable()) {
            QTest::newRow(e.id) << QString(e.id) << qint64(0);
            if (e.kind != EncodingKind::Nothing)
                QTest::newRow(qPrintable(QString(e.id) + " random positions"))
                    << QString(e.id) << qint64(40);
        }
    }
    void matchesFiniteDifferences() {
        QFETCH(QString, encoding);
        QFETCH(qint64, randomPositions);
        TaskConfig task;
        task.nMax = 5;
        task.randomPositions = randomPositions;
        ModelConfig mc;
        mc.vocab = task.vocab();
        mc.d = 8;
        mc.heads = 2;
        mc.layers = 2;
        mc.seed = 7;
        mc.encoding.encoding = findEncoding(encoding.toStdString())->encoding;
        mc.encoding.maxPositions = 48;
        mc.encoding.fireHidden = 6;
        QVERIFY(checkModelConfig(mc).ok());
        Model<double> model(mc);
        // Move away from the initialisation so that every path carries gradient.
        Rng rng(11);
        auto& p = model.params();
        for (Eigen::Index i = 0; i < p.size(); ++i) p(i) += 0.1 * rng.normal();
        const auto& layout = model.layout();
        for (const auto& t : layout.tensors()) {  // FIRE: a threshold inside the positions
            if (t.name.ends_with("threshold")) p(t.offset) = 3.5;
            if (t.name.ends_with(".c")) p(t.offset) = randomPositions > 0 ? -0.13 : 0.13;  // |c|
        }
        // (Data seed 3 puts a layer-0 relu input 1e-7 from its kink with sinusoidal and random
        // positions: finite differences straddle it. Seed 4 keeps every one far from 0.)
        Rng data(4);
        const Batch batch = makeBatch(task, data, 3);

        Vec<double> grad;
        model.forward(batch, &grad);
        QCOMPARE(grad.size(), layout.size());
        double worst = 0;
        QString worstAt;
        const double h = 1e-5;
        for (const auto& t : layout.tensors()) {
            for (int k = 0; k < 4; ++k) {
                const auto i =
                    t.offset + static_cast<Eigen::Index>(rng.uniform() * double(t.size()));
                const double keep = p(i);
                p(i) = keep + h;
                const double up = model.forward(batch).loss;
                p(i) = keep - h;
                const double down = model.forward(batch).loss;
                p(i) = keep;
                const double fd = (up - down) / (2 * h);
                // Relative error; below 1e-4 the scale is 1e-4, since a central difference of a
                // loss near 3 carries a rounding error of about 3 eps / h = 6e-11.
                const double scale = std::max({std::abs(fd), std::abs(grad(i)), 1e-4});
                const double err = std::abs(fd - grad(i)) / scale;
                QVERIFY2(std::isfinite(err), qPrintable(QString::fromStdString(t.name)));
                if (err > worst) {
                    worst = err;
                    worstAt = QString("%1[%2]: analytic %3, finite %4")
                                  .arg(QString::fromStdString(t.name))
                                  .arg(i - t.offset)
                                  .arg(grad(i), 0, 'g', 12)
                                  .arg(fd, 0, 'g', 12);
                }
            }
        }
        qInfo("%s: worst relative error %.3g (%s)", qPrintable(encoding), worst,
              qPrintable(worstAt));
        QVERIFY2(worst <= 1e-6, qPrintable(worstAt));
    }

    // The trained tensors each encoding registers, by name.
    void registersItsTensors_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("none") << "none" << QStringList{};
        QTest::newRow("sinusoidal") << "sinusoidal" << QStringList{};
        QTest::newRow("learned") << "learned" << QStringList{"pos.learned"};
        QTest::newRow("rope") << "rope" << QStringList{};
        QTest::newRow("alibi") << "alibi" << QStringList{};
        QTest::newRow("t5") << "t5" << QStringList{"t5.0", "t5.1"};
        QTest::newRow("kerple") << "kerple" << QStringList{"kerple.0", "kerple.1"};
        QTest::newRow("fire") << "fire" << QStringList{"fire.0.w1", "fire.0.b1", "fire.0.w2",
                                                       "fire.0.b2", "fire.0.c",  "fire.0.threshold",
                                                       "fire.1.w1"};
    }
    void registersItsTensors() {
        QFETCH(QString, encoding);
        QFETCH(QStringList, names);
        ModelConfig mc;
        mc.encoding.encoding = findEncoding(encoding.toStdString())->encoding;
        Model<float> model(mc);
        const auto& layout = model.layout();
        // embed, 10 per layer, lnf.g, lnf.b, out.w, out.b: the rest are the encoding's.
        const auto own = static_cast<qsizetype>(layout.tensors().size()) - (1 + 10 * 2 + 4);
        int fireTensors = encoding == "fire" ? 12 : int(names.size());
        QCOMPARE(own, qsizetype(fireTensors));
        for (const auto& n : names) QVERIFY2(layout.find(n.toStdString()) >= 0, qPrintable(n));
        if (encoding == "kerple") {  // r = softplus(rho) = 1
            const auto rho = view(model.params(), layout, layout.find("kerple.0"));
            QVERIFY(std::abs(std::log1p(std::exp(double(rho(1, 2)))) - 1.0) < 1e-6);
        }
    }
};

QTEST_APPLESS_MAIN(TstTrainGradients)
#include "tst_train_gradients.moc"
