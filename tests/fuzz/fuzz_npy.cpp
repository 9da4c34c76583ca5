// libFuzzer harness: the .npy reader (issue 14). The input is a whole file: its header goes
// through the dictionary parser directly and the file through readNpy from a private temporary.
// Oracle: no crash, no hang, no allocation beyond the budget, and an accepted array is
// self-consistent (its element count equals its data).
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/io/npy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::core;
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    if (size > 10) (void)io::parseNpyHeaderDict(std::string_view(bytes).substr(10));
    static const std::string path = "/tmp/poslab-fuzz-npy-" + std::to_string(::getpid()) + ".npy";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    auto a = io::readNpy(path, 64.0 * 1024 * 1024);
    if (a) {
        const auto n = static_cast<std::size_t>(a->size());
        const std::size_t have = a->dtype == DType::F64 ? a->f64.size() : a->i64.size();
        if (have != n) std::abort();
        if (io::encodeNpy(*a).size() < n * 8) std::abort();
    }
    return 0;
}
