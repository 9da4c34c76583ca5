#include "core/io/npy.h"

#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <new>
#include <sstream>

#include "core/compute.h"

namespace poslab::core::io {

static_assert(std::endian::native == std::endian::little, "PosLab writes .npy little-endian");

namespace {

Error npyError(const std::string& path, const std::string& why) {
    return fail("file '" + echo(path, kEchoPathLimit) + "': " + why);
}

// Opens `path` for reading only if it is a regular file: a FIFO, a terminal or a device would
// block in open() or never end.
Status openRegular(const std::string& path, std::ifstream& in) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return fail(Errc::Io,
                    "file '" + echo(path, kEchoPathLimit) + "' cannot be opened for reading");
    if (!std::filesystem::is_regular_file(status)) return npyError(path, "not a regular file");
    in.open(path, std::ios::binary);
    if (!in)
        return fail(Errc::Io,
                    "file '" + echo(path, kEchoPathLimit) + "' cannot be opened for reading");
    return {};
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
    // A length the file cannot hold is a truncated header whatever its size.
    const auto here = in.tellg();
    in.seekg(0, std::ios::end);
    const auto fileSize = static_cast<std::size_t>(in.tellg());
    in.seekg(here);
    if (fileSize < prefix + headerLen) return npyError(path, "truncated header");
    if (headerLen > kMaxNpyHeaderBytes)
        return npyError(path, "header of " + std::to_string(headerLen) +
                                  " bytes is longer than NumPy's limit of " +
                                  std::to_string(kMaxNpyHeaderBytes));
    std::string header(headerLen, '\0');
    if (!in.read(header.data(), static_cast<std::streamsize>(headerLen)))
        return npyError(path, "truncated header");

    auto dict = parseNpyHeaderDict(header);
    if (!dict) return npyError(path, dict.error().message);
    Parsed out;
    out.dataOffset = prefix + headerLen;
    out.header = std::move(*dict);
    return out;
}

}  // namespace

Expected<NpyHeader> readNpyHeader(const std::string& path) {
    std::ifstream in;
    if (auto st = openRegular(path, in); !st) return st.error();
    auto parsed = parseHeader(in, path);
    if (!parsed) return parsed.error();
    return parsed->header;
}

namespace {

thread_local double t_inputBudget = -1;

struct Layout {
    Parsed parsed;
    std::size_t itemSize = 0, count = 0, dataBytes = 0;
    bool isInt = false;
    double need = 0;  // bytes of working memory to read it
};

Expected<Layout> layoutOf(std::ifstream& in, const std::string& path, double maxBytes) {
    auto parsed = parseHeader(in, path);
    if (!parsed) return parsed.error();
    Layout out;
    out.parsed = std::move(*parsed);
    const NpyHeader& h = out.parsed.header;
    if (h.fortranOrder) return npyError(path, "Fortran-order arrays are not supported");
    if (h.descr == "<f8" || h.descr == "<i8")
        out.itemSize = 8;
    else if (h.descr == "<f4" || h.descr == "<i4")
        out.itemSize = 4;
    else
        return npyError(path, "unsupported dtype '" + h.descr + "' (need <f8, <f4, <i8 or <i4)");
    out.isInt = h.descr[1] == 'i';
    in.seekg(0, std::ios::end);
    const auto fileSize = static_cast<std::size_t>(in.tellg());
    // The element count, refused on overflow before it is used for anything.
    std::size_t n = 1;
    for (auto dim : h.shape) {
        const auto s = static_cast<std::size_t>(dim);
        if (s != 0 && n > std::numeric_limits<std::size_t>::max() / 8 / s)
            return npyError(path, "shape (" + shapeText(h.shape) + ") is too large");
        n *= s;
    }
    out.count = n;
    out.dataBytes = n * out.itemSize;
    const std::size_t offset = out.parsed.dataOffset;
    if (fileSize < offset || fileSize - offset < out.dataBytes)
        return npyError(path, "truncated: header promises shape (" + shapeText(h.shape) +
                                  ") but the data is shorter");
    if (fileSize - offset > out.dataBytes)
        return npyError(path, "corrupt: more data than the shape (" + shapeText(h.shape) + ")");
    // What reading needs: the raw bytes and the array of 8-byte values.
    const double budget = maxBytes > 0 ? maxBytes : inputBudget();
    out.need = static_cast<double>(out.dataBytes) + 8.0 * static_cast<double>(n);
    if (out.need > budget)
        return fail(Errc::OverBudget,
                    "file '" + echo(path, kEchoPathLimit) + "': reading shape (" +
                        shapeText(h.shape) + ") would need " + formatBytes(out.need) +
                        ", more than the memory budget of " + formatBytes(budget));
    return out;
}

}  // namespace

double inputBudget() {
    return t_inputBudget > 0 ? t_inputBudget : configuredMemoryBudget();
}

InputBudgetScope::InputBudgetScope(double bytes) : m_previous(t_inputBudget) {
    t_inputBudget = bytes;
}

InputBudgetScope::~InputBudgetScope() {
    t_inputBudget = m_previous;
}

Expected<NpyHeader> inspectNpy(const std::string& path, double maxBytes) {
    std::ifstream in;
    if (auto st = openRegular(path, in); !st) return st.error();
    auto layout = layoutOf(in, path, maxBytes);
    if (!layout) return layout.error();
    return layout->parsed.header;
}

Expected<Array> readNpy(const std::string& path, double maxBytes) {
    std::ifstream in;
    if (auto st = openRegular(path, in); !st) return st.error();
    auto layout = layoutOf(in, path, maxBytes);
    if (!layout) return layout.error();
    const NpyHeader& h = layout->parsed.header;
    const Parsed* parsed = &layout->parsed;
    const std::size_t n = layout->count, dataBytes = layout->dataBytes, itemSize = layout->itemSize;
    const bool isInt = layout->isInt;
    const double need = layout->need;
    in.seekg(static_cast<std::streamoff>(parsed->dataOffset));
    std::string raw;
    try {
        raw.resize(dataBytes);
    } catch (const std::bad_alloc&) {
        return fail(Errc::OverBudget, "file '" + echo(path, kEchoPathLimit) +
                                          "': not enough memory for " + formatBytes(need));
    }
    if (dataBytes > 0 && !in.read(raw.data(), static_cast<std::streamsize>(raw.size())))
        return npyError(path, "read error");

    Array a;
    a.shape = h.shape;
    if (isInt && itemSize == 8) {
        a.dtype = DType::I64;
        a.i64.resize(n);
        if (n > 0) std::memcpy(a.i64.data(), raw.data(), raw.size());
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

std::string npyHeader(const Array& array) {
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
    return out;
}

void writeNpy(std::ostream& out, const Array& array) {
    out << npyHeader(array);
    const std::size_t bytes = static_cast<std::size_t>(array.size()) * 8;
    const char* data = array.dtype == DType::F64 ? reinterpret_cast<const char*>(array.f64.data())
                                                 : reinterpret_cast<const char*>(array.i64.data());
    if (bytes > 0) out.write(data, static_cast<std::streamsize>(bytes));
}

std::string encodeNpy(const Array& array) {
    std::ostringstream out;
    writeNpy(out, array);
    return std::move(out).str();
}

}  // namespace poslab::core::io
