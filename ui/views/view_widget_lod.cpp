// ViewWidget's level-of-detail controls (issue 12): for the RoPE views over long ranges, the
// window of the distance or position axis (typed, or by zoom and pan), "show" for the angles,
// log x for the decay, and the plot's size in pixels, all in the view's state (the request).
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QStackedWidget>
#include <QTimer>
#include <algorithm>

#include "ui/compute/rope_lod.h"
#include "ui/views/chart_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

void ViewWidget::buildLodControls(QWidget* row, QHBoxLayout* h) {
    const RopeLodKind kind = *ropeLodKind(m_spec);
    if (kind == RopeLodKind::Angles) {
        m_showLabel = new QLabel(row);
        m_show = new QComboBox(row);
        m_show->setObjectName("angleShow");
        for (const char* id : {"", "angle", "mod", "cos", "sin"}) m_show->addItem(QString(), id);
        h->addWidget(m_showLabel);
        h->addWidget(m_show);
        connect(m_show, &QComboBox::currentIndexChanged, this, [this] {
            const QString v = m_show->currentData().toString();
            if (v == m_state.show) return;
            m_state.show = v;
            emit stateChanged();
        });
    }
    // The window of the distance (decay) or position axis, typed: "from" "to" (empty: all).
    m_rangeLabel = new QLabel(row);
    m_from = new QLineEdit(row);
    m_to = new QLineEdit(row);
    for (QLineEdit* e : {m_from, m_to}) {
        e->setMaximumWidth(90);
        e->setValidator(new QRegularExpressionValidator(QRegularExpression("\\d{0,9}"), e));
        connect(e, &QLineEdit::editingFinished, this, [this] {
            const qint64 a = m_from->text().isEmpty() ? 0 : m_from->text().toLongLong();
            const qint64 b = m_to->text().isEmpty() ? -1 : m_to->text().toLongLong();
            if (b >= 0 && b < a) return showWindowInBox();  // refused: the box shows the window
            const bool scores = ropeLodKind(m_spec) == RopeLodKind::Scores;
            setWindow(a, b, scores ? a : m_state.colWinStart, scores ? b : m_state.colWinEnd);
        });
    }
    m_from->setObjectName("windowFrom");
    m_to->setObjectName("windowTo");
    h->addWidget(m_rangeLabel);
    h->addWidget(m_from);
    h->addWidget(new QLabel(QStringLiteral("–"), row));
    h->addWidget(m_to);
    if (kind == RopeLodKind::Decay) {
        m_logX = new QCheckBox(row);
        m_logX->setObjectName("logX");
        h->addWidget(m_logX);
        connect(m_logX, &QCheckBox::toggled, this, [this](bool on) {
            if (on == m_state.logX) return;
            m_state.logX = on;
            emit stateChanged();
        });
        if (m_chart) m_chart->setZoomable(true);
    }
    // The plot's size goes into the request (columns of the envelope, rows of band means).
    m_pixelTimer = new QTimer(this);
    m_pixelTimer->setSingleShot(true);
    m_pixelTimer->setInterval(120);
    connect(m_pixelTimer, &QTimer::timeout, this, &ViewWidget::updatePixels);
    m_stack->installEventFilter(this);
}

void ViewWidget::setWindow(qint64 start, qint64 end, qint64 colStart, qint64 colEnd) {
    ViewState next = m_state;
    next.winStart = std::max<qint64>(0, start);
    next.winEnd = end;
    next.colWinStart = std::max<qint64>(0, colStart);
    next.colWinEnd = colEnd;
    if (next == m_state) return;
    m_state = next;
    showWindowInBox();
    emit stateChanged();
}

void ViewWidget::showWindowInBox() {
    if (!m_from) return;
    m_from->setText(m_state.winStart > 0 || m_state.winEnd >= 0 ? QString::number(m_state.winStart)
                                                                : QString());
    m_to->setText(m_state.winEnd >= 0 ? QString::number(m_state.winEnd) : QString());
}

void ViewWidget::updatePixels() {
    // Lines: the plot's width; heatmaps: its height (positions run down; a score matrix's square
    // plot is no taller), less the room of the axes, rounded down so that the image is never
    // taller than the plot (it would be reduced by 2 then). In steps of 32 px: small resizes
    // ask nothing new.
    const bool chart = m_chart && m_stack->currentWidget() == m_chart;
    const int raw = chart ? m_chart->width() - 60 : m_stack->height() - 110;
    const int px = std::clamp(chart ? (raw + 31) / 32 * 32 : raw / 32 * 32, 64, 2048);
    if (px == m_state.pixels) return;
    m_state.pixels = px;
    emit stateChanged();
}

bool ViewWidget::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_heatmapBox && event->type() == QEvent::Resize) arrangeHeatmaps();
    if (watched == m_stack && event->type() == QEvent::Resize && m_pixelTimer)
        m_pixelTimer->start();
    return QWidget::eventFilter(watched, event);
}

}  // namespace poslab::ui
