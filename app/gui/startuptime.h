#pragma once
// "first frame N ms after the process started" in the log: the start-up time a user waits for,
// measured from the process's own start (the dynamic loader included, /proc/self/stat) to the
// window's first frame on screen. Why in the app: issue #57's goal (≤ 0.5 s warm) needs a figure
// anyone can read off their own machine, not a harness of ours.
#include <QQmlApplicationEngine>

#include <functional>

namespace facet::gui {

// Logs the line (category facet.app) once the first window of `engine` has shown a frame, then
// calls `then` (if any).
void logFirstFrame(QQmlApplicationEngine& engine, std::function<void()> then = {});

// Milliseconds since this process started, or -1 where /proc is missing.
double msSinceProcessStart();

} // namespace facet::gui
