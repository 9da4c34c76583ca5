// `poslab model FILE|PRESET [--seq-len N] [--json]` and `poslab model --list` (models.md M4):
// what a model's config.json means for its positions. The presets are embedded in the binary
// (:/poslab/models/<id>.json) so that an installed poslab finds them.
#include <cctype>
#include <charconv>
#include <iostream>
#include <sstream>
#include <unordered_map>

#include "app/args.h"
#include "app/model_option.h"
#include "core/io/writers.h"
#include "core/models/model_config.h"
#include "ui/document/model_presets.h"

namespace poslab::app {

namespace {

namespace models = core::models;

int listPresets() {
    for (const ui::ModelPreset& m : ui::modelPresets())
        std::cout << core::printable(m.id.toStdString()) << "\t"
                  << core::printable(m.name.toStdString()) << "\t"
                  << core::printable(m.source.toStdString()) << "\n";
    return 0;
}

// One letter per kind for the layer strip: R RoPE, N NoPE, F full, S sliding, C chunked, else
// the name's first letter; an ASCII capital always (a name may start with any byte), the first
// free one when that is taken, '?' once all 26 are.
std::unordered_map<std::string, char> letters(const models::ModelConfig& c) {
    std::unordered_map<std::string, char> out;
    bool used[26] = {};
    for (const auto& k : c.kinds) {
        const auto first = static_cast<unsigned char>(k.name.empty() ? 'A' : k.name[0]);
        char l = !k.rope                                   ? 'N'
                 : c.kinds.size() == 1 || k.name == "rope" ? 'R'
                 : k.name == "full_attention"              ? 'F'
                 : k.name == "sliding_attention"           ? 'S'
                 : k.name == "chunked_attention"           ? 'C'
                 : std::isalpha(first) && first < 0x80     ? static_cast<char>(std::toupper(first))
                                                           : 'A';
        for (char next = 'A'; used[l - 'A'] && next <= 'Z'; ++next) l = next;
        if (used[l - 'A']) {
            out[k.name] = '?';
            continue;
        }
        used[l - 'A'] = true;
        out[k.name] = l;
    }
    return out;
}

// "RRRN RRRN ...": grouped by the layer pattern's period (at least 4 wide), else by 8.
std::string layerStrip(const models::ModelConfig& c,
                       const std::unordered_map<std::string, char>& letter) {
    const std::size_t n = c.layers.size();
    std::size_t period = 0;
    for (std::size_t p = 1; p <= 8 && p <= n && period == 0; ++p) {
        bool repeats = true;
        for (std::size_t i = p; i < n && repeats; ++i) repeats = c.layers[i] == c.layers[i % p];
        if (repeats) period = p;
    }
    std::size_t group = period == 0 ? 8 : period;
    while (group < 4) group += period;
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && i % group == 0) out += ' ';
        out += letter.at(c.layers[i]);
    }
    return out;
}

std::string num(double v) {
    std::ostringstream o;
    o.precision(12);
    o << v;
    return o.str();
}

// Every text from the config (model_type, layer-type names, notes) goes out through echo or
// printable: a downloaded config must not reach the terminal's controls (issue 23).
void printKind(const models::KindInfo& k, char letter, std::size_t layers) {
    std::cout << "  " << letter << "  " << core::echo(k.name) << " (" << layers << " layer"
              << (layers == 1 ? "" : "s") << ")";
    if (!k.rope) {
        std::cout << ": no RoPE (NoPE)\n";
    } else {
        std::cout << ": " << core::printable(k.ropeType) << ", base " << num(k.ropeTheta)
                  << ", rotary dim " << k.rotaryDim << " of head dim " << k.headDim << ", pairing "
                  << k.pairing << "\n     factor " << num(k.factor) << ", L "
                  << (k.originalMax ? std::to_string(*k.originalMax) : std::string("-"))
                  << ", attention factor " << num(k.attentionFactor) << ", logit multiplier "
                  << num(k.logitMultiplier) << "\n     pairs: " << k.countOf(models::kKept)
                  << " kept, " << k.countOf(models::kBlended) << " blended, "
                  << k.countOf(models::kInterpolated) << " interpolated";
        if (k.rotatingPairs() != static_cast<int>(k.invFreq.size()))
            std::cout << "; " << k.rotatingPairs() << " of " << k.invFreq.size() << " rotate";
        std::cout << "\n";
    }
    if (k.queryScale) {
        const auto& q = *k.queryScale;
        if (q.kind == "llama4_temperature")
            std::cout << "     queries x ln(floor((p + 1) / " << num(q.floorScale) << ") + 1) * "
                      << num(q.attnScale) << " + 1\n";
        else
            std::cout << "     queries x 1 + " << num(q.beta) << " * ln(1 + floor(p / "
                      << q.originalMax << "))\n";
    }
}

void printSummary(const models::ModelConfig& c, const std::string& what) {
    std::cout << core::echo(what, core::kEchoPathLimit) << ": model_type "
              << (c.modelType ? core::echo(*c.modelType) : std::string("(none)")) << ", head_dim "
              << c.headDim << ", max_position_embeddings "
              << (c.maxPositionEmbeddings ? std::to_string(*c.maxPositionEmbeddings)
                                          : std::string("(none)"))
              << ", " << c.numHiddenLayers << " layers\n";
    const auto letter = letters(c);
    std::cout << "layers: " << layerStrip(c, letter) << "\n";
    std::unordered_map<std::string, std::size_t> count;  // one pass, however many kinds
    for (const auto& layer : c.layers) ++count[layer];
    for (const auto& k : c.kinds) printKind(k, letter.at(k.name), count[k.name]);
    for (const auto& note : c.notes) std::cout << "note: " << core::printable(note) << "\n";
}

}  // namespace

int runModel(const Args& args) {
    const std::string cmd = "model";
    std::vector<std::string> positional;
    bool json = false, list = false;
    std::string seqLenText;
    const OptionTable table = {
        flag({"--json"}, &json),
        flag({"--list"}, &list),
        valued({"--seq-len"}, &seqLenText, "N").checkedBy([](const std::string& v) {
            return wholeNumberProblem(v, 1);
        }),
    };
    if (int rc = parseOptions(cmd, args, table, &positional); rc != 0) return rc;
    if (list) {
        if (!positional.empty() || json || !seqLenText.empty())
            return fail(cmd, "--list takes no other arguments");
        return listPresets();
    }
    if (positional.size() != 1)
        return fail(cmd, "expected one config file or preset (see 'poslab model --list'), got " +
                             std::to_string(positional.size()));
    std::optional<std::int64_t> seqLen;
    if (!seqLenText.empty()) seqLen = std::stoll(seqLenText);
    const std::string& what = positional[0];
    const auto text = ui::modelConfigText(what);
    if (!text) return fail(cmd, text.error().message);
    const auto config = models::readModelConfigText(*text, seqLen);
    if (!config) return fail(cmd, config.error().message);
    if (json)
        models::writeModelConfigJson(std::cout, *config);
    else
        printSummary(*config, what);
    return 0;
}

}  // namespace poslab::app
