// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerUrpe(Registry&) {}

}  // namespace poslab::core::enc
