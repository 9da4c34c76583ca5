#include "ui/figure/panel_annotation.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>

#include "ui/compute/compute_types.h"
#include "ui/math/superscripts.h"

namespace poslab::ui {

void paintAnnotation(QPainter& p, const QRectF& plot, const HeatmapData& h, const PaintStyle& s) {
    if (h.annotation.isEmpty()) return;
    const double pad = 0.3 * s.unit;
    const QSizeF room(plot.width() - 4 * pad, plot.height() - 4 * pad);
    const int flags = Qt::AlignCenter | Qt::TextWordWrap;
    // The full words, then the short ones; each in the largest size that fits in the plot.
    QStringList texts{h.annotation.text()};
    if (!h.annotationShort.isEmpty()) texts << h.annotationShort.text();
    QString text;
    QFont font;
    QRectF need;
    bool fits = false;
    for (const QString& t : texts) {
        for (double size : {0.9, 0.8, 0.75}) {  // not below the tick labels
            text = t;
            font = math::hasSuperscripts(t) ? math::numbersFirst(s.sized(size)) : s.sized(size);
            need = QFontMetricsF(font, p.device())
                       .boundingRect(QRectF(0, 0, std::max(1.0, room.width()), 1e6), flags, t);
            fits = need.width() <= room.width() && need.height() <= room.height();
            if (fits) break;
        }
        if (fits) break;
    }
    if (!fits) return;  // a plot too small for any words: they would hide it
    QRectF box(0, 0, need.width() + 2 * pad + 2, need.height() + 2 * pad);
    box.moveCenter(plot.center());
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    QColor bg = s.bg;
    bg.setAlpha(225);
    p.setPen(QPen(s.muted, std::max(1.0, s.unit / 20)));
    p.setBrush(bg);
    p.drawRoundedRect(box, 0.25 * s.unit, 0.25 * s.unit);
    p.setFont(font);
    p.setPen(s.fg);
    p.drawText(box.adjusted(pad, pad, -pad, -pad), flags, text);  // in `font`, as measured
    p.restore();
}

}  // namespace poslab::ui
