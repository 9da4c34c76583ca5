// A3 Learned (trainable) absolute position table (BERT: Devlin et al., 2019; GPT-2: Radford et
// al., 2019): one free vector per position, P[i] in R^d for i < n, added to the token embedding.
// PosLab shows what training starts from — P[i, k] ~ N(0, init_std^2), seeded — or a trained
// table loaded from a .npy file (`source`), whose shape then sets n and d.
// There are no rows past n: a learned table cannot extrapolate to unseen positions.
#include "core/encodings/learned.h"

#include "core/encodings/absolute_common.h"
#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

RowMatrix learnedTable(std::int64_t n, std::int64_t d, std::uint64_t seed, double initStd) {
    Rng rng(seed);
    // normalMatrix draws row by row, so row i is the same whatever n is.
    return normalMatrix(rng, n, d, initStd);
}

namespace {

constexpr std::int64_t kDefaultN = 64;
constexpr std::int64_t kDefaultD = 64;

Expected<RowMatrix> table(const ParamSet& p) {
    const auto& source = p.text("source");
    if (!source.empty()) return readSourceTable("source", source);
    return learnedTable(p.integer("n"), p.integer("d"),
                        static_cast<std::uint64_t>(p.integer("seed")), p.real("init_std"));
}

}  // namespace

void registerLearned(Registry& r) {
    EncodingDescriptor e;
    e.id = "learned";
    e.nameEn = "Learned";
    e.nameZh = "可学习位置编码";
    e.family = Family::Absolute;
    e.summaryEn = "A free trainable vector per position (BERT, GPT-2); no rows past n.";
    e.summaryZh = "每个位置一个可训练向量（BERT、GPT-2）；超过 n 的位置没有编码。";
    e.params = {specN(kDefaultN), specD(kDefaultD), specSeed(),
                realParam("init_std", kLearnedInitStd)
                    .range(0, 1e6)
                    .slider(0, 1)
                    .label("Initial std. deviation", "初始标准差")
                    .help("standard deviation of the initial table: N(0, init_std^2)",
                          "初始表的标准差：N(0, init_std^2)"),
                pathParam("source")
                    .label("Trained table (.npy)", "训练好的表（.npy）")
                    .help("optional .npy table (positions, dimensions) of a trained model; its "
                          "shape sets n and d. Empty: the seeded initial table",
                          "可选的 .npy 表（位置数，维度），来自训练好的模型；其形状决定 n 和 d。"
                          "留空：使用随机初始化的表")};
    e.resolve = [](ParamSet& p) -> Status {
        if (p.text("source").empty()) return {};
        return adoptSourceShape(p, "source", kDefaultN, kDefaultD);
    };
    auto n = [](const ParamSet& p) { return p.integer("n"); };
    auto d = [](const ParamSet& p) { return p.integer("d"); };

    e.quantities.push_back(quantity(
                               "table", "n,d",
                               [=](const ParamSet& p) {
                                   return Shape{n(p), d(p)};
                               },
                               [](const ParamSet& p, const ComputeContext&) -> Expected<Array> {
                                   auto t = table(p);
                                   if (!t) return t.error();
                                   return Array::fromMatrix(*t);
                               })
                               .copiesResult()
                               .title("Learned position table P", "可学习位置编码表 P")
                               .axisNames({"position i", "dimension k"}));
    e.quantities.push_back(similarityQuantity(
        "n,n", n, [](const ParamSet& p) { return p.integer("d"); },
        [](const ParamSet& p, const ComputeContext&) { return table(p); }));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
