# Writes the man page poslab.1.gz from the program's own --help (so the two never disagree):
#   cmake -DPOSLAB=path/to/poslab -DVERSION=X.Y.Z -DOUT=dir/poslab.1.gz -P manpage.cmake
execute_process(COMMAND ${POSLAB} --help RESULT_VARIABLE rc OUTPUT_VARIABLE usage)
if(NOT rc EQUAL 0 OR usage STREQUAL "")
  message(FATAL_ERROR "${POSLAB} --help failed (${rc})")
endif()
# The first line is the title; the rest is the synopsis of every command, kept as it is printed.
# (string(FIND), not a REGEX REPLACE with ^, which CMake applies at every match.)
string(FIND "${usage}" "usage:\n" start)
if(start LESS 0)
  message(FATAL_ERROR "${POSLAB} --help prints no 'usage:' line")
endif()
math(EXPR start "${start} + 7")
string(SUBSTRING "${usage}" ${start} -1 usage)
# troff: a backslash is \e, a hyphen \-, and a line may not start with a control character.
string(REPLACE "\\" "\\e" usage "${usage}")
string(REPLACE "-" "\\-" usage "${usage}")
string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" usage "${usage}")
set(page [=[.TH POSLAB 1 "" "PosLab @VERSION@" "User Commands"
.SH NAME
poslab \- a laboratory for Transformer positional encodings
.SH SYNOPSIS
.B poslab
.br
.B poslab
.I command
.RI [ options ]
.SH DESCRIPTION
Without arguments,
.B poslab
opens the explorer window: every positional encoding of the notes (sinusoidal, learned,
FLOATER, complex\-order, RoPE and its scalings, xPos, Shaw, Transformer\-XL, T5, DeBERTa, URPE,
ALiBi) computed exactly and redrawn live, with lessons, model configurations and figures for
slides. The commands below work without a display.
.SH COMMANDS
.nf
@usage@.fi
.SH ENVIRONMENT
.TP
.B POSLAB_MEMORY_BUDGET
the largest result a request may build (default 2GiB), as \fB\-\-memory\-budget\fR takes it.
.TP
.B QT_QPA_PLATFORM
.B offscreen
runs the window without a display.
.SH EXIT STATUS
0 on success; 2 for any error, with one line on standard error and no output file left behind.
]=])
string(CONFIGURE "${page}" page @ONLY)
get_filename_component(dir "${OUT}" DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" plain "${OUT}")
file(WRITE "${plain}" "${page}")
# Debian compresses man pages; a raw gzip stream of the one file.
file(ARCHIVE_CREATE OUTPUT "${OUT}" PATHS "${plain}" FORMAT raw COMPRESSION GZip)
