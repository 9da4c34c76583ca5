// The check of a request before any work: every parameter valid and consistent (core::validate)
// and no array over the memory budget (core::prepare, Errc::OverBudget). The page runs it on
// the GUI thread at every edit, where no file may be read; what needs a file (a `source` .npy
// table whose shape sets n and d) is checked by the worker instead (computeRequest).
#pragma once

#include "core/compute.h"
#include "ui/compute/compute_types.h"

namespace poslab::ui {

enum class FileAccess {
    Read,   // check everything, reading the files the parameters name (off the GUI thread)
    Defer,  // skip what would read a file: computeRequest checks it before computing
};

// Whether validating these values reads a file: a file parameter that names a file (not empty,
// not one of the words it accepts instead, like hierarchical's "sinusoidal").
bool readsFiles(const core::EncodingDescriptor& enc, const core::ParamSet& params);
// The same for any array of the request's own encoding.
bool requestReadsFiles(const ComputeRequest& request);

// Empty when fine, else the reason (the message for people, the code for callers). Errors of a
// single series other than the budget are not refusals: the view shows them in its place.
core::Status checkRequest(const ComputeRequest& request, FileAccess files = FileAccess::Read);

}  // namespace poslab::ui
