// The compute scheduler: results come back by signal with their generation, a burst of edits is
// coalesced (latest wins), a running job can be cancelled, and a stale result never overwrites a
// newer one on screen. Requests are checked before any work: on the GUI thread without reading
// a file, the rest by the worker; and the worker writes its texts in the request's language.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "core/compute.h"
#include "core/io/npy.h"
#include "tests/ui/ui_test_util.h"
#include "ui/compute/compute_request.h"
#include "ui/compute/request_check.h"
#include "ui/views/heatmap_widget.h"
#include "ui/views/view_widget.h"

using namespace poslab;
using namespace poslab::ui;

namespace {

ComputeRequest requestFor(const QString& pageId, const core::ParamSet& params) {
    const PageSpec* page = Catalog::instance().find(pageId);
    ComputeRequest r;
    r.pageId = pageId;
    r.encoding = page->encoding;
    r.params = params;
    for (const auto& v : page->views) {
        if (page->overview.contains(v.id)) {
            r.views << v;
            r.states << ViewState{};
        }
    }
    return r;
}

core::ParamSet sinusoidal(std::int64_t n, double base) {
    return core::paramsFor("sinusoidal", {{"n", n}, {"d", std::int64_t(64)}, {"base", base}});
}

// A request of one heatmap view drawing one quantity: a job of exactly one array.
ComputeRequest oneArray(const QString& encoding, const QString& quantity,
                        const std::vector<std::pair<std::string, core::ParamValue>>& values) {
    ViewSpec view;
    view.id = encoding + "/" + quantity;
    view.encoding = encoding;
    view.kind = ViewKind::Heatmap;
    SeriesSpec series;
    series.quantity = quantity;
    view.series = {series};
    ComputeRequest r;
    r.pageId = encoding;
    r.encoding = encoding;
    r.params = core::paramsFor(encoding.toStdString(), values);
    r.views = {view};
    r.states = {ViewState{}};
    return r;
}

}  // namespace

class TestScheduler : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { setUpApplication(); }

    void resultArrivesWithItsGeneration() {
        Scheduler s;
        QSignalSpy spy(&s, &Scheduler::finished);
        const quint64 g = s.submit(requestFor("sinusoidal", sinusoidal(32, 100.0)));
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 20000);
        const auto r = spy.at(0).at(0).value<ComputeResult>();
        QCOMPARE(r.generation, g);
        QVERIFY(!r.cancelled);
        QVERIFY(!r.views.isEmpty());
        for (const auto& v : r.views) QVERIFY2(v.error.isEmpty(), qPrintable(v.error));
    }

    void burstIsCoalescedLatestWins_data() {
        QTest::addColumn<int>("burst");
        QTest::addColumn<int>("coalesceMs");
        QTest::newRow("20 edits, 16 ms window") << 20 << 16;
        QTest::newRow("100 edits, 16 ms window") << 100 << 16;
        QTest::newRow("50 edits, no window") << 50 << 0;
    }
    void burstIsCoalescedLatestWins() {
        QFETCH(int, burst);
        QFETCH(int, coalesceMs);
        Scheduler s;
        s.setCoalesceMs(coalesceMs);
        QSignalSpy spy(&s, &Scheduler::finished);
        quint64 last = 0;
        for (int i = 0; i < burst; ++i)
            last = s.submit(requestFor("sinusoidal", sinusoidal(256, 100.0 + i)));
        QTRY_VERIFY_WITH_TIMEOUT(
            !spy.isEmpty() && spy.last().at(0).value<ComputeResult>().generation == last, 20000);
        // Far fewer computations than edits, and generations strictly increasing.
        QVERIFY2(spy.count() < burst, qPrintable(QString::number(spy.count())));
        quint64 prev = 0;
        for (const auto& args : spy) {
            const auto r = args.at(0).value<ComputeResult>();
            QVERIFY(r.generation > prev);
            prev = r.generation;
        }
        QVERIFY(!s.isBusy());
    }

    void runningJobCanBeCancelled() {
        Scheduler s;
        QSignalSpy spy(&s, &Scheduler::finished);
        QSignalSpy started(&s, &Scheduler::started);
        // A similarity of 8000 positions (~0.5 s): still running when cancelled.
        auto req = requestFor("sinusoidal", sinusoidal(8000, 10000.0));
        req.views.erase(
            std::remove_if(req.views.begin(), req.views.end(),
                           [](const ViewSpec& v) { return !v.id.endsWith("similarity"); }),
            req.views.end());
        req.states.resize(req.views.size());
        QCOMPARE(req.views.size(), 1);
        QElapsedTimer t;
        t.start();
        s.submit(req);
        QTRY_COMPARE_WITH_TIMEOUT(started.count(), 1, 10000);
        s.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 1, 20000);
        const auto r = spy.at(0).at(0).value<ComputeResult>();
        QVERIFY2(r.cancelled, qPrintable(QString::number(t.elapsed())));
        QVERIFY(r.views.isEmpty());
        QVERIFY(!s.isBusy());
        // A cancel flag already set stops the work before anything is shown.
        ArrayCache cache;
        std::atomic<bool> flag{true};
        const auto r2 =
            computeRequest(requestFor("sinusoidal", sinusoidal(64, 100.0)), cache, &flag);
        QVERIFY(r2.cancelled);
    }

    // One long array (issue 3): the bar moves while it is computed, not only when it ends. The
    // job is one array, so the total is Scheduler::kProgressScale; values strictly between 0 and
    // it arrive before the result, never decreasing, and the last one is the total.
    void longArrayShowsProgress_data() {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<QString>("quantity");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("heads");
        QTest::newRow("sinusoidal similarity, Gram in row blocks")
            << "sinusoidal"
            << "similarity" << qint64(3000) << qint64(0);
        QTest::newRow("t5 bias, head by head") << "t5"
                                               << "bias" << qint64(1024) << qint64(8);
        QTest::newRow("attention softmax, logits then rows")
            << "attention"
            << "softmax" << qint64(1500) << qint64(0);
    }
    void longArrayShowsProgress() {
        QFETCH(QString, encoding);
        QFETCH(QString, quantity);
        QFETCH(qint64, n);
        QFETCH(qint64, heads);
        std::vector<std::pair<std::string, core::ParamValue>> values{{"n", std::int64_t(n)}};
        if (heads > 0) values.emplace_back("heads", std::int64_t(heads));
        Scheduler s;
        // Both signals into one list, in the order they arrive on this thread.
        QList<QPair<int, int>> progress;  // (done, total)
        int progressBeforeResult = -1;
        QList<ComputeResult> results;
        connect(&s, &Scheduler::progress, this,
                [&](quint64, int done, int total) { progress << qMakePair(done, total); });
        connect(&s, &Scheduler::finished, this, [&](const ComputeResult& r) {
            progressBeforeResult = static_cast<int>(progress.size());
            results << r;
        });
        const quint64 g = s.submit(oneArray(encoding, quantity, values));
        QTRY_COMPARE_WITH_TIMEOUT(results.size(), qsizetype(1), 60000);
        QCOMPARE(results.front().generation, g);
        QVERIFY(!results.front().cancelled);
        QCOMPARE(results.front().views.size(), qsizetype(1));
        QVERIFY2(results.front().views.front().error.isEmpty(),
                 qPrintable(results.front().views.front().error));
        QCOMPARE(progressBeforeResult, static_cast<int>(progress.size()));  // none after the result
        QVERIFY(!progress.isEmpty());
        int between = 0, last = -1;
        for (const auto& [done, total] : progress) {
            QCOMPARE(total, Scheduler::kProgressScale);
            QVERIFY2(done > last, qPrintable(QStringLiteral("%1 after %2").arg(done).arg(last)));
            last = done;
            if (done > 0 && done < total) ++between;
        }
        QCOMPARE(last, Scheduler::kProgressScale);
        QVERIFY2(between >= 2, qPrintable(QStringLiteral("%1 intermediate values").arg(between)));
    }

    void staleResultNeverOverwritesNewer() {
        MainWindow w(test::noSettings());
        w.openPage("sinusoidal");
        QVERIFY(test::waitIdle(w));
        ArrayCache cache;
        auto older = requestFor("sinusoidal", sinusoidal(16, 100.0));
        auto newer = requestFor("sinusoidal", sinusoidal(24, 100.0));
        older.generation = w.page()->displayedGeneration() + 1;
        newer.generation = w.page()->displayedGeneration() + 2;
        const ComputeResult oldResult = computeRequest(older, cache, nullptr);
        const ComputeResult newResult = computeRequest(newer, cache, nullptr);
        // The newer arrives first (as after a restart), then the older one.
        QVERIFY(w.page()->applyResult(newResult));
        QVERIFY(!w.page()->applyResult(oldResult));
        QCOMPARE(w.page()->displayedGeneration(), newer.generation);
        for (auto* v : w.page()->viewsOfTab(0))
            for (auto* h : v->heatmaps())
                if (h->isVisible() && h->data().array)
                    QCOMPARE(h->data().array->shape.front(), std::int64_t(24));
        // A result for another page is dropped as well.
        auto other = newResult;
        other.pageId = "not-this-page";
        other.generation = newer.generation + 1;
        QVERIFY(!w.page()->applyResult(other));
    }

    void checkRequestRefusesBeforeComputing_data() {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("d");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("names");  // what the message must name
        QTest::newRow("fine") << qint64(64) << qint64(64) << true << 0 << QString();
        QTest::newRow("over budget") << qint64(1 << 20) << qint64(64) << false
                                     << int(core::Errc::OverBudget) << "memory budget";
        QTest::newRow("odd d") << qint64(64) << qint64(63) << false
                               << int(core::Errc::InvalidParameter) << "'d'";
    }
    void checkRequestRefusesBeforeComputing() {
        QFETCH(qint64, n);
        QFETCH(qint64, d);
        QFETCH(bool, ok);
        QFETCH(int, code);
        QFETCH(QString, names);
        const auto params =
            core::paramsFor("sinusoidal", {{"n", std::int64_t(n)}, {"d", std::int64_t(d)}});
        // Nothing here reads a file: the GUI thread's check is the whole check.
        for (FileAccess files : {FileAccess::Read, FileAccess::Defer}) {
            const core::Status why = checkRequest(requestFor("sinusoidal", params), files);
            QCOMPARE(bool(why), ok);
            if (ok) continue;
            QCOMPARE(int(why.error().code), code);
            QVERIFY2(QString::fromStdString(why.error().message).contains(names),
                     why.error().message.c_str());
        }
    }

    // A `source` table is read by core::validate. The GUI thread's check (Defer) leaves such a
    // request to the worker, which checks it before any work: a missing file, a size over the
    // budget and a valid table each come back as they should.
    void fileSourceCheckedByTheWorker_data() {
        QTest::addColumn<QString>("file");  // "missing" or "table"
        QTest::addColumn<double>("budget");
        QTest::addColumn<QString>("refusal");  // what the worker's refusal names ("": none)
        QTest::newRow("missing file") << "missing" << 2e9 << "source";
        QTest::newRow("over budget") << "table" << 4096.0 << "memory budget";
        QTest::newRow("valid table") << "table" << 2e9 << QString();
    }
    void fileSourceCheckedByTheWorker() {
        QFETCH(QString, file);
        QFETCH(double, budget);
        QFETCH(QString, refusal);
        QTemporaryDir dir;
        const std::string path = dir.filePath(file + ".npy").toStdString();
        if (file == "table") {
            core::Array t = core::Array::real({40, 6});
            for (std::size_t k = 0; k < t.f64.size(); ++k) t.f64[k] = 0.01 * double(k % 17);
            std::ofstream(path, std::ios::binary) << core::io::encodeNpy(t);
        }
        auto params = core::paramsFor("learned", {{"source", path}});
        ComputeRequest req = requestFor("learned", params);
        req.memoryBudget = budget;
        QVERIFY(requestReadsFiles(req));
        QVERIFY(checkRequest(req, FileAccess::Defer));  // nothing read, nothing refused
        QCOMPARE(bool(checkRequest(req, FileAccess::Read)), refusal.isEmpty());
        ArrayCache cache;
        const ComputeResult r = computeRequest(req, cache, nullptr);
        if (refusal.isEmpty()) {
            QVERIFY2(r.refusal.isEmpty(), qPrintable(r.refusal));
            QVERIFY(!r.views.isEmpty());
            for (const auto& v : r.views) QVERIFY2(v.error.isEmpty(), qPrintable(v.error));
        } else {
            QVERIFY2(r.refusal.contains(refusal), qPrintable(r.refusal));
            QVERIFY(r.views.isEmpty());  // nothing computed
            QCOMPARE(cache.size(), std::size_t(0));
        }
        // Without a file nothing is left to the worker.
        QVERIFY(!requestReadsFiles(requestFor("learned", core::paramsFor("learned", {}))));
    }

    // The worker writes axis names in the request's language, whatever the GUI's is now.
    void axisNamesInTheRequestsLanguage_data() {
        QTest::addColumn<bool>("chinese");
        QTest::newRow("en") << false;
        QTest::newRow("zh") << true;
    }
    void axisNamesInTheRequestsLanguage() {
        QFETCH(bool, chinese);
        QCOMPARE(currentLanguage(), Lang::En);  // the GUI's language is never switched here
        ComputeRequest req = oneArray("sinusoidal", "table", {{"n", std::int64_t(16)}});
        req.lang = chinese ? Lang::Zh : Lang::En;
        ArrayCache cache;
        const ComputeResult r = computeRequest(req, cache, nullptr);
        QCOMPARE(r.views.size(), 1);
        QCOMPARE(r.views[0].heatmaps.size(), 1);
        const HeatmapData& h = r.views[0].heatmaps[0];
        const auto* q = core::registry().find("sinusoidal")->findQuantity("table");
        auto hasCjk = [](const QString& t) {
            return std::any_of(t.begin(), t.end(), [](QChar c) { return c.unicode() >= 0x3000; });
        };
        QCOMPARE(hasCjk(h.rowAxis), chinese);
        QCOMPARE(hasCjk(h.colAxis), chinese);
        if (!chinese) QCOMPARE(h.rowAxis, QString::fromStdString(q->axes[0]));
    }
};

QTEST_MAIN(TestScheduler)
#include "tst_scheduler.moc"
