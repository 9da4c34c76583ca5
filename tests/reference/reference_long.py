#!/usr/bin/python3
"""Independent references for long context and precision (spec long_context.md L1, L2), compared
with `poslab export` output.

Precision: IEEE 754 rounding written afresh with exact rationals (fractions.Fraction): a double is
rounded to p significant bits with ties to even, subnormals below the smallest normal, and +-inf
past the largest finite value, as if the exponent were unbounded first. Products and the exact
angle p * theta are rationals; the cosine of the exact angle is taken after reducing it modulo 2 pi
with a 60-digit pi, so the reference is exact to about 1e-17. The frequencies are poslab's own
(exported): this checks the arithmetic of the formats, not theta (reference_numpy.py checks theta).
Long context: decay_envelope against the min and max of the direct sum over every integer of each
column; cos_mean and sin_mean against the direct means. Tolerances: exact for positions and counts,
1e-12 for the errors, 1e-9 for the envelope and the means.
Usage: reference_long.py /path/to/poslab
"""
import math
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

import numpy as np

BIN = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="poslab-ref-long-")
failures = []
checked = 0

PI = Fraction("3.14159265358979323846264338327950288419716939937510582097494459")
TWO_PI = 2 * PI

# significand bits (with the implicit one), exponent of the smallest normal as frexp gives it
# (x = m 2^e, 0.5 <= m < 1), largest finite value.
FORMATS = {
    "float64": (53, -1021, Fraction((2 ** 53 - 1) * 2 ** 971)),
    "float32": (24, -125, Fraction((2 ** 24 - 1) * 2 ** 104)),
    "bfloat16": (8, -125, Fraction((2 ** 8 - 1) * 2 ** 120)),
    "float16": (11, -13, Fraction((2 ** 11 - 1) * 2 ** 5)),
}


def export(enc, qty, **params):
    out = os.path.join(TMP, f"{enc}_{qty}.npy")
    args = [BIN, "export", enc, qty, "-o", out] + sum((["-p", f"{k}={v}"] for k, v in params.items()), [])
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {r.stderr.strip()}")
    return np.load(out)


def check(name, got, want, tol):
    global checked
    checked += 1
    want = np.asarray(want)
    if got.shape != want.shape:
        failures.append(f"{name}: shape {got.shape} != {want.shape}")
        return
    if tol == 0:
        if not np.array_equal(got, want):
            bad = np.argwhere(got != want)[:5].tolist()
            failures.append(f"{name}: differs at {bad}")
            return
        print(f"ok  {name}: exact")
        return
    same_inf = np.array_equal(np.isinf(got), np.isinf(want))
    finite = np.isfinite(want)
    err = float(np.max(np.abs(got[finite] - want[finite]))) if finite.any() else 0.0
    if not same_inf or err > tol:
        failures.append(f"{name}: max abs error {err:.3e} (inf where expected: {same_inf})")
        return
    print(f"ok  {name}: max abs error {err:.2e}")


def round_to(x, fmt):
    """The value of format `fmt` nearest to the rational x (ties to even), or +-inf."""
    p, emin, top = FORMATS[fmt]
    x = Fraction(x)
    if x == 0:
        return Fraction(0)
    _, e = math.frexp(abs(x.numerator) / abs(x.denominator)) if abs(x) < 2 ** 1000 else (0, 1001)
    # frexp of the float may be one off near a power of two: fix e exactly.
    while abs(x) >= Fraction(2) ** e:
        e += 1
    while abs(x) < Fraction(2) ** (e - 1):
        e -= 1
    q = max(e, emin) - p  # the unit in the last place
    scaled = x / Fraction(2) ** q
    n = math.floor(scaled)
    rest = scaled - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    r = n * Fraction(2) ** q
    if abs(r) > top:
        return math.copysign(math.inf, x)
    return r


def cos_exact(x):
    """cos of the rational x, reduced modulo 2 pi first."""
    k = math.floor(x / TWO_PI)
    return math.cos(float(x - k * TWO_PI))


def positions_ref(n, offset, precision):
    fmt = "float32" if precision == "hf_bf16" else precision
    return [round_to(offset + i, fmt) for i in range(n)]


def errors_ref(n, offset, theta, precision):
    """(angle_error, cos_error) as the spec defines them."""
    ang = np.zeros((n, len(theta)))
    cos = np.zeros((n, len(theta)))
    afmt = "float32" if precision == "hf_bf16" else precision
    cfmt = "bfloat16" if precision == "hf_bf16" else precision
    for i in range(n):
        pos = Fraction(offset + i)
        rp = round_to(pos, afmt)
        for j, t in enumerate(theta):
            exact = pos * Fraction(t)
            if rp == math.inf:
                ang[i, j] = math.inf
                cos[i, j] = math.inf
                continue
            a = round_to(rp * round_to(Fraction(t), afmt), afmt)
            if a == math.inf:
                ang[i, j] = cos[i, j] = math.inf
                continue
            ang[i, j] = float(abs(a - exact))
            c = round_to(Fraction(math.cos(float(a))), cfmt)
            cos[i, j] = abs(float(c) - cos_exact(exact))
    return ang, cos


# ---------------------------------------------------------------- L2 precision
cases = [
    ("bfloat16 at 15900", "bfloat16", 128, 15900, 64),
    ("hf_bf16 at 15900", "hf_bf16", 128, 15900, 64),
    ("float16 across 65520", "float16", 64, 65480, 16),
    ("float16 subnormal theta", "float16", 40, 0, 64),
    ("float32 across 2^24", "float32", 64, 16777190, 32),
    ("float64 at 10^6", "float64", 32, 1000000, 16),
]
for name, prec, n, offset, d in cases:
    theta = export("rope", "frequencies", d=d)
    want_pos = positions_ref(n, offset, prec)
    got_pos = export("rope", "position_rounded", n=n, offset=offset, precision=prec)
    check(f"rope/position_rounded {name}", got_pos,
          np.array([float(v) for v in want_pos]), 0)
    got_col = export("rope", "collisions", n=n, offset=offset, precision=prec)
    check(f"rope/collisions {name}", got_col, np.array([n - len(set(want_pos))], dtype=np.int64), 0)
    ang, cos = errors_ref(n, offset, theta, prec)
    params = dict(n=n, offset=offset, d=d, precision=prec)
    check(f"rope/angle_error {name}", export("rope", "angle_error", **params), ang, 1e-12)
    check(f"rope/cos_error {name}", export("rope", "cos_error", **params), cos, 1e-12)

# The spec's worked examples.
check("rope/collisions bfloat16 over 0..16383",
      export("rope", "collisions", n=16384, precision="bfloat16"),
      np.array([16384 - len(set(positions_ref(16384, 0, "bfloat16")))], dtype=np.int64), 0)
check("rope/position_rounded bfloat16 15962 -> 15936",
      export("rope", "position_rounded", n=1, offset=15962, precision="bfloat16"),
      np.array([15936.0]), 0)

# ---------------------------------------------------------------- L1 level of detail
for d, base, maxd, cols, w0, w1 in [(64, 10000, 20000, 37, 0, -1), (128, 500000, 50000, 64, 1234, 45678),
                                    (16, 10000, 3000, 3000, 0, -1)]:
    theta = export("rope", "frequencies", d=d, base=base)
    end = maxd if w1 < 0 else w1
    x = np.arange(w0, end + 1, dtype=np.float64)
    g = np.zeros_like(x)
    for t in theta:  # the direct sum, each term's angle reduced in extended precision
        g += 2 * np.cos(np.mod(x.astype(np.longdouble) * np.longdouble(t), 2 * np.pi)).astype(np.float64)
    width = end - w0 + 1
    want = np.zeros((cols, 2))
    for c in range(cols):
        a = (c * width + cols - 1) // cols
        b = ((c + 1) * width + cols - 1) // cols
        want[c] = (g[a:b].min(), g[a:b].max()) if b > a else (np.nan, np.nan)
    got = export("rope", "decay_envelope", d=d, base=base, max_distance=maxd, columns=cols,
                 window_start=w0, window_end=w1)
    check(f"rope/decay_envelope d={d} base={base} window {w0}..{end} in {cols}", got, want, 1e-9)

for n, rows, offset, d in [(5000, 17, 123456, 32), (1000, 1000, 0, 8), (777, 5, 16000000, 64)]:
    theta = export("rope", "frequencies", d=d)
    p = np.arange(n, dtype=np.longdouble) + offset
    ang = p[:, None] * np.array(theta, dtype=np.longdouble)[None, :]
    for qty, fn in [("cos_mean", np.cos), ("sin_mean", np.sin)]:
        vals = fn(np.mod(ang, 2 * np.pi)).astype(np.float64)
        want = np.zeros((rows, len(theta)))
        for r in range(rows):
            a = (r * n + rows - 1) // rows
            b = ((r + 1) * n + rows - 1) // rows
            want[r] = vals[a:b].mean(axis=0) if b > a else np.nan
        got = export("rope", qty, n=n, rows=rows, offset=offset, d=d)
        check(f"rope/{qty} n={n} rows={rows} offset={offset}", got, want, 1e-9)

print(f"{checked - len(failures)} of {checked} reference checks passed")
for f_ in failures:
    print("FAIL", f_)
sys.exit(1 if failures else 0)
