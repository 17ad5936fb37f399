#pragma once
// The demo model's examples for the app's "Try it" menu: samples.json in the samples/ folder
// beside the built-in demo model (resources/demo-model/samples, copied there by the build and
// installed with the model), read the one way the app and its tests read it.
//
//   {"samples": [{"image": "shapes.png", "level": 280, "question": "What shape is purple?",
//                 "answer": "A star.", "compare_with_level": 70}, …]}
//
// `image` is a file name in that folder (no path), `level` one of the five detail levels the
// image is attached at, `compare_with_level` (optional) a second level: the example opens
// Compare levels… with both. `answer` is what a perfect model says; the app does not show it.
#include <QList>
#include <QString>
#include <QStringList>

namespace facet::ui {

struct DemoSample {
    QString imagePath; // absolute, inside the samples folder
    QString question;
    int level = 0;
    int compareWithLevel = 0; // 0: none
};

struct DemoSampleList {
    QList<DemoSample> samples;
    // What could not be used, each naming the file (and the entry): the rest is still offered.
    QStringList problems;
};

// The samples folder of the built-in demo model (<demo model folder>/samples).
[[nodiscard]] QString builtinDemoSamplesFolder();
// Reads FOLDER/samples.json (a regular file of at most 64 KiB). Entries with a missing image,
// an unknown level or a missing question are left out, each with a problem.
[[nodiscard]] DemoSampleList readDemoSamples(const QString& folder);

} // namespace facet::ui
