// The GUI entry point (`poslab` with no arguments).
#pragma once

namespace poslab::ui {

// Creates the application and the main window and runs the event loop.
// Environment for scripted screenshots: POSLAB_SCREENSHOT=file.png grabs the window once the
// first results are drawn and quits; POSLAB_LANG=en|zh, POSLAB_THEME=light|dark,
// POSLAB_PAGE=<page id>, POSLAB_TAB=<index>, POSLAB_SIZE=WxH set the starting state.
int runGui(int argc, char** argv);

// Application-wide set-up shared by the GUI, the interactive bench and the widget tests
// (names for QSettings, the Fusion style).
void setUpApplication();

}  // namespace poslab::ui
