// Labels that fit and numbers written for people (issue 13, figures review D5, D10, D11, D13).
// Every view of the catalog is computed once per language and painted at the 16:9 and 4:3 slides,
// an A4 page and one and two journal columns onto a paint device that records the text it is
// given (no image is rasterised, so this is cheap). Every piece of text must lie inside the
// canvas and inside any clip that applies to it (a label cut by its own box, "2.(" in D5, is
// drawn with a clip), no turned name (colour bar, y axis) may cover a number, the numbers are in
// the house convention (no "5e+05", no hyphen-minus), and at print sizes they are at least 6 pt.
// The number formatter itself is checked value by value.
#include <QPaintDevice>
#include <QPaintEngine>
#include <QRegularExpression>
#include <QtTest>
#include <cmath>
#include <limits>
#include <map>

#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "text_recorder.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/figure/axis.h"
#include "ui/figure/figure.h"
#include "ui/figure/number_format.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;
using poslab::test::TextBox;

using poslab::ui::test::catalogViewIds;
using poslab::ui::test::figureOf;

namespace {

// A number alone (a tick label, a colour-bar label), in any convention.
bool isNumber(const QString& t) {
    static const QRegularExpression re(
        QStringLiteral("^[-+\u2212]?[0-9.,\u202F\u2009 ]*[0-9][0-9.,\u202F\u2009 ]*"
                       "(e[-+]?[0-9]+|\\s*×\\s*10[\u207B\u2070\u00B9\u00B2\u00B3\u2074-\u2079]*)?$"
                       "|^10?[\u207B\u2070\u00B9\u00B2\u00B3\u2074-\u2079]+$"
                       "|^[\u207B\u2070\u00B9\u00B2\u00B3\u2074-\u2079]+$"));
    return re.match(t.trimmed()).hasMatch();
}

struct Size {
    QString name;
    QSize pixels;
    double dpi;
    bool print;
};

// Small pixel sizes with the physical size of the real presets (fonts follow both).
QVector<Size> sizes() {
    return {{"16:9", {960, 540}, 72, false},
            {"4:3", {800, 600}, 72, false},
            {"a4", sizeForPreset("a4", 72), 72, true},
            {"column", sizeForPreset("column", 150), 150, true},
            {"two-column", sizeForPreset("two-column", 100), 100, true}};
}

// "500_000" with the narrow no-break space of number_format.h for '_'.
QString g(const char* text) {
    return QString::fromUtf8(text).replace('_', QChar(0x202F));
}

}  // namespace

class TstFigureLabels : public QObject {
    Q_OBJECT
    std::map<std::pair<QString, QString>, Figure> m_figures;  // (language, view) -> figure
    QString m_lang;

    const Figure* figure(const QString& lang, const QString& view) {
        if (lang != m_lang) {
            applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
            m_lang = lang;
        }
        const auto key = std::make_pair(lang, view);
        if (auto it = m_figures.find(key); it != m_figures.end()) return &it->second;
        auto f = figureOf(view);
        if (!f) return nullptr;
        return &(m_figures[key] = *f);
    }

private slots:
    void initTestCase() { setUpApplication(); }

    void formatNumber_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("significant");
        QTest::addColumn<QString>("expected");
        QTest::newRow("500000") << 500000.0 << 4 << g("500_000");
        QTest::newRow("bound 13602.54") << 13602.54 << 6 << g("13_602.5");
        QTest::newRow("bound to 4 digits") << 13602.54 << 4 << g("13_603");
        QTest::newRow("4096 stays whole") << 4096.0 << 4 << QString("4096");
        QTest::newRow("machine epsilon") << 2.220446049250313e-16 << 2 << QString("2.2 × 10⁻¹⁶");
        QTest::newRow("16 digits") << 2.450817326860033e-14 << 4 << QString("2.451 × 10⁻¹⁴");
        QTest::newRow("negative") << -0.5 << 4 << QString("−0.5");
        QTest::newRow("zero") << 0.0 << 4 << QString("0");
        QTest::newRow("1e-5") << 1e-5 << 4 << QString("10⁻⁵");
        QTest::newRow("a million") << 1e6 << 4 << QString("10⁶");
        QTest::newRow("rounds up to 10^6") << 999999.7 << 4 << QString("10⁶");
        QTest::newRow("large negative") << -1234567.0 << 4 << QString("−1.235 × 10⁶");
        QTest::newRow("fifty million") << 5e7 << 4 << QString("5 × 10⁷");
        QTest::newRow("a thousandth") << 0.001 << 4 << QString("0.001");
        QTest::newRow("infinity") << -std::numeric_limits<double>::infinity() << 4 << QString("−∞");
    }
    void formatNumber() {
        QFETCH(double, value);
        QFETCH(int, significant);
        QFETCH(QString, expected);
        QCOMPARE(poslab::ui::formatNumber(value, significant), expected);
    }

    void axisLabelsShareOneFormat_data() {
        QTest::addColumn<QVector<double>>("ticks");
        QTest::addColumn<double>("step");
        QTest::addColumn<bool>("log");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("5e5 with its step")
            << QVector<double>{0, 2e5, 4e5, 6e5, 8e5, 1e6} << 2e5 << false
            << QStringList{"0", "2 × 10⁵", "4 × 10⁵", "6 × 10⁵", "8 × 10⁵", "1 × 10⁶"};
        QTest::newRow("500 000") << QVector<double>{0, 1e5, 2e5, 3e5, 4e5, 5e5} << 1e5 << false
                                 << QStringList{"0",          g("100_000"), g("200_000"),
                                                g("300_000"), g("400_000"), g("500_000")};
        QTest::newRow("grouped column") << QVector<double>{0, 5000, 10000, 15000} << 5000.0 << false
                                        << QStringList{"0", g("5_000"), g("10_000"), g("15_000")};
        QTest::newRow("signed") << QVector<double>{-1, -0.5, 0, 0.5, 1} << 0.5 << false
                                << QStringList{"−1.0", "−0.5", "0", "0.5", "1.0"};
        QTest::newRow("rounding level") << QVector<double>{-2e-16, 0, 2e-16} << 2e-16 << false
                                        << QStringList{"−2 × 10⁻¹⁶", "0", "2 × 10⁻¹⁶"};
        QTest::newRow("zero residue") << QVector<double>{-0.1, 2.7755575615628914e-17, 0.1} << 0.1
                                      << false << QStringList{"−0.1", "0", "0.1"};
        QTest::newRow("log small") << QVector<double>{1e-5, 1e-4, 1e-3, 1e-2} << 0.0 << true
                                   << QStringList{"10⁻⁵", "10⁻⁴", "10⁻³", "10⁻²"};
        QTest::newRow("log 1 to 1000") << QVector<double>{1, 10, 100, 1000} << 0.0 << true
                                       << QStringList{"1", "10", "100", "1000"};
        QTest::newRow("log across 1")
            << QVector<double>{1e-4, 1e-2, 1, 100, 1e4, 1e6} << 0.0 << true
            << QStringList{"10⁻⁴", "10⁻²", "10⁰", "10²", "10⁴", "10⁶"};
    }
    void axisLabelsShareOneFormat() {
        QFETCH(QVector<double>, ticks);
        QFETCH(double, step);
        QFETCH(bool, log);
        QFETCH(QStringList, expected);
        QCOMPARE(formatTicks(ticks, step, log), expected);
    }

    // Axes from niceAxis: one format per axis, no e-notation, no hyphen-minus, zero as 0.
    void niceAxesAreWrittenForPeople_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<bool>("log");
        QTest::newRow("decay x") << 0.0 << 700000.0 << false;
        QTest::newRow("millions") << 0.0 << 3.5e6 << false;
        QTest::newRow("signed unit") << -0.99 << 0.99 << false;
        QTest::newRow("tiny") << -3e-16 << 2.2e-16 << false;
        QTest::newRow("frequencies") << 1.2e-5 << 1.0 << true;
        QTest::newRow("lengths") << 1.0 << 4096.0 << true;
    }
    void niceAxesAreWrittenForPeople() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(bool, log);
        const AxisRange a = niceAxis(lo, hi, log, 9);
        QVERIFY(a.ticks.size() >= 2 && a.ticks.size() <= 9);
        int scientific = 0, nonZero = 0;
        for (double t : a.ticks) {
            const QString s = a.label(t);
            QVERIFY2(!s.contains('e') && !s.contains('-'), qPrintable(s));
            if (t == 0) QCOMPARE(s, QString("0"));
            if (t == 0) continue;
            ++nonZero;
            if (s.contains(QString("10")) && s.contains(QRegularExpression("[⁰¹²³⁴⁵⁶⁷⁸⁹]")))
                ++scientific;
        }
        QVERIFY2(
            scientific == 0 || scientific == nonZero,
            qPrintable(QStringLiteral("mixed formats: %1 of %2").arg(scientific).arg(nonZero)));
    }

    void exactValuesReadBack_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("base") << 500000.0 << g("500_000");
        QTest::newRow("tenth") << 0.1 << QString("0.1");
        QTest::newRow("epsilon") << 2.220446049250313e-16 << QString("2.220446049250313 × 10⁻¹⁶");
        QTest::newRow("negative") << -12.375 << QString("−12.375");
        QTest::newRow("large fraction") << 1234567.5 << QString("1.2345675 × 10⁶");
        QTest::newRow("ten to the 20") << 1e20 << QString("10²⁰");
    }
    void exactValuesReadBack() {
        QFETCH(double, value);
        QFETCH(QString, expected);
        const QString text = formatExact(value);
        QCOMPARE(text, expected);
        bool ok = false;
        QCOMPARE(plainNumberText(text).toDouble(&ok), value);
        QVERIFY(ok);
    }

    void labelsInsideTheCanvas_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<int>("size");
        const QStringList views = catalogViewIds();
        QVERIFY(views.size() > 50);
        for (const char* lang : {"en", "zh"})
            for (const QString& v : views)
                for (int i = 0; i < sizes().size(); ++i)
                    QTest::addRow("%s %s %s", lang, qPrintable(v), qPrintable(sizes()[i].name))
                        << QString(lang) << v << i;
    }
    void labelsInsideTheCanvas() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(int, size);
        const Size sz = sizes()[size];
        const Figure* f = figure(lang, view);
        QVERIFY2(f, qPrintable(view + ": not computed"));
        FigureOptions o;
        o.pixels = sz.pixels;
        o.dpi = sz.dpi;
        QCOMPARE(validateFigureOptions(o), QString());
        RecordingDevice device(o.pixels, o.dpi);
        QPainter p(&device);
        paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), *f, o);
        p.end();
        const QVector<TextBox>& boxes = device.boxes();
        QVERIFY(!boxes.isEmpty());
        const QRectF canvas =
            QRectF(QPointF(0, 0), QSizeF(o.pixels)).adjusted(-0.5, -0.5, 0.5, 0.5);
        const double pxPerPt = o.dpi / 72.0;
        for (const TextBox& b : boxes) {
            const QString where = QStringLiteral("'%1' at (%2, %3) %4 x %5")
                                      .arg(b.text)
                                      .arg(b.rect.x(), 0, 'f', 1)
                                      .arg(b.rect.y(), 0, 'f', 1)
                                      .arg(b.rect.width(), 0, 'f', 1)
                                      .arg(b.rect.height(), 0, 'f', 1);
            QVERIFY2(canvas.contains(b.rect), qPrintable(where + " leaves the canvas"));
            QVERIFY2(!b.clipped,
                     qPrintable(where + QStringLiteral(" is cut by its box (%1, %2) %3 x %4")
                                            .arg(b.clip.x())
                                            .arg(b.clip.y())
                                            .arg(b.clip.width())
                                            .arg(b.clip.height())));
            if (!isNumber(b.text)) continue;
            QVERIFY2(!b.text.contains('-') && !b.text.contains(QRegularExpression("\\de")),
                     qPrintable(where + " is not written for people"));
            if (sz.print)
                QVERIFY2(b.pixels / pxPerPt >= kMinTickPt - 1e-6,
                         qPrintable(where + QStringLiteral(" is %1 pt").arg(b.pixels / pxPerPt)));
            for (const TextBox& name : boxes)
                if (name.turned)
                    QVERIFY2(!name.rect.adjusted(0.5, 0.5, -0.5, -0.5).intersects(b.rect),
                             qPrintable(where + " is covered by '" + name.text + "'"));
        }
    }
};

QTEST_MAIN(TstFigureLabels)
#include "tst_figure_labels.moc"
