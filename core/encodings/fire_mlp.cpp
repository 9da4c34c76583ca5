#include "core/encodings/fire_mlp.h"

#include <array>
#include <string>

#include "core/encodings/common.h"
#include "core/io/npy.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

constexpr std::array<const char*, 4> kFiles = {"w1", "b1", "w2", "b2"};
// The ranks the spec gives: w1 (hidden), b1 (hidden), w2 (heads, hidden), b2 (heads).
constexpr std::array<std::size_t, 4> kRanks = {1, 1, 2, 1};
constexpr std::array<const char*, 4> kShapes = {"(hidden)", "(hidden)", "(heads, hidden)",
                                                "(heads)"};

std::string quotedList(const std::vector<std::string>& names) {
    std::string s;
    for (std::size_t i = 0; i < names.size(); ++i)
        s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + ("'" + names[i] + "'");
    return s;
}

// "parameter 'b1' = path: array has shape (5), expected (hidden) = (4), the length of w1".
Error shapeError(std::size_t k, const std::string& path, const Shape& shape,
                 const std::string& want) {
    return fail("parameter '" + std::string(kFiles[k]) + "' = " + echo(path, kEchoPathLimit) +
                ": array has shape (" + shapeText(shape) + "), expected " + kShapes[k] + want);
}

// hidden and heads follow the files; a value the user gave (or one set away from its default)
// must match them.
Status adopt(ParamSet& p, const std::string& name, std::int64_t def, std::int64_t max,
             std::int64_t fromFile, const char* file) {
    const std::string setBy =
        "the " + std::string(file) + " file, which sets " + name + " = " + std::to_string(fromFile);
    if (fromFile > max)
        return fail("parameter '" + std::string(file) + "': " + setBy + ", more than " +
                    std::to_string(max));
    const std::int64_t value = p.integer(name);
    const bool conflicts = p.given(name) ? value != fromFile : (value != def && value != fromFile);
    if (conflicts)
        return paramError(name, value, "differs from " + setBy,
                          std::to_string(fromFile) + " (or leave " + name + " unset)");
    p.set(name, fromFile);
    return {};
}

}  // namespace

Status fireResolve(ParamSet& p) {
    std::vector<std::string> given, missing;
    for (const char* f : kFiles) (p.text(f).empty() ? missing : given).push_back(f);
    if (given.empty()) return {};
    if (!missing.empty())
        return fail("parameter " + quotedList(missing) + ": missing (" + quotedList(given) +
                    (given.size() == 1 ? " is" : " are") +
                    " given); FIRE's MLP takes all four .npy files w1, b1, w2, b2, or none");
    std::array<Shape, 4> shapes;
    for (std::size_t k = 0; k < kFiles.size(); ++k) {
        const std::string& path = p.text(kFiles[k]);
        // The header only (dtype, length, the memory budget of reading it): no data yet.
        auto h = io::inspectNpy(path);
        if (!h)
            return fail(h.error().code,
                        "parameter '" + std::string(kFiles[k]) + "': " + h.error().message);
        shapes[k] = h->shape;
        bool ok = shapes[k].size() == kRanks[k];
        for (auto s : shapes[k]) ok = ok && s >= 1;
        if (!ok) return shapeError(k, path, shapes[k], " with every size >= 1");
    }
    const std::int64_t hidden = shapes[0][0], heads = shapes[2][0];
    const std::string h = std::to_string(hidden);
    if (shapes[1][0] != hidden)
        return shapeError(1, p.text("b1"), shapes[1], " = (" + h + "), the length of w1");
    if (shapes[2][1] != hidden)
        return shapeError(2, p.text("w2"), shapes[2],
                          " = (" + std::to_string(heads) + ", " + h + "), hidden from w1");
    if (shapes[3][0] != heads)
        return shapeError(3, p.text("b2"), shapes[3],
                          " = (" + std::to_string(heads) + "), the rows of w2");
    if (auto st = adopt(p, "hidden", 32, kMaxDim, hidden, "w1"); !st) return st;
    return adopt(p, "heads", 8, 1024, heads, "w2");
}

Expected<FireMlp> fireMlp(const ParamSet& p) {
    FireMlp m;
    m.hidden = p.integer("hidden");
    m.heads = p.integer("heads");
    const auto hidden = static_cast<std::size_t>(m.hidden);
    const auto heads = static_cast<std::size_t>(m.heads);
    std::array<std::vector<double>*, 4> into = {&m.w1, &m.b1, &m.w2, &m.b2};
    std::array<std::size_t, 4> sizes = {hidden, hidden, heads * hidden, heads};
    if (!p.text("w1").empty()) {
        for (std::size_t k = 0; k < kFiles.size(); ++k) {
            const std::string& path = p.text(kFiles[k]);
            auto a = io::readNpy(path);
            if (!a)
                return fail(a.error().code,
                            "parameter '" + std::string(kFiles[k]) + "': " + a.error().message);
            if (static_cast<std::size_t>(a->size()) != sizes[k])
                return shapeError(k, path, a->shape, "");
            into[k]->resize(sizes[k]);
            for (std::size_t i = 0; i < sizes[k]; ++i) {
                const double v = a->at(static_cast<std::int64_t>(i));
                if (!std::isfinite(v))
                    return fail("parameter '" + std::string(kFiles[k]) + "' = " +
                                echo(path, kEchoPathLimit) + ": array holds non-finite values");
                (*into[k])[i] = v;
            }
        }
        return m;
    }
    // Seeded, in the spec's order; W2 and b2 scaled by 1/sqrt(fan-in), w1 and b1 (fan-in 1) not.
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const double scale = 1.0 / std::sqrt(static_cast<double>(m.hidden));
    for (std::size_t k = 0; k < kFiles.size(); ++k) {
        into[k]->resize(sizes[k]);
        for (double& v : *into[k]) v = rng.normal() * (k >= 2 ? scale : 1.0);
    }
    return m;
}

}  // namespace poslab::core::enc
