// Progress inside one long array (issue 3): the blocked loops of core report how far they have
// got through ComputeOptions::progress, as fractions that never decrease and end at 1, without
// changing a number; a cancel still stops them; the sink is safe from several threads.
#include <QtTest>

#include <cmath>
#include <thread>

#include "core/compute.h"

using namespace poslab;

namespace {

// "n=512 d=64" -> the encoding's parameters (defaults for the rest).
core::ParamSet paramsOf(const core::EncodingDescriptor& enc, const QString& text) {
    core::TextParams given;
    for (const QString& kv : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        given.emplace_back(kv.section(QLatin1Char('='), 0, 0).toStdString(),
                           kv.section(QLatin1Char('='), 1).toStdString());
    auto p = core::parseParams(enc, given);
    if (!p) qFatal("parameters '%s': %s", qPrintable(text), p.error().message.c_str());
    return *p;
}

// Equal to within `tolerance` (0: bit for bit).
bool sameNumbers(const core::Array& a, const core::Array& b, double tolerance) {
    if (a.shape != b.shape || a.dtype != b.dtype || a.i64 != b.i64 || a.f64.size() != b.f64.size())
        return false;
    if (tolerance == 0.0) return a.f64 == b.f64;
    for (std::size_t k = 0; k < a.f64.size(); ++k)
        if (!(std::abs(a.f64[k] - b.f64[k]) <= tolerance)) return false;
    return true;
}

}  // namespace

class TestProgress : public QObject {
    Q_OBJECT
private slots:
    // Sizes with several blocks of each loop, small enough for a sanitizer build.
    void fractionsRiseToOne_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<QString>("params");
        // 0: the same bits with and without a listener. The row softmaxes of attention and urpe
        // sum each row with Eigen's vectorised reduction, whose order follows the row's address
        // modulo the SIMD width: two runs in one process (buffers placed differently by malloc)
        // differ in the last bits whether or not anyone listens, so those rows get 1e-15.
        QTest::addColumn<double>("tolerance");
        QTest::newRow("sinusoidal similarity (Gram blocks)") << "sinusoidal"
                                                             << "similarity"
                                                             << "n=2048 d=64" << 0.0;
        QTest::newRow("sinusoidal2d similarity") << "sinusoidal2d"
                                                 << "similarity"
                                                 << "height=32 width=32 d=64" << 0.0;
        QTest::newRow("hierarchical similarity (table, then Gram)") << "hierarchical"
                                                                    << "similarity"
                                                                    << "n=24 d=32" << 0.0;
        QTest::newRow("floater similarity (ODE table)") << "floater"
                                                        << "similarity"
                                                        << "n=300 d=16 steps_per_unit=8" << 0.0;
        QTest::newRow("sinusoidal shift_error") << "sinusoidal"
                                                << "shift_error"
                                                << "n=2048 d=64" << 0.0;
        QTest::newRow("t5 bias (heads)") << "t5"
                                         << "bias"
                                         << "n=512 heads=8" << 0.0;
        QTest::newRow("t5 buckets (rows)") << "t5"
                                           << "buckets"
                                           << "n=512" << 0.0;
        QTest::newRow("t5_2d bias") << "t5_2d"
                                    << "bias"
                                    << "fmap=16 heads=4" << 0.0;
        QTest::newRow("alibi bias") << "alibi"
                                    << "bias"
                                    << "n=512 heads=8" << 0.0;
        QTest::newRow("attention logits + alibi") << "attention"
                                                  << "logits"
                                                  << "n=600 bias=alibi" << 0.0;
        QTest::newRow("attention softmax") << "attention"
                                           << "softmax"
                                           << "n=1000" << 1e-15;
        QTest::newRow("urpe attention (nested T5 bias)") << "urpe"
                                                         << "attention"
                                                         << "n=400 heads=4" << 1e-15;
        QTest::newRow("urpe toeplitz") << "urpe"
                                       << "toeplitz"
                                       << "n=400" << 0.0;
        QTest::newRow("deberta logits (three terms)") << "deberta"
                                                      << "logits"
                                                      << "n=400" << 0.0;
        QTest::newRow("deberta relative_positions") << "deberta"
                                                    << "relative_positions"
                                                    << "n=400" << 0.0;
        QTest::newRow("shaw logits") << "shaw"
                                     << "logits"
                                     << "n=400" << 0.0;
        QTest::newRow("shaw relative_indices") << "shaw"
                                               << "relative_indices"
                                               << "n=400" << 0.0;
        QTest::newRow("transformer_xl logits") << "transformer_xl"
                                               << "logits"
                                               << "n=400" << 0.0;
        QTest::newRow("bilinear relative_part") << "bilinear"
                                                << "relative_part"
                                                << "n=400 h=diagonal" << 0.0;
        QTest::newRow("bilinear absolute_part") << "bilinear"
                                                << "absolute_part"
                                                << "n=400 h=diagonal" << 0.0;
        QTest::newRow("cnn_padding response (layers)") << "cnn_padding"
                                                       << "response"
                                                       << "layers=6" << 0.0;
        QTest::newRow("oscillatory sum (distance blocks)") << "oscillatory"
                                                           << "sum"
                                                           << "max_distance=1600" << 0.0;
    }
    void fractionsRiseToOne() {
        QFETCH(QString, encoding);
        QFETCH(QString, quantity);
        QFETCH(QString, params);
        QFETCH(double, tolerance);
        const core::EncodingDescriptor* enc = core::registry().find(encoding.toStdString());
        QVERIFY(enc);
        const core::ParamSet p = paramsOf(*enc, params);

        std::vector<double> seen;  // the sink calls one at a time: no lock needed here
        core::ComputeOptions options;
        options.progress = [&seen](double f) { seen.push_back(f); };
        auto withProgress = core::compute(enc->id, quantity.toStdString(), p, options);
        QVERIFY2(withProgress.ok(), withProgress ? "" : withProgress.error().message.c_str());

        QVERIFY(!seen.empty());
        bool between = false;
        for (std::size_t i = 0; i < seen.size(); ++i) {
            QVERIFY2(seen[i] >= 0.0 && seen[i] <= 1.0, qPrintable(QString::number(seen[i])));
            if (i > 0)
                QVERIFY2(seen[i] >= seen[i - 1],
                         qPrintable(QStringLiteral("%1 after %2").arg(seen[i]).arg(seen[i - 1])));
            between = between || (seen[i] > 0.0 && seen[i] < 1.0);
        }
        QCOMPARE(seen.back(), 1.0);
        QVERIFY2(between, "no fraction strictly between 0 and 1: the array showed no movement");
        // Throttled: about one call per 1/256 of the work, whatever the number of loop steps.
        QVERIFY2(seen.size() <= 258, qPrintable(QString::number(seen.size())));

        // Listening changes no number.
        auto plain = core::compute(enc->id, quantity.toStdString(), p);
        QVERIFY(plain.ok());
        QVERIFY(sameNumbers(*withProgress, *plain, tolerance));
    }

    // A cancel raised while the array is half done stops it: an error, never a result, and the
    // progress never reaches 1.
    void cancelStopsMidway_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<QString>("params");
        QTest::newRow("sinusoidal similarity") << "sinusoidal"
                                               << "similarity"
                                               << "n=4096 d=64";
        QTest::newRow("hierarchical similarity") << "hierarchical"
                                                 << "similarity"
                                                 << "n=40 d=32";
        QTest::newRow("t5 bias") << "t5"
                                 << "bias"
                                 << "n=1024 heads=8";
        QTest::newRow("attention softmax") << "attention"
                                           << "softmax"
                                           << "n=1024";
        QTest::newRow("urpe attention, inside the nested T5 bias") << "urpe"
                                                                   << "attention"
                                                                   << "n=512 heads=8";
    }
    void cancelStopsMidway() {
        QFETCH(QString, encoding);
        QFETCH(QString, quantity);
        QFETCH(QString, params);
        const core::EncodingDescriptor* enc = core::registry().find(encoding.toStdString());
        QVERIFY(enc);
        std::atomic<bool> cancel{false};
        double last = -1;
        core::ComputeOptions options;
        options.cancel = &cancel;
        // Cancels at the first fraction past 0: the loops must notice it at their next block.
        options.progress = [&](double f) {
            last = f;
            if (f > 0.0) cancel = true;
        };
        auto r = core::compute(enc->id, quantity.toStdString(), paramsOf(*enc, params), options);
        QVERIFY(cancel.load());
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error().message).contains(QLatin1String("cancelled")),
                 true);
        QVERIFY2(last < 1.0, qPrintable(QString::number(last)));
    }

    // Several threads reporting at once (loops inside OpenMP regions may): the callback still sees
    // one call at a time, increasing fractions, and finish() gives exactly one 1 at the end.
    void sinkFromSeveralThreads() {
        std::vector<double> seen;
        std::atomic<int> inside{0};
        bool overlapped = false;
        const std::function<void(double)> fn = [&](double f) {
            if (inside.fetch_add(1) != 0) overlapped = true;
            seen.push_back(f);
            inside.fetch_sub(1);
        };
        core::ProgressSink sink(fn);
        constexpr int kThreads = 4, kSteps = 20000;
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&sink, t] {
                for (int i = t; i < kSteps; i += kThreads)
                    sink.report(static_cast<double>(i) / kSteps);
            });
        for (auto& th : threads) th.join();
        sink.finish();
        sink.finish();  // idempotent
        QVERIFY(!overlapped);
        QVERIFY(seen.size() >= 2);
        QVERIFY(seen.size() <= 258);
        for (std::size_t i = 1; i < seen.size(); ++i) QVERIFY(seen[i] > seen[i - 1]);
        QCOMPARE(seen.back(), 1.0);
    }

    // Steps of a quantity map their own 0..1 into their part of the whole.
    void partsNest() {
        std::vector<double> seen;
        const std::function<void(double)> fn = [&](double f) { seen.push_back(f); };
        core::ProgressSink sink(fn);
        core::ComputeContext ctx;
        ctx.progress = &sink;
        const core::ComputeContext inner = ctx.part(0.25, 0.75).part(0.5, 1.0);  // [0.5, 0.75]
        inner.report(0, 4);
        inner.report(2, 4);
        inner.report(4, 4);
        inner.report(9, 4);  // past the end: clamped to the part's end
        QCOMPARE(seen, (std::vector<double>{0.5, 0.625, 0.75}));
        // No listener: reporting costs nothing and cancelledAt only polls the flag.
        std::atomic<bool> flag{true};
        core::ComputeContext quiet;
        quiet.cancel = &flag;
        QVERIFY(quiet.cancelledAt(1, 2));
        flag = false;
        QVERIFY(!quiet.cancelledAt(1, 2));
    }
};

QTEST_MAIN(TestProgress)
#include "tst_progress.moc"
