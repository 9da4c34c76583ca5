#include "ui/shell/help_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace poslab::ui {

namespace {

QString keyText(const QKeySequence& k) {
    return k.toString(QKeySequence::NativeText);
}

QString keysOf(const QAction* a) {
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) keys << keyText(k);
    return keys.join(QStringLiteral(", "));
}

// The keys of the window's action named `objectName`, or `fallback` when it has none.
QString keysNamed(const QMainWindow* window, const char* objectName, const QKeySequence& fallback) {
    const auto* a = window->findChild<QAction*>(QLatin1String(objectName));
    return a && !a->shortcut().isEmpty() ? keysOf(a) : keyText(fallback);
}

bool isWindowShortcut(const QAction* a) {
    return !a->shortcuts().isEmpty() && a->shortcutContext() != Qt::WidgetShortcut;
}

void collectMenu(const QMenu* menu, const QString& section, QVector<ShortcutRow>& rows,
                 QSet<const QAction*>& seen) {
    for (const QAction* a : menu->actions()) {
        if (const QMenu* sub = a->menu()) {
            collectMenu(sub, section, rows, seen);
            continue;
        }
        if (!isWindowShortcut(a) || seen.contains(a)) continue;
        seen.insert(a);
        rows.push_back({section, withoutMnemonic(a->text()), keysOf(a), a});
    }
}

// Mouse gestures of the figures and the lesson player's keys (LessonPlayer::keyAction).
void addGesturesAndLessonKeys(QVector<ShortcutRow>& rows) {
    const QString figure = HelpDialog::tr("In a figure");
    rows.push_back({figure, HelpDialog::tr("Zoom in or out around the cursor"),
                    HelpDialog::tr("Mouse wheel")});
    rows.push_back({figure, HelpDialog::tr("Move the zoomed figure"), HelpDialog::tr("Drag")});
    rows.push_back(
        {figure, HelpDialog::tr("Show the whole figure again"), HelpDialog::tr("Double-click")});
    rows.push_back(
        {figure, HelpDialog::tr("Read the value under the cursor"), HelpDialog::tr("Hover")});
    const QString lesson = HelpDialog::tr("During a lesson");
    auto keys = [](std::initializer_list<Qt::Key> ks, const QString& more) {
        QStringList out;
        for (Qt::Key k : ks) out << keyText(QKeySequence(k));
        if (!more.isEmpty()) out.insert(1, more);
        return out.join(QStringLiteral(", "));
    };
    rows.push_back({lesson, HelpDialog::tr("Next step"),
                    keys({Qt::Key_PageDown, Qt::Key_Space}, QStringLiteral("→, ↓"))});
    rows.push_back(
        {lesson, HelpDialog::tr("Previous step"), keys({Qt::Key_PageUp}, QStringLiteral("←, ↑"))});
    rows.push_back({lesson, HelpDialog::tr("First step, last step"),
                    keys({Qt::Key_Home, Qt::Key_End}, QString())});
    rows.push_back(
        {lesson, HelpDialog::tr("Leave presentation mode"), keys({Qt::Key_Escape}, QString())});
}

}  // namespace

QString withoutMnemonic(QString text) {
    static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&[^&)]\\)"));
    static const QRegularExpression mnemonic(QStringLiteral("&(?!&)"));
    text.remove(cjkMnemonic);
    text.remove(mnemonic);
    return text.replace(QStringLiteral("&&"), QStringLiteral("&")).trimmed();
}

QVector<ShortcutRow> shortcutRows(const QMainWindow* window) {
    QVector<ShortcutRow> rows;
    QSet<const QAction*> seen;
    for (const QAction* top : window->menuBar()->actions())
        if (const QMenu* menu = top->menu())
            collectMenu(menu, withoutMnemonic(menu->title()), rows, seen);
    // Actions of the window that no menu shows (Ctrl+1..9), and any that a helper object owns.
    for (const QAction* a : window->findChildren<QAction*>()) {
        if (!isWindowShortcut(a) || seen.contains(a)) continue;
        seen.insert(a);
        rows.push_back({HelpDialog::tr("Window"), withoutMnemonic(a->text()), keysOf(a), a});
    }
    addGesturesAndLessonKeys(rows);
    return rows;
}

HelpDialog::HelpDialog(QMainWindow* window) : QDialog(window), m_window(window) {
    setObjectName(QStringLiteral("helpDialog"));
    auto* layout = new QVBoxLayout(this);
    m_tabs = new QTabWidget(this);
    m_table = new QTableWidget(0, 2, m_tabs);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_quickStart = new QTextBrowser(m_tabs);
    m_quickStart->setOpenLinks(false);
    m_tabs->addTab(m_table, QString());
    m_tabs->addTab(m_quickStart, QString());
    layout->addWidget(m_tabs);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_close = buttons->button(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Comfortable on a desktop, and within a 1280 x 720 projector (the table scrolls there).
    const QRect avail =
        window->screen() ? window->screen()->availableGeometry() : QRect(0, 0, 1280, 720);
    resize(std::min(760, avail.width() * 9 / 10), std::min(680, avail.height() * 9 / 10));
    rebuild();
}

void HelpDialog::showTopic(HelpTopic topic) {
    m_tabs->setCurrentIndex(topic == HelpTopic::Shortcuts ? 0 : 1);
}

void HelpDialog::changeEvent(QEvent* e) {
    // The window renames its actions after this event reaches the widgets: read them after.
    if (e->type() == QEvent::LanguageChange)
        QMetaObject::invokeMethod(this, &HelpDialog::rebuild, Qt::QueuedConnection);
    QDialog::changeEvent(e);
}

void HelpDialog::rebuild() {
    setWindowTitle(tr("PosLab Help"));
    m_tabs->setTabText(0, tr("Keyboard shortcuts"));
    m_tabs->setTabText(1, tr("Quick start"));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Command")});
    m_close->setText(tr("Close"));  // Qt's own translation of the button is not installed
    fillTable();
    // Read from the back of a room: the steps a little larger than the interface.
    QFont larger = font();
    larger.setPointSizeF(larger.pointSizeF() * 1.2);
    m_quickStart->document()->setDefaultFont(larger);
    m_quickStart->setHtml(quickStartHtml());
}

void HelpDialog::fillTable() {
    const QVector<ShortcutRow> rows = shortcutRows(m_window);
    m_table->clearSpans();
    m_table->setRowCount(0);
    QString section;
    for (const ShortcutRow& r : rows) {
        const int row = m_table->rowCount();
        if (r.section != section) {
            // A section heading across both columns: the menu the commands below sit in.
            section = r.section;
            m_table->insertRow(row);
            auto* head = new QTableWidgetItem(section);
            QFont bold = head->font();
            bold.setBold(true);
            head->setFont(bold);
            m_table->setItem(row, 0, head);
            m_table->setSpan(row, 0, 1, 2);
        }
        const int at = m_table->rowCount();
        m_table->insertRow(at);
        m_table->setItem(at, 0, new QTableWidgetItem(r.keys));
        m_table->setItem(at, 1, new QTableWidgetItem(r.command));
    }
}

QString HelpDialog::quickStartHtml() const {
    const QString find = keyText(QKeySequence(QKeySequence::Find));
    const QString undo = keyText(QKeySequence(QKeySequence::Undo));
    const QString steps[] = {
        tr("<b>Pick an encoding</b> in the list on the left. Its search (%1) finds pages by "
           "name and by topic: try \"decay\", \"bias\" or \"rotation\".")
            .arg(find),
        tr("<b>Drag a parameter</b> in the panel on the right: the figures follow the slider. "
           "Type an exact value and press Enter; the arrow beside a field resets it, %1 undoes.")
            .arg(undo),
        tr("<b>Switch views</b> with the tabs above the figures (%1 to %2); Overview shows "
           "several at once. Hover a figure to read a value, turn the wheel to zoom, drag to "
           "move, double-click to see it whole.")
            .arg(keysNamed(m_window, "showTab1", QKeySequence(QStringLiteral("Ctrl+1"))),
                 keysNamed(m_window, "showTab9", QKeySequence(QStringLiteral("Ctrl+9")))),
        tr("<b>Compare</b>: the Compare tab puts A, the panel's values, beside B, which changes "
           "one parameter, and shows their difference."),
        tr("<b>Follow a lesson</b> from the Lessons menu: Page Down or → steps through it, %1 "
           "presents it full screen and Escape leaves.")
            .arg(keysNamed(m_window, "presentationAction", QKeySequence(Qt::Key_F11))),
        tr("<b>Export</b>: %1 saves the current view as a PDF, SVG or PNG figure for slides, %2 "
           "copies it to the clipboard.")
            .arg(keysNamed(m_window, "exportFigureAction", QKeySequence(QStringLiteral("Ctrl+E"))),
                 keysNamed(m_window, "copyFigureAction",
                           QKeySequence(QStringLiteral("Ctrl+Shift+C")))),
    };
    QString html = QStringLiteral("<h2>%1</h2><ol>").arg(tr("PosLab in six steps"));
    for (const QString& s : steps)
        html += QStringLiteral("<li style=\"margin-bottom:8px\">%1</li>").arg(s);
    html += QStringLiteral("</ol><p>%1</p>")
                .arg(tr("Every key is listed under Help › Keyboard shortcuts (%1).")
                         .arg(keysNamed(m_window, "keyboardShortcutsAction",
                                        QKeySequence(QKeySequence::HelpContents))));
    return html;
}

namespace {

// The two Help entries, renamed on a language change and showing one dialog at a time.
class HelpActions : public QObject {
public:
    HelpActions(QMenu* menu, QMainWindow* window) : QObject(window), m_window(window) {
        m_shortcuts = new QAction(window);
        m_shortcuts->setObjectName(QStringLiteral("keyboardShortcutsAction"));
        m_shortcuts->setShortcut(QKeySequence::HelpContents);
        m_quickStart = new QAction(window);
        m_quickStart->setObjectName(QStringLiteral("quickStartAction"));
        connect(m_shortcuts, &QAction::triggered, this, [this] { show(HelpTopic::Shortcuts); });
        connect(m_quickStart, &QAction::triggered, this, [this] { show(HelpTopic::QuickStart); });
        menu->addAction(m_shortcuts);
        menu->addAction(m_quickStart);
        menu->addSeparator();
        window->addAction(m_shortcuts);
        window->installEventFilter(this);
        retranslate();
    }

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == m_window && event->type() == QEvent::LanguageChange) retranslate();
        return QObject::eventFilter(watched, event);
    }

private:
    void retranslate() {
        m_shortcuts->setText(HelpDialog::tr("&Keyboard shortcuts"));
        m_quickStart->setText(HelpDialog::tr("&Quick start"));
    }

    void show(HelpTopic topic) {
        if (!m_dialog) {
            m_dialog = new HelpDialog(m_window);
            m_dialog->setAttribute(Qt::WA_DeleteOnClose);
        }
        m_dialog->showTopic(topic);
        m_dialog->show();
        m_dialog->raise();
        m_dialog->activateWindow();
    }

    QMainWindow* m_window;
    QAction* m_shortcuts;
    QAction* m_quickStart;
    QPointer<HelpDialog> m_dialog;
};

}  // namespace

void addHelpActions(QMenu* menu, QMainWindow* window) {
    new HelpActions(menu, window);
}

}  // namespace poslab::ui
