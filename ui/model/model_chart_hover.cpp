// The Model page's hover readout (issue 25 item 6, gui-review-2 #8c): the data point nearest the
// cursor on a chart as paintModelChart lays it out, read as the encoding views read theirs (the
// value first, then what it is and where), and the marker lines (L, the extended context, the
// window) where no point is near.
#include <QLineF>
#include <cmath>
#include <limits>

#include "ui/figure/number_format.h"
#include "ui/model/model_chart.h"

namespace poslab::ui {

namespace {

bool drawable(double v, bool log) {
    return std::isfinite(v) && (!log || v > 0);
}

QString valueText(double v) {
    if (std::isinf(v)) return QStringLiteral("∞");
    return formatNumber(v, 5);
}

// Where a point of a pair chart is: "pair j = 12 (2j/d = 0.1875)", or "x = 1 000" elsewhere.
QString whereText(const ModelChartData& d, const ModelCurve& c, double x) {
    if (!d.pairAxis) return QStringLiteral("x = %1").arg(formatNumber(x, 6));
    const int pairs = std::max(1, c.pairs);
    const int j = *d.pairAxis == PairAxis::Normalised ? static_cast<int>(std::lround(x * pairs))
                                                      : static_cast<int>(std::lround(x));
    return ModelChartText::tr("pair j = %1 of %2 (2j/d = %3)")
        .arg(j)
        .arg(pairs)
        .arg(formatNumber(static_cast<double>(j) / pairs, 4));
}

}  // namespace

std::optional<ModelChartHit> modelChartHit(const QRectF& area, const ModelChartData& d,
                                           const PaintStyle& s, QPointF pos) {
    const ModelChartFrame f = modelChartFrame(area, d, s);
    const double radius = std::max(6.0, 0.6 * s.unit);
    if (f.plot.isEmpty() || !f.plot.adjusted(-radius, -radius, radius, radius).contains(pos))
        return std::nullopt;
    auto X = [&](double v) { return f.ax.map(v, f.plot.left(), f.plot.right()); };
    auto Y = [&](double v) {
        // 0 and infinity on a log axis: on the bottom and top edges, as painted.
        if (d.logY && v == 0) return f.plot.bottom();
        if (d.logY && std::isinf(v)) return f.plot.top();
        return f.ay.map(v, f.plot.bottom(), f.plot.top());
    };
    ModelChartHit best;
    double bestDist = std::numeric_limits<double>::infinity();
    for (int ci = 0; ci < d.curves.size(); ++ci) {
        const ModelCurve& c = d.curves[ci];
        for (int i = 0; i < c.points.size(); ++i) {
            const QPointF pt = c.points[i];
            if (!drawable(pt.x(), d.logX)) continue;
            if (!drawable(pt.y(), d.logY) && !(d.logY && (pt.y() == 0 || std::isinf(pt.y()))))
                continue;
            const QPointF at(X(pt.x()), Y(pt.y()));
            const double dist = QLineF(at, pos).length();
            if (dist < bestDist) bestDist = dist, best.curve = ci, best.point = i, best.at = at;
        }
    }
    if (best.curve >= 0 && bestDist <= radius) {
        const ModelCurve& c = d.curves[best.curve];
        const QPointF pt = c.points[best.point];
        const QString name = !c.name.isEmpty() ? c.name : c.hoverName;
        const QString where = whereText(d, c, pt.x());
        best.lines << valueText(pt.y())
                   << (name.isEmpty() ? where : QStringLiteral("%1 · %2").arg(name, where));
        if (best.point < c.classes.size()) best.lines << pairClassName(c.classes[best.point]);
        return best;
    }
    // A marker line under the cursor: its label (which says its value).
    for (int i = 0; i < d.hlines.size(); ++i) {
        const ModelLine& l = d.hlines[i];
        if (!drawable(l.y, d.logY) || !f.plot.contains(pos)) continue;
        const double y = Y(l.y);
        if (std::abs(y - pos.y()) > radius / 2) continue;
        ModelChartHit h;
        h.line = i;
        h.at = QPointF(pos.x(), y);
        h.lines << valueText(l.y) << l.label;
        return h;
    }
    return std::nullopt;
}

}  // namespace poslab::ui
