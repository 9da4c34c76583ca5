// Runs the independent Python references against `poslab export`: reference_numpy.py (NumPy
// implementations that follow the public reference code: HF transformers, torchscale,
// microsoft/DeBERTa, ofirpress ALiBi, ...; 1e-6 relative / 1e-9 absolute, integers exactly) and
// reference_long.py (long context and precision: IEEE rounding in exact rationals, the envelope
// and band means by direct sums; positions and counts exactly, errors to 1e-12).
#include <QProcess>
#include <QtTest>

class TstReference : public QObject {
    Q_OBJECT
private slots:
    void referencesAgree_data() {
        QTest::addColumn<QString>("script");
        QTest::newRow("encodings") << "reference_numpy.py";
        QTest::newRow("long context and precision") << "reference_long.py";
    }
    void referencesAgree() {
        QFETCH(QString, script);
        const QString python = "/usr/bin/python3";  // Debian's, with python3-numpy (scripts/setup)
        QVERIFY2(QFileInfo(python).isExecutable(), "python3 is not installed: run scripts/setup");
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(python, {qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/tests/reference/" + script,
                         qEnvironmentVariable("POSLAB_BIN")});
        QVERIFY(p.waitForFinished(600000));
        const QByteArray out = p.readAll();
        qInfo().noquote() << out;
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 out.right(2000).constData());
        QVERIFY(out.contains("reference checks passed"));
    }
};

QTEST_GUILESS_MAIN(TstReference)
#include "tst_reference.moc"
