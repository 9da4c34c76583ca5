#!/usr/bin/python3
"""Independent NumPy reference implementations, compared with `poslab export` output.

Each reference follows the public code the field uses (named per function), written afresh here in
float64. Tolerance: 1e-6 relative / 1e-9 absolute for reals, exact for integers. Seeded quantities
are compared by feeding the same .npy inputs where the encoding accepts them.
Usage: reference_numpy.py /path/to/poslab
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

BIN = sys.argv[1]
TMP = tempfile.mkdtemp(prefix="poslab-ref-")
failures = []
checked = 0


def export(enc, qty, **params):
    out = os.path.join(TMP, f"{enc}_{qty}.npy")
    args = [BIN, "export", enc, qty, "-o", out]
    for k, v in params.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        args += ["-p", f"{k}={v}"]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {r.stderr.strip()}")
    return np.load(out)


def save(name, array):
    path = os.path.join(TMP, name)
    np.save(path, np.asarray(array, dtype=np.float64))
    return path


def check(name, got, want):
    global checked
    checked += 1
    want = np.asarray(want)
    if got.shape != want.shape:
        failures.append(f"{name}: shape {got.shape} != {want.shape}")
        return
    if np.issubdtype(want.dtype, np.integer) or got.dtype == np.int64:
        if got.dtype != np.int64 or not np.array_equal(got, want):
            bad = np.argwhere(got != want)
            failures.append(f"{name}: integers differ at {bad[:5].tolist()} (dtype {got.dtype})")
            return
        print(f"ok  {name}: exact")
        return
    if not np.allclose(got, want, rtol=1e-6, atol=1e-9, equal_nan=True):
        err = np.nanmax(np.abs(got - want))
        failures.append(f"{name}: max abs error {err:.3e}")
        return
    finite = np.isfinite(want)
    err = np.max(np.abs(got[finite] - want[finite])) if finite.any() else 0.0
    print(f"ok  {name}: max abs error {err:.2e}")


# ---------------------------------------------------------------- sinusoidal (Vaswani et al.)
def sinusoid(n, d, base=10000.0, offset=0):
    # The Annotated Transformer's PositionalEncoding, interleaved sin/cos.
    pos = np.arange(offset, offset + n, dtype=np.float64)[:, None]
    div = np.exp(np.arange(0, d, 2, dtype=np.float64) * -(math.log(base) / d))
    pe = np.zeros((n, d))
    pe[:, 0::2] = np.sin(pos * div)
    pe[:, 1::2] = np.cos(pos * div)
    return pe


for n, d, base, off in [(64, 64, 10000.0, 0), (100, 18, 500000.0, 37), (8193, 16, 10000.0, 0)]:
    p = dict(n=n, d=d, base=base, offset=off)
    pe = sinusoid(n, d, base, off)
    check(f"sinusoidal/table {p}", export("sinusoidal", "table", **p), pe)
    if n <= 100:
        check(f"sinusoidal/similarity {p}", export("sinusoidal", "similarity", **p), pe @ pe.T)
    check(f"sinusoidal/frequencies {p}", export("sinusoidal", "frequencies", **p),
          1.0 / base ** (np.arange(0, d, 2) / d))

p = dict(n=32, d=16, delta=5)
w = 1.0 / 10000 ** (np.arange(0, 16, 2) / 16)
M = np.zeros((16, 16))
for j, wj in enumerate(w):
    c, s = math.cos(5 * wj), math.sin(5 * wj)
    M[2 * j:2 * j + 2, 2 * j:2 * j + 2] = [[c, s], [-s, c]]
check("sinusoidal/shift_matrix", export("sinusoidal", "shift_matrix", **p), M)
pe = sinusoid(32, 16)
check("sinusoidal/shift_error", export("sinusoidal", "shift_error", **p),
      np.max(np.abs(pe[:-5] @ M.T - pe[5:]), axis=1))

# The pitfalls, written the way the mistaken code writes them.
n, d = 20, 8
pos = np.arange(n, dtype=np.float64)[:, None]
bad = np.zeros((n, d))
bad[:, 0::2] = np.sin(pos / 10000.0 ** np.arange(0, d, 2))
bad[:, 1::2] = np.cos(pos / 10000.0 ** np.arange(0, d, 2))
check("sinusoidal/table missing_norm", export("sinusoidal", "table", n=n, d=d, variant="missing_norm"), bad)
bad = np.array([[p_ / 10000.0 ** (2 * k / d) for k in range(d)] for p_ in range(n)])
bad[:, 0::2] = np.sin(bad[:, 0::2])
bad[:, 1::2] = np.cos(bad[:, 1::2])
bad[0, :] = 0.0
check("sinusoidal/table per_dim_exponent",
      export("sinusoidal", "table", n=n, d=d, variant="per_dim_exponent"), bad)

# ---------------------------------------------------------------- sinusoidal 2D
def sinusoid2d(h, w, d, base=10000.0):
    # positionalencoding2d (wzlxjtu/PositionalEncoding2D): half the channels for x, half for y.
    half = d // 2
    div = np.exp(np.arange(0.0, half, 2) * -(math.log(base) / half))
    pe = np.zeros((d, h, w))
    pw = np.arange(w, dtype=np.float64)[:, None]
    ph = np.arange(h, dtype=np.float64)[:, None]
    pe[0:half:2] = np.sin(pw * div).T[:, None, :].repeat(h, axis=1)
    pe[1:half:2] = np.cos(pw * div).T[:, None, :].repeat(h, axis=1)
    pe[half::2] = np.sin(ph * div).T[:, :, None].repeat(w, axis=2)
    pe[half + 1::2] = np.cos(ph * div).T[:, :, None].repeat(w, axis=2)
    return pe.reshape(d, h * w).T


t = sinusoid2d(5, 7, 16)
check("sinusoidal2d/table", export("sinusoidal2d", "table", height=5, width=7, d=16), t)
check("sinusoidal2d/similarity", export("sinusoidal2d", "similarity", height=5, width=7, d=16), t @ t.T)

# ---------------------------------------------------------------- learned / hierarchical
src = np.random.default_rng(1).normal(size=(12, 6))
sp = save("source.npy", src)
check("learned/table from source", export("learned", "table", source=sp), src)
check("learned/similarity from source", export("learned", "similarity", source=sp), src @ src.T)
alpha = 0.4
u = (src - alpha * src[:1]) / (1 - alpha)
hier = (alpha * u[:, None, :] + (1 - alpha) * u[None, :, :]).reshape(-1, 6)  # Su's BERT code
check("hierarchical/table from source", export("hierarchical", "table", source=sp, alpha=alpha), hier)
pe = sinusoid(9, 8)
u = (pe - 0.3 * pe[:1]) / 0.7
hier = (0.3 * u[:, None, :] + 0.7 * u[None, :, :]).reshape(-1, 8)
check("hierarchical/table sinusoidal", export("hierarchical", "table", n=9, d=8, alpha=0.3), hier)

# ---------------------------------------------------------------- FLOATER (rotation dynamics)
# Not a reference but the spec's property: RK4 at 64 substeps reproduces the table to < 1e-6.
got = export("floater", "table", n=64, d=16, dynamics="rotation")
checked += 1
if np.max(np.abs(got - sinusoid(64, 16))) >= 1e-6:
    failures.append("floater/table rotation differs from sinusoidal by >= 1e-6")
else:
    print(f"ok  floater/table rotation = sinusoidal: {np.max(np.abs(got - sinusoid(64, 16))):.2e} < 1e-6")

# ---------------------------------------------------------------- complex order (Wang et al.)
n, d = 16, 6
wk = 10000.0 ** (-np.arange(d) / d)
f = 1.0 * np.exp(1j * (np.arange(n)[:, None] * wk))
check("complex_order/real", export("complex_order", "real", n=n, d=d), f.real)
check("complex_order/imag", export("complex_order", "imag", n=n, d=d), f.imag)
tab = np.zeros((n, 2 * d))
tab[:, 0::2], tab[:, 1::2] = f.real, f.imag
check("complex_order/table", export("complex_order", "table", n=n, d=d), tab)
check("complex_order/similarity", export("complex_order", "similarity", n=n, d=d), (f @ f.conj().T).real)

# ---------------------------------------------------------------- RoPE and scalings (HF transformers)
def rope_inv_freq(d, base, scaling="none", factor=1.0, L=2048, n=64, beta_fast=32.0, beta_slow=1.0,
                  low=1.0, high=4.0):
    inv = 1.0 / base ** (np.arange(0, d, 2, dtype=np.float64) / d)
    if scaling == "linear":
        return inv / factor
    if scaling == "ntk":
        b = base * factor ** (d / (d - 2))
        return 1.0 / b ** (np.arange(0, d, 2) / d)
    if scaling == "dynamic":
        seq = max(n, L)
        b = base * ((factor * seq / L) - (factor - 1)) ** (d / (d - 2))
        return 1.0 / b ** (np.arange(0, d, 2) / d)
    if scaling == "yarn":
        def corr_dim(rot):
            return (d * math.log(L / (rot * 2 * math.pi))) / (2 * math.log(base))
        lo = max(math.floor(corr_dim(beta_fast)), 0)
        hi = min(math.ceil(corr_dim(beta_slow)), d - 1)
        if lo == hi:
            hi += 0.001
        ramp = np.clip((np.arange(d // 2, dtype=np.float64) - lo) / (hi - lo), 0, 1)
        extra = 1 - ramp
        return (inv / factor) * (1 - extra) + inv * extra
    if scaling == "llama3":
        wavelen = 2 * math.pi / inv
        out = np.where(wavelen > L / low, inv / factor, inv)
        smooth = (L / wavelen - low) / (high - low)
        smoothed = (1 - smooth) * out / factor + smooth * out
        medium = ~(wavelen < L / high) & ~(wavelen > L / low)
        return np.where(medium, smoothed, out)
    return inv


def rope_rotate(x, pos, inv, pairing, af=1.0):
    ang = pos[:, None] * inv[None, :]
    cos, sin = np.cos(ang) * af, np.sin(ang) * af
    if pairing == "half":  # HF apply_rotary_pos_emb with rotate_half
        cos2, sin2 = np.concatenate([cos, cos], -1), np.concatenate([sin, sin], -1)
        h = x.shape[-1] // 2
        rot = np.concatenate([-x[..., h:], x[..., :h]], -1)
        return x * cos2 + rot * sin2
    cos2, sin2 = np.repeat(cos, 2, -1), np.repeat(sin, 2, -1)  # RoFormer interleaved
    rot = np.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)
    return x * cos2 + rot * sin2


cases = [
    dict(n=48, d=16, pairing="interleaved", scaling="none"),
    dict(n=40, d=64, pairing="half", scaling="none", base=500000.0, offset=9),
    dict(n=32, d=32, pairing="half", scaling="linear", factor=4.0),
    dict(n=32, d=128, pairing="interleaved", scaling="ntk", factor=8.0),
    dict(n=3000, d=16, pairing="half", scaling="dynamic", factor=2.0, original_max_position=1024),
    dict(n=24, d=128, pairing="half", scaling="yarn", factor=16.0, original_max_position=4096),
    dict(n=24, d=64, pairing="interleaved", scaling="yarn", factor=4.0, beta_fast=8.0, beta_slow=2.0),
    dict(n=24, d=128, pairing="half", scaling="llama3", factor=8.0, original_max_position=8192, base=500000.0),
]
rng = np.random.default_rng(7)
for c in cases:
    n, d = c["n"], c["d"]
    base = c.get("base", 10000.0)
    inv = rope_inv_freq(d, base, c["scaling"], c.get("factor", 1.0), c.get("original_max_position", 2048), n,
                        c.get("beta_fast", 32.0), c.get("beta_slow", 1.0))
    af = 0.1 * math.log(c["factor"]) + 1 if c["scaling"] == "yarn" and c["factor"] > 1 else 1.0
    pos = np.arange(n, dtype=np.float64) + c.get("offset", 0)
    tag = f"{c['scaling']}/{c['pairing']} d={d}"
    check(f"rope/frequencies {tag}", export("rope", "frequencies", **c), inv)
    check(f"rope/attention_factor {tag}", export("rope", "attention_factor", **c), [af])
    if n <= 100:
        check(f"rope/angles {tag}", export("rope", "angles", **c), pos[:, None] * inv[None, :])
        x = rng.normal(size=(n, d))
        check(f"rope/rotated {tag}", export("rope", "rotated", input=save("x.npy", x), **c),
              rope_rotate(x, pos, inv, c["pairing"], af))
        q, k = rng.normal(size=d), rng.normal(size=d)
        rq = rope_rotate(np.tile(q, (n, 1)), pos, inv, c["pairing"], af)
        rk = rope_rotate(np.tile(k, (n, 1)), pos, inv, c["pairing"], af)
        check(f"rope/scores {tag}",
              export("rope", "scores", q=save("q.npy", q), k=save("k.npy", k), **c), rq @ rk.T)
        r1 = rope_rotate(np.tile(q, (1, 1)), np.array([5.0]), inv, c["pairing"], af)[0]
        pairs = (np.stack([r1[0::2], r1[1::2]], -1) if c["pairing"] == "interleaved"
                 else np.stack([r1[:d // 2], r1[d // 2:]], -1))
        check(f"rope/rotation {tag}", export("rope", "rotation", q=save("q.npy", q), position=5, **c), pairs)
    x = np.arange(301, dtype=np.float64)
    check(f"rope/decay {tag}", export("rope", "decay", max_distance=300, **c),
          2 * np.cos(x[:, None] * inv[None, :]).sum(-1) * af * af)
    check(f"rope/decay_bound {tag}", export("rope", "decay_bound", **c), [math.pi / (2 * inv.min())])

# ---------------------------------------------------------------- xPos (torchscale XPOS)
for n, d, g, sb in [(17, 16, 0.4, 512.0), (40, 64, 0.4, 32.0)]:
    scale_vec = (np.arange(0, d, 2) + g * d) / ((1 + g) * d)
    min_pos = -n // 2  # torchscale: min_pos = -(length + offset) // 2
    sc = scale_vec[None, :] ** (np.arange(min_pos, min_pos + n)[:, None] / sb)
    check(f"xpos/scale n={n}", export("xpos", "scale", n=n, d=d, gamma=g, scale_base=sb), sc)
    inv = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    pos = np.arange(n, dtype=np.float64)
    qx = rope_rotate(np.ones((n, d)) * np.repeat(sc, 2, -1), pos, inv, "interleaved")
    kx = rope_rotate(np.ones((n, d)) / np.repeat(sc, 2, -1), pos, inv, "interleaved")
    check(f"xpos/scores n={n}", export("xpos", "scores", n=n, d=d, gamma=g, scale_base=sb), qx @ kx.T)

# ---------------------------------------------------------------- T5 (HF T5Attention._relative_position_bucket)
def t5_bucket(rel, bidirectional, nb, maxd):
    ret = np.zeros_like(rel)
    if bidirectional:
        nb //= 2
        ret += (rel > 0).astype(np.int64) * nb
        rel = np.abs(rel)
    else:
        rel = -np.minimum(rel, 0)
    max_exact = nb // 2
    small = rel < max_exact
    # math.log (glibc, correctly rounded here), not np.log: NumPy's SIMD log is off by one ulp
    # for some inputs on AVX-512 machines (ln(2.5)/ln(6.25) * 16 gives 7.999999999999999), which
    # moves a T5 bucket edge that lands exactly on an integer.
    safe = np.maximum(rel, 1).astype(np.float64) / max_exact
    large = max_exact + (np.vectorize(math.log)(safe) / math.log(maxd / max_exact)
                         * (nb - max_exact)).astype(np.int64)
    large = np.minimum(large, nb - 1)
    return ret + np.where(small, rel, large)


for n, nb, maxd, bi in [(300, 32, 128, True), (300, 32, 128, False), (200, 64, 100, True), (70, 8, 20, False)]:
    i = np.arange(n)
    rel = i[None, :] - i[:, None]  # memory (key) - context (query)
    b = t5_bucket(rel, bi, nb, maxd)
    check(f"t5/buckets nb={nb} max={maxd} bi={bi}",
          export("t5", "buckets", n=n, num_buckets=nb, max_distance=maxd, bidirectional=bi), b)
n = 50
W = rng.normal(size=(32, 3))
b = t5_bucket(np.arange(n)[None, :] - np.arange(n)[:, None], True, 32, 128)
check("t5/bias with weights", export("t5", "bias", n=n, heads=3, weights=save("w.npy", W)),
      np.transpose(W[b], (2, 0, 1)))
Wn = rng.normal(size=(n, 2))
check("t5/bias bucketing none", export("t5", "bias", n=n, heads=2, bucketing="none", weights=save("wn.npy", Wn)),
      np.transpose(Wn[np.abs(np.arange(n)[None, :] - np.arange(n)[:, None])], (2, 0, 1)))

f = 5
r, cc = np.divmod(np.arange(f * f), f)
check("t5_2d/indices", export("t5_2d", "indices", fmap=f),
      np.abs(r[:, None] - r[None, :]) * f + np.abs(cc[:, None] - cc[None, :]))

# ---------------------------------------------------------------- DeBERTa-v2 (microsoft/DeBERTa, numpy)
def make_log_bucket_position(rel, bucket_size, max_position):
    sign = np.sign(rel)
    mid = bucket_size // 2
    abs_pos = np.where((rel < mid) & (rel > -mid), mid - 1, np.abs(rel))
    # math.log rather than np.log, as for T5 above.
    log_pos = np.ceil(np.vectorize(math.log)(abs_pos / mid) / math.log((max_position - 1) / mid) * (mid - 1)) + mid
    return np.where(abs_pos <= mid, rel, log_pos * sign).astype(np.int64)


for n, pb, mrp in [(600, 256, 512), (300, 32, 100), (100, -1, 512)]:
    i = np.arange(n)
    rel = i[:, None] - i[None, :]  # query - key
    want = make_log_bucket_position(rel, pb, mrp) if pb > 0 else rel
    check(f"deberta/relative_positions pb={pb} mrp={mrp}",
          export("deberta", "relative_positions", n=n, position_buckets=pb, max_relative_positions=mrp), want)

# ---------------------------------------------------------------- ALiBi (ofirpress/attention_with_linear_biases)
def get_slopes(n):
    def pow2(n):
        start = 2 ** (-2 ** -(math.log2(n) - 3))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return pow2(n)
    closest = 2 ** math.floor(math.log2(n))
    return pow2(closest) + get_slopes(2 * closest)[0::2][:n - closest]


for heads in [1, 2, 6, 8, 12, 20, 32]:
    check(f"alibi/slopes heads={heads}", export("alibi", "slopes", heads=heads), get_slopes(heads))
n = 40
s = np.array(get_slopes(12))
i = np.arange(n)
dist = i[:, None] - i[None, :]
check("alibi/bias", export("alibi", "bias", n=n, heads=12), -s[:, None, None] * np.abs(dist)[None])
causal = np.where(dist[None] >= 0, -s[:, None, None] * dist[None], -np.inf)
check("alibi/bias causal", export("alibi", "bias", n=n, heads=12, causal=True), causal)

# ---------------------------------------------------------------- Shaw relative indices
n, clip = 30, 4
check("shaw/relative_indices", export("shaw", "relative_indices", n=n, clip=clip),
      np.clip(np.arange(n)[None, :] - np.arange(n)[:, None], -clip, clip) + clip)

# ---------------------------------------------------------------- URPE Toeplitz
n = 20
lag = np.arange(n)[:, None] - np.arange(n)[None, :]
check("urpe/toeplitz decay", export("urpe", "toeplitz", n=n, gamma=0.8), 0.8 ** np.abs(lag))
check("urpe/toeplitz ones", export("urpe", "toeplitz", n=n, toeplitz="ones"), np.ones((n, n)))

# ---------------------------------------------------------------- CNN padding (np.pad modes)
def cnn(h, w, layers, k, mode):
    x = np.ones((h, w))
    r = k // 2
    for _ in range(layers):
        p = np.pad(x, r, mode={"zeros": "constant", "circular": "wrap", "reflect": "reflect"}[mode])
        x = sum(p[a:a + h, b:b + w] for a in range(k) for b in range(k)) / (k * k)
    return x


for mode in ["zeros", "circular", "reflect"]:
    resp = cnn(12, 9, 3, 3, mode)
    check(f"cnn_padding/response {mode}",
          export("cnn_padding", "response", height=12, width=9, layers=3, kernel=3, padding=mode), resp)
    check(f"cnn_padding/deviation {mode}",
          export("cnn_padding", "deviation", height=12, width=9, layers=3, kernel=3, padding=mode),
          np.abs(resp - resp[6, 4]))
resp = cnn(11, 11, 2, 5, "reflect")
check("cnn_padding/response reflect k5",
      export("cnn_padding", "response", height=11, width=11, layers=2, kernel=5, padding="reflect"), resp)

# ---------------------------------------------------------------- oscillatory (note 004)
for fam, alpha in [("exp", 2.0), ("power", 2.0), ("power", 0.5), ("linear", 2.0)]:
    d, base, maxd = 128, 10000.0, 256
    theta = {"exp": lambda t: base ** (-t), "power": lambda t: t ** alpha, "linear": lambda t: t}[fam]
    ti = theta(2 * np.arange(d // 2) / d)
    x = np.arange(maxd + 1, dtype=np.float64)
    check(f"oscillatory/sum {fam} alpha={alpha}",
          export("oscillatory", "sum", d=d, base=base, family=fam, alpha=alpha, max_distance=maxd),
          (2 / d) * np.cos(x[:, None] * ti[None, :]).sum(-1))
    # Composite Gauss-Legendre on 4000 panels of 20 nodes: far below 1e-10 for x <= 256.
    gx, gw = np.polynomial.legendre.leggauss(20)
    edges = np.linspace(0, 1, 4001)
    a, b = edges[:-1, None], edges[1:, None]
    t = ((b - a) / 2 * gx[None, :] + (a + b) / 2).ravel()
    wts = ((b - a) / 2 * gw[None, :]).ravel()
    integral = np.array([np.sum(wts * np.cos(xx * theta(t))) for xx in x])
    check(f"oscillatory/integral {fam} alpha={alpha}",
          export("oscillatory", "integral", d=d, base=base, family=fam, alpha=alpha, max_distance=maxd), integral)

# ---------------------------------------------------------------- bilinear with H = identity
n, d = 24, 16
pe = sinusoid(n, d)
w = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
check("bilinear/similarity identity", export("bilinear", "similarity", n=n, d=d), pe @ pe.T)
m = np.arange(n)[:, None, None]
nn = np.arange(n)[None, :, None]
check("bilinear/relative_part identity", export("bilinear", "relative_part", n=n, d=d),
      np.cos((m - nn) * w).sum(-1))
check("bilinear/absolute_part identity", export("bilinear", "absolute_part", n=n, d=d), np.zeros((n, n)))

print(f"{checked - len(failures)} of {checked} reference checks passed")
for f_ in failures:
    print("FAIL", f_)
sys.exit(1 if failures else 0)
