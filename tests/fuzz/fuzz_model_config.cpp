// libFuzzer harness: the config.json reader (issue 11 / 14). The input is the file's text, read
// with and without a sequence length. Oracle: no crash or hang; a refusal is one line naming a
// key; an accepted config has one kind per layer and d/2 finite frequencies per RoPE kind.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/models/model_config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::core;
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const std::optional<std::int64_t> seqLen :
         {std::optional<std::int64_t>{}, std::optional<std::int64_t>{131073}}) {
        auto m = models::readModelConfigText(text, seqLen);
        if (!m) {
            if (m.error().message.empty()) std::abort();
            continue;
        }
        if (m->layers.size() != static_cast<std::size_t>(m->numHiddenLayers)) std::abort();
        for (const auto& kind : m->kinds)
            for (double f : kind.invFreq)
                if (!std::isfinite(f)) std::abort();
    }
    return 0;
}
