# A CTest check of an installed-desktop file (packaging/CMakeLists.txt):
#   cmake -DTOOL=desktop-file-validate -DPACKAGE=desktop-file-utils -DFILE=F
#         [-DARGS=a,b] [-DREFUSE=regex] -P validate.cmake
# Runs TOOL ARGS FILE and fails on a non-zero exit or on any output line matching REFUSE (the
# tools' warnings and notes that still exit 0). A missing tool is a failure, never a skip:
# scripts/setup installs PACKAGE.
foreach(var TOOL PACKAGE FILE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "validate.cmake: -D${var}= is required")
  endif()
endforeach()
string(REPLACE "," ";" ARGS "${ARGS}")
find_program(tool_path NAMES ${TOOL})
if(NOT tool_path)
  message(FATAL_ERROR "${TOOL} is not installed (Debian package ${PACKAGE}; scripts/setup "
                      "installs it): ${FILE} cannot be validated")
endif()
if(NOT EXISTS "${FILE}")
  message(FATAL_ERROR "${FILE} does not exist (build the project first)")
endif()
execute_process(COMMAND ${tool_path} ${ARGS} ${FILE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(JOIN " " shown ${TOOL} ${ARGS} ${FILE})
message("${shown}: exit ${rc}\n${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TOOL} refuses ${FILE}")
endif()
if(DEFINED REFUSE AND out MATCHES "${REFUSE}")
  message(FATAL_ERROR "${TOOL} reports '${CMAKE_MATCH_0}' about ${FILE}")
endif()
