#include "ui/shell/gui_main.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStyleFactory>
#include <QTimer>
#include <cstdio>

#include "ui/document/lesson_player.h"
#include "ui/model/model_page.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/main_window.h"
#include "ui/train/train_page.h"
#include "ui/train/train_settings.h"

namespace poslab::ui {

void setUpApplication() {
    QCoreApplication::setOrganizationName(QStringLiteral("PosLab"));
    QCoreApplication::setApplicationName(QStringLiteral("PosLab"));
    // Wayland docks match the window to the installed org.poslab.PosLab.desktop (its icon).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.poslab.PosLab"));
    if (auto* style = QStyleFactory::create(QStringLiteral("Fusion")))
        QApplication::setStyle(style);
}

std::unique_ptr<QApplication> makeOffscreenApplication() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        // What Qt would pick anyway, made here so that it does not warn on stderr.
        const QString user = qEnvironmentVariable("USER", QStringLiteral("poslab"));
        const QString runtime = QDir::temp().filePath(QStringLiteral("runtime-%1").arg(user));
        if (QDir().mkpath(runtime) &&
            QFile::setPermissions(
                runtime, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
            qputenv("XDG_RUNTIME_DIR", runtime.toLocal8Bit());
    }
    std::unique_ptr<QApplication> app;
    if (!QApplication::instance()) {
        static int argc = 1;
        static char name[] = "poslab";
        static char* argv[] = {name, nullptr};
        app = std::make_unique<QApplication>(argc, argv);
    }
    setUpApplication();
    return app;
}

namespace {

// Screenshot hooks of issue 11: POSLAB_MODEL=<preset id or file> [POSLAB_MODEL_KIND=<kind>]
// [POSLAB_COMPARE=<preset id or file>] opens the Model page; POSLAB_LESSON=<built-in lesson id
// or file> [POSLAB_LESSON_STEP=<1-based step>] starts a lesson there; POSLAB_PRESENT=1 enters
// presentation mode; POSLAB_PARAMS=<key=value;...> types values into the parameter panel, as a
// user would (a refused one is marked there).
void applyStartHooks(MainWindow& window) {
    auto report = [](const QString& e) {
        if (!e.isEmpty()) std::fprintf(stderr, "poslab: %s\n", qPrintable(e));
    };
    for (const QString& kv : qEnvironmentVariable("POSLAB_PARAMS").split(';', Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf('=');
        if (eq <= 0 || !window.paramPanel()->setText(kv.left(eq).trimmed(), kv.mid(eq + 1)))
            report(QStringLiteral("POSLAB_PARAMS: cannot set \"%1\"").arg(kv));
    }
    if (qEnvironmentVariableIsSet("POSLAB_MODEL")) {
        const QString m = qEnvironmentVariable("POSLAB_MODEL");
        ModelPage* page = window.modelPage();
        report(QFileInfo(m).isFile()
                   ? window.openModelFile(m)
                   : page->openPreset(m, qEnvironmentVariable("POSLAB_MODEL_KIND")));
        if (qEnvironmentVariableIsSet("POSLAB_COMPARE")) {
            const QString c = qEnvironmentVariable("POSLAB_COMPARE");
            report(QFileInfo(c).isFile() ? page->openCompareFile(c) : page->openComparePreset(c));
        }
        window.showModelPage();
    }
    // The Training lab with these settings (train_settings.h's JSON), started at once.
    if (qEnvironmentVariableIsSet("POSLAB_TRAIN")) {
        const QJsonDocument doc = QJsonDocument::fromJson(qgetenv("POSLAB_TRAIN"));
        TrainSettings settings;
        QString error = QStringLiteral("POSLAB_TRAIN: not a JSON object");
        if (doc.isObject() && trainSettingsFromJson(doc.object(), &settings, &error)) {
            window.trainPage()->setSettings(settings);
            window.showTrainPage();
            error = window.trainPage()->start();
        }
        report(error);
    }
    if (qEnvironmentVariableIsSet("POSLAB_LESSON")) {
        const QString id = qEnvironmentVariable("POSLAB_LESSON");
        QString error = QStringLiteral("no built-in lesson \"%1\"").arg(id);
        if (QFileInfo(id).isFile()) {
            error = window.openLessonFile(id);
        } else {
            for (const Lesson& l : builtinLessons(Catalog::instance()))
                if (l.id == id) error = window.startLesson(l);
        }
        report(error);
        if (error.isEmpty() && qEnvironmentVariableIsSet("POSLAB_LESSON_STEP"))
            window.lessonPlayer()->go(qEnvironmentVariableIntValue("POSLAB_LESSON_STEP") - 1);
    }
    if (qEnvironmentVariableIntValue("POSLAB_PRESENT") == 1) window.setPresentation(true);
}

}  // namespace

int runGui(int argc, char** argv) {
    QApplication app(argc, argv);
    setUpApplication();
    const QString shot = qEnvironmentVariable("POSLAB_SCREENSHOT");
    MainWindowOptions options;
    options.persist = shot.isEmpty();
    MainWindow window(options);
    if (qEnvironmentVariableIsSet("POSLAB_LANG"))
        window.setLanguage(languageFromCode(qEnvironmentVariable("POSLAB_LANG")));
    if (qEnvironmentVariableIsSet("POSLAB_THEME"))
        window.setDark(qEnvironmentVariable("POSLAB_THEME") == QLatin1String("dark"));
    if (qEnvironmentVariableIsSet("POSLAB_PAGE") || qEnvironmentVariableIsSet("POSLAB_TAB"))
        window.openPage(qEnvironmentVariable("POSLAB_PAGE", QStringLiteral("rope")),
                        qEnvironmentVariableIntValue("POSLAB_TAB"));
    applyStartHooks(window);
    if (qEnvironmentVariableIsSet("POSLAB_SIZE")) {
        const auto parts = qEnvironmentVariable("POSLAB_SIZE").split('x');
        if (parts.size() == 2) window.resize(parts[0].toInt(), parts[1].toInt());
    }
    window.show();
    if (!shot.isEmpty()) {
        auto grabAndQuit = [&window, shot] {
            const bool ok = window.grab().save(shot);
            std::fprintf(stderr,
                         ok ? "poslab: screenshot written to %s\n" : "poslab: could not write %s\n",
                         qPrintable(shot));
            QCoreApplication::exit(ok ? 0 : 1);
        };
        QObject::connect(
            &window, &MainWindow::resultShown, &window,
            [grabAndQuit] { QTimer::singleShot(700, grabAndQuit); }, Qt::SingleShotConnection);
        QTimer::singleShot(30000, &window, grabAndQuit);  // nothing drawn: grab what is there
    }
    return app.exec();
}

}  // namespace poslab::ui
