// The layer map of a model (issues 11 and 24): one cell per layer, coloured by its kind (RoPE with
// its base and scaling, sliding / local, NoPE, another encoding such as ALiBi or T5), layers that
// are not attention at all (linear attention, mamba, conv) hatched on a pale ground; a legend
// naming each kind, and the selected kind outlined. Clicking a cell (or a legend entry) selects
// its kind.
#pragma once

#include <QStringList>
#include <QVector>
#include <QWidget>

#include "ui/model/model_document.h"
#include "ui/model/model_kinds.h"

namespace poslab::ui {

class LayerMapWidget : public QWidget {
    Q_OBJECT
public:
    explicit LayerMapWidget(QWidget* parent = nullptr);

    // `model` may be null (an empty map); the widget keeps its own copy of what it draws.
    void setModel(const LoadedModel* model, const QString& selectedKind);
    void setSelectedKind(const QString& kind);
    void setDark(bool dark);
    // Compact (a projector's tight room): smaller cells and no row of layer numbers (each cell's
    // tooltip names its layer).
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }

    int cellCount() const { return static_cast<int>(m_layers.size()); }
    QStringList kinds() const { return m_kinds; }
    QString selectedKind() const { return m_selected; }
    QString kindOfCell(int layer) const;
    // Where layer `layer` is drawn (widget coordinates), for clicks in tests.
    QRect cellRect(int layer) const;
    QColor kindColor(const QString& kind) const;
    // How a kind is drawn (the map's model, for tests: not pixels).
    KindCategory categoryOf(const QString& kind) const;
    KindCategory categoryOfCell(int layer) const { return categoryOf(kindOfCell(layer)); }
    QString legendText(const QString& kind) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

signals:
    void kindClicked(const QString& kind);

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;

private:
    struct Layout {
        int columns = 1, rows = 1;
        double cell = 10, gap = 2, top = 0, left = 0;
        QVector<QRectF> legend;  // one per kind
        double height = 0;
    };
    Layout layout(int width) const;

    QStringList m_layers;  // kind per layer
    QStringList m_kinds;
    QStringList m_legendText;
    QVector<KindCategory> m_categories;
    QString m_selected;
    bool m_dark = false;
    bool m_compact = false;
};

}  // namespace poslab::ui
