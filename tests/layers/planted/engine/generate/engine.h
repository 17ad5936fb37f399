#pragma once
// Planted for test_check_layers.py: the engine reaching up into the app's core and into Qt.
#include "core/worker/engineclient.h"

#include <QString>
