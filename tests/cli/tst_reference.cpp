// Runs tests/reference/reference_numpy.py: independent NumPy implementations that follow the
// public reference code (HF transformers, torchscale, microsoft/DeBERTa, ofirpress ALiBi, ...),
// compared with `poslab export` to 1e-6 relative / 1e-9 absolute, integers exactly.
#include <QProcess>
#include <QtTest>

class TstReference : public QObject {
    Q_OBJECT
private slots:
    void numpyReferencesAgree() {
        const QString python = "/usr/bin/python3";  // Debian's, with python3-numpy (scripts/setup)
        QVERIFY2(QFileInfo(python).isExecutable(), "python3 is not installed: run scripts/setup");
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(python,
                {qEnvironmentVariable("POSLAB_SOURCE_DIR") + "/tests/reference/reference_numpy.py",
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
