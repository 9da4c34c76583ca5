// Running the poslab binary from a test (the CLI and render suites, and the GPU backend's CLI
// checks): the exit code and both output streams, with extra environment variables ("" as a
// value removes the variable); and the fixture those suites share.
#pragma once

#include <QFileInfo>
#include <QList>
#include <QPair>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

namespace poslab::test {

struct Run {
    int code = -1;
    QByteArray out, err;
};

// This process's environment with `env` added ("" as a value removes the variable).
inline QProcessEnvironment environmentWith(const QList<QPair<QString, QString>>& env) {
    auto e = QProcessEnvironment::systemEnvironment();
    for (const auto& [k, v] : env) {
        if (v.isEmpty())
            e.remove(k);
        else
            e.insert(k, v);
    }
    return e;
}

inline Run runPoslab(const QStringList& args, const QList<QPair<QString, QString>>& env = {},
                     int timeoutMs = 300000) {
    QProcess p;
    p.setProcessEnvironment(environmentWith(env));
    p.start(qEnvironmentVariable("POSLAB_BIN"), args);
    p.waitForFinished(timeoutMs);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// A CLI suite's fixture, inherited next to QObject: a temporary folder for its outputs, removed
// with the suite, and the check of initTestCase that the binary CTest names is there.
class CliFixture {
public:
    bool ready() const {
        return QFileInfo(qEnvironmentVariable("POSLAB_BIN")).isExecutable() && m_dir.isValid();
    }
    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString folder() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
};

}  // namespace poslab::test
