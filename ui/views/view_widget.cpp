#include "ui/views/view_widget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/registry.h"
#include "ui/compute/rope_lod.h"
#include "ui/compute/series_fetch.h"
#include "ui/figure/quantity_words.h"
#include "ui/panels/error_words.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"

namespace poslab::ui {

namespace {

// A veil of the window colour over a figure that no longer answers the parameters: the old
// picture stays faintly visible (what was there), nobody reads it as the answer. It follows its
// parent's size and lets the mouse through.
class StaleVeil : public QWidget {
public:
    QString text;  // said in the middle of the veil

    explicit StaleVeil(QWidget* parent) : QWidget(parent) {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        parent->installEventFilter(this);
        hide();
    }
    bool eventFilter(QObject* watched, QEvent* e) override {
        if (watched == parentWidget() && e->type() == QEvent::Resize)
            setGeometry(parentWidget()->rect());
        return false;
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        QColor c = palette().color(QPalette::Window);
        c.setAlpha(190);
        p.fillRect(rect(), c);
        QFont f = font();
        f.setBold(true);
        p.setFont(f);
        p.setPen(QColor(0xd3, 0x54, 0x00));
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, text);
    }
};

}  // namespace

ViewWidget::ViewWidget(const ViewSpec& spec, const PageSpec& page, QWidget* parent)
    : QWidget(parent), m_spec(spec) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->setSpacing(2);
    auto* header = new QHBoxLayout;
    m_title = new QLabel(this);
    updateTitleFont();
    header->addWidget(m_title);
    header->addStretch(1);
    // One click from the view to the export dialog (issue 5: a figure in three clicks).
    m_export = new QToolButton(this);
    m_export->setObjectName("exportFigure");
    m_export->setAutoRaise(true);
    m_export->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    connect(m_export, &QToolButton::clicked, this, &ViewWidget::exportRequested);
    header->addWidget(m_export);
    layout->addLayout(header);

    m_stack = new QStackedWidget(this);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setAlignment(Qt::AlignCenter);
    m_errorLabel->setObjectName("viewError");
    m_stack->addWidget(m_errorLabel);
    layout->addWidget(m_stack, 1);
    m_note = new QLabel(this);
    m_note->setObjectName("viewNote");
    m_note->setWordWrap(true);
    m_note->hide();
    layout->addWidget(m_note);

    const ViewKind kind = spec.kind;
    if (kind == ViewKind::Heatmap || kind == ViewKind::Compare) {
        m_heatmapBox = new QWidget(this);
        m_heatmapGrid = new QGridLayout(m_heatmapBox);
        m_heatmapGrid->setContentsMargins(0, 0, 0, 0);
        m_heatmapGrid->setSpacing(4);
        m_heatmapBox->installEventFilter(this);  // re-arranged as it is resized
        m_stack->addWidget(m_heatmapBox);
    }
    if (kind == ViewKind::Lines || kind == ViewKind::Compare) {
        m_chart = new ChartWidget(this);
        connect(m_chart, &ChartWidget::hovered, this, &ViewWidget::hovered);
        connect(m_chart, &ChartWidget::windowChanged, this, [this](double lo, double hi) {
            setWindow(lo < 0 ? 0 : static_cast<qint64>(lo), hi < 0 ? -1 : static_cast<qint64>(hi),
                      m_state.colWinStart, m_state.colWinEnd);
        });
        m_stack->addWidget(m_chart);
    }
    if (kind == ViewKind::Rotation) {
        m_rotation = new RotationWidget(this);
        m_stack->addWidget(m_rotation);
    }
    if (kind == ViewKind::Value) {
        m_value = new QLabel(this);
        QFont vf = m_value->font();
        vf.setPointSizeF(vf.pointSizeF() * 2.2);
        m_value->setFont(vf);
        m_value->setAlignment(Qt::AlignCenter);
        m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_stack->addWidget(m_value);
    }
    if (kind == ViewKind::Compare) m_state = defaultViewState(spec, page);
    buildControls();
    if (!m_controlsRow.isNull()) header->addWidget(m_controlsRow);
    retranslate();
}

void ViewWidget::buildControls() {
    auto* row = new QWidget(this);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    bool any = false;
    const bool heat = m_spec.kind == ViewKind::Heatmap || m_spec.kind == ViewKind::Compare;
    if (heat) {
        m_sliceLabel = new QLabel(row);
        m_slice = new QSpinBox(row);
        m_slice->setRange(0, 0);
        h->addWidget(m_sliceLabel);
        h->addWidget(m_slice);
        m_sliceLabel->hide();
        m_slice->hide();
        connect(m_slice, &QSpinBox::valueChanged, this, [this](int v) {
            m_state.slice = v;
            emit stateChanged();
        });
        any = true;
    }
    bool dims = false;
    for (const auto& s : m_spec.series) dims = dims || s.columnsFromDims;
    if (dims) {
        m_dimsLabel = new QLabel(row);
        m_dims = new QLineEdit(row);
        m_dims->setPlaceholderText("0, 2, 16, 32");
        m_dims->setMaximumWidth(160);
        h->addWidget(m_dimsLabel);
        h->addWidget(m_dims);
        connect(m_dims, &QLineEdit::editingFinished, this, [this] {
            QVector<int> out;
            for (const QString& part :
                 m_dims->text().split(QRegularExpression("[,\\s]+"), Qt::SkipEmptyParts)) {
                bool ok = false;
                const int v = part.toInt(&ok);
                if (ok && v >= 0 && !out.contains(v) && out.size() < 10) out << v;
            }
            if (out == m_state.dims) return;
            m_state.dims = out;
            emit stateChanged();
        });
        any = true;
    }
    if (m_spec.kind == ViewKind::Rotation) {
        m_mLabel = new QLabel(row);
        m_m = new QSlider(Qt::Horizontal, row);
        m_m->setRange(0, 511);
        m_m->setMinimumWidth(160);
        m_deltaLabel = new QLabel(row);
        m_delta = new QSpinBox(row);
        m_delta->setRange(-4096, 4096);
        m_delta->setValue(static_cast<int>(m_state.delta));
        m_play = new QToolButton(row);
        m_play->setCheckable(true);
        m_playTimer = new QTimer(this);
        m_playTimer->setInterval(60);
        h->addWidget(m_mLabel);
        h->addWidget(m_m);
        h->addWidget(m_deltaLabel);
        h->addWidget(m_delta);
        h->addWidget(m_play);
        connect(m_m, &QSlider::valueChanged, this, [this](int v) {
            m_state.m = v;
            m_mLabel->setText(tr("m = %1").arg(v));
            emit stateChanged();
        });
        connect(m_delta, &QSpinBox::valueChanged, this, [this](int v) {
            m_state.delta = v;
            emit stateChanged();
        });
        connect(m_play, &QToolButton::toggled, this, &ViewWidget::setPlaying);
        connect(m_playTimer, &QTimer::timeout, this,
                [this] { m_m->setValue(m_m->value() >= m_m->maximum() ? 0 : m_m->value() + 1); });
        any = true;
    }
    if (m_spec.kind == ViewKind::Compare) {
        buildCompareControls(row, h);
        any = true;
    }
    m_lod = ropeLodKind(m_spec).has_value();
    if (m_lod) buildLodControls(row, h);
    any = any || m_lod;
    if (any)
        m_controlsRow = row;
    else
        delete row;
}

void ViewWidget::setPlaying(bool on) {
    if (!m_playTimer) return;
    if (on)
        m_playTimer->start();
    else
        m_playTimer->stop();
    m_play->setText(on ? tr("Pause") : tr("Play"));
}

void ViewWidget::setState(const ViewState& state) {
    m_state = state;
    if (m_slice) {
        const QSignalBlocker b(m_slice);
        m_slice->setValue(state.slice);
    }
    if (m_m) {
        const QSignalBlocker b(m_m);
        m_m->setValue(static_cast<int>(state.m));
        m_mLabel->setText(tr("m = %1").arg(state.m));
    }
    if (m_delta) {
        const QSignalBlocker b(m_delta);
        m_delta->setValue(static_cast<int>(state.delta));
    }
    // The other controls show the restored state too (a session or a lesson step sets it).
    if (m_dims) {
        QStringList parts;
        for (int d : state.dims) parts << QString::number(d);
        m_dims->setText(parts.join(QStringLiteral(", ")));
    }
    if (m_show) {
        const QSignalBlocker b(m_show);
        m_show->setCurrentIndex(std::max(0, m_show->findData(state.show)));
    }
    if (m_logX) {
        const QSignalBlocker b(m_logX);
        m_logX->setChecked(state.logX);
    }
    showWindowInBox();
    syncCompareControls();
}

void ViewWidget::setPositionCount(qint64 n) {
    if (!m_m) return;
    const QSignalBlocker b(m_m);
    m_m->setRange(0, static_cast<int>(std::max<qint64>(0, std::min<qint64>(n - 1, 1 << 24))));
    if (m_state.m > m_m->maximum()) {
        m_state.m = m_m->maximum();
        m_m->setValue(m_m->maximum());
    }
}

void ViewWidget::setStale(const QString& reason) {
    const bool stale = !reason.isEmpty() && m_hasResult;
    if (!m_veil) m_veil = new StaleVeil(m_stack);
    m_veil->setToolTip(localisedError(reason));
    static_cast<StaleVeil*>(m_veil)->text = tr("⚠ Not updated: a value was refused");
    m_veil->setGeometry(m_stack->rect());
    m_veil->raise();
    m_veil->setVisible(stale);
    m_veil->update();
}

bool ViewWidget::isStale() const {
    return m_veil && !m_veil->isHidden();
}

void ViewWidget::applyResult(const ViewResult& r) {
    setStale({});
    m_hasResult = true;
    m_last = r;
    m_title->setText(r.title.isEmpty() ? m_spec.title.text() : r.title.text());  // what is drawn
    m_note->setText(r.note.text());
    m_note->setVisible(!r.note.isEmpty());
    m_error = r.error;
    if (!r.error.isEmpty()) {
        m_errorLabel->setText(localisedError(r.error));
        m_stack->setCurrentWidget(m_errorLabel);
        return;
    }
    if (showDegenerate()) return;
    if (!r.heatmaps.isEmpty() && m_heatmapBox) {
        const int count = static_cast<int>(r.heatmaps.size());
        for (int i = 0; i < count; ++i) {
            HeatmapWidget* w = heatmapAt(i);
            HeatmapData d = r.heatmaps[i];
            if (count == 1 && d.title.isEmpty()) d.title = {};
            w->setData(std::move(d));
            w->show();
        }
        for (int i = count; i < m_heatmaps.size(); ++i) m_heatmaps[i]->hide();
        m_panelCount = count;
        arrangeHeatmaps();
        m_stack->setCurrentWidget(m_heatmapBox);
    } else if (m_chart && (m_spec.kind == ViewKind::Lines || m_spec.kind == ViewKind::Compare)) {
        QString x = m_spec.xLabel.isEmpty() ? r.lines.xAxis : m_spec.xLabel.text();
        QString y = m_spec.yLabel.text();
        // A compare of curves: the values are the compared quantity's, named as in its figure.
        const auto* enc = core::registry().find(m_spec.encoding.toStdString());
        if (y.isEmpty() && m_spec.kind == ViewKind::Compare && enc)
            y = quantityAxisName(*enc, comparedQuantity(m_state, *enc));
        if (r.lines.xWholeTo) {
            m_chart->setFullXRange(r.lines.logX ? 1 : 0, *r.lines.xWholeTo);
            m_chart->setZoomable(true);  // a window (a lesson step's zoom) can be left
        }
        m_chart->setData(r.lines, QString(), x, y);
        m_stack->setCurrentWidget(m_chart);
    } else if (m_rotation) {
        m_rotation->setData(r.rotation);
        m_stack->setCurrentWidget(m_rotation);
    } else if (m_value) {
        m_value->setText(r.value);
        m_stack->setCurrentWidget(m_value);
    }
    m_sliceCount = r.sliceCount;
    if (m_slice) {
        const bool show = r.sliceCount > 1;
        m_slice->setVisible(show);
        m_sliceLabel->setVisible(show);
        if (show) {
            const QSignalBlocker b(m_slice);
            m_slice->setRange(0, r.sliceCount - 1);
            m_slice->setValue(m_state.slice);  // a state set before the range was known
        }
    }
}

void ViewWidget::setDark(bool dark) {
    m_dark = dark;
    for (auto* h : m_heatmaps) h->setDark(dark);
    if (m_chart) m_chart->setDark(dark);
    if (m_rotation) m_rotation->setDark(dark);
}

QString ViewWidget::noteText() const {
    return m_note->text();
}

QString ViewWidget::valueText() const {
    return m_value ? m_value->text() : QString();
}
QString ViewWidget::titleText() const {
    return m_title->text();
}

void ViewWidget::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(e);
    // The title follows the widget's font (presentation mode enlarges the application font).
    if (e->type() == QEvent::FontChange) updateTitleFont();
}

void ViewWidget::updateTitleFont() {
    QFont tf = font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.1);
    m_title->setFont(tf);
}

void ViewWidget::retranslate() {
    m_title->setText(m_last.title.isEmpty() ? m_spec.title.text() : m_last.title.text());
    if (!m_error.isEmpty()) m_errorLabel->setText(localisedError(m_error));
    showDegenerate();
    m_export->setToolTip(tr("Export this view as a figure for slides (PDF, SVG or PNG)"));
    m_note->setText(m_last.note.text());
    if (m_sliceLabel) m_sliceLabel->setText(tr("head"));
    if (m_dimsLabel) {
        m_dimsLabel->setText(m_spec.channelDefaults == QLatin1String("patches") ? tr("patches")
                             : m_spec.kind == ViewKind::Heatmap                 ? tr("channels")
                                                                                : tr("dimensions"));
        const bool patches = m_spec.channelDefaults == QLatin1String("patches");
        m_dims->setToolTip(patches ? tr("Patches h·W + w to compare with all, separated by commas")
                           : m_spec.kind == ViewKind::Heatmap
                               ? tr("Channels to draw as images, separated by commas")
                               : tr("Columns to draw as waves, separated by commas"));
        if (patches) m_dims->setPlaceholderText(QStringLiteral("0, 136, 255"));
    }
    if (m_mLabel) {
        m_mLabel->setText(tr("m = %1").arg(m_state.m));
        m_deltaLabel->setText(tr("k − m"));
        m_play->setText(m_play->isChecked() ? tr("Pause") : tr("Play"));
        m_m->setToolTip(tr("Position m of the first vector"));
        m_delta->setToolTip(tr("Offset k − m of the second vector"));
    }
    if (m_rangeLabel) {
        const bool decay = ropeLodKind(m_spec) == RopeLodKind::Decay;
        m_rangeLabel->setText(decay ? tr("distance") : tr("positions"));
        const QString tip =
            tr("The window to draw, typed (empty: everything). The wheel zooms, a "
               "drag pans, a double-click shows everything again.");
        m_from->setToolTip(tip);
        m_to->setToolTip(tip);
        m_from->setPlaceholderText(tr("from"));
        m_to->setPlaceholderText(tr("to"));
    }
    if (m_logX) {
        m_logX->setText(tr("log x"));
        m_logX->setToolTip(tr("A logarithmic distance axis"));
    }
    if (m_show) {
        m_showLabel->setText(tr("show"));
        const QStringList names = {tr("auto"), tr("angle m·θⱼ"), tr("angle mod 2π"), tr("cos"),
                                   tr("sin")};
        for (int i = 0; i < names.size(); ++i) m_show->setItemText(i, names[i]);
        m_show->setToolTip(
            tr("What the cells show; auto: the angle up to 4096 positions, then "
               "cos (the angle itself only grows)"));
    }
    retranslateCompare();
    // Charts carry their titles in the current language: redraw them from the stored data.
    for (auto* h : m_heatmaps) h->update();
}

}  // namespace poslab::ui
