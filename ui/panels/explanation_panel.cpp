#include "ui/panels/explanation_panel.h"

#include <QEvent>
#include <QScrollArea>
#include <QVBoxLayout>

#include "ui/catalog/view_spec.h"
#include "ui/math/math_label.h"

namespace poslab::ui {

ExplanationPanel::ExplanationPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName("explanationScroll");
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(scroll);
    auto* v = new QVBoxLayout(content);
    v->setContentsMargins(8, 6, 8, 6);
    v->setSpacing(8);
    m_title = new math::MathLabel(content);
    m_title->setObjectName("explanationTitle");
    m_formula = new math::MathLabel(content);
    m_formula->setObjectName("explanationFormula");
    m_text = new math::MathLabel(content);
    m_text->setObjectName("explanationText");
    for (math::MathLabel* l : {m_title, m_formula, m_text}) {
        QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        policy.setHeightForWidth(true);
        l->setSizePolicy(policy);
        v->addWidget(l);
    }
    v->addStretch(1);
    scroll->setWidget(content);
    outer->addWidget(scroll);
    updateFonts();
}

void ExplanationPanel::showFor(const PageSpec* page, const ViewSpec* view) {
    m_page = page;
    m_view = view;
    m_drawnTitle = m_drawnFormula = {};
    refresh();
}

void ExplanationPanel::setDrawn(const LocalText& title, const LocalText& formula) {
    if (title.en == m_drawnTitle.en && formula.en == m_drawnFormula.en) return;
    m_drawnTitle = title;
    m_drawnFormula = formula;
    refresh();
}

QString ExplanationPanel::plainText() const {
    QStringList lines;
    for (const math::MathLabel* l : {m_title, m_formula, m_text})
        if (!l->text().isEmpty()) lines << l->text();
    return lines.join('\n');
}

void ExplanationPanel::refresh() {
    if (!m_page) {
        for (math::MathLabel* l : {m_title, m_formula, m_text}) l->clear();
        return;
    }
    // Titles and texts are prose (maths in $...$); a literal dollar would start maths.
    auto prose = [](QString s) { return s.replace(QLatin1Char('$'), QStringLiteral("\\$")); };
    const QString title = !m_view                  ? m_page->title.text()
                          : m_drawnTitle.isEmpty() ? m_view->title.text()
                                                   : m_drawnTitle.text();
    const QString formula = m_view && !m_drawnFormula.isEmpty() ? m_drawnFormula.text()
                                                                : m_page->formulaFor(m_view).text();
    const QString text =
        m_view && !m_view->text.isEmpty() ? m_view->text.text() : m_page->text.text();
    m_title->setText(prose(title));
    m_formula->setFormula(formula);
    m_formula->setVisible(!formula.trimmed().isEmpty());
    m_text->setText(text);
}

void ExplanationPanel::updateFonts() {
    QFont title = font();
    title.setBold(true);
    title.setPointSizeF(font().pointSizeF() * 1.2);
    m_title->setFont(title);
    QFont formula = font();
    formula.setPointSizeF(font().pointSizeF() * 1.25);
    m_formula->setFont(formula);
    m_text->setFont(font());
}

void ExplanationPanel::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) refresh();
    if (e->type() == QEvent::FontChange) updateFonts();
    QWidget::changeEvent(e);
}

}  // namespace poslab::ui
