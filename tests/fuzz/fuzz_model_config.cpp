// libFuzzer harness: the config.json reader (issue 11 / 14 / 23). The input is the file's text,
// read with and without a sequence length. Oracle: no crash or hang; a refusal is one short line
// (no control, at most 1000 bytes, however large the value it is about) naming a key; an accepted
// config has one kind per layer and d/2 finite frequencies per RoPE kind, and each kind's rope
// parameters (what --model hands the rope encoding) reproduce its frequencies whenever the rope
// encoding accepts them (its ranges are narrower than a config's: d <= 65536).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/compute.h"
#include "core/encodings/rope.h"
#include "core/models/model_config.h"
#include "core/models/rope_params.h"

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
        for (const auto& kind : m->kinds) {
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
