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

    // Opens the temporary; fails (naming the path) when the directory is missing or unwritable.
    Status open(const std::string& path);
    std::ostream& stream() { return m_out; }
    // Flushes, checks for write errors and renames into place.
    Status commit();
    void discard();

private:
    std::string m_path, m_tmp;
    std::ofstream m_out;
    bool m_open = false;
};

}  // namespace poslab::core::io
