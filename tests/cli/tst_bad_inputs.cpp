// Bad input at scale (issue 14 item 5): a table of hostile inputs beyond tst_cli's — NaN, inf,
// -0, 1e308, huge integers and empty strings for every parameter type; repeated and unknown keys;
// unicode and spaces in paths; outputs that cannot be written; truncated, lying, big-endian,
// Fortran-order and wrong-dtype .npy files; corrupt, truncated and future lessons, and lessons
// naming unknown views. Each must exit 2 with one line naming the problem (no raw newline from
// the input), print nothing on stdout, write nothing, and leave an existing output untouched.
// (Sessions are GUI documents: their corrupt, truncated and future-version files are refused in
// tests/ui/tst_session.cpp and tst_session_recovery.cpp.)
#include <QDir>
#include <QFile>
#include <QtTest>

#include "tests/cli/cli_test_util.h"

using namespace poslab;
using poslab::test::Run;

namespace {

// A .npy v1.0 file: magic, version, header length, the header dict padded with spaces to a
// multiple of 64 and ended by a newline, then the data.
QByteArray npy(const QByteArray& dict, const QByteArray& data, char major = 1) {
    QByteArray header = dict;
    const int prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY", 6);
    out += major;
    out += '\0';
    const auto len = static_cast<quint32>(header.size());
    out += static_cast<char>(len & 0xFF);
    out += static_cast<char>((len >> 8) & 0xFF);
    if (major != 1) {
        out += static_cast<char>((len >> 16) & 0xFF);
        out += static_cast<char>((len >> 24) & 0xFF);
    }
    return out + header + data;
}

QByteArray doubles(int count) {
    QByteArray b(count * 8, '\0');
    for (int i = 0; i < count; ++i) {
        const double one = 1.0;
        std::memcpy(b.data() + 8 * i, &one, 8);
    }
    return b;
}

}  // namespace

class TstBadInputs : public QObject, public test::CliFixture {
    Q_OBJECT

    QString file(const QString& name, const QByteArray& content) {
        const QString p = path(name);
        QFile f(p);
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate)) f.write(content);
        return p;
    }

    // Rows of refused_data, by kind of input.
    void keyAndPathRows() {
        const QByteArray none;
        auto exportRope = [](QStringList more) {
            return QStringList{"export", "rope", "decay"} + more;
        };
        QTest::newRow("repeated key")
            << exportRope({"-p", "d=64", "-p", "d=32"}) << "twice" << none;
        QTest::newRow("unknown key") << exportRope({"-p", "dim=64"}) << "'dim'" << none;
        QTest::newRow("key with a space") << exportRope({"-p", " d=64"}) << "' d'" << none;
        QTest::newRow("empty key") << exportRope({"-p", "=64"}) << "KEY=VALUE" << none;
        QTest::newRow("key case") << exportRope({"-p", "D=64"}) << "'D'" << none;
        // Paths.
        QTest::newRow("unicode path missing")
            << QStringList{"export", "rope", "rotated", "-p", "input=/tmp/位置 编码/x.npy"}
            << "位置 编码" << none;
        QTest::newRow("a directory as input")
            << QStringList{"export", "rope", "rotated", "-p", "input=/tmp"} << "'input'" << none;
        QTest::newRow("/dev/zero as input")
            << QStringList{"export", "rope", "rotated", "-p", "input=/dev/zero"} << "'input'"
            << none;
        QTest::newRow("list .npy missing")
            << exportRope({"-p", "scaling=longrope", "-p", "short_factor=/no/such.npy", "-p",
                           "long_factor=1,2"})
            << "short_factor" << none;
    }

    // KERPLE's and Sandwich's constraints (spec part 2, "Constraints and errors").
    void biasRows() {
        const QByteArray none;
        auto kerple = [](QStringList more) {
            return QStringList{"export", "kerple", "bias", "-p", "heads=3"} + more;
        };
        QTest::newRow("kerple r1 of 2 for 3 heads") << kerple({"-p", "r1=1,2"}) << "'r1'" << none;
        QTest::newRow("kerple r2 of 4 for 3 heads")
            << kerple({"-p", "r2=1,1,1,1"}) << "4 values for heads = 3" << none;
        QTest::newRow("kerple power r2 > 2")
            << kerple({"-p", "variant=power", "-p", "r2=2.5"}) << "'r2'" << none;
        QTest::newRow("kerple r1 0") << kerple({"-p", "r1=0"}) << "'r1'" << none;
        QTest::newRow("kerple r2 nan") << kerple({"-p", "r2=1,nan,1"}) << "'r2'" << none;
        QTest::newRow("kerple alibi with log")
            << kerple({"-p", "init=alibi", "-p", "variant=log"}) << "'init'" << none;
        QTest::newRow("kerple r1 .npy of 5 for 3 heads")
            << kerple({"-p", "r1={in}"}) << "5 values for heads = 3"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (5,), }", doubles(5));
        QTest::newRow("kerple r2 .npy 2-D")
            << kerple({"-p", "r2={in}"}) << "'r2'"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3, 1), }", doubles(3));
        QTest::newRow("kerple over the memory budget")
            << kerple({"-p", "n=1048576"}) << "memory budget" << none;
        QTest::newRow("sandwich odd d")
            << QStringList{"export", "sandwich", "bias", "-p", "d=63"} << "'d'" << none;
        QTest::newRow("sandwich max_distance -1")
            << QStringList{"export", "sandwich", "profile", "-p", "max_distance=-1"}
            << "'max_distance'" << none;
        QTest::newRow("sandwich over the memory budget")
            << QStringList{"export", "sandwich", "bias", "-p", "heads=64", "-p", "n=1048576"}
            << "memory budget" << none;
    }

    // .npy inputs (rope rotated, n 4, d 8).
    void npyRows() {
        const QStringList rotated = {"export", "rope", "rotated", "-p",        "n=4",
                                     "-p",     "d=8",  "-p",      "input={in}"};
        const QByteArray shape = "'shape': (4, 8), }";
        QTest::newRow("npy empty file") << rotated << "'input'" << QByteArray();
        QTest::newRow("npy wrong magic") << rotated << "'input'" << QByteArray("\x93NUMPZ\x01\x00");
        QTest::newRow("npy truncated data")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, " + shape, doubles(31));
        QTest::newRow("npy lying shape")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (400, 8), }", doubles(32));
        QTest::newRow("npy big-endian")
            << rotated << "'input'"
            << npy("{'descr': '>f8', 'fortran_order': False, " + shape, doubles(32));
        QTest::newRow("npy fortran order")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': True, " + shape, doubles(32));
        QTest::newRow("npy complex")
            << rotated << "'input'"
            << npy("{'descr': '<c16', 'fortran_order': False, " + shape, doubles(64));
        QTest::newRow("npy object dtype")
            << rotated << "'input'"
            << npy("{'descr': '|O', 'fortran_order': False, " + shape, doubles(32));
        QTest::newRow("npy negative shape")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (-4, 8), }", doubles(32));
        QTest::newRow("npy shape of words")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4, x), }", doubles(32));
        QTest::newRow("npy duplicate descr")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'descr': '<i8', 'fortran_order': False, " + shape,
                   doubles(32));
        QTest::newRow("npy missing shape")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, }", doubles(32));
        QTest::newRow("npy unknown version")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, " + shape, doubles(32), 9);
        QTest::newRow("npy nan data")
            << rotated << "'input'"
            << npy("{'descr': '<f8', 'fortran_order': False, " + shape, QByteArray(256, '\xff'));
    }

    void outputRows() {
        const QByteArray none;
        QTest::newRow("output /dev/full")
            << QStringList{"export", "rope", "decay", "-o", "/dev/full"} << "/dev/full" << none;
        QTest::newRow("output in /proc")
            << QStringList{"export", "rope", "decay", "-o", "/proc/self/x.npy"} << "x.npy" << none;
        QTest::newRow("output a directory")
            << QStringList{"export", "rope", "decay", "-o", "/tmp"} << "/tmp" << none;
        QTest::newRow("output no extension")
            << QStringList{"export", "rope", "decay", "-o", "{dir}/noext"} << "noext" << none;
        QTest::newRow("render to .gif")
            << QStringList{"render", "rope/decay", "-o", "{dir}/x.gif"} << ".gif" << none;
        QTest::newRow("render size 0x0")
            << QStringList{"render", "rope/decay", "--size", "0x0"} << "--size" << none;
        QTest::newRow("render size huge")
            << QStringList{"render", "rope/decay", "--size", "100000x100000"} << "--size" << none;
        QTest::newRow("render dpi nan")
            << QStringList{"render", "rope/decay", "--dpi", "nan"} << "--dpi" << none;
        QTest::newRow("render unknown view")
            << QStringList{"render", "rope/nope"} << "rope/nope" << none;
    }

    void lessonRows() {
        const QStringList deck = {"render", "--lesson", "{in}"};
        QTest::newRow("lesson not json")
            << deck << "not valid JSON" << QByteArray("{\"format\": 1,");
        QTest::newRow("lesson empty") << deck << "not valid JSON" << QByteArray();
        QTest::newRow("lesson future format")
            << deck << "format"
            << QByteArray(R"({"format": 99, "id": "x", "title": {"en": "x", "zh": "x"},
                "steps": [{"view": "rope/decay", "title": {"en": "a", "zh": "a"},
                           "caption": {"en": "a", "zh": "a"}}]})");
        QTest::newRow("lesson unknown view")
            << deck << "rope/nope"
            << QByteArray(R"({"format": 1, "id": "x", "title": {"en": "x", "zh": "x"},
                "steps": [{"view": "rope/nope", "title": {"en": "a", "zh": "a"},
                           "caption": {"en": "a", "zh": "a"}}]})");
        QTest::newRow("lesson bad parameter")
            << deck << "'d'"
            << QByteArray(R"({"format": 1, "id": "x", "title": {"en": "x", "zh": "x"},
                "steps": [{"view": "rope/decay", "params": {"d": "63"},
                           "title": {"en": "a", "zh": "a"}, "caption": {"en": "a", "zh": "a"}}]})");
        QTest::newRow("lesson no steps")
            << deck << "steps"
            << QByteArray(R"({"format": 1, "id": "x", "title": {"en": "x", "zh": "x"},
                "steps": []})");
    }
    // CoPE and NoPE (issue 26, encodings_next.md E6, E8 and its constraints).
    void copeNopeRows() {
        const QByteArray none;
        auto cope = [](QStringList more) {
            return QStringList{"export", "cope", "positions", "-p", "gate_mode=pattern"} + more;
        };
        auto nope = [](QStringList more) {
            return QStringList{"export", "nope", "prefix_mean"} + more;
        };
        QByteArray outOfRange(24, '\0');  // 0, 2, 1: item 1 outside [0, 1]
        const double items[] = {0.0, 2.0, 1.0};
        std::memcpy(outOfRange.data(), items, sizeof items);
        const QByteArray list = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
        QTest::newRow("cope pattern item > 1")
            << cope({"-p", "pattern=0,0,1.5"}) << "item 2" << none;
        QTest::newRow("cope pattern item < 0")
            << cope({"-p", "pattern=-1,1"}) << "'pattern'" << none;
        QTest::newRow("cope pattern nan item")
            << cope({"-p", "pattern=nan"}) << "'pattern'" << none;
        QTest::newRow("cope pattern empty") << cope({"-p", "pattern="}) << "'pattern'" << none;
        QTest::newRow("cope pattern .npy item > 1")
            << cope({"-p", "pattern={in}"}) << "item 1" << npy(list, outOfRange);
        QTest::newRow("cope npos_max < 0") << cope({"-p", "npos_max=-1"}) << "'npos_max'" << none;
        QTest::newRow("cope d 0") << cope({"-p", "d=0"}) << "'d'" << none;
        QTest::newRow("cope q 1-D") << cope({"-p", "q={in}"}) << "'q'" << npy(list, doubles(3));
        QTest::newRow("cope weights of another width")
            << cope({"-p", "weights={in}"}) << "'weights'"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (65, 3), }", doubles(195));
        QTest::newRow("nope input 1-D")
            << nope({"-p", "input={in}"}) << "'input'" << npy(list, doubles(3));
        QTest::newRow("nope precision")
            << nope({"-p", "precision=bfloat8"}) << "'precision'" << none;
        QTest::newRow("nope d 0") << nope({"-p", "d=0"}) << "'d'" << none;
    }
    // ReRoPE (spec E7, "Constraints and errors").
    void reropeRows() {
        const QByteArray none;
        auto rerope = [](QStringList more) {
            return QStringList{"export", "rerope", "scores", "-p", "n=8", "-p", "d=8"} + more;
        };
        QTest::newRow("rerope window < 0") << rerope({"-p", "window=-1"}) << "'window'" << none;
        QTest::newRow("rerope leaky factor < 1")
            << rerope({"-p", "variant=leaky", "-p", "factor=0.5"}) << "'factor'" << none;
        QTest::newRow("rerope log_scale with L 1")
            << rerope({"-p", "log_scale=true", "-p", "original_max_position=1"})
            << "'original_max_position'" << none;
        QTest::newRow("rerope d odd") << rerope({"-p", "d=7"}) << "'d'" << none;
        QTest::newRow("rerope q of the wrong length")
            << rerope({"-p", "q={in}"}) << "'q'"
            << npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", doubles(3));
    }
    // FIRE (spec E4): the MLP files all four or none, their shapes, c, threshold, offset, the
    // budget. {in} is a 1-D (4) array: fine for w1 and b1, not for w2.
    void fireRows() {
        const QStringList bias = {"export", "fire", "bias"};
        const QByteArray vec4 =
            npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", doubles(4));
        QTest::newRow("fire b2 missing")
            << bias + QStringList{"-p", "w1={in}", "-p", "b1={in}", "-p", "w2={in}"}
            << "parameter 'b2': missing" << vec4;
        QTest::newRow("fire w2 of the wrong shape")
            << bias +
                   QStringList{"-p", "w1={in}", "-p", "b1={in}", "-p", "w2={in}", "-p", "b2={in}"}
            << "parameter 'w2'" << vec4;
        QTest::newRow("fire c 0") << bias + QStringList{"-p", "c=0"} << "'c'" << QByteArray();
        QTest::newRow("fire threshold 0")
            << bias + QStringList{"-p", "threshold=0"} << "'threshold'" << QByteArray();
        QTest::newRow("fire offset -1")
            << bias + QStringList{"-p", "offset=-1"} << "'offset'" << QByteArray();
        QTest::newRow("fire over the budget")
            << bias + QStringList{"-p", "n=1000000", "-p", "heads=64"} << "memory budget"
            << QByteArray();
    }

private slots:
    void initTestCase() { QVERIFY2(ready(), "POSLAB_BIN (set by CTest) is not the poslab binary"); }

    // {in}: the row's input file, {out}: the output (an existing file with known contents).
    void refused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::addColumn<QByteArray>("input");  // contents of {in}, if used
        const QByteArray none;
        auto exportRope = [](QStringList more) {
            return QStringList{"export", "rope", "decay"} + more;
        };
        // Numbers and words for every parameter type.
        const struct {
            const char* tag;
            const char* kv;
            const char* mentions;
        } values[] = {
            {"int nan", "n=nan", "'n'"},
            {"int inf", "n=inf", "'n'"},
            {"int -0 (below the range)", "n=-0", "'n'"},
            {"int 1e308", "n=1e308", "'n'"},
            {"int huge", "n=99999999999999999999999", "out of range"},
            {"int empty", "n=", "'n'"},
            {"int negative", "max_distance=-5", "'max_distance'"},
            {"int hex", "n=0x40", "'n'"},
            {"int with a space", "n= 64", "'n'"},
            {"int fullwidth digits", "n=\xef\xbc\x96\xef\xbc\x94", "'n'"},
            {"int 1e3 written as real", "n=1e3", "'n'"},
            {"real nan", "base=nan", "'base'"},
            {"real inf", "base=inf", "'base'"},
            {"real -inf", "base=-inf", "'base'"},
            {"real -0", "base=-0", "'base'"},
            {"real 1e308 over range", "base=1e308", "'base'"},
            {"real overflow", "base=1e309", "'base'"},
            {"real underflow", "base=1e-400", "'base'"},
            {"real empty", "base=", "'base'"},
            {"real hex float", "base=0x1p4", "'base'"},
            {"real trailing garbage", "base=1e4abc", "'base'"},
            {"real comma decimal", "base=10000,5", "'base'"},
            {"bool empty", "truncate=", "'truncate'"},
            {"bool upper case", "truncate=TRUE", "'truncate'"},
            {"bool digit", "truncate=1", "'truncate'"},
            {"enum empty", "pairing=", "'pairing'"},
            {"enum wrong case", "pairing=Half", "'pairing'"},
            {"enum with a tab", "scaling=yarn\t", "'scaling'"},
            {"list empty item", "short_factor=1,,2", "'short_factor'"},
            {"list nan item", "short_factor=1,nan", "'short_factor'"},
            {"list inf item", "short_factor=1,inf", "'short_factor'"},
            {"list negative item", "short_factor=1,-2", "'short_factor'"},
            {"list of one comma", "short_factor=,", "'short_factor'"},
            {"real out of (0, 1]", "partial_rotary_factor=1.5", "'partial_rotary_factor'"},
            {"real zero exclusive", "partial_rotary_factor=0", "'partial_rotary_factor'"},
            {"window reversed", "window_start=10", "'window_end'"},
        };
        for (const auto& v : values) {
            QStringList args = exportRope({"-p", v.kv});
            if (QString(v.tag) == "window reversed")
                args << "-p"
                     << "window_end=5";
            QTest::newRow(v.tag) << args << QString::fromUtf8(v.mentions) << none;
        }
        keyAndPathRows();
        biasRows();
        npyRows();
        outputRows();
        lessonRows();
        copeNopeRows();
        reropeRows();
        fireRows();
    }

    void refused() {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        QFETCH(QByteArray, input);
        const bool render = args.first() == "render";
        const bool deck = args.contains("--lesson");
        const QString out = path(deck ? "deck.pdf" : render ? "figure.png" : "out.npy");
        const QString in = file("input.bin", input);
        QStringList full;
        for (QString a : args) full << a.replace("{in}", in).replace("{dir}", folder());
        if (!full.contains("-o")) full << "-o" << out;
        QFile::remove(out);
        QVERIFY(QFile(out).open(QIODevice::WriteOnly));
        {
            QFile f(out);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("existing output");
        }
        const QStringList before = QDir(folder()).entryList(QDir::Files | QDir::Hidden);
        const Run r = test::runPoslab(full);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
        QCOMPARE(QDir(folder()).entryList(QDir::Files | QDir::Hidden), before);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("existing output"));
    }
};

QTEST_GUILESS_MAIN(TstBadInputs)
#include "tst_bad_inputs.moc"
