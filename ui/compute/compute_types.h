// Requests from the GUI to the scheduler and the prepared results coming back: immutable
// snapshots, copied across threads.
#pragma once

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QPointF>
#include <QString>
#include <QVector>
#include <memory>
#include <optional>

#include "core/array.h"
#include "core/compute.h"
#include "core/params/param_spec.h"
#include "ui/catalog/view_spec.h"
#include "ui/figure/colormap.h"
#include "ui/shell/language.h"

namespace poslab::ui {

struct ComputeRequest {
    quint64 generation = 0;
    QString pageId;
    int tag = 0;  // which tab asked (the result goes back to the same one)
    QString encoding;
    core::ParamSet params;
    QVector<ViewSpec> views;
    QVector<ViewState> states;  // one per view
    ColormapChoice colormap = ColormapChoice::Auto;
    double memoryBudget = core::configuredMemoryBudget();
    int maxImageSide = 2048;  // larger matrices are drawn at a stride (hover stays exact)
    // The interface language when the request was made: the worker writes its texts (axis
    // names, notes) in it and never reads the GUI thread's current language.
    Lang lang = Lang::En;
};

// A heatmap panel: the image of the cells (one pixel per shown cell) and what the axes need.
struct HeatmapData {
    LocalText title;
    std::shared_ptr<const core::Array> array;  // the exact numbers, for the hover readout
    qint64 sliceOffset = 0;                    // element index of cell (0, 0) in array
    qint64 rows = 0, cols = 0;
    int step = 1;  // image pixel = step x step cells
    QImage image;
    double lo = 0, hi = 1;  // colour range
    ColormapKind colormap = ColormapKind::Viridis;
    QString rowAxis, colAxis;
    bool integer = false;
    QString error;
    qint64 dataRows = -1;  // rows at and past this one have no data (drawn blank)
    LocalText blankNote;   // written over the blank rows
    qint64 rowBlock = 0;   // > 0: separator lines every rowBlock rows
};

struct CurveData {
    LocalText name;
    QList<QPointF> points;
    bool dashed = false;
    int color = 0;
};

struct LinesData {
    QVector<CurveData> curves;
    std::optional<double> vmarker;  // x of a vertical marker
    std::optional<double> hmarker;  // y of a horizontal marker
    std::optional<double> maxValue;
    QString xAxis, yAxis;
    bool logY = false;
    bool logX = false;
};

struct RotationPair {
    int pair = 0;
    QPointF a, b;  // the pair's coordinates at positions m and k
};

struct RotationData {
    QVector<RotationPair> pairs;
    qint64 m = 0, k = 0;
};

struct ViewResult {
    QString viewId;
    QString error;  // the view could not be drawn (shown in place of it)
    QVector<HeatmapData> heatmaps;
    LinesData lines;
    RotationData rotation;
    QString value;
    LocalText note;      // shown under the view, e.g. that only the first heads are drawn
    int sliceCount = 0;  // heads of a 3-D quantity (0: none)
};

struct ComputeResult {
    quint64 generation = 0;
    QString pageId;
    int tag = 0;
    QVector<ViewResult> views;
    double computeMs = 0, renderMs = 0;
    bool cancelled = false;
    QString error;
    // Refused before any work by the worker's check (a request whose check reads a file): the
    // reason, as checkRequest gives it; no views.
    QString refusal;
};

}  // namespace poslab::ui

Q_DECLARE_METATYPE(poslab::ui::ComputeResult)
