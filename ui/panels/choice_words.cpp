#include "ui/panels/choice_words.h"

#include <array>

#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

struct ChoiceWords {
    std::string_view id;
    const char* en;  // nullptr: the identifier is already the word (a name such as YaRN)
    const char* zh;  // nullptr: a name, the same in both languages
};

// Names (YaRN, Llama 3, bfloat16) are written as their authors write them in both languages;
// descriptive values get words. Chinese shows the identifier after the word, as the notes do,
// because the command line and config.json spell it so.
constexpr std::array kWords{
    ChoiceWords{"none", "None", "无"},
    ChoiceWords{"true", "Yes", "是"},
    ChoiceWords{"false", "No", "否"},
    ChoiceWords{"linear", "Linear", "线性"},
    ChoiceWords{"ntk", "NTK-aware", nullptr},
    ChoiceWords{"dynamic", "Dynamic NTK", "动态 NTK"},
    ChoiceWords{"yarn", "YaRN", nullptr},
    ChoiceWords{"llama3", "Llama 3", nullptr},
    ChoiceWords{"longrope", "LongRoPE", nullptr},
    ChoiceWords{"proportional", "Proportional", "按比例"},
    ChoiceWords{"interleaved", "Interleaved", "交错"},
    ChoiceWords{"half", "Half split", "前后两半"},
    ChoiceWords{"alibi", "ALiBi", nullptr},
    ChoiceWords{"deepseek", "DeepSeek", nullptr},
    ChoiceWords{"llama4_temperature", "Llama 4 temperature", "Llama 4 温度"},
    ChoiceWords{"llama_4_scaling_beta", "Llama 4 scaling β", "Llama 4 缩放 β"},
    ChoiceWords{"qwen_logn", "Qwen log-n", "Qwen 对数缩放"},
    ChoiceWords{"mpt", "MPT", nullptr},
    ChoiceWords{"float64", "float64", nullptr},
    ChoiceWords{"float32", "float32", nullptr},
    ChoiceWords{"bfloat16", "bfloat16", nullptr},
    ChoiceWords{"float16", "float16", nullptr},
    ChoiceWords{"hf_bf16", "bfloat16 (transformers)", "transformers 的 bfloat16"},
    ChoiceWords{"log", "Logarithmic", "对数"},
    ChoiceWords{"rotation", "Rotation", "旋转"},
    ChoiceWords{"mlp", "MLP", nullptr},
    ChoiceWords{"mixed", "Mixed", "混合"},
    ChoiceWords{"exp", "Exponential", "指数"},
    ChoiceWords{"power", "Power law", "幂律"},
    ChoiceWords{"geometric", "Geometric", "几何级数"},
    ChoiceWords{"seeded", "Random (seeded)", "按种子随机"},
    ChoiceWords{"identity", "Identity", "单位矩阵"},
    ChoiceWords{"diagonal", "Diagonal", "对角"},
    ChoiceWords{"dense", "Dense", "稠密"},
    ChoiceWords{"ones", "Ones", "全 1"},
    ChoiceWords{"noise", "Noise", "噪声"},
    ChoiceWords{"zeros", "Zeros", "补零"},
    ChoiceWords{"circular", "Circular", "循环"},
    ChoiceWords{"reflect", "Reflect", "镜像"},
    ChoiceWords{"zero", "Zero", "零"},
    ChoiceWords{"decay", "Decaying", "衰减"},
    ChoiceWords{"paper", "As in the paper", "论文原式"},
    ChoiceWords{"missing_norm", "Missing normalisation", "缺少归一化"},
    ChoiceWords{"per_dim_exponent", "Exponent per dimension", "按维度的指数"},
    ChoiceWords{"rerope", "ReRoPE", nullptr},
    ChoiceWords{"leaky", "Leaky ReRoPE", nullptr},
    ChoiceWords{"uniform", "Uniform (released code)", "均匀随机"},
    ChoiceWords{"qk", "Query–key gates", "查询–键门控"},
    ChoiceWords{"pattern", "Fixed pattern", "固定模式"},
    ChoiceWords{"snippet", "Paper's snippet", "论文代码片段"},
    ChoiceWords{"ram", "Authors' release", "作者发布版"},
    ChoiceWords{"index", "Grid index", "网格序号"},
    ChoiceWords{"absolute", "Seconds (absolute time)", "绝对秒数"},
    ChoiceWords{"max", "After the largest id", "接在最大编号之后"},
    ChoiceWords{"spatial", "By the grid's size", "按网格尺寸"},
    ChoiceWords{"axial", "Axial", "轴向"},
    ChoiceWords{"qwen_vision", "Qwen vision encoder", "Qwen 视觉编码器"},
    ChoiceWords{"spread", "Evenly spread", "均匀分布"},
};

const ChoiceWords* find(std::string_view id) {
    for (const auto& w : kWords)
        if (w.id == id) return &w;
    return nullptr;
}

}  // namespace

QString choiceText(std::string_view value) {
    const QString id = QString::fromUtf8(value.data(), qsizetype(value.size()));
    const ChoiceWords* w = find(value);
    if (!w) return id;
    if (!isChinese()) return QString::fromUtf8(w->en);
    if (!w->zh) return QString::fromUtf8(w->en);
    return QString::fromUtf8(w->zh) + QStringLiteral("（") + id + QStringLiteral("）");
}

bool hasChoiceWords(std::string_view value) {
    return find(value) != nullptr;
}

}  // namespace poslab::ui
