// Properties of the CNN padding experiment (A14): circular padding leaks no position (a constant
// input stays exactly constant, and the total is conserved), zero padding darkens exactly the
// border ring the receptive field reaches, reflect mirrors without repeating the edge.
#include <QtTest>

#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

namespace {

using Values = std::vector<std::pair<std::string, core::ParamValue>>;

Values params(qint64 height, qint64 width, qint64 layers, qint64 kernel, const char* padding,
              const char* input = "ones", qint64 seed = 0) {
    return {{"height", std::int64_t(height)},  {"width", std::int64_t(width)},
            {"layers", std::int64_t(layers)},  {"kernel", std::int64_t(kernel)},
            {"padding", std::string(padding)}, {"input", std::string(input)},
            {"seed", std::int64_t(seed)}};
}

}  // namespace

class TstCnnPadding : public QObject {
    Q_OBJECT
private slots:
    void sizes_data() {
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("layers");
        QTest::addColumn<qint64>("kernel");
        QTest::newRow("default 32x32, 4 x 3x3")
            << qint64(32) << qint64(32) << qint64(4) << qint64(3);
        QTest::newRow("17x9, 2 x 5x5") << qint64(17) << qint64(9) << qint64(2) << qint64(5);
        QTest::newRow("40x23, 3 x 7x7") << qint64(40) << qint64(23) << qint64(3) << qint64(7);
        QTest::newRow("kernel = side 9x9") << qint64(9) << qint64(9) << qint64(1) << qint64(9);
        QTest::newRow("5x64, 1 x 5x5") << qint64(5) << qint64(64) << qint64(1) << qint64(5);
    }

    // Ones in, circular or reflect padding: the output is exactly ones and the deviation exactly 0.
    void constantStaysConstant_data() { sizes_data(); }
    void constantStaysConstant() {
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        QFETCH(qint64, layers);
        QFETCH(qint64, kernel);
        for (const char* padding : {"circular", "reflect"}) {
            const core::Array r = computeOk("cnn_padding", "response",
                                            params(height, width, layers, kernel, padding));
            const core::Array d = computeOk("cnn_padding", "deviation",
                                            params(height, width, layers, kernel, padding));
            QCOMPARE(r.shape, (core::Shape{height, width}));
            QVERIFY2(r.matrix().minCoeff() == 1.0 && r.matrix().maxCoeff() == 1.0, padding);
            QVERIFY2(d.matrix().maxCoeff() == 0.0, padding);
        }
    }

    // Zero padding: a pixel is below 1 exactly when its receptive field (radius layers * k/2)
    // reaches past the border; the rest, the centre included, stays exactly 1 with deviation 0.
    void zerosLeakAtTheBorder_data() { sizes_data(); }
    void zerosLeakAtTheBorder() {
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        QFETCH(qint64, layers);
        QFETCH(qint64, kernel);
        const core::Array r =
            computeOk("cnn_padding", "response", params(height, width, layers, kernel, "zeros"));
        const core::Array d =
            computeOk("cnn_padding", "deviation", params(height, width, layers, kernel, "zeros"));
        const auto R = r.matrix();
        const auto D = d.matrix();
        const qint64 reach = layers * (kernel / 2);
        const double centre = R(height / 2, width / 2);
        for (qint64 i = 0; i < height; ++i)
            for (qint64 j = 0; j < width; ++j) {
                const qint64 toBorder = std::min({i, j, height - 1 - i, width - 1 - j});
                if (toBorder < reach)
                    QVERIFY(R(i, j) < 1.0 && R(i, j) > 0.0);
                else
                    QCOMPARE(R(i, j), 1.0);
                QCOMPARE(D(i, j), std::abs(R(i, j) - centre));
                // Mirror symmetric (up to the order of the additions).
                QVERIFY(std::abs(R(i, j) - R(height - 1 - i, width - 1 - j)) < 1e-15);
            }
        QVERIFY(D(0, 0) > 0.0);
    }

    // The default (32x32, 4 layers of 3x3) leaves the middle untouched and darkens the corner most.
    void zerosDefaultPicture() {
        const core::Array d = computeOk("cnn_padding", "deviation", {});
        const auto D = d.matrix();
        QCOMPARE(d.shape, (core::Shape{32, 32}));
        QCOMPARE(D(16, 16), 0.0);
        QCOMPARE(D.block(4, 4, 24, 24).maxCoeff(), 0.0);
        QCOMPARE(D.maxCoeff(), D(0, 0));
        QVERIFY(D(0, 0) > D(0, 16) && D(0, 16) > D(3, 16) && D(3, 16) > 0.0);
    }

    // Circular padding conserves the total of any input (nothing leaks out at the border); zero
    // padding loses some.
    void circularConservesTotal_data() { sizes_data(); }
    void circularConservesTotal() {
        QFETCH(qint64, height);
        QFETCH(qint64, width);
        QFETCH(qint64, layers);
        QFETCH(qint64, kernel);
        const core::Array x0 =
            computeOk("cnn_padding", "response", params(height, width, 0, 1, "zeros", "noise", 5));
        const core::Array c =
            computeOk("cnn_padding", "response",
                      params(height, width, layers, kernel, "circular", "noise", 5));
        const core::Array z = computeOk("cnn_padding", "response",
                                        params(height, width, layers, kernel, "zeros", "ones", 5));
        QVERIFY(std::abs(c.matrix().sum() - x0.matrix().sum()) < 1e-12 * double(height * width));
        QVERIFY(z.matrix().sum() < double(height * width) - 0.1);
        // Smoothing shrinks the spread of the noise.
        QVERIFY(c.matrix().maxCoeff() < x0.matrix().maxCoeff());
    }

    // reflect pads [c b | a b c | b a]: the first output of a 3x3 image with a 3x3 box averages
    // rows (1, 0, 1) and columns (1, 0, 1) of the input.
    void reflectDoesNotRepeatEdge() {
        const core::Array x0 =
            computeOk("cnn_padding", "response", params(3, 3, 0, 1, "reflect", "noise", 9));
        const core::Array r =
            computeOk("cnn_padding", "response", params(3, 3, 1, 3, "reflect", "noise", 9));
        const auto X = x0.matrix();
        const int mirror[3] = {1, 0, 1};
        double sum = 0;
        for (int u : mirror)
            for (int v : mirror) sum += X(u, v);
        QVERIFY(std::abs(r.matrix()(0, 0) - sum / 9.0) < 1e-14);
        // Centre pixel: plain mean of the whole image in every mode.
        QVERIFY(std::abs(r.matrix()(1, 1) - X.sum() / 9.0) < 1e-14);
    }

    void seededNoise() {
        auto run = [](qint64 seed) {
            return computeOk("cnn_padding", "response",
                             params(16, 16, 2, 3, "zeros", "noise", seed));
        };
        const core::Array a = run(1), b = run(1), c = run(2);
        QCOMPARE(a.f64, b.f64);
        QVERIFY(test::maxAbsDiff(a, c) > 0.01);
        // layers = 0 returns the input itself.
        const core::Array ones = computeOk("cnn_padding", "response", params(7, 5, 0, 3, "zeros"));
        QCOMPARE(ones.matrix().minCoeff(), 1.0);
        QCOMPARE(ones.matrix().maxCoeff(), 1.0);
    }

    void errors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<qint64>("height");
        QTest::addColumn<qint64>("kernel");
        QTest::addColumn<qint64>("layers");
        QTest::newRow("even kernel") << "kernel" << qint64(32) << qint64(4) << qint64(1);
        QTest::newRow("kernel > height") << "kernel" << qint64(4) << qint64(5) << qint64(1);
        QTest::newRow("kernel 0") << "kernel" << qint64(32) << qint64(0) << qint64(1);
        QTest::newRow("height 0") << "height" << qint64(0) << qint64(1) << qint64(1);
        QTest::newRow("layers -1") << "layers" << qint64(32) << qint64(3) << qint64(-1);
    }
    void errors() {
        QFETCH(QString, key);
        QFETCH(qint64, height);
        QFETCH(qint64, kernel);
        QFETCH(qint64, layers);
        for (const char* q : {"response", "deviation"}) {
            const std::string msg =
                test::computeError("cnn_padding", q, params(height, 32, layers, kernel, "zeros"));
            QVERIFY2(msg.find("'" + key.toStdString() + "'") != std::string::npos, msg.c_str());
        }
        const std::string msg =
            test::computeError("cnn_padding", "response", {{"padding", std::string("mirror")}});
        QVERIFY2(msg.find("'padding'") != std::string::npos, msg.c_str());
    }
};

QTEST_APPLESS_MAIN(TstCnnPadding)
#include "tst_cnn_padding.moc"
