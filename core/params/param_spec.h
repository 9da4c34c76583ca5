// Typed parameters, described once: they drive the GUI panels, the CLI's -p key=value, session
// files and validation messages.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/expected.h"

namespace poslab::core {

// RealList: a list of reals, held as its text: "1.0,1.02,1.05" (commas, ranges checked on every
// number), a path to a 1-D .npy file, or "" (not given). realListValues() turns it into numbers.
// Text: a non-empty text with a grammar of its own (mrope's layout "text:4,image:1x8x8"), read
// by the encoding's resolve, which names the part that is wrong; `formEn`/`formZh` describe it.
enum class ParamType { Int, Real, Bool, Enum, Path, RealList, Text };
std::string_view paramTypeName(ParamType type);

using ParamValue = std::variant<std::int64_t, double, bool, std::string>;

// Renders a value the way the command line accepts it back (reals with 17 significant digits).
std::string formatValue(const ParamValue& value);

// The words the allowed-values text is built from, so that every language shares the one
// formatter below (the GUI passes its Chinese words).
struct AllowedWords {
    std::string integer = "an integer", real = "a real", conjunction = " and",
                boolean = "true or false", oneOf = "one of: ", path = "a path to a .npy file",
                orPath = ", or a path to a .npy file",
                ge = " >= ", le = " <= ", list = "comma-separated reals";
};

class ParamSet;

struct ParamSpec {
    std::string name;
    ParamType type = ParamType::Real;
    ParamValue defaultValue;
    std::optional<double> min, max;  // inclusive unless the matching flag says otherwise
    bool minExclusive = false;
    bool maxExclusive = false;
    std::vector<std::string> choices;  // Enum words; for Path, words accepted instead of a file
    std::string formEn, formZh;        // Text: the accepted form, for "allowed: ..."
    bool logScale = false;             // UI hint: logarithmic slider
    double uiMin = 0, uiMax = 0;       // UI hint: slider range (0, 0: use min/max)
    std::string helpEn, helpZh;
    // A short name in words for panels ("Largest distance"); empty: the identifier is shown.
    std::string labelEn, labelZh;
    // When the parameter matters: shown (GUI panel) if ANY condition holds, each "parameter `name`
    // has one of `values`" (as command-line texts). Empty: always. A parameter that only views
    // set (a zoom window) is `viewControlled` and never shown in the panel.
    struct Condition {
        std::string name;
        std::vector<std::string> values;
    };
    std::vector<Condition> relevantWhen;
    bool viewControlled = false;
    // A refinement most uses leave alone (partial rotation, a query-scale rule, the number
    // format): figure footers leave it out while it has its default.
    bool quietAtDefault = false;

    // Fluent set-up used by the encoding tables.
    ParamSpec& range(std::optional<double> lo, std::optional<double> hi) {
        min = lo;
        max = hi;
        return *this;
    }
    ParamSpec& exclusiveMin() {
        minExclusive = true;
        return *this;
    }
    ParamSpec& exclusiveMax() {
        maxExclusive = true;
        return *this;
    }
    ParamSpec& log() {
        logScale = true;
        return *this;
    }
    ParamSpec& slider(double lo, double hi) {
        uiMin = lo;
        uiMax = hi;
        return *this;
    }
    ParamSpec& onlyWhen(std::string other, std::vector<std::string> values) {
        relevantWhen.push_back({std::move(other), std::move(values)});
        return *this;
    }
    ParamSpec& quietByDefault() {
        quietAtDefault = true;
        return *this;
    }
    ParamSpec& setByViews() {
        viewControlled = true;
        return *this;
    }
    // Whether the parameter matters for these values (see relevantWhen).
    bool relevant(const ParamSet& values) const;
    ParamSpec& help(std::string en, std::string zh) {
        helpEn = std::move(en);
        helpZh = std::move(zh);
        return *this;
    }
    ParamSpec& label(std::string en, std::string zh) {
        labelEn = std::move(en);
        labelZh = std::move(zh);
        return *this;
    }
    // "an integer >= 1", "a real > 1", "one of: a, b, c" — for error messages and tooltips.
    std::string allowedText() const;
    std::string allowedText(const AllowedWords& words) const;
    // Parses command-line text strictly: "64x" and, for integers, "64.5" are errors.
    Expected<ParamValue> parse(std::string_view text) const;
    // Checks type, range and choices of a value.
    Status check(const ParamValue& value) const;
};

ParamSpec intParam(std::string name, std::int64_t def);
ParamSpec realParam(std::string name, double def);
ParamSpec boolParam(std::string name, bool def);
ParamSpec enumParam(std::string name, std::vector<std::string> choices);  // default: first
ParamSpec pathParam(std::string name, std::vector<std::string> words = {}, std::string def = {});
ParamSpec realListParam(std::string name);  // default "" (not given)
// A Text parameter: `formEn` and `formZh` say what it accepts ("comma-separated items text:N,
// ...").
ParamSpec textParam(std::string name, std::string def, std::string formEn, std::string formZh);

// Whether a RealList text is written out as numbers (else it is a .npy path, or empty).
bool isNumberList(std::string_view text);
// The numbers of a RealList text written out as numbers (after ParamSpec::parse accepted it).
std::vector<double> numberListValues(std::string_view text);
// Whether the value of `spec` names a file to read (a Path that is not one of its words, a
// RealList given as a .npy path).
bool readsFile(const ParamSpec& spec, const ParamValue& value);

// Parameter values by name. Every key of the encoding is present once resolved.
class ParamSet {
public:
    void set(const std::string& name, ParamValue value) { m_values[name] = std::move(value); }
    // Whether the user gave this value (command line, panel edit) rather than taking the default;
    // a `source` table that sets n and d only conflicts with values that were given.
    void markGiven(const std::string& name) { m_given.insert(name); }
    bool given(const std::string& name) const { return m_given.count(name) != 0; }
    bool has(const std::string& name) const { return m_values.count(name) != 0; }
    // The value, or nullptr when the set has no such name.
    const ParamValue* find(const std::string& name) const;
    // The accessors below are for names a resolved set always holds (its encoding's own specs).
    // A missing name or a value of another type is a bug: it asserts in debug builds and reads as
    // 0, false or "" otherwise (core never throws).
    const ParamValue& get(const std::string& name) const;

    std::int64_t integer(const std::string& name) const;
    double real(const std::string& name) const;  // an Int parameter converts too
    bool boolean(const std::string& name) const;
    const std::string& text(const std::string& name) const;

    const std::map<std::string, ParamValue>& values() const { return m_values; }
    bool operator==(const ParamSet&) const = default;

private:
    std::map<std::string, ParamValue> m_values;
    std::set<std::string> m_given;
};

// A ParamSet holding every default of the specs.
ParamSet defaultParams(const std::vector<ParamSpec>& specs);
const ParamSpec* findSpec(const std::vector<ParamSpec>& specs, std::string_view name);

// "parameter 'd' = 63: <why>; allowed: <what>" — the one shape of every parameter error.
Error paramError(std::string_view name, const ParamValue& value, std::string_view why,
                 std::string_view allowed = {});
// The parameter a message of that shape names ("d" for "parameter 'd' = 63: …"), so that a
// window can mark its field; empty for any other message.
std::string parameterNamed(std::string_view message);

}  // namespace poslab::core
