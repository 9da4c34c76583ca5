// ModelPage, what it shows: the header, the layer maps, the readouts and the charts of the
// selected kinds, refreshed from the models whenever one of them changes.
#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <algorithm>

#include "ui/model/layer_map.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_page.h"
#include "ui/model/model_series.h"
#include "ui/model/scaling_chart.h"

namespace poslab::ui {

void ModelPage::refresh() {
    refreshHeader();
    m_map->setModel(hasModel() ? &m_model : nullptr, m_kind);
    m_compareMap->setModel(hasCompare() ? &m_compare : nullptr, m_compareKind);
    m_compareMap->setVisible(hasCompare());
    m_compareMapTitle->setVisible(hasCompare());
    m_mapTitle->setText(
        hasCompare() ? tr("Layers of %1 (click a layer to select its kind)").arg(m_model.name)
                     : tr("Layers (click a layer to select its kind)"));
    m_compareMapTitle->setText(tr("Layers of %1").arg(m_compare.name));
    refreshReadouts();
    refreshCharts();
}

void ModelPage::refreshHeader() {
    if (!hasModel()) {
        m_name->setText(tr("No model"));
        m_source->setText(tr("pick a preset, open a config.json or drop one on the window"));
    } else {
        m_name->setText(hasCompare() ? tr("%1 vs %2").arg(m_model.name, m_compare.name)
                                     : m_model.name);
        m_source->setText(m_source->fontMetrics().elidedText(m_model.source, Qt::ElideRight,
                                                             std::max(40, m_source->width())));
        m_source->setToolTip(m_model.source);
    }
    const auto* kind = currentKind();
    m_explore->setEnabled(kind && kind->rope);
}

void ModelPage::refreshReadouts() {
    m_table->clear();
    const auto* a = currentKind();
    const auto* b = currentCompareKind();
    const int columns = b ? 3 : 2;
    m_table->setColumnCount(columns);
    // Two models need a third column: the table widens, the charts give way.
    const int chars = fontMetrics().averageCharWidth();
    m_table->setMinimumWidth(chars * (b ? 64 : 46));
    m_table->setMaximumWidth(chars * (b ? 90 : 70));
    m_notes->setMaximumWidth(m_table->maximumWidth());
    QStringList heads{tr("quantity"), hasCompare() ? m_model.name : tr("value")};
    if (b) heads << m_compare.name;
    m_table->setHorizontalHeaderLabels(heads);
    QVector<Readout> ra = a ? kindReadouts(m_model, *a) : QVector<Readout>();
    QVector<Readout> rb = b ? kindReadouts(m_compare, *b) : QVector<Readout>();
    // Rows in the first model's order, then the second's own rows.
    QVector<Readout> rows = ra;
    for (const Readout& r : rb) {
        bool found = false;
        for (const Readout& x : rows) found = found || x.key == r.key;
        if (!found) rows.append(r);
    }
    m_table->setRowCount(static_cast<int>(rows.size()));
    auto valueOf = [](const QVector<Readout>& list, const QString& key) {
        for (const Readout& r : list)
            if (r.key == key) return r.value;
        return QStringLiteral("—");
    };
    for (int i = 0; i < rows.size(); ++i) {
        auto* label = new QTableWidgetItem(rows[i].label);
        label->setData(Qt::UserRole, rows[i].key);
        label->setForeground(palette().color(QPalette::PlaceholderText));
        m_table->setItem(i, 0, label);
        for (int col = 1; col < columns; ++col) {
            auto* item = new QTableWidgetItem(valueOf(col == 1 ? ra : rb, rows[i].key));
            item->setToolTip(item->text());
            m_table->setItem(i, col, item);
        }
    }
    m_table->resizeRowsToContents();

    QStringList notes;
    for (const std::string& n : m_model.config.notes)
        notes << (hasCompare() ? m_model.name + QStringLiteral(": ") : QString()) +
                     QString::fromStdString(n);
    for (const std::string& n : m_compare.config.notes)
        notes << m_compare.name + QStringLiteral(": ") + QString::fromStdString(n);
    m_notes->setText(notes.isEmpty() ? QString()
                                     : tr("Notes of the config:") + QStringLiteral("\n• ") +
                                           notes.join(QStringLiteral("\n• ")));
    m_notes->setVisible(!notes.isEmpty());
}

void ModelPage::refreshCharts() {
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    for (ModelChartWidget* w : {m_freq, m_wave, m_query, m_scaling}) w->setDark(dark);
    m_map->setDark(dark);
    m_compareMap->setDark(dark);
    const ModelSide a{hasModel() ? &m_model : nullptr, currentKind()};
    const ModelSide b{hasCompare() ? &m_compare : nullptr, currentCompareKind()};
    const bool anyRope = (a && a.kind->rope) || (b && b.kind->rope);
    const bool anyQuery = hasQueryScale(a) || hasQueryScale(b);
    // A NoPE kind says so in words, not with empty axes.
    QStringList nope;
    for (ModelSide s : {a, b})
        if (s && !s.kind->rope)
            nope << tr("%1, layers of kind \"%2\": no RoPE (NoPE). Nothing rotates, so there are "
                       "no frequencies or wavelengths; %3")
                        .arg(s.model->name, QString::fromStdString(s.kind->name),
                             hasQueryScale(s)
                                 ? tr("the position reaches these layers only through the "
                                      "query scale below.")
                                 : tr("position reaches them only through the layers around."));
    if (!hasModel()) nope << tr("No model: pick a preset on the left or open a config.json.");
    m_nope->setText(nope.join(QLatin1Char('\n')));
    m_nope->setVisible(!nope.isEmpty());
    m_freq->setVisible(anyRope);
    m_wave->setVisible(anyRope);
    m_query->setVisible(anyQuery);
    // With two layer maps a short window has no room for a third chart: Compare shows the
    // models' own scalings once the page is 45 text lines high (scalingFits; not at 720 px).
    const bool scaling = anyRope && (!b || scalingFits());
    m_scaling->setVisible(scaling);
    // Row 2 (placed here only): the scaling methods and the query scale side by side, or
    // whichever there is.
    m_charts->removeWidget(m_scaling);
    m_charts->removeWidget(m_query);
    m_charts->addWidget(m_scaling, 2, 0, 1, anyQuery ? 1 : 2);
    m_charts->addWidget(m_query, 2, scaling ? 1 : 0, 1, scaling ? 1 : 2);
    m_charts->setRowStretch(0, anyRope ? 0 : 1);
    m_charts->setRowStretch(1, anyRope ? (b ? 2 : 1) : 0);
    m_charts->setRowStretch(2, scaling ? 1 : anyQuery ? 2 : 0);
    if (anyRope) {
        m_freq->setData(poslab::ui::frequencyChart(a, b));
        m_wave->setData(poslab::ui::wavelengthChart(a, b));
        m_scaling->setData(poslab::ui::scalingChart(a, b));
    }
    if (anyQuery) m_query->setData(poslab::ui::queryScaleChart(a, b));
}

bool ModelPage::scalingFits() const {
    return height() >= fontMetrics().height() * 45;
}

QString ModelPage::readout(const QString& key, int column) const {
    for (int i = 0; i < m_table->rowCount(); ++i) {
        const QTableWidgetItem* label = m_table->item(i, 0);
        if (!label || label->data(Qt::UserRole).toString() != key) continue;
        const QTableWidgetItem* value = m_table->item(i, column + 1);
        return value ? value->text() : QString();
    }
    return {};
}

}  // namespace poslab::ui
