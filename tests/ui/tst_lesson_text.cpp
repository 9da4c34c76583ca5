// The texts of the shipped lessons (issue 13 item 1): every lesson title, step title and caption,
// in English and Chinese, is prose with its mathematics written as TeX inside $...$ (read by
// MathText). Each one must parse, and the prose left when every $...$ is taken out must hold no
// maths written as plain text: no raw TeX (hasRawTex), no pseudo-TeX ("θ_j", "base^(−t)",
// "Pᵀ"), no Greek letters, Unicode super- and subscripts, maths operators or "1e-16" numbers.
// The files are read from the source tree (POSLAB_SOURCE_DIR, set by ctest), as tst_lessons does.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include "ui/math/math_text.h"

using namespace poslab::ui::math;

namespace {

QString lessonDir() {
    const QString root = qEnvironmentVariable("POSLAB_SOURCE_DIR");
    return root.isEmpty() ? QString() : root + QStringLiteral("/resources/lessons");
}

QStringList lessonFiles() {
    const QString dir = lessonDir();
    return dir.isEmpty() ? QStringList()
                         : QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

// The text with every $...$ (and $$...$$) replaced by a space; "\$" is a literal dollar and
// stays out of the maths. An unclosed "$" leaves the rest as prose (MathText reports it).
QString proseOf(const QString& text) {
    QString out;
    bool inMath = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\\' && i + 1 < text.size() && text.at(i + 1) == u'$') {
            if (!inMath) out += u'$';
            ++i;
        } else if (c == u'$') {
            if (i + 1 < text.size() && text.at(i + 1) == u'$') ++i;
            inMath = !inMath;
            out += u' ';
        } else if (!inMath) {
            out += c;
        }
    }
    return out;
}

// Maths written as plain text in prose: what the lessons used before they were typeset.
struct PseudoMath {
    const char* what;
    QRegularExpression re;
};

const std::vector<PseudoMath>& pseudoMath() {
    static const std::vector<PseudoMath> list = [] {
        const auto re = [](const char* p) { return QRegularExpression(QString::fromUtf8(p)); };
        return std::vector<PseudoMath>{
            {"a TeX command or backslash", re(R"(\\)")},
            {"a sub- or superscript mark (_{ ^ ...)", re(R"(_\{|\^)")},
            {"an index written x_j", re(R"((?<![A-Za-z])[A-Za-z]_[A-Za-z0-9](?![A-Za-z0-9]))")},
            {"a Greek letter", re("[\u0370-\u03FF]")},
            {"a Unicode super- or subscript (², ᵀ, ₀ ...)",
             re("[\u00B2\u00B3\u00B9\u1D40\u2070-\u209F]")},
            {"a maths operator (− × ± · ≈ ≤ ≥ √ ∫ ½ ⟨ ⟩ ...)",
             re("[\u2212\u00D7\u00B1\u00B7\u00BD\u2200-\u22FF\u27E8\u27E9]")},
            {"a number written 1e-16", re(R"(\b\d+(\.\d+)?e[-+−]?\d+\b)")},
        };
    }();
    return list;
}

}  // namespace

class TestLessonText : public QObject {
    Q_OBJECT

private slots:
    // The rows below come from these files; an empty folder must not pass silently.
    void lessonsFound() {
        QVERIFY2(!lessonDir().isEmpty(), "POSLAB_SOURCE_DIR is not set (ctest sets it)");
        QVERIFY2(lessonFiles().size() >= 7, qPrintable(lessonDir()));
    }

    // One row per lesson file x (lesson title | step) x language: the row's title and caption.
    void texts_data() {
        QTest::addColumn<QStringList>("texts");
        for (const QString& file : lessonFiles()) {
            QFile f(lessonDir() + u'/' + file);
            if (!f.open(QIODevice::ReadOnly)) {
                QTest::newRow(qPrintable(file + QStringLiteral(" unreadable"))) << QStringList();
                continue;
            }
            const QJsonObject lesson = QJsonDocument::fromJson(f.readAll()).object();
            const QJsonArray steps = lesson.value(QStringLiteral("steps")).toArray();
            for (const char* lang : {"en", "zh"}) {
                const QString l = QLatin1String(lang);
                const auto text = [&l](const QJsonObject& o, const char* key) {
                    return o.value(QLatin1String(key)).toObject().value(l).toString();
                };
                QTest::newRow(qPrintable(QStringLiteral("%1 lesson %2").arg(file, l)))
                    << QStringList{text(lesson, "title")};
                for (int i = 0; i < steps.size(); ++i) {
                    const QJsonObject s = steps[i].toObject();
                    const QString row = QStringLiteral("%1 step %2 %3").arg(file).arg(i + 1).arg(l);
                    QTest::newRow(qPrintable(row))
                        << QStringList{text(s, "title"), text(s, "caption")};
                }
            }
        }
    }

    void texts() {
        QFETCH(QStringList, texts);
        QVERIFY2(!texts.isEmpty(), "the file could not be read");
        for (const QString& text : texts) {
            QVERIFY2(!text.trimmed().isEmpty(), "empty title or caption");
            const MathText m(text);
            QVERIFY2(m.isValid(), qPrintable(m.error() + QStringLiteral("\n  in: ") + text));
            const QString prose = proseOf(text);
            QVERIFY2(!hasRawTex(prose),
                     qPrintable(QStringLiteral("raw TeX in the prose: ") + prose));
            for (const PseudoMath& p : pseudoMath()) {
                const QRegularExpressionMatch hit = p.re.match(prose);
                QVERIFY2(!hit.hasMatch(),
                         qPrintable(QStringLiteral("%1 outside $...$: \"%2\" in: %3")
                                        .arg(QString::fromUtf8(p.what), hit.captured(0), text)));
            }
        }
    }

    // The checks above catch what they are meant to catch (each row can fail).
    void checksBite_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<bool>("clean");
        QTest::newRow("typeset")
            << QStringLiteral("angle $m\\theta_j$ with $\\theta_j = \\mathrm{base}^{-2j/d}$")
            << true << true;
        QTest::newRow("literal dollar") << QStringLiteral("costs \\$5, $x^2$") << true << true;
        QTest::newRow("identifier")
            << QStringLiteral("uses short_factor and inv_freq") << true << true;
        QTest::newRow("unclosed") << QStringLiteral("angle $m\\theta_j") << false << true;
        QTest::newRow("bad TeX") << QStringLiteral("angle $\\frac{m}$") << false << true;
        QTest::newRow("pseudo index") << QStringLiteral("angle mθ_j") << true << false;
        QTest::newRow("pseudo power") << QStringLiteral("base^(−2j/d)") << true << false;
        QTest::newRow("raw TeX outside") << QStringLiteral("R_{k-m} and $x$") << true << false;
        QTest::newRow("transpose") << QStringLiteral("P Pᵀ") << true << false;
        QTest::newRow("x_j") << QStringLiteral("pair x_j") << true << false;
        QTest::newRow("minus") << QStringLiteral("about −35") << true << false;
        QTest::newRow("e-notation") << QStringLiteral("near 2e-13") << true << false;
        QTest::newRow("greek in zh") << QStringLiteral("每个 θ 都除以 4") << true << false;
    }

    void checksBite() {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(bool, clean);
        QCOMPARE(MathText(text).isValid(), valid);
        const QString prose = proseOf(text);
        bool found = hasRawTex(prose);
        for (const PseudoMath& p : pseudoMath()) found = found || p.re.match(prose).hasMatch();
        QCOMPARE(!found, clean);
    }
};

QTEST_MAIN(TestLessonText)
#include "tst_lesson_text.moc"
