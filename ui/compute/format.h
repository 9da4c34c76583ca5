// Numbers as text for readouts (hover, value views, chart labels): exact, never rounded.
#pragma once

#include <QString>

namespace poslab::ui {

// The shortest text that reads back as the same double ("41.27", "-inf", "1e-16").
QString exactText(double v);

}  // namespace poslab::ui
