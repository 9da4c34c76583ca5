// `poslab bench --interactive [--json]`: replays a slider drag of `base` (200 steps, 100 -> 1e6,
// log spaced) through the real panel, scheduler and views, offscreen, and reports the latency
// from each edit to the finished image, per default view of the RoPE page.
#pragma once

namespace poslab::ui {

int runInteractiveBench(bool json);

}  // namespace poslab::ui
