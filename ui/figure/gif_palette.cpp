#include "ui/figure/gif_palette.h"

#include <algorithm>
#include <vector>

namespace poslab::ui {

namespace {

constexpr int kBins = 1 << 15;  // 5 bits of red, green and blue

int binOf(QRgb c) {
    return ((qRed(c) >> 3) << 10) | ((qGreen(c) >> 3) << 5) | (qBlue(c) >> 3);
}
int channel(int bin, int axis) {
    return (bin >> (10 - 5 * axis)) & 31;
}

struct Bin {
    std::uint64_t count = 0, sum[3] = {0, 0, 0};  // pixels, and their real r, g, b summed
};

// A box of median cut: the bins [first, last) of the sorted list of bins in use.
struct Box {
    int first = 0, last = 0;
    std::uint64_t pixels = 0;
    int axis = 0, range = 0;  // the longest side and its length (in 5-bit steps)
};

void measure(Box& box, const std::vector<int>& used, const std::vector<Bin>& bins) {
    int lo[3] = {31, 31, 31}, hi[3] = {0, 0, 0};
    box.pixels = 0;
    for (int i = box.first; i < box.last; ++i) {
        box.pixels += bins[used[i]].count;
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], channel(used[i], a));
            hi[a] = std::max(hi[a], channel(used[i], a));
        }
    }
    box.axis = 0;
    for (int a = 1; a < 3; ++a)
        if (hi[a] - lo[a] > hi[box.axis] - lo[box.axis]) box.axis = a;
    box.range = hi[box.axis] - lo[box.axis];
}

// Splits the box with the most pixels times extent at the pixel median of its longest side;
// false when no box has two bins left to split.
bool splitOne(std::vector<Box>& boxes, std::vector<int>& used, const std::vector<Bin>& bins) {
    auto score = [](const Box& b) {
        return b.last - b.first < 2 ? 0.0 : double(b.pixels) * b.range;
    };
    auto it = std::max_element(boxes.begin(), boxes.end(),
                               [&](const Box& a, const Box& b) { return score(a) < score(b); });
    if (score(*it) <= 0) return false;
    Box& box = *it;
    const int axis = box.axis;
    std::sort(used.begin() + box.first, used.begin() + box.last,
              [axis](int a, int b) { return channel(a, axis) < channel(b, axis); });
    std::uint64_t seen = 0;
    int cut = box.first + 1;
    for (int i = box.first; i < box.last - 1; ++i) {
        seen += bins[used[i]].count;
        cut = i + 1;
        if (2 * seen >= box.pixels) break;
    }
    Box upper{cut, box.last};
    box.last = cut;
    measure(box, used, bins);
    measure(upper, used, bins);
    boxes.push_back(upper);  // may move `box`: not used after this
    return true;
}

}  // namespace

IndexedFrame quantise(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    IndexedFrame f;
    f.width = rgb.width();
    f.height = rgb.height();
    std::vector<Bin> bins(kBins);
    for (int y = 0; y < f.height; ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < f.width; ++x) {
            Bin& b = bins[binOf(line[x])];
            ++b.count;
            b.sum[0] += qRed(line[x]);
            b.sum[1] += qGreen(line[x]);
            b.sum[2] += qBlue(line[x]);
        }
    }
    std::vector<int> used;
    for (int i = 0; i < kBins; ++i)
        if (bins[i].count) used.push_back(i);
    std::vector<Box> boxes;
    if (!used.empty()) {
        boxes.push_back(Box{0, static_cast<int>(used.size())});
        measure(boxes.front(), used, bins);
        while (boxes.size() < 256 && splitOne(boxes, used, bins)) {
        }
    }
    // Each box's colour is the mean of its real pixels; each bin maps to its box.
    std::vector<std::uint8_t> indexOf(kBins, 0);
    f.colours = static_cast<int>(boxes.size());
    for (std::size_t k = 0; k < boxes.size(); ++k) {
        std::uint64_t sum[3] = {0, 0, 0};
        for (int i = boxes[k].first; i < boxes[k].last; ++i) {
            indexOf[used[i]] = static_cast<std::uint8_t>(k);
            for (int a = 0; a < 3; ++a) sum[a] += bins[used[i]].sum[a];
        }
        for (int a = 0; a < 3; ++a)
            f.palette[3 * k + a] = static_cast<std::uint8_t>(
                (sum[a] + boxes[k].pixels / 2) / std::max<std::uint64_t>(boxes[k].pixels, 1));
    }
    f.pixels.resize(f.width * f.height);
    for (int y = 0; y < f.height; ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        std::uint8_t* out = f.pixels.data() + static_cast<qsizetype>(y) * f.width;
        for (int x = 0; x < f.width; ++x) out[x] = indexOf[binOf(line[x])];
    }
    return f;
}

}  // namespace poslab::ui
