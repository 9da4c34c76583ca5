#include "ui/figure/panel_title.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>

#include "ui/figure/figure_text.h"

namespace poslab::ui {

namespace {

constexpr double kTitleUnits = 0.95;  // a panel title's size, in body lines (bold)
constexpr double kLeast = 0.8;        // the smallest it is written at, of that size

QFont titleFont(const PaintStyle& s) {
    return s.sized(kTitleUnits, true);
}

// The title in at most three lines of `width` at the least size, broken at spaces (and
// between CJK characters), each line filled greedily; empty where it needs more lines.
QStringList wrapped(const QString& title, const QFont& font, double width) {
    const QFontMetricsF fm(font);
    QStringList lines;
    QString line;
    auto fits = [&](const QString& t) { return fm.horizontalAdvance(t) <= width; };
    for (const QString& word : title.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString joined = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.isEmpty()) lines << line;
        line = word;
        // A CJK run without spaces: broken between its characters.
        while (!fits(line) && line.size() > 1) {
            qsizetype k = line.size() - 1;
            while (k > 1 && !fits(line.left(k))) --k;
            lines << line.left(k);
            line = line.mid(k);
        }
    }
    if (!line.isEmpty()) lines << line;
    return lines.size() <= 3 ? lines : QStringList();
}

bool isElided(const QStringList& lines) {
    for (const QString& l : lines)
        if (l.endsWith(QChar(0x2026))) return true;
    return false;
}

}  // namespace

int panelTitleLines(const QString& title, const PaintStyle& s, double width) {
    const QFont least = s.sized(kTitleUnits * kLeast, true);
    if (QFontMetricsF(least).horizontalAdvance(title) <= width) return 1;
    if (!isElided(fitTitle(title, titleFont(s), width).lines)) return 2;
    return 3;
}

int panelTitleLines(const QStringList& titles, const PaintStyle& s, double width) {
    int most = 1;
    for (const QString& t : titles) most = std::max(most, panelTitleLines(t, s, width));
    return most;
}

double panelTitleHeight(int lines, const PaintStyle& s) {
    if (lines <= 1) return 1.5 * s.unit;
    return lines * 1.3 * titleFont(s).pixelSize() + 0.1 * s.unit;
}

QStringList panelTitleText(const QString& title, int lines, const PaintStyle& s, double width) {
    if (lines <= 1) return {title};
    const TitleLayout t = fitTitle(title, titleFont(s), width);
    if (lines == 2 || !isElided(t.lines)) return t.lines;
    const QStringList three = wrapped(title, s.sized(kTitleUnits * kLeast, true), width);
    return three.isEmpty() ? t.lines : three;
}

void paintPanelTitle(QPainter& p, const QRectF& area, const QString& title, int lines,
                     const PaintStyle& s) {
    p.setPen(s.fg);
    if (lines <= 1) {
        paintFittedLine(p, QRectF(area.left(), area.top(), area.width(), 1.4 * s.unit),
                        Qt::AlignCenter, title, kTitleUnits, true, s);
        return;
    }
    TitleLayout t = fitTitle(title, titleFont(s), area.width());
    if (lines > 2 && isElided(t.lines)) {
        t.font = s.sized(kTitleUnits * kLeast, true);
        t.lines = panelTitleText(title, lines, s, area.width());
        t.lineStep = 1.3 * t.font.pixelSize();
    }
    paintTitleLayout(
        p, QRectF(area.left(), area.top(), area.width(), panelTitleHeight(lines, s) - 0.1 * s.unit),
        t);
}

}  // namespace poslab::ui
