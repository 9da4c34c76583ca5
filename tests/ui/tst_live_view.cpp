// Moving a parameter in the panel recomputes the view off the GUI thread; the heatmap's data and
// its hover readout equal core's numbers exactly; sizes over the memory budget are refused in the
// panel before any computation; a value whose check reads a file (a `source` table) is checked
// by the worker, and its refusal reaches the same panel.
#include <QRegularExpression>
#include <QSlider>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "core/compute.h"
#include "tests/ui/ui_test_util.h"
#include "ui/compute/format.h"
#include "ui/panels/param_panel.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

class TestLiveView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void sliderMoveMatchesCore_data() {
        QTest::addColumn<int>("position");
        QTest::newRow("low base") << 200;
        QTest::newRow("middle") << 500;
        QTest::newRow("high base") << 900;
    }
    void sliderMoveMatchesCore() {
        QFETCH(int, position);
        MainWindow w(test::noSettings());
        w.openPage(test::mainPage());
        w.show();
        QVERIFY(test::waitIdle(w));
        auto* slider = qobject_cast<QSlider*>(w.paramPanel()->editorFor("base"));
        QVERIFY(slider);
        slider->setValue(position);
        QVERIFY(test::waitIdle(w));
        const core::ParamSet params = w.paramPanel()->values();
        QCOMPARE(w.page()->params(), params);
        const double base = params.real("base");
        QVERIFY(base > 2 && base < 1e7);

        // The first heatmap of the Overview against core, element by element.
        ViewWidget* view = nullptr;
        for (auto* v : w.page()->viewsOfTab(0))
            if (!v->heatmaps().isEmpty() && !view) view = v;
        QVERIFY(view);
        HeatmapWidget* hm = view->heatmaps().front();
        const auto& spec = view->spec();
        auto expected = core::compute(spec.encoding.toStdString(),
                                      spec.series.front().quantity.toStdString(), params);
        QVERIFY2(expected.ok(), expected.ok() ? "" : expected.error().message.c_str());
        const auto& data = hm->data();
        QVERIFY(data.array);
        QCOMPARE(data.array->shape, expected->shape);
        for (std::int64_t k = 0; k < expected->size(); ++k)
            QCOMPARE(data.array->at(k), expected->at(k));  // exact: the same double
        // The hover readout shows the exact value of the cell, or (a small panel draws blocks of
        // cells, issue 12) the block's index ranges with core's mean, min and max over them.
        const qint64 r = data.rows / 3, c = data.cols / 2;
        const double v = expected->at(r * data.cols + c);
        const QString text = hm->readout(r, c);
        const QRegularExpression block("= (\\d+)(?:–(\\d+))?, [^=]+= (\\d+)(?:–(\\d+))?: mean ");
        const QRegularExpressionMatch m = block.match(text);
        if (!m.hasMatch()) {
            QVERIFY2(text.endsWith(": " + exactText(v)), qPrintable(text));
        } else {
            const qint64 r0 = m.captured(1).toLongLong(), c0 = m.captured(3).toLongLong();
            const qint64 r1 = m.captured(2).isEmpty() ? r0 : m.captured(2).toLongLong();
            const qint64 c1 = m.captured(4).isEmpty() ? c0 : m.captured(4).toLongLong();
            QVERIFY(r0 <= r && r <= r1 && c0 <= c && c <= c1);
            double lo = 1e300, hi = -1e300, sum = 0;
            for (qint64 i = r0; i <= r1; ++i)
                for (qint64 j = c0; j <= c1; ++j) {
                    const double e = expected->at(i * data.cols + j);
                    lo = std::min(lo, e);
                    hi = std::max(hi, e);
                    sum += e;
                }
            auto num = [](double x) {
                return QString::number(x, 'g', 6).replace('-', QChar(0x2212));
            };
            const double mean = sum / double((r1 - r0 + 1) * (c1 - c0 + 1));
            QVERIFY2(text.contains("mean " + num(mean)) && text.contains("min " + num(lo)) &&
                         text.contains("max " + num(hi)),
                     qPrintable(text));
        }
        // ... and a real mouse move over the widget puts it in the status bar.
        const QPoint centre = hm->rect().center() + QPoint(position % 7, position % 5);
        QTest::mouseMove(hm, QPoint(1, 1));  // from outside the plot, so that a move happens
        QTest::mouseMove(hm, centre);
        const QPoint cell = hm->cellAt(centre);
        QVERIFY(cell.x() >= 0);
        QTRY_COMPARE(w.hoverText(), hm->readout(cell.y(), cell.x()));
    }

    void exactEntryAndReset() {
        MainWindow w(test::noSettings());
        w.openPage(test::mainPage());
        w.show();
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.paramPanel()->setText("base", "500000"));
        QVERIFY(test::waitIdle(w));
        QCOMPARE(w.page()->params().real("base"), 500000.0);
        // Strict parsing: a bad text is refused with the parameter named, nothing changes.
        QVERIFY(!w.paramPanel()->setText("base", "12x"));
        QVERIFY(w.paramPanel()->message().contains("base"));
        QCOMPARE(w.page()->params().real("base"), 500000.0);
    }

    // (A page without level of detail: RoPE's views open at 10 million positions since issue 12.)
    void overBudgetRefusedBeforeComputing() {
        MainWindow w(test::noSettings());
        w.openPage("alibi");
        w.show();
        QVERIFY(test::waitIdle(w));
        const quint64 before = w.scheduler()->latestGeneration();
        QVERIFY(w.paramPanel()->setText("n", "1000000"));  // n x n doubles: 7.3 TiB
        QVERIFY(w.paramPanel()->message().contains("memory budget"));
        QVERIFY(w.paramPanel()->message().contains("n") ||
                w.paramPanel()->message().contains("shape"));
        QCOMPARE(w.scheduler()->latestGeneration(), before);  // nothing was sent
        QVERIFY(w.paramPanel()->setText("n", "64"));
        QVERIFY(w.paramPanel()->message().isEmpty());
        QVERIFY(w.scheduler()->latestGeneration() > before);
        QVERIFY(test::waitIdle(w));
    }

    // The GUI thread reads no .npy: a missing `source` file is not noticed at the edit (the
    // request goes to the worker), and the worker's refusal names the parameter in the panel.
    // Clearing the value clears the message and the views compute again.
    void sourceFileCheckedOffTheGuiThread() {
        MainWindow w(test::noSettings());
        w.openPage("learned");
        w.show();
        QVERIFY(test::waitIdle(w));
        const quint64 before = w.scheduler()->latestGeneration();
        QTemporaryDir dir;
        QVERIFY(w.paramPanel()->setText("source", dir.filePath("missing.npy")));
        QVERIFY(w.paramPanel()->message().isEmpty());         // not checked here
        QVERIFY(w.scheduler()->latestGeneration() > before);  // but sent
        QVERIFY(test::waitIdle(w));
        QTRY_VERIFY(w.paramPanel()->message().contains("source"));
        QCOMPARE(w.page()->lastRefusal(), w.paramPanel()->message());
        QVERIFY(w.paramPanel()->setText("source", ""));
        QVERIFY(w.paramPanel()->message().isEmpty());
        QVERIFY(test::waitIdle(w));
        QVERIFY(w.paramPanel()->message().isEmpty());
        for (auto* v : w.page()->viewsOfTab(0))
            QVERIFY2(!v->hasError(), qPrintable(v->errorText()));
    }

    void undoRestoresPreviousValue() {
        MainWindow w(test::noSettings());
        w.openPage(test::mainPage());
        QVERIFY(test::waitIdle(w));
        const double original = w.page()->params().real("base");
        QVERIFY(w.paramPanel()->setText("base", "777"));
        QCOMPARE(w.page()->params().real("base"), 777.0);
        auto* stack = w.findChild<QUndoStack*>();
        QVERIFY(stack && stack->canUndo());
        stack->undo();
        QCOMPARE(w.page()->params().real("base"), original);
        QCOMPARE(w.paramPanel()->values().real("base"), original);
        QVERIFY(test::waitIdle(w));
    }
};

QTEST_MAIN(TestLiveView)
#include "tst_live_view.moc"
