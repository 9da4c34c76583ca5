#include "core/encodings/absolute_common.h"

#include <utility>

#include "core/encodings/common.h"
#include "core/io/npy.h"

namespace poslab::core::enc {

namespace {

// The (rows, cols) of the table at `path`, from its header alone: shape, dtype, length and the
// memory budget of reading it are checked here; the values (finite or not) when it is read.
Expected<std::pair<std::int64_t, std::int64_t>> sourceShape(const std::string& param,
                                                            const std::string& path) {
    auto header = io::inspectNpy(path);
    if (!header)
        return fail(header.error().code, "parameter '" + param + "': " + header.error().message);
    const Shape& shape = header->shape;
    if (shape.size() != 2 || shape[0] < 1 || shape[1] < 2)
        return fail("parameter '" + param + "' = " + echo(path, kEchoPathLimit) +
                    ": array has shape (" + shapeText(shape) +
                    "), expected (positions, dimensions) with at least 1 row and 2 columns");
    return std::pair{shape[0], shape[1]};
}

}  // namespace

Expected<RowMatrix> readSourceTable(const std::string& param, const std::string& path) {
    // Shape first (cheap, clear message), then the data (truncation, dtype, non-finite values).
    auto shape = sourceShape(param, path);
    if (!shape) return shape.error();
    return loadMatrix(param, path, shape->first, shape->second);
}

Status adoptSourceShape(ParamSet& p, const std::string& param, std::int64_t defaultN,
                        std::int64_t defaultD) {
    const std::string path = p.text(param);
    // The header only: a table larger than the budget is refused before its data is read.
    auto shape = sourceShape(param, path);
    if (!shape) return shape.error();
    const auto [rows, cols] = *shape;
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
