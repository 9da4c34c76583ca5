// The classroom demo (issue 13 item 4): the encoding browser finds pages by what they are about,
// in English and Chinese; a first start on a Chinese system opens in Chinese (a saved choice and
// POSLAB_LANG still win); Help lists every shortcut of the window and a quick start.
#include <QComboBox>
#include <QLineEdit>
#include <QMenuBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/ui_test_util.h"
#include "ui/catalog/page_search.h"
#include "ui/catalog/view_spec.h"
#include "ui/panels/encoding_browser.h"
#include "ui/shell/help_dialog.h"
#include "ui/views/page_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

using test::hasCjk;

// The page ids the browser shows for `query`.
QStringList visiblePages(EncodingBrowser& browser, const QString& query) {
    auto* search = browser.findChild<QLineEdit*>();
    search->setText(query);
    QStringList out;
    QTreeWidget* tree = browser.tree();
    for (int g = 0; g < tree->topLevelItemCount(); ++g) {
        auto* header = tree->topLevelItem(g);
        for (int i = 0; i < header->childCount(); ++i)
            if (!header->isHidden() && !header->child(i)->isHidden())
                out << header->child(i)->data(0, Qt::UserRole).toString();
    }
    return out;
}

// The locale variables of a row, set for the row's duration and restored after.
const char* const kLocaleVars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "POSLAB_LANG"};

class LocaleEnv {
public:
    explicit LocaleEnv(const QStringList& values) {
        for (int i = 0; i < 5; ++i) {
            const char* name = kLocaleVars[i];
            m_old << (qEnvironmentVariableIsSet(name) ? qgetenv(name) : QByteArray());
            m_had << qEnvironmentVariableIsSet(name);
            set(name, values.value(i));
        }
    }
    ~LocaleEnv() {
        for (int i = 0; i < 5; ++i)
            if (m_had[i])
                qputenv(kLocaleVars[i], m_old[i]);
            else
                qunsetenv(kLocaleVars[i]);
    }

private:
    static void set(const char* name, const QString& value) {
        if (value.isEmpty())
            qunsetenv(name);
        else
            qputenv(name, value.toUtf8());
    }
    QList<QByteArray> m_old;
    QList<bool> m_had;
};

// The shortcut table's rows as (keys, command).
QList<QPair<QString, QString>> tableRows(const QTableWidget* t) {
    QList<QPair<QString, QString>> out;
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 1))
            out << qMakePair(t->item(r, 0)->text(), t->item(r, 1)->text());
    return out;
}

HelpDialog* openHelp(MainWindow& w, const char* action) {
    auto* a = w.findChild<QAction*>(QLatin1String(action));
    if (!a) return nullptr;
    a->trigger();
    auto* dialog = w.findChild<HelpDialog*>();
    return dialog && dialog->isVisible() ? dialog : nullptr;
}

}  // namespace

class TestClassroom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // Settings of this test only: the window with persist on reads and writes them.
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
        setUpApplication();
    }
    void cleanup() { applyLanguage(Lang::En); }

    // ---- compare set-up ----------------------------------------------------------------------
    // Whatever parameter B changes, the value proposed for it is allowed and differs from A's
    // (GUI review 5c: switching "B changes" to scaling kept 500000).
    void compareValueDiffersFromA_data() {
        QTest::addColumn<QString>("encoding");
        for (const auto& e : core::registry().encodings())
            QTest::newRow(e.id.c_str()) << QString::fromStdString(e.id);
    }
    void compareValueDiffersFromA() {
        QFETCH(QString, encoding);
        const auto* enc = core::registry().find(encoding.toStdString());
        QVERIFY(enc);
        for (const auto& spec : enc->params) {
            if (spec.type == core::ParamType::Path || spec.type == core::ParamType::RealList ||
                spec.type == core::ParamType::Text)
                continue;  // B names its own file or types its own text
            if (spec.type == core::ParamType::Enum && spec.choices.size() < 2) continue;
            const QString b = compareValueFor(spec, spec.defaultValue);
            const QByteArray what = (QString::fromStdString(spec.name) + " = " + b).toUtf8();
            QVERIFY2(!b.isEmpty(), what.constData());
            auto parsed = spec.parse(b.toStdString());
            QVERIFY2(parsed, what.constData());
            QVERIFY2(spec.check(*parsed), what.constData());
            QVERIFY2(!(*parsed == spec.defaultValue), what.constData());
        }
    }

    // The compare controls speak words (quantity titles, parameter labels, choice words) and
    // offer a list for a choice parameter; choosing it gives B a value of its own kind.
    void compareControlsInWords_data() {
        QTest::addColumn<bool>("chinese");
        QTest::newRow("en") << false;
        QTest::newRow("zh") << true;
    }
    void compareControlsInWords() {
        QFETCH(bool, chinese);
        MainWindow w(test::noSettings());
        w.resize(1400, 900);
        w.show();
        if (chinese) w.setLanguage(Lang::Zh);
        const PageSpec* page = w.page()->page();
        QVERIFY(page);
        int tab = -1;
        for (int i = 0; i < page->views.size(); ++i)
            if (page->views[i].kind == ViewKind::Compare) tab = i + 1;
        QVERIFY(tab > 0);
        w.page()->setCurrentTab(tab);
        QVERIFY(test::waitIdle(w));
        ViewWidget* view = w.page()->viewsOfTab(tab).value(0);
        QVERIFY(view);
        const auto combos = view->findChildren<QComboBox*>();
        QComboBox* params = nullptr;
        for (QComboBox* c : combos)
            if (c->findData(QStringLiteral("scaling")) >= 0) params = c;
        QVERIFY(params);
        const int scaling = params->findData(QStringLiteral("scaling"));
        QVERIFY(params->itemText(scaling) != QStringLiteral("scaling"));
        QCOMPARE(test::hasCjk(params->itemText(scaling)), chinese);
        params->setCurrentIndex(scaling);
        QCOMPARE(view->state().cmpParam, QStringLiteral("scaling"));
        const auto* rope = core::registry().find("rope");
        const auto* spec = rope->findParam("scaling");
        QVERIFY(std::find(spec->choices.begin(), spec->choices.end(),
                          view->state().cmpValue.toStdString()) != spec->choices.end());
        QVERIFY(view->state().cmpValue !=
                QString::fromStdString(w.page()->params().text("scaling")));
        // A list of the choices is shown in place of the typed field.
        QComboBox* choice = nullptr;
        for (QComboBox* c : view->findChildren<QComboBox*>())
            if (c->isVisible() && c->findData(QStringLiteral("yarn")) >= 0 && c != params)
                choice = c;
        QVERIFY(choice);
        QCOMPARE(choice->currentData().toString(), view->state().cmpValue);
        QVERIFY(test::waitIdle(w));
    }

    // Panels take the grid that makes them largest (GUI review 5b: compare heatmaps filled only
    // the top third of the page): a row when the view is wide, more rows when it is tall.
    void heatmapGridFitsTheSpace_data() {
        QTest::addColumn<int>("count");
        QTest::addColumn<QSizeF>("box");
        QTest::addColumn<int>("columns");
        QTest::newRow("one panel") << 1 << QSizeF(800, 600) << 1;
        QTest::newRow("compare, wide strip") << 3 << QSizeF(1600, 450) << 3;
        QTest::newRow("compare, a 4:3 page") << 3 << QSizeF(800, 470) << 2;
        QTest::newRow("compare, tall") << 3 << QSizeF(500, 1200) << 1;
        QTest::newRow("8 heads, wide") << 8 << QSizeF(1800, 500) << 4;
    }
    void heatmapGridFitsTheSpace() {
        QFETCH(int, count);
        QFETCH(QSizeF, box);
        QFETCH(int, columns);
        QCOMPARE(heatmapColumns(count, box), columns);
        // No other column count gives a larger panel.
        auto side = [&](int c) {
            const int r = (count + c - 1) / c;
            return std::min(box.width() / c - 110, box.height() / r - 60);
        };
        for (int c = 1; c <= count; ++c) QVERIFY(side(c) <= side(columns) + 0.5);
    }

    // ---- search by topic -------------------------------------------------------------------

    void searchFindsTopics_data() {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QStringList>("present");
        QTest::addColumn<QStringList>("absent");
        auto row = [](const char* name, const QString& q, const QStringList& in,
                      const QStringList& out) { QTest::newRow(name) << q << in << out; };
        row("decay", "decay", {"rope", "xpos", "arg/decay"}, {"learned", "shaw", "t5"});
        row("bias", "bias", {"alibi", "t5", "shaw", "t5_2d", "deberta", "transformer_xl"},
            {"rope", "sinusoidal", "learned"});
        row("rotation", "rotation", {"rope", "xpos"}, {"alibi", "learned", "t5"});
        row("rotary", "Rotary", {"rope", "xpos"}, {"sinusoidal", "alibi"});
        row("extrapolation", "extrapolation", {"alibi", "xpos", "rope"},
            {"learned", "sinusoidal", "shaw"});
        row("long context (two words)", "long context", {"rope", "alibi", "xpos"},
            {"learned", "cnn_padding", "shaw"});
        row("long-context (hyphen)", "Long-Context", {"rope", "alibi"}, {"learned"});
        row("zh decay", QString::fromUtf8("衰减"), {"rope", "xpos", "arg/decay"},
            {"learned", "shaw"});
        row("zh bias", QString::fromUtf8("偏置"), {"alibi", "t5", "shaw"},
            {"rope", "sinusoidal", "learned"});
        row("zh rotation", QString::fromUtf8("旋转"), {"rope", "xpos"}, {"alibi", "learned"});
        row("zh extrapolation", QString::fromUtf8("外推"), {"alibi", "xpos"},
            {"learned", "sinusoidal"});
        row("zh long context", QString::fromUtf8("长上下文"), {"rope", "alibi"}, {"learned"});
        row("title", "ALiBi", {"alibi"}, {"rope", "t5"});
        row("id", "t5_2d", {"t5_2d"}, {"t5", "alibi"});
        row("view title", "trajectory", {"floater"}, {"rope", "learned"});
        row("explanation", "box filters", {"cnn_padding"}, {"rope", "sinusoidal"});
        row("model (no page)", "config.json", {"model"}, {"rope"});
        row("nothing", "no such topic here", {}, {"rope", "alibi", "model"});
    }
    // Whatever the interface language: a Chinese teacher may type "RoPE", an English one 衰减.
    void searchFindsTopics() {
        QFETCH(QString, query);
        QFETCH(QStringList, present);
        QFETCH(QStringList, absent);
        for (Lang lang : {Lang::En, Lang::Zh}) {
            applyLanguage(lang);
            EncodingBrowser browser(Catalog::instance());
            const QStringList shown = visiblePages(browser, query);
            for (const QString& id : present)
                QVERIFY2(shown.contains(id), qPrintable(id + " missing: " + shown.join(' ')));
            for (const QString& id : absent)
                QVERIFY2(!shown.contains(id), qPrintable(id + " shown: " + shown.join(' ')));
            // Clearing the search shows every page again.
            QVERIFY(visiblePages(browser, QString()).size() > shown.size());
        }
    }

    // The browser marks the page shown, or none where it does not list it (the bilinear encoding
    // page, listed through its argument page): never the page shown before.
    void browserMarksShownPage() {
        applyLanguage(Lang::En);
        MainWindow w(test::noSettings());
        for (const PageSpec& page : Catalog::instance().pages()) {
            w.openPage(QStringLiteral("rope"));
            QCOMPARE(w.browser()->currentPage(), QStringLiteral("rope"));
            w.openPage(page.id);
            const QString marked = w.browser()->currentPage();
            QVERIFY2(marked == page.id || marked.isEmpty(), qPrintable(page.id + ": " + marked));
            QCOMPARE(marked.isEmpty(), !visiblePages(*w.browser(), QString()).contains(page.id));
        }
    }

    // Every page the browser lists says what it is about in both languages, and the placeholder
    // tells that topics work, on a first start in English as well.
    void everyPageHasKeywords() {
        applyLanguage(Lang::En);
        EncodingBrowser browser(Catalog::instance());
        QVERIFY(browser.findChild<QLineEdit*>()->placeholderText().contains("topic"));
        const QStringList ids = visiblePages(browser, QString());
        QVERIFY(ids.size() > 15);
        // The Training lab is no catalog page: it is found by the words of its entry.
        QVERIFY(ids.contains(QStringLiteral("train")));
        QVERIFY(visiblePages(browser, QStringLiteral("extrapolates")).contains("train"));
        applyLanguage(Lang::Zh);
        EncodingBrowser zh(Catalog::instance());
        QVERIFY(visiblePages(zh, QString::fromUtf8("外推")).contains("train"));
        applyLanguage(Lang::En);
        for (const QString& id : ids) {
            if (id == QLatin1String("model") || id == QLatin1String("train")) continue;
            const PageSpec* page = Catalog::instance().find(id);
            QVERIFY2(page, qPrintable(id));
            const QString all = page->keywords.join(' ');
            QVERIFY2(page->keywords.size() >= 4 && hasCjk(all), qPrintable(id + ": " + all));
            QVERIFY2(std::any_of(page->keywords.begin(), page->keywords.end(),
                                 [](const QString& k) { return !hasCjk(k); }),
                     qPrintable(id));
        }
    }

    // ---- language at start -----------------------------------------------------------------

    void startLanguage_data() {
        QTest::addColumn<QStringList>("env");  // LANGUAGE, LC_ALL, LC_MESSAGES, LANG, POSLAB_LANG
        QTest::addColumn<QString>("saved");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("LANG zh, nothing saved")
            << QStringList{"", "", "", "zh_CN.UTF-8", ""} << "" << true;
        QTest::newRow("LANG zh_TW") << QStringList{"", "", "", "zh_TW.UTF-8", ""} << "" << true;
        QTest::newRow("LANG en, nothing saved")
            << QStringList{"", "", "", "en_US.UTF-8", ""} << "" << false;
        QTest::newRow("LANG C") << QStringList{"", "", "", "C.UTF-8", ""} << "" << false;
        QTest::newRow("saved en beats LANG zh")
            << QStringList{"", "", "", "zh_CN.UTF-8", ""} << "en" << false;
        QTest::newRow("saved zh beats LANG en")
            << QStringList{"", "", "", "en_US.UTF-8", ""} << "zh_CN" << true;
        QTest::newRow("LC_ALL en beats LANG zh")
            << QStringList{"", "en_GB.UTF-8", "", "zh_CN.UTF-8", ""} << "" << false;
        QTest::newRow("LC_MESSAGES zh beats LANG en")
            << QStringList{"", "", "zh_CN.UTF-8", "en_US.UTF-8", ""} << "" << true;
        QTest::newRow("LANGUAGE zh:en beats LANG en")
            << QStringList{"zh_CN:en", "", "", "en_US.UTF-8", ""} << "" << true;
        QTest::newRow("LANGUAGE ignored in the C locale")
            << QStringList{"zh_CN", "", "", "C", ""} << "" << false;
        QTest::newRow("POSLAB_LANG zh beats saved en")
            << QStringList{"", "", "", "en_US.UTF-8", "zh"} << "en" << true;
        QTest::newRow("POSLAB_LANG en beats LANG zh")
            << QStringList{"", "", "", "zh_CN.UTF-8", "en"} << "" << false;
    }
    void startLanguage() {
        QFETCH(QStringList, env);
        QFETCH(QString, saved);
        QFETCH(bool, chinese);
        const LocaleEnv scope(env);
        QCOMPARE(ui::startLanguage(saved) == Lang::Zh, chinese);
    }

    // A real first start: a window that keeps settings, with none saved yet.
    void windowStartsInSystemLanguage_data() {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("saved");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("zh system, first start") << "zh_CN.UTF-8"
                                                << "" << true;
        QTest::newRow("zh system, saved en") << "zh_CN.UTF-8"
                                             << "en" << false;
        QTest::newRow("en system, first start") << "en_US.UTF-8"
                                                << "" << false;
    }
    void windowStartsInSystemLanguage() {
        QFETCH(QString, lang);
        QFETCH(QString, saved);
        QFETCH(bool, chinese);
        const LocaleEnv scope({"", "", "", lang, ""});
        QSettings().clear();
        if (!saved.isEmpty()) QSettings().setValue("language", saved);
        QSettings().sync();
        MainWindowOptions o;
        o.persist = true;
        o.autosaveDir = m_dir.filePath(QStringLiteral("recovery-%1").arg(QTest::currentDataTag()));
        MainWindow w(o);
        QCOMPARE(currentLanguage() == Lang::Zh, chinese);
        const QString file = w.menuBar()->actions().first()->text();
        QCOMPARE(file, chinese ? QString::fromUtf8("文件(&F)") : QStringLiteral("&File"));
        QCOMPARE(hasCjk(w.browser()->findChild<QLineEdit*>()->placeholderText()), chinese);
    }

    // ---- help ------------------------------------------------------------------------------

    void shortcutsListEveryAction_data() {
        QTest::addColumn<bool>("chinese");
        QTest::newRow("en") << false;
        QTest::newRow("zh") << true;
    }
    void shortcutsListEveryAction() {
        QFETCH(bool, chinese);
        MainWindow w(test::noSettings());
        w.setLanguage(chinese ? Lang::Zh : Lang::En);
        // An action added after the menus were built: the table is read from the actions.
        auto* probe = new QAction(QStringLiteral("Probe action"), &w);
        probe->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+Shift+K")));
        w.addAction(probe);
        w.show();
        HelpDialog* dialog = openHelp(w, "keyboardShortcutsAction");
        QVERIFY(dialog);
        QCOMPARE(dialog->tabs()->currentIndex(), 0);
        const auto rows = tableRows(dialog->shortcutTable());
        int checked = 0;
        for (const QAction* a : w.findChildren<QAction*>()) {
            if (a->shortcuts().isEmpty() || a->shortcutContext() == Qt::WidgetShortcut) continue;
            const QString command = withoutMnemonic(a->text());
            QVERIFY2(!command.isEmpty(), qPrintable(a->shortcut().toString() + " has no text"));
            bool found = false;
            for (const auto& [keys, text] : rows)
                if (text == command) {
                    found = true;
                    for (const QKeySequence& k : a->shortcuts())
                        QVERIFY2(keys.contains(k.toString(QKeySequence::NativeText)),
                                 qPrintable(command + ": " + keys));
                }
            QVERIFY2(found, qPrintable("not listed: " + command));
            ++checked;
        }
        QVERIFY2(checked >= 20, qPrintable(QString::number(checked)));  // File, Edit, View, tabs
        // Its own key, the presentation key, a tab key and the probe are there.
        for (const QString& key : {QStringLiteral("F1"), QStringLiteral("F11"),
                                   QStringLiteral("Ctrl+5"), QStringLiteral("Ctrl+Alt+Shift+K")})
            QVERIFY2(std::any_of(rows.begin(), rows.end(),
                                 [&](const auto& r) { return r.first == key; }),
                     qPrintable(key));
        // Gestures and lesson keys follow, in the interface language.
        const QString wheel =
            chinese ? QString::fromUtf8("鼠标滚轮") : QStringLiteral("Mouse wheel");
        QVERIFY(
            std::any_of(rows.begin(), rows.end(), [&](const auto& r) { return r.first == wheel; }));
        QVERIFY(std::any_of(rows.begin(), rows.end(), [](const auto& r) {
            return r.first.contains(QStringLiteral("PgDown"));
        }));
        QCOMPARE(hasCjk(dialog->tabs()->tabText(0)), chinese);
        // Switching the language while it is open renames it and its rows.
        w.setLanguage(chinese ? Lang::En : Lang::Zh);
        QTRY_COMPARE(hasCjk(dialog->tabs()->tabText(0)), !chinese);
        const QAction* present = w.findChild<QAction*>("presentationAction");
        auto listsPresent = [&] {
            const auto now = tableRows(dialog->shortcutTable());
            return std::any_of(now.begin(), now.end(), [&](const auto& r) {
                return r.second == withoutMnemonic(present->text());
            });
        };
        QTRY_VERIFY(listsPresent());
        QCOMPARE(hasCjk(withoutMnemonic(present->text())), !chinese);
    }

    void quickStart_data() {
        QTest::addColumn<bool>("chinese");
        QTest::newRow("en") << false;
        QTest::newRow("zh") << true;
    }
    void quickStart() {
        QFETCH(bool, chinese);
        MainWindow w(test::noSettings());
        w.setLanguage(chinese ? Lang::Zh : Lang::En);
        w.show();
        HelpDialog* dialog = openHelp(w, "quickStartAction");
        QVERIFY(dialog);
        QCOMPARE(dialog->tabs()->currentIndex(), 1);
        const QString html = dialog->quickStart()->toHtml();
        const QString text = dialog->quickStart()->toPlainText();
        QCOMPARE(html.count(QStringLiteral("<li")), 6);
        QCOMPARE(hasCjk(text), chinese);
        if (chinese) QVERIFY2(!text.contains(QStringLiteral("Pick an encoding")), qPrintable(text));
        // The keys it names are the actions' own.
        for (const char* name : {"exportFigureAction", "copyFigureAction", "presentationAction",
                                 "showTab1", "keyboardShortcutsAction"}) {
            const auto* a = w.findChild<QAction*>(QLatin1String(name));
            QVERIFY2(a, name);
            QVERIFY2(text.contains(a->shortcut().toString(QKeySequence::NativeText)),
                     qPrintable(QString::fromLatin1(name) + ": " + text));
        }
        // Both entries open one dialog, on their own tab.
        QCOMPARE(openHelp(w, "keyboardShortcutsAction"), dialog);
        QCOMPARE(dialog->tabs()->currentIndex(), 0);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestClassroom)
#include "tst_classroom.moc"
