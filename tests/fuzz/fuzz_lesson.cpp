// libFuzzer harness: lesson files (issue 14). The input is a whole lesson document; it goes
// through parseLesson against the shipped catalog, and every step of an accepted lesson through
// stepParams. Oracle: no crash, and every refusal is one line.
#include <QString>
#include <cstdint>
#include <cstdlib>

#include "ui/catalog/view_spec.h"
#include "ui/document/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::ui;
    static const Catalog& catalog = Catalog::instance();
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    Lesson lesson;
    QString error;
    if (!parseLesson(bytes, catalog, &lesson, &error)) {
        if (error.contains('\n') || error.contains('\r')) std::abort();
        return 0;
    }
    for (const auto& step : lesson.steps) {
        auto params = stepParams(step, catalog);
        if (!params && params.error().message.find('\n') != std::string::npos) std::abort();
    }
    return 0;
}
