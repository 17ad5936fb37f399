#pragma once
// Test helper: runs `fn` and checks it throws facet::Error whose message contains every
// fragment (file names, field names, the reason), so tests pin the wording users see.
#include "common/error.h"

#include <QTest>

#include <initializer_list>
#include <string>

template <typename Fn>
[[nodiscard]] bool throwsError(Fn&& fn, std::initializer_list<std::string> fragments = {}) {
    try {
        fn();
    } catch (const facet::Error& e) {
        const std::string what = e.what();
        for (const std::string& f : fragments)
            if (what.find(f) == std::string::npos) {
                qWarning("error message \"%s\" lacks \"%s\"", e.what(), f.c_str());
                return false;
            }
        return true;
    }
    qWarning("no facet::Error was thrown");
    return false;
}
