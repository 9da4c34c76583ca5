#include "ui/document/lesson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtDebug>
#include <limits>
#include <optional>

#include "core/compute.h"
#include "core/io/input_file.h"
#include "core/models/rope_params.h"
#include "ui/catalog/view_state_json.h"
#include "ui/compute/precision_lod.h"
#include "ui/compute/rope_lod.h"
#include "ui/compute/series_fetch.h"
#include "ui/document/lesson_fields.h"
#include "ui/document/lesson_train.h"
#include "ui/document/model_presets.h"
#include "ui/math/math_formula.h"

namespace poslab::ui {

namespace {

using lessonfields::checkKeys;
using lessonfields::readFormula;
using lessonfields::readText;

constexpr int kFormat = 1;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// Keys a lesson may hold. Unknown keys are errors rather than ignored: a misspelt "parmas" would
// otherwise silently show the preset, and the author would never know.
const QStringList kLessonKeys = {"format", "id", "title", "steps"};
const QStringList kStepKeys = {"view", "page",  "params",  "state",  "model",
                               "kind", "title", "caption", "formula"};
const QStringList kStateKeys = {
    "slice",        "dims",         "m",      "delta",        "compareQuantity",
    "compareParam", "compareValue", "window", "logColorRange"};

// The page a step opens and the view on it. A view id names its encoding ("rope/decay"), so the
// encoding's page is the default; an argument page must hold the view itself.
bool resolveView(const QString& viewId, const QString& pageId, const Catalog& catalog,
                 const PageSpec** page, const ViewSpec** view, QString* why) {
    const QString encPage = viewId.section(QLatin1Char('/'), 0, 0);
    const PageSpec* home = viewId.contains(QLatin1Char('/')) ? catalog.find(encPage) : nullptr;
    const ViewSpec* known = home ? home->findView(viewId) : nullptr;
    if (!known) {
        *why = QStringLiteral("unknown view \"%1\"").arg(viewId);
        return false;
    }
    *page = pageId.isEmpty() ? home : catalog.find(pageId);
    if (!*page) {
        *why = QStringLiteral("unknown page \"%1\"").arg(pageId);
        return false;
    }
    *view = (*page)->findView(viewId);
    if (!*view) {
        *why = QStringLiteral("view \"%1\" is not on page \"%2\"").arg(viewId, pageId);
        return false;
    }
    return true;
}

// The view state's keys that only some views act on: a window on a lines or level-of-detail
// view, a fixed log colour range on a precision view.
bool stateActs(const QJsonObject& o, const ViewSpec& view, QString* why) {
    if (o.contains(QStringLiteral("window")) && view.kind != ViewKind::Lines &&
        !ropeLodKind(view)) {
        *why = QStringLiteral("state \"window\" needs a lines view or a long-context rope view");
        return false;
    }
    if (o.contains(QStringLiteral("logColorRange")) && !isPrecisionView(view)) {
        *why = QStringLiteral(
            "state \"logColorRange\" needs a precision view (rope/cos_error, angle_error, "
            "precision)");
        return false;
    }
    return true;
}

// The state as the file gives it; a compare view takes what the file leaves out from the page's
// compare defaults, exactly as a freshly opened view would (defaultViewState).
bool readState(const QJsonObject& o, const ViewSpec& view, const PageSpec& page, ViewState* state,
               QString* why) {
    if (!checkKeys(o, kStateKeys, QStringLiteral("state key"), why)) return false;
    ViewState s;
    if (!viewStateFromJson(o, &s, why) || !stateActs(o, view, why)) return false;
    const bool anyCompare = o.contains(QStringLiteral("compareQuantity")) ||
                            o.contains(QStringLiteral("compareParam")) ||
                            o.contains(QStringLiteral("compareValue"));
    if (view.kind != ViewKind::Compare) {
        if (anyCompare) {
            *why = QStringLiteral("compare state given for \"%1\", which is not a compare view")
                       .arg(view.id);
            return false;
        }
        *state = s;
        return true;
    }
    // A parameter without its value would compare against the default's value of another
    // parameter; say so instead of guessing.
    if (o.contains(QStringLiteral("compareParam")) != o.contains(QStringLiteral("compareValue"))) {
        *why = QStringLiteral("\"compareParam\" and \"compareValue\" must be given together");
        return false;
    }
    const ViewState d = defaultViewState(view, page);
    if (!o.contains(QStringLiteral("compareQuantity"))) s.cmpQuantity = d.cmpQuantity;
    if (!o.contains(QStringLiteral("compareParam"))) {
        s.cmpParam = d.cmpParam;
        s.cmpValue = d.cmpValue;
    }
    *state = s;
    return true;
}

// Everything the step's view will ask core for is prepared (checked, nothing computed): every
// series with its overrides, each sweep point, the marker, and in compare mode B with the
// compared value. This catches cross-parameter constraints (odd d for a pairwise encoding) and
// results over the memory budget, which per-parameter checks cannot see.
bool checkComputable(const ViewSpec& view, const ViewState& state,
                     const core::EncodingDescriptor& enc, const core::ParamSet& params,
                     QString* why) {
    if (view.kind == ViewKind::Compare) {
        if (!enc.findQuantity(state.cmpQuantity.toStdString())) {
            *why = QStringLiteral("compare quantity \"%1\" is not a quantity of %2")
                       .arg(state.cmpQuantity, qs(enc.id));
            return false;
        }
        const core::ParamSpec* spec = enc.findParam(state.cmpParam.toStdString());
        if (!spec) {
            *why = QStringLiteral("compare parameter \"%1\" is not a parameter of %2")
                       .arg(state.cmpParam, qs(enc.id));
            return false;
        }
        if (auto v = spec->parse(state.cmpValue.toStdString()); !v) {
            *why = QStringLiteral("compare value: ") + qs(v.error().message);
            return false;
        }
    }
    core::ComputeOptions options;  // the GUI's default memory budget
    // At level of detail a view asks for arrays bounded by its pixels, never the whole quantity
    // (as checkRequest): only the quantity's parameters are checked, not its size.
    if (ropeLodApplies(view, state, params))
        options.memoryBudget = std::numeric_limits<double>::infinity();
    auto prepareOne = [&](const core::EncodingDescriptor& e, const QString& quantity,
                          const core::ParamSet& p) -> std::optional<core::Prepared> {
        auto prepared = core::prepare(e, quantity.toStdString(), p, options);
        if (!prepared) {
            *why =
                QStringLiteral("%1/%2: %3").arg(qs(e.id), quantity, qs(prepared.error().message));
            return std::nullopt;
        }
        return std::move(*prepared);
    };

    for (const SeriesSpec& s : effectiveSeries(view, state, enc)) {
        const core::EncodingDescriptor* e =
            s.encoding.isEmpty() ? &enc : core::registry().find(s.encoding.toStdString());
        if (!e) {
            *why = QStringLiteral("unknown encoding \"%1\" in view %2").arg(s.encoding, view.id);
            return false;
        }
        auto sp =
            seriesParams(*e, s.encoding.isEmpty() ? params : paramsFromPage(*e, params), s, state);
        if (!sp) {
            *why = QStringLiteral("%1/%2: %3").arg(qs(e->id), s.quantity, qs(sp.error().message));
            return false;
        }
        if (!s.sweepParam.isEmpty()) {
            const core::ParamSpec* spec = e->findParam(s.sweepParam.toStdString());
            if (!spec) {
                *why = QStringLiteral("unknown sweep parameter \"%1\" in view %2")
                           .arg(s.sweepParam, view.id);
                return false;
            }
            for (const QString& value : s.sweepValues) {
                auto v = spec->parse(value.toStdString());
                if (!v) {
                    *why = qs(v.error().message);
                    return false;
                }
                core::ParamSet point = *sp;
                point.set(spec->name, *v);
                if (!prepareOne(*e, s.quantity, point)) return false;
            }
            continue;
        }
        const auto prepared = prepareOne(*e, s.quantity, *sp);
        if (!prepared) return false;
        // Controls that name a column or a head: out of range they would silently draw nothing.
        const core::Shape& shape = prepared->shape;
        if (s.columnsFromDims && shape.size() == 2)
            for (int c : state.dims)
                if (c >= shape[1]) {
                    *why = QStringLiteral("state \"dims\": %1 is out of range 0..%2")
                               .arg(c)
                               .arg(shape[1] - 1);
                    return false;
                }
        if (shape.size() == 3 && state.slice >= shape[0]) {
            *why = QStringLiteral("state \"slice\": %1 is out of range 0..%2")
                       .arg(state.slice)
                       .arg(shape[0] - 1);
            return false;
        }
    }
    // A marker "$name" is a parameter's value (fire: $threshold), not a quantity to compute.
    if (!view.vmarker.isEmpty() && !view.vmarker.startsWith(QLatin1Char('$')) &&
        !prepareOne(enc, view.vmarker, params))
        return false;
    return true;
}

// The texts of a step's model: the rope parameters of its kind of layer (rope_params.h).
core::Expected<QMap<QString, QString>> modelTexts(const QString& preset, const QString& kindName) {
    const std::string text = modelPresetText(preset);
    if (text.empty())
        return core::fail("\"model\": '" + preset.toStdString() +
                          "' is not a bundled preset (see 'poslab model --list')");
    auto config = core::models::readModelConfigText(text);
    if (!config)
        return core::fail("\"model\" " + preset.toStdString() + ": " + config.error().message);
    const core::models::KindInfo* kind = nullptr;
    if (kindName.isEmpty()) {
        auto first = core::models::kindOfLayer(*config, std::nullopt);
        if (!first)
            return core::fail("\"model\" " + preset.toStdString() + ": " + first.error().message);
        kind = *first;
    } else if (!(kind = config->kind(kindName.toStdString()))) {
        return core::fail("\"kind\": " + preset.toStdString() + " has no layer kind \"" +
                          kindName.toStdString() + "\"");
    }
    if (!kind->rope)
        return core::fail("\"kind\": " + kind->name + " of " + preset.toStdString() +
                          " has no RoPE, so no rope view can follow it");
    QMap<QString, QString> out;
    for (const auto& [name, value] : core::models::ropeParamTexts(*kind)) out[qs(name)] = qs(value);
    return out;
}

bool parseStep(const QJsonValue& value, const Catalog& catalog, LessonStep* step, QString* why) {
    if (!value.isObject()) {
        *why = QStringLiteral("must be an object");
        return false;
    }
    const QJsonObject o = value.toObject();
    if (o.contains(QStringLiteral("train"))) {  // a Training lab step (lesson_train.h)
        static const QStringList keys = {"train", "show", "title", "caption", "formula"};
        LessonStep s;
        if (!checkKeys(o, keys, QStringLiteral("key of a training step"), why) ||
            !readTrainStep(o, &s, why) || !readText(o, QStringLiteral("title"), &s.title, why) ||
            !readText(o, QStringLiteral("caption"), &s.caption, why) ||
            !readFormula(o, &s.formula, why))
            return false;
        *step = s;
        return true;
    }
    if (!checkKeys(o, kStepKeys, QStringLiteral("key"), why)) return false;
    LessonStep s;
    const QJsonValue view = o.value(QStringLiteral("view"));
    if (!view.isString() || view.toString().isEmpty()) {
        *why = view.isUndefined()
                   ? QStringLiteral("missing \"view\"")
                   : QStringLiteral("\"view\" must be a view id such as \"rope/decay\"");
        return false;
    }
    s.view = view.toString();
    const QJsonValue page = o.value(QStringLiteral("page"));
    if (!page.isUndefined() && (!page.isString() || page.toString().isEmpty())) {
        *why = QStringLiteral("\"page\" must be a page id such as \"arg/decay\"");
        return false;
    }
    const PageSpec* pageSpec = nullptr;
    const ViewSpec* viewSpec = nullptr;
    if (!resolveView(s.view, page.toString(), catalog, &pageSpec, &viewSpec, why)) return false;
    s.page = pageSpec->id;

    const QJsonValue params = o.value(QStringLiteral("params"));
    if (!params.isUndefined()) {
        if (!params.isObject()) {
            *why = QStringLiteral("\"params\" must be an object of KEY: VALUE texts");
            return false;
        }
        if (!paramTextsFromJson(params.toObject(), &s.params, why)) return false;
    }
    const QJsonValue state = o.value(QStringLiteral("state"));
    if (!state.isUndefined() && !state.isObject()) {
        *why = QStringLiteral("\"state\" must be an object");
        return false;
    }
    if (!readState(state.toObject(), *viewSpec, *pageSpec, &s.state, why)) return false;
    if (!readTextField(o, QStringLiteral("model"), {}, &s.model, why) ||
        !readTextField(o, QStringLiteral("kind"), {}, &s.kind, why))
        return false;
    if (!s.kind.isEmpty() && s.model.isEmpty()) {
        *why = QStringLiteral("\"kind\" needs a \"model\"");
        return false;
    }
    if (!s.model.isEmpty() && pageSpec->encoding != QLatin1String("rope")) {
        *why =
            QStringLiteral("\"model\" needs a view of the rope encoding, not \"%1\"").arg(s.view);
        return false;
    }
    if (!readText(o, QStringLiteral("title"), &s.title, why) ||
        !readText(o, QStringLiteral("caption"), &s.caption, why) ||
        !readFormula(o, &s.formula, why))
        return false;

    const auto full = stepParams(s, catalog);
    if (!full) {
        *why = qs(full.error().message);
        return false;
    }
    const core::EncodingDescriptor* enc = core::registry().find(pageSpec->encoding.toStdString());
    if (!enc) {  // a catalog built from the registry cannot get here; a test catalog might
        *why = QStringLiteral("unknown encoding \"%1\"").arg(pageSpec->encoding);
        return false;
    }
    if (!checkComputable(*viewSpec, s.state, *enc, *full, why)) return false;
    *step = s;
    return true;
}

}  // namespace

bool parseLesson(const QByteArray& json, const Catalog& catalog, Lesson* lesson, QString* error) {
    auto failed = [error](const QString& why) {  // one line whatever the file quotes
        if (error) *error = QString::fromStdString(core::printable(why.toStdString()));
        return false;
    };
    // Nesting is checked before the parser recurses (a lesson nests 5 levels).
    if (const auto depth =
            core::io::checkJsonDepth(std::string_view(json.data(), json.size()), "lesson");
        !depth)
        return failed(QString::fromStdString(depth.error().message));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return failed(
            QStringLiteral("not valid JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        return failed(QStringLiteral("not a lesson: the top level must be an object"));
    const QJsonObject root = doc.object();
    QString why;

    // The format comes first: a newer file gets "unsupported format", not a confusing complaint
    // about one of its new keys.
    const QJsonValue format = root.value(QStringLiteral("format"));
    if (format.isUndefined())
        return failed(QStringLiteral("missing \"format\" (this version reads format 1)"));
    if (!format.isDouble() || format.toDouble() != kFormat)
        return failed(QStringLiteral("unsupported format %1 (this version reads format %2)")
                          .arg(format.isDouble()
                                   ? QString::number(format.toDouble())
                                   : QStringLiteral("\"%1\"").arg(format.toVariant().toString()))
                          .arg(kFormat));
    if (!checkKeys(root, kLessonKeys, QStringLiteral("key"), &why)) return failed(why);

    Lesson out;
    const QJsonValue id = root.value(QStringLiteral("id"));
    static const QRegularExpression idPattern(QStringLiteral("^[a-z0-9_]+$"));
    if (!id.isString() || !idPattern.match(id.toString()).hasMatch())
        return failed(id.isUndefined() ? QStringLiteral("missing \"id\"")
                                       : QStringLiteral("\"id\" must match [a-z0-9_]+"));
    out.id = id.toString();
    if (!readText(root, QStringLiteral("title"), &out.title, &why)) return failed(why);

    const QJsonValue steps = root.value(QStringLiteral("steps"));
    if (steps.isUndefined()) return failed(QStringLiteral("missing \"steps\""));
    if (!steps.isArray() || steps.toArray().isEmpty())
        return failed(QStringLiteral("\"steps\" must be a non-empty array"));
    const QJsonArray array = steps.toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        LessonStep step;
        if (!parseStep(array.at(i), catalog, &step, &why))
            return failed(QStringLiteral("step %1: %2").arg(i + 1).arg(why));
        out.steps << step;
    }
    if (lesson) *lesson = out;
    return true;
}

bool loadLesson(const QString& path, const Catalog& catalog, Lesson* lesson, QString* error) {
    QByteArray bytes;
    if (path.startsWith(QLatin1String(":/"))) {
        // A built-in lesson, embedded in the program.
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            if (error) *error = QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
            return false;
        }
        bytes = f.readAll();
    } else {
        // A file on disk, under the one input rule: regular files only (a FIFO or /dev/zero is
        // refused before it is opened), the lesson cap, the memory budget.
        auto text = core::io::readInputFile(QFile::encodeName(path).toStdString(),
                                            core::io::InputKind::Lesson);
        if (!text) {
            if (error) *error = QString::fromStdString(text.error().message);
            return false;
        }
        bytes = QByteArray::fromStdString(*text);
    }
    Lesson out;
    QString why;
    if (!parseLesson(bytes, catalog, &out, &why)) {
        if (error)
            *error = QString::fromStdString(core::echo(path.toStdString(), core::kEchoPathLimit)) +
                     QStringLiteral(": ") + why;
        return false;
    }
    out.path = path;
    if (lesson) *lesson = out;
    return true;
}

QVector<Lesson> builtinLessons(const Catalog& catalog) {
    const QString dir = QStringLiteral(":/poslab/lessons");
    QVector<Lesson> out;
    // Sorted by name: the files are numbered in teaching order.
    const QStringList files =
        QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString& name : files) {
        Lesson lesson;
        QString error;
        if (loadLesson(dir + QLatin1Char('/') + name, catalog, &lesson, &error))
            out << lesson;
        else
            qWarning().noquote() << error;  // tst_lessons fails on this; users keep the others
    }
    return out;
}

core::Expected<core::ParamSet> stepParams(const LessonStep& step, const Catalog& catalog) {
    const QString pageId =
        step.page.isEmpty() ? step.view.section(QLatin1Char('/'), 0, 0) : step.page;
    const PageSpec* page = catalog.find(pageId);
    if (!page) return core::fail("unknown page \"" + pageId.toStdString() + "\"");
    const core::EncodingDescriptor* enc = core::registry().find(page->encoding.toStdString());
    if (!enc) return core::fail("unknown encoding \"" + page->encoding.toStdString() + "\"");
    if (step.model.isEmpty()) return paramsFromTexts(*enc, pagePresetParams(*page), step.params);
    auto texts = modelTexts(step.model, step.kind);
    if (!texts) return texts.error();
    auto start = paramsFromTexts(*enc, pagePresetParams(*page), *texts);
    if (!start) return start.error();
    return paramsFromTexts(*enc, *start, step.params);
}

}  // namespace poslab::ui
