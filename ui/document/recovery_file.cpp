// RecoveryFile (session.h): the autosave for crash recovery, its lock, and why it cannot work.
#include <unistd.h>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/expected.h"
#include "ui/document/session.h"
#include "ui/panels/error_words.h"

namespace poslab::ui {

RecoveryFile::RecoveryFile(const QString& dir) : m_dir(dir) {}

RecoveryFile::~RecoveryFile() = default;  // the lock is released; the recovery file stays

QString RecoveryFile::defaultDir() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

QString RecoveryFile::filePathIn(const QString& dir) {
    return QDir(dir).filePath(QStringLiteral("recovery.poslab"));
}

QString RecoveryFile::path() const {
    return m_dir.isEmpty() ? QString() : filePathIn(m_dir);
}

namespace {
// Why the folder `dir` cannot be made or written: the system's reason, in the interface language.
QString folderProblem(const QString& dir) {
    const std::string native = QFile::encodeName(dir).toStdString();
    std::error_code ec;
    if (QFileInfo(dir).exists() && !QFileInfo(dir).isDir())
        return QCoreApplication::translate("poslab::ui::Session",
                                           "a file of that name is in the way");
    if (!std::filesystem::create_directories(native, ec) && ec) return localisedError(ec.message());
    if (::access(native.c_str(), W_OK) != 0)
        return localisedError(std::string_view(std::strerror(errno)));
    return {};
}
}  // namespace

bool RecoveryFile::acquire() {
    if (m_dir.isEmpty() || m_lock) return owned();
    const QString shown = QString::fromStdString(
        core::echo(QDir::toNativeSeparators(m_dir).toStdString(), core::kEchoPathLimit));
    if (const QString why = folderProblem(m_dir); !why.isEmpty()) {
        m_problem = QCoreApplication::translate("poslab::ui::Session",
                                                "Autosave is off: cannot create %1 (%2)")
                        .arg(shown, why);
        return false;
    }
    auto lock = std::make_unique<QLockFile>(QDir(m_dir).filePath(QStringLiteral("running.lock")));
    // Stale only when its process is gone: a long session must keep the lock however old it is.
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0)) {
        // Held by a PosLab that runs now: its recovery file is its own, and this window's edits
        // are not autosaved. Any other failure is the folder's.
        m_problem = lock->error() == QLockFile::LockFailedError
                        ? QCoreApplication::translate("poslab::ui::Session",
                                                      "Autosave is off in this window: another "
                                                      "running PosLab autosaves to %1")
                              .arg(shown)
                        : QCoreApplication::translate("poslab::ui::Session",
                                                      "Autosave is off: cannot write in %1")
                              .arg(shown);
        return false;
    }
    m_problem.clear();
    m_lock = std::move(lock);
    m_leftover = QFileInfo::exists(path()) || QFileInfo(path()).isSymLink();
    return true;
}

QString RecoveryFile::write(const SessionState& state, const QString& documentPath) {
    if (!owned() || m_leftover) return {};
    QJsonObject o = QJsonDocument::fromJson(sessionToJson(state)).object();
    o[QStringLiteral("document")] = documentPath;  // ignored by sessionFromJson
    return writeSessionFile(path(), QJsonDocument(o).toJson(QJsonDocument::Indented));
}

bool RecoveryFile::read(const Catalog& catalog, SessionState* state, QString* documentPath,
                        QString* error) const {
    if (m_dir.isEmpty()) {
        *error = QCoreApplication::translate("poslab::ui::Session", "no recovery folder");
        return false;
    }
    // Read once: the file is not opened a second time for its document path.
    QByteArray bytes;
    *error = readSessionFile(path(), &bytes);
    if (error->isEmpty()) *error = parseSessionFile(path(), bytes, catalog, state);
    if (!error->isEmpty()) return false;
    *documentPath = QJsonDocument::fromJson(bytes)  // validated: the path is a plain string
                        .object()
                        .value(QStringLiteral("document"))
                        .toString();
    return true;
}

void RecoveryFile::remove() {
    if (!owned() || m_leftover) return;
    QFile::remove(path());
}

void RecoveryFile::discardLeftover() {
    if (!owned() || !m_leftover) return;
    QFile::remove(path());
    m_leftover = false;
}

}  // namespace poslab::ui
