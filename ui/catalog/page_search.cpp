#include "ui/catalog/page_search.h"

#include <QStringList>

#include "ui/catalog/view_spec.h"
#include "ui/math/math_text.h"

namespace poslab::ui {

QString normalizeSearch(const QString& text) {
    QString out = text.toCaseFolded();
    out.replace(QLatin1Char('-'), QLatin1Char(' ')).replace(QLatin1Char('_'), QLatin1Char(' '));
    return out.simplified();
}

QString searchText(const PageSpec& page) {
    // Texts keep their maths in $...$ TeX: searched as shown ("θ_j", not "\theta_j").
    auto plain = [](const QString& s) { return math::plainOf(s); };
    QStringList parts{page.id,       page.encoding,       page.title.en,
                      page.title.zh, plain(page.text.en), plain(page.text.zh)};
    parts << page.keywords;
    // The A/B compare view is on every page with the same words: it would match them all.
    for (const ViewSpec& v : page.views)
        if (v.kind != ViewKind::Compare)
            parts << v.title.en << v.title.zh << plain(v.text.en) << plain(v.text.zh);
    // Query words hold no space, so none matches across two of these texts.
    return normalizeSearch(parts.join(QLatin1Char(' ')));
}

bool pageMatches(const PageSpec& page, const QString& query) {
    const QStringList words = normalizeSearch(query).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty()) return true;
    const QString haystack = searchText(page);
    for (const QString& w : words)
        if (!haystack.contains(w)) return false;
    return true;
}

}  // namespace poslab::ui
