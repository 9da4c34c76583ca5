#include "ui/figure/sweep_scales.h"

#include <QCoreApplication>
#include <algorithm>

#include "ui/compute/cell_blocks.h"
#include "ui/figure/axis.h"

namespace poslab::ui {

void SweepScales::add(const ViewResult& frame) {
    const LinesData& lines = frame.lines;
    if (lines.curves.isEmpty()) m_curves = false;
    if (m_curves) {
        const DataRange r = lineDataRange(lines);
        if (!r.empty())
            m_y = m_y ? std::pair{std::min(m_y->first, r.ylo), std::max(m_y->second, r.yhi)}
                      : std::pair{r.ylo, r.yhi};
    } else {
        m_y.reset();
    }
    if (m_panels.size() < frame.heatmaps.size()) m_panels.resize(frame.heatmaps.size());
    for (qsizetype i = 0; i < frame.heatmaps.size(); ++i) {
        const HeatmapData& h = frame.heatmaps[i];
        if (h.constant || !(h.lo < h.hi)) continue;  // a constant takes no part in a range
        Panel& p = m_panels[i];
        p.lo = p.any ? std::min(p.lo, h.lo) : h.lo;
        p.hi = p.any ? std::max(p.hi, h.hi) : h.hi;
        p.any = true;
    }
}

std::optional<std::pair<double, double>> SweepScales::colourRange(qsizetype i) const {
    if (i < 0 || i >= m_panels.size() || !m_panels[i].any) return std::nullopt;
    return std::pair{m_panels[i].lo, m_panels[i].hi};
}

void SweepScales::apply(Figure& figure, int frames) const {
    if (m_y) {
        figure.result.lines.yFrom = m_y->first;
        figure.result.lines.yTo = m_y->second;
    }
    bool shared = false;
    for (qsizetype i = 0; i < figure.result.heatmaps.size(); ++i) {
        const auto range = colourRange(i);
        if (!range) continue;
        HeatmapData& h = figure.result.heatmaps[i];
        if (h.constant && (*h.constant < range->first || *h.constant > range->second)) continue;
        shared = true;
        if (h.lo == range->first && h.hi == range->second) continue;
        h.lo = range->first;
        h.hi = range->second;
        paintBlockMeans(h);
    }
    if (!shared || figure.footer.isEmpty()) return;
    const QString tail = QStringLiteral(" · PosLab");
    const QString note = QStringLiteral(" · ") + sharedColourNote(frames);
    if (figure.footer.endsWith(tail))
        figure.footer.insert(figure.footer.size() - tail.size(), note);
    else
        figure.footer += note;
}

QString sharedColourNote(int frames) {
    return QCoreApplication::translate("poslab::ui::SweepScales",
                                       "one colour scale for all %1 frames")
        .arg(frames);
}

}  // namespace poslab::ui
