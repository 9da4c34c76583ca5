// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerRope(Registry&) {}

}  // namespace poslab::core::enc
