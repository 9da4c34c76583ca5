// A14 How padding leaks absolute position into a CNN (Islam, Jia & Bruce, 2020, "How Much Position
// Information Do Convolutional Neural Networks Encode?", ICLR): a translation-equivariant stack of
// box filters sees where the image ends only through the padding.
//   x_0 = ones (or seeded standard normal noise, drawn row by row), (height, width)
//   x_{l+1}[r, c] = (1/k^2) sum_{|u|,|v| <= k/2} pad(x_l)[r + u, c + v]       ("same" size)
//   response = x_L,   deviation = |x_L - x_L[H/2, W/2]|  (integer division)
// padding: zeros (constant 0), circular (wrap around: NumPy 'wrap'), reflect (mirror about the
// edge sample without repeating it: NumPy 'reflect', e.g. [c b | a b c d | c b]).
// With ones as input, circular and reflect give ones everywhere (no position), zeros darkens the
// border: the network can tell how far a pixel is from the edge.
//
// The k x k box is separable and every padding mode pads each axis independently (as np.pad
// does), so each layer is a row pass then a column pass, each summing k samples and dividing by
// k: O(k) per pixel instead of O(k^2). Dividing (rather than multiplying by 1/k) keeps a constant
// input exactly constant: the circular deviation of a ones input is exactly 0.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/encodings/common.h"
#include "core/random.h"

namespace poslab::core::enc {

namespace {

enum class Padding { Zeros, Circular, Reflect };

Padding paddingOf(const ParamSet& p) {
    const auto& v = p.text("padding");
    if (v == "circular") return Padding::Circular;
    if (v == "reflect") return Padding::Reflect;
    return Padding::Zeros;
}

// Index of sample i (-len < i < 2 len - 1) of a padded axis, or -1 for a zero.
inline std::int64_t padIndex(std::int64_t i, std::int64_t len, Padding mode) {
    if (i >= 0 && i < len) return i;
    switch (mode) {
        case Padding::Zeros:
            return -1;
        case Padding::Circular:
            return i < 0 ? i + len : i - len;
        case Padding::Reflect:
            return i < 0 ? -i : 2 * (len - 1) - i;
    }
    return -1;
}

// One "same" box pass along an axis: out[a, b] = (1/k) sum_t in[a, b + t] over the axis of length
// len, for `lines` lines of that axis. stride: distance between neighbours along the axis;
// lineStride: between lines.
void boxPass(const double* in, double* out, std::int64_t lines, std::int64_t len,
             std::int64_t stride, std::int64_t lineStride, std::int64_t k, Padding mode) {
    const std::int64_t half = k / 2;
#pragma omp parallel for schedule(static) if (lines * len * k > 1000000)
    for (std::int64_t line = 0; line < lines; ++line) {
        const double* src = in + line * lineStride;
        double* dst = out + line * lineStride;
        for (std::int64_t b = 0; b < len; ++b) {
            double sum = 0;
            for (std::int64_t t = -half; t <= half; ++t) {
                const std::int64_t idx = padIndex(b + t, len, mode);
                if (idx >= 0) sum += src[idx * stride];
            }
            dst[b * stride] = sum / static_cast<double>(k);
        }
    }
}

Expected<RowMatrix> response(const ParamSet& p, const ComputeContext& ctx) {
    const auto height = p.integer("height");
    const auto width = p.integer("width");
    const auto k = p.integer("kernel");
    const Padding mode = paddingOf(p);
    RowMatrix x;
    if (p.text("input") == "noise") {
        Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
        x = normalMatrix(rng, height, width);  // row by row
    } else {
        x = RowMatrix::Ones(height, width);
    }
    RowMatrix tmp(height, width);
    for (std::int64_t l = 0; l < p.integer("layers"); ++l) {
        if (ctx.cancelledAt(l, p.integer("layers"))) return cancelledError();
        boxPass(x.data(), tmp.data(), height, width, 1, width, k, mode);  // along each row
        boxPass(tmp.data(), x.data(), width, height, width, 1, k, mode);  // along each column
    }
    return x;
}

}  // namespace

void registerCnnPadding(Registry& r) {
    EncodingDescriptor e;
    e.id = "cnn_padding";
    e.nameEn = "CNN padding leak";
    e.nameZh = "CNN 填充泄漏位置";
    e.family = Family::Other;
    e.summaryEn =
        "Stacked box filters: zero padding lets position leak in, circular padding does not.";
    e.summaryZh = "堆叠的均值滤波：零填充会泄漏位置信息，循环填充不会。";
    e.params = {
        intParam("height", 32)
            .range(1, 1 << 16)
            .slider(1, 512)
            .label("Image height", "图像高度")
            .help("image height", "图像高度"),
        intParam("width", 32)
            .range(1, 1 << 16)
            .slider(1, 512)
            .label("Image width", "图像宽度")
            .help("image width", "图像宽度"),
        intParam("layers", 4)
            .range(0, 100000)
            .slider(0, 64)
            .label("Filter layers", "滤波层数")
            .help("number of stacked box-filter layers", "堆叠的均值滤波层数"),
        intParam("kernel", 3)
            .range(1, 1 << 16)
            .slider(1, 15)
            .label("Kernel size k", "滤波核大小 k")
            .help("box filter size k (odd, <= min(height, width)); weights 1/k^2",
                  "均值滤波核大小 k（奇数，<= min(height, width)）；权重 1/k^2"),
        enumParam("padding", {"zeros", "circular", "reflect"})
            .label("Padding", "填充方式")
            .help("what lies beyond the border: zeros, the opposite side (wrap), or a mirror "
                  "image without repeating the edge",
                  "边界之外填充什么：零、对侧内容（循环），或不重复边缘的镜像"),
        enumParam("input", {"ones", "noise"})
            .label("Input image", "输入图像")
            .help("input image: all ones, or seeded standard normal noise",
                  "输入图像：全 1，或按种子生成的标准正态噪声"),
        specSeed()};
    e.resolve = [](ParamSet& p) -> Status {
        const auto k = p.integer("kernel");
        const auto side = std::min(p.integer("height"), p.integer("width"));
        if (k % 2 == 0)
            return paramError(
                "kernel", k, "must be odd so the filter has a centre pixel",
                "an odd integer from 1 to min(height, width) = " + std::to_string(side));
        if (k > side)
            return paramError("kernel", k,
                              "must not exceed min(height, width) = " + std::to_string(side),
                              "an odd integer from 1 to " + std::to_string(side));
        return {};
    };
    auto shape = [](const ParamSet& p) { return Shape{p.integer("height"), p.integer("width")}; };
    auto work = [](const ParamSet& p) {
        return 3.0 * 8.0 * static_cast<double>(p.integer("height")) *
               static_cast<double>(p.integer("width"));
    };

    e.quantities.push_back(
        quantity("response", "height,width", shape,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     auto x = response(p, ctx);
                     if (!x) return x.error();
                     return Array::fromMatrix(*x);
                 })
            .title("Output x after the L layers", "经过 L 层后的输出 x")
            .axisNames({"row", "column"})
            .work(work));
    e.quantities.push_back(
        quantity("deviation", "height,width", shape,
                 [](const ParamSet& p, const ComputeContext& ctx) -> Expected<Array> {
                     auto x = response(p, ctx);
                     if (!x) return x.error();
                     const double centre = (*x)(x->rows() / 2, x->cols() / 2);
                     return Array::fromMatrix((x->array() - centre).abs().matrix());
                 })
            .title("|x − x[centre]| after L layers: position leaked in",
                   "L 层后的 |x − x[中心]|：泄漏的位置信息")
            .axisNames({"row", "column"})
            .nonNegative()
            .work(work));
    r.add(std::move(e));
}

}  // namespace poslab::core::enc
