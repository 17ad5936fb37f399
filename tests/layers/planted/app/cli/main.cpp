// Planted for test_check_layers.py: facet-cli reaching into the app's core.
#include "core/worker/engineclient.h"
#include "generate/engine.h"
