#include "ui/document/session.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <cmath>

#include "core/io/input_file.h"
#include "core/models/model_config.h"
#include "core/registry.h"
#include "ui/catalog/view_state_json.h"
#include "ui/panels/error_words.h"
#include "ui/train/train_session.h"

namespace poslab::ui {

namespace {

const char* const kColormapNames[] = {"auto", "viridis", "diverging"};

// A choice outside the enum (a value cast from a settings file) is written as the default, so
// that no session is ever written with a value the reader refuses.
QString colormapName(ColormapChoice c) {
    const auto i = static_cast<std::size_t>(c);
    return QLatin1String(i < std::size(kColormapNames) ? kColormapNames[i] : kColormapNames[0]);
}

// Whether `viewId` is drawn on `tab` of `page` (0: the Overview, k: the k-th view).
bool viewOnTab(const PageSpec& page, int tab, const QString& viewId) {
    if (tab == 0) return page.overview.contains(viewId) && page.findView(viewId);
    return tab - 1 < page.views.size() && page.views[tab - 1].id == viewId;
}

bool readViews(const QJsonObject& o, const PageSpec& page, QVector<SessionView>* out,
               QString* error) {
    const QJsonValue v = o.value(QStringLiteral("views"));
    if (v.isUndefined()) return true;
    if (!v.isArray()) {
        *error = QCoreApplication::translate("poslab::ui::Session", "\"views\" must be an array");
        return false;
    }
    const QJsonArray array = v.toArray();
    for (int i = 0; i < array.size(); ++i) {
        const QString where = QStringLiteral("views[%1]").arg(i);
        if (!array[i].isObject()) {
            *error = QCoreApplication::translate("poslab::ui::Session", "%1 must be an object")
                         .arg(where);
            return false;
        }
        const QJsonObject entry = array[i].toObject();
        SessionView sv;
        QString why;
        qint64 tab = sv.tab;
        if (!readIntField(entry, QStringLiteral("tab"), 0, page.views.size(), &tab, &why) ||
            !readTextField(entry, QStringLiteral("view"), {}, &sv.view, &why)) {
            *error = where + QStringLiteral(": ") + why;
            return false;
        }
        sv.tab = static_cast<int>(tab);
        if (!viewOnTab(page, sv.tab, sv.view)) {
            *error = QCoreApplication::translate("poslab::ui::Session",
                                                 "%1: the page %2 has no view \"%3\" on tab %4")
                         .arg(where, page.id, sv.view)
                         .arg(sv.tab);
            return false;
        }
        const QJsonValue state = entry.value(QStringLiteral("state"));
        if (!state.isUndefined() && !state.isObject()) {
            *error = QCoreApplication::translate("poslab::ui::Session",
                                                 "%1: \"state\" must be an object")
                         .arg(where);
            return false;
        }
        if (!viewStateFromJson(state.toObject(), &sv.state, &why)) {
            *error = where + QStringLiteral(": ") + why;
            return false;
        }
        out->append(sv);
    }
    return true;
}

// One model of "model" (or its "compare"): the config is read by the model reader, the kind must
// be one of its kinds.
bool readModelEntry(const QJsonObject& o, const QString& where, QString* name, QString* config,
                    QString* kind, QString* error) {
    QString why;
    if (!readTextField(o, QStringLiteral("name"), {}, name, &why) ||
        !readTextField(o, QStringLiteral("config"), {}, config, &why) ||
        !readTextField(o, QStringLiteral("kind"), {}, kind, &why)) {
        *error = where + QStringLiteral(": ") + why;
        return false;
    }
    if (config->isEmpty()) {
        *error =
            QCoreApplication::translate("poslab::ui::Session", "%1: no \"config\" text").arg(where);
        return false;
    }
    // The nesting first: nothing may recurse over a hostile config (review 2, N1).
    const std::string text = config->toStdString();
    if (const auto depth = core::io::checkJsonDepth(text, "config"); !depth) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "%1: the embedded config is refused: %2")
                     .arg(where, localisedError(depth.error().message));
        return false;
    }
    const auto read = core::models::readModelConfigText(text);
    if (!read) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "%1: the embedded config is refused: %2")
                     .arg(where, localisedError(read.error().message));
        return false;
    }
    if (!kind->isEmpty() && !read->kind(kind->toStdString())) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "%1: the config has no layer kind \"%2\"")
                     .arg(where, *kind);
        return false;
    }
    return true;
}

bool readModel(const QJsonObject& root, std::optional<SessionModel>* out, QString* error) {
    const QJsonValue v = root.value(QStringLiteral("model"));
    if (v.isUndefined() || v.isNull()) return true;
    if (!v.isObject()) {
        *error = QCoreApplication::translate("poslab::ui::Session", "\"model\" must be an object");
        return false;
    }
    const QJsonObject o = v.toObject();
    SessionModel m;
    if (!readModelEntry(o, QStringLiteral("model"), &m.name, &m.config, &m.kind, error))
        return false;
    const QJsonValue shown = o.value(QStringLiteral("shown"));
    if (!shown.isUndefined() && !shown.isBool()) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "model: \"shown\" must be true or false");
        return false;
    }
    m.shown = shown.toBool(false);
    qint64 seqLen = 0;
    if (!readIntField(o, QStringLiteral("seq_len"), 1, qint64(1) << 40, &seqLen, error)) {
        *error = QStringLiteral("model: ") + *error;
        return false;
    }
    if (seqLen > 0 && !core::models::readModelConfigText(m.config.toStdString(), seqLen)) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "model: the config is refused at seq_len %1")
                     .arg(seqLen);
        return false;
    }
    m.seqLen = seqLen;
    const QJsonValue compare = o.value(QStringLiteral("compare"));
    if (!compare.isUndefined() && !compare.isNull()) {
        if (!compare.isObject()) {
            *error = QCoreApplication::translate("poslab::ui::Session",
                                                 "model: \"compare\" must be an object");
            return false;
        }
        if (!readModelEntry(compare.toObject(), QStringLiteral("model.compare"), &m.compareName,
                            &m.compareConfig, &m.compareKind, error))
            return false;
    }
    *out = m;
    return true;
}

bool readTrain(const QJsonObject& root, std::optional<SessionTrain>* out, QString* error) {
    const QJsonValue v = root.value(QStringLiteral("train"));
    if (v.isUndefined() || v.isNull()) return true;
    QJsonObject o = v.toObject();
    const QJsonValue shown = o.take(QStringLiteral("shown"));
    if (!v.isObject() || (!shown.isUndefined() && !shown.isBool())) {
        *error = QStringLiteral("\"train\" must be an object with \"shown\" true or false");
        return false;
    }
    TrainSettings settings;
    std::vector<core::train::RunRecord> records;
    if (!trainSessionFromJson(o, &settings, &records, error)) return false;
    *out = SessionTrain{shown.toBool(false), QJsonDocument(o).toJson(QJsonDocument::Compact)};
    return true;
}

QJsonObject modelToJson(const SessionModel& m) {
    QJsonObject o{{QStringLiteral("name"), m.name},
                  {QStringLiteral("config"), m.config},
                  {QStringLiteral("kind"), m.kind},
                  {QStringLiteral("shown"), m.shown}};
    if (m.seqLen > 0) o[QStringLiteral("seq_len")] = m.seqLen;
    if (!m.compareConfig.isEmpty())
        o[QStringLiteral("compare")] = QJsonObject{{QStringLiteral("name"), m.compareName},
                                                   {QStringLiteral("config"), m.compareConfig},
                                                   {QStringLiteral("kind"), m.compareKind}};
    return o;
}

}  // namespace

QByteArray sessionToJson(const SessionState& s) {
    QJsonObject o;
    o[QStringLiteral("format")] = kSessionFormat;
    o[QStringLiteral("application")] = QStringLiteral("PosLab");
    o[QStringLiteral("page")] = s.page;
    o[QStringLiteral("tab")] = s.tab;
    o[QStringLiteral("view")] = s.view;
    QJsonObject params;
    for (auto it = s.params.begin(); it != s.params.end(); ++it) params[it.key()] = it.value();
    o[QStringLiteral("params")] = params;
    QJsonArray views;
    for (const SessionView& v : s.views)
        views.append(QJsonObject{{QStringLiteral("tab"), v.tab},
                                 {QStringLiteral("view"), v.view},
                                 {QStringLiteral("state"), viewStateToJson(v.state)}});
    o[QStringLiteral("views")] = views;
    o[QStringLiteral("language")] =
        s.language == Lang::Zh ? QStringLiteral("zh") : QStringLiteral("en");
    o[QStringLiteral("theme")] = s.dark ? QStringLiteral("dark") : QStringLiteral("light");
    o[QStringLiteral("colormap")] = colormapName(s.colormap);
    o[QStringLiteral("backend")] = QString::fromLatin1(gpu::backendModeName(s.backend));
    if (s.model) o[QStringLiteral("model")] = modelToJson(*s.model);
    if (s.train) {
        QJsonObject t = QJsonDocument::fromJson(s.train->json).object();
        t[QStringLiteral("shown")] = s.train->shown;
        o[QStringLiteral("train")] = t;
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool sameDocument(const SessionState& a, const SessionState& b) {
    return a == b || sessionToJson(a) == sessionToJson(b);
}

namespace {
bool readSession(const QByteArray& json, const Catalog& catalog, SessionState* state,
                 QString* error);
}  // namespace

// Every refusal is one line whatever the file quotes (a view name with a newline, found by
// tests/fuzz/fuzz_session): control characters are written as escapes.
bool sessionFromJson(const QByteArray& json, const Catalog& catalog, SessionState* state,
                     QString* error) {
    QString why;
    if (readSession(json, catalog, state, &why)) return true;
    if (error) *error = QString::fromStdString(core::printable(why.toStdString()));
    return false;
}

namespace {
bool readSession(const QByteArray& json, const Catalog& catalog, SessionState* state,
                 QString* error) {
    // Nesting is checked before the parser recurses (a session nests 4 levels).
    if (const auto depth =
            core::io::checkJsonDepth(std::string_view(json.data(), json.size()), "session");
        !depth) {
        *error = QCoreApplication::translate("poslab::ui::Session", "not a PosLab session (%1)")
                     .arg(localisedError(depth.error().message));
        return false;
    }
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    if (parse.error != QJsonParseError::NoError) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "not a PosLab session (%1 at byte %2)")
                     .arg(parse.errorString())
                     .arg(parse.offset);
        return false;
    }
    if (!doc.isObject()) {
        *error = QCoreApplication::translate(
            "poslab::ui::Session", "not a PosLab session (the top level is not a JSON object)");
        return false;
    }
    const QJsonObject o = doc.object();
    // The version first: a newer file may be laid out in ways this reader cannot judge.
    const QJsonValue format = o.value(QStringLiteral("format"));
    const double f = format.toDouble();
    if (!format.isDouble() || !std::isfinite(f) || f != std::floor(f)) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "not a PosLab session (no integer \"format\")");
        return false;
    }
    if (f > kSessionFormat) {
        *error = QCoreApplication::translate("poslab::ui::Session",
                                             "written by a newer PosLab (format %1; this version "
                                             "reads up to %2)")
                     .arg(QString::number(f, 'g', 17))
                     .arg(kSessionFormat);
        return false;
    }
    if (f < 1) {
        *error = QCoreApplication::translate("poslab::ui::Session", "unknown session format %1")
                     .arg(QString::number(f, 'g', 17));
        return false;
    }

    SessionState s;
    const QJsonValue page = o.value(QStringLiteral("page"));
    if (!page.isString()) {
        *error = QCoreApplication::translate("poslab::ui::Session", "\"page\" must be a string");
        return false;
    }
    s.page = page.toString();
    const PageSpec* spec = catalog.find(s.page);
    const core::EncodingDescriptor* enc =
        spec ? core::registry().find(spec->encoding.toStdString()) : nullptr;
    if (!spec || !enc) {
        *error =
            QCoreApplication::translate("poslab::ui::Session", "unknown page \"%1\"").arg(s.page);
        return false;
    }
    qint64 tab = s.tab;
    if (!readIntField(o, QStringLiteral("tab"), 0, spec->views.size(), &tab, error) ||
        !readTextField(o, QStringLiteral("view"), {}, &s.view, error))
        return false;
    s.tab = static_cast<int>(tab);
    if (!s.view.isEmpty()) {
        const int index = [&] {
            for (int i = 0; i < spec->views.size(); ++i)
                if (spec->views[i].id == s.view) return i;
            return -1;
        }();
        if (index < 0) {
            *error =
                QCoreApplication::translate("poslab::ui::Session", "the page %1 has no view \"%2\"")
                    .arg(s.page, s.view);
            return false;
        }
        s.tab = index + 1;  // the view id is the stable name; the tab follows it
    }

    const QJsonValue params = o.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isObject()) {
        *error = QCoreApplication::translate("poslab::ui::Session", "\"params\" must be an object");
        return false;
    }
    if (!paramTextsFromJson(params.toObject(), &s.params, error)) return false;
    if (auto values = paramsFromTexts(*enc, pagePresetParams(*spec), s.params); !values) {
        *error = localisedError(values.error().message, enc);
        return false;
    }
    if (!readViews(o, *spec, &s.views, error)) return false;

    QString language = QStringLiteral("en"), theme = QStringLiteral("light");
    QString colormap = colormapName(s.colormap);
    QString backend = QString::fromLatin1(gpu::backendModeName(s.backend));
    if (!readTextField(o, QStringLiteral("language"), {"en", "zh"}, &language, error) ||
        !readTextField(o, QStringLiteral("theme"), {"light", "dark"}, &theme, error) ||
        !readTextField(o, QStringLiteral("colormap"), {"auto", "viridis", "diverging"}, &colormap,
                       error) ||
        !readTextField(o, QStringLiteral("backend"), {"cpu", "auto", "vulkan"}, &backend, error))
        return false;
    s.language = language == QLatin1String("zh") ? Lang::Zh : Lang::En;
    s.dark = theme == QLatin1String("dark");
    for (int i = 0; i < 3; ++i)
        if (colormap == QLatin1String(kColormapNames[i]))
            s.colormap = static_cast<ColormapChoice>(i);
    s.backend = gpu::parseBackendMode(backend.toStdString()).value_or(gpu::BackendMode::Cpu);
    if (!readModel(o, &s.model, error)) return false;
    if (!readTrain(o, &s.train, error)) return false;
    *state = s;
    return true;
}
}  // namespace

core::Expected<core::ParamSet> sessionParams(const SessionState& state, const Catalog& catalog) {
    const PageSpec* spec = catalog.find(state.page);
    const auto* enc = spec ? core::registry().find(spec->encoding.toStdString()) : nullptr;
    if (!enc) return core::fail("unknown page \"" + state.page.toStdString() + "\"");
    auto parsed = paramsFromTexts(*enc, pagePresetParams(*spec), state.params);
    if (!parsed) return parsed.error();
    core::ParamSet out;  // the same values without the "given" marks
    for (const auto& [name, value] : parsed->values()) out.set(name, value);
    return out;
}

QString writeSessionFile(const QString& path, const QByteArray& json) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return QCoreApplication::translate("poslab::ui::Session", "cannot write %1: %2")
            .arg(QDir::toNativeSeparators(path), file.errorString());
    }
    if (file.write(json) != json.size() || !file.commit()) {
        // QSaveFile discards the temporary on failure; the target keeps its old contents.
        return QCoreApplication::translate("poslab::ui::Session", "cannot write %1: %2")
            .arg(QDir::toNativeSeparators(path), file.errorString());
    }
    return {};
}

QString saveSession(const QString& path, const SessionState& state) {
    return writeSessionFile(path, sessionToJson(state));
}

QString readSessionFile(const QString& path, QByteArray* bytes) {
    auto text = core::io::readInputFile(QFile::encodeName(path).toStdString(),
                                        core::io::InputKind::Session);
    if (!text) return localisedError(text.error().message);
    *bytes = QByteArray::fromStdString(*text);
    return {};
}

QString parseSessionFile(const QString& path, const QByteArray& bytes, const Catalog& catalog,
                         SessionState* state) {
    QString error;
    if (!sessionFromJson(bytes, catalog, state, &error))
        return QString::fromStdString(
                   core::echo(QDir::toNativeSeparators(path).toStdString(), core::kEchoPathLimit)) +
               QStringLiteral(": ") + error;
    return {};
}

QString loadSession(const QString& path, const Catalog& catalog, SessionState* state) {
    QByteArray bytes;
    if (QString error = readSessionFile(path, &bytes); !error.isEmpty()) return error;
    return parseSessionFile(path, bytes, catalog, state);
}

}  // namespace poslab::ui
