#include "ui/catalog/page_title.h"

#include "core/encodings/rope.h"

namespace poslab::ui {

LocalText encodingTitleFor(const QString& encoding, const LocalText& plain,
                           const core::ParamSet& params) {
    if (encoding != QLatin1String("rope") || !core::enc::isPRope(params)) return plain;
    const double p =
        params.has("partial_rotary_factor") ? params.real("partial_rotary_factor") : 1.0;
    const QString value = QString::number(p, 'g', 6);
    return {QStringLiteral("RoPE (p-RoPE, p = %1)").arg(value),
            QString::fromUtf8("旋转位置编码 RoPE（p-RoPE，p = %1）").arg(value)};
}

LocalText pageTitleFor(const PageSpec& page, const core::ParamSet& params) {
    // Only the encoding's own page: a page of arguments keeps the title it was given.
    if (page.id != page.encoding) return page.title;
    return encodingTitleFor(page.encoding, page.title, params);
}

}  // namespace poslab::ui
