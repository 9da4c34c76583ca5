// A sweep recorded from the GUI (issue 25, item 10): runSweep (sweep_run.h) on a worker thread
// while a modal progress dialog counts the frames and offers Cancel; a cancelled or failed sweep
// leaves no file.
#pragma once

#include <QString>

#include "ui/figure/sweep_run.h"

class QWidget;

namespace poslab::ui {

// Runs the sweep and returns when it is done: empty, the one-line error, or sweepCancelled().
// The progress dialog (object name "sweepProgress") is a child of `parent`.
QString recordSweep(QWidget* parent, const SweepRun& run);

}  // namespace poslab::ui
