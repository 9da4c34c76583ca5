#include "ui/views/page_widget.h"

#include <QEvent>
#include <QGridLayout>
#include <QTabWidget>
#include <QVBoxLayout>

#include "ui/compute/request_check.h"
#include "ui/compute/scheduler.h"
#include "ui/math/math_text.h"
#include "ui/views/view_widget.h"

namespace poslab::ui {

PageWidget::PageWidget(Scheduler* scheduler, QWidget* parent)
    : QWidget(parent), m_scheduler(scheduler) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    v->addWidget(m_tabs);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) {
        emit currentViewChanged(currentViewSpec());
        if (m_page) requestUpdate();
    });
}

void PageWidget::setPage(const PageSpec* page, const core::ParamSet& params, int tab) {
    const QSignalBlocker block(m_tabs);
    while (m_tabs->count() > 0) {
        QWidget* w = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete w;
    }
    m_tabViews.clear();
    m_page = page;
    m_params = params;
    m_displayed = m_requested;  // anything still in flight belongs to the old page
    if (!page) return;
    auto wire = [this](ViewWidget* w) {
        w->setDark(m_dark);
        connect(w, &ViewWidget::hovered, this, &PageWidget::hovered);
        connect(w, &ViewWidget::exportRequested, this, [this, w] { emit exportRequested(w); });
        connect(w, &ViewWidget::stateChanged, this, [this] { requestUpdate(); });
        if (m_params.has("n")) w->setPositionCount(m_params.integer("n"));
        w->pageParams = [this] { return m_params; };
    };
    // Overview: the listed views in a grid of two columns; a view of three or more panels (small
    // multiples) and the last of an odd count take a whole row.
    auto* overview = new QWidget;
    auto* grid = new QGridLayout(overview);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->setSpacing(8);
    QVector<ViewWidget*> ov;
    const int count = static_cast<int>(page->overview.size());
    int row = 0, col = 0;
    for (int i = 0; i < count; ++i) {
        const ViewSpec* spec = page->findView(page->overview[i]);
        if (!spec) continue;
        auto* w = new ViewWidget(*spec, *page, overview);
        wire(w);
        const bool wide =
            (spec->kind == ViewKind::Heatmap &&
             (spec->series.size() >= 3 || (spec->difference && spec->series.size() >= 2) ||
              spec->smallMultiples || !spec->reshape.isEmpty())) ||
            (i == count - 1 && col == 0);
        if (wide && col == 1) {
            ++row;
            col = 0;
        }
        if (wide) {
            grid->addWidget(w, row++, 0, 1, 2);
        } else {
            grid->addWidget(w, row, col);
            if (++col == 2) {
                col = 0;
                ++row;
            }
        }
        ov << w;
    }
    m_tabs->addTab(overview, QString());
    m_tabViews << ov;
    for (const auto& spec : page->views) {
        auto* w = new ViewWidget(spec, *page);
        wire(w);
        m_tabs->addTab(w, QString());
        m_tabViews << QVector<ViewWidget*>{w};
    }
    retranslate();
    m_tabs->setCurrentIndex(std::clamp(tab, 0, m_tabs->count() - 1));
    emit currentViewChanged(currentViewSpec());
    requestUpdate();
}

QString PageWidget::setParams(const core::ParamSet& params) {
    m_params = params;
    if (m_params.has("n"))
        for (const auto& tab : m_tabViews)
            for (auto* w : tab) w->setPositionCount(m_params.integer("n"));
    return requestUpdate();
}

void PageWidget::setColormap(ColormapChoice choice) {
    m_colormap = choice;
    requestUpdate();
}

void PageWidget::setDark(bool dark) {
    m_dark = dark;
    for (const auto& tab : m_tabViews)
        for (auto* w : tab) w->setDark(dark);
}

int PageWidget::currentTab() const {
    return m_tabs->currentIndex();
}
void PageWidget::setCurrentTab(int index) {
    m_tabs->setCurrentIndex(index);
}

QVector<ViewWidget*> PageWidget::viewsOfTab(int tab) const {
    if (tab < 0) tab = m_tabs->currentIndex();
    if (tab < 0 || tab >= m_tabViews.size()) return {};
    return m_tabViews[tab];
}

const ViewSpec* PageWidget::currentViewSpec() const {
    const int tab = m_tabs->currentIndex();
    if (!m_page || tab <= 0 || tab - 1 >= m_page->views.size()) return nullptr;
    return &m_page->views[tab - 1];
}

ComputeRequest PageWidget::buildRequest(int tab) const {
    ComputeRequest r;
    r.pageId = m_page->id;
    r.tag = tab;
    r.encoding = m_page->encoding;
    r.params = m_params;
    r.colormap = m_colormap;
    r.memoryBudget = m_memoryBudget;
    r.lang = currentLanguage();
    r.models = m_models;
    for (auto* w : viewsOfTab(tab)) {
        r.views << w->spec();
        r.states << w->state();
    }
    return r;
}

QString PageWidget::requestUpdate() {
    if (!m_page) return {};
    ComputeRequest r = buildRequest(m_tabs->currentIndex());
    // Refuse before any work: invalid values or results over the memory budget. What needs a
    // file read is checked by the worker (a refusal then comes back in the result).
    const core::Status check = checkRequest(r, FileAccess::Defer);
    m_refusal = check ? QString() : QString::fromStdString(check.error().message);
    if (!m_refusal.isEmpty()) {
        for (auto* w : viewsOfTab(m_tabs->currentIndex())) w->setStale(m_refusal);
        emit refused(m_refusal);
        return m_refusal;
    }
    emit refused(QString());
    m_requested = m_scheduler->submit(std::move(r));
    return {};
}

bool PageWidget::applyResult(const ComputeResult& result) {
    if (!m_page || result.pageId != m_page->id) return false;
    // Never let an older result overwrite a newer one already on screen.
    if (result.generation <= m_displayed) return false;
    if (result.cancelled) return false;
    // Refused by the worker's check (a request that reads a file): answered, and the views
    // keep what they show.
    if (!result.refusal.isEmpty()) {
        m_displayed = result.generation;
        if (result.generation != m_requested) return false;  // an edit since: not its reason
        m_refusal = result.refusal;
        for (auto* w : viewsOfTab(result.tag)) w->setStale(m_refusal);
        emit refused(m_refusal);
        return false;
    }
    m_displayed = result.generation;
    const auto views = viewsOfTab(result.tag);
    for (const auto& vr : result.views)
        for (auto* w : views)
            if (w->spec().id == vr.viewId) w->applyResult(vr);
    // A value refused since this result was asked for: it shows the values before the refusal.
    if (!m_refusal.isEmpty())
        for (auto* w : views) w->setStale(m_refusal);
    emit resultApplied(result.generation, result.computeMs, result.renderMs);
    return true;
}

void PageWidget::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(e);
}

void PageWidget::retranslate() {
    if (!m_page) return;
    m_tabs->setTabText(0, tr("Overview"));
    for (int i = 0; i < m_page->views.size() && i + 1 < m_tabs->count(); ++i) {
        m_tabs->setTabText(i + 1, m_page->views[i].title.text());
        m_tabs->setTabToolTip(i + 1, math::plainOf(m_page->views[i].text.text()));
    }
}

LocalText PageWidget::drawnTitle() const {
    const auto views = viewsOfTab();
    return currentViewSpec() && views.size() == 1 ? views.front()->lastResult().title : LocalText{};
}

LocalText PageWidget::drawnFormula() const {
    const auto views = viewsOfTab();
    return currentViewSpec() && views.size() == 1 ? views.front()->lastResult().formula
                                                  : LocalText{};
}

}  // namespace poslab::ui
