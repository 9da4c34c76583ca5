// The scales a sweep's frames share (issue 25, item 10): an animation whose frames each scaled
// their own y axis or colour range would show colours and heights that mean different numbers
// from frame to frame (a false picture). So a first pass over the frames gathers every frame's
// y range and every heatmap panel's colour range; each frame is then drawn on their union: one
// y axis, and one colour range per panel (the same colours for the same value in every frame),
// the panels repainted on it and the footer saying so.
#pragma once

#include <QVector>
#include <optional>
#include <utility>

#include "ui/figure/figure.h"

namespace poslab::ui {

class SweepScales {
public:
    // Adds one frame's ranges (before add(), frames are the first pass's).
    void add(const ViewResult& frame);
    // The shared y range of the curves, unset for views without curves.
    std::optional<std::pair<double, double>> yRange() const { return m_y; }
    // The shared colour range of panel `i`, unset when no frame had a non-constant panel there.
    std::optional<std::pair<double, double>> colourRange(qsizetype i) const;
    // Puts the shared scales on a frame of a sweep of `frames` frames: the y range, each
    // panel's colour range (a constant panel outside it keeps its own, as in one figure's shared
    // range) with its cells repainted, and the footer's note that the colours are the same.
    void apply(Figure& figure, int frames) const;

private:
    struct Panel {
        double lo = 0, hi = 0;
        bool any = false;
    };
    bool m_curves = true;
    std::optional<std::pair<double, double>> m_y;
    QVector<Panel> m_panels;
};

// The footer's words: "one colour scale for all 30 frames" (translated).
QString sharedColourNote(int frames);

}  // namespace poslab::ui
