// RoPE's rotation, drawn: for a few frequency pairs, the pair's 2-vector at position m and at
// position k as arrows on a circle. The angle between them is (k - m) theta_j whatever m is.
#pragma once

#include <QWidget>

class QPainter;

#include "ui/compute/compute_types.h"

namespace poslab::ui {

class RotationWidget : public QWidget {
    Q_OBJECT
public:
    explicit RotationWidget(QWidget* parent = nullptr);
    void setData(RotationData data);
    const RotationData& data() const { return m_data; }
    void setDark(bool dark);
    QSize sizeHint() const override { return {640, 300}; }
    // Paints `data` into `area` with `font` (the widget and exported figures share this), over
    // the background already there (the widget's: the screen style's; a figure's: its own).
    static void paintData(QPainter& p, const QRectF& area, const RotationData& data, bool dark,
                          const QFont& font);

protected:
    void paintEvent(QPaintEvent*) override;

private:
    RotationData m_data;
    bool m_dark = false;
};

}  // namespace poslab::ui
