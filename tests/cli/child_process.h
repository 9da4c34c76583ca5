// Running poslab as a child the test can signal and measure (QProcess tells neither the signal
// that ended a process nor its peak memory): fork and exec with every signal at its default
// action (a test started in the background inherits SIGINT ignored) and no core file, stderr to a
// file, then wait4 for the exit status, the signal and the peak resident memory.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QPair>
#include <QProcessEnvironment>
#include <QStringList>
#include <string>
#include <vector>

#include "tests/cli/cli_test_util.h"

namespace poslab::test {

// What else a child may be given: an address-space and a file-size limit (when positive), a
// file for its stdout (else /dev/null) and a working folder.
struct ChildLimits {
    long long addressSpace = 0, fileSize = 0;
    QString outFile, folder;
};

struct ChildExit {
    bool signaled = false;
    int code = -1;   // the exit status when not signaled
    int signal = 0;  // the signal that ended it
    long maxRssKiB = 0;
    QByteArray err;  // what it wrote on stderr
    QByteArray out;  // and on stdout, when ChildLimits named a file for it
};

class Child {
public:
    // Starts `program` (POSLAB_BIN when empty) with `args`; `env` adds variables ("" removes).
    Child(const QStringList& args, const QString& errFile, const QString& program = {},
          const QList<QPair<QString, QString>>& env = {}, const ChildLimits& limits = {})
        : m_errFile(errFile), m_outFile(limits.outFile) {
        const QString bin = program.isEmpty() ? qEnvironmentVariable("POSLAB_BIN") : program;
        std::vector<std::string> argv{bin.toStdString()};
        for (const auto& a : args) argv.push_back(a.toStdString());
        const QProcessEnvironment e = environmentWith(env);
        std::vector<std::string> envp;
        for (const auto& kv : e.toStringList()) envp.push_back(kv.toStdString());
        std::vector<char*> av, ev;
        for (auto& s : argv) av.push_back(s.data());
        av.push_back(nullptr);
        for (auto& s : envp) ev.push_back(s.data());
        ev.push_back(nullptr);
        const std::string err = errFile.toStdString(), out = limits.outFile.toStdString(),
                          folder = limits.folder.toStdString();
        const rlimit as{static_cast<rlim_t>(limits.addressSpace),
                        static_cast<rlim_t>(limits.addressSpace)};
        const rlimit fsize{static_cast<rlim_t>(limits.fileSize),
                           static_cast<rlim_t>(limits.fileSize)};
        m_pid = ::fork();
        if (m_pid == 0) {  // async-signal-safe calls only until exec
            struct sigaction dfl {};
            dfl.sa_handler = SIG_DFL;
            for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &dfl, nullptr);
            sigset_t none;
            sigemptyset(&none);
            ::sigprocmask(SIG_SETMASK, &none, nullptr);
            const rlimit noCore{0, 0};
            ::setrlimit(RLIMIT_CORE, &noCore);
            if (as.rlim_cur > 0) ::setrlimit(RLIMIT_AS, &as);
            if (fsize.rlim_cur > 0) ::setrlimit(RLIMIT_FSIZE, &fsize);
            if (!folder.empty() && ::chdir(folder.c_str()) != 0) ::_exit(126);
            const int null = ::open("/dev/null", O_RDWR);
            const int errFd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int outFd =
                out.empty() ? null : ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(null, 0);
            ::dup2(outFd, 1);
            ::dup2(errFd, 2);
            ::execve(av[0], av.data(), ev.data());
            ::_exit(127);
        }
    }
    ~Child() {
        if (m_pid > 0 && !m_waited) {
            ::kill(m_pid, SIGKILL);
            wait();
        }
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    pid_t pid() const { return m_pid; }
    // Whether it has ended (then wait() returns at once).
    bool ended() {
        if (m_waited) return true;
        int status = 0;
        rusage usage{};
        const pid_t r = ::wait4(m_pid, &status, WNOHANG, &usage);
        if (r != m_pid) return false;
        record(status, usage);
        return true;
    }
    ChildExit wait() {
        if (!m_waited) {
            int status = 0;
            rusage usage{};
            while (::wait4(m_pid, &status, 0, &usage) < 0 && errno == EINTR) {
            }
            record(status, usage);
        }
        QFile f(m_errFile), o(m_outFile);
        if (f.open(QIODevice::ReadOnly)) m_exit.err = f.readAll();
        if (!m_outFile.isEmpty() && o.open(QIODevice::ReadOnly)) m_exit.out = o.readAll();
        return m_exit;
    }

private:
    void record(int status, const rusage& usage) {
        m_waited = true;
        m_exit.signaled = WIFSIGNALED(status);
        m_exit.signal = m_exit.signaled ? WTERMSIG(status) : 0;
        m_exit.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        m_exit.maxRssKiB = usage.ru_maxrss;
    }

    QString m_errFile, m_outFile;
    pid_t m_pid = -1;
    bool m_waited = false;
    ChildExit m_exit;
};

}  // namespace poslab::test
