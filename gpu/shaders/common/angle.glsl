// sin/cos of an angle formed and range-reduced in float64 when the device has shaderFloat64:
//   a = pos * w (double),  k = round(a / 2pi),  r = a - k * 2pi (Cody-Waite, 2pi as hi + lo),
// then float32 sin/cos of r in [-pi, pi]. Without float64 the angle is formed in float32 (error
// ~5e-4 at position 8192; the views say which precision they show).
#ifdef POSLAB_FP64
#define REAL double
const double kTwoPiHi = 6.283185307179586LF;
const double kTwoPiLo = 2.4492935982947064e-16LF;
const double kInvTwoPi = 0.15915494309189535LF;
float reducedAngle(double a) {
    const double k = floor(a * kInvTwoPi + 0.5LF);
    return float((a - k * kTwoPiHi) - k * kTwoPiLo);
}
#else
#define REAL float
const float kTwoPi = 6.2831853071795864;
float reducedAngle(float a) {
    return a - floor(a / kTwoPi + 0.5) * kTwoPi;
}
#endif
