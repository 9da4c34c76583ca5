// A parameter sweep's values (core/params/sweep.h, issue 25 item 10): the option's text, log
// sweeps with equal ratios and exact ends, linear sweeps with equal steps, integers rounded with
// their repeats kept, N = 2 giving exactly the ends, and every bad sweep refused in one line
// that names the parameter or the option.
#include <QtTest>
#include <cmath>

#include "core/params/sweep.h"

using namespace poslab::core;

namespace {

ParamSpec baseSpec() {
    return realParam("base", 10000).range(1, 1e300).exclusiveMin().log();
}
ParamSpec dSpec() {
    return intParam("d", 64).range(2, 65536);
}
ParamSpec factorSpec() {
    return realParam("factor", 1).range(1, 1000);
}
ParamSpec roundSpec() {
    return intParam("n", 8).range(1, 100).log();
}

ParamSpec specNamed(const QString& name) {
    if (name == "base") return baseSpec();
    if (name == "d") return dSpec();
    if (name == "n") return roundSpec();
    if (name == "pairing") return enumParam("pairing", {"interleaved", "half"});
    if (name == "truncate") return boolParam("truncate", true);
    return factorSpec();
}

double number(const ParamValue& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    return std::get<double>(v);
}

}  // namespace

class TstSweep : public QObject {
    Q_OBJECT

private slots:
    void parses_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<int>("mode");  // -1: none, 0: log, 1: linear
        QTest::newRow("default mode") << "base=10000:500000"
                                      << "base"
                                      << "10000"
                                      << "500000" << -1;
        QTest::newRow("log") << "base=1e4:5e5:log"
                             << "base"
                             << "1e4"
                             << "5e5" << 0;
        QTest::newRow("linear") << "d=16:128:linear"
                                << "d"
                                << "16"
                                << "128" << 1;
        QTest::newRow("negative") << "x=-1:2"
                                  << "x"
                                  << "-1"
                                  << "2" << -1;
    }
    void parses() {
        QFETCH(QString, text);
        const auto s = parseSweep(text.toStdString());
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QFETCH(QString, key);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(int, mode);
        QCOMPARE(QString::fromStdString(s->key), key);
        QCOMPARE(QString::fromStdString(s->fromText), from);
        QCOMPARE(QString::fromStdString(s->toText), to);
        QCOMPARE(s->mode.has_value() ? static_cast<int>(*s->mode) : -1, mode);
    }

    void logHasEqualRatios_data() {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("frames");
        QTest::newRow("base up") << 1e4 << 5e5 << 60;
        QTest::newRow("down") << 1e6 << 2.0 << 7;
        QTest::newRow("two") << 3.0 << 7.0 << 2;
        QTest::newRow("wide") << 1.5 << 1e200 << 600;
    }
    void logHasEqualRatios() {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, frames);
        const auto v = interpolate(from, to, frames, SweepMode::Log);
        QCOMPARE(int(v.size()), frames);
        QCOMPARE(v.front(), from);  // exact, not within a tolerance
        QCOMPARE(v.back(), to);
        const double ratio = std::pow(to / from, 1.0 / (frames - 1));
        for (int i = 1; i < frames; ++i)
            QVERIFY2(std::abs(v[i] / v[i - 1] / ratio - 1) < 1e-12, qPrintable(QString::number(i)));
    }

    // The frames' reals read well (6 significant digits: each within 5e-6 of the exact
    // geometric value) and still step by one ratio to 1e-5.
    void realFramesAreReadable() {
        const auto v = sweepValues(*parseSweep("base=10000:500000"), baseSpec(), 30);
        QVERIFY(v.ok());
        QCOMPARE(std::get<double>(v->front()), 10000.0);
        QCOMPARE(std::get<double>(v->back()), 500000.0);
        const double ratio = std::pow(50.0, 1.0 / 29);
        for (std::size_t i = 1; i < v->size(); ++i) {
            const double x = std::get<double>((*v)[i]);
            QVERIFY(std::abs(x / std::get<double>((*v)[i - 1]) / ratio - 1) < 1e-5);
            QVERIFY2(formatValue(x).size() <= 7, formatValue(x).c_str());  // "12742.7"
        }
    }

    void linearHasEqualSteps() {
        const auto v = interpolate(-3, 5, 9, SweepMode::Linear);
        QCOMPARE(int(v.size()), 9);
        for (int i = 0; i < 9; ++i) QCOMPARE(v[i], -3.0 + i);
    }

    void values_data() {
        QTest::addColumn<QString>("sweep");
        QTest::addColumn<int>("frames");
        QTest::addColumn<QVector<double>>("expected");
        QTest::addColumn<bool>("integers");
        QTest::newRow("base, log by its slider")
            << "base=100:10000" << 3 << QVector<double>{100, 1000, 10000} << false;
        QTest::newRow("base, linear asked")
            << "base=100:300:linear" << 3 << QVector<double>{100, 200, 300} << false;
        QTest::newRow("factor, linear by its slider")
            << "factor=1:2" << 5 << QVector<double>{1, 1.25, 1.5, 1.75, 2} << false;
        QTest::newRow("d rounded") << "d=2:5" << 4 << QVector<double>{2, 3, 4, 5} << true;
        // 8^(i/6) = 1, 1.41, 2, 2.83, 4, 5.66, 8: rounded, the first two are both 1, both kept.
        QTest::newRow("n log, repeats kept")
            << "n=1:8" << 7 << QVector<double>{1, 1, 2, 3, 4, 6, 8} << true;
        QTest::newRow("two frames: the ends")
            << "d=2:65536" << 2 << QVector<double>{2, 65536} << true;
    }
    void values() {
        QFETCH(QString, sweep);
        QFETCH(int, frames);
        QFETCH(QVector<double>, expected);
        QFETCH(bool, integers);
        const auto s = parseSweep(sweep.toStdString());
        QVERIFY(s.ok());
        const auto v = sweepValues(*s, specNamed(QString::fromStdString(s->key)), frames);
        QVERIFY2(v.ok(), v.ok() ? "" : v.error().message.c_str());
        QCOMPARE(int(v->size()), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(std::holds_alternative<std::int64_t>((*v)[i]), integers);
            QVERIFY2(std::abs(number((*v)[i]) - expected[i]) <= 1e-9 * std::abs(expected[i]),
                     qPrintable(QString("frame %1: %2").arg(i).arg(number((*v)[i]))));
        }
    }

    void refuses_data() {
        QTest::addColumn<QString>("sweep");
        QTest::addColumn<int>("frames");
        QTest::addColumn<QString>("says");
        QTest::newRow("no =") << "base" << 10 << "option '--sweep' = base: expected";
        QTest::newRow("one end") << "base=100" << 10 << "expected KEY=FROM:TO";
        QTest::newRow("empty end") << "base=100:" << 10 << "expected KEY=FROM:TO";
        QTest::newRow("mode word") << "base=1:2:cubic" << 10 << "unknown mode 'cubic'";
        QTest::newRow("from out of range") << "base=1:100" << 10 << "parameter 'base' = 1:";
        QTest::newRow("to out of range") << "factor=1:2000" << 10 << "parameter 'factor' = 2000";
        QTest::newRow("not a number") << "base=1e4:lots" << 10 << "parameter 'base' = 'lots'";
        QTest::newRow("integer given a fraction") << "d=2:64.5" << 10 << "parameter 'd' = '64.5'";
        QTest::newRow("an enum") << "pairing=1:2" << 10 << "not a number (enum)";
        QTest::newRow("a bool") << "truncate=0:1" << 10 << "not a number (bool)";
        QTest::newRow("one frame") << "base=10:100" << 1 << "option '--frames' = 1";
        QTest::newRow("too many frames") << "base=10:100" << 601 << "option '--frames' = 601";
        QTest::newRow("equal ends") << "base=10:10" << 5 << "FROM and TO are equal";
        QTest::newRow("log asked, linear slider") << "factor=1:2:log" << 5 << "";  // allowed
    }
    void refuses() {
        QFETCH(QString, sweep);
        QFETCH(int, frames);
        QFETCH(QString, says);
        const auto s = parseSweep(sweep.toStdString());
        std::string message;
        if (!s) {
            message = s.error().message;
        } else {
            const auto v = sweepValues(*s, specNamed(QString::fromStdString(s->key)), frames);
            if (!v) message = v.error().message;
        }
        if (says.isEmpty()) {
            QVERIFY2(message.empty(), message.c_str());
            return;
        }
        QVERIFY2(QString::fromStdString(message).contains(says), message.c_str());
        QVERIFY(message.find('\n') == std::string::npos);
    }

    void logNeedsPositiveEnds() {
        const ParamSpec x = realParam("x", 0).range(-10, 10).log();
        const auto v = sweepValues(*parseSweep("x=-1:5"), x, 4);
        QVERIFY(!v.ok());
        QVERIFY(QString::fromStdString(v.error().message)
                    .contains("a log sweep needs FROM and TO > 0"));
        QVERIFY(sweepValues(*parseSweep("x=-1:5:linear"), x, 4).ok());
    }
};

QTEST_APPLESS_MAIN(TstSweep)
#include "tst_sweep.moc"
