// Issue 23: the one way input text reaches a message (printable, echo) and the one rule for
// reading an input file (readInputFile, checkJsonDepth). Echoed text is one line that a
// terminal cannot act on and a text view cannot reorder, whatever bytes the file held, and never
// longer than its limit; an input file is read only when it is a regular file within its kind's
// cap and the memory budget, and JSON nesting is refused by a scan that does not recurse.
#include <sys/stat.h>
#include <unistd.h>
#include <QtTest>

#include <fstream>

#include "core/expected.h"
#include "core/io/input_file.h"
#include "tests/common/shown_text.h"

using namespace poslab::core;
using poslab::test::shownSafely;

namespace {

std::string write(const QString& path, const std::string& bytes) {
    std::ofstream(path.toStdString(), std::ios::binary) << bytes;
    return path.toStdString();
}

}  // namespace

class TestInputFile : public QObject {
    Q_OBJECT
private slots:
    void printableEscapes_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("shown");
        auto row = [](const char* name, const std::string& in, const std::string& out) {
            QTest::newRow(name) << QByteArray::fromStdString(in) << QByteArray::fromStdString(out);
        };
        row("plain text stays", "rope_theta", "rope_theta");
        row("Chinese stays", "频率底数", "频率底数");
        row("newline", "a\nb", "a\\nb");
        row("ESC", "\x1b[2J", "\\x1b[2J");
        row("BEL and DEL", "\a\x7f", "\\x07\\x7f");
        row("C1 CSI in UTF-8", "\u009b31m", "\\u009b31m");
        row("C1 NEL", "x\u0085y", "x\\u0085y");
        row("raw 0x9b byte (not UTF-8)",
            "\x9b"
            "31m",
            "\\x9b31m");
        row("line separator", "a\u2028b", "a\\u2028b");
        row("paragraph separator", "a\u2029b", "a\\u2029b");
        row("right-to-left override", "evil\u202etxt", "evil\\u202etxt");
        row("isolates", "\u2066x\u2069", "\\u2066x\\u2069");
        row("marks", "\u200e\u200f\u061c", "\\u200e\\u200f\\u061c");
        row("truncated UTF-8", "ab\xe6\x96", "ab\\xe6\\x96");
        row("overlong slash", "\xc0\xaf", "\\xc0\\xaf");
        row("surrogate in UTF-8", "\xed\xa0\x80", "\\xed\\xa0\\x80");
        row("past U+10FFFF", "\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80");
        row("emoji stays", "\U0001F600", "\U0001F600");
    }
    void printableEscapes() {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, shown);
        const std::string out = printable(input.toStdString());
        QCOMPARE(QByteArray::fromStdString(out), shown);
        QVERIFY(shownSafely(QByteArray::fromStdString(out)));
        // Shown text shows the same again: a message made printable twice does not change.
        QCOMPARE(printable(out), out);
    }

    void echoShortens_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("limit");
        QTest::addColumn<int>("characters");  // of the input, as the ellipsis names them
        QTest::newRow("short stays whole") << QByteArray("abc") << 80 << 3;
        QTest::newRow("exactly the limit") << QByteArray(80, 'x') << 80 << 80;
        QTest::newRow("one past the limit") << QByteArray(81, 'x') << 80 << 81;
        QTest::newRow("a 6.9 MB list") << QByteArray(6'900'000, '[') << 80 << 6'900'000;
        QTest::newRow("Chinese, counted in characters")
            << QString(200, QChar(0x9891)).toUtf8() << 80 << 200;
        QTest::newRow("escapes count as one") << QByteArray(100, '\x1b') << 80 << 100;
        QTest::newRow("a path") << QByteArray(4200, 'p') << int(kEchoPathLimit) << 4200;
    }
    void echoShortens() {
        QFETCH(QByteArray, input);
        QFETCH(int, limit);
        QFETCH(int, characters);
        const std::string out = echo(input.toStdString(), static_cast<std::size_t>(limit));
        QVERIFY(shownSafely(QByteArray::fromStdString(out)));
        const QString text = QString::fromStdString(out);
        if (characters <= limit) {
            QCOMPARE(out, printable(input.toStdString()));
            return;
        }
        const QString tail = QStringLiteral("\u2026 (%1 characters)").arg(characters);
        QVERIFY2(text.endsWith(tail), qPrintable(text.right(40)));
        // The start is the shown text's start: at most `limit` characters, escapes kept whole.
        const QString start = text.left(text.size() - tail.size());
        QVERIFY(QString::fromStdString(printable(input.toStdString())).startsWith(start));
        QVERIFY(start.size() <= 4 * limit);  // an escape is up to 6 characters: \u202e
        QVERIFY(!start.endsWith(QLatin1Char('\\')));
    }

    void regularFilesOnly_data() {
        QTest::addColumn<QString>("kind");  // what the path is
        QTest::addColumn<QString>("why");
        QTest::newRow("FIFO") << "fifo"
                              << "not a regular file (a FIFO)";
        QTest::newRow("folder") << "folder"
                                << "not a regular file (a folder)";
        QTest::newRow("/dev/zero") << "zero"
                                   << "not a regular file (a device)";
        QTest::newRow("link to /dev/zero") << "zerolink"
                                           << "not a regular file (a device)";
        QTest::newRow("link loop") << "loop"
                                   << "cannot be read";
        QTest::newRow("missing") << "missing"
                                 << "cannot be read";
    }
    void regularFilesOnly() {
        QFETCH(QString, kind);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const QString p = dir.filePath("in.json");
        if (kind == "fifo") QCOMPARE(::mkfifo(p.toLocal8Bit().constData(), 0600), 0);
        if (kind == "folder") QVERIFY(QDir().mkdir(p));
        if (kind == "zerolink") QVERIFY(QFile::link("/dev/zero", p));
        if (kind == "loop") {
            QVERIFY(QFile::link(dir.filePath("other.json"), p));
            QVERIFY(QFile::link(p, dir.filePath("other.json")));
        }
        const std::string path = kind == "zero" ? "/dev/zero" : p.toStdString();
        for (auto k : {io::InputKind::Config, io::InputKind::Session, io::InputKind::Lesson}) {
            // A FIFO with no writer would block open() and /dev/zero would never end: both
            // return at once here.
            auto r = io::readInputFile(path, k);
            QVERIFY(!r);
            const std::string& m = r.error().message;
            QVERIFY2(m.find(why.toStdString()) != std::string::npos, m.c_str());
            QVERIFY2(m.starts_with(io::inputRule(k).what), m.c_str());
            QVERIFY(m.find('\n') == std::string::npos);
        }
    }

    void capsAndBudget_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("budget");
        QTest::addColumn<QString>("why");  // empty: read
        const auto cfg = int(io::InputKind::Config), les = int(io::InputKind::Lesson),
                   ses = int(io::InputKind::Session);
        QTest::newRow("config at its cap") << cfg << qint64(4 << 20) << -1.0 << "";
        QTest::newRow("config one byte past") << cfg << qint64((4 << 20) + 1) << -1.0
                                              << "more than the 4.0 MiB a config file may have";
        QTest::newRow("lesson past its cap")
            << les << qint64(5 << 20) << -1.0 << "more than the 4.0 MiB a lesson file may have";
        QTest::newRow("session of 10 MiB") << ses << qint64(10 << 20) << -1.0 << "";
        QTest::newRow("session past its cap")
            << ses << qint64(17 << 20) << -1.0 << "more than the 16.0 MiB a session file may have";
        QTest::newRow("budget of 1 KiB")
            << cfg << qint64(1500) << 1024.0 << "more than the memory budget of 1.0 KiB";
        QTest::newRow("budget enough") << cfg << qint64(1500) << 1e6 << "";
    }
    void capsAndBudget() {
        QFETCH(int, kind);
        QFETCH(qint64, bytes);
        QFETCH(double, budget);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const std::string path =
            write(dir.filePath("f.json"), std::string(static_cast<std::size_t>(bytes), ' '));
        auto r = io::readInputFile(path, static_cast<io::InputKind>(kind), budget);
        if (why.isEmpty()) {
            QVERIFY2(r, r ? "" : r.error().message.c_str());
            QCOMPARE(qint64(r->size()), bytes);
        } else {
            QVERIFY(!r);
            QVERIFY2(r.error().message.find(why.toStdString()) != std::string::npos,
                     r.error().message.c_str());
        }
    }

    void hostilePathIsEchoed() {
        QTemporaryDir dir;
        const QString name = QStringLiteral("a\x1b[31m\u202e") + QString(300, 'n') + ".json";
        auto r = io::readInputFile(dir.filePath(name).toStdString(), io::InputKind::Lesson);
        QVERIFY(!r);
        QVERIFY(shownSafely(QByteArray::fromStdString(r.error().message)));
        QVERIFY(r.error().message.size() < 400);
    }

    void jsonDepth_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("ok");
        auto nest = [](int depth, char open, char close, const std::string& inner) {
            return QByteArray::fromStdString(std::string(depth, open) + inner +
                                             std::string(depth, close));
        };
        QTest::newRow("flat object") << QByteArray(R"({"a": [1, 2, {"b": 3}]})") << true;
        QTest::newRow("64 arrays") << nest(64, '[', ']', "1") << true;
        QTest::newRow("65 arrays") << nest(65, '[', ']', "1") << false;
        QTest::newRow("65 objects") << QByteArray::fromStdString([] {
            std::string s;
            for (int i = 0; i < 65; ++i) s += "{\"k\":";
            return s + "1" + std::string(65, '}');
        }()) << false;
        QTest::newRow("100,000 deep (the review's N1)") << nest(100000, '[', ']', "") << false;
        QTest::newRow("unclosed 1,000,000") << QByteArray(1'000'000, '[') << false;
        QTest::newRow("brackets inside strings do not count")
            << QByteArray::fromStdString("{\"k\": \"" + std::string(1000, '[') + "\"}") << true;
        QTest::newRow("escaped quote keeps the string open")
            << QByteArray::fromStdString("{\"k\": \"\\\"" + std::string(1000, '{') + "\"}") << true;
    }
    void jsonDepth() {
        QFETCH(QByteArray, text);
        QFETCH(bool, ok);
        const Status st = io::checkJsonDepth(text.toStdString(), "config");
        QCOMPARE(st.ok(), ok);
        if (!ok) QVERIFY(st.error().message.starts_with("config: nested more than 64 levels"));
    }
};

QTEST_GUILESS_MAIN(TestInputFile)
#include "tst_input_file.moc"
