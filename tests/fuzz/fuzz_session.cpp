// libFuzzer harness: session files (issue 14). The input is a whole `.poslab` document; it goes
// through sessionFromJson against the shipped catalog. Oracle: no crash; a refusal is one line;
// an accepted session gives its parameters or one line, and written back and read again it is
// the same session (what a save then an open must do).
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <cstdlib>

#include "ui/catalog/view_spec.h"
#include "ui/document/session.h"

namespace {

void oneLine(const QString& text) {
    if (text.contains('\n') || text.contains('\r')) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab::ui;
    static const Catalog& catalog = Catalog::instance();
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    SessionState state;
    QString error;
    if (!sessionFromJson(bytes, catalog, &state, &error)) {
        oneLine(error);
        return 0;
    }
    auto params = sessionParams(state, catalog);
    if (!params && params.error().message.find('\n') != std::string::npos) std::abort();
    SessionState again;
    QString error2;
    if (!sessionFromJson(sessionToJson(state), catalog, &again, &error2)) std::abort();
    if (!(again == state)) std::abort();
    return 0;
}
