// The parameter panel, generated from an encoding's ParamSpecs: slider + exact entry for numbers
// (a log slider where the spec says so, e.g. base from 2 to 1e7), choices for enums, a check box
// for booleans, a picker for files, a reset button per parameter, tooltips with the allowed range,
// and a message line that refuses invalid values or sizes over the memory budget before any work.
#pragma once

#include <QHash>
#include <QWidget>

#include "core/registry.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QFormLayout;
class QVBoxLayout;
QT_END_NAMESPACE

namespace poslab::ui {

class ParamRow;

class ParamPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParamPanel(QWidget* parent = nullptr);

    // Rebuilds the rows for `enc` (null: empty) showing `values`.
    // `preset`: the page's values, which each row's reset button restores (a parameter the
    // preset lacks resets to its spec default).
    void setEncoding(const core::EncodingDescriptor* enc, const core::ParamSet& values,
                     const core::ParamSet& preset = {});
    // Model -> widgets (no edited() signals).
    void setValues(const core::ParamSet& values);
    const core::ParamSet& values() const { return m_values; }
    const core::EncodingDescriptor* encoding() const { return m_enc; }

    // Shows why the current values are refused (empty: clears it): core's English message, shown
    // in the interface language (localisedError); the field it names is marked.
    void setMessage(const QString& text);
    QString message() const;  // as shown
    // The parameter whose field is marked as refused (empty: none).
    QString invalidParameter() const;

    // Programmatic edit as the user would do it (tests, the interactive bench).
    bool setText(const QString& name, const QString& text);
    // Several such edits in order (a click on a view that chooses its query).
    void setTexts(const QList<QPair<QString, QString>>& values) {
        for (const auto& [name, text] : values) setText(name, text);
    }
    // The widgets of one parameter, for tests.
    QWidget* editorFor(const QString& name) const;
    // Whether a parameter's row is shown (it exists and matters for the current values).
    bool isShown(const QString& name) const;

signals:
    void edited(const QString& name);

protected:
    void changeEvent(QEvent* e) override;

private:
    void onRowChanged(const QString& name, const core::ParamValue& value);
    void updateRelevance();
    void retranslate();

    const core::EncodingDescriptor* m_enc = nullptr;
    core::ParamSet m_values;
    QVBoxLayout* m_layout;
    QWidget* m_rowsBox = nullptr;
    QLabel* m_header;
    QLabel* m_message;
    QString m_messageSource;  // the English message shown translated in m_message
    QHash<QString, ParamRow*> m_rows;
};

// Localised "allowed" text for a spec (tooltips).
QString allowedText(const core::ParamSpec& spec);

}  // namespace poslab::ui
