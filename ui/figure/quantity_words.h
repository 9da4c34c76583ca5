// The words for an encoding's quantity in the current language, said the same wherever a
// quantity is named: the compare view's list and a compare figure's title and y axis.
#pragma once

#include <QString>

namespace poslab::core {
struct EncodingDescriptor;
}

namespace poslab::ui {

// The quantity's title ("Long-range decay g(x) = 2 Σⱼ cos(x θⱼ)"); its identifier where the
// encoding has no such quantity or it has no title.
QString quantityWords(const core::EncodingDescriptor& encoding, const QString& id);

// The quantity's name without its defining formula ("Long-range decay g(x)"): what a value axis
// of it is called.
QString quantityAxisName(const core::EncodingDescriptor& encoding, const QString& id);

}  // namespace poslab::ui
