#include "ui/panels/param_panel.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include "ui/panels/error_words.h"
#include "ui/panels/param_row.h"
#include "ui/shell/language.h"

namespace poslab::ui {

using core::ParamSpec;
using core::ParamType;
using core::ParamValue;

QString allowedText(const ParamSpec& spec) {
    if (!isChinese()) return QString::fromStdString(spec.allowedText());
    return QString::fromStdString(spec.allowedText(chineseAllowedWords()));
}

ParamPanel::ParamPanel(QWidget* parent) : QWidget(parent) {
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_header = new QLabel(this);
    m_header->setWordWrap(true);
    m_layout->addWidget(m_header);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setObjectName("paramMessage");
    m_message->setStyleSheet("QLabel { color: #c0392b; }");
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    m_layout->addWidget(m_message);
    m_layout->addStretch(1);
    retranslate();
}

void ParamPanel::setEncoding(const core::EncodingDescriptor* enc, const core::ParamSet& values,
                             const core::ParamSet& preset) {
    m_enc = enc;
    m_values = values;
    if (m_rowsBox) {
        m_layout->removeWidget(m_rowsBox);
        delete m_rowsBox;
        m_rowsBox = nullptr;
    }
    m_rows.clear();
    setMessage({});
    if (!enc) return;
    m_rowsBox = new QWidget(this);
    auto* v = new QVBoxLayout(m_rowsBox);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(4);
    for (const auto& spec : enc->params) {
        if (spec.viewControlled) continue;  // set by the views (a zoom window), not by hand
        auto* row = new ParamRow(spec, m_rowsBox);
        const QString name = QString::fromStdString(spec.name);
        row->onChange = [this, name](const ParamValue& value) { onRowChanged(name, value); };
        row->onError = [this](const QString& text) { setMessage(text); };
        if (preset.has(spec.name)) row->setResetValue(preset.get(spec.name));
        row->setValue(m_values.has(spec.name) ? m_values.get(spec.name) : spec.defaultValue);
        v->addWidget(row);
        m_rows.insert(name, row);
    }
    m_layout->insertWidget(2, m_rowsBox);  // under the header and the message
    updateRelevance();
    retranslate();
}

// Rows of parameters that do not matter for the current values hide (YaRN's betas when the
// scaling is none), so a page with many parameters shows the few that act.
void ParamPanel::updateRelevance() {
    if (!m_enc) return;
    for (const auto& spec : m_enc->params)
        if (auto* row = m_rows.value(QString::fromStdString(spec.name)))
            row->setVisible(spec.relevant(m_values));
}

void ParamPanel::setValues(const core::ParamSet& values) {
    m_values = values;
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        if (values.has(it.key().toStdString()))
            it.value()->setValue(values.get(it.key().toStdString()));
    updateRelevance();
}

void ParamPanel::onRowChanged(const QString& name, const ParamValue& value) {
    m_values.set(name.toStdString(), value);
    updateRelevance();
    emit edited(name);
}

// The message stands at the top of the panel, and the field it names is marked and scrolled
// into view, so a refusal is seen where the value was typed (GUI review 8).
void ParamPanel::setMessage(const QString& text) {
    m_messageSource = text;
    m_message->setText(localisedError(text, m_enc));
    m_message->setVisible(!text.isEmpty());
    const QString name = QString::fromStdString(core::parameterNamed(text.toStdString()));
    for (auto* row : std::as_const(m_rows)) row->setInvalid(!name.isEmpty() && row->name() == name);
    ParamRow* marked = m_rows.value(name);
    if (!marked || !marked->isVisible()) return;
    for (QWidget* w = parentWidget(); w; w = w->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(w)) {
            area->ensureWidgetVisible(marked);
            area->ensureWidgetVisible(m_message);
            break;
        }
}

QString ParamPanel::invalidParameter() const {
    for (auto* row : std::as_const(m_rows))
        if (row->invalid()) return row->name();
    return {};
}

QString ParamPanel::message() const {
    return m_message->isVisible() ? m_message->text() : QString();
}

bool ParamPanel::setText(const QString& name, const QString& text) {
    auto* row = m_rows.value(name);
    return row && row->commitText(text);
}

QWidget* ParamPanel::editorFor(const QString& name) const {
    auto* row = m_rows.value(name);
    return row ? row->editor() : nullptr;
}

bool ParamPanel::isShown(const QString& name) const {
    auto* row = m_rows.value(name);
    return row && !row->isHidden();
}

void ParamPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(e);
}

void ParamPanel::retranslate() {
    m_header->setText(m_enc ? tr("Parameters of %1").arg(pick(m_enc->nameEn, m_enc->nameZh))
                            : tr("Parameters"));
    for (auto* row : m_rows) row->retranslate();
    if (!m_messageSource.isEmpty()) m_message->setText(localisedError(m_messageSource, m_enc));
}

}  // namespace poslab::ui
