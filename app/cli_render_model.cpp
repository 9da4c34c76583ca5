// `poslab render model/VIEW --model A [--model B] [--layer I] [--seq-len N] ... -o OUT`: the Model
// page's charts as figures (ui/model/model_figure.h, issue 25 item 6), the same figures the GUI's
// Export Figure writes on that page. Every argument is checked before anything is drawn; a
// refusal is one line and leaves no file.
#include <iostream>

#include "app/cli.h"
#include "app/render_model.h"
#include "core/models/rope_params.h"
#include "ui/document/model_presets.h"
#include "ui/model/model_figure.h"

namespace poslab::app {

namespace {

// A model as the Model page opens it: a preset by its id (its name and card), else a file.
int loadSide(const std::string& command, const std::string& given, const ModelOption& option,
             ui::LoadedModel& out) {
    const std::string shown = core::echo(given, core::kEchoPathLimit);
    std::optional<std::int64_t> seqLen;
    if (!option.seqLen.empty()) seqLen = std::stoll(option.seqLen);  // checked whole
    const auto text = ui::modelConfigText(given);
    if (!text) return fail(command, "--model: " + text.error().message);
    const QString id = QString::fromStdString(given);
    auto model =
        !ui::modelPresetText(id).empty()
            ? ui::loadModelPreset(id, seqLen)
            : ui::loadModelText(*text, QString::fromStdString(labelOfModel(given)), id, seqLen);
    if (!model) return fail(command, "--model " + shown + ": " + model.error().message);
    out = std::move(*model);
    return 0;
}

// The kind drawn: layer I's (--layer), else for the second model the first one's kind where it
// has it (as the page), else the first kind with RoPE, else the first.
int pickKind(const std::string& command, const ui::LoadedModel& model, const ModelOption& option,
             const QString& wanted, const core::models::KindInfo** kind) {
    if (!option.layer.empty()) {
        const auto k = core::models::kindOfLayer(model.config, std::stoll(option.layer));
        if (!k) return fail(command, model.name.toStdString() + ": " + k.error().message);
        *kind = *k;
        return 0;
    }
    *kind = model.kindOr(wanted);
    if (!*kind) return fail(command, model.name.toStdString() + ": the model has no kind of layer");
    return 0;
}

}  // namespace

bool isModelView(const std::string& view) {
    return QString::fromStdString(view).startsWith(ui::kModelViewPrefix);
}

void listModelViews() {
    for (const QString& id : ui::modelViewIds())
        std::cout << (ui::kModelViewPrefix + id).toStdString() << "  "
                  << ui::modelViewTitle(id).toStdString() << "\n";
}

int renderModelView(const std::string& command, const std::string& view, const ModelOption& option,
                    bool params, const std::string& output, const ui::FigureOptions& options) {
    const QString id = QString::fromStdString(view).mid(ui::kModelViewPrefix.size());
    if (!ui::modelViewIds().contains(id))
        return fail(command,
                    "unknown view '" + core::echo(view) + "' (see 'poslab render --list')");
    if (params)
        return fail(command, view +
                                 " takes no -p: the model's config gives every number "
                                 "(the parameters of another base: render rope/... --model)");
    if (option.models.empty()) return fail(command, view + " needs --model FILE|PRESET");
    if (option.models.size() > 2)
        return fail(command, "option '--model' is given " + std::to_string(option.models.size()) +
                                 " times; " + view + " draws one model, or two compared");
    ui::LoadedModel models[2];
    const core::models::KindInfo* kinds[2] = {nullptr, nullptr};
    for (std::size_t i = 0; i < option.models.size(); ++i) {
        if (int rc = loadSide(command, option.models[i], option, models[i]); rc != 0) return rc;
        const QString wanted = i == 0 ? QString() : QString::fromStdString(kinds[0]->name);
        if (int rc = pickKind(command, models[i], option, wanted, &kinds[i]); rc != 0) return rc;
    }
    const ui::ModelSide a{&models[0], kinds[0]};
    const ui::ModelSide b =
        option.models.size() == 2 ? ui::ModelSide{&models[1], kinds[1]} : ui::ModelSide{};
    const auto figure = ui::modelFigure(id, a, b);
    if (!figure) return fail(command, figure.error().message);
    if (const QString e = ui::writeFigure(QString::fromStdString(output), *figure, options);
        !e.isEmpty())
        return fail(command, e.toStdString());
    for (std::size_t i = 0; i < option.models.size(); ++i)
        for (const auto& note : models[i].config.notes)
            std::cerr << "poslab " << command << ": note: " << core::echo(option.models[i]) << ": "
                      << core::printable(note) << "\n";
    return 0;
}

}  // namespace poslab::app
