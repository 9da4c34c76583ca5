// Helpers of the session suites (tst_session, tst_session_recovery): a window without settings,
// the numbers a tab shows bit for bit, small file helpers and a valid session to corrupt.
#pragma once

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSlider>
#include <QSysInfo>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <bit>
#include <memory>
#include "core/compute.h"
#include "tests/ui/ui_test_util.h"
#include "ui/document/session.h"
#include "ui/document/session_controller.h"
#include "ui/panels/param_panel.h"
#include "ui/views/chart_widget.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/rotation_widget.h"
#include "ui/views/view_widget.h"

namespace poslab::ui::sessiontest {

inline MainWindowOptions options(const QString& autosaveDir = {}, int autosaveMs = 30000) {
    MainWindowOptions o = test::noSettings();
    o.autosaveDir = autosaveDir;
    o.autosaveMs = autosaveMs;
    return o;
}

inline int tabOf(const MainWindow& w, const QString& viewId) {
    const PageSpec* p = w.page()->page();
    for (int i = 0; p && i < p->views.size(); ++i)
        if (p->views[i].id == viewId) return i + 1;
    return viewId.isEmpty() ? 0 : -1;
}

inline ViewWidget* currentView(const MainWindow& w, const QString& viewId) {
    for (ViewWidget* v : w.page()->viewsOfTab())
        if (v->spec().id == viewId) return v;
    return nullptr;
}

// Every number the current tab shows, bit for bit (NaN included): heatmap arrays, curve points,
// rotation pairs and values.
inline QVector<quint64> shownNumbers(const MainWindow& w) {
    QVector<quint64> out;
    auto add = [&out](double v) { out << std::bit_cast<quint64>(v); };
    for (const ViewWidget* v : w.page()->viewsOfTab()) {
        for (const HeatmapWidget* h : v->heatmaps()) {
            const HeatmapData& d = h->data();
            if (!d.array) continue;
            add(static_cast<double>(d.sliceOffset));
            for (std::int64_t k = 0; k < d.array->size(); ++k) add(d.array->at(k));
        }
        if (const ChartWidget* c = v->chart())
            for (const CurveData& curve : c->data().curves) {
                for (const QPointF& p : curve.points) {
                    add(p.x());
                    add(p.y());
                }
                for (qsizetype k = 0; k < curve.bandX0.size(); ++k) {  // an envelope (issue 12)
                    add(curve.bandX0[k]);
                    add(curve.bandX1[k]);
                    add(curve.bandLo[k]);
                    add(curve.bandHi[k]);
                }
            }
        if (const RotationWidget* r = v->rotation()) {
            add(static_cast<double>(r->data().m));
            add(static_cast<double>(r->data().k));
            for (const RotationPair& p : r->data().pairs) {
                add(p.a.x());
                add(p.a.y());
                add(p.b.x());
                add(p.b.y());
            }
        }
    }
    return out;
}

inline QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// A valid format-1 session of the RoPE page, as a JSON object to corrupt.
inline QJsonObject validSession() {
    SessionState s;
    s.page = QStringLiteral("rope");
    s.params = {{"base", "5000"}};
    s.views = {{0, QStringLiteral("rope/angles"), ViewState{}}};
    return QJsonDocument::fromJson(sessionToJson(s)).object();
}

}  // namespace poslab::ui::sessiontest
