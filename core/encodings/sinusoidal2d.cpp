// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerSinusoidal2d(Registry&) {}

}  // namespace poslab::core::enc
