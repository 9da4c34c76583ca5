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

Status AtomicFile::open(const std::string& path) {
    discard();
    m_path = path;
    const fs::path target(path);
    if (path.empty()) return fail(Errc::Io, "output path is empty");
    std::error_code ec;
    if (fs::is_directory(target, ec))
        return fail(Errc::Io, "output file '" + path + "' is a directory");
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        return fail(Errc::Io,
                    "output file '" + path + "': directory '" + dir.string() + "' does not exist");
    m_tmp = (dir / ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-" +
                    std::to_string(std::random_device{}() & 0xffffff)))
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
    if (!m_open) return fail(Errc::Io, "output file '" + m_path + "' was not opened");
    m_out.flush();
    const bool good = m_out.good();
    m_out.close();
    if (!good || m_out.fail()) {
        discard();
        return fail(Errc::Io, "output file '" + m_path + "': write failed (disk full?)");
    }
    std::error_code ec;
    fs::rename(m_tmp, m_path, ec);
    if (ec) {
        discard();
        return fail(Errc::Io, "output file '" + m_path + "' cannot be written: " + ec.message());
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
