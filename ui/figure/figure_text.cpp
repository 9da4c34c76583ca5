#include "ui/figure/figure_text.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "ui/math/math_formula.h"
#include "ui/math/math_text.h"
#include "ui/math/superscripts.h"

namespace poslab::ui {

namespace {

// A piece of a footer and the separator written after it (none after the last).
struct FooterPiece {
    QString text, separator;
    bool parameter = false;  // "name = value": may give way to "…"
};

const QString kSection = QStringLiteral(" · ");
const QString kComma = QStringLiteral(", ");

QVector<FooterPiece> footerPieces(const QString& footer) {
    QVector<FooterPiece> out;
    const QStringList sections = footer.split(kSection);
    for (int i = 0; i < sections.size(); ++i) {
        const bool parameters = sections[i].contains(QStringLiteral(" = "));
        const QStringList items = parameters ? sections[i].split(kComma) : QStringList{sections[i]};
        for (int k = 0; k < items.size(); ++k)
            out << FooterPiece{items[k], k + 1 < items.size() ? kComma : kSection, parameters};
    }
    if (!out.isEmpty()) out.back().separator.clear();
    return out;
}

// The pieces filled greedily into lines of `width`.
QStringList fillLines(const QVector<FooterPiece>& pieces, const QFontMetricsF& fm, double width) {
    QStringList lines;
    QString line;
    for (const FooterPiece& piece : pieces) {
        const double room = width - fm.horizontalAdvance(piece.separator.trimmed());
        const QString text = fm.horizontalAdvance(piece.text) > room
                                 ? fm.elidedText(piece.text, Qt::ElideRight, room)
                                 : piece.text;
        // Measured as drawn: with the comma or dot that would end the line.
        if (!line.isEmpty() &&
            fm.horizontalAdvance((line + text + piece.separator).trimmed()) > width) {
            lines << line.trimmed();
            line.clear();
        }
        line += text + piece.separator;
    }
    if (!line.trimmed().isEmpty()) lines << line.trimmed();
    return lines;
}

}  // namespace

namespace {

// CJK ideographs and kana: a line may break before or after any of them.
bool isIdeograph(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x3040 && u <= 0x30FF) || (u >= 0x3400 && u <= 0x9FFF) ||
           (u >= 0xF900 && u <= 0xFAFF);
}

// A letter or digit of a word written with spaces (Latin, Greek, maths letters).
bool wordChar(QChar c) {
    return c.isLetterOrNumber() && !isIdeograph(c);
}

// Whether position i of `s` lies between words (no word runs across it).
bool atBoundary(const QString& s, qsizetype i) {
    return i <= 0 || i >= s.size() || !(wordChar(s[i - 1]) && wordChar(s[i]));
}

// Enough of a phrase to count as repeated: two letters or digits at least.
bool isPhrase(QStringView s) {
    return std::count_if(s.begin(), s.end(), [](QChar c) { return c.isLetterOrNumber(); }) >= 2;
}

// Where `part` occurs in `whole` as a phrase between word boundaries; -1 where it does not.
qsizetype phraseIn(const QString& whole, const QString& part) {
    for (qsizetype i = whole.indexOf(part); i >= 0; i = whole.indexOf(part, i + 1))
        if (atBoundary(whole, i) && atBoundary(whole, i + part.size())) return i;
    return -1;
}

// The length of the longest phrase that ends `a` and starts `b` (0 for none).
qsizetype overlapOf(const QString& a, const QString& b) {
    for (qsizetype k = std::min(a.size(), b.size()); k > 0; --k) {
        const qsizetype start = a.size() - k;
        if (a.mid(start) == b.left(k) && atBoundary(a, start) && atBoundary(b, k) &&
            isPhrase(QStringView(b).left(k)))
            return k;
    }
    return 0;
}

}  // namespace

bool holdsPhrase(const QString& whole, const QString& part) {
    const QString p = part.trimmed().toLower();
    return isPhrase(p) && phraseIn(whole.toLower(), p) >= 0;
}

QString composeTitle(const QString& encodingName, const QString& viewTitle) {
    const QString name = encodingName.trimmed(), view = viewTitle.trimmed();
    if (view.isEmpty()) return name;
    if (name.isEmpty()) return view;
    const QString n = name.toLower(), v = view.toLower();
    if (v == n || holdsPhrase(n, v)) return name;
    // The view's title begins with the name ("Learned table" of "Learned") or most of it
    // (可学习位置表 of 可学习位置编码): it alone.
    qsizetype k = 0;
    while (k < n.size() && k < v.size() && n[k] == v[k]) ++k;
    while (k > 0 && !(atBoundary(n, k) && atBoundary(v, k))) --k;
    if (2 * k > n.size() && isPhrase(QStringView(v).left(k))) return view;
    if (const qsizetype overlap = overlapOf(n, v); overlap > 0) return name + view.mid(overlap);
    return name + QStringLiteral(" — ") + view;
}

namespace {

const QString kDash = QStringLiteral(" — ");

// Where a title may break between two lines: at a space (which goes), or beside a CJK character
// but not before closing or after opening punctuation.
bool mayBreak(const QString& s, qsizetype i) {
    static const QString closing = QStringLiteral(",.:;!?)]}、，。：；！？）】》」");
    static const QString opening = QStringLiteral("([{（【《「");
    if (s[i] == QLatin1Char(' ')) return true;
    if (s[i - 1] == QLatin1Char(' ')) return false;
    return (isIdeograph(s[i - 1]) || isIdeograph(s[i])) && !closing.contains(s[i]) &&
           !opening.contains(s[i - 1]);
}

QStringList splitAt(const QString& s, qsizetype i, qsizetype skip = 0) {
    return {s.left(i).trimmed(), s.mid(i + skip).trimmed()};
}

QFont scaledFont(const QFont& font, double scale) {
    QFont f = font;
    f.setPixelSize(std::max(1, static_cast<int>(std::lround(font.pixelSize() * scale))));
    return f;
}

double widest(const QStringList& lines, const QFont& font) {
    const QFontMetricsF fm(font);
    double w = 0;
    for (const QString& l : lines) w = std::max(w, fm.horizontalAdvance(l));
    return w;
}

// The font, at 0.8 of `font` or more, in which `lines` fit `width`; none (pixel size 0) where
// even 0.8 is too wide.
std::optional<QFont> fitting(const QStringList& lines, const QFont& font, double width) {
    const double w = widest(lines, font);
    if (w <= width) return font;
    const int least = static_cast<int>(std::ceil(0.8 * font.pixelSize()));
    for (QFont f = scaledFont(font, width / w * 0.98); f.pixelSize() >= least;
         f.setPixelSize(f.pixelSize() - 1))
        if (widest(lines, f) <= width) return f;
    return std::nullopt;
}

}  // namespace

TitleLayout fitTitle(const QString& title, const QFont& font, double width) {
    TitleLayout t;
    auto done = [&](const QStringList& lines, const QFont& f) {
        t.lines = lines;
        t.font = f;
        t.lineStep = 1.3 * f.pixelSize();
        return t;
    };
    if (const auto f = fitting({title}, font, width)) return done({title}, *f);
    if (const qsizetype dash = title.indexOf(kDash); dash > 0) {
        const QStringList halves = splitAt(title, dash, kDash.size());
        if (const auto f = fitting(halves, font, width)) return done(halves, *f);
    }
    // The break that leaves the longer line shortest.
    QStringList best;
    double bestWidth = std::numeric_limits<double>::infinity();
    for (qsizetype i = 1; i + 1 < title.size(); ++i) {
        if (!mayBreak(title, i)) continue;
        const QStringList halves = splitAt(title, i);
        if (halves[0].isEmpty() || halves[1].isEmpty() || halves[0].endsWith(QChar(0x2014)) ||
            halves[1].startsWith(QChar(0x2014)))
            continue;
        const double w = widest(halves, font);
        if (w < bestWidth) {
            bestWidth = w;
            best = halves;
        }
    }
    if (best.isEmpty()) best = {title};
    if (const auto f = fitting(best, font, width)) return done(best, *f);
    const QFont least = scaledFont(font, 0.8);
    const QFontMetricsF fm(least);
    for (QString& line : best) line = fm.elidedText(line, Qt::ElideRight, width);
    return done(best, least);
}

void paintTitleLayout(QPainter& p, const QRectF& box, const TitleLayout& t) {
    p.setFont(t.font);
    double y = box.center().y() - static_cast<double>(t.lines.size()) * t.lineStep / 2;
    for (const QString& line : t.lines) {
        math::drawLine(p, QRectF(box.left(), y, box.width(), t.lineStep),
                       Qt::AlignCenter | Qt::TextDontClip, line);
        y += t.lineStep;
    }
}

QFont footerFont(const PaintStyle& style) {
    QFont f = style.sized(0.58);
    if (style.pxPerPt > 0)
        f.setPixelSize(std::max(f.pixelSize(),
                                static_cast<int>(std::ceil(kMinTickPt * style.pxPerPt - 1e-6))));
    return f;
}

QStringList footerLines(const QString& footer, const QFont& font, double width, int maxLines) {
    const QFontMetricsF fm(font);
    const QVector<FooterPiece> pieces = footerPieces(footer);
    QStringList lines = fillLines(pieces, fm, width);
    if (lines.size() <= maxLines) return lines;
    // The last k parameters give way to "…", for the smallest k that fits.
    QVector<qsizetype> parameters;
    for (qsizetype i = 0; i < pieces.size(); ++i)
        if (pieces[i].parameter) parameters << i;
    for (qsizetype k = 1; k <= parameters.size(); ++k) {
        QVector<FooterPiece> fewer = pieces;
        const qsizetype first = parameters[parameters.size() - k];
        const QString separator = fewer[parameters.back()].separator;
        for (qsizetype j = parameters.size() - 1; j >= parameters.size() - k; --j)
            fewer.remove(parameters[j]);
        fewer.insert(first, FooterPiece{QStringLiteral("…"), separator, false});
        lines = fillLines(fewer, fm, width);
        if (lines.size() <= maxLines) return lines;
    }
    // Still too long (few parameters, long other pieces): the last line that fits, elided.
    const QStringList rest = lines.mid(maxLines - 1);
    lines = lines.mid(0, std::max(0, maxLines - 1));
    lines << fm.elidedText(rest.join(QLatin1Char(' ')) + QStringLiteral(" …"), Qt::ElideRight,
                           width);
    return lines;
}

namespace {

// The formula's size in a body `width` wide: 1.05 body lines per em, shrunk while it is wider
// than the body or taller than its band.
double formulaPixels(const math::MathFormula& f, double width, const PaintStyle& style,
                     double maxUnits) {
    const double u = style.unit;
    double px = 1.05 * u;
    for (int i = 0; i < 12; ++i) {
        const QSizeF s = f.size(px);
        if (s.width() <= width && s.height() <= maxUnits * u) break;
        px *= std::min(width / std::max(s.width(), 1.0), maxUnits * u / std::max(s.height(), 1.0)) *
              0.98;
    }
    return px;
}

// A piece of a formula between its top-level spaces (\quad, \qquad) and the space after it.
struct FormulaPiece {
    QString tex, space;
};

// The formula cut at its top-level \quad and \qquad: outside braces and outside
// \left … \right and \bigl … \bigr pairs (a cut there would leave a group open).
QVector<FormulaPiece> formulaPieces(const QString& tex) {
    static const QStringList opens = {"left", "bigl", "Bigl", "biggl", "Biggl"};
    static const QStringList closes = {"right", "bigr", "Bigr", "biggr", "Biggr"};
    QVector<FormulaPiece> out;
    int depth = 0, pairs = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i < tex.size(); ++i) {
        const QChar c = tex[i];
        if (c == QLatin1Char('{')) ++depth;
        if (c == QLatin1Char('}')) --depth;
        if (c != QLatin1Char('\\')) continue;
        qsizetype j = i + 1;
        while (j < tex.size() && tex[j].isLetter()) ++j;
        const QString word = tex.mid(i + 1, j - i - 1);
        if (word.isEmpty()) {  // \{, \,, \\: one character escaped
            ++i;
            continue;
        }
        if (opens.contains(word)) ++pairs;
        if (closes.contains(word)) --pairs;
        if ((word == QLatin1String("quad") || word == QLatin1String("qquad")) && depth == 0 &&
            pairs == 0) {
            out << FormulaPiece{tex.mid(start, i - start).trimmed(), QLatin1Char('\\') + word};
            start = j;
        }
        i = j - 1;
    }
    out << FormulaPiece{tex.mid(start).trimmed(), {}};
    out.removeIf([](const FormulaPiece& p) { return p.tex.isEmpty(); });
    return out;
}

// Pieces [from, to) as one line: joined by their spaces, the last one's dropped.
QString joinPieces(const QVector<FormulaPiece>& pieces, qsizetype from, qsizetype to) {
    QString line;
    for (qsizetype k = from; k < to; ++k)
        line += pieces[k].tex + (k + 1 < to ? pieces[k].space + QLatin1Char(' ') : QString());
    return line;
}

math::MathFormula displayFormula(const QString& tex, const PaintStyle& style) {
    math::MathFormula f(tex, math::MathMode::Display);
    f.setTextFont(style.font);
    return f;
}

// Pieces split into `count` consecutive lines, the widest as narrow as can be (at `px`).
QStringList balancedLines(const QVector<FormulaPiece>& pieces, int count, double px,
                          const PaintStyle& style) {
    const auto n = pieces.size();
    auto width = [&](qsizetype a, qsizetype b) {
        return displayFormula(joinPieces(pieces, a, b), style).size(px).width();
    };
    constexpr double inf = std::numeric_limits<double>::infinity();
    // best[k][j]: the widest line of the best split of pieces [0, j) into k lines.
    std::vector<std::vector<double>> best(count + 1, std::vector<double>(n + 1, inf));
    std::vector<std::vector<qsizetype>> cut(count + 1, std::vector<qsizetype>(n + 1, 0));
    best[0][0] = 0;
    for (int k = 1; k <= count; ++k)
        for (qsizetype j = k; j <= n; ++j)
            for (qsizetype i = k - 1; i < j; ++i)
                if (const double w = std::max(best[k - 1][i], width(i, j)); w < best[k][j]) {
                    best[k][j] = w;
                    cut[k][j] = i;
                }
    QStringList lines;
    for (qsizetype j = n, k = count; k > 0; j = cut[k][j], --k)
        lines.prepend(joinPieces(pieces, cut[k][j], j));
    return lines;
}

// The size of `lines` set one under another, each fitting the width and the band.
double linesPixels(const QStringList& lines, double width, const PaintStyle& style,
                   double maxUnits) {
    double px = std::numeric_limits<double>::infinity();
    for (const QString& l : lines)
        px = std::min(px, formulaPixels(displayFormula(l, style), width, style, maxUnits));
    return px;
}

// The caption's pixel size and size at the bottom of `body`.
std::pair<double, QSizeF> captionFit(const math::MathText& text, const QRectF& body,
                                     const PaintStyle& style, double maxFraction) {
    const double u = style.unit;
    const double width = body.width() - 2 * u;
    const double room = body.height() * maxFraction;
    double px = 1.0 * u;
    QSizeF s = text.size(px, width);
    for (int i = 0; i < 20 && s.height() > room && px > 0.5 * u; ++i) {
        px *= 0.95;
        s = text.size(px, width);
    }
    return {px, s};
}

}  // namespace

FormulaLayout layOutFormula(const QString& tex, double width, const PaintStyle& style,
                            double maxUnits) {
    FormulaLayout out;
    if (tex.trimmed().isEmpty()) return out;
    out.lines = {tex};
    out.pixels = linesPixels(out.lines, width, style, maxUnits);
    // In print, never under kMinFormulaPt: lines cut at the formula's top-level spaces, the
    // fewest that reach it (else the count that sets it largest).
    const double least = style.pxPerPt > 0 ? kMinFormulaPt * style.pxPerPt : 0;
    const QVector<FormulaPiece> pieces = formulaPieces(tex);
    for (int count = 2; out.pixels < least && count <= pieces.size(); ++count) {
        const QStringList lines = balancedLines(pieces, count, least, style);
        // Set at the least size: more lines take room from the view, never a larger formula.
        if (const double px = linesPixels(lines, width, style, maxUnits); px > out.pixels) {
            out.lines = lines;
            out.pixels = std::min(px, least);
        }
    }
    out.height = 0.4 * style.unit;
    for (const QString& l : out.lines) {
        const math::MathFormula f = displayFormula(l, style);
        out.height += f.ascent(out.pixels) + f.descent(out.pixels);
    }
    out.height += 0.25 * style.unit * static_cast<double>(out.lines.size() - 1);
    return out;
}

double formulaLineHeight(const QRectF& body, const QString& tex, const PaintStyle& style,
                         double maxUnits) {
    return layOutFormula(tex, body.width(), style, maxUnits).height;
}

double paintFormulaLine(QPainter& p, const QRectF& body, const QString& tex,
                        const PaintStyle& style, double maxUnits) {
    const FormulaLayout layout = layOutFormula(tex, body.width(), style, maxUnits);
    if (layout.lines.isEmpty()) return 0;
    const double u = style.unit, px = layout.pixels;
    double y = body.bottom() - layout.height + 0.2 * u;  // the top of the first line
    for (const QString& line : layout.lines) {
        const math::MathFormula f = displayFormula(line, style);
        const double x = body.center().x() - f.width(px) / 2;
        f.paint(p, QPointF(x, y + f.ascent(px)), px, style.fg);
        y += f.ascent(px) + f.descent(px) + 0.25 * u;
    }
    return layout.height;
}

double captionTextHeight(const QRectF& body, const QString& caption, const PaintStyle& style,
                         double maxFraction) {
    if (caption.trimmed().isEmpty()) return 0;
    math::MathText text(caption);
    text.setFont(style.font);
    return captionFit(text, body, style, maxFraction).second.height() + 0.4 * style.unit;
}

double paintCaptionText(QPainter& p, const QRectF& body, const QString& caption,
                        const PaintStyle& style, double maxFraction) {
    if (caption.trimmed().isEmpty()) return 0;
    const double u = style.unit;
    math::MathText text(caption);
    text.setFont(style.font);
    const auto [px, s] = captionFit(text, body, style, maxFraction);
    const double h = s.height() + 0.4 * u;
    text.paint(p, QPointF(body.left() + u, body.bottom() - h + 0.2 * u), px, body.width() - 2 * u,
               style.fg, Qt::AlignHCenter);
    return h;
}

void paintTitleLine(QPainter& p, const QRectF& box, const QString& text, const QFont& font,
                    const QColor& color) {
    if (text.trimmed().isEmpty()) return;
    math::MathText line(text);
    line.setFont(font);
    double px = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF();
    QSizeF size = line.size(px);
    if (size.width() > box.width() && size.width() > 0) {
        px *= box.width() / size.width();
        size = line.size(px);
    }
    line.paint(p, QPointF(box.left(), box.center().y() - size.height() / 2), px, box.width(), color,
               Qt::AlignHCenter);
}

}  // namespace poslab::ui
