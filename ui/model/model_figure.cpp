#include "ui/model/model_figure.h"

#include <QPainter>

#include "ui/figure/paint_style.h"
#include "ui/model/model_kinds.h"
#include "ui/model/other_chart.h"
#include "ui/model/scaling_chart.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

bool hasRope(ModelSide s) {
    return s && s.kind->rope;
}

// What a view asks of the sides, in the words of the one line that refuses it.
QString missing(const QString& id, ModelSide a, ModelSide b) {
    const QString who = b ? ModelChartText::tr("%1 and %2").arg(modelSideName(a), modelSideName(b))
                          : modelSideName(a);
    if (id == QLatin1String("query_scale"))
        return ModelChartText::tr("model/%1: no query scale in %2").arg(id, who);
    if (id == QLatin1String("encoding"))
        return ModelChartText::tr(
                   "model/%1: %2 take no positions from ALiBi, T5, learned or Shaw; see "
                   "model/frequencies")
            .arg(id, who);
    return ModelChartText::tr("model/%1: no RoPE in %2; see model/charts").arg(id, who);
}

// The charts in rows: one row up to two charts, else two rows (the first the longer).
void paintCharts(QPainter& p, const QRectF& area, const QVector<ModelChartData>& charts,
                 const PaintStyle& s) {
    const int n = static_cast<int>(charts.size());
    const int rows = n <= 2 ? 1 : 2;
    const int first = (n + 1) / 2;
    const double gap = 0.8 * s.unit;
    const double h = (area.height() - (rows - 1) * gap) / rows;
    int i = 0;
    for (int r = 0; r < rows; ++r) {
        const int inRow = rows == 1 ? n : (r == 0 ? first : n - first);
        const double w = (area.width() - (inRow - 1) * gap) / std::max(1, inRow);
        for (int c = 0; c < inRow && i < n; ++c, ++i)
            paintModelChart(p,
                            QRectF(area.left() + c * (w + gap), area.top() + r * (h + gap), w, h),
                            charts[i], s);
    }
}

}  // namespace

QStringList modelViewIds() {
    return {QStringLiteral("charts"),  QStringLiteral("frequencies"), QStringLiteral("wavelengths"),
            QStringLiteral("scaling"), QStringLiteral("query_scale"), QStringLiteral("encoding")};
}

QString modelViewTitle(const QString& id) {
    if (id == QLatin1String("charts")) return ModelChartText::tr("The Model page's charts");
    if (id == QLatin1String("frequencies")) return ModelChartText::tr("Frequency θⱼ per pair");
    if (id == QLatin1String("wavelengths"))
        return ModelChartText::tr("Wavelength 2π/θⱼ against the context");
    if (id == QLatin1String("scaling")) return ModelChartText::tr("Scaling methods");
    if (id == QLatin1String("query_scale")) return ModelChartText::tr("Query scale over position");
    if (id == QLatin1String("encoding"))
        return ModelChartText::tr("What ALiBi, T5, learned or Shaw numbers imply");
    return {};
}

QString modelSideName(ModelSide side) {
    if (!side) return {};
    if (side.model->config.kinds.size() <= 1) return side.model->name;
    return QStringLiteral("%1 (%2)").arg(side.model->name, QString::fromStdString(side.kind->name));
}

core::Expected<QVector<ModelChartData>> modelViewCharts(const QString& id, ModelSide a,
                                                        ModelSide b) {
    if (!modelViewIds().contains(id))
        return core::fail("unknown view 'model/" + id.toStdString() + "'");
    if (!a) return core::fail("model/" + id.toStdString() + " needs a model");
    const bool rope = hasRope(a) || hasRope(b);
    const bool query = hasQueryScale(a) || hasQueryScale(b);
    const bool other = hasOtherEncoding(a) || hasOtherEncoding(b);
    QVector<ModelChartData> out;
    // The page's order (ModelPage::m_chartOrder) and choice (ModelPage::refreshCharts).
    const bool all = id == QLatin1String("charts");
    if ((all || id == QLatin1String("frequencies")) && rope) out << frequencyChart(a, b);
    if ((all && rope && !other) || (id == QLatin1String("wavelengths") && rope))
        out << wavelengthChart(a, b);
    if ((all || id == QLatin1String("encoding")) && other) out << otherEncodingChart(a, b);
    if ((all || id == QLatin1String("scaling")) && rope) out << scalingChart(a, b);
    if ((all || id == QLatin1String("query_scale")) && query) out << queryScaleChart(a, b);
    if (out.isEmpty()) {
        if (all)
            out << frequencyChart(a, b);  // says in words what the kind has instead
        else
            return core::fail(missing(id, a, b).toStdString());
    }
    return out;
}

core::Expected<Figure> modelFigure(const QString& id, ModelSide a, ModelSide b) {
    auto charts = modelViewCharts(id, a, b);
    if (!charts) return charts.error();
    Figure f;
    f.view.id = kModelViewPrefix + id;
    f.view.title.en = f.view.title.zh = modelViewTitle(id);
    const QString names = b ? ModelChartText::tr("%1 vs %2").arg(modelSideName(a), modelSideName(b))
                            : modelSideName(a);
    // One chart: its title is the figure's, not said twice.
    if (charts->size() == 1) {
        f.title = ModelChartText::tr("%1: %2").arg(names, charts->front().title);
        charts->front().title.clear();
    } else {
        f.title = names;
    }
    f.chinese = isChinese();
    f.footer = QStringLiteral("%1 · %2 · PosLab").arg(f.view.id, names);
    f.panels = [list = *charts](QPainter& p, const QRectF& area, const PaintStyle& s) {
        paintCharts(p, area, list, s);
    };
    return f;
}

}  // namespace poslab::ui
