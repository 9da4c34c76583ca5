// Running a program as the reliability review did (issue 23): with a memory or file-size limit
// of its own, its outputs in files, a guard against hangs, and the peak memory it used (from
// wait4's rusage, so a test can hold a reader to the memory budget without a timing assertion).
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QThread>

#include <cstdlib>
#include <string>
#include <vector>

namespace poslab::test {

struct Limited {
    int code = -1;      // the exit code; 128 + N when killed by signal N
    bool hung = false;  // still running at the guard: killed
    long peakKiB = 0;   // ru_maxrss of the child
    QByteArray out, err;
};

// Runs `program args` in `dir` with `env` added (a value of "" removes the variable), an address
// space limit of `asBytes` and a file size limit of `fsizeBytes` when positive, and kills it after
// `guardSeconds` (a hang guard, not a speed test).
inline Limited runLimited(const QString& program, const QStringList& args, const QString& dir,
                          const QList<QPair<QString, QString>>& env = {}, long long asBytes = 0,
                          long long fsizeBytes = 0, int guardSeconds = 120) {
    // The streams are kept beside `dir`, so that what the program leaves in it is all it wrote.
    const QString outPath = dir + ".stdout", errPath = dir + ".stderr";
    std::vector<std::string> argv{program.toStdString()};
    for (const QString& a : args) argv.push_back(a.toStdString());
    std::vector<char*> cargv;
    for (auto& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    const std::string out = outPath.toStdString(), err = errPath.toStdString(),
                      cwd = dir.toStdString();
    std::vector<std::pair<std::string, std::string>> vars;
    for (const auto& [k, v] : env) vars.emplace_back(k.toStdString(), v.toStdString());
    const pid_t pid = ::fork();
    if (pid == 0) {
        for (const auto& [k, v] : vars) {
            if (v.empty())
                ::unsetenv(k.c_str());
            else
                ::setenv(k.c_str(), v.c_str(), 1);
        }
        if (asBytes > 0) {
            const rlimit r{static_cast<rlim_t>(asBytes), static_cast<rlim_t>(asBytes)};
            ::setrlimit(RLIMIT_AS, &r);
        }
        if (fsizeBytes > 0) {
            const rlimit r{static_cast<rlim_t>(fsizeBytes), static_cast<rlim_t>(fsizeBytes)};
            ::setrlimit(RLIMIT_FSIZE, &r);
        }
        if (::chdir(cwd.c_str()) != 0) ::_exit(126);
        const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(o, 1);
        ::dup2(e, 2);
        const int devnull = ::open("/dev/null", O_RDONLY);
        ::dup2(devnull, 0);
        ::execv(cargv[0], cargv.data());
        ::_exit(127);
    }
    Limited r;
    int status = 0;
    rusage use{};
    for (int waited = 0;; waited += 20) {
        const pid_t done = ::wait4(pid, &status, WNOHANG, &use);
        if (done == pid) break;
        if (waited > guardSeconds * 1000) {
            r.hung = true;
            ::kill(pid, SIGKILL);
            ::wait4(pid, &status, 0, &use);
            break;
        }
        QThread::msleep(20);
    }
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.peakKiB = use.ru_maxrss;
    QFile o(outPath), e(errPath);
    if (o.open(QIODevice::ReadOnly)) r.out = o.readAll();
    if (e.open(QIODevice::ReadOnly)) r.err = e.readAll();
    QFile::remove(outPath);
    QFile::remove(errPath);
    return r;
}

}  // namespace poslab::test
