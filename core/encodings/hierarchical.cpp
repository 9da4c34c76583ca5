// TODO(foundation): not yet implemented.
#include "core/encodings/encodings.h"

namespace poslab::core::enc {

void registerHierarchical(Registry&) {}

}  // namespace poslab::core::enc
