// The families of tests/data/published whose positions are not RoPE (models.md M5.2): ALiBi,
// T5 buckets, learned absolute tables. Values derived from each model's own code (named above
// the row). Param names are PosLab's (core/encodings/alibi.cpp, t5.cpp, learned.cpp) plus the
// ones M5.2 adds: alibi slopes = paper | mpt and bias_max, learned offset. A value "0?" means
// "0 or not given".
#pragma once

#include "family_expectations.h"

namespace poslab::test::families {

inline QList<FamilyExpect> otherFamilies() {
    QList<FamilyExpect> rows;
    auto row = [&](const QString& file, const QString& encoding, int layers, const Params& params,
                   QList<KindExpect> kinds) {
        FamilyExpect e;
        e.file = file;
        e.encoding = encoding;
        e.layers = layers;
        e.params = params;
        e.kinds = kinds;
        rows << e;
    };

    // BLOOM (transformers modeling_bloom.py, build_alibi_tensor): one slope per head from
    // closest_power_of_2 and the extra odd powers (the paper's rule), n_head 16; no position
    // table, no rotary.
    {
        const Params p = {{"heads", "16"}, {"slopes", "paper"}};
        row("bloom-560m", "alibi", 24, p, {otherKind("#0", 24, "alibi", p)});
    }
    // Falcon-RW (transformers modeling_falcon.py): with config.alibi the model calls the same
    // build_alibi_tensor(attention_mask, num_heads) as BLOOM and builds no rotary embedding.
    {
        const Params p = {{"heads", "32"}, {"slopes", "paper"}};
        row("falcon-rw-1b", "alibi", 24, p, {otherKind("#0", 24, "alibi", p)});
    }
    // MPT (mosaicml remote modeling_mpt.py / llm-foundry): attn_config.alibi true ->
    // build_alibi_bias(n_heads, max_seq_len, alibi_bias_max=8) with gen_slopes (the MPT rule);
    // learned_pos_emb is not used when alibi is on. n_heads 32, n_layers 32.
    {
        const Params p = {{"heads", "32"}, {"slopes", "mpt"}, {"bias_max", "8"}};
        row("mpt-7b-instruct", "alibi", 32, p, {otherKind("#0", 32, "alibi", p)});
    }

    // T5 (transformers modeling_t5.py): T5Attention with has_relative_attention_bias computes
    // _relative_position_bucket(bidirectional=not self.is_decoder,
    // num_buckets=relative_attention_num_buckets 32, max_distance=relative_attention_max_distance
    // 128), one bias per head (num_heads 8): the encoder's layers bidirectional, the decoder's
    // causal. The encoder kind is the first layer's, the decoder kind the last layer's.
    {
        const Params enc = {{"num_buckets", "32"},
                            {"max_distance", "128"},
                            {"heads", "8"},
                            {"bidirectional", "true"}};
        const Params dec = {{"num_buckets", "32"},
                            {"max_distance", "128"},
                            {"heads", "8"},
                            {"bidirectional", "false"}};
        row("t5-small", "t5", -1, {{"num_buckets", "32"}, {"max_distance", "128"}, {"heads", "8"}},
            {otherKind("#0", -1, "t5", enc), otherKind("#-1", -1, "t5", dec)});
    }

    // GPT-2 (transformers modeling_gpt2.py): wpe = nn.Embedding(n_positions 1024, n_embd),
    // position_ids = arange(seq): no offset.
    {
        const Params p = {{"n", "1024"}, {"offset", "0?"}};
        row("gpt2", "learned", 12, p, {otherKind("#0", 12, "learned", p)});
    }
    // GPT-BigCode (transformers modeling_gpt_bigcode.py): wpe of n_positions 2048, no offset.
    {
        const Params p = {{"n", "2048"}, {"offset", "0?"}};
        row("gpt-bigcode-santacoder", "learned", 24, p, {otherKind("#0", 24, "learned", p)});
    }
    // BERT (transformers modeling_bert.py): position_embedding_type "absolute",
    // nn.Embedding(max_position_embeddings 512), position_ids = arange: no offset.
    {
        const Params p = {{"n", "512"}, {"offset", "0?"}};
        row("bert-base-uncased", "learned", 12, p, {otherKind("#0", 12, "learned", p)});
    }
    // RoBERTa (transformers modeling_roberta.py): create_position_ids_from_input_ids returns
    // cumsum(mask) * mask + padding_idx, padding_idx = pad_token_id 1: the first token reads row
    // padding_idx + 1 = 2 of the 514-row table.
    {
        const Params p = {{"n", "514"}, {"offset", "2"}};
        row("roberta-base", "learned", 12, p, {otherKind("#0", 12, "learned", p)});
    }
    // OPT (transformers modeling_opt.py): OPTLearnedPositionalEmbedding keeps self.offset = 2,
    // a table of max_position_embeddings + 2 rows, and reads position + 2.
    {
        const Params p = {{"n", "2048"}, {"offset", "2"}};
        row("opt-125m", "learned", 12, p, {otherKind("#0", 12, "learned", p)});
    }
    return rows;
}

}  // namespace poslab::test::families
