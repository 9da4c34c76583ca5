// The rotation view (a few pairs of two (d/2, 2) arrays as arrows) and value views (the first
// numbers of an array, one labelled number per series when there are several, or the check of
// its first rows against a reference table, by core).
#include <QStringList>
#include <algorithm>

#include "core/analysis/compare.h"
#include "ui/compute/prepare_view.h"
#include "ui/figure/number_format.h"

namespace poslab::ui {

using core::Array;

void prepareRotation(PrepareContext&, const ViewInput& in, ViewResult& out) {
    if (in.fetched.size() < 2 || in.fetched[0].array->shape.size() != 2 ||
        in.fetched[0].array->shape[1] != 2) {
        out.error = QStringLiteral("the rotation view needs two (d/2, 2) arrays");
        return;
    }
    const Array& a = *in.fetched[0].array;
    const Array& b = *in.fetched[1].array;
    const qint64 pairs = a.shape[0];
    QVector<int> chosen;  // the fastest, a few in between and the slowest pair
    for (qint64 j : {qint64(0), qint64(1), pairs / 8, pairs / 4, pairs / 2, pairs - 1})
        if (j >= 0 && j < pairs && !chosen.contains(static_cast<int>(j)))
            chosen << static_cast<int>(j);
    std::sort(chosen.begin(), chosen.end());
    for (int j : chosen)
        out.rotation.pairs << RotationPair{j, QPointF(a.at(2 * j), a.at(2 * j + 1)),
                                           QPointF(b.at(2 * j), b.at(2 * j + 1))};
    out.rotation.m = in.state.m;
    out.rotation.k = in.state.m + in.state.delta;
}

namespace {

// A check: max |first rows of this array − the reference encoding's table|. The reference is
// named by the series, or by a page parameter ("$source").
void checkAgainstReference(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    const Array& a = *in.fetched[0].array;
    const core::ParamSet& params = ctx.request.params;
    QString encName = in.series[0].againstEncoding;
    if (encName.startsWith('$')) {
        const std::string param = encName.mid(1).toStdString();
        encName = params.has(param) ? QString::fromStdString(params.text(param)) : QString();
    }
    const auto* refEnc = core::registry().find(encName.toStdString());
    if (!refEnc) {
        out.value =
            pick(QStringLiteral("not checked: the reference '%1' is not an encoding").arg(encName),
                 QString::fromUtf8("未检查：参照 '%1' 不是一种编码").arg(encName), ctx.lang);
        return;
    }
    SeriesSpec ref;
    ref.encoding = encName;
    ref.quantity = in.series[0].againstQuantity;
    const Fetch b = ctx.fetcher.fetch(ref, in.state);
    if (!b.error.isEmpty()) {
        out.error = b.error;
        return;
    }
    if (!b.array) return;  // cancelled
    const auto err = core::maxAbsDifferenceLeadingRows(a, *b.array);
    if (!err) {
        out.error = QString::fromStdString(err.error().message);
        return;
    }
    const QString rows = QString::number(b.array->shape[0]);
    out.value = pick(QStringLiteral("max |first %1 rows − %2 table| = %3"),
                     QString::fromUtf8("max |前 %1 行 − %2表| = %3"), ctx.lang)
                    .arg(rows, pick(refEnc->nameEn, refEnc->nameZh, ctx.lang), formatNumber(*err));
}

}  // namespace

void prepareValue(PrepareContext& ctx, const ViewInput& in, ViewResult& out) {
    if (!in.series[0].againstEncoding.isEmpty()) {
        checkAgainstReference(ctx, in, out);
        return;
    }
    // Several series (nope/distinct: one per number format): "label: first number" each.
    if (in.series.size() > 1) {
        QStringList parts;
        for (qsizetype i = 0; i < in.series.size() && i < in.fetched.size(); ++i) {
            const auto& array = in.fetched[i].array;
            if (!array || array->size() < 1) continue;
            const LocalText& label = in.series[i].label;
            parts << pick(label.en, label.zh, ctx.lang) +
                         pick(QStringLiteral(": "), QString::fromUtf8("："), ctx.lang) +
                         formatNumber(array->at(0), 6);
        }
        out.value = parts.join(pick(QStringLiteral("; "), QString::fromUtf8("；"), ctx.lang));
        return;
    }
    const Array& a = *in.fetched[0].array;
    QStringList parts;
    for (qint64 k = 0; k < std::min<qint64>(a.size(), 16); ++k) parts << formatNumber(a.at(k), 6);
    out.value = parts.join(", ");
}

}  // namespace poslab::ui
