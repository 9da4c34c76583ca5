#include "core/encodings/absolute_common.h"

#include "core/encodings/common.h"
#include "core/io/npy.h"

namespace poslab::core::enc {

Expected<RowMatrix> readSourceTable(const std::string& param, const std::string& path) {
    // Shape first (cheap, clear message), then the data (truncation, dtype, non-finite values).
    if (auto st = checkNpyShape(param, path, {-1, -1}); !st) return st.error();
    auto header = io::readNpyHeader(path);
    if (!header) return fail("parameter '" + param + "': " + header.error().message);
    const std::int64_t rows = header->shape[0];
    const std::int64_t cols = header->shape[1];
    if (rows < 1 || cols < 2)
        return fail("parameter '" + param + "' = " + path + ": array has shape (" +
                    shapeText(header->shape) +
                    "), expected (positions, dimensions) with at least 1 row and 2 columns");
    return loadMatrix(param, path, rows, cols);
}

Status adoptSourceShape(ParamSet& p, const std::string& param, std::int64_t defaultN,
                        std::int64_t defaultD) {
    const std::string path = p.text(param);
    auto table = readSourceTable(param, path);
    if (!table) return table.error();
    const std::int64_t rows = table->rows();
    const std::int64_t cols = table->cols();
    auto adopt = [&](const std::string& name, std::int64_t def, std::int64_t fromFile) -> Status {
        const std::int64_t given = p.integer(name);
        // A value the user gave must match; one merely left at its default follows the file.
        const bool conflicts =
            p.given(name) ? given != fromFile : (given != def && given != fromFile);
        if (conflicts)
            return paramError(name, given,
                              "differs from the " + param + " table " + path + ", which sets " +
                                  name + " = " + std::to_string(fromFile),
                              std::to_string(fromFile) + " (or leave " + name + " unset)");
        p.set(name, fromFile);
        return {};
    };
    if (auto st = adopt("n", defaultN, rows); !st) return st;
    return adopt("d", defaultD, cols);
}

}  // namespace poslab::core::enc
