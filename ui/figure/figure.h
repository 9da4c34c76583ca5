// Figures for slides (issue 5): one renderer for the GUI's Export Figure / Copy Figure and for
// `poslab render`. A figure is a view's prepared result (the same ViewResult the explorer draws)
// laid out on a page: title, the panels with labelled axes and colour bars, an optional formula
// or lesson caption, and a footer with the parameters. Painting is plain QPainter (no widgets),
// so it runs off the GUI thread and writes PNG, SVG and PDF alike; text stays text.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QVector>
#include <functional>

#include "core/compute.h"
#include "core/params/param_spec.h"
#include "ui/compute/compute_types.h"
#include "ui/figure/figure_text.h"

class QIODevice;
class QPdfWriter;
class QPainter;
class QRectF;

namespace poslab::ui {

struct PaintStyle;

enum class FigureFormat { Png, Svg, Pdf };

// The format named by a file's extension (case-insensitive); false when it is none of the three.
bool figureFormatOf(const QString& path, FigureFormat* format);

// A figure's size is its pixels at a resolution: its physical size is pixels / dpi inches (the
// PNG's metadata, the SVG's and the PDF's page). Text is sized from both: a body line is 1/45 of
// the height, and tick labels are never smaller than 6 pt at the physical size
// (makeFigureStyle), so a journal column stays legible.
struct FigureOptions {
    QSize pixels{1920, 1080};  // the figure's size in pixels (at `dpi`)
    double dpi = 144;          // PNG metadata; physical size of SVG and PDF pages
    bool dark = false;         // exports are light unless asked
    bool footer = true;        // the parameters in a small footer
    bool formula = true;       // the view's formula under the panels
    // The least body-text size in pixels (0: the figure's own, 1/45 of its height). The presenter
    // view draws its figure in part of a projector's screen and asks for text sized to the
    // screen (ticks readable from the back row), not to the part.
    double minUnit = 0;
    // The physical size in points (1/72 in).
    QSizeF sizePt() const { return QSizeF(pixels) * (72.0 / dpi); }
};

// Limits checked by validateFigureOptions (and the export dialog's controls).
inline constexpr int kMinFigureSide = 200;
inline constexpr int kMaxFigureSide = 16384;
inline constexpr double kMinDpi = 36, kMaxDpi = 1200;
QString validateFigureOptions(const FigureOptions& options);

// Named sizes. Slides in pixels at any dpi: "16:9" (1920 x 1080), "4:3" (1600 x 1200). Print
// sizes in millimetres at the dpi: "a4" (an A4 page across, 297 x 210 mm), "a4-portrait"
// (210 x 297 mm), "column" (one journal column, 89 x 67 mm, 3.5 in wide), "two-column" (the
// full text width, 183 x 113 mm, 7.2 in). The ids, in the order the export dialog lists them:
QStringList figurePresets();
// The physical size of a print preset in millimetres; an empty size for the slides and for
// names that are no preset.
QSizeF presetMillimetres(const QString& preset);
// The pixels of a preset at `dpi`; an empty size for a name that is no preset.
QSize sizeForPreset(const QString& preset, double dpi);

// Everything a figure shows, resolved to the current language.
struct Figure {
    QString title;
    QString subtitle;  // a lesson step's title, or empty
    QString formula;
    QString caption;  // a lesson step's caption, or empty
    QString footer;   // "RoPE · n = 512, d = 128, base = 10000, ..."
    ViewSpec view;
    ViewResult result;
    QString xLabel, yLabel;
    bool chinese = false;  // the language it was made in (picks the font family)
    // Where set, drawn in place of `result` between the title and the footer (a page that is not
    // an encoding's view: the Model page's charts, ui/model/model_figure.h), into the content's
    // rectangle with the figure's style. Plain QPainter, so it runs on the writer thread too.
    std::function<void(QPainter&, const QRectF&, const PaintStyle&)> panels;
};

// The figure of a computed view: title, formula, axis names and footer from the spec, the
// encoding and the parameters (and, for a compare view, the quantity its state compares). The
// title says the encoding's name and the view's title, a part they share once (composeTitle).
Figure makeFigure(const ViewSpec& view, const ViewResult& result, const core::ParamSet& params,
                  const ViewState& state = {});

// The models the view's parameters came from (result.models) in the footer, after the view's id:
// "rope/decay · model llama-3.1-8b · n = ...". Once: a footer that names them is left as it is.
void nameModelsInFooter(Figure& f);

// Computes one view (as the explorer would, on the CPU in double) and makes its figure. Errors
// (bad view state, compute failure, a view that could not be drawn) come back as text.
core::Expected<Figure> computeFigure(const PageSpec& page, const ViewSpec& view,
                                     const core::ParamSet& params, const ViewState& state,
                                     ColormapChoice colormap = ColormapChoice::Auto,
                                     double memoryBudget = core::configuredMemoryBudget());

// Paints the figure into `area` (device units; fonts scale with the area's height).
void paintFigure(QPainter& painter, const QRectF& area, const Figure& figure,
                 const FigureOptions& options);

// The plot rectangles of a heatmap figure's panels, as paintFigure lays them out in `area` (one
// per panel, in order; none for a figure without heatmaps). Panels of one grid share their label
// columns, so that those of the same shape have plots of the same size.
QVector<QRectF> figureHeatmapPlots(QPainter& painter, const QRectF& area, const Figure& figure,
                                   const FigureOptions& options);
// The formula as paintFigure sets it under the view in `area` (figure_text.h): its lines and
// their size (none where the figure has no formula or the options leave it out).
FormulaLayout figureFormula(QPainter& painter, const QRectF& area, const Figure& figure,
                            const FigureOptions& options);

// A PDF device of the figure's size: the page is pixels / dpi inches and one device unit is one
// figure pixel, so the same layout lands on every format (the deck and the sweep's pages too).
void setUpPdf(QPdfWriter& pdf, const FigureOptions& options, const QString& title);
// The area to paint a page of it in.
QRectF pdfArea(QPdfWriter& pdf);
// Writes `bytes` to `path` through core's AtomicFile (the writer of `poslab export`): the whole
// file checked written before the rename; "" or the reason it was not written.
QString saveBytes(const QString& path, const QByteArray& bytes);

// The figure as an image of options.pixels (for PNG and the clipboard).
QImage figureImage(const Figure& figure, const FigureOptions& options);

// The figure as SVG onto an open device (a file, or a buffer for the clipboard).
bool writeSvg(QIODevice* device, const Figure& figure, const FigureOptions& options);

// Writes one figure; the format comes from the extension. Atomic: the file appears complete or
// not at all. Returns the error (naming the file) or an empty string.
QString writeFigure(const QString& path, const Figure& figure, const FigureOptions& options);

// Writes a deck: a .pdf path gets one page per figure; a folder (created when missing) gets
// one file per figure named step_01.<ext> ... in `folderFormat`. Atomic per file.
QString writeDeck(const QString& path, const QVector<Figure>& figures, const FigureOptions& options,
                  FigureFormat folderFormat = FigureFormat::Png);

}  // namespace poslab::ui
