// The training lab's figure (spec training.md T5 --figure): per encoding the mean over its seeds
// at each test size with a whisker over their range (both equal to the runs' numbers), encodings
// in the order of their first run, the training sizes shaded and named on a legend row; the
// whisker is painted where the axes put it; runs of different tasks are refused.
#include <QImage>
#include <QPainter>
#include <QtTest>
#include <random>

#include "tests/ui/painted_text.h"
#include "ui/figure/colormap.h"
#include "ui/figure/lines_paint.h"
#include "ui/figure/paint_style.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"
#include "ui/train/train_figure.h"

using namespace poslab;
using namespace poslab::ui;
namespace tr = poslab::core::train;

namespace {

// A comparison's records without training: every accuracy drawn from `rng`.
std::vector<tr::RunRecord> fakeRuns(tr::Task task, const std::vector<tr::Encoding>& encodings,
                                    int seeds, std::mt19937& rng) {
    std::uniform_real_distribution<double> acc(0.0, 1.0);
    std::vector<tr::RunRecord> out;
    for (auto e : encodings)
        for (int s = 0; s < seeds; ++s) {
            tr::RunRecord r;
            r.config.task.task = task;
            r.config.encoding = e;
            r.config.seed = static_cast<std::uint64_t>(s);
            for (double m : r.config.task.multiples) {
                tr::EvalResult ev;
                ev.multiple = m;
                ev.tokenAcc = acc(rng);
                r.result.eval.push_back(ev);
            }
            out.push_back(r);
        }
    return out;
}

}  // namespace

class TstTrainFigure : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }
    void cleanup() { applyLanguage(Lang::En); }

    void meanAndRangeOverSeeds_data() {
        QTest::addColumn<int>("seeds");
        QTest::addColumn<int>("seed");
        QTest::newRow("1 seed") << 1 << 11;
        QTest::newRow("3 seeds") << 3 << 12;
        QTest::newRow("5 seeds") << 5 << 13;
    }
    void meanAndRangeOverSeeds() {
        QFETCH(int, seeds);
        QFETCH(int, seed);
        std::mt19937 rng(static_cast<unsigned>(seed));
        const std::vector<tr::Encoding> encodings{tr::Encoding::Kerple, tr::Encoding::None,
                                                  tr::Encoding::Alibi};
        auto runs = fakeRuns(tr::Task::Copy, encodings, seeds, rng);
        std::shuffle(runs.begin() + 1, runs.end(), rng);  // the first run's encoding stays first
        const auto lines = trainAccuracyLines(runs);
        QVERIFY2(lines, lines ? "" : lines.error().message.c_str());
        QCOMPARE(lines->curves.size(), 3);
        QCOMPARE(lines->curves[0].name.en, QString("KERPLE (log)"));
        const auto sizes = runs.front().config.task.testSizes();
        QSet<int> colours;
        for (const auto& c : lines->curves) {
            colours.insert(c.color);
            QCOMPARE(c.points.size(), qsizetype(sizes.size()));
            tr::Encoding e = tr::Encoding::None;
            for (auto cand : encodings)
                if (trainEncodingLabel(cand).en == c.name.en) e = cand;
            for (std::size_t i = 0; i < sizes.size(); ++i) {
                double sum = 0, lo = 1e9, hi = -1e9;
                int count = 0;
                for (const auto& r : runs)
                    if (r.config.encoding == e) {
                        const double a = 100 * r.result.eval[i].tokenAcc;
                        sum += a, lo = std::min(lo, a), hi = std::max(hi, a), ++count;
                    }
                QCOMPARE(count, seeds);
                const auto k = static_cast<qsizetype>(i);
                QCOMPARE(c.points[k].x(), double(sizes[i]));
                QVERIFY(qAbs(c.points[k].y() - sum / count) < 1e-9);
                if (seeds == 1) {  // no whisker for one seed
                    QVERIFY(c.rangeLo.isEmpty() && c.rangeHi.isEmpty());
                    continue;
                }
                QCOMPARE(c.rangeLo[k], lo);
                QCOMPARE(c.rangeHi[k], hi);
            }
        }
        QCOMPARE(colours.size(), 3);
        QVERIFY(lines->xShade);
        QCOMPARE(lines->xShade->first, 1.0);
        QCOMPARE(lines->xShade->second, 8.0);
    }

    void refusesMixedRuns() {
        std::mt19937 rng(3);
        auto runs = fakeRuns(tr::Task::Copy, {tr::Encoding::Rope}, 2, rng);
        auto other = fakeRuns(tr::Task::Sort, {tr::Encoding::Rope}, 1, rng);
        runs.push_back(other.front());
        QVERIFY(!trainAccuracyLines(runs));
        QVERIFY(!trainAccuracyLines({}));
        QVERIFY(!trainFigure({}));
    }

    // The legend names every encoding and the shaded training sizes, in both languages.
    void legendInBothLanguages_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("shade");
        QTest::addColumn<QString>("title");
        QTest::newRow("en") << "en"
                            << "training sizes 1–8"
                            << "Copy: token accuracy";
        QTest::newRow("zh") << "zh" << QString::fromUtf8("训练长度 1–8")
                            << QString::fromUtf8("复制：各测试长度的词元准确率");
    }
    void legendInBothLanguages() {
        QFETCH(QString, lang);
        QFETCH(QString, shade);
        QFETCH(QString, title);
        applyLanguage(languageFromCode(lang));
        std::mt19937 rng(5);
        const auto runs =
            fakeRuns(tr::Task::Copy, {tr::Encoding::Sinusoidal, tr::Encoding::T5}, 3, rng);
        const auto f = trainFigure(runs);
        QVERIFY(f);
        QVERIFY2(f->title.startsWith(title), qPrintable(f->title));
        const QString text = poslab::ui::test::paintedFigureText(*f).remove(' ');
        for (const QString& needle :
             {shade, trainEncodingLabel(tr::Encoding::Sinusoidal).text(), QString("T5"),
              QString::fromUtf8("1.5×"), QString::fromUtf8("4×")})
            QVERIFY2(text.contains(QString(needle).remove(' ')),
                     qPrintable(needle + " not in: " + text.left(400)));
    }

    // A whisker is painted in its curve's colour from Y(lo) to Y(hi) at X(x), and not past them.
    void whiskerWhereTheAxesPutIt() {
        LinesData d;
        CurveData c;
        c.points = {QPointF(8, 50), QPointF(16, 50), QPointF(32, 50)};
        c.rangeLo = {40, 20, 45};
        c.rangeHi = {60, 90, 55};
        c.color = 2;
        d.curves << c;
        d.yFrom = 0.0;
        d.yTo = 100.0;
        d.xFrom = 0.0;
        d.xTo = 34.0;
        const QSize size(900, 600);
        QImage img(size, QImage::Format_RGB32);
        img.fill(Qt::white);
        const PaintStyle s = makeFigureStyle(false, size.height(), false, false);
        const QRectF area(QPointF(0, 0), QSizeF(size));
        {
            QPainter p(&img);
            paintLines(p, area, d, QString(), QString(), s);
        }
        const LinesLayout L = layoutLines(area, d, s);
        if (qEnvironmentVariableIsSet("POSLAB_SHOT_DIR"))
            img.save(qEnvironmentVariable("POSLAB_SHOT_DIR") + "/whisker.png");
        const QColor want = curveColor(2, false);
        // At or beside `at`, a pixel nearer the curve's colour than the white page (an
        // antialiased line of 1.5 px mixes with the page at its edges).
        auto dist = [](QColor a, QColor b) {
            return qAbs(a.red() - b.red()) + qAbs(a.green() - b.green()) +
                   qAbs(a.blue() - b.blue());
        };
        auto near = [&](QPoint at) {
            for (int dx = -1; dx <= 1; ++dx) {
                const QColor got = img.pixelColor(at + QPoint(dx, 0));
                if (dist(got, want) < dist(got, Qt::white)) return true;
            }
            return false;
        };
        const int x = qRound(L.ax.map(16, L.plot.left(), L.plot.right()));
        const double y90 = L.ay.map(90, L.plot.bottom(), L.plot.top());
        const double y20 = L.ay.map(20, L.plot.bottom(), L.plot.top());
        // Inside the range (away from the marker at 50), the whisker; beyond it, none.
        QVERIFY(near(QPoint(x, qRound(L.ay.map(80, L.plot.bottom(), L.plot.top())))));
        QVERIFY(near(QPoint(x, qRound(L.ay.map(30, L.plot.bottom(), L.plot.top())))));
        QVERIFY(!near(QPoint(x, qRound(y90) - 8)));
        QVERIFY(!near(QPoint(x, qRound(y20) + 8)));
    }
};

QTEST_MAIN(TstTrainFigure)
#include "tst_train_figure.moc"
