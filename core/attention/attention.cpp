// TODO(issue 4): synthetic attention (seeded Q, K; logits + bias; softmax).
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerAttention(Registry&) {}

}  // namespace poslab::core::enc
