#include "core/params/sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace poslab::core {

namespace {

std::string optionText(std::string_view text) {
    return "option '--sweep' = " + echo(text);
}

Expected<double> endpoint(const ParamSpec& spec, const std::string& text) {
    auto v = spec.parse(text);
    if (!v) return v.error();
    if (const auto* i = std::get_if<std::int64_t>(&*v)) return static_cast<double>(*i);
    return std::get<double>(*v);
}

// The frame's value as people read it: 6 significant digits (the double nearest to that decimal,
// whose shortest text is the decimal), kept between the ends.
double readable(double v, double from, double to) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", kSweepDigits, v);
    return std::clamp(std::strtod(buf, nullptr), std::min(from, to), std::max(from, to));
}

}  // namespace

Expected<Sweep> parseSweep(std::string_view text) {
    const Error shape(optionText(text) + ": expected KEY=FROM:TO[:log|:linear]");
    const auto eq = text.find('=');
    if (eq == std::string_view::npos || eq == 0) return shape;
    Sweep s;
    s.key = std::string(text.substr(0, eq));
    std::vector<std::string> parts;
    std::string_view rest = text.substr(eq + 1);
    for (;;) {
        const auto colon = rest.find(':');
        parts.emplace_back(rest.substr(0, colon));
        if (colon == std::string_view::npos) break;
        rest.remove_prefix(colon + 1);
    }
    if (parts.size() < 2 || parts.size() > 3 || parts[0].empty() || parts[1].empty()) return shape;
    s.fromText = parts[0];
    s.toText = parts[1];
    if (parts.size() == 3) {
        if (parts[2] == "log")
            s.mode = SweepMode::Log;
        else if (parts[2] == "linear")
            s.mode = SweepMode::Linear;
        else
            return Error(optionText(text) + ": unknown mode '" + echo(parts[2]) +
                         "'; allowed: log, linear");
    }
    return s;
}

SweepMode sweepMode(const Sweep& sweep, const ParamSpec& spec) {
    if (sweep.mode) return *sweep.mode;
    return spec.logScale ? SweepMode::Log : SweepMode::Linear;
}

std::vector<double> interpolate(double from, double to, int frames, SweepMode mode) {
    std::vector<double> out(static_cast<std::size_t>(std::max(frames, 0)));
    if (out.empty()) return out;
    const double last = frames - 1;
    for (int i = 0; i < frames; ++i) {
        const double t = last > 0 ? i / last : 0.0;
        // log: exp of the linear interpolation of the logarithms, i.e. equal ratios.
        out[static_cast<std::size_t>(i)] = mode == SweepMode::Log
                                               ? from * std::exp(t * std::log(to / from))
                                               : from + t * (to - from);
    }
    out.front() = from;  // the ends exactly as given, whatever the rounding of exp and log
    if (frames > 1) out.back() = to;
    return out;
}

Expected<std::vector<ParamValue>> sweepValues(const Sweep& sweep, const ParamSpec& spec,
                                              int frames) {
    const std::string head = "sweep of '" + echo(sweep.key) + "'";
    if (spec.type != ParamType::Int && spec.type != ParamType::Real)
        return Error(head + ": not a number (" + std::string(paramTypeName(spec.type)) +
                     "); a sweep takes an integer or real parameter");
    if (frames < kMinSweepFrames || frames > kMaxSweepFrames)
        return Error("option '--frames' = " + std::to_string(frames) +
                     ": allowed: an integer in [" + std::to_string(kMinSweepFrames) + ", " +
                     std::to_string(kMaxSweepFrames) + "]");
    const auto from = endpoint(spec, sweep.fromText);
    if (!from) return from.error();
    const auto to = endpoint(spec, sweep.toText);
    if (!to) return to.error();
    // The ends first, so that an end out of range is named as given, not as a rounded frame.
    for (double v : {*from, *to}) {
        const ParamValue pv = spec.type == ParamType::Int
                                  ? ParamValue(static_cast<std::int64_t>(std::llround(v)))
                                  : ParamValue(v);
        if (auto st = spec.check(pv); !st) return st.error();
    }
    if (*from == *to) return Error(head + ": FROM and TO are equal; nothing to sweep");
    const SweepMode mode = sweepMode(sweep, spec);
    if (mode == SweepMode::Log && !(*from > 0 && *to > 0))
        return Error(head + ": a log sweep needs FROM and TO > 0; add :linear");
    std::vector<ParamValue> out;
    out.reserve(static_cast<std::size_t>(frames));
    const auto numbers = interpolate(*from, *to, frames, mode);
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        const double v = numbers[i];
        const bool end = i == 0 || i + 1 == numbers.size();
        ParamValue pv = spec.type == ParamType::Int
                            ? ParamValue(static_cast<std::int64_t>(std::llround(v)))
                            : ParamValue(end ? v : readable(v, *from, *to));
        if (auto st = spec.check(pv); !st) return st.error();
        out.push_back(std::move(pv));
    }
    return out;
}

}  // namespace poslab::core
