#include "ui/shell/presentation_strip.h"

#include "ui/train/train_page.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <algorithm>
#include <numeric>

#include "ui/catalog/view_spec.h"
#include "ui/document/lesson_player.h"
#include "ui/figure/acting_params.h"
#include "ui/math/math_label.h"
#include "ui/model/model_kinds.h"
#include "ui/model/model_page.h"
#include "ui/model/model_readouts.h"
#include "ui/panels/choice_words.h"
#include "ui/panels/param_panel.h"
#include "ui/shell/language.h"
#include "ui/shell/param_popup.h"
#include "ui/shell/strip_params.h"
#include "ui/train/train_page.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

namespace {

// No line break inside: no-break spaces for the spaces, and a word joiner (U+2060, invisible)
// between characters where Chinese would break anywhere ("扩展后的上" / "下文").
QString unbreakable(const QString& item) {
    QString out;
    out.reserve(item.size() * 2);
    for (qsizetype i = 0; i < item.size(); ++i) {
        const QChar c = item[i] == u' ' ? QChar(0x00A0) : item[i];
        if (i > 0 && !c.isLowSurrogate() &&
            (c.script() == QChar::Script_Han || item[i - 1].script() == QChar::Script_Han ||
             c.unicode() >= 0x3000))
            out += QChar(0x2060);
        out += c;
    }
    return out;
}

// "Base = 500 000", "Pair layout = Interleaved", "底数 = 500 000": the panel's words in the
// interface language (the ParamSpec's label, choice values in words), the footer's numbers; and
// the same with the identifier ("base = 500 000") for a narrow line.
QVector<StripItem> actingParamItems(const ViewSpec& view, const core::ParamSet& params) {
    QVector<StripItem> items;
    for (const ActingParam& a : actingParams(view, params)) {
        const QString name = QString::fromStdString(a.name);
        QString label = a.spec ? pick(a.spec->labelEn, a.spec->labelZh) : QString();
        if (label.isEmpty()) label = name;
        QString value = a.valueText;
        if (a.spec &&
            (a.spec->type == core::ParamType::Enum || a.spec->type == core::ParamType::Bool))
            value = choiceText(core::formatValue(a.value));
        // One item never breaks across lines ("Positions n" / "= 512"): no-break spaces inside,
        // the line breaks between items.
        items.append({name, unbreakable(QStringLiteral("%1 = %2").arg(label, value)),
                      unbreakable(QStringLiteral("%1 = %2").arg(name, value)), false});
    }
    return items;
}

// One item of the strip: never broken inside ("base θ = 10 000"), the lines break between items.
QString stripItem(const QString& label, const QString& value) {
    return unbreakable(QStringLiteral("%1 = %2").arg(label, value));
}

const QString kSeparator = QStringLiteral("   ·   ");

// A model's name and as many of its kind's key numbers as one line of `width` pixels holds (the
// strip is one line a model: on a 720p projector in a lesson the page needs the rest; the page's
// table has them all). The numbers are taken by weight — base θ, the scaling, its context, the
// window, then the rest — and shown in the table's order; the name is never dropped.
QString modelWords(const LoadedModel& model, const core::models::KindInfo* kind,
                   const QFontMetrics& fm, int width) {
    if (!kind) return model.name;
    static const QStringList weight = {"base",   "rope_type", "factor",     "original", "max",
                                       "window", "seq_len",   "rotary_dim", "encoding"};
    const QVector<Readout> key = keyReadouts(model, *kind);
    auto rank = [&](const Readout& r) {
        const qsizetype at = weight.indexOf(r.key);
        return at < 0 ? weight.size() : at;  // a rule's own parameter: after the named ones
    };
    QVector<qsizetype> order(key.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](qsizetype a, qsizetype b) { return rank(key[a]) < rank(key[b]); });
    QVector<bool> taken(key.size(), false);
    auto text = [&](bool more) {
        QString line = model.name;
        for (qsizetype i = 0; i < key.size(); ++i)
            if (taken[i]) line += kSeparator + stripItem(key[i].label, key[i].value);
        return more ? line + kSeparator + QStringLiteral("…") : line;
    };
    bool dropped = false;
    for (qsizetype i : order) {
        taken[i] = true;
        if (fm.horizontalAdvance(text(true)) > width) {
            taken[i] = false;
            dropped = true;
        }
    }
    return text(dropped);
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
    m_params->setTextFormat(Qt::PlainText);
    m_params->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_params->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_items = new StripParams(this);
    h->addWidget(m_formula, 3);
    h->addWidget(m_params, 2);
    h->addWidget(m_items, 2);
    connect(m_items, &StripParams::itemClicked, this,
            [this](const QString& name, const QRect& where) { openPopup(name, where); });
    hide();
}

void PresentationStrip::setStacked(bool stacked) {
    if (auto* box = qobject_cast<QBoxLayout*>(layout()))
        box->setDirection(stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
    m_formula->setAlignment(stacked ? Qt::AlignHCenter : Qt::AlignLeft);
    m_items->setCentred(stacked);
}

void PresentationStrip::setParamPanel(ParamPanel* panel) {
    m_panel = panel;
    if (isVisible()) refresh();
}

ParamPopup* PresentationStrip::popup() const {
    return m_popup;
}

ParamPopup* PresentationStrip::openPopup(const QString& name, const QRect& where) {
    if (m_popup) m_popup->close();
    if (!ParamPopup::canEdit(m_panel, name)) return nullptr;
    QRect at = where;
    if (at.isEmpty()) {
        const QRect r = m_items->itemRect(name);
        at = r.isEmpty() ? QRect(m_items->mapToGlobal(QPoint(0, 0)), m_items->size())
                         : QRect(m_items->mapToGlobal(r.topLeft()), r.size());
    }
    m_popup = new ParamPopup(m_panel, name, this);
    m_popup->showUnder(at);
    return m_popup;
}

QString PresentationStrip::formulaText() const {
    return m_formula->formula();
}

QString PresentationStrip::paramsText() const {
    return m_items->isHidden() ? m_params->text() : m_items->text();
}

void PresentationStrip::setModelPage(ModelPage* page) {
    if (m_modelPage) m_modelPage->removeEventFilter(this);
    m_modelPage = page;
    if (!page) return;
    // Shown or hidden (the window's centre switching pages) and every change of model or kind.
    page->installEventFilter(this);
    connect(page, &ModelPage::changed, this, [this] {
        if (isVisible()) refresh();
    });
}

void PresentationStrip::resizeEvent(QResizeEvent* e) {
    QFrame::resizeEvent(e);
    // The model's line holds what its width holds.
    if (m_modelPage && !m_modelPage->isHidden() && e->size().width() != e->oldSize().width())
        refreshModel();
}

void PresentationStrip::setTrainPage(TrainPage* page) {
    m_trainPage = page;
    page->installEventFilter(this);
    connect(page, &TrainPage::changed, this, [this] {
        if (isVisible()) refresh();
    });
}

// No formula: the lab's settings and how far it is, on the strip's whole width.
void PresentationStrip::refreshTrain() {
    m_formula->clear();
    m_formula->hide();
    m_items->hide();
    m_params->show();
    m_params->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    if (auto* row = qobject_cast<QHBoxLayout*>(layout())) {
        row->setStretch(0, 0);
        row->setStretch(1, 1);
        row->setStretch(2, 0);
    }
    m_params->setText(m_trainPage->summary());
}

bool PresentationStrip::eventFilter(QObject* watched, QEvent* e) {
    if ((watched == m_modelPage || watched == m_trainPage) &&
        (e->type() == QEvent::Show || e->type() == QEvent::Hide) && isVisible())
        refresh();
    return QFrame::eventFilter(watched, e);
}

void PresentationStrip::refreshModel() {
    const core::models::KindInfo* kind = m_modelPage->currentKind();
    // The kind's encoding page's formula; none where the layers carry no positions, nor for two
    // models (their numbers take the width).
    const QString target =
        kind && !m_modelPage->hasCompare() ? exploreTarget(*kind).page : QString();
    const PageSpec* page = target.isEmpty() ? nullptr : Catalog::instance().find(target);
    // The page's own formula, or its first view's (ALiBi's bias, T5's buckets, ...).
    if (page)
        m_formula->setFormula(page->formula.isEmpty() && !page->views.isEmpty()
                                  ? page->views.front().formula.text()
                                  : page->formula.text());
    else
        m_formula->clear();
    m_formula->setVisible(page != nullptr);
    m_items->hide();
    m_params->show();
    m_params->setAlignment((page ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    // The model's numbers are the longer text: they get the larger share of the width.
    if (auto* row = qobject_cast<QHBoxLayout*>(layout())) {
        row->setStretch(0, 2);
        row->setStretch(1, 3);
        row->setStretch(2, 0);
    }
    // The label's width as the row will give it (its stretch's share of the strip, the whole of
    // it without a formula), known before the layout runs.
    const QMargins m = layout() ? layout()->contentsMargins() : QMargins();
    const int room = width() - m.left() - m.right();
    const int spacing = layout() ? layout()->spacing() : 0;
    const int lineWidth = std::max(80, (page ? (room - spacing) * 3 / 5 : room) * 97 / 100);
    const QFontMetrics fm(m_params->font());
    QStringList lines;
    if (m_modelPage->hasModel()) lines << modelWords(m_modelPage->model(), kind, fm, lineWidth);
    if (m_modelPage->hasCompare())
        lines << modelWords(m_modelPage->compare(), m_modelPage->currentCompareKind(), fm,
                            lineWidth);
    m_params->setText(lines.join(QLatin1Char('\n')));
}

void PresentationStrip::refresh() {
    if (m_trainPage && !m_trainPage->isHidden()) {
        refreshTrain();
        return;
    }
    if (m_modelPage && !m_modelPage->isHidden()) {
        refreshModel();
        return;
    }
    m_formula->show();
    m_params->hide();
    m_items->show();
    if (auto* row = qobject_cast<QHBoxLayout*>(layout())) {
        // Half each: the parameters are the longer line, the formula the taller one.
        row->setStretch(0, 1);
        row->setStretch(1, 0);
        row->setStretch(2, 1);
    }
    const PageSpec* page = m_page->page();
    const ViewSpec* view = m_page->currentViewSpec();
    if (!page) {
        m_formula->clear();
        m_items->setItems({});
        return;
    }
    const LessonStep* step = m_player && m_player->active() ? m_player->step() : nullptr;
    const bool stepFormula = step && view && view->id == step->view && !step->formula.isEmpty();
    m_formula->setFormula(stepFormula ? step->formula.text() : page->formulaFor(view).text());
    // The overview shows several views: the parameters that act on any of them.
    QVector<StripItem> items;
    if (view) {
        items = actingParamItems(*view, m_page->params());
    } else {
        QStringList names;
        for (const ViewSpec& v : page->views)
            for (const StripItem& item : actingParamItems(v, m_page->params()))
                if (!names.contains(item.name)) {
                    names << item.name;
                    items << item;
                }
    }
    for (StripItem& item : items) item.editable = ParamPopup::canEdit(m_panel, item.name);
    m_items->setItems(items);
}

void PresentationStrip::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) refresh();
    if (e->type() == QEvent::FontChange) {
        QFont f = font();
        if (f.pointSizeF() > 0)
            f.setPointSizeF(f.pointSizeF() * 1.4);
        else  // the presenter view sizes its text in pixels
            f.setPixelSize(qRound(f.pixelSize() * 1.4));
        m_formula->setFont(f);
    }
    QFrame::changeEvent(e);
}

}  // namespace poslab::ui
