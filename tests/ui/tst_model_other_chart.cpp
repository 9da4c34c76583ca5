// The Model page's chart of the other encodings (ui/model/other_chart.h), on the published
// configs of tests/data/published and the presets: properties checked against the core, never a
// retyped formula. ALiBi: every curve is a line through 0 whose slope is one head's, read off the
// alibi encoding's own bias matrix, the first and last heads among them, out to L - 1. T5: the
// staircase equals the core's bucket at every integer distance in range (brute force), never
// falls as |j - i| grows, and the causal kind's keys after the query are bucket 0. Learned: the
// rows stop exactly at position n - offset - 1 (row n - 1), the band of positions without a row
// starts at n - offset. Shaw: the curve is clip(j - i, -k, k) at every offset of a range wider
// than +-k. Two models: two colours and both names in the legend; Chinese titles in Chinese.
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "core/compute.h"
#include "core/encodings/t5_bucket.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_kinds.h"
#include "ui/model/model_page.h"
#include "ui/model/other_chart.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
namespace cm = core::models;

namespace {

QString published(const QString& id) {
    return qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/tests/data/published/" + id + ".json";
}

QString fileText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// "preset:ID", "published:ID", or "relative_key:ID" / "relative_key_query:ID": the published
// BERT config with its position_embedding_type set to that value (no published BERT relative_key
// config is in the tree; the key is the only change).
core::Expected<LoadedModel> load(const QString& source) {
    const QString kind = source.section(':', 0, 0), id = source.section(':', 1);
    if (kind == "preset") return loadModelPreset(id);
    if (kind == "published") return loadModelFile(published(id));
    QString text = fileText(published(id));
    text.replace("\"position_embedding_type\": \"absolute\"",
                 "\"position_embedding_type\": \"" + kind + "\"");
    return loadModelText(text.toStdString(), id + " " + kind);
}

std::optional<std::string> implied(const cm::KindInfo& k, const std::string& key) {
    for (const auto& [name, value] : impliedParams(k))
        if (name == key) return value;
    return std::nullopt;
}

core::ParamSet coreParams(const cm::KindInfo& k, core::TextParams extra = {}) {
    core::TextParams given(impliedParams(k).begin(), impliedParams(k).end());
    given.insert(given.end(), extra.begin(), extra.end());
    auto p = core::parseParams(*core::registry().find(k.encoding), given);
    return p ? *p : core::ParamSet();
}

QVector<ModelCurve> curvesWith(const ModelChartData& d, const QString& id) {
    QVector<ModelCurve> out;
    for (const ModelCurve& c : d.curves)
        if (c.id == id) out << c;
    return out;
}

// The staircase's value at x: the last point at or before x (a riser's top at its x).
double stepAt(const ModelCurve& c, double x) {
    double y = std::nan("");
    for (const QPointF& p : c.points)
        if (p.x() <= x) y = p.y();
    return y;
}

bool hasCjk(const QString& s) {
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x4e00; });
}

void checkAlibi(const ModelChartData& d, const LoadedModel& m, const cm::KindInfo& k) {
    // The slopes read off the core's bias matrix: -bias[h, i, 0] / i at i = 32.
    constexpr std::int64_t n = 33;
    auto bias = core::compute("alibi", "bias", coreParams(k, {{"n", std::to_string(n)}}));
    QVERIFY(bias);
    const auto heads = std::stoll(*implied(k, "heads"));
    std::vector<double> slope;
    for (std::int64_t h = 0; h < heads; ++h)
        slope.push_back(-bias->f64[static_cast<std::size_t>((h * n + (n - 1)) * n)] /
                        static_cast<double>(n - 1));
    const QVector<ModelCurve> curves = curvesWith(d, "alibi_head");
    QCOMPARE(curves.size(), std::min<qsizetype>(heads, heads <= 8 ? heads : 5));
    const double reach = m.config.maxPositionEmbeddings
                             ? static_cast<double>(*m.config.maxPositionEmbeddings - 1)
                             : 4096.0;
    QVector<double> seen;
    for (const ModelCurve& c : curves) {
        QVERIFY(c.points.size() >= 2);
        QCOMPARE(c.points.front().x(), 1.0);
        QCOMPARE(c.points.back().x(), reach);
        // A line through 0: y / x is one number along the whole curve ...
        const double m0 = c.points.front().y() / c.points.front().x();
        for (const QPointF& p : c.points)
            QVERIFY2(std::abs(p.y() / p.x() - m0) <= 1e-14 * m0, qPrintable(c.name));
        // ... and that number is a head's slope.
        const auto it = std::find_if(slope.begin(), slope.end(),
                                     [&](double s) { return std::abs(s - m0) <= 1e-14 * s; });
        QVERIFY2(it != slope.end(), qPrintable(c.name));
        seen << m0;
    }
    QCOMPARE(seen.front(), slope.front());  // the first head
    QCOMPARE(seen.back(), slope.back());    // the last head
    QVERIFY(d.logX && d.logY);
    QVERIFY2(d.note.contains("bias_max"), qPrintable(d.note));
}

void checkT5(const ModelChartData& d, const cm::KindInfo& k) {
    const auto p = coreParams(k);
    const std::int64_t nb = p.integer("num_buckets"), md = p.integer("max_distance");
    const bool bidir = p.boolean("bidirectional");
    for (const QString id : {"t5_before", "t5_after"}) {
        const QVector<ModelCurve> cs = curvesWith(d, id);
        QCOMPARE(cs.size(), 1);
        const ModelCurve& c = cs.front();
        const int dir = id == "t5_before" ? -1 : 1;
        const auto reach = static_cast<std::int64_t>(c.points.back().x());
        QVERIFY(reach > md);  // past max_distance: the saturation is on the chart
        QCOMPARE(c.points.front().x(), 1.0);
        // Brute force: every integer distance in range.
        for (std::int64_t a = 1; a <= reach; ++a)
            QVERIFY2(stepAt(c, static_cast<double>(a)) ==
                         static_cast<double>(core::enc::t5Bucket(dir * a, bidir, nb, md)),
                     qPrintable(QString("%1 at %2").arg(id).arg(a)));
        for (int i = 1; i < c.points.size(); ++i) {
            QVERIFY(c.points[i].x() >= c.points[i - 1].x());
            QVERIFY(c.points[i].y() >= c.points[i - 1].y());  // monotone in |j - i|
        }
        if (!bidir && dir > 0)
            for (const QPointF& pt : c.points) QCOMPARE(pt.y(), 0.0);
    }
    QVERIFY(d.logX);
    QVERIFY(d.note.contains(QString::number(nb)) && d.note.contains(QString::number(md)));
}

void checkLearned(const ModelChartData& d, const LoadedModel& m, const cm::KindInfo& k) {
    const std::int64_t n = std::stoll(*implied(k, "n"));
    const std::int64_t off = m.config.encoding.indexOffset;
    const QVector<ModelCurve> rows = curvesWith(d, "rows"), none = curvesWith(d, "no_row");
    QCOMPARE(rows.size(), 1);
    QCOMPARE(none.size(), 1);
    for (const QPointF& p : rows.front().points) QCOMPARE(p.y(), p.x() + static_cast<double>(off));
    QCOMPARE(rows.front().points.front().x(), 0.0);
    QCOMPARE(rows.front().points.back().x(), static_cast<double>(n - off - 1));
    QCOMPARE(rows.front().points.back().y(), static_cast<double>(n - 1));
    QCOMPARE(none.front().points.front().x(), static_cast<double>(n - off));
    bool band = false;
    for (const ModelBand& b : d.bands)
        if (b.id == "no_row") band = b.lo == static_cast<double>(n - off) && b.hi > b.lo;
    QVERIFY(band);
}

void checkShaw(const ModelChartData& d, const cm::KindInfo& k) {
    const std::int64_t clip = std::stoll(*implied(k, "clip"));
    const QVector<ModelCurve> cs = curvesWith(d, "shaw");
    QCOMPARE(cs.size(), 1);
    const ModelCurve& c = cs.front();
    const double W = c.points.back().x();
    QCOMPARE(c.points.front().x(), -W);
    QVERIFY(W > static_cast<double>(clip));                        // a bit wider than +-k
    QCOMPARE(c.points.size(), static_cast<qsizetype>(2 * W + 1));  // every integer offset
    for (const QPointF& p : c.points)
        QCOMPARE(p.y(), std::clamp(p.x(), -static_cast<double>(clip), static_cast<double>(clip)));
}

}  // namespace

class TestModelOtherChart : public QObject {
    Q_OBJECT
private slots:
    void properties_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("encoding");
        QTest::newRow("bloom published") << "published:bloom-560m"
                                         << ""
                                         << "alibi";
        QTest::newRow("bloom preset") << "preset:bloom-560m"
                                      << ""
                                      << "alibi";
        QTest::newRow("mpt") << "published:mpt-7b-instruct"
                             << ""
                             << "alibi";
        QTest::newRow("falcon-rw alibi") << "published:falcon-rw-1b"
                                         << ""
                                         << "alibi";
        QTest::newRow("t5 encoder") << "published:t5-small"
                                    << "encoder"
                                    << "t5";
        QTest::newRow("t5 decoder") << "published:t5-small"
                                    << "decoder"
                                    << "t5";
        QTest::newRow("t5 preset encoder") << "preset:t5-small"
                                           << "encoder"
                                           << "t5";
        QTest::newRow("t5 preset decoder") << "preset:t5-small"
                                           << "decoder"
                                           << "t5";
        QTest::newRow("gpt2") << "published:gpt2"
                              << ""
                              << "learned";
        QTest::newRow("gpt2 preset") << "preset:gpt2"
                                     << ""
                                     << "learned";
        QTest::newRow("bert") << "published:bert-base-uncased"
                              << ""
                              << "learned";
        QTest::newRow("bert preset") << "preset:bert-base-uncased"
                                     << ""
                                     << "learned";
        QTest::newRow("opt (offset 2)") << "published:opt-125m"
                                        << ""
                                        << "learned";
        QTest::newRow("roberta (offset 2)") << "published:roberta-base"
                                            << ""
                                            << "learned";
        QTest::newRow("bert relative_key") << "relative_key:bert-base-uncased"
                                           << ""
                                           << "shaw";
        QTest::newRow("bert relative_key_query") << "relative_key_query:bert-base-uncased"
                                                 << ""
                                                 << "shaw";
    }
    void properties() {
        QFETCH(QString, source);
        QFETCH(QString, kind);
        QFETCH(QString, encoding);
        auto m = load(source);
        QVERIFY2(m, m ? "" : m.error().message.c_str());
        const cm::KindInfo* k = m->kindOr(kind);
        QVERIFY(k);
        QCOMPARE(QString::fromStdString(k->encoding), encoding);
        if (!kind.isEmpty()) QCOMPARE(QString::fromStdString(k->name), kind);
        const ModelChartData d = otherEncodingChart({&*m, k});
        QVERIFY2(d.empty.isEmpty(), qPrintable(d.empty));
        QVERIFY(!d.title.isEmpty() && !d.xLabel.isEmpty() && !d.yLabel.isEmpty());
        QVERIFY(!d.note.isEmpty());
        if (encoding == "alibi") checkAlibi(d, *m, *k);
        if (encoding == "t5") checkT5(d, *k);
        if (encoding == "learned") checkLearned(d, *m, *k);
        if (encoding == "shaw") checkShaw(d, *k);
    }

    // The offsets of OPT and RoBERTa, as their code adds them: 2048 - 2 and 514 - 2 positions.
    void offsetsEndTheRows_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("lastPosition");
        QTest::newRow("gpt2") << "gpt2" << 1023.0;
        QTest::newRow("opt") << "opt-125m" << 2045.0;
        QTest::newRow("roberta") << "roberta-base" << 511.0;
    }
    void offsetsEndTheRows() {
        QFETCH(QString, id);
        QFETCH(double, lastPosition);
        auto m = loadModelFile(published(id));
        QVERIFY(m);
        const ModelChartData d = otherEncodingChart({&*m, m->kindOr({})});
        QCOMPARE(curvesWith(d, "rows").front().points.back().x(), lastPosition);
    }

    // A sequence length past the table: the band of positions without a row reaches s - 1.
    void sequencePastTheTable() {
        auto m = loadModelFile(published("gpt2"));
        QVERIFY(m);
        m->seqLen = 4096;
        const ModelChartData d = otherEncodingChart({&*m, m->kindOr({})});
        const ModelCurve none = curvesWith(d, "no_row").front();
        QCOMPARE(none.points.back().x(), 4095.0);
        QVERIFY2(d.note.contains("4096"), qPrintable(d.note));
    }

    // A Shaw clip larger than the chart computes: no crash, the curve stays clip(j - i) and the
    // note says only offsets inside the clip are drawn.
    void wideShawClip() {
        QString text = fileText(published("bert-base-uncased"));
        text.replace("\"position_embedding_type\": \"absolute\"",
                     "\"position_embedding_type\": \"relative_key\"");
        text.replace("\"max_position_embeddings\": 512", "\"max_position_embeddings\": 40000");
        auto m = loadModelText(text.toStdString(), "wide");
        QVERIFY2(m, m ? "" : m.error().message.c_str());
        const ModelChartData d = otherEncodingChart({&*m, m->kindOr({})});
        const ModelCurve c = curvesWith(d, "shaw").front();
        for (const QPointF& p : c.points) QCOMPARE(p.y(), std::clamp(p.x(), -39999.0, 39999.0));
        QVERIFY2(d.note.contains("drawn"), qPrintable(d.note));
    }

    // Two models of one encoding: each in its own colour, both named in the legend.
    void twoModels_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("kindB");
        QTest::newRow("bloom vs mpt") << "bloom-560m"
                                      << "mpt-7b-instruct"
                                      << "";
        QTest::newRow("gpt2 vs opt") << "gpt2"
                                     << "opt-125m"
                                     << "";
        QTest::newRow("t5 vs t5") << "t5-small"
                                  << "t5-small"
                                  << "";
        QTest::newRow("t5 encoder vs decoder") << "t5-small"
                                               << "t5-small"
                                               << "decoder";
        QTest::newRow("bert relative_key") << "rk1"
                                           << "rk2"
                                           << "";
    }
    void twoModels() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, kindB);
        auto ma = a.startsWith("rk") ? load("relative_key:bert-base-uncased")
                                     : loadModelFile(published(a));
        auto mb = b.startsWith("rk") ? load("relative_key_query:bert-base-uncased")
                                     : loadModelFile(published(b));
        QVERIFY(ma && mb);
        ma->name = "Model A";
        mb->name = "Model B";
        const ModelChartData d =
            otherEncodingChart({&*ma, ma->kindOr({})}, {&*mb, mb->kindOr(kindB)});
        QVERIFY2(d.empty.isEmpty(), qPrintable(d.empty));
        if (!kindB.isEmpty()) QVERIFY(!d.title.contains("encoder"));
        QSet<int> colors;
        QString names;
        for (const ModelCurve& c : d.curves) {
            colors << c.color;
            names += c.name + '|';
        }
        QCOMPARE(colors, (QSet<int>{0, 1}));
        QVERIFY2(names.contains("Model A") && names.contains("Model B"), qPrintable(names));
        QVERIFY2(d.note.contains("Model A") && d.note.contains("Model B"), qPrintable(d.note));
        // POSLAB_SHOT_DIR=<folder>: the chart as the page draws it, to look at.
        if (qEnvironmentVariableIsSet("POSLAB_SHOT_DIR")) {
            QImage image(900, 560, QImage::Format_RGB32);
            QPainter p(&image);
            paintModelChart(p, image.rect(), d, makeScreenStyle(false, QFont()));
            p.end();
            image.save(qEnvironmentVariable("POSLAB_SHOT_DIR") + "/other-" + a + "-" + b + kindB +
                       ".png");
        }
    }

    // Two models of different encodings: the first is drawn, the note says the second is not.
    void twoEncodings() {
        auto a = loadModelFile(published("bloom-560m"));
        auto b = loadModelFile(published("gpt2"));
        QVERIFY(a && b);
        const ModelChartData d = otherEncodingChart({&*a, a->kindOr({})}, {&*b, b->kindOr({})});
        QVERIFY(!curvesWith(d, "alibi_head").isEmpty());
        QVERIFY(curvesWith(d, "rows").isEmpty());
        QVERIFY2(d.note.contains(b->name), qPrintable(d.note));
        // A RoPE model has nothing here.
        auto rope = loadModelPreset("llama-3.1-8b");
        QVERIFY(rope);
        QVERIFY(!otherEncodingChart({&*rope, rope->kindOr({})}).empty.isEmpty());
        QVERIFY(!hasOtherEncoding({&*rope, rope->kindOr({})}));
    }

    void chinese_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("kind");
        QTest::newRow("alibi") << "preset:bloom-560m"
                               << "";
        QTest::newRow("t5 encoder") << "preset:t5-small"
                                    << "encoder";
        QTest::newRow("t5 decoder") << "preset:t5-small"
                                    << "decoder";
        QTest::newRow("learned") << "preset:gpt2"
                                 << "";
        QTest::newRow("shaw") << "relative_key:bert-base-uncased"
                              << "";
    }
    void chinese() {
        QFETCH(QString, source);
        QFETCH(QString, kind);
        auto m = load(source);
        QVERIFY(m);
        applyLanguage(Lang::Zh);
        const ModelChartData d = otherEncodingChart({&*m, m->kindOr(kind)});
        applyLanguage(Lang::En);
        const ModelChartData en = otherEncodingChart({&*m, m->kindOr(kind)});
        for (const QString& s : {d.title, d.xLabel, d.yLabel, d.note})
            QVERIFY2(hasCjk(s), qPrintable(s));
        QVERIFY(!hasCjk(en.title) && !hasCjk(en.note));
        for (const ModelCurve& c : d.curves)
            if (!c.name.isEmpty()) QVERIFY2(hasCjk(c.name), qPrintable(c.name));
    }

    // The page: the chart in the place of the frequency and wavelength charts, for the selected
    // kind; beside the frequencies of a RoPE model compared with it.
    void onThePage() {
        ModelPage page;
        QCOMPARE(page.openPreset("bloom-560m"), QString());
        QVERIFY(page.otherChart()->isVisibleTo(&page));
        QVERIFY(!page.frequencyChart()->isVisibleTo(&page));
        QVERIFY(!curvesWith(page.otherChart()->data(), "alibi_head").isEmpty());
        QCOMPARE(page.openPreset("t5-small", "decoder"), QString());
        QVERIFY(page.otherChart()->data().title.contains("decoder"));
        page.selectKind("encoder");
        QVERIFY(page.otherChart()->data().title.contains("encoder"));
        QCOMPARE(page.openPreset("llama-3.1-8b"), QString());
        QVERIFY(!page.otherChart()->isVisibleTo(&page));
        QCOMPARE(page.openComparePreset("gpt2"), QString());
        QVERIFY(page.otherChart()->isVisibleTo(&page));
        QVERIFY(page.frequencyChart()->isVisibleTo(&page));
        QVERIFY(!page.wavelengthChart()->isVisibleTo(&page));
        QVERIFY(!curvesWith(page.otherChart()->data(), "rows").isEmpty());
    }
};

QTEST_MAIN(TestModelOtherChart)
#include "tst_model_other_chart.moc"
