#include "app/render_model.h"

#include <algorithm>
#include <iostream>

#include "core/models/position_marks.h"
#include "ui/catalog/view_state_json.h"
#include "ui/compute/model_marks.h"

namespace poslab::app {

namespace {

bool gives(const core::TextParams& given, const QString& name) {
    return std::any_of(given.begin(), given.end(),
                       [&](const auto& kv) { return kv.first == name.toStdString(); });
}

// The page's parameters for one model: the preset, then the length, the model's, then -p.
core::Expected<core::ParamSet> paramsOf(const ui::PageSpec& page,
                                        const core::EncodingDescriptor& enc,
                                        const core::TextParams& length, const AppliedModel* model,
                                        const core::TextParams& given) {
    QMap<QString, QString> texts;
    auto put = [&](const core::TextParams& list) {
        for (const auto& [k, v] : list)
            texts.insert(QString::fromStdString(k), QString::fromStdString(v));
    };
    put(length);
    if (model) put(model->texts);
    put(given);
    return ui::paramsFromTexts(enc, ui::pagePresetParams(page), texts);
}

QString modelWords(const AppliedModel& m) {
    QString t = QString::fromStdString(core::echo(m.label, core::kEchoPathLimit));
    if (m.config.kinds.size() > 1)
        t += QStringLiteral(" (%1)").arg(QString::fromStdString(core::echo(m.kind.name)));
    return t;
}

}  // namespace

int resolveRenderParams(const std::string& command, const ModelOption& option,
                        const ui::PageSpec& page, const ui::ViewSpec& view,
                        const core::EncodingDescriptor& enc, const core::TextParams& given,
                        double budget, RenderModels& models, core::ParamSet& params,
                        ui::ViewState& state) {
    const bool two = option.models.size() == 2 && view.kind == ui::ViewKind::Compare;
    if (option.models.size() > 2 && view.kind == ui::ViewKind::Compare)
        return fail(command, "option '--model' is given " + std::to_string(option.models.size()) +
                                 " times; " + view.id.toStdString() +
                                 " compares two models, A against B");
    if (two) {
        for (const auto& name : option.models) {
            AppliedModel m;
            if (int rc = loadModel(command, name, option, enc.id, "", m, budget); rc != 0)
                return rc;
            models.models.push_back(std::move(m));
        }
    } else {
        AppliedModel m;
        core::TextParams unused;
        if (int rc = applyModel(command, option, enc.id, "", unused, budget, &m); rc != 0)
            return rc;
        if (!option.models.empty()) models.models.push_back(std::move(m));
    }
    // The decay and scores views reach the models' sequence length (the longer of two).
    core::TextParams length;
    const QString name = ui::modelLengthParam(view, state, enc);
    if (!name.isEmpty() && !models.models.empty()) models.lengthParam = name;  // marks, always
    if (!name.isEmpty() && !models.models.empty() && !gives(given, name)) {
        std::int64_t s = 0;
        for (const auto& m : models.models) s = std::max<std::int64_t>(s, m.length().value_or(0));
        const core::ParamSpec* spec = enc.findParam(name.toStdString());
        if (spec && spec->max && static_cast<double>(s) > *spec->max) {
            const auto most = static_cast<std::int64_t>(*spec->max);
            std::cerr << "poslab " << command << ": note: s = " << s << " is past the largest "
                      << name.toStdString() << " (" << most << "); the view opens at " << most
                      << "\n";
            s = most;
        }
        if (s > 0) length.emplace_back(name.toStdString(), std::to_string(s));
    }
    auto a =
        paramsOf(page, enc, length, models.models.empty() ? nullptr : &models.models[0], given);
    if (!a) return fail(command, a.error().message);
    params = std::move(*a);
    if (!two) return 0;
    auto b = paramsOf(page, enc, length, &models.models[1], given);
    if (!b)
        return fail(command,
                    "--model " + core::echo(models.models[1].given) + ": " + b.error().message);
    const QMap<QString, QString> textsA = ui::paramTexts(params), textsB = ui::paramTexts(*b);
    state.cmpSet.clear();
    for (auto it = textsB.begin(); it != textsB.end(); ++it)
        if (textsA.value(it.key()) != it.value()) state.cmpSet.insert(it.key(), it.value());
    state.cmpParam.clear();
    state.cmpValue.clear();
    state.cmpNameA = QStringLiteral("A: ") + modelWords(models.models[0]);
    state.cmpNameB = QStringLiteral("B: ") + modelWords(models.models[1]);
    return 0;
}

void printRenderNotes(const std::string& command, const RenderModels& models) {
    for (const auto& m : models.models) printModelNotes(command, m);
}

void markModelFigure(const RenderModels& models, ui::Figure& figure) {
    QVector<ui::ModelMarks> marks;
    for (const auto& m : models.models)
        marks << ui::ModelMarks{modelWords(m),
                                core::models::positionMarks(m.config, m.kind, m.seqLen)};
    ui::markModelView(models.lengthParam, marks, figure.result);
    ui::nameModelsInFooter(figure);
}

}  // namespace poslab::app
