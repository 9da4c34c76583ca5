// Typeset mathematics for PosLab (issue 13 item 1): a TeX subset laid out with the OpenType MATH
// table of the bundled Latin Modern Math (resources/fonts/latinmodern-math.otf, GUST Font
// License) through HarfBuzz, painted with QPainter, so the screen and the PNG, SVG and PDF
// exports draw the same formula.
//
// THE SUBSET (anything else is a parse error naming its position; no input crashes):
//   letters and digits     x, \theta (italic, as in TeX), 2j, Unicode letters typed directly
//                          (θ, ω, −, ≤, ⟨ ... take TeX's meaning and class)
//   scripts                x^2, x_{k-m}, x_i^2, x', \sum_{j=0}^{d/2-1} (limits above and below
//                          in display style for \sum \prod \lim \max \min ...; \limits, \nolimits)
//   fractions, roots       \frac{a}{b}, \dfrac, \tfrac, \sqrt{x}, \sqrt[n]{x}
//   Greek                  \alpha ... \omega, \varepsilon \vartheta \varphi ..., \Gamma ... \Omega
//   accents                \hat \bar \tilde \vec \dot \ddot \check \breve \acute \grave,
//                          \widehat \widetilde, \overline
//   operators, relations   + - \cdot \times \pm \odot \otimes \circ, = < > \le \ge \ne \approx
//                          \equiv \sim \propto \in \to \mapsto \Rightarrow \ll ..., \infty
//                          \partial \nabla \ldots \cdots \vdots \ddots \prime \top \ell ...
//   large operators        \sum \prod \int \oint \bigcup \bigcap ...
//   operator names         \sin \cos \exp \log \max \min \lim \arg \softmax \diag \clip ...,
//                          \operatorname{name}
//   alphabets              \mathrm{...} \mathbf{...} \mathit{...} \mathbb{R} \mathsf{T}
//   text                   \text{...} in the UI font (Chinese prose works inside it)
//   delimiters             \left( ... \right), with ( ) [ ] \{ \} | \| \langle \rangle \lfloor
//                          \rfloor \lceil \rceil and "." (none); \big \Big \bigg \Bigg (+l/r)
//   matrices               \begin{pmatrix} a & b \\ c & d \end{pmatrix}, matrix, bmatrix,
//                          Bmatrix, vmatrix, Vmatrix, cases
//   spacing and style      \, \: \; \! \quad \qquad ~, \displaystyle \textstyle \scriptstyle
//
// USE
//   MathFormula f(QStringLiteral("\\theta_j = b^{-2j/d}"));   // parse once (cheap to copy)
//   if (!f.isValid()) qWarning() << f.error();                // "... at position N"
//   QSizeF s = f.size(px);                                    // px: the font's pixel size
//   f.paint(painter, baselineOrigin, px, color);              // glyph runs + filled rules
// Layouts are cached per pixel size. An invalid formula paints its source text in the UI font,
// so nothing silently disappears (and the raw TeX shows up in the "no raw TeX" bar test).
//
// INTEGRATION (for the lead; nothing is wired yet):
//   - Store formulas in resources/views.json and lessons as TeX; the proposed TeX for every
//     formula shipped today is the table in tests/ui/tst_math_parse.cpp (kShippedFormulas).
//   - Explanation panel / presentation strip: a QWidget whose paintEvent calls
//     MathFormula::paint, or for mixed prose a MathText ("prose with $x^2$"; math_text.h) with
//     heightForWidth() from MathText::size(px, width).
//   - Lesson captions and figure formula lines: MathText::paint inside the figure painter
//     (same code for PNG, SVG and PDF). Captions keep their prose; only the maths goes in $...$.
//   - SVG/PDF: QGlyphRun makes QSvgGenerator write outlines and QPdfWriter embed or outline the
//     glyphs; to get the whole formula as one <path> element use
//     painter.fillPath(f.path(px).translated(origin), color).
//   - The bar test: hasRawTex() (math_text.h) on every SVG's text.
// Thread-safety: a MathFormula may be painted from any thread (layout cache under a mutex; the
// HarfBuzz font is immutable; QRawFonts are per thread).
#pragma once

#include <QColor>
#include <QFont>
#include <QPainterPath>
#include <QPointF>
#include <QSizeF>
#include <QString>
#include <memory>

class QPainter;

namespace poslab::ui::math {

enum class MathMode {
    Inline,  // text style: limits beside, small fractions (TeX's $...$)
    Display  // display style: limits above and below, large operators (TeX's \[...\])
};

class MathFormula {
public:
    MathFormula();
    explicit MathFormula(const QString& tex, MathMode mode = MathMode::Inline);

    bool isValid() const;
    bool isEmpty() const;  // an empty (or all-space) source
    QString source() const;
    MathMode mode() const;
    // The parse error, e.g. "unknown command \foo at position 4"; empty when valid.
    QString error() const;
    int errorPosition() const;  // index into source() (UTF-16, 0-based); -1 when valid

    // The family (and weight, ...) of \text{} prose; its size is ignored. Default: QFont().
    void setTextFont(const QFont& font);
    QFont textFont() const;

    // Extents at the maths font pixel size `pixelSize` (1 em): the advance width, and the ascent
    // above and descent below the baseline. The bounding rect is relative to the baseline origin.
    // A pixel size outside [0.25, 10000] (or NaN) gives an empty box and paints nothing.
    QSizeF size(double pixelSize) const;
    double width(double pixelSize) const;
    double ascent(double pixelSize) const;
    double descent(double pixelSize) const;
    QRectF boundingRect(double pixelSize) const;

    // Paints with the baseline's left end at `baselineOrigin`; restores the painter's state.
    void paint(QPainter& painter, QPointF baselineOrigin, double pixelSize,
               const QColor& color) const;
    // Everything as one outline path (baseline origin at 0, 0), e.g. for one SVG element.
    QPainterPath path(double pixelSize) const;

private:
    struct Data;
    std::shared_ptr<Data> d_;
};

}  // namespace poslab::ui::math
