// The explanation of the current view: its formula and a few sentences, in the current language.
#pragma once

#include <QWidget>

QT_BEGIN_NAMESPACE
class QTextBrowser;
QT_END_NAMESPACE

namespace poslab::ui {

struct ViewSpec;
struct PageSpec;

class ExplanationPanel : public QWidget {
    Q_OBJECT
public:
    explicit ExplanationPanel(QWidget* parent = nullptr);
    // Shows the view's explanation, or the page's when view is null (the Overview).
    void showFor(const PageSpec* page, const ViewSpec* view);
    QString plainText() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void refresh();
    const PageSpec* m_page = nullptr;
    const ViewSpec* m_view = nullptr;
    QTextBrowser* m_text;
};

}  // namespace poslab::ui
