// E1 M-RoPE, the multimodal rotary embedding of Qwen2-VL, Qwen2.5-VL and Qwen3-VL (spec
// encodings_next.md; transformers' get_rope_index and apply_multimodal_rotary_pos_emb, Qwen3-VL's
// apply_interleaved_mrope): three position axes (t, h, w), each frequency pair following one of
// them, chunked by mrope_section or interleaved. The layout and ids are mrope_layout.*, the
// numbers mrope_math.*; this file is the parameter table, the checks and the quantities.
#include "core/encodings/mrope.h"

#include <algorithm>
#include <charconv>

#include "core/encodings/common.h"
#include "core/encodings/mrope_math.h"
#include "core/encodings/rotary_scores.h"

namespace poslab::core::enc {

namespace {

MropeOptions mropeOptions(const ParamSet& p) {
    MropeOptions o;
    o.merge = p.integer("merge");
    o.absoluteTime = p.text("time") == "absolute";
    o.tokensPerSecond = p.real("tokens_per_second");
    o.secondPerGrid = p.real("second_per_grid");
    o.splitFrames = p.boolean("split_frames");
    o.frameGap = p.integer("frame_gap");
    o.advance = p.text("advance") == "spatial" ? MropeAdvance::Spatial : MropeAdvance::Max;
    o.offset = p.integer("offset");
    return o;
}

Expected<std::vector<double>> vectorOf(const ParamSet& p, const char* name, std::int64_t d) {
    if (p.text(name).empty()) return std::vector<double>{};
    auto m = loadMatrix(name, p.text(name), 1, d);
    if (!m) return m.error();
    return std::vector<double>(m->data(), m->data() + d);
}

}  // namespace

namespace {
// A value in quotes within a message: printable, bounded, no quote of its own.
std::string shownText(std::string_view text) {
    std::string s = echo(text, 60);
    std::replace(s.begin(), s.end(), '\'', '"');
    return s;
}
}  // namespace

Expected<std::array<std::int64_t, 3>> parseMropeSection(std::string_view text) {
    std::array<std::int64_t, 3> s{};
    std::size_t start = 0;
    int count = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        std::string_view item = text.substr(start, comma - start);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        std::int64_t v = -1;
        const auto r = std::from_chars(item.data(), item.data() + item.size(), v);
        if (count == 3 || item.empty() || r.ec != std::errc() ||
            r.ptr != item.data() + item.size() || v < 0 || v > kMaxDim)
            return fail("parameter 'mrope_section' = '" + shownText(text) +
                        "': not three integers >= 0; allowed: " + kMropeSectionForm);
        s[static_cast<std::size_t>(count++)] = v;
        start = comma + 1;
    }
    if (count != 3)
        return fail("parameter 'mrope_section' = '" + shownText(text) +
                    "': not three integers >= 0; allowed: " + kMropeSectionForm);
    return s;
}

std::int64_t mropeTokens(const ParamSet& p) {
    const auto items = parseMropeLayout(p.text("layout"), p.integer("merge"));
    if (!items) return 0;
    const auto n = mropeTokenCount(*items, mropeOptions(p), kMaxPositions);
    return n ? *n : 0;
}

Expected<MropeSetup> mropeSetup(const ParamSet& p, bool withPositions) {
    MropeSetup s;
    s.d = p.integer("d");
    const auto section = parseMropeSection(p.text("mrope_section"));
    if (!section) return section.error();
    auto axis = mropePairAxis(s.d, *section, p.boolean("interleaved"));
    if (!axis) return axis.error();
    s.axis = std::move(*axis);
    s.theta = mropeFrequencies(s.d, p.real("base"));
    auto q = vectorOf(p, "q", s.d);
    if (!q) return q.error();
    auto k = vectorOf(p, "k", s.d);
    if (!k) return k.error();
    s.q = std::move(*q);
    s.k = std::move(*k);
    if (!withPositions) return s;
    const auto items = parseMropeLayout(p.text("layout"), p.integer("merge"));
    if (!items) return items.error();
    auto pos = mropePositions(*items, mropeOptions(p), kMaxPositions);
    if (!pos) return mropeLayoutError(p.text("layout"), pos.error().message);
    s.positions = std::move(*pos);
    return s;
}

namespace {

Status resolve(ParamSet& p) {
    if (auto st = requireEven(p, "d", "RoPE rotates pairs of dimensions"); !st) return st;
    const auto section = parseMropeSection(p.text("mrope_section"));
    if (!section) return section.error();
    if (auto axis = mropePairAxis(p.integer("d"), *section, p.boolean("interleaved")); !axis)
        return axis.error();
    const auto items = parseMropeLayout(p.text("layout"), p.integer("merge"));
    if (!items) return items.error();
    const auto n = mropeTokenCount(*items, mropeOptions(p), kMaxPositions);
    if (!n)
        return mropeLayoutError(p.text("layout"), "more than " + std::to_string(kMaxPositions) +
                                                      " tokens, the most a layout may have");
    if (!p.text("input").empty())
        if (auto st = checkNpyShape("input", p.text("input"), {*n, p.integer("d")}); !st) return st;
    for (const char* v : {"q", "k"})
        if (!p.text(v).empty())
            if (auto st = checkNpyShape(v, p.text(v), {p.integer("d")}); !st) return st;
    return {};
}

using Fn =
    std::function<Expected<Array>(const MropeSetup&, const ParamSet&, const ComputeContext&)>;
// A quantity's compute from the setup (with or without the token ids).
std::function<Expected<Array>(const ParamSet&, const ComputeContext&)> withSetup(bool positions,
                                                                                 Fn fn) {
    return [positions, fn](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
        auto s = mropeSetup(p, positions);
        if (!s) return s.error();
        if (ctx.cancelled()) return cancelledError();
        return fn(*s, p, ctx);
    };
}

Expected<Array> positionIds(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    const auto n = s.positions.n;
    Array a = Array::integer({3, n});
    for (std::size_t axis = 0; axis < 3; ++axis)
        std::copy(s.positions.ids[axis].begin(), s.positions.ids[axis].end(),
                  a.i64.begin() + static_cast<std::ptrdiff_t>(axis) * n);
    return a;
}

Expected<Array> tokenType(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    Array a = Array::integer({s.positions.n});
    std::copy(s.positions.tokenType.begin(), s.positions.tokenType.end(), a.i64.begin());
    return a;
}

Expected<Array> ropeDelta(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    Array a = Array::integer({1});
    a.i64[0] = s.positions.ropeDelta;
    return a;
}

Expected<Array> frequencies(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    Array a = Array::real({s.d / 2});
    std::copy(s.theta.begin(), s.theta.end(), a.f64.begin());
    return a;
}

Expected<Array> pairAxis(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    Array a = Array::integer({s.d / 2});
    std::copy(s.axis.begin(), s.axis.end(), a.i64.begin());
    return a;
}

Expected<Array> axisFrequencyRange(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    const auto r = mropeAxisFrequencyRange(s.theta, s.axis);
    Array a = Array::real({3, 2});
    for (std::size_t axis = 0; axis < 3; ++axis) {
        a.f64[2 * axis] = r[axis][0];
        a.f64[2 * axis + 1] = r[axis][1];
    }
    return a;
}

Expected<Array> angles(const MropeSetup& s, const ParamSet&, const ComputeContext&) {
    return Array::fromMatrix(mropeAngles(s.positions, s.theta, s.axis));
}

Expected<Array> rotated(const MropeSetup& s, const ParamSet& p, const ComputeContext&) {
    const RowMatrix phi = mropeAngles(s.positions, s.theta, s.axis);
    if (p.text("input").empty()) return Array::fromMatrix(mropeRotated(phi, nullptr));
    auto in = loadMatrix("input", p.text("input"), s.positions.n, s.d);
    if (!in) return in.error();
    return Array::fromMatrix(mropeRotated(phi, &*in));
}

Expected<Array> scores(const MropeSetup& s, const ParamSet&, const ComputeContext& ctx) {
    const auto n = s.positions.n;
    const RowMatrix phi = mropeAngles(s.positions, s.theta, s.axis);
    Array a = Array::real({n, n});
    if (auto st = rotaryScores(phi, pairCoefficients(s.q, s.k, s.d, true), a.f64.data(), ctx); !st)
        return st.error();
    return a;
}

Expected<Array> axisScores(const MropeSetup& s, const ParamSet&, const ComputeContext& ctx) {
    const auto n = s.positions.n;
    const RowMatrix phi = mropeAngles(s.positions, s.theta, s.axis);
    Array a = Array::real({3, n, n});
    for (int axis = 0; axis < 3; ++axis) {
        std::vector<bool> keep(s.axis.size());
        for (std::size_t j = 0; j < keep.size(); ++j) keep[j] = s.axis[j] == axis;
        const auto c = pairCoefficients(s.q, s.k, s.d, true, keep);
        double* out = a.f64.data() + static_cast<std::ptrdiff_t>(axis) * n * n;
        if (auto st = rotaryScores(phi, c, out, ctx.part(axis / 3.0, (axis + 1) / 3.0)); !st)
            return st.error();
    }
    return a;
}

std::vector<ParamSpec> params() {
    return {
        textParam("layout", "text:4,image:1x8x12,text:4,video:3x8x8,text:4", kMropeLayoutForm,
                  "逗号分隔的项：text:N、image:1xHxW 与 video:TxHxW[@S]")
            .label("Token layout", "词元布局")
            .help("the sequence: text:N tokens, image:1xHxW and video:TxHxW[@S] patch grids "
                  "(before merging; @S seconds per temporal grid)",
                  "词元序列：text:N 个文本词元，image:1xHxW 与 video:TxHxW[@S] 为合并前的图块网格"
                  "（@S 为每个时间网格的秒数）"),
        intParam("merge", 2)
            .range(1, 64)
            .slider(1, 4)
            .label("Spatial merge", "空间合并尺寸")
            .help("merge x merge patches become one token (spatial_merge_size)",
                  "每 merge × merge 个图块合并为一个词元（spatial_merge_size）"),
        specD(128),
        specBase(1000000.0),
        textParam("mrope_section", "16,24,24", kMropeSectionForm,
                  "三个逗号分隔的整数（≥ 0），和为 d/2")
            .label("Pairs per axis (t, h, w)", "各轴的频率对数（t, h, w）")
            .help("how many frequency pairs follow time, height and width (mrope_section)",
                  "时间、高度、宽度各分到多少个频率对（mrope_section）"),
        boolParam("interleaved", false)
            .label("Interleaved axes", "交错分配各轴")
            .help("Qwen3-VL: pairs 1, 4, 7, ... height, 2, 5, 8, ... width, the rest time; "
                  "false: chunked t | h | w (Qwen2-VL, Qwen2.5-VL)",
                  "Qwen3-VL：第 1、4、7…… 对给高度，第 2、5、8…… 对给宽度，其余给时间；"
                  "false 时按 t | h | w 分块（Qwen2-VL、Qwen2.5-VL）"),
        enumParam("time", {"index", "absolute"})
            .label("Video time ids", "视频时间编号")
            .help("index: temporal grid k has time id k; absolute (Qwen2.5-VL): "
                  "floor(k x seconds per grid x tokens per second)",
                  "index：第 k 个时间网格的时间编号为 k；absolute（Qwen2.5-VL）："
                  "floor(k × 每格秒数 × 每秒词元数)"),
        realParam("tokens_per_second", 2.0)
            .range(0, 1e6)
            .exclusiveMin()
            .slider(0.5, 25)
            .onlyWhen("time", {"absolute"})
            .label("Time ids per second", "每秒时间编号数")
            .help("Qwen2.5-VL's tokens_per_second: time ids per second of video",
                  "Qwen2.5-VL 的 tokens_per_second：视频每秒对应的时间编号数"),
        realParam("second_per_grid", 1.0)
            .range(0, 1e6)
            .slider(0, 8)
            .onlyWhen("time", {"absolute"})
            .label("Seconds per temporal grid", "每个时间网格的秒数")
            .help("seconds one temporal grid of a video spans, unless its item says @S",
                  "视频一个时间网格跨越的秒数（布局项写了 @S 时以 @S 为准）"),
        boolParam("split_frames", false)
            .label("Frames as separate videos", "逐帧拆分视频")
            .help("Qwen3-VL: a video of T grids is laid out as T one-grid videos",
                  "Qwen3-VL：T 个时间网格的视频按 T 段单网格视频排列"),
        intParam("frame_gap", 0)
            .range(0, 1 << 20)
            .slider(0, 16)
            .onlyWhen("split_frames", {"true"})
            .label("Text tokens between frames", "帧间文本词元数")
            .help("tokens between split frames (Qwen3-VL's timestamp text and vision markers)",
                  "拆分后相邻帧之间的词元数（Qwen3-VL 的时间戳文本与视觉起止标记）"),
        enumParam("advance", {"max", "spatial"})
            .label("Start after a block", "视觉块之后的起点")
            .help("max: 1 + the largest id so far (the Qwen code); spatial: + max(H', W') "
                  "(transformers >= 5.3)",
                  "max：此前最大编号 + 1（Qwen 代码）；spatial：加 max(H', W')（transformers ≥ "
                  "5.3）"),
        specOffset(),
        pathParam("input")
            .label("Input rows", "输入行")
            .help(".npy (n, d) rows to rotate (default all ones)",
                  ".npy (n, d) 待旋转的行（默认全 1）"),
        specQueryVector(),
        specKeyVector(),
    };
}

}  // namespace

void registerMrope(Registry& r) {
    EncodingDescriptor e;
    e.id = "mrope";
    e.nameEn = "M-RoPE (multimodal RoPE)";
    e.nameZh = "M-RoPE（多模态旋转编码）";
    e.family = Family::Rotary;
    e.summaryEn =
        "Qwen-VL's RoPE for text, images and video: three position axes (time, height, "
        "width) share the frequency pairs.";
    e.summaryZh = "Qwen-VL 的多模态 RoPE：时间、高度、宽度三个位置轴分享各频率对。";
    e.params = params();
    e.resolve = resolve;
    auto n = [](const ParamSet& p) { return mropeTokens(p); };
    auto half = [](const ParamSet& p) { return p.integer("d") / 2; };
    // The ids (32 bytes a token) and the angle tables live beside the result.
    auto ids = [n](const ParamSet& p) { return 32.0 * static_cast<double>(n(p)); };
    auto tables = [n, half](const ParamSet& p) {
        return 40.0 * static_cast<double>(n(p)) * static_cast<double>(half(p));
    };
    e.quantities.push_back(quantity(
                               "position_ids", "3,n",
                               [n](const ParamSet& p) {
                                   return Shape{3, n(p)};
                               },
                               withSetup(true, positionIds))
                               .title("Position ids (t, h, w)", "位置编号（t, h, w）")
                               .axisNames({"axis (t, h, w)", "token i"})
                               .integer()
                               .work([ids](const ParamSet& p) { return 2 * ids(p); }));
    e.quantities.push_back(
        quantity(
            "token_type", "n", [n](const ParamSet& p) { return Shape{n(p)}; },
            withSetup(true, tokenType))
            .title("Token type (0 text, 1 image, 2 video)", "词元类型（0 文本，1 图像，2 视频）")
            .axisNames({"token i"})
            .integer()
            .work([ids](const ParamSet& p) { return 2 * ids(p); }));
    e.quantities.push_back(
        quantity(
            "rope_delta", "1", [](const ParamSet&) { return Shape{1}; }, withSetup(true, ropeDelta))
            .title("Offset of generated tokens: max id + 1 − n",
                   "生成词元的位置偏移：最大编号 + 1 − n")
            .axisNames({""})
            .integer()
            .work(ids));
    e.quantities.push_back(
        quantity(
            "frequencies", "d/2", [half](const ParamSet& p) { return Shape{half(p)}; },
            withSetup(false, frequencies))
            .title("Frequency θⱼ = base⁻²ʲᐟᵈ per pair", "每个频率对的频率 θⱼ = base⁻²ʲᐟᵈ")
            .axisNames({"pair j"})
            .nonNegative());
    e.quantities.push_back(
        quantity(
            "pair_axis", "d/2", [half](const ParamSet& p) { return Shape{half(p)}; },
            withSetup(false, pairAxis))
            .title("Axis of each pair (0 t, 1 h, 2 w)", "各频率对所属的轴（0 t，1 h，2 w）")
            .axisNames({"pair j"})
            .integer());
    e.quantities.push_back(
        quantity(
            "axis_frequency_range", "3,2",
            [](const ParamSet&) {
                return Shape{3, 2};
            },
            withSetup(false, axisFrequencyRange))
            .title("Fastest and slowest frequency of each axis", "各轴最快与最慢的频率")
            .axisNames({"axis (t, h, w)", "(max, min)"})
            .nonNegative());
    e.quantities.push_back(quantity(
                               "angles", "n,d/2",
                               [n, half](const ParamSet& p) {
                                   return Shape{n(p), half(p)};
                               },
                               withSetup(true, angles))
                               .title("Angles φ[i, j] = P[aⱼ, i] θⱼ", "角度 φ[i, j] = P[aⱼ, i] θⱼ")
                               .axisNames({"token i", "pair j"})
                               .copiesResult());
    e.quantities.push_back(quantity(
                               "rotated", "n,d",
                               [n](const ParamSet& p) {
                                   return Shape{n(p), p.integer("d")};
                               },
                               withSetup(true, rotated))
                               .title("Rotated rows (halves paired)", "旋转后的行（前后两半配对）")
                               .axisNames({"token i", "dimension"})
                               .work([n, ids](const ParamSet& p) {
                                   return ids(p) +
                                          40.0 * static_cast<double>(n(p) * p.integer("d"));
                               }));
    auto nn = [n](const ParamSet& p) { return Shape{n(p), n(p)}; };
    e.quantities.push_back(quantity("scores", "n,n", nn, withSetup(true, scores))
                               .title("Scores (Rₘq) · (Rₖk)", "注意力分数 (Rₘq) · (Rₖk)")
                               .axisNames({"query token m", "key token k"})
                               .work([n, ids, tables](const ParamSet& p) {
                                   const double t = static_cast<double>(n(p));
                                   return 8.0 * t * t + ids(p) + tables(p);
                               }));
    e.quantities.push_back(quantity(
                               "axis_scores", "3,n,n",
                               [n](const ParamSet& p) {
                                   return Shape{3, n(p), n(p)};
                               },
                               withSetup(true, axisScores))
                               .title("Each axis' share of the scores", "各轴在分数中的份额")
                               .axisNames({"axis (t, h, w)", "query token m", "key token k"})
                               .work([n, ids, tables](const ParamSet& p) {
                                   const double t = static_cast<double>(n(p));
                                   return 24.0 * t * t + ids(p) + tables(p);
                               }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
