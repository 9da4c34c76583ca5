// What `--model` does to `poslab render` (models.md M4, M5.4): the view's parameters from the
// model (or, in a compare view, A's from one model and B's from another: `render rope/compare
// --model A --model B`), the decay and scores views opened at the model's sequence length s
// (--seq-len, else max_position_embeddings) unless -p gives their length, the marks L (original
// max, when scaled), max and s on the decay axis, and footers that name the model.
#pragma once

#include <QString>
#include <vector>

#include "app/model_option.h"
#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"
#include "ui/figure/figure.h"

namespace poslab::app {

struct RenderModels {
    std::vector<AppliedModel> models;  // none, one, or A and B of a compare view
    QString lengthParam;               // the view's length ("max_distance", "n"; "": none)
};

// Resolves the page's parameters (page preset, then the model's, then `given` from -p) into
// `params`, and in a compare view with two models B's differences into `state`. Returns 0, or
// prints one line and returns kExitUsage.
int resolveRenderParams(const std::string& command, const ModelOption& option,
                        const ui::PageSpec& page, const ui::ViewSpec& view,
                        const core::EncodingDescriptor& enc, const core::TextParams& given,
                        double budget, RenderModels& models, core::ParamSet& params,
                        ui::ViewState& state);

// Adds the models' marks to a decay or scores figure and their names to the footer.
void markModelFigure(const RenderModels& models, ui::Figure& figure);

// The models' notes, one stderr line each (once the figure is written: a refusal stays one line).
void printRenderNotes(const std::string& command, const RenderModels& models);

// The Model page's views (`render model/VIEW`, ui/model/model_figure.h): whether `view` names
// one, the list `render --list` prints, and the figure of one model or two (--model once or
// twice; --layer picks the kind of that layer in each; -p is refused): 0, or one line and
// kExitUsage with no file.
bool isModelView(const std::string& view);
void listModelViews();
int renderModelView(const std::string& command, const std::string& view, const ModelOption& option,
                    bool params, const std::string& output, const ui::FigureOptions& options);

}  // namespace poslab::app
