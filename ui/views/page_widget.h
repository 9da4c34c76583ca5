// The page of the current encoding (or argument): an Overview tab with 2-4 views together and one
// tab per view. It builds compute requests for the visible views, sends them to the scheduler,
// and hands the results to its views, dropping any result older than the one on screen.
#pragma once

#include <QHash>
#include <QWidget>

#include "core/compute.h"
#include "core/params/param_spec.h"
#include "ui/compute/compute_types.h"

QT_BEGIN_NAMESPACE
class QTabWidget;
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
    void setDark(bool dark);

    QTabWidget* tabs() const { return m_tabs; }
    int currentTab() const;
    void setCurrentTab(int index);
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
    void refused(const QString& reason);
    void resultApplied(quint64 generation, double computeMs, double renderMs);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    ComputeRequest buildRequest(int tab) const;

    Scheduler* m_scheduler;
    const PageSpec* m_page = nullptr;
    core::ParamSet m_params;
    QVector<ModelMarks> m_models;
    QTabWidget* m_tabs;
    QVector<QVector<ViewWidget*>> m_tabViews;  // per tab
    ColormapChoice m_colormap = ColormapChoice::Auto;
    bool m_dark = false;
    double m_memoryBudget = core::configuredMemoryBudget();
    quint64 m_displayed = 0;
    quint64 m_requested = 0;
    QString m_refusal;
};

}  // namespace poslab::ui
