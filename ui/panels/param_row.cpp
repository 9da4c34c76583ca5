#include "ui/panels/param_row.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "ui/figure/number_format.h"
#include "ui/panels/choice_words.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

// The mouse wheel over a panel scrolls the panel: a slider or list changes only once it has the
// focus (clicked or tabbed to), so scrolling past never edits a parameter by accident.
class WheelNeedsFocus : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Wheel) {
            auto* w = qobject_cast<QWidget*>(watched);
            if (w && !w->hasFocus()) {
                event->ignore();
                return true;
            }
        }
        return false;
    }
};

// A value as the panel shows it: numbers in the house convention (number_format.h: "500 000",
// not "5e+05"; exact, so that it reads back the same), anything else as core writes it.
QString displayText(const core::ParamValue& value) {
    if (const auto* d = std::get_if<double>(&value)) return formatExact(*d);
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return formatExact(static_cast<double>(*i));
    return QString::fromStdString(core::formatValue(value));
}

void guardWheel(QWidget* w) {
    w->setFocusPolicy(Qt::StrongFocus);
    w->installEventFilter(new WheelNeedsFocus(w));
}

}  // namespace

double snapOneTwoFive(double v) {
    if (!(v > 0) || !std::isfinite(v)) return v;
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    const double m = v / decade;  // in [1, 10)
    // Nearest of 1, 2, 5, 10 on the log scale the slider moves on.
    const double steps[] = {1, 2, 5, 10};
    double best = 1;
    for (double st : steps)
        if (std::abs(std::log(m / st)) < std::abs(std::log(m / best))) best = st;
    return std::stod(QString::number(best * decade, 'g', 15).toStdString());
}

double stepOneTwoFive(double v, int steps) {
    if (!(v > 0) || !std::isfinite(v) || steps == 0) return v;
    // The 1-2-5 ladder around v, each rung compared with a relative margin (v may be a rung).
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    auto rung = [&](int k) {  // k = 0: 1 x decade; 3: 10 x decade; -1: 0.5 x decade ...
        const int d = (k >= 0 ? k / 3 : -((-k + 2) / 3));
        const double m[] = {1, 2, 5};
        const double r = m[k - 3 * d] * decade * std::pow(10.0, d);
        return std::stod(QString::number(r, 'g', 15).toStdString());
    };
    int k = 0;
    if (steps > 0) {
        while (rung(k) <= v * (1 + 1e-9)) ++k;
        k += steps - 1;
    } else {
        k = 3;
        while (rung(k) >= v * (1 - 1e-9)) --k;
        k += steps + 1;
    }
    return rung(k);
}

using core::ParamSpec;
using core::ParamType;
using core::ParamValue;

ParamRow::ParamRow(const ParamSpec& spec, QWidget* parent) : QWidget(parent), m_spec(spec) {
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
    m_resetValue = spec.defaultValue;
    connect(m_reset, &QToolButton::clicked, this, [this] { commit(m_resetValue); });

    switch (spec.type) {
        case ParamType::Int:
        case ParamType::Real: {
            m_edit = new QLineEdit(this);
            m_edit->setMaximumWidth(110);
            m_edit->setAlignment(Qt::AlignRight);
            top->addWidget(m_edit);
            m_slider = new QSlider(Qt::Horizontal, this);
            guardWheel(m_slider);
            setupSlider();
            bottom->addWidget(m_slider, 1);
            connect(m_slider, &QSlider::valueChanged, this, [this](int pos) {
                if (m_syncing) return;
                commit(sliderValue(pos));
            });
            connect(m_slider, &QAbstractSlider::actionTriggered, this,
                    [this](int action) { stepLogSlider(action); });
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
            // Words in the list (choice_words.h), the identifier as the item's data.
            m_combo = new QComboBox(this);
            guardWheel(m_combo);
            // Long words ("Llama 4 缩放 β（llama_4_scaling_beta）") are elided in the closed
            // list, never widen the dock; the open list shows them whole.
            m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            m_combo->setMinimumContentsLength(8);
            for (const auto& c : spec.choices)
                m_combo->addItem(choiceText(c), QString::fromStdString(c));
            bottom->addWidget(m_combo, 1);
            connect(m_combo, &QComboBox::currentIndexChanged, this, [this] {
                if (!m_syncing) commit(m_combo->currentData().toString().toStdString());
            });
            break;
        case ParamType::Text:  // a grammar of its own (mrope's layout): typed out, whole width
            m_edit = new QLineEdit(this);
            bottom->addWidget(m_edit, 1);
            connect(m_edit, &QLineEdit::editingFinished, this,
                    [this] { commitText(m_edit->text()); });
            break;
        case ParamType::Path:
        case ParamType::RealList: {  // a list of reals: typed out, or a .npy file
            m_combo = new QComboBox(this);
            guardWheel(m_combo);
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
                const QString file =
                    QFileDialog::getOpenFileName(this, ParamPanel::tr("Choose a .npy file"),
                                                 QString(), ParamPanel::tr("NumPy arrays (*.npy)"));
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

void ParamRow::setValue(const ParamValue& value) {
    m_syncing = true;
    m_value = value;
    const QString text = displayText(value);
    if (m_edit) m_edit->setText(text);
    if (m_invalid) setInvalid(false);
    if (m_slider) m_slider->setValue(sliderPos(value));
    if (m_check) m_check->setChecked(std::get<bool>(value));
    if (m_combo) {
        const int i = m_combo->isEditable() ? m_combo->findText(text) : m_combo->findData(text);
        if (i >= 0)
            m_combo->setCurrentIndex(i);
        else
            m_combo->setEditText(text);
    }
    m_reset->setEnabled(!(value == m_resetValue));
    m_syncing = false;
}

void ParamRow::setResetValue(const ParamValue& value) {
    m_resetValue = value;
    m_reset->setEnabled(!(m_value == m_resetValue));
    retranslate();
}

// A refused value is marked where it was typed: a red frame on the editor and a red label.
void ParamRow::setInvalid(bool invalid) {
    m_invalid = invalid;
    const QString frame = invalid ? QStringLiteral("border: 2px solid #d62728;") : QString();
    if (m_edit) m_edit->setStyleSheet(invalid ? "QLineEdit { " + frame + " }" : QString());
    if (m_combo) m_combo->setStyleSheet(invalid ? "QComboBox { " + frame + " }" : QString());
    m_label->setStyleSheet(invalid ? QStringLiteral("QLabel { color: #d62728; }") : QString());
}

bool ParamRow::commitText(const QString& text) {
    // A number field reads back what it shows ("500 000", "2.5 × 10⁻⁶", "−1").
    const bool number = m_spec.type == ParamType::Int || m_spec.type == ParamType::Real;
    const QString plain = number ? plainNumberText(text) : text.trimmed();
    auto v = m_spec.parse(plain.toStdString());
    if (!v) {
        setInvalid(true);
        if (onError) onError(QString::fromStdString(v.error().message));
        return false;
    }
    commit(*v);
    return true;
}

void ParamRow::retranslate() {
    // The words a lecturer says ("Largest distance"); the identifier, as the command line and
    // session files spell it, stays in the tooltip.
    const QString name = QString::fromStdString(m_spec.name);
    const QString label = pick(m_spec.labelEn, m_spec.labelZh);
    m_label->setText(label.isEmpty() ? name : label);
    const QString title = label.isEmpty() ? "<b>" + name.toHtmlEscaped() + "</b>"
                                          : "<b>" + label.toHtmlEscaped() + "</b> (<code>" +
                                                name.toHtmlEscaped() + "</code>)";
    const QString tip =
        title + " — " + pick(m_spec.helpEn, m_spec.helpZh).toHtmlEscaped() + "<br>" +
        ParamPanel::tr("Allowed: %1").arg(allowedText(m_spec).toHtmlEscaped()) + "<br>" +
        ParamPanel::tr("Default: %1").arg(displayText(m_spec.defaultValue));
    setToolTip(tip);
    m_reset->setToolTip(
        ParamPanel::tr("Reset to the page's value (%1)").arg(displayText(m_resetValue)));
    if (m_combo && !m_combo->isEditable())
        for (int i = 0; i < m_combo->count(); ++i) {
            const std::string id = m_combo->itemData(i).toString().toStdString();
            m_combo->setItemText(i, choiceText(id));
            m_combo->setItemData(i, QString::fromStdString(id), Qt::ToolTipRole);
        }
    if (m_browse) m_browse->setToolTip(ParamPanel::tr("Choose a .npy file"));
}

QWidget* ParamRow::editor() const {
    if (m_slider) return m_slider;
    if (m_check) return m_check;
    return m_combo;
}

void ParamRow::commit(const ParamValue& v) {
    if (auto st = m_spec.check(v); !st) {
        if (onError) onError(QString::fromStdString(st.error().message));
        return;
    }
    setValue(v);
    if (onChange) onChange(v);
}

SliderScale sliderScale(const ParamSpec& spec) {
    double lo = spec.uiMin, hi = spec.uiMax;
    if (lo == 0 && hi == 0) {
        lo = spec.min.value_or(0);
        hi = spec.max.value_or(lo + 100);
        if (hi - lo > 1e6) hi = lo + 1e6;
    }
    if (spec.logScale && lo <= 0) lo = std::max(1e-12, hi * 1e-6);
    SliderScale s;
    s.lo = lo;
    s.hi = hi;
    s.log = spec.logScale;
    s.intDirect = spec.type == ParamType::Int && !s.log && hi - lo <= 100000;
    return s;
}

int sliderPosition(const SliderScale& s, double v) {
    if (s.intDirect) return static_cast<int>(std::clamp(v, s.lo, s.hi));
    const double t = s.log ? std::log(std::max(v, s.lo) / s.lo) / std::log(s.hi / s.lo)
                           : (v - s.lo) / (s.hi - s.lo);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * 1000));
}

void ParamRow::setupSlider() {
    m_scale = sliderScale(m_spec);
    if (m_scale.intDirect) {
        m_slider->setRange(static_cast<int>(m_scale.lo), static_cast<int>(m_scale.hi));
        m_slider->setPageStep(std::max(1, static_cast<int>((m_scale.hi - m_scale.lo) / 16)));
    } else {
        m_slider->setRange(0, 1000);
        m_slider->setPageStep(50);
    }
}

ParamValue ParamRow::sliderValue(int pos) const {
    if (m_scale.intDirect) return static_cast<std::int64_t>(pos);
    const double t = pos / 1000.0;
    const double lo = m_scale.lo, hi = m_scale.hi;
    double v = m_scale.log ? lo * std::pow(hi / lo, t) : lo + t * (hi - lo);
    // A log slider lands on 1-2-5 values per decade (base 10000, 20000, 50000, 100000 ...),
    // within the spec's range; typed values stay exact. Shift held: the fine mode, every
    // position's value (to 3 significant digits).
    const bool fine = QGuiApplication::keyboardModifiers() & Qt::ShiftModifier;
    if (m_scale.log && !fine) {
        const double snapped = snapOneTwoFive(v);
        if (m_spec.check(m_spec.type == ParamType::Int
                             ? ParamValue{static_cast<std::int64_t>(std::llround(snapped))}
                             : ParamValue{snapped}))
            v = snapped;
    }
    if (m_spec.type == ParamType::Int) return static_cast<std::int64_t>(std::llround(v));
    // Round to 3 significant digits so that a drag passes through readable values.
    if (v != 0) {
        const double mag = std::pow(10.0, std::floor(std::log10(std::abs(v))) - 2);
        v = std::round(v / mag) * mag;
        v = std::stod(QString::number(v, 'g', 3).toStdString());
    }
    return v;
}

int ParamRow::sliderPos(const ParamValue& value) const {
    double v = 0;
    if (const auto* i = std::get_if<std::int64_t>(&value))
        v = static_cast<double>(*i);
    else if (const auto* d = std::get_if<double>(&value))
        v = *d;
    return sliderPosition(m_scale, v);
}

// An arrow key, Page Up / Down or the wheel on a log slider: one step moves one rung of the 1-2-5
// ladder (10000 -> 20000 -> 50000), a page step a decade. A position step alone would land on
// the same rung again and the slider would not move.
void ParamRow::stepLogSlider(int action) {
    if (!m_scale.log || (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier)) return;
    int steps = 0;
    switch (action) {
        case QAbstractSlider::SliderSingleStepAdd:
            steps = 1;
            break;
        case QAbstractSlider::SliderSingleStepSub:
            steps = -1;
            break;
        case QAbstractSlider::SliderPageStepAdd:
            steps = 3;
            break;
        case QAbstractSlider::SliderPageStepSub:
            steps = -3;
            break;
        default:
            return;
    }
    double v = 0;
    if (const auto* i = std::get_if<std::int64_t>(&m_value))
        v = static_cast<double>(*i);
    else if (const auto* d = std::get_if<double>(&m_value))
        v = *d;
    const double next = std::clamp(stepOneTwoFive(v, steps), m_scale.lo, m_scale.hi);
    m_slider->setSliderPosition(sliderPosition(m_scale, next));
}

}  // namespace poslab::ui
