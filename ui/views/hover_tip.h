// The hover readout at the cursor (issue 13): a tooltip-like label that follows the mouse over a
// figure, its first line (the value, rounded for reading) large, the coordinates below, in the
// figure's font, so that presentation mode's larger font makes it larger too. The status bar
// keeps the exact readout. A window of its own (it may reach beyond a small figure), never part
// of an exported figure.
#pragma once

#include <QLabel>
#include <QStringList>

namespace poslab::ui {

class HoverTip : public QLabel {
    Q_OBJECT
public:
    // Owned by `figure`, whose font it uses; hidden until showNear().
    explicit HoverTip(QWidget* figure);

    // Shows `lines` (the first one large) just below and right of `globalPos` (left or above it
    // where the screen ends); no lines: hides.
    void showNear(const QPoint& globalPos, const QStringList& lines);
    // What it shows (empty while hidden).
    QStringList lines() const { return isVisible() ? m_lines : QStringList(); }
    // The cursor position it was last shown at (global).
    QPoint anchor() const { return m_anchor; }

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    QWidget* m_figure;
    QStringList m_lines;
    QFont m_font;
    QPoint m_anchor;
};

}  // namespace poslab::ui
