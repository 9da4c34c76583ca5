#include "ui/document/lesson_train.h"

#include <QJsonDocument>
#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>

#include "core/compute.h"
#include "ui/train/train_views.h"

namespace poslab::ui {

namespace {

namespace tr = core::train;

const QStringList kCharts = {"accuracy", "loss", "learned", "attention"};

}  // namespace

bool readTrainStep(const QJsonObject& o, LessonStep* step, QString* why) {
    const QJsonValue train = o.value(QStringLiteral("train"));
    TrainSettings settings;
    if (!train.isObject()) {
        *why = QStringLiteral("\"train\" must be an object of the lab's settings");
        return false;
    }
    if (!trainSettingsFromJson(train.toObject(), &settings, why)) return false;
    step->train = QString::fromUtf8(trainSettingsKey(settings));
    const QJsonValue show = o.value(QStringLiteral("show"));
    if (!show.isUndefined() && !show.isString()) {
        *why = QStringLiteral("\"show\" must be a text such as \"accuracy\" or \"learned t5\"");
        return false;
    }
    step->show = show.isUndefined() ? QStringLiteral("accuracy") : show.toString();
    const QStringList parts = step->show.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const bool needsRun = !parts.isEmpty() && (parts[0] == QLatin1String("learned") ||
                                               parts[0] == QLatin1String("attention"));
    if (parts.isEmpty() || !kCharts.contains(parts[0]) || parts.size() != (needsRun ? 2 : 1)) {
        *why = QStringLiteral(
                   "\"show\" \"%1\": one of accuracy, loss, learned ENCODING, "
                   "attention ENCODING")
                   .arg(step->show);
        return false;
    }
    if (needsRun) {
        const auto variant = trainVariantFromId(parts[1]);
        if (!variant || std::find(settings.variants.begin(), settings.variants.end(), *variant) ==
                            settings.variants.end()) {
            *why = QStringLiteral("\"show\" \"%1\": \"%2\" is not one of the step's encodings")
                       .arg(step->show, parts[1]);
            return false;
        }
    }
    step->view = QStringLiteral("train/") + parts[0];
    step->page = QStringLiteral("train");
    return true;
}

bool trainStepSettings(const LessonStep& step, TrainSettings* settings) {
    if (step.train.isEmpty()) return false;
    QString ignored;
    return trainSettingsFromJson(QJsonDocument::fromJson(step.train.toUtf8()).object(), settings,
                                 &ignored);
}

TrainShow trainShowOf(const LessonStep& step) {
    TrainShow out;
    const QStringList parts = step.show.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (parts.isEmpty()) return out;
    out.chart = parts[0];
    if (parts.size() == 2)
        if (const auto variant = trainVariantFromId(parts[1])) out.variant = *variant;
    return out;
}

core::Expected<Figure> trainStepFigure(const TrainShow& show,
                                       const std::vector<tr::RunRecord>& runs) {
    if (show.chart == QLatin1String("accuracy")) return trainFigure(runs);
    // Colours in the order of the runs, as the headline's.
    if (show.chart == QLatin1String("loss")) return trainLossFigure(finishedRunViews(runs), {});
    const auto run = std::find_if(runs.begin(), runs.end(), [&](const tr::RunRecord& r) {
        return trainVariantOf(r.config) == show.variant;
    });
    if (run == runs.end()) return core::fail("the step's comparison has no such run");
    if (show.chart == QLatin1String("learned")) return trainLearnedFigure(*run);
    const auto& m = run->config.task.multiples;
    return trainAttentionFigure(*run, *std::max_element(m.begin(), m.end()),
                                static_cast<int>(run->config.layers) - 1);
}

core::Expected<std::vector<tr::RunRecord>> TrainStepCache::runs(const TrainSettings& settings) {
    const QByteArray key = trainSettingsKey(settings);
    if (m_done.contains(key)) return m_done.value(key);
    auto configs = trainConfigs(settings);
    if (!configs) return configs.error();
    for (auto& c : *configs)
        if (m_cap > 0) {  // a test deck: a few steps, and few samples per test size
            c.steps = std::min(c.steps, m_cap);
            c.evalSamples = std::min<std::int64_t>(c.evalSamples, c.evalBatch);
        }
    const int threads = std::max(1, std::min<int>(m_threads, static_cast<int>(configs->size())));
    if (m_note)
        m_note("training " + std::to_string(configs->size()) + " runs of " +
               tr::taskId(settings.task) + ", " + std::to_string(configs->front().steps) +
               " steps each, on " + std::to_string(threads) + " threads");
    for (const auto& c : *configs)
        if (auto st = tr::checkTrainMemory(c, threads, core::configuredMemoryBudget()); !st)
            return st.error();
    std::vector<std::optional<core::Expected<tr::RunRecord>>> results(configs->size());
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&] {
            for (std::size_t i = next++; i < configs->size(); i = next++)
                results[i] = tr::recordRun((*configs)[i]);
        });
    for (auto& w : workers) w.join();
    std::vector<tr::RunRecord> out;
    for (auto& r : results) {
        if (!*r) return r->error();
        out.push_back(std::move(**r));
    }
    m_done.insert(key, out);
    return out;
}

core::Expected<Figure> TrainStepCache::figure(const LessonStep& step) {
    TrainSettings settings;
    if (!trainStepSettings(step, &settings)) return core::fail("not a Training lab step");
    auto done = runs(settings);
    if (!done) return done.error();
    return trainStepFigure(trainShowOf(step), *done);
}

}  // namespace poslab::ui
