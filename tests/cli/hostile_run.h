// Running a program as the reliability review did (issue 23): with a memory or file-size limit
// of its own, its outputs in files beside its folder, a guard against hangs, and the peak memory
// it used (wait4's rusage, so a test holds a reader to the memory budget without timing it).
#pragma once

#include <QFile>
#include <QThread>

#include "tests/cli/child_process.h"

namespace poslab::test {

struct Limited {
    int code = -1;      // the exit code; 128 + N when ended by signal N
    bool hung = false;  // still running at the guard: killed
    long peakKiB = 0;
    QByteArray out, err;
};

// Runs `program args` in `dir` with `env` added ("" removes a variable) under the address-space
// and file-size limits when positive; kills it after `guardSeconds` (a hang guard, not a speed
// test). Its streams are kept beside `dir`, so that what it leaves in `dir` is all it wrote.
inline Limited runLimited(const QString& program, const QStringList& args, const QString& dir,
                          const QList<QPair<QString, QString>>& env = {}, long long asBytes = 0,
                          long long fsizeBytes = 0, int guardSeconds = 120) {
    Limited r;
    ChildExit e;
    {
        Child child(args, dir + ".stderr", program, env,
                    ChildLimits{asBytes, fsizeBytes, dir + ".stdout", dir});
        for (int waited = 0; !child.ended(); waited += 20) {
            if (waited > guardSeconds * 1000) {
                r.hung = true;
                ::kill(child.pid(), SIGKILL);
                break;
            }
            QThread::msleep(20);
        }
        e = child.wait();
    }
    r.code = e.signaled ? 128 + e.signal : e.code;
    r.peakKiB = e.maxRssKiB;
    r.out = e.out;
    r.err = e.err;
    QFile::remove(dir + ".stdout");
    QFile::remove(dir + ".stderr");
    return r;
}

}  // namespace poslab::test
