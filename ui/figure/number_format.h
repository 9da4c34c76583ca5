// Numbers written for people (issue 13): one convention for every number PosLab shows, in
// figures and on screen (axis and colour-bar ticks, legends, parameter fields), in English and
// Chinese alike (Chinese uses the same numerals):
//   - a negative number has a true minus sign U+2212 ("−0.5"), never a hyphen; zero is "0";
//   - from 10⁻³ up to 10⁶ a number is a plain decimal; an integer part of five digits or more
//     is grouped in threes by a narrow no-break space U+202F ("500 000", "13 603"; four digits
//     stay whole: "4096"). A space, as ISO 80000-1 and the SI brochure ask, because a comma or a
//     point reads as the decimal mark in half the world; narrow and no-break, so that a number is
//     never split across lines and a column of ticks stays compact;
//   - beyond that range, m × 10ⁿ with superscript digits and a superscript minus
//     ("2.2 × 10⁻¹⁶", "5 × 10⁶"); a power of ten alone is written 10ⁿ;
//   - no more digits than asked for (readouts: 4 significant) or than an axis's step needs;
//   - one format per axis: every label of an axis is decimal with the same decimals, or every one
//     is m × 10ⁿ; a log axis writes its decades 1, 10, 100, 1000 when all lie in [1, 10⁴] and
//     10ⁿ for every decade otherwise;
//   - where room is short (a colour bar beside a narrow panel), labels that are all m × 10ⁿ may
//     share one power of ten written once, "× 10⁻¹⁴", with mantissas on the ticks (1.2, 2.4),
//     as matplotlib's offset text.
// Parameter fields show the exact value in this convention, and plainNumberText reads it back.
#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace poslab::ui {

// `v` rounded to `significant` digits (legends, readouts, bounds): "500 000", "13 603",
// "2.451 × 10⁻¹⁴", "−0.5", "0".
QString formatNumber(double v, int significant = 4);

// The exact value (the shortest text that reads back as the same double), in the convention:
// "500 000", "0.1", "2.220446049250313 × 10⁻¹⁶". Whole values below 10¹⁵ are written in full.
QString formatExact(double v);

// 10ⁿ: "10⁻⁴", "10⁰", "10³".
QString powerOfTenText(int exponent);

// The format shared by the labels of one axis (or colour bar): decided once from its ticks and
// step, then applied to each value.
class AxisNumberFormat {
public:
    AxisNumberFormat() = default;
    // `ticks`: the values labelled; `step`: their spacing (linear), ignored on a log axis.
    AxisNumberFormat(const QVector<double>& ticks, double step, bool log);
    QString text(double v) const;

    // Labels written m × 10ⁿ turned into mantissas of one shared power of ten, the largest
    // tick's: text() then writes 1.2 for 1.2 × 10⁻¹⁴ (decimals from the step: 0.5, 1.0, 1.5 for
    // a step of 5 × 10⁻¹⁵ under 10⁻¹⁴) and multiplier() is "× 10⁻¹⁴", written once. False, and
    // nothing changes, when the labels are decimal or decades (nothing to share).
    bool shareMultiplier();
    // "× 10ⁿ" once shared; empty otherwise.
    QString multiplier() const;
    // The shared power of ten (0 when none): a value v is written as v / 10^sharedExponent().
    int sharedExponent() const { return m_mode == Mode::Shared ? m_sharedExponent : 0; }

private:
    enum class Mode { Decimal, Scientific, Shared, Decades, PlainDecades };
    Mode m_mode = Mode::Decimal;
    int m_decimals = 0;        // Decimal: digits after the point
    int m_stepExponent = 0;    // Scientific: the step's power of ten (the last digit kept)
    int m_sharedExponent = 0;  // Shared: the power of ten written once
    double m_step = 0;         // the step (linear)
    double m_maxAbs = 0;       // the largest |tick|
    bool m_group = false;      // Decimal: group the integer part from 1000 on
    double m_zeroBelow = 0;    // |v| at most this is written 0 (a rounding residue of a step)
};

// The labels of `ticks` in one format.
QStringList formatTicks(const QVector<double>& ticks, double step, bool log = false);

// Text in this convention made readable to a plain number parser: group spaces dropped, U+2212
// to '-', "m × 10ⁿ" and "10ⁿ" to "mEn". Other text comes back trimmed and otherwise unchanged.
QString plainNumberText(const QString& text);

}  // namespace poslab::ui
