#include "core/compute.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace poslab::core {

std::optional<double> parseByteSize(std::string_view text) {
    double v = 0;
    auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (res.ec != std::errc() || !(v > 0) || !std::isfinite(v)) return std::nullopt;
    const std::string_view unit(res.ptr,
                                static_cast<std::size_t>(text.data() + text.size() - res.ptr));
    double mul = 1;
    if (unit.empty() || unit == "B")
        mul = 1;
    else if (unit == "KiB" || unit == "K")
        mul = 1024.0;
    else if (unit == "MiB" || unit == "M")
        mul = 1024.0 * 1024;
    else if (unit == "GiB" || unit == "G")
        mul = 1024.0 * 1024 * 1024;
    else if (unit == "TiB" || unit == "T")
        mul = 1024.0 * 1024 * 1024 * 1024;
    else
        return std::nullopt;
    if (!std::isfinite(v * mul)) return std::nullopt;  // 1e308TiB is not a budget either
    return v * mul;
}

Expected<double> memoryBudgetFromEnvironment() {
    const char* env = std::getenv("POSLAB_MEMORY_BUDGET");
    if (!env) return kDefaultMemoryBudget;
    if (auto b = parseByteSize(env)) return *b;
    return fail("POSLAB_MEMORY_BUDGET = '" + echo(env) +
                "' is not a size; allowed: a positive number with B, KiB, MiB, GiB or TiB");
}

double configuredMemoryBudget() {
    auto b = memoryBudgetFromEnvironment();
    return b ? *b : kDefaultMemoryBudget;
}

std::string formatBytes(double bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 6) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

Expected<ParamSet> parseParams(const EncodingDescriptor& enc, const TextParams& given) {
    return parseParams(enc, given, defaultParams(enc.params));
}

Expected<ParamSet> parseParams(const EncodingDescriptor& enc, const TextParams& given, ParamSet p) {
    for (const auto& [name, text] : given) {
        const ParamSpec* spec = enc.findParam(name);
        if (!spec) {
            std::string known;
            for (const auto& s : enc.params) known += (known.empty() ? "" : ", ") + s.name;
            return fail(Errc::UnknownName, "unknown parameter '" + echo(name) + "' for encoding '" +
                                               enc.id + "'; allowed: " + known);
        }
        auto v = spec->parse(text);
        if (!v) return v.error();
        p.set(name, std::move(*v));
        p.markGiven(name);
    }
    return p;
}

Status validate(const EncodingDescriptor& enc, ParamSet& params, Inputs inputs) {
    // Every spec present and individually valid; nothing unknown.
    for (const auto& [name, value] : params.values())
        if (!enc.findParam(name))
            return fail(Errc::UnknownName,
                        "unknown parameter '" + name + "' for encoding '" + enc.id + "'");
    for (const auto& spec : enc.params) {
        if (!params.has(spec.name)) params.set(spec.name, spec.defaultValue);
        if (auto st = spec.check(*params.find(spec.name)); !st) return st.error();
        // Reals given as integers are stored as reals from here on.
        if (spec.type == ParamType::Real) params.set(spec.name, params.real(spec.name));
    }
    if (enc.resolve && inputs == Inputs::Read)
        if (auto st = enc.resolve(params); !st) return st.error();
    return {};
}

Expected<Prepared> prepare(const EncodingDescriptor& enc, std::string_view quantity,
                           ParamSet params, const ComputeOptions& options) {
    const QuantitySpec* q = enc.findQuantity(quantity);
    if (!q) {
        std::string known;
        for (const auto& s : enc.quantities) known += (known.empty() ? "" : ", ") + s.id;
        return fail(Errc::UnknownName, "unknown quantity '" + std::string(quantity) +
                                           "' for encoding '" + enc.id + "'; allowed: " + known);
    }
    if (auto st = validate(enc, params); !st) return st.error();
    if (q->available)
        if (auto st = q->available(params); !st) return st.error();

    Prepared out;
    out.encoding = &enc;
    out.quantity = q;
    out.shape = q->shape(params);
    double elements = 1;
    for (auto s : out.shape) elements *= static_cast<double>(s);
    double bytes = elements * 8.0;
    if (q->workBytes) bytes = std::max(bytes, q->workBytes(params));
    if (bytes > options.memoryBudget) {
        return fail(Errc::OverBudget, "result " + enc.id + "/" + q->id + " of shape (" +
                                          shapeText(out.shape) + ") would need " +
                                          formatBytes(bytes) + ", more than the memory budget of " +
                                          formatBytes(options.memoryBudget) + "; reduce the sizes");
    }
    out.params = std::move(params);
    return out;
}

void ProgressSink::report(double fraction) noexcept {
    // The common case, a step too small to show, costs one relaxed load.
    if (fraction < m_next.load(std::memory_order_relaxed)) return;
    // Another thread is forwarding: skip this one rather than wait (a later report carries on).
    std::unique_lock lock(m_mutex, std::try_to_lock);
    if (!lock.owns_lock() || fraction <= m_sent) return;
    m_sent = std::min(fraction, 1.0);
    m_next.store(m_sent + kStep, std::memory_order_relaxed);
    m_fn(m_sent);
}

void ProgressSink::finish() noexcept {
    std::lock_guard lock(m_mutex);
    if (m_sent >= 1.0) return;
    m_sent = 1.0;
    m_next.store(2.0, std::memory_order_relaxed);
    m_fn(1.0);
}

Expected<Array> run(const Prepared& prepared, const ComputeOptions& options) {
    std::optional<ProgressSink> sink;
    if (options.progress) sink.emplace(options.progress);
    ComputeContext ctx;
    ctx.cancel = options.cancel;
    ctx.progress = sink ? &*sink : nullptr;
    // Cancelled before it started: no work, whether or not the quantity polls (the cheap closed
    // forms do not); tst_registry checks this for every quantity.
    if (ctx.cancelled()) return fail(Errc::Cancelled, "cancelled");
    auto result = prepared.quantity->compute(prepared.params, ctx);
    if (!result) return result;
    if (result->shape != prepared.shape)
        return fail(Errc::Internal, "internal error: " + prepared.encoding->id + "/" +
                                        prepared.quantity->id + " produced shape (" +
                                        shapeText(result->shape) + "), expected (" +
                                        shapeText(prepared.shape) + ")");
    if (sink) sink->finish();
    return result;
}

Expected<Array> compute(std::string_view encoding, std::string_view quantity,
                        const ParamSet& params, const ComputeOptions& options) {
    const EncodingDescriptor* enc = registry().find(encoding);
    if (!enc) return fail(Errc::UnknownName, "unknown encoding '" + std::string(encoding) + "'");
    auto prepared = prepare(*enc, quantity, params, options);
    if (!prepared) return prepared.error();
    return run(*prepared, options);
}

ParamSet paramsFor(std::string_view encoding,
                   const std::vector<std::pair<std::string, ParamValue>>& values) {
    const EncodingDescriptor* enc = registry().find(encoding);
    assert(enc && "paramsFor: unknown encoding");
    if (!enc) return {};
    ParamSet p = defaultParams(enc->params);
    for (const auto& [k, v] : values) {
        p.set(k, v);
        p.markGiven(k);
    }
    return p;
}

}  // namespace poslab::core
