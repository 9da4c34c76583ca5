// What a kind of layer is, in the Model page's words (issue 24, spec models.md M5): which
// positional encoding gives its positions (RoPE, M-RoPE, ALiBi, T5, learned, Shaw; NoPE for
// attention without positions; none for linear attention, mamba and conv layers), the page of
// PosLab that explores it with the config's numbers, its sliding window and the RoPE pairs that
// complete a full turn inside that window. Pure functions of the config (core/models).
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QVector>
#include <optional>

#include "core/models/model_config.h"

namespace poslab::ui {

// How the layer map draws a kind: RoPE (blues), sliding / local RoPE (warm), NoPE (greys),
// another encoding (ALiBi, T5, learned, Shaw: greens), and layers that are not attention at all
// (linear attention, mamba, conv: hatched, no positions).
enum class KindCategory { Rope, Local, NoPE, OtherEncoding, NoAttention };
KindCategory kindCategory(const core::models::KindInfo& kind);

// "llama3, base 500000", "sliding: default, base 10000, window 1024", "NoPE (attention without
// positions)", "no positions (linear attention)", "ALiBi".
QString kindSummary(const core::models::KindInfo& kind);

// The encoding's name in the interface language: rope, mrope, alibi, t5, learned, shaw, nope,
// none (an unknown id is shown as it is).
QString encodingName(const std::string& id);

// The first line of the page: the positions of the whole model, "ALiBi, 112 heads (BLOOM rule)"
// (core's summary in English; in Chinese built from the encoding's name and its parameters).
QString encodingHeadline(const core::models::ModelConfig& config);

// Where "Explore in …" goes for a kind: the PosLab page id and the short name on the button
// ("alibi", "ALiBi"); an empty page for NoPE and layers without positions. M-RoPE's text
// positions are RoPE: its kinds explore on the RoPE page.
struct ExploreTarget {
    QString page, name;
    bool rope = false;  // the parameters come from the kind's RoPE set (ropeParamTexts)
};
ExploreTarget exploreTarget(const core::models::KindInfo& kind);

// The PosLab parameters a kind of another encoding implies (`-p KEY=VALUE`), KindInfo's list of
// {key, value text}. One accessor, so that the field's name lives in one place.
const std::vector<core::models::ParamText>& impliedParams(const core::models::KindInfo& kind);

// The pairs j of a RoPE kind that complete a full turn inside a window of W tokens:
// inv_freq[j] * W >= 2 pi (their angle sweeps the whole circle within the window). Empty for a
// kind without RoPE or without a window.
QVector<int> fullTurnPairs(const core::models::KindInfo& kind);
QVector<int> fullTurnPairs(const core::models::KindInfo& kind, std::int64_t window);

// Layers of the model in each group (for the compare table and its differences).
struct LayerCounts {
    int total = 0, nope = 0, windowed = 0, noAttention = 0;
};
LayerCounts layerCounts(const core::models::ModelConfig& config);

class ModelKindText {
    Q_DECLARE_TR_FUNCTIONS(poslab::ui::ModelKindText)
};

}  // namespace poslab::ui
