// ModelPage, what it shows: the header (the encoding first), the layer maps, the readouts (the
// differences of two models marked), the reader's notes and the charts of the selected kinds,
// refreshed from the models whenever one of them changes.
#include <QComboBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <algorithm>

#include "ui/model/layer_map.h"
#include "ui/model/model_chart.h"
#include "ui/model/model_diff.h"
#include "ui/model/model_figure.h"
#include "ui/model/model_kinds.h"
#include "ui/model/model_page.h"
#include "ui/model/model_readouts.h"
#include "ui/model/model_series.h"
#include "ui/model/other_chart.h"
#include "ui/model/scaling_chart.h"

namespace poslab::ui {

void ModelPage::refresh() {
    updateGallery();
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
    arrange();
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
    QStringList enc;
    for (const LoadedModel* m : {&m_model, &m_compare}) {
        if (!m->valid()) continue;
        const QString rule = QString::fromStdString(m->config.encoding.rule);
        QString line = encodingHeadline(m->config);
        if (!rule.isEmpty()) line += tr(" — named by %1").arg(rule);
        enc << (hasCompare() ? tr("Positions of %1: %2").arg(m->name, line)
                             : tr("Positions: %1").arg(line));
    }
    m_encoding->setText(enc.join(QLatin1Char('\n')));
    m_encoding->setVisible(!enc.isEmpty());
    // "Explore in …" goes to the selected kind's encoding; NoPE and layers without positions
    // have nothing to explore (the button names the model's encoding, disabled).
    const auto* kind = currentKind();
    ExploreTarget target = kind ? exploreTarget(*kind) : ExploreTarget{};
    const bool can = !target.page.isEmpty();
    if (!can) {
        core::models::KindInfo k;
        k.encoding = hasModel() ? m_model.config.encoding.id : "rope";
        k.rope = k.encoding == "rope" || k.encoding == "mrope";
        target = exploreTarget(k);
    }
    m_explore->setText(tr("Explore in %1").arg(target.name));
    m_explore->setToolTip(
        can ? tr("Open the %1 page with this kind's parameters: every view then follows the model")
                  .arg(target.name)
            : tr("Layers of this kind carry no positions: nothing to explore"));
    m_explore->setEnabled(can);
}

void ModelPage::refreshReadouts() {
    m_table->clear();
    const auto* a = currentKind();
    const auto* b = currentCompareKind();
    const int columns = b ? 3 : 2;
    m_table->setColumnCount(columns);
    // The names as wide as they need, the values share the rest (elided, whole in the tooltip):
    // never a horizontal scroll bar hiding the second model.
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    for (int col = 1; col < columns; ++col)
        m_table->horizontalHeader()->setSectionResizeMode(col, QHeaderView::Stretch);
    // Two models need a third column: the table widens, the charts give way (fitTable).
    const int chars = latinCharWidth();
    m_table->setMaximumWidth(chars * (b ? 90 : 70));
    fitTable();
    m_notes->setMaximumWidth(m_table->maximumWidth());
    m_diff->setMaximumWidth(m_table->maximumWidth());
    QStringList heads{tr("quantity"), hasCompare() ? m_model.name : tr("value")};
    if (b) heads << m_compare.name;
    m_table->setHorizontalHeaderLabels(heads);
    QVector<Readout> ra = a ? kindReadouts(m_model, *a, b != nullptr) : QVector<Readout>();
    QVector<Readout> rb = b ? kindReadouts(m_compare, *b, true) : QVector<Readout>();
    m_differences = differingReadouts({hasModel() ? &m_model : nullptr, a},
                                      {hasCompare() ? &m_compare : nullptr, b});
    // Rows in the first model's order, then the second's own rows.
    QVector<Readout> rows = ra;
    for (const Readout& r : rb) {
        bool found = false;
        for (const Readout& x : rows) found = found || x.key == r.key;
        if (!found) rows.append(r);
    }
    m_table->setRowCount(static_cast<int>(rows.size()));
    auto find = [](const QVector<Readout>& list, const QString& key) -> const Readout* {
        for (const Readout& r : list)
            if (r.key == key) return &r;
        return nullptr;
    };
    // A differing row: "≠" before its name, its values bold on an amber ground.
    QColor marked(224, 168, 0, 70);
    QStringList differing;
    for (int i = 0; i < rows.size(); ++i) {
        const bool differs = m_differences.contains(rows[i].key);
        if (differs) differing << rows[i].label;
        auto* label =
            new QTableWidgetItem((differs ? QStringLiteral("≠ ") : QString()) + rows[i].label);
        label->setData(Qt::UserRole, rows[i].key);
        label->setToolTip(rows[i].label);  // the name whole where the column cuts it
        label->setForeground(differs ? palette().color(QPalette::WindowText)
                                     : palette().color(QPalette::PlaceholderText));
        m_table->setItem(i, 0, label);
        for (int col = 1; col < columns; ++col) {
            const Readout* r = find(col == 1 ? ra : rb, rows[i].key);
            auto* item = new QTableWidgetItem(r ? r->value : QStringLiteral("—"));
            item->setToolTip(r && !r->tip.isEmpty() ? r->value + QLatin1Char('\n') + r->tip
                                                    : item->text());
            if (differs) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
                item->setBackground(marked);
                label->setBackground(marked);
            }
            m_table->setItem(i, col, item);
        }
    }
    // Rows a line of the current font high at least (the font grows in presentation mode).
    m_table->verticalHeader()->setMinimumSectionSize(m_table->fontMetrics().lineSpacing() + 2);
    m_table->resizeRowsToContents();
    m_diff->setVisible(b != nullptr);
    m_diff->setText(
        differing.isEmpty()
            ? tr("The two kinds agree on every row.")
            : tr("≠ %1 rows differ: %2").arg(differing.size()).arg(differing.join(tr(", "))));

    QStringList notes;
    for (const std::string& n : m_model.config.notes)
        notes << (hasCompare() ? m_model.name + QStringLiteral(": ") : QString()) +
                     QString::fromStdString(n);
    for (const std::string& n : m_compare.config.notes)
        notes << m_compare.name + QStringLiteral(": ") + QString::fromStdString(n);
    m_notes->setText(notes.isEmpty()
                         ? QString()
                         : tr("⚠ What the reader noticed in the config:") + QStringLiteral("\n• ") +
                               notes.join(QStringLiteral("\n• ")));
    m_notes->setVisible(!notes.isEmpty());
}

QString ModelPage::withoutRopeText(ModelSide s) const {
    const QString kind = QString::fromStdString(s.kind->name);
    if (kindCategory(*s.kind) == KindCategory::NoAttention)
        return tr("%1, layers of kind \"%2\": no positions. They are not softmax attention (%3): "
                  "nothing in them sees where a token is; the attention layers around them "
                  "carry the position.")
            .arg(s.model->name, kind, kindSummary(*s.kind));
    const std::string& e = s.kind->encoding;
    const QString how = e == "alibi"     ? tr("a linear bias per head, added to the scores")
                        : e == "t5"      ? tr("a learned bias per distance bucket and head")
                        : e == "learned" ? tr("a learned vector per position, added to the input")
                                         : tr("learned vectors per clipped relative distance");
    QStringList params;
    for (const auto& [key, value] : impliedParams(*s.kind))
        params << QStringLiteral("%1 = %2").arg(QString::fromStdString(key),
                                                QString::fromStdString(value));
    const ExploreTarget t = exploreTarget(*s.kind);
    return tr("%1, layers of kind \"%2\": positions by %3 (%4), drawn below. \"Explore in %5\" "
              "opens its page with this model's numbers: %6.")
        .arg(s.model->name, kind, encodingName(e), how, t.name, params.join(tr(", ")));
}

void ModelPage::refreshCharts() {
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    for (ModelChartWidget* w : {m_freq, m_wave, m_query, m_scaling, m_other}) w->setDark(dark);
    m_map->setDark(dark);
    m_compareMap->setDark(dark);
    const ModelSide a{hasModel() ? &m_model : nullptr, currentKind()};
    const ModelSide b{hasCompare() ? &m_compare : nullptr, currentCompareKind()};
    const bool anyRope = (a && a.kind->rope) || (b && b.kind->rope);
    const bool anyQuery = hasQueryScale(a) || hasQueryScale(b);
    const bool anyOther = hasOtherEncoding(a) || hasOtherEncoding(b);
    // A kind without RoPE says what gives it positions (or that nothing does) in words, not
    // with empty axes.
    QStringList nope;
    for (ModelSide s : {a, b})
        if (s && !s.kind->rope && kindCategory(*s.kind) != KindCategory::NoPE)
            nope << withoutRopeText(s);
        else if (s && !s.kind->rope)
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
    m_freqWanted = anyRope;  // arrange() may leave it out where the room is short
    m_freq->setVisible(anyRope);
    m_wave->setVisible(anyRope && !anyOther);
    // ALiBi, T5, learned, Shaw: their chart in the place of the frequency and wavelength charts
    // (of the wavelengths beside a compared RoPE model's frequencies).
    m_other->setVisible(anyOther);
    m_query->setVisible(anyQuery);
    // With two layer maps a short window has no room for a third chart: Compare shows the
    // models' own scalings once the page is 45 text lines high (scalingFits; not at 720 px).
    const bool scaling = anyRope && (!b || scalingFits());
    m_scaling->setVisible(scaling);
    placeCharts(m_chartRows);
    if (anyRope) {
        m_freq->setData(poslab::ui::frequencyChart(a, b));
        m_wave->setData(poslab::ui::wavelengthChart(a, b));
        m_scaling->setData(poslab::ui::scalingChart(a, b));
    }
    if (anyQuery) m_query->setData(poslab::ui::queryScaleChart(a, b));
    if (anyOther) m_other->setData(otherEncodingChart(a, b));
}

void ModelPage::fitTable() {
    // A share of the page, at least what keeps a 1280 x 720 window on the screen (values elide
    // there, the tooltip has them whole).
    const bool two = currentCompareKind() != nullptr;
    const int least = latinCharWidth() * (two ? 56 : 30);
    const int share = static_cast<int>(width() * (two ? 0.3 : 0.22));
    m_table->setMinimumWidth(std::clamp(share, least, std::max(least, m_table->maximumWidth())));
}

void ModelPage::fitTableColumns() {
    // The names as wide as they need, unless the values would go out of sight (a projector's
    // large font in a narrow table): then at most half the table, elided, whole in the tooltip.
    auto* header = m_table->horizontalHeader();
    const int room = m_table->viewport()->width();
    int names = header->sectionSizeHint(0);
    for (int i = 0; i < m_table->rowCount(); ++i)
        if (const QTableWidgetItem* item = m_table->item(i, 0))
            names = std::max(names, m_table->fontMetrics().horizontalAdvance(item->text()) +
                                        2 * m_table->fontMetrics().averageCharWidth());
    const int most = m_table->columnCount() > 2 ? room * 2 / 5 : room / 2;
    if (m_table->columnCount() < 2 || names <= most) {
        header->setSectionResizeMode(0, QHeaderView::ResizeToContents);
        return;
    }
    header->setSectionResizeMode(0, QHeaderView::Interactive);
    header->resizeSection(0, most);
}

int ModelPage::latinCharWidth() const {
    // averageCharWidth is the CJK font's full width once the language is Chinese: measure text.
    static const QString sample = QStringLiteral("abcdefghijklmnopqrstuvwxyz0123456789");
    return std::max(1, fontMetrics().horizontalAdvance(sample) / static_cast<int>(sample.size()));
}

bool ModelPage::scalingFits() const {
    return height() >= fontMetrics().height() * 45;
}

bool ModelPage::figure(Figure* figure, QString* error, QString* name) const {
    const ModelSide a{hasModel() ? &m_model : nullptr, currentKind()};
    const ModelSide b{hasCompare() ? &m_compare : nullptr, currentCompareKind()};
    *name = kModelViewPrefix + QStringLiteral("charts");
    if (!a) {
        *error = tr("There is no model to export: pick a preset or open a config.json.");
        return true;
    }
    auto made = modelFigure(QStringLiteral("charts"), a, b);
    if (made)
        *figure = std::move(*made);
    else
        *error = QString::fromStdString(made.error().message);
    return true;
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
