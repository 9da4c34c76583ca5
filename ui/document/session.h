// Session files (issue 5): what the window shows, as a `.poslab` JSON document with a format
// version, so that a session saved, closed and reopened restores the same view exactly.
//
// Format 1:
// {
//   "format": 1, "application": "PosLab",
//   "page": "rope", "tab": 3, "view": "rope/decay",        view: "" on the Overview tab
//   "params": {"d": "128", "base": "10000", ...},           every value, as `-p KEY=VALUE` texts
//   "views": [{"tab": 0, "view": "rope/angles", "state": {...}}, ...],   view_state_json.h
//   "language": "en" | "zh", "theme": "light" | "dark",
//   "colormap": "auto" | "viridis" | "diverging", "backend": "cpu" | "auto" | "vulkan",
//   "model": {"name": "Llama 3.1 8B", "config": "<the config.json text>", "kind": "...",
//             "shown": true, "seq_len": 4097 (optional), "compare": {"name": ..., "config": ...,
//             "kind": ...}}   optional
//   "train": {"shown": true, "settings": {...}, "runs": [...]}   optional (train_session.h)
// }
// The model is kept by content (the config text, not a path), so a session opens on another
// machine; absent means no model (every file written before issue 11). Its config is read by
// the model reader when the session is opened, and a corrupt one refuses the whole file.
// Reading validates everything against the catalog and the ParamSpecs before anything is applied,
// so a corrupt file or one from a newer PosLab is refused with one line and changes nothing.
#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QVector>
#include <memory>
#include <optional>

#include "core/params/param_spec.h"
#include "gpu/backend_mode.h"
#include "ui/catalog/view_spec.h"
#include "ui/catalog/view_state_json.h"
#include "ui/figure/colormap.h"
#include "ui/shell/language.h"

QT_BEGIN_NAMESPACE
class QLockFile;
QT_END_NAMESPACE

namespace poslab::ui {

inline constexpr int kSessionFormat = 1;

// The state of one view widget: the same view id appears on the Overview and on its own tab,
// each with its own controls, so the tab is part of the key.
struct SessionView {
    int tab = 0;
    QString view;
    ViewState state;
    bool operator==(const SessionView&) const = default;
};

// The Model page's state (issue 11). compareConfig empty: nothing compared.
struct SessionModel {
    QString name, config, kind;
    bool shown = false;  // the window showed the Model page
    qint64 seqLen = 0;   // the sequence length s the model is read at; 0: none
    QString compareName, compareConfig, compareKind;
    bool operator==(const SessionModel&) const = default;
};

// The Training lab's part (ui/train/train_session.h): its comparison as compact JSON (validated
// when read), and whether the window showed the lab.
struct SessionTrain {
    bool shown = false;
    QByteArray json;
    bool operator==(const SessionTrain&) const = default;
};
struct SessionState {
    QString page;
    int tab = 0;
    QString view;  // the current tab's view id; empty on the Overview
    QMap<QString, QString> params;
    QVector<SessionView> views;
    Lang language = Lang::En;
    bool dark = false;
    ColormapChoice colormap = ColormapChoice::Auto;
    gpu::BackendMode backend = gpu::BackendMode::Cpu;
    std::optional<SessionModel> model;
    std::optional<SessionTrain> train;
    bool operator==(const SessionState&) const = default;
};

QByteArray sessionToJson(const SessionState& state);
// Whether the two states make the same file: what a file does not keep (the plot size in pixels
// that follows the window) is no change to the document.
bool sameDocument(const SessionState& a, const SessionState& b);
// Parses and validates; on failure returns false, leaves `state` untouched and sets `error` to one
// line naming the problem ("not a PosLab session (...)", "written by a newer PosLab (format 2;
// this version reads up to 1)", "unknown page \"x\"", "parameter 'base' = -1: ...").
bool sessionFromJson(const QByteArray& json, const Catalog& catalog, SessionState* state,
                     QString* error);
// The parameter values of a validated session: the page's preset overlaid with its texts. Values
// are not marked as given, as the parameter panel holds them (a `source` table still sets n, d).
core::Expected<core::ParamSet> sessionParams(const SessionState& state, const Catalog& catalog);

// Writes atomically (a temporary renamed over the target): a failed save leaves the old file as
// it was. Returns the error, empty on success.
QString writeSessionFile(const QString& path, const QByteArray& json);
QString saveSession(const QString& path, const SessionState& state);
// Reads and validates; the error names the file.
QString loadSession(const QString& path, const Catalog& catalog, SessionState* state);
// loadSession's two steps. The read follows the one input rule (core::io::readInputFile): regular
// files only (a FIFO, a device or a folder is refused before it is opened), 16 MiB at most, the
// memory budget. Each returns the error, naming the file, in the interface language.
QString readSessionFile(const QString& path, QByteArray* bytes);
QString parseSessionFile(const QString& path, const QByteArray& bytes, const Catalog& catalog,
                         SessionState* state);

// The autosaved session for crash recovery: `recovery.poslab` in a folder, guarded by a lock file
// held while PosLab runs. A clean exit removes the recovery file, so finding one while the lock
// is free means the previous run ended without closing (a crash). When another running PosLab
// holds the lock, this instance neither offers recovery nor writes (that file is the other's).
class RecoveryFile {
public:
    // `dir` empty: disabled (no autosave).
    explicit RecoveryFile(const QString& dir);
    ~RecoveryFile();
    RecoveryFile(const RecoveryFile&) = delete;
    RecoveryFile& operator=(const RecoveryFile&) = delete;

    // <AppDataLocation>/recovery
    static QString defaultDir();
    static QString filePathIn(const QString& dir);

    // Takes the lock; returns whether this instance owns the recovery file. Also notes whether a
    // recovery file was left behind by an earlier run. When it fails, problem() says why.
    bool acquire();
    // Why autosave is off after a failed acquire(), one line in the interface language: the
    // folder cannot be made or written (a read-only HOME, a file in the way), or another running
    // PosLab holds the lock. Empty when autosave works or is disabled (no folder).
    QString problem() const { return m_problem; }
    bool owned() const { return m_lock != nullptr; }
    bool leftover() const { return m_leftover; }
    QString path() const;

    // The session and the file it was opened from (empty: never saved). Returns the error.
    QString write(const SessionState& state, const QString& documentPath);
    // Reads the recovery file back; false with `error` when it is missing, corrupt or newer.
    bool read(const Catalog& catalog, SessionState* state, QString* documentPath,
              QString* error) const;
    // Removes this run's autosave. A leftover from a crash is never removed or overwritten by
    // write() until it is recovered (resolveLeftover) or discarded (discardLeftover).
    void remove();
    void resolveLeftover() { m_leftover = false; }
    void discardLeftover();

private:
    QString m_dir;
    std::unique_ptr<QLockFile> m_lock;
    bool m_leftover = false;
    QString m_problem;
};

}  // namespace poslab::ui
