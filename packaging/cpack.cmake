# The .deb (`cpack -G DEB` in a build folder, or scripts/package): the install rules of
# packaging/CMakeLists.txt under /usr. Dependencies on libraries come from the ones the binary
# links (dpkg-shlibdeps, from dpkg-dev); the rest are named here because nothing links them:
# - Depends fonts-dejavu-core, fonts-dejavu-extra: figures name DejaVu Sans for Latin text
#   (ui/figure/paint_style.cpp) so that they look the same on every machine, with its oblique for
#   the formula line (-extra; Qt would slant the upright one instead). 10 MB, often there already.
# - Recommends fonts-noto-cjk: the Chinese interface and figures name Noto Sans CJK SC. Large
#   (about 90 MB), and the English program works without it: apt installs it unless told not to.
# - Recommends libvulkan1, mesa-vulkan-drivers: Vulkan is opened at run time (dlopen, gpu/vulkan/)
#   and the program falls back to the CPU without it, so a GPU is a recommendation, not a need.
# Qt's xcb and offscreen platform plugins ship in libqt6gui6, which shlibdeps brings in.
# A -march=native build makes a package for this CPU only: cpack warns (cpack_project_config).
set(CPACK_POSLAB_NATIVE ${POSLAB_NATIVE})
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/cpack_project_config.cmake)

set(CPACK_PACKAGE_NAME poslab)
set(CPACK_PACKAGE_VENDOR "PosLab")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${POSLAB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "laboratory for Transformer positional encodings")
set(CPACK_PACKAGE_DESCRIPTION
    "PosLab shows the positional encodings of Transformers (sinusoidal, learned, FLOATER, \
complex-order, RoPE and its scalings, xPos, Shaw, Transformer-XL, T5, DeBERTa, URPE, ALiBi), \
computed exactly and redrawn live as parameters change. It reads the RoPE of a model's \
config.json, exports results as NumPy, CSV or JSON and figures for slides as PNG, SVG or PDF, \
guides through lessons, and computes on the GPU with Vulkan or on the CPU. English and Chinese \
interface; every computation is also a command that needs no display.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${POSLAB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${POSLAB_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, fonts-dejavu-extra")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, libvulkan1, mesa-vulkan-drivers")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

set(CPACK_GENERATOR DEB)
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)
