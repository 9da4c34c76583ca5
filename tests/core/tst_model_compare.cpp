// core::models::compareModels (models.md M5.4 `poslab model A B`): two configs that differ in
// one published key differ in exactly the rows that key changes, a config against itself in
// none; the layer lists of the NoPE and window rows are short and exact.
#include <QtTest>
#include <set>

#include "core/models/compare.h"

using namespace poslab::core::models;

namespace {

// A Llama-style config with `extra` keys added (a JSON fragment starting with a comma, or "").
std::string config(const std::string& extra, int hidden = 4096) {
    return R"({"model_type": "llama", "hidden_size": )" + std::to_string(hidden) +
           R"(, "num_attention_heads": 32, "num_hidden_layers": 4,
               "max_position_embeddings": 8192)" +
           extra + "}";
}

std::set<std::string> differing(const std::vector<CompareRow>& rows) {
    std::set<std::string> out;
    for (const auto& r : rows)
        if (r.differs) out.insert(r.field);
    return out;
}

QString joined(const std::set<std::string>& fields) {
    QStringList out;
    for (const auto& f : fields) out << QString::fromStdString(f);
    return out.join(", ");
}

}  // namespace

class TstModelCompare : public QObject {
    Q_OBJECT

private slots:
    void differences_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("fields");  // the differing rows, sorted, ", "-joined
        const std::string llama3 =
            R"(, "rope_theta": 500000, "rope_scaling": {"rope_type": "llama3", "factor": 8,
                "low_freq_factor": 1, "high_freq_factor": 4,
                "original_max_position_embeddings": 2048})";
        auto row = [](const char* tag, const std::string& a, const std::string& b,
                      std::set<std::string> fields) {
            QTest::newRow(tag) << QString::fromStdString(a) << QString::fromStdString(b)
                               << joined(fields);
        };
        row("itself", config(llama3), config(llama3), {});
        row("base", config(R"(, "rope_theta": 10000)"), config(R"(, "rope_theta": 1000000)"),
            {"base"});
        // Scaling adds its type, factor, L and the split of the pairs (d = 128: 64 pairs).
        row("llama3 against none", config(llama3), config(R"(, "rope_theta": 500000)"),
            {"rope_type", "factor", "L (original max)", "pairs kept / blended / interpolated"});
        row("max positions", config(""),
            R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                "num_hidden_layers": 4, "max_position_embeddings": 4096})",
            {"max_position_embeddings"});
        // Half the head rotates: d = 64 of 128, 32 pairs instead of 64.
        row("partial rotary", config(R"(, "partial_rotary_factor": 0.5)"), config(""),
            {"rotary dim", "pairs kept / blended / interpolated", "rotating pairs"});
        row("head dim", config("", 2048), config(""),
            {"head_dim", "head dim", "rotary dim", "pairs kept / blended / interpolated",
             "rotating pairs"});
        // Layer 3 has no RoPE (no_rope_layers: 0 = NoPE).
        // ... and the summary line says so ("RoPE on 3 of 4 layers (1 NoPE)").
        row("NoPE layer", config(R"(, "no_rope_layers": [1, 1, 1, 0])"), config(""),
            {"NoPE layers", "positions"});
    }

    void differences() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, fields);
        const auto ca = readModelConfigText(a.toStdString());
        const auto cb = readModelConfigText(b.toStdString());
        QVERIFY2(ca, ca ? "" : ca.error().message.c_str());
        QVERIFY2(cb, cb ? "" : cb.error().message.c_str());
        const auto rows = compareModels(*ca, *cb);
        QCOMPARE(joined(differing(rows)), fields);
        // A against B is B against A with the sides swapped.
        const auto back = compareModels(*cb, *ca);
        QCOMPARE(back.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(back[i].field, rows[i].field);
            QCOMPARE(back[i].a, rows[i].b);
            QCOMPARE(back[i].differs, rows[i].differs);
        }
    }

    // The rows that always come, in this order, and the values of a known config.
    void rowsOfLlama() {
        const auto c = readModelConfigText(config(R"(, "rope_theta": 500000)"));
        QVERIFY(c);
        const auto rows = compareModels(*c, *c);
        QStringList fields;
        for (const auto& r : rows) fields << QString::fromStdString(r.field);
        QCOMPARE(fields.mid(0, 5), QStringList({"positions", "model_type", "head_dim",
                                                "max_position_embeddings", "layers"}));
        auto value = [&](const char* field) {
            for (const auto& r : rows)
                if (r.field == field) return QString::fromStdString(r.a);
            return QString();
        };
        QCOMPARE(value("base"), QString("500000"));
        QCOMPARE(value("rotary dim"), QString("128"));
        QCOMPARE(value("pairs kept / blended / interpolated"), QString("64 / 0 / 0"));
        QCOMPARE(value("NoPE layers"), QString("-"));
        QVERIFY(value("pairing").startsWith("half"));
    }

    void layerLists_data() {
        QTest::addColumn<QList<qint64>>("layers");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<QString>("text");
        QTest::newRow("none") << QList<qint64>{} << qint64(32) << "-";
        QTest::newRow("one") << QList<qint64>{3} << qint64(32) << "3 (1 of 32)";
        QTest::newRow("all") << QList<qint64>{0, 1, 2, 3} << qint64(4) << "0-3 (4 of 4)";
        QTest::newRow("runs") << QList<qint64>{0, 1, 2, 4, 5} << qint64(8) << "0-2, 4-5 (5 of 8)";
        // SmolLM3: every fourth of 36 layers.
        QTest::newRow("every fourth") << QList<qint64>{3, 7, 11, 15, 19, 23, 27, 31, 35}
                                      << qint64(36) << "3, 7, 11, 15, …, 35 (9 of 36)";
        QTest::newRow("six pieces")
            << QList<qint64>{0, 2, 4, 6, 8, 10} << qint64(12) << "0, 2, 4, 6, 8, 10 (6 of 12)";
    }

    void layerLists() {
        QFETCH(QList<qint64>, layers);
        QFETCH(qint64, total);
        QFETCH(QString, text);
        const std::vector<std::int64_t> v(layers.begin(), layers.end());
        QCOMPARE(QString::fromStdString(layerListText(v, total)), text);
    }
};

QTEST_GUILESS_MAIN(TstModelCompare)
#include "tst_model_compare.moc"
