// A parameter sweep (issue 25, item 10): `poslab render VIEW --sweep KEY=FROM:TO[:log|:linear]
// --frames N` draws the view N times with KEY going from FROM to TO. This is the Qt-free half:
// the text of the option, the N values and their checks by the parameter's own ParamSpec, so
// that a bad sweep is refused before any frame is computed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core {

// log: geometric steps, v_i = FROM * (TO / FROM)^(i / (N - 1)), equal ratios between frames;
// linear: equal differences. Without a mode word, a parameter with a logarithmic slider
// (ParamSpec::logScale, e.g. RoPE's base) sweeps in log, every other one linearly.
enum class SweepMode { Log, Linear };

inline constexpr int kMinSweepFrames = 2;
inline constexpr int kMaxSweepFrames = 600;

struct Sweep {
    std::string key;
    std::string fromText, toText;   // as given, parsed by the parameter's spec
    std::optional<SweepMode> mode;  // none: the parameter's slider decides
};

// "base=10000:500000:log" -> {base, 10000, 500000, Log}. Errors are one line that quotes the
// option ("option '--sweep' = base=1: expected KEY=FROM:TO[:log|:linear]").
Expected<Sweep> parseSweep(std::string_view text);

// The mode a sweep of `spec` takes: the one given, else log for a logarithmic slider.
SweepMode sweepMode(const Sweep& sweep, const ParamSpec& spec);

// `frames` numbers from `from` to `to`, the endpoints exact (frames >= 2).
std::vector<double> interpolate(double from, double to, int frames, SweepMode mode);

// The significant digits of a Real frame between the ends: a footer reads "base = 12 742.7",
// not "12 742.749857031338", and each is within 5e-6 of the exact value (a log sweep's ratios
// equal to 1e-5, invisible in any figure).
inline constexpr int kSweepDigits = 6;

// The value of every frame: FROM and TO parsed strictly by `spec` (an Int parameter refuses
// "64.5") and kept exactly, the frames between interpolated, a Real's rounded to kSweepDigits
// significant digits and an Int's to the nearest integer (neighbouring frames may then repeat a
// value: one frame per step all the same), and each value checked by
// spec.check(), whose error names the parameter and the value. Refused: a parameter that is not
// Int or Real, FROM equal to TO, a log sweep whose ends are not both > 0, and frames outside
// [kMinSweepFrames, kMaxSweepFrames].
Expected<std::vector<ParamValue>> sweepValues(const Sweep& sweep, const ParamSpec& spec,
                                              int frames);

}  // namespace poslab::core
