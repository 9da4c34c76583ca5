// The contract every registered quantity keeps, checked over the whole registry so that a new
// encoding cannot skip it (house style 5): at its defaults and at two small seeded sizes it is
// prepared and run; the result has the declared shape and dtype, finite values (or the declared
// -inf of a causal mask), the same bits on a second run, one axis name per dimension and both
// titles; a raised cancel flag returns Errc::Cancelled; progress rises to 1. Every encoding also
// needs a test file of its own, tests/core/tst_<id>.cpp.
#include <QDir>
#include <QFileInfo>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/compute.h"

using namespace poslab;

namespace {

// The size parameters a contract run shrinks, by name, to values every encoding accepts (d is a
// multiple of 4 for sinusoidal2d; the kernel, 3, fits the 4 x 4 image; t5's exact bucket range,
// 8, is below max_distance). A value is only ever made smaller than the default.
struct Size {
    const char* name;
    std::int64_t small, other;
};
constexpr Size kSizes[] = {
    {"n", 7, 16},
    {"d", 8, 12},
    {"heads", 3, 2},
    {"height", 5, 4},
    {"width", 6, 4},
    {"fmap", 3, 2},
    {"layers", 2, 1},
    {"hidden", 4, 6},
    {"clip", 3, 5},
    {"max_distance", 40, 64},
    {"steps_per_unit", 8, 4},
};

// Quantities whose defaults are too large for a contract run of a few seconds: their "defaults"
// row shrinks these parameters (everything else stays at its default).
struct Shrunk {
    const char* encoding;
    const char* param;
    std::int64_t value;
};
constexpr Shrunk kShrunkDefaults[] = {
    // n = 64 positions make n*n = 4096 rows: a 4096 x 4096 similarity Gram product, ~25 s.
    {"hierarchical", "n", 32},
};

// Text parameters tied to a size: mrope_section adds up to d/2, so the small rows set it too.
struct SizedText {
    const char* encoding;
    const char* param;
    const char* small;  // d = 8
    const char* other;  // d = 12
};
constexpr SizedText kSizedTexts[] = {{"mrope", "mrope_section", "2,1,1", "2,2,2"}};

// Non-finite values that are part of a quantity's meaning: a causal mask puts -inf above the
// diagonal (exp(-inf) = 0 in the softmax). Allowed only where `causal` is true (or the encoding is
// causal by definition: `always`), and then required, so that a stale entry fails too.
struct MaskedQuantity {
    const char* encoding;
    const char* quantity;
    bool always = false;
};
constexpr MaskedQuantity kCausalMasks[] = {
    {"alibi", "bias"},        {"transformer_xl", "logits"}, {"cope", "bias", true},
    {"cope", "logits", true}, {"kerple", "bias"},           {"sandwich", "bias"},
    {"fire", "bias"},
};

// Views over long ranges split the positions into bands (long_context.md L1); a band holding no
// position is NaN, allowed only when there are more bands than positions.
struct BandedQuantity {
    const char* encoding;
    const char* quantity;
    std::int64_t (*bands)(const core::ParamSet&);
    std::int64_t (*positions)(const core::ParamSet&);
};
const BandedQuantity kBanded[] = {
    {"rope", "decay_envelope", [](const core::ParamSet& p) { return p.integer("columns"); },
     [](const core::ParamSet& p) {
         const auto end = p.integer("window_end");
         return (end < 0 ? p.integer("max_distance") : end) - p.integer("window_start") + 1;
     }},
    {"rope", "cos_mean", [](const core::ParamSet& p) { return p.integer("rows"); },
     [](const core::ParamSet& p) { return p.integer("n"); }},
    {"rope", "sin_mean", [](const core::ParamSet& p) { return p.integer("rows"); },
     [](const core::ParamSet& p) { return p.integer("n"); }},
};

// Row softmaxes sum each row with Eigen's vectorised reduction, whose order follows the row's
// address modulo the SIMD width: two runs in one process differ in the last bits (tst_progress).
struct Tolerance {
    const char* encoding;
    const char* quantity;
    double tolerance;
};
constexpr Tolerance kRunToRun[] = {
    {"attention", "softmax", 1e-15},
    {"urpe", "attention", 1e-15},
    {"urpe", "attention_plain", 1e-15},
};

template <class Table>
auto findEntry(const Table& table, const std::string& enc, const std::string& qty) {
    return std::find_if(std::begin(table), std::end(table), [&](const auto& e) {
        return enc == e.encoding && (qty.empty() || qty == e.quantity);
    });
}

bool isCausalMask(const std::string& enc, const std::string& qty, const core::ParamSet& p) {
    const auto it = findEntry(kCausalMasks, enc, qty);
    return it != std::end(kCausalMasks) && (it->always || p.boolean("causal"));
}

double runToRunTolerance(const std::string& enc, const std::string& qty) {
    const auto it = findEntry(kRunToRun, enc, qty);
    return it == std::end(kRunToRun) ? 0.0 : it->tolerance;
}

// The parameters of one contract row: 0 = defaults, 1 and 2 = the two small sizes, each with its
// own seed; size 2 also flips every boolean (causal masks, unidirectional buckets).
core::ParamSet contractParams(const core::EncodingDescriptor& enc, int config) {
    core::ParamSet p = core::defaultParams(enc.params);
    for (const auto& s : kShrunkDefaults)
        if (enc.id == s.encoding) p.set(s.param, s.value);
    if (config == 0) return p;
    for (const auto& spec : enc.params) {
        const auto* def = std::get_if<std::int64_t>(&spec.defaultValue);
        for (const auto& s : kSizes)
            if (def && spec.name == s.name)
                p.set(spec.name, std::min(*def, config == 1 ? s.small : s.other));
        if (spec.name == "seed") p.set("seed", std::int64_t{config});
        for (const auto& t : kSizedTexts)
            if (enc.id == t.encoding && spec.name == t.param)
                p.set(spec.name, std::string(config == 1 ? t.small : t.other));
        if (const auto* b = std::get_if<bool>(&spec.defaultValue); b && config == 2)
            p.set(spec.name, !*b);
    }
    return p;
}

bool sameBits(const core::Array& a, const core::Array& b, double tolerance) {
    if (a.shape != b.shape || a.dtype != b.dtype || a.i64 != b.i64 || a.f64.size() != b.f64.size())
        return false;
    for (std::size_t k = 0; k < a.f64.size(); ++k) {
        const double x = a.f64[k], y = b.f64[k];
        if (std::isfinite(x) ? !(std::abs(x - y) <= tolerance) : std::memcmp(&x, &y, sizeof x))
            return false;
    }
    return true;
}

}  // namespace

class TestRegistry : public QObject {
    Q_OBJECT
private slots:
    void noDuplicateIds() {
        const auto& dup = core::registry().duplicates();
        std::string ids;
        for (const auto& d : dup) ids += " " + d;
        QVERIFY2(dup.empty(), ("registered twice:" + ids).c_str());
    }

    // Adding an encoding is its file, its registration, its views and its test (README).
    void everyEncodingHasItsOwnTest() {
        const QString root = qEnvironmentVariable("POSLAB_SOURCE_DIR");
        QVERIFY2(QDir(root).exists("tests/core"), "POSLAB_SOURCE_DIR (set by CTest) is not set");
        QStringList missing;
        for (const auto& e : core::registry().encodings()) {
            const QString file = QStringLiteral("tests/core/tst_%1.cpp").arg(e.id.c_str());
            if (!QFileInfo::exists(QDir(root).filePath(file))) missing << file;
        }
        QVERIFY2(missing.isEmpty(), qPrintable("missing: " + missing.join(", ")));
    }

    // Parameter panels show words a lecturer says, in both languages (issue 13 item 4): every
    // parameter has an English and a Chinese label, short enough for the panel, in sentence case,
    // with the Chinese one in Chinese characters, and never just its identifier.
    void everyParameterHasLabels_data() {
        QTest::addColumn<QString>("encoding");
        for (const auto& e : core::registry().encodings())
            QTest::newRow(e.id.c_str()) << QString::fromStdString(e.id);
    }
    void everyParameterHasLabels() {
        QFETCH(QString, encoding);
        const auto* enc = core::registry().find(encoding.toStdString());
        QVERIFY(enc && !enc->params.empty());
        const auto hasCjk = [](const QString& s) {
            return std::any_of(s.begin(), s.end(), [](QChar c) {
                return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF;
            });
        };
        for (const auto& spec : enc->params) {
            const QString name = QString::fromStdString(spec.name);
            const QString en = QString::fromStdString(spec.labelEn);
            const QString zh = QString::fromStdString(spec.labelZh);
            const QByteArray what = (name + ": \"" + en + "\" / \"" + zh + "\"").toUtf8();
            QVERIFY2(!en.isEmpty() && !zh.isEmpty(), what.constData());
            QVERIFY2(en.size() <= 28 && zh.size() <= 28, what.constData());
            // Sentence case: no leading ASCII lower-case letter (a Greek symbol, θ(t), may lead).
            QVERIFY2(!(en.at(0) >= 'a' && en.at(0) <= 'z'), what.constData());
            QVERIFY2(hasCjk(zh), what.constData());
            // Words, not identifiers: no underscore, so never a multi-word identifier such as
            // max_distance (a one-word identifier, "Padding", may well be its own label).
            QVERIFY2(!en.contains('_') && !zh.contains('_'), what.constData());
        }
    }

    // A refused value names its parameter in the one shape "parameter 'NAME' …", which is how the
    // window finds the field to mark (issue 13 item 4): unreadable text, a value out of range,
    // and an encoding's own rule (an odd d for RoPE) all name the parameter they are about.
    void everyRefusalNamesItsParameter_data() { everyParameterHasLabels_data(); }
    void everyRefusalNamesItsParameter() {
        QFETCH(QString, encoding);
        const auto* enc = core::registry().find(encoding.toStdString());
        QVERIFY(enc);
        for (const auto& spec : enc->params) {
            const QByteArray what = spec.name.c_str();
            if (spec.type != core::ParamType::Path) {  // a path accepts any text
                auto parsed = spec.parse("\x01?");
                QVERIFY2(!parsed, what.constData());
                QCOMPARE(core::parameterNamed(parsed.error().message), spec.name);
            }
            if (spec.min &&
                (spec.type == core::ParamType::Int || spec.type == core::ParamType::Real)) {
                const double below = *spec.min - 1;
                const core::ParamValue v = spec.type == core::ParamType::Int
                                               ? core::ParamValue(std::int64_t(below))
                                               : core::ParamValue(below);
                const auto st = spec.check(v);
                QVERIFY2(!st, what.constData());
                QCOMPARE(core::parameterNamed(st.error().message), spec.name);
            }
        }
        // Any other message names no parameter.
        QCOMPARE(core::parameterNamed("out of memory"), std::string());
        QCOMPARE(core::parameterNamed("parameter '"), std::string());
    }

    void encodingRuleNamesItsParameter() {
        const auto* rope = core::registry().find("rope");
        QVERIFY(rope);
        core::ParamSet p = core::defaultParams(rope->params);
        p.set("d", std::int64_t(127));
        const core::Status st = rope->resolve ? rope->resolve(p) : core::Status{};
        QVERIFY(!st);
        QCOMPARE(core::parameterNamed(st.error().message), std::string("d"));
    }

    void declaredExceptionsExist() {
        for (const auto& m : kCausalMasks) {
            const auto* enc = core::registry().find(m.encoding);
            QVERIFY2(enc && enc->findQuantity(m.quantity) && (m.always || enc->findParam("causal")),
                     m.quantity);
        }
        for (const auto& b : kBanded) {
            const auto* enc = core::registry().find(b.encoding);
            QVERIFY2(enc && enc->findQuantity(b.quantity), b.quantity);
        }
        for (const auto& t : kRunToRun) {
            const auto* enc = core::registry().find(t.encoding);
            QVERIFY2(enc && enc->findQuantity(t.quantity), t.quantity);
        }
        for (const auto& t : kSizedTexts) {
            const auto* enc = core::registry().find(t.encoding);
            QVERIFY2(enc && enc->findParam(t.param), t.param);
        }
    }

    void contract_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<int>("config");
        const char* names[] = {"defaults", "small, seed 1", "small, seed 2, booleans flipped"};
        for (const auto& e : core::registry().encodings())
            for (const auto& q : e.quantities)
                for (int c = 0; c < 3; ++c)
                    QTest::addRow("%s/%s %s", e.id.c_str(), q.id.c_str(), names[c])
                        << QString::fromStdString(e.id) << QString::fromStdString(q.id) << c;
    }
    void contract() {
        QFETCH(QString, encoding);
        QFETCH(QString, quantity);
        QFETCH(int, config);
        const auto* enc = core::registry().find(encoding.toStdString());
        QVERIFY(enc);
        const auto* q = enc->findQuantity(quantity.toStdString());
        QVERIFY(q);
        const core::ParamSet params = contractParams(*enc, config);

        auto prepared = core::prepare(*enc, q->id, params);
        QVERIFY2(prepared.ok(), prepared ? "" : prepared.error().message.c_str());
        std::vector<double> seen;
        core::ComputeOptions options;
        options.progress = [&seen](double f) { seen.push_back(f); };
        auto first = core::run(*prepared, options);
        QVERIFY2(first.ok(), first ? "" : first.error().message.c_str());

        // Shape and dtype as declared, and the rank the catalog reads from shapeDoc.
        const core::Shape shape = q->shape(prepared->params);
        QCOMPARE(first->shape, shape);
        QCOMPARE(first->shape, prepared->shape);
        QCOMPARE(std::count(q->shapeDoc.begin(), q->shapeDoc.end(), ',') + 1,
                 static_cast<std::ptrdiff_t>(shape.size()));
        QCOMPARE(first->dtype, q->dtype);
        const auto elements = static_cast<std::size_t>(core::elementCount(shape));
        QCOMPARE(q->dtype == core::DType::F64 ? first->f64.size() : first->i64.size(), elements);
        QCOMPARE(q->dtype == core::DType::F64 ? first->i64.size() : first->f64.size(),
                 std::size_t{0});
        QCOMPARE(q->axes.size(), shape.size());
        if (q->shapeDoc != "1")  // a scalar's one axis has nothing to name
            for (const auto& axis : q->axes) QVERIFY(!axis.empty());
        QVERIFY(!q->titleEn.empty() && !q->titleZh.empty());

        // Finite, except a causal mask's -inf (then required).
        const bool masked = isCausalMask(enc->id, q->id, prepared->params);
        const auto banded = findEntry(kBanded, enc->id, q->id);
        const bool emptyBands =
            banded != std::end(kBanded) &&
            banded->bands(prepared->params) > banded->positions(prepared->params);
        std::size_t minusInf = 0, nans = 0;
        for (std::size_t k = 0; k < first->f64.size(); ++k) {
            const double v = first->f64[k];
            if (masked && v == -std::numeric_limits<double>::infinity()) {
                ++minusInf;
                continue;
            }
            if (emptyBands && std::isnan(v)) {
                ++nans;
                continue;
            }
            QVERIFY2(std::isfinite(v), qPrintable(QStringLiteral("element %1 = %2").arg(k).arg(v)));
        }
        if (masked) QVERIFY2(minusInf > 0, "a causal mask with nothing masked");
        if (emptyBands) QVERIFY2(nans > 0, "more bands than positions, yet none empty");
        if (!q->isSigned && q->dtype == core::DType::F64)
            for (double v : first->f64)
                QVERIFY2(q->nonPositive ? !(v > 0) : v >= 0,
                         q->nonPositive ? "a quantity marked non-positive"
                                        : "a quantity marked non-negative");

        // Progress: fractions in [0, 1] that never decrease, ending at 1.
        QVERIFY(!seen.empty());
        for (std::size_t i = 0; i < seen.size(); ++i) {
            QVERIFY(seen[i] >= 0.0 && seen[i] <= 1.0);
            if (i > 0) QVERIFY(seen[i] >= seen[i - 1]);
        }
        QCOMPARE(seen.back(), 1.0);

        // Deterministic: the same bits on a second run (seeded arrays included).
        auto second = core::run(*prepared);
        QVERIFY(second.ok());
        QVERIFY2(sameBits(*first, *second, runToRunTolerance(enc->id, q->id)),
                 "a second run gave other numbers");

        // A cancel raised before the run: Errc::Cancelled, never a result.
        std::atomic<bool> cancel{true};
        core::ComputeOptions cancelled;
        cancelled.cancel = &cancel;
        auto none = core::run(*prepared, cancelled);
        QVERIFY2(!none.ok(), "a cancelled run returned a result");
        QCOMPARE(none.error().code, core::Errc::Cancelled);
        // The quantity itself, raised flag and all: a closed form may finish without polling,
        // but a cancel it notices is reported as one (nested requests keep the code).
        core::ComputeContext ctx;
        ctx.cancel = &cancel;
        auto direct = q->compute(prepared->params, ctx);
        if (!direct)
            QCOMPARE(core::errcName(direct.error().code), core::errcName(core::Errc::Cancelled));
    }
};

QTEST_GUILESS_MAIN(TestRegistry)
#include "tst_registry.moc"
