#include "ui/compute/model_marks.h"

#include <QStringList>

#include "ui/compute/series_fetch.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

QString modelLengthParam(const ViewSpec& view, const ViewState& state,
                         const core::EncodingDescriptor& enc) {
    if (enc.id != "rope") return {};
    QStringList quantities;
    if (view.kind == ViewKind::Compare)
        quantities << comparedQuantity(state, enc);
    else
        for (const auto& s : view.series)
            if (s.encoding.isEmpty()) quantities << s.quantity;
    if (quantities.contains(QStringLiteral("decay"))) return QStringLiteral("max_distance");
    if (quantities.contains(QStringLiteral("scores"))) return QStringLiteral("n");
    return {};
}

QString modelFooterWords(const QVector<ModelMarks>& models) {
    if (models.size() == 2)
        return QStringLiteral("A: %1, B: %2").arg(models[0].name, models[1].name);
    if (models.size() == 1) return QStringLiteral("model %1").arg(models[0].name);
    return {};
}

void markModelView(const QString& lengthParam, const QVector<ModelMarks>& models,
                   ViewResult& result) {
    if (models.isEmpty()) return;
    result.models = modelFooterWords(models);
    // The scores: L, max and s on both position axes of one model's matrix.
    if (lengthParam == QLatin1String("n") && models.size() == 1) {
        for (auto& h : result.heatmaps)
            for (const auto& m : models[0].marks) {
                const auto x = static_cast<double>(m.position);
                const QString text =
                    QString::fromStdString(m.label) + QStringLiteral(" = ") + formatExact(x);
                h.marks << AxisMark{x, {text, text}};
            }
        return;
    }
    LinesData& lines = result.lines;
    if (lengthParam != QLatin1String("max_distance") || lines.curves.isEmpty()) return;
    const bool two = models.size() == 2;
    for (qsizetype i = 0; i < models.size(); ++i)
        for (const auto& mark : models[i].marks) {
            VMarker m;
            m.x = static_cast<double>(mark.position);
            const QString label = QString::fromStdString(mark.label);
            m.label = {label, label};
            if (two) {
                m.side = i == 0 ? QStringLiteral("A") : QStringLiteral("B");
                m.color = i < lines.curves.size() ? lines.curves[i].color : static_cast<int>(i);
            }
            lines.vmarkers << m;
        }
}

}  // namespace poslab::ui
