#include "ui/figure/gif_writer.h"

#include <gif_lib.h>

#include <array>

#include "ui/figure/gif_palette.h"

namespace poslab::ui {

namespace {

int writeBytes(GifFileType* gif, const GifByteType* data, int length) {
    auto* out = static_cast<std::ostream*>(gif->UserData);
    out->write(reinterpret_cast<const char*>(data), length);
    return out->good() ? length : 0;
}

}  // namespace

GifWriter::~GifWriter() {
    if (m_gif) EGifCloseFile(m_gif, nullptr);
}

QString GifWriter::giflibError(const char* what, int code) const {
    const char* why = GifErrorString(code);
    return QStringLiteral("GIF %1: %2")
        .arg(QLatin1String(what), QLatin1String(why ? why : "giflib failed"));
}

QString GifWriter::open(std::ostream& out, QSize size, int delayCs) {
    int error = 0;
    m_gif = EGifOpen(&out, writeBytes, &error);
    if (!m_gif) return giflibError("open", error);
    m_size = size;
    m_delayCs = delayCs;
    EGifSetGifVersion(m_gif, true);  // GIF89a: delays and the loop extension
    if (EGifPutScreenDesc(m_gif, size.width(), size.height(), 8, 0, nullptr) == GIF_ERROR)
        return giflibError("screen", m_gif->Error);
    // Loop forever: "NETSCAPE2.0", then sub-block 1 with a loop count of 0 (little-endian).
    static const char kApp[] = "NETSCAPE2.0";
    const std::array<GifByteType, 3> loop = {1, 0, 0};
    if (EGifPutExtensionLeader(m_gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(m_gif, 11, kApp) == GIF_ERROR ||
        EGifPutExtensionBlock(m_gif, 3, loop.data()) == GIF_ERROR ||
        EGifPutExtensionTrailer(m_gif) == GIF_ERROR)
        return giflibError("loop extension", m_gif->Error);
    return {};
}

QString GifWriter::add(const QImage& image) {
    if (!m_gif) return QStringLiteral("GIF: not open");
    if (image.size() != m_size) return QStringLiteral("GIF: a frame of another size");
    const IndexedFrame f = quantise(image);
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.UserInputFlag = false;
    gcb.DelayTime = m_delayCs;
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    std::array<GifByteType, 4> ext{};
    EGifGCBToExtension(&gcb, ext.data());
    if (EGifPutExtension(m_gif, GRAPHICS_EXT_FUNC_CODE, 4, ext.data()) == GIF_ERROR)
        return giflibError("frame delay", m_gif->Error);
    std::array<GifColorType, 256> colours{};
    for (int k = 0; k < 256; ++k)
        colours[k] = {f.palette[3 * k], f.palette[3 * k + 1], f.palette[3 * k + 2]};
    ColorMapObject* map = GifMakeMapObject(256, colours.data());
    if (!map) return QStringLiteral("GIF: out of memory for a palette");
    const int put = EGifPutImageDesc(m_gif, 0, 0, f.width, f.height, false, map);
    GifFreeMapObject(map);  // giflib keeps its own copy of a frame's local map
    if (put == GIF_ERROR) return giflibError("frame", m_gif->Error);
    auto* row = const_cast<GifPixelType*>(f.pixels.constData());
    for (int y = 0; y < f.height; ++y, row += f.width)
        if (EGifPutLine(m_gif, row, f.width) == GIF_ERROR)
            return giflibError("frame pixels", m_gif->Error);
    return {};
}

QString GifWriter::close() {
    if (!m_gif) return QStringLiteral("GIF: not open");
    int error = 0;
    const int rc = EGifCloseFile(m_gif, &error);
    m_gif = nullptr;  // closed (and freed) whatever the outcome
    return rc == GIF_ERROR ? giflibError("close", error) : QString();
}

}  // namespace poslab::ui
