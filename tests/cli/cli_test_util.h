// Running the poslab binary from a test (the CLI and render suites, and the GPU backend's CLI
// checks): the exit code and both output streams, with extra environment variables ("" as a
// value removes the variable).
#pragma once

#include <QList>
#include <QPair>
#include <QProcess>
#include <QStringList>

namespace poslab::test {

struct Run {
    int code = -1;
    QByteArray out, err;
};

inline Run runPoslab(const QStringList& args, const QList<QPair<QString, QString>>& env = {},
                     int timeoutMs = 300000) {
    QProcess p;
    auto e = QProcessEnvironment::systemEnvironment();
    for (const auto& [k, v] : env) {
        if (v.isEmpty())
            e.remove(k);
        else
            e.insert(k, v);
    }
    p.setProcessEnvironment(e);
    p.start(qEnvironmentVariable("POSLAB_BIN"), args);
    p.waitForFinished(timeoutMs);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

}  // namespace poslab::test
