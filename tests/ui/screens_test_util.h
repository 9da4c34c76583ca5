// Two offscreen screens side by side, a 1280 x 720 projector and a 1920 x 1080 monitor, for the
// layout suites: the platform reads them from a configuration file written before the
// application starts (useTwoScreens in main, before QApplication).
#pragma once

#include <QFile>
#include <QGuiApplication>
#include <QScreen>
#include <QTemporaryDir>

namespace poslab::ui::test {

inline const QSize kProjectorSize(1280, 720), kMonitorSize(1920, 1080);

inline QByteArray twoScreensConfig() {
    return QByteArrayLiteral(R"({"synchronousWindowSystemEvents": false,
  "windowFrameMargins": false,
  "screens": [
    {"name": "projector", "x": 0, "y": 0, "width": 1280, "height": 720,
     "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
    {"name": "monitor", "x": 1280, "y": 0, "width": 1920, "height": 1080,
     "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
}

// Writes the configuration into `dir` and points the offscreen platform at it; false when the
// file cannot be written.
inline bool useTwoScreens(const QTemporaryDir& dir) {
    const QString config = dir.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly) || file.write(twoScreensConfig()) < 0) return false;
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    return true;
}

inline QScreen* screenNamed(const QString& name) {
    for (QScreen* s : QGuiApplication::screens())
        if (s->name() == name) return s;
    return nullptr;
}

inline QScreen* screenOfSize(QSize size) {
    for (QScreen* s : QGuiApplication::screens())
        if (s->geometry().size() == size) return s;
    return nullptr;
}

}  // namespace poslab::ui::test
