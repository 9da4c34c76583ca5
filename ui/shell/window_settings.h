// The main window's settings (QSettings: ~/.config/PosLab/PosLab.conf) read as input (issue 23):
// every value is checked against what the window can show, and one that is not allowed (a colour
// map past the enum, a page that is gone, a tab past the page's last, a language, theme or
// backend that is not one of the words written, a window geometry Qt refuses) falls back to its
// default, named in one status-bar note ("Setting view/colormap = 100000000 is unknown; using
// the default").
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

#include "gpu/backend_mode.h"
#include "ui/figure/colormap.h"
#include "ui/shell/language.h"

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace poslab::ui {

class Catalog;

struct WindowSettings {
    QByteArray geometry, state;    // as saved (checked by restoreGeometry / restoreState)
    std::optional<Lang> language;  // none: not saved, or refused (the system's language)
    bool dark = false;
    ColormapChoice colormap = ColormapChoice::Auto;
    QString page = QStringLiteral("rope");
    int tab = 0;  // 0: the Overview; k: the page's k-th view
    gpu::BackendMode backend = gpu::BackendMode::Cpu;
    // Each refused value as "key = value" (the value echoed: one line, shortened).
    QStringList refused;
};

// Reads and checks every value; an absent key gives the default without a note.
WindowSettings readWindowSettings(const QSettings& settings, const Catalog& catalog);

// "key = value" for a refused value, as readWindowSettings lists them.
QString refusedSetting(const QString& key, const QString& value);

// The status-bar note for the refused settings, in the interface language; empty when none.
QString settingsNote(const QStringList& refused);

}  // namespace poslab::ui
