// Encoding id -> descriptor: names, family, ParamSpecs and the quantities it produces. The
// pipeline that checks and runs a request is core/compute.h.
// Tests, the CLI and the GUI iterate over the registry, so adding an encoding cannot skip them.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/array.h"
#include "core/backend/fast_path.h"
#include "core/compute_context.h"
#include "core/expected.h"
#include "core/params/param_spec.h"

namespace poslab::core {

struct QuantitySpec {
    std::string id;
    DType dtype = DType::F64;
    std::string shapeDoc;  // the shape in words of the parameters, e.g. "n,d"
    std::function<Shape(const ParamSet&)> shape;
    std::function<Expected<Array>(const ParamSet&, const ComputeContext&)> compute;
    // Extra conditions for this quantity (e.g. relative_part needs a diagonal H). Optional.
    std::function<Status(const ParamSet&)> available;
    // Peak bytes the computation needs, when more than the result. Optional.
    std::function<double(const ParamSet&)> workBytes;
    std::string titleEn, titleZh;
    std::vector<std::string> axes;  // one name per dimension, e.g. {"position i", "dimension"}
    // Signed values (either sign, 0 the neutral middle) get a diverging colour map centred on
    // 0; one-signed values (all >= 0 or all <= 0) and integer indices a sequential one. From the
    // declaration, never from the current values, so that a figure's map never flips.
    bool isSigned = true;
    bool nonPositive = false;  // one-signed the other way: every value <= 0 (oneSigned())
    // The CPU backend's fast path, where the encoding has one (core/backend/fast_path.h).
    FastPath fast;

    QuantitySpec& title(std::string en, std::string zh) {
        titleEn = std::move(en);
        titleZh = std::move(zh);
        return *this;
    }
    QuantitySpec& axisNames(std::vector<std::string> names) {
        axes = std::move(names);
        return *this;
    }
    QuantitySpec& integer() {
        dtype = DType::I64;
        isSigned = false;
        return *this;
    }
    QuantitySpec& nonNegative() {
        isSigned = false;
        return *this;
    }
    // Values of one sign that is not >= 0 (e.g. a penalty, all <= 0): a sequential map too.
    QuantitySpec& oneSigned() {
        isSigned = false;
        nonPositive = true;
        return *this;
    }
    QuantitySpec& when(std::function<Status(const ParamSet&)> fn) {
        available = std::move(fn);
        return *this;
    }
    QuantitySpec& work(std::function<double(const ParamSet&)> fn) {
        workBytes = std::move(fn);
        return *this;
    }
    // The computation builds the result in a matrix of its own and copies it into the Array:
    // the peak is twice the result, and the budget must count it (issue 14: the budget bounds
    // the peak, not just the result). Call after the shape is set.
    QuantitySpec& copiesResult() {
        workBytes = [s = shape](const ParamSet& p) {
            double elements = 1;
            for (auto e : s(p)) elements *= static_cast<double>(e);
            return 16.0 * elements;
        };
        return *this;
    }
    QuantitySpec& withFast(FastPath path) {
        fast = std::move(path);
        return *this;
    }
};

enum class Family { Absolute, Rotary, Relative, Other, Argument };
std::string_view familyId(Family family);

struct EncodingDescriptor {
    std::string id;
    std::string nameEn, nameZh;
    Family family = Family::Absolute;
    std::string summaryEn, summaryZh;
    std::vector<ParamSpec> params;
    std::vector<QuantitySpec> quantities;
    // Cross-parameter constraints and inputs: may rewrite values (a `source` file sets n and d).
    std::function<Status(ParamSet&)> resolve;

    const QuantitySpec* findQuantity(std::string_view qid) const;
    const ParamSpec* findParam(std::string_view name) const { return findSpec(params, name); }
};

class Registry {
public:
    // Adds an encoding; a second one with the same id is a bug: it is dropped and its id listed
    // in duplicates() (checked by tst_registry).
    void add(EncodingDescriptor descriptor);
    const EncodingDescriptor* find(std::string_view id) const;
    const std::vector<EncodingDescriptor>& encodings() const { return m_encodings; }
    const std::vector<std::string>& duplicates() const { return m_duplicates; }

private:
    std::vector<EncodingDescriptor> m_encodings;
    std::vector<std::string> m_duplicates;
};

// The registry holding every built-in encoding (built once, thread-safe).
const Registry& registry();
void registerBuiltinEncodings(Registry& registry);

}  // namespace poslab::core
