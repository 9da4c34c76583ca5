// The dark theme's palette (the light theme is the style's standard palette).
#pragma once

#include <QPalette>

namespace poslab::ui {

QPalette darkPalette();

}  // namespace poslab::ui
