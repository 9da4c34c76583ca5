// Switching the language at run time changes the visible texts (menus, docks, tabs, panel
// tooltips, explanations, view titles) and switching back restores them.
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/ui_test_util.h"
#include "ui/panels/encoding_browser.h"
#include "ui/panels/explanation_panel.h"
#include "ui/panels/param_panel.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {
using test::hasCjk;

QStringList visibleTexts(MainWindow& w) {
    QStringList out;
    for (QAction* a : w.menuBar()->actions()) out << a->text();
    for (auto* d : w.findChildren<QDockWidget*>()) out << d->windowTitle();
    for (int i = 0; i < w.page()->tabs()->count(); ++i) out << w.page()->tabs()->tabText(i);
    return out;
}
}  // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void switchChangesVisibleTexts_data() {
        QTest::addColumn<QString>("page");
        QTest::newRow("main page") << test::mainPage();
        QTest::newRow("argument page") << "arg/shift";
    }
    void switchChangesVisibleTexts() {
        QFETCH(QString, page);
        MainWindow w(test::noSettings());
        w.setLanguage(Lang::En);
        w.openPage(page);
        w.show();
        QVERIFY(test::waitIdle(w));
        const QStringList en = visibleTexts(w);
        QVERIFY(en.contains("&File"));
        QVERIFY(en.contains("Overview"));
        const QString enExplanation = w.explanation()->plainText();
        QVERIFY(!hasCjk(enExplanation));

        w.setLanguage(Lang::Zh);
        const QStringList zh = visibleTexts(w);
        QVERIFY(zh.contains(QString::fromUtf8("文件(&F)")));
        QVERIFY(zh.contains(QString::fromUtf8("总览")));
        QVERIFY(zh.contains(QString::fromUtf8("参数")));
        QCOMPARE(zh.size(), en.size());
        int changed = 0;
        for (int i = 0; i < en.size(); ++i) changed += en[i] != zh[i];
        QVERIFY2(changed >= en.size() - 3, qPrintable(zh.join(" | ")));  // a few are symbols
        QVERIFY(hasCjk(w.explanation()->plainText()));
        // Parameter tooltips: help and allowed range in Chinese.
        QWidget* base = w.paramPanel()->editorFor("n");
        QVERIFY(base);
        QVERIFY2(hasCjk(base->parentWidget()->toolTip()),
                 qPrintable(base->parentWidget()->toolTip()));
        // The browser groups and the view titles.
        QVERIFY(hasCjk(w.browser()->tree()->topLevelItem(0)->text(0)));
        for (auto* v : w.page()->viewsOfTab(0))
            QVERIFY2(hasCjk(v->titleText()), qPrintable(v->titleText()));
        // Chinese is drawn with the CJK font, not boxes.
        QVERIFY(QApplication::font().families().contains("Noto Sans CJK SC"));
        QVERIFY(QFontMetrics(QApplication::font()).inFont(QChar(0x6587)));
        QVERIFY(test::waitIdle(w));

        w.setLanguage(Lang::En);
        QCOMPARE(visibleTexts(w), en);
        QCOMPARE(w.explanation()->plainText(), enExplanation);
        QVERIFY(test::waitIdle(w));
    }

    // Every message of the Chinese translation file is translated (a new tr() string that was
    // merged into the .ts without a translation fails here).
    void chineseFileIsComplete() {
        QFile ts(qEnvironmentVariable("POSLAB_SOURCE_DIR") +
                 "/resources/translations/poslab_zh_CN.ts");
        QVERIFY(ts.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&ts);
        int messages = 0;
        QString source;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement) continue;
            if (xml.name() == QLatin1String("source")) source = xml.readElementText();
            if (xml.name() == QLatin1String("translation")) {
                ++messages;
                const bool unfinished =
                    xml.attributes().value("type") == QLatin1String("unfinished");
                const QString text = xml.readElementText();
                QVERIFY2(!unfinished && !text.trimmed().isEmpty(),
                         qPrintable("untranslated: " + source));
            }
        }
        QVERIFY(!xml.hasError());
        QVERIFY(messages > 200);
    }

    // In Chinese every menu entry (all menus, recursively) shows Chinese, except the names
    // listed below.
    void everyMenuEntryInChinese() {
        MainWindow w(test::noSettings());
        w.setLanguage(Lang::Zh);
        w.openPage(test::mainPage());
        QStringList missing;
        std::function<void(QMenu*)> walk = [&](QMenu* m) {
            for (QAction* a : m->actions()) {
                if (a->isSeparator()) continue;
                if (a->menu()) walk(a->menu());
                const QString t = a->text();
                if (!t.isEmpty() && !hasCjk(t)) missing << t;
            }
        };
        for (QAction* a : w.menuBar()->actions()) {
            QVERIFY2(hasCjk(a->text()), qPrintable(a->text()));
            if (a->menu()) walk(a->menu());
        }
        // A colour map's name stays as it is known in the literature; each language names
        // itself in the Language menu.
        missing.removeAll("viridis");
        missing.removeAll("English");
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(" | ")));
        w.setLanguage(Lang::En);
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
