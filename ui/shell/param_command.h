// One undoable parameter edit of a page. The edits of one slider drag (`drag` > 0, the same
// number) merge into a single undo step; separate edits of the same parameter stay separate steps.
#pragma once

#include <QString>
#include <QUndoCommand>
#include <functional>

#include "core/params/param_spec.h"

namespace poslab::ui {

class ParamCommand : public QUndoCommand {
public:
    ParamCommand(std::function<void(const core::ParamSet&)> apply, QString page, QString name,
                 core::ParamSet before, core::ParamSet after, int drag = 0)
        : m_apply(std::move(apply)),
          m_page(std::move(page)),
          m_name(std::move(name)),
          m_before(std::move(before)),
          m_after(std::move(after)),
          m_drag(drag) {
        setText(m_name);
    }
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = static_cast<const ParamCommand*>(other);
        if (m_drag == 0 || o->m_drag != m_drag || o->m_page != m_page || o->m_name != m_name)
            return false;
        m_after = o->m_after;
        return true;
    }
    void undo() override { m_apply(m_before); }
    void redo() override {
        if (m_first) {  // the edit is already applied
            m_first = false;
            return;
        }
        m_apply(m_after);
    }

private:
    std::function<void(const core::ParamSet&)> m_apply;
    QString m_page, m_name;
    core::ParamSet m_before, m_after;
    int m_drag;
    bool m_first = true;
};

}  // namespace poslab::ui
