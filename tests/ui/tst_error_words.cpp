// Core's error messages in the Chinese interface (issue 13: every user-visible string is
// translated). Every refusal the window can show is provoked through the path the GUI takes
// (text parsed as the parameter panel parses it, the page's values validated and resolved, the
// quantity prepared against the memory budget): every parameter below its minimum, above its
// maximum and as unreadable text, an odd d, and each encoding's own cross-parameter rules.
// Each must read as Chinese: ideographs, the parameter's identifier, every number of the English
// message, and no English word left but identifiers and names listed here; English stays as
// core wrote it (the command line prints it, and the window finds the field to mark from it).
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include "core/compute.h"
#include "core/io/npy.h"
#include "core/registry.h"
#include "tests/ui/text_recorder.h"
#include "tests/ui/ui_test_util.h"
#include "ui/figure/figure.h"
#include "ui/model/model_document.h"
#include "ui/panels/error_words.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

// Names and symbols that a Chinese message may keep as they are, besides the identifiers of the
// encoding it is about (parameters, choices, quantities): methods and libraries the Chinese
// labels and choice words name too (YaRN β 快, 动态 NTK), units, functions, the words a boolean
// is typed as, and mid (DeBERTa's half of the buckets).
const std::set<QString> kKeptWords{
    "RoPE", "LongRoPE", "xPos", "FLOATER", "YaRN", "NTK", "ALiBi", "DeepSeek", "Llama", "Qwen",
    "MPT", "MLP", "Toeplitz", "softmax", "transformers", "GiB", "MiB", "KiB", "sqrt", "floor",
    "min", "max", "sin", "cos", "true", "false", "npy", "mid", "aware",  // NTK-aware
    "JSON", "default", "type", "mrope",  // a config.json's format and rope types
    "ChatGLM", "T5", "PosLab",           // model families and the product's name
    "ReRoPE", "Leaky", "Sandwich", "KERPLE", "FIRE", "CoPE", "NoPE",  // issue 26's
                                                                      // encodings
    "text", "image", "video", "xHxW", "TxHxW",  // mrope's layout items, as written
};

struct Refusal {
    QString encoding, message, path;  // path: a file the message quotes (not words to translate)
};

class Refusals {
public:
    explicit Refusals(const QString& dir) : m_dir(dir) {}

    // Values given as the panel gives them (texts), then the page's check: validate (with the
    // encoding's resolve, which reads files) and, for `quantity`, prepare (the memory budget, a
    // quantity's own condition). Empty message: nothing refused (the row then fails).
    void add(const std::string& enc, const core::TextParams& texts,
             const std::string& quantity = {}, double budget = core::kDefaultMemoryBudget,
             const QString& path = {}) {
        const auto* e = core::registry().find(enc);
        QString message;
        if (auto p = core::parseParams(*e, texts); !p) {
            message = QString::fromStdString(p.error().message);
        } else if (auto st = core::validate(*e, *p); !st) {
            message = QString::fromStdString(st.error().message);
        } else if (!quantity.empty()) {
            core::ComputeOptions o;
            o.memoryBudget = budget;
            if (auto pr = core::prepare(*e, quantity, *p, o); !pr)
                message = QString::fromStdString(pr.error().message);
        }
        QString name = QString::fromStdString(enc);
        for (const auto& [k, v] : texts) name += QStringLiteral(" %1=%2").arg(k.c_str(), v.c_str());
        if (!quantity.empty()) name += " " + QString::fromStdString(quantity);
        m_rows.push_back({QString::fromStdString(enc), message, path});
        m_names << name;
    }

    // Every parameter below its minimum, above its maximum and as text no type reads.
    void addRanges(const core::EncodingDescriptor& e) {
        for (const auto& s : e.params) {
            const bool integer = s.type == core::ParamType::Int;
            auto text = [&](double v) {
                return integer ? std::to_string(static_cast<long long>(v))
                               : core::formatValue(core::ParamValue(v));
            };
            if (integer || s.type == core::ParamType::Real) {
                if (s.min) add(e.id, {{s.name, text(*s.min - (s.minExclusive ? 0 : 1))}});
                if (s.max)
                    add(e.id,
                        {{s.name, text(*s.max + (s.maxExclusive ? 0 : std::max(1.0, *s.max)))}});
            }
            if (s.type == core::ParamType::RealList && s.min)
                add(e.id, {{s.name, text(*s.min - 1)}});
            if (s.type != core::ParamType::Path) add(e.id, {{s.name, "x9?"}});
        }
    }

    // A .npy file of the given shape.
    QString npy(const QString& name, core::Shape shape) {
        const QString path = QDir(m_dir).filePath(name);
        QFile f(path);
        const std::string bytes = core::io::encodeNpy(core::Array::real(std::move(shape)));
        if (f.open(QIODevice::WriteOnly)) f.write(bytes.data(), qint64(bytes.size()));
        return path;
    }

    void addMessage(const std::string& enc, const QString& message, const QString& name,
                    const QString& path) {
        m_rows.push_back({QString::fromStdString(enc), message, path});
        m_names << name;
    }

    const std::vector<Refusal>& rows() const { return m_rows; }
    const QStringList& names() const { return m_names; }

private:
    QString m_dir;
    std::vector<Refusal> m_rows;
    QStringList m_names;
};

bool isIdentifierOf(const core::EncodingDescriptor& e, const QString& word) {
    const std::string w = word.toStdString();
    if (w == e.id) return true;
    for (const auto& q : e.quantities)
        if (q.id == w) return true;
    for (const auto& s : e.params) {
        if (s.name == w) return true;
        for (const auto& c : s.choices)
            if (c == w) return true;
    }
    return false;
}

}  // namespace

class TstErrorWords : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        setUpApplication();
        QVERIFY(m_dir.isValid());
    }
    void cleanupTestCase() { applyLanguage(Lang::En); }

    void everyRefusalInChinese_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("path");
        Refusals r(m_dir.path());
        for (const auto& e : core::registry().encodings()) {
            r.addRanges(e);
            // Pairwise encodings refuse an odd d (sinusoidal2d: not a multiple of 4).
            if (e.findParam("d") && e.resolve) {
                core::ParamSet p = core::defaultParams(e.params);
                p.set("d", std::int64_t(127));
                if (!core::validate(e, p)) r.add(e.id, {{"d", "127"}});
            }
        }
        r.add("sinusoidal2d", {{"d", "126"}});
        r.add("t5", {{"num_buckets", "3"}});
        r.add("t5", {{"bidirectional", "false"}, {"num_buckets", "1"}});
        r.add("t5", {{"max_distance", "4"}});
        r.add("deberta", {{"position_buckets", "2"}});
        r.add("deberta", {{"position_buckets", "256"}, {"max_relative_positions", "100"}});
        r.add("rope", {{"scaling", "yarn"}, {"factor", "0.5"}});
        r.add("rope", {{"scaling", "yarn"}, {"beta_fast", "1"}, {"beta_slow", "32"}});
        r.add("rope", {{"scaling", "llama3"}, {"low_freq_factor", "4"}, {"high_freq_factor", "1"}});
        r.add("rope", {{"scaling", "ntk"}, {"d", "2"}});
        r.add("rope", {{"partial_rotary_factor", "0.01"}});
        r.add("rope", {{"scaling", "longrope"}});
        r.add("rope", {{"scaling", "longrope"}, {"short_factor", "1,1"}, {"long_factor", "1,1"}});
        r.add("rope", {{"scaling", "longrope"},
                       {"factor", "4"},
                       {"original_max_position", "1"},
                       {"d", "4"},
                       {"short_factor", "1,1"},
                       {"long_factor", "1,1"}});
        r.add("rope", {{"short_factor", "1,x9"}});
        r.add("rope", {{"window_start", "10"}, {"window_end", "5"}});
        r.add("rope", {{"n", "4096"}, {"d", "4096"}}, "angles", 1024.0 * 1024);
        r.add("cnn_padding", {{"kernel", "4"}});
        r.add("cnn_padding", {{"kernel", "9"}, {"height", "8"}, {"width", "8"}});
        r.add("sinusoidal", {{"n", "64"}, {"delta", "64"}});
        r.add("bilinear", {{"h", "dense"}}, "relative_part");
        const QString wrong = r.npy("wrong.npy", {3, 5});
        r.add("rope", {{"input", wrong.toStdString()}}, {}, core::kDefaultMemoryBudget, wrong);
        const QString missing = QDir(m_dir.path()).filePath("missing.npy");
        r.add("rope", {{"input", missing.toStdString()}}, {}, core::kDefaultMemoryBudget, missing);
        const QString table = r.npy("table.npy", {10, 8});
        r.add("learned", {{"source", table.toStdString()}, {"n", "20"}}, {},
              core::kDefaultMemoryBudget, table);
        // A model's config.json as the Model page opens it (the file name comes first).
        auto config = [&](const char* name, const char* text) {
            const QString path = QDir(m_dir.path()).filePath(name);
            QFile f(path);
            if (f.open(QIODevice::WriteOnly)) f.write(text);
            f.close();
            auto m = loadModelFile(path);
            r.addMessage("rope", m ? QString() : QString::fromStdString(m.error().message),
                         QStringLiteral("model ") + name, QFileInfo(path).fileName());
        };
        const QString nowhere = QDir(m_dir.path()).filePath("nowhere/config.json");
        auto absent = loadModelFile(nowhere);
        r.addMessage("rope", absent ? QString() : QString::fromStdString(absent.error().message),
                     "model file missing", nowhere);
        config("object.json", "[1, 2]");
        config("linear.json",
               R"({"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 10000,
                   "rope_scaling": {"rope_type": "linear"}})");
        config("theta.json",
               R"({"hidden_size": 4096, "num_attention_heads": 32, "rope_theta": "x"})");
        config("heads.json",
               R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 30})");
        config("nothing.json", R"({"hidden_size": 4096, "num_attention_heads": 32})");
        config("mystery.json", R"({"model_type": "mystery", "hidden_size": 64})");
        // Issue 24 (models.md M5): the new keys' refusals.
        config("kv.json", R"({"model_type": "chatglm", "kv_channels": 127})");
        config("pct.json", R"({"model_type": "gpt_neox", "hidden_size": 512,
                               "num_attention_heads": 8, "rotary_pct": 1.5})");
        config("bias.json", R"({"model_type": "mpt", "n_heads": 8,
                                "attn_config": {"alibi": true, "alibi_bias_max": 0}})");
        config("buckets.json", R"({"model_type": "t5", "num_heads": 8, "num_layers": 2,
                                   "relative_attention_num_buckets": 1})");
        config("layer.json", R"({"model_type": "llama", "head_dim": 64, "num_hidden_layers": 1,
                                 "layer_types": [""]})");
        config("alibi.json", R"({"model_type": "bloom", "n_layer": 2})");
        config("gpt2.json", R"({"model_type": "gpt2", "n_embd": 768})");
        config("type.json",
               R"({"hidden_size": 4096, "num_attention_heads": 32,
                   "rope_scaling": {"rope_type": "wobbly", "factor": 2}})");
        config("partial.json",
               R"({"hidden_size": 4096, "num_attention_heads": 32, "partial_rotary_factor": 2})");
        // Issue 23: what a hostile config implies is refused in the interface language too.
        config("huge.json", R"({"model_type": "llama", "head_dim": 536870912})");
        config("deep.json",
               ("{\"model_type\": " + std::string(100, '[') + std::string(100, ']') + "}").c_str());
        config("mrope.json", R"({"model_type": "qwen2_vl", "head_dim": 128,
                                 "rope_scaling": {"rope_type": "mrope", "mrope_section": [16.5]}})");
        for (std::size_t i = 0; i < r.rows().size(); ++i) {
            const Refusal& row = r.rows()[i];
            QTest::newRow(qPrintable(r.names()[int(i)])) << row.encoding << row.message << row.path;
        }
    }
    void everyRefusalInChinese() {
        QFETCH(QString, encoding);
        QFETCH(QString, message);
        QFETCH(QString, path);
        QVERIFY2(!message.isEmpty(), "core accepted values it should refuse");
        const auto* enc = core::registry().find(encoding.toStdString());
        applyLanguage(Lang::En);
        QCOMPARE(localisedError(message, enc), message);
        applyLanguage(Lang::Zh);
        const QString zh = localisedError(message, enc);
        const QByteArray what = (message + "\n -> " + zh).toUtf8();
        QVERIFY2(ui::test::hasCjk(zh), what.constData());
        const QString name = QString::fromStdString(core::parameterNamed(message.toStdString()));
        if (!name.isEmpty()) QVERIFY2(zh.contains(name), what.constData());
        // Every number of the English message is kept.
        static const QRegularExpression number(QStringLiteral(R"(\d+(?:\.\d+)?(?:e[+-]?\d+)?)"));
        for (const auto& m : number.globalMatch(message))
            QVERIFY2(zh.contains(m.captured()), (m.captured().toUtf8() + ": " + what).constData());
        // No English word is left but identifiers, symbols and names (and the user's own text,
        // quoted “…”, and file names).
        QString words = zh;
        if (!path.isEmpty()) words.remove(path);
        words.remove(QRegularExpression(QString::fromUtf8("“[^”]*”")));
        static const QRegularExpression word(QStringLiteral(R"([A-Za-z_][A-Za-z0-9_]*)"));
        for (const auto& m : word.globalMatch(words)) {
            const QString w = m.captured();
            if (w.size() < 3 || w.contains('_') || w.contains(QRegularExpression("[0-9]")))
                continue;
            QVERIFY2(kKeptWords.count(w) || isIdentifierOf(*enc, w),
                     (w.toUtf8() + " left in English: " + what).constData());
        }
    }

    // Text the table does not know stays English, never half translated; in a parameter's frame
    // the frame is Chinese and the unknown reason is kept whole.
    void unknownTextStaysEnglish() {
        applyLanguage(Lang::Zh);
        const QString unknown = QStringLiteral("the flux capacitor is not charged");
        QCOMPARE(localisedError(unknown), unknown);
        const QString framed = QStringLiteral(
            "parameter 'd' = 3: the flux capacitor: not an integer; allowed: an even integer >= 2");
        const QString zh = localisedError(framed, core::registry().find("rope"));
        QVERIFY2(ui::test::hasCjk(zh) && zh.contains("the flux capacitor: not an integer"),
                 qPrintable(zh));
        QVERIFY2(zh.contains(QString::fromUtf8("（维度 d）= 3：")), qPrintable(zh));  // its label
        QVERIFY2(zh.endsWith(QString::fromUtf8("；允许：偶数 ≥ 2")), qPrintable(zh));
        // Without the encoding: the label every encoding gives d.
        QVERIFY(localisedError(framed).contains(QString::fromUtf8("维度 d")));
        applyLanguage(Lang::En);
    }

    // The parameter panel shows the refusal in Chinese and still marks the field it names.
    void panelShowsChineseAndMarksField() {
        applyLanguage(Lang::Zh);
        const auto* rope = core::registry().find("rope");
        ParamPanel panel;
        panel.setEncoding(rope, core::defaultParams(rope->params));
        panel.show();
        panel.setMessage(
            QStringLiteral("parameter 'd' = 127: must be even: RoPE rotates pairs of dimensions; "
                           "allowed: an even integer >= 2"));
        QCOMPARE(panel.invalidParameter(), QStringLiteral("d"));
        const QString shown = panel.message();
        QVERIFY2(ui::test::hasCjk(shown) && shown.contains("127") &&
                     shown.contains(QString::fromUtf8("偶数")),
                 qPrintable(shown));
        // Back to English: the same refusal in core's words.
        applyLanguage(Lang::En);
        QVERIFY2(panel.message().startsWith("parameter 'd' = 127"), qPrintable(panel.message()));
    }

    // An exported view that shows a refusal (the GUI exports what the view shows) draws it in
    // the interface language, as the view does.
    void figureDrawsRefusalInChinese() {
        const QString refusal = QStringLiteral(
            "parameter 'd' = 127: must be even: RoPE rotates pairs of dimensions; allowed: an "
            "even integer >= 2");
        applyLanguage(Lang::Zh);
        Figure f;
        f.title = QStringLiteral("RoPE");
        f.chinese = true;
        f.result.error = refusal;
        poslab::test::RecordingDevice device(QSize(1920, 1080), 96);
        {
            QPainter p(&device);
            paintFigure(p, QRectF(0, 0, 1920, 1080), f, FigureOptions{});
        }
        QString drawn;
        for (const auto& b : device.boxes()) drawn += b.text;
        applyLanguage(Lang::En);
        QVERIFY2(drawn.contains(QString::fromUtf8("偶数")) && drawn.contains("127"),
                 qPrintable(drawn));
        QVERIFY2(!drawn.contains("must be even"), qPrintable(drawn));
    }
};

QTEST_MAIN(TstErrorWords)
#include "tst_error_words.moc"
