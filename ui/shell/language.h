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

// Installs the translator for `lang` (replacing the previous one), sets the font (Noto Sans CJK
// SC for Chinese) and records the language; QEvent::LanguageChange reaches every widget.
void applyLanguage(Lang lang);

// The en or zh text for the current language (en when zh is empty).
QString pick(const std::string& en, const std::string& zh);
QString pick(const QString& en, const QString& zh);

// Axis names from the registry are English words ("position i"); this gives their translation.
QString translateAxis(const std::string& axis);

}  // namespace poslab::ui
