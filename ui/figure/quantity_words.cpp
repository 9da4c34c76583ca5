#include "ui/figure/quantity_words.h"

#include "core/registry.h"
#include "ui/shell/language.h"

namespace poslab::ui {

QString quantityWords(const core::EncodingDescriptor& encoding, const QString& id) {
    const core::QuantitySpec* q = encoding.findQuantity(id.toStdString());
    const QString words = q ? pick(q->titleEn, q->titleZh) : QString();
    return words.isEmpty() ? id : words;
}

QString quantityAxisName(const core::EncodingDescriptor& encoding, const QString& id) {
    const QString words = quantityWords(encoding, id);
    // "name = definition": the first " = " outside brackets, with no list before it ("Bucket of
    // (query i, key j), r = j - i" and "scores (q = k = ones)" stay whole).
    int depth = 0;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QChar c = words[i];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (depth == 0 && c == ',') return words;
        if (depth == 0 && i > 0 && QStringView(words).mid(i).startsWith(QStringLiteral(" = ")))
            return words.left(i).trimmed();
    }
    return words;
}

}  // namespace poslab::ui
