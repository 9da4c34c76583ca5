// libFuzzer harness: the view-state and parameter objects that session and lesson files share
// (issue 14). The input is a JSON object; it goes through viewStateFromJson and
// paramTextsFromJson, and the texts through paramsFromTexts of every encoding. Oracle: no crash;
// a refusal is one line; an accepted view state written back and read again is the same.
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdint>
#include <cstdlib>

#include "ui/catalog/view_state_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace poslab;
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject()) return 0;
    const QJsonObject object = doc.object();
    ui::ViewState state;
    QString error;
    if (ui::viewStateFromJson(object, &state, &error)) {
        ui::ViewState again;
        if (!ui::viewStateFromJson(ui::viewStateToJson(state), &again, &error)) std::abort();
        if (!(again == state)) std::abort();
    } else if (error.contains('\n')) {
        std::abort();
    }
    QMap<QString, QString> texts;
    if (!ui::paramTextsFromJson(object, &texts, &error)) {
        if (error.contains('\n')) std::abort();
        return 0;
    }
    for (const auto& enc : core::registry().encodings()) {
        auto params = ui::paramsFromTexts(enc, core::defaultParams(enc.params), texts);
        if (!params && core::printable(params.error().message).find('\n') != std::string::npos)
            std::abort();
    }
    return 0;
}
