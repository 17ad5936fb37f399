#include "core/types/smokesteps.h"

#include <QCoreApplication>

namespace facet::app {
namespace {

struct StepTitle {
    const char* id;
    const char* title;
};

// QT_TRANSLATE_NOOP marks the texts for lupdate; they are translated when shown.
constexpr StepTitle kSteps[] = {
    {"folder", QT_TRANSLATE_NOOP("SmokeSteps", "The model folder is complete (as inspect-model)")},
    {"runtime", QT_TRANSLATE_NOOP("SmokeSteps", "The RBLN runtime library loads")},
    {"graphs_load", QT_TRANSLATE_NOOP("SmokeSteps", "Every graph loads on the device")},
    {"graph_io",
     QT_TRANSLATE_NOOP("SmokeSteps", "Graph inputs and outputs match the folder's configs")},
    {"vision",
     QT_TRANSLATE_NOOP("SmokeSteps", "The vision tower runs at every level on the built-in image")},
    {"generate", QT_TRANSLATE_NOOP("SmokeSteps",
                                   "Prefill and greedy decode of a fixed question at every level")},
    {"repeatable", QT_TRANSLATE_NOOP("SmokeSteps", "Two greedy runs give the same tokens")},
    {"stop", QT_TRANSLATE_NOOP("SmokeSteps", "Stop during decode ends the request")},
    {"timings", QT_TRANSLATE_NOOP("SmokeSteps", "Timings per level")},
};

} // namespace

QString smokeStepTitle(const QString& id, const QString& engineTitle) {
    for (const StepTitle& step : kSteps)
        if (id == QLatin1String(step.id))
            return QCoreApplication::translate("SmokeSteps", step.title);
    return engineTitle;
}

QString smokeStepStatus(const QString& status) {
    if (status == QLatin1String("pass"))
        //: A smoke-test step's outcome.
        return QCoreApplication::translate("SmokeSteps", "pass");
    if (status == QLatin1String("fail"))
        //: A smoke-test step's outcome.
        return QCoreApplication::translate("SmokeSteps", "fail");
    if (status == QLatin1String("skipped"))
        //: A smoke-test step's outcome: not run because an earlier step failed.
        return QCoreApplication::translate("SmokeSteps", "skipped");
    if (status == QLatin1String("running"))
        //: A smoke-test step that is running now.
        return QCoreApplication::translate("SmokeSteps", "running");
    return status;
}

} // namespace facet::app
