// The interface language (English or Simplified Chinese): the Qt translator for the chrome, the
// font, and picking between the en/zh fields that the core registry and the view catalogue carry.
#pragma once

#include <QString>
#include <string>

class QApplication;

namespace poslab::ui {

enum class Lang { En, Zh };

Lang currentLanguage();
bool isChinese();
QString languageCode(Lang lang);             // "en", "zh_CN"
Lang languageFromCode(const QString& code);  // anything starting with "zh" -> Zh

// The language the system asks for, as gettext reads it: LANGUAGE's first entry (unless the
// locale is C or POSIX), else the first of LC_ALL, LC_MESSAGES, LANG that is set, else
// QLocale::system()'s first UI language (Windows, macOS). Chinese for any "zh…".
Lang systemLanguage();
// The language a window opens in: POSLAB_LANG when set, else the saved choice (QSettings
// "language") when there is one, else the system's (a first start on a Chinese desktop).
Lang startLanguage(const QString& saved);

// Installs the translator for `lang` (replacing the previous one), sets the font (Noto Sans CJK
// SC for Chinese) and records the language; QEvent::LanguageChange reaches every widget.
void applyLanguage(Lang lang);

// The en or zh text for the current language (en when zh is empty). GUI thread only: the
// current language is written there.
QString pick(const std::string& en, const std::string& zh);
QString pick(const QString& en, const QString& zh);
// The same for a given language: safe on any thread (the compute worker passes its request's).
QString pick(const std::string& en, const std::string& zh, Lang lang);
QString pick(const QString& en, const QString& zh, Lang lang);

// Axis names from the registry are English words ("position i"); this gives their translation
// into `lang`, from the embedded translation itself, not the installed translator, so that it
// is safe on any thread and does not depend on the language the GUI switches to meanwhile.
QString translateAxis(const std::string& axis, Lang lang);

}  // namespace poslab::ui
