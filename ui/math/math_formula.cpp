#include "ui/math/math_formula.h"

#include <QFontMetricsF>
#include <QGlyphRun>
#include <QPainter>
#include <QRawFont>
#include <map>
#include <mutex>
#include <vector>

#include "ui/math/math_ast.h"
#include "ui/math/math_layout.h"

namespace poslab::ui::math {

struct MathFormula::Data {
    QString source;
    MathMode mode = MathMode::Inline;
    std::shared_ptr<const Node> root;  // null when the source has an error
    QString error;
    int errorPosition = -1;
    QFont textFont;
    mutable std::mutex mutex;
    mutable std::vector<std::pair<qint64, std::shared_ptr<const Box>>> cache;

    // The layout at `px` (cached: a handful of sizes per formula).
    std::shared_ptr<const Box> box(double px) const {
        if (!(px >= 0.25 && px <= 1e4)) {  // nothing sensible to draw (NaN, 0, negative, huge)
            static const auto empty = std::make_shared<const Box>();
            return empty;
        }
        const qint64 key = qRound64(px * 64);
        const std::lock_guard lock(mutex);
        for (const auto& [k, b] : cache) {
            if (k == key) return b;
        }
        auto b = std::make_shared<Box>(compute(key / 64.0));
        if (cache.size() >= 6) cache.erase(cache.begin());
        cache.emplace_back(key, b);
        return b;
    }

    Box compute(double px) const {
        if (root) {
            Layouter layouter(px, textFont);
            return layouter.layout(*root, mode == MathMode::Display);
        }
        // An invalid formula shows its source in the UI font.
        QFont f = textFont;
        f.setPixelSize(int(Layouter::kTextRefPx));
        const QFontMetricsF fm(f);
        const double k = px / Layouter::kTextRefPx;
        Box b;
        b.width = fm.horizontalAdvance(source) * k;
        b.ascent = fm.ascent() * k;
        b.descent = fm.descent() * k;
        if (!source.isEmpty()) b.texts.push_back({source, px, QPointF(0, 0)});
        return b;
    }
};

namespace {

QFont referenceFont(const QFont& family) {
    QFont f = family;
    f.setPixelSize(int(Layouter::kTextRefPx));
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

}  // namespace

MathFormula::MathFormula() : MathFormula(QString()) {}

MathFormula::MathFormula(const QString& tex, MathMode mode) : d_(std::make_shared<Data>()) {
    d_->source = tex;
    d_->mode = mode;
    ParseResult r = parseTex(tex);
    d_->root = std::shared_ptr<const Node>(std::move(r.root));
    d_->error = r.error;
    d_->errorPosition = r.errorPosition;
}

bool MathFormula::isValid() const {
    return d_->root != nullptr;
}
bool MathFormula::isEmpty() const {
    return d_->source.trimmed().isEmpty();
}
QString MathFormula::source() const {
    return d_->source;
}
MathMode MathFormula::mode() const {
    return d_->mode;
}
QString MathFormula::error() const {
    return d_->error;
}
int MathFormula::errorPosition() const {
    return d_->errorPosition;
}
QFont MathFormula::textFont() const {
    return d_->textFont;
}

void MathFormula::setTextFont(const QFont& font) {
    auto d = std::make_shared<Data>();
    d->source = d_->source;
    d->mode = d_->mode;
    d->root = d_->root;
    d->error = d_->error;
    d->errorPosition = d_->errorPosition;
    d->textFont = font;
    d_ = std::move(d);
}

QSizeF MathFormula::size(double pixelSize) const {
    const auto b = d_->box(pixelSize);
    return QSizeF(b->width, b->ascent + b->descent);
}
double MathFormula::width(double pixelSize) const {
    return d_->box(pixelSize)->width;
}
double MathFormula::ascent(double pixelSize) const {
    return d_->box(pixelSize)->ascent;
}
double MathFormula::descent(double pixelSize) const {
    return d_->box(pixelSize)->descent;
}

QRectF MathFormula::boundingRect(double pixelSize) const {
    const auto b = d_->box(pixelSize);
    return QRectF(0, -b->ascent, b->width, b->ascent + b->descent);
}

void MathFormula::paint(QPainter& painter, QPointF origin, double pixelSize,
                        const QColor& color) const {
    const auto box = d_->box(pixelSize);
    const MathFont& font = MathFont::instance();
    painter.save();
    painter.setPen(QPen(color));
    // One glyph run per size and baseline, so that every run is a plain line of glyphs for the
    // paint engines (raster, SVG, PDF); the positions inside a run only differ in x.
    std::map<std::pair<qint64, double>, std::pair<QList<quint32>, QList<QPointF>>> runs;
    for (const PlacedGlyph& g : box->glyphs) {
        auto& run = runs[{qRound64(g.size * 64), g.pos.y()}];
        run.first.push_back(g.glyph);
        run.second.push_back(QPointF(g.pos.x(), 0));
    }
    for (const auto& [key, run] : runs) {
        QGlyphRun glyphRun;
        glyphRun.setRawFont(font.rawFont(key.first / 64.0));
        glyphRun.setGlyphIndexes(run.first);
        glyphRun.setPositions(run.second);
        painter.drawGlyphRun(origin + QPointF(0, key.second), glyphRun);
    }
    for (const QRectF& r : box->rules) painter.fillRect(r.translated(origin), color);
    if (!box->texts.empty()) {
        painter.setFont(referenceFont(d_->textFont));
        for (const PlacedText& t : box->texts) {
            painter.save();
            painter.translate(origin + t.pos);
            const double k = t.size / Layouter::kTextRefPx;
            painter.scale(k, k);
            painter.drawText(QPointF(0, 0), t.text);
            painter.restore();
        }
    }
    painter.restore();
}

QPainterPath MathFormula::path(double pixelSize) const {
    const auto box = d_->box(pixelSize);
    const MathFont& font = MathFont::instance();
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    for (const PlacedGlyph& g : box->glyphs) {
        path.addPath(font.rawFont(g.size).pathForGlyph(g.glyph).translated(g.pos));
    }
    for (const QRectF& r : box->rules) path.addRect(r);
    const QFont ref = referenceFont(d_->textFont);
    for (const PlacedText& t : box->texts) {
        QPainterPath text;
        text.addText(QPointF(0, 0), ref, t.text);
        const double k = t.size / Layouter::kTextRefPx;
        path.addPath(QTransform::fromScale(k, k).map(text).translated(t.pos));
    }
    return path;
}

}  // namespace poslab::ui::math
