// `poslab list [--json]`: the registry, as text or as the JSON of design.md.
#include <iostream>

#include "app/args.h"
#include "core/io/writers.h"

namespace poslab::app {

namespace {

using core::io::jsonString;

std::string jsonValue(const core::ParamValue& v) {
    if (const auto* s = std::get_if<std::string>(&v)) return jsonString(*s);
    if (const auto* d = std::get_if<double>(&v)) return core::io::numberText(*d);
    return core::formatValue(v);
}

std::string shapeJson(const core::QuantitySpec& q) {
    std::string out = "[";
    std::size_t start = 0;
    bool first = true;
    while (start <= q.shapeDoc.size()) {
        auto end = q.shapeDoc.find(',', start);
        if (end == std::string::npos) end = q.shapeDoc.size();
        out += (first ? "" : ", ") + jsonString(q.shapeDoc.substr(start, end - start));
        first = false;
        start = end + 1;
    }
    return out + "]";
}

void printJson() {
    std::cout << "[";
    bool firstEnc = true;
    for (const auto& e : core::registry().encodings()) {
        std::cout << (firstEnc ? "\n" : ",\n") << "  {\"id\": " << jsonString(e.id)
                  << ", \"name\": {\"en\": " << jsonString(e.nameEn)
                  << ", \"zh\": " << jsonString(e.nameZh)
                  << "}, \"family\": " << jsonString(std::string(core::familyId(e.family)))
                  << ",\n   \"quantities\": [";
        firstEnc = false;
        bool first = true;
        for (const auto& q : e.quantities) {
            std::cout << (first ? "" : ", ") << "{\"id\": " << jsonString(q.id) << ", \"dtype\": "
                      << (q.dtype == core::DType::F64 ? "\"float64\"" : "\"int64\"")
                      << ", \"shape\": " << shapeJson(q) << "}";
            first = false;
        }
        std::cout << "],\n   \"params\": [";
        first = true;
        for (const auto& p : e.params) {
            std::cout << (first ? "" : ",\n     ") << "{\"name\": " << jsonString(p.name)
                      << ", \"type\": " << jsonString(std::string(core::paramTypeName(p.type)))
                      << ", \"default\": " << jsonValue(p.defaultValue)
                      << ", \"min\": " << (p.min ? core::io::numberText(*p.min) : "null")
                      << ", \"max\": " << (p.max ? core::io::numberText(*p.max) : "null")
                      << ", \"choices\": [";
            for (std::size_t c = 0; c < p.choices.size(); ++c)
                std::cout << (c ? ", " : "") << jsonString(p.choices[c]);
            std::cout << "], \"help\": {\"en\": " << jsonString(p.helpEn)
                      << ", \"zh\": " << jsonString(p.helpZh) << "}}";
            first = false;
        }
        std::cout << "]}";
    }
    std::cout << "\n]\n";
}

void printText() {
    for (const auto& e : core::registry().encodings()) {
        std::cout << e.id << "  —  " << e.nameEn << " / " << e.nameZh << "  ["
                  << core::familyId(e.family) << "]\n";
        std::cout << "  quantities:";
        for (const auto& q : e.quantities)
            std::cout << " " << q.id << "(" << q.shapeDoc
                      << (q.dtype == core::DType::I64 ? "; int" : "") << ")";
        std::cout << "\n  params:\n";
        for (const auto& p : e.params)
            std::cout << "    " << p.name << " = " << core::formatValue(p.defaultValue) << "  ("
                      << p.allowedText() << ")  " << p.helpEn << "\n";
    }
}

}  // namespace

int runList(const Args& args) {
    bool json = false;
    if (int rc = parseOptions("list", args, {flag({"--json"}, &json)}, nullptr); rc != 0) return rc;
    if (json)
        printJson();
    else
        printText();
    return 0;
}

}  // namespace poslab::app
