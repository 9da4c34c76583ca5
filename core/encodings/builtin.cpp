// The one place an encoding is registered: declare its register function and call it here, in the
// order the browser groups them. (README: "Adding an encoding".)
#include "core/registry.h"

namespace poslab::core {

namespace enc {
void registerSinusoidal(Registry& r);
void registerSinusoidal2d(Registry& r);
void registerLearned(Registry& r);
void registerFloater(Registry& r);
void registerComplexOrder(Registry& r);
void registerRope(Registry& r);
void registerXpos(Registry& r);
void registerRerope(Registry& r);
// Issue 28, E1 and E2: multimodal and 2-D rotary embeddings.
void registerMrope(Registry& r);
void registerRope2d(Registry& r);
void registerHierarchical(Registry& r);
void registerShaw(Registry& r);
void registerTransformerXl(Registry& r);
void registerT5(Registry& r);
void registerT52d(Registry& r);
void registerDeberta(Registry& r);
void registerUrpe(Registry& r);
void registerAlibi(Registry& r);
// Issue 26, E3 to E8: biases that extrapolate, contextual positions, no encoding at all.
void registerKerple(Registry& r);
void registerSandwich(Registry& r);
void registerFire(Registry& r);
void registerCope(Registry& r);
void registerNope(Registry& r);
void registerCnnPadding(Registry& r);
void registerOscillatory(Registry& r);
void registerBiases(Registry& r);
void registerBilinear(Registry& r);
void registerConcat(Registry& r);
void registerAttention(Registry& r);
}  // namespace enc

void registerBuiltinEncodings(Registry& r) {
    for (auto* add :
         {&enc::registerSinusoidal,    &enc::registerSinusoidal2d, &enc::registerLearned,
          &enc::registerFloater,       &enc::registerComplexOrder, &enc::registerRope,
          &enc::registerXpos,          &enc::registerRerope,       &enc::registerMrope,
          &enc::registerRope2d,        &enc::registerHierarchical, &enc::registerShaw,
          &enc::registerTransformerXl, &enc::registerT5,           &enc::registerT52d,
          &enc::registerDeberta,       &enc::registerUrpe,         &enc::registerAlibi,
          &enc::registerKerple,        &enc::registerSandwich,     &enc::registerFire,
          &enc::registerCope,          &enc::registerNope,         &enc::registerCnnPadding,
          &enc::registerOscillatory,   &enc::registerBiases,       &enc::registerBilinear,
          &enc::registerConcat,        &enc::registerAttention})
        add(r);
}

}  // namespace poslab::core
