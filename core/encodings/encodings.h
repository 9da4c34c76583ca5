// Registration functions of the built-in encodings, one per file in core/encodings/.
#pragma once

#include "core/registry.h"

namespace poslab::core::enc {

void registerSinusoidal(Registry& r);
void registerSinusoidal2d(Registry& r);
void registerLearned(Registry& r);
void registerFloater(Registry& r);
void registerComplexOrder(Registry& r);
void registerRope(Registry& r);
void registerXpos(Registry& r);
void registerHierarchical(Registry& r);
void registerShaw(Registry& r);
void registerTransformerXl(Registry& r);
void registerT5(Registry& r);
void registerT52d(Registry& r);
void registerDeberta(Registry& r);
void registerUrpe(Registry& r);
void registerAlibi(Registry& r);
void registerCnnPadding(Registry& r);
void registerOscillatory(Registry& r);
void registerBilinear(Registry& r);
void registerConcat(Registry& r);
void registerAttention(Registry& r);

}  // namespace poslab::core::enc
