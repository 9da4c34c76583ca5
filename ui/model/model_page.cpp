#include "ui/model/model_page.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/document/model_presets.h"
#include "ui/model/layer_map.h"
#include "ui/model/model_chart.h"
#include "ui/panels/error_words.h"

namespace poslab::ui {

namespace {

const QString kNoCompare = QStringLiteral("-");
const QString kCompareFile = QStringLiteral("+file");

QLabel* wrapLabel(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

}  // namespace

ModelPage::ModelPage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("modelPage"));
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);

    // The gallery: the bundled presets (name and model card), and Open… for a file.
    auto* galleryBox = m_galleryBox = new QWidget(this);
    auto* gv = new QVBoxLayout(galleryBox);
    gv->setContentsMargins(0, 0, 0, 0);
    m_galleryTitle = new QLabel(galleryBox);
    m_gallery = new QListWidget(galleryBox);
    m_gallery->setTextElideMode(Qt::ElideRight);
    m_gallery->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_gallery->setSpacing(2);
    m_open = new QPushButton(galleryBox);
    gv->addWidget(m_galleryTitle);
    gv->addWidget(m_gallery, 1);
    gv->addWidget(m_open);
    galleryBox->setMinimumWidth(latinCharWidth() * 16);
    galleryBox->setMaximumWidth(latinCharWidth() * 30);
    outer->addWidget(galleryBox);

    auto* main = new QVBoxLayout;
    outer->addLayout(main, 1);
    auto* header = new QHBoxLayout;
    m_galleryToggle = new QToolButton(this);
    m_galleryToggle->setCheckable(true);
    m_galleryToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_galleryToggle->setArrowType(Qt::RightArrow);
    m_galleryToggle->hide();
    header->addWidget(m_galleryToggle);
    m_name = new QLabel(this);
    m_source = new QLabel(this);
    m_source->setForegroundRole(QPalette::PlaceholderText);
    m_source->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_source->setMinimumWidth(0);
    m_source->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_compareLabel = new QLabel(this);
    m_compareChoice = new QComboBox(this);
    // Sized to a short name, not to the longest preset's: a long one would widen the page and
    // squeeze the encoding browser at 1280 x 720.
    m_compareChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_compareChoice->setMinimumContentsLength(16);
    m_explore = new QPushButton(this);
    header->addWidget(m_name);
    header->addWidget(m_source, 1);
    header->addWidget(m_compareLabel);
    header->addWidget(m_compareChoice);
    header->addWidget(m_explore);
    main->addLayout(header);
    // The encoding first (M5.2): what gives this model its positions, before any RoPE detail.
    m_encoding = wrapLabel(this);
    main->addWidget(m_encoding);
    m_message = wrapLabel(this);
    m_message->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_message->hide();
    main->addWidget(m_message);

    m_mapTitle = new QLabel(this);
    m_map = new LayerMapWidget(this);
    m_compareMapTitle = new QLabel(this);
    m_compareMap = new LayerMapWidget(this);
    m_maps = new QGridLayout;
    main->addLayout(m_maps);
    placeMaps(false);

    auto* body = new QHBoxLayout;
    main->addLayout(body, 1);
    auto* charts = m_charts = new QGridLayout;
    m_nope = wrapLabel(this);
    m_nope->setAlignment(Qt::AlignCenter);
    m_freq = new ModelChartWidget(this);
    m_wave = new ModelChartWidget(this);
    m_query = new ModelChartWidget(this);
    m_scaling = new ModelChartWidget(this);
    m_other = new ModelChartWidget(this);
    // Row 1 the per-pair charts (or another encoding's chart in their place), row 2 the rest.
    m_chartOrder = {m_freq, m_wave, m_other, m_scaling, m_query};
    charts->addWidget(m_nope, 0, 0, 1, 2);
    body->addLayout(charts, 1);

    body->addLayout(buildSide());

    connectSignals();
    applyFonts();
    retranslate();
    refresh();
}

// The side column: the differences, the readout table and the reader's notes.
QVBoxLayout* ModelPage::buildSide() {
    auto* side = new QVBoxLayout;
    m_table = new QTableWidget(this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->hide();
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumWidth(latinCharWidth() * 30);
    m_table->setMaximumWidth(latinCharWidth() * 70);
    m_diff = wrapLabel(this);
    m_diff->setMaximumWidth(latinCharWidth() * 70);
    // The reader's notes are warnings a researcher must see: framed in amber, in the text colour.
    m_notes = wrapLabel(this);
    m_notes->setObjectName(QStringLiteral("modelNotes"));
    m_notes->setStyleSheet(QStringLiteral(
        "#modelNotes { border-left: 4px solid #e0a800; background: rgba(224, 168, 0, 0.12); "
        "padding: 4px 6px; }"));
    m_notes->setMaximumWidth(latinCharWidth() * 70);
    side->addWidget(m_diff);
    side->addWidget(m_table, 1);
    side->addWidget(m_notes);
    return side;
}

void ModelPage::connectSignals() {
    connect(m_gallery, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { openPreset(item->data(Qt::UserRole).toString()); });
    connect(m_gallery, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { openPreset(item->data(Qt::UserRole).toString()); });
    connect(m_galleryToggle, &QToolButton::toggled, this, [this](bool on) {
        m_galleryWanted = on;
        updateGallery();
    });
    connect(m_open, &QPushButton::clicked, this, &ModelPage::openFileRequested);
    connect(m_explore, &QPushButton::clicked, this, &ModelPage::exploreRequested);
    connect(m_map, &LayerMapWidget::kindClicked, this, &ModelPage::selectKind);
    connect(m_compareMap, &LayerMapWidget::kindClicked, this, &ModelPage::selectCompareKind);
    connect(m_compareChoice, &QComboBox::activated, this, [this](int index) {
        const QString id = m_compareChoice->itemData(index).toString();
        if (id == kNoCompare)
            clearCompare();
        else if (id == kCompareFile)
            emit compareFileRequested();
        else
            openComparePreset(id);
        fillCompareChoice();  // shows what is compared, whatever was picked
    });
}

void ModelPage::fillGallery() {
    const QString current =
        m_gallery->currentItem() ? m_gallery->currentItem()->data(Qt::UserRole).toString() : "";
    const QSignalBlocker block(m_gallery);
    m_gallery->clear();
    for (const ModelPreset& p : modelPresets()) {
        // The model card's repository on the second line, the whole source in the tooltip.
        const QString repo = p.source.section(QLatin1Char(','), 0, 0);
        auto* item = new QListWidgetItem(p.name + QLatin1Char('\n') + repo, m_gallery);
        item->setData(Qt::UserRole, p.id);
        item->setToolTip(p.source);
        if (p.id == current) m_gallery->setCurrentItem(item);
    }
}

void ModelPage::fillCompareChoice() {
    const QSignalBlocker block(m_compareChoice);
    m_compareChoice->clear();
    m_compareChoice->addItem(tr("nothing"), kNoCompare);
    for (const ModelPreset& p : modelPresets()) m_compareChoice->addItem(p.name, p.id);
    m_compareChoice->addItem(tr("a config file…"), kCompareFile);
    if (hasCompare()) {
        int at = m_compareChoice->findText(m_compare.name);
        if (at < 0) {  // a file: its name above the presets
            m_compareChoice->insertItem(1, m_compare.name, QStringLiteral("=current"));
            at = 1;
        }
        m_compareChoice->setCurrentIndex(at);
    } else {
        m_compareChoice->setCurrentIndex(0);
    }
}

QString ModelPage::refuse(const QString& error) {
    m_error = error;
    m_message->setText(localisedError(error));  // m_error stays core's English
    m_message->setVisible(!error.isEmpty());
    if (!error.isEmpty()) emit message(localisedError(error));  // the status bar shows it
    return error;
}

QString ModelPage::openFile(const QString& path) {
    auto model = loadModelFile(path);
    if (!model) return refuse(QString::fromStdString(model.error().message));
    return setModel(*model);
}

QString ModelPage::openPreset(const QString& id, const QString& kind,
                              std::optional<std::int64_t> seqLen) {
    auto model = loadModelPreset(id, seqLen);
    if (!model) return refuse(QString::fromStdString(model.error().message));
    return setModel(*model, kind);
}

QString ModelPage::setModel(const LoadedModel& model, const QString& kind) {
    if (!model.valid()) return refuse(tr("no model config"));
    if (!kind.isEmpty() && !model.config.kind(kind.toStdString()))
        return refuse(tr("%1 has no layer kind \"%2\"").arg(model.name, kind));
    m_model = model;
    m_kind = QString::fromStdString(m_model.kindOr(kind)->name);
    refuse({});
    {
        const QSignalBlocker block(m_gallery);
        m_gallery->setCurrentItem(nullptr);
        for (int i = 0; i < m_gallery->count(); ++i)
            if (m_gallery->item(i)->text().section(QLatin1Char('\n'), 0, 0) == m_model.name &&
                m_gallery->item(i)->toolTip() == m_model.source)
                m_gallery->setCurrentRow(i);
    }
    refresh();
    emit changed();
    return {};
}

QString ModelPage::openCompareFile(const QString& path) {
    auto model = loadModelFile(path);
    if (!model) return refuse(QString::fromStdString(model.error().message));
    return setCompare(*model);
}

QString ModelPage::openComparePreset(const QString& id) {
    auto model = loadModelPreset(id);
    if (!model) return refuse(QString::fromStdString(model.error().message));
    return setCompare(*model);
}

QString ModelPage::setCompare(const LoadedModel& model, const QString& kind) {
    if (!model.valid()) return refuse(tr("no model config"));
    if (!kind.isEmpty() && !model.config.kind(kind.toStdString()))
        return refuse(tr("%1 has no layer kind \"%2\"").arg(model.name, kind));
    m_compare = model;
    // The same kind as the first model's where the second has it.
    m_compareKind = QString::fromStdString(m_compare.kindOr(kind.isEmpty() ? m_kind : kind)->name);
    refuse({});
    fillCompareChoice();
    refresh();
    emit changed();
    return {};
}

void ModelPage::clearCompare() {
    if (!hasCompare()) return;
    m_compare = {};
    m_compareKind.clear();
    fillCompareChoice();
    refresh();
    emit changed();
}

void ModelPage::clearModel() {
    if (!hasModel() && !hasCompare()) return;
    m_model = {};
    m_compare = {};
    m_kind.clear();
    m_compareKind.clear();
    refuse({});
    fillCompareChoice();
    refresh();
    emit changed();
}

void ModelPage::selectKind(const QString& kind) {
    if (!hasModel() || kind == m_kind || !m_model.config.kind(kind.toStdString())) return;
    m_kind = kind;
    refresh();
    emit changed();
}

void ModelPage::selectCompareKind(const QString& kind) {
    if (!hasCompare() || kind == m_compareKind || !m_compare.config.kind(kind.toStdString()))
        return;
    m_compareKind = kind;
    refresh();
    emit changed();
}

const core::models::KindInfo* ModelPage::currentKind() const {
    return hasModel() ? m_model.config.kind(m_kind.toStdString()) : nullptr;
}

const core::models::KindInfo* ModelPage::currentCompareKind() const {
    return hasCompare() ? m_compare.config.kind(m_compareKind.toStdString()) : nullptr;
}

QString ModelPage::errorText() const {
    return m_error;
}

QString ModelPage::nopeText() const {
    return m_nope->isHidden() ? QString() : m_nope->text();
}

QString ModelPage::encodingText() const {
    return m_encoding->text();
}

QString ModelPage::notesText() const {
    return m_notes->isHidden() ? QString() : m_notes->text();
}

bool ModelPage::galleryShown() const {
    return !m_galleryBox->isHidden();
}

void ModelPage::updateGallery() {
    // Two models: the compare table needs the width; one or two: the charts need it (arrange).
    const bool narrow = (hasCompare() && width() < latinCharWidth() * 215) || m_galleryTight;
    if (!narrow) m_galleryWanted = false;
    m_galleryBox->setVisible(!narrow || m_galleryWanted);
    m_galleryToggle->setVisible(narrow);
    const QSignalBlocker block(m_galleryToggle);
    m_galleryToggle->setChecked(m_galleryWanted);
    m_galleryToggle->setArrowType(m_galleryWanted ? Qt::LeftArrow : Qt::RightArrow);
}

void ModelPage::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitTable();
    refreshHeader();  // the source line is elided to the width
    if (hasCompare() && m_scaling->isVisibleTo(this) != scalingFits())
        refreshCharts();  // Compare shows the scaling chart where there is room
    arrange();
}

void ModelPage::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    arrange();  // the room may have changed while another page was shown
}

void ModelPage::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();  // readouts, legends and charts speak the new language
    } else if (e->type() == QEvent::PaletteChange) {
        refresh();  // the charts' theme and the readouts' muted labels
    } else if (e->type() == QEvent::FontChange) {
        // Presentation mode's larger font: the labels' own sizes, the table's items and rows
        // (once every child has its new font), and the arrangement for the room in lines.
        applyFonts();
        QMetaObject::invokeMethod(this, &ModelPage::refresh, Qt::QueuedConnection);
    }
    QWidget::changeEvent(e);
}

void ModelPage::retranslate() {
    m_galleryTitle->setText(tr("Presets"));
    m_galleryToggle->setText(tr("Presets"));
    m_galleryToggle->setToolTip(
        tr("Show or hide the presets (hidden while two models share a "
           "narrow page)"));
    m_open->setText(tr("Open Model Config…"));
    m_compareLabel->setText(tr("Compare with:"));
    fillGallery();
    fillCompareChoice();
    if (!m_error.isEmpty()) m_message->setText(localisedError(m_error));
}

}  // namespace poslab::ui
