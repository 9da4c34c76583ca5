#include "ui/figure/number_format.h"

#include <QRegularExpression>
#include <algorithm>
#include <charconv>
#include <cmath>

namespace poslab::ui {

namespace {

const QChar kMinus(0x2212);
const QChar kGroup(0x202F);  // narrow no-break space
const QString kTimes = QStringLiteral(" × ");

// ⁰¹²³⁴⁵⁶⁷⁸⁹ and the superscript minus.
const char16_t kSuperDigits[] = u"\u2070\u00B9\u00B2\u00B3\u2074\u2075\u2076\u2077\u2078\u2079";
const QChar kSuperMinus(0x207B);

QString sign(double v) {
    return v < 0 ? QString(kMinus) : QString();
}

QString nonFinite(double v) {
    if (std::isnan(v)) return QStringLiteral("NaN");
    return v > 0 ? QStringLiteral("∞") : QString(kMinus) + QStringLiteral("∞");
}

// "12345.678" -> "12 345.678" (the integer part in threes).
QString grouped(const QString& digits) {
    const qsizetype dot = digits.indexOf(QLatin1Char('.'));
    QString intPart = dot < 0 ? digits : digits.left(dot);
    const QString rest = dot < 0 ? QString() : digits.mid(dot);
    for (qsizetype i = intPart.size() - 3; i > 0; i -= 3) intPart.insert(i, kGroup);
    return intPart + rest;
}

// "2.4500" -> "2.45", "3.000" -> "3", "120" -> "120".
QString trimZeros(QString t) {
    if (!t.contains(QLatin1Char('.'))) return t;
    while (t.endsWith(QLatin1Char('0'))) t.chop(1);
    if (t.endsWith(QLatin1Char('.'))) t.chop(1);
    return t;
}

// "m × 10ⁿ" from a mantissa text; a mantissa of 1 alone gives 10ⁿ unless `keepOne`.
QString scientific(const QString& mantissa, int exponent, bool keepOne) {
    if (mantissa == QLatin1String("1") && !keepOne) return powerOfTenText(exponent);
    return mantissa + kTimes + powerOfTenText(exponent);
}

// |v| written with `digits` after the point in e-notation, split into mantissa and exponent
// (after rounding: 9.9996 with 3 digits is 1.000 and exponent + 1).
std::pair<QString, int> splitE(double a, int digits) {
    const QString e = QString::number(a, 'e', std::clamp(digits, 0, 16));
    const qsizetype at = e.indexOf(QLatin1Char('e'));
    return {e.left(at), e.mid(at + 1).toInt()};
}

// The fewest decimals that write `step` exactly (0.25 -> 2, 5 -> 0, 1e-20 -> capped at 17).
int decimalsOf(double step) {
    if (!(step > 0) || !std::isfinite(step)) return 0;
    for (int d = 0; d < 17; ++d) {
        const double k = step * std::pow(10.0, d);
        if (std::round(k) >= 1 && std::abs(k - std::round(k)) <= 1e-6 * k) return d;
    }
    return 17;
}

}  // namespace

QString powerOfTenText(int exponent) {
    QString out = QStringLiteral("10");
    if (exponent < 0) out += kSuperMinus;
    for (QChar c : QString::number(std::abs(exponent)))
        out += QChar(kSuperDigits[c.unicode() - '0']);
    return out;
}

QString formatNumber(double v, int significant) {
    if (!std::isfinite(v)) return nonFinite(v);
    if (v == 0) return QStringLiteral("0");
    const double a = std::abs(v);
    const int sig = std::clamp(significant, 1, 17);
    const auto [mantissa, exponent] = splitE(a, sig - 1);
    if (exponent >= 6 || exponent < -3)
        return sign(v) + scientific(trimZeros(mantissa), exponent, false);
    const QString t = trimZeros(QString::number(a, 'f', std::max(0, sig - 1 - exponent)));
    return sign(v) + (exponent >= 4 ? grouped(t) : t);
}

QString formatExact(double v) {
    if (!std::isfinite(v)) return nonFinite(v);
    if (v == 0) return QStringLiteral("0");
    const double a = std::abs(v);
    if (std::floor(a) == a && a < 1e15) {
        const QString t = QString::number(a, 'f', 0);
        return sign(v) + (a >= 1e4 ? grouped(t) : t);
    }
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific);
    const QString e = QString::fromLatin1(buf, static_cast<int>(r.ptr - buf));
    const qsizetype at = e.indexOf(QLatin1Char('e'));
    const int exponent = e.mid(at + 1).toInt();
    if (exponent >= 6 || exponent < -3) return sign(v) + scientific(e.left(at), exponent, false);
    r = std::to_chars(buf, buf + sizeof buf, a, std::chars_format::fixed);
    const QString t = QString::fromLatin1(buf, static_cast<int>(r.ptr - buf));
    return sign(v) + (a >= 1e4 ? grouped(t) : t);
}

AxisNumberFormat::AxisNumberFormat(const QVector<double>& ticks, double step, bool log) {
    double maxAbs = 0;
    for (double t : ticks)
        if (std::isfinite(t)) maxAbs = std::max(maxAbs, std::abs(t));
    if (log) {
        const bool plain = std::all_of(ticks.begin(), ticks.end(), [](double t) {
            return t >= 1 - 1e-9 && t <= 1e4 * (1 + 1e-9);
        });
        m_mode = plain ? Mode::PlainDecades : Mode::Decades;
        return;
    }
    if (!(step > 0) || !std::isfinite(step)) step = maxAbs > 0 ? maxAbs : 1;
    m_step = step;
    m_maxAbs = maxAbs;
    m_decimals = decimalsOf(step);
    m_stepExponent = static_cast<int>(std::floor(std::log10(step) + 1e-9));
    m_mode = maxAbs >= 1e6 * (1 - 1e-12) || m_decimals > 5 ? Mode::Scientific : Mode::Decimal;
    m_group = maxAbs >= 1e4;
    m_zeroBelow = step * 1e-9;
}

QString AxisNumberFormat::text(double v) const {
    if (!std::isfinite(v)) return nonFinite(v);
    const double a = std::abs(v);
    switch (m_mode) {
        case Mode::PlainDecades:
            return formatNumber(v, 6);
        case Mode::Decades: {
            if (!(v > 0)) return formatNumber(v, 3);
            const int e = static_cast<int>(std::lround(std::log10(v)));
            if (std::abs(v / std::pow(10.0, e) - 1) < 1e-6) return powerOfTenText(e);
            return formatNumber(v, 3);
        }
        case Mode::Scientific: {
            if (a <= m_zeroBelow) return QStringLiteral("0");
            const int e = static_cast<int>(std::floor(std::log10(a) + 1e-12));
            const auto [mantissa, exponent] = splitE(a, std::max(0, e - m_stepExponent));
            return sign(v) + scientific(trimZeros(mantissa), exponent, true);
        }
        case Mode::Shared: {
            if (a <= m_zeroBelow) return QStringLiteral("0");
            const QString t =
                QString::number(a / std::pow(10.0, m_sharedExponent), 'f', m_decimals);
            return t.toDouble() == 0 ? QStringLiteral("0") : sign(v) + t;
        }
        case Mode::Decimal:
            break;
    }
    if (a <= m_zeroBelow || a < 0.5 * std::pow(10.0, -m_decimals)) return QStringLiteral("0");
    const QString t = QString::number(a, 'f', m_decimals);
    return sign(v) + (m_group && a >= 1000 ? grouped(t) : t);
}

bool AxisNumberFormat::shareMultiplier() {
    if (m_mode != Mode::Scientific || !(m_maxAbs > 0)) return m_mode == Mode::Shared;
    const int exponent = static_cast<int>(std::floor(std::log10(m_maxAbs) + 1e-9));
    const int decimals = decimalsOf(m_step / std::pow(10.0, exponent));
    if (decimals > 3) return false;  // a step that is no round part of the power: keep in full
    m_sharedExponent = exponent;
    m_decimals = decimals;
    m_mode = Mode::Shared;
    return true;
}

QString AxisNumberFormat::multiplier() const {
    if (m_mode != Mode::Shared) return {};
    return QStringLiteral("×\u00A0") + powerOfTenText(m_sharedExponent);
}

QStringList formatTicks(const QVector<double>& ticks, double step, bool log) {
    const AxisNumberFormat format(ticks, step, log);
    QStringList out;
    for (double t : ticks) out << format.text(t);
    return out;
}

QString plainNumberText(const QString& text) {
    QString t = text.trimmed();
    t.remove(kGroup).remove(QChar(0x2009)).remove(QChar(0x00A0));
    t.replace(kMinus, QLatin1Char('-'));
    static const QRegularExpression power(
        QStringLiteral("^([-+]?)(?:([0-9.]+)\\s*[×x*]\\s*)?10([\u207B\u207A]?)([\u2070\u00B9\u00B2"
                       "\u00B3\u2074-\u2079]+)$"));
    if (const auto m = power.match(t); m.hasMatch()) {
        QString exponent = m.captured(3) == QString(kSuperMinus) ? QStringLiteral("-") : QString();
        for (QChar c : m.captured(4))
            for (int d = 0; d < 10; ++d)
                if (c == QChar(kSuperDigits[d])) exponent += QChar('0' + d);
        const QString mantissa = m.captured(2).isEmpty() ? QStringLiteral("1") : m.captured(2);
        return m.captured(1) + mantissa + QLatin1Char('e') + exponent;
    }
    static const QRegularExpression spacedDigits(
        QStringLiteral("^[-+]?[0-9]{1,3}( [0-9]{3})+(\\.[0-9]*)?$"));
    if (spacedDigits.match(t).hasMatch()) t.remove(QLatin1Char(' '));
    return t;
}

}  // namespace poslab::ui
