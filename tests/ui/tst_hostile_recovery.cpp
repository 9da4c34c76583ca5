// A recovery file that embeds a hostile model config (issue 23, review 2 N1 and N2): a config
// nested 100,000 deep, and one of 45 bytes asking for head_dim 536870912 (5 GB of frequencies).
// Offered after a "crash" and accepted, each must end in "could not be recovered" at once, with
// the window as it was, the file kept and no crash. The nesting is refused by the session reader
// itself; head_dim needs the config reader's bound on dimensions (core/models).
#include <sys/resource.h>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "tests/common/sanitizer.h"
#include "tests/ui/hostile_test_util.h"
#include "tests/ui/session_test_util.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/session.h"
#include "ui/document/session_controller.h"

using namespace poslab;
using namespace poslab::ui;
using namespace poslab::ui::sessiontest;
using namespace poslab::ui::hostile;

namespace {

QByteArray sessionWithConfig(const QByteArray& config, bool asCompare) {
    QJsonObject o = validSession();
    const QString llama = QStringLiteral(R"({"model_type": "llama", "head_dim": 128})");
    const QString hostile = QString::fromUtf8(config);
    QJsonObject model{{"name", "hostile"}, {"config", asCompare ? llama : hostile}, {"kind", ""}};
    if (asCompare) model["compare"] = QJsonObject{{"name", "x"}, {"config", hostile}, {"kind", ""}};
    o["model"] = model;
    return QJsonDocument(o).toJson();
}

}  // namespace

class TestHostileRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        // A reader without a bound on dimensions would take 5 GB for head_dim 536870912: the
        // suite fails fast under 4 GiB of address space rather than take a shared machine's memory.
        // (Under AddressSanitizer the limit would stop the sanitizer: the bound is left out.)
        const rlimit limit{rlim_t(4) << 30, rlim_t(4) << 30};
        if (!poslab::test::kAddressSanitizer) QVERIFY(::setrlimit(RLIMIT_AS, &limit) == 0);
        setUpApplication();
        QVERIFY(m_settings.isValid());
        useSettingsIn(m_settings.path());
    }

    void hostileConfigIsNotRecovered_data() {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<bool>("asCompare");
        const QByteArray deep = R"({"model_type": "llama", "rope_scaling": )" +
                                QByteArray(100000, '[') + QByteArray(100000, ']') + '}';
        const QByteArray huge = R"({"model_type":"llama","head_dim":536870912})";
        QTest::newRow("config nested 100,000 deep") << deep << false;
        QTest::newRow("compared config nested 100,000 deep") << deep << true;
        QTest::newRow("head_dim 536870912") << huge << false;
    }
    void hostileConfigIsNotRecovered() {
        QFETCH(QByteArray, config);
        QFETCH(bool, asCompare);
        QTemporaryDir dir;
        const QString recovery = RecoveryFile::filePathIn(dir.path());
        const QByteArray bytes = sessionWithConfig(config, asCompare);
        QVERIFY(writeFile(recovery, bytes));

        // The reader alone, then the window as a user meets it: the offer, Yes, the refusal.
        SessionState s;
        QString error;
        QElapsedTimer t;
        t.start();
        QVERIFY(!sessionFromJson(bytes, Catalog::instance(), &s, &error));
        QVERIFY2(!error.contains('\n') && error.size() < 1000, qPrintable(error.left(1000)));
        QVERIFY2(t.elapsed() < 30000,  // a hang guard, not a speed test
                 qPrintable(QString::number(t.elapsed())));

        BoxAnswerer answer;
        MainWindowOptions o = options(dir.path(), 50);
        o.persist = true;  // the offer and its message boxes
        MainWindow w(o);
        const SessionState before = w.sessionState();
        QTRY_COMPARE(answer.texts.size(), 2);
        QVERIFY2(answer.texts[0].contains("did not close normally"), qPrintable(answer.texts[0]));
        QVERIFY2(answer.texts[1].contains("could not be recovered"), qPrintable(answer.texts[1]));
        QVERIFY2(answer.texts[1].contains("config"), qPrintable(answer.texts[1]));
        QCOMPARE(w.sessionState(), before);
        QCOMPARE(fileBytes(recovery), bytes);  // kept: the user may look at it
        QVERIFY(!w.isWindowModified());
    }

private:
    QTemporaryDir m_settings;
};

QTEST_MAIN(TestHostileRecovery)
#include "tst_hostile_recovery.moc"
