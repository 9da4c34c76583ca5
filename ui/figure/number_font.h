// One font for the numbers that number_format writes (issue 25 item 8). "2.2 × 10⁻¹⁶" needs the
// superscript digits ⁰⁴⁵⁶⁷⁸⁹ and minus (U+2070–U+207B), the Latin-1 ¹²³ and the narrow space:
// Noto Sans CJK SC has ¹²³ but not the rest, so a Chinese font that tries it first draws "10⁻¹⁰"
// in two fonts at two heights ("10⁻¹₀"). A Chinese text therefore takes its Latin letters, digits
// and signs from a family that has every one of them (the default UI family when it has them,
// else DejaVu Sans) and only what that family lacks, the Han characters and the full-width
// punctuation, from Noto Sans CJK SC (named, or Qt would pick the JP glyph variants).
#pragma once

#include <QString>
#include <QStringList>

namespace poslab::ui {

// Every character number_format writes beyond ASCII: ⁰¹²³⁴⁵⁶⁷⁸⁹ ⁻ ⁺ − × and the narrow space.
QString numberGlyphs();

// True when `family` is installed and has a glyph for each of numberGlyphs().
bool coversNumberGlyphs(const QString& family);

// `preferred` when it covers the number glyphs, else DejaVu Sans (fonts-dejavu-core).
QString numberFamily(const QString& preferred);

// The families of a text in either language: numberFamily(latin), then Noto Sans CJK SC.
QStringList textFamilies(const QString& latin);

}  // namespace poslab::ui
