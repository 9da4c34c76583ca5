// Environment for tests that create Vulkan devices: Mesa must not write under ~/.cache, and the
// runtime directory must exist with mode 0700 (platform.md).
#pragma once

#include <QDir>
#include <QTemporaryDir>
#include <QtGlobal>

namespace poslab::test {

inline void prepareVulkanEnvironment() {
    static QTemporaryDir runtime;  // removed at exit
    QFile::setPermissions(runtime.path(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
    qputenv("MESA_SHADER_CACHE_DISABLE", "true");
}

// Whether a missing Vulkan device is a failure (POSLAB_REQUIRE_VULKAN=1) rather than a skip.
inline bool vulkanRequired() {
    return qEnvironmentVariableIntValue("POSLAB_REQUIRE_VULKAN") == 1;
}

}  // namespace poslab::test
