#include "core/io/npy.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <regex>

namespace poslab::core::io {

static_assert(std::endian::native == std::endian::little, "PosLab writes .npy little-endian");

namespace {

Error npyError(const std::string& path, const std::string& why) {
    return fail("file '" + path + "': " + why);
}

struct Parsed {
    NpyHeader header;
    std::size_t dataOffset = 0;
};

Expected<Parsed> parseHeader(std::istream& in, const std::string& path) {
    char magic[8];
    if (!in.read(magic, 8)) return npyError(path, "not a .npy file (too short)");
    if (std::memcmp(magic, "\x93NUMPY", 6) != 0)
        return npyError(path, "not a .npy file (bad magic bytes)");
    const int major = static_cast<unsigned char>(magic[6]);
    std::size_t headerLen = 0;
    std::size_t prefix = 0;
    if (major == 1) {
        unsigned char b[2];
        if (!in.read(reinterpret_cast<char*>(b), 2)) return npyError(path, "truncated header");
        headerLen = b[0] | (static_cast<std::size_t>(b[1]) << 8);
        prefix = 10;
    } else if (major == 2 || major == 3) {
        unsigned char b[4];
        if (!in.read(reinterpret_cast<char*>(b), 4)) return npyError(path, "truncated header");
        headerLen = b[0] | (static_cast<std::size_t>(b[1]) << 8) |
                    (static_cast<std::size_t>(b[2]) << 16) | (static_cast<std::size_t>(b[3]) << 24);
        prefix = 12;
    } else {
        return npyError(path, "unsupported .npy version " + std::to_string(major));
    }
    if (headerLen > (1u << 20)) return npyError(path, "corrupt header length");
    std::string header(headerLen, '\0');
    if (!in.read(header.data(), static_cast<std::streamsize>(headerLen)))
        return npyError(path, "truncated header");

    Parsed out;
    out.dataOffset = prefix + headerLen;
    std::smatch m;
    static const std::regex descrRe(R"('descr'\s*:\s*'([^']*)')");
    static const std::regex fortranRe(R"('fortran_order'\s*:\s*(True|False))");
    static const std::regex shapeRe(R"('shape'\s*:\s*\(([^)]*)\))");
    if (!std::regex_search(header, m, descrRe)) return npyError(path, "header has no 'descr'");
    out.header.descr = m[1];
    if (!std::regex_search(header, m, fortranRe))
        return npyError(path, "header has no 'fortran_order'");
    out.header.fortranOrder = m[1] == "True";
    if (!std::regex_search(header, m, shapeRe)) return npyError(path, "header has no 'shape'");
    const std::string dims = m[1];
    static const std::regex intRe(R"(\s*(\d+)\s*,?)");
    for (auto it = std::sregex_iterator(dims.begin(), dims.end(), intRe);
         it != std::sregex_iterator(); ++it) {
        const std::string digits = (*it)[1];
        if (digits.size() > 15) return npyError(path, "corrupt shape");
        out.header.shape.push_back(std::stoll(digits));
    }
    return out;
}

}  // namespace

Expected<NpyHeader> readNpyHeader(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return npyError(path, "cannot be opened for reading");
    auto parsed = parseHeader(in, path);
    if (!parsed) return parsed.error();
    return parsed->header;
}

Expected<Array> readNpy(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return npyError(path, "cannot be opened for reading");
    auto parsed = parseHeader(in, path);
    if (!parsed) return parsed.error();
    const NpyHeader& h = parsed->header;
    if (h.fortranOrder) return npyError(path, "Fortran-order arrays are not supported");
    std::size_t itemSize = 0;
    bool isInt = false;
    if (h.descr == "<f8")
        itemSize = 8;
    else if (h.descr == "<f4")
        itemSize = 4;
    else if (h.descr == "<i8") {
        itemSize = 8;
        isInt = true;
    } else if (h.descr == "<i4") {
        itemSize = 4;
        isInt = true;
    } else
        return npyError(path, "unsupported dtype '" + h.descr + "' (need <f8, <f4, <i8 or <i4)");

    in.seekg(0, std::ios::end);
    const auto fileSize = static_cast<std::size_t>(in.tellg());
    const double count = [&] {
        double c = 1;
        for (auto s : h.shape) c *= static_cast<double>(s);
        return c;
    }();
    const double need =
        static_cast<double>(parsed->dataOffset) + count * static_cast<double>(itemSize);
    if (static_cast<double>(fileSize) < need)
        return npyError(path, "truncated: header promises shape (" + shapeText(h.shape) +
                                  ") but the data is shorter");
    if (static_cast<double>(fileSize) > need)
        return npyError(path, "corrupt: more data than the shape (" + shapeText(h.shape) + ")");
    in.seekg(static_cast<std::streamoff>(parsed->dataOffset));
    const auto n = static_cast<std::size_t>(count);
    std::string raw(n * itemSize, '\0');
    if (!in.read(raw.data(), static_cast<std::streamsize>(raw.size())))
        return npyError(path, "read error");

    Array a;
    a.shape = h.shape;
    if (isInt && itemSize == 8) {
        a.dtype = DType::I64;
        a.i64.resize(n);
        std::memcpy(a.i64.data(), raw.data(), raw.size());
        return a;
    }
    a.dtype = DType::F64;
    a.f64.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        const char* p = raw.data() + k * itemSize;
        if (h.descr == "<f8")
            std::memcpy(&a.f64[k], p, 8);
        else if (h.descr == "<f4") {
            float f;
            std::memcpy(&f, p, 4);
            a.f64[k] = f;
        } else {
            std::int32_t i;
            std::memcpy(&i, p, 4);
            a.f64[k] = i;
        }
    }
    return a;
}

std::string encodeNpy(const Array& array) {
    std::string shape = "(";
    for (std::size_t i = 0; i < array.shape.size(); ++i) {
        shape += std::to_string(array.shape[i]);
        shape += (array.shape.size() == 1 || i + 1 < array.shape.size()) ? "," : "";
        if (i + 1 < array.shape.size()) shape += " ";
    }
    shape += ")";
    std::string dict = std::string("{'descr': '") + (array.dtype == DType::F64 ? "<f8" : "<i8") +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
    // Pad with spaces so that magic(6) + version(2) + len(2) + header ends on a 64-byte boundary.
    std::size_t total = 10 + dict.size() + 1;
    const std::size_t pad = (64 - total % 64) % 64;
    dict.append(pad, ' ');
    dict += '\n';
    std::string out = "\x93NUMPY";
    out += '\x01';
    out += '\x00';
    const auto len = static_cast<std::uint16_t>(dict.size());
    out += static_cast<char>(len & 0xff);
    out += static_cast<char>(len >> 8);
    out += dict;
    const std::size_t bytes = static_cast<std::size_t>(array.size()) * 8;
    const char* data = array.dtype == DType::F64 ? reinterpret_cast<const char*>(array.f64.data())
                                                 : reinterpret_cast<const char*>(array.i64.data());
    out.append(data, bytes);
    return out;
}

}  // namespace poslab::core::io
