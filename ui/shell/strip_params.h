// The presentation strip's parameters (issue 25 item 2): the parameters that act on the view,
// on one line, each an item the lecturer can click (a large slider for it opens, param_popup.h).
// Where the line is too narrow it reduces gracefully: the panel's words, then the identifiers
// ("base = 500 000"), a smaller font, and last the items that do not fit behind a "+N" item whose
// menu lists them. It never asks for more width than it gets.
#pragma once

#include <QVector>
#include <QWidget>

namespace poslab::ui {

struct StripItem {
    QString name;       // the parameter's identifier
    QString words;      // "Base θ = 500 000" in the interface language, never broken inside
    QString shortText;  // "base = 500 000"
    bool editable = false;
};

class StripParams : public QWidget {
    Q_OBJECT
public:
    explicit StripParams(QWidget* parent = nullptr);
    void setItems(const QVector<StripItem>& items);
    // Centred on the line (the presenter view's full-width row) instead of right-aligned.
    void setCentred(bool centred);
    const QVector<StripItem>& items() const { return m_items; }
    // Every item's words, joined as one line ("n = 512   ·   base = 10 000").
    QString text() const;
    // As laid out now: how many items are drawn (the others are behind "+N"), whether as
    // identifiers, and where an item is (empty when it is not drawn).
    int shownCount() const { return static_cast<int>(m_placed.size()); }
    bool shortForm() const { return m_short; }
    QRect itemRect(const QString& name) const;
    // The width all items need at the font, as words: the line's natural width.
    int naturalWidth() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // An editable item was clicked; `where` is its rectangle in global coordinates.
    void itemClicked(const QString& name, const QRect& where);

protected:
    void paintEvent(QPaintEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void changeEvent(QEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void leaveEvent(QEvent* e) override;

private:
    struct Placed {
        int index;
        QRect rect;
    };
    void relayout();
    int lineWidth(const QFont& f, bool shortForm, int count, int more) const;
    int hitItem(const QPoint& pos) const;  // index into m_items, -1: none
    void showHidden(const QPoint& at);

    QVector<StripItem> m_items;
    QVector<Placed> m_placed;
    QRect m_moreRect;  // the "+N" item, empty when every item is drawn
    QFont m_drawFont;
    bool m_short = false;
    bool m_centred = false;
    int m_hover = -1;  // index into m_items, or -2 for "+N"
};

}  // namespace poslab::ui
