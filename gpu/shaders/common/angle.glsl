// sin/cos of an angle formed and range-reduced in float64 when the device has shaderFloat64:
//   a = pos * w (double),  k = round(a / 2pi),  r = a - k * 2pi (Cody-Waite, 2pi as hi + lo),
// then float32 sin/cos of r in [-pi, pi]. Without float64 the angle is formed in float32 (error
// ~5e-4 at position 8192; the views say which precision they show).
// expReal(x) = e^x likewise: with float64, x = k ln2 + r (k = round(x / ln2), r in double), then
// float32 exp(r) with |r| <= ln2 / 2 scaled by the exact power 2^k. Rounding a large x to float32
// first would cost |x| ulps (the exponent of xPos reaches ~10 at n 4096).
#ifdef POSLAB_FP64
#define REAL double
const double kTwoPiHi = 6.283185307179586LF;
const double kTwoPiLo = 2.4492935982947064e-16LF;
const double kInvTwoPi = 0.15915494309189535LF;
float reducedAngle(double a) {
    const double k = floor(a * kInvTwoPi + 0.5LF);
    return float((a - k * kTwoPiHi) - k * kTwoPiLo);
}
const double kLog2E = 1.4426950408889634LF;
const double kLn2 = 0.6931471805599453LF;
// 2^h, exact, for -126 <= h <= 127.
float pow2(int h) { return uintBitsToFloat(uint(h + 127) << 23); }
float expReal(double x) {
    const double k = clamp(floor(x * kLog2E + 0.5LF), -252.0LF, 252.0LF);
    const int h = int(k);
    // Two exact factors: each within the normal range; their product overflows to inf or
    // underflows to 0 as float32 rounding of e^x would.
    return exp(float(x - k * kLn2)) * pow2(h / 2) * pow2(h - h / 2);
}
#else
#define REAL float
const float kTwoPi = 6.2831853071795864;
float reducedAngle(float a) {
    return a - floor(a / kTwoPi + 0.5) * kTwoPi;
}
float expReal(float x) { return exp(x); }
#endif
