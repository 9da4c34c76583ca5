// Helpers of the hostile-input suites (tst_hostile_gui, tst_hostile_settings,
// tst_hostile_recovery, issue 23): files that are not files, settings in a folder of the test's
// own, and answering the window's message boxes.
#pragma once

#include <sys/stat.h>
#include <unistd.h>
#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QString>
#include <QTemporaryDir>
#include <QTimer>

#include "tests/ui/session_test_util.h"

namespace poslab::ui::hostile {

// Makes `path` the hostile thing `kind` names: "fifo", "folder", "zero link" (a link to
// /dev/zero), "large" (a sparse regular file of 17 MiB, over every reader's cap). "dev zero"
// needs nothing: the path is /dev/zero. Returns the path to read.
inline QString makeHostile(const QString& kind, const QString& path) {
    if (kind == QLatin1String("fifo"))
        return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0 ? path : QString();
    if (kind == QLatin1String("folder")) return QDir().mkpath(path) ? path : QString();
    if (kind == QLatin1String("zero link"))
        return QFile::link(QStringLiteral("/dev/zero"), path) ? path : QString();
    if (kind == QLatin1String("dev zero")) return QStringLiteral("/dev/zero");
    if (kind == QLatin1String("large")) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.resize(17 << 20) ? path : QString();
    }
    return {};
}

// QSettings of this test only, in a fresh folder: each call gives a folder no QSettings has read
// yet (Qt caches a settings file by its path).
inline void useSettingsIn(const QString& dir) {
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
}

// The settings file QSettings() reads once useSettingsIn(dir): written as raw text, as a user, a
// newer PosLab or a hostile download could have left it. `values`: "key" -> raw value.
inline bool writeSettingsFile(const QString& dir, const QList<QPair<QString, QByteArray>>& values) {
    QMap<QString, QByteArray> sections;
    for (const auto& [key, value] : values) {
        const bool grouped = key.contains(QLatin1Char('/'));
        const QString section = grouped ? key.section(QLatin1Char('/'), 0, 0) : "General";
        sections[section] +=
            (grouped ? key.section(QLatin1Char('/'), 1) : key).toUtf8() + '=' + value + '\n';
    }
    QByteArray text;
    for (auto it = sections.begin(); it != sections.end(); ++it)
        text += '[' + it.key().toUtf8() + "]\n" + it.value();
    QDir().mkpath(dir + QStringLiteral("/PosLab"));
    return sessiontest::writeFile(dir + QStringLiteral("/PosLab/PosLab.conf"), text);
}

// Answers every message box the window opens while this lives: Yes where offered (recover),
// else OK; keeps their texts.
class BoxAnswerer : public QObject {
public:
    BoxAnswerer() {
        m_timer.setInterval(20);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || !box->isVisible()) return;
            texts << box->text();
            QAbstractButton* yes = box->button(QMessageBox::Yes);
            QAbstractButton* ok = box->button(QMessageBox::Ok);
            if (yes)
                yes->click();
            else if (ok)
                ok->click();
            else
                box->reject();
        });
        m_timer.start();
    }
    QStringList texts;

private:
    QTimer m_timer;
};

}  // namespace poslab::ui::hostile
