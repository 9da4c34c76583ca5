#include "ui/shell/presentation_strip.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

#include "ui/figure/acting_params.h"
#include "ui/math/math_label.h"
#include "ui/panels/choice_words.h"
#include "ui/shell/language.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

namespace {

// "Base = 500 000", "Pair layout = Interleaved", "底数 = 500 000": the panel's words in the
// interface language (the ParamSpec's label, choice values in words), the footer's numbers.
QStringList actingParamWords(const ViewSpec& view, const core::ParamSet& params) {
    QStringList words;
    for (const ActingParam& a : actingParams(view, params)) {
        QString label = a.spec ? pick(a.spec->labelEn, a.spec->labelZh) : QString();
        if (label.isEmpty()) label = QString::fromStdString(a.name);
        QString value = a.valueText;
        if (a.spec &&
            (a.spec->type == core::ParamType::Enum || a.spec->type == core::ParamType::Bool))
            value = choiceText(core::formatValue(a.value));
        // One item never breaks across lines ("Positions n" / "= 512"): no-break spaces inside,
        // the line breaks between items.
        words << QStringLiteral("%1 = %2").arg(label, value).replace(u' ', QChar(0x00A0));
    }
    return words;
}

}  // namespace

PresentationStrip::PresentationStrip(PageWidget* page, QWidget* parent)
    : QFrame(parent), m_page(page) {
    setObjectName("presentationStrip");
    setFrameShape(QFrame::StyledPanel);
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(16, 6, 16, 6);
    h->setSpacing(24);
    m_formula = new math::MathLabel(this);
    m_formula->setObjectName("presentationFormula");
    QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    m_formula->setSizePolicy(policy);
    m_params = new QLabel(this);
    m_params->setObjectName("presentationParams");
    m_params->setWordWrap(true);
    m_params->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_params->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    h->addWidget(m_formula, 3);
    h->addWidget(m_params, 2);
    hide();
}

QString PresentationStrip::formulaText() const {
    return m_formula->formula();
}

QString PresentationStrip::paramsText() const {
    return m_params->text();
}

void PresentationStrip::refresh() {
    const PageSpec* page = m_page->page();
    const ViewSpec* view = m_page->currentViewSpec();
    if (!page) {
        m_formula->clear();
        m_params->clear();
        return;
    }
    m_formula->setFormula(page->formulaFor(view).text());
    // The overview shows several views: the parameters that act on any of them.
    QStringList parts;
    if (view) {
        parts = actingParamWords(*view, m_page->params());
    } else {
        for (const ViewSpec& v : page->views)
            for (const QString& t : actingParamWords(v, m_page->params()))
                if (!parts.contains(t)) parts << t;
    }
    m_params->setText(parts.join(QStringLiteral("   ·   ")));
}

void PresentationStrip::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) refresh();
    if (e->type() == QEvent::FontChange) {
        QFont f = font();
        f.setPointSizeF(font().pointSizeF() * 1.4);
        m_formula->setFont(f);
    }
    QFrame::changeEvent(e);
}

}  // namespace poslab::ui
