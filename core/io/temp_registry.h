// The temporaries being written, so that a signal leaves none behind (issue 23 N6). A writer
// registers a temporary's path before creating it and unregisters it once renamed or removed;
// the handlers remove whatever is registered, then end the process by the same signal.
// A SIGKILL cannot be handled: temporaries are named `.poslab-PID-RAND.tmp`, and the next writer
// into the folder removes those whose process no longer runs.
#pragma once

#include <string>

namespace poslab::core::io {

// Installs, once per process, handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE and SIGXFSZ
// that remove the registered temporaries, restore the default action and raise the signal
// again, so the exit status stays the signal's. Only a signal at its default action gets one: a
// signal the process ignores (a background job's SIGINT) or handles itself is left alone.
// SIGXFSZ sent by the kernel to the process writing past `ulimit -f` returns instead: the write
// fails with EFBIG and the writer says so. Called by the CLI at start and by AtomicFile::open.
void installTempCleanup();

// A registered path: the slot it holds until release() (or destruction). Registration is
// async-signal-safe to read: a fixed table of paths, written before the file exists.
class TempRegistration {
public:
    TempRegistration() = default;
    ~TempRegistration() { release(); }
    TempRegistration(const TempRegistration&) = delete;
    TempRegistration& operator=(const TempRegistration&) = delete;
    // Registers `path` (absolute); false when the table is full or the path too long, in which
    // case a signal may leave that one temporary (the next run removes it).
    bool hold(const std::string& path);
    void release();

private:
    int m_slot = -1;
};

// A temporary's name for this process: ".poslab-PID-RAND.tmp" (RAND: 8 random hex digits).
std::string tempName();
// Removes, in `dir`, the regular files named `.poslab-PID-*.tmp` whose process no longer exists
// (kill(PID, 0) fails with ESRCH): temporaries of a run that was killed. Nothing else is
// touched: not this process's, not a running one's, not a name of another pattern.
void removeStaleTemps(const std::string& dir);
// Whether `name` is a temporary's name; its PID in `pid`.
bool isTempName(const std::string& name, long* pid = nullptr);

}  // namespace poslab::core::io
