// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerTransformerXl(Registry&) {}

}  // namespace poslab::core::enc
