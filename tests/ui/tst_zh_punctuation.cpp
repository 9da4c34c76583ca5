// Full-width punctuation in Chinese (issue 25 item 8): in the Chinese strings of the catalogue
// (resources/views.json), of every lesson (resources/lessons/*.json) and of the translations
// (the <translation> texts of resources/translations/poslab_zh_CN.ts), no half-width , : ; ( ) ? !
// stands next to a Chinese character (or next to one past a single space): Chinese text takes
// ， ： ； （ ） ？ ！. Left alone, as scripts/zh-punctuation (which converts) leaves them: TeX
// ($...$, \(...\), \[...\] and every "formula" or "tex" field), %1 placeholders, HTML tags and
// entities, URLs, mnemonics "(&F)", file filters "(*.png);;", key sequences "Ctrl+E", and the
// closing bracket of a call ("cos(x)的"). The files are read from the source tree
// (POSLAB_SOURCE_DIR, set by ctest), as tst_lesson_text does.
#include <algorithm>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

namespace {

QString sourceDir() {
    return qEnvironmentVariable("POSLAB_SOURCE_DIR");
}

bool isHan(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x3400 && u <= 0x9FFF) || (u >= 0xF900 && u <= 0xFAFF);
}

// A Chinese character or Chinese (full-width) punctuation.
bool isZh(QChar c) {
    const char16_t u = c.unicode();
    return isHan(c) || (u >= 0x3000 && u <= 0x303F) || (u >= 0xFF00 && u <= 0xFF65) ||
           QStringView(u"“”‘’…—").contains(c);
}

// What is not prose: TeX, tags, entities, URLs, mnemonics, file filters, keys, placeholders.
const QRegularExpression& protectedSpans() {
    static const QRegularExpression re(
        QStringLiteral(R"(\$\$.*?\$\$|(?<!\\)\$(?:\\.|[^$\\])*\$|\\\(.*?\\\)|\\\[.*?\\\])"
                       R"(|&lt;.*?&gt;|<[^<>]*>|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);)"
                       R"(|(?:https?|ftp|file)://[^\s<>"]+|www\.[^\s<>"]+)"
                       R"(|\((?:&amp;|&)[^&\s]\)|\(\*[^()]*\)|;;)"
                       R"(|\b(?:Ctrl|Shift|Alt|Meta|Cmd)\+(?:(?:Ctrl|Shift|Alt|Meta)\+)*[^\s，。])"
                       R"(|%L?\d+|%n|`[^`]*`)"),
        QRegularExpression::DotMatchesEverythingOption);
    return re;
}

// The half-width marks next to Chinese in one text, each shown in its context; empty when clean.
QStringList halfWidthNextToChinese(const QString& text) {
    QList<bool> masked(text.size(), false);
    for (auto it = protectedSpans().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        for (qsizetype i = m.capturedStart(); i < m.capturedEnd(); ++i) masked[i] = true;
    }
    const auto at = [&text](qsizetype i) {
        return i >= 0 && i < text.size() ? text[i] : QChar(u' ');
    };
    const auto near = [&](qsizetype i, int step) {  // the neighbour, past at most one space
        return at(i + step) == u' ' ? at(i + 2 * step) : at(i + step);
    };
    QList<qsizetype> open;  // unmatched '(' and whether each is a call "f("
    QList<bool> call;
    QStringList found;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (masked[i] || !QStringView(u",:;()?!").contains(c)) continue;
        bool isCall = false;
        if (c == u'(') {
            open.append(i);
            call.append((at(i - 1).isLetterOrNumber() || at(i - 1) == u'_') && !isHan(at(i - 1)));
        } else if (c == u')' && !open.isEmpty()) {
            const QStringView inner = QStringView(text).mid(open.last() + 1, i - open.last() - 1);
            isCall = call.last() && std::none_of(inner.begin(), inner.end(), isHan);
            open.removeLast();
            call.removeLast();
        }
        const bool before = isZh(near(i, -1)) && !(c == u')' && isCall);
        const bool after = isZh(near(i, 1)) && !(c == u')' && isCall);
        if (before || after) found << u'"' + text.mid(std::max<qsizetype>(0, i - 6), 13) + u'"';
    }
    return found;
}

// Every "zh" string under `v`, outside "formula" and "tex" fields; `path` names where it is.
void zhStrings(const QJsonValue& v, const QString& path, bool zh, QStringList& out) {
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == u"formula" || it.key() == u"tex") continue;
            zhStrings(it.value(), path + u'/' + it.key(), zh || it.key() == u"zh", out);
        }
    } else if (v.isArray()) {
        for (const QJsonValue& e : v.toArray()) zhStrings(e, path, zh, out);
    } else if (zh && v.isString()) {
        out << v.toString();
    }
}

QStringList translations(QIODevice& ts) {
    QStringList out;
    QXmlStreamReader xml(&ts);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == u"translation")
            out << xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    if (xml.hasError()) out << QStringLiteral("(unreadable: %1)").arg(xml.errorString());
    return out;
}

}  // namespace

class TestZhPunctuation : public QObject {
    Q_OBJECT

private slots:
    // One row per file: its Chinese strings, none with a half-width mark next to Chinese.
    void files_data() {
        QTest::addColumn<QString>("file");
        QVERIFY2(!sourceDir().isEmpty(), "POSLAB_SOURCE_DIR is not set (ctest sets it)");
        QTest::newRow("views.json") << QStringLiteral("resources/views.json");
        const QStringList lessons = QDir(sourceDir() + QStringLiteral("/resources/lessons"))
                                        .entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(lessons.size() >= 7);
        for (const QString& l : lessons)
            QTest::newRow(qPrintable(l)) << QStringLiteral("resources/lessons/") + l;
        QTest::newRow("poslab_zh_CN.ts")
            << QStringLiteral("resources/translations/poslab_zh_CN.ts");
    }
    void files() {
        QFETCH(QString, file);
        QFile f(sourceDir() + u'/' + file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QStringList texts;
        if (file.endsWith(QStringLiteral(".ts")))
            texts = translations(f);
        else
            zhStrings(QJsonDocument::fromJson(f.readAll()).object(), QString(), false, texts);
        QVERIFY2(texts.size() >= 10, "too few Chinese strings: the file was not read");
        QStringList bad;
        for (const QString& t : texts) bad << halfWidthNextToChinese(t);
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("%1 half-width marks next to Chinese "
                                                          "(scripts/zh-punctuation fixes them): %2")
                                               .arg(bad.size())
                                               .arg(bad.join(QStringLiteral(", ")))));
    }

    // The rule catches what it should and leaves maths, placeholders and syntax alone.
    void rule_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("marks");
        QTest::newRow("full width") << QStringLiteral("左：全部用 bfloat16，（单独色标）。") << 0;
        QTest::newRow("colon, comma") << QStringLiteral("精度:bf16 修复前后,完") << 2;
        QTest::newRow("brackets") << QStringLiteral("CPU(双精度)") << 2;
        QTest::newRow("question") << QStringLiteral("要替换它吗?") << 1;
        QTest::newRow("past a space") << QStringLiteral("%1: 界限") << 1;
        QTest::newRow("placeholder") << QStringLiteral("默认值:%1") << 1;
        QTest::newRow("English") << QStringLiteral("min %1, max %2 (in px)") << 0;
        QTest::newRow("TeX") << QStringLiteral("得分为 $\\cos(k, m)$。") << 0;
        QTest::newRow("TeX parens") << QStringLiteral("位置 \\(f(x), y\\) 与 \\[a:b\\]") << 0;
        QTest::newRow("call") << QStringLiteral("cos(x)的值与 clip(j − i)") << 0;
        QTest::newRow("mnemonic") << QStringLiteral("文件(&F)") << 0;
        QTest::newRow("file filter") << QStringLiteral("PNG 图像 (*.png);;SVG (*.svg)") << 0;
        QTest::newRow("keys") << QStringLiteral("按 Ctrl+, 打开") << 0;
        QTest::newRow("ratio") << QStringLiteral("幻灯片 16:9，时间 10:00") << 0;
        QTest::newRow("tag") << QStringLiteral("<a href=\"x:y\">链接</a>") << 0;
        QTest::newRow("URL") << QStringLiteral("见 https://hf.co/a,b") << 0;
    }
    void rule() {
        QFETCH(QString, text);
        QFETCH(int, marks);
        const QStringList found = halfWidthNextToChinese(text);
        QVERIFY2(found.size() == marks, qPrintable(found.join(u' ')));
    }
};

QTEST_MAIN(TestZhPunctuation)
#include "tst_zh_punctuation.moc"
