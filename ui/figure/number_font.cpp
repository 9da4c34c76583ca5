#include "ui/figure/number_font.h"

#include <QFont>
#include <QFontDatabase>
#include <QRawFont>
#include <algorithm>

namespace poslab::ui {

QString numberGlyphs() {
    return QStringLiteral(
        u"\u2070\u00B9\u00B2\u00B3\u2074\u2075\u2076\u2077\u2078\u2079"
        u"\u207B\u207A\u2212\u00D7\u202F");
}

bool coversNumberGlyphs(const QString& family) {
    if (family.isEmpty() || !QFontDatabase::hasFamily(family)) return false;
    QFont f(family);
    f.setPixelSize(16);
    const QRawFont raw = QRawFont::fromFont(f);
    if (!raw.isValid() || raw.familyName().compare(family, Qt::CaseInsensitive) != 0) return false;
    const QString glyphs = numberGlyphs();
    return std::all_of(glyphs.begin(), glyphs.end(),
                       [&raw](QChar c) { return raw.supportsCharacter(c); });
}

QString numberFamily(const QString& preferred) {
    return coversNumberGlyphs(preferred) ? preferred : QStringLiteral("DejaVu Sans");
}

QStringList textFamilies(const QString& latin) {
    return {numberFamily(latin), QStringLiteral("Noto Sans CJK SC")};
}

}  // namespace poslab::ui
