#include "sim/cancel.h"

namespace facet::sim {
namespace {
thread_local const std::atomic<bool>* currentFlag = nullptr;
} // namespace

void setCancelFlag(const std::atomic<bool>* flag) {
    currentFlag = flag;
}

const std::atomic<bool>* cancelFlag() {
    return currentFlag;
}

} // namespace facet::sim
