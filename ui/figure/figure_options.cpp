// The figure's file formats, sizes and presets (slide, A4, journal column), checked before any
// drawing.
#include <QFileInfo>
#include <cmath>

#include "ui/figure/figure.h"

namespace poslab::ui {

bool figureFormatOf(const QString& path, FigureFormat* format) {
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext == QLatin1String("png"))
        *format = FigureFormat::Png;
    else if (ext == QLatin1String("svg"))
        *format = FigureFormat::Svg;
    else if (ext == QLatin1String("pdf"))
        *format = FigureFormat::Pdf;
    else
        return false;
    return true;
}

QString validateFigureOptions(const FigureOptions& o) {
    if (o.pixels.width() < kMinFigureSide || o.pixels.height() < kMinFigureSide ||
        o.pixels.width() > kMaxFigureSide || o.pixels.height() > kMaxFigureSide)
        return QStringLiteral("size %1x%2 px: each side must be in [%3, %4]")
            .arg(o.pixels.width())
            .arg(o.pixels.height())
            .arg(kMinFigureSide)
            .arg(kMaxFigureSide);
    if (!(o.dpi >= kMinDpi && o.dpi <= kMaxDpi))
        return QStringLiteral("dpi %1: must be in [%2, %3]").arg(o.dpi).arg(kMinDpi).arg(kMaxDpi);
    return {};
}

QStringList figurePresets() {
    return {QStringLiteral("16:9"),        QStringLiteral("4:3"),    QStringLiteral("a4"),
            QStringLiteral("a4-portrait"), QStringLiteral("column"), QStringLiteral("two-column")};
}

QSizeF presetMillimetres(const QString& preset) {
    if (preset == QLatin1String("a4")) return {297, 210};
    if (preset == QLatin1String("a4-portrait")) return {210, 297};
    if (preset == QLatin1String("column")) return {89, 67};
    if (preset == QLatin1String("two-column")) return {183, 113};
    return {};
}

QSize sizeForPreset(const QString& preset, double dpi) {
    if (preset == QLatin1String("16:9")) return {1920, 1080};
    if (preset == QLatin1String("4:3")) return {1600, 1200};
    const QSizeF mm = presetMillimetres(preset);
    if (mm.isEmpty()) return {};
    return {static_cast<int>(std::lround(mm.width() / 25.4 * dpi)),
            static_cast<int>(std::lround(mm.height() / 25.4 * dpi))};
}

}  // namespace poslab::ui
