// The Model page (issues 11 and 24): a model's positional set-up read from its config.json. A
// gallery of the bundled presets and Open…; the encoding named first (RoPE, M-RoPE, ALiBi, T5,
// learned, Shaw); the layer map (click a layer to select its kind; NoPE and layers without
// positions drawn as such); for the
// selected kind the frequencies before and after scaling, the wavelengths against the original
// and the extended context, every scaling method on the kind's d and base (scaling_chart.h), the
// readouts (with the sliding window and the pairs turning fully inside it), the reader's notes,
// the query-scale curve where the kind has one; a second model to compare on the same axes with
// the differing readouts marked; and "Explore in RoPE / ALiBi / T5 / Learned / Shaw", which the
// window answers by opening that encoding's page with the kind's parameters. It is not an encoding
// page: the main window shows it in place of the encoding page (MainWindow::showModelPage, page id
// "model").
#pragma once

#include <QStringList>
#include <QWidget>

#include "ui/figure/figure.h"
#include "ui/model/model_document.h"
#include "ui/model/model_series.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class QToolButton;
QT_END_NAMESPACE

class QVBoxLayout;

namespace poslab::ui {

class LayerMapWidget;
class ModelChartWidget;

inline const QString kModelPageId = QStringLiteral("model");

class ModelPage : public QWidget {
    Q_OBJECT
public:
    explicit ModelPage(QWidget* parent = nullptr);

    // Each returns the error, one line (empty on success); a failure changes nothing on the page
    // but its message line. `kind` empty: the first kind with RoPE.
    QString openFile(const QString& path);
    QString openPreset(const QString& id, const QString& kind = {},
                       std::optional<std::int64_t> seqLen = std::nullopt);
    QString setModel(const LoadedModel& model, const QString& kind = {});
    QString openCompareFile(const QString& path);
    QString openComparePreset(const QString& id);
    QString setCompare(const LoadedModel& model, const QString& kind = {});
    void clearCompare();
    void clearModel();  // no model (and nothing compared)
    void selectKind(const QString& kind);
    void selectCompareKind(const QString& kind);

    bool hasModel() const { return m_model.valid(); }
    bool hasCompare() const { return m_compare.valid(); }
    const LoadedModel& model() const { return m_model; }
    const LoadedModel& compare() const { return m_compare; }
    QString selectedKind() const { return m_kind; }
    QString compareKind() const { return m_compareKind; }
    const core::models::KindInfo* currentKind() const;
    const core::models::KindInfo* currentCompareKind() const;

    // The readout `key` (see kindReadouts) of the model (column 0) or the compared one (1).
    QString readout(const QString& key, int column = 0) const;
    QString errorText() const;     // the last refusal shown on the page ("" after a success)
    QString nopeText() const;      // what a NoPE kind says in place of its charts ("" otherwise)
    QString encodingText() const;  // the first line: the model's positional encoding
    QString notesText() const;     // the reader's notes as shown ("" when there are none)
    // Two models: the readout keys whose values differ (marked in the table).
    QStringList differences() const { return m_differences; }

    // The page's charts as a figure (model/charts, model_figure.h) for Export Figure and Copy
    // Figure: true, with the figure or the refusal in `error` and the view's id in `name`.
    bool figure(Figure* figure, QString* error, QString* name) const;

    LayerMapWidget* layerMap() const { return m_map; }
    LayerMapWidget* compareMap() const { return m_compareMap; }
    ModelChartWidget* frequencyChart() const { return m_freq; }
    ModelChartWidget* wavelengthChart() const { return m_wave; }
    ModelChartWidget* queryChart() const { return m_query; }
    ModelChartWidget* scalingChart() const { return m_scaling; }
    ModelChartWidget* otherChart() const { return m_other; }
    QTableWidget* readoutTable() const { return m_table; }
    QListWidget* gallery() const { return m_gallery; }
    bool galleryShown() const;
    QComboBox* compareChoice() const { return m_compareChoice; }
    QPushButton* exploreButton() const { return m_explore; }
    // How the page is arranged for its room (model_page_fit.cpp): the charts in one row or two,
    // the two layer maps side by side.
    int chartRows() const { return m_chartRows; }
    bool mapsBeside() const { return m_mapsBeside; }

signals:
    // The model, its kind or the compared model changed (sessions follow it).
    void changed();
    void exploreRequested();
    // The page's own buttons: the window shows the file dialog (it knows the recent files).
    void openFileRequested();
    void compareFileRequested();
    void message(const QString& text);

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    QVBoxLayout* buildSide();
    void connectSignals();
    QString refuse(const QString& error);
    void fillGallery();
    void fillCompareChoice();
    void retranslate();
    void refresh();
    void refreshHeader();
    void refreshReadouts();
    void refreshCharts();
    bool scalingFits() const;    // Compare: room for the scaling chart below the two layer maps
    int latinCharWidth() const;  // the width of a Latin letter or digit in the page's font
    void fitTableColumns();      // the names' column, so that the values stay in sight
    void fitTable();             // the readouts' least width: a share of the page
    QString withoutRopeText(ModelSide side) const;  // a kind with another encoding, or none

    // The arrangement for the room there is (model_page_fit.cpp): the first of gallery shown /
    // charts in two rows, gallery folded, charts in one row, (two models) layer maps side by
    // side, the kind's sentence hidden, where every chart shown draws its plot and the page's
    // least size fits its size.
    void arrange();
    bool arrangementFits() const;
    void placeCharts(int rows);
    void placeMaps(bool beside);
    void applyFonts();  // the page's larger and bold labels, from the current font
    bool m_arranging = false;
    bool m_galleryTight = false;  // the charts need the gallery's width
    int m_chartRows = 2;
    bool m_mapsBeside = false;
    bool m_freqWanted = false;  // refreshCharts shows the frequency chart
    // The charts in the grid, in their order (a new chart widget is appended here and placed by
    // placeCharts like the others).
    QVector<QWidget*> m_chartOrder;
    QGridLayout* m_maps = nullptr;

    LoadedModel m_model, m_compare;
    QString m_kind, m_compareKind, m_error;
    QStringList m_differences;

    // Two models on a narrow page (1280 x 720): the gallery gives its width to the compare table,
    // and a Presets button in the header brings it back.
    void updateGallery();
    QWidget* m_galleryBox;
    QToolButton* m_galleryToggle;
    bool m_galleryWanted = false;
    QListWidget* m_gallery;
    QLabel* m_galleryTitle;
    QPushButton* m_open;
    QLabel* m_name;
    QLabel* m_source;
    QLabel* m_encoding;  // "Positions: ALiBi, 112 heads (BLOOM rule)"
    QLabel* m_diff;      // two models: what differs
    QLabel* m_compareLabel;
    QComboBox* m_compareChoice;
    QPushButton* m_explore;
    QLabel* m_message;
    QLabel* m_mapTitle;
    LayerMapWidget* m_map;
    QLabel* m_compareMapTitle;
    LayerMapWidget* m_compareMap;
    QGridLayout* m_charts;
    QLabel* m_nope;
    ModelChartWidget* m_freq;
    ModelChartWidget* m_wave;
    ModelChartWidget* m_query;
    ModelChartWidget* m_scaling;  // every scaling method on the kind's d and base (L3)
    ModelChartWidget* m_other;  // ALiBi, T5, learned, Shaw: what the numbers imply (other_chart.h)
    QTableWidget* m_table;
    QLabel* m_notes;
};

}  // namespace poslab::ui
