// The Export Figure dialog's "Record a sweep" (issue 25, item 10): with the sweep on, Save writes
// an animated GIF of N frames (read back with giflib, as a slide program would) through the code
// of `poslab render --sweep`; a sweep cancelled in its progress dialog leaves no file; a bad sweep
// is one line in the dialog and no file, in the interface language (the command line keeps the
// English); the MP4 item is there only with ffmpeg.
#include <gif_lib.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "tests/ui/figure_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/figure/export_dialog.h"
#include "ui/panels/error_words.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// A dialog on ALiBi's bias, small figures, the sweep on over n from 32 to 64 in `frames` frames.
ExportDialog* sweepDialog(const QString& path, int frames, const QString& to = "64") {
    auto figure = test::figureOf("alibi/bias");
    auto* dialog = new ExportDialog(figure ? *figure : Figure{}, path);
    const PageSpec* page = test::pageOf("alibi/bias");
    const ViewSpec* view = page->findView("alibi/bias");
    dialog->setSweepSource(
        {page, *view, pagePresetParams(*page), defaultViewState(*view, *page), {}});
    auto* preset = dialog->findChild<QComboBox*>("exportPreset");
    preset->setCurrentIndex(preset->findData("px"));
    auto spins = dialog->findChildren<QDoubleSpinBox*>();
    spins[0]->setValue(480);
    spins[1]->setValue(270);
    dialog->findChild<QCheckBox*>("sweepRecord")->setChecked(true);
    auto* param = dialog->findChild<QComboBox*>("sweepParam");
    param->setCurrentIndex(param->findData("n"));
    dialog->findChild<QLineEdit*>("sweepFrom")->setText("32");
    dialog->findChild<QLineEdit*>("sweepTo")->setText(to);
    dialog->findChild<QSpinBox*>("sweepFrames")->setValue(frames);
    dialog->setPath(path);
    return dialog;
}

void clickSave(ExportDialog* dialog) {
    dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save)->click();
}

QStringList entries(const QString& dir) {
    return QDir(dir).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden);
}

}  // namespace

class TestExportSweep : public QObject {
    Q_OBJECT

private slots:
    void gifOfNFrames_data() {
        QTest::addColumn<int>("frames");
        QTest::newRow("2 frames") << 2;
        QTest::newRow("5 frames") << 5;
    }
    void gifOfNFrames() {
        QFETCH(int, frames);
        QTemporaryDir dir;
        const QString path = dir.filePath("bias.gif");
        std::unique_ptr<ExportDialog> dialog(sweepDialog(path, frames));
        clickSave(dialog.get());
        QVERIFY2(dialog->sweepRecorded(),
                 qPrintable(dialog->findChild<QLabel*>("sweepError")->text()));
        QCOMPARE(dialog->result(), int(QDialog::Accepted));
        int error = 0;
        GifFileType* gif = DGifOpenFileName(path.toLocal8Bit().constData(), &error);
        QVERIFY2(gif, GifErrorString(error));
        const auto closer = qScopeGuard([gif] { DGifCloseFile(gif, nullptr); });
        QCOMPARE(DGifSlurp(gif), GIF_OK);
        QCOMPARE(gif->ImageCount, frames);
        QCOMPARE(QSize(gif->SWidth, gif->SHeight), QSize(480, 270));
        QCOMPARE(entries(dir.path()), QStringList{"bias.gif"});
    }

    void cancelLeavesNoFile() {
        QTemporaryDir dir;
        // 600 frames up to n = 2048: minutes of work, cancelled within its first frames.
        std::unique_ptr<ExportDialog> dialog(sweepDialog(dir.filePath("bias.gif"), 600, "2048"));
        QTimer poll;
        bool cancelled = false;
        connect(&poll, &QTimer::timeout, [&] {
            if (auto* p = dialog->findChild<QProgressDialog*>("sweepProgress");
                p && p->isVisible() && !cancelled) {
                p->findChild<QPushButton*>()->click();  // its Cancel, as a user would
                cancelled = true;
            }
        });
        poll.start(1);
        clickSave(dialog.get());
        QVERIFY(cancelled);
        QVERIFY(!dialog->sweepRecorded());
        QCOMPARE(dialog->findChild<QLabel*>("sweepError")->text(), sweepCancelled());
        QCOMPARE(entries(dir.path()), QStringList());
    }

    void badSweepIsOneLine() {
        QTemporaryDir dir;
        std::unique_ptr<ExportDialog> dialog(sweepDialog(dir.filePath("bias.gif"), 4, "32"));
        clickSave(dialog.get());
        QVERIFY(!dialog->sweepRecorded());
        const QString e = dialog->findChild<QLabel*>("sweepError")->text();
        QVERIFY2(!e.isEmpty() && !e.contains('\n'), qPrintable(e));
        QCOMPARE(entries(dir.path()), QStringList());
    }

    // In Chinese the dialog's line is Chinese: no English word of the message is left.
    void badSweepInChinese_data() {
        QTest::addColumn<QString>("to");
        QTest::newRow("equal ends") << "32";
        QTest::newRow("unreadable end") << "x";
        QTest::newRow("end out of range") << "-5";
    }
    void badSweepInChinese() {
        QFETCH(QString, to);
        QTemporaryDir dir;
        applyLanguage(Lang::Zh);
        std::unique_ptr<ExportDialog> dialog(sweepDialog(dir.filePath("bias.gif"), 4, to));
        clickSave(dialog.get());
        const QString e = dialog->findChild<QLabel*>("sweepError")->text();
        applyLanguage(Lang::En);
        QVERIFY2(test::hasCjk(e) && !e.contains('\n'), qPrintable(e));
        static const QRegularExpression english(QStringLiteral(
            R"(\b(?:sweep|of|parameter|allowed|not|FROM|TO|equal|nothing|too|small)\b)"));
        QVERIFY2(!e.contains(english), qPrintable(e));
        QCOMPARE(entries(dir.path()), QStringList());
    }

    // What the writing of frames can refuse (runSweep, sweepOutputProblem) reads as Chinese.
    void writerRefusalsInChinese_data() {
        QTest::addColumn<QString>("message");
        QTemporaryDir dir;
        QFile file(dir.filePath("plain"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QTest::newRow("no frames") << runSweep(SweepRun{});
        QTest::newRow("not a folder") << sweepOutputProblem(file.fileName(), SweepFormat::Folder);
        QTest::newRow("mp4") << QStringLiteral(
            "output '/tmp/a.mp4': an MP4 needs ffmpeg, which is not installed; write OUT.gif (an "
            "animated GIF), OUT.pdf (a page per frame) or OUT/ (PNG frames) instead");
        QTest::newRow("ffmpeg") << QStringLiteral(
            "cannot write '/tmp/a.mp4': ffmpeg failed (exit "
            "code 1)");
        QTest::newRow("frame") << QStringLiteral(
            "frame 3: cannot write '/tmp/a.pdf': a page could not be added");
    }
    void writerRefusalsInChinese() {
        QFETCH(QString, message);
        QVERIFY(!message.isEmpty());
        applyLanguage(Lang::Zh);
        const QString zh = localisedError(message);
        applyLanguage(Lang::En);
        QCOMPARE(localisedError(message), message);
        QVERIFY2(test::hasCjk(zh) && zh != message, qPrintable(zh));
    }

    void formatsAndPath() {
        QTemporaryDir dir;
        std::unique_ptr<ExportDialog> dialog(sweepDialog(dir.filePath("bias.gif"), 4));
        auto* format = dialog->findChild<QComboBox*>("sweepFormat");
        QCOMPARE(format->count(), 4);
        const bool ffmpeg = !ffmpegProgram().isEmpty();
        auto* model = qobject_cast<QStandardItemModel*>(format->model());
        QCOMPARE(model->item(3)->isEnabled(), ffmpeg);
        if (!ffmpeg) QVERIFY(format->itemText(3).contains("ffmpeg"));
        format->setCurrentIndex(format->findData(int(SweepFormat::Folder)));
        QCOMPARE(dialog->path(), dir.filePath("bias/"));
        format->setCurrentIndex(format->findData(int(SweepFormat::Pdf)));
        QCOMPARE(dialog->path(), dir.filePath("bias.pdf"));
        dialog->findChild<QCheckBox*>("sweepRecord")->setChecked(false);
        QCOMPARE(dialog->path(), dir.filePath("bias.gif"));  // the path before the sweep
    }
};

QTEST_MAIN(TestExportSweep)
#include "tst_export_sweep.moc"
