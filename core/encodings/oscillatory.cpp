// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerOscillatory(Registry&) {}

}  // namespace poslab::core::enc
