#include "ui/train/train_views.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/array.h"
#include "core/train/train_inspect.h"
#include "ui/compute/cell_blocks.h"
#include "ui/figure/number_format.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

namespace tr = core::train;

// "train/copy · L = 2, d = 64, H = 4 · 2000 steps · RoPE · seed 0"
QString runFooter(const tr::TrainConfig& c) {
    QString f = QStringLiteral("train/%1 · L = %2, d = %3, H = %4 · ")
                    .arg(QString::fromLatin1(tr::taskId(c.task.task)))
                    .arg(c.layers)
                    .arg(c.d)
                    .arg(c.heads) +
                pick(QStringLiteral("%1 steps"), QString::fromUtf8("%1 步")).arg(c.steps) +
                QStringLiteral(" · ") + trainRunLabel(c).text();
    if (c.task.randomPositions > 0)
        f += QStringLiteral(" · ") +
             pick(QStringLiteral("random positions R = %1"), QString::fromUtf8("随机位置 R = %1"))
                 .arg(c.task.randomPositions);
    return f;
}

Figure runFigure(const tr::TrainConfig& c, const QString& viewId, const QString& what) {
    Figure f;
    f.chinese = isChinese();
    f.result.viewId = viewId;
    f.view.id = viewId;
    f.title = trainRunLabel(c).text() + QStringLiteral(", ") + trainTaskName(c.task.task) +
              pick(QStringLiteral(": "), QString::fromUtf8("：")) + what;
    f.footer = runFooter(c);
    return f;
}

// A heatmap panel of a matrix: every cell one element (these are small), on [lo, hi].
HeatmapData matrixPanel(const tr::Mat<double>& m, double lo, double hi, ColormapKind map,
                        const LocalText& title, const QString& rowAxis, const QString& colAxis) {
    HeatmapData h;
    h.title = title;
    h.array = std::make_shared<const core::Array>(core::Array::fromMatrix(m));
    h.rows = m.rows();
    h.cols = m.cols();
    h.lo = lo;
    h.hi = hi;
    h.colormap = map;
    h.rowAxis = rowAxis;
    h.colAxis = colAxis;
    paintBlockMeans(h);
    return h;
}

// Heads by their index from 0, as the explorer's head panels (and T5's table rows) name them;
// layers by their place ("layer 1" is the first).
LocalText layerHead(std::int64_t layer, std::int64_t head) {
    return {QStringLiteral("layer %1 · head %2").arg(layer + 1).arg(head),
            QString::fromUtf8("第 %1 层 · 头 %2").arg(layer + 1).arg(head)};
}

core::Expected<Figure> learnedTableFigure(const tr::RunRecord& run) {
    const tr::TrainConfig& c = run.config;
    const auto rows = tr::modelConfigOf(c).encoding.maxPositions;
    const tr::Mat<double> s = tr::positionSimilarity(c, run.result.params, rows);
    if (s.rows() == 0) return core::fail("the run has no learned table");
    Figure f = runFigure(c, QStringLiteral("train/learned"),
                         pick(QStringLiteral("cosine similarity of the learned positions"),
                              QString::fromUtf8("可学习位置向量的余弦相似度")));
    const double adjacent = tr::adjacentCosine(c, run.result.params);
    HeatmapData h =
        matrixPanel(s, -1, 1, ColormapKind::Diverging,
                    {QStringLiteral("init %1 · adjacent rows' mean cosine %2")
                         .arg(formatNumber(c.learnedInit, 6), QString::number(adjacent, 'f', 2)),
                     QString::fromUtf8("初值 %1 · 相邻行平均余弦 %2")
                         .arg(formatNumber(c.learnedInit, 6), formatNumber(adjacent, 2))},
                    pick(QStringLiteral("position i"), QString::fromUtf8("位置 i")),
                    pick(QStringLiteral("position j"), QString::fromUtf8("位置 j")));
    // The positions training reaches end here: the rows past it were never trained.
    const auto reach = c.task.randomPositions > 0 ? c.task.randomPositions : 2 * c.task.nMax + 1;
    if (reach < rows)
        h.marks << AxisMark{static_cast<double>(reach) - 0.5,
                            {QStringLiteral("trained below %1").arg(reach),
                             QString::fromUtf8("训练到 %1 以下").arg(reach)}};
    f.result.heatmaps << h;
    return f;
}

core::Expected<Figure> t5Figure(const tr::RunRecord& run) {
    const tr::TrainConfig& c = run.config;
    Figure f = runFigure(c, QStringLiteral("train/learned"),
                         pick(QStringLiteral("the bias of each head and bucket"),
                              QString::fromUtf8("每个头、每个桶的偏置")));
    double top = 0;
    std::vector<tr::Mat<double>> tables;
    for (std::int64_t l = 0; l < c.layers; ++l) {
        tables.push_back(tr::t5Biases(c, run.result.params, l));
        if (tables.back().rows() == 0) return core::fail("the run has no T5 table");
        top = std::max(top, tables.back().cwiseAbs().maxCoeff());
    }
    if (top == 0) top = 1;  // untrained: all zero, drawn in the middle colour
    for (std::int64_t l = 0; l < c.layers; ++l) {
        HeatmapData h = matrixPanel(
            tables[static_cast<std::size_t>(l)], -top, top, ColormapKind::Diverging,
            {QStringLiteral("layer %1").arg(l + 1), QString::fromUtf8("第 %1 层").arg(l + 1)},
            pick(QStringLiteral("head"), QString::fromUtf8("头")),
            pick(QStringLiteral("bucket"), QString::fromUtf8("桶")));
        f.result.heatmaps << h;
    }
    return f;
}

core::Expected<Figure> biasFigure(const tr::RunRecord& run) {
    const tr::TrainConfig& c = run.config;
    const auto sizes = c.task.testSizes();
    const std::int64_t t = 2 * *std::max_element(sizes.begin(), sizes.end()) + 1;
    const auto rows = tr::biasByDistance(c, run.result.params, t);
    if (rows.empty()) return core::fail("the run adds no bias");
    Figure f = runFigure(
        c, QStringLiteral("train/learned"),
        pick(QStringLiteral("the bias against distance"), QString::fromUtf8("偏置随距离的变化")));
    LinesData& d = f.result.lines;
    for (std::int64_t l = 0; l < c.layers; ++l) {
        const tr::Mat<double> r = tr::kerpleRates(c, run.result.params, l);
        for (std::int64_t h = 0; h < c.heads; ++h) {
            CurveData curve;
            curve.name = layerHead(l, h);
            if (r.rows() == 2) {
                const QString rates = QStringLiteral(": r₁ = %1, r₂ = %2")
                                          .arg(formatNumber(r(0, h), 3), formatNumber(r(1, h), 3));
                curve.name.en += rates;
                curve.name.zh += rates;
            }
            curve.color = static_cast<int>(h);
            curve.dashed = l > 0;  // layer 2 dashed, a head keeps its colour
            const auto& row = rows[static_cast<std::size_t>(l * c.heads + h)];
            for (std::size_t k = 0; k < row.size(); ++k)
                curve.points << QPointF(static_cast<double>(k), row[k]);
            d.curves << curve;
        }
    }
    d.xAxis = pick(QStringLiteral("distance i − j (query i the last of the longest test)"),
                   QString::fromUtf8("距离 i − j（查询 i 为最长测试样本的最后一个）"));
    d.yAxis =
        pick(QStringLiteral("bias added to the logit"), QString::fromUtf8("加到 logit 上的偏置"));
    d.xFrom = 0.0;
    d.xTo = static_cast<double>(t - 1);
    d.xShade = std::make_pair(0.0, static_cast<double>(2 * c.task.nMax));
    d.xShadeLabel = {QStringLiteral("distances seen in training"),
                     QString::fromUtf8("训练中出现过的距离")};
    f.xLabel = d.xAxis;
    f.yLabel = d.yAxis;
    return f;
}

}  // namespace

LocalText trainRunLabel(const tr::TrainConfig& config) {
    LocalText l = trainVariantLabel(trainVariantOf(config));
    l.en += QStringLiteral(" · seed %1").arg(config.seed);
    l.zh += QString::fromUtf8(" · 种子 %1").arg(config.seed);
    return l;
}

core::Expected<Figure> trainLossFigure(const std::vector<TrainController::RunView>& runs,
                                       const std::vector<TrainVariant>& colours) {
    const auto groups =
        groupByVariant(runs, [](const TrainController::RunView& r) { return !r.loss.empty(); });
    if (groups.empty()) return core::fail("no run has logged its loss yet");
    Figure f;
    f.chinese = isChinese();
    f.result.viewId = f.view.id = QStringLiteral("train/loss");
    const tr::TrainConfig& c = runs.front().config;
    f.title = pick(QStringLiteral("Training loss, %1"), QString::fromUtf8("训练损失，%1"))
                  .arg(trainTaskName(c.task.task));
    LinesData& d = f.result.lines;
    for (std::size_t k = 0; k < groups.size(); ++k) {
        std::size_t common = SIZE_MAX;
        for (const auto* r : groups[k].second) common = std::min(common, r->loss.size());
        CurveData curve;
        curve.name = trainVariantLabel(groups[k].first);
        const auto known = std::find(colours.begin(), colours.end(), groups[k].first);
        curve.color = static_cast<int>(known != colours.end() ? known - colours.begin() : k);
        for (std::size_t i = 0; i < common; ++i) {
            double sum = 0;
            for (const auto* r : groups[k].second) sum += r->loss[i][1];
            // Cross-entropy is positive; a log axis needs it so however well a run learns.
            curve.points << QPointF(
                groups[k].second.front()->loss[i][0],
                std::max(sum / static_cast<double>(groups[k].second.size()), 1e-6));
        }
        d.curves << curve;
    }
    d.logY = true;
    d.xFrom = 0.0;
    d.xTo = static_cast<double>(c.steps);
    d.xAxis = pick(QStringLiteral("step"), QString::fromUtf8("步数"));
    d.yAxis = pick(QStringLiteral("cross-entropy (mean over seeds)"),
                   QString::fromUtf8("交叉熵（各种子的均值）"));
    f.xLabel = d.xAxis;
    f.yLabel = d.yAxis;
    f.footer = QStringLiteral("train/loss · train/%1 · ")
                   .arg(QString::fromLatin1(tr::taskId(c.task.task))) +
               pick(QStringLiteral("logged every %1 steps"), QString::fromUtf8("每 %1 步记录一次"))
                   .arg(c.logEvery);
    return f;
}

std::vector<TrainController::RunView> finishedRunViews(const std::vector<tr::RunRecord>& runs) {
    std::vector<TrainController::RunView> views;
    for (const auto& r : runs) views.push_back({r.config, r.result.loss, 1, true, {}, nullptr});
    return views;
}

core::Expected<Figure> trainAttentionFigure(const tr::RunRecord& run, double multiple, int layer) {
    const tr::TrainConfig& c = run.config;
    const auto n =
        std::max<std::int64_t>(1, std::llround(static_cast<double>(c.task.nMax) * multiple));
    const tr::SampleAttention a =
        tr::sampleAttention(c, run.result.params, n, c.seed ^ tr::kEvalStream ^ 0x5a3b1e);
    if (a.maps.empty()) return core::fail("the run's parameters do not fit its model");
    const QString mult = QString::fromStdString(tr::multipleKey(multiple)) + QString::fromUtf8("×");
    if (layer >= c.layers) return core::fail("the model has no layer " + std::to_string(layer + 1));
    QString what =
        pick(QStringLiteral("attention, n = %1 (%2)"), QString::fromUtf8("注意力，n = %1（%2）"))
            .arg(n)
            .arg(mult);
    if (layer >= 0)
        what += pick(QStringLiteral(", layer %1"), QString::fromUtf8("，第 %1 层")).arg(layer + 1);
    Figure f = runFigure(c, QStringLiteral("train/attention"), what);
    const QString q = pick(QStringLiteral("query position"), QString::fromUtf8("查询位置"));
    const QString k = pick(QStringLiteral("key position"), QString::fromUtf8("键位置"));
    for (std::int64_t l = 0; l < c.layers; ++l) {
        if (layer >= 0 && l != layer) continue;
        for (std::int64_t h = 0; h < c.heads; ++h) {
            const auto& m = a.maps[static_cast<std::size_t>(l * c.heads + h)];
            const LocalText title = layer >= 0 ? LocalText{QStringLiteral("head %1").arg(h),
                                                           QString::fromUtf8("头 %1").arg(h)}
                                               : layerHead(l, h);
            HeatmapData panel =
                matrixPanel(m.cast<double>(), 0, 1, ColormapKind::Viridis, title, q, k);
            // The separator: the answer's tokens read from here on.
            panel.marks << AxisMark{static_cast<double>(n + 1),
                                    {QStringLiteral("SEP"), QStringLiteral("SEP")}};
            f.result.heatmaps << panel;
        }
    }
    return f;
}

core::Expected<Figure> trainLearnedFigure(const tr::RunRecord& run) {
    switch (run.config.encoding) {
        case tr::Encoding::Learned:
            return learnedTableFigure(run);
        case tr::Encoding::T5:
            return t5Figure(run);
        case tr::Encoding::Alibi:
        case tr::Encoding::Kerple:
        case tr::Encoding::Fire:
            return biasFigure(run);
        default:
            return core::fail(
                pick(QStringLiteral("%1 trains nothing positional: its positions are fixed"),
                     QString::fromUtf8("%1 没有可训练的位置参数：它的位置是固定的"))
                    .arg(trainEncodingLabel(run.config.encoding).text())
                    .toStdString());
    }
}

}  // namespace poslab::ui
