// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerT52d(Registry&) {}

}  // namespace poslab::core::enc
