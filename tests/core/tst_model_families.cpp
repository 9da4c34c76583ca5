// Every model family (models.md M5): each published config.json in tests/data/published, read
// with readModelConfigFile, gives what the model's own code computes (the encoding, per kind the
// positions, rotary dim, base, pairing, window, layers, inverse frequencies or the implied
// parameters). The expected values are in family_rope_rows.h and family_other_rows.h, derived
// from each family's modeling code; every published file has a row, and every preset taken from
// one repeats its published keys.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/models/model_config.h"
#include "family_other_rows.h"
#include "family_rope_rows.h"

using namespace poslab;
using namespace poslab::test::families;
using core::models::KindInfo;
using core::models::ModelConfig;

Q_DECLARE_METATYPE(poslab::test::families::FamilyExpect)

class TestModelFamilies : public QObject {
    Q_OBJECT
private slots:
    void family_data();
    void family();
    void everyPublishedFileHasARow();
    void presetsRepeatTheirPublishedKeys_data();
    void presetsRepeatTheirPublishedKeys();
};

namespace {

QString sourceDir() {
    return qEnvironmentVariable("POSLAB_SOURCE_DIR", QStringLiteral("."));
}
QString publishedDir() {
    return sourceDir() + "/tests/data/published";
}

QList<FamilyExpect> allRows() {
    return ropeFamilies() + otherFamilies();
}

bool near(double got, double want) {
    return std::abs(got - want) <= 1e-12 * std::max(1.0, std::abs(want));
}

// The kind a selector names: "#i" the kind of layer i (negative from the end), else by name.
const KindInfo* selectKind(const ModelConfig& c, const QString& select) {
    if (!select.startsWith('#')) return c.kind(select.toStdString());
    bool ok = false;
    int i = select.mid(1).toInt(&ok);
    if (!ok || c.layers.empty()) return nullptr;
    if (i < 0) i += static_cast<int>(c.layers.size());
    if (i < 0 || i >= static_cast<int>(c.layers.size())) return nullptr;
    return c.kind(c.layers[static_cast<std::size_t>(i)]);
}

// Whether `got` holds every expected parameter: equal text, or equal numbers; "0?" also accepts
// a missing parameter.
QString paramsMismatch(const std::vector<core::models::ParamText>& got, const Params& want) {
    for (const auto& [key, value] : want) {
        const auto it = std::find_if(got.begin(), got.end(),
                                     [&](const auto& p) { return p.first == key.toStdString(); });
        if (it == got.end()) {
            if (value == "0?") continue;
            return "param " + key + " missing";
        }
        const QString have = QString::fromStdString(it->second);
        const QString expect = value == "0?" ? QStringLiteral("0") : value;
        bool a = false, b = false;
        const double x = have.toDouble(&a), y = expect.toDouble(&b);
        if (have != expect && !(a && b && near(x, y)))
            return "param " + key + " = " + have + ", expected " + expect;
    }
    return {};
}

// The implied parameters plus the learned table's index offset, which is not a parameter of
// PosLab's learned encoding but of the config (EncodingInfo::indexOffset).
std::vector<core::models::ParamText> withOffset(const ModelConfig& c,
                                                std::vector<core::models::ParamText> params) {
    if (c.encoding.id == "learned")
        params.emplace_back("offset", std::to_string(c.encoding.indexOffset));
    return params;
}

// One kind against its expectation; the first difference, or empty.
QString kindMismatch(const ModelConfig& c, const KindExpect& k) {
    const KindInfo* info = selectKind(c, k.select);
    if (!info) return "no kind " + k.select;
    const QString name = QString::fromStdString(info->name);
    auto num = [](double v) { return QString::number(v, 'g', 17); };
    int count = 0;
    for (const auto& l : c.layers) count += l == info->name ? 1 : 0;
    if (k.layers >= 0 && count != k.layers)
        return QString("%1: %2 layers, expected %3").arg(name).arg(count).arg(k.layers);
    for (int i : k.at)
        if (i >= static_cast<int>(c.layers.size()) || c.layers[i] != info->name)
            return QString("layer %1 is not %2").arg(i).arg(name);
    if (info->rope != k.rope) return name + ": rope " + (info->rope ? "true" : "false");
    if (info->attention != k.attention)
        return name + ": attention " + (info->attention ? "true" : "false");
    if (!k.encoding.isEmpty() && info->encoding != k.encoding.toStdString())
        return name + ": encoding " + QString::fromStdString(info->encoding);
    if (k.window != kUnchecked) {
        const qint64 w = info->window ? *info->window : kNull;
        if (w != k.window)
            return QString("%1: window %2, expected %3").arg(name).arg(w).arg(k.window);
    }
    if (!k.params.isEmpty()) {
        const QString p = paramsMismatch(withOffset(c, info->encodingParams), k.params);
        if (!p.isEmpty()) return name + ": " + p;
    }
    if (k.qkHeadDim != kUnchecked && info->qkHeadDim.value_or(-1) != k.qkHeadDim)
        return name + ": qkHeadDim " + QString::number(info->qkHeadDim.value_or(-1));
    if (!k.queryScale.isEmpty()) {
        if (!info->queryScale || info->queryScale->kind != k.queryScale.toStdString())
            return name + ": no query scale " + k.queryScale;
        if (k.queryScaleMax != kUnchecked && info->queryScale->originalMax != k.queryScaleMax)
            return name + ": query scale L " + QString::number(info->queryScale->originalMax);
    }
    if (!k.rope) return {};
    if (k.rotaryDim >= 0 && info->rotaryDim != k.rotaryDim)
        return QString("%1: rotary dim %2, expected %3")
            .arg(name)
            .arg(info->rotaryDim)
            .arg(k.rotaryDim);
    if (!std::isnan(k.theta) && !near(info->ropeTheta, k.theta))
        return name + ": base " + num(info->ropeTheta) + ", expected " + num(k.theta);
    if (!k.pairing.isEmpty() && info->pairing != k.pairing.toStdString())
        return name + ": pairing " + QString::fromStdString(info->pairing);
    if (!k.ropeType.isEmpty() && info->ropeType != k.ropeType.toStdString())
        return name + ": rope_type " + QString::fromStdString(info->ropeType);
    const auto& f = info->invFreq;
    if (k.rotaryDim >= 2 && f.size() != static_cast<std::size_t>(k.rotaryDim / 2))
        return QString("%1: %2 frequencies").arg(name).arg(f.size());
    const std::pair<double, std::size_t> checks[] = {
        {k.inv0, 0}, {k.inv1, 1}, {k.invLast, f.empty() ? 0 : f.size() - 1}};
    for (const auto& [want, j] : checks)
        if (!std::isnan(want) && (j >= f.size() || !near(f[j], want)))
            return QString("%1: inv_freq[%2] = %3, expected %4")
                .arg(name)
                .arg(j)
                .arg(j < f.size() ? num(f[j]) : QStringLiteral("none"), num(want));
    return {};
}

// A preset's value kept from the published one: equal, or an object keeping some of its keys.
bool keptFrom(const QJsonValue& kept, const QJsonValue& published) {
    if (!kept.isObject() || !published.isObject()) return kept == published;
    const QJsonObject a = kept.toObject(), b = published.toObject();
    for (auto it = a.begin(); it != a.end(); ++it)
        if (!b.contains(it.key()) || !keptFrom(it.value(), b.value(it.key()))) return false;
    return true;
}

}  // namespace

void TestModelFamilies::family_data() {
    QTest::addColumn<FamilyExpect>("expect");
    for (const FamilyExpect& e : allRows()) {
        const QString tag = e.seqLen ? QString("%1@%2").arg(e.file).arg(e.seqLen) : e.file;
        QTest::newRow(qPrintable(tag)) << e;
    }
}

void TestModelFamilies::family() {
    QFETCH(FamilyExpect, expect);
    const QString path = publishedDir() + "/" + expect.file + ".json";
    std::optional<std::int64_t> seq;
    if (expect.seqLen) seq = expect.seqLen;
    const auto got = core::models::readModelConfigFile(path.toStdString(), seq);
    QVERIFY2(got, got ? "" : got.error().message.c_str());
    const ModelConfig& c = *got;
    QCOMPARE(QString::fromStdString(c.encoding.id), expect.encoding);
    if (expect.layers >= 0) QCOMPARE(static_cast<int>(c.layers.size()), expect.layers);
    if (expect.headDim != kUnchecked) QCOMPARE(static_cast<qint64>(c.headDim), expect.headDim);
    if (expect.maxPositions != kUnchecked)
        QCOMPARE(static_cast<qint64>(c.maxPositionEmbeddings.value_or(-1)), expect.maxPositions);
    const QString p = paramsMismatch(withOffset(c, c.encoding.params), expect.params);
    QVERIFY2(p.isEmpty(), qPrintable("encoding " + p));
    for (const KindExpect& k : expect.kinds) {
        const QString m = kindMismatch(c, k);
        QVERIFY2(m.isEmpty(), qPrintable(m));
    }
}

// Every file in tests/data/published names its model and source and has a row above; together
// they cover at least 30 configs of 25 model families (issue 24's bar).
void TestModelFamilies::everyPublishedFileHasARow() {
    QSet<QString> covered;
    for (const FamilyExpect& e : allRows()) covered.insert(e.file);
    const QStringList files = QDir(publishedDir()).entryList({"*.json"}, QDir::Files);
    QVERIFY2(files.size() >= 30, qPrintable(QString::number(files.size())));
    QSet<QString> families;
    for (const QString& f : files) {
        QFile file(publishedDir() + "/" + f);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        QVERIFY2(!o.value("name").toString().isEmpty(), qPrintable(f + ": no name"));
        QVERIFY2(!o.value("source").toString().isEmpty(), qPrintable(f + ": no source"));
        QVERIFY2(covered.contains(f.chopped(5)), qPrintable(f + ": no row"));
        families.insert(o.value("model_type").toString());
    }
    QVERIFY2(families.size() >= 25, qPrintable(QString::number(families.size())));
}

void TestModelFamilies::presetsRepeatTheirPublishedKeys_data() {
    QTest::addColumn<QString>("id");
    const QStringList ids = QDir(sourceDir() + "/resources/models").entryList({"*.json"});
    for (const QString& f : ids)
        if (QFile::exists(publishedDir() + "/" + f)) QTest::newRow(qPrintable(f)) << f;
}

// A preset made from a published config keeps every value it shares with it (it may keep fewer
// keys, never other values).
void TestModelFamilies::presetsRepeatTheirPublishedKeys() {
    QFETCH(QString, id);
    auto load = [](const QString& path) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) return QJsonObject();
        return QJsonDocument::fromJson(f.readAll()).object();
    };
    const QJsonObject preset = load(sourceDir() + "/resources/models/" + id);
    const QJsonObject published = load(publishedDir() + "/" + id);
    QVERIFY(!preset.isEmpty() && !published.isEmpty());
    for (auto it = preset.begin(); it != preset.end(); ++it) {
        if (it.key() == "name" || it.key() == "source") continue;
        QVERIFY2(published.contains(it.key()), qPrintable(it.key() + " is not published"));
        QVERIFY2(keptFrom(it.value(), published.value(it.key())),
                 qPrintable(it.key() + " differs"));
    }
}

QTEST_GUILESS_MAIN(TestModelFamilies)
#include "tst_model_families.moc"
