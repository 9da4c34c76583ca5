// LayerNorm forward and backward on (rows, d) blocks, templated on the scalar (spec training.md
// T2: eps 1e-5, gain and bias).
#pragma once

#include "core/train/param_store.h"

namespace poslab::core::train {

constexpr double kLayerNormEps = 1e-5;

// y = g * xhat + b with xhat = (x - mean) / sqrt(var + eps) per row (biased variance).
template <class S, class G, class B>
void layerNorm(const Mat<S>& x, const G& g, const B& b, Mat<S>& xhat, Vec<S>& rstd, Mat<S>& y) {
    const auto d = static_cast<S>(x.cols());
    const Vec<S> mean = x.rowwise().sum() / d;
    xhat = x.colwise() - mean;
    rstd = ((xhat.array().square().rowwise().sum() / d) + static_cast<S>(kLayerNormEps)).rsqrt();
    xhat.array().colwise() *= rstd.array();
    y = (xhat.array().rowwise() * g.row(0).array()).rowwise() + b.row(0).array();
}

// dx = rstd (dxhat - mean(dxhat) - xhat mean(dxhat xhat)), dxhat = dy g; dg += sum dy xhat,
// db += sum dy (over rows). `dxhat` is scratch space (kept by the caller between steps).
template <class S, class G, class DG, class DB>
void layerNormBackward(const Mat<S>& dy, const Mat<S>& xhat, const Vec<S>& rstd, const G& g,
                       Mat<S>& dxhat, Mat<S>& dx, DG&& dg, DB&& db) {
    const auto d = static_cast<S>(dy.cols());
    dg += (dy.array() * xhat.array()).colwise().sum().matrix();
    db += dy.colwise().sum();
    dxhat = (dy.array().rowwise() * g.row(0).array()).matrix();
    const Vec<S> m1 = dxhat.rowwise().sum() / d;
    const Vec<S> m2 = (dxhat.array() * xhat.array()).rowwise().sum().matrix() / d;
    dx = dxhat.colwise() - m1;
    dx.array() -= xhat.array().colwise() * m2.array();
    dx.array().colwise() *= rstd.array();
}

}  // namespace poslab::core::train
