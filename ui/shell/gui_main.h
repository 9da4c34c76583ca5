// The GUI entry point (`poslab` with no arguments).
#pragma once

#include <memory>

class QApplication;

namespace poslab::ui {

// Creates the application and the main window and runs the event loop.
// Environment for scripted screenshots: POSLAB_SCREENSHOT=file.png grabs the window once the
// first results are drawn and quits; POSLAB_LANG=en|zh, POSLAB_THEME=light|dark,
// POSLAB_PAGE=<page id>, POSLAB_TAB=<index>, POSLAB_SIZE=WxH set the starting state.
int runGui(int argc, char** argv);

// Application-wide set-up shared by the GUI, the interactive bench and the widget tests
// (names for QSettings, the Fusion style).
void setUpApplication();

// For subcommands that need Qt but no display (render, bench --interactive): the offscreen
// platform unless one is chosen, a private XDG_RUNTIME_DIR when none is set (so Qt does not warn
// on stderr), a QApplication when none exists yet (returned; null when one does), then
// setUpApplication().
std::unique_ptr<QApplication> makeOffscreenApplication();

}  // namespace poslab::ui
