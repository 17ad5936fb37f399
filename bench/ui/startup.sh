#!/bin/sh
# Start-up benchmark (issue #57: first frame <= 0.5 s warm, RSS with the demo model <= 300 MB).
# Starts the app N times with the built-in demo model and FACET_QUIT_AFTER_LOAD=1 (it quits once
# the model has loaded), in a private HOME kept across the runs (warm: the QML and shader caches
# and the tokenizer cache filled by the first start, as on a user's second start), and prints
# per run the app's own "first frame N ms after the process started" log line and the peak RSS
# (VmHWM, polled every 0.1 s). PLATFORM: offscreen (software renderer), or xcb on a private
# Xvfb inside a D-Bus session (a desktop session has a bus; without one Qt spawns dbus-launch).
#   bench/ui/startup.sh BUILD_DIR [RUNS] [offscreen|xcb]
# Exits 1 when a start logs no first frame (the bench-smoke ctest runs RUNS=0).
set -eu
app=$1/app/gui/facet
runs=${2:-5}
platform=${3:-offscreen}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
once() {
    log=$home/run.log
    # TMPDIR: the single-instance socket's fallback folder, private so that a facet running
    # elsewhere (a test beside this one) does not take this start's place
    mkdir -p "$home/tmp"
    HOME=$home TMPDIR=$home/tmp XDG_RUNTIME_DIR= XDG_CONFIG_HOME= XDG_DATA_HOME= XDG_CACHE_HOME= \
        XDG_STATE_HOME= QT_QPA_PLATFORM=$platform \
        FACET_QUIT_AFTER_LOAD=1 "$app" >"$log" 2>&1 &
    pid=$!
    peak=0
    while kill -0 "$pid" 2>/dev/null; do
        kb=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        [ -n "$kb" ] && peak=$kb
        sleep 0.1
    done
    wait "$pid" || true
    frame=$(grep -o 'first frame [0-9]*' "$log" | head -1 | grep -o '[0-9]*$' || true)
    label=$i
    [ "$i" = 0 ] && label="0 (cold caches)"
    if [ -z "$frame" ]; then
        echo "run $i: the app logged no first frame; its output:" >&2
        cat "$log" >&2
        exit 1
    fi
    echo "| $label | $frame | $((peak / 1024)) |"
}
if [ "$platform" = xcb ] && [ -z "${FACET_STARTUP_IN_SESSION:-}" ]; then
    # this script again, inside Xvfb (xvfb-run) and a D-Bus session (dbus-run-session)
    exec env FACET_STARTUP_IN_SESSION=1 xvfb-run -a -s "-screen 0 1920x1080x24" \
        dbus-run-session -- sh "$0" "$@"
fi
echo "start-up, $platform, demo model, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| run | first frame ms | peak RSS MB |"
echo "|---|---|---|"
# run 0 fills the caches (a first start) and is labelled so
for i in $(seq 0 "$runs"); do
    once
done
