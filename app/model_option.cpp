#include "app/model_option.h"

#include <charconv>

#include "core/models/model_config.h"
#include "core/models/rope_params.h"
#include "ui/document/model_presets.h"

namespace poslab::app {

std::string wholeNumberProblem(const std::string& v, std::int64_t min) {
    std::int64_t n = 0;
    auto res = std::from_chars(v.data(), v.data() + v.size(), n);
    if (res.ec != std::errc() || res.ptr != v.data() + v.size() || n < min)
        return min > 0 ? "a positive whole number" : "a whole number >= 0";
    return {};
}

void addModelOptions(OptionTable& table, ModelOption& into) {
    table.push_back(valued({"--model"}, &into.model, "FILE|PRESET"));
    table.push_back(valued({"--layer"}, &into.layer, "I").checkedBy([](const std::string& v) {
        return wholeNumberProblem(v, 0);
    }));
    table.push_back(valued({"--seq-len"}, &into.seqLen, "N").checkedBy([](const std::string& v) {
        return wholeNumberProblem(v, 1);
    }));
}

int applyModel(const std::string& command, const ModelOption& option, const std::string& encoding,
               const std::string& quantity, core::TextParams& given, double budget) {
    if (option.model.empty()) {
        if (!option.layer.empty() || !option.seqLen.empty())
            return fail(command, "--layer and --seq-len need --model FILE|PRESET");
        return 0;
    }
    if (encoding != "rope")
        return fail(command,
                    "--model sets the parameters of the rope encoding, not of '" + encoding + "'");
    std::optional<std::int64_t> seqLen;
    if (!option.seqLen.empty()) seqLen = std::stoll(option.seqLen);
    // wholeNumberProblem has checked --layer: a whole number >= 0 that fits 64 bits.
    std::optional<std::int64_t> layer;
    if (!option.layer.empty()) layer = std::stoll(option.layer);
    const auto text = ui::modelConfigText(option.model, budget);
    if (!text) return fail(command, "--model: " + text.error().message);
    const auto config = core::models::readModelConfigText(*text, seqLen, budget);
    if (!config)
        return fail(command, "--model " + core::echo(option.model, core::kEchoPathLimit) + ": " +
                                 config.error().message);
    const auto kind = core::models::kindOfLayer(*config, layer);
    if (!kind) return fail(command, kind.error().message);
    if (!(*kind)->rope && quantity != "query_scale")
        return fail(command, "--layer " + std::to_string(layer.value_or(0)) + ": layer kind '" +
                                 core::echo((*kind)->name) +
                                 "' has no RoPE (NoPE); only query_scale applies");
    auto texts = core::models::ropeParamTexts(**kind, seqLen);
    given.insert(given.begin(), texts.begin(), texts.end());
    return 0;
}

}  // namespace poslab::app
