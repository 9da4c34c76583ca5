// The bundled OpenType MATH font (Latin Modern Math, resources/fonts, GUST Font License) read with
// HarfBuzz's OpenType MATH API: the MATH table's constants, glyph italic corrections and top-accent
// attachments, and the size variants and assemblies of stretchy glyphs. Every length here is in
// ems (font units divided by units-per-em), so the layout multiplies by a pixel size.
// The HarfBuzz objects are created once and only read afterwards (thread-safe); the QRawFont used
// for drawing is built from the same bytes, one per pixel size and thread.
#pragma once

#include <QByteArray>
#include <QRawFont>
#include <QString>
#include <vector>

struct hb_blob_t;
struct hb_face_t;
struct hb_font_t;

namespace poslab::ui::math {

// The MATH table constants the layout uses (OpenType MATH names; percentages as fractions).
struct MathConstants {
    double scriptScale = 0.7, scriptScriptScale = 0.5;
    double axisHeight = 0.25, accentBaseHeight = 0.45, flattenedAccentBaseHeight = 0.66;
    double mathLeading = 0.15, delimitedSubFormulaMinHeight = 1.3, displayOperatorMinHeight = 1.3;
    double subscriptShiftDown = 0.25, subscriptTopMax = 0.35, subscriptBaselineDropMin = 0.2;
    double superscriptShiftUp = 0.36, superscriptShiftUpCramped = 0.29;
    double superscriptBottomMin = 0.11, superscriptBaselineDropMax = 0.25;
    double subSuperscriptGapMin = 0.16, superscriptBottomMaxWithSubscript = 0.34;
    double spaceAfterScript = 0.05;
    double upperLimitGapMin = 0.2, upperLimitBaselineRiseMin = 0.11;
    double lowerLimitGapMin = 0.17, lowerLimitBaselineDropMin = 0.6;
    double fractionNumeratorShiftUp = 0.39, fractionNumeratorDisplayStyleShiftUp = 0.68;
    double fractionDenominatorShiftDown = 0.34, fractionDenominatorDisplayStyleShiftDown = 0.69;
    double fractionNumeratorGapMin = 0.04, fractionNumDisplayStyleGapMin = 0.12;
    double fractionDenominatorGapMin = 0.04, fractionDenomDisplayStyleGapMin = 0.12;
    double fractionRuleThickness = 0.04;
    double overbarVerticalGap = 0.12, overbarRuleThickness = 0.04, overbarExtraAscender = 0.04;
    double radicalVerticalGap = 0.05, radicalDisplayStyleVerticalGap = 0.15;
    double radicalRuleThickness = 0.04, radicalExtraAscender = 0.04;
    double radicalKernBeforeDegree = 0.28, radicalKernAfterDegree = -0.55;
    double radicalDegreeBottomRaisePercent = 0.6;
    double minConnectorOverlapV = 0.02, minConnectorOverlapH = 0.02;
};

struct GlyphMetrics {
    double advance = 0;
    double left = 0, right = 0;      // ink extent in x (bearing and bearing + width)
    double ascent = 0, descent = 0;  // ink extent above and below the baseline (descent > 0 below)
    double italic = 0;               // MATH italic correction
    double topAccent = 0;            // MATH top accent attachment (advance / 2 when absent)
};

struct GlyphVariant {
    quint32 glyph = 0;
    double advance = 0;  // height + depth (vertical) or width (horizontal)
};

struct GlyphPart {
    quint32 glyph = 0;
    double startConnector = 0, endConnector = 0, fullAdvance = 0;
    bool extender = false;
};

class MathFont {
public:
    // The font loaded from the Qt resource :/poslab/fonts/latinmodern-math.otf.
    static const MathFont& instance();
    ~MathFont();
    MathFont(const MathFont&) = delete;
    MathFont& operator=(const MathFont&) = delete;

    bool ok() const { return font_ != nullptr; }
    QString error() const { return error_; }
    const MathConstants& constants() const { return c_; }

    // The font's glyph for a code point, 0 when it has none.
    quint32 glyph(char32_t codepoint) const;
    GlyphMetrics metrics(quint32 glyph) const;
    // Size variants of `glyph` (the glyph itself first), growing.
    std::vector<GlyphVariant> variants(quint32 glyph, bool vertical) const;
    // The parts to build an arbitrarily large `glyph` from (bottom to top / left to right);
    // empty when the font has no assembly for it.
    std::vector<GlyphPart> assembly(quint32 glyph, bool vertical) const;

    // A QRawFont of the same bytes at `pixelSize`, unhinted (cached per thread).
    QRawFont rawFont(double pixelSize) const;
    const QByteArray& data() const { return data_; }

private:
    MathFont();
    void readConstants();
    QByteArray data_;
    QString error_;
    hb_blob_t* blob_ = nullptr;
    hb_face_t* face_ = nullptr;
    hb_font_t* font_ = nullptr;
    double upem_ = 1000;
    MathConstants c_;
};

}  // namespace poslab::ui::math
