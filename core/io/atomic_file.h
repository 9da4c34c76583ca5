// A file that appears complete or not at all: written to a temporary beside the target, renamed
// over it on commit, removed if never committed, and removed by the signal handlers of
// core/io/temp_registry.h when the process is interrupted. `poslab export`, `poslab render`, the
// lesson deck and the GUI's figure export all write through it, so they share one rule for
// paths, links and errors.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/io/temp_registry.h"

namespace poslab::core::io {

class AtomicFile {
public:
    AtomicFile();
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Whether `path` can be written, without creating anything: its folder exists and is
    // writable, and it is not a folder, a device, a FIFO or a socket. A symbolic link to a
    // regular file is written through (the link stays); a link that leads nowhere or into a loop
    // of links is refused, never replaced by a file. Callers check before long work and open
    // after it, so an interrupted run leaves no temporary behind. Errors echo the path.
    static Status check(const std::string& path);
    // The link rule of check() alone, for a path that names a folder (a deck's).
    static Status checkLink(const std::string& path);
    // Opens the temporary `.poslab-PID-RAND.tmp` beside the file replaced (O_EXCL, O_NOFOLLOW),
    // first removing the temporaries killed runs left in that folder; fails as check() does.
    Status open(const std::string& path);
    // Where the contents go; a failed write sets badbit and keeps its errno for commit().
    std::ostream& stream() { return m_out; }
    // Writes what is buffered and renames the temporary into place; on a failed write the
    // temporary is removed and the error names the cause ("no space left on the device", "file
    // too large for the limit (ulimit -f)"). A file replaced keeps its permissions (a private
    // 0600 file stays private) without setuid and setgid.
    Status commit();
    void discard();

    // The cause of a failed write, as messages say it.
    static std::string writeError(int error);

private:
    class Buffer;
    std::string m_target, m_shown, m_tmp;  // the file replaced, the path as echoed, the temporary
    std::unique_ptr<Buffer> m_buffer;
    std::ostream m_out;
    TempRegistration m_registration;
    int m_fd = -1;
};

// A folder of outputs (a lesson deck's): created with its missing parents, and, unless keep() is
// called, removed again with the files written into it, so that a deck that fails (a full disk)
// leaves no empty folder and no partial set of files. Folders that existed before stay.
class OutputFolder {
public:
    OutputFolder() = default;
    ~OutputFolder();
    OutputFolder(const OutputFolder&) = delete;
    OutputFolder& operator=(const OutputFolder&) = delete;

    // Creates `path` and its missing parents; a link that leads nowhere is refused as check()
    // refuses it, and a path that exists but is no folder is an error.
    Status create(const std::string& path);
    // `file` in the folder is about to be written: whether it is new, so that a failure removes it.
    void adding(const std::string& file);
    void keep();

private:
    std::vector<std::string> m_created, m_files;  // folders (outermost first), new files
    bool m_keep = false;
};

}  // namespace poslab::core::io
