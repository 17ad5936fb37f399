#!/bin/sh
# Renders the app icon's PNG sizes from the scalable SVG (needs rsvg-convert, Debian package
# librsvg2-bin). The PNGs are committed so a build needs no SVG renderer; run this after
# changing resources/icons/io.github.facet.facet.svg.
set -eu
cd "$(dirname "$0")/.."
svg=resources/icons/io.github.facet.facet.svg
for size in 48 64 128 256; do
    rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio "$svg" \
        --output "resources/icons/hicolor/${size}x${size}.png"
done
