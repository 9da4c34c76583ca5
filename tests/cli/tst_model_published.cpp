// `poslab model --json FILE` on every published config in tests/data/published (issue 24: at
// least 30 configs of 25 families): exit 0, one JSON object on stdout that names its positional
// encoding (models.md M5.2), nothing on stderr but notes; and `poslab model FILE` (the text form)
// exits 0 too. What the numbers must be is tst_model_families' concern.
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

using namespace poslab;
using poslab::test::Run;

class TstModelPublished : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

    static QString publishedDir() {
        return qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/tests/data/published";
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void jsonNamesTheEncoding_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(publishedDir()).entryList({"*.json"}, QDir::Files);
        QVERIFY2(files.size() >= 30, qPrintable(QString::number(files.size())));
        for (const QString& f : files) QTest::newRow(qPrintable(f)) << publishedDir() + "/" + f;
    }

    void jsonNamesTheEncoding() {
        QFETCH(QString, file);
        const Run r = test::runPoslab({"model", "--json", file});
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonParseError e;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &e);
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        QVERIFY(doc.isObject());
        const QJsonObject o = doc.object();
        QVERIFY2(o.contains("encoding"), r.out.left(200).constData());
        const QString encoding = o.value("encoding").toString();
        const QStringList known = {"rope", "mrope", "alibi", "t5", "learned", "shaw"};
        QVERIFY2(known.contains(encoding), qPrintable(encoding));
        // Encodings other than RoPE carry the PosLab parameters they imply (M5.2).
        if (encoding != "rope" && encoding != "mrope")
            QVERIFY2(!o.value("params").toObject().isEmpty(), r.out.left(200).constData());
        QCOMPARE(o.value("layers").toArray().size(), o.value("num_hidden_layers").toInt());
    }

    void textFormReadsToo_data() { jsonNamesTheEncoding_data(); }

    void textFormReadsToo() {
        QFETCH(QString, file);
        const Run r = test::runPoslab({"model", file});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(!r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstModelPublished)
#include "tst_model_published.moc"
