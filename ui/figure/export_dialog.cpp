#include "ui/figure/export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "ui/figure/sweep_progress.h"

namespace poslab::ui {

ExportDialog::ExportDialog(Figure figure, const QString& suggestedPath, QWidget* parent)
    : QDialog(parent), m_figure(std::move(figure)) {
    setObjectName("exportDialog");
    setWindowTitle(tr("Export Figure"));
    auto* form = new QFormLayout;
    m_path = new QLineEdit(suggestedPath, this);
    m_path->setObjectName("exportPath");
    auto* browse = new QToolButton(this);
    browse->setText(tr("Browse…"));
    connect(browse, &QToolButton::clicked, this, &ExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_pathLabel = new QLabel(tr("File (.pdf, .svg or .png)"), this);
    form->addRow(m_pathLabel, pathRow);

    m_preset = new QComboBox(this);
    m_preset->setObjectName("exportPreset");
    m_preset->addItem(tr("Slide 16:9 (1920 × 1080)"), "16:9");
    m_preset->addItem(tr("Slide 4:3 (1600 × 1200)"), "4:3");
    m_preset->addItem(tr("A4 page, landscape (297 × 210 mm)"), "a4");
    m_preset->addItem(tr("A4 page, portrait (210 × 297 mm)"), "a4-portrait");
    m_preset->addItem(tr("Journal, one column (89 mm wide)"), "column");
    m_preset->addItem(tr("Journal, two columns (183 mm wide)"), "two-column");
    m_preset->addItem(tr("Custom, pixels"), "px");
    m_preset->addItem(tr("Custom, inches"), "in");
    form->addRow(tr("Size"), m_preset);
    m_width = new QDoubleSpinBox(this);
    m_height = new QDoubleSpinBox(this);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    m_pixels = new QLabel(this);
    sizeRow->addWidget(m_pixels, 1);
    form->addRow(tr("Width × height"), sizeRow);
    m_dpi = new QSpinBox(this);
    m_dpi->setRange(static_cast<int>(kMinDpi), static_cast<int>(kMaxDpi));
    m_dpi->setValue(144);
    form->addRow(tr("Resolution (dpi)"), m_dpi);
    m_theme = new QComboBox(this);
    m_theme->addItem(tr("Light"), false);
    m_theme->addItem(tr("Dark"), true);
    form->addRow(tr("Theme"), m_theme);
    m_footer = new QCheckBox(tr("Parameters in a footer"), this);
    m_footer->setChecked(true);
    m_formula = new QCheckBox(tr("Formula under the figure"), this);
    m_formula->setChecked(true);
    form->addRow(QString(), m_footer);
    form->addRow(QString(), m_formula);

    m_preview = new QLabel(this);
    m_preview->setObjectName("exportPreview");
    m_preview->setMinimumSize(480, 270);
    m_preview->setAlignment(Qt::AlignCenter);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Save)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    m_sweepError = new QLabel(this);
    m_sweepError->setObjectName("sweepError");
    m_sweepError->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_sweepError->setWordWrap(true);
    m_sweepError->hide();
    layout->addWidget(m_sweepError);
    layout->addWidget(m_preview, 1);
    layout->addWidget(buttons);

    connect(m_preset, &QComboBox::currentIndexChanged, this, &ExportDialog::syncSize);
    for (auto* s : {m_width, m_height})
        connect(s, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updatePreview);
    connect(m_dpi, &QSpinBox::valueChanged, this, &ExportDialog::syncSize);
    connect(m_theme, &QComboBox::currentIndexChanged, this, &ExportDialog::updatePreview);
    connect(m_footer, &QCheckBox::toggled, this, &ExportDialog::updatePreview);
    connect(m_formula, &QCheckBox::toggled, this, &ExportDialog::updatePreview);
    syncSize();
}

QString ExportDialog::path() const {
    return m_path->text().trimmed();
}
void ExportDialog::setPath(const QString& path) {
    m_path->setText(path);
}

FigureOptions ExportDialog::options() const {
    FigureOptions o;
    o.dpi = m_dpi->value();
    const bool inches = m_preset->currentData().toString() == QLatin1String("in");
    const double k = inches ? o.dpi : 1.0;
    o.pixels = QSize(static_cast<int>(std::lround(m_width->value() * k)),
                     static_cast<int>(std::lround(m_height->value() * k)));
    o.dark = m_theme->currentData().toBool();
    o.footer = m_footer->isChecked();
    o.formula = m_formula->isChecked();
    return o;
}

void ExportDialog::syncSize() {
    const QString preset = m_preset->currentData().toString();
    const bool custom = preset == QLatin1String("px") || preset == QLatin1String("in");
    const bool inches = preset == QLatin1String("in");
    const QSignalBlocker bw(m_width), bh(m_height);
    for (auto* s : {m_width, m_height}) {
        s->setEnabled(custom);
        s->setDecimals(inches ? 2 : 0);
        s->setSuffix(inches ? tr(" in") : tr(" px"));
        s->setRange(inches ? kMinFigureSide / static_cast<double>(m_dpi->value()) : kMinFigureSide,
                    inches ? kMaxFigureSide / static_cast<double>(m_dpi->value()) : kMaxFigureSide);
    }
    if (!custom) {
        const QSize px = sizeForPreset(preset, m_dpi->value());
        m_width->setValue(px.width());
        m_height->setValue(px.height());
    } else if (inches && m_width->value() > 100) {
        m_width->setValue(13.33);
        m_height->setValue(7.5);
    } else if (!inches && m_width->value() < 100) {
        m_width->setValue(1920);
        m_height->setValue(1080);
    }
    updatePreview();
}

void ExportDialog::updatePreview() {
    const FigureOptions o = options();
    const QSizeF mm = o.sizePt() * (25.4 / 72.0);
    m_pixels->setText(tr("= %1 × %2 px (%3 × %4 mm)")
                          .arg(o.pixels.width())
                          .arg(o.pixels.height())
                          .arg(std::lround(mm.width()))
                          .arg(std::lround(mm.height())));
    if (!validateFigureOptions(o).isEmpty()) return;
    // The preview is the figure at a small size with the same proportions and the same physical
    // size (its dpi scaled with its pixels: fonts follow both, so it looks like the export);
    // very elongated or very small sizes are drawn full and shrunk.
    const double aspect = static_cast<double>(o.pixels.width()) / o.pixels.height();
    FigureOptions small = o;
    small.pixels = aspect >= 1.2 ? QSize(480, static_cast<int>(std::lround(480 / aspect)))
                                 : QSize(static_cast<int>(std::lround(400 * aspect)), 400);
    small.dpi = o.dpi * small.pixels.width() / o.pixels.width();
    QImage image;
    if (validateFigureOptions(small).isEmpty()) {
        image = figureImage(m_figure, small);
    } else {
        image = figureImage(m_figure, o)
                    .scaled(480, 400, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    }
    m_preview->setPixmap(QPixmap::fromImage(image));
}

void ExportDialog::save() {
    if (m_sweep && m_sweep->recording()) {
        recordSweep();
        return;
    }
    FigureFormat format;
    const QString bad = !figureFormatOf(path(), &format)
                            ? tr("The file name must end in .pdf, .svg or .png.")
                            : validateFigureOptions(options());
    if (!bad.isEmpty()) {
        QMessageBox::warning(this, windowTitle(), bad);
        return;
    }
    if (QFileInfo::exists(path()) &&
        QMessageBox::question(this, windowTitle(), tr("%1 exists. Replace it?").arg(path())) !=
            QMessageBox::Yes)
        return;
    accept();
}

void ExportDialog::setSweepSource(const SweepSource& source) {
    if (m_sweep || !source.page) return;
    m_sweep = new SweepSection(source, this);
    static_cast<QVBoxLayout*>(layout())->insertWidget(1, m_sweep);
    connect(m_sweep, &SweepSection::changed, this, &ExportDialog::sweepToggled);
}

void ExportDialog::sweepToggled() {
    const bool on = m_sweep->recording();
    if (on && m_figurePath.isEmpty()) m_figurePath = path();
    if (on) {
        m_path->setText(m_sweep->pathFor(path()));
    } else if (!m_figurePath.isEmpty()) {
        m_path->setText(m_figurePath);
        m_figurePath.clear();
    }
    m_pathLabel->setText(on ? tr("File (.gif, .pdf, .mp4 or a folder/)")
                            : tr("File (.pdf, .svg or .png)"));
    m_sweepError->hide();
}

void ExportDialog::recordSweep() {
    m_sweepError->hide();
    const auto showError = [this](const QString& e) {
        m_sweepError->setText(e.section(QLatin1Char('\n'), 0, 0));
        m_sweepError->show();
    };
    if (const QString bad = validateFigureOptions(options()); !bad.isEmpty()) return showError(bad);
    SweepFormat format;
    if (!sweepFormatOf(path(), &format) || format != m_sweep->format())
        m_path->setText(m_sweep->pathFor(path()));
    auto run = m_sweep->sweepRun(path(), options());
    if (!run) return showError(QString::fromStdString(run.error().message));
    if (QFileInfo::exists(path()) &&
        QMessageBox::question(this, windowTitle(), tr("%1 exists. Replace it?").arg(path())) !=
            QMessageBox::Yes)
        return;
    const QString e = poslab::ui::recordSweep(this, *run);  // window-modal progress
    if (!e.isEmpty()) return showError(e);
    m_sweepRecorded = true;
    accept();
}

void ExportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(
        this, windowTitle(), path(), tr("PDF (*.pdf);;SVG (*.svg);;PNG image (*.png)"), nullptr,
        QFileDialog::DontConfirmOverwrite);
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

}  // namespace poslab::ui
