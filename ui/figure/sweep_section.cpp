#include "ui/figure/sweep_section.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardItemModel>
#include <cmath>

#include "core/registry.h"
#include "ui/panels/error_words.h"
#include "ui/shell/language.h"

namespace poslab::ui {

namespace {

// A value as the text the sweep parses back: an integer for an Int parameter, else 6 digits.
QString valueText(const core::ParamSpec& spec, double v) {
    if (spec.type == core::ParamType::Int) return QString::number(std::llround(v));
    return QString::number(v, 'g', core::kSweepDigits);
}

// The far end of a sweep from `v`: 50 times it on a logarithmic slider (within the allowed
// range), else the slider's (or the range's) end farthest from v.
double farEnd(const core::ParamSpec& spec, double v) {
    const double lo = spec.uiMin < spec.uiMax ? spec.uiMin : spec.min.value_or(v);
    const double hi = spec.uiMin < spec.uiMax ? spec.uiMax : spec.max.value_or(v * 2);
    if (spec.logScale && v > 0) {
        const double up = v * 50;
        return spec.max && up > *spec.max ? std::max(v / 50, *spec.max) : up;
    }
    return std::abs(hi - v) >= std::abs(v - lo) ? hi : lo;
}

}  // namespace

SweepSection::SweepSection(SweepSource source, QWidget* parent)
    : QWidget(parent), m_source(std::move(source)) {
    setObjectName("sweepSection");
    if (m_source.page) m_enc = core::registry().find(m_source.page->encoding.toStdString());
    m_record = new QCheckBox(tr("Record a sweep"), this);
    m_record->setObjectName("sweepRecord");
    m_controls = new QWidget(this);
    auto* form = new QFormLayout(m_controls);
    form->setContentsMargins(0, 0, 0, 0);
    m_param = new QComboBox(m_controls);
    m_param->setObjectName("sweepParam");
    if (m_enc) {
        for (const QString& name : sweepableParams(*m_enc)) m_param->addItem(name, name);
        // The first parameter on a logarithmic slider (RoPE's base) is the one first offered.
        for (int i = 0; i < m_param->count(); ++i) {
            const auto* spec = m_enc->findParam(m_param->itemData(i).toString().toStdString());
            if (spec && spec->logScale) {
                m_param->setCurrentIndex(i);
                break;
            }
        }
    }
    form->addRow(tr("Parameter"), m_param);
    m_from = new QLineEdit(m_controls);
    m_from->setObjectName("sweepFrom");
    m_to = new QLineEdit(m_controls);
    m_to->setObjectName("sweepTo");
    m_mode = new QComboBox(m_controls);
    m_mode->setObjectName("sweepMode");
    m_mode->addItem(tr("log steps"), static_cast<int>(core::SweepMode::Log));
    m_mode->addItem(tr("linear steps"), static_cast<int>(core::SweepMode::Linear));
    auto* range = new QHBoxLayout;
    range->addWidget(m_from, 1);
    range->addWidget(new QLabel(QStringLiteral("→"), m_controls));
    range->addWidget(m_to, 1);
    range->addWidget(m_mode);
    form->addRow(tr("From → to"), range);
    m_frames = new QSpinBox(m_controls);
    m_frames->setObjectName("sweepFrames");
    m_frames->setRange(core::kMinSweepFrames, core::kMaxSweepFrames);
    m_frames->setValue(30);
    m_format = new QComboBox(m_controls);
    m_format->setObjectName("sweepFormat");
    m_format->addItem(tr("Animated GIF"), static_cast<int>(SweepFormat::Gif));
    m_format->addItem(tr("PDF, a page per frame"), static_cast<int>(SweepFormat::Pdf));
    m_format->addItem(tr("Folder of PNG frames"), static_cast<int>(SweepFormat::Folder));
    const bool ffmpeg = !ffmpegProgram().isEmpty();
    m_format->addItem(ffmpeg ? tr("MP4 video") : tr("MP4 needs ffmpeg"),
                      static_cast<int>(SweepFormat::Mp4));
    if (!ffmpeg)
        if (auto* model = qobject_cast<QStandardItemModel*>(m_format->model()))
            model->item(m_format->count() - 1)->setEnabled(false);
    auto* output = new QHBoxLayout;
    output->addWidget(m_frames);
    output->addWidget(new QLabel(tr("frames as"), m_controls));
    output->addWidget(m_format, 1);
    form->addRow(tr("Frames"), output);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_record);
    layout->addWidget(m_controls);
    m_controls->setEnabled(false);
    connect(m_record, &QCheckBox::toggled, m_controls, &QWidget::setEnabled);
    connect(m_record, &QCheckBox::toggled, this, &SweepSection::changed);
    connect(m_format, &QComboBox::currentIndexChanged, this, &SweepSection::changed);
    connect(m_param, &QComboBox::currentIndexChanged, this, &SweepSection::prefill);
    if (m_param->count() == 0) m_record->setEnabled(false);
    prefill();
}

void SweepSection::prefill() {
    if (!m_enc || m_param->count() == 0) return;
    const std::string name = m_param->currentData().toString().toStdString();
    const core::ParamSpec* spec = m_enc->findParam(name);
    if (!spec) return;
    const double v = m_source.params.has(name) ? m_source.params.real(name) : 0.0;
    m_from->setText(valueText(*spec, v));
    m_to->setText(valueText(*spec, farEnd(*spec, v)));
    m_mode->setCurrentIndex(spec->logScale && v > 0 ? 0 : 1);
}

bool SweepSection::recording() const {
    return m_record->isChecked();
}

SweepFormat SweepSection::format() const {
    return static_cast<SweepFormat>(m_format->currentData().toInt());
}

QString SweepSection::pathFor(const QString& path) const {
    QString base = path.trimmed();
    while (base.endsWith(QLatin1Char('/')) && base.size() > 1) base.chop(1);
    const QFileInfo info(base);
    if (!info.suffix().isEmpty()) base.chop(info.suffix().size() + 1);
    switch (format()) {
        case SweepFormat::Gif:
            return base + QStringLiteral(".gif");
        case SweepFormat::Pdf:
            return base + QStringLiteral(".pdf");
        case SweepFormat::Mp4:
            return base + QStringLiteral(".mp4");
        case SweepFormat::Folder:
            return base + QLatin1Char('/');
    }
    return base;
}

core::Expected<SweepRun> SweepSection::sweepRun(const QString& path,
                                                const FigureOptions& options) const {
    // The English of core and sweep_writer, in the interface language (the CLI keeps English).
    const auto refusal = [this](const std::string& english) {
        return core::fail(localisedError(english, m_enc).toStdString());
    };
    if (!m_enc) return refusal("this page has no parameters to sweep");
    core::Sweep sweep;
    sweep.key = m_param->currentData().toString().toStdString();
    sweep.fromText = m_from->text().trimmed().toStdString();
    sweep.toText = m_to->text().trimmed().toStdString();
    sweep.mode = static_cast<core::SweepMode>(m_mode->currentData().toInt());
    auto sets = sweepParamSets(*m_enc, m_source.params, sweep, m_frames->value());
    if (!sets) return refusal(sets.error().message);
    SweepRun run;
    run.page = m_source.page;
    run.view = &m_source.view;
    run.frames = std::move(*sets);
    run.state = m_source.state;
    run.colormap = m_source.colormap;
    run.budget = core::configuredMemoryBudget();
    run.options = options;
    run.path = path;
    run.format = format();
    if (const QString bad = sweepOutputProblem(path, run.format); !bad.isEmpty())
        return refusal(bad.toStdString());
    return run;
}

}  // namespace poslab::ui
