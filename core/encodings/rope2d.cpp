// E2 2-D RoPE for vision transformers (spec encodings_next.md): axial RoPE and RoPE-Mixed (Heo et
// al. 2024, naver-ai/rope-vit: init_2d_freqs, compute_axial_cis, compute_mixed_cis) and the Qwen
// vision encoder's VisionRotaryEmbedding (rows first, rotate_half, merge x merge token order).
// The numbers are rope2d_core.*; this file is the parameter table, the checks and the quantities.
#include "core/encodings/rope2d.h"

#include "core/encodings/common.h"
#include "core/encodings/rope2d_core.h"
#include "core/encodings/rotary_scores.h"

namespace poslab::core::enc {

namespace {

Rope2dVariant variantOf(const ParamSet& p) {
    const std::string& v = p.text("variant");
    return v == "mixed"         ? Rope2dVariant::Mixed
           : v == "qwen_vision" ? Rope2dVariant::QwenVision
                                : Rope2dVariant::Axial;
}

// base 0 is the variant's upstream default: 100 axial, 10 mixed (rope-vit), 10000 Qwen.
double baseOf(const ParamSet& p) {
    const double b = p.real("base");
    if (b != 0) return b;
    switch (variantOf(p)) {
        case Rope2dVariant::Mixed:
            return 10;
        case Rope2dVariant::QwenVision:
            return 10000;
        case Rope2dVariant::Axial:
            break;
    }
    return 100;
}

std::int64_t queryRow(const ParamSet& p) {
    const auto r = p.integer("query_row");
    return r < 0 ? p.integer("height") / 2 : r;
}
std::int64_t queryCol(const ParamSet& p) {
    const auto c = p.integer("query_col");
    return c < 0 ? p.integer("width") / 2 : c;
}

}  // namespace

Expected<Rope2dSetup> rope2dSetup(const ParamSet& p) {
    Rope2dSetup s;
    s.d = p.integer("d");
    s.half = variantOf(p) == Rope2dVariant::QwenVision;
    auto pos =
        rope2dPositions(p.integer("height"), p.integer("width"), variantOf(p), p.integer("merge"));
    if (!pos) return pos.error();
    s.positions = std::move(*pos);
    Rope2dFrequencyOptions o;
    o.d = s.d;
    o.heads = p.integer("heads");
    o.base = baseOf(p);
    o.variant = variantOf(p);
    o.init = p.text("init") == "spread" ? Rope2dInit::Spread : Rope2dInit::Seeded;
    o.rotation = p.real("rotation");
    o.seed = static_cast<std::uint64_t>(p.integer("seed"));
    s.frequencies = rope2dFrequencies(o);
    for (auto [name, v] : {std::pair{"q", &s.q}, std::pair{"k", &s.k}}) {
        if (p.text(name).empty()) continue;
        auto m = loadMatrix(name, p.text(name), 1, s.d);
        if (!m) return m.error();
        v->assign(m->data(), m->data() + s.d);
    }
    return s;
}

namespace {

using Setup = Rope2dSetup;

Expected<Setup> setup(const ParamSet& p) {
    return rope2dSetup(p);
}

RowMatrix headAngles(const Setup& s, const ParamSet& p) {
    return rope2dAngles(s.positions, s.frequencies[static_cast<std::size_t>(p.integer("head"))]);
}

Expected<Array> positions(const ParamSet& p, const ComputeContext&) {
    auto s = setup(p);
    if (!s) return s.error();
    Array a = Array::integer({static_cast<std::int64_t>(s->positions.size()), 2});
    for (std::size_t i = 0; i < s->positions.size(); ++i) {
        a.i64[2 * i] = s->positions[i][0];
        a.i64[2 * i + 1] = s->positions[i][1];
    }
    return a;
}

Expected<Array> frequencies(const ParamSet& p, const ComputeContext&) {
    auto s = setup(p);
    if (!s) return s.error();
    const auto heads = static_cast<std::int64_t>(s->frequencies.size());
    Array a = Array::real({heads, s->d / 2, 2});
    std::size_t at = 0;
    for (const auto& head : s->frequencies)
        for (const auto& f : head) {
            a.f64[at++] = f[0];
            a.f64[at++] = f[1];
        }
    return a;
}

Expected<Array> angles(const ParamSet& p, const ComputeContext&) {
    auto s = setup(p);
    if (!s) return s.error();
    return Array::fromMatrix(headAngles(*s, p));
}

Expected<Array> rotated(const ParamSet& p, const ComputeContext&) {
    auto s = setup(p);
    if (!s) return s.error();
    const RowMatrix phi = headAngles(*s, p);
    const Eigen::Index n = phi.rows(), pairs = phi.cols();
    RowMatrix in = RowMatrix::Ones(n, s->d);
    if (!p.text("input").empty()) {
        auto m = loadMatrix("input", p.text("input"), n, s->d);
        if (!m) return m.error();
        in = std::move(*m);
    }
    Array a = Array::real({n, s->d});
    auto o = a.matrix();
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < pairs; ++j) {
            const Eigen::Index ca = s->half ? j : 2 * j, cb = s->half ? j + pairs : 2 * j + 1;
            const double c = std::cos(phi(i, j)), sn = std::sin(phi(i, j));
            o(i, ca) = in(i, ca) * c - in(i, cb) * sn;
            o(i, cb) = in(i, ca) * sn + in(i, cb) * c;
        }
    return a;
}

Expected<Array> scores(const ParamSet& p, const ComputeContext& ctx) {
    auto s = setup(p);
    if (!s) return s.error();
    const RowMatrix phi = headAngles(*s, p);
    const auto n = static_cast<std::int64_t>(phi.rows());
    Array a = Array::real({n, n});
    if (auto st = rotaryScores(phi, pairCoefficients(s->q, s->k, s->d, s->half), a.f64.data(), ctx);
        !st)
        return st.error();
    return a;
}

Expected<Array> similarity(const ParamSet& p, const ComputeContext&) {
    auto s = setup(p);
    if (!s) return s.error();
    auto m = rope2dSimilarity(s->positions, headAngles(*s, p), s->q, s->k, s->half,
                              p.integer("height"), p.integer("width"), queryRow(p), queryCol(p));
    if (!m) return m.error();
    return Array::fromMatrix(*m);
}

Status resolve(ParamSet& p) {
    const auto d = p.integer("d");
    if (d < 4 || d % 4 != 0)
        return paramError("d", d, "2-D RoPE splits d into four quarters", "a multiple of 4");
    const double base = p.real("base");
    if (base != 0 && !(base > 1))
        return paramError("base", base, "too small", "0 (the variant's default) or a real > 1");
    if (p.integer("head") >= p.integer("heads"))
        return paramError("head", p.integer("head"),
                          "must be smaller than heads = " + std::to_string(p.integer("heads")));
    for (const char* side : {"height", "width"}) {
        const char* query = side[0] == 'h' ? "query_row" : "query_col";
        if (p.integer(query) >= p.integer(side))
            return paramError(query, p.integer(query),
                              std::string("must be smaller than ") + side + " = " +
                                  std::to_string(p.integer(side)));
        if (p.text("variant") == "qwen_vision" && p.integer(side) % p.integer("merge") != 0)
            return paramError(side, p.integer(side),
                              "qwen_vision merges merge x merge patches into one token",
                              "a multiple of " + std::to_string(p.integer("merge")));
    }
    const auto n = p.integer("height") * p.integer("width");
    if (!p.text("input").empty())
        if (auto st = checkNpyShape("input", p.text("input"), {n, d}); !st) return st;
    for (const char* v : {"q", "k"})
        if (!p.text(v).empty())
            if (auto st = checkNpyShape(v, p.text(v), {d}); !st) return st;
    return {};
}

std::vector<ParamSpec> params() {
    return {
        intParam("height", 16)
            .range(1, 1 << 16)
            .slider(1, 64)
            .label("Patch rows", "图块行数")
            .help("rows of the patch grid (224/16 = 14 for a ViT at 224 px)",
                  "图块网格的行数（224 像素、16 像素图块的 ViT 为 14）"),
        intParam("width", 16)
            .range(1, 1 << 16)
            .slider(1, 64)
            .label("Patch columns", "图块列数")
            .help("columns of the patch grid", "图块网格的列数"),
        specD(64),
        realParam("base", 0)
            .range(0, 1e300)
            .slider(0, 10000)
            .label("Frequency base", "频率底数")
            .help("0: the variant's default (100 axial, 10 mixed, 10000 qwen_vision); "
                  "mu_k = base^(-4k/d)",
                  "0 表示取该变体的默认值（axial 100，mixed 10，qwen_vision 10000）；"
                  "mu_k = base^(-4k/d)"),
        enumParam("variant", {"axial", "mixed", "qwen_vision"})
            .label("Variant", "变体")
            .help("axial: columns then rows; mixed: RoPE-Mixed, two directions per head; "
                  "qwen_vision: the Qwen vision encoder (rows first, rotate_half)",
                  "axial：先列后行；mixed：RoPE-Mixed，每个头两个方向；"
                  "qwen_vision：Qwen 视觉编码器（先行后列，rotate_half）"),
        specHeads(1),
        intParam("head", 0)
            .range(0, 1023)
            .slider(0, 15)
            .label("Head shown", "显示的注意力头")
            .help("the head whose angles, scores and similarity are shown (< heads)",
                  "显示其角度、分数与相似度的注意力头（须 < heads）"),
        enumParam("init", {"seeded", "spread"})
            .onlyWhen("variant", {"mixed"})
            .label("Direction init", "方向初始化")
            .help(
                "seeded: a uniform angle per head (the paper's); spread: rotation + 2 pi h / heads",
                "seeded：每个头一个均匀随机角度（论文做法）；spread：rotation + 2π h / heads"),
        realParam("rotation", 0.0)
            .range(-1000, 1000)
            .slider(-3.1416, 3.1416)
            .onlyWhen("init", {"spread"})
            .label("Rotation (radians)", "旋转角（弧度）")
            .help("mixed with init spread: the angle of head 0's first direction",
                  "mixed 且 init 为 spread 时，第 0 个头第一个方向的角度"),
        specSeed(),
        intParam("merge", 2)
            .range(1, 64)
            .slider(1, 4)
            .onlyWhen("variant", {"qwen_vision"})
            .label("Spatial merge", "空间合并尺寸")
            .help("qwen_vision: tokens in merge x merge blocks (spatial_merge_size)",
                  "qwen_vision：词元按 merge × merge 的块排列（spatial_merge_size）"),
        intParam("query_row", -1)
            .range(-1, 1 << 16)
            .slider(-1, 63)
            .label("Query patch row", "查询图块所在行")
            .help("row of the patch the similarity map compares with all others (-1: middle)",
                  "相似度图中与其他图块比较的图块所在行（-1 表示正中）"),
        intParam("query_col", -1)
            .range(-1, 1 << 16)
            .slider(-1, 63)
            .label("Query patch column", "查询图块所在列")
            .help("column of the query patch (-1: middle)", "查询图块所在列（-1 表示正中）"),
        pathParam("input")
            .label("Input rows", "输入行")
            .help(".npy (N, d) rows to rotate, N = height x width (default all ones)",
                  ".npy (N, d) 待旋转的行，N = height × width（默认全 1）"),
        specQueryVector(),
        specKeyVector(),
    };
}

}  // namespace

void registerRope2d(Registry& r) {
    EncodingDescriptor e;
    e.id = "rope2d";
    e.nameEn = "2-D RoPE (vision)";
    e.nameZh = "二维 RoPE（视觉）";
    e.family = Family::Rotary;
    e.summaryEn =
        "RoPE over a patch grid: axial (rows and columns), RoPE-Mixed (learned "
        "directions) and the Qwen vision encoder.";
    e.summaryZh = "图块网格上的 RoPE：轴向（行与列）、RoPE-Mixed（可学习方向）与 Qwen 视觉编码器。";
    e.params = params();
    e.resolve = resolve;
    auto N = [](const ParamSet& p) { return p.integer("height") * p.integer("width"); };
    auto half = [](const ParamSet& p) { return p.integer("d") / 2; };
    e.quantities.push_back(
        quantity(
            "positions", "N,2",
            [N](const ParamSet& p) {
                return Shape{N(p), 2};
            },
            positions)
            .title("Patch (row, column) of each token", "每个词元所在图块（行，列）")
            .axisNames({"token i", "(row, column)"})
            .integer());
    e.quantities.push_back(
        quantity(
            "frequencies", "heads,d/2,2",
            [half](const ParamSet& p) {
                return Shape{p.integer("heads"), half(p), 2};
            },
            frequencies)
            .title("Row and column frequency of each pair", "各频率对的行频率与列频率")
            .axisNames({"head h", "pair j", "(row, column)"}));
    e.quantities.push_back(
        quantity(
            "angles", "N,d/2",
            [N, half](const ParamSet& p) {
                return Shape{N(p), half(p)};
            },
            angles)
            .title("Angles φ[i, j] = rowᵢ frⱼ + colᵢ fcⱼ", "角度 φ[i, j] = rowᵢ frⱼ + colᵢ fcⱼ")
            .axisNames({"token i", "pair j"})
            .copiesResult());
    e.quantities.push_back(quantity(
                               "rotated", "N,d",
                               [N](const ParamSet& p) {
                                   return Shape{N(p), p.integer("d")};
                               },
                               rotated)
                               .title("Rotated rows", "旋转后的行")
                               .axisNames({"token i", "dimension"})
                               .work([N](const ParamSet& p) {
                                   return 20.0 * static_cast<double>(N(p) * p.integer("d"));
                               }));
    e.quantities.push_back(quantity(
                               "scores", "N,N",
                               [N](const ParamSet& p) {
                                   return Shape{N(p), N(p)};
                               },
                               scores)
                               .title("Scores (Rₘq) · (Rₖk)", "注意力分数 (Rₘq) · (Rₖk)")
                               .axisNames({"query token m", "key token k"})
                               .work([N](const ParamSet& p) {
                                   const double n = static_cast<double>(N(p));
                                   return 8.0 * n * n +
                                          40.0 * n * static_cast<double>(p.integer("d") / 2);
                               }));
    e.quantities.push_back(
        quantity(
            "similarity", "height,width",
            [](const ParamSet& p) {
                return Shape{p.integer("height"), p.integer("width")};
            },
            similarity)
            .title("One query patch against every patch", "一个查询图块与所有图块的分数")
            .axisNames({"row r", "column c"})
            .work([N](const ParamSet& p) {
                return 40.0 * static_cast<double>(N(p) * (p.integer("d") / 2 + 2));
            }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
