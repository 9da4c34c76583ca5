#include "ui/views/page_widget.h"

#include <QAction>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QMenu>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/catalog/page_tabs.h"
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
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) { tabChanged(); });
    // "More views ▾" at the bar's corner: the views that are not tabs (none: hidden).
    m_moreButton = new QToolButton(m_tabs);
    m_moreButton->setObjectName(QStringLiteral("moreViewsButton"));
    m_moreButton->setPopupMode(QToolButton::InstantPopup);
    m_moreButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_moreButton->setAutoRaise(true);
    // Its text ends in "▾": no second arrow from the style.
    m_moreButton->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; }"));
    m_moreMenu = new QMenu(m_moreButton);
    m_moreMenu->setObjectName(QStringLiteral("moreViewsMenu"));
    m_moreButton->setMenu(m_moreMenu);
    m_moreButton->hide();
    m_tabs->setCornerWidget(m_moreButton, Qt::TopRightCorner);
    // Ctrl+PgDown / Ctrl+PgUp (and Ctrl+Tab / Ctrl+Shift+Tab anywhere in the window) go round
    // the tabs on the bar; Help › Keyboard shortcuts lists them as the window's actions.
    auto* next = new QAction(this);
    next->setObjectName(QStringLiteral("nextTabAction"));
    next->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    connect(next, &QAction::triggered, this, [this] { stepTab(1); });
    auto* previous = new QAction(this);
    previous->setObjectName(QStringLiteral("previousTabAction"));
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    connect(previous, &QAction::triggered, this, [this] { stepTab(-1); });
    addActions({next, previous});
    retranslate();
}

void PageWidget::tabChanged() {
    emit currentViewChanged(currentViewSpec());
    if (m_page) requestUpdate();
}

void PageWidget::setPage(const PageSpec* page, const core::ParamSet& params, int tab) {
    const QSignalBlocker block(m_tabs);
    while (m_tabs->count() > 0) m_tabs->removeTab(0);
    qDeleteAll(m_tabPages);  // the tabs' pages, on the bar or under "More views"
    m_tabViews.clear();
    m_tabPages.clear();
    m_shown.clear();
    m_moreTabs.clear();
    m_extraShown = false;
    m_page = page;
    m_params = params;
    m_displayed = m_requested;  // anything still in flight belongs to the old page
    if (!page) return;
    auto wire = [this](ViewWidget* w) {
        w->setDark(m_dark);
        connect(w, &ViewWidget::hovered, this, &PageWidget::hovered);
        connect(w, &ViewWidget::exportRequested, this, [this, w] { emit exportRequested(w); });
        connect(w, &ViewWidget::paramsRequested, this, &PageWidget::paramsRequested);
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
    // Every tab in a scroll area: on a 720p projector (F11's larger font, a lesson's caption) the
    // views' least sizes can add up to more than the screen; the tab then scrolls, the window
    // never grows past the screen.
    auto scrolled = [](QWidget* content) {
        auto* scroll = new QScrollArea;
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(content);
        return scroll;
    };
    auto* scroll = scrolled(overview);
    scroll->setObjectName(QStringLiteral("overviewScroll"));
    m_tabs->addTab(scroll, QString());
    m_tabViews << ov;
    m_tabPages << scroll;
    m_shown << 0;
    const QStringList more = moreViews(*page);
    for (const auto& spec : page->views) {
        auto* w = new ViewWidget(spec, *page);
        wire(w);
        auto* scrolledView = scrolled(w);
        m_tabViews << QVector<ViewWidget*>{w};
        m_tabPages << scrolledView;
        if (more.contains(spec.id)) {
            m_moreTabs << static_cast<int>(m_tabPages.size()) - 1;
            scrolledView->setParent(m_tabs);
            scrolledView->hide();
        } else {
            m_tabs->addTab(scrolledView, QString());
            m_shown << static_cast<int>(m_tabPages.size()) - 1;
        }
    }
    m_moreButton->setVisible(!m_moreTabs.isEmpty());
    retranslate();
    showOnBar(std::clamp(tab, 0, tabCount() - 1));
    emit currentViewChanged(currentViewSpec());
    requestUpdate();
}

void PageWidget::showOnBar(int index) {
    if (index < 0 || index >= tabCount()) return;
    const QSignalBlocker block(m_tabs);
    if (!m_shown.contains(index)) {  // a "More views" one takes the last tab
        if (m_extraShown) {
            m_tabs->removeTab(static_cast<int>(m_shown.size()) - 1);
            m_shown.removeLast();
        }
        m_tabs->addTab(m_tabPages[index], QString());
        m_shown << index;
        m_extraShown = true;
        nameTabs();
    }
    m_tabs->setCurrentIndex(static_cast<int>(m_shown.indexOf(index)));
}

void PageWidget::stepTab(int by) {
    const int count = m_tabs->count();
    if (count > 1) m_tabs->setCurrentIndex((m_tabs->currentIndex() + by + count) % count);
}

bool PageWidget::showTabAt(int position) {
    if (position < 0 || position >= m_tabs->count()) return false;
    m_tabs->setCurrentIndex(position);
    return true;
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
    return m_shown.value(m_tabs->currentIndex(), -1);
}
void PageWidget::setCurrentTab(int index) {
    if (index < 0 || index >= tabCount() || index == currentTab()) return;
    showOnBar(index);
    tabChanged();  // the bar's signal was blocked while its tabs changed
}

QVector<ViewWidget*> PageWidget::viewsOfTab(int tab) const {
    if (tab < 0) tab = currentTab();
    if (tab < 0 || tab >= m_tabViews.size()) return {};
    return m_tabViews[tab];
}

const ViewSpec* PageWidget::currentViewSpec() const {
    const int tab = currentTab();
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
    ComputeRequest r = buildRequest(currentTab());
    // Refuse before any work: invalid values or results over the memory budget. What needs a
    // file read is checked by the worker (a refusal then comes back in the result).
    const core::Status check = checkRequest(r, FileAccess::Defer);
    m_refusal = check ? QString() : QString::fromStdString(check.error().message);
    if (!m_refusal.isEmpty()) {
        for (auto* w : viewsOfTab(currentTab())) w->setStale(m_refusal);
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
    if (auto* a = findChild<QAction*>(QStringLiteral("nextTabAction"))) a->setText(tr("Next tab"));
    if (auto* a = findChild<QAction*>(QStringLiteral("previousTabAction")))
        a->setText(tr("Previous tab"));
    if (!m_page) return;
    nameTabs();
    m_moreButton->setText(tr("More views ▾"));
    m_moreButton->setToolTip(tr("The views that are not tabs: the one chosen takes the last tab"));
    rebuildMoreMenu();
}

void PageWidget::nameTabs() {
    m_tabs->setTabText(0, tr("Overview"));
    // A long title ("What the scaling did to pair j: 0 kept, …") is cut to 26 columns (a CJK
    // character takes two), so that more tabs fit the bar; its tooltip says it whole. Counted
    // in characters, not pixels, so that the cut does not move with the language's font.
    const auto cut = [](const QString& title) {
        constexpr int kColumns = 26;
        int columns = 0;
        for (int i = 0; i < title.size(); ++i) {
            columns += title[i].unicode() >= 0x2E80 ? 2 : 1;
            if (columns > kColumns) return title.left(i).trimmed() + QStringLiteral("…");
        }
        return title;
    };
    for (int t = 1; t < m_shown.size() && t < m_tabs->count(); ++t) {
        const ViewSpec& v = m_page->views[m_shown[t] - 1];
        const QString title = v.title.text();
        const QString shown = cut(title);
        const QString text = math::plainOf(v.text.text());
        m_tabs->setTabText(t, shown);
        m_tabs->setTabToolTip(t, shown == title ? text : title + QLatin1Char('\n') + text);
    }
}

void PageWidget::rebuildMoreMenu() {
    m_moreMenu->clear();
    for (int index : m_moreTabs) {
        const ViewSpec& v = m_page->views[index - 1];
        QAction* a =
            m_moreMenu->addAction(v.title.text(), this, [this, index] { setCurrentTab(index); });
        a->setObjectName(v.id);
        a->setToolTip(math::plainOf(v.text.text()));
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
