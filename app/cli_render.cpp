// `poslab render VIEW [-p KEY=VALUE]... [--size WxH] [--dpi N] [--theme light|dark]
//  [--lang en|zh] -o FILE.{png,svg,pdf}`, `render --list`, `render --lesson FILE -o OUT` and
//  `render VIEW --sweep KEY=FROM:TO [--frames N] -o OUT.{gif,pdf,mp4}|OUT/` (app/cli_sweep.h):
// the figures the GUI exports, without a display (Qt's offscreen platform). Every argument is
// checked before anything is computed; files are written atomically.
#include <QApplication>
#include <QFileInfo>
#include <cmath>
#include <iostream>

#include "app/args.h"
#include "app/cli_sweep.h"
#include "app/model_option.h"
#include "app/render_model.h"
#include "core/io/atomic_file.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/document/lesson.h"
#include "ui/document/lesson_deck.h"
#include "ui/figure/figure.h"
#include "ui/figure/figure_text.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

namespace poslab::app {

namespace {

const std::string kCmd = "render";

struct RenderArgs {
    std::vector<std::string> positional;
    core::TextParams params;
    std::string output, lesson, size = "16:9", theme = "light", lang = "en", format = "png";
    std::string colormap = "auto", dpiText;
    std::string sweep, framesText, fpsText;
    double dpi = 144;
    bool list = false, footer = true, formula = true;
    ModelOption model;
};

// "1920x1080" (pixels), "13.33x7.5in" (inches at the dpi) or a preset (ui::figurePresets: 16:9,
// 4:3, a4, a4-portrait, column, two-column).
std::optional<QSize> parseSize(const std::string& text, double dpi) {
    const QString t = QString::fromStdString(text).trimmed().toLower();
    if (ui::figurePresets().contains(t)) return ui::sizeForPreset(t, dpi);
    QString body = t;
    const bool inches = body.endsWith(QLatin1String("in"));
    if (inches) body.chop(2);
    const auto parts = body.split(QLatin1Char('x'));
    if (parts.size() != 2) return std::nullopt;
    bool okW = false, okH = false;
    if (inches) {
        const double w = parts[0].toDouble(&okW), h = parts[1].toDouble(&okH);
        if (!okW || !okH || !(w > 0) || !(h > 0) || w > 1000 || h > 1000) return std::nullopt;
        return QSize(static_cast<int>(std::lround(w * dpi)),
                     static_cast<int>(std::lround(h * dpi)));
    }
    const int w = parts[0].toInt(&okW), h = parts[1].toInt(&okH);
    if (!okW || !okH) return std::nullopt;
    return QSize(w, h);
}

std::string dpiProblem(const std::string& v) {
    bool ok = false;
    const double dpi = QString::fromStdString(v).toDouble(&ok);
    if (ok && dpi >= ui::kMinDpi && dpi <= ui::kMaxDpi) return {};
    return "a number in [" + std::to_string(static_cast<int>(ui::kMinDpi)) + ", " +
           std::to_string(static_cast<int>(ui::kMaxDpi)) + "]";
}

int parseArgs(const Args& args, RenderArgs& r) {
    OptionTable table = {
        keyValues({"-p", "--param"}, &r.params),
        valued({"-o", "--output"}, &r.output, "FILE"),
        valued({"--size"}, &r.size, "WxH|WxHin|16:9|4:3|a4|a4-portrait|column|two-column"),
        valued({"--dpi"}, &r.dpiText, "N").checkedBy(dpiProblem),
        oneOf({"--theme"}, &r.theme, {"light", "dark"}),
        oneOf({"--lang"}, &r.lang, {"en", "zh"}).alsoAccepts({"zh_CN"}),
        oneOf({"--colormap"}, &r.colormap, {"auto", "viridis", "diverging"}),
        flag({"--no-footer"}, &r.footer, false),
        flag({"--no-formula"}, &r.formula, false),
        flag({"--list"}, &r.list),
        valued({"--lesson"}, &r.lesson, "FILE"),
        oneOf({"--format"}, &r.format, {"png", "svg", "pdf"}),
        valued({"--sweep"}, &r.sweep, "KEY=FROM:TO[:log|:linear]"),
        valued({"--frames"}, &r.framesText, "N").checkedBy(framesProblem),
        valued({"--fps"}, &r.fpsText, "F").checkedBy(fpsProblem),
    };
    addModelOptions(table, r.model);
    if (int rc = parseOptions(kCmd, args, table, &r.positional); rc != 0) return rc;
    if (!r.dpiText.empty()) r.dpi = QString::fromStdString(r.dpiText).toDouble();
    return 0;
}

const ui::PageSpec* encodingPageOf(const QString& viewId, const ui::ViewSpec** view) {
    for (const auto& p : ui::Catalog::instance().pages()) {
        if (p.id != p.encoding) continue;  // argument pages reuse encoding views
        if (const ui::ViewSpec* v = p.findView(viewId)) {
            *view = v;
            return &p;
        }
    }
    return nullptr;
}

int listViews() {
    for (const auto& p : ui::Catalog::instance().pages()) {
        if (p.id != p.encoding) continue;
        for (const auto& v : p.views)
            std::cout << v.id.toStdString() << "  "
                      << ui::composeTitle(p.title.text(), v.title.text()).toStdString() << "\n";
    }
    listModelViews();  // the Model page's, after the encodings'
    return 0;
}

// Checks that the output can be created before any work, by the rule `export` follows too
// (core::io::AtomicFile::check): the folder must exist, a link must lead to a regular file.
std::string outputProblem(const std::string& output, bool deck) {
    const QFileInfo info(QString::fromStdString(output));
    ui::FigureFormat format;
    if (!ui::figureFormatOf(info.filePath(), &format)) {
        if (!deck)
            return "output '" + core::echo(output, core::kEchoPathLimit) +
                   "': unknown extension; allowed: .png, .svg, .pdf";
        if (auto st = core::io::AtomicFile::checkLink(output); !st) return st.error().message;
        if (info.exists() && !info.isDir())
            return "output '" + core::echo(output, core::kEchoPathLimit) +
                   "': not a folder and not a .pdf file";
        return {};  // a folder, created when missing
    }
    if (deck && format != ui::FigureFormat::Pdf)
        return "output '" + core::echo(output, core::kEchoPathLimit) +
               "': a lesson deck is a .pdf file or a folder";
    if (auto st = core::io::AtomicFile::check(output); !st) return st.error().message;
    return {};
}

int renderLesson(const RenderArgs& r, const ui::FigureOptions& options, double budget) {
    ui::Lesson lesson;
    QString error;
    const auto& catalog = ui::Catalog::instance();
    if (!ui::loadLesson(QString::fromStdString(r.lesson), catalog, &lesson, &error))
        return fail(kCmd, error.toStdString());
    // Training lab steps train their comparisons (a minute or more): say so as each starts.
    const auto figures = ui::lessonFigures(lesson, catalog, budget, 0, [](const std::string& s) {
        std::cerr << "poslab render: " << s << "\n";
    });
    if (!figures) return fail(kCmd, figures.error().message);
    ui::FigureFormat folderFormat = r.format == "svg"   ? ui::FigureFormat::Svg
                                    : r.format == "pdf" ? ui::FigureFormat::Pdf
                                                        : ui::FigureFormat::Png;
    if (const QString e =
            ui::writeDeck(QString::fromStdString(r.output), *figures, options, folderFormat);
        !e.isEmpty())
        return fail(kCmd, e.toStdString());
    return 0;
}

SweepJob sweepJob(const RenderArgs& r, const ui::PageSpec& page, const ui::ViewSpec& view,
                  const core::EncodingDescriptor& enc, const core::ParamSet& params,
                  const ui::ViewState& state, ui::ColormapChoice cmap, double budget,
                  const ui::FigureOptions& options, const RenderModels& models) {
    SweepJob job;
    job.sweep = r.sweep;
    job.output = r.output;
    if (!r.framesText.empty()) job.frames = QString::fromStdString(r.framesText).toInt();
    if (!r.fpsText.empty()) job.fps = QString::fromStdString(r.fpsText).toDouble();
    job.page = &page;
    job.view = &view;
    job.enc = &enc;
    job.params = params;
    job.state = state;
    job.colormap = cmap;
    job.budget = budget;
    job.options = options;
    job.given = &r.params;
    job.models = &models;
    return job;
}

}  // namespace

int runRender(const Args& args) {
    if (args.size() == 1 && (args.front() == "--help" || args.front() == "-h")) {
        printUsage();  // render's lines among the others: the one usage text
        return 0;
    }
    RenderArgs r;
    if (int rc = parseArgs(args, r); rc != 0) return rc;
    // Fonts and painting need a Qt application; no display is needed (offscreen platform).
    const auto app = ui::makeOffscreenApplication();
    ui::applyLanguage(ui::languageFromCode(QString::fromStdString(r.lang)));

    if (r.list) {
        if (!r.positional.empty() || !r.output.empty() || !r.lesson.empty())
            return fail(kCmd, "--list takes no view, lesson or output");
        return listViews();
    }
    ui::FigureOptions options;
    options.dpi = r.dpi;
    options.dark = r.theme == "dark";
    options.footer = r.footer;
    options.formula = r.formula;
    const auto size = parseSize(r.size, r.dpi);
    if (!size)
        return fail(kCmd, badValue("--size", r.size,
                                   "WxH in pixels (1920x1080), WxHin in inches (13.33x7.5in), "
                                   "or a preset: " +
                                       ui::figurePresets().join(", ").toStdString()));
    options.pixels = *size;
    if (const QString bad = ui::validateFigureOptions(options); !bad.isEmpty())
        return fail(kCmd, "option '--size' = " + r.size + ": " + bad.toStdString());
    if (r.output.empty()) return fail(kCmd, "missing output: -o FILE.{png,svg,pdf}");
    const bool deck = !r.lesson.empty(), sweep = !r.sweep.empty();
    if (!sweep && (!r.framesText.empty() || !r.fpsText.empty()))
        return fail(kCmd, "--frames and --fps go with --sweep KEY=FROM:TO");
    if (sweep && deck) return fail(kCmd, "--sweep takes a VIEW, not a --lesson");
    if (const std::string bad =
            sweep ? sweepOutputProblem(r.output) : outputProblem(r.output, deck);
        !bad.empty())
        return fail(kCmd, bad);
    const double budget = core::configuredMemoryBudget();
    if (deck) {
        if (!r.positional.empty() || !r.params.empty() || !r.model.models.empty())
            return fail(kCmd, "--lesson takes no VIEW, -p or --model: the lesson's steps set them");
        return renderLesson(r, options, budget);
    }
    if (r.positional.size() != 1)
        return fail(kCmd, "expected one VIEW (see 'poslab render --list'), got " +
                              std::to_string(r.positional.size()) + " names");
    if (isModelView(r.positional.front())) {
        if (sweep)
            return fail(kCmd, "--sweep takes a view of an encoding, not " +
                                  core::echo(r.positional.front()));
        return renderModelView(kCmd, r.positional.front(), r.model, !r.params.empty(), r.output,
                               options);
    }
    const QString viewId = QString::fromStdString(r.positional.front());
    const ui::ViewSpec* view = nullptr;
    const ui::PageSpec* page = encodingPageOf(viewId, &view);
    if (!page)
        return fail(kCmd,
                    "unknown view '" + r.positional.front() + "' (see 'poslab render --list')");
    const auto* enc = core::registry().find(page->encoding.toStdString());
    // The page preset, the model's parameters (a compare view: A's and B's), then -p (a name
    // given twice is refused by parseOptions).
    ui::ViewState state = ui::defaultViewState(*view, *page);
    RenderModels models;
    core::ParamSet params;
    if (int rc = resolveRenderParams(kCmd, r.model, *page, *view, *enc, r.params, budget, models,
                                     params, state);
        rc != 0)
        return rc;
    const ui::ColormapChoice cmap = r.colormap == "viridis"     ? ui::ColormapChoice::Viridis
                                    : r.colormap == "diverging" ? ui::ColormapChoice::Diverging
                                                                : ui::ColormapChoice::Auto;
    if (sweep)
        return renderSweep(
            kCmd, sweepJob(r, *page, *view, *enc, params, state, cmap, budget, options, models));
    auto figure = ui::computeFigure(*page, *view, params, state, cmap, budget);
    if (!figure) return fail(kCmd, figure.error().message);
    markModelFigure(models, *figure);
    if (const QString e = ui::writeFigure(QString::fromStdString(r.output), *figure, options);
        !e.isEmpty())
        return fail(kCmd, e.toStdString());
    printRenderNotes(kCmd, models);
    return 0;
}

}  // namespace poslab::app
