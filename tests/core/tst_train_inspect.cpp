// What the Training lab shows of a trained run (core/train/train_inspect.h): the attention maps of
// a test sample are, per layer and head, causal rows summing to 1, each row depending only on the
// tokens up to it (the maps of a prefix are the top-left block of the whole sample's); the learned
// table's similarity is a symmetric cosine matrix whose adjacent mean is T4's measure.
#include <QtTest>
#include <cmath>

#include "core/encodings/alibi.h"
#include "core/encodings/t5_bucket.h"
#include "core/train/train_inspect.h"

using namespace poslab::core::train;

namespace {

TrainConfig smallConfig(Encoding e) {
    TrainConfig c;
    c.encoding = e;
    c.d = 16;
    c.heads = 2;
    c.steps = 10;
    c.batch = 8;
    c.evalSamples = 8;
    c.task.multiples = {1, 2};
    c.seed = 5;
    return c;
}

}  // namespace

class TstTrainInspect : public QObject {
    Q_OBJECT
private slots:
    void attentionMaps_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<qint64>("n");
        for (const char* e : {"none", "learned", "rope", "alibi", "t5", "kerple", "fire"}) {
            QTest::newRow(qPrintable(QString("%1 n 4").arg(e))) << QString(e) << qint64(4);
            QTest::newRow(qPrintable(QString("%1 n 16").arg(e))) << QString(e) << qint64(16);
        }
    }
    void attentionMaps() {
        QFETCH(QString, encoding);
        QFETCH(qint64, n);
        const TrainConfig c = smallConfig(findEncoding(encoding.toStdString())->encoding);
        const auto run = trainRun(c);
        QVERIFY(run);
        const SampleAttention a = sampleAttention(c, run->params, n, 77);
        const auto t = 2 * n + 1;
        QCOMPARE(a.n, n);
        QCOMPARE(std::int64_t(a.tokens.size()), t);
        QCOMPARE(std::int64_t(a.maps.size()), c.layers * c.heads);
        for (const auto& m : a.maps) {
            QCOMPARE(std::int64_t(m.rows()), t);
            QCOMPARE(std::int64_t(m.cols()), t);
            for (Eigen::Index i = 0; i < t; ++i) {
                QVERIFY(std::abs(m.row(i).sum() - 1.0f) < 1e-5f);
                for (Eigen::Index j = i + 1; j < t; ++j) QCOMPARE(m(i, j), 0.0f);
            }
        }
        // Causal: the first k tokens alone give the top-left k x k block of every map.
        Model<float> model(modelConfigOf(c));
        model.params() = run->params;
        const std::int64_t k = n + 2;
        Batch b;
        b.batch = 1;
        b.length = k;
        b.inputs.assign(a.tokens.begin(), a.tokens.begin() + k);
        b.targets.assign(static_cast<std::size_t>(k), 0);
        b.scored.assign(static_cast<std::size_t>(k), 0);
        for (std::int64_t i = 0; i < k; ++i) b.positions.push_back(static_cast<std::int32_t>(i));
        model.forward(b);
        for (std::int64_t l = 0; l < c.layers; ++l)
            for (std::int64_t h = 0; h < c.heads; ++h) {
                const auto& whole = a.maps[static_cast<std::size_t>(l * c.heads + h)];
                const auto& prefix =
                    model.attention(static_cast<int>(l))[static_cast<std::size_t>(h)];
                const float diff = (whole.topLeftCorner(k, k) - prefix).cwiseAbs().maxCoeff();
                QVERIFY2(diff < 1e-5f,
                         qPrintable(QString("layer %1 head %2: %3").arg(l).arg(h).arg(diff)));
            }
    }

    void learnedTableSimilarity_data() {
        QTest::addColumn<double>("init");
        QTest::newRow("init 0.02") << 0.02;
        QTest::newRow("init 1") << 1.0;
    }
    void learnedTableSimilarity() {
        QFETCH(double, init);
        TrainConfig c = smallConfig(Encoding::Learned);
        c.learnedInit = init;
        const auto run = trainRun(c);
        QVERIFY(run);
        const auto rows = 2 * c.task.nMax + 1;
        const Mat<double> s = positionSimilarity(c, run->params, rows);
        QCOMPARE(std::int64_t(s.rows()), rows);
        double adjacent = 0;
        for (Eigen::Index i = 0; i < s.rows(); ++i) {
            QVERIFY(std::abs(s(i, i) - 1.0) < 1e-12);
            for (Eigen::Index j = 0; j < s.cols(); ++j) {
                QVERIFY(std::abs(s(i, j) - s(j, i)) < 1e-12);
                QVERIFY(std::abs(s(i, j)) <= 1 + 1e-12);
            }
            if (i + 1 < s.rows()) adjacent += s(i, i + 1);
        }
        const double mean = adjacentCosine(c, run->params);
        QVERIFY(std::abs(mean - adjacent / double(rows - 1)) < 1e-12);
        if (init == 1.0) QVERIFY2(std::abs(mean) < 0.3, qPrintable(QString::number(mean)));
        // Another encoding has no table.
        const TrainConfig rope = smallConfig(Encoding::Rope);
        const auto other = trainRun(rope);
        QVERIFY(other);
        QCOMPARE(positionSimilarity(rope, other->params, 8).rows(), 0);
        QVERIFY(std::isnan(adjacentCosine(rope, other->params)));
    }

    // The bias against distance is the encoding's own: ALiBi's row h is -m_h k with the paper's
    // slopes; KERPLE's -r1 ln(1 + r2 k) with the rates kerpleRates reads; T5's the bias of k's
    // bucket in t5Biases; FIRE's starts at its value for k = 0 and is finite. Other encodings
    // (and sizes past the model's positions) have none.
    void biasByDistance_data() {
        QTest::addColumn<QString>("encoding");
        for (const char* e : {"alibi", "t5", "kerple", "fire", "none", "rope", "learned"})
            QTest::newRow(e) << QString(e);
    }
    void biasByDistance() {
        QFETCH(QString, encoding);
        const TrainConfig c = smallConfig(findEncoding(encoding.toStdString())->encoding);
        const auto run = trainRun(c);
        QVERIFY(run);
        const std::int64_t t = 2 * c.task.nMax + 1;
        const auto rows = ::biasByDistance(c, run->params, t);
        if (encodingEntry(c.encoding).kind != EncodingKind::Bias) {
            QVERIFY(rows.empty());
            return;
        }
        QCOMPARE(std::int64_t(rows.size()), c.layers * c.heads);
        const auto positions = modelConfigOf(c).encoding.maxPositions;
        QVERIFY(::biasByDistance(c, run->params, positions + 1).empty());
        const auto slopes = poslab::core::enc::alibiPaperSlopes(c.heads);
        for (std::int64_t l = 0; l < c.layers; ++l) {
            const Mat<double> t5 = t5Biases(c, run->params, l);
            const Mat<double> r = kerpleRates(c, run->params, l);
            QCOMPARE(t5.rows() > 0, c.encoding == Encoding::T5);
            QCOMPARE(r.rows() > 0, c.encoding == Encoding::Kerple);
            for (std::int64_t h = 0; h < c.heads; ++h) {
                const auto& row = rows[static_cast<std::size_t>(l * c.heads + h)];
                QCOMPARE(std::int64_t(row.size()), t);
                for (std::int64_t k = 0; k < t; ++k) {
                    const double b = row[static_cast<std::size_t>(k)];
                    QVERIFY(std::isfinite(b));
                    double want = b;
                    if (c.encoding == Encoding::Alibi)
                        want = -slopes[static_cast<std::size_t>(h)] * double(k);
                    else if (c.encoding == Encoding::Kerple)
                        want = -r(0, h) * std::log1p(r(1, h) * double(k));
                    else if (c.encoding == Encoding::T5)
                        want = t5(h, poslab::core::enc::t5Bucket(-k, false, t5.cols(), 128));
                    QVERIFY2(std::abs(b - want) <= 1e-5 * (1 + std::abs(want)),
                             qPrintable(QString("layer %1 head %2 k %3: %4 vs %5")
                                            .arg(l)
                                            .arg(h)
                                            .arg(k)
                                            .arg(b)
                                            .arg(want)));
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TstTrainInspect)
#include "tst_train_inspect.moc"
