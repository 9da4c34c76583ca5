// The registered `rope2d` encoding (spec E2) through the compute pipeline, against
// naver-ai/rope-vit (models/vit_rope.py: init_2d_freqs, compute_axial_cis, compute_mixed_cis;
// freqs = 1/theta^(arange(0, d, 4)/d), x = column and y = row of a raster grid) and the Qwen
// vision encoder (modeling_qwen2_vl.py VisionRotaryEmbedding and rot_pos_emb: rows first, then
// columns, rotate_half, tokens in spatial_merge_size blocks):
// - scores depend only on the patch offset (row and column differences), for every variant;
// - the similarity map is the query token's row of the scores, placed by patch;
// - base 0 is the variant's upstream default (100, 10, 10000);
// - RoPE-Mixed's two directions per head are perpendicular with the magnitudes mu_k;
// - every refusal names its parameter.
#include <QTemporaryDir>
#include <QtTest>

#include "core/params/param_spec.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeError;
using test::computeOk;
using test::Values;
using test::with;

class TstRope2d : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    Values randomQk(qint64 d, quint64 seed) { return test::randomQkFiles(m_dir, d, seed); }

    void variants() {
        QTest::addColumn<QString>("variant");
        QTest::newRow("axial") << "axial";
        QTest::newRow("mixed") << "mixed";
        QTest::newRow("qwen_vision") << "qwen_vision";
    }

private slots:
    void onlyOffsetsMatter_data() { variants(); }
    void onlyOffsetsMatter() {
        QFETCH(QString, variant);
        const Values v = with(randomQk(16, 3), {{"height", std::int64_t(6)},
                                                {"width", std::int64_t(4)},
                                                {"d", std::int64_t(16)},
                                                {"heads", std::int64_t(2)},
                                                {"head", std::int64_t(1)},
                                                {"variant", variant.toStdString()}});
        const core::Array s = computeOk("rope2d", "scores", v);
        const core::Array pos = computeOk("rope2d", "positions", v);
        const auto n = s.shape[0];
        QCOMPARE(n, std::int64_t(24));
        std::map<std::pair<std::int64_t, std::int64_t>, double> byOffset;
        for (std::int64_t m = 0; m < n; ++m)
            for (std::int64_t k = 0; k < n; ++k) {
                const std::pair key{pos.i64[2 * k] - pos.i64[2 * m],
                                    pos.i64[2 * k + 1] - pos.i64[2 * m + 1]};
                const double x = s.f64[m * n + k];
                auto [it, fresh] = byOffset.emplace(key, x);
                if (!fresh) QVERIFY2(std::abs(it->second - x) < 1e-12, qPrintable(variant));
            }
        QCOMPARE(byOffset.size(), std::size_t(11 * 7));
    }

    void similarityIsAScoreRow_data() { variants(); }
    void similarityIsAScoreRow() {
        QFETCH(QString, variant);
        const Values v = with(randomQk(8, 9), {{"height", std::int64_t(4)},
                                               {"width", std::int64_t(6)},
                                               {"d", std::int64_t(8)},
                                               {"query_row", std::int64_t(1)},
                                               {"query_col", std::int64_t(4)},
                                               {"variant", variant.toStdString()}});
        const core::Array s = computeOk("rope2d", "scores", v);
        const core::Array pos = computeOk("rope2d", "positions", v);
        const core::Array sim = computeOk("rope2d", "similarity", v);
        QCOMPARE(sim.shape, (core::Shape{4, 6}));
        const auto n = s.shape[0];
        std::int64_t m = 0;
        while (!(pos.i64[2 * m] == 1 && pos.i64[2 * m + 1] == 4)) ++m;
        for (std::int64_t k = 0; k < n; ++k)
            QCOMPARE(sim.f64[pos.i64[2 * k] * 6 + pos.i64[2 * k + 1]], s.f64[m * n + k]);
        // -1 is the middle patch.
        const core::Array mid =
            computeOk("rope2d", "similarity",
                      with(v, {{"query_row", std::int64_t(-1)}, {"query_col", std::int64_t(-1)}}));
        const core::Array explicitMid =
            computeOk("rope2d", "similarity",
                      with(v, {{"query_row", std::int64_t(2)}, {"query_col", std::int64_t(3)}}));
        QCOMPARE(mid.f64, explicitMid.f64);
    }

    void baseZeroIsTheVariantDefault_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<double>("base");
        QTest::newRow("axial 100") << "axial" << 100.0;
        QTest::newRow("mixed 10") << "mixed" << 10.0;
        QTest::newRow("qwen_vision 10000") << "qwen_vision" << 10000.0;
    }
    void baseZeroIsTheVariantDefault() {
        QFETCH(QString, variant);
        QFETCH(double, base);
        const Values v = {{"variant", variant.toStdString()}, {"heads", std::int64_t(3)}};
        const core::Array a = computeOk("rope2d", "frequencies", v);
        const core::Array b = computeOk("rope2d", "frequencies", with(v, {{"base", base}}));
        QCOMPARE(a.f64, b.f64);
        QVERIFY(a.f64 != computeOk("rope2d", "frequencies", with(v, {{"base", base * 2}})).f64);
    }

    // compute_mixed_cis: per head the directions alpha and alpha + pi/2, magnitude mu_k each.
    void mixedDirections() {
        const core::Array f = computeOk("rope2d", "frequencies",
                                        {{"variant", std::string("mixed")},
                                         {"heads", std::int64_t(4)},
                                         {"d", std::int64_t(16)}});
        QCOMPARE(f.shape, (core::Shape{4, 8, 2}));
        std::set<long long> angles;
        for (int h = 0; h < 4; ++h)
            for (int k = 0; k < 4; ++k) {
                const double* a = &f.f64[(h * 8 + k) * 2];
                const double* b = &f.f64[(h * 8 + 4 + k) * 2];
                const double mu = std::pow(10.0, -4.0 * k / 16);
                QVERIFY(std::abs(std::hypot(a[0], a[1]) - mu) < 1e-15);
                QVERIFY(std::abs(std::hypot(b[0], b[1]) - mu) < 1e-15);
                QVERIFY(std::abs(a[0] * b[0] + a[1] * b[1]) < 1e-15);
                angles.insert(std::llround(std::atan2(a[0], a[1]) * 1e6));
            }
        QCOMPARE(angles.size(), std::size_t(4));  // one direction per head, drawn per head
    }

    void refused_data() {
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("says");
        QTest::newRow("d 6") << "d"
                             << "6"
                             << "a multiple of 4";
        QTest::newRow("base 0.5") << "base"
                                  << "0.5"
                                  << "> 1";
        QTest::newRow("head") << "head"
                              << "1"
                              << "heads = 1";
        QTest::newRow("query row") << "query_row"
                                   << "16"
                                   << "height = 16";
        QTest::newRow("query col") << "query_col"
                                   << "99"
                                   << "width = 16";
        QTest::newRow("variant") << "variant"
                                 << "diagonal"
                                 << "axial";
        QTest::newRow("heads 0") << "heads"
                                 << "0"
                                 << ">= 1";
    }
    void refused() {
        QFETCH(QString, param);
        QFETCH(QString, value);
        QFETCH(QString, says);
        const auto* spec = core::registry().find("rope2d")->findParam(param.toStdString());
        QVERIFY(spec);
        std::string message;
        if (auto v = spec->parse(value.toStdString()); !v)
            message = v.error().message;
        else
            message = computeError("rope2d", "similarity", {{param.toStdString(), *v}});
        QCOMPARE(core::parameterNamed(message), param.toStdString());
        QVERIFY2(QString::fromStdString(message).contains(says), message.c_str());
    }

    void qwenNeedsMultiplesOfMerge() {
        const std::string e =
            computeError("rope2d", "scores",
                         {{"variant", std::string("qwen_vision")}, {"width", std::int64_t(15)}});
        QCOMPARE(core::parameterNamed(e), std::string("width"));
        QVERIFY2(e.find("multiple of 2") != std::string::npos, e.c_str());
        // Raster variants take any grid.
        QVERIFY(computeError("rope2d", "scores", {{"width", std::int64_t(15)}}).empty());
    }

    void badInputShape() {
        const std::string in = m_dir.filePath("in.npy").toStdString();
        test::writeNpyFile(in, test::randomMatrix(255, 64, 1));
        QCOMPARE(core::parameterNamed(computeError("rope2d", "rotated", {{"input", in}})),
                 std::string("input"));
    }
};

QTEST_APPLESS_MAIN(TstRope2d)
#include "tst_rope2d.moc"
