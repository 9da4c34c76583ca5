#include "ui/train/train_figure.h"

#include <algorithm>

#include "ui/figure/number_format.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

namespace tr = core::train;

QString seedList(const std::vector<std::uint64_t>& seeds) {
    QStringList out;
    for (auto s : seeds) out << QString::number(s);
    return out.join(QStringLiteral(", "));
}

}  // namespace

QString trainTaskName(tr::Task task) {
    switch (task) {
        case tr::Task::Copy:
            return pick(QStringLiteral("copy"), QString::fromUtf8("复制"));
        case tr::Task::Reverse:
            return pick(QStringLiteral("reverse"), QString::fromUtf8("反转"));
        case tr::Task::Sort:
            return pick(QStringLiteral("sort"), QString::fromUtf8("排序"));
    }
    return {};
}

LocalText trainEncodingLabel(tr::Encoding encoding) {
    const auto same = [](const char* name) {
        return LocalText{QString::fromUtf8(name), QString::fromUtf8(name)};
    };
    switch (encoding) {
        case tr::Encoding::None:
            return same("none (NoPE)");
        case tr::Encoding::Sinusoidal:
            return {QStringLiteral("sinusoidal"), QString::fromUtf8("正弦")};
        case tr::Encoding::Learned:
            return {QStringLiteral("learned"), QString::fromUtf8("可学习")};
        case tr::Encoding::Rope:
            return same("RoPE");
        case tr::Encoding::Alibi:
            return same("ALiBi");
        case tr::Encoding::T5:
            return same("T5");
        case tr::Encoding::Kerple:
            return same("KERPLE (log)");
        case tr::Encoding::Fire:
            return same("FIRE");
    }
    return {};
}

TrainVariant trainVariantOf(const tr::TrainConfig& config) {
    return {config.encoding, config.encoding == tr::Encoding::Learned ? config.learnedInit : 0.02};
}

LocalText trainVariantLabel(const TrainVariant& variant) {
    LocalText l = trainEncodingLabel(variant.encoding);
    if (variant.encoding == tr::Encoding::Learned && variant.learnedInit != 0.02) {
        const QString s = formatNumber(variant.learnedInit, 6);
        l.en += QStringLiteral(" (init %1)").arg(s);
        l.zh += QString::fromUtf8("（初值 %1）").arg(s);
    }
    return l;
}

core::Expected<LinesData> trainAccuracyLines(const std::vector<tr::RunRecord>& runs,
                                             const std::vector<TrainVariant>& colours) {
    if (runs.empty()) return core::fail("no training runs to draw");
    const tr::TaskConfig& task = runs.front().config.task;
    const auto sizes = task.testSizes();
    for (const auto& r : runs)
        if (r.config.task.task != task.task || r.config.task.testSizes() != sizes ||
            r.result.eval.size() != sizes.size())
            return core::fail("the runs to draw differ in task or test sizes");
    const auto groups = groupByVariant(runs, [](const tr::RunRecord&) { return true; });
    LinesData d;
    for (std::size_t k = 0; k < groups.size(); ++k) {
        CurveData c;
        c.name = trainVariantLabel(groups[k].first);
        c.markers = true;
        const auto known = std::find(colours.begin(), colours.end(), groups[k].first);
        c.color = static_cast<int>(known != colours.end() ? known - colours.begin() : k);
        const auto& list = groups[k].second;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            double sum = 0, lo = 100, hi = 0;
            for (const auto* r : list) {
                const double a = 100.0 * r->result.eval[i].tokenAcc;
                sum += a;
                lo = std::min(lo, a);
                hi = std::max(hi, a);
            }
            c.points << QPointF(static_cast<double>(sizes[i]),
                                sum / static_cast<double>(list.size()));
            if (list.size() > 1) {  // one seed has no range to show
                c.rangeLo << lo;
                c.rangeHi << hi;
            }
        }
        d.curves << c;
    }
    d.xShade = std::make_pair(static_cast<double>(task.nMin), static_cast<double>(task.nMax));
    const QString span = formatExact(static_cast<double>(task.nMin)) + QString::fromUtf8("–") +
                         formatExact(static_cast<double>(task.nMax));
    d.xShadeLabel = {QStringLiteral("training sizes ") + span,
                     QString::fromUtf8("训练长度 ") + span};
    d.xAxis = pick(QStringLiteral("test size n (symbols per sample)"),
                   QString::fromUtf8("测试长度 n（每个样本的符号数）"));
    d.yAxis = pick(QStringLiteral("token accuracy (%)"), QString::fromUtf8("词元准确率（%）"));
    d.yFrom = 0.0;
    d.yTo = 100.0;
    // From 0, and a little past the longest test, so that its marker and whisker are not cut
    // by the frame.
    const auto longest = static_cast<double>(*std::max_element(sizes.begin(), sizes.end()));
    d.xFrom = 0.0;
    d.xTo = longest * 1.05;
    for (std::size_t i = 0; i < sizes.size(); ++i)
        d.xTags.append(
            {static_cast<double>(sizes[i]),
             QString::fromStdString(tr::multipleKey(task.multiples[i])) + QString::fromUtf8("×")});
    return d;
}

core::Expected<Figure> trainFigure(const std::vector<tr::RunRecord>& runs) {
    auto lines = trainAccuracyLines(runs);
    if (!lines) return lines.error();
    const tr::TrainConfig& c = runs.front().config;
    std::vector<std::uint64_t> seeds;
    for (const auto& r : runs)
        if (std::find(seeds.begin(), seeds.end(), r.config.seed) == seeds.end())
            seeds.push_back(r.config.seed);
    Figure f;
    f.chinese = isChinese();
    QString task = trainTaskName(c.task.task);
    task[0] = task[0].toUpper();  // "Copy: …"; Chinese has no case
    f.title = task + pick(QStringLiteral(": token accuracy against test size"),
                          QString::fromUtf8("：各测试长度的词元准确率"));
    f.result.viewId = QStringLiteral("train/accuracy");
    f.result.lines = std::move(*lines);
    f.xLabel = f.result.lines.xAxis;
    f.yLabel = f.result.lines.yAxis;
    const QString model =
        QStringLiteral("L = %1, d = %2, H = %3").arg(c.layers).arg(c.d).arg(c.heads);
    const QString range =
        seeds.size() > 1 ? pick(QStringLiteral("mean and range over seeds %1").arg(seedList(seeds)),
                                QString::fromUtf8("种子 %1 的均值与范围").arg(seedList(seeds)))
                         : pick(QStringLiteral("seed %1").arg(seedList(seeds)),
                                QString::fromUtf8("种子 %1").arg(seedList(seeds)));
    QString extra;
    if (c.task.randomPositions > 0)
        extra += QStringLiteral(" · ") + pick(QStringLiteral("random positions R = %1"),
                                              QString::fromUtf8("随机位置 R = %1"))
                                             .arg(c.task.randomPositions);
    // The learned table's scale, where one scale was trained (several name their curves).
    std::vector<double> inits;
    for (const auto& r : runs)
        if (r.config.encoding == tr::Encoding::Learned &&
            std::find(inits.begin(), inits.end(), r.config.learnedInit) == inits.end())
            inits.push_back(r.config.learnedInit);
    if (inits.size() == 1)
        extra += QStringLiteral(" · learned_init = ") + formatNumber(inits.front(), 6);
    f.footer = QStringLiteral("train/") + QString::fromLatin1(tr::taskId(c.task.task)) +
               QStringLiteral(" · ") + model + QStringLiteral(" · ") +
               pick(QStringLiteral("%1 steps, batch %2"), QString::fromUtf8("%1 步，批量 %2"))
                   .arg(c.steps)
                   .arg(c.batch) +
               QStringLiteral(" · ") +
               pick(QStringLiteral("%1 samples per size"), QString::fromUtf8("每个长度 %1 个样本"))
                   .arg(c.evalSamples) +
               QStringLiteral(" · ") + range + extra;
    return f;
}

}  // namespace poslab::ui
