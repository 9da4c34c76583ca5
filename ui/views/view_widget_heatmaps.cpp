// ViewWidget's heatmap panels: made on demand, sharing one zoom window, arranged in the grid
// that gives each panel the largest square of cells.
#include <QGridLayout>
#include <QSignalBlocker>
#include <algorithm>
#include <cmath>

#include "ui/compute/rope_lod.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

HeatmapWidget* ViewWidget::heatmapAt(int i) {
    while (m_heatmaps.size() <= i) {
        auto* w = new HeatmapWidget(m_heatmapBox);
        w->setDark(m_dark);
        connect(w, &HeatmapWidget::hovered, this, &ViewWidget::hovered);
        // A view whose cells are patches (rope2d/similarity) takes a click as the new query.
        connect(w, &HeatmapWidget::cellClicked, this, [this](qint64 row, qint64 col) {
            if (m_spec.clickSets.size() != 2) return;
            emit paramsRequested({{m_spec.clickSets[0], QString::number(row)},
                                  {m_spec.clickSets[1], QString::number(col)}});
        });
        connect(w, &HeatmapWidget::windowChanged, this, [this, w](const QRectF& win) {
            if (!m_lod) return;
            // Panels side by side (the precision view's before and after) show one window.
            for (auto* other : m_heatmaps)
                if (other != w) {
                    const QSignalBlocker block(other);
                    other->setView(win);
                }
            const bool scores = ropeLodKind(m_spec) == RopeLodKind::Scores;
            if (win.isEmpty()) return setWindow(0, -1, 0, -1);
            const auto r0 = static_cast<qint64>(win.top()),
                       r1 = static_cast<qint64>(win.bottom()) - 1;
            const auto c0 = static_cast<qint64>(win.left()),
                       c1 = static_cast<qint64>(win.right()) - 1;
            setWindow(r0, r1, scores ? c0 : 0, scores ? c1 : -1);
        });
        m_heatmaps << w;
    }
    return m_heatmaps[i];
}

int heatmapColumns(int count, QSizeF box, double least) {
    // What a panel needs besides its cells: axis ticks and the colour bar beside, the title and
    // the column ticks above and below (about; the panel lays itself out exactly).
    constexpr double kBesideCells = 110, kAboveBelowCells = 60;
    // Never more columns than the box's width holds at the panels' least width (and the grid's
    // 4 px spacing): a row of eight small multiples would make the window wider than a 1280 px
    // projector. A box not laid out yet (narrower than one panel) gets a square grid.
    const double kLeast = least + 4;
    const int fit = box.width() >= kLeast
                        ? static_cast<int>((box.width() + 4) / kLeast)
                        : static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    const int most = std::clamp(fit, 1, count);
    int best = most, bestEmpty = 0;
    double bestSide = -1;
    for (int cols = most; cols >= 1; --cols) {  // ties: fewer empty cells, then the wider row
        const int rows = (count + cols - 1) / cols;
        const int empty = rows * cols - count;
        const double side =
            std::min(box.width() / cols - kBesideCells, box.height() / rows - kAboveBelowCells);
        if (side > bestSide + 0.5 || (side > bestSide - 0.5 && empty < bestEmpty)) {
            bestSide = std::max(side, bestSide);
            best = cols;
            bestEmpty = empty;
        }
    }
    return std::max(1, best);
}

void ViewWidget::arrangeHeatmaps() {
    if (!m_heatmapGrid || m_panelCount <= 0) return;
    const int cols = heatmapColumns(m_panelCount, QSizeF(m_heatmapBox->size()),
                                    m_heatmaps.front()->minimumSizeHint().width());
    bool placed = true;
    for (int i = 0; i < m_panelCount && placed; ++i) {
        int row = -1, col = -1, rs = 0, cs = 0;
        const int at = m_heatmapGrid->indexOf(m_heatmaps[i]);
        if (at >= 0) m_heatmapGrid->getItemPosition(at, &row, &col, &rs, &cs);
        placed = row == i / cols && col == i % cols;
    }
    if (placed) return;
    for (auto* w : m_heatmaps) m_heatmapGrid->removeWidget(w);
    for (int i = 0; i < m_panelCount; ++i)
        m_heatmapGrid->addWidget(m_heatmaps[i], i / cols, i % cols);
    // Rows and columns of an earlier arrangement keep no stretch.
    for (int k = 0; k < m_heatmapGrid->rowCount(); ++k) m_heatmapGrid->setRowStretch(k, 0);
    for (int k = 0; k < m_heatmapGrid->columnCount(); ++k) m_heatmapGrid->setColumnStretch(k, 0);
}

}  // namespace poslab::ui
