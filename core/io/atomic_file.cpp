#include "core/io/atomic_file.h"

#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

namespace poslab::core::io {

namespace fs = std::filesystem;

AtomicFile::~AtomicFile() {
    discard();
}

namespace {

// The file a write to `path` replaces: the path itself, or what a symbolic link names (so that
// export and render both write through links and replace regular files only).
fs::path resolveTarget(const fs::path& target) {
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        const fs::path real = fs::weakly_canonical(target, ec);
        if (!ec) return real;
    }
    return target;
}

}  // namespace

Status AtomicFile::check(const std::string& path) {
    if (path.empty()) return fail(Errc::Io, "output path is empty");
    const fs::path target = resolveTarget(path);
    std::error_code ec;
    const auto status = fs::status(target, ec);
    if (fs::is_directory(status))
        return fail(Errc::Io, "output file '" + path + "' is a directory");
    if (fs::exists(status) && !fs::is_regular_file(status))
        return fail(Errc::Io, "output file '" + path + "' is not a regular file");
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        return fail(Errc::Io,
                    "output file '" + path + "': directory '" + dir.string() + "' does not exist");
    if (::access(dir.c_str(), W_OK) != 0)
        return fail(Errc::Io,
                    "output file '" + path + "' cannot be written: " + std::strerror(errno));
    return {};
}

Status AtomicFile::open(const std::string& path) {
    discard();
    if (auto st = check(path); !st) return st;
    const fs::path target = resolveTarget(path);
    m_path = target.string();
    m_shown = path;
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    // A short name of its own, so that a target name near the file system's limit still works.
    m_tmp = (dir / (".poslab-" + std::to_string(::getpid()) + "-" +
                    std::to_string(std::random_device{}() & 0xffffff) + ".tmp"))
                .string();
    m_out.open(m_tmp, std::ios::binary | std::ios::trunc);
    if (!m_out) {
        const std::string why = std::strerror(errno);
        m_tmp.clear();
        return fail(Errc::Io, "output file '" + path + "' cannot be written: " + why);
    }
    m_open = true;
    return {};
}

Status AtomicFile::commit() {
    if (!m_open) return fail(Errc::Io, "output file '" + m_shown + "' was not opened");
    m_out.flush();
    const bool good = m_out.good();
    m_out.close();
    if (!good || m_out.fail()) {
        discard();
        return fail(Errc::Io, "output file '" + m_shown + "': write failed (disk full?)");
    }
    std::error_code ec;
    // A file replaced keeps its permissions; a new one has the process's default.
    if (const auto old = fs::status(m_path, ec); !ec && fs::is_regular_file(old))
        fs::permissions(m_tmp, old.permissions(), ec);
    ec.clear();
    fs::rename(m_tmp, m_path, ec);
    if (ec) {
        discard();
        return fail(Errc::Io, "output file '" + m_shown + "' cannot be written: " + ec.message());
    }
    m_open = false;
    m_tmp.clear();
    return {};
}

void AtomicFile::discard() {
    if (m_out.is_open()) m_out.close();
    if (!m_tmp.empty()) {
        std::error_code ec;
        fs::remove(m_tmp, ec);
        m_tmp.clear();
    }
    m_open = false;
}

}  // namespace poslab::core::io
