// Build tool: renders the application icon (SVG) to a square PNG of SIZE pixels with QSvgRenderer,
// for the hicolor PNG sizes (packaging/CMakeLists.txt). Any warning of the SVG renderer fails the
// build, so the icon stays within what Qt's SVG Tiny renderer draws faithfully.
#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>
#include <cstdio>

namespace {

int g_warnings = 0;

void countWarnings(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type != QtDebugMsg && type != QtInfoMsg) ++g_warnings;
    std::fprintf(stderr, "poslab_render_icon: %s\n", qPrintable(message));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: poslab_render_icon ICON.svg SIZE OUT.png\n");
        return 2;
    }
    qInstallMessageHandler(countWarnings);
    bool ok = false;
    const int size = QString::fromLocal8Bit(argv[2]).toInt(&ok);
    if (!ok || size < 1 || size > 4096) {
        std::fprintf(stderr, "poslab_render_icon: bad size '%s'\n", argv[2]);
        return 2;
    }
    QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
    if (!svg.isValid() || g_warnings > 0) {
        std::fprintf(stderr, "poslab_render_icon: cannot read %s\n", argv[1]);
        return 1;
    }
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
        svg.render(&painter, QRectF(0, 0, size, size));
    }
    if (g_warnings > 0) return 1;
    if (!image.convertToFormat(QImage::Format_ARGB32)
             .save(QString::fromLocal8Bit(argv[3]), "PNG")) {
        std::fprintf(stderr, "poslab_render_icon: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}
