// The Training lab page: its controls and panes, the settings they hold, and the figure export
// takes. Running a comparison and refreshing the panes: train_page_run.cpp.
#include "ui/train/train_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

#include "ui/shell/language.h"
#include "ui/train/figure_pane.h"
#include "ui/train/train_controller.h"

namespace poslab::ui {

namespace tr = core::train;

TrainPage::TrainPage(QWidget* parent)
    : QWidget(parent),
      m_controller(new TrainController(this)),
      m_clock(std::make_unique<QElapsedTimer>()) {
    auto* scroll = new QScrollArea(this);
    m_controlsArea = scroll;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_column = new QWidget(scroll);
    buildControls(m_column);
    scroll->setWidget(m_column);

    m_headline = new FigurePane(this);
    m_loss = new FigurePane(this);
    m_inspect = new FigurePane(this);
    for (FigurePane* p : {m_headline, m_loss, m_inspect})
        connect(p, &FigurePane::clicked, this, [this, p] { selectPane(p); });
    m_headline->setObjectName(QStringLiteral("trainHeadline"));
    m_loss->setObjectName(QStringLiteral("trainLoss"));
    m_inspect->setObjectName(QStringLiteral("trainInspect"));

    auto* top = new QSplitter(Qt::Horizontal, this);
    m_charts = top;
    top->addWidget(m_headline);
    top->addWidget(m_loss);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);

    m_inspectBox = new QWidget(this);
    auto* inspect = new QVBoxLayout(m_inspectBox);
    inspect->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    m_runChoice = new QComboBox(m_inspectBox);
    m_runChoice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_showLabel = new QLabel(m_inspectBox);
    m_showChoice = new QComboBox(m_inspectBox);
    row->addWidget(m_runChoice);
    row->addWidget(m_showLabel);
    row->addWidget(m_showChoice);
    m_layerChoice = new QComboBox(m_inspectBox);
    row->addWidget(m_layerChoice);
    row->addStretch(1);
    inspect->addLayout(row);
    inspect->addWidget(m_inspect, 1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_inspectBox);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({10000, 10000});  // half each, whatever the panes' size hints
    top->setSizes({12000, 8000});

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(scroll);
    layout->addWidget(split, 1);

    connect(m_controller, &TrainController::updated, this, &TrainPage::onUpdated);
    connect(m_controller, &TrainController::allEnded, this, &TrainPage::onEnded);
    connect(m_runChoice, &QComboBox::currentIndexChanged, this, [this] { refreshInspect(); });
    connect(m_showChoice, &QComboBox::currentIndexChanged, this, [this] { refreshInspect(); });
    connect(m_layerChoice, &QComboBox::currentIndexChanged, this, [this] { refreshInspect(); });
    selectPane(m_headline);
    retranslate();
    setSettings(TrainSettings{});
    refreshButtons();
}

TrainPage::~TrainPage() = default;

void TrainPage::buildControls(QWidget* column) {
    auto* v = new QVBoxLayout(column);
    v->setContentsMargins(4, 4, 8, 4);
    m_taskLabel = new QLabel(column);
    m_task = new QComboBox(column);
    for (tr::Task t : {tr::Task::Copy, tr::Task::Reverse, tr::Task::Sort})
        m_task->addItem(QString(), static_cast<int>(t));
    // A task's own steps (T3: 2000 for copy, 1500 for sort and reverse) when it is chosen.
    connect(m_task, &QComboBox::currentIndexChanged, this, [this] {
        m_steps->setValue(static_cast<int>(
            tr::defaultSteps(static_cast<tr::Task>(m_task->currentData().toInt()))));
    });
    v->addWidget(m_taskLabel);
    v->addWidget(m_task);

    m_encodingsLabel = new QLabel(column);
    v->addWidget(m_encodingsLabel);
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    const auto offered = offeredVariants();
    for (std::size_t i = 0; i < offered.size(); ++i) {
        auto* box = new QCheckBox(column);
        m_variantBoxes.push_back(box);
        grid->addWidget(box, static_cast<int>(i / 2), static_cast<int>(i % 2));
    }
    v->addLayout(grid);

    auto* form = new QGridLayout;
    m_seedsLabel = new QLabel(column);
    m_seeds = new QLineEdit(column);
    m_stepsLabel = new QLabel(column);
    m_steps = new QSpinBox(column);
    m_steps->setRange(1, 1000000);  // as the settings JSON allows (train_settings.cpp)
    m_steps->setSingleStep(100);
    m_random = new QCheckBox(column);
    m_range = new QSpinBox(column);
    m_range->setRange(1, 1 << 20);
    m_range->setValue(static_cast<int>(kLessonRandomPositions));
    m_range->setPrefix(QStringLiteral("R = "));
    form->addWidget(m_seedsLabel, 0, 0);
    form->addWidget(m_seeds, 0, 1);
    form->addWidget(m_stepsLabel, 1, 0);
    form->addWidget(m_steps, 1, 1);
    form->addWidget(m_random, 2, 0);
    form->addWidget(m_range, 2, 1);
    v->addLayout(form);
    connect(m_random, &QCheckBox::toggled, m_range, &QWidget::setEnabled);

    auto* buttons = new QHBoxLayout;
    m_start = new QPushButton(column);
    m_pause = new QPushButton(column);
    m_pause->setCheckable(true);
    m_stop = new QPushButton(column);
    for (QPushButton* b : {m_start, m_pause, m_stop}) buttons->addWidget(b);
    v->addLayout(buttons);
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (const QString e = start(); !e.isEmpty()) m_error->setText(e);
    });
    connect(m_pause, &QPushButton::toggled, this, [this](bool on) { setPaused(on); });
    connect(m_stop, &QPushButton::clicked, this, [this] { stop(); });

    m_progress = new QProgressBar(column);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    v->addWidget(m_progress);
    m_status = new QLabel(column);
    m_status->setWordWrap(true);
    m_error = new QLabel(column);
    m_error->setWordWrap(true);
    QPalette red = m_error->palette();
    red.setColor(QPalette::WindowText, QColor(0xc0, 0x20, 0x20));
    m_error->setPalette(red);
    v->addWidget(m_status);
    v->addWidget(m_error);
    v->addStretch(1);
}

void TrainPage::retranslate() {
    m_taskLabel->setText(pick(QStringLiteral("Task"), QString::fromUtf8("任务")));
    m_task->setItemText(0, pick(QStringLiteral("copy"), QString::fromUtf8("复制")));
    m_task->setItemText(1, pick(QStringLiteral("reverse"), QString::fromUtf8("反转")));
    m_task->setItemText(2, pick(QStringLiteral("sort"), QString::fromUtf8("排序")));
    m_encodingsLabel->setText(pick(QStringLiteral("Encodings"), QString::fromUtf8("位置编码")));
    const auto offered = offeredVariants();
    for (std::size_t i = 0; i < offered.size(); ++i)
        m_variantBoxes[i]->setText(trainVariantLabel(offered[i]).text());
    m_seedsLabel->setText(pick(QStringLiteral("Seeds"), QString::fromUtf8("种子")));
    m_seeds->setToolTip(pick(QStringLiteral("Whole numbers, comma-separated: 0, 1, 2"),
                             QString::fromUtf8("非负整数，用逗号分隔：0, 1, 2")));
    m_stepsLabel->setText(pick(QStringLiteral("Steps"), QString::fromUtf8("步数")));
    m_random->setText(pick(QStringLiteral("Random positions"), QString::fromUtf8("随机位置")));
    m_random->setToolTip(pick(
        QStringLiteral("Ruoss et al. 2023: each sequence gets an ordered random subset of [0, R) "
                       "as its positions, in training and in testing"),
        QString::fromUtf8(
            "Ruoss 等 2023：训练和测试时，每个序列的位置取 [0, R) 中一个有序的随机子集")));
    m_start->setText(pick(QStringLiteral("Start"), QString::fromUtf8("开始")));
    m_pause->setText(pick(QStringLiteral("Pause"), QString::fromUtf8("暂停")));
    m_stop->setText(pick(QStringLiteral("Stop"), QString::fromUtf8("停止")));
    m_showLabel->setText(pick(QStringLiteral("Show"), QString::fromUtf8("显示")));
    const int show = std::max(0, m_showChoice->currentIndex());
    {
        const QSignalBlocker block(m_showChoice);
        m_showChoice->clear();
        m_showChoice->addItem(
            pick(QStringLiteral("attention at 1×"), QString::fromUtf8("1× 长度的注意力")));
        m_showChoice->addItem(pick(QStringLiteral("attention at the longest test"),
                                   QString::fromUtf8("最长测试的注意力")));
        m_showChoice->addItem(
            pick(QStringLiteral("what the encoding learned"), QString::fromUtf8("编码学到了什么")));
        m_showChoice->setCurrentIndex(show);
    }
    {
        // The model's layers (T2: 2), the last first: where copying's pattern shows.
        const QSignalBlocker block(m_layerChoice);
        const int layer = m_layerChoice->count() ? m_layerChoice->currentIndex() : 1;
        m_layerChoice->clear();
        const auto layers = core::train::TrainConfig{}.layers;
        for (std::int64_t l = 0; l < layers; ++l)
            m_layerChoice->addItem(
                pick(QStringLiteral("layer %1"), QString::fromUtf8("第 %1 层")).arg(l + 1),
                static_cast<int>(l));
        m_layerChoice->addItem(pick(QStringLiteral("every layer"), QString::fromUtf8("所有层")),
                               -1);
        m_layerChoice->setCurrentIndex(std::clamp(layer, 0, m_layerChoice->count() - 1));
    }
    refreshRunChoice();
    refreshHeadline();
    refreshLoss();
    refreshButtons();
    fitControls();
}

// The controls' column as wide as its widest line needs (the language and the font change it).
void TrainPage::fitControls() {
    m_column->adjustSize();
    m_controlsArea->setFixedWidth(m_column->sizeHint().width() +
                                  style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4);
}

void TrainPage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    if (e->type() == QEvent::FontChange) fitControls();
    QWidget::changeEvent(e);
}

bool TrainPage::settings(TrainSettings* out, QString* error) const {
    TrainSettings s;
    s.task = static_cast<tr::Task>(m_task->currentData().toInt());
    s.variants.clear();
    const auto offered = offeredVariants();
    for (std::size_t i = 0; i < offered.size(); ++i)
        if (m_variantBoxes[i]->isChecked()) s.variants.push_back(offered[i]);
    s.seeds.clear();
    for (const QString& part : m_seeds->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qlonglong seed = part.trimmed().toLongLong(&ok);
        if (!ok || seed < 0) {
            *error = pick(QStringLiteral("Seeds: \"%1\" is not a whole number >= 0"),
                          QString::fromUtf8("种子：“%1”不是非负整数"))
                         .arg(part.trimmed());
            return false;
        }
        s.seeds.push_back(static_cast<std::uint64_t>(seed));
    }
    s.steps = m_steps->value();
    s.randomPositions = m_random->isChecked() ? m_range->value() : 0;
    if (s.variants.empty() || s.seeds.empty()) {
        *error = s.variants.empty() ? pick(QStringLiteral("Choose at least one encoding"),
                                           QString::fromUtf8("请至少选择一种位置编码"))
                                    : pick(QStringLiteral("Give at least one seed"),
                                           QString::fromUtf8("请至少给出一个种子"));
        return false;
    }
    *out = s;
    return true;
}

void TrainPage::setSettings(const TrainSettings& s) {
    {
        const QSignalBlocker block(m_task);
        m_task->setCurrentIndex(std::max(0, m_task->findData(static_cast<int>(s.task))));
    }
    const auto offered = offeredVariants();
    for (std::size_t i = 0; i < offered.size(); ++i)
        m_variantBoxes[i]->setChecked(std::find(s.variants.begin(), s.variants.end(), offered[i]) !=
                                      s.variants.end());
    QStringList seeds;
    for (auto seed : s.seeds) seeds << QString::number(seed);
    m_seeds->setText(seeds.join(QStringLiteral(", ")));
    m_steps->setValue(static_cast<int>(s.steps));
    m_random->setChecked(s.randomPositions > 0);
    m_range->setEnabled(s.randomPositions > 0);
    if (s.randomPositions > 0) m_range->setValue(static_cast<int>(s.randomPositions));
}

bool TrainPage::figure(Figure* figure, QString* error, QString* name) const {
    const FigurePane* pane = m_selected ? m_selected : m_headline;
    if (!pane->hasFigure()) {
        *error = pane->message();
        return false;
    }
    *figure = pane->figure();
    // Each view keeps its footer: the export says what it shows.
    if (name) *name = figure->view.id.isEmpty() ? figure->result.viewId : figure->view.id;
    if (name) name->replace(QLatin1Char('/'), QLatin1Char('_'));
    return true;
}

void TrainPage::setPresenting(bool on) {
    m_presenting = on;
    applyPresenting();
}

// Presenting: no controls, and the charts or the run's inspection (when that pane is the one
// selected: a lesson step about what a run learned) on the whole page.
void TrainPage::applyPresenting() {
    const bool inspect = m_selected == m_inspect;
    m_controlsArea->setVisible(!m_presenting);
    m_charts->setVisible(!m_presenting || !inspect);
    m_inspectBox->setVisible(!m_presenting || inspect);
}

void TrainPage::selectPane(FigurePane* pane) {
    m_selected = pane;
    for (FigurePane* p : {m_headline, m_loss, m_inspect}) p->setSelected(p == pane);
    if (m_presenting) applyPresenting();
}

}  // namespace poslab::ui
