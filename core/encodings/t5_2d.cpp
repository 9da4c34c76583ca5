// A11 Two-dimensional T5-style relative bias for image patches (LeViT's attention bias: Graham et
// al., 2021, "LeViT: a Vision Transformer in ConvNet's Clothing", §4.2; the 2-D form of the
// notes follows lucidrains/vit-pytorch): patch p = (r, c) on an fmap x fmap grid has index
// r * fmap + c, and
//   indices[p, q] = |r_p - r_q| * fmap + |c_p - c_q|,    bias[h, p, q] = W[indices[p, q], h]
// with W an (fmap^2, heads) table, seeded standard normal. Each (|dr|, |dc|) offset gets its own
// row, so the bias sees the grid distance along both axes but not the direction. (Some code
// divides the bias by the attention scale before adding it; that is a choice of the model, and
// the quantity here is the table lookup itself.)
#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

// indices[p, q] for patches p, q of the fmap x fmap grid.
inline std::int64_t patchIndex(std::int64_t p, std::int64_t q, std::int64_t fmap) {
    const std::int64_t dr = p / fmap - q / fmap;
    const std::int64_t dc = p % fmap - q % fmap;
    return (dr < 0 ? -dr : dr) * fmap + (dc < 0 ? -dc : dc);
}

}  // namespace

void registerT52d(Registry& r) {
    EncodingDescriptor e;
    e.id = "t5_2d";
    e.nameEn = "T5 bias on a 2-D grid";
    e.nameZh = "二维 T5 相对位置偏置";
    e.family = Family::Relative;
    e.summaryEn =
        "One learned scalar per head and (|row offset|, |column offset|) between patches.";
    e.summaryZh = "每个头、每种图块间（|行偏移|，|列偏移|）各一个可学习标量。";
    e.params = {intParam("fmap", 8)
                    .range(1, 4096)
                    .slider(1, 64)
                    .label("Feature map side", "特征图边长")
                    .help("side of the square feature map: fmap x fmap patches",
                          "方形特征图的边长：共 fmap x fmap 个图块"),
                specHeads(8), specSeed()};
    auto patches = [](const ParamSet& p) { return p.integer("fmap") * p.integer("fmap"); };

    e.quantities.push_back(
        quantity(
            "indices", "fmap^2,fmap^2",
            [=](const ParamSet& p) {
                return Shape{patches(p), patches(p)};
            },
            [=](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                const auto fmap = p.integer("fmap");
                const auto m = patches(p);
                Array a = Array::integer({m, m});
                for (std::int64_t i = 0; i < m; ++i) {
                    if (ctx.cancelledAt(i, m)) return cancelledError();
                    for (std::int64_t j = 0; j < m; ++j)
                        a.i64[static_cast<std::size_t>(i * m + j)] = patchIndex(i, j, fmap);
                }
                return a;
            })
            .title("Table row of (patch p, patch q)", "（图块 p，图块 q）对应的表行号")
            .axisNames({"query patch p", "key patch q"})
            .integer());
    e.quantities.push_back(
        quantity(
            "bias", "heads,fmap^2,fmap^2",
            [=](const ParamSet& p) {
                return Shape{p.integer("heads"), patches(p), patches(p)};
            },
            [=](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                const auto fmap = p.integer("fmap");
                const auto heads = p.integer("heads");
                const auto m = patches(p);
                Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
                const RowMatrix w = normalMatrix(rng, m, heads);  // row by row
                Array a = Array::real({heads, m, m});
                for (std::int64_t h = 0; h < heads; ++h) {
                    if (ctx.cancelledAt(h, heads)) return cancelledError();
                    double* plane = a.f64.data() + h * m * m;
#pragma omp parallel for schedule(static) if (m > 512)
                    for (std::int64_t i = 0; i < m; ++i)
                        for (std::int64_t j = 0; j < m; ++j)
                            plane[i * m + j] = w(patchIndex(i, j, fmap), h);
                }
                return a;
            })
            .title("Bias added to the logits, per head", "加到注意力 logits 上的偏置（每个头）")
            .axisNames({"head", "query patch p", "key patch q"})
            .work([=](const ParamSet& p) {
                const double m = static_cast<double>(patches(p));
                return 8.0 * static_cast<double>(p.integer("heads")) * (m * m + m);
            }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
