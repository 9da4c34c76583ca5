// A paint device that records the text painted on it (no image is rasterised): each text item
// with its ink's device rectangle, its font's pixel size, whether it was drawn turned and whether
// the clip that applied to it cut it. tst_figure_labels and tst_figure_numbers check figures'
// labels with it.
#pragma once

#include <QColor>
#include <QFontMetricsF>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QTextItem>
#include <QVector>
#include <cmath>

namespace poslab::test {

struct TextBox {
    QRectF rect;  // device coordinates, the glyphs' bounds
    QString text;
    double pixels;  // the font's pixel size
    bool turned;    // drawn rotated (an axis or colour-bar name)
    bool clipped;   // partly outside the clip that applied to it
    QRectF clip;    // that clip (device coordinates), when there is one
    QColor color;   // the pen's
    QFont font;     // the font asked for (its families; the fallback is Qt's)
};

// Records every text item with its device rectangle; draws nothing else.
class TextRecorder : public QPaintEngine {
public:
    TextRecorder() : QPaintEngine(QPaintEngine::AllFeatures) {}
    QVector<TextBox> boxes;
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState&) override {}
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {
    }
    void drawPath(const QPainterPath&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawLines(const QLineF*, int) override {}
    void drawRects(const QRectF*, int) override {}
    Type type() const override { return QPaintEngine::User; }
    bool keepBlank = false;  // record runs of spaces too (a fallback font's U+202F is one)
    void drawTextItem(const QPointF& p, const QTextItem& ti) override {
        const QString text = ti.text();
        if (text.trimmed().isEmpty() && (!keepBlank || text.isEmpty())) return;
        const QFontMetricsF fm(ti.font());
        const QTransform t = painter()->combinedTransform();
        // The ink; a space has none: its advance box.
        const QRectF local =
            (text.trimmed().isEmpty() ? fm.boundingRect(text) : fm.tightBoundingRect(text))
                .translated(p);
        TextBox b{t.mapRect(local),         text,     static_cast<double>(ti.font().pixelSize()),
                  std::abs(t.m12()) > 1e-6, false,    {},
                  painter()->pen().color(), ti.font()};
        if (painter()->hasClipping()) {
            const QRectF clip = t.mapRect(painter()->clipBoundingRect());
            b.clip = clip;
            b.clipped = !clip.adjusted(-0.75, -0.75, 0.75, 0.75).contains(b.rect);
        }
        boxes << b;
    }
};

class RecordingDevice : public QPaintDevice {
public:
    RecordingDevice(QSize size, double dpi) : m_size(size), m_dpi(dpi) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    QVector<TextBox>& boxes() { return m_engine.boxes; }
    TextRecorder& recorder() { return m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
            case PdmWidth:
                return m_size.width();
            case PdmHeight:
                return m_size.height();
            case PdmWidthMM:
                return static_cast<int>(m_size.width() / m_dpi * 25.4);
            case PdmHeightMM:
                return static_cast<int>(m_size.height() / m_dpi * 25.4);
            case PdmNumColors:
                return 0x7fffffff;
            case PdmDepth:
                return 32;
            case PdmDpiX:
            case PdmDpiY:
            case PdmPhysicalDpiX:
            case PdmPhysicalDpiY:
                return static_cast<int>(std::lround(m_dpi));
            case PdmDevicePixelRatio:
                return 1;
            case PdmDevicePixelRatioScaled:
                return static_cast<int>(devicePixelRatioFScale());
            default:
                return 0;
        }
    }

private:
    QSize m_size;
    double m_dpi;
    mutable TextRecorder m_engine;
};

}  // namespace poslab::test
