#include "core/train/train_run.h"

#include <algorithm>
#include <string>

#include "core/compute.h"
#include "core/train/single_thread.h"

namespace poslab::core::train {

namespace {

constexpr std::int64_t kMaxSize = 1 << 12;

}  // namespace

Status checkTrainConfig(const TrainConfig& c) {
    const auto& t = c.task;
    if (t.nMin < 1 || t.nMax < t.nMin || t.nMax > kMaxSize)
        return fail("n_min and n_max must satisfy 1 <= n_min <= n_max <= " +
                    std::to_string(kMaxSize));
    if (t.multiples.empty()) return fail("multiples must not be empty");
    for (double m : t.multiples)
        if (!(m > 0) || m * static_cast<double>(t.nMax) > kMaxSize)
            return fail("multiples must be positive and keep n_max x multiple <= " +
                        std::to_string(kMaxSize));
    if (t.randomPositions < 0) return fail("random_positions must be 0 (off) or positive");
    if (t.randomPositions > 0 && t.randomPositions < t.maxSequence())
        return fail("random_positions (" + std::to_string(t.randomPositions) +
                    ") must be at least the longest sequence (" + std::to_string(t.maxSequence()) +
                    ")");
    if (c.steps < 1 || c.batch < 1 || c.evalSamples < 1 || c.evalBatch < 1 || c.logEvery < 1)
        return fail("steps, batch, eval samples and log interval must be at least 1");
    if (!(c.learnedInit >= 0)) return fail("learned_init must be at least 0");
    return checkModelConfig(modelConfigOf(c));
}

double trainRunBytes(const TrainConfig& c) {
    const ModelConfig m = modelConfigOf(c);
    const auto d = static_cast<double>(c.d), v = static_cast<double>(m.vocab);
    const auto layers = static_cast<double>(c.layers), heads = static_cast<double>(c.heads);
    // Parameters: embedding, blocks, output layer and the positions' table (learned) or
    // per-layer tables (T5's 32 buckets, FIRE's MLP: small beside them); then the gradient, two
    // moments and the decay mask beside each.
    double params = v * d + layers * (12 * d * d + 10 * d) + d * v + v;
    if (c.encoding == Encoding::Learned) params += static_cast<double>(m.encoding.maxPositions) * d;
    params += layers * heads * 64;
    auto activations = [&](double batch, double t) {
        const double tokens = batch * t;
        return layers * (tokens * 14 * d + batch * heads * t * t)  // kept for the backward
               + tokens * (2 * v + 16 * d)                         // logits, gradients, scratch
               + 3 * heads * t * t;                                // a sample's bias and dS
    };
    std::int64_t longest = 0;
    for (auto n : c.task.testSizes()) longest = std::max(longest, n);
    const double train =
        activations(static_cast<double>(c.batch), static_cast<double>(2 * c.task.nMax + 1));
    const double eval =
        activations(static_cast<double>(c.evalBatch), static_cast<double>(2 * longest + 1));
    return 4.0 * (5 * params + std::max(train, eval));
}

Status checkTrainMemory(const TrainConfig& c, int parallel, double budget) {
    const double one = trainRunBytes(c), all = one * std::max(1, parallel);
    if (all <= budget) return {};
    return fail(
        Errc::OverBudget,
        std::string(parallel > 1 ? std::to_string(parallel) + " runs side by side" : "a run") +
            " would need about " + formatBytes(all) +
            (parallel > 1 ? " (" + formatBytes(one) + " each)" : "") +
            ", more than the memory budget of " + formatBytes(budget) +
            "; lower the multiples, n_max, d or the threads");
}

ModelConfig modelConfigOf(const TrainConfig& c) {
    ModelConfig m;
    m.vocab = c.task.vocab();
    m.d = c.d;
    m.heads = c.heads;
    m.layers = c.layers;
    m.seed = c.seed;
    m.encoding.encoding = c.encoding;
    m.encoding.learnedInit = c.learnedInit;
    m.encoding.maxPositions =
        c.task.randomPositions > 0 ? c.task.randomPositions : c.task.maxSequence();
    return m;
}

EvalResult evaluate(Model<float>& model, const TaskConfig& task, std::int64_t n,
                    std::int64_t samples, std::int64_t batch, Rng& rng) {
    EvalResult r;
    r.n = n;
    std::int64_t scored = 0, correct = 0, seqRight = 0;
    for (std::int64_t done = 0; done < samples; done += batch) {
        const Batch b = makeBatch(task, rng, std::min(batch, samples - done), n);
        const BatchResult br = model.forward(b);
        scored += br.scored;
        correct += br.correct;
        seqRight += br.samplesCorrect;
    }
    r.tokenAcc = scored > 0 ? static_cast<double>(correct) / static_cast<double>(scored) : 0.0;
    r.sequenceAcc = static_cast<double>(seqRight) / static_cast<double>(samples);
    return r;
}

Expected<TrainResult> trainRun(const TrainConfig& config, const ComputeContext& ctx,
                               const TrainHooks& hooks) {
    if (auto s = checkTrainConfig(config); !s) return s.error();
    SingleThreadEigen single;
    Model<float> model(modelConfigOf(config));
    AdamW<float> opt(model.layout(), config.optimiser);
    Rng data(config.seed ^ kDataStream);
    // Progress: a step costs about as much as a forward of `batch` training samples; the
    // evaluation is counted in the same units (forward only: a third of a step per batch).
    const auto& sizes = config.task.testSizes();
    const auto evalCost = [&](std::int64_t n) {
        return static_cast<double>(config.evalSamples) / static_cast<double>(config.batch) *
               static_cast<double>(2 * n + 1) /
               static_cast<double>(config.task.nMin + config.task.nMax + 1) / 3.0;
    };
    double evalWork = 0;
    for (auto n : sizes) evalWork += evalCost(n);
    const double total = static_cast<double>(config.steps) + evalWork;

    TrainResult out;
    Vec<float> grad;
    double lossSum = 0;
    std::int64_t scored = 0, correct = 0, inWindow = 0;
    for (std::int64_t s = 0; s < config.steps; ++s) {
        if (hooks.beforeStep) hooks.beforeStep();
        if (ctx.cancelledAt(static_cast<double>(s), total))
            return fail(Errc::Cancelled, "cancelled");
        const Batch b = makeBatch(config.task, data, config.batch);
        const BatchResult r = model.forward(b, &grad);
        opt.step(model.params(), grad, learningRate(config.optimiser, s, config.steps));
        lossSum += r.loss;
        scored += r.scored;
        correct += r.correct;
        ++inWindow;
        if ((s + 1) % config.logEvery == 0 || s + 1 == config.steps) {
            const double acc =
                scored > 0 ? static_cast<double>(correct) / static_cast<double>(scored) : 0.0;
            out.loss.push_back(
                {static_cast<double>(s + 1), lossSum / static_cast<double>(inWindow), acc});
            out.trainTokenAcc = acc;
            if (hooks.logged) hooks.logged(out.loss.back());
            lossSum = 0;
            scored = correct = inWindow = 0;
        }
    }
    out.steps = config.steps;
    Rng evalRng(config.seed ^ kEvalStream);
    double done = static_cast<double>(config.steps);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (ctx.cancelledAt(done, total)) return fail(Errc::Cancelled, "cancelled");
        EvalResult e =
            evaluate(model, config.task, sizes[i], config.evalSamples, config.evalBatch, evalRng);
        e.multiple = config.task.multiples[i];
        out.eval.push_back(e);
        done += evalCost(sizes[i]);
    }
    ctx.report(total, total);
    out.params = model.params();
    return out;
}

}  // namespace poslab::core::train
