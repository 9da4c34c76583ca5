#include "ui/model/layer_map.h"

#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace poslab::ui {

namespace {

constexpr double kMinCell = 9, kMaxCell = 22;

// Blues for RoPE kinds, warm colours for local attention, greys for NoPE, greens for another
// encoding; layers without positions are a pale ground under a hatch (paintCell). The dark
// theme's are lighter versions of the same hues, at least 3:1 against its background (a filled
// cell).
QColor categoryColor(KindCategory c, int indexInCategory, bool dark) {
    static const QRgb kRope[2][3] = {{0x1f77b4, 0x17becf, 0x3a4cc0},
                                     {0x5aa9e6, 0x17becf, 0x8090f0}};
    static const QRgb kLocal[2][3] = {{0xff9f1c, 0xbcbd22, 0xd62728},
                                      {0xff9f1c, 0xbcbd22, 0xe8504f}};
    static const QRgb kNope[2][3] = {{0x9a9a9a, 0x6b6b6b, 0xc4c4c4},
                                     {0xa0a0a0, 0x7c7c7c, 0xd0d0d0}};
    static const QRgb kOther[2][3] = {{0x2ca02c, 0x8c564b, 0x98df8a},
                                      {0x4cc04c, 0xb07a6e, 0x98df8a}};
    static const QRgb kNone[2][3] = {{0xe6e0f0, 0xf0e6e0, 0xe0ecf0},
                                     {0x4a4458, 0x584a44, 0x445058}};
    const int i = indexInCategory % 3, t = dark ? 1 : 0;
    switch (c) {
        case KindCategory::Rope:
            return QColor::fromRgb(kRope[t][i]);
        case KindCategory::Local:
            return QColor::fromRgb(kLocal[t][i]);
        case KindCategory::OtherEncoding:
            return QColor::fromRgb(kOther[t][i]);
        case KindCategory::NoAttention:
            return QColor::fromRgb(kNone[t][i]);
        default:
            return QColor::fromRgb(kNope[t][i]);
    }
}

// A cell (or legend swatch) of a kind: filled; layers without positions also hatched and framed,
// so that they read as "nothing here" in grey print too.
void paintCell(QPainter& p, const QRectF& r, const QColor& fill, KindCategory c, bool dark) {
    p.fillRect(r, fill);
    if (c != KindCategory::NoAttention) return;
    const QColor ink = dark ? QColor(0xb8b0d0) : QColor(0x6a5f86);
    p.save();
    p.setClipRect(r);
    p.fillRect(r, QBrush(ink, Qt::BDiagPattern));
    p.restore();
    p.setPen(QPen(ink, 1));
    p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
}

}  // namespace

LayerMapWidget::LayerMapWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    QSizePolicy sp(QSizePolicy::Expanding, QSizePolicy::Preferred);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
}

void LayerMapWidget::setModel(const LoadedModel* model, const QString& selectedKind) {
    m_layers.clear();
    m_kinds.clear();
    m_legendText.clear();
    m_categories.clear();
    if (model) {
        for (const std::string& l : model->config.layers) m_layers << QString::fromStdString(l);
        for (const auto& k : model->config.kinds) {
            const QString name = QString::fromStdString(k.name);
            m_kinds << name;
            m_categories << kindCategory(k);
            const auto layers = std::count(m_layers.begin(), m_layers.end(), name);
            m_legendText
                << ModelText::tr("%1 — %2 · layers: %3").arg(name, kindSummary(k)).arg(layers);
        }
    }
    m_selected = m_kinds.contains(selectedKind) ? selectedKind : QString();
    updateGeometry();
    update();
}

void LayerMapWidget::setSelectedKind(const QString& kind) {
    if (!m_kinds.contains(kind) || kind == m_selected) return;
    m_selected = kind;
    update();
}

void LayerMapWidget::setDark(bool dark) {
    m_dark = dark;
    update();
}

void LayerMapWidget::setCompact(bool compact) {
    if (compact == m_compact) return;
    m_compact = compact;
    updateGeometry();
    update();
}

QString LayerMapWidget::kindOfCell(int layer) const {
    return layer >= 0 && layer < m_layers.size() ? m_layers[layer] : QString();
}

KindCategory LayerMapWidget::categoryOf(const QString& kind) const {
    const int k = static_cast<int>(m_kinds.indexOf(kind));
    return k < 0 ? KindCategory::Rope : m_categories[k];
}

QString LayerMapWidget::legendText(const QString& kind) const {
    const int k = static_cast<int>(m_kinds.indexOf(kind));
    return k < 0 ? QString() : m_legendText[k];
}

QColor LayerMapWidget::kindColor(const QString& kind) const {
    const int k = static_cast<int>(m_kinds.indexOf(kind));
    if (k < 0) return Qt::transparent;
    int same = 0;
    for (int i = 0; i < k; ++i) same += m_categories[i] == m_categories[k] ? 1 : 0;
    return categoryColor(m_categories[k], same, m_dark);
}

LayerMapWidget::Layout LayerMapWidget::layout(int width) const {
    Layout l;
    const QFontMetricsF fm(font());
    const int n = std::max<int>(1, static_cast<int>(m_layers.size()));
    l.left = fm.height() * 0.5;
    const double avail = std::max(50.0, width - 2 * l.left);
    l.gap = 2;
    const double most = m_compact ? std::max(kMinCell, fm.height() * 0.6) : kMaxCell;
    l.cell = std::clamp(avail / n - l.gap, kMinCell, most);
    l.columns = std::max(1, std::min(n, static_cast<int>(avail / (l.cell + l.gap))));
    l.rows = (n + l.columns - 1) / l.columns;
    l.top = fm.height() * 0.3;
    // Cells, then a row of layer numbers, then the legend in rows.
    double y =
        l.top + l.rows * (l.cell + l.gap) + (m_compact ? fm.height() * 0.2 : fm.height() * 1.2);
    double x = l.left;
    const double sw = fm.height() * 0.9, rowH = fm.height() * (m_compact ? 1.15 : 1.35);
    for (const QString& t : m_legendText) {
        const double w = sw + fm.height() * 0.4 + fm.horizontalAdvance(t) + fm.height() * 1.2;
        if (x > l.left && x + w > width - l.left) {
            x = l.left;
            y += rowH;
        }
        l.legend << QRectF(x, y, w, rowH);
        x += w;
    }
    l.height = y + (m_legendText.isEmpty() ? 0 : rowH) + fm.height() * 0.2;
    return l;
}

QRect LayerMapWidget::cellRect(int layer) const {
    const Layout l = layout(width());
    if (layer < 0 || layer >= m_layers.size()) return {};
    const int r = layer / l.columns, c = layer % l.columns;
    return QRectF(l.left + c * (l.cell + l.gap), l.top + r * (l.cell + l.gap), l.cell, l.cell)
        .toAlignedRect();
}

int LayerMapWidget::heightForWidth(int width) const {
    return static_cast<int>(std::ceil(layout(width).height));
}

QSize LayerMapWidget::sizeHint() const {
    return {600, heightForWidth(600)};
}

QSize LayerMapWidget::minimumSizeHint() const {
    return {200, heightForWidth(std::max(width(), 200))};
}

void LayerMapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const Layout l = layout(width());
    const QColor fg = palette().color(QPalette::WindowText);
    const QFontMetricsF fm(font());
    if (m_layers.isEmpty()) {
        p.setPen(fg);
        p.drawText(rect(), Qt::AlignCenter, ModelText::tr("no model loaded"));
        return;
    }
    for (int i = 0; i < m_layers.size(); ++i) {
        const QRectF r = QRectF(cellRect(i));
        paintCell(p, r, kindColor(m_layers[i]), categoryOf(m_layers[i]), m_dark);
        if (m_layers[i] == m_selected) {
            p.setPen(QPen(fg, 2));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
    }
    // Layer numbers under the first row: every 1, 2, 4 or 8 layers, as the cells allow (none when
    // compact).
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
    p.setFont(small);
    p.setPen(palette().color(QPalette::PlaceholderText));
    const double labelW = QFontMetricsF(small).horizontalAdvance(QStringLiteral("000"));
    int every = 1;
    while (every * (l.cell + l.gap) < labelW * 1.3) every *= 2;
    const double y = l.top + l.rows * (l.cell + l.gap);
    for (int c = 0; !m_compact && c < l.columns; c += every) {
        const double x = l.left + c * (l.cell + l.gap) + l.cell / 2;
        p.drawText(QRectF(x - labelW, y, 2 * labelW, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   QString::number(c));
    }
    p.setFont(font());
    for (int k = 0; k < m_kinds.size() && k < l.legend.size(); ++k) {
        const QRectF r = l.legend[k];
        const double sw = fm.height() * 0.9;
        const QRectF swatch(r.left(), r.center().y() - sw / 2, sw, sw);
        paintCell(p, swatch, kindColor(m_kinds[k]), m_categories[k], m_dark);
        QFont f = font();
        f.setBold(m_kinds[k] == m_selected);
        p.setFont(f);
        p.setPen(fg);
        p.drawText(QRectF(swatch.right() + fm.height() * 0.4, r.top(), r.width() - sw, r.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, m_legendText[k]);
    }
}

void LayerMapWidget::mousePressEvent(QMouseEvent* e) {
    const QPointF pos = e->position();
    for (int i = 0; i < m_layers.size(); ++i)
        if (cellRect(i).contains(pos.toPoint())) {
            emit kindClicked(m_layers[i]);
            return;
        }
    const Layout l = layout(width());
    for (int k = 0; k < m_kinds.size() && k < l.legend.size(); ++k)
        if (l.legend[k].contains(pos)) {
            emit kindClicked(m_kinds[k]);
            return;
        }
    QWidget::mousePressEvent(e);
}

void LayerMapWidget::mouseMoveEvent(QMouseEvent* e) {
    const QPoint pos = e->position().toPoint();
    for (int i = 0; i < m_layers.size(); ++i)
        if (cellRect(i).contains(pos)) {
            setToolTip(ModelText::tr("layer %1: %2").arg(i).arg(m_layers[i]));
            setCursor(Qt::PointingHandCursor);
            return;
        }
    setToolTip({});
    unsetCursor();
}

}  // namespace poslab::ui
