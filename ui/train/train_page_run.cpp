// The Training lab page: running a comparison and refreshing its panes from the controller's
// snapshots (loss points and fractions; a finished run's record is shared, never the live model).
#include <QComboBox>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>
#include <algorithm>

#include "core/compute.h"
#include "ui/shell/language.h"
#include "ui/train/figure_pane.h"
#include "ui/train/train_controller.h"
#include "ui/train/train_page.h"
#include "ui/train/train_session.h"
#include "ui/train/train_views.h"

namespace poslab::ui {

namespace tr = core::train;

namespace {

constexpr int kShowFirst = 0, kShowLongest = 1, kShowLearned = 2;
constexpr std::size_t kKeptComparisons = 8;

QString seconds(double s) {
    return pick(QStringLiteral("%1 s"), QString::fromUtf8("%1 秒")).arg(s, 0, 'f', 1);
}

}  // namespace

QString TrainPage::start() {
    TrainSettings s;
    QString error;
    if (!settings(&s, &error)) return error;
    auto runs = trainConfigs(s);
    if (!runs) return QString::fromStdString(runs.error().message);
    const int threads = std::max(1, QThread::idealThreadCount());
    const int parallel = std::min<int>(threads, static_cast<int>(runs->size()));
    for (const auto& c : *runs)
        if (auto st = tr::checkTrainMemory(c, parallel, core::configuredMemoryBudget()); !st)
            return QString::fromStdString(st.error().message);
    m_controller->stop();
    m_shown = s;
    m_records.clear();
    m_taken.assign(runs->size(), false);
    m_clock->start();
    m_endedMs = -1;
    m_controller->start(*runs, threads);
    m_error->clear();
    updateSessionJson();
    refreshHeadline();
    refreshLoss();
    refreshRunChoice();
    refreshButtons();
    emit changed();
    return {};
}

void TrainPage::setPaused(bool paused) {
    m_controller->setPaused(paused);
    if (m_pause->isChecked() != paused) {
        const QSignalBlocker block(m_pause);
        m_pause->setChecked(paused);
    }
    refreshButtons();
}

void TrainPage::stop() {
    m_controller->stop();
    refreshButtons();
}

bool TrainPage::running() const {
    return m_controller->running();
}

bool TrainPage::paused() const {
    return m_controller->paused();
}

void TrainPage::setRecords(const TrainSettings& settings, std::vector<tr::RunRecord> records) {
    m_controller->stop();
    m_shown = settings;
    m_records = std::move(records);
    m_taken.clear();
    setSettings(settings);
    updateSessionJson();
    refreshHeadline();
    refreshLoss();
    refreshRunChoice();
    refreshButtons();
}

void TrainPage::clear() {
    setRecords(TrainSettings{}, {});
}

void TrainPage::updateSessionJson() {
    m_sessionJson =
        QJsonDocument(trainSessionJson(m_shown, m_records)).toJson(QJsonDocument::Compact);
}

std::vector<TrainVariant> TrainPage::colourOrder() const {
    return m_shown.variants;
}

void TrainPage::onUpdated() {
    absorb(m_controller->snapshot());
}

void TrainPage::absorb(const std::vector<TrainController::RunView>& views) {
    if (views.size() == m_taken.size()) {
        // Finished runs join the records in the order they were asked for (seed by seed).
        bool grew = false;
        std::vector<tr::RunRecord> ordered;
        for (std::size_t i = 0; i < views.size(); ++i)
            if (views[i].record && !m_taken[i]) {
                m_taken[i] = true;
                grew = true;
            }
        if (grew) {
            for (std::size_t i = 0; i < views.size(); ++i)
                if (m_taken[i]) {
                    const auto known =
                        std::find_if(m_records.begin(), m_records.end(), [&](const auto& r) {
                            return r.config.encoding == views[i].config.encoding &&
                                   r.config.seed == views[i].config.seed &&
                                   r.config.learnedInit == views[i].config.learnedInit;
                        });
                    ordered.push_back(known != m_records.end() ? std::move(*known)
                                                               : *views[i].record);
                }
            m_records = std::move(ordered);
            updateSessionJson();
            refreshHeadline();
            refreshRunChoice();
            emit changed();
        }
    }
    refreshLoss(views);
    refreshButtons(views);
}

bool TrainPage::recall(const TrainSettings& settings) {
    const QByteArray key = trainSettingsKey(settings);
    for (const auto& [k, records] : m_kept)
        if (k == key) {
            setRecords(settings, records);
            return true;
        }
    return false;
}

void TrainPage::onEnded(bool stopped) {
    m_endedMs = m_clock->elapsed();  // the status keeps the time it took, not the time since
    const auto views = m_controller->snapshot();
    absorb(views);
    // A comparison every run of which finished is kept for recall.
    if (!stopped && m_records.size() == m_taken.size()) {
        const QByteArray key = trainSettingsKey(m_shown);
        std::erase_if(m_kept, [&](const auto& k) { return k.first == key; });
        m_kept.emplace_back(key, m_records);
        if (m_kept.size() > kKeptComparisons) m_kept.erase(m_kept.begin());
    }
    for (const auto& v : views)
        if (!v.error.isEmpty()) {
            m_error->setText(trainRunLabel(v.config).text() + QStringLiteral(": ") + v.error);
            break;
        }
    if (stopped)
        emit message(pick(QStringLiteral("Training stopped: %1 finished runs kept"),
                          QString::fromUtf8("训练已停止：保留 %1 个已完成的运行"))
                         .arg(m_records.size()));
    refreshButtons(views);
    emit changed();
}

void TrainPage::refreshHeadline() {
    if (m_records.empty()) {
        m_headline->setMessage(
            running() ? pick(QStringLiteral("Accuracy against test size appears here as each "
                                            "run finishes"),
                             QString::fromUtf8("每个运行完成后，这里显示各测试长度的准确率"))
                      : pick(QStringLiteral("Choose a task and encodings, then Start"),
                             QString::fromUtf8("选择任务和位置编码，然后点“开始”")));
        return;
    }
    auto figure = trainFigure(m_records);
    if (!figure) {
        m_headline->setMessage(QString::fromStdString(figure.error().message));
        return;
    }
    // The colours the loss curves use, whichever runs have finished.
    if (auto lines = trainAccuracyLines(m_records, colourOrder()))
        figure->result.lines = std::move(*lines);
    m_headline->setFigure(*figure);
}

void TrainPage::refreshLoss() {
    refreshLoss(m_controller->snapshot());
}

void TrainPage::refreshLoss(std::vector<TrainController::RunView> views) {
    if (views.empty() || views.size() != m_taken.size()) {
        // A restored comparison: its records' loss logs.
        views = finishedRunViews(m_records);
    }
    auto figure = trainLossFigure(views, colourOrder());
    if (figure)
        m_loss->setFigure(*figure);
    else
        m_loss->setMessage(running() ? pick(QStringLiteral("The loss appears after %1 steps"),
                                            QString::fromUtf8("%1 步后显示损失"))
                                           .arg(tr::TrainConfig{}.logEvery)
                                     : QString());
}

void TrainPage::showChart(const QString& chart, const TrainVariant& variant) {
    m_wanted.reset();
    if (chart == QLatin1String("loss")) {
        selectPane(m_loss);
    } else if (chart == QLatin1String("learned") || chart == QLatin1String("attention")) {
        m_wanted = variant;
        const QSignalBlocker block(m_showChoice);
        m_showChoice->setCurrentIndex(chart == QLatin1String("learned") ? kShowLearned
                                                                        : kShowLongest);
        selectPane(m_inspect);
        refreshRunChoice();
    } else {
        selectPane(m_headline);
    }
}

void TrainPage::refreshRunChoice() {
    const QString before = m_runChoice->currentText();
    {
        const QSignalBlocker block(m_runChoice);
        m_runChoice->clear();
        int wanted = -1;
        for (std::size_t i = 0; i < m_records.size(); ++i) {
            m_runChoice->addItem(trainRunLabel(m_records[i].config).text());
            if (wanted < 0 && m_wanted && trainVariantOf(m_records[i].config) == *m_wanted)
                wanted = static_cast<int>(i);
        }
        const int again = m_runChoice->findText(before);
        m_runChoice->setCurrentIndex(wanted >= 0 ? wanted : std::max(again, 0));
        if (wanted >= 0) m_wanted.reset();  // found: the user's choices stand from here on
    }
    m_runChoice->setEnabled(!m_records.empty());
    m_showChoice->setEnabled(!m_records.empty());
    m_layerChoice->setEnabled(!m_records.empty() && m_showChoice->currentIndex() != kShowLearned);
    refreshInspect();
}

void TrainPage::refreshInspect() {
    const int i = m_runChoice->currentIndex();
    if (i < 0 || i >= static_cast<int>(m_records.size())) {
        m_inspect->setMessage(
            pick(QStringLiteral("A finished run's attention and what its "
                                "encoding learned show here"),
                 QString::fromUtf8("已完成运行的注意力及其编码学到的内容显示在这里")));
        return;
    }
    m_layerChoice->setEnabled(m_showChoice->currentIndex() != kShowLearned);
    const tr::RunRecord& run = m_records[static_cast<std::size_t>(i)];
    core::Expected<Figure> figure = core::fail("");
    const auto& multiples = run.config.task.multiples;
    switch (m_showChoice->currentIndex()) {
        case kShowFirst:
            figure = trainAttentionFigure(run, 1.0, m_layerChoice->currentData().toInt());
            break;
        case kShowLongest:
            figure =
                trainAttentionFigure(run, *std::max_element(multiples.begin(), multiples.end()),
                                     m_layerChoice->currentData().toInt());
            break;
        case kShowLearned:
        default:
            figure = trainLearnedFigure(run);
            break;
    }
    if (figure)
        m_inspect->setFigure(*figure);
    else
        m_inspect->setMessage(QString::fromStdString(figure.error().message));
}

QString TrainPage::summary() const {
    const TrainSettings& s = m_shown;
    QStringList seeds;
    for (auto seed : s.seeds) seeds << QString::number(seed);
    QStringList parts{
        pick(QStringLiteral("Training lab"), QString::fromUtf8("训练实验室")),
        m_task->itemText(m_task->findData(static_cast<int>(s.task))),
        pick(QStringLiteral("%1 encodings"), QString::fromUtf8("%1 种编码")).arg(s.variants.size()),
        pick(QStringLiteral("seeds %1"), QString::fromUtf8("种子 %1"))
            .arg(seeds.join(QStringLiteral(", "))),
        pick(QStringLiteral("%1 steps"), QString::fromUtf8("%1 步")).arg(s.steps)};
    if (s.randomPositions > 0)
        parts << pick(QStringLiteral("random positions R = %1"),
                      QString::fromUtf8("随机位置 R = %1"))
                     .arg(s.randomPositions);
    if (!m_status->text().isEmpty()) parts << m_status->text();
    return parts.join(QStringLiteral(" · "));
}

void TrainPage::refreshButtons() {
    refreshButtons(m_controller->snapshot());
}

void TrainPage::refreshButtons(const std::vector<TrainController::RunView>& views) {
    const bool on = running();
    m_start->setEnabled(true);
    m_pause->setEnabled(on);
    m_stop->setEnabled(on);
    if (!on && m_pause->isChecked()) {
        const QSignalBlocker block(m_pause);
        m_pause->setChecked(false);
    }
    double fraction = 0;
    int done = 0;
    for (const auto& v : views) {
        fraction += v.fraction;
        done += v.done ? 1 : 0;
    }
    const bool live = !views.empty() && views.size() == m_taken.size();
    m_progress->setValue(live ? static_cast<int>(1000 * fraction / views.size())
                              : (m_records.empty() ? 0 : 1000));
    if (live) {
        QString text =
            pick(QStringLiteral("%1 of %2 runs finished · %3"),
                 QString::fromUtf8("已完成 %1 / %2 个运行 · %3"))
                .arg(done)
                .arg(views.size())
                .arg(seconds((m_endedMs >= 0 ? m_endedMs : m_clock->elapsed()) / 1000.0));
        if (on && paused())
            text += pick(QStringLiteral(" · paused"), QString::fromUtf8(" · 已暂停"));
        m_status->setText(text);
    } else {
        m_status->setText(m_records.empty() ? QString()
                                            : pick(QStringLiteral("%1 finished runs"),
                                                   QString::fromUtf8("%1 个已完成的运行"))
                                                  .arg(m_records.size()));
    }
}

}  // namespace poslab::ui
