// The catalog reports what it drops: the shipped views.json and presets.json load without a
// warning and every curated view reaches its page with its own kind; each kind of mistake in a
// small hand-made JSON (an unknown kind or quantity, a preset value its parameter refuses, a name
// that does not exist) gives exactly one warning naming it, and the page still loads. Search
// runs over what the texts show, their $...$ maths as symbols, not TeX source.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "core/registry.h"
#include "ui/catalog/page_search.h"
#include "ui/catalog/view_spec.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

QByteArray resource(const QString& name) {
    QFile f(":/poslab/" + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A views.json with one curated RoPE view, `view` (its id is "x").
QByteArray ropeView(const char* view) {
    return QByteArray(R"({"encodings": {"rope": {"views": [)") + view + "]}}}";
}

}  // namespace

class TestCatalog : public QObject {
    Q_OBJECT
private slots:
    void shippedCatalogHasNoWarnings() {
        const Catalog& cat = Catalog::instance();
        QVERIFY2(cat.warnings().isEmpty(), qPrintable(cat.warnings().join('\n')));
        // Every curated view is on its page, with the kind views.json gives it (not the generic
        // view that replaces a dropped one).
        const QJsonObject root = QJsonDocument::fromJson(resource("views.json")).object();
        QVERIFY(!root.isEmpty());
        const QJsonObject encs = root.value("encodings").toObject();
        int curated = 0;
        for (auto it = encs.begin(); it != encs.end(); ++it) {
            const PageSpec* page = cat.find(it.key());
            QVERIFY2(page, qPrintable(it.key()));
            for (const auto& v : it.value().toObject().value("views").toArray()) {
                const QString id = it.key() + "/" + v.toObject().value("id").toString();
                const ViewSpec* view = page->findView(id);
                QVERIFY2(view, qPrintable(id));
                QVERIFY2(view->series.size() == v.toObject().value("series").toArray().size(),
                         qPrintable(id));
                ++curated;
            }
        }
        QVERIFY(curated >= 50);
    }

    // Search runs over the texts as shown: their $...$ maths as symbols, never TeX source (a
    // query "mathrm" found every page with \mathrm{base} in its text; "θ_j" missed \theta_j).
    void searchIsOverShownText() {
        for (const auto& page : Catalog::instance().pages()) {
            const QString text = searchText(page);
            QVERIFY2(!text.contains(u'\\') && !text.contains(u'$'), qPrintable(page.id));
            QVERIFY2(!pageMatches(page, "mathrm") && !pageMatches(page, "bigl"),
                     qPrintable(page.id));
        }
        const PageSpec* rope = Catalog::instance().find("rope");
        QVERIFY(rope);
        QVERIFY(pageMatches(*rope, QString::fromUtf8("θ_j")));
    }

    void groupsAreTheRegistryFamilies() {
        const QStringList groups = Catalog::instance().groupOrder();
        QCOMPARE(groups.size(), static_cast<qsizetype>(core::Family::Argument) + 1);
        for (int f = 0; f < groups.size(); ++f)
            QCOMPARE(groups[f],
                     QString::fromLatin1(core::familyId(static_cast<core::Family>(f)).data()));
        for (const auto& p : Catalog::instance().pages())
            QVERIFY2(groups.contains(p.group), qPrintable(p.id + ": " + p.group));
    }

    void mistakesAreReported_data() {
        QTest::addColumn<QByteArray>("views");
        QTest::addColumn<QByteArray>("presets");
        QTest::addColumn<QStringList>("mentions");  // empty: no warning at all
        const QByteArray good =
            ropeView(R"({"id": "x", "kind": "lines", "series": [{"q": "decay"}]})");
        QTest::newRow("good") << good << QByteArray(R"({"pages": {"rope": {"base": "500"}}})")
                              << QStringList();
        QTest::newRow("unknown kind")
            << ropeView(R"({"id": "x", "kind": "heatmapp", "series": [{"q": "scores"}]})")
            << QByteArray("{}") << QStringList{"rope/x", "heatmapp"};
        QTest::newRow("unknown quantity")
            << ropeView(R"({"id": "x", "kind": "heatmap", "series": [{"q": "scorse"}]})")
            << QByteArray("{}") << QStringList{"rope/x", "scorse"};
        QTest::newRow("other encoding's quantity")
            << ropeView(R"({"id": "x", "kind": "lines", "series": [{"q": "decay"},
                           {"q": "tabel", "encoding": "sinusoidal"}]})")
            << QByteArray("{}") << QStringList{"rope/x", "sinusoidal/tabel"};
        QTest::newRow("no series") << ropeView(R"({"id": "x", "kind": "heatmap"})")
                                   << QByteArray("{}") << QStringList{"rope/x", "series"};
        QTest::newRow("preset value")
            << good << QByteArray(R"({"pages": {"rope": {"base": "1e4e"}}})")
            << QStringList{"rope", "base"};
        QTest::newRow("preset out of range")
            << good << QByteArray(R"({"pages": {"rope": {"base": "1"}}})")
            << QStringList{"rope", "base"};
        QTest::newRow("preset name")
            << good << QByteArray(R"({"pages": {"rope": {"bsae": "500"}}})")
            << QStringList{"rope", "bsae"};
        QTest::newRow("compare quantity")
            << good << QByteArray(R"({"compare": {"rope": {"quantity": "decya"}}})")
            << QStringList{"rope", "decya"};
        QTest::newRow("unknown group")
            << QByteArray(R"({"encodings": {"rope": {"group": "rotery"}}})") << QByteArray("{}")
            << QStringList{"rope", "rotery"};
        QTest::newRow("unknown encoding") << QByteArray(R"({"encodings": {"rpoe": {}}})")
                                          << QByteArray("{}") << QStringList{"rpoe"};
        QTest::newRow("argument of no encoding")
            << QByteArray(R"({"arguments": [{"id": "a", "encoding": "rpoe", "views": ["x"]}]})")
            << QByteArray("{}") << QStringList{"arg/a", "rpoe"};
        QTest::newRow("argument view")
            << QByteArray(R"({"arguments": [{"id": "a", "encoding": "rope",
                             "views": ["decay", "decya"]}]})")
            << QByteArray("{}") << QStringList{"arg/a", "decya"};
        QTest::newRow("argument preset")
            << QByteArray(R"({"arguments": [{"id": "a", "encoding": "rope", "views": ["decay"],
                             "preset": {"d": "63x"}}]})")
            << QByteArray("{}") << QStringList{"arg/a", "'d'"};
        QTest::newRow("overview") << QByteArray(
                                         R"({"encodings": {"rope": {"overview": ["nope"]}}})")
                                  << QByteArray("{}") << QStringList{"rope", "nope"};
        QTest::newRow("broken JSON")
            << QByteArray(R"({"encodings": )") << QByteArray("{}") << QStringList{"views.json"};
    }
    void mistakesAreReported() {
        QFETCH(QByteArray, views);
        QFETCH(QByteArray, presets);
        QFETCH(QStringList, mentions);
        const Catalog cat = Catalog::fromJson(views, presets);
        if (mentions.isEmpty()) {
            QVERIFY2(cat.warnings().isEmpty(), qPrintable(cat.warnings().join('\n')));
        } else {
            QCOMPARE(cat.warnings().size(), 1);
            for (const QString& m : mentions)
                QVERIFY2(cat.warnings().front().contains(m), qPrintable(cat.warnings().front()));
        }
        // Whatever the mistake, every encoding still has its page, and a dropped view leaves the
        // quantity it covered to a generic view.
        for (const auto& e : core::registry().encodings())
            QVERIFY2(cat.find(QString::fromStdString(e.id)), e.id.c_str());
        const PageSpec* rope = cat.find("rope");
        if (mentions.contains("rope/x")) QVERIFY(!rope->findView("rope/x"));
        for (const auto& q : core::registry().find("rope")->quantities) {
            bool shown = false;
            for (const auto& v : rope->views)
                shown = shown || v.quantities().contains(QString::fromStdString(q.id));
            QVERIFY2(shown, q.id.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
