// A parameter a view "ignores" (views.json) is left out of its figure footer and of the F11 strip
// (issue 25 item 2: the strip lists only the parameters that act). That is only true if the view
// draws the same arrays whatever its value: each ignored parameter is changed, at the page's preset
// and at seeded variations of every other parameter, and every array the view computes (its
// series and its marker) must keep its shape and its bits.
//
// POSLAB_SUGGEST_IGNORES=1 prints, for every view, the parameters that never changed an array
// in these states (candidates for "ignores"; a person checks the maths before adding one).
#include <QtTest>
#include <random>

#include "core/compute.h"
#include "core/registry.h"
#include "ui/catalog/view_spec.h"
#include "ui/compute/series_fetch.h"
#include "ui/figure/acting_params.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// Other values of a parameter, in its range: the comparison needs a different value that the
// encoding accepts (sizes at most doubled).
std::vector<core::ParamValue> alternatives(const core::ParamSpec& spec, const core::ParamValue& v) {
    std::vector<core::ParamValue> out;
    const auto inRange = [&](double x) {
        return (!spec.min || (spec.minExclusive ? x > *spec.min : x >= *spec.min)) &&
               (!spec.max || (spec.maxExclusive ? x < *spec.max : x <= *spec.max));
    };
    if (const auto* i = std::get_if<std::int64_t>(&v)) {
        for (std::int64_t c : {*i + 1, *i * 2, *i - 1, *i / 2})
            if (c != *i && inRange(static_cast<double>(c))) out.emplace_back(c);
    } else if (const auto* r = std::get_if<double>(&v)) {
        for (double c : {*r * 1.5 + 0.25, *r * 0.5, *r + 0.1, *r - 0.1})
            if (c != *r && inRange(c)) out.emplace_back(c);
    } else if (const auto* b = std::get_if<bool>(&v)) {
        out.emplace_back(!*b);
    } else if (spec.type == core::ParamType::Enum) {
        for (const std::string& c : spec.choices)
            if (core::ParamValue(c) != v) out.emplace_back(c);
    }
    if (out.size() > 2) out.resize(2);
    return out;
}

// The arrays a view draws at `page` (its series, each of its own encoding, and its marker);
// nullopt when the encoding refuses the values (a combination the variation made invalid).
std::optional<std::vector<core::Array>> viewArrays(const ViewSpec& view, const PageSpec& spec,
                                                   const core::ParamSet& page) {
    const auto* enc = core::registry().find(view.encoding.toStdString());
    const ViewState state = defaultViewState(view, spec);
    std::vector<core::Array> out;
    QVector<SeriesSpec> series = view.series;
    if (!view.vmarker.isEmpty()) {
        SeriesSpec marker;
        marker.quantity = view.vmarker;
        series.append(marker);
    }
    for (const SeriesSpec& s : series) {
        const auto* own =
            s.encoding.isEmpty() ? enc : core::registry().find(s.encoding.toStdString());
        if (!own) return std::nullopt;
        const core::ParamSet base = own == enc ? page : paramsFromPage(*own, page);
        auto params = seriesParams(*own, base, s, state);
        if (!params) return std::nullopt;
        auto a = core::compute(own->id, s.quantity.toStdString(), *params);
        if (!a) return std::nullopt;
        out.push_back(std::move(*a));
    }
    return out;
}

bool sameArrays(const std::vector<core::Array>& a, const std::vector<core::Array>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].shape != b[i].shape || a[i].f64 != b[i].f64 || a[i].i64 != b[i].i64) return false;
    return true;
}

// The preset and three seeded variations: each other parameter (not a file, not a view's own)
// takes one of its alternatives with probability 1/2.
std::vector<core::ParamSet> states(const core::EncodingDescriptor& enc,
                                   const core::ParamSet& preset, const QString& except) {
    std::vector<core::ParamSet> out{preset};
    std::mt19937 rng(25);
    for (int k = 0; k < 3; ++k) {
        core::ParamSet p = preset;
        for (const auto& spec : enc.params) {
            if (spec.viewControlled || QString::fromStdString(spec.name) == except ||
                !p.has(spec.name) || rng() % 2 == 0)
                continue;
            const auto alt = alternatives(spec, p.get(spec.name));
            if (!alt.empty()) p.set(spec.name, alt[rng() % alt.size()]);
        }
        out.push_back(std::move(p));
    }
    return out;
}

// How many (state, alternative) pairs compared equal, and the first that did not ("" if none).
struct Verdict {
    int compared = 0;
    QString differs;
};

Verdict check(const ViewSpec& view, const PageSpec& page, const core::ParamSpec& spec) {
    const auto* enc = core::registry().find(view.encoding.toStdString());
    Verdict v;
    const QString name = QString::fromStdString(spec.name);
    for (const core::ParamSet& state : states(*enc, pagePresetParams(page), name)) {
        const auto before = viewArrays(view, page, state);
        if (!before) continue;
        for (const core::ParamValue& alt : alternatives(spec, state.get(spec.name))) {
            core::ParamSet changed = state;
            changed.set(spec.name, alt);
            const auto after = viewArrays(view, page, changed);
            if (!after) continue;
            ++v.compared;
            if (!sameArrays(*before, *after) && v.differs.isEmpty())
                v.differs = QStringLiteral("%1 = %2 changes the arrays")
                                .arg(name, QString::fromStdString(core::formatValue(alt)));
        }
    }
    return v;
}

void printSuggestions() {
    for (const PageSpec& page : Catalog::instance().pages()) {
        const auto* enc = core::registry().find(page.encoding.toStdString());
        if (!enc || page.id.startsWith("arg/")) continue;
        for (const ViewSpec& view : page.views) {
            if (view.kind == ViewKind::Compare || view.series.isEmpty()) continue;
            QStringList idle;
            for (const auto& spec : enc->params) {
                if (spec.viewControlled) continue;
                const Verdict v = check(view, page, spec);
                if (v.compared > 0 && v.differs.isEmpty())
                    idle << QString::fromStdString(spec.name);
            }
            if (!idle.isEmpty())
                qInfo().noquote() << view.id << "never changed by:" << idle.join(", ");
        }
    }
}

}  // namespace

class TestViewIgnores : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (qEnvironmentVariableIsSet("POSLAB_SUGGEST_IGNORES")) printSuggestions();
    }

    void ignoredParameterChangesNothing_data() {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("param");
        int rows = 0;
        for (const PageSpec& page : Catalog::instance().pages())
            for (const ViewSpec& view : page.views)
                for (const QString& name : view.ignores) {
                    QTest::addRow("%s %s", qPrintable(view.id), qPrintable(name))
                        << page.id << view.id << name;
                    ++rows;
                }
        QVERIFY2(rows >= 5, "views.json should declare the ignored parameters of the RoPE views");
    }

    void ignoredParameterChangesNothing() {
        QFETCH(QString, page);
        QFETCH(QString, view);
        QFETCH(QString, param);
        const PageSpec* p = Catalog::instance().find(page);
        QVERIFY(p);
        const ViewSpec* v = p->findView(view);
        QVERIFY(v);
        const auto* enc = core::registry().find(v->encoding.toStdString());
        const core::ParamSpec* spec = enc ? enc->findParam(param.toStdString()) : nullptr;
        QVERIFY2(spec, qPrintable(param + " is not a parameter of " + v->encoding));
        const Verdict verdict = check(*v, *p, *spec);
        QVERIFY2(verdict.compared >= 2, "fewer than two values could be compared");
        QVERIFY2(verdict.differs.isEmpty(), qPrintable(verdict.differs));
    }

    // The strip and the footer leave an ignored parameter out, and keep the others.
    void actingParamsLeaveIgnoredOut() {
        const PageSpec* rope = Catalog::instance().find("rope");
        QVERIFY(rope);
        const ViewSpec* decay = rope->findView("rope/decay");
        QVERIFY(decay && decay->ignores.contains("n"));
        const QStringList texts = actingParamTexts(*decay, pagePresetParams(*rope));
        QVERIFY2(!texts.filter(QRegularExpression("^n = ")).size(), qPrintable(texts.join("; ")));
        QVERIFY2(texts.filter(QRegularExpression("^base = ")).size(), qPrintable(texts.join("; ")));
        const ViewSpec* angles = rope->findView("rope/angles");
        QVERIFY(angles);
        QVERIFY(actingParamTexts(*angles, pagePresetParams(*rope))
                    .filter(QRegularExpression("^n = "))
                    .size());
    }
};

QTEST_GUILESS_MAIN(TestViewIgnores)
#include "tst_view_ignores.moc"
