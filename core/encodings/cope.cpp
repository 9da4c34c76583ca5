// E6 CoPE, contextual position encoding (Golovneva, Wang, Weston & Sukhbaatar, 2024, "Contextual
// Position Encoding: Learning to Count What's Important"; the authors' release
// facebookresearch/RAM projects/cope/src/cope/context_position.py, ContextPosSelfAttn). Positions
// count the keys a gate lets through instead of every token:
//   gates      g_ij = sigmoid(q_i . k_j / sqrt(d))   (gate_mode qk; both codes divide by sqrt(d))
//              g_ij = pattern[j mod P]               (gate_mode pattern: a fixed token class)
//   positions  p_ij = min(sum_{t=j..i} g_it, npos_max - 1), summed from t = i down to j (the
//              release's gates.flip(-1).cumsum(-1).flip(-1), then clamp)
//   position_logits z[i,p] = q_i . e_p    (torch.matmul(query, pos_emb))
//   bias       z[i,ceil p] w + z[i,floor p] (1 - w), w = p - floor p   (the two gathers)
//   logits     snippet (the paper's code): q_i . k_j / sqrt(d) + bias
//              ram (the release, --cope-nodiv off): (q_i . k_j + bias) / sqrt(d)
//   attention  the row softmax of logits.
// Always causal: j > i is -inf in bias and logits, 0 in gates, positions and attention.
// Seeded in the order q (n, d), k (n, d), e (npos_max, d), standard normal, drawn in every mode;
// files replace them (q or k set n and d, weights sets npos_max).
#include <cmath>
#include <limits>

#include "core/encodings/common.h"
#include "core/io/npy.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

constexpr std::int64_t kDefaultN = 64;
constexpr std::int64_t kDefaultD = 64;
constexpr double kMasked = -std::numeric_limits<double>::infinity();

std::int64_t nposOf(const ParamSet& p) {
    const auto v = p.integer("npos_max");
    return v == 0 ? p.integer("n") + 1 : v;
}

bool patternGates(const ParamSet& p) {
    return p.text("gate_mode") == "pattern";
}

// The pattern's numbers: written out, or a 1-D .npy.
Expected<std::vector<double>> patternValues(const std::string& text) {
    if (isNumberList(text)) return numberListValues(text);
    if (text.empty()) return std::vector<double>{};
    auto a = io::readNpy(text, 64.0 * 1024 * 1024);
    if (!a) return fail(a.error().code, "parameter 'pattern': " + a.error().message);
    if (a->shape.size() != 1)
        return fail("parameter 'pattern' = " + echo(text, kEchoPathLimit) + ": array has shape (" +
                    shapeText(a->shape) + "), expected a 1-D list of gates");
    std::vector<double> out(static_cast<std::size_t>(a->size()));
    for (std::int64_t k = 0; k < a->size(); ++k) out[static_cast<std::size_t>(k)] = a->at(k);
    return out;
}

Status checkPattern(const ParamSet& p) {
    const auto& text = p.text("pattern");
    auto values = patternValues(text);
    if (!values) return values.error();
    if (values->empty())
        return paramError("pattern", text, "gate_mode pattern needs at least one gate",
                          "comma-separated reals in [0, 1], or a path to a 1-D .npy file");
    for (std::size_t j = 0; j < values->size(); ++j) {
        const double v = (*values)[j];
        if (!(std::isfinite(v) && v >= 0 && v <= 1))
            return fail("parameter 'pattern': item " + std::to_string(j) + " = " + formatValue(v) +
                        " must be a finite real in [0, 1]");
    }
    return {};
}

// A q or k file sets n and d: a value the user gave must match, one left at its default follows.
Status adoptShape(ParamSet& p, const std::string& param) {
    const auto& path = p.text(param);
    auto h = io::inspectNpy(path);
    if (!h) return fail(h.error().code, "parameter '" + param + "': " + h.error().message);
    if (h->shape.size() != 2 || h->shape[0] < 1 || h->shape[1] < 1)
        return fail("parameter '" + param + "' = " + echo(path, kEchoPathLimit) +
                    ": array has shape (" + shapeText(h->shape) + "), expected (n, d)");
    const std::pair<const char*, std::int64_t> dims[] = {{"n", h->shape[0]}, {"d", h->shape[1]}};
    for (const auto& [name, fromFile] : dims) {
        const auto given = p.integer(name);
        const auto def = std::string(name) == "n" ? kDefaultN : kDefaultD;
        if (p.given(name) ? given != fromFile : (given != def && given != fromFile))
            return paramError(name, given,
                              "differs from the " + param + " file, which sets " + name + " = " +
                                  std::to_string(fromFile),
                              std::to_string(fromFile) + " (or leave " + name + " unset)");
        p.set(name, fromFile);
    }
    return {};
}

// weights (npos_max, d): its rows set npos_max unless the user gave another.
Status adoptWeights(ParamSet& p) {
    const auto& path = p.text("weights");
    auto h = io::inspectNpy(path);
    if (!h) return fail(h.error().code, "parameter 'weights': " + h.error().message);
    const auto d = p.integer("d");
    const bool twoD = h->shape.size() == 2 && h->shape[0] >= 1;
    const bool keepsNpos = p.given("npos_max") || p.integer("npos_max") != 0;
    if (!twoD || h->shape[1] != d || (keepsNpos && h->shape[0] != nposOf(p)))
        return fail("parameter 'weights' = " + echo(path, kEchoPathLimit) + ": array has shape (" +
                    shapeText(h->shape) + "), expected (" +
                    (keepsNpos ? std::to_string(nposOf(p)) : std::string("npos_max")) + "," +
                    std::to_string(d) + ")");
    p.set("npos_max", h->shape[0]);
    return {};
}

Status resolveCope(ParamSet& p) {
    const bool hasQ = !p.text("q").empty(), hasK = !p.text("k").empty();
    if (hasQ || hasK)
        if (auto st = adoptShape(p, hasQ ? "q" : "k"); !st) return st;
    if (hasQ && hasK)
        if (auto st = checkNpyShape("k", p.text("k"), {p.integer("n"), p.integer("d")}); !st)
            return st;
    if (!p.text("weights").empty())
        if (auto st = adoptWeights(p); !st) return st;
    if (patternGates(p))
        if (auto st = checkPattern(p); !st) return st;
    return {};
}

struct Inputs {
    RowMatrix q, k, e;
};

// Drawn q, k, e in that order (all three always), then the files in their place.
Expected<Inputs> inputs(const ParamSet& p) {
    const auto n = p.integer("n"), d = p.integer("d"), npos = nposOf(p);
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    Inputs in;
    in.q = normalMatrix(rng, n, d);
    in.k = normalMatrix(rng, n, d);
    in.e = normalMatrix(rng, npos, d);
    const std::pair<const char*, RowMatrix*> files[] = {{"q", &in.q}, {"k", &in.k}};
    for (const auto& [name, into] : files)
        if (const auto& path = p.text(name); !path.empty()) {
            auto m = loadMatrix(name, path, n, d);
            if (!m) return m.error();
            *into = std::move(*m);
        }
    if (const auto& path = p.text("weights"); !path.empty()) {
        auto m = loadMatrix("weights", path, npos, d);
        if (!m) return m.error();
        in.e = std::move(*m);
    }
    return in;
}

double sigmoid(double x) {
    return 1.0 / (1.0 + std::exp(-x));
}

// Gates (n, n), zero above the diagonal.
Expected<RowMatrix> gateMatrix(const ParamSet& p, const Inputs& in) {
    const auto n = p.integer("n");
    RowMatrix g = RowMatrix::Zero(n, n);
    if (patternGates(p)) {
        auto pattern = patternValues(p.text("pattern"));
        if (!pattern) return pattern.error();
        const auto period = static_cast<std::int64_t>(pattern->size());
        if (period == 0) return fail("parameter 'pattern': empty");
        for (std::int64_t i = 0; i < n; ++i)
            for (std::int64_t j = 0; j <= i; ++j)
                g(i, j) = (*pattern)[static_cast<std::size_t>(j % period)];
        return g;
    }
    const double scale = 1.0 / std::sqrt(static_cast<double>(p.integer("d")));
    const RowMatrix s = in.q * in.k.transpose();
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j <= i; ++j) g(i, j) = sigmoid(s(i, j) * scale);
    return g;
}

// p_ij: the reverse cumulative sum of row i from t = i down to j, clamped at npos_max - 1.
RowMatrix positionMatrix(const RowMatrix& g, std::int64_t npos) {
    const auto n = g.rows();
    const double cap = static_cast<double>(npos - 1);
    RowMatrix pos = RowMatrix::Zero(n, n);
    for (std::int64_t i = 0; i < n; ++i) {
        double sum = 0;
        for (std::int64_t j = i; j >= 0; --j) {
            sum += g(i, j);
            pos(i, j) = std::min(sum, cap);
        }
    }
    return pos;
}

// Every quantity is built from the same steps; `upTo` says where to stop.
enum class Step { Gates, Positions, PositionLogits, Bias, Logits, Attention };

Expected<RowMatrix> run(const ParamSet& p, Step upTo, const ComputeContext& ctx) {
    auto in = inputs(p);
    if (!in) return in.error();
    if (ctx.cancelledAt(1, 8)) return cancelledError();
    if (upTo == Step::PositionLogits) return RowMatrix(in->q * in->e.transpose());
    auto g = gateMatrix(p, *in);
    if (!g) return g.error();
    if (upTo == Step::Gates) return std::move(*g);
    if (ctx.cancelledAt(2, 8)) return cancelledError();
    const auto npos = nposOf(p);
    RowMatrix pos = positionMatrix(*g, npos);
    if (upTo == Step::Positions) return pos;
    const RowMatrix z = in->q * in->e.transpose();
    if (ctx.cancelledAt(4, 8)) return cancelledError();
    const auto n = p.integer("n");
    RowMatrix out(n, n);
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j < n; ++j) {
            if (j > i) {
                out(i, j) = kMasked;
                continue;
            }
            const double v = pos(i, j), f = std::floor(v), w = v - f;
            const auto fi = static_cast<std::int64_t>(f);
            const auto ci = static_cast<std::int64_t>(std::ceil(v));
            out(i, j) = z(i, ci) * w + z(i, fi) * (1 - w);
        }
    if (upTo == Step::Bias) return out;
    if (ctx.cancelledAt(5, 8)) return cancelledError();
    const double root = std::sqrt(static_cast<double>(p.integer("d")));
    const bool ram = p.text("variant") == "ram";
    const RowMatrix s = in->q * in->k.transpose();
    for (std::int64_t i = 0; i < n; ++i)
        for (std::int64_t j = 0; j <= i; ++j)
            out(i, j) = ram ? (s(i, j) + out(i, j)) / root : s(i, j) / root + out(i, j);
    if (upTo == Step::Logits) return out;
    for (std::int64_t i = 0; i < n; ++i) {
        double top = out(i, 0);
        for (std::int64_t j = 1; j <= i; ++j) top = std::max(top, out(i, j));
        double sum = 0;
        for (std::int64_t j = 0; j <= i; ++j) sum += (out(i, j) = std::exp(out(i, j) - top));
        for (std::int64_t j = 0; j <= i; ++j) out(i, j) /= sum;
        for (std::int64_t j = i + 1; j < n; ++j) out(i, j) = 0;
    }
    return out;
}

// Peak bytes: q, k, e, the scores and position logits, gates, positions and the result.
double workBytes(const ParamSet& p) {
    const auto n = static_cast<double>(p.integer("n")), d = static_cast<double>(p.integer("d"));
    const auto npos = static_cast<double>(nposOf(p));
    return 8.0 * (2 * n * d + npos * d + n * npos + 4 * n * n);
}

QuantitySpec step(std::string id, Step upTo, bool square) {
    auto shape = [square](const ParamSet& p) {
        return Shape{p.integer("n"), square ? p.integer("n") : nposOf(p)};
    };
    return quantity(std::move(id), square ? "n,n" : "n,npos_max", shape,
                    [upTo](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                        auto m = run(p, upTo, ctx);
                        if (!m) return m.error();
                        return Array::fromMatrix(*m);
                    })
        .work(workBytes);
}

std::vector<ParamSpec> copeParams() {
    ParamSpec pattern =
        realListParam("pattern")
            .range(0, 1)
            .onlyWhen("gate_mode", {"pattern"})
            .label("Gate pattern", "门控模式")
            .help(
                "gate of key j = pattern[j mod P], comma-separated reals in "
                "[0, 1] (or a 1-D .npy): 0,0,0,1 marks every 4th token as a "
                "sentence end, so positions count sentences; 1 counts tokens",
                "键 j 的门控 = pattern[j mod P]，以逗号分隔的 [0, 1] 实数（或一维 "
                ".npy）：0,0,0,1 把每第 4 个词元标为句末，位置便数句子；1 则数词元");
    pattern.defaultValue = std::string("0,0,0,1");
    return {
        specN(kDefaultN),
        specD(kDefaultD).range(1, kMaxDim).slider(1, 1024),
        intParam("npos_max", 0)
            .range(0, kMaxPositions)
            .slider(0, 8192)
            .label("Position embeddings", "位置嵌入个数")
            .help("number of position embeddings e_0 .. e_(npos_max-1); positions are clamped "
                  "at npos_max - 1 (0: n + 1, the release's default, as position 0 is possible)",
                  "位置嵌入 e_0 .. e_(npos_max-1) 的个数；位置在 npos_max - 1 处截断（0：取 n + 1，"
                  "即官方代码的默认值，因为位置可以为 0）"),
        enumParam("gate_mode", {"qk", "pattern"})
            .label("Gates from", "门控来源")
            .help("qk: g = sigmoid(q_i . k_j / sqrt(d)), from the content; pattern: a fixed gate "
                  "per token class, repeated",
                  "qk：g = sigmoid(q_i · k_j / sqrt(d))，由内容决定；pattern：按词元类别给定的固定"
                  "门控，循环重复"),
        pattern,
        enumParam("variant", {"snippet", "ram"})
            .label("Code variant", "代码版本")
            .help("snippet (the paper's code): q.k / sqrt(d) + bias; ram (the authors' release): "
                  "(q.k + bias) / sqrt(d)",
                  "snippet（论文中的代码）：q·k / sqrt(d) + b；ram（作者发布的代码）："
                  "(q·k + b) / sqrt(d)，b 为偏置"),
        specSeed(),
        pathParam("q")
            .label("Queries q (.npy)", "查询 q (.npy)")
            .help(".npy (n, d) queries; sets n and d (empty: seeded standard normal)",
                  ".npy (n, d) 查询；决定 n 和 d（留空：按种子生成的标准正态）"),
        pathParam("k")
            .label("Keys k (.npy)", "键 k (.npy)")
            .help(".npy (n, d) keys, the shape of q (empty: seeded standard normal)",
                  ".npy (n, d) 键，形状与 q 相同（留空：按种子生成的标准正态）"),
        pathParam("weights")
            .label("Embeddings e (.npy)", "位置嵌入 e (.npy)")
            .help(
                ".npy (npos_max, d) position embeddings; its rows set npos_max (empty: seeded "
                "standard normal)",
                ".npy (npos_max, d) 位置嵌入；其行数决定 npos_max（留空：按种子生成的标准正态）")};
}

}  // namespace

void registerCope(Registry& r) {
    EncodingDescriptor e;
    e.id = "cope";
    e.nameEn = "CoPE (contextual)";
    e.nameZh = "上下文位置编码 CoPE";
    e.family = Family::Relative;
    e.summaryEn =
        "Positions count only the tokens a gate lets through: sentences, not tokens "
        "(CoPE, 2024).";
    e.summaryZh = "位置只数门控放行的词元：数句子，而不是数词元（CoPE，2024）。";
    e.params = copeParams();
    e.resolve = resolveCope;
    e.quantities.push_back(step("gates", Step::Gates, true)
                               .title("Gates gᵢⱼ", "门控 gᵢⱼ")
                               .axisNames({"query i", "key j"})
                               .nonNegative());
    e.quantities.push_back(step("positions", Step::Positions, true)
                               .title("Contextual position pᵢⱼ", "按门控计数的位置 pᵢⱼ")
                               .axisNames({"query i", "key j"})
                               .nonNegative());
    e.quantities.push_back(step("position_logits", Step::PositionLogits, false)
                               .title("Position logits qᵢ · eₚ", "位置 logits qᵢ · eₚ")
                               .axisNames({"query i", "position p"}));
    e.quantities.push_back(step("bias", Step::Bias, true)
                               .title("Interpolated bias", "插值后的位置偏置")
                               .axisNames({"query i", "key j"}));
    e.quantities.push_back(step("logits", Step::Logits, true)
                               .title("Attention logits", "注意力 logits")
                               .axisNames({"query i", "key j"}));
    e.quantities.push_back(step("attention", Step::Attention, true)
                               .title("Attention weights", "注意力权重")
                               .axisNames({"query i", "key j"})
                               .nonNegative());
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
