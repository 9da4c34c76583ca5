// The page of the current encoding (or argument): an Overview tab with 2-4 views together and one
// tab per view. It builds compute requests for the visible views, sends them to the scheduler,
// and hands the results to its views, dropping any result older than the one on screen.
// A page with more views than a tab bar holds (ui/catalog/page_tabs.h) lists the rest under a
// "More views ▾" button at the bar's corner; the one chosen there takes the last tab. Tabs are
// numbered as the page's views, wherever they are shown: 0 the Overview, i + 1 views[i].
#pragma once

#include <QHash>
#include <QWidget>

#include "core/compute.h"
#include "core/params/param_spec.h"
#include "ui/compute/compute_types.h"

QT_BEGIN_NAMESPACE
class QMenu;
class QTabWidget;
class QToolButton;
QT_END_NAMESPACE

namespace poslab::ui {

class Scheduler;
class ViewWidget;

class PageWidget : public QWidget {
    Q_OBJECT
public:
    explicit PageWidget(Scheduler* scheduler, QWidget* parent = nullptr);

    void setPage(const PageSpec* page, const core::ParamSet& params, int tab = 0);
    const PageSpec* page() const { return m_page; }
    // New parameter values: recompute the visible views. Returns the refusal reason, if any.
    QString setParams(const core::ParamSet& params);
    const core::ParamSet& params() const { return m_params; }
    // The model the parameters came from ("Explore in RoPE" on the Model page), marked on the
    // views that reach its length and named in their footers; held, not requested: the caller's
    // setPage or setParams that follows asks for the views.
    void setModelMarks(const QVector<ModelMarks>& models) { m_models = models; }
    const QVector<ModelMarks>& modelMarks() const { return m_models; }

    void setColormap(ColormapChoice choice);
    ColormapChoice colormap() const { return m_colormap; }
    void setDark(bool dark);

    // The tab bar: the Overview, the page's first views and the slot of a "More views" one.
    QTabWidget* tabs() const { return m_tabs; }
    // Tabs as the page numbers them (the Overview and every view, shown as a tab or not).
    int tabCount() const { return static_cast<int>(m_tabViews.size()); }
    int currentTab() const;
    // Shows a tab of the page's numbering; one under "More views" takes the last tab.
    void setCurrentTab(int index);
    // The tab at `position` on the bar (Ctrl+1..9); false when there is none.
    bool showTabAt(int position);
    // The page's tabs under "More views" (none on a page whose tabs fit the bar).
    QVector<int> moreTabs() const { return m_moreTabs; }
    bool isOnTabBar(int index) const { return m_shown.contains(index); }
    QToolButton* moreButton() const { return m_moreButton; }
    QMenu* moreMenu() const { return m_moreMenu; }
    // The view widgets of a tab (the current one when -1).
    QVector<ViewWidget*> viewsOfTab(int tab = -1) const;
    // The current view spec (null on the Overview).
    const ViewSpec* currentViewSpec() const;
    // What the current view draws where its title and formula say otherwise (ViewResult's
    // title and formula: the angles view showing cos); empty on the Overview or when they agree.
    LocalText drawnTitle() const;
    LocalText drawnFormula() const;

    // Applies a result unless it is stale (older than what is shown) or for another page.
    bool applyResult(const ComputeResult& result);
    quint64 displayedGeneration() const { return m_displayed; }
    quint64 requestedGeneration() const { return m_requested; }
    // Sends a request for the visible views; returns the refusal reason (empty when sent).
    QString requestUpdate();
    QString lastRefusal() const { return m_refusal; }

signals:
    void currentViewChanged(const poslab::ui::ViewSpec* view);
    void hovered(const QString& text);
    void exportRequested(poslab::ui::ViewWidget* view);
    // A view asks for parameter values (name, value as typed): the window applies them as
    // edits of the panel, undoable.
    void paramsRequested(const QList<QPair<QString, QString>>& values);
    void refused(const QString& reason);
    void resultApplied(quint64 generation, double computeMs, double renderMs);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void nameTabs();  // the bar's tab texts
    void rebuildMoreMenu();
    void stepTab(int by);  // Ctrl+PgDown / Ctrl+PgUp, round the bar
    void showOnBar(int index);
    void tabChanged();
    ComputeRequest buildRequest(int tab) const;

    Scheduler* m_scheduler;
    const PageSpec* m_page = nullptr;
    core::ParamSet m_params;
    QVector<ModelMarks> m_models;
    QTabWidget* m_tabs;
    QVector<QVector<ViewWidget*>> m_tabViews;  // per tab of the page
    QVector<QWidget*> m_tabPages;              // per tab of the page: what its tab shows
    QVector<int> m_shown;                      // per tab on the bar: the page's tab
    QVector<int> m_moreTabs;                   // the page's tabs under "More views"
    bool m_extraShown = false;                 // the bar's last tab is a "More views" one
    QToolButton* m_moreButton;
    QMenu* m_moreMenu;
    ColormapChoice m_colormap = ColormapChoice::Auto;
    bool m_dark = false;
    double m_memoryBudget = core::configuredMemoryBudget();
    quint64 m_displayed = 0;
    quint64 m_requested = 0;
    QString m_refusal;
};

}  // namespace poslab::ui
