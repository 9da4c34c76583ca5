// A2 Two-dimensional sinusoidal encoding for image patches (as in DETR, Carion et al., 2020, and
// the common `positionalencoding2d` of the PyTorch community): half of the channels encode the
// column w, the other half the row h, each with A1's interleaved layout at d' = d/2:
//   P[h*W + w, 2j]         = sin(w' omega'_j),  P[h*W + w, 2j+1]         = cos(w' omega'_j),
//   P[h*W + w, d/2 + 2j]   = sin(h' omega'_j),  P[h*W + w, d/2 + 2j + 1] = cos(h' omega'_j),
// with omega'_j = base^(-2j/d'), j < d/4, and w' = offset + w, h' = offset + h.
// Hence P_p . P_q = sum_j cos((w_p - w_q) omega'_j) + sum_j cos((h_p - h_q) omega'_j): the
// similarity depends only on the 2-D offset between the patches.
#include "core/encodings/common.h"

namespace poslab::core::enc {

namespace {

RowMatrix table(const ParamSet& p) {
    const auto height = p.integer("height");
    const auto width = p.integer("width");
    const auto d = p.integer("d");
    const auto half = d / 2;
    const double base = p.real("base");
    const double offset = static_cast<double>(p.integer("offset"));
    // One 1-D table per axis (d' = d/2 columns each), then every patch row is two copies.
    const RowMatrix cols = sinusoidalTable(width, half, base, offset);
    const RowMatrix rows = sinusoidalTable(height, half, base, offset);
    RowMatrix t(height * width, d);
    for (std::int64_t h = 0; h < height; ++h)
        for (std::int64_t w = 0; w < width; ++w) {
            t.row(h * width + w).head(half) = cols.row(w);
            t.row(h * width + w).tail(half) = rows.row(h);
        }
    return t;
}

}  // namespace

void registerSinusoidal2d(Registry& r) {
    EncodingDescriptor e;
    e.id = "sinusoidal2d";
    e.nameEn = "Sinusoidal 2-D";
    e.nameZh = "二维正弦位置编码";
    e.family = Family::Absolute;
    e.summaryEn = "Half the channels encode the column, half the row, each as 1-D sin/cos pairs.";
    e.summaryZh = "一半通道编码列坐标，另一半编码行坐标，各自为一维正弦/余弦对。";
    e.params = {intParam("height", 16)
                    .range(1, 1 << 16)
                    .slider(1, 128)
                    .label("Grid rows", "网格行数")
                    .help("rows of the patch grid", "图块网格的行数"),
                intParam("width", 16)
                    .range(1, 1 << 16)
                    .slider(1, 128)
                    .label("Grid columns", "网格列数")
                    .help("columns of the patch grid", "图块网格的列数"),
                specD().help("model dimension, a multiple of 4 (each axis gets d/2 channels of "
                             "sin/cos pairs)",
                             "模型维度，须为 4 的倍数（每个坐标轴占 d/2 个通道的正弦/余弦对）"),
                specBase(), specOffset()};
    e.resolve = [](ParamSet& p) -> Status {
        const auto d = p.integer("d");
        if (d % 4 != 0)
            return paramError("d", d,
                              "must be a multiple of 4: each of the two axes needs d/2 channels "
                              "of sin/cos pairs",
                              "a multiple of 4, >= 4");
        return {};
    };
    auto cells = [](const ParamSet& p) { return p.integer("height") * p.integer("width"); };
    auto d = [](const ParamSet& p) { return p.integer("d"); };

    e.quantities.push_back(
        quantity(
            "table", "height*width,d",
            [=](const ParamSet& p) {
                return Shape{cells(p), d(p)};
            },
            [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                return Array::fromMatrix(table(p));
            })
            .copiesResult()
            .title("2-D position table (row h·width + w)", "二维位置编码表（行号 h·width + w）")
            .axisNames({"patch h·width + w", "dimension k"}));
    e.quantities.push_back(
        similarityQuantity("height*width,height*width", cells, d,
                           [](const ParamSet& p, const ComputeContext&) -> Expected<RowMatrix> {
                               return table(p);
                           })
            .title("Similarity P Pᵀ between patches", "图块之间的相似度 P Pᵀ")
            .axisNames({"patch p", "patch q"}));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
