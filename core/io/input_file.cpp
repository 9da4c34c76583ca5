#include "core/io/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/compute.h"
#include "core/io/npy.h"

namespace poslab::core::io {

const InputRule& inputRule(InputKind kind) {
    static const InputRule kConfig{"config", 4u << 20};
    static const InputRule kSession{"session", 16u << 20};  // a session may embed a config
    static const InputRule kLesson{"lesson", 4u << 20};
    switch (kind) {
        case InputKind::Config:
            return kConfig;
        case InputKind::Session:
            return kSession;
        case InputKind::Lesson:
            return kLesson;
    }
    return kConfig;
}

namespace {

const char* fileKind(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

Expected<std::string> readInputFile(const std::string& path, InputKind kind, double budget) {
    const InputRule& rule = inputRule(kind);
    const std::string head = std::string(rule.what) + " file '" + echo(path, kEchoPathLimit) + "'";
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return fail(Errc::Io, head + " cannot be read: " + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return fail(Errc::Io, head + " is not a regular file (" + fileKind(st.st_mode) + ")");
    const auto tooLarge = [&](std::uint64_t size) {
        return fail(Errc::Io, head + ": " + std::to_string(size) + " bytes, more than the " +
                                  formatBytes(static_cast<double>(rule.maxBytes)) + " a " +
                                  rule.what + " file may have");
    };
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > rule.maxBytes) return tooLarge(size);
    const double limit = budget > 0 ? budget : inputBudget();
    if (const double need = kJsonBytesPerByte * static_cast<double>(size); need > limit)
        return fail(Errc::OverBudget, head + ": reading " + std::to_string(size) +
                                          " bytes would need " + formatBytes(need) +
                                          ", more than the memory budget of " + formatBytes(limit));
    // O_NONBLOCK: should the path have been swapped for a FIFO since stat, open does not wait.
    Fd in{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
    if (in.fd < 0) return fail(Errc::Io, head + " cannot be read: " + std::strerror(errno));
    if (::fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode))
        return fail(Errc::Io, head + " is not a regular file (" + fileKind(st.st_mode) + ")");
    std::string text;
    text.resize(static_cast<std::size_t>(st.st_size));
    std::size_t got = 0;
    // Read to the end: the file may have grown since fstat, but never past the cap.
    for (;;) {
        if (got == text.size()) {
            if (text.size() > rule.maxBytes) return tooLarge(text.size());
            text.resize(text.size() + 4096);
        }
        const ssize_t n = ::read(in.fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return fail(Errc::Io, head + ": read error: " + std::strerror(errno));
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    text.resize(got);
    return text;
}

Status checkJsonDepth(std::string_view text, std::string_view what, std::size_t maxDepth) {
    std::size_t depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > maxDepth)
                return fail(std::string(what) + ": nested more than " + std::to_string(maxDepth) +
                            " levels deep (at byte " + std::to_string(i) + ")");
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return {};
}

}  // namespace poslab::core::io
