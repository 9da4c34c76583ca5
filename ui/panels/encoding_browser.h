// The encoding browser: pages grouped as Absolute, Rotary, Relative and bias, Other and Arguments,
// with a search field (Ctrl+F focuses it).
#pragma once

#include <QHash>
#include <QWidget>

#include "ui/catalog/view_spec.h"

QT_BEGIN_NAMESPACE
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace poslab::ui {

class EncodingBrowser : public QWidget {
    Q_OBJECT
public:
    explicit EncodingBrowser(const Catalog& catalog, QWidget* parent = nullptr);
    void setCurrentPage(const QString& pageId);
    QString currentPage() const;
    void focusSearch();
    QTreeWidget* tree() const { return m_tree; }
    // The entry of a page under the name its parameters make (page_title.h: "RoPE (p-RoPE,
    // p = 0.25)"); the catalogue's title when it is the page's own.
    void setPageTitle(const QString& pageId, const LocalText& title);

signals:
    void pageSelected(const QString& pageId);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void filter(const QString& text);

    const Catalog& m_catalog;
    QHash<QString, LocalText> m_titles;  // set by setPageTitle, kept through rebuilds
    QLineEdit* m_search;
    QTreeWidget* m_tree;
};

}  // namespace poslab::ui
