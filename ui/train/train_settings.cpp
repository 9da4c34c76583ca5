#include "ui/train/train_settings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/train/pos_encoding.h"

namespace poslab::ui {

namespace {

namespace tr = core::train;

constexpr std::int64_t kMaxSteps = 1000000, kMaxRandomPositions = 1 << 20;
constexpr std::size_t kMaxSeeds = 64;

bool wholeIn(const QJsonValue& v, double lo, double hi, std::int64_t* out) {
    if (!v.isDouble()) return false;
    const double x = v.toDouble();
    if (!(x >= lo && x <= hi) || x != std::floor(x)) return false;
    *out = static_cast<std::int64_t>(x);
    return true;
}

}  // namespace

std::vector<TrainVariant> TrainSettings::defaultVariants() {
    return {{tr::Encoding::None, 0.02},    {tr::Encoding::Sinusoidal, 0.02},
            {tr::Encoding::Learned, 0.02}, {tr::Encoding::Rope, 0.02},
            {tr::Encoding::Alibi, 0.02},   {tr::Encoding::T5, 0.02},
            {tr::Encoding::Kerple, 0.02}};
}

QString trainVariantId(const TrainVariant& v) {
    QString id = QString::fromLatin1(tr::encodingEntry(v.encoding).id);
    if (v.encoding == tr::Encoding::Learned && v.learnedInit != 0.02)
        id += QLatin1Char(':') + QString::number(v.learnedInit, 'g', 17);
    return id;
}

std::optional<TrainVariant> trainVariantFromId(const QString& id) {
    const QStringList parts = id.split(QLatin1Char(':'));
    if (parts.size() > 2) return std::nullopt;
    const auto* e = tr::findEncoding(parts[0].toStdString());
    if (!e) return std::nullopt;
    TrainVariant v{e->encoding, 0.02};
    if (parts.size() == 2) {
        bool ok = false;
        const double init = parts[1].toDouble(&ok);
        if (!ok || e->encoding != tr::Encoding::Learned || !(init >= 0 && init <= 100))
            return std::nullopt;
        v.learnedInit = init;
    }
    return v;
}

QByteArray trainSettingsKey(const TrainSettings& settings) {
    return QJsonDocument(trainSettingsJson(settings)).toJson(QJsonDocument::Compact);
}

std::vector<TrainVariant> offeredVariants() {
    std::vector<TrainVariant> out;
    for (const auto& e : tr::encodingTable()) {
        out.push_back({e.encoding, 0.02});
        if (e.encoding == tr::Encoding::Learned) out.push_back({e.encoding, 1.0});
    }
    return out;
}

core::Expected<std::vector<tr::TrainConfig>> trainConfigs(const TrainSettings& settings) {
    if (settings.variants.empty()) return core::fail("no encoding is chosen");
    if (settings.seeds.empty()) return core::fail("no seed is given");
    if (settings.seeds.size() > kMaxSeeds)
        return core::fail("seeds: at most " + std::to_string(kMaxSeeds) + " seeds");
    for (std::size_t i = 0; i < settings.seeds.size(); ++i)
        if (std::count(settings.seeds.begin(), settings.seeds.begin() + static_cast<long>(i),
                       settings.seeds[i]) > 0)
            return core::fail("seeds: seed " + std::to_string(settings.seeds[i]) +
                              " is given twice");
    std::vector<tr::TrainConfig> out;
    for (std::uint64_t seed : settings.seeds)
        for (const TrainVariant& v : settings.variants) {
            tr::TrainConfig c;
            c.task.task = settings.task;
            c.task.randomPositions = settings.randomPositions;
            c.steps = settings.steps;
            c.encoding = v.encoding;
            c.learnedInit = v.learnedInit;
            c.seed = seed;
            if (auto st = tr::checkTrainConfig(c); !st) return st.error();
            out.push_back(c);
        }
    return out;
}

QJsonObject trainSettingsJson(const TrainSettings& s) {
    QJsonArray variants, seeds;
    for (const auto& v : s.variants) variants.append(trainVariantId(v));
    for (auto seed : s.seeds) seeds.append(static_cast<double>(seed));
    return {{QStringLiteral("task"), QString::fromLatin1(tr::taskId(s.task))},
            {QStringLiteral("encodings"), variants},
            {QStringLiteral("seeds"), seeds},
            {QStringLiteral("steps"), static_cast<double>(s.steps)},
            {QStringLiteral("random_positions"), static_cast<double>(s.randomPositions)}};
}

bool trainSettingsFromJson(const QJsonObject& o, TrainSettings* out, QString* error) {
    static const QStringList known{QStringLiteral("task"), QStringLiteral("encodings"),
                                   QStringLiteral("seeds"), QStringLiteral("steps"),
                                   QStringLiteral("random_positions")};
    for (const QString& key : o.keys())
        if (!known.contains(key)) {
            *error = QStringLiteral("training: unknown key \"%1\"").arg(key);
            return false;
        }
    TrainSettings s;
    const auto task = tr::taskFromId(o.value(QStringLiteral("task")).toString().toStdString());
    if (!task) {
        *error = QStringLiteral("training: \"task\" must be copy, reverse or sort");
        return false;
    }
    s.task = *task;
    s.steps = tr::defaultSteps(s.task);
    if (o.contains(QStringLiteral("encodings"))) {
        const QJsonValue list = o.value(QStringLiteral("encodings"));
        s.variants.clear();
        for (const QJsonValue& v : list.toArray()) {
            const auto variant = trainVariantFromId(v.toString());
            if (!variant ||
                std::find(s.variants.begin(), s.variants.end(), *variant) != s.variants.end()) {
                *error = QStringLiteral(
                             "training: \"encodings\" has a bad or repeated entry "
                             "\"%1\"")
                             .arg(v.toString());
                return false;
            }
            s.variants.push_back(*variant);
        }
        if (!list.isArray() || s.variants.empty()) {
            *error = QStringLiteral("training: \"encodings\" must be a list of encodings");
            return false;
        }
    }
    if (o.contains(QStringLiteral("seeds"))) {
        const QJsonValue list = o.value(QStringLiteral("seeds"));
        s.seeds.clear();
        for (const QJsonValue& v : list.toArray()) {
            std::int64_t seed = 0;
            if (!wholeIn(v, 0, 9007199254740991.0, &seed)) {
                *error = QStringLiteral("training: \"seeds\" must be whole numbers >= 0");
                return false;
            }
            s.seeds.push_back(static_cast<std::uint64_t>(seed));
        }
        if (!list.isArray() || s.seeds.empty()) {
            *error = QStringLiteral("training: \"seeds\" must list 1 to %1 seeds").arg(kMaxSeeds);
            return false;
        }
    }
    if (o.contains(QStringLiteral("steps")) &&
        !wholeIn(o.value(QStringLiteral("steps")), 1, kMaxSteps, &s.steps)) {
        *error =
            QStringLiteral("training: \"steps\" must be a whole number in [1, %1]").arg(kMaxSteps);
        return false;
    }
    if (o.contains(QStringLiteral("random_positions")) &&
        !wholeIn(o.value(QStringLiteral("random_positions")), 0, kMaxRandomPositions,
                 &s.randomPositions)) {
        *error = QStringLiteral("training: \"random_positions\" must be a whole number in [0, %1]")
                     .arg(kMaxRandomPositions);
        return false;
    }
    if (auto runs = trainConfigs(s); !runs) {
        *error = QStringLiteral("training: ") + QString::fromStdString(runs.error().message);
        return false;
    }
    *out = s;
    return true;
}

}  // namespace poslab::ui
