// The window's settings: reading them as input (every value checked) and writing them back.
#include "ui/shell/window_settings.h"

#include <QCoreApplication>
#include <QScreen>
#include <QSettings>

#include "core/expected.h"
#include "ui/catalog/view_spec.h"
#include "ui/shell/main_window.h"
#include "ui/shell/status_panel.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

namespace {

constexpr std::size_t kShownValue = 40;  // a refused value is echoed up to this many characters

QString shown(const std::string& value) {
    return QString::fromStdString(core::echo(value, kShownValue));
}

// The text of a value as the settings file has it (a list, as "a, b"; bytes, escaped).
QString textOf(const QVariant& v) {
    if (v.metaType().id() == QMetaType::QStringList)
        return v.toStringList().join(QStringLiteral(", "));
    if (v.metaType().id() == QMetaType::QByteArray) return QString::fromLatin1(v.toByteArray());
    return v.toString();
}

// An integer written in plain decimal, in [lo, hi].
std::optional<int> integerIn(const QString& text, int lo, int hi) {
    bool ok = false;
    const qlonglong v = text.toLongLong(&ok);
    if (!ok || v < lo || v > hi) return std::nullopt;
    return static_cast<int>(v);
}

}  // namespace

QString refusedSetting(const QString& key, const QString& value) {
    return key + QStringLiteral(" = ") + shown(value.toStdString());
}

WindowSettings readWindowSettings(const QSettings& s, const Catalog& catalog) {
    WindowSettings out;
    // A value is checked only when present; `check` gives whether it is allowed.
    auto read = [&](const char* key, auto&& check) {
        const QString k = QLatin1String(key);
        if (!s.contains(k)) return;
        const QVariant v = s.value(k);
        if (!check(textOf(v))) out.refused << refusedSetting(k, textOf(v));
    };
    out.geometry = s.value(QStringLiteral("window/geometry")).toByteArray();
    out.state = s.value(QStringLiteral("window/state")).toByteArray();
    read("language", [&](const QString& t) {
        if (t != QLatin1String("en") && t != QLatin1String("zh_CN") && t != QLatin1String("zh"))
            return false;
        out.language = languageFromCode(t);
        return true;
    });
    read("theme/dark", [&](const QString& t) {
        out.dark = t == QLatin1String("true");
        return out.dark || t == QLatin1String("false");
    });
    read("view/colormap", [&](const QString& t) {
        const auto c = integerIn(t, 0, static_cast<int>(ColormapChoice::Diverging));
        if (c) out.colormap = static_cast<ColormapChoice>(*c);
        return c.has_value();
    });
    bool pageRefused = false;
    read("page/id", [&](const QString& t) {
        pageRefused = !catalog.find(t);
        if (!pageRefused) out.page = t;
        return !pageRefused;
    });
    const PageSpec* page = catalog.find(out.page);
    read("page/tab", [&](const QString& t) {
        const auto tab = integerIn(t, 0, page ? static_cast<int>(page->views.size()) : 0);
        if (tab && !pageRefused) out.tab = *tab;
        return tab.has_value() || pageRefused;  // the tab of a refused page is not judged
    });
    read("backend/mode", [&](const QString& t) {
        const auto mode = gpu::parseBackendMode(t.toStdString());
        if (mode) out.backend = *mode;
        return mode.has_value();
    });
    return out;
}

QString settingsNote(const QStringList& refused) {
    if (refused.isEmpty()) return {};
    if (refused.size() == 1)
        return QCoreApplication::translate("poslab::ui::MainWindow",
                                           "Setting %1 is unknown; using the default")
            .arg(refused.first());
    return QCoreApplication::translate("poslab::ui::MainWindow",
                                       "Settings %1 are unknown; using the defaults")
        .arg(refused.join(QStringLiteral(", ")));
}

// The last session's language, theme, colour map, backend and page (QSettings when persist), or
// the defaults (language: the system's); a first start fills most of the screen. A refused value
// is named in the status bar.
void MainWindow::restoreSettings() {
    WindowSettings ws;
    Lang lang = Lang::En;
    if (m_options.persist) {
        const QSettings s;
        ws = readWindowSettings(s, m_catalog);
        if (!ws.geometry.isEmpty() && !restoreGeometry(ws.geometry)) {
            ws.refused << refusedSetting(QStringLiteral("window/geometry"), textOf(ws.geometry));
            ws.geometry.clear();
        }
        if (!ws.state.isEmpty() && !restoreState(ws.state))
            ws.refused << refusedSetting(QStringLiteral("window/state"), textOf(ws.state));
        lang = startLanguage(ws.language ? languageCode(*ws.language) : QString());
        m_dark = ws.dark;
        m_colormap = ws.colormap;
        setBackendMode(ws.backend);
    }
    if (ws.geometry.isEmpty()) {
        // First start: most of the screen (a teacher's projector is often 1280 x 800).
        const QRect avail = screen() ? screen()->availableGeometry() : QRect(0, 0, 1600, 1000);
        resize(std::min(1500, avail.width() * 92 / 100), std::min(940, avail.height() * 92 / 100));
    }
    setLanguage(lang);
    setDark(m_dark);
    m_cmapAuto->setChecked(m_colormap == ColormapChoice::Auto);
    m_cmapViridis->setChecked(m_colormap == ColormapChoice::Viridis);
    m_cmapDiverging->setChecked(m_colormap == ColormapChoice::Diverging);
    m_page->setColormap(m_colormap);
    openPage(ws.page, ws.tab);
    // In the interface language, which setLanguage has just set.
    if (const QString note = settingsNote(ws.refused); !note.isEmpty()) m_status->addNotice(note);
}

void MainWindow::saveSettings() {
    if (!m_options.persist) return;
    QSettings s;
    s.setValue("window/geometry", saveGeometry());
    s.setValue("window/state", saveState());
    s.setValue("theme/dark", m_dark);
    s.setValue("view/colormap", static_cast<int>(m_colormap));
    s.setValue("language", languageCode(currentLanguage()));
    if (m_page->page()) {
        s.setValue("page/id", m_page->page()->id);
        s.setValue("page/tab", m_page->currentTab());
    }
}

}  // namespace poslab::ui
