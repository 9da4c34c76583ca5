// E1 mrope's layout and position ids (core/encodings/mrope_layout.h), against what transformers'
// get_rope_index gives for the same prompts: Qwen2-VL (text continues from 1 + the largest id; an
// image's ids are (s, s + row, s + col) over the merged grid), Qwen2.5-VL (absolute time,
// tau_k = long(k * second_per_grid * tokens_per_second), a fractional seconds-per-grid included),
// Qwen3-VL (frames split, timestamp text between them; interleaved pair axes); `advance` max
// against spatial; every layout error names the item and its 1-based position.
#include <QtTest>

#include "core/encodings/mrope_layout.h"

using namespace poslab::core;
using namespace poslab::core::enc;

namespace {

using Ids = std::vector<std::int64_t>;

MropePositions positionsOf(const char* layout, const MropeOptions& o) {
    const auto items = parseMropeLayout(layout, o.merge);
    if (!items) qFatal("%s", items.error().message.c_str());
    const auto p = mropePositions(*items, o, 1 << 20);
    if (!p) qFatal("%s", p.error().message.c_str());
    return *p;
}

Ids range(std::int64_t from, std::int64_t count) {
    Ids v;
    for (std::int64_t i = 0; i < count; ++i) v.push_back(from + i);
    return v;
}

Ids cat(std::initializer_list<Ids> parts) {
    Ids v;
    for (const auto& p : parts) v.insert(v.end(), p.begin(), p.end());
    return v;
}

}  // namespace

class TstMropeLayout : public QObject {
    Q_OBJECT
private slots:
    // Qwen2-VL: text 0..3; the image's 4 x 6 merged patches at t = 4, h = 4 + row, w = 4 + col;
    // the text after it from 1 + 9 = 10. rope_delta = 14 - 32.
    void qwen2vlImage() {
        const MropePositions p = positionsOf("text:4, image:1x8x12 ,text:4", {});
        QCOMPARE(p.n, std::int64_t(32));
        Ids t = range(0, 4), h = range(0, 4), w = range(0, 4);
        for (std::int64_t r = 0; r < 4; ++r)
            for (std::int64_t c = 0; c < 6; ++c) {
                t.push_back(4);
                h.push_back(4 + r);
                w.push_back(4 + c);
            }
        for (Ids* axis : {&t, &h, &w}) *axis = cat({*axis, range(10, 4)});
        QCOMPARE(p.ids[0], t);
        QCOMPARE(p.ids[1], h);
        QCOMPARE(p.ids[2], w);
        QCOMPARE(p.tokenType, cat({Ids(4, 0), Ids(24, 1), Ids(4, 0)}));
        QCOMPARE(p.ropeDelta, std::int64_t(-18));
    }

    // Qwen2.5-VL, absolute time: 0.75 s per grid at 2 tokens per second gives
    // tau = long(0, 1.5, 3.0) = 0, 1, 3; index time gives 0, 1, 2. After the video, advance max
    // continues from 1 + the largest id (the last tau), spatial from s + max(H', W').
    void absoluteTimeAndAdvance_data() {
        QTest::addColumn<bool>("absolute");
        QTest::addColumn<bool>("spatial");
        QTest::addColumn<Ids>("taus");
        QTest::addColumn<std::int64_t>("after");
        QTest::newRow("index, max") << false << false << Ids{0, 1, 2} << std::int64_t(5);
        QTest::newRow("absolute, max") << true << false << Ids{0, 1, 3} << std::int64_t(6);
        QTest::newRow("absolute, spatial") << true << true << Ids{0, 1, 3} << std::int64_t(4);
        QTest::newRow("index, spatial") << false << true << Ids{0, 1, 2} << std::int64_t(4);
    }
    void absoluteTimeAndAdvance() {
        QFETCH(bool, absolute);
        QFETCH(bool, spatial);
        QFETCH(Ids, taus);
        QFETCH(std::int64_t, after);
        MropeOptions o;
        o.absoluteTime = absolute;
        o.tokensPerSecond = 2;
        o.advance = spatial ? MropeAdvance::Spatial : MropeAdvance::Max;
        const MropePositions p = positionsOf("text:2,video:3x4x4@0.75,text:1", o);
        QCOMPARE(p.n, std::int64_t(2 + 12 + 1));
        for (std::size_t k = 0; k < 3; ++k)
            for (std::size_t q = 0; q < 4; ++q) {
                const std::size_t i = 2 + 4 * k + q;
                QCOMPARE(p.ids[0][i], 2 + taus[k]);
                QCOMPARE(p.ids[1][i], std::int64_t(2 + q / 2));
                QCOMPARE(p.ids[2][i], std::int64_t(2 + q % 2));
                QCOMPARE(p.tokenType[i], std::int64_t(2));
            }
        for (int a = 0; a < 3; ++a) QCOMPARE(p.ids[a].back(), after);
        // An image keeps tau = 0 with absolute time on (its one grid).
        const MropePositions img = positionsOf("image:1x4x4", o);
        QCOMPARE(img.ids[0], Ids(4, 0));
    }

    // The default seconds per grid serves a video without "@S".
    void defaultSecondsPerGrid() {
        MropeOptions o;
        o.absoluteTime = true;
        o.tokensPerSecond = 2;
        o.secondPerGrid = 0.7;  // tau = long(0, 1.4, 2.8) = 0, 1, 2
        const MropePositions p = positionsOf("video:3x2x2", o);
        QCOMPARE(p.ids[0], (Ids{0, 1, 2}));
    }

    // Qwen3-VL: a video of two grids as two one-grid videos with 2 timestamp tokens between.
    void splitFrames() {
        MropeOptions o;
        o.splitFrames = true;
        o.frameGap = 2;
        const MropePositions p = positionsOf("video:2x4x4", o);
        QCOMPARE(p.n, std::int64_t(10));
        QCOMPARE(p.ids[0], (Ids{0, 0, 0, 0, 2, 3, 4, 4, 4, 4}));
        QCOMPARE(p.ids[1], (Ids{0, 0, 1, 1, 2, 3, 4, 4, 5, 5}));
        QCOMPARE(p.ids[2], (Ids{0, 1, 0, 1, 2, 3, 4, 5, 4, 5}));
        QCOMPARE(p.tokenType, (Ids{2, 2, 2, 2, 0, 0, 2, 2, 2, 2}));
    }

    // offset moves every id; text alone is 1-D RoPE's positions on all three axes.
    void offsetAndText() {
        MropeOptions o;
        o.offset = 5;
        const MropePositions p = positionsOf("text:3", o);
        for (int a = 0; a < 3; ++a) QCOMPARE(p.ids[a], range(5, 3));
        QCOMPARE(p.ropeDelta, std::int64_t(5));
    }

    void pairAxis_data() {
        QTest::addColumn<bool>("interleaved");
        QTest::addColumn<QVector<int>>("section");
        QTest::addColumn<QVector<int>>("heights");  // the pairs on h
        QTest::addColumn<QVector<int>>("widths");   // the pairs on w
        QVector<int> h1, w1;
        for (int j = 16; j < 40; ++j) h1 << j;
        for (int j = 40; j < 64; ++j) w1 << j;
        QTest::newRow("chunked 16,24,24 (Qwen2-VL)")
            << false << QVector<int>{16, 24, 24} << h1 << w1;
        QVector<int> h2, w2;
        for (int j = 1; j <= 58; j += 3) h2 << j;
        for (int j = 2; j <= 59; j += 3) w2 << j;
        QTest::newRow("interleaved 24,20,20 (Qwen3-VL)")
            << true << QVector<int>{24, 20, 20} << h2 << w2;
    }
    void pairAxis() {
        QFETCH(bool, interleaved);
        QFETCH(QVector<int>, section);
        QFETCH(QVector<int>, heights);
        QFETCH(QVector<int>, widths);
        const auto axis = mropePairAxis(128, {section[0], section[1], section[2]}, interleaved);
        QVERIFY(axis);
        QCOMPARE(axis->size(), std::size_t(64));
        for (int j = 0; j < 64; ++j) {
            const int want = heights.contains(j) ? 1 : (widths.contains(j) ? 2 : 0);
            QCOMPARE((*axis)[static_cast<std::size_t>(j)], want);
        }
        const auto bad = mropePairAxis(128, {16, 24, 23}, false);
        QVERIFY(!bad);
        QVERIFY(bad.error().message.find("mrope_section") != std::string::npos);
        QVERIFY(bad.error().message.find("63") != std::string::npos);
        QVERIFY(bad.error().message.find("64") != std::string::npos);
    }

    void layoutRefused_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("names");
        QTest::newRow("empty") << "  "
                               << "'layout'";
        QTest::newRow("unknown kind") << "text:4,imag:1x8x8"
                                      << "item 2 'imag:1x8x8'";
        QTest::newRow("empty item") << "text:4,,text:2"
                                    << "item 2 ''";
        QTest::newRow("zero text") << "text:0"
                                   << "item 1";
        QTest::newRow("sign") << "text:+3"
                              << "item 1";
        QTest::newRow("image with T") << "image:2x8x8"
                                      << "use video";
        QTest::newRow("image seconds") << "image:1x8x8@2"
                                       << "videos only";
        QTest::newRow("negative seconds") << "video:1x8x8@-1"
                                          << "(@S)";
        QTest::newRow("nan seconds") << "video:1x8x8@nan"
                                     << "(@S)";
        QTest::newRow("merge") << "text:1,video:2x7x8"
                               << "merge = 2";
        QTest::newRow("two x") << "video:2x8"
                               << "item 1";
        QTest::newRow("zero grid") << "video:0x8x8"
                                   << "item 1";
    }
    void layoutRefused() {
        QFETCH(QString, layout);
        QFETCH(QString, names);
        const auto r = parseMropeLayout(layout.toStdString(), 2);
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.error().message).contains(names),
                 r.error().message.c_str());
        QVERIFY(r.error().message.find('\n') == std::string::npos);
    }

    // The token budget is checked before the ids are made.
    void tooManyTokens() {
        const auto items = parseMropeLayout("text:10,image:1x64x64", 2);
        QVERIFY(items);
        QVERIFY(!mropePositions(*items, {}, 1000));
        QVERIFY(mropePositions(*items, {}, 1034));
        // T x H' x W' past int64 is counted in double, refused, never wrapped (a fuzzer find).
        const auto huge = parseMropeLayout("video:1073741824x1073741824x1073741824", 1);
        QVERIFY(huge);
        MropeOptions o;
        o.merge = 1;
        QVERIFY(!mropeTokenCount(*huge, o, std::int64_t(1) << 40));
    }
};

QTEST_APPLESS_MAIN(TstMropeLayout)
#include "tst_mrope_layout.moc"
