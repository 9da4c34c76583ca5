// The encoding browser: pages grouped as Absolute, Rotary, Relative and bias, Other and Arguments,
// with a search field (Ctrl+F focuses it).
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace poslab::ui {

class Catalog;

class EncodingBrowser : public QWidget {
    Q_OBJECT
public:
    explicit EncodingBrowser(const Catalog& catalog, QWidget* parent = nullptr);
    void setCurrentPage(const QString& pageId);
    QString currentPage() const;
    void focusSearch();
    QTreeWidget* tree() const { return m_tree; }

signals:
    void pageSelected(const QString& pageId);

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void filter(const QString& text);

    const Catalog& m_catalog;
    QLineEdit* m_search;
    QTreeWidget* m_tree;
};

}  // namespace poslab::ui
