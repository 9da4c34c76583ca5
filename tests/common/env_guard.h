// Sets an environment variable for the lifetime of a scope and restores it (or unsets it) after,
// so that a test that fakes a missing Vulkan loader or driver leaves the next test untouched.
#pragma once

#include <QByteArray>
#include <QtGlobal>

namespace poslab::test {

class EnvGuard {
public:
    EnvGuard(const char* name, const QByteArray& value)
        : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name)) {
        qputenv(name, value);
    }
    ~EnvGuard() {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;

private:
    const char* m_name;
    bool m_had;
    QByteArray m_old;
};

}  // namespace poslab::test
