// The Model page's chart for a kind whose positions come from an encoding other than RoPE
// (issue 24, spec models.md M5.2): what the model's numbers imply, computed by PosLab's own core
// encodings with the parameters the config implies (KindInfo::encodingParams).
//   ALiBi:   the penalty -bias = m_h * (i - j) against the distance, for the heads (all when
//            few, else first, quarter, middle, three quarters, last), log-log: every head is a
//            line of slope 1 whose height is its slope; slopes from the alibi encoding.
//   T5:      the bucket of j - i against |j - i| for keys before and after the query, a
//            staircase exact at every integer distance (risers at the core's bucket edges), log x
//            so that the log-spaced buckets are equal steps.
//   Learned: the table row p + index offset against the position p, up to row n - 1; positions
//            from n - offset on have no row (a shaded band and a dashed continuation).
//   Shaw:    the clipped offset clip(j - i, -k, k) against j - i over a little more than +-k,
//            from the shaw encoding's relative_indices.
// Two models: each in its own colour (curveColor 0 and 1, the second dashed where lines can
// coincide), named in the legend. Pure functions of the configs.
#pragma once

#include "ui/model/model_series.h"

namespace poslab::ui {

// Whether a side's kind gets its positions from ALiBi, T5 buckets, a learned table or Shaw.
bool hasOtherEncoding(ModelSide side);

// The chart of the sides of another encoding (a side without one is left out). When both have one
// but not the same, the first is drawn and the note says the second is not on these axes.
ModelChartData otherEncodingChart(ModelSide a, ModelSide b = {});

}  // namespace poslab::ui
