// Visible zoom controls of a zoomable figure widget (issue 13): "+", "−" and "show everything",
// small buttons in a narrow column that the widget keeps free at its right edge (or nearer, just
// right of what the figure draws), beside the plot, so they never cover data. Faint until the
// mouse is over the figure, solid under the mouse; their tooltips name the gestures that do the
// same (wheel, double-click, drag). They are widgets on screen only: an exported figure is
// painted by ui/figure/*, never grabbed from the widget.
#pragma once

#include <QWidget>

class QAbstractButton;

namespace poslab::ui {

class ZoomControls : public QWidget {
    Q_OBJECT
public:
    // A child of `figure`, hidden until the figure shows it (place()).
    explicit ZoomControls(QWidget* figure);

    // The width of the column the figure keeps free for the buttons (from the font).
    int columnWidth() const;
    // Places the buttons `top` pixels down in the column at the figure's right edge, or, given a
    // `left` further left (the end of what the figure draws), there.
    void place(int top, int left = -1);
    // Zoom in is possible (not at the closest zoom); the view is zoomed (zoom out and show
    // everything are possible).
    void setState(bool canZoomIn, bool zoomed);

    QAbstractButton* zoomInButton() const { return m_in; }
    QAbstractButton* zoomOutButton() const { return m_out; }
    QAbstractButton* resetButton() const { return m_reset; }

signals:
    void zoomInClicked();
    void zoomOutClicked();
    void resetClicked();
    // The mouse moved from the figure onto the buttons (the figure's hover readout ends).
    void entered();

protected:
    void changeEvent(QEvent* e) override;
    void enterEvent(QEnterEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void retranslate();
    int side() const;

    QAbstractButton* m_in;
    QAbstractButton* m_out;
    QAbstractButton* m_reset;
};

}  // namespace poslab::ui
