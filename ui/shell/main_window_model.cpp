// MainWindow, the model side (issues 11 and 24): the Model page in the centre in place of the
// encoding page (page id "model", reachable from the browser's Models group and File > Open Model
// Config…), Recent Models, drag-and-drop of a config.json, "Explore in RoPE / ALiBi / T5 / Learned
// / Shaw", and the model part of a session (kept by content: the config text itself).
#include <QAction>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include "core/expected.h"
#include "core/models/position_marks.h"
#include "core/models/rope_params.h"
#include "core/registry.h"
#include "ui/catalog/view_state_json.h"
#include "ui/document/session_controller.h"
#include "ui/figure/figure_export.h"
#include "ui/model/model_kinds.h"
#include "ui/model/model_page.h"
#include "ui/panels/encoding_browser.h"
#include "ui/panels/error_words.h"
#include "ui/shell/main_window.h"
#include "ui/views/page_widget.h"

namespace poslab::ui {

namespace {
constexpr int kMaxRecentModels = 8;
const QString kRecentModelsKey = QStringLiteral("models/recent");

// The local .json file a drag carries, or "".
QString droppedConfig(const QMimeData* mime) {
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1) return {};
    const QUrl url = mime->urls().front();
    if (!url.isLocalFile()) return {};
    const QString path = url.toLocalFile();
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? path : QString();
}
}  // namespace

void MainWindow::buildModelPage() {
    // The centre becomes a stack: the encoding page, and the Model page.
    auto* layout = qobject_cast<QVBoxLayout*>(centralWidget()->layout());
    m_stack = new QStackedWidget(centralWidget());
    m_modelPage = new ModelPage(m_stack);
    delete layout->replaceWidget(m_page, m_stack);
    m_stack->addWidget(m_page);
    m_stack->addWidget(m_modelPage);
    layout->setStretchFactor(m_stack, 1);
    setAcceptDrops(true);

    m_openModelAct = new QAction(this);
    connect(m_openModelAct, &QAction::triggered, this, &MainWindow::openModelWithDialog);
    m_recentModelsMenu = new QMenu(this);
    connect(m_recentModelsMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentModels);
    QAction* before = m_figures->exportAction();
    m_fileMenu->insertAction(before, m_openModelAct);
    m_fileMenu->insertMenu(before, m_recentModelsMenu);
    m_fileMenu->insertSeparator(before);

    // Export Figure and Copy Figure while the Model page is shown: its charts (model_figure.h).
    m_figures->setFigureSource([this](Figure* figure, QString* error, QString* name) {
        return modelPageShown() && m_modelPage->figure(figure, error, name);
    });
    connect(m_modelPage, &ModelPage::openFileRequested, this, &MainWindow::openModelWithDialog);
    connect(m_modelPage, &ModelPage::compareFileRequested, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Compare with a model config"),
                                                          QString(), tr("Model configs (*.json)"));
        if (!file.isEmpty()) m_modelPage->openCompareFile(file);
    });
    connect(m_modelPage, &ModelPage::exploreRequested, this, [this] {
        if (const QString e = exploreModelKind(); !e.isEmpty()) statusBar()->showMessage(e, 15000);
    });
    connect(m_modelPage, &ModelPage::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 15000); });
    connect(m_modelPage, &ModelPage::changed, this, [this] {
        updateTitle();
        m_session->stateChanged();
    });
}

void MainWindow::retranslateModel() {
    if (!m_openModelAct) return;  // a language change during construction
    m_openModelAct->setText(tr("Open &Model Config…"));
    m_recentModelsMenu->setTitle(tr("Recent &Models"));
    fillRecentModels();
}

bool MainWindow::modelPageShown() const {
    return m_stack && m_stack->currentWidget() == m_modelPage;
}

void MainWindow::showModelPage() {
    showSidePage(m_modelPage, kModelPageId);
}

bool MainWindow::encodingPageShown() const {
    return !m_stack || m_stack->currentWidget() == m_page;
}

void MainWindow::showSidePage(QWidget* page, const QString& id) {
    if (m_stack->currentWidget() == page) return;
    if (encodingPageShown()) {
        if (m_page->page()) m_values[m_page->page()->id] = m_page->params();
        // The parameter panel and the explanation belong to encoding pages; they come back
        // after. In presentation mode every dock is hidden: what the user chose was recorded on
        // entering.
        if (!m_presenting)
            m_docksBeforeModel = {!m_paramsDock->isHidden(), !m_explanationDock->isHidden()};
    }
    m_paramsDock->hide();
    m_explanationDock->hide();
    m_stack->setCurrentWidget(page);
    m_browser->setCurrentPage(id);
    updateTitle();
    m_session->stateChanged();
}

void MainWindow::leaveModelPage() {
    if (encodingPageShown()) return;
    m_stack->setCurrentWidget(m_page);
    if (m_presenting) return;  // leaving presentation mode brings them back
    m_paramsDock->setVisible(m_docksBeforeModel.first);
    m_explanationDock->setVisible(m_docksBeforeModel.second);
}

QString MainWindow::openModelFile(const QString& path) {
    const QString error = m_modelPage->openFile(path);
    if (!error.isEmpty()) return error;
    if (m_options.persist) {
        QSettings s;
        QStringList recent = s.value(kRecentModelsKey).toStringList();
        const QString abs = QFileInfo(path).absoluteFilePath();
        recent.removeAll(abs);
        recent.prepend(abs);
        s.setValue(kRecentModelsKey, recent.mid(0, kMaxRecentModels));
    }
    showModelPage();
    return {};
}

void MainWindow::openModelWithDialog() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Open a model config"), QString(),
                                                      tr("Model configs (*.json)"));
    if (file.isEmpty()) return;
    openModelFile(file);
    showModelPage();  // a refused file shows its line there
}

void MainWindow::fillRecentModels() {
    m_recentModelsMenu->clear();
    const QStringList recent =
        m_options.persist ? QSettings().value(kRecentModelsKey).toStringList() : QStringList();
    for (const QString& path : recent) {
        // A settings value: shown on one line whatever it holds.
        const QString shown = QString::fromStdString(core::echo(path.toStdString(), 120));
        QAction* a = m_recentModelsMenu->addAction(QFileInfo(shown).fileName() +
                                                   QStringLiteral("  (") + shown + ')');
        connect(a, &QAction::triggered, this, [this, path] {
            openModelFile(path);
            showModelPage();
        });
    }
    if (recent.isEmpty()) m_recentModelsMenu->addAction(tr("(none yet)"))->setEnabled(false);
}

// "Explore in …": the page of the selected kind's encoding (RoPE for RoPE and M-RoPE's text
// positions; ALiBi, T5, learned, Shaw with the parameters the config implies, as `-p KEY=VALUE`
// gives them), every view then following the model: RoPE's decay and scores reach the model's
// sequence length s (as `render --model` opens them) and mark L, max and s; footers name it.
QString MainWindow::exploreModelKind() {
    const core::models::KindInfo* kind = m_modelPage->currentKind();
    if (!kind) return tr("no model is open");
    const ExploreTarget target = exploreTarget(*kind);
    if (target.page.isEmpty())
        return tr("layers of kind \"%1\" carry no positions: nothing to explore")
            .arg(QString::fromStdString(kind->name));
    const PageSpec* page = m_catalog.find(target.page);
    const core::EncodingDescriptor* enc =
        page ? core::registry().find(page->encoding.toStdString()) : nullptr;
    if (!page || !enc) return tr("the %1 page is not available").arg(target.name);
    const LoadedModel& model = m_modelPage->model();
    QMap<QString, QString> texts;
    QString note;
    if (target.rope) {
        note = lengthTexts(*enc, core::models::sequenceLength(model.config, model.seqLen), texts);
        for (const auto& [name, text] : core::models::ropeParamTexts(*kind))
            texts[QString::fromStdString(name)] = QString::fromStdString(text);
    } else {
        for (const auto& [name, text] : impliedParams(*kind))
            texts[QString::fromStdString(name)] = QString::fromStdString(text);
    }
    auto parsed = paramsFromTexts(*enc, presetParams(*page), texts);
    if (!parsed) return localisedError(parsed.error().message, enc);
    core::ParamSet values;  // as the panel holds them: not marked as given
    for (const auto& [name, value] : parsed->values()) values.set(name, value);
    QString name = model.name;
    if (model.config.kinds.size() > 1)
        name += QStringLiteral(" (%1)").arg(QString::fromStdString(core::echo(kind->name)));
    const ModelMarks marks{name, core::models::positionMarks(model.config, *kind, model.seqLen)};
    openPage(page->id);
    applyParams(values, false, QStringLiteral("model %1").arg(model.name), {marks});
    if (!note.isEmpty()) statusBar()->showMessage(note, 15000);
    return {};
}

// The lengths of rope's decay (max_distance) and scores (n): the model's s, or the largest each
// takes when s is past it (the returned note says so).
QString MainWindow::lengthTexts(const core::EncodingDescriptor& enc, std::optional<std::int64_t> s,
                                QMap<QString, QString>& texts) {
    if (!s || *s <= 0) return {};
    QString note;
    for (const char* key : {"max_distance", "n"}) {
        const core::ParamSpec* spec = enc.findParam(key);
        if (!spec) continue;
        std::int64_t at = *s;
        if (spec->max && static_cast<double>(at) > *spec->max) {
            at = static_cast<std::int64_t>(*spec->max);
            note = tr("s = %1 is past the largest length the views take (%2): they open at %2")
                       .arg(*s)
                       .arg(at);
        }
        texts[QString::fromUtf8(key)] = QString::number(at);
    }
    return note;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (!droppedConfig(e->mimeData()).isEmpty()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const QString path = droppedConfig(e->mimeData());
    if (path.isEmpty()) return;
    e->acceptProposedAction();
    openModelFile(path);
    showModelPage();  // a refused file shows its line there
}

std::optional<SessionModel> MainWindow::modelSessionState() const {
    if (!m_modelPage->hasModel()) return std::nullopt;
    SessionModel m;
    const LoadedModel& a = m_modelPage->model();
    m.name = a.name;
    m.config = QString::fromStdString(a.text);
    m.kind = m_modelPage->selectedKind();
    m.shown = modelPageShown();
    m.seqLen = a.seqLen.value_or(0);
    if (m_modelPage->hasCompare()) {
        m.compareName = m_modelPage->compare().name;
        m.compareConfig = QString::fromStdString(m_modelPage->compare().text);
        m.compareKind = m_modelPage->compareKind();
    }
    return m;
}

QString MainWindow::checkSessionModel(const std::optional<SessionModel>& m,
                                      std::pair<LoadedModel, LoadedModel>* out) const {
    if (!m) return {};
    const auto seqLen =
        m->seqLen > 0 ? std::optional<std::int64_t>(m->seqLen) : std::optional<std::int64_t>();
    auto a = loadModelText(m->config.toStdString(), m->name, {}, seqLen);
    if (!a) return tr("model: %1").arg(localisedError(a.error().message));
    out->first = *a;
    if (m->compareConfig.isEmpty()) return {};
    auto b = loadModelText(m->compareConfig.toStdString(), m->compareName);
    if (!b) return tr("compared model: %1").arg(localisedError(b.error().message));
    out->second = *b;
    return {};
}

void MainWindow::applySessionModel(const std::optional<SessionModel>& m,
                                   const std::pair<LoadedModel, LoadedModel>& loaded) {
    if (!m) {
        m_modelPage->clearModel();
        return;
    }
    m_modelPage->setModel(loaded.first, m->kind);
    if (loaded.second.valid())
        m_modelPage->setCompare(loaded.second, m->compareKind);
    else
        m_modelPage->clearCompare();
    if (m->shown) showModelPage();
}

}  // namespace poslab::ui
