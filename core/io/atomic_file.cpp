#include "core/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <vector>

namespace poslab::core::io {

namespace fs = std::filesystem;

// A stream buffer over the temporary's descriptor that keeps the errno of the first failed write
// (std::ofstream loses it: a full disk read "Unknown error"). After a failure it writes nothing.
class AtomicFile::Buffer final : public std::streambuf {
public:
    explicit Buffer(int fd) : m_fd(fd), m_data(1 << 20) { reset(); }
    int error() const { return m_error; }

protected:
    int_type overflow(int_type ch) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(ch, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(ch);
            pbump(1);
        }
        return traits_type::not_eof(ch);
    }
    int sync() override { return drain() ? 0 : -1; }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        const auto room = static_cast<std::streamsize>(epptr() - pptr());
        if (n <= room) {
            std::memcpy(pptr(), s, static_cast<std::size_t>(n));
            pbump(static_cast<int>(n));
            return n;
        }
        if (!drain()) return 0;
        // A large block (the data of a .npy file) goes straight to the file, not through m_data.
        if (n >= static_cast<std::streamsize>(m_data.size()))
            return writeAll(s, static_cast<std::size_t>(n)) ? n : 0;
        std::memcpy(pptr(), s, static_cast<std::size_t>(n));
        pbump(static_cast<int>(n));
        return n;
    }

private:
    void reset() { setp(m_data.data(), m_data.data() + m_data.size()); }
    bool drain() {
        const bool ok = writeAll(pbase(), static_cast<std::size_t>(pptr() - pbase()));
        reset();
        return ok;
    }
    bool writeAll(const char* p, std::size_t n) {
        while (m_error == 0 && n > 0) {
            const ssize_t w = ::write(m_fd, p, std::min<std::size_t>(n, std::size_t{1} << 30));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) {
                m_error = w < 0 ? errno : EIO;
                break;
            }
            p += w;
            n -= static_cast<std::size_t>(w);
        }
        return m_error == 0;
    }

    int m_fd;
    std::vector<char> m_data;
    int m_error = 0;
};

namespace {

std::string inQuotes(const std::string& path) {
    return "'" + echo(path, kEchoPathLimit) + "'";
}

Error cannotWrite(const std::string& path, const std::string& why) {
    return fail(Errc::Io, "cannot write " + inQuotes(path) + ": " + why);
}

const char* kindOf(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a file";
}

// The refusal of a symbolic link `path` that leads nowhere or into a loop; "" when it leads to
// something (or is no link).
Status linkProblem(const std::string& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return {};
    if (::stat(path.c_str(), &st) == 0) return {};
    const int err = errno;
    if (err == ELOOP)
        return fail(Errc::Io,
                    "output " + inQuotes(path) + " is a symbolic link in a loop of symbolic links");
    if (err == ENOENT || err == ENOTDIR)
        return fail(Errc::Io,
                    "output " + inQuotes(path) + " is a symbolic link that leads nowhere");
    return cannotWrite(path, std::strerror(err));
}

// The file a write to `path` replaces: the path itself, or the regular file its symbolic link
// names (so that export and render both write through links, and replace regular files only).
Expected<std::string> resolveTarget(const std::string& path) {
    if (path.empty()) return fail(Errc::Io, "output path is empty");
    if (auto st = linkProblem(path); !st) return st.error();
    std::string target = path;
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            char real[PATH_MAX];
            if (!::realpath(path.c_str(), real)) return cannotWrite(path, std::strerror(errno));
            target = real;
            if (::stat(real, &st) != 0) return cannotWrite(path, std::strerror(errno));
        }
        if (S_ISDIR(st.st_mode))
            return fail(Errc::Io, "output " + inQuotes(path) + " is a directory");
        if (!S_ISREG(st.st_mode))
            return fail(Errc::Io, "output " + inQuotes(path) + " is not a regular file (" +
                                      kindOf(st.st_mode) + ")");
    } else if (errno == ELOOP) {
        return fail(Errc::Io,
                    "output " + inQuotes(path) + ": a loop of symbolic links in its folders");
    } else if (errno != ENOENT && errno != ENOTDIR) {
        return cannotWrite(path, std::strerror(errno));
    }
    const fs::path t(target);
    const std::string dir = t.has_parent_path() ? t.parent_path().string() : std::string(".");
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return cannotWrite(path, "folder " + inQuotes(dir) + " does not exist");
    if (::access(dir.c_str(), W_OK) != 0)
        return cannotWrite(
            path, "folder " + inQuotes(dir) + " is not writable (" + std::strerror(errno) + ")");
    return target;
}

}  // namespace

AtomicFile::AtomicFile() : m_out(nullptr) {}

AtomicFile::~AtomicFile() {
    discard();
}

std::string AtomicFile::writeError(int error) {
    switch (error) {
        case ENOSPC:
            return "no space left on the device";
        case EFBIG:
            return "file too large for the limit (ulimit -f)";
        case EDQUOT:
            return "disk quota exceeded";
        default:
            return std::strerror(error);
    }
}

Status AtomicFile::check(const std::string& path) {
    auto target = resolveTarget(path);
    if (!target) return target.error();
    return {};
}

Status AtomicFile::checkLink(const std::string& path) {
    return linkProblem(path);
}

Status AtomicFile::open(const std::string& path) {
    discard();
    auto target = resolveTarget(path);
    if (!target) return target.error();
    installTempCleanup();
    m_target = *target;
    m_shown = path;
    std::error_code ec;
    const fs::path t(m_target);
    const fs::path dir = fs::absolute(t.has_parent_path() ? t.parent_path() : fs::path("."), ec);
    removeStaleTemps(dir.string());
    for (int attempt = 0; attempt < 16 && m_fd < 0; ++attempt) {
        // A short name of its own, so that a target name near the file system's limit works.
        const std::string tmp = (dir / tempName()).string();
        m_registration.hold(tmp);  // before the file exists: a signal removes it from now on
        m_fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (m_fd >= 0) {
            m_tmp = tmp;
            break;
        }
        const int err = errno;
        m_registration.release();
        if (err != EEXIST) return cannotWrite(path, writeError(err));
    }
    if (m_fd < 0) return cannotWrite(path, "no free name for a temporary file");
    m_buffer = std::make_unique<Buffer>(m_fd);
    m_out.rdbuf(m_buffer.get());
    m_out.clear();
    return {};
}

Status AtomicFile::commit() {
    if (m_fd < 0) return fail(Errc::Io, "output " + inQuotes(m_shown) + " was not opened");
    m_out.flush();
    int err = m_buffer->error();
    if (err == 0 && !m_out.good()) err = EIO;
    // A file replaced keeps its permissions, less setuid and setgid; a new one has the default.
    struct stat old {};
    if (err == 0 && ::stat(m_target.c_str(), &old) == 0 && S_ISREG(old.st_mode))
        ::fchmod(m_fd, old.st_mode & 01777);
    if (::close(m_fd) != 0 && err == 0) err = errno;  // NFS reports a full disk here
    m_fd = -1;
    if (err == 0 && ::rename(m_tmp.c_str(), m_target.c_str()) != 0) err = errno;
    if (err != 0) {
        const std::string shown = m_shown;
        discard();
        return cannotWrite(shown, writeError(err));
    }
    m_tmp.clear();
    m_registration.release();
    m_out.rdbuf(nullptr);
    m_buffer.reset();
    return {};
}

void AtomicFile::discard() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
    if (!m_tmp.empty()) ::unlink(m_tmp.c_str());
    m_tmp.clear();
    m_registration.release();
    m_out.rdbuf(nullptr);
    m_buffer.reset();
}

OutputFolder::~OutputFolder() {
    if (m_keep) return;
    for (const auto& f : m_files) ::unlink(f.c_str());
    // Innermost first; rmdir removes empty folders only, so nothing of anyone else's goes.
    for (auto it = m_created.rbegin(); it != m_created.rend(); ++it) ::rmdir(it->c_str());
}

Status OutputFolder::create(const std::string& path) {
    if (auto st = linkProblem(path); !st) return st;
    std::vector<fs::path> missing;
    std::error_code ec;
    for (fs::path p = fs::absolute(path, ec); !p.empty(); p = p.parent_path()) {
        struct stat st {};
        if (::stat(p.c_str(), &st) == 0) {
            if (!S_ISDIR(st.st_mode))
                return cannotWrite(path, inQuotes(p.string()) + " is not a folder");
            break;
        }
        missing.push_back(p);
        if (p == p.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        if (::mkdir(it->c_str(), 0777) == 0)
            m_created.push_back(it->string());
        else if (errno != EEXIST)
            return cannotWrite(path, "cannot create the folder " + inQuotes(it->string()) + " (" +
                                         AtomicFile::writeError(errno) + ")");
    }
    return {};
}

void OutputFolder::adding(const std::string& file) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0) m_files.push_back(file);
}

void OutputFolder::keep() {
    m_keep = true;
}

}  // namespace poslab::core::io
