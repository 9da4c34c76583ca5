// The text a figure paints, read back through the text recorder (tst_fire_views,
// tst_chart_references, tst_biases_views). Apart from figure_test_util.h, whose users name
// poslab::ui::test as `test` and would find poslab::test (the recorder's) beside it.
#pragma once

#include <QPainter>

#include "tests/ui/text_recorder.h"
#include "ui/figure/figure.h"

namespace poslab::ui::test {

// Every text the figure paints at the default size, the runs joined in the order painted (a font
// fallback splits a Chinese line into runs), blank runs kept.
inline QString paintedFigureText(const Figure& f) {
    FigureOptions o;
    poslab::test::RecordingDevice device(o.pixels, o.dpi);
    device.recorder().keepBlank = true;
    QPainter p(&device);
    paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), f, o);
    p.end();
    QString all;
    for (const auto& b : device.boxes()) all += b.text;
    return all;
}

}  // namespace poslab::ui::test
