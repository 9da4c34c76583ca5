#include "ui/panels/explanation_panel.h"

#include <QEvent>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/catalog/view_spec.h"

namespace poslab::ui {

ExplanationPanel::ExplanationPanel(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(6, 4, 6, 4);
    m_text = new QTextBrowser(this);
    m_text->setOpenExternalLinks(false);
    m_text->setFrameShape(QFrame::NoFrame);
    v->addWidget(m_text);
}

void ExplanationPanel::showFor(const PageSpec* page, const ViewSpec* view) {
    m_page = page;
    m_view = view;
    refresh();
}

QString ExplanationPanel::plainText() const {
    return m_text->toPlainText();
}

void ExplanationPanel::refresh() {
    if (!m_page) {
        m_text->clear();
        return;
    }
    const QString title = m_view ? m_view->title.text() : m_page->title.text();
    const QString formula =
        m_view && !m_view->formula.isEmpty() ? m_view->formula : m_page->formula;
    QString text = m_view && !m_view->text.isEmpty() ? m_view->text.text() : m_page->text.text();
    QString html = "<p style='font-size:large'><b>" + title.toHtmlEscaped() + "</b>";
    if (!formula.isEmpty())
        html += "&nbsp;&nbsp;&nbsp;<span style='font-family:serif; font-size:large'><i>" +
                formula.toHtmlEscaped() + "</i></span>";
    html += "</p><p>" + text.toHtmlEscaped() + "</p>";
    m_text->setHtml(html);
}

void ExplanationPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) refresh();
    QWidget::changeEvent(e);
}

}  // namespace poslab::ui
