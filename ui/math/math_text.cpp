#include "ui/math/math_text.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTextBoundaryFinder>
#include <algorithm>

#include "ui/math/math_layout.h"
#include "ui/math/math_symbols.h"
#include "ui/math/superscripts.h"

namespace poslab::ui::math {

struct MathText::Line {
    std::vector<const Piece*> pieces;
    double width = 0, ascent = 0, descent = 0;
};

namespace {

QFont referenceFont(const QFont& family) {
    QFont f = family;
    f.setPixelSize(int(Layouter::kTextRefPx));
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

struct Segment {
    QString text;
    bool maths = false;
    bool display = false;
    int pos = 0;  // where the segment starts in the source
};

// Splits at unescaped $ (and $$); "\$" stays a dollar in prose. *error on an unclosed $.
std::vector<Segment> splitMaths(const QString& s, QString* error) {
    std::vector<Segment> out;
    Segment cur;
    int i = 0;
    while (i < s.size()) {
        if (s.at(i) == u'\\' && i + 1 < s.size() && s.at(i + 1) == u'$' && !cur.maths) {
            cur.text += u'$';
            i += 2;
            continue;
        }
        if (s.at(i) == u'\\' && i + 1 < s.size() && cur.maths) {  // keep \$ \{ ... in maths
            cur.text += s.mid(i, 2);
            i += 2;
            continue;
        }
        if (s.at(i) != u'$') {
            cur.text += s.at(i++);
            continue;
        }
        const bool dbl = i + 1 < s.size() && s.at(i + 1) == u'$';
        if (!cur.text.isEmpty() || cur.maths) out.push_back(cur);
        if (cur.maths) {
            cur = Segment{};
        } else {
            cur = Segment{QString(), true, dbl, i};
        }
        i += dbl ? 2 : 1;
        cur.pos = i;
    }
    if (cur.maths) {
        *error = QStringLiteral("unclosed $ at position %1").arg(cur.pos - 1);
        cur.maths = false;
        cur.text.prepend(u'$');
    }
    if (!cur.text.isEmpty()) out.push_back(cur);
    return out;
}

}  // namespace

MathText::MathText() : MathText(QString()) {}

MathText::MathText(const QString& text) : source_(text) {
    for (const Segment& seg : splitMaths(text, &error_)) {
        if (seg.maths) {
            MathFormula f(seg.text, seg.display ? MathMode::Display : MathMode::Inline);
            if (!f.isValid() && error_.isEmpty()) {
                error_ = QStringLiteral("formula at position %1: %2").arg(seg.pos).arg(f.error());
            }
            formulas_.push_back(f);
            Piece p;
            p.formula = int(formulas_.size()) - 1;
            pieces_.push_back(p);
            continue;
        }
        QTextBoundaryFinder finder(QTextBoundaryFinder::Line, seg.text);
        int start = 0;
        while (finder.toNextBoundary() != -1) {
            const int end = finder.position();
            if (end <= start) continue;
            const QString unit = seg.text.mid(start, end - start);
            // A unit is "word + trailing spaces"; split the spaces off so lines can drop them.
            int cut = unit.size();
            while (cut > 0 && unit.at(cut - 1).isSpace()) --cut;
            bool glued = false;
            for (const TextRun& r : superscriptRuns(unit.left(cut))) {
                pieces_.push_back(Piece{r.text, -1, false, r.numbers, glued});
                glued = true;
            }
            if (cut < unit.size()) pieces_.push_back(Piece{unit.mid(cut), -1, true});
            start = end;
        }
    }
}

int MathText::formulaCount() const {
    return int(formulas_.size());
}

void MathText::setFont(const QFont& font) {
    font_ = font;
    for (MathFormula& f : formulas_) f.setTextFont(font);
}

std::vector<MathText::Line> MathText::layout(double px, double maxWidth) const {
    const QFontMetricsF fm(referenceFont(font_)), numbers(referenceFont(numbersFirst(font_)));
    const double k = px / Layouter::kTextRefPx;
    const double proseAscent = fm.ascent() * k, proseDescent = fm.descent() * k;
    std::vector<Line> lines(1);
    const auto width = [&](const Piece& p) {
        return p.formula >= 0 ? formulas_[size_t(p.formula)].width(px)
                              : (p.numbers ? numbers : fm).horizontalAdvance(p.prose) * k;
    };
    double pendingSpace = 0;
    std::vector<const Piece*> pendingSpaces;
    for (size_t i = 0; i < pieces_.size(); ++i) {
        const Piece& p = pieces_[i];
        if (p.space) {
            pendingSpace += width(p);
            pendingSpaces.push_back(&p);
            continue;
        }
        const double w = width(p);
        double unitWidth = w;  // with the pieces glued to it
        for (size_t j = i + 1; j < pieces_.size() && pieces_[j].glued; ++j)
            unitWidth += width(pieces_[j]);
        Line* line = &lines.back();
        if (maxWidth > 0 && !p.glued && !line->pieces.empty() &&
            line->width + pendingSpace + unitWidth > maxWidth) {
            lines.emplace_back();
            line = &lines.back();
        } else if (!line->pieces.empty()) {
            line->width += pendingSpace;
            for (const Piece* s : pendingSpaces) line->pieces.push_back(s);
        }
        pendingSpace = 0;
        pendingSpaces.clear();
        line->pieces.push_back(&p);
        line->width += w;
    }
    for (Line& line : lines) {
        line.ascent = proseAscent;
        line.descent = proseDescent;
        for (const Piece* p : line.pieces) {
            if (p->formula < 0) continue;
            const MathFormula& f = formulas_[size_t(p->formula)];
            line.ascent = std::max(line.ascent, f.ascent(px));
            line.descent = std::max(line.descent, f.descent(px));
        }
    }
    return lines;
}

QSizeF MathText::size(double pixelSize, double maxWidth) const {
    const QFontMetricsF fm(referenceFont(font_));
    const double leading = std::max(0.0, fm.leading()) * pixelSize / Layouter::kTextRefPx;
    double w = 0, h = 0;
    const std::vector<Line> lines = layout(pixelSize, maxWidth);
    for (size_t i = 0; i < lines.size(); ++i) {
        w = std::max(w, lines[i].width);
        h += lines[i].ascent + lines[i].descent + (i + 1 < lines.size() ? leading : 0.0);
    }
    return QSizeF(w, h);
}

double MathText::firstBaseline(double pixelSize, double maxWidth) const {
    return layout(pixelSize, maxWidth).front().ascent;
}

void MathText::paint(QPainter& painter, QPointF topLeft, double pixelSize, double maxWidth,
                     const QColor& color, Qt::Alignment alignment) const {
    const QFont ref = referenceFont(font_), numbers = referenceFont(numbersFirst(font_));
    const QFontMetricsF fm(ref), fmNumbers(numbers);
    const double k = pixelSize / Layouter::kTextRefPx;
    const double leading = std::max(0.0, fm.leading()) * k;
    painter.save();
    painter.setPen(color);
    painter.setFont(ref);
    double y = topLeft.y();
    for (const Line& line : layout(pixelSize, maxWidth)) {
        double x = topLeft.x();
        if (maxWidth > 0 && (alignment & Qt::AlignHCenter)) x += (maxWidth - line.width) / 2;
        if (maxWidth > 0 && (alignment & Qt::AlignRight)) x += maxWidth - line.width;
        const double baseline = y + line.ascent;
        for (const Piece* p : line.pieces) {
            if (p->formula >= 0) {
                const MathFormula& f = formulas_[size_t(p->formula)];
                f.paint(painter, QPointF(x, baseline), pixelSize, color);
                x += f.width(pixelSize);
                continue;
            }
            painter.save();
            painter.translate(x, baseline);
            painter.scale(k, k);
            painter.setFont(p->numbers ? numbers : ref);
            painter.drawText(QPointF(0, 0), p->prose);
            painter.restore();
            x += (p->numbers ? fmNumbers : fm).horizontalAdvance(p->prose) * k;
        }
        y = baseline + line.descent + leading;
    }
    painter.restore();
}

bool hasRawTex(QStringView text) {
    static const QString markers[] = {QStringLiteral("_{"), QStringLiteral("^{"),
                                      QStringLiteral("^("), QStringLiteral("\\frac"),
                                      QStringLiteral("sqrt(")};
    // The unescaped dollars; an odd last one is a literal dollar, not an opening.
    std::vector<qsizetype> dollars;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'\\') {
            ++i;
        } else if (text.at(i) == u'$') {
            dollars.push_back(i);
        }
    }
    if (dollars.size() % 2) dollars.pop_back();
    QString outside;
    qsizetype from = 0;
    for (size_t k = 0; k < dollars.size(); k += 2) {
        outside += text.mid(from, dollars[k] - from).toString() + u' ';
        from = dollars[k + 1] + 1;
    }
    outside += text.mid(from).toString();
    for (const QString& m : markers) {
        if (outside.contains(m)) return true;
    }
    return false;
}

}  // namespace poslab::ui::math

namespace poslab::ui::math {

QString plainOf(QStringView text) {
    QString out;
    bool maths = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\\' && i + 1 < text.size()) {
            qsizetype j = i + 1;
            while (maths && j < text.size() && text.at(j).isLetter()) ++j;
            if (j == i + 1) {  // \$ in prose; \, \; \{ ... in maths
                const QChar n = text.at(++i);
                out += QStringView(u",;: !").contains(n) && maths ? QChar(u' ') : n;
                continue;
            }
            const QStringView name = text.mid(i + 1, j - i - 1);
            bool limits = false;
            if (const auto s = commandSymbol(name)) {
                out += QString::fromUcs4(&s->cp, 1);
            } else if (operatorName(name, &limits)) {
                out += name;
            } else if (spaceCommand(name)) {
                out += u' ';
            }  // \mathrm, \text, \bigl ...: only their argument shows
            i = j - 1;
        } else if (c == u'$') {
            maths = !maths;
        } else if (maths && (c == u'{' || c == u'}')) {
            continue;
        } else {
            out += maths && c == u'-' ? QChar(0x2212) : c;
        }
    }
    return out;
}

}  // namespace poslab::ui::math
