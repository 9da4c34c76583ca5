// The command-line contract (design.md): list, export in three formats, and every error path
// exits 2 with one line on stderr naming the problem and leaves no file behind.
#include <sys/stat.h>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>
#include <fstream>

#include "core/compute.h"
#include "core/io/npy.h"
#include "tests/cli/cli_test_util.h"

using namespace poslab;
using poslab::test::Run;

class TstCli : public QObject, public poslab::test::CliFixture {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    void listJsonNamesEveryEncoding() {
        const Run r = test::runPoslab({"list", "--json"});
        QCOMPARE(r.code, 0);
        QJsonParseError e;
        const auto doc = QJsonDocument::fromJson(r.out, &e);
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        const QJsonArray arr = doc.array();
        QCOMPARE(arr.size(), qsizetype(core::registry().encodings().size()));
        QVERIFY(arr.size() >= 19);  // sections A and B of the spec
        for (const auto& v : arr) {
            const auto o = v.toObject();
            for (const char* key : {"id", "name", "family", "quantities", "params"})
                QVERIFY2(o.contains(key), key);
            QVERIFY(!o["name"].toObject()["zh"].toString().isEmpty());
            QVERIFY2(!o["quantities"].toArray().isEmpty(), qPrintable(o["id"].toString()));
            for (const auto& p : o["params"].toArray())
                for (const char* key : {"name", "type", "default", "min", "max", "choices", "help"})
                    QVERIFY(p.toObject().contains(key));
        }
        const Run text = test::runPoslab({"list"});
        QCOMPARE(text.code, 0);
        for (const auto& enc : core::registry().encodings())
            QVERIFY2(text.out.contains(QByteArray::fromStdString(enc.id)), enc.id.c_str());
    }

    void exportFormats_data() {
        QTest::addColumn<QString>("enc");
        QTest::addColumn<QString>("qty");
        QTest::addColumn<QStringList>("params");
        QTest::newRow("sinusoidal table") << "sinusoidal"
                                          << "table" << QStringList{"n=7", "d=6", "base=1e4"};
        QTest::newRow("rope scores")
            << "rope"
            << "scores" << QStringList{"n=5", "d=8", "scaling=yarn", "factor=4"};
        QTest::newRow("rope decay_bound") << "rope"
                                          << "decay_bound" << QStringList{"d=256"};
        QTest::newRow("3-D bias") << "alibi"
                                  << "bias" << QStringList{"n=5", "heads=3", "causal=true"};
        QTest::newRow("integer") << "t5"
                                 << "buckets"
                                 << QStringList{"n=9", "num_buckets=8", "max_distance=6"};
    }
    // npy, csv and json of one request hold the same numbers as the core computation.
    void exportFormats() {
        QFETCH(QString, enc);
        QFETCH(QString, qty);
        QFETCH(QStringList, params);
        QStringList base{"export", enc, qty};
        core::TextParams tp;
        for (const auto& p : params) {
            base << "-p" << p;
            tp.emplace_back(p.section('=', 0, 0).toStdString(), p.section('=', 1).toStdString());
        }
        const auto* e = core::registry().find(enc.toStdString());
        QVERIFY(e);
        auto ps = core::parseParams(*e, tp);
        QVERIFY(ps.ok());
        auto expected = core::compute(enc.toStdString(), qty.toStdString(), *ps);
        QVERIFY2(expected.ok(), expected.ok() ? "" : expected.error().message.c_str());
        const QString stem = path(enc + "_" + qty);

        Run r = test::runPoslab(QStringList(base) << "-o" << stem + ".npy");
        QVERIFY2(r.code == 0, r.err.constData());
        auto npy = core::io::readNpy((stem + ".npy").toStdString());
        QVERIFY(npy.ok());
        QCOMPARE(npy->shape, expected->shape);
        QCOMPARE(npy->dtype, expected->dtype);
        QCOMPARE(npy->f64, expected->f64);  // bit-exact
        QCOMPARE(npy->i64, expected->i64);

        r = test::runPoslab(QStringList(base) << "-o" << stem + ".csv");
        QVERIFY2(r.code == 0, r.err.constData());
        QFile csv(stem + ".csv");
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
        QString shape;
        for (auto s : expected->shape) shape += (shape.isEmpty() ? "" : ",") + QString::number(s);
        QCOMPARE(lines.first(), "# shape: " + shape);
        QStringList values;
        for (int i = 1; i < lines.size(); ++i) values += lines[i].split(',');
        QCOMPARE(qsizetype(values.size()), qsizetype(expected->size()));
        for (int k = 0; k < values.size(); ++k) {
            const double want = expected->at(k);
            if (std::isinf(want))
                QCOMPARE(values[k], QString(want > 0 ? "inf" : "-inf"));
            else
                QCOMPARE(values[k].toDouble(), want);  // 17 digits round-trip exactly
        }
        if (expected->shape.size() >= 2)
            QCOMPARE(qsizetype(lines.size() - 1),
                     qsizetype(expected->size() / expected->shape.back()));

        r = test::runPoslab(QStringList(base) << "-o" << stem + ".json");
        QVERIFY2(r.code == 0, r.err.constData());
        QFile jf(stem + ".json");
        QVERIFY(jf.open(QIODevice::ReadOnly));
        const auto obj = QJsonDocument::fromJson(jf.readAll()).object();
        QCOMPARE(obj["encoding"].toString(), enc);
        QCOMPARE(obj["quantity"].toString(), qty);
        QCOMPARE(obj["dtype"].toString(),
                 QString(expected->dtype == core::DType::F64 ? "float64" : "int64"));
        QCOMPARE(obj["shape"].toArray().size(), qsizetype(expected->shape.size()));
        QVERIFY(obj["params"].toObject().contains("n") || obj["params"].toObject().contains("d"));
        // Flatten the nested data.
        std::vector<QJsonValue> flat;
        std::function<void(const QJsonValue&)> walk = [&](const QJsonValue& v) {
            if (v.isArray())
                for (const auto& x : v.toArray()) walk(x);
            else
                flat.push_back(v);
        };
        walk(obj["data"]);
        QCOMPARE(qsizetype(flat.size()), qsizetype(expected->size()));
        for (std::size_t k = 0; k < flat.size(); ++k) {
            const double want = expected->at(static_cast<std::int64_t>(k));
            if (std::isinf(want))
                QCOMPARE(flat[k].toString(), QString(want > 0 ? "inf" : "-inf"));
            else
                QCOMPARE(flat[k].toDouble(), want);
        }
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::addColumn<QByteArray>("budget");
        const QByteArray none;
        QTest::newRow("unknown encoding")
            << QStringList{"export", "nope", "table"} << "nope" << none;
        QTest::newRow("unknown quantity")
            << QStringList{"export", "rope", "nope"} << "nope" << none;
        QTest::newRow("unknown parameter")
            << QStringList{"export", "rope", "decay", "-p", "zz=1"} << "zz" << none;
        QTest::newRow("malformed int")
            << QStringList{"export", "rope", "decay", "-p", "d=64x"} << "'d'" << none;
        QTest::newRow("int given a real")
            << QStringList{"export", "rope", "decay", "-p", "n=64.5"} << "'n'" << none;
        QTest::newRow("malformed real")
            << QStringList{"export", "rope", "decay", "-p", "base=1e4e"} << "'base'" << none;
        QTest::newRow("base <= 1")
            << QStringList{"export", "rope", "decay", "-p", "base=1"} << "'base'" << none;
        QTest::newRow("bad bool") << QStringList{"export", "alibi", "bias", "-p", "causal=yes"}
                                  << "'causal'" << none;
        QTest::newRow("bad enum") << QStringList{"export", "rope", "decay", "-p", "pairing=zigzag"}
                                  << "'pairing'" << none;
        QTest::newRow("odd d") << QStringList{"export", "rope", "scores", "-p", "d=63"} << "'d'"
                               << none;
        QTest::newRow("d % 4 for 2D")
            << QStringList{"export", "sinusoidal2d", "table", "-p", "d=66"} << "'d'" << none;
        QTest::newRow("not KEY=VALUE")
            << QStringList{"export", "rope", "decay", "-p", "d"} << "KEY=VALUE" << none;
        QTest::newRow("missing npy")
            << QStringList{"export", "rope", "rotated", "-p", "input=/no/such.npy"} << "input"
            << none;
        QTest::newRow("over budget")
            << QStringList{"export", "rope", "scores", "-p", "n=100000"} << "GiB" << none;
        QTest::newRow("env budget") << QStringList{"export", "rope", "scores", "-p", "n=1000"}
                                    << "memory budget" << QByteArray("1MiB");
        QTest::newRow("unknown backend")
            << QStringList{"export", "rope", "decay", "--backend", "tpu"} << "backend" << none;
        QTest::newRow("unknown option")
            << QStringList{"export", "rope", "decay", "--fast"} << "--fast" << none;
        QTest::newRow("unknown command") << QStringList{"explode"} << "explode" << none;
        // Issue 14, F11 and F12: no budget of infinity, no silently ignored environment, no
        // empty bench table for a typo, and user text with a newline stays on one line.
        QTest::newRow("budget inf")
            << QStringList{"export", "rope", "decay", "--memory-budget", "inf"} << "inf" << none;
        QTest::newRow("budget nan")
            << QStringList{"export", "rope", "decay", "--memory-budget", "nan"} << "nan" << none;
        QTest::newRow("env budget garbage") << QStringList{"export", "rope", "decay"}
                                            << "POSLAB_MEMORY_BUDGET" << QByteArray("lots");
        QTest::newRow("env budget inf") << QStringList{"export", "rope", "decay"}
                                        << "POSLAB_MEMORY_BUDGET" << QByteArray("inf");
        QTest::newRow("bench only unknown")
            << QStringList{"bench", "--only", "bogus/qty"} << "bogus/qty" << none;
        QTest::newRow("bench only one unknown of two")
            << QStringList{"bench", "--only", "rope/scores,rope/nope"} << "rope/nope" << none;
        QTest::newRow("newline in an enum value")
            << QStringList{"export", "rope", "decay", "-p", "pairing=a\nb"} << "a\\nb" << none;
        QTest::newRow("newline in a path")
            << QStringList{"export", "rope", "rotated", "-p", "input=/no/such\nfile.npy"}
            << "such\\nfile" << none;
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        QFETCH(QByteArray, budget);
        const QString out = path("error_output.npy");
        QFile::remove(out);
        const bool isExport = args.first() == "export";
        const Run r = test::runPoslab(
            isExport ? QStringList(args) << "-o" << out : args,
            budget.isEmpty() ? QList<QPair<QString, QString>>{}
                             : QList<QPair<QString, QString>>{
                                   {"POSLAB_MEMORY_BUDGET", QString::fromLatin1(budget)}});
        QCOMPARE(r.code, 2);
        const QByteArray err = r.err.trimmed();
        QVERIFY2(!err.isEmpty() && !err.contains('\n'), err.constData());
        QVERIFY2(err.contains(mentions.toUtf8()), err.constData());
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFile::exists(out));
        QCOMPARE(QDir(folder()).entryList(QStringList{".*tmp*"}, QDir::Files | QDir::Hidden).size(),
                 0);
    }

    void badOutputs_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown extension") << path("out.txt") << ".txt";
        QTest::newRow("no directory") << path("missing/dir/out.npy") << "does not exist";
        QDir(folder()).mkpath("folder.npy");
        QTest::newRow("a directory") << path("folder.npy") << "directory";
        QTest::newRow("unwritable") << QString("/proc/poslab.npy") << "/proc/poslab.npy";
        // Issue 14 F8/F9: a FIFO (or a device behind a link) is never replaced or opened.
        ::mkfifo(path("pipe.npy").toLocal8Bit().constData(), 0600);
        QTest::newRow("a FIFO") << path("pipe.npy") << "not a regular file";
        QFile::link(path("pipe.npy"), path("link-to-pipe.npy"));
        QTest::newRow("a link to a FIFO") << path("link-to-pipe.npy") << "not a regular file";
    }

    // Issue 14 F9: a replaced file keeps its permissions; a symbolic link is written through
    // (the link stays); a name near the file system's limit works (the temporary's name does
    // not grow with it).
    void outputFiles() {
        const QString priv = path("private.npy");
        QFile::remove(priv);
        QVERIFY(test::runPoslab({"export", "rope", "decay", "-o", priv}).code == 0);
        QVERIFY(QFile::setPermissions(priv, QFile::ReadOwner | QFile::WriteOwner));
        QCOMPARE(test::runPoslab({"export", "rope", "decay", "-p", "d=32", "-o", priv}).code, 0);
        const auto perms = QFile::permissions(priv);
        QVERIFY((perms & QFile::ReadOwner) && (perms & QFile::WriteOwner));
        QVERIFY(!(perms &
                  (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther)));

        const QString real = path("real.npy"), link = path("link.npy");
        QFile::remove(real);
        QFile::remove(link);
        QVERIFY(test::runPoslab({"export", "rope", "decay", "-o", real}).code == 0);
        const qint64 before = QFileInfo(real).size();
        QVERIFY(QFile::link(real, link));
        QCOMPARE(
            test::runPoslab({"export", "rope", "decay", "-p", "max_distance=8", "-o", link}).code,
            0);
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(QFileInfo(real).size() < before);

        const QString longName = path(QString(240, 'n') + ".npy");
        const auto r = test::runPoslab({"export", "rope", "decay", "-o", longName});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(QFile::exists(longName));
        QCOMPARE(QDir(folder()).entryList(QStringList{".*tmp*"}, QDir::Files | QDir::Hidden).size(),
                 0);
    }
    void badOutputs() {
        QFETCH(QString, file);
        QFETCH(QString, mentions);
        const Run r = test::runPoslab({"export", "rope", "decay", "-o", file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
        QVERIFY(!r.err.trimmed().contains('\n'));
        if (file.contains("pipe"))  // still the FIFO it was
            QVERIFY(QFileInfo(QFileInfo(file).canonicalFilePath()).isFile() == false);
        else if (!file.endsWith("folder.npy"))
            QVERIFY(!QFile::exists(file));
    }

    // Corrupt and wrong-shaped .npy inputs are refused with the parameter named.
    void badNpyInputs_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("garbage") << QByteArray("this is not numpy") << "not a .npy";
        // The header claims 0x76 bytes and the file ends inside it. (The explicit length is
        // sizeof - 1: a larger one read past the literal, found by ASan.)
        static const char kTruncated[] =
            "\x93NUMPY\x01\x00\x76\x00{'descr': '<f8', 'fortran_order': False, 'shape': (4, 8), }";
        QTest::newRow("truncated") << QByteArray(kTruncated, sizeof kTruncated - 1) << "truncated";
    }
    void badNpyInputs() {
        QFETCH(QByteArray, content);
        QFETCH(QString, mentions);
        const QString in = path("bad_input.npy");
        QFile f(in);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const QString out = path("never.npy");
        const Run r = test::runPoslab({"export", "rope", "rotated", "-p", "n=4", "-p", "d=8", "-p",
                                       "input=" + in, "-o", out});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("'input'"), r.err.constData());
        QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void wrongShapeInput() {
        core::Array a = core::Array::real({3, 8});
        const QString in = path("wrong_shape.npy");
        std::ofstream(in.toStdString(), std::ios::binary) << core::io::encodeNpy(a);
        const QString out = path("never2.npy");
        const Run r = test::runPoslab({"export", "rope", "rotated", "-p", "n=4", "-p", "d=8", "-p",
                                       "input=" + in, "-o", out});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("(3,8)") && r.err.contains("expected (4,8)"), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    // An existing file is replaced only by a complete new one, never truncated by an error.
    void failedExportKeepsOldFile() {
        const QString out = path("keep.npy");
        QVERIFY(test::runPoslab({"export", "rope", "decay", "-o", out}).code == 0);
        const QByteArray before = [&] {
            QFile f(out);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        QCOMPARE(test::runPoslab({"export", "rope", "decay", "-p", "d=3", "-o", out}).code, 2);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }

    // NumPy itself loads what we write (python3-numpy is installed by scripts/setup).
    void numpyLoadsOurFiles() {
        const QString out = path("np.npy");
        QCOMPARE(
            test::runPoslab({"export", "alibi", "bias", "-p", "n=6", "-p", "heads=3", "-o", out})
                .code,
            0);
        const QString i64 = path("np_i64.npy");
        QCOMPARE(test::runPoslab({"export", "t5", "buckets", "-p", "n=6", "-o", i64}).code, 0);
        QProcess py;
        py.start("/usr/bin/python3",
                 {"-c",
                  "import numpy as np, sys; a = np.load(sys.argv[1]); b = np.load(sys.argv[2]); "
                  "print(a.dtype, a.shape, b.dtype, b.shape, float(a[2, 0, 5]))",
                  out, i64});
        QVERIFY(py.waitForFinished(60000));
        const QByteArray said = py.readAllStandardOutput().trimmed();
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        // 3 heads: slopes 1/16, 1/256 (the power-of-two rule for 2), then 1/4 appended, so
        // bias[2, 0, 5] = -5/4.
        QCOMPARE(said, QByteArray("float64 (3, 6, 6) int64 (6, 6) -1.25"));
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
