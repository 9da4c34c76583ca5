// Lesson 08 "Positions for images and video" says what the registry computes (issue 28 item 5):
// every number a caption states is recomputed here with that step's parameters, read from the
// shipped lesson file, and found in the caption in the form it is written there.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>
#include <numbers>

#include "core/params/param_spec.h"
#include "tests/core/test_util.h"

using namespace poslab;
using test::computeOk;

namespace {

QJsonArray steps() {
    QFile f(qEnvironmentVariable("POSLAB_SOURCE_DIR", ".") +
            "/resources/lessons/08_images_video.json");
    if (!f.open(QIODevice::ReadOnly)) qWarning("lesson 08 missing");
    return QJsonDocument::fromJson(f.readAll()).object().value("steps").toArray();
}

// The step's parameters, parsed by the encoding's specs as the lesson player does.
test::Values paramsOf(const QJsonObject& step) {
    const std::string enc = step.value("view").toString().section('/', 0, 0).toStdString();
    const auto* e = core::registry().find(enc);
    test::Values v;
    const QJsonObject p = step.value("params").toObject();
    for (auto it = p.begin(); it != p.end(); ++it) {
        const auto* spec = e->findParam(it.key().toStdString());
        auto parsed = spec->parse(it.value().toString().toStdString());
        if (parsed) v.emplace_back(it.key().toStdString(), *parsed);
    }
    return v;
}

QString caption(const QJsonObject& step) {
    return step.value("caption").toObject().value("en").toString();
}

// max - min of one axis' share (a, n, n).
double range(const core::Array& a, int axis) {
    const auto n = a.shape[1];
    double lo = INFINITY, hi = -INFINITY;
    for (std::int64_t k = 0; k < n * n; ++k) {
        lo = std::min(lo, a.f64[axis * n * n + k]);
        hi = std::max(hi, a.f64[axis * n * n + k]);
    }
    return hi - lo;
}

std::vector<std::int64_t> idsOf(const core::Array& ids, int axis, std::int64_t from, int count) {
    const auto n = ids.shape[1];
    return {ids.i64.begin() + axis * n + from, ids.i64.begin() + axis * n + from + count};
}

}  // namespace

class TstLesson08Claims : public QObject {
    Q_OBJECT
private slots:
    void layoutAndIds() {
        const QJsonArray s = steps();
        QCOMPARE(s.size(), 7);
        const QJsonObject step = s[0].toObject();
        const auto v = paramsOf(step);
        const core::Array ids = computeOk("mrope", "position_ids", v);
        QCOMPARE(ids.shape[1], std::int64_t(84));
        using V = std::vector<std::int64_t>;
        QCOMPARE(idsOf(ids, 0, 4, 1), V{4});    // the image's time id
        QCOMPARE(idsOf(ids, 1, 4, 1), V{4});    // height from 4 ...
        QCOMPARE(idsOf(ids, 1, 27, 1), V{7});   // ... to 7
        QCOMPARE(idsOf(ids, 2, 27, 1), V{9});   // width to 9
        QCOMPARE(idsOf(ids, 0, 28, 1), V{10});  // the next text
        QCOMPARE(idsOf(ids, 0, 32, 1), V{14});  // the video's first grid
        QCOMPARE(idsOf(ids, 0, 48, 1), V{15});
        QCOMPARE(idsOf(ids, 0, 64, 1), V{16});
        QCOMPARE(idsOf(ids, 0, 83, 1), V{21});  // the last text ends at 21
        QCOMPARE(computeOk("mrope", "rope_delta", v).i64[0], std::int64_t(-62));
        for (const char* said : {"84 tokens", "4 … 7", "4 … 9", "at 10", "14, 15, 16", "$i - 62$"})
            QVERIFY2(caption(step).contains(QString::fromUtf8(said)), said);
    }

    void absoluteTime() {
        const QJsonObject step = steps()[1].toObject();
        const core::Array ids = computeOk("mrope", "position_ids", paramsOf(step));
        QCOMPARE(idsOf(ids, 0, 32, 1)[0], std::int64_t(14));
        QCOMPARE(idsOf(ids, 0, 48, 1)[0], std::int64_t(16));
        QCOMPARE(idsOf(ids, 0, 64, 1)[0], std::int64_t(18));
        QCOMPARE(idsOf(ids, 0, 80, 1)[0], std::int64_t(19));
        QVERIFY(caption(step).contains("14, 16, 18") && caption(step).contains("at 19"));
    }

    void widthFrequencies() {
        const QJsonObject step = steps()[2].toObject();
        const auto v = paramsOf(step);
        const core::Array theta = computeOk("mrope", "frequencies", v);
        const core::Array axis = computeOk("mrope", "pair_axis", v);
        double fastest = 0;
        for (std::size_t j = 0; j < theta.f64.size(); ++j)
            if (axis.i64[j] == 2) fastest = std::max(fastest, theta.f64[j]);
        QVERIFY(fastest < 1.8e-4 && fastest > 1.77e-4);
        QVERIFY(caption(step).contains("1.8 \\times 10^{-4}"));
    }

    void axisShares() {
        const QJsonObject chunked = steps()[3].toObject(), inter = steps()[4].toObject();
        const core::Array a = computeOk("mrope", "axis_scores", paramsOf(chunked));
        QCOMPARE(range(a, 0), 0.0);
        QCOMPARE(QString::number(range(a, 1), 'f', 1), QString("2.6"));
        QCOMPARE(QString::number(range(a, 2), 'e', 1), QString("8.7e-05"));
        QVERIFY(caption(chunked).contains("2.6") &&
                caption(chunked).contains("8.7 \\times 10^{-5}"));
        const core::Array b = computeOk("mrope", "axis_scores", paramsOf(inter));
        QCOMPARE(QString::number(range(b, 1), 'f', 1), QString("14.7"));
        QCOMPARE(QString::number(range(b, 2), 'f', 1), QString("14.7"));
        QVERIFY(caption(inter).contains("14.7"));
    }

    void patchSimilarity() {
        const QJsonObject step = steps()[5].toObject();
        const core::Array s = computeOk("rope2d", "similarity", {});
        QCOMPARE(s.shape, (core::Shape{16, 16}));
        QCOMPARE(QString::number(s.f64[8 * 16 + 0], 'f', 1), QString("44.8"));
        QCOMPARE(QString::number(s.f64[0], 'f', 1), QString("25.7"));
        QVERIFY(caption(step).contains("44.8") && caption(step).contains("25.7"));
    }

    // The directions of RoPE-Mixed's heads drawn from seed 0, as the captions give them.
    void mixedAngles() {
        const core::Array f =
            computeOk("rope2d", "frequencies",
                      {{"variant", std::string("mixed")}, {"heads", std::int64_t(4)}});
        QStringList degrees;
        for (int h = 0; h < 4; ++h) {
            const double fr = f.f64[h * 64], fc = f.f64[h * 64 + 1];
            double deg = std::atan2(fr, fc) * 180 / std::numbers::pi;
            if (deg < 0) deg += 360;
            degrees << QString::number(deg, 'f', 1) + QString::fromUtf8("°");
        }
        QVERIFY2(caption(steps()[6].toObject()).contains(degrees.join(", ")),
                 qPrintable(degrees.join(", ")));
        QVERIFY(caption(steps()[5].toObject()).contains(degrees.front()));
    }
};

QTEST_APPLESS_MAIN(TstLesson08Claims)
#include "tst_lesson08_claims.moc"
