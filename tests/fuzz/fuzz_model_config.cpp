// libFuzzer harness: the config.json reader (issue 11 / 14 / 23). The input is the file's text,
// read with and without a sequence length. Oracle: no crash or hang; a refusal is one short line
// (no control, at most 1000 bytes, however large the value it is about) naming a key; an accepted
// config has one kind per layer and d/2 finite frequencies per RoPE kind, and each kind's rope
// parameters (what --model hands the rope encoding) reproduce its frequencies whenever the rope
// encoding accepts them (its ranges are narrower than a config's: d <= 65536). Issue 24 (M5):
// the encoding is one of six and every RoPE kind carries it; a kind that is not attention has no
// positions at all; a window is positive; the parameters a non-RoPE kind implies are that
// encoding's own and, whenever it accepts them, give it a valid parameter set; the --json object
// parses back with the same encoding and layer count.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "core/compute.h"
#include "core/encodings/rope.h"
#include "core/models/model_config.h"
#include "core/models/rope_params.h"

namespace {

using namespace poslab::core;

bool knownEncoding(const std::string& id) {
    for (const char* e : {"rope", "mrope", "alibi", "t5", "learned", "shaw"})
        if (id == e) return true;
    return false;
}

// M5's invariants of one kind (the caller aborts when false).
bool kindHolds(const models::ModelConfig& m, const models::KindInfo& kind) {
    if (!kind.attention && (kind.rope || kind.encoding != "none" || !kind.invFreq.empty()))
        return false;
    if (kind.rope && kind.encoding != m.encoding.id) return false;
    if (kind.window && *kind.window < 1) return false;
    if (kind.queryScale && kind.queryScale->kind == "qwen_logn" && kind.queryScale->originalMax < 1)
        return false;
    if (kind.encodingParams.empty()) return true;
    const auto* enc = registry().find(m.encoding.id);
    if (!enc) return false;
    for (const auto& [key, value] : kind.encodingParams) {
        bool known = false;
        for (const auto& spec : enc->params) known |= spec.name == key;
        if (!known) return false;
    }
    // Values may lie outside the encoding's narrower ranges (a refusal, one line); they must
    // never crash its parser.
    (void)parseParams(*enc, kind.encodingParams);
    return true;
}

// The --json object, read back: the same encoding and one entry per layer.
bool jsonHolds(const models::ModelConfig& m) {
    const auto j = nlohmann::json::parse(models::modelConfigJson(m), nullptr, false);
    return !j.is_discarded() && j.value("encoding", "") == m.encoding.id &&
           j["layers"].size() == m.layers.size();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::core;
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const std::optional<std::int64_t> seqLen :
         {std::optional<std::int64_t>{}, std::optional<std::int64_t>{131073}}) {
        auto m = models::readModelConfigText(text, seqLen);
        if (!m) {
            const std::string& e = m.error().message;
            if (e.empty() || e.size() > 1000 || printable(e) != e) std::abort();
            continue;
        }
        if (m->layers.size() != static_cast<std::size_t>(m->numHiddenLayers)) std::abort();
        if (!knownEncoding(m->encoding.id) || m->encoding.summary.empty() ||
            printable(m->encoding.summary) != m->encoding.summary)
            std::abort();
        for (const auto& name : m->layers)
            if (!m->kind(name)) std::abort();
        if (m->layers.size() < 4096 && !jsonHolds(*m)) std::abort();
        for (const auto& kind : m->kinds) {
            if (!kindHolds(*m, kind)) std::abort();
            for (double f : kind.invFreq)
                if (!std::isfinite(f)) std::abort();
            if (!kind.rope) continue;
            const auto* rope = registry().find("rope");
            auto params = parseParams(*rope, models::ropeParamTexts(kind, seqLen));
            if (!params || !validate(*rope, *params, Inputs::Skip)) continue;
            if (!validate(*rope, *params, Inputs::Read)) continue;
            auto theta = enc::ropeFrequencies(*params);
            if (!theta || *theta != kind.invFreq) std::abort();
        }
    }
    return 0;
}
