// `poslab model FILE|PRESET [--seq-len N] [--json]`, `poslab model A B [--seq-len N] [--json]` and
// `poslab model --list` (models.md M4, M5.2, M5.4): what a model's config.json means for its
// positions, the encoding first; two models side by side with their differences marked. The
// presets are embedded in the binary (:/poslab/models/<id>.json) so that an installed poslab
// finds them.
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <iostream>
#include <sstream>
#include <unordered_map>

#include "app/args.h"
#include "app/model_option.h"
#include "core/io/writers.h"
#include "core/models/compare.h"
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
        char l = models::isNopeKind(k)                                 ? 'N'
                 : k.rope && (c.kinds.size() == 1 || k.name == "rope") ? 'R'
                 : k.name == "full_attention"                          ? 'F'
                 : k.name == "sliding_attention"                       ? 'S'
                 : k.name == "chunked_attention"                       ? 'C'
                 : std::isalpha(first) && first < 0x80 ? static_cast<char>(std::toupper(first))
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

std::string spaced(std::string name) {
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
}

// The words of an encoding id (models.md M5.2).
std::string encodingWords(const std::string& id) {
    if (id == "rope") return "RoPE";
    if (id == "mrope") return "M-RoPE";
    if (id == "alibi") return "ALiBi";
    if (id == "t5") return "T5 relative buckets";
    if (id == "learned") return "learned absolute";
    if (id == "shaw") return "Shaw relative";
    return id;
}

std::string paramsText(const std::vector<models::ParamText>& params) {
    std::string out;
    for (const auto& [k, v] : params) out += (out.empty() ? "" : ", ") + k + "=" + v;
    return out;
}

void printRope(const models::KindInfo& k) {
    std::cout << ": " << (k.encoding == "mrope" ? "M-RoPE, " : "") << core::printable(k.ropeType)
              << ", base " << num(k.ropeTheta) << ", rotary dim " << k.rotaryDim << " of head dim "
              << k.headDim << "\n     pairing " << k.pairing << " — "
              << core::printable(k.pairingSource) << "\n     factor " << num(k.factor) << ", L "
              << (k.originalMax ? std::to_string(*k.originalMax) : std::string("-"))
              << ", attention factor " << num(k.attentionFactor) << ", logit multiplier "
              << num(k.logitMultiplier) << "\n     pairs: " << k.countOf(models::kKept) << " kept, "
              << k.countOf(models::kBlended) << " blended, " << k.countOf(models::kInterpolated)
              << " interpolated";
    if (k.rotatingPairs() != static_cast<int>(k.invFreq.size()))
        std::cout << "; " << k.rotatingPairs() << " of " << k.invFreq.size() << " rotate";
    std::cout << "\n";
    if (k.qkHeadDim)
        std::cout << "     q.k dim " << *k.qkHeadDim
                  << " (qk_nope_head_dim + qk_rope_head_dim: the softmax's 1/sqrt(d))\n";
    if (!k.mropeSection.empty()) {
        std::cout << "     mrope_section";
        for (std::size_t i = 0; i < k.mropeSection.size(); ++i)
            std::cout << (i ? ", " : " ") << k.mropeSection[i];
        std::cout << " (pairs per axis; the text positions are RoPE)\n";
    }
}

// Every text from the config (model_type, layer-type names, notes) goes out through echo or
// printable: a downloaded config must not reach the terminal's controls (issue 23).
void printKind(const models::KindInfo& k, char letter, std::size_t layers) {
    std::cout << "  " << letter << "  " << core::echo(k.name) << " (" << layers << " layer"
              << (layers == 1 ? "" : "s") << ")";
    if (!k.attention) {
        std::cout << ": no positions (" << core::echo(spaced(k.name)) << ")\n";
    } else if (k.rope) {
        printRope(k);
    } else if (models::isNopeKind(k)) {
        std::cout << ": no RoPE (NoPE)\n";
    } else {
        std::cout << ": " << encodingWords(k.encoding);
        if (!k.encodingParams.empty())
            std::cout << ", " << core::printable(paramsText(k.encodingParams));
        std::cout << "\n";
    }
    if (k.window) std::cout << "     sliding window " << *k.window << "\n";
    if (k.queryScale) {
        const auto& q = *k.queryScale;
        if (q.kind == "llama4_temperature")
            std::cout << "     queries x ln(floor((p + 1) / " << num(q.floorScale) << ") + 1) * "
                      << num(q.attnScale) << " + 1\n";
        else if (q.kind == "qwen_logn")
            std::cout << "     queries x log_" << q.originalMax << "(p + 1) when p + 1 > "
                      << q.originalMax << "\n";
        else
            std::cout << "     queries x 1 + " << num(q.beta) << " * ln(1 + floor(p / "
                      << q.originalMax << "))\n";
    }
}

std::string positionsLine(const models::ModelConfig& c) {
    return c.encoding.summary.empty() ? encodingWords(c.encoding.id) : c.encoding.summary;
}

void printSummary(const models::ModelConfig& c, const std::string& what) {
    std::cout << "positions: " << core::printable(positionsLine(c)) << "\n";
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

// Code points of a UTF-8 text (its width in a terminal, near enough: the fields are ASCII and
// the values echoed).
std::size_t width(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char ch : s) n += (ch & 0xc0) != 0x80;
    return n;
}

std::string padded(const std::string& s, std::size_t to) {
    const std::size_t w = width(s);
    return w >= to ? s : s + std::string(to - w, ' ');
}

// `model A B`: a table, "*" before every row that differs.
void printComparison(const std::vector<models::CompareRow>& rows, const std::string& nameA,
                     const std::string& nameB, const std::vector<std::vector<std::string>>& notes) {
    std::vector<std::array<std::string, 3>> cells;
    cells.push_back({"", "A: " + core::echo(nameA, core::kEchoPathLimit),
                     "B: " + core::echo(nameB, core::kEchoPathLimit)});
    for (const auto& r : rows) cells.push_back({r.field, core::echo(r.a), core::echo(r.b)});
    std::size_t wField = 0, wA = 0;
    for (const auto& c : cells) {
        wField = std::max(wField, width(c[0]));
        wA = std::max(wA, width(c[1]));
    }
    int differing = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const bool differs = i > 0 && rows[i - 1].differs;
        differing += differs;
        std::cout << (differs ? "* " : "  ") << padded(core::printable(cells[i][0]), wField) << "  "
                  << padded(cells[i][1], wA) << "  " << cells[i][2] << "\n";
    }
    std::cout << differing << " of " << rows.size() << " rows differ (marked *)\n";
    for (std::size_t m = 0; m < notes.size(); ++m)
        for (const auto& note : notes[m])
            std::cout << "note: " << (m == 0 ? "A: " : "B: ") << core::printable(note) << "\n";
}

// `model A B --json`: {"names": [A, B], "models": [A's object, B's], "differences": [{"field",
// "a", "b"}, ...]} with only the rows that differ; the texts made printable.
void writeComparisonJson(std::ostream& out, const models::ModelConfig& a,
                         const models::ModelConfig& b, const std::string& nameA,
                         const std::string& nameB, const std::vector<models::CompareRow>& rows) {
    using core::io::jsonString;
    out << "{\"names\": [" << jsonString(core::printable(nameA)) << ", "
        << jsonString(core::printable(nameB)) << "], \"models\": [";
    models::writeModelConfigJson(out, a);
    out << ", ";
    models::writeModelConfigJson(out, b);
    out << "], \"differences\": [";
    bool first = true;
    for (const auto& r : rows) {
        if (!r.differs) continue;
        out << (first ? "" : ", ") << "{\"field\": " << jsonString(core::printable(r.field))
            << ", \"a\": " << jsonString(core::printable(r.a))
            << ", \"b\": " << jsonString(core::printable(r.b)) << "}";
        first = false;
    }
    out << "]}\n";
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
    if (positional.empty() || positional.size() > 2)
        return fail(cmd,
                    "expected one config file or preset (see 'poslab model --list'), or two to "
                    "compare (model A B), got " +
                        std::to_string(positional.size()));
    std::optional<std::int64_t> seqLen;
    if (!seqLenText.empty()) seqLen = std::stoll(seqLenText);
    std::vector<models::ModelConfig> configs;
    for (const std::string& what : positional) {
        const auto text = ui::modelConfigText(what);
        if (!text) return fail(cmd, text.error().message);
        auto config = models::readModelConfigText(*text, seqLen);
        if (!config)
            return fail(cmd, (positional.size() == 2 ? core::echo(what, core::kEchoPathLimit) + ": "
                                                     : std::string()) +
                                 config.error().message);
        configs.push_back(std::move(*config));
    }
    // --json carries the notes in its objects; they also go to stderr, one line each, so that
    // a piped JSON is never silent about them (the summary prints them last).
    if (json)
        for (std::size_t m = 0; m < configs.size(); ++m)
            for (const auto& note : configs[m].notes)
                std::cerr << "poslab model: note: "
                          << (configs.size() == 2 ? (m == 0 ? "A: " : "B: ") : "")
                          << core::printable(note) << "\n";
    if (configs.size() == 1) {
        if (json)
            models::writeModelConfigJson(std::cout, configs[0]);
        else
            printSummary(configs[0], positional[0]);
        return 0;
    }
    const auto rows = models::compareModels(configs[0], configs[1]);
    if (json)
        writeComparisonJson(std::cout, configs[0], configs[1], positional[0], positional[1], rows);
    else
        printComparison(rows, positional[0], positional[1], {configs[0].notes, configs[1].notes});
    return 0;
}

}  // namespace poslab::app
