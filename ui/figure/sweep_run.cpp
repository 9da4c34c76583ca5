#include "ui/figure/sweep_run.h"

#include <QCoreApplication>

#include "core/compute.h"
#include "ui/figure/sweep_scales.h"

namespace poslab::ui {

namespace {

bool sweepable(const core::ParamSpec& p) {
    return !p.viewControlled && (p.type == core::ParamType::Int || p.type == core::ParamType::Real);
}

QString frameError(std::size_t i, const std::string& message) {
    return QStringLiteral("frame %1: %2").arg(i + 1).arg(QString::fromStdString(message));
}

}  // namespace

QStringList sweepableParams(const core::EncodingDescriptor& enc) {
    QStringList out;
    for (const auto& p : enc.params)
        if (sweepable(p)) out << QString::fromStdString(p.name);
    return out;
}

core::Expected<std::vector<core::ParamSet>> sweepParamSets(const core::EncodingDescriptor& enc,
                                                           const core::ParamSet& base,
                                                           const core::Sweep& sweep, int frames) {
    const core::ParamSpec* spec = enc.findParam(sweep.key);
    if (spec && spec->viewControlled)
        return core::Error("sweep of '" + spec->name +
                           "': set by the view itself (its zoom window), not swept");
    if (!spec)
        return core::Error(
            "sweep of '" + core::echo(sweep.key) + "': no such parameter of " + enc.id +
            "; allowed: " + sweepableParams(enc).join(QStringLiteral(", ")).toStdString());
    auto values = core::sweepValues(sweep, *spec, frames);
    if (!values) return values.error();
    std::vector<core::ParamSet> sets;
    sets.reserve(values->size());
    for (const auto& v : *values) {
        core::ParamSet p = base;
        p.set(spec->name, v);
        p.markGiven(spec->name);
        if (auto st = core::validate(enc, p); !st) return st.error();
        sets.push_back(std::move(p));
    }
    return sets;
}

QString sweepCancelled() {
    return QCoreApplication::translate("poslab::ui::SweepRun", "The sweep was cancelled.");
}

QString runSweep(const SweepRun& run, const SweepProgress& progress) {
    const int n = static_cast<int>(run.frames.size());
    if (n == 0 || !run.page || !run.view) return QStringLiteral("the sweep has no frames");
    auto frame = [&run](std::size_t i) {
        return computeFigure(*run.page, *run.view, run.frames[i], run.state, run.colormap,
                             run.budget);
    };
    SweepScales scales;
    for (std::size_t i = 0; i < run.frames.size(); ++i) {
        if (progress && !progress(static_cast<int>(i), 2 * n)) return sweepCancelled();
        auto figure = frame(i);
        if (!figure) return frameError(i, figure.error().message);
        scales.add(figure->result);
    }
    SweepWriter writer(run.path, run.format, run.options, run.fps);  // nothing left unless finished
    for (std::size_t i = 0; i < run.frames.size(); ++i) {
        if (progress && !progress(n + static_cast<int>(i), 2 * n)) return sweepCancelled();
        auto figure = frame(i);
        if (!figure) return frameError(i, figure.error().message);
        if (run.decorate) run.decorate(*figure);
        scales.apply(*figure, n);
        if (const QString e = writer.add(*figure); !e.isEmpty()) return e;
    }
    if (progress && !progress(2 * n, 2 * n)) return sweepCancelled();
    return writer.finish();
}

}  // namespace poslab::ui
