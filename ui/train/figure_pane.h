// A widget that draws a Figure (ui/figure/figure.h) at its own size, as the export would at that
// size without its footer: the Training lab's charts are Figures, so what the page shows is what
// Export Figure writes. Or, where there is no figure, one line of text in its middle.
#pragma once

#include <QWidget>

#include "ui/figure/figure.h"

namespace poslab::ui {

// A figure drawn on a widget as the export would draw it at the widget's size: no footer, no
// formula (the page or the strip shows them), the widget's resolution, body text at least
// `minUnit` pixels (the screen's font, or a projector's height).
FigureOptions onScreenFigureOptions(const QWidget& widget, bool dark, double minUnit);

class FigurePane : public QWidget {
    Q_OBJECT
public:
    explicit FigurePane(QWidget* parent = nullptr);

    void setFigure(const Figure& figure);
    void setMessage(const QString& text);  // drops the figure
    bool hasFigure() const { return m_has; }
    const Figure& figure() const { return m_figure; }
    QString message() const { return m_message; }
    // The pane Export Figure takes (a frame around it).
    void setSelected(bool selected);
    bool isSelected() const { return m_selected; }

signals:
    void clicked();

protected:
    void paintEvent(QPaintEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;

private:
    Figure m_figure;
    bool m_has = false, m_selected = false;
    QString m_message;
};

}  // namespace poslab::ui
