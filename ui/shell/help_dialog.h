// Help > Keyboard shortcuts and Help > Quick start (issue 13). The shortcut table is generated
// from the window's actions each time it is built: every QAction under the window with a
// shortcut, under the menu it sits in, with its text and keys as the platform writes them; a
// new or changed shortcut shows up without touching this file. The figures' mouse gestures and
// the lesson keys are event handlers, not actions: they follow as rows of their own.
#pragma once

#include <QDialog>
#include <QString>
#include <QVector>

QT_BEGIN_NAMESPACE
class QAction;
class QMainWindow;
class QMenu;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QTextBrowser;
QT_END_NAMESPACE

namespace poslab::ui {

enum class HelpTopic { Shortcuts, QuickStart };

// One line of the shortcut table: the menu (or "Window"), the command, its keys.
struct ShortcutRow {
    QString section, command, keys;
    const QAction* action = nullptr;  // null for a gesture or a lesson key
};

// The window's actions that have a shortcut, in menu order (menus of the menu bar, then the
// window's other actions), followed by the gestures and lesson keys. An action with only a
// widget-local shortcut (Qt::WidgetShortcut) is not a window shortcut and is left out.
QVector<ShortcutRow> shortcutRows(const QMainWindow* window);

// A menu text without its mnemonic: "&Save Session" -> "Save Session", "文件(&F)" -> "文件".
QString withoutMnemonic(QString text);

class HelpDialog : public QDialog {
    Q_OBJECT
public:
    explicit HelpDialog(QMainWindow* window);
    void showTopic(HelpTopic topic);
    QTabWidget* tabs() const { return m_tabs; }
    QTableWidget* shortcutTable() const { return m_table; }
    QTextBrowser* quickStart() const { return m_quickStart; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();
    void fillTable();
    QString quickStartHtml() const;

    QMainWindow* m_window;
    QTabWidget* m_tabs;
    QTableWidget* m_table;
    QTextBrowser* m_quickStart;
    QPushButton* m_close;
};

// Adds "Keyboard shortcuts" (F1) and "Quick start" to `menu`, then a separator. They are also
// actions of the window, so that F1 works in presentation mode, which hides the menu bar; their
// texts follow the language. Object names: "keyboardShortcutsAction", "quickStartAction".
void addHelpActions(QMenu* menu, QMainWindow* window);

}  // namespace poslab::ui
