// The Model page as a first-class page (issue 25 item 6): Ctrl+E and Copy Figure on it export its
// charts (the models' names in the figure, both in every legend of a compare); two models share
// one axis 2j/d, so that kinds of other head sizes line up; each model keeps its colour and its
// name in every legend row; the hover reads the point under the cursor; the readouts' extended
// context is the wavelength chart's, for every preset.
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/ui/ui_test_util.h"
#include "ui/document/model_presets.h"
#include "ui/figure/export_dialog.h"
#include "ui/figure/figure_export.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_figure.h"
#include "ui/model/model_page.h"
#include "ui/model/model_readouts.h"
#include "ui/model/model_series.h"
#include "ui/model/scaling_chart.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

LoadedModel preset(const QString& id) {
    auto m = loadModelPreset(id);
    return m ? *m : LoadedModel{};
}

ModelSide sideOf(const LoadedModel& m) {
    return {&m, m.kindOr({})};
}

// The digits of a number in the house format ("131 072 (factor × L)" -> 131072).
double digitsOf(const QString& text) {
    QString d;
    for (const QChar c : text) {
        if (c.isDigit())
            d += c;
        else if (!d.isEmpty() && !c.isSpace() && c != QChar(0x202F))
            break;
    }
    return d.toDouble();
}

QString readSvg(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace

class TstModelFigure : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY(m_dir.isValid());
    }

    // Two presets of other head sizes on one axis 2j/d: the first pair at 0, the last at
    // 1 - 2/d (near 1 for both), and every x inside [0, 1) on all three pair charts.
    void normalisedAxisLinesUpHeadSizes_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("d 128 vs MLA d 64") << "llama-3.1-8b"
                                           << "deepseek-v3";
        QTest::newRow("d 128 vs d 64") << "qwen2.5-7b-yarn"
                                       << "gpt-oss-20b";
    }
    void normalisedAxisLinesUpHeadSizes() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        const LoadedModel ma = preset(a), mb = preset(b);
        QVERIFY(ma.valid() && mb.valid());
        QVERIFY(sideOf(ma).kind->rotaryDim != sideOf(mb).kind->rotaryDim);
        for (const ModelChartData& d :
             {frequencyChart(sideOf(ma), sideOf(mb)), wavelengthChart(sideOf(ma), sideOf(mb)),
              scalingChart(sideOf(ma), sideOf(mb))}) {
            QCOMPARE(d.pairAxis, std::optional<PairAxis>(PairAxis::Normalised));
            QVERIFY(d.xLabel.contains("2j/d"));
            QVERIFY(!d.curves.isEmpty());
            for (const ModelCurve& c : d.curves) {
                QVERIFY(c.pairs > 0);
                QCOMPARE(c.points.front().x(), 0.0);
                const double last = c.points.back().x();
                QCOMPARE(last, 1.0 - 1.0 / c.pairs);  // 1 - 2/d
                QVERIFY2(last > 0.95 && last < 1.0, qPrintable(d.title));
            }
        }
        // One model keeps the pair index j.
        const ModelChartData one = frequencyChart(sideOf(ma));
        QCOMPARE(one.pairAxis, std::optional<PairAxis>(PairAxis::Index));
        QCOMPARE(one.curves.back().points.back().x(), one.curves.back().pairs - 1.0);
    }

    // Two models: each in its own colour, every legend row names its model (the shared "dashed:
    // before scaling" aside), and no pair-class dots in one set of colours for both.
    void compareNamesBothModelsInEveryLegend() {
        const LoadedModel ma = preset("deepseek-v3"), mb = preset("llama-3.1-8b");
        for (const ModelChartData& d :
             {frequencyChart(sideOf(ma), sideOf(mb)), wavelengthChart(sideOf(ma), sideOf(mb)),
              scalingChart(sideOf(ma), sideOf(mb))}) {
            QSet<int> colours[2];
            for (const ModelCurve& c : d.curves) {
                QVERIFY(!c.classDots || c.classes.isEmpty());  // no dots in shared colours
                const QString name = c.name.isEmpty() ? c.hoverName : c.name;
                const int side = name.startsWith(ma.name) ? 0 : name.startsWith(mb.name) ? 1 : -1;
                QVERIFY2(side >= 0, qPrintable(d.title + ": " + name));
                colours[side].insert(c.color);
            }
            QCOMPARE(colours[0].size(), 1);
            QCOMPARE(colours[1].size(), 1);
            QVERIFY(*colours[0].begin() != *colours[1].begin());
            for (const ModelLine& l : d.hlines)
                QVERIFY2(l.label.startsWith(ma.name) || l.label.startsWith(mb.name),
                         qPrintable(l.label));
            QVERIFY(d.bands.isEmpty() ||
                    std::all_of(d.bands.begin(), d.bands.end(),
                                [](const ModelBand& b) { return b.label.isEmpty(); }));
        }
    }

    // The extended context: the readouts' number is the wavelength chart's line, for every
    // preset and kind with RoPE (Qwen2.5's YaRN x4: 131 072 = factor x L in both).
    void extendedContextAgrees() {
        int checked = 0;
        for (const ModelPreset& p : modelPresets()) {
            const LoadedModel m = preset(p.id);
            QVERIFY2(m.valid(), qPrintable(p.id));
            for (const auto& kind : m.config.kinds) {
                if (!kind.rope) continue;
                QString table;
                for (const Readout& r : kindReadouts(m, kind))
                    if (r.key == "max") table = r.value;
                const ModelChartData d = wavelengthChart({&m, &kind});
                const ModelLine* line = nullptr;
                for (const ModelLine& l : d.hlines)
                    if (l.id == "extended") line = &l;
                if (table == QStringLiteral("—")) {
                    QVERIFY2(!line, qPrintable(p.id));
                    continue;
                }
                QVERIFY2(line, qPrintable(p.id));
                QCOMPARE(digitsOf(table), line->y);
                QCOMPARE(digitsOf(line->label.section('=', 1)), line->y);
                QCOMPARE(table.contains("factor"), line->label.contains("factor"));
                ++checked;
            }
        }
        QVERIFY(checked >= 15);
        const LoadedModel q = preset("qwen2.5-7b-yarn");
        for (const Readout& r : kindReadouts(q, *q.kindOr({})))
            if (r.key == "max") QVERIFY2(digitsOf(r.value) == 131072, qPrintable(r.value));
    }

    // The hover reads the point under the cursor: its value, the model and the pair.
    void hoverReadsThePoint() {
        const LoadedModel ma = preset("llama-3.1-8b"), mb = preset("gpt-oss-20b");
        ModelChartWidget w;
        w.resize(640, 420);
        w.setData(frequencyChart(sideOf(ma), sideOf(mb)));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const ModelChartFrame f =
            modelChartFrame(QRectF(w.rect()), w.data(), makeScreenStyle(false, w.font()));
        QVERIFY(!f.plot.isEmpty());
        const ModelCurve& c = w.data().curves.back();  // gpt-oss, after scaling
        const QPointF pt = c.points[10];
        const QPointF at(f.ax.map(pt.x(), f.plot.left(), f.plot.right()),
                         f.ay.map(pt.y(), f.plot.bottom(), f.plot.top()));
        const QStringList tip = w.hoverTipAt(at + QPointF(1, 1));
        QVERIFY2(tip.size() >= 2, qPrintable(tip.join('|')));
        QVERIFY2(tip[1].contains(mb.name) && tip[1].contains("j = 10"), qPrintable(tip.join('|')));
        QVERIFY(tip[1].contains("2j/d"));
        QCOMPARE(tip.size(), 3);  // the pair's class
        QTest::mouseMove(&w, (at + QPointF(1, 1)).toPoint());
        QTRY_COMPARE(w.shownTip(), tip);
        QVERIFY(w.hoverTipAt(QPointF(2, 2)).isEmpty());  // the title, no plot
    }

    // Ctrl+E on the Model page: the dialog offers model_charts, Save writes a figure of the
    // page's charts, its title and legends naming both models of a compare.
    void ctrlEExportsTheModelPage() {
        MainWindow w(test::noSettings());
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showModelPage();
        QCOMPARE(w.modelPage()->openPreset("llama-3.1-8b"), QString());
        QCOMPARE(w.modelPage()->openComparePreset("deepseek-v3"), QString());
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        auto* dialog = w.findChild<ExportDialog*>("exportDialog");
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY2(dialog->path().endsWith("model_charts.pdf"), qPrintable(dialog->path()));
        const QString out = m_dir.filePath("model.svg");
        dialog->setPath(out);
        QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save),
                          Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(out).size() > 1000, 30000);
        const QString raw = readSvg(out);
        for (const QString& name : {QString("Llama 3.1 8B"), QString("DeepSeek-V3")})
            QVERIFY2(raw.count(name) >= 4, qPrintable(name));  // title, legends, footer
        QVERIFY(raw.contains("2j/d"));
        QVERIFY(!raw.contains("Long-range decay"));  // not the hidden RoPE page's view
        // Copy Figure: the same figure on the clipboard.
        QCOMPARE(w.figures()->copyToClipboard(), QString());
        const QMimeData* mime = QApplication::clipboard()->mimeData();
        QVERIFY(mime && mime->hasImage());
        QVERIFY(QString::fromUtf8(mime->data("image/svg+xml")).contains("DeepSeek-V3"));
        // No model: one line, no figure.
        w.modelPage()->clearModel();
        QVERIFY(!w.figures()->exportTo(nullptr, m_dir.filePath("none.svg"), {}).isEmpty());
        QVERIFY(!QFileInfo::exists(m_dir.filePath("none.svg")));
    }
};

QTEST_MAIN(TstModelFigure)
#include "tst_model_figure.moc"
