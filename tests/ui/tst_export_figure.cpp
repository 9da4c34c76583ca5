// Export Figure in the GUI (issue 5): three clicks from the RoPE page to a 16:9 PDF of the decay
// in Chinese (the Decay tab, the view's export button, Save); the figure is the same one
// `poslab render` draws; exports are light even when the window is dark; Copy Figure puts an
// image and an SVG on the clipboard; a bad path gives an error and writes nothing.
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QXmlStreamReader>
#include <QtTest>

#include "tests/ui/ui_test_util.h"
#include "ui/figure/export_dialog.h"
#include "ui/figure/figure.h"
#include "ui/figure/figure_export.h"
#include "ui/shell/language.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

QString tool(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(60000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

int tabOf(const PageWidget& page, const QString& viewId) {
    for (int i = 0; i < page.page()->views.size(); ++i)
        if (page.page()->views[i].id == viewId) return i + 1;
    return -1;
}

}  // namespace

class TstExportFigure : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    MainWindow* m_window = nullptr;

private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY(m_dir.isValid());
    }
    void init() {
        m_window = new MainWindow(test::noSettings());
        m_window->resize(1400, 900);
        m_window->show();
        m_window->openPage("rope");
        QVERIFY(test::waitIdle(*m_window));
    }
    void cleanup() {
        delete m_window;
        m_window = nullptr;
        applyLanguage(Lang::En);
    }

    void threeClicksToAChinesePdf() {
        MainWindow& w = *m_window;
        w.setLanguage(Lang::Zh);
        QVERIFY(test::waitIdle(w));
        const int tab = tabOf(*w.page(), "rope/decay");
        QVERIFY(tab > 0);
        // Click 1: the Decay tab.
        QTabBar* bar = w.page()->tabs()->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(tab).center());
        QCOMPARE(w.page()->currentTab(), tab);
        QVERIFY(test::waitIdle(w));
        ViewWidget* view = w.page()->viewsOfTab(tab).front();
        QVERIFY(view->hasResult());
        // Click 2: the view's export button opens the dialog (16:9 PDF by default).
        QTest::mouseClick(view->exportButton(), Qt::LeftButton);
        auto* dialog = w.findChild<ExportDialog*>("exportDialog");
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(dialog->path().endsWith("rope_decay.pdf"));
        QCOMPARE(dialog->options().pixels, QSize(1920, 1080));
        QVERIFY(!dialog->options().dark);
        const QString out = m_dir.filePath("rope_decay.pdf");
        dialog->setPath(out);  // where the user keeps slides (the default is Documents)
        // Click 3: Save. The file is written off the GUI thread.
        QPushButton* save = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(out).size() > 1000, 30000);
        QTRY_VERIFY(w.statusBar()->currentMessage().contains(out));
        const QString fonts = tool("pdffonts", {out});
        QVERIFY2(fonts.contains("NotoSansCJKsc") && !fonts.contains("Type 3"), qPrintable(fonts));
        QVERIFY(tool("pdfinfo", {out}).contains("960 x 540 pts"));
        QVERIFY(tool("pdftotext", {out, "-"}).contains(QString::fromUtf8("衰减")));
    }

    // The GUI's figure is the command line's: the same pixels from the view on screen and from
    // a fresh computation of the same view, parameters and state.
    void sameFigureAsRender_data() {
        QTest::addColumn<QString>("viewId");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::newRow("decay base 5e5") << "rope/decay"
                                        << "base"
                                        << "500000";
        QTest::newRow("scores half pairing") << "rope/scores"
                                             << "pairing"
                                             << "half";
        QTest::newRow("rotation") << "rope/rotation"
                                  << "d"
                                  << "16";
    }
    void sameFigureAsRender() {
        QFETCH(QString, viewId);
        QFETCH(QString, param);
        QFETCH(QString, value);
        MainWindow& w = *m_window;
        core::ParamSet params = w.page()->params();
        const auto* enc = core::registry().find("rope");
        params.set(param.toStdString(),
                   *enc->findParam(param.toStdString())->parse(value.toStdString()));
        QVERIFY(w.page()->setParams(params).isEmpty());
        w.page()->setCurrentTab(tabOf(*w.page(), viewId));
        QVERIFY(test::waitIdle(w));
        ViewWidget* view = w.page()->viewsOfTab().front();
        FigureOptions o;
        o.pixels = QSize(960, 540);
        const QString gui = m_dir.filePath("gui.png");
        QCOMPARE(w.figures()->exportTo(view, gui, o), QString());
        auto fresh =
            computeFigure(*w.page()->page(), view->spec(), w.page()->params(), view->state());
        QVERIFY(fresh.ok());
        QCOMPARE(QImage(gui).convertToFormat(QImage::Format_ARGB32),
                 figureImage(*fresh, o).convertToFormat(QImage::Format_ARGB32));
    }

    void lightExportFromADarkWindow() {
        MainWindow& w = *m_window;
        w.setDark(true);
        QVERIFY(test::waitIdle(w));
        const QString out = m_dir.filePath("light.png");
        FigureOptions o;
        QCOMPARE(w.figures()->exportTo(nullptr, out, o), QString());
        QCOMPARE(QColor(QImage(out).pixel(2, 2)).lightness(), 255);
    }

    void copyFigurePutsImageAndSvg() {
        MainWindow& w = *m_window;
        QApplication::clipboard()->clear();
        w.figures()->copyAction()->trigger();
        const QMimeData* mime = QApplication::clipboard()->mimeData();
        QVERIFY(mime && mime->hasImage());
        QCOMPARE(qvariant_cast<QImage>(mime->imageData()).size(), QSize(1920, 1080));
        QXmlStreamReader xml(mime->data("image/svg+xml"));
        int texts = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement &&
                xml.name() == QLatin1String("text"))
                ++texts;
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(texts > 5);
        QCOMPARE(w.figures()->copyAction()->shortcut(), QKeySequence("Ctrl+Shift+C"));
        QCOMPARE(w.figures()->exportAction()->shortcut(), QKeySequence("Ctrl+E"));
    }

    void badPathWritesNothing() {
        MainWindow& w = *m_window;
        const QString out = m_dir.filePath("no/such/folder/x.pdf");
        const QString error = w.figures()->exportTo(nullptr, out, FigureOptions{});
        QVERIFY2(error.contains("cannot write"), qPrintable(error));
        QVERIFY(!QFileInfo::exists(out));
    }
};

QTEST_MAIN(TstExportFigure)
#include "tst_export_figure.moc"
