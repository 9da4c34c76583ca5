#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <cmath>

#include "core/registry.h"
#include "ui/catalog/all_rows.h"
#include "ui/catalog/view_spec.h"

namespace poslab::ui {

QStringList ViewSpec::quantities() const {
    QStringList out;
    for (const auto& s : series)
        if (s.encoding.isEmpty() && !out.contains(s.quantity)) out << s.quantity;
    if (!vmarker.isEmpty() && !vmarker.startsWith('$') && !out.contains(vmarker)) out << vmarker;
    return out;
}

const ViewSpec* PageSpec::findView(const QString& viewId) const {
    for (const auto& v : views)
        if (v.id == viewId) return &v;
    return nullptr;
}

namespace {

LocalText localText(const QJsonValue& v) {
    if (v.isString()) return {v.toString(), {}};
    const QJsonObject o = v.toObject();
    return {o.value("en").toString(), o.value("zh").toString()};
}

QMap<QString, QString> stringMap(const QJsonValue& v) {
    QMap<QString, QString> out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        out.insert(it.key(), it.value().isString() ? it.value().toString()
                                                   : it.value().toVariant().toString());
    return out;
}

// "keywords": {"en": [...], "zh": [...]} (or one list): both languages, for the search.
QStringList keywordList(const QJsonValue& v) {
    QStringList out;
    const QJsonArray lists[] = {v.isArray() ? v.toArray() : v.toObject().value("en").toArray(),
                                v.toObject().value("zh").toArray()};
    for (const QJsonArray& list : lists)
        for (const auto& k : list)
            if (!k.toString().isEmpty()) out << k.toString();
    return out;
}

// The kinds views.json may name; a missing "kind" is a heatmap.
const QMap<QString, ViewKind>& viewKinds() {
    static const QMap<QString, ViewKind> kinds{{"heatmap", ViewKind::Heatmap},
                                               {"lines", ViewKind::Lines},
                                               {"rotation", ViewKind::Rotation},
                                               {"value", ViewKind::Value},
                                               {"compare", ViewKind::Compare}};
    return kinds;
}

ViewSpec viewFromJson(const QString& encoding, const QJsonObject& o) {
    ViewSpec v;
    v.encoding = encoding;
    v.id = encoding + "/" + o.value("id").toString();
    v.kind =
        viewKinds().value(o.value("kind").toString(QStringLiteral("heatmap")), ViewKind::Heatmap);
    v.title = localText(o.value("title"));
    v.text = localText(o.value("text"));
    v.xLabel = localText(o.value("x"));
    v.yLabel = localText(o.value("y"));
    v.formula = localText(o.value("formula"));
    v.vmarker = o.value("vmarker").toString();
    v.vmarkerLabel = localText(o.value("vmarkerLabel"));
    v.hmarkerParam = o.value("hmarker").toString();
    for (const QJsonValue& name : o.value("ignores").toArray()) v.ignores << name.toString();
    v.logY = o.value("logY").toBool();
    v.showMax = o.value("showMax").toBool();
    v.difference = o.value("difference").toBool();
    v.sharedScale = o.value("sharedScale").toBool();
    v.colormap = o.value("colormap").toString();
    v.logColor = o.value("logColor").toBool();
    v.logX = o.value("logX").toBool();
    v.smallMultiples = o.value("smallMultiples").toBool();
    for (const auto& t : o.value("sliceTitles").toArray()) v.sliceTitles << localText(t);
    for (const auto& r : o.value("reshape").toArray()) v.reshape << r.toString();
    v.channelDefaults = o.value("defaults").toString();
    v.extendRows = o.value("extendRows").toDouble(1.0);
    v.blankNote = localText(o.value("blankNote"));
    v.blockParam = o.value("blockParam").toString();
    const QJsonObject mark = o.value("mark").toObject();
    v.markParam = mark.value("param").toString();
    v.markMinus = mark.value("minus").toString();
    v.markAt = mark.value("at").toString();
    v.markLabel = localText(mark.value("label"));
    v.cellsOf = o.value("cellsOf").toString();
    for (const auto& c : o.value("clickSets").toArray()) v.clickSets << c.toString();
    for (const auto& sv : o.value("series").toArray()) {
        const QJsonObject so = sv.toObject();
        SeriesSpec s;
        s.quantity = so.value("q").toString();
        s.set = stringMap(so.value("set"));
        s.label = localText(so.value("label"));
        s.row = so.value("row").toInt(-1);
        s.columnsFromDims = so.value("dims").toBool();
        if (so.value("rows").toString() == QLatin1String("all")) s.row = kAllRows;
        if (so.value("row").toString() == QLatin1String("last")) s.row = kLastRow;
        s.dashed = so.value("dashed").toBool();
        s.draw = so.value("draw").toString();
        s.transform = so.value("transform").toString();
        s.color = so.value("color").toInt(-1);
        s.col = so.value("col").toInt(-1);
        s.encoding = so.value("encoding").toString();
        const QJsonObject sweep = so.value("sweep").toObject();
        s.sweepParam = sweep.value("param").toString();
        for (const auto& sv2 : sweep.value("values").toArray())
            s.sweepValues << (sv2.isString() ? sv2.toString() : sv2.toVariant().toString());
        const QJsonObject against = so.value("against").toObject();
        s.againstEncoding = against.value("encoding").toString();
        s.againstQuantity = against.value("q").toString();
        if (const QJsonValue slope = so.value("reference").toObject().value("slope");
            slope.isDouble())
            s.referenceSlope = slope.toDouble();
        v.series << s;
    }
    return v;
}

int rankOf(const core::QuantitySpec& q) {
    return static_cast<int>(std::count(q.shapeDoc.begin(), q.shapeDoc.end(), ',')) + 1;
}

// A view for a quantity that no curated view covers: its shape decides how it is drawn.
ViewSpec genericView(const core::EncodingDescriptor& enc, const core::QuantitySpec& q) {
    ViewSpec v;
    v.encoding = QString::fromStdString(enc.id);
    v.id = v.encoding + "/" + QString::fromStdString(q.id);
    v.title = {QString::fromStdString(q.titleEn), QString::fromStdString(q.titleZh)};
    const int rank = rankOf(q);
    if (rank == 1 && q.shapeDoc == "1")
        v.kind = ViewKind::Value;
    else if (rank == 1)
        v.kind = ViewKind::Lines;
    else
        v.kind = ViewKind::Heatmap;
    v.text = {QString::fromStdString(enc.summaryEn), QString::fromStdString(enc.summaryZh)};
    SeriesSpec s;
    s.quantity = QString::fromStdString(q.id);
    s.label = v.title;
    v.series << s;
    return v;
}

// The generic compare view; `views` (the page's) say which quantity has a marker: a line view
// of that quantity alone with a "vmarker" (rope/decay: decay_bound).
ViewSpec compareView(const core::EncodingDescriptor& enc, const QVector<ViewSpec>& views) {
    ViewSpec v;
    for (const ViewSpec& w : views)
        if (w.kind == ViewKind::Lines && !w.vmarker.isEmpty() && w.series.size() == 1 &&
            w.series[0].encoding.isEmpty() && w.series[0].set.isEmpty())
            v.compareMarkers.insert(w.series[0].quantity, w.vmarker);
    v.encoding = QString::fromStdString(enc.id);
    v.id = v.encoding + "/compare";
    v.kind = ViewKind::Compare;
    v.title = {"Compare", QString::fromUtf8("对比")};
    v.text = {
        "Two configurations of the same encoding: A is the panel's parameters, B changes one "
        "parameter. Matrices are shown side by side with the difference A − B on a "
        "diverging scale; curves are overlaid.",
        QString::fromUtf8("同一编码的两种配置：A 为参数面板的取值，B 只改变一个参数。矩阵并排显示，"
                          "并用发散色图显示差值 A − B；曲线则叠加绘制。")};
    v.formula = {QStringLiteral("\\Delta = A - B"), {}};
    return v;
}

// A series' "reference": {"slope": <finite number>}, on a line view with log x and log y (where
// a power law is a straight line).
QStringList referenceProblems(const QJsonObject& o, const ViewSpec& v) {
    QStringList out;
    for (const auto& sv : o.value("series").toArray()) {
        const QJsonValue ref = sv.toObject().value("reference");
        if (ref.isUndefined()) continue;
        const QJsonValue slope = ref.toObject().value("slope");
        if (!slope.isDouble() || !std::isfinite(slope.toDouble()))
            out << QStringLiteral("\"reference\" needs {\"slope\": a number}, got %1")
                       .arg(QString::fromUtf8(QJsonDocument(QJsonArray{ref})
                                                  .toJson(QJsonDocument::Compact)
                                                  .mid(1)
                                                  .chopped(1)));
        else if (v.kind != ViewKind::Lines || !v.logX || !v.logY)
            out << QStringLiteral(
                "\"reference\" needs a line view with \"logX\" and \"logY\" (a power law "
                "is a straight line only on log-log axes)");
    }
    return out;
}

// The problems of one curated view: unknown kind, no series, quantities the registry lacks.
QStringList viewProblems(const core::EncodingDescriptor& enc, const QJsonObject& o,
                         const ViewSpec& v) {
    QStringList out;
    const QString kind = o.value("kind").toString(QStringLiteral("heatmap"));
    if (!viewKinds().contains(kind))
        out << QStringLiteral("unknown kind '%1'; allowed: %2")
                   .arg(kind, viewKinds().keys().join(QStringLiteral(", ")));
    if (v.series.isEmpty() && v.kind != ViewKind::Compare) out << QStringLiteral("no series");
    const auto& reg = core::registry();
    auto lacks = [&reg](const QString& e, const QString& q) {
        const auto* other = reg.find(e.toStdString());
        return !other || !other->findQuantity(q.toStdString());
    };
    for (const QString& q : v.quantities())
        if (lacks(QString::fromStdString(enc.id), q))
            out << QStringLiteral("'%1' is no quantity of %2").arg(q, enc.id.c_str());
    out << referenceProblems(o, v);
    if (!v.markParam.isEmpty()) {
        if (v.markAt != QLatin1String("row") && v.markAt != QLatin1String("band"))
            out << QStringLiteral("unknown mark at '%1'; allowed: row, band").arg(v.markAt);
        for (const QString& name : {v.markParam, v.markMinus})
            if (!name.isEmpty() && !enc.findParam(name.toStdString()))
                out << QStringLiteral("mark: '%1' is no parameter of %2").arg(name, enc.id.c_str());
    }
    for (const auto& s : v.series) {
        if (!s.draw.isEmpty() && s.draw != QLatin1String("steps") &&
            s.draw != QLatin1String("markers"))
            out << QStringLiteral("unknown draw '%1'; allowed: steps, markers").arg(s.draw);
        if (!s.encoding.isEmpty() && lacks(s.encoding, s.quantity))
            out << QStringLiteral("'%1/%2' does not exist").arg(s.encoding, s.quantity);
        if (!s.againstEncoding.isEmpty() && !s.againstEncoding.startsWith('$') &&
            lacks(s.againstEncoding, s.againstQuantity))
            out << QStringLiteral("'%1/%2' does not exist")
                       .arg(s.againstEncoding, s.againstQuantity);
    }
    return out;
}

// The problems of a page's starting values: unknown names and values their spec refuses.
void checkPreset(const core::EncodingDescriptor& enc, const QString& where,
                 const QMap<QString, QString>& preset, QStringList& warnings) {
    for (auto it = preset.begin(); it != preset.end(); ++it) {
        const core::ParamSpec* spec = enc.findParam(it.key().toStdString());
        if (!spec) {
            warnings << QStringLiteral("%1: '%2' is no parameter of %3")
                            .arg(where, it.key(), enc.id.c_str());
            continue;
        }
        auto v = spec->parse(it.value().toStdString());
        const core::Status st = v ? spec->check(*v) : core::Status(v.error());
        if (!st) warnings << QStringLiteral("%1: %2").arg(where, st.error().message.c_str());
    }
}

void checkCompare(const core::EncodingDescriptor& enc, const QString& where,
                  const QMap<QString, QString>& compare, QStringList& warnings) {
    const QString q = compare.value("quantity");
    if (!q.isEmpty() && !enc.findQuantity(q.toStdString()))
        warnings << QStringLiteral("%1: '%2' is no quantity of %3").arg(where, q, enc.id.c_str());
    if (!compare.contains("param")) return;
    checkPreset(enc, where, {{compare.value("param"), compare.value("value")}}, warnings);
}

QStringList familyIds() {
    QStringList out;
    // core::Family's values are 0, 1, ...; familyId names each and says "?" past the last.
    for (int f = 0;; ++f) {
        const std::string_view id = core::familyId(static_cast<core::Family>(f));
        if (id == "?") return out;
        out << QString::fromLatin1(id.data(), static_cast<qsizetype>(id.size()));
    }
}

}  // namespace

PageSpec Catalog::encodingPage(const core::EncodingDescriptor& enc, const QJsonObject& eo,
                               const QJsonObject& presets) {
    const QString id = QString::fromStdString(enc.id);
    PageSpec page;
    page.id = id;
    page.encoding = id;
    page.group = QString::fromLatin1(core::familyId(enc.family).data());
    page.title = {QString::fromStdString(enc.nameEn), QString::fromStdString(enc.nameZh)};
    page.text = eo.contains("text") ? localText(eo.value("text"))
                                    : LocalText{QString::fromStdString(enc.summaryEn),
                                                QString::fromStdString(enc.summaryZh)};
    page.formula = localText(eo.value("formula"));
    page.keywords = keywordList(eo.value("keywords"));
    // The browser's grouping follows issue 3 (e.g. CNN padding under Other) where it differs.
    if (eo.contains("group")) page.group = eo.value("group").toString();
    if (!groupOrder().contains(page.group))
        m_warnings << QStringLiteral("views.json: %1: unknown group '%2'; allowed: %3")
                          .arg(id, page.group, groupOrder().join(QStringLiteral(", ")));
    QSet<QString> covered;
    for (const auto& vv : eo.value("views").toArray()) {
        const ViewSpec v = viewFromJson(id, vv.toObject());
        if (const QStringList bad = viewProblems(enc, vv.toObject(), v); !bad.isEmpty()) {
            m_warnings << QStringLiteral("views.json: view '%1' dropped: %2")
                              .arg(v.id, bad.join(QStringLiteral("; ")));
            continue;
        }
        // "keepGeneric": its quantities keep their generic views too (rope/precision compares
        // cos_error in two formats; lessons show rope/cos_error itself).
        if (!vv.toObject().value("keepGeneric").toBool())
            for (const QString& q : v.quantities()) covered.insert(q);
        page.views << v;
    }
    // A curated view that already bears a quantity's name stands for it (nope/attention draws
    // the attention as exact cell means, attention_cells): no second view of the same id.
    for (const auto& q : enc.quantities) {
        const QString qid = QString::fromStdString(q.id);
        if (!covered.contains(qid) && !page.findView(id + "/" + qid))
            page.views << genericView(enc, q);
    }
    // The generic A/B compare view, unless the page's own views already use its id (concat's
    // "compare" is concatenate vs add).
    if (ViewSpec cmp = compareView(enc, page.views); !page.findView(cmp.id)) page.views << cmp;
    for (const auto& ov : eo.value("overview").toArray()) {
        const QString vid = id + "/" + ov.toString();
        if (page.findView(vid))
            page.overview << vid;
        else
            m_warnings << QStringLiteral("views.json: %1: overview view '%2' does not exist")
                              .arg(id, ov.toString());
    }
    for (const auto& t : eo.value("tabs").toArray()) {
        if (page.findView(id + "/" + t.toString()))
            page.tabs << id + "/" + t.toString();
        else
            m_warnings << QStringLiteral("views.json: %1: tab view '%2' does not exist")
                              .arg(id, t.toString());
    }
    if (page.overview.isEmpty())
        for (int i = 0; i < page.views.size() && page.overview.size() < 3; ++i)
            if (page.views[i].kind != ViewKind::Compare) page.overview << page.views[i].id;
    page.preset = stringMap(presets.value("pages").toObject().value(id));
    page.compare = stringMap(presets.value("compare").toObject().value(id));
    checkPreset(enc, "presets.json: " + id, page.preset, m_warnings);
    checkCompare(enc, "presets.json: compare " + id, page.compare, m_warnings);
    return page;
}

// An argument page: a selection of an encoding page's views with its own preset and text.
void Catalog::addArgumentPage(const QJsonObject& ao) {
    const QString id = "arg/" + ao.value("id").toString();
    const QString encId = ao.value("encoding").toString();
    const PageSpec* base = find(encId);
    if (!base) {
        m_warnings
            << QStringLiteral("views.json: %1 dropped: no encoding page '%2'").arg(id, encId);
        return;
    }
    const core::EncodingDescriptor& enc = *core::registry().find(encId.toStdString());
    PageSpec page;
    page.id = id;
    page.encoding = encId;
    page.group = "argument";
    page.title = localText(ao.value("title"));
    page.text = localText(ao.value("text"));
    page.formula = localText(ao.value("formula"));
    page.keywords = keywordList(ao.value("keywords"));
    for (const auto& vv : ao.value("views").toArray()) {
        if (const ViewSpec* v = base->findView(encId + "/" + vv.toString()))
            page.views << *v;
        else
            m_warnings << QStringLiteral("views.json: %1: view '%2/%3' does not exist")
                              .arg(id, encId, vv.toString());
    }
    if (page.views.isEmpty()) {
        m_warnings << QStringLiteral("views.json: %1 dropped: no views").arg(id);
        return;
    }
    for (const auto& v : page.views)
        if (page.overview.size() < 4 && v.kind != ViewKind::Compare) page.overview << v.id;
    if (ViewSpec cmp = compareView(enc, base->views); !page.findView(cmp.id)) page.views << cmp;
    page.preset = base->preset;
    const auto own = stringMap(ao.value("preset"));
    checkPreset(enc, "views.json: " + id + " preset", own, m_warnings);
    for (auto it = own.begin(); it != own.end(); ++it) page.preset.insert(it.key(), it.value());
    page.compare = stringMap(ao.value("compare"));
    checkCompare(enc, "views.json: " + id + " compare", page.compare, m_warnings);
    if (page.compare.isEmpty()) page.compare = base->compare;
    m_pages << page;
}

Catalog Catalog::fromJson(const QByteArray& viewsJson, const QByteArray& presetsJson) {
    Catalog cat;
    QJsonParseError viewsError, presetsError;
    const QJsonObject root = QJsonDocument::fromJson(viewsJson, &viewsError).object();
    const QJsonObject presets = QJsonDocument::fromJson(presetsJson, &presetsError).object();
    if (viewsError.error != QJsonParseError::NoError)
        cat.m_warnings << "views.json: " + viewsError.errorString();
    if (presetsError.error != QJsonParseError::NoError)
        cat.m_warnings << "presets.json: " + presetsError.errorString();
    const QJsonObject encs = root.value("encodings").toObject();
    const auto& reg = core::registry();
    for (auto it = encs.begin(); it != encs.end(); ++it)
        if (!reg.find(it.key().toStdString()))
            cat.m_warnings << QStringLiteral("views.json: '%1' is no encoding").arg(it.key());

    QStringList order;
    for (const auto& o : root.value("order").toArray()) order << o.toString();
    for (const auto& e : reg.encodings())
        if (!order.contains(QString::fromStdString(e.id))) order << QString::fromStdString(e.id);
    for (const QString& id : order) {
        if (const core::EncodingDescriptor* enc = reg.find(id.toStdString()))
            cat.m_pages << cat.encodingPage(*enc, encs.value(id).toObject(), presets);
        else
            cat.m_warnings << QStringLiteral("views.json: order names '%1', no encoding").arg(id);
    }
    for (const auto& av : root.value("arguments").toArray()) cat.addArgumentPage(av.toObject());
    return cat;
}

const Catalog& Catalog::instance() {
    static const Catalog cat = [] {
        auto read = [](const QString& path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        };
        Catalog c = fromJson(read(":/poslab/views.json"), read(":/poslab/presets.json"));
        for (const QString& w : c.warnings()) qWarning("catalog: %s", qPrintable(w));
        return c;
    }();
    return cat;
}

const PageSpec* Catalog::find(const QString& id) const {
    for (const auto& p : m_pages)
        if (p.id == id) return &p;
    return nullptr;
}

QStringList Catalog::groupOrder() const {
    static const QStringList order = familyIds();
    return order;
}

ViewState defaultViewState(const ViewSpec& view, const PageSpec& page) {
    ViewState st;
    if (view.kind != ViewKind::Compare) return st;
    st.cmpQuantity = page.compare.value("quantity");
    st.cmpParam = page.compare.value("param");
    st.cmpValue = page.compare.value("value");
    if (const auto* enc = core::registry().find(view.encoding.toStdString())) {
        if (st.cmpQuantity.isEmpty() && !enc->quantities.empty())
            st.cmpQuantity = QString::fromStdString(enc->quantities.front().id);
        if (st.cmpParam.isEmpty() && !enc->params.empty()) {
            st.cmpParam = QString::fromStdString(enc->params.front().name);
            st.cmpValue =
                QString::fromStdString(core::formatValue(enc->params.front().defaultValue));
        }
    }
    return st;
}

core::ParamSet pagePresetParams(const PageSpec& page) {
    const auto* enc = core::registry().find(page.encoding.toStdString());
    if (!enc) return {};
    core::ParamSet p = core::defaultParams(enc->params);
    for (auto it = page.preset.begin(); it != page.preset.end(); ++it) {
        const core::ParamSpec* spec = enc->findParam(it.key().toStdString());
        if (!spec) continue;
        if (auto v = spec->parse(it.value().toStdString())) p.set(spec->name, *v);
    }
    return p;
}

}  // namespace poslab::ui
