// The dark theme without glare (issue 13, figures review D14): signed quantities take a diverging
// map whose centre is dark (near the background, lightness rising symmetrically towards both
// ends) in the dark theme, on screen and in figures, colour bar and cells alike, while one-signed
// quantities keep their sequential map and the light theme keeps RdBu's white centre; curve
// colours keep WCAG AA contrast (4.5:1) on the dark background in tab10's hue order; the
// rotation view has no box of its own colour.
#include <QApplication>
#include <QHash>
#include <QSet>
#include <QtTest>
#include <cmath>

#include "tests/ui/figure_test_util.h"
#include "ui/figure/colormap.h"
#include "ui/figure/figure.h"
#include "ui/figure/log_scale.h"
#include "ui/figure/paint_style.h"
#include "ui/model/layer_map.h"
#include "ui/model/model_document.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"

using namespace poslab;
using namespace poslab::ui;

using poslab::ui::test::figureOf;

namespace {

double linear(int c8) {
    const double c = c8 / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// WCAG 2 relative luminance and contrast ratio.
double relativeLuminance(QColor c) {
    return 0.2126 * linear(c.red()) + 0.7152 * linear(c.green()) + 0.0722 * linear(c.blue());
}
double contrast(QColor a, QColor b) {
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

struct Lab {
    double L, a, b;
    double hueDeg() const { return std::atan2(b, a) * 180.0 / M_PI; }
    double chroma() const { return std::hypot(a, b); }
};

// CIELAB (D65) of an sRGB colour.
Lab labOf(QColor c) {
    const double r = linear(c.red()), g = linear(c.green()), bl = linear(c.blue());
    const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047;
    const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl;
    const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883;
    auto f = [](double t) {
        return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double hueDistance(double a, double b) {
    const double d = std::fmod(std::abs(a - b), 360.0);
    return std::min(d, 360.0 - d);
}

PaintStyle figureStyle(bool dark) {
    return makeFigureStyle(dark, 1080, false, false);
}
PaintStyle screenStyle(bool dark) {
    return makeScreenStyle(dark, QApplication::font());
}

QSet<QRgb> tableSet(const Colormap& map) {
    QSet<QRgb> out;
    for (QRgb c : map.table()) out.insert(c | 0xff000000u);
    return out;
}

// How many pixels of `image` are colours of `set`, and how many of its colours appear.
struct Uses {
    qint64 pixels = 0;
    int distinct = 0;
};
Uses usesOf(const QImage& image, const QSet<QRgb>& set) {
    Uses u;
    QSet<QRgb> seen;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x)
            if (set.contains(line[x] | 0xff000000u)) {
                ++u.pixels;
                seen.insert(line[x] | 0xff000000u);
            }
    }
    u.distinct = static_cast<int>(seen.size());
    return u;
}

// The most common colour of an image and its share of the pixels.
std::pair<QRgb, double> commonest(const QImage& image) {
    QHash<QRgb, qint64> count;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x) ++count[line[x] | 0xff000000u];
    }
    QRgb best = 0;
    qint64 most = -1;
    for (auto it = count.cbegin(); it != count.cend(); ++it)
        if (it.value() > most) best = it.key(), most = it.value();
    return {best, static_cast<double>(most) / static_cast<double>(img.width() * img.height())};
}

enum class Map { Light, Dark, Viridis };
const Colormap& mapOf(Map m) {
    static const Colormap light(ColormapKind::Diverging), dark(ColormapKind::Diverging, true),
        viridis(ColormapKind::Viridis);
    return m == Map::Light ? light : m == Map::Dark ? dark : viridis;
}

}  // namespace

Q_DECLARE_METATYPE(Map)

class TestDarkTheme : public QObject {
    Q_OBJECT

private slots:
    // The dark map's middle colours sit a few L* above the background they are drawn on (values
    // near 0 recede instead of glaring), where RdBu's are near white.
    void divergingCentreNearBackground_data() {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<bool>("figure");
        QTest::newRow("dark figure") << true << true;
        QTest::newRow("dark screen") << true << false;
        QTest::newRow("light figure") << false << true;
        QTest::newRow("light screen") << false << false;
    }
    void divergingCentreNearBackground() {
        QFETCH(bool, dark);
        QFETCH(bool, figure);
        const PaintStyle s = figure ? figureStyle(dark) : screenStyle(dark);
        const Colormap map(ColormapKind::Diverging, dark);
        const double bgL = labOf(s.bg).L;
        for (double t : {0.5 - 0.5 / 256, 0.5, 0.5 + 0.5 / 256}) {
            const double L = labOf(QColor::fromRgb(map.at(t))).L;
            QVERIFY2(
                std::abs(L - bgL) <= 8,
                qPrintable(QStringLiteral("t %1: L* %2, background %3").arg(t).arg(L).arg(bgL)));
        }
    }

    // Lightness rises monotonically from the centre to each end, the same on both sides, to a
    // light end (the whole lightness range is used); blue below 0 and red above, as in RdBu.
    void divergingLightnessRisesFromCentre_data() {
        QTest::addColumn<int>("direction");  // -1: towards the negative end
        QTest::newRow("negative half") << -1;
        QTest::newRow("positive half") << 1;
    }
    void divergingLightnessRisesFromCentre() {
        QFETCH(int, direction);
        const Colormap map(ColormapKind::Diverging, true);
        const auto& table = map.table();
        QCOMPARE(table.size(), 256);
        double previous = -1;
        for (int k = 0; k < 128; ++k) {
            const int i = direction < 0 ? 127 - k : 128 + k;
            const Lab lab = labOf(QColor::fromRgb(table[i]));
            QVERIFY2(
                lab.L > previous,
                qPrintable(
                    QStringLiteral("entry %1: L* %2 after %3").arg(i).arg(lab.L).arg(previous)));
            previous = lab.L;
            const Lab mirror = labOf(QColor::fromRgb(table[255 - i]));
            QVERIFY2(std::abs(lab.L - mirror.L) <= 1.0,
                     qPrintable(QStringLiteral("entries %1 and %2: L* %3 and %4")
                                    .arg(i)
                                    .arg(255 - i)
                                    .arg(lab.L)
                                    .arg(mirror.L)));
            if (k >= 16) {  // away from the neutral centre: the sign's hue
                if (direction < 0)
                    QVERIFY2(lab.b < -5, qPrintable(QString::number(i)));
                else
                    QVERIFY2(lab.a > 5, qPrintable(QString::number(i)));
            }
        }
        QVERIFY2(previous >= 70, qPrintable(QString::number(previous)));
    }

    // Every curve colour of the dark theme reads at 4.5:1 or more on the dark backgrounds, in
    // tab10's hue order (a legend's "blue" stays blue); the light theme keeps tab10.
    void curveColoursContrast_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < 10; ++i) QTest::newRow(qPrintable(QString::number(i))) << i;
    }
    void curveColoursContrast() {
        QFETCH(int, index);
        const QColor dark = curveColor(index, true), light = curveColor(index, false);
        for (const PaintStyle& s : {figureStyle(true), screenStyle(true)})
            QVERIFY2(contrast(dark, s.bg) >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3")
                                                                 .arg(dark.name(), s.bg.name())
                                                                 .arg(contrast(dark, s.bg))));
        const Lab ld = labOf(dark), ll = labOf(light);
        QVERIFY(ld.L >= ll.L - 0.5);  // lighter or the same, never darker
        if (ll.chroma() > 10)
            QVERIFY2(hueDistance(ld.hueDeg(), ll.hueDeg()) < 12,
                     qPrintable(QStringLiteral("%1 vs %2").arg(dark.name(), light.name())));
        else
            QVERIFY(ld.chroma() <= 10);  // the grey stays grey
        static const QRgb tab10[] = {0x1f77b4, 0xd62728, 0x2ca02c, 0xff7f0e, 0x9467bd,
                                     0x8c564b, 0xe377c2, 0x17becf, 0xbcbd22, 0x7f7f7f};
        QCOMPARE(light.rgb() & 0xffffffu, tab10[index]);
        QCOMPARE(curveColor(index + 10, true), dark);  // a ten-colour cycle
    }

    // The Model page's layer map: every kind's cells read at 3:1 or more on the dark background
    // (filled cells, WCAG's graphical-object contrast) and two kinds never share a colour.
    void layerMapKindsContrast_data() {
        QTest::addColumn<QString>("preset");
        for (const char* id : {"gemma-3-27b", "gemma-2-9b", "llama-4-scout", "gpt-oss-20b",
                               "llama-3.1-8b", "mistral-7b-v0.1"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void layerMapKindsContrast() {
        QFETCH(QString, preset);
        const auto model = loadModelPreset(preset);
        QVERIFY(model);
        LayerMapWidget map;
        map.setModel(&*model, {});
        map.setDark(true);
        QVERIFY(!map.kinds().isEmpty());
        QSet<QRgb> seen;
        for (const QString& kind : map.kinds()) {
            const QColor c = map.kindColor(kind);
            for (const PaintStyle& s : {figureStyle(true), screenStyle(true)})
                QVERIFY2(contrast(c, s.bg) >= 3.0, qPrintable(QStringLiteral("%1 %2 on %3: %4")
                                                                  .arg(kind, c.name(), s.bg.name())
                                                                  .arg(contrast(c, s.bg))));
            QVERIFY(!seen.contains(c.rgb()));
            seen.insert(c.rgb());
        }
    }

    // A rendered figure: signed quantities in the theme's diverging map (cells and colour bar,
    // every panel of a comparison), one-signed ones in viridis whatever the theme.
    void figureUsesThemeMap_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<bool>("dark");
        QTest::addColumn<Map>("uses");
        QTest::addColumn<Map>("avoids");
        QTest::newRow("concat compare, dark")
            << "concat/compare" << true << Map::Dark << Map::Light;
        QTest::newRow("concat compare, light")
            << "concat/compare" << false << Map::Light << Map::Dark;
        QTest::newRow("rope scores, dark") << "rope/scores" << true << Map::Dark << Map::Light;
        QTest::newRow("rope scores, light") << "rope/scores" << false << Map::Light << Map::Dark;
        QTest::newRow("alibi bias, dark") << "alibi/bias" << true << Map::Viridis << Map::Dark;
        QTest::newRow("alibi bias, light") << "alibi/bias" << false << Map::Viridis << Map::Light;
    }
    void figureUsesThemeMap() {
        QFETCH(QString, view);
        QFETCH(bool, dark);
        QFETCH(Map, uses);
        QFETCH(Map, avoids);
        const auto fig = figureOf(view);
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        FigureOptions o;
        o.dark = dark;
        const QImage image = figureImage(*fig, o);
        const Uses used = usesOf(image, tableSet(mapOf(uses)));
        const Uses avoided = usesOf(image, tableSet(mapOf(avoids)));
        // The colour bar shows (nearly) all 256 colours of its map, the cells many pixels.
        QVERIFY2(used.distinct >= 200, qPrintable(QString::number(used.distinct)));
        QVERIFY2(used.pixels > 20000, qPrintable(QString::number(used.pixels)));
        QVERIFY2(avoided.pixels < used.pixels / 1000,
                 qPrintable(QStringLiteral("%1 vs %2").arg(avoided.pixels).arg(used.pixels)));
        if (uses != Map::Viridis) {  // the middle of the colour bar: the map's centre
            const QRgb centre = mapOf(uses).at(0.5) | 0xff000000u;
            QVERIFY(usesOf(image, {centre}).pixels > 0);
        }
    }

    // A log colour scale's exact zeros (rope/precision: the positions bfloat16 stores exactly):
    // on the dark page they take the dark theme's grey, in the cells and in the colour bar's
    // "0 = exact" swatch, and no pixel is white (the light theme's zero, which would glare).
    void logZeroFollowsTheme() {
        const bool dark = true;
        // 16 positions: rows tall enough that position 0 (cos 0 = 1, exact) is a band of cells.
        const auto fig = figureOf("rope/precision", {{"n", "16"}});
        QVERIFY2(fig.ok(), fig.ok() ? "" : fig.error().message.c_str());
        QVERIFY(!fig->result.heatmaps.isEmpty() && fig->result.heatmaps.front().logColor);
        // The data have exact zeros: the cell images (made with the light zero colour) hold it.
        const QRgb white = zeroColor(false) | 0xff000000u;
        qint64 zeroCells = 0;
        for (const HeatmapData& h : fig->result.heatmaps)
            zeroCells += usesOf(h.image, {white}).pixels;
        QVERIFY(zeroCells > 0);
        FigureOptions o;
        o.dark = dark;
        const QImage image = figureImage(*fig, o);
        const QRgb own = zeroColor(dark) | 0xff000000u, other = zeroColor(!dark) | 0xff000000u;
        const qint64 zeros = usesOf(image, {own}).pixels;
        QVERIFY2(zeros > 10000, qPrintable(QString::number(zeros)));  // cells, not the swatch only
        QCOMPARE(usesOf(image, {other}).pixels, qint64(0));
    }

    // On screen: a heatmap of a signed quantity in the dark theme draws the dark map (cells and
    // colour bar), and the light map after switching back.
    void screenUsesThemeMap_data() {
        QTest::addColumn<bool>("dark");
        QTest::newRow("dark") << true;
        QTest::newRow("light") << false;
    }
    void screenUsesThemeMap() {
        QFETCH(bool, dark);
        const auto fig = figureOf("concat/compare");
        QVERIFY(fig.ok() && !fig->result.heatmaps.isEmpty());
        HeatmapWidget w;
        w.resize(640, 480);
        w.setDark(!dark);
        w.setData(fig->result.heatmaps.front());
        w.setDark(dark);
        const QImage shot = w.grab().toImage();
        const Uses used = usesOf(shot, tableSet(mapOf(dark ? Map::Dark : Map::Light)));
        const Uses avoided = usesOf(shot, tableSet(mapOf(dark ? Map::Light : Map::Dark)));
        QVERIFY2(used.distinct >= 128 && used.pixels > 5000,
                 qPrintable(
                     QStringLiteral("%1 colours, %2 pixels").arg(used.distinct).arg(used.pixels)));
        QVERIFY2(avoided.pixels < used.pixels / 1000, qPrintable(QString::number(avoided.pixels)));
    }

    // The rotation view has no background of its own: in a figure the figure's background fills
    // most of the page (no box of another colour), on screen its background is that of the
    // heatmap and chart views around it.
    void rotationBackground_data() {
        QTest::addColumn<bool>("dark");
        QTest::newRow("dark") << true;
        QTest::newRow("light") << false;
    }
    void rotationBackground() {
        QFETCH(bool, dark);
        const auto fig = figureOf("rope/rotation");
        QVERIFY(fig.ok() && !fig->result.rotation.pairs.empty());
        FigureOptions o;
        o.dark = dark;
        const auto [colour, share] = commonest(figureImage(*fig, o));
        QCOMPARE(QColor::fromRgb(colour), figureStyle(dark).bg);
        QVERIFY2(share > 0.8, qPrintable(QString::number(share)));

        RotationWidget rotation;
        rotation.resize(640, 360);
        rotation.setData(fig->result.rotation);
        rotation.setDark(dark);
        HeatmapWidget heat;
        heat.resize(640, 360);
        heat.setDark(dark);
        const QImage a = rotation.grab().toImage(), b = heat.grab().toImage();
        QCOMPARE(QColor::fromRgb(commonest(a).first), screenStyle(dark).bg);
        QCOMPARE(QColor(a.pixel(1, 1)), QColor(b.pixel(1, 1)));
        QCOMPARE(QColor(a.pixel(1, a.height() - 2)), QColor(b.pixel(1, b.height() - 2)));
    }
};

QTEST_MAIN(TestDarkTheme)
#include "tst_dark_theme.moc"
