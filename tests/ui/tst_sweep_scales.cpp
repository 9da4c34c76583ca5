// A sweep of a heatmap view draws every frame on one colour range (issue 25, item 10): the
// colour bar of the first and the last frame is the same picture, and a cell whose value is the
// same in both frames has the same colour in both; the footer says so. ALiBi's bias with n swept
// from 32 to 128: the range [−slope·(n − 1), 0] grows with n, while bias[0, 10] = −10·slope stays,
// so frames scaled on their own would paint that cell in different colours (checked as well, so
// that the test cannot pass without the shared range).
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cstdlib>

#include "core/registry.h"
#include "tests/ui/figure_test_util.h"
#include "ui/figure/sweep_run.h"
#include "ui/figure/sweep_scales.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

constexpr int kCol = 10;  // bias[0, 10], the same at every n

struct Frames {
    const PageSpec* page = nullptr;
    std::vector<core::ParamSet> sets;
};

Frames alibiFrames(int frames) {
    Frames f;
    f.page = test::pageOf("alibi/bias");
    const auto* enc = core::registry().find("alibi");
    auto sweep = core::parseSweep("n=32:128:linear");
    auto sets = sweepParamSets(*enc, pagePresetParams(*f.page), *sweep, frames);
    if (sets) f.sets = *sets;
    return f;
}

Figure frameFigure(const Frames& f, std::size_t i) {
    const ViewSpec* v = f.page->findView("alibi/bias");
    auto figure = computeFigure(*f.page, *v, f.sets[i], defaultViewState(*v, *f.page));
    return figure ? *figure : Figure{};
}

bool near(QRgb a, QRgb b, int tolerance) {
    return std::abs(qRed(a) - qRed(b)) <= tolerance &&
           std::abs(qGreen(a) - qGreen(b)) <= tolerance &&
           std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

QRectF plotOf(const Figure& f, const FigureOptions& o) {
    QImage scratch(o.pixels, QImage::Format_ARGB32);
    QPainter p(&scratch);
    const auto plots = figureHeatmapPlots(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), f, o);
    return plots.isEmpty() ? QRectF() : plots.front();
}

// The colour of cell (0, col) of a panel of `cells` columns in the figure's image.
QRgb cellColour(const QImage& image, const QRectF& plot, int col, int cells) {
    const double w = plot.width() / cells, h = plot.height() / cells;
    return image.pixel(QPointF(plot.left() + (col + 0.5) * w, plot.top() + 0.5 * h).toPoint());
}

}  // namespace

class TestSweepScales : public QObject {
    Q_OBJECT

private slots:
    // On the panels' data: the same range and the same colour of bias[0, 10] after the shared
    // scales, different ones before.
    void sharedRangeOnThePanels() {
        const Frames f = alibiFrames(4);
        QCOMPARE(f.sets.size(), std::size_t(4));
        QVector<Figure> figures;
        SweepScales scales;
        for (std::size_t i = 0; i < f.sets.size(); ++i) {
            figures << frameFigure(f, i);
            QCOMPARE(figures.back().result.heatmaps.size(), 1);
            scales.add(figures.back().result);
        }
        const HeatmapData& a0 = figures.front().result.heatmaps[0];
        const HeatmapData& b0 = figures.back().result.heatmaps[0];
        QVERIFY2(a0.lo != b0.lo, "the frames' own ranges must differ for this test to mean much");
        QVERIFY(a0.image.pixel(kCol, 0) != b0.image.pixel(kCol, 0));
        for (auto& fig : figures) scales.apply(fig, 4);
        for (const auto& fig : figures) {
            const HeatmapData& h = fig.result.heatmaps[0];
            QCOMPARE(h.lo, b0.lo);  // the widest frame's range is the union
            QCOMPARE(h.hi, 0.0);
            QCOMPARE(h.image.pixel(kCol, 0),
                     figures.front().result.heatmaps[0].image.pixel(kCol, 0));
            QVERIFY2(fig.footer.contains(sharedColourNote(4)), qPrintable(fig.footer));
            QVERIFY(fig.footer.endsWith(QStringLiteral(" · PosLab")));
        }
    }

    // On the written frames (a PNG folder by runSweep, the code of `poslab render --sweep`): the
    // colour bar beside the panel is the same picture in both, and bias[0, 10] the same colour.
    void sharedColourBarInTheFrames() {
        QTemporaryDir dir;
        const Frames f = alibiFrames(2);
        SweepRun run;
        run.page = f.page;
        run.view = f.page->findView("alibi/bias");
        run.frames = f.sets;
        run.state = defaultViewState(*run.view, *run.page);
        run.options.pixels = QSize(960, 720);
        run.options.dpi = 96;
        run.path = dir.filePath("frames/");
        run.format = SweepFormat::Folder;
        int calls = 0;
        QCOMPARE(runSweep(run,
                          [&calls](int, int) {
                              ++calls;
                              return true;
                          }),
                 QString());
        QCOMPARE(calls, 5);  // 2 x 2 steps and the end
        const QImage first(dir.filePath("frames/frame_0001.png"));
        const QImage last(dir.filePath("frames/frame_0002.png"));
        QVERIFY(!first.isNull() && !last.isNull());
        // The same figures with the shared scales, for their layout.
        SweepScales scales;
        Figure a = frameFigure(f, 0), b = frameFigure(f, 1);
        scales.add(a.result);
        scales.add(b.result);
        scales.apply(a, 2);
        scales.apply(b, 2);
        const QRectF pa = plotOf(a, run.options), pb = plotOf(b, run.options);
        QVERIFY(!pa.isEmpty() && !pb.isEmpty());
        QCOMPARE(pa.height(), pb.height());
        // The colour bar and its labels: a strip of one width from just right of each plot.
        const int width = first.width() - 3 - static_cast<int>(std::max(pa.right(), pb.right()));
        const auto bar = [width](const QImage& img, const QRectF& plot) {
            return img
                .copy(qRound(plot.right()) + 2, qRound(plot.top()), width, qRound(plot.height()))
                .convertToFormat(QImage::Format_RGB32);
        };
        // The plots start at different fractions of a pixel: edges antialias differently, so
        // pixels may differ a little; the labels of different ranges differ in hundreds of them
        // by far more.
        const QImage ba = bar(first, pa), bb = bar(last, pb);
        QCOMPARE(ba.size(), bb.size());
        int off = 0;
        for (int y = 0; y < ba.height(); ++y)
            for (int x = 0; x < ba.width(); ++x)
                off += near(ba.pixel(x, y), bb.pixel(x, y), 100) ? 0 : 1;
        QVERIFY2(off < 60, qPrintable(QString::number(off)));  // 0 here; about 700 per frame
        QVERIFY(near(cellColour(first, pa, kCol, 32), cellColour(last, pb, kCol, 128), 6));
    }

    // A cancelled sweep leaves nothing at its path.
    void cancelLeavesNothing() {
        QTemporaryDir dir;
        const Frames f = alibiFrames(3);
        SweepRun run;
        run.page = f.page;
        run.view = f.page->findView("alibi/bias");
        run.frames = f.sets;
        run.state = defaultViewState(*run.view, *run.page);
        run.options.pixels = QSize(400, 300);
        run.options.dpi = 72;
        run.path = dir.filePath("sweep.gif");
        run.format = SweepFormat::Gif;
        QCOMPARE(runSweep(run, [](int done, int total) { return done < total - 2; }),
                 sweepCancelled());
        QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
                 QStringList());
    }
};

QTEST_MAIN(TestSweepScales)
#include "tst_sweep_scales.moc"
