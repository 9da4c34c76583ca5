#include "ui/figure/figure_export.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QStandardPaths>

#include "ui/figure/export_dialog.h"
#include "ui/views/page_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

FigureExport::FigureExport(QMainWindow* window, PageWidget* page)
    : QObject(window), m_window(window), m_page(page) {
    m_lastDir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (m_lastDir.isEmpty() || !QFileInfo(m_lastDir).isDir()) m_lastDir = QDir::homePath();
    m_export = new QAction(this);
    m_export->setObjectName("exportFigureAction");
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(m_export, &QAction::triggered, this, [this] { openDialog(nullptr); });
    m_copy = new QAction(this);
    m_copy->setObjectName("copyFigureAction");
    m_copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copy, &QAction::triggered, this, [this] {
        const QString e = copyToClipboard();
        emit message(e.isEmpty() ? tr("Figure copied to the clipboard") : e);
    });
    connect(page, &PageWidget::exportRequested, this, [this](ViewWidget* v) { openDialog(v); });
    connect(this, &FigureExport::writeDone, this, &FigureExport::reportWritten,
            Qt::QueuedConnection);
    window->installEventFilter(this);
    retranslate();
}

FigureExport::~FigureExport() {
    if (m_writer.joinable()) m_writer.join();
}

void FigureExport::startWriting(const QString& path, const Figure& figure,
                                const FigureOptions& options) {
    if (m_writer.joinable()) m_writer.join();  // one file at a time, in the order asked
    emit message(tr("Writing %1…").arg(path));
    // Painting a large PDF takes a moment: off the GUI thread (plain QPainter, no widgets).
    m_writer = std::thread([this, path, figure, options] {
        const QString error = writeFigure(path, figure, options);
        {
            const std::lock_guard lock(m_writeMutex);
            m_writePath = path;
            m_writeError = error;
        }
        emit writeDone();
    });
}

void FigureExport::reportWritten() {
    QString path, error;
    {
        const std::lock_guard lock(m_writeMutex);
        path = m_writePath;
        error = m_writeError;
    }
    if (!error.isEmpty()) QMessageBox::warning(m_window, tr("Export Figure"), error);
    emit message(error.isEmpty() ? tr("Figure written to %1").arg(path) : error);
}

bool FigureExport::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::LanguageChange) retranslate();
    return QObject::eventFilter(watched, event);
}

void FigureExport::retranslate() {
    m_export->setText(tr("Export &Figure…"));
    m_export->setToolTip(tr("Export the current view as a PDF, SVG or PNG figure for slides"));
    m_copy->setText(tr("Copy Fi&gure"));
    m_copy->setToolTip(tr("Copy the current view as a 1920 × 1080 figure (image and SVG)"));
}

ViewWidget* FigureExport::targetView(ViewWidget* view) const {
    if (view) return view;
    const auto views = m_page->viewsOfTab();
    if (views.isEmpty()) return nullptr;
    for (ViewWidget* v : views)
        if (v->isAncestorOf(QApplication::focusWidget())) return v;
    return views.front();
}

bool FigureExport::sourceFigure(Figure* figure, QString* error, QString* name) const {
    return m_source && m_source(figure, error, name);
}

bool FigureExport::figureOf(ViewWidget* view, Figure* figure, QString* error) const {
    QString name;
    if (!view && sourceFigure(figure, error, &name)) return error->isEmpty();
    view = targetView(view);
    if (!view) {
        *error = tr("There is no view to export.");
        return false;
    }
    if (!view->hasResult()) {
        *error = tr("The view is still being computed; try again in a moment.");
        return false;
    }
    if (view->hasError()) {
        *error = tr("The view shows an error, not a figure: %1").arg(view->errorText());
        return false;
    }
    *figure = makeFigure(view->spec(), view->lastResult(), m_page->params(), view->state());
    return true;
}

QString FigureExport::exportTo(ViewWidget* view, const QString& path,
                               const FigureOptions& options) {
    Figure figure;
    QString error;
    if (!figureOf(view, &figure, &error)) return error;
    return writeFigure(path, figure, options);
}

QString FigureExport::copyToClipboard(ViewWidget* view) {
    Figure figure;
    QString error;
    if (!figureOf(view, &figure, &error)) return error;
    const FigureOptions o;
    auto* mime = new QMimeData;
    mime->setImageData(figureImage(figure, o));
    QByteArray svg;
    QBuffer buffer(&svg);
    if (buffer.open(QIODevice::WriteOnly) && writeSvg(&buffer, figure, o))
        mime->setData(QStringLiteral("image/svg+xml"), svg);
    QApplication::clipboard()->setMimeData(mime);
    return {};
}

void FigureExport::openDialog(ViewWidget* view) {
    Figure figure;
    QString error, name;
    const bool fromPage = !view && sourceFigure(&figure, &error, &name);
    if (!fromPage) view = targetView(view);
    if ((fromPage && !error.isEmpty()) || (!fromPage && !figureOf(view, &figure, &error))) {
        emit message(error);
        QMessageBox::information(m_window, tr("Export Figure"), error);
        return;
    }
    if (!fromPage) name = view->spec().id;
    const QString suggested =
        QDir(m_lastDir).filePath(QString(name).replace('/', '_') + QStringLiteral(".pdf"));
    auto* dialog = new ExportDialog(figure, suggested, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!fromPage)  // a view of an encoding: its parameters can be swept
        dialog->setSweepSource(
            {m_page->page(), view->spec(), m_page->params(), view->state(), m_page->colormap()});
    connect(dialog, &QDialog::accepted, this, [this, dialog, figure] {
        const QString path = dialog->path();
        if (dialog->sweepRecorded()) {
            m_lastDir = QFileInfo(path).absolutePath();
            emit message(tr("Sweep written to %1").arg(path));
            return;
        }
        const FigureOptions options = dialog->options();
        m_lastDir = QFileInfo(path).absolutePath();
        startWriting(path, figure, options);
    });
    dialog->open();
}

}  // namespace poslab::ui
