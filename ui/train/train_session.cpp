#include "ui/train/train_session.h"

#include <QJsonArray>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/train/model.h"

namespace poslab::ui {

namespace {

namespace tr = core::train;

QByteArray weightsBase64(const tr::Vec<float>& p) {
    QByteArray raw(static_cast<qsizetype>(p.size()) * 4, Qt::Uninitialized);
    for (Eigen::Index i = 0; i < p.size(); ++i) qToLittleEndian(p[i], raw.data() + 4 * i);
    return raw.toBase64();
}

bool finiteArray(const QJsonValue& v, int size, double lo, double hi, std::vector<double>* out) {
    if (!v.isArray() || v.toArray().size() != size) return false;
    out->clear();
    for (const QJsonValue& x : v.toArray()) {
        if (!x.isDouble() || !std::isfinite(x.toDouble()) || x.toDouble() < lo || x.toDouble() > hi)
            return false;
        out->push_back(x.toDouble());
    }
    return true;
}

bool readRun(const QJsonObject& o, const std::vector<tr::TrainConfig>& configs, tr::RunRecord* out,
             QString* error) {
    const auto found = trainVariantFromId(o.value(QStringLiteral("encoding")).toString());
    if (!found) {
        *error = QStringLiteral("a run has a bad \"encoding\"");
        return false;
    }
    const TrainVariant variant = *found;
    const QJsonValue seed = o.value(QStringLiteral("seed"));
    const auto config = std::find_if(configs.begin(), configs.end(), [&](const auto& c) {
        return trainVariantOf(c) == variant && seed.isDouble() &&
               static_cast<double>(c.seed) == seed.toDouble();
    });
    if (config == configs.end()) {
        *error = QStringLiteral("a run's encoding and seed are not among the settings'");
        return false;
    }
    tr::RunRecord r;
    r.config = *config;
    r.result.steps = r.config.steps;
    std::vector<double> v;
    for (const char* key : {"train_token_acc", "wall_s", "ms_per_step"}) {
        if (!finiteArray(QJsonArray{o.value(QLatin1String(key))}, 1, 0, 1e12, &v)) {
            *error = QStringLiteral("a run's \"%1\" is not a number >= 0").arg(key);
            return false;
        }
    }
    r.result.trainTokenAcc = o.value(QStringLiteral("train_token_acc")).toDouble();
    r.wallSeconds = o.value(QStringLiteral("wall_s")).toDouble();
    r.msPerStep = o.value(QStringLiteral("ms_per_step")).toDouble();
    for (const QJsonValue& p : o.value(QStringLiteral("loss")).toArray()) {
        if (!finiteArray(p, 3, 0, 1e12, &v) || v[0] > static_cast<double>(r.config.steps)) {
            *error = QStringLiteral("a run's \"loss\" has a bad point");
            return false;
        }
        r.result.loss.push_back({v[0], v[1], v[2]});
    }
    const auto sizes = r.config.task.testSizes();
    const QJsonArray eval = o.value(QStringLiteral("eval")).toArray();
    if (eval.size() != static_cast<qsizetype>(sizes.size())) {
        *error = QStringLiteral("a run's \"eval\" does not hold one entry per test size");
        return false;
    }
    for (qsizetype i = 0; i < eval.size(); ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (!finiteArray(eval[i], 4, 0, 1e12, &v) || v[0] != r.config.task.multiples[k] ||
            v[1] != static_cast<double>(sizes[k]) || v[2] > 1 || v[3] > 1) {
            *error = QStringLiteral("a run's \"eval\" entry %1 is wrong").arg(i + 1);
            return false;
        }
        r.result.eval.push_back({v[0], sizes[k], v[2], v[3]});
    }
    const QJsonValue weights = o.value(QStringLiteral("weights"));
    if (!weights.isUndefined()) {
        const auto decoded = QByteArray::fromBase64Encoding(
            weights.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        const tr::Model<float> model(tr::modelConfigOf(r.config));
        if (!decoded || decoded.decoded.size() != 4 * model.layout().size()) {
            *error = QStringLiteral("a run's \"weights\" are not the model's size");
            return false;
        }
        r.result.params.resize(model.layout().size());
        for (Eigen::Index i = 0; i < r.result.params.size(); ++i) {
            r.result.params[i] = qFromLittleEndian<float>(decoded.decoded.constData() + 4 * i);
            if (!std::isfinite(r.result.params[i])) {
                *error = QStringLiteral("a run's \"weights\" are not finite");
                return false;
            }
        }
    }
    *out = std::move(r);
    return true;
}

}  // namespace

bool hasWeights(const tr::RunRecord& record) {
    return record.result.params.size() > 0;
}

QJsonObject trainSessionJson(const TrainSettings& settings,
                             const std::vector<tr::RunRecord>& records) {
    QJsonArray runs;
    qint64 kept = 0;
    for (const auto& r : records) {
        QJsonArray loss, eval;
        for (const auto& p : r.result.loss) loss.append(QJsonArray{p[0], p[1], p[2]});
        for (const auto& e : r.result.eval)
            eval.append(
                QJsonArray{e.multiple, static_cast<double>(e.n), e.tokenAcc, e.sequenceAcc});
        QJsonObject o{{QStringLiteral("encoding"), trainVariantId(trainVariantOf(r.config))},
                      {QStringLiteral("seed"), static_cast<double>(r.config.seed)},
                      {QStringLiteral("train_token_acc"), r.result.trainTokenAcc},
                      {QStringLiteral("wall_s"), r.wallSeconds},
                      {QStringLiteral("ms_per_step"), r.msPerStep},
                      {QStringLiteral("loss"), loss},
                      {QStringLiteral("eval"), eval}};
        // Runs are in the order they were asked for, seed by seed: the first seed of every
        // encoding keeps its weights first.
        const qint64 bytes = (r.result.params.size() * 4 + 2) / 3 * 4;
        if (hasWeights(r) && kept + bytes <= kSessionWeightBytes) {
            o[QStringLiteral("weights")] = QString::fromLatin1(weightsBase64(r.result.params));
            kept += bytes;
        }
        runs.append(o);
    }
    return {{QStringLiteral("settings"), trainSettingsJson(settings)},
            {QStringLiteral("runs"), runs}};
}

bool trainSessionFromJson(const QJsonObject& o, TrainSettings* settings,
                          std::vector<tr::RunRecord>* records, QString* error) {
    TrainSettings s;
    if (!trainSettingsFromJson(o.value(QStringLiteral("settings")).toObject(), &s, error))
        return false;
    const auto configs = trainConfigs(s);
    if (!configs) {
        *error = QString::fromStdString(configs.error().message);
        return false;
    }
    const QJsonValue runs = o.value(QStringLiteral("runs"));
    if (!runs.isArray() || runs.toArray().size() > static_cast<qsizetype>(configs->size())) {
        *error = QStringLiteral(
            "training: \"runs\" must be a list of at most one run per "
            "encoding and seed");
        return false;
    }
    std::vector<tr::RunRecord> out;
    for (const QJsonValue& r : runs.toArray()) {
        tr::RunRecord record;
        if (!readRun(r.toObject(), *configs, &record, error)) {
            *error = QStringLiteral("training: ") + *error;
            return false;
        }
        for (const auto& other : out)
            if (trainVariantOf(other.config) == trainVariantOf(record.config) &&
                other.config.seed == record.config.seed) {
                *error = QStringLiteral("training: a run is there twice");
                return false;
            }
        out.push_back(std::move(record));
    }
    *settings = s;
    *records = std::move(out);
    return true;
}

}  // namespace poslab::ui
