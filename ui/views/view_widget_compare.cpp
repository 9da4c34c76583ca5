// Compare mode's controls: which quantity, which parameter B changes (in words, from the
// ParamSpec's label) and B's value — typed for numbers, chosen from a list for choices and
// on/off parameters. Choosing another parameter proposes a B that differs from A.
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <algorithm>
#include <cmath>

#include "core/registry.h"
#include "ui/figure/number_format.h"
#include "ui/figure/quantity_words.h"
#include "ui/panels/choice_words.h"
#include "ui/shell/language.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

QString compareValueFor(const core::ParamSpec& spec, const core::ParamValue& a) {
    using core::ParamType;
    auto ok = [&](const core::ParamValue& v) { return !(v == a) && bool(spec.check(v)); };
    auto text = [](const core::ParamValue& v) {
        return QString::fromStdString(core::formatValue(v));
    };
    switch (spec.type) {
        case ParamType::Enum:
            for (const auto& c : spec.choices)
                if (ok(core::ParamValue(c))) return QString::fromStdString(c);
            return {};
        case ParamType::Bool:
            return text(!std::get<bool>(a));
        case ParamType::Int:
        case ParamType::Real: {
            const double v = spec.type == ParamType::Int ? double(std::get<std::int64_t>(a))
                                                         : std::get<double>(a);
            // Up a step that shows (a decade on a log scale, double otherwise), else down.
            const double up = spec.logScale ? v * 10 : (v == 0 ? 1 : v * 2);
            const double down = spec.logScale ? v / 10 : v / 2;
            for (double c : {up, down, v + 1, v - 1}) {
                const core::ParamValue cv = spec.type == ParamType::Int
                                                ? core::ParamValue(std::int64_t(std::llround(c)))
                                                : core::ParamValue(c);
                if (std::isfinite(c) && ok(cv)) return text(cv);
            }
            return {};
        }
        default:
            return {};  // a file: B names its own
    }
}

void ViewWidget::buildCompareControls(QWidget* row, QHBoxLayout* h) {
    const auto* enc = core::registry().find(m_spec.encoding.toStdString());
    m_cmpLabel = new QLabel(row);
    m_cmpQuantity = new QComboBox(row);
    m_cmpParam = new QComboBox(row);
    m_cmpValue = new QLineEdit(row);
    m_cmpValue->setMaximumWidth(120);
    m_cmpChoice = new QComboBox(row);
    if (enc) {
        for (const auto& q : enc->quantities)
            m_cmpQuantity->addItem(QString::fromStdString(q.id), QString::fromStdString(q.id));
        for (const auto& p : enc->params)
            if (!p.viewControlled)
                m_cmpParam->addItem(QString::fromStdString(p.name), QString::fromStdString(p.name));
    }
    h->addWidget(m_cmpQuantity);
    h->addWidget(m_cmpLabel);
    h->addWidget(m_cmpParam);
    h->addWidget(new QLabel(QStringLiteral("="), row));
    h->addWidget(m_cmpValue);
    h->addWidget(m_cmpChoice);
    syncCompareControls();
    connect(m_cmpQuantity, &QComboBox::currentIndexChanged, this, [this] {
        m_state.cmpQuantity = m_cmpQuantity->currentData().toString();
        emit stateChanged();
    });
    connect(m_cmpParam, &QComboBox::currentIndexChanged, this, &ViewWidget::onCompareParamChosen);
    connect(m_cmpValue, &QLineEdit::editingFinished, this, [this] {
        // Numbers as the panel writes them ("500 000", "2.5 × 10⁻⁶") are read back plainly.
        const QString v = plainNumberText(m_cmpValue->text().trimmed());
        if (v == m_state.cmpValue) return;
        m_state.cmpValue = v;
        emit stateChanged();
    });
    connect(m_cmpChoice, &QComboBox::activated, this, [this] {
        const QString v = m_cmpChoice->currentData().toString();
        if (v == m_state.cmpValue) return;
        m_state.cmpValue = v;
        m_cmpValue->setText(v);
        emit stateChanged();
    });
}

// B's parameter changed: its old value means nothing for the new one (scaling = 500000), so B
// starts from a value that differs from A's.
void ViewWidget::onCompareParamChosen() {
    m_state.cmpParam = m_cmpParam->currentData().toString();
    const auto* enc = core::registry().find(m_spec.encoding.toStdString());
    const core::ParamSpec* spec = enc ? enc->findParam(m_state.cmpParam.toStdString()) : nullptr;
    if (spec) {
        const core::ParamSet a = pageParams ? pageParams() : core::ParamSet{};
        m_state.cmpValue =
            compareValueFor(*spec, a.has(spec->name) ? a.get(spec->name) : spec->defaultValue);
    }
    syncCompareControls();
    emit stateChanged();
}

void ViewWidget::syncCompareControls() {
    if (!m_cmpQuantity) return;
    const QSignalBlocker bq(m_cmpQuantity), bp(m_cmpParam), bc(m_cmpChoice);
    m_cmpQuantity->setCurrentIndex(std::max(0, m_cmpQuantity->findData(m_state.cmpQuantity)));
    m_cmpParam->setCurrentIndex(std::max(0, m_cmpParam->findData(m_state.cmpParam)));
    m_cmpValue->setText(m_state.cmpValue);
    // A list for choices and on/off parameters, the typed field for the rest.
    const auto* enc = core::registry().find(m_spec.encoding.toStdString());
    const core::ParamSpec* spec = enc ? enc->findParam(m_state.cmpParam.toStdString()) : nullptr;
    m_cmpChoice->clear();
    if (spec && spec->type == core::ParamType::Enum)
        for (const auto& c : spec->choices)
            m_cmpChoice->addItem(choiceText(c), QString::fromStdString(c));
    if (spec && spec->type == core::ParamType::Bool)
        for (const char* c : {"true", "false"})
            m_cmpChoice->addItem(choiceText(c), QString::fromLatin1(c));
    const bool list = m_cmpChoice->count() > 0;
    m_cmpChoice->setCurrentIndex(m_cmpChoice->findData(m_state.cmpValue));
    m_cmpChoice->setVisible(list);
    m_cmpValue->setVisible(!list);
}

void ViewWidget::retranslateCompare() {
    if (!m_cmpLabel) return;
    m_cmpLabel->setText(tr("B changes"));
    m_cmpQuantity->setToolTip(tr("Quantity to compare"));
    m_cmpValue->setToolTip(tr("Value of the parameter in configuration B"));
    m_cmpChoice->setToolTip(tr("Value of the parameter in configuration B"));
    const auto* enc = core::registry().find(m_spec.encoding.toStdString());
    if (!enc) return;
    // Words in the lists, the identifier (as the command line spells it) in each tooltip.
    for (int i = 0; i < m_cmpQuantity->count(); ++i) {
        const QString id = m_cmpQuantity->itemData(i).toString();
        m_cmpQuantity->setItemText(i, quantityWords(*enc, id));
        m_cmpQuantity->setItemData(i, id, Qt::ToolTipRole);
    }
    for (int i = 0; i < m_cmpParam->count(); ++i) {
        const QString id = m_cmpParam->itemData(i).toString();
        const core::ParamSpec* p = enc->findParam(id.toStdString());
        const QString words =
            p ? QString::fromStdString(isChinese() ? p->labelZh : p->labelEn) : QString();
        m_cmpParam->setItemText(i, words.isEmpty() ? id : words);
        m_cmpParam->setItemData(i, id, Qt::ToolTipRole);
    }
    for (int i = 0; i < m_cmpChoice->count(); ++i)
        m_cmpChoice->setItemText(i, choiceText(m_cmpChoice->itemData(i).toString().toStdString()));
}

}  // namespace poslab::ui
