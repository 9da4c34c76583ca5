#include "ui/panels/encoding_browser.h"
#include "ui/shell/language.h"

#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/catalog/page_search.h"
#include "ui/catalog/view_spec.h"
#include "ui/math/math_text.h"

namespace poslab::ui {

namespace {
QString groupTitle(const QString& group) {
    if (group == "absolute") return EncodingBrowser::tr("Absolute");
    if (group == "rotary") return EncodingBrowser::tr("Rotary");
    if (group == "relative") return EncodingBrowser::tr("Relative and bias");
    if (group == "other") return EncodingBrowser::tr("Other");
    if (group == "argument") return EncodingBrowser::tr("Arguments");
    return group;
}
}  // namespace

EncodingBrowser::EncodingBrowser(const Catalog& catalog, QWidget* parent)
    : QWidget(parent), m_catalog(catalog) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    m_search = new QLineEdit(this);
    m_search->setClearButtonEnabled(true);
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(false);
    m_tree->setIndentation(14);
    v->addWidget(m_search);
    v->addWidget(m_tree, 1);
    // Set here too: in English no translator is installed, so no LanguageChange may come.
    m_search->setPlaceholderText(tr("Search: name or topic (Ctrl+F)"));
    connect(m_search, &QLineEdit::textChanged, this, &EncodingBrowser::filter);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (!item) return;
        const QString id = item->data(0, Qt::UserRole).toString();
        if (!id.isEmpty()) emit pageSelected(id);
    });
    rebuild();
}

void EncodingBrowser::rebuild() {
    const QString current = currentPage();
    const QSignalBlocker block(m_tree);
    m_tree->clear();
    // Encodings of the argument family that an argument page already shows are not repeated.
    QSet<QString> shownByArguments;
    for (const auto& p : m_catalog.pages())
        if (p.id.startsWith("arg/")) shownByArguments.insert(p.encoding);
    for (const QString& group : m_catalog.groupOrder()) {
        auto* header = new QTreeWidgetItem(m_tree, {groupTitle(group)});
        header->setFlags(Qt::ItemIsEnabled);
        QFont f = header->font(0);
        f.setBold(true);
        header->setFont(0, f);
        for (const auto& p : m_catalog.pages()) {
            if (p.group != group) continue;
            if (group == "argument" && !p.id.startsWith("arg/") && shownByArguments.contains(p.id))
                continue;
            auto* item = new QTreeWidgetItem(header, {m_titles.value(p.id, p.title).text()});
            item->setData(0, Qt::UserRole, p.id);
            item->setToolTip(0, math::plainOf(p.text.text()));
        }
        if (header->childCount() == 0) delete header;
    }
    // Not an encoding: a model's config.json on the Model page (issue 11), shown by the window.
    auto* models = new QTreeWidgetItem(m_tree, {tr("Models")});
    models->setFlags(Qt::ItemIsEnabled);
    QFont bold = models->font(0);
    bold.setBold(true);
    models->setFont(0, bold);
    auto* model = new QTreeWidgetItem(models, {tr("Model config")});
    model->setData(0, Qt::UserRole, QStringLiteral("model"));
    model->setToolTip(0, tr("A model's config.json: its layers, frequencies and context"));
    // Not an encoding either: the Training lab (issue 27), tiny Transformers trained live.
    auto* lab =
        new QTreeWidgetItem(m_tree, {pick(QStringLiteral("Training"), QString::fromUtf8("训练"))});
    lab->setFlags(Qt::ItemIsEnabled);
    lab->setFont(0, bold);
    auto* train = new QTreeWidgetItem(
        lab, {pick(QStringLiteral("Training lab"), QString::fromUtf8("训练实验室"))});
    train->setData(0, Qt::UserRole, QStringLiteral("train"));
    train->setToolTip(
        0,
        pick(QStringLiteral("Train tiny Transformers with each encoding and see "
                            "which one extrapolates to longer sequences"),
             QString::fromUtf8("用每种位置编码训练小型 Transformer，看哪一种能外推到更长的序列")));
    m_tree->expandAll();
    if (!current.isEmpty()) setCurrentPage(current);
    filter(m_search->text());
}

void EncodingBrowser::filter(const QString& text) {
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        auto* header = m_tree->topLevelItem(g);
        bool any = false;
        for (int i = 0; i < header->childCount(); ++i) {
            auto* item = header->child(i);
            // A catalog page by what it is about (page_search.h); the Model item by its texts.
            const QString id = item->data(0, Qt::UserRole).toString();
            const PageSpec* page = m_catalog.find(id);
            const bool match =
                page ? pageMatches(*page, text)
                     : normalizeSearch(item->text(0) + ' ' + item->toolTip(0) + ' ' + id)
                           .contains(normalizeSearch(text));
            item->setHidden(!match);
            any = any || match;
        }
        header->setHidden(!any);
    }
}

void EncodingBrowser::setCurrentPage(const QString& pageId) {
    QTreeWidgetItem* found = nullptr;
    for (int g = 0; g < m_tree->topLevelItemCount() && !found; ++g) {
        auto* header = m_tree->topLevelItem(g);
        for (int i = 0; i < header->childCount() && !found; ++i)
            if (header->child(i)->data(0, Qt::UserRole).toString() == pageId)
                found = header->child(i);
    }
    // A page the tree does not list (an encoding its argument page shows) leaves no other page
    // marked as the one shown.
    const QSignalBlocker block(m_tree);
    m_tree->setCurrentItem(found);
}

QString EncodingBrowser::currentPage() const {
    auto* item = m_tree->currentItem();
    return item ? item->data(0, Qt::UserRole).toString() : QString();
}

void EncodingBrowser::focusSearch() {
    m_search->setFocus();
    m_search->selectAll();
}

void EncodingBrowser::changeEvent(QEvent* e) {
    if (e->type() == QEvent::LanguageChange) {
        m_search->setPlaceholderText(tr("Search: name or topic (Ctrl+F)"));
        rebuild();
    }
    QWidget::changeEvent(e);
}

void EncodingBrowser::setPageTitle(const QString& pageId, const LocalText& title) {
    const PageSpec* page = m_catalog.find(pageId);
    if (!page) return;
    if (title.en == page->title.en && title.zh == page->title.zh)
        m_titles.remove(pageId);
    else
        m_titles.insert(pageId, title);
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g)
        for (int i = 0; i < m_tree->topLevelItem(g)->childCount(); ++i) {
            QTreeWidgetItem* item = m_tree->topLevelItem(g)->child(i);
            if (item->data(0, Qt::UserRole).toString() == pageId) item->setText(0, title.text());
        }
}

}  // namespace poslab::ui
