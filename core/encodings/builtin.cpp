#include "core/encodings/encodings.h"
#include "core/registry.h"

namespace poslab::core {

// Explicit registration, in the order the browser groups them.
void registerBuiltinEncodings(Registry& r) {
    enc::registerSinusoidal(r);
    enc::registerSinusoidal2d(r);
    enc::registerLearned(r);
    enc::registerFloater(r);
    enc::registerComplexOrder(r);
    enc::registerRope(r);
    enc::registerXpos(r);
    enc::registerHierarchical(r);
    enc::registerShaw(r);
    enc::registerTransformerXl(r);
    enc::registerT5(r);
    enc::registerT52d(r);
    enc::registerDeberta(r);
    enc::registerUrpe(r);
    enc::registerAlibi(r);
    enc::registerCnnPadding(r);
    enc::registerOscillatory(r);
    enc::registerBilinear(r);
    enc::registerConcat(r);
    enc::registerAttention(r);
}

}  // namespace poslab::core
