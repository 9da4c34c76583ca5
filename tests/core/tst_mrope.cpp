// The registered `mrope` encoding (spec E1) through the compute pipeline, against transformers'
// Qwen2-VL / Qwen2.5-VL / Qwen3-VL code (modeling_qwen2_vl.py get_rope_index,
// apply_multimodal_rotary_pos_emb; modeling_qwen2_5_vl.py get_rope_index with second_per_grid_ts;
// modeling_qwen3_vl.py apply_interleaved_mrope):
// - the worked example of Qwen2_5_VLModel.get_rope_index's docstring (a video of 3 temporal
//   grids of 2 x 2 merged patches, 2 seconds per grid, 25 tokens per second: time ids 0, 50, 100,
//   then text from 101);
// - absolute time with a fractional seconds per grid (floor(k S tps));
// - the three axis shares add up to the scores, for chunked and interleaved sections;
// - on text alone every axis carries the same id, so mrope is the registry's RoPE with rotate_half;
// - scores depend on ids only through their differences (offset), rope_delta moves with offset;
// - every refusal names its parameter (and, for the layout, the item).
#include <QTemporaryDir>
#include <QtTest>

#include "core/params/param_spec.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeError;
using test::computeOk;
using test::Values;
using test::with;

class TstMrope : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    Values randomQk(qint64 d, quint64 seed) { return test::randomQkFiles(m_dir, d, seed); }

    static std::vector<std::int64_t> row(const core::Array& ids, int axis) {
        const auto n = ids.shape[1];
        return {ids.i64.begin() + axis * n, ids.i64.begin() + (axis + 1) * n};
    }

private slots:
    void qwen25DocstringExample() {
        const Values v = {{"layout", std::string("video:3x4x4@2,text:5")},
                          {"time", std::string("absolute")},
                          {"tokens_per_second", 25.0}};
        const core::Array ids = computeOk("mrope", "position_ids", v);
        QCOMPARE(ids.shape, (core::Shape{3, 17}));
        using V = std::vector<std::int64_t>;
        QCOMPARE(row(ids, 0),
                 (V{0, 0, 0, 0, 50, 50, 50, 50, 100, 100, 100, 100, 101, 102, 103, 104, 105}));
        QCOMPARE(row(ids, 1), (V{0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 101, 102, 103, 104, 105}));
        QCOMPARE(row(ids, 2), (V{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 101, 102, 103, 104, 105}));
        const core::Array type = computeOk("mrope", "token_type", v);
        QCOMPARE(type.i64, (V{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0}));
        // rope_deltas = max id + 1 - n = 106 - 17.
        QCOMPARE(computeOk("mrope", "rope_delta", v).i64, V{89});
    }

    // floor(k S tps) in double precision: S = 0.5, tps = 3 gives 0, 1, 3, 4 (1.5 k floored).
    void fractionalSecondsPerGrid() {
        const core::Array ids = computeOk("mrope", "position_ids",
                                          {{"layout", std::string("video:4x2x2")},
                                           {"time", std::string("absolute")},
                                           {"tokens_per_second", 3.0},
                                           {"second_per_grid", 0.5}});
        QCOMPARE(row(ids, 0), (std::vector<std::int64_t>{0, 1, 3, 4}));
    }

    void axisScoresAddUp_data() {
        QTest::addColumn<QString>("section");
        QTest::addColumn<bool>("interleaved");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("chunked 2,3,3, ones") << "2,3,3" << false << quint64(0);
        QTest::newRow("chunked 2,3,3, random q k") << "2,3,3" << false << quint64(3);
        QTest::newRow("interleaved 4,2,2, random q k") << "4,2,2" << true << quint64(5);
        QTest::newRow("no width pairs") << "4,4,0" << false << quint64(7);
    }
    void axisScoresAddUp() {
        QFETCH(QString, section);
        QFETCH(bool, interleaved);
        QFETCH(quint64, seed);
        Values v = {{"d", std::int64_t(16)},
                    {"mrope_section", section.toStdString()},
                    {"interleaved", interleaved},
                    {"layout", std::string("text:3,image:1x4x6,text:2,video:2x4x4")}};
        if (seed) v = with(v, randomQk(16, seed));
        const core::Array s = computeOk("mrope", "scores", v);
        const core::Array parts = computeOk("mrope", "axis_scores", v);
        const auto n = s.shape[0];
        QCOMPARE(parts.shape, (core::Shape{3, n, n}));
        double worst = 0;
        for (std::int64_t k = 0; k < n * n; ++k)
            worst = std::max(worst, std::abs(parts.f64[k] + parts.f64[n * n + k] +
                                             parts.f64[2 * n * n + k] - s.f64[k]));
        QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
        // An axis without pairs has no share at all.
        if (section == "4,4,0")
            for (std::int64_t k = 0; k < n * n; ++k) QCOMPARE(parts.f64[2 * n * n + k], 0.0);
    }

    void textIsRope_data() {
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<quint64>("seed");
        QTest::newRow("scores, ones") << "scores" << quint64(0);
        QTest::newRow("scores, random q k") << "scores" << quint64(11);
        QTest::newRow("rotated") << "rotated" << quint64(0);
    }
    void textIsRope() {
        QFETCH(QString, quantity);
        QFETCH(quint64, seed);
        Values m = {{"d", std::int64_t(16)},
                    {"base", 10000.0},
                    {"mrope_section", std::string("2,3,3")},
                    {"layout", std::string("text:20")}};
        Values r = {{"n", std::int64_t(20)},
                    {"d", std::int64_t(16)},
                    {"base", 10000.0},
                    {"pairing", std::string("half")}};
        if (seed) {
            m = with(m, randomQk(16, seed));
            r = with(r, randomQk(16, seed));
        }
        const core::Array a = computeOk("mrope", quantity.toStdString(), m);
        const core::Array b = computeOk("rope", quantity.toStdString(), r);
        QVERIFY(!a.f64.empty());
        QVERIFY2(test::maxAbsDiff(a, b) < 1e-12,
                 qPrintable(QString::number(test::maxAbsDiff(a, b))));
    }

    // Every id moves by the offset, so no score changes; rope_delta moves with it.
    void offsetLeavesScores() {
        const Values v = with(randomQk(16, 21), {{"d", std::int64_t(16)},
                                                 {"mrope_section", std::string("2,3,3")},
                                                 {"layout", std::string("text:2,image:1x6x4")}});
        const core::Array a = computeOk("mrope", "scores", v);
        const core::Array b = computeOk("mrope", "scores", with(v, {{"offset", std::int64_t(77)}}));
        QVERIFY(test::maxAbsDiff(a, b) < 1e-9);
        const auto d0 = computeOk("mrope", "rope_delta", v).i64[0];
        const auto d1 = computeOk("mrope", "rope_delta", with(v, {{"offset", std::int64_t(77)}}));
        QCOMPARE(d1.i64[0], d0 + 77);
        // A score at a different height differs: the vision block is not a plain 1-D sequence.
        const auto n = a.shape[0];
        QVERIFY(std::abs(a.f64[2 * n + 3] - a.f64[3 * n + 4]) > 1e-6);
    }

    // Rotation keeps the length of every pair.
    void rotatedKeepsPairLengths() {
        const std::string in = m_dir.filePath("in.npy").toStdString();
        const auto x = test::randomMatrix(12, 8, 31);
        test::writeNpyFile(in, x);
        const core::Array r = computeOk("mrope", "rotated",
                                        {{"d", std::int64_t(8)},
                                         {"mrope_section", std::string("2,1,1")},
                                         {"layout", std::string("text:4,image:1x4x8")},
                                         {"input", in}});
        const auto m = r.matrix();
        for (int i = 0; i < 12; ++i)
            for (int j = 0; j < 4; ++j)
                QVERIFY(std::abs(std::hypot(m(i, j), m(i, j + 4)) -
                                 std::hypot(x(i, j), x(i, j + 4))) < 1e-12);
    }

    void refused_data() {
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("named");
        QTest::addColumn<QString>("says");
        QTest::newRow("layout grammar") << "layout"
                                        << "text:4,imag:1x8x8"
                                        << "layout"
                                        << "item 2 'imag:1x8x8'";
        QTest::newRow("layout merge") << "layout"
                                      << "text:4,video:2x6x7"
                                      << "layout"
                                      << "merge = 2";
        QTest::newRow("layout image T") << "layout"
                                        << "image:3x8x8"
                                        << "layout"
                                        << "use video:3x8x8";
        QTest::newRow("layout empty") << "layout"
                                      << " "
                                      << "layout"
                                      << "empty";
        QTest::newRow("layout too long") << "layout"
                                         << "text:1073741824"
                                         << "layout"
                                         << "tokens";
        QTest::newRow("section sum") << "mrope_section"
                                     << "16,24,23"
                                     << "mrope_section"
                                     << "63, not d/2 = 64";
        QTest::newRow("section count") << "mrope_section"
                                       << "16,48"
                                       << "mrope_section"
                                       << "three integers";
        QTest::newRow("section negative") << "mrope_section"
                                          << "-16,48,32"
                                          << "mrope_section"
                                          << "three integers";
        QTest::newRow("odd d") << "d"
                               << "127"
                               << "d"
                               << "even";
        QTest::newRow("merge 0") << "merge"
                                 << "0"
                                 << "merge"
                                 << ">= 1";
        QTest::newRow("tokens per second 0") << "tokens_per_second"
                                             << "0"
                                             << "tokens_per_second"
                                             << "> 0";
        QTest::newRow("second per grid -1") << "second_per_grid"
                                            << "-1"
                                            << "second_per_grid"
                                            << ">= 0";
        QTest::newRow("frame gap -1") << "frame_gap"
                                      << "-1"
                                      << "frame_gap"
                                      << ">= 0";
        QTest::newRow("base 1") << "base"
                                << "1"
                                << "base"
                                << "> 1";
    }
    void refused() {
        QFETCH(QString, param);
        QFETCH(QString, value);
        QFETCH(QString, named);
        QFETCH(QString, says);
        const auto* enc = core::registry().find("mrope");
        const auto* spec = enc->findParam(param.toStdString());
        QVERIFY(spec);
        std::string message;
        if (auto v = spec->parse(value.toStdString()); !v)
            message = v.error().message;
        else
            message = computeError("mrope", "scores", {{param.toStdString(), *v}});
        QVERIFY2(!message.empty(), "accepted");
        QCOMPARE(QString::fromStdString(core::parameterNamed(message)), named);
        QVERIFY2(QString::fromStdString(message).contains(says), message.c_str());
        QVERIFY(message.find('\n') == std::string::npos);
    }

    // floor(k S tps) past 2^52 is refused naming the layout, never wrapped (found by the fuzzer).
    void hugeTimeIdsRefused() {
        const std::string e = computeError(
            "mrope", "position_ids",
            {{"layout", std::string("video:2x4x4@1e300")}, {"time", std::string("absolute")}});
        QCOMPARE(core::parameterNamed(e), std::string("layout"));
        QVERIFY2(e.find("2^52") != std::string::npos, e.c_str());
    }

    void badFiles() {
        const std::string q = m_dir.filePath("q7.npy").toStdString();
        test::writeNpyFile(q, test::randomMatrix(1, 7, 1), true);
        const std::string e = computeError("mrope", "scores", {{"q", q}});
        QCOMPARE(core::parameterNamed(e), std::string("q"));
        const std::string in = m_dir.filePath("in.npy").toStdString();
        test::writeNpyFile(in, test::randomMatrix(83, 128, 1));  // the default layout has 84
        const std::string e2 = computeError("mrope", "rotated", {{"input", in}});
        QCOMPARE(core::parameterNamed(e2), std::string("input"));
        QVERIFY2(e2.find("84") != std::string::npos, e2.c_str());
    }

    // n from the layout: 4 + 24 + 4 + 48 + 4 tokens by default; split frames add the gaps.
    void tokenCount() {
        QCOMPARE(computeOk("mrope", "token_type", {}).shape, (core::Shape{84}));
        QCOMPARE(computeOk("mrope", "token_type",
                           {{"split_frames", true}, {"frame_gap", std::int64_t(3)}})
                     .shape,
                 (core::Shape{90}));
    }
};

QTEST_APPLESS_MAIN(TstMrope)
#include "tst_mrope.moc"
