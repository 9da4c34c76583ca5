// The work the scheduler's thread does for one request: ask core for the arrays (cached while
// the parameters that matter are unchanged) and prepare what the views draw (QImages of heatmap
// cells, curve points, rotation arrows). Nothing here touches a widget or reads a global the GUI
// thread writes: the language and every setting come in the request.
#pragma once

#include <atomic>
#include <functional>

#include "ui/compute/array_cache.h"
#include "ui/compute/array_source.h"
#include "ui/compute/compute_types.h"

namespace poslab::ui {

// Computes and prepares everything the request's views draw. `cancel` is polled by core.
// `progress` (optional) is called with (done, total) arrays of the request: after each array
// with a whole `done`, and while core computes one with a fraction added (non-decreasing within
// that array; from the computing thread or an OpenMP thread of core, one call at a time).
// `source` (optional) computes the arrays a backend choice applies to (see ArraySource).
// A request whose check needs a file (see checkRequest) is checked here first: refused, it
// returns the reason in `refusal` and computes nothing.
ComputeResult computeRequest(const ComputeRequest& request, ArrayCache& cache,
                             const std::atomic<bool>* cancel,
                             const std::function<void(double, int)>& progress = {},
                             ArraySource* source = nullptr);

}  // namespace poslab::ui
