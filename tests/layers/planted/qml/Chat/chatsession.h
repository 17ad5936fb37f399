#pragma once
// Planted for test_check_layers.py: a view including the engine is allowed (one way down).
#include "generate/engine.h"
