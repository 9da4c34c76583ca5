// Lesson 07 shows what its captions say (issue 25 item 7, gui-review-2 #9). Before and after
// the fix (steps 3 and 4) are drawn on one fixed log colour scale, so that "after" sits low on
// it and "before" reaches its top; step 6's axis runs past the last finite float16 position to
// the step's n, with a labelled mark where float16 overflows; step 1 is drawn over the window
// where the staircase 15 962 -> 15 936 happens; steps 1-4 carry the formula of what they show.
// The step fields that make this ("formula", a state's "window" and "logColorRange") are refused
// where they cannot act, in one line.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <set>

#include "ui/compute/compute_request.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_deck.h"
#include "ui/figure/figure.h"
#include "ui/figure/log_scale.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

QByteArray lessonWith(const QString& stepBody) {
    return QStringLiteral(
               "{\"format\": 1, \"id\": \"t\", \"title\": {\"en\": \"T\", \"zh\": \"测试\"}, "
               "\"steps\": [{%1, \"title\": {\"en\": \"a\", \"zh\": \"甲\"}, "
               "\"caption\": {\"en\": \"b\", \"zh\": \"乙\"}}]}")
        .arg(stepBody)
        .toUtf8();
}

}  // namespace

class TstLesson07Figures : public QObject {
    Q_OBJECT
    Lesson m_lesson;
    QVector<Figure> m_figures;

private slots:
    void initTestCase() {
        setUpApplication();
        applyLanguage(Lang::En);
        for (const Lesson& l : builtinLessons(Catalog::instance()))
            if (l.id == QLatin1String("float32_positions")) m_lesson = l;
        QCOMPARE(m_lesson.steps.size(), 7);
        auto figures = lessonFigures(m_lesson, Catalog::instance(), 512.0 * 1024 * 1024);
        QVERIFY2(figures, figures ? "" : figures.error().message.c_str());
        m_figures = *figures;
    }

    // Steps 3 and 4: one log range; the errors before the fix reach its top, after it stay in
    // its lower part.
    void beforeAndAfterShareOneLogScale_data() {
        QTest::addColumn<int>("step");
        QTest::addColumn<double>("lowest");   // where the largest error sits on the bar, at least
        QTest::addColumn<double>("highest");  // and at most
        QTest::newRow("step 3, before the fix") << 3 << 0.9 << 1.0;
        QTest::newRow("step 4, after the fix") << 4 << 0.0 << 0.6;
    }
    void beforeAndAfterShareOneLogScale() {
        QFETCH(int, step);
        QFETCH(double, lowest);
        QFETCH(double, highest);
        const QVector<HeatmapData>& before = m_figures[2].result.heatmaps;
        const QVector<HeatmapData>& now = m_figures[step - 1].result.heatmaps;
        QCOMPARE(now.size(), 1);
        QVERIFY(now[0].logColor);
        QCOMPARE(now[0].lo, before[0].lo);
        QCOMPARE(now[0].hi, before[0].hi);
        QVERIFY(now[0].lo > 0 && now[0].hi / now[0].lo >= 1e6);
        double most = 0;
        for (double v : now[0].array->f64)
            if (std::isfinite(v)) most = std::max(most, v);
        const double at = logColorPosition(most, now[0].lo, now[0].hi);
        QVERIFY2(at >= lowest && at <= highest, qPrintable(QString::number(at)));
    }

    // Step 6: the curve stops at 65 519, the axis runs on to n - 1, a mark names the overflow.
    void float16StopsVisibly() {
        const LinesData& d = m_figures[5].result.lines;
        QVERIFY(!d.curves.isEmpty());
        double last = 0;
        for (const CurveData& c : d.curves) {
            for (const QPointF& pt : c.points) last = std::max(last, pt.x());
            for (double x : c.bandX1) last = std::max(last, x);
        }
        QCOMPARE(last, 65519.0);
        QVERIFY(d.xTo && *d.xTo >= 69999.0);
        QVERIFY(d.xFrom && *d.xFrom == 0.0);
        QCOMPARE(d.vmarkers.size(), 1);
        QCOMPARE(d.vmarkers[0].x, 65520.0);
        QVERIFY(d.vmarkers[0].label.en.startsWith(QLatin1String("float16 overflows")));
        QVERIFY(d.vmarkers[0].label.zh.contains(QString::fromUtf8("溢出")));
    }

    // Step 1: positions 15 900 … 16 027, a staircase of treads 64 apart with 15 962 -> 15 936.
    void staircaseIsVisible() {
        const LinesData& d = m_figures[0].result.lines;
        QVERIFY(d.xFrom && d.xTo);
        QCOMPARE(*d.xFrom, 15900.0);
        QCOMPARE(*d.xTo, 16027.0);
        QCOMPARE(d.curves.size(), 1);
        const QList<QPointF>& pts = d.curves[0].points;
        QCOMPARE(pts.size(), 128);
        std::set<double> treads;
        for (const QPointF& pt : pts) {
            treads.insert(pt.y());
            if (pt.x() == 15962.0) QCOMPARE(pt.y(), 15936.0);
        }
        QVERIFY(treads.size() >= 2 && treads.size() <= 4);
        for (auto it = std::next(treads.begin()); it != treads.end(); ++it)
            QCOMPARE(*it - *std::prev(it), 64.0);
    }

    // Steps 1-4 (and 6, 7) show their own formula, not the page's RoPE identity.
    void stepFormulas_data() {
        QTest::addColumn<int>("step");
        for (int s : {1, 2, 3, 4, 6, 7}) QTest::addRow("step %d", s) << s;
    }
    void stepFormulas() {
        QFETCH(int, step);
        const LessonStep& st = m_lesson.steps[step - 1];
        QVERIFY(!st.formula.isEmpty());
        const PageSpec* page = Catalog::instance().find(st.page);
        QVERIFY(page);
        QVERIFY(st.formula.en != page->formula.en);
        QCOMPARE(m_figures[step - 1].formula, st.formula.en);
    }

    void refusedWhereTheyCannotAct_data() {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("window on a heatmap")
            << "\"view\": \"sinusoidal/table\", \"state\": {\"window\": [0, 10]}"
            << "\"window\" needs a lines view";
        QTest::newRow("colour range off a precision view")
            << "\"view\": \"rope/angles\", \"state\": {\"logColorRange\": [1e-8, 10]}"
            << "\"logColorRange\" needs a precision view";
        QTest::newRow("colour range upside down")
            << "\"view\": \"rope/cos_error\", \"state\": {\"logColorRange\": [10, 1e-8]}"
            << "0 < lo < hi";
        QTest::newRow("formula that does not parse")
            << "\"view\": \"rope/decay\", \"formula\": \"\\\\frac{1}\""
            << "does not parse";
        QTest::newRow("formula without zh")
            << "\"view\": \"rope/decay\", \"formula\": {\"en\": \"x\"}"
            << "\"zh\"";
    }
    void refusedWhereTheyCannotAct() {
        QFETCH(QString, body);
        QFETCH(QString, fragment);
        Lesson lesson;
        QString error;
        QVERIFY(!parseLesson(lessonWith(body), Catalog::instance(), &lesson, &error));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QVERIFY2(error.contains(fragment), qPrintable(error));
    }
};

QTEST_MAIN(TstLesson07Figures)
#include "tst_lesson07_figures.moc"
