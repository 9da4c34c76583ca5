#include "ui/document/session_controller.h"

#include <memory>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QWidget>

#include "core/expected.h"

namespace poslab::ui {

namespace {
constexpr int kMaxRecent = 8;
}

SessionController::SessionController(QWidget* window, const Catalog& catalog, Capture capture,
                                     Apply apply, SessionControllerOptions options)
    : QObject(window),
      m_window(window),
      m_catalog(catalog),
      m_capture(std::move(capture)),
      m_apply(std::move(apply)),
      m_options(std::move(options)),
      m_recovery(m_options.recoveryDir) {
    m_autosave = new QTimer(this);
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(std::max(0, m_options.autosaveMs));
    connect(m_autosave, &QTimer::timeout, this, &SessionController::autosave);
    if (m_options.persist) {
        // A settings value like any other input: paths only (opening one is checked then), no
        // empty or repeated entry, at most kMaxRecent.
        for (const QString& path : QSettings().value("session/recent").toStringList())
            if (!path.isEmpty() && !m_recent.contains(path) && m_recent.size() < kMaxRecent)
                m_recent << path;
    }
}

SessionController::~SessionController() = default;

void SessionController::start() {
    m_saved = m_capture();
    m_started = true;
    m_recovery.acquire();
    setModified(false);
}

void SessionController::finish() {
    m_started = false;
    m_autosave->stop();
}

void SessionController::stateChanged() {
    if (!m_started) return;
    const bool modified = !m_saved || !sameDocument(m_capture(), *m_saved);
    setModified(modified);
    if (!m_recovery.owned()) return;
    // Started once per burst of edits, not restarted by each: a long slider drag must not keep
    // postponing the write.
    if (modified && !m_autosave->isActive()) m_autosave->start();
    if (!modified) {
        m_autosave->stop();
        m_recovery.remove();  // the file on disk holds this state; nothing to recover
    }
}

void SessionController::autosave() {
    if (!m_started || !m_recovery.owned()) return;
    if (!m_modified) {
        m_recovery.remove();
        return;
    }
    const QString error = m_recovery.write(m_capture(), m_path);
    if (!error.isEmpty()) emit message(tr("Autosave failed: %1").arg(error));
}

QString SessionController::save(const QString& path) {
    const SessionState state = m_capture();
    const QString error = saveSession(path, state);
    if (!error.isEmpty()) return error;
    m_saved = state;
    becameDocument(path);
    return {};
}

QString SessionController::open(const QString& path) {
    SessionState state;
    if (QString error = loadSession(path, m_catalog, &state); !error.isEmpty()) return error;
    if (QString error = m_apply(state); !error.isEmpty()) return error;
    // What the window shows now is the file's state (captured, so that later comparisons see
    // exactly what the widgets report).
    m_saved = m_capture();
    becameDocument(path);
    return {};
}

void SessionController::becameDocument(const QString& path) {
    // The window now shows exactly this file: no recovery copy is needed until the next edit.
    setPath(QFileInfo(path).absoluteFilePath());
    addRecent(m_path);
    m_autosave->stop();
    m_recovery.remove();
    setModified(false);
}

void SessionController::reset() {
    m_saved = m_capture();
    setPath(QString());
    m_autosave->stop();
    m_recovery.remove();
    setModified(false);
}

void SessionController::openWithDialog() {
    if (!maybeSave()) return;
    const QString dir = m_path.isEmpty() ? QDir::homePath() : QFileInfo(m_path).absolutePath();
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Open a session"), dir,
                                                      tr("PosLab sessions (*.poslab)"));
    if (file.isEmpty()) return;
    if (const QString error = open(file); !error.isEmpty())
        reportError(tr("Open a session"), tr("The session was not opened: %1").arg(error));
}

void SessionController::openRecent(const QString& path) {
    if (!maybeSave()) return;
    if (const QString error = open(path); !error.isEmpty())
        reportError(tr("Open a session"), tr("The session was not opened: %1").arg(error));
}

bool SessionController::saveWithDialog() {
    if (m_path.isEmpty()) return saveAsWithDialog();
    if (const QString error = save(m_path); !error.isEmpty()) {
        reportError(tr("Save the session"), tr("The session was not saved: %1").arg(error));
        return false;
    }
    return true;
}

bool SessionController::saveAsWithDialog() {
    if (!m_options.persist) return false;  // no file dialogs in tests
    const QString start =
        m_path.isEmpty() ? QDir::home().filePath(tr("untitled") + ".poslab") : m_path;
    QString file = QFileDialog::getSaveFileName(m_window, tr("Save the session"), start,
                                                tr("PosLab sessions (*.poslab)"));
    if (file.isEmpty()) return false;
    if (QFileInfo(file).suffix().isEmpty()) file += QStringLiteral(".poslab");
    if (const QString error = save(file); !error.isEmpty()) {
        reportError(tr("Save the session"), tr("The session was not saved: %1").arg(error));
        return false;
    }
    return true;
}

bool SessionController::maybeSave() {
    if (!m_options.persist || !m_modified) return true;
    std::unique_ptr<QMessageBox> box(unsavedChangesBox());
    const int answer = box->exec();
    if (answer == QMessageBox::Cancel) return false;
    if (answer == QMessageBox::Save) return saveWithDialog();
    return true;
}

QMessageBox* SessionController::unsavedChangesBox() const {
    const QString name = m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
    auto* box =
        new QMessageBox(QMessageBox::Question, tr("Unsaved changes"),
                        tr("The session \"%1\" has unsaved changes. Save them?").arg(name),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    return box;
}

void SessionController::fillRecentMenu(QMenu* menu) {
    menu->clear();
    for (const QString& path : m_recent) {
        QAction* a = menu->addAction(QString::fromStdString(
            core::echo(QDir::toNativeSeparators(path).toStdString(), core::kEchoPathLimit)));
        connect(a, &QAction::triggered, this, [this, path] { openRecent(path); });
    }
    if (m_recent.isEmpty()) menu->addAction(tr("(none)"))->setEnabled(false);
    menu->addSeparator();
    QAction* clear = menu->addAction(tr("Clear the list"), this, [this] {
        m_recent.clear();
        if (m_options.persist) QSettings().setValue("session/recent", m_recent);
    });
    clear->setEnabled(!m_recent.isEmpty());
}

bool SessionController::recoveryAvailable() const {
    return m_recovery.owned() && m_recovery.leftover();
}

QString SessionController::recover() {
    if (!recoveryAvailable()) return tr("there is no session to recover");
    SessionState state;
    QString document, error;
    if (!m_recovery.read(m_catalog, &state, &document, &error)) return error;
    if (error = m_apply(state); !error.isEmpty()) return error;
    // The recovered state was never saved: it stays modified, and autosaved, until it is. The
    // file is rewritten at once so that a second crash still finds it.
    m_recovery.resolveLeftover();
    m_saved.reset();
    setPath(document);
    setModified(true);
    autosave();
    return {};
}

void SessionController::discardRecovery() {
    m_recovery.discardLeftover();
}

void SessionController::offerRecovery() {
    if (!m_options.persist || !recoveryAvailable()) return;
    const QFileInfo info(m_recovery.path());
    const auto answer = QMessageBox::question(
        m_window, tr("Recover the session"),
        tr("PosLab did not close normally last time. Recover the session autosaved at %1?")
            .arg(QLocale().toString(info.lastModified(), QLocale::ShortFormat)),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer != QMessageBox::Yes) {
        discardRecovery();
        return;
    }
    if (const QString error = recover(); !error.isEmpty())
        reportError(tr("Recover the session"),
                    tr("The session could not be recovered: %1\nThe file is kept at %2.")
                        .arg(error, QDir::toNativeSeparators(m_recovery.path())));
}

void SessionController::cleanExit() {
    m_autosave->stop();
    m_recovery.remove();
}

void SessionController::setPath(const QString& path) {
    if (path == m_path) return;
    m_path = path;
    emit filePathChanged(m_path);
}

void SessionController::setModified(bool modified) {
    if (modified == m_modified) return;
    m_modified = modified;
    emit modifiedChanged(modified);
}

void SessionController::addRecent(const QString& path) {
    m_recent.removeAll(path);
    m_recent.prepend(path);
    while (m_recent.size() > kMaxRecent) m_recent.removeLast();
    if (m_options.persist) QSettings().setValue("session/recent", m_recent);
}

void SessionController::reportError(const QString& title, const QString& text) {
    if (m_options.persist)
        QMessageBox::warning(m_window, title, text);
    else
        emit message(text);
}

}  // namespace poslab::ui
