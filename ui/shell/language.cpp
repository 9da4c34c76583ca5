#include "ui/shell/language.h"

#include <QApplication>
#include <QFont>
#include <QFontDatabase>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>

namespace poslab::ui {

namespace {
Lang g_lang = Lang::En;
QTranslator* g_translator = nullptr;
QFont g_defaultFont;
bool g_haveDefaultFont = false;

// Common axis words of the registry's quantities, for lupdate.
const char* const kAxisWords[] = {
    QT_TRANSLATE_NOOP("Axis", "position i"),
    QT_TRANSLATE_NOOP("Axis", "position j"),
    QT_TRANSLATE_NOOP("Axis", "position m"),
    QT_TRANSLATE_NOOP("Axis", "position n"),
    QT_TRANSLATE_NOOP("Axis", "position k"),
    QT_TRANSLATE_NOOP("Axis", "dimension k"),
    QT_TRANSLATE_NOOP("Axis", "dimension"),
    QT_TRANSLATE_NOOP("Axis", "pair j"),
    QT_TRANSLATE_NOOP("Axis", "query i"),
    QT_TRANSLATE_NOOP("Axis", "key j"),
    QT_TRANSLATE_NOOP("Axis", "query m"),
    QT_TRANSLATE_NOOP("Axis", "key k"),
    QT_TRANSLATE_NOOP("Axis", "query q"),
    QT_TRANSLATE_NOOP("Axis", "key"),
    QT_TRANSLATE_NOOP("Axis", "query"),
    QT_TRANSLATE_NOOP("Axis", "head"),
    QT_TRANSLATE_NOOP("Axis", "head h"),
    QT_TRANSLATE_NOOP("Axis", "distance x"),
    QT_TRANSLATE_NOOP("Axis", "distance"),
    QT_TRANSLATE_NOOP("Axis", "row"),
    QT_TRANSLATE_NOOP("Axis", "column"),
    QT_TRANSLATE_NOOP("Axis", "output dimension"),
    QT_TRANSLATE_NOOP("Axis", "input dimension"),
    QT_TRANSLATE_NOOP("Axis", "patch p"),
    QT_TRANSLATE_NOOP("Axis", "patch q"),
    QT_TRANSLATE_NOOP("Axis", "component"),
    QT_TRANSLATE_NOOP("Axis", "row h"),
    QT_TRANSLATE_NOOP("Axis", "column w"),
    QT_TRANSLATE_NOOP("Axis", "index"),
    QT_TRANSLATE_NOOP("Axis", "value"),
    QT_TRANSLATE_NOOP("Axis", "relative position"),
    QT_TRANSLATE_NOOP("Axis", "bucket"),
    QT_TRANSLATE_NOOP("Axis", "complex dimension k"),
    QT_TRANSLATE_NOOP("Axis", "channel"),
    // Single words, for names without a translation of their own ("query position m").
    QT_TRANSLATE_NOOP("Axis", "position"),
    QT_TRANSLATE_NOOP("Axis", "patch"),
    QT_TRANSLATE_NOOP("Axis", "token"),
    QT_TRANSLATE_NOOP("Axis", "axis"),
    QT_TRANSLATE_NOOP("Axis", "pair"),
    QT_TRANSLATE_NOOP("Axis", "relative"),
    QT_TRANSLATE_NOOP("Axis", "complex"),
    QT_TRANSLATE_NOOP("Axis", "coordinate"),
    QT_TRANSLATE_NOOP("Axis", "input"),
    QT_TRANSLATE_NOOP("Axis", "output"),
    QT_TRANSLATE_NOOP("Axis", "real"),
    QT_TRANSLATE_NOOP("Axis", "imaginary"),
};

bool isCjk(QChar c) {
    return c.unicode() >= 0x3000 && c.unicode() <= 0x9fff;
}
}  // namespace

Lang currentLanguage() {
    return g_lang;
}
bool isChinese() {
    return g_lang == Lang::Zh;
}

QString languageCode(Lang lang) {
    return lang == Lang::Zh ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

Lang languageFromCode(const QString& code) {
    return code.startsWith(QLatin1String("zh")) ? Lang::Zh : Lang::En;
}

Lang systemLanguage() {
    QString locale;
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        locale = qEnvironmentVariable(name);
        if (!locale.isEmpty()) break;
    }
    const bool plain = locale == QLatin1String("C") || locale.startsWith(QLatin1String("C.")) ||
                       locale == QLatin1String("POSIX");
    const QString language = qEnvironmentVariable("LANGUAGE").section(QLatin1Char(':'), 0, 0);
    if (!language.isEmpty() && !plain) return languageFromCode(language);
    if (!locale.isEmpty()) return languageFromCode(locale);
    const QStringList ui = QLocale::system().uiLanguages();
    return languageFromCode(ui.isEmpty() ? QLocale::system().name() : ui.first());
}

Lang startLanguage(const QString& saved) {
    if (qEnvironmentVariableIsSet("POSLAB_LANG"))
        return languageFromCode(qEnvironmentVariable("POSLAB_LANG"));
    return saved.isEmpty() ? systemLanguage() : languageFromCode(saved);
}

void applyLanguage(Lang lang) {
    g_lang = lang;
    auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
    if (!app) return;
    if (!g_haveDefaultFont) {
        g_defaultFont = QApplication::font();
        g_haveDefaultFont = true;
    }
    if (g_translator) {
        QCoreApplication::removeTranslator(g_translator);
        delete g_translator;
        g_translator = nullptr;
    }
    g_translator = new QTranslator(app);
    const QString file = QStringLiteral(":/i18n/poslab_") + languageCode(lang);
    if (g_translator->load(file)) QCoreApplication::installTranslator(g_translator);

    QFont font = g_defaultFont;
    if (lang == Lang::Zh) {
        // In the C locale Qt would pick the JP glyph variants: name the SC family explicitly.
        font.setFamilies({QStringLiteral("Noto Sans CJK SC"), g_defaultFont.family()});
    } else {
        font.setFamilies({g_defaultFont.family(), QStringLiteral("Noto Sans CJK SC")});
    }
    QApplication::setFont(font);
    // Qt posts LanguageChange to the windows; deliver it now so that every text is switched when
    // this returns (this dispatches only those events, it is not processEvents()).
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}

QString pick(const std::string& en, const std::string& zh) {
    return pick(en, zh, g_lang);
}

QString pick(const QString& en, const QString& zh) {
    return pick(en, zh, g_lang);
}

QString pick(const std::string& en, const std::string& zh, Lang lang) {
    if (lang == Lang::Zh && !zh.empty()) return QString::fromStdString(zh);
    return QString::fromStdString(en);
}

QString pick(const QString& en, const QString& zh, Lang lang) {
    if (lang == Lang::Zh && !zh.isEmpty()) return zh;
    return en;
}

namespace {
// The Chinese translation, loaded once on first use from any thread (a function-local static
// is initialised once) and only read afterwards: QTranslator::translate is const, and Qt itself
// calls it from several threads at once. Never deleted: it may have been created on the worker.
const QTranslator& chineseTranslator() {
    static const QTranslator* translator = [] {
        auto* t = new QTranslator;
        if (!t->load(QStringLiteral(":/i18n/poslab_") + languageCode(Lang::Zh)))
            qWarning("the Chinese translation is not embedded");
        return t;
    }();
    return *translator;
}

// An axis word in Chinese, or the word itself when it has no translation.
QString chineseAxisWord(const char* word) {
    const QString t = chineseTranslator().translate("Axis", word);
    return t.isEmpty() ? QString::fromUtf8(word) : t;
}
}  // namespace

QString translateAxis(const std::string& axis, Lang lang) {
    (void)kAxisWords;
    const QString whole = QString::fromStdString(axis);
    // English: the registry's own words (the English translation leaves them as they are).
    if (lang == Lang::En) return whole;
    const QString exact = chineseAxisWord(axis.c_str());
    if (exact != whole) return exact;
    // Word by word: "query position m" -> "查询位置 m" (no space between two CJK words).
    QString out;
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
    qsizetype last = 0;
    for (auto it = word.globalMatch(whole); it.hasNext();) {
        const auto m = it.next();
        out += whole.mid(last, m.capturedStart() - last);
        out += chineseAxisWord(m.captured().toUtf8().constData());
        last = m.capturedEnd();
    }
    out += whole.mid(last);
    QString joined;
    for (qsizetype i = 0; i < out.size(); ++i) {
        if (out[i] == ' ' && i > 0 && i + 1 < out.size() && isCjk(out[i - 1]) && isCjk(out[i + 1]))
            continue;
        joined += out[i];
    }
    return joined;
}

}  // namespace poslab::ui
