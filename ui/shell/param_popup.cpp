#include "ui/shell/param_popup.h"

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QSlider>
#include <QVBoxLayout>

#include "ui/figure/number_format.h"
#include "ui/panels/choice_words.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

QFont grown(const QFont& base, double factor, bool bold) {
    QFont f = base;
    if (base.pointSizeF() > 0)
        f.setPointSizeF(base.pointSizeF() * factor);
    else
        f.setPixelSize(static_cast<int>(base.pixelSize() * factor));
    f.setBold(bold);
    return f;
}

}  // namespace

bool ParamPopup::canEdit(const ParamPanel* panel, const QString& name) {
    QWidget* editor = panel ? panel->editorFor(name) : nullptr;
    if (qobject_cast<QSlider*>(editor) || qobject_cast<QCheckBox*>(editor)) return true;
    const auto* combo = qobject_cast<QComboBox*>(editor);
    return combo && !combo->isEditable();
}

ParamPopup::ParamPopup(ParamPanel* panel, const QString& name, QWidget* parent)
    : QFrame(parent, Qt::Popup), m_panel(panel), m_name(name) {
    setObjectName("presentationParamPopup");
    setAttribute(Qt::WA_DeleteOnClose);
    setFrameShape(QFrame::Box);
    setLineWidth(1);
    auto* v = new QVBoxLayout(this);
    const int h = fontMetrics().height();
    v->setContentsMargins(h, h * 2 / 3, h, h * 2 / 3);
    v->setSpacing(h / 2);
    auto* top = new QHBoxLayout;
    m_title = new QLabel(this);
    m_title->setFont(grown(font(), 1.0, true));
    m_value = new QLabel(this);
    m_value->setObjectName("presentationParamValue");
    m_value->setFont(grown(font(), 1.6, true));
    m_value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    top->addWidget(m_title, 1);
    top->addWidget(m_value);
    v->addLayout(top);
    const core::ParamSpec* spec =
        panel && panel->encoding() ? panel->encoding()->findParam(name.toStdString()) : nullptr;
    const QString label = spec ? pick(spec->labelEn, spec->labelZh) : QString();
    m_title->setText(label.isEmpty() ? name : label);

    QWidget* editor = panel ? panel->editorFor(name) : nullptr;
    if (auto* s = qobject_cast<QSlider*>(editor)) buildSlider(s);
    m_panelCombo = qobject_cast<QComboBox*>(editor);
    m_panelCheck = qobject_cast<QCheckBox*>(editor);
    if (m_panelCombo || m_panelCheck) buildChoices();
    if (m_slider) v->addWidget(m_slider);
    if (!m_choices.isEmpty()) {
        auto* row = new QHBoxLayout;
        for (QAbstractButton* b : std::as_const(m_choices)) row->addWidget(b);
        v->addLayout(row);
    }
    m_hint = new QLabel(this);
    m_hint->setFont(grown(font(), 0.75, false));
    m_hint->setEnabled(false);
    m_hint->setText(m_slider ? tr("Drag, or press ← →; Esc closes")
                             : tr("Click a value; Esc closes"));
    v->addWidget(m_hint);
    // The panel's rows are rebuilt when the page changes: the popup goes with its editor.
    if (editor) connect(editor, &QObject::destroyed, this, &QWidget::close);
    syncFromPanel();
}

void ParamPopup::buildSlider(QSlider* source) {
    m_panelSlider = source;
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName("presentationParamSlider");
    m_slider->setRange(source->minimum(), source->maximum());
    m_slider->setPageStep(source->pageStep());
    m_slider->setSingleStep(source->singleStep());
    m_slider->setValue(source->value());
    const int h = fontMetrics().height();
    const int groove = std::max(6, h / 3), handle = std::max(24, h * 5 / 4);
    m_slider->setMinimumSize(std::max(480, h * 24), handle + 8);
    const QString accent = palette().color(QPalette::Highlight).name();
    const QString track = palette().color(QPalette::Mid).name();
    const QString edge = palette().color(QPalette::Base).name();
    m_slider->setStyleSheet(
        QStringLiteral("QSlider::groove:horizontal { height: %1px; background: %3;"
                       " border-radius: %4px; }"
                       "QSlider::sub-page:horizontal { background: %5; border-radius: %4px; }"
                       "QSlider::handle:horizontal { width: %2px; margin: -%6px 0;"
                       " border-radius: %7px; background: %5; border: 2px solid %8; }")
            .arg(groove)
            .arg(handle)
            .arg(track)
            .arg(groove / 2)
            .arg(accent)
            .arg((handle - groove) / 2)
            .arg(handle / 2)
            .arg(edge));
    // A drag moves the panel's slider, held down meanwhile: the panel's edits of one drag merge
    // into one undo step, as when its own slider is dragged.
    connect(m_slider, &QSlider::valueChanged, this, [this](int pos) {
        if (!m_syncing && m_panelSlider) m_panelSlider->setValue(pos);
    });
    connect(m_slider, &QSlider::sliderPressed, this, [this] {
        if (m_panelSlider) m_panelSlider->setSliderDown(true);
    });
    connect(m_slider, &QSlider::sliderReleased, this, [this] {
        if (m_panelSlider) m_panelSlider->setSliderDown(false);
    });
    // Keys and clicks on the groove step the panel's slider (a log slider steps along 1-2-5);
    // this one follows it (syncFromPanel), so its own step lands on the same place.
    connect(m_slider, &QAbstractSlider::actionTriggered, this, [this](int action) {
        if (action != QAbstractSlider::SliderMove && action != QAbstractSlider::SliderNoAction &&
            m_panelSlider)
            m_panelSlider->triggerAction(static_cast<QAbstractSlider::SliderAction>(action));
    });
    connect(source, &QSlider::valueChanged, this, &ParamPopup::syncFromPanel);
}

void ParamPopup::buildChoices() {
    auto* group = new QButtonGroup(this);
    auto add = [&](const QString& text) {
        auto* b = new QPushButton(text, this);
        b->setCheckable(true);
        b->setFont(grown(font(), 1.2, false));
        b->setMinimumHeight(fontMetrics().height() * 2);
        group->addButton(b, static_cast<int>(m_choices.size()));
        m_choices << b;
    };
    if (m_panelCombo) {
        for (int i = 0; i < m_panelCombo->count(); ++i) add(m_panelCombo->itemText(i));
        connect(group, &QButtonGroup::idClicked, this, [this](int id) {
            if (!m_syncing && m_panelCombo) m_panelCombo->setCurrentIndex(id);
        });
        connect(m_panelCombo, &QComboBox::currentIndexChanged, this, &ParamPopup::syncFromPanel);
    } else {
        add(choiceText("true"));
        add(choiceText("false"));
        connect(group, &QButtonGroup::idClicked, this, [this](int id) {
            if (!m_syncing && m_panelCheck) m_panelCheck->setChecked(id == 0);
        });
        connect(m_panelCheck, &QCheckBox::toggled, this, &ParamPopup::syncFromPanel);
    }
    group->setExclusive(true);
}

QString ParamPopup::valueText() const {
    return m_value->text();
}

// The panel's editor and value -> this popup (after each edit, undo and redo).
void ParamPopup::syncFromPanel() {
    m_syncing = true;
    if (m_slider && m_panelSlider) m_slider->setValue(m_panelSlider->value());
    if (m_panelCombo && m_panelCombo->currentIndex() >= 0 &&
        m_panelCombo->currentIndex() < m_choices.size())
        m_choices[m_panelCombo->currentIndex()]->setChecked(true);
    if (m_panelCheck && m_choices.size() == 2)
        m_choices[m_panelCheck->isChecked() ? 0 : 1]->setChecked(true);
    m_syncing = false;
    const core::ParamValue* value =
        m_panel ? m_panel->values().find(m_name.toStdString()) : nullptr;
    QString text;
    if (!value)
        text.clear();
    else if (const double* r = std::get_if<double>(value))
        text = formatExact(*r);
    else if (const std::int64_t* i = std::get_if<std::int64_t>(value))
        text = formatExact(static_cast<double>(*i));
    else
        text = choiceText(core::formatValue(*value));
    m_value->setText(text);
}

void ParamPopup::showUnder(const QRect& item) {
    adjustSize();
    const QScreen* screen = QApplication::screenAt(item.center());
    const QRect room = screen ? screen->availableGeometry() : QRect(item.topLeft(), size());
    QPoint at(item.center().x() - width() / 2, item.bottom() + 4);
    if (at.y() + height() > room.bottom()) at.setY(item.top() - height() - 4);
    at.setX(std::clamp(at.x(), room.left(), std::max(room.left(), room.right() - width())));
    at.setY(std::clamp(at.y(), room.top(), std::max(room.top(), room.bottom() - height())));
    move(at);
    show();
    if (m_slider)
        m_slider->setFocus();
    else if (!m_choices.isEmpty())
        m_choices.front()->setFocus();
}

void ParamPopup::hideEvent(QHideEvent* e) {
    // Closed in the middle of a drag: the panel's slider is let go (its drag ends).
    if (m_panelSlider && m_panelSlider->isSliderDown()) m_panelSlider->setSliderDown(false);
    QFrame::hideEvent(e);
}

}  // namespace poslab::ui
