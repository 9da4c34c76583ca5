#include "core/io/writers.h"

#include <charconv>
#include <cmath>
#include <filesystem>

#include "core/encodings/rope.h"
#include "core/io/atomic_file.h"
#include "core/io/npy.h"

namespace poslab::core::io {

Expected<Format> formatForPath(const std::string& path) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (ext == ".npy") return Format::Npy;
    if (ext == ".csv") return Format::Csv;
    if (ext == ".json") return Format::Json;
    return fail("output file '" + path + "': unknown extension '" + ext +
                "'; allowed: .npy, .csv, .json");
}

std::string numberText(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
    return std::string(buf, res.ptr);
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\r':
                out += "\\r";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

void writeCsv(std::ostream& out, const Array& array) {
    out << "# shape: " << shapeText(array.shape) << "\n";
    const std::int64_t total = array.size();
    // 1-D arrays: one value per line (as numpy.savetxt); otherwise the last dimension per line.
    const std::int64_t cols = array.shape.size() <= 1 ? 1 : array.shape.back();
    std::string line;
    // A failed write (a full disk) ends the loop: nothing more would reach the file.
    for (std::int64_t r = 0; cols > 0 && r < total / cols && out; ++r) {
        line.clear();
        for (std::int64_t c = 0; c < cols; ++c) {
            if (c) line += ',';
            const std::int64_t k = r * cols + c;
            line += array.dtype == DType::I64
                        ? std::to_string(array.i64[static_cast<std::size_t>(k)])
                        : numberText(array.f64[static_cast<std::size_t>(k)]);
        }
        line += '\n';
        out << line;
    }
}

namespace {
std::string jsonNumber(const Array& a, std::int64_t k) {
    if (a.dtype == DType::I64) return std::to_string(a.i64[static_cast<std::size_t>(k)]);
    const double v = a.f64[static_cast<std::size_t>(k)];
    if (!std::isfinite(v)) return "\"" + numberText(v) + "\"";
    return numberText(v);
}

void writeNested(std::ostream& out, const Array& a, std::size_t dim, std::int64_t& k) {
    if (a.shape.empty()) {
        out << jsonNumber(a, k++);
        return;
    }
    out << '[';
    for (std::int64_t i = 0; i < a.shape[dim] && out; ++i) {
        if (i) out << ',';
        if (dim + 1 == a.shape.size())
            out << jsonNumber(a, k++);
        else
            writeNested(out, a, dim + 1, k);
    }
    out << ']';
}

std::string jsonValue(const ParamValue& v) {
    if (const auto* s = std::get_if<std::string>(&v)) return jsonString(*s);
    if (const auto* d = std::get_if<double>(&v)) return numberText(*d);
    return formatValue(v);
}
}  // namespace

void writeJson(std::ostream& out, const Array& array, const std::string& encoding,
               const std::string& quantity, const ParamSet& params) {
    out << "{\"encoding\": " << jsonString(encoding) << ", \"quantity\": " << jsonString(quantity);
    // rope with scaling proportional and factor 1 is p-RoPE (spec E9): named as such.
    if (encoding == "rope" && enc::isPRope(params)) out << ", \"variant\": \"p-RoPE\"";
    out << ", \"params\": {";
    bool first = true;
    for (const auto& [k, v] : params.values()) {
        out << (first ? "" : ", ") << jsonString(k) << ": " << jsonValue(v);
        first = false;
    }
    out << "}, \"shape\": [" << shapeText(array.shape) << "], \"dtype\": \""
        << (array.dtype == DType::F64 ? "float64" : "int64") << "\", \"data\": ";
    std::int64_t k = 0;
    writeNested(out, array, 0, k);
    out << "}\n";
}

Status exportArray(AtomicFile& file, Format format, const Array& array, const std::string& encoding,
                   const std::string& quantity, const ParamSet& params) {
    switch (format) {
        case Format::Npy:
            writeNpy(file.stream(), array);
            break;
        case Format::Csv:
            writeCsv(file.stream(), array);
            break;
        case Format::Json:
            writeJson(file.stream(), array, encoding, quantity, params);
            break;
    }
    return file.commit();
}

}  // namespace poslab::core::io
