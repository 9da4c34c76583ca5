// Full-width punctuation in Chinese (issue 25 item 8): in the Chinese strings of the catalogue
// (resources/views.json), of every lesson (resources/lessons/*.json) and of the translations
// (the <translation> texts of resources/translations/poslab_zh_CN.ts), no half-width , : ; ( ) ? !
// stands next to a Chinese character (or next to one past a single space): Chinese text takes
// ， ： ； （ ） ？ ！. Left alone, as scripts/zh-punctuation (which converts) leaves them: TeX
// ($...$, \(...\), \[...\] and every "formula" or "tex" field), %1 placeholders, HTML tags and
// entities, URLs, mnemonics "(&F)", file filters "(*.png);;", key sequences "Ctrl+E", and the
// closing bracket of a call ("cos(x)的"), maths in brackets ("[0, 1)", "(d/2, 2)", "cos(角度)",
// "(a + b) / √d") and a shape ".npy (n, d)". The same holds for the string literals with Chinese
// in the C++ sources of core/, ui/ and app/ (literals that the compiler joins read as one text;
// there a bracket without its partner is a piece of a message put together elsewhere and stays).
// The files are read from the source tree (POSLAB_SOURCE_DIR, set by ctest), as tst_lesson_text
// does.
#include <algorithm>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

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
                       R"(|%L?\d+|%n|`[^`]*`|\.npy \([^()]*\))"
                       R"(|\b(?:cos|sin|tan|exp|log|ln|sqrt|softmax|round|floor|ceil)"
                       R"(|min|max|clip|abs)\([^()]*\))"
                       R"(|\([^()\[\]\x{3000}-\x{9fff}\x{ff00}-\x{ffef}]*\)(?= ?[/×·^*]))"
                       R"(|(?<=[/×·*] )\([^()\[\]\x{3000}-\x{9fff}\x{ff00}-\x{ffef}]*\))"
                       R"(|(?![(][A-Za-z .-]+, ?(?:19|20)\d\d[)]))"
                       R"([\[(][0-9A-Za-z_ .+\-−π∞*/^|]*,[0-9A-Za-z_ .+\-−π∞*/^|,]*[\])])"),
        QRegularExpression::DotMatchesEverythingOption);
    return re;
}

// The brackets of `text` (outside `masked`) that have a partner.
QList<bool> paired(const QString& text, const QList<bool>& masked) {
    QList<bool> out(text.size(), false);
    QList<qsizetype> open;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (masked[i]) continue;
        if (text[i] == u'(') open.append(i);
        if (text[i] == u')' && !open.isEmpty()) out[i] = out[open.takeLast()] = true;
    }
    return out;
}

// The half-width marks next to Chinese in one text, each shown in its context; empty when clean.
// `fragments`: a C++ literal, where a bracket without its partner is left alone.
QStringList halfWidthNextToChinese(const QString& text, bool fragments = false) {
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
    const QList<bool> partner = paired(text, masked);
    QList<qsizetype> open;  // unmatched '(' and whether each is a call "f("
    QList<bool> call;
    QStringList found;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (masked[i] || !QStringView(u",:;()?!").contains(c)) continue;
        bool isCall = false;
        if (c == u'(') {
            open.append(i);
            call.append(
                (at(i - 1).isLetterOrNumber() || QStringView(u"_'′^/").contains(at(i - 1))) &&
                !isHan(at(i - 1)));
        } else if (c == u')' && !open.isEmpty()) {
            const QStringView inner = QStringView(text).mid(open.last() + 1, i - open.last() - 1);
            isCall = call.last() && std::none_of(inner.begin(), inner.end(), isHan);
            open.removeLast();
            call.removeLast();
        }
        if (fragments && (c == u'(' || c == u')') && !partner[i]) continue;
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

// The literal at src[i] (a quote; a raw string when `raw`): its text, an escape read as one NUL
// (punctuation is never escaped); `i` moves past it.
QString literalAt(const QString& src, qsizetype& i, bool raw) {
    const QChar quote = src[i];
    if (raw) {
        const qsizetype open = src.indexOf(u'(', i);
        const QString end = u')' + src.mid(i + 1, open - i - 1) + u'"';
        const qsizetype close = src.indexOf(end, open);
        if (open < 0 || close < 0) return i = src.size(), QString();
        i = close + end.size();
        return src.mid(open + 1, close - open - 1);
    }
    QString text;
    for (++i; i < src.size() && src[i] != quote; ++i) {
        if (src[i] == u'\\') {
            ++i;
            text += QChar(u'\0');
        } else {
            text += src[i];
        }
    }
    ++i;
    return text;
}

// The string literals with Chinese in a C++ text; literals that the compiler joins ("a" "b",
// across lines and comments) as one text. Comments, character literals and code are skipped.
QStringList chineseLiterals(const QString& src) {
    static const QStringList prefixes{u"u8"_s,  u"u"_s,  u"U"_s,  u"L"_s, u"R"_s,
                                      u"u8R"_s, u"uR"_s, u"UR"_s, u"LR"_s};
    QStringList out;
    QString group;
    bool joined = false;
    const auto add = [&](const QString& text) {
        if (!joined && std::any_of(group.begin(), group.end(), isHan)) out << group;
        group = joined ? group + text : text;
        joined = true;
    };
    for (qsizetype i = 0, n = src.size(); i < n;) {
        const QChar c = src[i];
        if (src.mid(i, 2) == u"//") {
            i = src.indexOf(u'\n', i) < 0 ? n : src.indexOf(u'\n', i);
        } else if (src.mid(i, 2) == u"/*") {
            i = src.indexOf(u"*/", i) < 0 ? n : src.indexOf(u"*/", i) + 2;
        } else if (c.isSpace()) {
            ++i;
        } else if (c == u'"') {
            add(literalAt(src, i, false));
        } else if (c == u'\'') {
            literalAt(src, i, false);
            joined = false;
        } else if (c.isLetterOrNumber() || c == u'_') {
            qsizetype j = i;
            while (j < n && (src[j].isLetterOrNumber() || src[j] == u'_' ||
                             (src[j] == u'\'' && c.isDigit())))  // 1'000
                ++j;
            const QString word = src.mid(i, j - i);
            const bool quoteNext = j < n && (src[j] == u'"' || src[j] == u'\'');
            if (quoteNext && prefixes.contains(word) && word.endsWith(u'R') && src[j] == u'"') {
                i = j;
                add(literalAt(src, i, true));
            } else if (quoteNext && prefixes.contains(word)) {
                i = j;
            } else {
                i = j;
                joined = false;
            }
        } else {
            ++i;
            joined = false;
        }
    }
    joined = false;
    add(QString());
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

    // One row per C++ source of core/, ui/ and app/ with Chinese in its string literals.
    void sources_data() {
        QTest::addColumn<QString>("file");
        QVERIFY2(!sourceDir().isEmpty(), "POSLAB_SOURCE_DIR is not set (ctest sets it)");
        int rows = 0;
        for (const QString& top : {u"core"_s, u"ui"_s, u"app"_s}) {
            QDirIterator it(sourceDir() + u'/' + top, {u"*.cpp"_s, u"*.h"_s}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                QFile f(path);
                if (!f.open(QIODevice::ReadOnly) ||
                    chineseLiterals(QString::fromUtf8(f.readAll())).isEmpty())
                    continue;
                const QString file = QDir(sourceDir()).relativeFilePath(path);
                QTest::newRow(qPrintable(file)) << file;
                ++rows;
            }
        }
        QVERIFY2(rows >= 30, "too few sources with Chinese: the tree was not read");
    }
    void sources() {
        QFETCH(QString, file);
        QFile f(sourceDir() + u'/' + file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        QStringList bad;
        for (const QString& t : chineseLiterals(QString::fromUtf8(f.readAll())))
            bad << halfWidthNextToChinese(t, true);
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("%1 half-width marks next to Chinese "
                                                          "(scripts/zh-punctuation fixes them): %2")
                                               .arg(bad.size())
                                               .arg(bad.join(QStringLiteral(", ")))));
    }

    // A C++ text: its Chinese literals are found, joined and judged as in the sources.
    void cpp_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("marks");
        QTest::newRow("comma") << u"s.help(\"dimension\", \"维度,须为偶数\");"_s << 1;
        QTest::newRow("full width") << u"x = \"维度，须为偶数\";"_s << 0;
        QTest::newRow("joined") << u"f(\"源表 (位置数\"  // note\n  \"维度)\");"_s << 2;
        QTest::newRow("comment") << u"// 注释,不检查\nint a = 1'000; /* 又,一 */"_s << 0;
        QTest::newRow("English") << u"f(\"min (%1, %2): x\", '(');"_s << 0;
        QTest::newRow("fragment") << u"P{\"shape (\", \"形状为 (\"}, P{\") 与 (\", \"x\"}"_s << 0;
        QTest::newRow("range") << u"u8\"在 [0, 1) 内，或 (0, 1] 内\""_s << 0;
        QTest::newRow("tuple") << u"\"需要两个 (d/2, 2) 数组，或 .npy (n, d) 表\""_s << 0;
        QTest::newRow("maths") << u"\"该格式下 cos(角度) 的误差，分数 (a + b) / √d\""_s << 0;
        QTest::newRow("raw") << u"R\"x(见 $f(x)$:完)x\""_s << 1;
    }
    void cpp() {
        QFETCH(QString, source);
        QFETCH(int, marks);
        QStringList found;
        for (const QString& t : chineseLiterals(source)) found << halfWidthNextToChinese(t, true);
        QVERIFY2(found.size() == marks, qPrintable(found.join(u' ')));
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
