// Figure titles (issue 13, figure typography). A title that does not fit one line at a modest
// shrink breaks into two (at " — ", else between words, between characters in Chinese) and is
// elided only where two lines do not fit either; the content moves down under it. The encoding's
// name and the view's title say a shared part once ("Concatenate vs add", not "Concatenate vs
// add — Concatenate vs add"). A compare figure names the quantity it compares. Every view of the
// catalogue is painted at a journal column and a 16:9 slide in both languages onto a device that
// records the text. Heatmap panels of one row share their label columns, so that their plots are
// of one size whatever their colour bars' numbers ("0.889" beside "8.28 × 10⁻⁸").
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "text_recorder.h"
#include "ui/catalog/view_spec.h"
#include "ui/figure/figure.h"
#include "ui/figure/figure_text.h"
#include "ui/figure/heatmap_paint.h"
#include "ui/figure/paint_style.h"
#include "ui/figure/quantity_words.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;
using poslab::test::TextBox;
using poslab::ui::test::catalogViewIds;
using poslab::ui::test::figureOf;
using poslab::ui::test::FigureSize;
using poslab::ui::test::figureSizes;
using poslab::ui::test::pageOf;

namespace {

bool isIdeograph(QChar c) {
    return (c.unicode() >= 0x3040 && c.unicode() <= 0x30FF) ||
           (c.unicode() >= 0x3400 && c.unicode() <= 0x9FFF);
}

// A title's words: runs of letters and digits, and each CJK character on its own.
QStringList wordsOf(const QString& title) {
    QStringList words;
    QString word;
    for (QChar c : title) {
        if (c.isLetterOrNumber() && !isIdeograph(c)) {
            word += c.toLower();
            continue;
        }
        if (!word.isEmpty()) words << word;
        word.clear();
        if (isIdeograph(c)) words << QString(c);
    }
    if (!word.isEmpty()) words << word;
    return words;
}

// A phrase said twice: two words or more with three letters at least, or five CJK characters or
// more (a Chinese word is two to four: one word said twice is no phrase, as "bias … Bias" is
// none), found again after its end.
QString repeatedPhrase(const QString& title) {
    const QStringList w = wordsOf(title);
    for (qsizetype n = 2; n <= w.size() / 2; ++n)
        for (qsizetype i = 0; i + 2 * n <= w.size(); ++i) {
            const QStringList phrase = w.mid(i, n);
            const bool cjk = std::all_of(phrase.begin(), phrase.end(),
                                         [](const QString& s) { return isIdeograph(s[0]); });
            if ((cjk && n < 5) || phrase.join(QString()).size() < 3) continue;
            for (qsizetype j = i + n; j + n <= w.size(); ++j)
                if (w.mid(j, n) == phrase) return phrase.join(QLatin1Char(' '));
        }
    return {};
}

// A title as drawn, whatever its breaks: no spaces, no dash.
QString bare(QString s) {
    s.remove(QChar(0x2014));
    s.remove(QRegularExpression(QStringLiteral("\\s")));
    return s;
}

QString describe(const QRectF& r) {
    return QStringLiteral("(%1, %2) %3 x %4")
        .arg(r.x(), 0, 'f', 1)
        .arg(r.y(), 0, 'f', 1)
        .arg(r.width(), 0, 'f', 1)
        .arg(r.height(), 0, 'f', 1);
}

QFont titleFont(bool chinese, double pixels) {
    QFont f(chinese ? QStringLiteral("Noto Sans CJK SC") : QStringLiteral("DejaVu Sans"));
    f.setPixelSize(static_cast<int>(pixels));
    f.setBold(true);
    return f;
}

}  // namespace

class TstFigureTitles : public QObject {
    Q_OBJECT
    std::map<std::pair<QString, QString>, Figure> m_figures;  // (language, view) -> figure
    QString m_lang;

    void useLanguage(const QString& lang) {
        if (lang == m_lang) return;
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        m_lang = lang;
    }

    const Figure* figure(const QString& lang, const QString& view) {
        useLanguage(lang);
        const auto key = std::make_pair(lang, view);
        if (auto it = m_figures.find(key); it != m_figures.end()) return &it->second;
        auto f = figureOf(view);
        if (!f) return nullptr;
        return &(m_figures[key] = *f);
    }

    static void addViewRows(const QStringList& views, const QStringList& sizeNames) {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("size");
        QVERIFY(!views.isEmpty());
        for (const char* lang : {"en", "zh"})
            for (const QString& v : views)
                for (const QString& s : sizeNames)
                    QTest::addRow("%s %s %s", lang, qPrintable(v), qPrintable(s))
                        << QString(lang) << v << s;
    }

private slots:
    void initTestCase() { setUpApplication(); }

    void composeTitle_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("title");
        QTest::newRow("different") << "RoPE (rotary)"
                                   << "Angles"
                                   << "RoPE (rotary) — Angles";
        QTest::newRow("equal") << "Concatenate vs add"
                               << "Concatenate vs add"
                               << "Concatenate vs add";
        QTest::newRow("equal, case aside") << "Concatenate vs add"
                                           << "concatenate vs add"
                                           << "Concatenate vs add";
        QTest::newRow("equal zh") << "拼接与相加"
                                  << "拼接与相加"
                                  << "拼接与相加";
        QTest::newRow("view starts with the name") << "Learned"
                                                   << "Learned table (initialisation)"
                                                   << "Learned table (initialisation)";
        QTest::newRow("view starts with most of the name") << "可学习位置编码"
                                                           << "可学习位置表(初始化)"
                                                           << "可学习位置表(初始化)";
        QTest::newRow("view starts with a lesser part of the name")
            << "Hierarchical decomposition"
            << "Hierarchical table"
            << "Hierarchical decomposition — Hierarchical table";
        QTest::newRow("a word that only starts like the name") << "RoPE"
                                                               << "Ropes"
                                                               << "RoPE — Ropes";
        QTest::newRow("name holds the view") << "Bilinear similarity P H Pᵀ"
                                             << "P H Pᵀ"
                                             << "Bilinear similarity P H Pᵀ";
        QTest::newRow("name ends as the view begins")
            << "Bilinear similarity P H Pᵀ"
            << "P H Pᵀ: relative part, absolute part"
            << "Bilinear similarity P H Pᵀ: relative part, absolute part";
        QTest::newRow("zh: name ends as the view begins")
            << "双线性相似度 P H Pᵀ"
            << "P H Pᵀ:相对部分与绝对部分"
            << "双线性相似度 P H Pᵀ:相对部分与绝对部分";
        QTest::newRow("one letter is no phrase") << "Table P"
                                                 << "P Pᵀ"
                                                 << "Table P — P Pᵀ";
        QTest::newRow("part of a word is no phrase") << "Toeplitz"
                                                     << "litz"
                                                     << "Toeplitz — litz";
        QTest::newRow("no view title") << "ALiBi"
                                       << ""
                                       << "ALiBi";
    }
    void composeTitle() {
        QFETCH(QString, name);
        QFETCH(QString, view);
        QFETCH(QString, title);
        QCOMPARE(poslab::ui::composeTitle(name, view), title);
    }

    void fitTitle_data() {
        QTest::addColumn<QString>("title");
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<double>("width");  // in title pixels (the font is 20 px)
        QTest::addColumn<QStringList>("lines");
        QTest::newRow("fits") << "RoPE — Angles" << false << 40.0 << QStringList{"RoPE — Angles"};
        QTest::newRow("at the dash")
            << "Decay as an oscillatory integral — Decay: sum vs integral" << false << 20.0
            << QStringList{"Decay as an oscillatory integral", "Decay: sum vs integral"};
        // Without a dash: two lines of whole words (of characters in Chinese), as even as the
        // breaks allow (empty: checked below).
        QTest::newRow("between words")
            << "Shaw relative positions with clipped distances and a learned table" << false << 20.0
            << QStringList();
        QTest::newRow("zh at the dash")
            << "远程衰减与振荡积分 — 衰减:求和与积分,各种 θ 取法" << true << 12.0
            << QStringList{"远程衰减与振荡积分", "衰减:求和与积分,各种 θ 取法"};
        QTest::newRow("zh between characters")
            << "层次分解位置编码表在两个尺度上的相似度与误差比较" << true << 14.0 << QStringList();
        QTest::newRow("zh not before a comma")
            << "层次分解位置编码表在两个尺度上的相似度,与误差比较" << true << 14.0 << QStringList();
    }
    void fitTitle() {
        QFETCH(QString, title);
        QFETCH(bool, chinese);
        QFETCH(double, width);
        QFETCH(QStringList, lines);
        const QFont font = titleFont(chinese, 20);
        const double px = width * 20;
        const TitleLayout t = poslab::ui::fitTitle(title, font, px);
        if (!lines.isEmpty()) {
            QCOMPARE(t.lines, lines);
        } else {
            QCOMPARE(t.lines.size(), 2);
            QCOMPARE(t.lines.join(chinese ? QString() : QStringLiteral(" ")), title);
            // Even: moving the break by one word would not shorten the longer line.
            const QFontMetricsF fm(font);
            const double longer =
                std::max(fm.horizontalAdvance(t.lines[0]), fm.horizontalAdvance(t.lines[1]));
            QVERIFY(longer < fm.horizontalAdvance(title) * 0.62);
            for (const QString& l : t.lines)
                QVERIFY2(!l.startsWith(QChar(0xFF0C)) && !l.startsWith(','), qPrintable(l));
        }
        QVERIFY(t.font.pixelSize() >= 16 && t.font.pixelSize() <= 20);
        for (const QString& l : t.lines)
            QVERIFY2(QFontMetricsF(t.font).horizontalAdvance(l) <= px, qPrintable(l));
    }
    void fitTitleElidesOnlyWhatTwoLinesCannotHold() {
        const QFont font = titleFont(false, 20);
        const QString title = QStringLiteral("Alpha beta gamma delta epsilon zeta eta theta");
        const double one = QFontMetricsF(font).horizontalAdvance(title);
        // Two lines at 0.8 hold about 1.6 of the width; a third of it does not.
        const TitleLayout two = poslab::ui::fitTitle(title, font, one * 0.6);
        QCOMPARE(two.lines.size(), 2);
        QVERIFY(!two.lines.join(' ').contains(QChar(0x2026)));
        const TitleLayout cut = poslab::ui::fitTitle(title, font, one * 0.3);
        QCOMPARE(cut.lines.size(), 2);
        QVERIFY(cut.lines.join(' ').contains(QChar(0x2026)));
        QCOMPARE(cut.font.pixelSize(), 16);
    }

    // Every view at a journal column and a 16:9 slide: the title drawn whole (never "…"), in one
    // or two lines, inside the canvas, and everything else below it.
    // (A lesson deck's page: the step's title over the view's, which is then smaller.)
    void titleWholeAndAboveTheRest_data() {
        addViewRows(catalogViewIds(), {"column", "16:9", "column lesson"});
    }
    void titleWholeAndAboveTheRest() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(QString, size);
        const Figure* computed = figure(lang, view);
        QVERIFY2(computed, qPrintable(view + ": not computed"));
        Figure fig = *computed;
        const Figure* f = &fig;
        if (size.endsWith(QStringLiteral(" lesson")))
            fig.subtitle =
                lang == "zh" ? QStringLiteral("第三步:只有角度之差") : QStringLiteral("Step three");
        const FigureSize sz = figureSizes()[size.section(' ', 0, 0)];
        FigureOptions o;
        o.pixels = sz.pixels;
        o.dpi = sz.dpi;
        RecordingDevice device(o.pixels, o.dpi);
        QPainter p(&device);
        paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), *f, o);
        p.end();
        const QVector<TextBox>& boxes = device.boxes();
        // The step's title, then the view's are painted first: the leading pieces that spell them.
        qsizetype n = 0;
        QString step;
        for (; n < boxes.size() && step.size() < bare(f->subtitle).size(); ++n)
            step += bare(boxes[n].text);
        QCOMPARE(step, bare(f->subtitle));
        const double stepBottom = n > 0 ? boxes[n - 1].rect.bottom() : 0;
        const QString want = bare(f->title);
        QString drawn;
        QRectF title;
        QVector<QRectF> lines;  // the title's lines: pieces that overlap vertically share one
        for (; n < boxes.size() && drawn.size() < want.size(); ++n) {
            const QRectF r = boxes[n].rect;
            drawn += bare(boxes[n].text);
            title = title.united(r);
            auto line = std::find_if(lines.begin(), lines.end(), [&](const QRectF& l) {
                return r.top() < l.bottom() - 1 && r.bottom() > l.top() + 1;
            });
            if (line == lines.end())
                lines << r;
            else
                *line = line->united(r);
        }
        QVERIFY2(!drawn.contains(QChar(0x2026)), qPrintable("elided: " + drawn));
        QCOMPARE(drawn, want);
        QVERIFY2(lines.size() <= 2, qPrintable(QString::number(lines.size()) + " lines"));
        const QRectF canvas =
            QRectF(QPointF(0, 0), QSizeF(o.pixels)).adjusted(-0.5, -0.5, 0.5, 0.5);
        QVERIFY2(canvas.contains(title), qPrintable(describe(title) + " leaves the canvas"));
        QVERIFY2(title.top() >= stepBottom - 0.5, qPrintable(describe(title)));
        for (qsizetype i = n; i < boxes.size(); ++i)
            QVERIFY2(boxes[i].rect.top() >= title.bottom() - 0.5,
                     qPrintable("'" + boxes[i].text + "' at " + describe(boxes[i].rect) +
                                " reaches into the title " + describe(title)));
    }

    // No title says a phrase twice, in either language.
    void titleSaysAPhraseOnce_data() { addViewRows(catalogViewIds(), {"16:9"}); }
    void titleSaysAPhraseOnce() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        const Figure* f = figure(lang, view);
        QVERIFY2(f, qPrintable(view + ": not computed"));
        const QString again = repeatedPhrase(f->title);
        QVERIFY2(again.isEmpty(), qPrintable("'" + f->title + "' says '" + again + "' twice"));
    }
    void repeatedPhraseIsFound() {
        QCOMPARE(repeatedPhrase("Concatenate vs add — Concatenate vs add"), "concatenate vs");
        QCOMPARE(repeatedPhrase("拼接与相加 — 拼接与相加"), "拼 接 与 相 加");
        QCOMPARE(repeatedPhrase("Bilinear similarity P H Pᵀ — P H Pᵀ"), "h pᵀ");
        QCOMPARE(repeatedPhrase("二维正弦位置编码 — 二维位置编码表"), QString());
        QCOMPARE(repeatedPhrase("T5 relative bias — Bias per head"), QString());
    }

    // A compare figure names the quantity it compares, in the words of the view's list, and
    // curves of it say it on their y axis.
    void compareNamesItsQuantity_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("quantity");  // empty: the view's own
        const QStringList views = catalogViewIds(true);
        QVERIFY(views.size() > 10);
        for (const char* lang : {"en", "zh"}) {
            for (const QString& v : views)
                QTest::addRow("%s %s", lang, qPrintable(v)) << QString(lang) << v << QString();
            QTest::addRow("%s rope/compare frequencies", lang)
                << QString(lang) << QStringLiteral("rope/compare") << QStringLiteral("frequencies");
        }
    }
    void compareNamesItsQuantity() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(QString, quantity);
        useLanguage(lang);
        const PageSpec* page = pageOf(view);
        QVERIFY(page);
        ViewState state = defaultViewState(*page->findView(view), *page);
        if (!quantity.isEmpty()) state.cmpQuantity = quantity;
        auto f = figureOf(view, {}, state);
        QVERIFY2(f, f ? "" : f.error().message.c_str());
        const auto* enc = core::registry().find(page->encoding.toStdString());
        QVERIFY(enc);
        const QString id = state.cmpQuantity.isEmpty()
                               ? QString::fromStdString(enc->quantities.front().id)
                               : state.cmpQuantity;
        const core::QuantitySpec* q = enc->findQuantity(id.toStdString());
        QVERIFY2(q, qPrintable(id));
        const QString words = QString::fromStdString(lang == "zh" ? q->titleZh : q->titleEn);
        QVERIFY(!words.isEmpty());
        // Said once: in the encoding's name where that holds them ("Bilinear similarity P H Pᵀ").
        QVERIFY2(f->title.contains(words, Qt::CaseInsensitive),
                 qPrintable(f->title + " does not name " + words));
        if (!f->result.lines.curves.isEmpty()) {
            QVERIFY2(!f->yLabel.isEmpty(), qPrintable(view + ": no y axis name"));
            QVERIFY2(words.startsWith(f->yLabel), qPrintable(f->yLabel));
        }
    }
    void quantityAxisNameDropsTheDefinition() {
        const auto* rope = core::registry().find("rope");
        QVERIFY(rope);
        useLanguage("en");
        QCOMPARE(quantityAxisName(*rope, "decay"), QStringLiteral("Long-range decay g(x)"));
        QCOMPARE(quantityAxisName(*rope, "frequencies"), quantityWords(*rope, "frequencies"));
        QCOMPARE(quantityWords(*rope, "no_such_quantity"), QStringLiteral("no_such_quantity"));
        const auto* t5 = core::registry().find("t5");
        QVERIFY(t5);
        // A list before " = " keeps the words whole.
        QCOMPARE(quantityAxisName(*t5, "buckets"), quantityWords(*t5, "buckets"));
    }

    // Heatmap panels of one row with the same cells have plots of one size, whatever their
    // colour bars' labels.
    void panelsOfOneRowAlike_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("size");
        useLanguage("en");
        QStringList views;
        for (const QString& v : catalogViewIds()) {
            const Figure* f = figure("en", v);
            if (f && f->result.heatmaps.size() > 1) views << v;
        }
        QVERIFY(views.contains("urpe/product"));
        for (const char* lang : {"en", "zh"})
            for (const QString& v : views)
                for (const auto& [name, size] : figureSizes())
                    QTest::addRow("%s %s %s", lang, qPrintable(v), qPrintable(name))
                        << QString(lang) << v << name;
    }
    void panelsOfOneRowAlike() {
        QFETCH(QString, lang);
        QFETCH(QString, view);
        QFETCH(QString, size);
        const Figure* f = figure(lang, view);
        QVERIFY2(f, qPrintable(view + ": not computed"));
        const FigureSize sz = figureSizes()[size];
        FigureOptions o;
        o.pixels = sz.pixels;
        o.dpi = sz.dpi;
        QImage image(o.pixels, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&image);
        const QVector<QRectF> plots =
            figureHeatmapPlots(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), *f, o);
        p.end();
        const QVector<HeatmapData>& panels = f->result.heatmaps;
        QCOMPARE(plots.size(), panels.size());
        int pairs = 0;
        for (qsizetype i = 0; i < panels.size(); ++i)
            for (qsizetype j = i + 1; j < panels.size(); ++j) {
                const bool oneRow = std::abs(plots[i].top() - plots[j].top()) < 0.5;
                const bool alike = allCells(panels[i]).size() == allCells(panels[j]).size();
                if (!oneRow || !alike || !panels[i].error.isEmpty() || !panels[j].error.isEmpty())
                    continue;
                ++pairs;
                QVERIFY2(std::abs(plots[i].width() - plots[j].width()) < 0.5 &&
                             std::abs(plots[i].height() - plots[j].height()) < 0.5,
                         qPrintable(QStringLiteral("panel %1 %2, panel %3 %4")
                                        .arg(i)
                                        .arg(describe(plots[i]))
                                        .arg(j)
                                        .arg(describe(plots[j]))));
            }
        if (pairs == 0) QSKIP("no two panels of one row with the same cells");
    }
};

QTEST_MAIN(TstFigureTitles)
#include "tst_figure_titles.moc"
