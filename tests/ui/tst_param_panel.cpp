// The parameter panel for a classroom (issue 13 item 4): parameters that do not matter for the
// current values hide (YaRN's betas when the scaling is none) and come back when they do; the
// parameters views set (zoom windows) have no row; a log slider lands on 1-2-5 values per decade
// (the base demo passes 10000, 20000, 50000 ... 500000); the mouse wheel changes nothing until
// the slider has the focus; the reset arrow goes back to the page's preset; a refused value is
// marked at its field, named at the top of the panel, and the figure it would change is marked
// out of date; choice lists show words in the interface language and send identifiers.
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QToolButton>
#include <QWheelEvent>
#include <QtTest>

#include "core/registry.h"
#include "tests/ui/ui_test_util.h"
#include "ui/panels/choice_words.h"
#include "ui/panels/param_panel.h"
#include "ui/panels/param_row.h"
#include "ui/shell/gui_main.h"
#include "ui/shell/language.h"
#include "ui/shell/main_window.h"
#include "ui/views/page_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

class TstParamPanel : public QObject {
    Q_OBJECT
    const core::EncodingDescriptor* rope() { return core::registry().find("rope"); }

private slots:
    void initTestCase() { setUpApplication(); }

    void relevance_data() {
        QTest::addColumn<QString>("scaling");
        QTest::addColumn<QStringList>("shown");
        QTest::addColumn<QStringList>("hidden");
        QTest::newRow("none") << "none" << QStringList{"n", "d", "base", "partial_rotary_factor"}
                              << QStringList{"factor",       "beta_fast", "low_freq_factor",
                                             "short_factor", "truncate",  "seq_len"};
        QTest::newRow("yarn") << "yarn"
                              << QStringList{"factor",   "beta_fast", "beta_slow",
                                             "truncate", "mscale",    "original_max_position"}
                              << QStringList{"low_freq_factor", "short_factor", "seq_len"};
        QTest::newRow("llama3") << "llama3"
                                << QStringList{"factor", "low_freq_factor", "high_freq_factor"}
                                << QStringList{"beta_fast", "truncate", "short_factor"};
        QTest::newRow("longrope") << "longrope"
                                  << QStringList{"short_factor", "long_factor", "seq_len",
                                                 "attention_factor"}
                                  << QStringList{"beta_fast", "low_freq_factor"};
    }
    void relevance() {
        QFETCH(QString, scaling);
        QFETCH(QStringList, shown);
        QFETCH(QStringList, hidden);
        ParamPanel panel;
        panel.setEncoding(rope(), core::defaultParams(rope()->params));
        panel.show();
        if (scaling != "none") QVERIFY(panel.setText("scaling", scaling));
        for (const QString& name : shown) QVERIFY2(panel.isShown(name), qPrintable(name));
        for (const QString& name : hidden) QVERIFY2(!panel.isShown(name), qPrintable(name));
        // Set by the views only: no row at all.
        for (const char* name : {"columns", "window_start", "window_end", "rows"})
            QVERIFY(!panel.editorFor(name));
        // Back to none: the scaling's parameters hide again.
        QVERIFY(panel.setText("scaling", "none"));
        QVERIFY(!panel.isShown("factor"));
    }

    // Rows are labelled in words of the current language; the tooltip keeps the identifier the
    // command line and session files use.
    void labelsFollowLanguage_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("en");
        QTest::addColumn<QString>("zh");
        QTest::newRow("max_distance") << "max_distance"
                                      << "Largest distance" << QString::fromUtf8("最大距离");
        QTest::newRow("partial_rotary_factor")
            << "partial_rotary_factor"
            << "Rotated fraction" << QString::fromUtf8("旋转比例");
        QTest::newRow("d") << "d"
                           << "Dimension d" << QString::fromUtf8("维度 d");
    }
    void labelsFollowLanguage() {
        QFETCH(QString, name);
        QFETCH(QString, en);
        QFETCH(QString, zh);
        applyLanguage(Lang::En);
        ParamPanel panel;
        panel.setEncoding(rope(), core::defaultParams(rope()->params));
        panel.show();
        QWidget* row = panel.editorFor(name);
        while (row && !dynamic_cast<ParamRow*>(row)) row = row->parentWidget();
        QVERIFY(row);
        auto labels = [row] {
            QStringList texts;
            for (auto* l : row->findChildren<QLabel*>()) texts << l->text();
            return texts;
        };
        QVERIFY2(labels().contains(en), qPrintable(labels().join(" | ")));
        QVERIFY(!labels().contains(name));
        QVERIFY2(row->toolTip().startsWith("<b>" + en + "</b> (<code>" + name + "</code>)"),
                 qPrintable(row->toolTip()));

        applyLanguage(Lang::Zh);
        QTRY_VERIFY2(labels().contains(zh), qPrintable(labels().join(" | ")));
        QVERIFY(!labels().contains(en));
        QVERIFY2(row->toolTip().startsWith("<b>" + zh + "</b> (<code>" + name + "</code>)"),
                 qPrintable(row->toolTip()));
        applyLanguage(Lang::En);
        QTRY_VERIFY(labels().contains(en));
    }

    // The labels fit the parameter dock of a 1280 x 720 window in both languages: no label is
    // squeezed below its text and no row runs past the dock (its horizontal scroll bar is off, so
    // anything wider would be cut). The settings reveal the long labels (YaRN, Llama 4).
    void labelsFitTheDock_data() {
        QTest::addColumn<bool>("chinese");
        QTest::addColumn<QString>("page");
        QTest::addColumn<QStringList>("settings");
        const QStringList yarn{"scaling=yarn", "query_scale=llama4_temperature"};
        const QStringList llama{"scaling=llama3", "query_scale=llama_4_scaling_beta"};
        const QStringList longrope{"scaling=longrope"};
        for (const bool zh : {false, true}) {
            const char* lang = zh ? "zh" : "en";
            QTest::addRow("%s rope yarn", lang) << zh << "rope" << yarn;
            QTest::addRow("%s rope llama3", lang) << zh << "rope" << llama;
            QTest::addRow("%s rope longrope", lang) << zh << "rope" << longrope;
            for (const char* page : {"deberta", "floater", "t5", "cnn_padding", "learned"})
                QTest::addRow("%s %s", lang, page) << zh << page << QStringList{};
        }
    }
    void labelsFitTheDock() {
        QFETCH(bool, chinese);
        QFETCH(QString, page);
        QFETCH(QStringList, settings);
        MainWindow w(test::noSettings());
        w.setLanguage(chinese ? Lang::Zh : Lang::En);
        w.resize(1280, 720);
        w.openPage(page);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ParamPanel* panel = w.paramPanel();
        for (const QString& kv : settings)
            QVERIFY2(panel->setText(kv.section('=', 0, 0), kv.section('=', 1)), qPrintable(kv));
        auto* scroll = qobject_cast<QScrollArea*>(panel->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QStringList labels;  // the labels of this encoding in the current language
        for (const auto& spec : core::registry().find(page.toStdString())->params)
            labels << pick(spec.labelEn, spec.labelZh);
        int checked = 0;
        QTRY_VERIFY(panel->width() <= scroll->viewport()->width());
        for (auto* l : panel->findChildren<QLabel*>()) {
            if (!l->isVisible() || !labels.contains(l->text())) continue;
            ++checked;
            QVERIFY2(l->width() >= l->sizeHint().width(), qPrintable(l->text()));
            QVERIFY2(l->mapTo(scroll->viewport(), QPoint(l->width(), 0)).x() <=
                         scroll->viewport()->width(),
                     qPrintable(l->text()));
        }
        QVERIFY(checked >= 3);
        w.setLanguage(Lang::En);
    }

    void snapping_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("snapped");
        QTest::newRow("13000") << 13000.0 << 10000.0;
        QTest::newRow("16000") << 16000.0 << 20000.0;
        QTest::newRow("35000") << 35000.0 << 50000.0;
        QTest::newRow("7500") << 7500.0 << 10000.0;
        QTest::newRow("480000") << 480000.0 << 500000.0;
        QTest::newRow("1") << 1.0 << 1.0;
        QTest::newRow("0.3") << 0.3 << 0.2;
    }
    void snapping() {
        QFETCH(double, value);
        QFETCH(double, snapped);
        QCOMPARE(snapOneTwoFive(value), snapped);
    }

    // Dragging the base slider over its whole range commits only 1-2-5 values, 10000 and 500000
    // among them; a typed base stays exact.
    void baseSliderLandsOnRoundValues() {
        ParamPanel panel;
        panel.setEncoding(rope(), core::defaultParams(rope()->params));
        auto* slider = qobject_cast<QSlider*>(panel.editorFor("base"));
        QVERIFY(slider);
        QSet<double> seen;
        for (int pos = slider->minimum(); pos <= slider->maximum(); ++pos) {
            slider->setValue(pos);
            const double base = panel.values().real("base");
            QCOMPARE(snapOneTwoFive(base), base);
            seen.insert(base);
        }
        QVERIFY(seen.contains(10000.0) && seen.contains(500000.0) && seen.contains(20000.0));
        QVERIFY(panel.setText("base", "123456.5"));
        QCOMPARE(panel.values().real("base"), 123456.5);
    }

    // The keyboard moves a log slider a rung of the 1-2-5 ladder per arrow and a decade per page
    // key (a position step alone would snap back to the same value); Shift held while dragging
    // is the fine mode: values between the rungs.
    void logSliderKeysAndFineMode() {
        ParamPanel panel;
        panel.setEncoding(rope(), core::defaultParams(rope()->params));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* slider = qobject_cast<QSlider*>(panel.editorFor("base"));
        QVERIFY(slider);
        QVERIFY(panel.setText("base", "10000"));
        slider->setFocus();
        QTRY_VERIFY(slider->hasFocus());
        const QVector<QPair<int, double>> keys = {{Qt::Key_Right, 20000},   {Qt::Key_Right, 50000},
                                                  {Qt::Key_Up, 100000},     {Qt::Key_Left, 50000},
                                                  {Qt::Key_PageUp, 500000}, {Qt::Key_Down, 200000},
                                                  {Qt::Key_PageDown, 20000}};
        for (const auto& [key, expected] : keys) {
            QTest::keyClick(slider, static_cast<Qt::Key>(key));
            QCOMPARE(panel.values().real("base"), expected);
        }
        // Between two rungs (a typed value): one step goes to the next rung, either way.
        QVERIFY(panel.setText("base", "30000"));
        QTest::keyClick(slider, Qt::Key_Left);
        QCOMPARE(panel.values().real("base"), 20000.0);
        // Shift held (a drag's events carry it): positions between the rungs are kept.
        const QPoint at = slider->rect().center();
        QTest::mousePress(slider, Qt::LeftButton, Qt::ShiftModifier, at);
        int between = -1;
        for (int pos = slider->minimum() + 1; pos < slider->maximum() && between < 0; ++pos) {
            slider->setValue(pos);
            const double base = panel.values().real("base");
            if (snapOneTwoFive(base) != base) between = pos;
        }
        QTest::mouseRelease(slider, Qt::LeftButton, Qt::ShiftModifier, at);
        QVERIFY2(between >= 0, "Shift-drag gave only 1-2-5 values");
        QTest::mousePress(slider, Qt::LeftButton, {}, at);
        slider->setValue(between + 7);
        QTest::mouseRelease(slider, Qt::LeftButton, {}, at);
        const double base = panel.values().real("base");
        QCOMPARE(snapOneTwoFive(base), base);
    }

    void ladder_data() {
        QTest::addColumn<double>("from");
        QTest::addColumn<int>("steps");
        QTest::addColumn<double>("to");
        QTest::newRow("10000 up") << 10000.0 << 1 << 20000.0;
        QTest::newRow("20000 up") << 20000.0 << 1 << 50000.0;
        QTest::newRow("50000 up") << 50000.0 << 1 << 100000.0;
        QTest::newRow("10000 down") << 10000.0 << -1 << 5000.0;
        QTest::newRow("30000 down") << 30000.0 << -1 << 20000.0;
        QTest::newRow("30000 up") << 30000.0 << 1 << 50000.0;
        QTest::newRow("decade up") << 10000.0 << 3 << 100000.0;
        QTest::newRow("decade down") << 0.02 << -3 << 0.002;
        QTest::newRow("below one") << 0.5 << 1 << 1.0;
    }
    void ladder() {
        QFETCH(double, from);
        QFETCH(int, steps);
        QFETCH(double, to);
        QCOMPARE(stepOneTwoFive(from, steps), to);
        QCOMPARE(snapOneTwoFive(to), to);
    }

    // The per-row reset goes to the page's preset (n = 512 on the RoPE page), not to the spec's
    // default (64): on a fresh page no arrow looks "changed" (GUI review 11).
    void resetGoesToPreset() {
        ParamPanel panel;
        core::ParamSet preset = core::defaultParams(rope()->params);
        preset.set("n", std::int64_t(512));
        panel.setEncoding(rope(), preset, preset);
        panel.show();
        auto* row = panel.editorFor("n")->parentWidget();
        QToolButton* reset = nullptr;
        for (auto* b : row->findChildren<QToolButton*>())
            if (b->text() == QString::fromUtf8("⟲")) reset = b;
        QVERIFY(reset);
        QVERIFY(!reset->isEnabled());  // at the preset: nothing to reset
        QVERIFY(panel.setText("n", "100"));
        QCOMPARE(panel.values().integer("n"), std::int64_t(100));
        QVERIFY(reset->isEnabled());
        reset->click();
        QCOMPARE(panel.values().integer("n"), std::int64_t(512));
        QVERIFY(!reset->isEnabled());
        QVERIFY(reset->toolTip().contains("512"));
    }

    // A refused value (d = 127 on RoPE: pairs need an even d) is named at the top of the panel,
    // its own field is marked, and the views keep the old figure marked as out of date until a
    // valid value comes (GUI review 8).
    void refusalMarksFieldAndFigure_data() {
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("good");
        QTest::newRow("odd d (an encoding rule)") << "d"
                                                  << "127"
                                                  << "128";
        QTest::newRow("base below its range") << "base"
                                              << "0.5"
                                              << "10000";
        QTest::newRow("unreadable text") << "base"
                                         << "ten"
                                         << "10000";
    }
    void refusalMarksFieldAndFigure() {
        QFETCH(QString, param);
        QFETCH(QString, bad);
        QFETCH(QString, good);
        MainWindow w(test::noSettings());
        w.resize(1400, 900);
        w.show();
        QVERIFY(test::waitIdle(w));
        ParamPanel* panel = w.paramPanel();
        const auto views = w.page()->viewsOfTab();
        QVERIFY(!views.isEmpty());
        panel->setText(param, bad);
        QCOMPARE(panel->invalidParameter(), param);
        QVERIFY(panel->message().contains("'" + param + "'"));
        if (param == "d")  // an accepted value the page refuses: the figure is out of date
            for (auto* v : views) QVERIFY2(v->isStale(), qPrintable(v->spec().id));
        // The message sits above the rows, where it is seen without scrolling.
        auto* message = panel->findChild<QLabel*>("paramMessage");
        QVERIFY(message && message->isVisible());
        QVERIFY(message->mapTo(panel, QPoint()).y() <
                panel->editorFor("n")->mapTo(panel, QPoint()).y());
        QVERIFY(panel->setText(param, good));
        QVERIFY(test::waitIdle(w));
        QCOMPARE(panel->invalidParameter(), QString());
        QVERIFY(panel->message().isEmpty());
        for (auto* v : views) QVERIFY2(!v->isStale(), qPrintable(v->spec().id));
    }

    // A value refused before the first result came back (typed at start, POSLAB_PARAMS): the
    // result that then arrives is of the values before it, so it is veiled too.
    void refusalBeforeFirstResultVeils() {
        MainWindow w(test::noSettings());
        w.resize(1400, 900);
        w.show();
        w.paramPanel()->setText(QStringLiteral("d"), QStringLiteral("127"));
        QVERIFY(test::waitIdle(w));
        const auto views = w.page()->viewsOfTab();
        QVERIFY(!views.isEmpty());
        for (auto* v : views) QVERIFY2(v->isStale(), qPrintable(v->spec().id));
        QVERIFY(w.paramPanel()->setText(QStringLiteral("d"), QStringLiteral("128")));
        QVERIFY(test::waitIdle(w));
        for (auto* v : views) QVERIFY2(!v->isStale(), qPrintable(v->spec().id));
    }

    // Every value of every choice parameter has words in both languages; the list shows them and
    // hands the identifier to the model (GUI review 10b).
    void choicesHaveWords() {
        for (const auto& e : core::registry().encodings())
            for (const auto& spec : e.params)
                if (spec.type == core::ParamType::Enum)
                    for (const auto& c : spec.choices)
                        QVERIFY2(hasChoiceWords(c), (e.id + "/" + spec.name + ": " + c).c_str());
    }
    // The Chinese words carry the identifier in one bracket pair at the end ("前后两半（half）"):
    // words with brackets of their own would read "bfloat16（transformers）（hf_bf16）".
    void chineseChoiceWordsOneBracket() {
        applyLanguage(Lang::Zh);
        for (const auto& e : core::registry().encodings())
            for (const auto& spec : e.params)
                if (spec.type == core::ParamType::Enum)
                    for (const auto& c : spec.choices) {
                        const QString text = choiceText(c);
                        QVERIFY2(text.count(QStringLiteral("（")) <= 1 &&
                                     text.count(QLatin1Char('(')) == 0,
                                 qPrintable(text));
                    }
        applyLanguage(Lang::En);
    }
    void choiceListShowsWords_data() {
        QTest::addColumn<bool>("chinese");
        QTest::newRow("en") << false;
        QTest::newRow("zh") << true;
    }
    void choiceListShowsWords() {
        QFETCH(bool, chinese);
        applyLanguage(chinese ? Lang::Zh : Lang::En);
        ParamPanel panel;
        panel.setEncoding(rope(), core::defaultParams(rope()->params));
        auto* combo = qobject_cast<QComboBox*>(panel.editorFor("pairing"));
        QVERIFY(combo);
        const int half = combo->findData(QStringLiteral("half"));
        QVERIFY(half >= 0);
        QCOMPARE(test::hasCjk(combo->itemText(half)), chinese);
        QVERIFY(combo->itemText(half) != QStringLiteral("half"));
        combo->setCurrentIndex(half);
        QCOMPARE(panel.values().text("pairing"), std::string("half"));
        // Values set by the model (undo, a session) select the item by its identifier.
        core::ParamSet v = panel.values();
        v.set("pairing", std::string("interleaved"));
        panel.setValues(v);
        QCOMPARE(combo->currentData().toString(), QStringLiteral("interleaved"));
        applyLanguage(Lang::En);
    }

    void wheelNeedsFocus() {
        ParamPanel panel;
        panel.setEncoding(rope(), core::defaultParams(rope()->params));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* slider = qobject_cast<QSlider*>(panel.editorFor("d"));
        QVERIFY(slider);
        const std::int64_t before = panel.values().integer("d");
        auto wheel = [&] {
            const QPointF at(slider->width() / 2.0, slider->height() / 2.0);
            QWheelEvent e(at, slider->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(slider, &e);
        };
        panel.setFocus();
        wheel();
        QCOMPARE(panel.values().integer("d"), before);
        slider->setFocus();
        QTRY_VERIFY(slider->hasFocus());
        wheel();
        QVERIFY(panel.values().integer("d") != before);
    }
};

QTEST_MAIN(TstParamPanel)
#include "tst_param_panel.moc"
