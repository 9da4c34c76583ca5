#include "app/model_option.h"

#include <charconv>
#include <filesystem>
#include <iostream>

#include "core/models/compare.h"
#include "core/models/rope_params.h"
#include "ui/document/model_presets.h"

namespace poslab::app {

namespace {

namespace models = core::models;

// The encodings whose views and exports take a model's parameters (models.md M5.2), and what
// the refusals call them.
std::string encodingName(const std::string& id) {
    if (id == "rope") return "RoPE";
    if (id == "mrope") return "M-RoPE";
    if (id == "rope2d") return "2-D RoPE";
    if (id == "alibi") return "ALiBi";
    if (id == "t5") return "T5 relative-bucket";
    if (id == "learned") return "learned absolute";
    if (id == "shaw") return "Shaw relative";
    return id;
}

bool takesModel(const std::string& encoding) {
    return encoding == "rope" || encoding == "mrope" || encoding == "rope2d" ||
           encoding == "alibi" || encoding == "t5" || encoding == "learned" || encoding == "shaw";
}

// M-RoPE's text positions are RoPE (spec E1): its models act as RoPE models too.
std::string viewEncodingOf(const std::string& modelEncoding, const std::string& encoding) {
    return modelEncoding == "mrope" && encoding != "mrope" ? "rope" : modelEncoding;
}

std::string articled(const std::string& name) {
    const char c = name.empty() ? 'x' : name[0];
    const bool vowel = c == 'A' || c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' ||
                       name.rfind("M-", 0) == 0;  // "an M-RoPE model"
    return (vowel ? "an " : "a ") + name;
}

// The kind whose parameters a view of `encoding` takes: the layer's, else the first of that
// encoding (RoPE: the first layer with RoPE, as kindOfLayer).
core::Expected<const models::KindInfo*> kindFor(const models::ModelConfig& config,
                                                const std::string& encoding,
                                                std::optional<std::int64_t> layer) {
    if (layer || encoding == "rope" || encoding == "mrope")
        return models::kindOfLayer(config, layer);
    for (const auto& name : config.layers)
        if (const auto* k = config.kind(name); k && k->attention && k->encoding == encoding)
            return k;
    if (const auto* k = models::defaultKind(config)) return k;
    return core::fail("--model: the model has no kind of layer");
}

std::string layerText(std::optional<std::int64_t> layer) {
    return layer ? "--layer " + std::to_string(*layer) : std::string("the default layer");
}

}  // namespace

std::string labelOfModel(const std::string& given) {
    if (!ui::modelPresetText(QString::fromStdString(given)).empty()) return given;
    const std::string name = std::filesystem::path(given).filename().string();
    return name.empty() ? given : name;
}

std::string wholeNumberProblem(const std::string& v, std::int64_t min) {
    std::int64_t n = 0;
    auto res = std::from_chars(v.data(), v.data() + v.size(), n);
    if (res.ec != std::errc() || res.ptr != v.data() + v.size() || n < min)
        return min > 0 ? "a positive whole number" : "a whole number >= 0";
    return {};
}

void addModelOptions(OptionTable& table, ModelOption& into) {
    table.push_back(valueList({"--model"}, &into.models, "FILE|PRESET"));
    table.push_back(valued({"--layer"}, &into.layer, "I").checkedBy([](const std::string& v) {
        return wholeNumberProblem(v, 0);
    }));
    table.push_back(valued({"--seq-len"}, &into.seqLen, "N").checkedBy([](const std::string& v) {
        return wholeNumberProblem(v, 1);
    }));
}

int loadModel(const std::string& command, const std::string& given, const ModelOption& option,
              const std::string& encoding, const std::string& quantity, AppliedModel& out,
              double budget) {
    const std::string shown = core::echo(given, core::kEchoPathLimit);
    if (!takesModel(encoding))
        return fail(command,
                    "--model sets the parameters of rope, mrope, rope2d, alibi, t5, learned and "
                    "shaw, not of '" +
                        encoding + "'");
    // wholeNumberProblem has checked --layer and --seq-len: whole numbers that fit 64 bits.
    std::optional<std::int64_t> layer;
    if (!option.layer.empty()) layer = std::stoll(option.layer);
    if (!option.seqLen.empty()) out.seqLen = std::stoll(option.seqLen);
    const auto text = ui::modelConfigText(given, budget);
    if (!text) return fail(command, "--model: " + text.error().message);
    auto config = models::readModelConfigText(*text, out.seqLen, budget);
    if (!config) return fail(command, "--model " + shown + ": " + config.error().message);
    out.given = given;
    out.label = labelOfModel(given);
    out.config = std::move(*config);
    const models::ModelConfig& c = out.config;
    if (encoding == "rope2d") {  // the vision encoder's 2-D RoPE (E2), from vision_config
        auto texts = models::visionParamTexts(c);
        if (!texts)
            return fail(command, "--model " + shown + ": " + texts.error().message +
                                     "; 'rope2d' needs a vision-language model");
        out.texts = std::move(*texts);
        if (const auto* k = models::defaultKind(c)) out.kind = *k;
        return 0;
    }
    const std::string modelEncoding = viewEncodingOf(c.encoding.id, encoding);
    if (modelEncoding != encoding)
        return fail(command, "--model " + shown + " gives " + encodingName(c.encoding.id) +
                                 " positions; '" + encoding + "' needs " +
                                 articled(encodingName(encoding)) + " model");
    const auto kind = kindFor(c, encoding, layer);
    if (!kind) return fail(command, kind.error().message);
    const models::KindInfo& k = **kind;
    const std::string named = layerText(layer) + ": layer kind '" + core::echo(k.name) + "'";
    if (!k.attention)
        return fail(command, named + " carries no positions (" + core::echo(k.name) +
                                 " is not softmax attention)");
    if (encoding == "mrope") {
        auto texts = models::mropeParamTexts(c, k);
        if (!texts) return fail(command, named + ": " + texts.error().message);
        out.texts = std::move(*texts);
    } else if (encoding == "rope") {
        if (!k.rope && quantity != "query_scale")
            return fail(command, named + " has no RoPE (NoPE); only query_scale applies");
        out.texts = models::ropeParamTexts(k, out.seqLen);
    } else {
        if (k.encoding != encoding)
            return fail(command, named + " gives " + encodingName(k.encoding) + " positions; '" +
                                     encoding + "' needs " + articled(encodingName(encoding)) +
                                     " layer");
        out.texts = k.encodingParams;
    }
    out.kind = k;
    return 0;
}

void printModelNotes(const std::string& command, const AppliedModel& model) {
    for (const auto& note : model.config.notes)
        std::cerr << "poslab " << command << ": note: " << core::echo(model.label) << ": "
                  << core::printable(note) << "\n";
}

int applyModel(const std::string& command, const ModelOption& option, const std::string& encoding,
               const std::string& quantity, core::TextParams& given, double budget,
               AppliedModel* applied) {
    if (option.models.empty()) {
        if (!option.layer.empty() || !option.seqLen.empty())
            return fail(command, "--layer and --seq-len need --model FILE|PRESET");
        return 0;
    }
    if (option.models.size() > 1)
        return fail(
            command,
            "option '--model' is given " +
                (option.models.size() == 2 ? "twice (" + core::echo(option.models[0]) + " and "
                                           : std::to_string(option.models.size()) + " times (" +
                                                 core::echo(option.models[0]) + ", ") +
                core::echo(option.models[1]) + (option.models.size() == 2 ? "" : ", …") +
                "); only 'render rope/compare' takes two models (and the model/ views)");
    AppliedModel model;
    if (int rc =
            loadModel(command, option.models.front(), option, encoding, quantity, model, budget);
        rc != 0)
        return rc;
    given.insert(given.begin(), model.texts.begin(), model.texts.end());
    if (applied) *applied = std::move(model);
    return 0;
}

}  // namespace poslab::app
