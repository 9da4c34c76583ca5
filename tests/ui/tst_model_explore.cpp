// "Explore in …" from the Model page (models.md M5.4, issue 24): RoPE's decay and scores open at
// the model's sequence length s (the largest length the views take when s is past it, said in
// the status bar) and mark L (a scaled kind's original context), max and s, equal ones as one
// mark; every figure's footer names the model; undo takes the marks away with the values and
// redo brings them back; Reset all parameters and a lesson step drop them. The marks are the
// command line's (`render rope/decay --model`): one function makes both.
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/session_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/compute/model_marks.h"
#include "ui/figure/figure.h"
#include "ui/model/model_page.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

using Marks = QMap<double, QString>;  // position -> label

Marks decayMarks(const ViewResult& r) {
    Marks m;
    for (const VMarker& v : r.lines.vmarkers)
        if (!v.label.text().isEmpty()) m.insert(v.x, v.label.text());
    return m;
}

Marks scoresMarks(const ViewResult& r) {
    Marks m;
    for (const HeatmapData& h : r.heatmaps)
        for (const AxisMark& a : h.marks) m.insert(a.index, a.label.text());
    return m;
}

qint64 integer(const MainWindow& w, const char* name) {
    return w.page()->params().integer(name);
}

}  // namespace

class TestModelExplore : public QObject {
    Q_OBJECT
    test::WindowFixture m_fixture;
    MainWindow* w() const { return m_fixture.window(); }

    // The view `viewId` of the current page, computed.
    ViewWidget* shown(const QString& viewId) {
        const int tab = sessiontest::tabOf(*w(), viewId);
        if (tab <= 0) return nullptr;
        w()->page()->setCurrentTab(tab);
        if (!test::waitIdle(*w())) return nullptr;
        ViewWidget* v = sessiontest::currentView(*w(), viewId);
        return v && v->hasResult() ? v : nullptr;
    }

    // POSLAB_SHOT_DIR=<folder>: the window as shown, to look at.
    void shoot(const QString& name) {
        const QString dir = qEnvironmentVariable("POSLAB_SHOT_DIR");
        if (!dir.isEmpty())
            w()->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    }

private slots:
    void initTestCase() { QVERIFY(m_fixture.open()); }
    void cleanupTestCase() { m_fixture.close(); }

    void marksAtTheModelsLength_data() {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<qint64>("seqLen");  // 0: none given
        QTest::addColumn<qint64>("length");  // what decay and scores open at
        QTest::addColumn<Marks>("marks");
        // llama3 scaling: L = original_max_position_embeddings = 8192, max = s = 131072.
        QTest::newRow("llama 3.1, L and max = s") << "llama-3.1-8b" << qint64(0) << qint64(131072)
                                                  << Marks{{8192, "L"}, {131072, "max = s"}};
        // Unscaled RoPE: no L.
        QTest::newRow("mistral v0.1, max = s")
            << "mistral-7b-v0.1" << qint64(0) << qint64(32768) << Marks{{32768, "max = s"}};
        // longrope read at s = 8192: L = 4096, max = 131072, s apart from both.
        QTest::newRow("phi-3.5 at s 8192") << "phi-3.5-mini" << qint64(8192) << qint64(8192)
                                           << Marks{{4096, "L"}, {8192, "s"}, {131072, "max"}};
    }
    void marksAtTheModelsLength() {
        QFETCH(QString, preset);
        QFETCH(qint64, seqLen);
        QFETCH(qint64, length);
        QFETCH(Marks, marks);
        // What the RoPE page held before (an earlier row's model, or none).
        w()->openPage(QStringLiteral("rope"));
        const QVector<ModelMarks> marksBefore = w()->page()->modelMarks();
        const qint64 distanceBefore = integer(*w(), "max_distance");
        ModelPage* page = w()->modelPage();
        const auto s = seqLen > 0 ? std::optional<std::int64_t>(seqLen) : std::nullopt;
        QCOMPARE(page->openPreset(preset, {}, s), QString());
        w()->showModelPage();
        QCOMPARE(w()->exploreModelKind(), QString());
        QCOMPARE(w()->page()->page()->id, QStringLiteral("rope"));
        QCOMPARE(integer(*w(), "max_distance"), length);
        QCOMPARE(integer(*w(), "n"), length);

        ViewWidget* decay = shown(QStringLiteral("rope/decay"));
        QVERIFY(decay);
        QCOMPARE(decayMarks(decay->lastResult()), marks);
        shoot(preset + QStringLiteral("-decay"));
        const Figure f =
            makeFigure(decay->spec(), decay->lastResult(), w()->page()->params(), decay->state());
        QVERIFY2(f.footer.startsWith(QStringLiteral("rope/decay · model ") + page->model().name +
                                     QStringLiteral(" · ")),
                 qPrintable(f.footer));
        QCOMPARE(f.footer.count(page->model().name), 1);

        ViewWidget* scores = shown(QStringLiteral("rope/scores"));
        QVERIFY(scores);
        shoot(preset + QStringLiteral("-scores"));
        const Marks onScores = scoresMarks(scores->lastResult());
        QCOMPARE(onScores.keys(), marks.keys());
        for (auto it = marks.begin(); it != marks.end(); ++it)
            QVERIFY2(onScores.value(it.key()).startsWith(it.value() + QStringLiteral(" = ")),
                     qPrintable(onScores.value(it.key())));

        // Undo: the values and the marks before the explore; redo: the model's again.
        w()->undoStack()->undo();
        QVERIFY(test::waitIdle(*w()));
        QCOMPARE(integer(*w(), "max_distance"), distanceBefore);
        QCOMPARE(w()->page()->modelMarks().size(), marksBefore.size());
        if (!marksBefore.isEmpty())
            QCOMPARE(w()->page()->modelMarks().front().name, marksBefore.front().name);
        ViewWidget* after = shown(QStringLiteral("rope/decay"));
        QVERIFY(after);
        QCOMPARE(after->lastResult().models, modelFooterWords(marksBefore));
        w()->undoStack()->redo();
        QVERIFY(test::waitIdle(*w()));
        after = shown(QStringLiteral("rope/decay"));
        QVERIFY(after);
        QCOMPARE(decayMarks(after->lastResult()), marks);
        QCOMPARE(integer(*w(), "max_distance"), length);
    }

    // An edit keeps the marks (they are the model's positions, whatever the base); Reset all
    // parameters drops them with the model's values.
    void editKeepsResetDrops() {
        QCOMPARE(w()->modelPage()->openPreset(QStringLiteral("llama-3.1-8b")), QString());
        w()->showModelPage();
        QCOMPARE(w()->exploreModelKind(), QString());
        core::ParamSet p = w()->page()->params();
        p.set("base", core::ParamValue(1e6));
        QVERIFY(w()->page()->setParams(p).isEmpty());
        ViewWidget* decay = shown(QStringLiteral("rope/decay"));
        QVERIFY(decay);
        QCOMPARE(decayMarks(decay->lastResult()).size(), 2);
        QAction* reset = nullptr;
        for (QAction* a : w()->findChildren<QAction*>())
            if (a->text() == QStringLiteral("Reset &all parameters")) reset = a;
        QVERIFY(reset);
        reset->trigger();
        decay = shown(QStringLiteral("rope/decay"));
        QVERIFY(decay);
        QVERIFY(decayMarks(decay->lastResult()).isEmpty());
        QVERIFY(!makeFigure(decay->spec(), decay->lastResult(), w()->page()->params())
                     .footer.contains(QStringLiteral("model ")));
    }

    // Llama 4 Scout read at s = 2^25, past the 2^24 positions the views take: they open at the
    // largest, and the status bar says so.
    void pastTheLargestLength() {
        const std::int64_t s = std::int64_t(1) << 25;
        QCOMPARE(w()->modelPage()->openPreset(QStringLiteral("llama-4-scout"), {}, s), QString());
        w()->showModelPage();
        QCOMPARE(w()->exploreModelKind(), QString());
        const core::ParamSpec* spec = core::registry().find("rope")->findParam("max_distance");
        QVERIFY(spec && spec->max);
        QCOMPARE(integer(*w(), "max_distance"), static_cast<qint64>(*spec->max));
        QVERIFY2(w()->statusBar()->currentMessage().contains(QString::number(s)),
                 qPrintable(w()->statusBar()->currentMessage()));
        ViewWidget* decay = shown(QStringLiteral("rope/decay"));
        QVERIFY(decay);
        // s past the axis: still marked (an off-scale arrow with its value); max inside it.
        QCOMPARE(decayMarks(decay->lastResult()),
                 (Marks{{8192, "L"}, {10485760, "max"}, {double(s), "s"}}));
    }

    // Another encoding: the footer names the model; no length marks (ALiBi has no decay view).
    void alibiFooterNamesTheModel() {
        QCOMPARE(w()->modelPage()->openPreset(QStringLiteral("bloom-560m")), QString());
        w()->showModelPage();
        QCOMPARE(w()->exploreModelKind(), QString());
        QCOMPARE(w()->page()->page()->encoding, QStringLiteral("alibi"));
        QVERIFY(test::waitIdle(*w()));
        ViewWidget* v = w()->page()->viewsOfTab(0).value(0);
        QVERIFY(v && v->hasResult());
        QVERIFY(v->lastResult().models.contains(QStringLiteral("BLOOM")));
        QVERIFY(makeFigure(v->spec(), v->lastResult(), w()->page()->params())
                    .footer.contains(QStringLiteral(" · model BLOOM")));
    }
};

QTEST_MAIN(TestModelExplore)
#include "tst_model_explore.moc"
