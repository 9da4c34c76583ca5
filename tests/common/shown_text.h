// Whether text a program shows is safe to show (issue 23): well-formed UTF-8 with no C0 control
// (not even a newline), no DEL, no C1 control, no line or paragraph separator and no bidi
// control, so a terminal cannot act on it and a text view cannot reorder it.
#pragma once

#include <QByteArray>
#include <QString>

namespace poslab::test {

inline bool shownSafely(const QByteArray& bytes) {
    const QString text = QString::fromUtf8(bytes);
    if (text.toUtf8() != bytes) return false;  // not UTF-8: a raw 0x9b would be a C1 CSI
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) return false;
        if (c == 0x061c || c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029) return false;
        if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return false;
    }
    return true;
}

}  // namespace poslab::test
