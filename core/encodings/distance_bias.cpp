#include "core/encodings/distance_bias.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "core/backend/backend.h"
#include "core/backend/fast_kernels.h"
#include "core/io/npy.h"

namespace poslab::core::enc {

namespace {

// Fills out (heads, n, n) from table[h * n + x]: row i of head h is, for j <= i, the reversed
// slice table[h][i - j], and for j > i table[h][j - i] or -inf.
template <class T>
Status fill(const std::vector<double>& table, std::int64_t heads, std::int64_t n, bool causal,
            T* out, const ComputeContext& ctx) {
    // v_h[t] = value at j - i = t - (n - 1), t < 2n - 1: each row is one contiguous slice.
    std::vector<T> v(static_cast<std::size_t>(2 * n - 1));
    constexpr T kMasked = -std::numeric_limits<T>::infinity();
    for (std::int64_t h = 0; h < heads; ++h) {
        if (ctx.cancelledAt(static_cast<double>(h), static_cast<double>(heads)))
            return cancelledError();
        const double* th = table.data() + h * n;
        for (std::int64_t t = 0; t < 2 * n - 1; ++t) {
            const std::int64_t rel = t - (n - 1);
            v[static_cast<std::size_t>(t)] =
                causal && rel > 0 ? kMasked : static_cast<T>(th[std::abs(rel)]);
        }
        T* plane = out + h * n * n;
#pragma omp parallel for schedule(static) if (n * n >= fast::kParallelElements)
        for (std::int64_t i = 0; i < n; ++i)
            std::memcpy(plane + i * n, v.data() + (n - 1 - i),
                        static_cast<std::size_t>(n) * sizeof(T));
    }
    return {};
}

}  // namespace

QuantitySpec distanceBiasQuantity(DistanceTableFn table) {
    FastPath fastPath;
    fastPath.run = [table](const ParamSet& p, Precision precision, Result& out,
                           const ComputeContext& ctx) -> Status {
        const auto n = p.integer("n"), heads = p.integer("heads");
        auto t = table(p, n);
        if (!t) return t.error();
        const bool causal = p.boolean("causal");
        const auto size = static_cast<std::size_t>(heads * n * n);
        if (precision == Precision::F32) {
            out.f32.resize(size);
            return fill(*t, heads, n, causal, out.f32.data(), ctx);
        }
        out.f64.resize(size);
        return fill(*t, heads, n, causal, out.f64.data(), ctx);
    };
    return quantity(
               "bias", "heads,n,n",
               [](const ParamSet& p) {
                   return Shape{p.integer("heads"), p.integer("n"), p.integer("n")};
               },
               [table](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                   const auto n = p.integer("n"), heads = p.integer("heads");
                   auto t = table(p, n);
                   if (!t) return t.error();
                   Array a = Array::real({heads, n, n});
                   if (auto st = fill(*t, heads, n, p.boolean("causal"), a.f64.data(), ctx); !st)
                       return st.error();
                   return a;
               })
        .withFast(std::move(fastPath));
}

ParamSpec thresholdSpec() {
    return realParam("threshold", -std::log(100.0))
        .range(-1e6, 0)
        .exclusiveMax()
        .slider(-20, -0.1)
        .quietByDefault()
        .label("Receptive-field threshold", "感受野阈值")
        .help(
            "bias below which a key counts as out of reach (-ln 100: its weight cut to a "
            "hundredth); marks the receptive field of each head",
            "偏置低于此值的键视为看不到（-ln 100：权重降到百分之一）；用来标出各头的感受野");
}

QuantitySpec distanceProfileQuantity(std::string id, DistanceTableFn table) {
    return quantity(
               std::move(id), "heads,max_distance+1",
               [](const ParamSet& p) {
                   return Shape{p.integer("heads"), p.integer("max_distance") + 1};
               },
               [table](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                   const auto count = p.integer("max_distance") + 1;
                   auto t = table(p, count);
                   if (!t) return t.error();
                   Array a = Array::real({p.integer("heads"), count});
                   a.f64 = std::move(*t);
                   return a;
               })
        .axisNames({"head", "distance x"})
        .oneSigned();
}

ParamSpec profileMaxDistanceSpec(std::int64_t def) {
    return intParam("max_distance", def)
        .range(0, kMaxPositions)
        .slider(16, 131072)
        .label("Largest distance", "最大距离")
        .help("largest distance x of the profile", "距离曲线的最大距离 x");
}

QuantitySpec receptiveFieldQuantity(DistanceTableFn table) {
    return quantity(
               "receptive_field", "heads",
               [](const ParamSet& p) { return Shape{p.integer("heads")}; },
               [table](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                   const auto heads = p.integer("heads");
                   const auto count = p.integer("max_distance") + 1;
                   auto t = table(p, count);
                   if (!t) return t.error();
                   const double threshold = p.real("threshold");
                   Array a = Array::integer({heads});
                   for (std::int64_t h = 0; h < heads; ++h) {
                       std::int64_t x = 0;
                       while (x < count &&
                              !((*t)[static_cast<std::size_t>(h * count + x)] < threshold))
                           ++x;
                       a.i64[static_cast<std::size_t>(h)] = x;
                   }
                   return a;
               })
        .integer()
        .title("Receptive field: first distance with bias < threshold",
               "感受野：偏置低于阈值的最近距离")
        .axisNames({"head h"});
}

Expected<std::vector<double>> perHeadList(const ParamSet& p, const std::string& name,
                                          std::int64_t heads) {
    const std::string& text = p.text(name);
    if (text.empty()) return std::vector<double>{};
    std::vector<double> v;
    if (isNumberList(text)) {
        v = numberListValues(text);
    } else {
        auto a = io::readNpy(text, 64.0 * 1024 * 1024);
        if (!a) return fail("parameter '" + name + "': " + a.error().message);
        if (a->shape.size() != 1)
            return paramError(
                name, text,
                "expected a 1-D array, got " + std::to_string(a->shape.size()) + " dimensions",
                "1 or heads = " + std::to_string(heads) + " reals");
        for (std::int64_t k = 0; k < a->size(); ++k) v.push_back(a->at(k));
    }
    const auto count = static_cast<std::int64_t>(v.size());
    if (count != 1 && count != heads)
        return paramError(name, text,
                          std::to_string(count) + " values for heads = " + std::to_string(heads),
                          "1 value (every head) or heads = " + std::to_string(heads) + " values");
    if (count == 1) v.assign(static_cast<std::size_t>(heads), v[0]);
    return v;
}

}  // namespace poslab::core::enc
