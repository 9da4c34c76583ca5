// The document side of the main window (issue 5): the session file it shows, whether the state
// differs from that file, Save / Open / recent files, the autosave to a recovery file and the
// offer to recover after a crash. The window supplies two functions, one that captures its state
// and one that applies a validated state; everything about files lives here.
#pragma once

#include <QMessageBox>
#include <QObject>
#include <QStringList>
#include <functional>
#include <optional>

#include "ui/document/session.h"

QT_BEGIN_NAMESPACE
class QMenu;
class QTimer;
class QWidget;
QT_END_NAMESPACE

namespace poslab::ui {

struct SessionControllerOptions {
    bool persist = true;     // QSettings (recent files) and dialogs; off in tests
    QString recoveryDir;     // empty: no autosave
    int autosaveMs = 30000;  // from the first change to the write of the recovery file
};

class SessionController : public QObject {
    Q_OBJECT
public:
    using Capture = std::function<SessionState()>;
    using Apply = std::function<QString(const SessionState&)>;  // returns the error

    SessionController(QWidget* window, const Catalog& catalog, Capture capture, Apply apply,
                      SessionControllerOptions options);
    ~SessionController() override;

    // Call once the window shows its starting state: that state counts as unmodified. Takes the
    // recovery lock.
    void start();
    // The window is being destroyed: its widgets may no longer be captured, so later
    // stateChanged() calls (the undo stack clearing itself, tabs going) are ignored.
    void finish();

    QString filePath() const { return m_path; }
    // The window's state may have changed: recompute the modified flag, schedule the autosave.
    void stateChanged();

    // Return the error (empty on success). A failed open changes nothing; a failed save leaves
    // the file as it was.
    QString save(const QString& path);
    QString open(const QString& path);
    // A fresh, unnamed session (the window has already reset itself).
    void reset();

    // Dialog-driven versions for the menus (dialogs only when persist; errors in a message box,
    // or on the `message` signal without it).
    void openWithDialog();
    void openRecent(const QString& path);
    bool saveWithDialog();  // Save: asks for a name only when there is none
    bool saveAsWithDialog();
    // Before New, Open or close: offers to save unsaved changes; false when the user cancels.
    bool maybeSave();
    // The question maybeSave asks (not shown): Save, Discard, Cancel, with Cancel the default and
    // the Escape button, so that Enter or Escape never overwrites a file or drops the changes.
    QMessageBox* unsavedChangesBox() const;

    QStringList recentFiles() const { return m_recent; }
    void fillRecentMenu(QMenu* menu);

    // Crash recovery.
    bool recoveryAvailable() const;
    // Why this window does not autosave (from start(); one line), empty when it does or when
    // autosave is disabled.
    QString autosaveProblem() const { return m_recovery.problem(); }
    QString recover();
    void discardRecovery();
    void offerRecovery();  // asks with a message box (persist only)
    // A clean exit: the recovery file is no longer needed.
    void cleanExit();
    // Writes the recovery file now if the state is modified (the autosave timer calls this).
    void autosave();

signals:
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);
    void message(const QString& text);  // a failed autosave, an error without a dialog

private:
    void setPath(const QString& path);
    // After a save or an open: the file is the document, recent, and nothing is unsaved.
    void becameDocument(const QString& path);
    void setModified(bool modified);
    void addRecent(const QString& path);
    void reportError(const QString& title, const QString& text);

    QWidget* m_window;
    const Catalog& m_catalog;
    Capture m_capture;
    Apply m_apply;
    SessionControllerOptions m_options;
    RecoveryFile m_recovery;
    QTimer* m_autosave;
    bool m_started = false;
    QString m_path;
    std::optional<SessionState> m_saved;  // none: differs from any file (a recovered session)
    bool m_modified = false;
    QStringList m_recent;
};

}  // namespace poslab::ui
