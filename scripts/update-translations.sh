#!/bin/sh
# Refreshes the translation sources from the code: every qsTr()/tr()/translate() text in app/core,
# app/gui and qml/ goes into translations/facet_ko.ts (Korean, every text) and
# translations/facet_en.ts (English: only the texts with plural forms, "%n image(s)"). Texts that
# are new or changed come in marked unfinished: translate them (Qt Linguist, `linguist
# translations/facet_ko.ts`, or an editor) with the terms of translations/README.md, then run the
# tests (`ctest --preset dev -R translations`) — they fail while a text has no Korean translation.
#
#   scripts/update-translations.sh            update translations/*.ts in place
#   scripts/update-translations.sh OUT_DIR    write the .ts files into OUT_DIR instead (a copy of
#                                             the committed ones, updated; used by the test)
# facet-cli (app/cli) is not scanned: it is Qt-free and speaks English.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
lupdate=${LUPDATE:-}
if [ -z "$lupdate" ]; then
    for candidate in /usr/lib/qt6/bin/lupdate "$(command -v lupdate6 || true)" \
                     "$(command -v lupdate || true)"; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then lupdate=$candidate; break; fi
    done
fi
if [ -z "$lupdate" ]; then
    echo "update-translations.sh: lupdate not found (install qt6-l10n-tools)" >&2
    exit 1
fi
out=${1:-$root/translations}
if [ "$out" != "$root/translations" ]; then
    mkdir -p "$out"
    cp "$root/translations/facet_ko.ts" "$root/translations/facet_en.ts" "$out/"
fi
cd "$root"
# -I: the include roots, so tr() in a class is filed under its full name (facet::app::EngineClient)
# as at run time. -no-obsolete drops texts the code no longer has; -locations none keeps line
# numbers out of the files so an unrelated edit does not touch them.
common="app/core app/gui qml -I app -I qml -I engine -extensions cpp,h,qml,js -no-obsolete \
-locations none -source-language en"
# shellcheck disable=SC2086 # $common is a word list on purpose
"$lupdate" -silent $common -target-language ko -ts "$out/facet_ko.ts"
# shellcheck disable=SC2086
"$lupdate" -silent $common -target-language en -pluralonly -ts "$out/facet_en.ts"
