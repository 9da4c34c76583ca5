#include "ui/panels/param_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "ui/shell/language.h"

namespace poslab::ui {

using core::ParamSpec;
using core::ParamType;
using core::ParamValue;

QString allowedText(const ParamSpec& spec) {
    if (!isChinese()) return QString::fromStdString(spec.allowedText());
    auto num = [&](double v) {
        return spec.type == ParamType::Int ? QString::number(static_cast<qlonglong>(v))
                                           : QString::number(v, 'g', 12);
    };
    const QString words = QString::fromStdString([&] {
        std::string out;
        for (std::size_t i = 0; i < spec.choices.size(); ++i)
            out += (i ? ", " : "") + spec.choices[i];
        return out;
    }());
    switch (spec.type) {
        case ParamType::Bool:
            return QString::fromUtf8("true 或 false");
        case ParamType::Enum:
            return QString::fromUtf8("以下之一:") + words;
        case ParamType::Path:
            return words.isEmpty() ? QString::fromUtf8(".npy 文件路径")
                                   : QString::fromUtf8("以下之一:") + words +
                                         QString::fromUtf8(",或 .npy 文件路径");
        default:
            break;
    }
    QString s = spec.type == ParamType::Int ? QString::fromUtf8("整数") : QString::fromUtf8("实数");
    if (spec.min) s += (spec.minExclusive ? " > " : " ≥ ") + num(*spec.min);
    if (spec.min && spec.max) s += QString::fromUtf8(" 且");
    if (spec.max) s += (spec.maxExclusive ? " < " : " ≤ ") + num(*spec.max);
    return s;
}

// One parameter: label, editor(s), reset.
class ParamRow : public QWidget {
public:
    ParamRow(const ParamSpec& spec, QWidget* parent) : QWidget(parent), m_spec(spec) {
        auto* v = new QVBoxLayout(this);
        v->setContentsMargins(0, 2, 0, 2);
        v->setSpacing(1);
        auto* top = new QHBoxLayout;
        m_label = new QLabel(this);
        QFont f = m_label->font();
        f.setBold(true);
        m_label->setFont(f);
        top->addWidget(m_label);
        top->addStretch(1);
        auto* bottom = new QHBoxLayout;
        m_reset = new QToolButton(this);
        m_reset->setText(QString::fromUtf8("⟲"));
        m_reset->setAutoRaise(true);
        connect(m_reset, &QToolButton::clicked, this, [this] { commit(m_spec.defaultValue); });

        switch (spec.type) {
            case ParamType::Int:
            case ParamType::Real: {
                m_edit = new QLineEdit(this);
                m_edit->setMaximumWidth(110);
                m_edit->setAlignment(Qt::AlignRight);
                top->addWidget(m_edit);
                m_slider = new QSlider(Qt::Horizontal, this);
                setupSlider();
                bottom->addWidget(m_slider, 1);
                connect(m_slider, &QSlider::valueChanged, this, [this](int pos) {
                    if (m_syncing) return;
                    commit(sliderValue(pos));
                });
                connect(m_edit, &QLineEdit::editingFinished, this,
                        [this] { commitText(m_edit->text()); });
                break;
            }
            case ParamType::Bool:
                m_check = new QCheckBox(this);
                top->addWidget(m_check);
                connect(m_check, &QCheckBox::toggled, this, [this](bool on) {
                    if (!m_syncing) commit(on);
                });
                break;
            case ParamType::Enum:
                m_combo = new QComboBox(this);
                for (const auto& c : spec.choices) m_combo->addItem(QString::fromStdString(c));
                bottom->addWidget(m_combo, 1);
                connect(m_combo, &QComboBox::currentIndexChanged, this, [this] {
                    if (!m_syncing) commit(m_combo->currentText().toStdString());
                });
                break;
            case ParamType::Path: {
                m_combo = new QComboBox(this);
                m_combo->setEditable(true);
                for (const auto& c : spec.choices) m_combo->addItem(QString::fromStdString(c));
                m_combo->setInsertPolicy(QComboBox::NoInsert);
                bottom->addWidget(m_combo, 1);
                m_browse = new QToolButton(this);
                m_browse->setText(QString::fromUtf8("…"));
                bottom->addWidget(m_browse);
                connect(m_combo, &QComboBox::activated, this, [this] {
                    if (!m_syncing) commitText(m_combo->currentText());
                });
                connect(m_combo->lineEdit(), &QLineEdit::editingFinished, this, [this] {
                    if (!m_syncing) commitText(m_combo->currentText());
                });
                connect(m_browse, &QToolButton::clicked, this, [this] {
                    const QString file = QFileDialog::getOpenFileName(
                        this, ParamPanel::tr("Choose a .npy file"), QString(),
                        ParamPanel::tr("NumPy arrays (*.npy)"));
                    if (!file.isEmpty()) commitText(file);
                });
                break;
            }
        }
        bottom->addWidget(m_reset);
        v->addLayout(top);
        v->addLayout(bottom);
        retranslate();
    }

    std::function<void(const ParamValue&)> onChange;
    std::function<void(const QString&)> onError;

    void setValue(const ParamValue& value) {
        m_syncing = true;
        m_value = value;
        const QString text = QString::fromStdString(core::formatValue(value));
        if (m_edit) {
            m_edit->setText(text);
            m_edit->setStyleSheet(QString());
        }
        if (m_slider) m_slider->setValue(sliderPos(value));
        if (m_check) m_check->setChecked(std::get<bool>(value));
        if (m_combo) {
            const int i = m_combo->findText(text);
            if (i >= 0)
                m_combo->setCurrentIndex(i);
            else
                m_combo->setEditText(text);
        }
        m_reset->setEnabled(!(value == m_spec.defaultValue));
        m_syncing = false;
    }

    bool commitText(const QString& text) {
        auto v = m_spec.parse(text.trimmed().toStdString());
        if (!v) {
            if (m_edit) m_edit->setStyleSheet("QLineEdit { border: 2px solid #d62728; }");
            if (onError) onError(QString::fromStdString(v.error().message));
            return false;
        }
        commit(*v);
        return true;
    }

    void retranslate() {
        QString label = QString::fromStdString(m_spec.name);
        if (!m_spec.unit.empty()) label += " [" + QString::fromStdString(m_spec.unit) + "]";
        m_label->setText(label);
        const QString tip =
            "<b>" + QString::fromStdString(m_spec.name) + "</b> — " +
            pick(m_spec.helpEn, m_spec.helpZh).toHtmlEscaped() + "<br>" +
            ParamPanel::tr("Allowed: %1").arg(allowedText(m_spec).toHtmlEscaped()) + "<br>" +
            ParamPanel::tr("Default: %1")
                .arg(QString::fromStdString(core::formatValue(m_spec.defaultValue)));
        setToolTip(tip);
        m_reset->setToolTip(
            ParamPanel::tr("Reset to the default (%1)")
                .arg(QString::fromStdString(core::formatValue(m_spec.defaultValue))));
        if (m_browse) m_browse->setToolTip(ParamPanel::tr("Choose a .npy file"));
    }

    QWidget* editor() const {
        if (m_slider) return m_slider;
        if (m_check) return m_check;
        return m_combo;
    }
    QLineEdit* lineEdit() const { return m_edit; }

private:
    void commit(const ParamValue& v) {
        if (auto st = m_spec.check(v); !st) {
            if (onError) onError(QString::fromStdString(st.error().message));
            return;
        }
        setValue(v);
        if (onChange) onChange(v);
    }

    void setupSlider() {
        double lo = m_spec.uiMin, hi = m_spec.uiMax;
        if (lo == 0 && hi == 0) {
            lo = m_spec.min.value_or(0);
            hi = m_spec.max.value_or(lo + 100);
            if (hi - lo > 1e6) hi = lo + 1e6;
        }
        if (m_spec.logScale && lo <= 0) lo = std::max(1e-12, hi * 1e-6);
        m_lo = lo;
        m_hi = hi;
        m_log = m_spec.logScale;
        if (m_spec.type == ParamType::Int && !m_log && hi - lo <= 100000) {
            m_intDirect = true;
            m_slider->setRange(static_cast<int>(lo), static_cast<int>(hi));
            m_slider->setPageStep(std::max(1, static_cast<int>((hi - lo) / 16)));
        } else {
            m_slider->setRange(0, 1000);
            m_slider->setPageStep(50);
        }
    }

    ParamValue sliderValue(int pos) const {
        if (m_intDirect) return static_cast<std::int64_t>(pos);
        const double t = pos / 1000.0;
        double v = m_log ? m_lo * std::pow(m_hi / m_lo, t) : m_lo + t * (m_hi - m_lo);
        if (m_spec.type == ParamType::Int) return static_cast<std::int64_t>(std::llround(v));
        // Round to 3 significant digits so that a drag passes through readable values.
        if (v != 0) {
            const double mag = std::pow(10.0, std::floor(std::log10(std::abs(v))) - 2);
            v = std::round(v / mag) * mag;
            v = std::stod(QString::number(v, 'g', 3).toStdString());
        }
        return v;
    }

    int sliderPos(const ParamValue& value) const {
        double v = 0;
        if (const auto* i = std::get_if<std::int64_t>(&value))
            v = static_cast<double>(*i);
        else if (const auto* d = std::get_if<double>(&value))
            v = *d;
        if (m_intDirect) return static_cast<int>(std::clamp(v, m_lo, m_hi));
        double t = m_log ? std::log(std::max(v, m_lo) / m_lo) / std::log(m_hi / m_lo)
                         : (v - m_lo) / (m_hi - m_lo);
        return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * 1000));
    }

    ParamSpec m_spec;
    ParamValue m_value;
    QLabel* m_label = nullptr;
    QLineEdit* m_edit = nullptr;
    QSlider* m_slider = nullptr;
    QCheckBox* m_check = nullptr;
    QComboBox* m_combo = nullptr;
    QToolButton* m_browse = nullptr;
    QToolButton* m_reset = nullptr;
    bool m_syncing = false;
    bool m_log = false;
    bool m_intDirect = false;
    double m_lo = 0, m_hi = 1;
};

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

void ParamPanel::setEncoding(const core::EncodingDescriptor* enc, const core::ParamSet& values) {
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
        auto* row = new ParamRow(spec, m_rowsBox);
        const QString name = QString::fromStdString(spec.name);
        row->onChange = [this, name](const ParamValue& value) { onRowChanged(name, value); };
        row->onError = [this](const QString& text) { setMessage(text); };
        row->setValue(m_values.has(spec.name) ? m_values.get(spec.name) : spec.defaultValue);
        v->addWidget(row);
        m_rows.insert(name, row);
    }
    m_layout->insertWidget(1, m_rowsBox);
    retranslate();
}

void ParamPanel::setValues(const core::ParamSet& values) {
    m_values = values;
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it)
        if (values.has(it.key().toStdString()))
            it.value()->setValue(values.get(it.key().toStdString()));
}

void ParamPanel::onRowChanged(const QString& name, const ParamValue& value) {
    m_values.set(name.toStdString(), value);
    emit edited(name);
}

void ParamPanel::setMessage(const QString& text) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
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

void ParamPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(e);
}

void ParamPanel::retranslate() {
    m_header->setText(m_enc ? tr("Parameters of %1").arg(pick(m_enc->nameEn, m_enc->nameZh))
                            : tr("Parameters"));
    for (auto* row : m_rows) row->retranslate();
}

}  // namespace poslab::ui
