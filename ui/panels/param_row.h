// One row of the parameter panel: label, editor(s) made from the ParamSpec (slider and exact
// entry for numbers, a check box, a choice list, a file picker) and a reset button.
#pragma once

#include <QWidget>
#include <functional>

#include "core/params/param_spec.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;
class QToolButton;
QT_END_NAMESPACE

namespace poslab::ui {

// How a numeric parameter maps to its slider: positions 0..1000 on a linear or log scale from lo
// to hi, or the integers themselves (intDirect) for short integer ranges.
struct SliderScale {
    double lo = 0, hi = 1;
    bool log = false, intDirect = false;
};
SliderScale sliderScale(const core::ParamSpec& spec);
int sliderPosition(const SliderScale& scale, double value);
// The nearest of 1, 2, 5 x 10^k (on a log scale): where a log slider lands.
double snapOneTwoFive(double value);
// `steps` rungs up (> 0) or down (< 0) the 1-2-5 ladder from `value` (a rung or between two):
// stepOneTwoFive(10000, 1) = 20000, (30000, -1) = 20000, (10000, 3) = 100000.
double stepOneTwoFive(double value, int steps);

class ParamRow : public QWidget {
public:
    ParamRow(const core::ParamSpec& spec, QWidget* parent);

    std::function<void(const core::ParamValue&)> onChange;  // a valid value the user entered
    std::function<void(const QString&)> onError;            // why a value was refused

    // Model -> widgets (no onChange).
    void setValue(const core::ParamValue& value);
    // What the reset button restores: the page's preset (the spec's default until set).
    void setResetValue(const core::ParamValue& value);
    // Marks the row as holding a refused value (red frame and label) or clears the mark.
    void setInvalid(bool invalid);
    bool invalid() const { return m_invalid; }
    QString name() const { return QString::fromStdString(m_spec.name); }
    // Parses text as the user typed it; false (and onError) when it is refused.
    bool commitText(const QString& text);
    void retranslate();

    QWidget* editor() const;
    QLineEdit* lineEdit() const { return m_edit; }

private:
    void commit(const core::ParamValue& v);
    void setupSlider();
    core::ParamValue sliderValue(int pos) const;
    int sliderPos(const core::ParamValue& value) const;
    void stepLogSlider(int action);

    core::ParamSpec m_spec;
    core::ParamValue m_value;
    core::ParamValue m_resetValue;
    bool m_invalid = false;
    QLabel* m_label = nullptr;
    QLineEdit* m_edit = nullptr;
    QSlider* m_slider = nullptr;
    QCheckBox* m_check = nullptr;
    QComboBox* m_combo = nullptr;
    QToolButton* m_browse = nullptr;
    QToolButton* m_reset = nullptr;
    bool m_syncing = false;
    SliderScale m_scale;
};

}  // namespace poslab::ui
