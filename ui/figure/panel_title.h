// The titles of a figure's heatmap panels (gui-review-2 #11): whole, never elided. A title that
// does not fit its panel's width on one line, even at 0.8 of its size, takes two lines (broken
// as figure titles are, fitTitle), or three where two do not hold it; the panels of a grid share
// one count of lines, so that their plots stay level.
#pragma once

#include <QRectF>
#include <QString>
#include <QStringList>

#include "ui/figure/paint_style.h"

class QPainter;

namespace poslab::ui {

// 1 where `title` fits `width` on one line at 0.8 of the title size or more, 2 where it fits in
// two (fitTitle), else 3 (filled word by word at 0.8 of the size).
int panelTitleLines(const QString& title, const PaintStyle& style, double width);
// The most lines any of `titles` needs in panels `width` wide (1 for none).
int panelTitleLines(const QStringList& titles, const PaintStyle& style, double width);
// The height a title of `lines` lines takes above its panel's plot (1.5 body lines for one).
double panelTitleHeight(int lines, const PaintStyle& style);
// The title at the top of `area`, centred, in `lines` lines (one: as wide as it fits).
void paintPanelTitle(QPainter& p, const QRectF& area, const QString& title, int lines,
                     const PaintStyle& style);
// The lines paintPanelTitle writes (for tests: no "…").
QStringList panelTitleText(const QString& title, int lines, const PaintStyle& style, double width);

}  // namespace poslab::ui
