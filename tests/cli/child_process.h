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

namespace poslab::test {

struct ChildExit {
    bool signaled = false;
    int code = -1;   // the exit status when not signaled
    int signal = 0;  // the signal that ended it
    long maxRssKiB = 0;
    QByteArray err;  // what it wrote on stderr
};

class Child {
public:
    // Starts `program` (POSLAB_BIN when empty) with `args`; `env` adds variables ("" removes).
    Child(const QStringList& args, const QString& errFile, const QString& program = {},
          const QList<QPair<QString, QString>>& env = {})
        : m_errFile(errFile) {
        const QString bin = program.isEmpty() ? qEnvironmentVariable("POSLAB_BIN") : program;
        std::vector<std::string> argv{bin.toStdString()};
        for (const auto& a : args) argv.push_back(a.toStdString());
        auto e = QProcessEnvironment::systemEnvironment();
        for (const auto& [k, v] : env) {
            if (v.isEmpty())
                e.remove(k);
            else
                e.insert(k, v);
        }
        std::vector<std::string> envp;
        for (const auto& kv : e.toStringList()) envp.push_back(kv.toStdString());
        std::vector<char*> av, ev;
        for (auto& s : argv) av.push_back(s.data());
        av.push_back(nullptr);
        for (auto& s : envp) ev.push_back(s.data());
        ev.push_back(nullptr);
        const std::string err = errFile.toStdString();
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
            const int null = ::open("/dev/null", O_RDWR);
            const int errFd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(null, 0);
            ::dup2(null, 1);
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
        QFile f(m_errFile);
        if (f.open(QIODevice::ReadOnly)) m_exit.err = f.readAll();
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

    QString m_errFile;
    pid_t m_pid = -1;
    bool m_waited = false;
    ChildExit m_exit;
};

}  // namespace poslab::test
