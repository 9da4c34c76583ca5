// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerXpos(Registry&) {}

}  // namespace poslab::core::enc
