// Issue 26's pages after review: NoPE's attention view covers the page's n (cell means of all
// positions, the footer saying how many per cell), its distinct readout gives every number format
// (bfloat16 over 4096 positions: 746, spec E8); ReRoPE's window is marked on the effective
// position map (the diagonals |i − j| = w) and on the decay (a vertical line); FIRE's threshold
// row pos_i = L on the normalised distance; p-RoPE is named in the page's title, the browser's
// entry and the figure's title.
#include <QTreeWidget>
#include <QtTest>

#include "tests/ui/figure_test_util.h"
#include "tests/ui/text_recorder.h"
#include "ui/catalog/page_title.h"
#include "ui/compute/cell_blocks.h"
#include "ui/figure/figure.h"
#include "ui/figure/number_format.h"
#include "ui/panels/encoding_browser.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;
using poslab::test::RecordingDevice;
using poslab::ui::test::figureOf;

namespace {

QString paintedText(const Figure& f) {
    FigureOptions o;
    RecordingDevice device(o.pixels, o.dpi);
    QPainter p(&device);
    paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), f, o);
    p.end();
    QString all;
    for (const auto& b : device.boxes()) all += b.text + QLatin1Char('\n');
    return all;
}

// Without the spaces of the house's number format ("4 096") and of the separators.
QString squeeze(QString s) {
    for (QChar c : {QChar(' '), QChar(0xA0), QChar(0x202F), QChar(0x2009)}) s.remove(c);
    return s;
}

core::ParamSet ropeParams(const QMap<QString, QString>& texts) {
    const PageSpec* page = Catalog::instance().find("rope");
    const auto* enc = core::registry().find("rope");
    auto p = paramsFromTexts(*enc, pagePresetParams(*page), texts);
    return p ? *p : core::ParamSet{};
}

}  // namespace

class TstExtrapolationMarks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void nopeAttentionCoversN_data() {
        QTest::addColumn<QString>("n");
        QTest::addColumn<qint64>("cells");
        QTest::addColumn<QString>("perCell");  // the footer's words; empty: one position a cell
        QTest::newRow("64") << "64" << qint64(64) << "";
        QTest::newRow("300") << "300" << qint64(300) << "";
        QTest::newRow("4096") << "4096" << qint64(512) << "each cell: 8 rows × 8 columns";
        QTest::newRow("100000") << "100000" << qint64(512)
                                << "each cell: 195–196 rows × 195–196 columns";
    }
    void nopeAttentionCoversN() {
        QFETCH(QString, n);
        QFETCH(qint64, cells);
        QFETCH(QString, perCell);
        auto f = figureOf("nope/attention", {{"n", n}});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        QCOMPARE(f->result.heatmaps.size(), 1);
        const HeatmapData& h = f->result.heatmaps[0];
        QCOMPARE(h.rows, cells);
        QCOMPARE(h.cols, cells);
        QCOMPARE(h.rowMap.totalOr(h.rows), n.toLongLong());  // the axes run over all n
        QCOMPARE(h.colMap.totalOr(h.cols), n.toLongLong());
        QVERIFY2(!f->title.contains(QStringLiteral("64")), qPrintable(f->title));
        QVERIFY2(f->footer.contains(QStringLiteral("n = ") + formatExact(n.toDouble())),
                 qPrintable(f->footer));
        const QString all = paintedText(*f);
        if (perCell.isEmpty())
            QVERIFY2(!all.contains(QStringLiteral("each cell")), qPrintable(all));
        else
            QVERIFY2(all.contains(perCell), qPrintable(all));
    }

    void nopeDistinctEveryFormat_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QStringList>("parts");
        QTest::newRow("en") << "en"
                            << QStringList{"float32: 4096", "bfloat16: 746", "float16: 2896"};
        QTest::newRow("zh") << "zh"
                            << QStringList{QString::fromUtf8("float32：4096"),
                                           QString::fromUtf8("bfloat16：746；")};
    }
    void nopeDistinctEveryFormat() {
        QFETCH(QString, lang);
        QFETCH(QStringList, parts);
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        for (const QString precision : {"float64", "bfloat16"}) {  // the page's format: no matter
            auto f = figureOf("nope/distinct", {{"n", "4096"}, {"precision", precision}});
            QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
            const QString value = squeeze(f->result.value);
            for (const QString& part : parts)
                QVERIFY2(value.contains(squeeze(part)),
                         qPrintable(f->result.value + " lacks " + part));
        }
    }

    void reropeWindowMarked_data() {
        QTest::addColumn<QString>("window");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("label");
        QTest::newRow("preset, en") << "32"
                                    << "en"
                                    << "window w = 32";
        QTest::newRow("100, zh") << "100"
                                 << "zh" << QString::fromUtf8("窗口 w = 100");
    }
    void reropeWindowMarked() {
        QFETCH(QString, window);
        QFETCH(QString, lang);
        QFETCH(QString, label);
        applyLanguage(lang == "zh" ? Lang::Zh : Lang::En);
        auto map = figureOf("rerope/positions", {{"window", window}});
        QVERIFY2(map.ok(), map ? "" : map.error().message.c_str());
        QCOMPARE(map->result.heatmaps.size(), 1);
        const auto& marks = map->result.heatmaps[0].marks;
        QCOMPARE(marks.size(), 1);
        QCOMPARE(marks[0].lines, MarkLines::Band);
        QCOMPARE(marks[0].index, window.toDouble());
        QCOMPARE(marks[0].label.text(), label);
        QVERIFY2(paintedText(*map).contains("w = " + window), qPrintable(paintedText(*map)));
        auto decay = figureOf("rerope/decay", {{"window", window}});
        QVERIFY2(decay.ok(), decay ? "" : decay.error().message.c_str());
        QCOMPARE(decay->result.lines.vmarkers.size(), 1);
        QCOMPARE(decay->result.lines.vmarkers[0].x, window.toDouble());
        // Chinese is painted in runs broken at spaces: the number's run.
        QVERIFY2(paintedText(*decay).contains("w = " + window), qPrintable(paintedText(*decay)));
        QVERIFY2(paintedText(*decay).remove('\n').contains(label), qPrintable(paintedText(*decay)));
    }

    void fireThresholdRow_data() {
        QTest::addColumn<QString>("threshold");
        QTest::addColumn<QString>("offset");
        QTest::addColumn<double>("row");
        QTest::newRow("preset") << "512"
                                << "0" << 512.5;
        QTest::newRow("offset 100") << "512"
                                    << "100" << 412.5;
        QTest::newRow("64") << "64"
                            << "0" << 64.5;
    }
    void fireThresholdRow() {
        QFETCH(QString, threshold);
        QFETCH(QString, offset);
        QFETCH(double, row);
        auto f =
            figureOf("fire/normalized_distance", {{"threshold", threshold}, {"offset", offset}});
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        const auto& marks = f->result.heatmaps[0].marks;
        QCOMPARE(marks.size(), 1);
        QCOMPARE(marks[0].lines, MarkLines::Row);
        QCOMPARE(marks[0].index, row);
        const QString all = paintedText(*f);
        QVERIFY2(all.contains("threshold L = " + threshold), qPrintable(all));
    }

    void pRopeNamed_data() {
        QTest::addColumn<QString>("scaling");
        QTest::addColumn<QString>("factor");
        QTest::addColumn<QString>("en");
        QTest::addColumn<QString>("zh");
        QTest::newRow("p-RoPE 0.25") << "proportional"
                                     << "1"
                                     << "RoPE (p-RoPE, p = 0.25)"
                                     << QString::fromUtf8("旋转位置编码 RoPE（p-RoPE，p = 0.25）");
        QTest::newRow("proportional 2")
            << "proportional"
            << "2"
            << "RoPE (rotary)" << QString::fromUtf8("旋转位置编码 RoPE");
        QTest::newRow("none") << "none"
                              << "1"
                              << "RoPE (rotary)" << QString::fromUtf8("旋转位置编码 RoPE");
    }
    void pRopeNamed() {
        QFETCH(QString, scaling);
        QFETCH(QString, factor);
        QFETCH(QString, en);
        QFETCH(QString, zh);
        const QMap<QString, QString> texts{
            {"scaling", scaling}, {"factor", factor}, {"partial_rotary_factor", "0.25"}};
        const core::ParamSet p = ropeParams(texts);
        const PageSpec* page = Catalog::instance().find("rope");
        QVERIFY(page);
        const LocalText t = pageTitleFor(*page, p);
        QCOMPARE(t.en, en);
        QCOMPARE(t.zh, zh);
        // The browser's entry, in both languages, and the figure's title.
        EncodingBrowser browser(Catalog::instance());
        browser.setPageTitle("rope", t);
        auto entry = [&browser] {
            for (QTreeWidgetItem* i :
                 browser.tree()->findItems("*", Qt::MatchWildcard | Qt::MatchRecursive))
                if (i->data(0, Qt::UserRole).toString() == "rope") return i->text(0);
            return QString();
        };
        QCOMPARE(entry(), en);
        applyLanguage(Lang::Zh);
        QCOMPARE(entry(), zh);
        auto f = figureOf("rope/decay", texts);
        QVERIFY2(f.ok(), f ? "" : f.error().message.c_str());
        QVERIFY2(f->title.contains(zh), qPrintable(f->title));
        applyLanguage(Lang::En);
        QCOMPARE(entry(), en);
    }
};

QTEST_MAIN(TstExtrapolationMarks)
#include "tst_extrapolation_marks.moc"
