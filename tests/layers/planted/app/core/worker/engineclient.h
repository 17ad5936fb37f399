#pragma once
// Planted for test_check_layers.py: the core reaching into a view and into Qt Quick.
#include "Chat/chatsession.h"

#include <QQuickItem>
