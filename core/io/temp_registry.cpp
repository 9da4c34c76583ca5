#include "core/io/temp_registry.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <random>

namespace poslab::core::io {

namespace {

// One temporary per slot. state: 0 free, 1 being filled, 2 registered. A handler copies a
// registered path and checks that the slot's generation did not move while it copied, so a path
// half overwritten by another thread is never removed.
constexpr int kSlots = 32;
constexpr std::size_t kPathBytes = 4096;

struct Slot {
    std::atomic<int> state{0};
    std::atomic<unsigned> generation{0};
    char path[kPathBytes] = {};
};

Slot g_slots[kSlots];

static_assert(std::atomic<int>::is_always_lock_free && std::atomic<unsigned>::is_always_lock_free,
              "signal handlers read the slots");

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ};

// Async-signal-safe: atomics, a copy into the stack and unlink(2).
void removeRegistered() {
    for (Slot& s : g_slots) {
        if (s.state.load(std::memory_order_acquire) != 2) continue;
        const unsigned generation = s.generation.load(std::memory_order_acquire);
        char copy[kPathBytes];
        std::size_t i = 0;
        for (; i + 1 < kPathBytes && s.path[i] != '\0'; ++i) copy[i] = s.path[i];
        copy[i] = '\0';
        std::atomic_thread_fence(std::memory_order_acquire);
        if (s.state.load(std::memory_order_acquire) == 2 &&
            s.generation.load(std::memory_order_acquire) == generation)
            ::unlink(copy);
    }
}

void onSignal(int sig, siginfo_t* info, void*) {
    // The kernel's SIGXFSZ for our own write past RLIMIT_FSIZE comes "from" this process: return,
    // so that the write fails with EFBIG and the writer reports it (one line, exit 2).
    if (sig == SIGXFSZ && info && info->si_code == SI_USER && info->si_pid == ::getpid()) return;
    const int saved = errno;
    removeRegistered();
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ::sigaction(sig, &dfl, nullptr);
    // Blocked while this handler runs: delivered, with the default action, as it returns.
    ::raise(sig);
    errno = saved;
}

}  // namespace

void installTempCleanup() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa {};
        sa.sa_sigaction = onSignal;
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&sa.sa_mask);
        for (int sig : kSignals) sigaddset(&sa.sa_mask, sig);
        for (int sig : kSignals) {
            struct sigaction old {};
            if (::sigaction(sig, nullptr, &old) != 0) continue;
            const bool isDefault = !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL;
            if (isDefault) ::sigaction(sig, &sa, nullptr);
        }
    });
}

bool TempRegistration::hold(const std::string& path) {
    release();
    if (path.size() + 1 > kPathBytes) return false;
    for (int i = 0; i < kSlots; ++i) {
        Slot& s = g_slots[i];
        int expected = 0;
        if (!s.state.compare_exchange_strong(expected, 1, std::memory_order_acq_rel)) continue;
        s.generation.fetch_add(1, std::memory_order_acq_rel);
        std::memcpy(s.path, path.c_str(), path.size() + 1);
        s.state.store(2, std::memory_order_release);
        m_slot = i;
        return true;
    }
    return false;
}

void TempRegistration::release() {
    if (m_slot < 0) return;
    Slot& s = g_slots[m_slot];
    s.state.store(1, std::memory_order_release);
    s.generation.fetch_add(1, std::memory_order_acq_rel);
    s.state.store(0, std::memory_order_release);
    m_slot = -1;
}

std::string tempName() {
    thread_local std::mt19937 rng{std::random_device{}()};
    char buf[64];
    std::snprintf(buf, sizeof buf, ".poslab-%ld-%08x.tmp", static_cast<long>(::getpid()),
                  static_cast<unsigned>(rng()));
    return buf;
}

bool isTempName(const std::string& name, long* pid) {
    static const std::string kHead = ".poslab-", kTail = ".tmp";
    if (name.size() <= kHead.size() + kTail.size() || name.compare(0, kHead.size(), kHead) != 0 ||
        name.compare(name.size() - kTail.size(), kTail.size(), kTail) != 0)
        return false;
    const std::string body =
        name.substr(kHead.size(), name.size() - kHead.size() - kTail.size());  // PID-RAND
    const auto dash = body.find('-');
    if (dash == 0 || dash == std::string::npos || dash > 10 || dash + 1 == body.size())
        return false;
    long value = 0;
    for (std::size_t i = 0; i < dash; ++i) {
        if (body[i] < '0' || body[i] > '9') return false;
        value = value * 10 + (body[i] - '0');
    }
    for (std::size_t i = dash + 1; i < body.size(); ++i)
        if (!std::isxdigit(static_cast<unsigned char>(body[i]))) return false;
    if (value <= 0) return false;
    if (pid) *pid = value;
    return true;
}

void removeStaleTemps(const std::string& dir) {
    DIR* d = ::opendir(dir.empty() ? "." : dir.c_str());
    if (!d) return;
    const long self = ::getpid();
    const int fd = ::dirfd(d);
    while (const dirent* e = ::readdir(d)) {
        long pid = 0;
        if (!isTempName(e->d_name, &pid) || pid == self) continue;
        if (pid > 0x7fffffffL || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH)
            continue;  // alive, or not ours to judge (EPERM: another user's live process)
        struct stat st {};
        if (::fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
            ::unlinkat(fd, e->d_name, 0);
    }
    ::closedir(d);
}

}  // namespace poslab::core::io
