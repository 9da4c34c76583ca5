// The .npy reader (issue 14, F1, F3, F7, F8, F13): headers are parsed as NumPy parses them, by a
// loop with no regular expression and no recursion, so a 27 KB header is refused in linear time
// instead of overflowing the stack; duplicate keys, keys other than descr/fortran_order/shape,
// non-integer shapes and text after the dictionary are refused; a shape whose size overflows or
// exceeds the memory budget is refused before anything is allocated (a sparse file promising
// 64 GiB); a FIFO is refused without blocking; an empty <i8 array reads; what PosLab writes reads
// back exactly.
#include <sys/stat.h>
#include <unistd.h>
#include <QtTest>

#include <cmath>
#include <fstream>

#include "core/io/npy.h"
#include "tests/core/test_util.h"

using namespace poslab;

namespace {

// A v1.0 file with `dict` as its header (padded to 64 bytes like NumPy) and `data` after it.
std::string npyFile(const std::string& dict, const std::string& data = {}) {
    std::string h = dict;
    const std::size_t total = 10 + h.size() + 1;
    h.append((64 - total % 64) % 64, ' ');
    h += '\n';
    std::string out = "\x93NUMPY";
    out += '\x01';
    out += '\x00';
    const std::size_t len = std::min<std::size_t>(h.size(), 0xffff);
    out += static_cast<char>(len & 0xff);
    out += static_cast<char>(len >> 8);
    return out + h.substr(0, len) + data;
}

std::string doubles(std::size_t n) {
    std::string s(n * 8, '\0');
    for (std::size_t k = 0; k < n; ++k) {
        const double v = 0.5 * static_cast<double>(k);
        std::memcpy(s.data() + k * 8, &v, 8);
    }
    return s;
}

}  // namespace

class TestNpy : public QObject {
    Q_OBJECT
private slots:
    void refused_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("why");
        const std::string ok = "'fortran_order': False, 'shape': (2, 3), ";
        auto row = [](const char* name, const std::string& bytes, const char* why) {
            QTest::newRow(name) << QByteArray::fromStdString(bytes) << why;
        };
        row("27 KB descr (was a stack overflow)",
            npyFile("{'descr': '" + std::string(27000, 'f') + "', " + ok + "}"), "NumPy's limit");
        row("27 KB shape",
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (" +
                    std::string(13500, '1') + std::string(13500, ',') + "), }"),
            "NumPy's limit");
        row("27 KB of spaces", npyFile("{'descr': '<f8', " + std::string(27000, ' ') + ok + "}"),
            "NumPy's limit");
        row("duplicate descr", npyFile("{'descr': '<f8', 'descr': '>i8', " + ok + "}", doubles(6)),
            "twice");
        row("descr inside another value",
            npyFile("{'note': 'descr': '<f8', " + ok + "}", doubles(6)), "unexpected key");
        row("extra key", npyFile("{'descr': '<f8', " + ok + "'x': 1, }", doubles(6)),
            "unexpected key");
        row("shape with a word",
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (8, x, 4), }"),
            "tuple of integers");
        row("shape of reals",
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (8.0, 4.0), }"),
            "tuple of integers");
        row("no shape", npyFile("{'descr': '<f8', 'fortran_order': False, }"), "no 'shape'");
        row("no descr", npyFile("{" + ok + "}"), "no 'descr'");
        row("not a dict", npyFile("['descr', '<f8']"), "not a dictionary");
        row("text after the dict", npyFile("{'descr': '<f8', " + ok + "} x", doubles(6)),
            "after the dictionary");
        row("fortran order not a bool",
            npyFile("{'descr': '<f8', 'fortran_order': 0, 'shape': (2, 3), }", doubles(6)),
            "True or False");
        row("big-endian", npyFile("{'descr': '>f8', " + ok + "}", doubles(6)), "unsupported dtype");
        row("Fortran order",
            npyFile("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", doubles(6)),
            "Fortran");
        row("wrong dtype", npyFile("{'descr': '<c16', " + ok + "}", doubles(12)),
            "unsupported dtype");
        row("truncated data", npyFile("{'descr': '<f8', " + ok + "}", doubles(5)), "truncated");
        row("more data than the shape", npyFile("{'descr': '<f8', " + ok + "}", doubles(7)),
            "more data");
        row("size overflows",
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (134969865030, "
                    "99999999, 99999999), }"),
            "too large");
        row("entry beyond int64",
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }"),
            "too large");
        row("not a .npy", std::string("just some text, not numpy\n"), "not a .npy file");
    }
    // Each bad file gives one error naming the file and saying what is wrong, from both readers.
    void refused() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.npy");
        QVERIFY(test::writeBytes(path, bytes.toStdString()));
        auto a = core::io::readNpy(path.toStdString());
        QVERIFY(!a);
        const QString message = QString::fromStdString(a.error().message);
        QVERIFY2(message.contains(why), qPrintable(message));
        QVERIFY2(message.contains("bad.npy"), qPrintable(message));
        QVERIFY(!message.contains('\n'));
    }

    // A sparse file whose header promises 2^30 x 8 doubles (64 GiB) is refused against the
    // budget before any allocation, with the over-budget code (it used to abort in bad_alloc).
    void sparseHugeFileRefusedBeforeAllocating() {
        QTemporaryDir dir;
        const QString path = dir.filePath("huge.npy");
        const std::string head =
            npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (1073741824, 8), }");
        QVERIFY(test::writeBytes(path, head));
        QCOMPARE(::truncate(path.toLocal8Bit().constData(),
                            static_cast<off_t>(head.size() + (std::size_t{1} << 36))),
                 0);
        auto a = core::io::readNpy(path.toStdString(), 512.0 * 1024 * 1024);
        QVERIFY(!a);
        QCOMPARE(a.error().code, core::Errc::OverBudget);
        QVERIFY2(a.error().message.find("512.0 MiB") != std::string::npos,
                 a.error().message.c_str());
        // The header alone is cheap and fine.
        auto h = core::io::readNpyHeader(path.toStdString());
        QVERIFY(h);
        QCOMPARE(h->shape, (core::Shape{1073741824, 8}));
    }

    // A FIFO would block open() forever; it is refused as not a regular file, at once.
    void fifoRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath("pipe.npy");
        QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        for (int reader = 0; reader < 2; ++reader) {
            const auto error = reader == 0 ? core::io::readNpy(path.toStdString()).error()
                                           : core::io::readNpyHeader(path.toStdString()).error();
            QVERIFY2(error.message.find("not a regular file") != std::string::npos,
                     error.message.c_str());
        }
    }

    void roundTrip_data() {
        QTest::addColumn<QVector<qint64>>("shape");
        QTest::addColumn<bool>("integer");
        QTest::newRow("scalar") << QVector<qint64>{1} << false;
        QTest::newRow("2-D real") << QVector<qint64>{5, 7} << false;
        QTest::newRow("3-D real") << QVector<qint64>{2, 3, 4} << false;
        QTest::newRow("2-D integer") << QVector<qint64>{6, 6} << true;
        QTest::newRow("empty integer (was memcpy from null)") << QVector<qint64>{0} << true;
        QTest::newRow("empty real rows") << QVector<qint64>{0, 3} << false;
    }
    // What PosLab writes, it reads back bit for bit with its shape and dtype.
    void roundTrip() {
        QFETCH(QVector<qint64>, shape);
        QFETCH(bool, integer);
        core::Shape s(shape.begin(), shape.end());
        core::Array a = integer ? core::Array::integer(s) : core::Array::real(s);
        for (std::int64_t k = 0; k < a.size(); ++k) {
            if (integer)
                a.i64[static_cast<std::size_t>(k)] = k * 7 - 20;
            else
                a.f64[static_cast<std::size_t>(k)] = std::sin(0.37 * static_cast<double>(k));
        }
        QTemporaryDir dir;
        const QString path = dir.filePath("a.npy");
        QVERIFY(test::writeBytes(path, core::io::encodeNpy(a)));
        auto b = core::io::readNpy(path.toStdString());
        QVERIFY2(b, b ? "" : b.error().message.c_str());
        QCOMPARE(b->shape, a.shape);
        QCOMPARE(b->dtype, a.dtype);
        QVERIFY(b->f64 == a.f64);
        QVERIFY(b->i64 == a.i64);
    }

    // The header parser is linear: a header at NumPy's limit parses, and one byte more does not.
    void headerLimit() {
        std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";
        dict.append(core::io::kMaxNpyHeaderBytes - dict.size(), ' ');
        QVERIFY(core::io::parseNpyHeaderDict(dict));
        QVERIFY(!core::io::parseNpyHeaderDict(dict + " "));
    }
};

QTEST_MAIN(TestNpy)
#include "tst_npy.moc"
