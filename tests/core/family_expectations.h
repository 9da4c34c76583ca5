// What each published config in tests/data/published means, as the model's own code computes it
// (models.md M5): the expectations of tst_model_families. Every number below was derived by hand
// from the family's modeling code named in the comment above its row, never from PosLab's reader;
// inv_freq values are written as the rule the code evaluates (b^(-2j/d)).
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <cmath>
#include <limits>

namespace poslab::test::families {

constexpr double kSkip = std::numeric_limits<double>::quiet_NaN();
constexpr qint64 kNull = -1;       // window: null (full attention)
constexpr qint64 kUnchecked = -2;  // not checked

using Params = QList<QPair<QString, QString>>;

// b^(-2j/d): inverse frequency j of a rotary dimension d at base b.
inline double inv(double b, double d, double j) {
    return std::pow(b, -2.0 * j / d);
}

struct KindExpect {
    QString select;   // kind name, or "#i" (the kind of layer i; "#-1": the last layer)
    int layers = -1;  // how many layers have this kind (-1: not checked)
    QList<int> at;    // layers that must have this kind
    bool rope = true;
    bool attention = true;
    QString encoding;  // KindInfo::encoding ("": not checked)
    int rotaryDim = -1;
    double theta = kSkip;  // the base actually used
    QString pairing;       // half | interleaved ("": not checked)
    qint64 window = kUnchecked;
    double inv0 = kSkip, inv1 = kSkip, invLast = kSkip;
    QString ropeType;  // "": not checked
    qint64 qkHeadDim = kUnchecked;
    QString queryScale;  // QueryScale::kind ("": not checked)
    qint64 queryScaleMax = kUnchecked;
    Params params;  // KindInfo::encodingParams that must be present with these values
};

struct FamilyExpect {
    QString file;       // tests/data/published/<file>.json
    qint64 seqLen = 0;  // 0: none given
    QString encoding;   // EncodingInfo::id
    int layers = -1;
    qint64 headDim = kUnchecked;
    qint64 maxPositions = kUnchecked;
    Params params;  // EncodingInfo::params
    QList<KindExpect> kinds;
};

// A RoPE kind of `layers` layers: rotary dim d at base b, pairing; inv_freq 0, 1 and d/2 - 1.
inline KindExpect ropeKind(const QString& select, int layers, int d, double b,
                           const QString& pairing, qint64 window = kUnchecked) {
    KindExpect k;
    k.select = select;
    k.layers = layers;
    k.encoding = "rope";
    k.rotaryDim = d;
    k.theta = b;
    k.pairing = pairing;
    k.window = window;
    k.inv0 = 1.0;
    k.inv1 = inv(b, d, 1);
    k.invLast = inv(b, d, d / 2 - 1);
    return k;
}

// A kind of `layers` layers with no positions: NoPE attention or a layer that is not attention.
inline KindExpect positionless(const QString& name, int layers, QList<int> at, bool attention) {
    KindExpect k;
    k.select = name;
    k.layers = layers;
    k.at = at;
    k.rope = false;
    k.attention = attention;
    k.encoding = attention ? "nope" : "none";
    return k;
}

// A kind whose positions are not RoPE (alibi, t5, learned, shaw) with the params it implies.
inline KindExpect otherKind(const QString& select, int layers, const QString& encoding,
                            const Params& params) {
    KindExpect k;
    k.select = select;
    k.layers = layers;
    k.rope = false;
    k.encoding = encoding;
    k.params = params;
    return k;
}

inline QList<int> every(int first, int step, int count) {
    QList<int> out;
    for (int i = 0; i < count; ++i) out << first + i * step;
    return out;
}

}  // namespace poslab::test::families
