// A file that appears complete or not at all: written to a temporary beside the target, renamed
// over it on commit, removed if never committed.
#pragma once

#include <fstream>
#include <string>

#include "core/expected.h"

namespace poslab::core::io {

class AtomicFile {
public:
    AtomicFile() = default;
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Whether `path` can be written, without creating anything: its folder exists and is
    // writable, and it is not a folder, a device, a FIFO or a socket. Callers check before long
    // work and open after it, so an interrupted run leaves no temporary behind.
    static Status check(const std::string& path);
    // Opens the temporary beside the target (through a symbolic link: beside the file it names);
    // fails, naming the path, as check() does.
    Status open(const std::string& path);
    std::ostream& stream() { return m_out; }
    // Flushes, checks for write errors and renames into place; a file replaced keeps its
    // permissions (a private 0600 file stays private).
    Status commit();
    void discard();

private:
    std::string m_path, m_shown, m_tmp;  // the file written, the path as given, the temporary
    std::ofstream m_out;
    bool m_open = false;
};

}  // namespace poslab::core::io
