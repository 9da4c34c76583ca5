#include "ui/math/math_font.h"

#include <hb-ot.h>
#include <hb.h>
#include <QFile>
#include <QHash>

// The font is embedded by ui/CMakeLists.txt (qt_add_resources "poslab_fonts"); a static library's
// resources are registered by the object library Qt links into every executable.

namespace poslab::ui::math {

namespace {
constexpr const char* kFontPath = ":/poslab/fonts/latinmodern-math.otf";
}

const MathFont& MathFont::instance() {
    static const MathFont font;
    return font;
}

MathFont::MathFont() {
    QFile file(QString::fromLatin1(kFontPath));
    if (!file.open(QIODevice::ReadOnly)) {
        error_ = QStringLiteral("cannot open %1").arg(QString::fromLatin1(kFontPath));
        return;
    }
    data_ = file.readAll();
    blob_ = hb_blob_create(data_.constData(), static_cast<unsigned>(data_.size()),
                           HB_MEMORY_MODE_READONLY, nullptr, nullptr);
    face_ = hb_face_create(blob_, 0);
    if (!hb_ot_math_has_data(face_)) {
        error_ = QStringLiteral("%1 has no MATH table").arg(QString::fromLatin1(kFontPath));
        return;
    }
    upem_ = hb_face_get_upem(face_);
    font_ = hb_font_create(face_);
    hb_font_set_scale(font_, static_cast<int>(upem_), static_cast<int>(upem_));
    hb_font_make_immutable(font_);
    readConstants();
}

MathFont::~MathFont() {
    if (font_) hb_font_destroy(font_);
    if (face_) hb_face_destroy(face_);
    if (blob_) hb_blob_destroy(blob_);
}

void MathFont::readConstants() {
    const auto em = [this](hb_ot_math_constant_t k) {
        return hb_ot_math_get_constant(font_, k) / upem_;
    };
    const auto pct = [this](hb_ot_math_constant_t k) {
        return hb_ot_math_get_constant(font_, k) / 100.0;
    };
    c_.scriptScale = pct(HB_OT_MATH_CONSTANT_SCRIPT_PERCENT_SCALE_DOWN);
    c_.scriptScriptScale = pct(HB_OT_MATH_CONSTANT_SCRIPT_SCRIPT_PERCENT_SCALE_DOWN);
    c_.axisHeight = em(HB_OT_MATH_CONSTANT_AXIS_HEIGHT);
    c_.accentBaseHeight = em(HB_OT_MATH_CONSTANT_ACCENT_BASE_HEIGHT);
    c_.flattenedAccentBaseHeight = em(HB_OT_MATH_CONSTANT_FLATTENED_ACCENT_BASE_HEIGHT);
    c_.mathLeading = em(HB_OT_MATH_CONSTANT_MATH_LEADING);
    c_.delimitedSubFormulaMinHeight = em(HB_OT_MATH_CONSTANT_DELIMITED_SUB_FORMULA_MIN_HEIGHT);
    c_.displayOperatorMinHeight = em(HB_OT_MATH_CONSTANT_DISPLAY_OPERATOR_MIN_HEIGHT);
    c_.subscriptShiftDown = em(HB_OT_MATH_CONSTANT_SUBSCRIPT_SHIFT_DOWN);
    c_.subscriptTopMax = em(HB_OT_MATH_CONSTANT_SUBSCRIPT_TOP_MAX);
    c_.subscriptBaselineDropMin = em(HB_OT_MATH_CONSTANT_SUBSCRIPT_BASELINE_DROP_MIN);
    c_.superscriptShiftUp = em(HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP);
    c_.superscriptShiftUpCramped = em(HB_OT_MATH_CONSTANT_SUPERSCRIPT_SHIFT_UP_CRAMPED);
    c_.superscriptBottomMin = em(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MIN);
    c_.superscriptBaselineDropMax = em(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BASELINE_DROP_MAX);
    c_.subSuperscriptGapMin = em(HB_OT_MATH_CONSTANT_SUB_SUPERSCRIPT_GAP_MIN);
    c_.superscriptBottomMaxWithSubscript =
        em(HB_OT_MATH_CONSTANT_SUPERSCRIPT_BOTTOM_MAX_WITH_SUBSCRIPT);
    c_.spaceAfterScript = em(HB_OT_MATH_CONSTANT_SPACE_AFTER_SCRIPT);
    c_.upperLimitGapMin = em(HB_OT_MATH_CONSTANT_UPPER_LIMIT_GAP_MIN);
    c_.upperLimitBaselineRiseMin = em(HB_OT_MATH_CONSTANT_UPPER_LIMIT_BASELINE_RISE_MIN);
    c_.lowerLimitGapMin = em(HB_OT_MATH_CONSTANT_LOWER_LIMIT_GAP_MIN);
    c_.lowerLimitBaselineDropMin = em(HB_OT_MATH_CONSTANT_LOWER_LIMIT_BASELINE_DROP_MIN);
    c_.fractionNumeratorShiftUp = em(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_SHIFT_UP);
    c_.fractionNumeratorDisplayStyleShiftUp =
        em(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_DISPLAY_STYLE_SHIFT_UP);
    c_.fractionDenominatorShiftDown = em(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_SHIFT_DOWN);
    c_.fractionDenominatorDisplayStyleShiftDown =
        em(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_DISPLAY_STYLE_SHIFT_DOWN);
    c_.fractionNumeratorGapMin = em(HB_OT_MATH_CONSTANT_FRACTION_NUMERATOR_GAP_MIN);
    c_.fractionNumDisplayStyleGapMin = em(HB_OT_MATH_CONSTANT_FRACTION_NUM_DISPLAY_STYLE_GAP_MIN);
    c_.fractionDenominatorGapMin = em(HB_OT_MATH_CONSTANT_FRACTION_DENOMINATOR_GAP_MIN);
    c_.fractionDenomDisplayStyleGapMin =
        em(HB_OT_MATH_CONSTANT_FRACTION_DENOM_DISPLAY_STYLE_GAP_MIN);
    c_.fractionRuleThickness = em(HB_OT_MATH_CONSTANT_FRACTION_RULE_THICKNESS);
    c_.overbarVerticalGap = em(HB_OT_MATH_CONSTANT_OVERBAR_VERTICAL_GAP);
    c_.overbarRuleThickness = em(HB_OT_MATH_CONSTANT_OVERBAR_RULE_THICKNESS);
    c_.overbarExtraAscender = em(HB_OT_MATH_CONSTANT_OVERBAR_EXTRA_ASCENDER);
    c_.radicalVerticalGap = em(HB_OT_MATH_CONSTANT_RADICAL_VERTICAL_GAP);
    c_.radicalDisplayStyleVerticalGap = em(HB_OT_MATH_CONSTANT_RADICAL_DISPLAY_STYLE_VERTICAL_GAP);
    c_.radicalRuleThickness = em(HB_OT_MATH_CONSTANT_RADICAL_RULE_THICKNESS);
    c_.radicalExtraAscender = em(HB_OT_MATH_CONSTANT_RADICAL_EXTRA_ASCENDER);
    c_.radicalKernBeforeDegree = em(HB_OT_MATH_CONSTANT_RADICAL_KERN_BEFORE_DEGREE);
    c_.radicalKernAfterDegree = em(HB_OT_MATH_CONSTANT_RADICAL_KERN_AFTER_DEGREE);
    c_.radicalDegreeBottomRaisePercent =
        pct(HB_OT_MATH_CONSTANT_RADICAL_DEGREE_BOTTOM_RAISE_PERCENT);
    c_.minConnectorOverlapV = hb_ot_math_get_min_connector_overlap(font_, HB_DIRECTION_BTT) / upem_;
    c_.minConnectorOverlapH = hb_ot_math_get_min_connector_overlap(font_, HB_DIRECTION_LTR) / upem_;
}

quint32 MathFont::glyph(char32_t codepoint) const {
    hb_codepoint_t g = 0;
    if (!font_ || !hb_font_get_nominal_glyph(font_, codepoint, &g)) return 0;
    return g;
}

GlyphMetrics MathFont::metrics(quint32 glyph) const {
    GlyphMetrics m;
    if (!font_) return m;
    m.advance = hb_font_get_glyph_h_advance(font_, glyph) / upem_;
    hb_glyph_extents_t ext{};
    if (hb_font_get_glyph_extents(font_, glyph, &ext)) {
        m.left = ext.x_bearing / upem_;
        m.right = (ext.x_bearing + ext.width) / upem_;
        m.ascent = ext.y_bearing / upem_;
        m.descent = -(ext.y_bearing + ext.height) / upem_;
    }
    m.italic = hb_ot_math_get_glyph_italics_correction(font_, glyph) / upem_;
    // HarfBuzz answers advance / 2 itself when the glyph has no top accent attachment.
    m.topAccent = hb_ot_math_get_glyph_top_accent_attachment(font_, glyph) / upem_;
    return m;
}

std::vector<GlyphVariant> MathFont::variants(quint32 glyph, bool vertical) const {
    std::vector<GlyphVariant> out;
    if (!font_) return out;
    const hb_direction_t dir = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR;
    hb_ot_math_glyph_variant_t buf[32];
    unsigned offset = 0;
    while (true) {
        unsigned count = 32;
        const unsigned total =
            hb_ot_math_get_glyph_variants(font_, glyph, dir, offset, &count, buf);
        for (unsigned i = 0; i < count; ++i) out.push_back({buf[i].glyph, buf[i].advance / upem_});
        offset += count;
        if (count == 0 || offset >= total) break;
    }
    return out;
}

std::vector<GlyphPart> MathFont::assembly(quint32 glyph, bool vertical) const {
    std::vector<GlyphPart> out;
    if (!font_) return out;
    const hb_direction_t dir = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR;
    hb_ot_math_glyph_part_t buf[16];
    unsigned count = 16;
    hb_ot_math_get_glyph_assembly(font_, glyph, dir, 0, &count, buf, nullptr);
    for (unsigned i = 0; i < count; ++i) {
        out.push_back({buf[i].glyph, buf[i].start_connector_length / upem_,
                       buf[i].end_connector_length / upem_, buf[i].full_advance / upem_,
                       (buf[i].flags & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER) != 0});
    }
    return out;
}

QRawFont MathFont::rawFont(double pixelSize) const {
    // QRawFont parses the bytes once per size; keep one per thread (painting may happen on a
    // worker thread for exports) keyed by 1/64 px.
    thread_local QHash<qint64, QRawFont> cache;
    const qint64 key = qRound64(pixelSize * 64);
    auto it = cache.find(key);
    if (it == cache.end()) {
        if (cache.size() > 64) cache.clear();
        it = cache.insert(key, QRawFont(data_, key / 64.0, QFont::PreferNoHinting));
    }
    return it.value();
}

}  // namespace poslab::ui::math
