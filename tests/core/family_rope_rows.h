// The RoPE families of tests/data/published: each row's values derived from the model's own code
// (named above the row). See family_expectations.h for the fields.
#pragma once

#include "family_expectations.h"

namespace poslab::test::families {

// One RoPE row: the file, its layer count and head dim, its kinds, and the --seq-len it is read at
// (0: none).
inline FamilyExpect* addRope(QList<FamilyExpect>& rows, const QString& file, int layers,
                             qint64 headDim, QList<KindExpect> kinds, qint64 seqLen = 0) {
    FamilyExpect e;
    e.file = file;
    e.encoding = "rope";
    e.layers = layers;
    e.headDim = headDim;
    e.kinds = kinds;
    e.seqLen = seqLen;
    rows << e;
    return &rows.last();
}

// SmolLM3 to Qwen v1 at its own length.
inline void ropeFamiliesFirst(QList<FamilyExpect>& rows) {
    auto row = [&](const QString& file, int layers, qint64 headDim, QList<KindExpect> kinds,
                   qint64 seqLen = 0) {
        return addRope(rows, file, layers, headDim, kinds, seqLen);
    };
    const QString half = "half", inter = "interleaved";

    // SmolLM3 (transformers modeling_smollm3.py): SmolLM3Attention sets
    // `self.use_rope = config.no_rope_layers[layer_idx]` and rotates q, k only when it is 1; the
    // published no_rope_layers [1,1,1,0]x9 (= (i+1) % no_rope_layer_interval != 0) makes layers
    // 3, 7, ..., 35 NoPE although layer_types says full_attention for all 36.
    // head_dim = 2048 / 16 = 128, rope_theta 5e6, rotate_half.
    {
        KindExpect rope = ropeKind("full_attention", 27, 128, 5e6, half, kNull);
        rope.at = {0, 1, 2, 4, 34};
        row("smollm3-3b", 36, 128,
            {rope, positionless("full_attention:nope", 9, every(3, 4, 9), true)});
    }

    // Gemma 3n (transformers modeling_gemma3n.py): Gemma3nTextModel keeps rotary_emb (rope_theta
    // 1e6) and rotary_emb_local built from a config copy with rope_theta = rope_local_base_freq
    // (1e4) and default rope; sliding layers take the local embeddings, with
    // sliding_window 512 (Gemma3nTextAttention). layer_types: 4 sliding then 1 full, x7.
    {
        KindExpect sliding = ropeKind("sliding_attention", 28, 256, 1e4, half, 512);
        sliding.at = {0, 1, 2, 3, 5, 33};
        KindExpect full = ropeKind("full_attention", 7, 256, 1e6, half, kNull);
        full.at = every(4, 5, 7);
        row("gemma-3n-e4b", 35, 256, {sliding, full});
    }

    // Qwen3-Next (transformers configuration_qwen3_next.py): without layer_types, layer i is
    // "linear_attention" if (i + 1) % full_attention_interval else "full_attention"; the
    // Gated DeltaNet layers have no positions. Qwen3NextRotaryEmbedding rotates
    // int(head_dim * partial_rotary_factor) = int(256 * 0.25) = 64 dims, base 5e6, rotate_half
    // on q[..., :64].
    {
        KindExpect full = ropeKind("full_attention", 12, 64, 5e6, half);
        full.at = every(3, 4, 12);
        row("qwen3-next-80b-a3b", 48, 256,
            {full, positionless("linear_attention", 36, {0, 1, 2, 44, 45, 46}, false)});
    }

    // Cohere (transformers modeling_cohere.py): CohereRotaryEmbedding repeat_interleaves the
    // frequencies and rotate_half takes x[..., ::2], x[..., 1::2]: interleaved pairs.
    // head_dim 4096 / 32 = 128, rope_theta 10000.
    row("aya-23-8b", 32, 128, {ropeKind("#0", 32, 128, 1e4, inter)});

    // ERNIE 4.5 (transformers modeling_ernie4_5.py, and baidu's remote modeling_ernie4_5.py):
    // rotate_half stacks (-x[..., 1::2], x[..., 0::2]) and cos/sin are repeat_interleaved:
    // interleaved. head_dim 128 (given), rope_theta 500000.
    row("ernie-4.5-0.3b", 18, 128, {ropeKind("#0", 18, 128, 5e5, inter)});

    // GPT-NeoX (transformers modeling_gpt_neox.py): rotary_ndims = int(head_size * rotary_pct)
    // = int(6144 / 64 * 0.25) = 24; base rotary_emb_base 10000; rotate_half on q[..., :24].
    row("gpt-neox-20b", 44, 96, {ropeKind("#0", 44, 24, 1e4, half)});

    // ChatGLM (THUDM remote modeling_chatglm.py): rotary_dim = kv_channels = 128,
    // RotaryEmbedding(rotary_dim // 2) so n_elem = 64 and theta_j = 1 / (base^(2j / 64)) with
    // base = 10000 * rope_ratio (default 1); apply_rotary_pos_emb reshapes x[..., :64] into
    // (..., 32, 2): interleaved pairs. Layers num_layers, L = seq_length.
    row("chatglm3-6b", 28, 128, {ropeKind("#0", 28, 64, 1e4, inter)})->maxPositions = 8192;
    // GLM-4-9B-Chat ships the same modeling_chatglm.py with rope_ratio 500: base 5e6.
    row("glm-4-9b-chat", 40, 128, {ropeKind("#0", 40, 64, 5e6, inter)})->maxPositions = 131072;
    // GLM-4-9B-Chat-1M: rope_ratio 10000, base 1e8, seq_length 1048576.
    row("glm-4-9b-chat-1m", 40, 128, {ropeKind("#0", 40, 64, 1e8, inter)})->maxPositions = 1048576;

    // Hunyuan (transformers modeling_hunyuan_v1_dense.py, HunYuanDenseV1RotaryEmbedding): for
    // rope type "dynamic" with an alpha, base = rope_theta * alpha^(head_dim / (head_dim - 2))
    // at every length (static NTK-alpha), inv_freq = 1 / base^(arange(0, 128, 2) / 128).
    {
        const double b = 1e4 * std::pow(1000.0, 128.0 / 126.0);
        row("hunyuan-7b-reprompt", 32, 128, {ropeKind("#0", 32, 128, b, half)});
    }

    // Qwen v1 (Qwen remote modeling_qwen.py): head dim kv_channels 128, rotary_ndims =
    // int(128 * rotary_pct) = 128, base rotary_emb_base 10000, _rotate_half (half). At a length
    // s <= seq_length (8192) ntk_alpha = 1. use_logn_attn: logn_list[i] = log_{seq_length}(i)
    // for i > seq_length (query scale "qwen_logn" with L = 8192).
    {
        KindExpect k = ropeKind("#0", 24, 128, 1e4, half);
        k.queryScale = "qwen_logn";
        k.queryScaleMax = 8192;
        row("qwen-1.8b", 24, 128, {k});
    }
}

// Qwen-7B at 131072 to the MLA models.
inline void ropeFamiliesSecond(QList<FamilyExpect>& rows) {
    auto row = [&](const QString& file, int layers, qint64 headDim, QList<KindExpect> kinds,
                   qint64 seqLen = 0) {
        return addRope(rows, file, layers, headDim, kinds, seqLen);
    };
    const QString half = "half", inter = "interleaved";
    // Qwen-7B at s = 131072: context_value = log2(131072 / 8192) + 1 = 5, ntk_alpha =
    // 2^ceil(5) - 1 = 31, base = 10000 * 31^(128 / 126) (RotaryEmbedding.update). The base is
    // checked through inv_freq only (ropeTheta may be reported before the rescale).
    {
        const double b = 1e4 * std::pow(31.0, 128.0 / 126.0);
        KindExpect k = ropeKind("#0", 32, 128, b, half);
        k.theta = kSkip;
        k.queryScale = "qwen_logn";
        k.queryScaleMax = 8192;
        row("qwen-7b", 32, 128, {k}, 131072);
    }

    // GPT-J (transformers modeling_gptj.py): create_sinusoidal_positions(n, rotary_dim = 64):
    // inv_freq = 1 / 10000^(arange(0, 64, 2) / 64); rotate_every_two: interleaved.
    // head_dim 4096 / 16 = 256, n_layer 28, n_positions 2048.
    row("gpt-j-6b", 28, 256, {ropeKind("#0", 28, 64, 1e4, inter)})->maxPositions = 2048;

    // Phi-2 / Phi-1.5 remote code phi-msft (modeling_phi.py): RotaryEmbedding(config.rotary_dim,
    // base=10000); _apply_rotary_emb chunks x[..., :rotary_dim] in two halves: half.
    row("phi-2-msft", 32, 80, {ropeKind("#0", 32, 32, 1e4, half)})->maxPositions = 2048;
    row("phi-1.5-msft", 24, 64, {ropeKind("#0", 24, 32, 1e4, half)})->maxPositions = 2048;
    // Phi-2 in transformers (modeling_phi.py): rotary_ndims = int(head_dim *
    // partial_rotary_factor) = int(80 * 0.4) = 32, rope_theta 10000, rotate_half.
    row("phi-2", 32, 80, {ropeKind("#0", 32, 32, 1e4, half)});
    // StableLM (transformers modeling_stablelm.py): int(80 * partial_rotary_factor 0.25) = 20.
    row("stablelm-3b-4e1t", 32, 80, {ropeKind("#0", 32, 20, 1e4, half)});

    // StarCoder2 (transformers modeling_starcoder2.py): every layer attends within
    // sliding_window 4096 (no layer_types); head_dim 4608 / 36 = 128, rope_theta 1e6.
    row("starcoder2-7b", 32, 128, {ropeKind("#0", 32, 128, 1e6, half, 4096)});

    // InternLM2 (remote modeling_internlm2.py): InternLM2RotaryEmbedding, rotate_half, base
    // rope_theta 1e6, head_dim 128.
    row("internlm2-7b", 32, 128, {ropeKind("#0", 32, 128, 1e6, half)});
    // InternLM2.5 with rope_scaling dynamic, factor 2 (InternLM2DynamicNTKScalingRotaryEmbedding):
    // the base changes only when seq_len > max_position_embeddings (32768); at s = 65536:
    // base = 1e6 * (2 * 65536 / 32768 - 1)^(128 / 126) = 1e6 * 3^(128 / 126).
    {
        KindExpect k = ropeKind("#0", 32, 128, 1e6, half);
        k.ropeType = "dynamic";
        row("internlm2.5-7b", 32, 128, {k});
        KindExpect s = ropeKind("#0", 32, 128, 1e6 * std::pow(3.0, 128.0 / 126.0), half);
        s.theta = kSkip;
        s.ropeType = "dynamic";
        row("internlm2.5-7b", 32, 128, {s}, 65536);
    }

    // Qwen3 (transformers modeling_qwen3.py): head_dim 128 given, rope_theta 1e6, sliding window
    // off (use_sliding_window false, sliding_window null).
    row("qwen3-0.6b", 28, 128, {ropeKind("#0", 28, 128, 1e6, half, kNull)});
    // OLMo 2 (transformers modeling_olmo2.py): head_dim 128, rope_theta 500000.
    row("olmo2-7b", 32, 128, {ropeKind("#0", 32, 128, 5e5, half)});
    // Falcon 7B (transformers modeling_falcon.py): alibi false -> FalconRotaryEmbedding,
    // rope_theta default 10000 (FalconConfig), head_dim 4544 / 71 = 64, rotate_half.
    row("falcon-7b", 32, 64, {ropeKind("#0", 32, 64, 1e4, half)});

    // DeepSeek-V2 (transformers modeling_deepseek_v2.py, MLA): rotary dim qk_rope_head_dim 64,
    // interleaved; yarn with factor 40, L 4096, beta 32 / 1: low = floor(64 ln(4096 / (2 pi 32))
    // / (2 ln 1e4)) = 10, high = ceil(64 ln(4096 / 2 pi) / (2 ln 1e4)) = 23, so pair 0 and 1 keep
    // b^(-2j/64) and pair 31 is divided by 40. Softmax 1/sqrt(qk_nope + qk_rope = 192).
    {
        KindExpect k = ropeKind("#0", 27, 64, 1e4, inter);
        k.invLast = inv(1e4, 64, 31) / 40.0;
        k.ropeType = "yarn";
        k.qkHeadDim = 192;
        row("deepseek-v2-lite", 27, kUnchecked, {k});
    }
    // Kimi K2 (DeepSeek-V3 remote code): rotary dim 64, interleaved, base 50000, yarn factor 32,
    // L 4096, beta_fast = beta_slow = 1: low = floor(c(1)) = 19, high = ceil(c(1)) = 20 with
    // c(1) = 64 ln(4096 / 2 pi) / (2 ln 50000) = 19.17; pair 31 is divided by 32. q.k dim 192.
    {
        KindExpect k = ropeKind("#0", 61, 64, 5e4, inter);
        k.invLast = inv(5e4, 64, 31) / 32.0;
        k.ropeType = "yarn";
        k.qkHeadDim = 192;
        row("kimi-k2-instruct", 61, kUnchecked, {k});
    }
}

inline QList<FamilyExpect> ropeFamilies() {
    QList<FamilyExpect> rows;
    ropeFamiliesFirst(rows);
    ropeFamiliesSecond(rows);
    return rows;
}

}  // namespace poslab::test::families
