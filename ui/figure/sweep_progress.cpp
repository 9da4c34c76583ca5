#include "ui/figure/sweep_progress.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProgressDialog>
#include <atomic>
#include <thread>

#include "ui/panels/error_words.h"

namespace poslab::ui {

QString recordSweep(QWidget* parent, const SweepRun& run) {
    const int frames = static_cast<int>(run.frames.size());
    auto* dialog = new QProgressDialog(parent);
    dialog->setObjectName("sweepProgress");
    dialog->setWindowTitle(
        QCoreApplication::translate("poslab::ui::SweepProgress", "Recording the sweep"));
    dialog->setLabelText(
        QCoreApplication::translate("poslab::ui::SweepProgress", "Computing %1 frames…")
            .arg(frames));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setRange(0, 2 * frames);
    dialog->setMinimumDuration(0);
    dialog->setAutoReset(false);
    dialog->setAutoClose(false);
    std::atomic<bool> cancel{false};
    QObject::connect(dialog, &QProgressDialog::canceled, dialog, [&cancel] { cancel = true; });
    QEventLoop loop;
    QString error;
    std::thread worker([&] {
        error = runSweep(run, [&](int done, int total) {
            // Queued to the GUI thread; dropped once the dialog is gone.
            QMetaObject::invokeMethod(dialog, [dialog, done, total, frames] {
                dialog->setValue(done);
                if (done >= frames && done < total)
                    dialog->setLabelText(QCoreApplication::translate("poslab::ui::SweepProgress",
                                                                     "Drawing frame %1 of %2…")
                                             .arg(done - frames + 1)
                                             .arg(frames));
            });
            return !cancel.load();
        });
        QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
    });
    dialog->show();
    loop.exec();
    worker.join();
    delete dialog;
    return localisedError(error);  // runSweep's English in the interface language
}

}  // namespace poslab::ui
