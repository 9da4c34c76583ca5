// A label of prose with typeset maths ($...$ inline, $$...$$ display; see math_text.h) for the
// explanation panel, lesson captions and the presentation strip. It wraps to its width like a
// word-wrapped QLabel (height for width), in the widget's font and palette, and follows font,
// palette and language changes.
#pragma once

#include <QWidget>

#include "ui/math/math_text.h"

namespace poslab::ui::math {

class MathLabel : public QWidget {
    Q_OBJECT
public:
    explicit MathLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_text.source(); }
    // One formula in display style (TeX without dollars); empty or blank: no text.
    void setFormula(const QString& tex);
    // The TeX of a label set by setFormula (its text without the $$ around it).
    QString formula() const;
    void clear() { setText({}); }
    void setAlignment(Qt::Alignment alignment);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The pixel size the text is drawn at in `width`: the font's, or smaller (down to half) when
    // something that cannot wrap (a display formula) is wider, so that nothing is cut.
    double fittedPixelSize(int width) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    double pixelSize() const;
    MathText m_text;
    Qt::Alignment m_alignment = Qt::AlignLeft;
};

}  // namespace poslab::ui::math
