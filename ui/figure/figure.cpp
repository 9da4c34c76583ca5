#include "ui/figure/figure.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <new>

#include "core/io/atomic_file.h"
#include "core/registry.h"
#include "ui/catalog/page_title.h"
#include "ui/compute/compute_request.h"
#include "ui/compute/request_check.h"
#include "ui/compute/series_fetch.h"
#include "ui/figure/acting_params.h"
#include "ui/figure/figure_text.h"
#include "ui/figure/heatmap_paint.h"
#include "ui/figure/lines_paint.h"
#include "ui/figure/paint_style.h"
#include "ui/figure/quantity_words.h"
#include "ui/math/superscripts.h"
#include "ui/panels/error_words.h"
#include "ui/views/rotation_widget.h"

namespace poslab::ui {

Figure makeFigure(const ViewSpec& view, const ViewResult& result, const core::ParamSet& params,
                  const ViewState& state) {
    Figure f;
    f.view = view;
    f.result = result;
    f.xLabel = view.xLabel.text();
    f.yLabel = view.yLabel.text();
    const auto* enc = core::registry().find(view.encoding.toStdString());
    QString encName = enc ? pick(enc->nameEn, enc->nameZh) : view.encoding;
    // rope with scaling proportional and factor 1 is p-RoPE (spec E9): the title says so, as the
    // page's title does (page_title.h).
    if (enc)
        encName =
            encodingTitleFor(
                view.encoding,
                {QString::fromStdString(enc->nameEn), QString::fromStdString(enc->nameZh)}, params)
                .text();
    // What is drawn, where the view draws something else than its title says (angles as cos).
    QString viewTitle = result.title.isEmpty() ? view.title.text() : result.title.text();
    // A compare figure names the quantity it compares ("Compare: Long-range decay g(x) = …"), in
    // the words of the view's list (unless the encoding's name says them), and its curves'
    // values on the y axis.
    if (view.kind == ViewKind::Compare && enc) {
        const QString quantity = comparedQuantity(state, *enc);
        if (!quantity.isEmpty()) {
            const QString words = quantityWords(*enc, quantity);
            if (!holdsPhrase(encName, words))
                viewTitle = QCoreApplication::translate("poslab::ui::Figure", "%1: %2")
                                .arg(viewTitle, words);
            if (f.yLabel.isEmpty() && !result.lines.curves.isEmpty())
                f.yLabel = quantityAxisName(*enc, quantity);
        }
    }
    f.title = composeTitle(encName, viewTitle);
    // A compare view's Δ = A − B only where a difference is drawn (curves are overlaid).
    const bool noDifference = view.kind == ViewKind::Compare &&
                              std::none_of(result.heatmaps.begin(), result.heatmaps.end(),
                                           [](const HeatmapData& h) { return h.difference; });
    f.formula = noDifference               ? QString()
                : result.formula.isEmpty() ? view.formula.text()
                                           : result.formula.text();
    f.chinese = isChinese();
    f.caption = result.note.text();  // e.g. only the first 16 heads are drawn
    const QStringList parts = actingParamTexts(view, params);
    f.footer = QStringLiteral("%1 · %2 · PosLab").arg(view.id, parts.join(QStringLiteral(", ")));
    nameModelsInFooter(f);
    return f;
}

void nameModelsInFooter(Figure& f) {
    if (f.result.models.isEmpty()) return;
    const QString words = f.result.models + QStringLiteral(" · ");
    const QString head = f.view.id + QStringLiteral(" · ");
    if (f.footer.startsWith(head + words) || f.footer.startsWith(words)) return;  // named
    if (f.footer.startsWith(head))
        f.footer.insert(head.size(), words);
    else
        f.footer.prepend(words);
}

core::Expected<Figure> computeFigure(const PageSpec& page, const ViewSpec& view,
                                     const core::ParamSet& params, const ViewState& state,
                                     ColormapChoice colormap, double memoryBudget) {
    ComputeRequest request;
    request.pageId = page.id;
    request.encoding = page.encoding;
    request.params = params;
    request.views = {view};
    request.states = {state};
    request.colormap = colormap;
    request.memoryBudget = memoryBudget;
    request.lang = currentLanguage();
    if (auto check = checkRequest(request); !check) return check.error();
    ArrayCache cache;
    const ComputeResult result = computeRequest(request, cache, nullptr);
    if (!result.error.isEmpty()) return core::fail(result.error.toStdString());
    if (result.views.isEmpty())
        return core::fail("view " + view.id.toStdString() + " drew nothing");
    const ViewResult& vr = result.views.front();
    if (!vr.error.isEmpty())
        return core::fail(view.id.toStdString() + ": " + vr.error.toStdString());
    for (const auto& h : vr.heatmaps)
        if (!h.error.isEmpty())
            return core::fail(view.id.toStdString() + ": " + h.error.toStdString());
    return makeFigure(view, vr, params, state);
}

namespace {

// What the figure shows between its title and its footer: the view, the formula under it and
// the caption under that. Panels of square cells may need less height than they have (three
// across a slide): then they, the formula and the caption stand together, centred between the
// title and the footer, rather than leave an empty band above the formula.
struct Content {
    QRectF room;  // between the title and the footer
    QRectF view;  // the panels, curves or value
    HeatmapGrid grid;
    double formulaHeight = 0, captionHeight = 0;
};

Content layOutContent(const QRectF& room, const Figure& f, const FigureOptions& o,
                      const PaintStyle& s) {
    Content c;
    c.room = room;
    const ViewResult& r = f.result;
    if (!f.caption.isEmpty())
        c.captionHeight = captionTextHeight(room, f.caption, s) + 0.2 * s.unit;
    c.view = room.adjusted(0, 0, 0, -c.captionHeight);
    c.formulaHeight = formulaLineHeight(c.view, o.formula ? f.formula : QString(), s);
    c.view.setBottom(c.view.bottom() - c.formulaHeight);
    if (r.error.isEmpty() && !r.heatmaps.isEmpty()) {
        c.grid = heatmapGrid(c.view, r.heatmaps, s, f.view.title.text());
        c.grid.block.moveTop(c.view.top() + (c.view.height() - c.grid.block.height()) / 2);
        c.view = c.grid.block;
    }
    return c;
}

void paintContent(QPainter& p, const Content& c, const Figure& f, const FigureOptions& o,
                  const PaintStyle& s, bool covers) {
    const ViewResult& r = f.result;
    const QRectF& room = c.room;
    paintFormulaLine(p, QRectF(room.left(), c.view.bottom(), room.width(), c.formulaHeight),
                     o.formula ? f.formula : QString(), s);
    if (!f.caption.isEmpty()) {
        const double bottom = c.view.bottom() + c.formulaHeight + c.captionHeight - 0.2 * s.unit;
        paintCaptionText(p,
                         QRectF(room.left(), bottom - room.height(), room.width(), room.height()),
                         f.caption, s);
    }
    if (f.panels) {
        f.panels(p, c.view, s);
    } else if (!r.error.isEmpty()) {
        paintCentredText(p, c.view, localisedError(r.error), 1.0, s);  // a deck step's refusal
    } else if (!r.degenerate.isEmpty()) {
        // Constant or the identity: words, no data, in lines a reader can follow.
        const double side = 0.15 * c.view.width();
        paintCentredText(p, c.view.adjusted(side, 0, -side, 0), r.degenerate.text(), 1.1, s);
    } else if (!r.heatmaps.isEmpty()) {
        paintHeatmaps(p, c.grid, r.heatmaps, s, f.view.title.text(), covers);
    } else if (!r.lines.curves.isEmpty()) {
        paintLines(p, c.view, r.lines, f.xLabel, f.yLabel, s);
    } else if (!r.rotation.pairs.isEmpty()) {
        RotationWidget::paintData(p, c.view, r.rotation, o.dark, s.sized(0.85));
    } else if (!r.value.isEmpty()) {
        paintCentredText(p, c.view, r.value, 1.8, s);
    } else {
        paintCentredText(p, c.view,
                         QCoreApplication::translate("poslab::ui::Figure", "nothing to draw"), 1.0,
                         s);
    }
}

// The footer's lines: what curves drawn from fewer points than the data's, or heatmap cells too
// narrow to say it over their plots (`covers`), cover; then the view and its parameters.
QStringList footerText(const Figure& f, const QStringList& covers, const QFont& font,
                       double width) {
    QStringList pieces = covers;
    if (f.result.heatmaps.isEmpty() && !f.result.lines.coverNote.isEmpty())
        pieces << f.result.lines.coverNote.text();
    pieces << f.footer;
    return footerLines(pieces.join(QStringLiteral(" · ")), font, width, 3);
}

}  // namespace

namespace {

// The titles' height at the top of `body`: a lesson step's title over the view's, or the
// view's alone, in one line or two (fitTitle). Painted where `p` is given.
double titleBand(QPainter* p, const QRectF& body, const Figure& f, const PaintStyle& s) {
    const double u = s.unit;
    if (!f.subtitle.isEmpty()) {
        const TitleLayout t = fitTitle(f.title, s.sized(0.95), body.width());
        const double h = std::max(1.4 * u, static_cast<double>(t.lines.size()) * t.lineStep);
        if (p) {
            // A lesson step's title may hold $maths$.
            paintTitleLine(*p, QRectF(body.left(), body.top(), body.width(), 1.9 * u), f.subtitle,
                           s.sized(1.45, true), s.fg);
            p->setPen(s.muted);
            paintTitleLayout(*p, QRectF(body.left(), body.top() + 1.9 * u, body.width(), h), t);
        }
        return 1.9 * u + h + 0.1 * u;
    }
    const TitleLayout t = fitTitle(f.title, s.sized(1.45, true), body.width());
    const double h = std::max(1.9 * u, static_cast<double>(t.lines.size()) * t.lineStep);
    if (p) {
        p->setPen(s.fg);
        paintTitleLayout(*p, QRectF(body.left(), body.top(), body.width(), h), t);
    }
    return h + 0.2 * u;
}

// Where paintFigure puts everything: the titles over `frame`, the content in `body` below
// them, the footer's lines at the bottom.
struct FigureLayout {
    PaintStyle s;
    QRectF frame, body;
    QFont footFont;
    double footLine = 0;
    QStringList lines;  // the footer's
    Content content;
    bool coversOver = true;  // heatmaps say what a cell covers over their plots
};

FigureLayout layOutFigure(QPainter& p, const QRectF& area, const Figure& f,
                          const FigureOptions& o) {
    FigureLayout l;
    const bool vector = p.device() && p.device()->devType() != QInternal::Image;
    l.s = makeFigureStyle(o.dark, area.height(), vector, f.chinese, o.dpi / 72.0);
    l.s.unit = std::max(l.s.unit, o.minUnit);
    const PaintStyle& s = l.s;
    const double u = s.unit;
    l.frame = area.adjusted(1.0 * u, 0.6 * u, -1.0 * u, -0.5 * u);
    l.body = l.frame.adjusted(0, titleBand(nullptr, l.frame, f, s), 0, 0);

    // The footer: the parameters, at least 6 pt in print (footerFont), in up to three lines
    // broken between parameters. A heatmap says what a drawn cell covers over its plot, once;
    // where panels are too narrow for that, the footer says it instead.
    l.footFont = footerFont(s);
    l.footLine = QFontMetricsF(l.footFont).lineSpacing();
    const bool footer = o.footer && !f.footer.isEmpty();
    auto contentAbove = [&](const QStringList& lines) {
        const double h = static_cast<double>(lines.size()) * l.footLine;
        return layOutContent(l.body.adjusted(0, 0, 0, lines.isEmpty() ? 0.0 : -h - 0.3 * u), f, o,
                             s);
    };
    l.lines = footer ? footerText(f, {}, l.footFont, l.body.width()) : QStringList();
    l.content = contentAbove(l.lines);
    if (footer && !l.content.grid.block.isEmpty()) {
        const QString name = f.view.title.text();
        HeatmapCovers covers = heatmapCovers(p, l.content.grid, f.result.heatmaps, s, name, true);
        l.coversOver = covers.fit;
        // Said below, with the panels a little smaller: the words of the final layout (a few
        // passes; the layout only changes with the footer's count of lines).
        for (int pass = 0; !l.coversOver && pass < 3; ++pass) {
            const QStringList next = footerText(f, covers.texts, l.footFont, l.body.width());
            if (pass > 0 && next == l.lines) break;
            l.lines = next;
            l.content = contentAbove(l.lines);
            covers = heatmapCovers(p, l.content.grid, f.result.heatmaps, s, name, false);
        }
    }
    return l;
}

}  // namespace

void paintFigure(QPainter& p, const QRectF& area, const Figure& f, const FigureOptions& o) {
    const FigureLayout l = layOutFigure(p, area, f, o);
    const PaintStyle& s = l.s;
    p.save();
    p.setRenderHint(QPainter::LosslessImageRendering, true);  // PDF: Flate, never JPEG
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.fillRect(area, s.bg);
    titleBand(&p, l.frame, f, s);
    paintContent(p, l.content, f, o, s, l.coversOver);
    p.setFont(l.footFont);
    p.setPen(s.muted);
    double y = l.body.bottom() - static_cast<double>(l.lines.size()) * l.footLine;
    for (const QString& line : l.lines) {
        math::drawLine(p, QRectF(l.body.left(), y, l.body.width(), l.footLine),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, line);
        y += l.footLine;
    }
    p.restore();
}

QVector<QRectF> figureHeatmapPlots(QPainter& p, const QRectF& area, const Figure& f,
                                   const FigureOptions& o) {
    const FigureLayout l = layOutFigure(p, area, f, o);
    if (l.content.grid.block.isEmpty() || !f.result.error.isEmpty()) return {};
    return heatmapGridPlots(l.content.grid, f.result.heatmaps, l.s, f.view.title.text(),
                            l.coversOver);
}

FormulaLayout figureFormula(QPainter& p, const QRectF& area, const Figure& f,
                            const FigureOptions& o) {
    const FigureLayout l = layOutFigure(p, area, f, o);
    return layOutFormula(o.formula ? f.formula : QString(), l.content.room.width(), l.s);
}

QImage figureImage(const Figure& figure, const FigureOptions& o) {
    QImage image(o.pixels, QImage::Format_ARGB32_Premultiplied);
    const int dpm = static_cast<int>(std::lround(o.dpi / 0.0254));
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), figure, o);
    p.end();
    return image;
}

namespace {

QString saveError(const QString& path, const QString& why) {
    return QStringLiteral("cannot write '%1': %2").arg(path, why);
}

}  // namespace

void setUpPdf(QPdfWriter& pdf, const FigureOptions& o, const QString& title) {
    pdf.setResolution(static_cast<int>(std::lround(o.dpi)));
    pdf.setPageSize(QPageSize(QSizeF(o.pixels.width() / o.dpi, o.pixels.height() / o.dpi),
                              QPageSize::Inch, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(title);
    pdf.setCreator(QStringLiteral("PosLab"));
}

QRectF pdfArea(QPdfWriter& pdf) {
    return QRectF(0, 0, pdf.width(), pdf.height());
}

bool writeSvg(QIODevice* device, const Figure& figure, const FigureOptions& o) {
    QSvgGenerator svg;
    svg.setOutputDevice(device);
    svg.setSize(o.pixels);
    svg.setViewBox(QRect(QPoint(0, 0), o.pixels));
    svg.setResolution(static_cast<int>(std::lround(o.dpi)));
    svg.setTitle(figure.title);
    if (o.footer) svg.setDescription(figure.footer);
    QPainter p;
    if (!p.begin(&svg)) return false;
    p.setRenderHint(QPainter::Antialiasing, true);
    paintFigure(p, QRectF(QPointF(0, 0), QSizeF(o.pixels)), figure, o);
    return p.end();
}

// Writes `bytes` to `path` through core's AtomicFile, the writer of `poslab export`: one rule for
// links (written through, or refused when they lead nowhere), devices and FIFOs (refused), and
// one vocabulary for failures ("no space left on the device"). The whole file is checked written
// before the rename. (QSvgGenerator and QPdfWriter write one large block and ignore a short
// count, so they paint into memory first.)
QString saveBytes(const QString& path, const QByteArray& bytes) {
    core::io::AtomicFile file;
    auto st = file.open(path.toStdString());
    if (st) {
        file.stream().write(bytes.constData(), bytes.size());
        st = file.commit();
    }
    return st ? QString() : QString::fromStdString(st.error().message);
}

namespace {

QString outOfMemory(const QString& path) {
    return saveError(path, QStringLiteral("out of memory while drawing it"));
}

// Paints `figures` as the pages of one PDF in `device`; false when painting failed.
bool paintPdf(QIODevice* device, const QVector<Figure>& figures, const FigureOptions& o,
              const QString& title) {
    QPdfWriter pdf(device);
    setUpPdf(pdf, o, title);
    QPainter p;
    bool ok = p.begin(&pdf);
    for (int i = 0; ok && i < figures.size(); ++i) {
        if (i > 0) ok = pdf.newPage();
        p.setRenderHint(QPainter::Antialiasing, true);
        if (ok) paintFigure(p, pdfArea(pdf), figures[i], o);
    }
    if (p.isActive()) ok = p.end() && ok;
    return ok;
}

}  // namespace

QString writeFigure(const QString& path, const Figure& figure, const FigureOptions& o) {
    FigureFormat format;
    if (!figureFormatOf(path, &format))
        return QStringLiteral("output '%1': unknown extension; allowed: .png, .svg, .pdf")
            .arg(path);
    if (const QString bad = validateFigureOptions(o); !bad.isEmpty()) return bad;
    try {  // also the GUI's figure-export thread: a failed allocation is an error, not an abort
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        bool painted = true;
        if (format == FigureFormat::Png)
            painted = figureImage(figure, o).save(&buffer, "PNG");
        else if (format == FigureFormat::Svg)
            painted = writeSvg(&buffer, figure, o);
        else
            painted = paintPdf(&buffer, {figure}, o, figure.title);
        if (!painted) return saveError(path, QStringLiteral("the figure could not be drawn"));
        return saveBytes(path, bytes);
    } catch (const std::bad_alloc&) {
        return outOfMemory(path);
    }
}

QString writeDeck(const QString& path, const QVector<Figure>& figures, const FigureOptions& o,
                  FigureFormat folderFormat) {
    if (figures.isEmpty()) return QStringLiteral("the deck has no pages");
    if (const QString bad = validateFigureOptions(o); !bad.isEmpty()) return bad;
    FigureFormat format;
    if (figureFormatOf(path, &format)) {
        if (format != FigureFormat::Pdf)
            return QStringLiteral("output '%1': a deck is a .pdf file or a folder").arg(path);
        try {
            QByteArray bytes;
            QBuffer buffer(&bytes);
            buffer.open(QIODevice::WriteOnly);
            const QString title = figures.front().subtitle.isEmpty() ? figures.front().title
                                                                     : figures.front().subtitle;
            if (!paintPdf(&buffer, figures, o, title))
                return saveError(path, QStringLiteral("the deck could not be drawn"));
            return saveBytes(path, bytes);
        } catch (const std::bad_alloc&) {
            return outOfMemory(path);
        }
    }
    // A folder: what this call created (the folder, its files) goes again if a step fails.
    core::io::OutputFolder folder;
    if (auto st = folder.create(path.toStdString()); !st)
        return QString::fromStdString(st.error().message);
    const QString ext = folderFormat == FigureFormat::Svg   ? QStringLiteral("svg")
                        : folderFormat == FigureFormat::Pdf ? QStringLiteral("pdf")
                                                            : QStringLiteral("png");
    for (int i = 0; i < figures.size(); ++i) {
        const QString file = QDir(path).filePath(
            QStringLiteral("step_%1.%2").arg(i + 1, 2, 10, QLatin1Char('0')).arg(ext));
        folder.adding(file.toStdString());
        if (const QString e = writeFigure(file, figures[i], o); !e.isEmpty()) return e;
    }
    folder.keep();
    return {};
}

}  // namespace poslab::ui
