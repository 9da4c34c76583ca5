// ModelPage, fitted to its room (issue 25 item 1): a 1280 x 720 projector in presentation mode has
// about 27 lines of a 1.4 times larger font, a 1920 x 1080 monitor twice that. The page tries its
// arrangements from the roomiest down — the gallery shown and the charts in two rows; the gallery
// folded to its Presets button; the charts in one row; two models' layer maps side by side; the
// kind's sentence above its charts hidden (the table, the encoding line and Explore say the same);
// then the top made compact: the encoding line (the table's first rows) and the map's title
// hidden, the layer map's cells smaller and without layer numbers (a lesson step in F11 at 720p:
// strip, lesson panel and page share 720 px); last, the frequency chart left out where the
// wavelength chart shows the same θⱼ as 2π/θⱼ — and keeps the first where every chart shown draws
// its plot (ModelChartWidget::plotFits, the painter's own layout) and the page's least size is
// within its size, so that the window never grows past the screen. Nothing here knows about
// presentation mode: only the room, measured in the current font.
#include <QGridLayout>
#include <QLabel>

#include "ui/model/layer_map.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_page.h"

namespace poslab::ui {

namespace {

// A chart draws its plot at its size: a ModelChartWidget by its painter's layout, any other
// widget by its least size.
bool chartFits(const QWidget* w) {
    if (const auto* chart = qobject_cast<const ModelChartWidget*>(w)) return chart->plotFits();
    const QSize least = w->minimumSizeHint();
    return w->width() >= least.width() && w->height() >= least.height();
}

}  // namespace

void ModelPage::applyFonts() {
    const QFont base = font();
    QFont bold = base;
    bold.setBold(true);
    m_galleryTitle->setFont(bold);
    QFont big = bold;
    big.setPointSizeF(base.pointSizeF() * 1.35);
    m_name->setFont(big);
    QFont enc = base;
    enc.setPointSizeF(base.pointSizeF() * 1.1);
    m_encoding->setFont(enc);
    QFont nope = base;
    nope.setPointSizeF(base.pointSizeF() * 1.2);
    m_nope->setFont(nope);
}

void ModelPage::placeMaps(bool beside) {
    m_mapsBeside = beside;
    for (QWidget* w :
         {static_cast<QWidget*>(m_mapTitle), static_cast<QWidget*>(m_map),
          static_cast<QWidget*>(m_compareMapTitle), static_cast<QWidget*>(m_compareMap)})
        m_maps->removeWidget(w);
    m_maps->addWidget(m_mapTitle, 0, 0);
    m_maps->addWidget(m_map, 1, 0);
    m_maps->addWidget(m_compareMapTitle, beside ? 0 : 2, beside ? 1 : 0);
    m_maps->addWidget(m_compareMap, beside ? 1 : 3, beside ? 1 : 0);
    m_maps->setColumnStretch(0, 1);
    m_maps->setColumnStretch(1, beside ? 1 : 0);
}

// The charts shown, in two rows (the first the per-pair ones: frequencies and wavelengths, or
// another encoding's chart in their place; then the scaling methods and the query scale) or in
// one; the kind's sentence (m_nope) above them.
void ModelPage::placeCharts(int rows) {
    m_chartRows = rows;
    QVector<QWidget*> shown;
    for (QWidget* w : m_chartOrder) {
        m_charts->removeWidget(w);
        if (!w->isHidden()) shown << w;
    }
    const int n = static_cast<int>(shown.size());
    // Two rows: two charts a row at least (frequencies beside wavelengths).
    const int columns = std::max(1, rows == 1 ? n : std::min(n, std::max(2, (n + 1) / 2)));
    for (int i = 0; i < n; ++i) {
        const int row = 1 + i / columns, col = i % columns;
        // The last chart of a shorter row takes the columns left.
        const int span = i == n - 1 ? columns - col : 1;
        m_charts->addWidget(shown[i], row, col, 1, span);
    }
    m_charts->removeWidget(m_nope);
    m_charts->addWidget(m_nope, 0, 0, 1, columns);
    for (int c = 0; c < m_charts->columnCount(); ++c)
        m_charts->setColumnStretch(c, c < columns ? 1 : 0);
    // Two models' charts are the larger part; without charts the sentence takes the room.
    m_charts->setRowStretch(0, n == 0 ? 1 : 0);
    m_charts->setRowStretch(1, n == 0 ? 0 : hasCompare() ? 2 : 1);
    m_charts->setRowStretch(2, n > columns ? 1 : 0);
}

bool ModelPage::arrangementFits() const {
    const QSize least = minimumSizeHint();
    if (least.width() > width() || least.height() > height()) return false;
    for (const QWidget* w : m_chartOrder)
        if (!w->isHidden() && !chartFits(w)) return false;
    return true;
}

void ModelPage::arrange() {
    if (m_arranging || !isVisible() || !layout()) return;
    m_arranging = true;
    struct Step {
        bool galleryTight;
        int rows;
        bool mapsBeside;
        bool sentence;  // the kind's sentence above its charts
        bool compact;   // the encoding line, the map's title and layer numbers hidden
        bool noFreq;    // the frequency chart left out (the wavelength chart shown)
    };
    const bool cmp = hasCompare();
    QVector<Step> steps = {{false, 2, false, true, false, false},
                           {true, 2, false, true, false, false},
                           {true, 1, false, true, false, false}};
    if (cmp)
        steps << Step{true, 2, true, true, false, false} << Step{true, 1, true, true, false, false};
    steps << Step{true, 1, cmp, false, false, false} << Step{true, 1, cmp, false, true, false};
    if (m_freqWanted && !m_wave->isHidden()) steps << Step{true, 1, cmp, false, true, true};
    const bool wanted = m_galleryWanted;  // the Presets button pressed: the gallery stays
    bool charts = false;
    for (const QWidget* w : m_chartOrder) charts = charts || !w->isHidden();
    for (const Step& step : steps) {
        m_galleryTight = step.galleryTight;
        m_galleryWanted = wanted;
        updateGallery();
        if (step.mapsBeside != m_mapsBeside) placeMaps(step.mapsBeside);
        // Without charts the sentence is what the page shows: it stays.
        m_nope->setVisible(!m_nope->text().isEmpty() && (step.sentence || !charts));
        m_encoding->setVisible(!m_encoding->text().isEmpty() && !step.compact);
        // Two maps keep their titles (they name the models).
        m_mapTitle->setVisible(!step.compact || hasCompare());
        m_map->setCompact(step.compact);
        m_compareMap->setCompact(step.compact);
        m_freq->setVisible(m_freqWanted && !step.noFreq);
        placeCharts(step.rows);
        layout()->activate();  // the children take their places now, synchronously
        if (arrangementFits()) break;
    }
    fitTableColumns();
    m_arranging = false;
}

}  // namespace poslab::ui
