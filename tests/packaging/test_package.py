#!/usr/bin/env python3
"""Builds the Debian package and runs Facet from a moved copy of its tree.

1. `cpack -G DEB` in the build folder; the file list and size go to OUT/package-files.txt.
2. lintian: no error, and no warning that packaging/lintian-accepted.txt does not list.
3. Depends names every QML module package `facet --check-qml-modules` lists, and no RBLN runtime;
   Recommends names Qt's translations and a Korean font.
4. `dpkg-deb -x` into a scratch folder outside the build tree, then the tree is MOVED to another
   path: nothing may depend on where it was unpacked or built. The desktop file, metainfo and
   icons are installed under the app id (--app-id) and name it inside.
5. From there, with a clean environment: `facet-cli --version`, `facet-cli ask` on the installed
   demo model and a sample image, `facet-cli smoke-test`, `facet --version`,
   `facet --check-qml-modules`, and the app offscreen with a sample image (FACET_QUIT_AFTER_LOAD:
   it loads the demo model from the moved tree, attaches the image and exits 0).
6. Nothing in the tree was written (the installed tree stays read-only in use).
   (The smoke test runs beside lintian and the other runs: it is the slowest step.)
7. No installed file contains the source or build folder's path (`strings`, and a byte search).
Usage: test_package.py --build BUILD_DIR --source SOURCE_DIR --out OUT_DIR --app-id ID
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def run(argv, env=None, timeout=120, cwd=None):
    t = time.monotonic()
    r = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    print("  $ %s  (exit %d, %.1f s)" % (" ".join(argv), r.returncode, time.monotonic() - t),
          flush=True)
    return r


def build_deb(build, scratch):
    r = run(["cpack", "-G", "DEB", "-B", scratch, "--config",
             os.path.join(build, "CPackConfig.cmake")], cwd=build, timeout=300)
    if not check(r.returncode == 0, "cpack builds the package"):
        print(r.stdout[-3000:], r.stderr[-3000:])
        return None
    debs = [f for f in os.listdir(scratch) if f.endswith(".deb")]
    check(len(debs) == 1, "one .deb written: %s" % debs)
    return os.path.join(scratch, debs[0]) if debs else None


def lintian(deb, accepted_file):
    accepted = {}
    with open(accepted_file, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                tag, _, reason = line.partition(" ")
                accepted[tag] = reason.strip()
    r = run(["lintian", "--allow-root", "--info", "--tag-display-limit", "0", deb], timeout=300)
    print(r.stdout, r.stderr)
    tags = re.findall(r"^([EWIPX]): \S+: (\S+)(.*)$", r.stdout, re.M)
    errors = [t for t in tags if t[0] == "E"]
    warnings = [t for t in tags if t[0] == "W"]
    check(not errors, "lintian reports no error: %s" % errors)
    unlisted = [t for t in warnings if t[1] not in accepted]
    check(not unlisted, "every lintian warning is in packaging/lintian-accepted.txt: %s" % unlisted)
    check(r.returncode in (0, 2) or not errors, "lintian ran (exit %d)" % r.returncode)
    return r.stdout


SCREENSHOT_URL = "https://raw.githubusercontent.com/facet/facet/main/"


def check_screenshots(source, app_id):
    """Every metainfo screenshot URL names a committed PNG of the stated size."""
    import struct
    import xml.etree.ElementTree as ET
    meta = os.path.join(source, "packaging", app_id + ".metainfo.xml")
    images = ET.parse(meta).getroot().findall("./screenshots/screenshot/image")
    check(len(images) >= 1, "the metainfo has screenshots")
    for image in images:
        url = image.text.strip()
        path = os.path.join(source, url[len(SCREENSHOT_URL):])
        ok = url.startswith(SCREENSHOT_URL) and os.path.isfile(path)
        if ok:
            with open(path, "rb") as f:
                head = f.read(24)
            w, h = struct.unpack(">II", head[16:24])
            ok = head[:8] == b"\x89PNG\r\n\x1a\n" and (str(w), str(h)) == (
                image.get("width"), image.get("height"))
        check(ok, "screenshot %s is a committed PNG of the stated size" % url)


def check_desktop_names(usr, app_id):
    """The desktop file, metainfo and icons are installed under the one app id, which names
    them inside too (the metainfo's id and launchable, the desktop file's Icon)."""
    import xml.etree.ElementTree as ET
    share = os.path.join(usr, "share")
    desktop = os.path.join(share, "applications", app_id + ".desktop")
    meta = os.path.join(share, "metainfo", app_id + ".metainfo.xml")
    if not check(os.path.isfile(desktop) and os.path.isfile(meta),
                 "%s.desktop and %s.metainfo.xml are installed" % (app_id, app_id)):
        return
    root = ET.parse(meta).getroot()
    check(root.findtext("id") == app_id and root.findtext("launchable") == app_id + ".desktop",
          "the metainfo's id and launchable name %s" % app_id)
    with open(desktop, encoding="utf-8") as f:
        icon = re.search(r"^Icon=(.*)$", f.read(), re.M)
    icons = [os.path.join(share, "icons", "hicolor", size, "apps", app_id + ext)
             for size, ext in [("scalable", ".svg")] + [("%dx%d" % (n, n), ".png")
                                                       for n in (48, 64, 128, 256)]]
    missing = [os.path.relpath(p, usr) for p in icons if not os.path.isfile(p)]
    check(icon and icon.group(1) == app_id and not missing,
          "the desktop file's icon is %s, installed at every size (missing: %s)"
          % (app_id, missing))


def manifest(root):
    out = {}
    for d, dirs, files in os.walk(root):
        for name in dirs + files:
            p = os.path.join(d, name)
            st = os.lstat(p)
            digest = ""
            if os.path.isfile(p) and not os.path.islink(p):
                with open(p, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
            out[os.path.relpath(p, root)] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--app-id", required=True)
    a = ap.parse_args()
    build, source = os.path.realpath(a.build), os.path.realpath(a.source)
    os.makedirs(a.out, exist_ok=True)
    # Outside the build and source trees, so nothing can be found by walking up from the tree.
    scratch = tempfile.mkdtemp(prefix="facet-pkg-")
    try:
        return test(build, source, a.out, scratch, a.app_id)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test(build, source, out, scratch, app_id):
    check_screenshots(source, app_id)
    deb = build_deb(build, os.path.join(scratch, "cpack"))
    if not deb:
        return 1
    size = os.path.getsize(deb)
    listing = run(["dpkg-deb", "-c", deb]).stdout
    fields = run(["dpkg-deb", "-f", deb]).stdout
    with open(os.path.join(out, "package-files.txt"), "w", encoding="utf-8") as f:
        f.write("%s: %d bytes\n\n%s\n%s" % (os.path.basename(deb), size, fields, listing))
    print("package %s: %.1f MB, %d entries" % (os.path.basename(deb), size / 1e6,
                                                len(listing.splitlines())))
    print(fields)
    depends = re.search(r"^Depends: (.*)$", fields, re.M)
    depends = depends.group(1) if depends else ""
    check("rbln" not in depends.lower(), "the RBLN runtime is not a dependency")
    for needed in ("libqt6quick6", "libc6"):
        check(needed in depends, "Depends (dpkg-shlibdeps) names %s" % needed)
    # Korean users need Qt's own translations and a font with Hangul; neither is a hard need.
    field = re.search(r"^Recommends: (.*)$", fields, re.M)
    recommends = [p.strip() for p in re.split(r"[,|]", field.group(1))] if field else []
    check("qt6-translations-l10n" in recommends
          and bool({"fonts-nanum", "fonts-noto-cjk"} & set(recommends)),
          "Recommends Qt's translations and a Korean font: %s" % recommends)

    unpacked = os.path.join(scratch, "unpacked")
    r = run(["dpkg-deb", "-x", deb, unpacked])
    check(r.returncode == 0, "dpkg-deb -x unpacks the package")
    moved = os.path.join(scratch, "somewhere", "else")
    os.makedirs(os.path.dirname(moved))
    os.rename(unpacked, moved)
    check(not os.path.exists(unpacked), "the tree was moved to %s" % moved)
    usr = os.path.join(moved, "usr")
    cli, app = os.path.join(usr, "bin", "facet-cli"), os.path.join(usr, "bin", "facet")
    data = os.path.join(usr, "share", "facet")
    check_desktop_names(usr, app_id)
    before = manifest(moved)

    home = os.path.join(scratch, "home")
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
           "XDG_DATA_HOME": os.path.join(home, "data"),
           "XDG_CONFIG_HOME": os.path.join(home, "config"),
           "XDG_CACHE_HOME": os.path.join(home, "cache"),
           "XDG_STATE_HOME": os.path.join(home, "state"),
           "XDG_RUNTIME_DIR": os.path.join(scratch, "run"),
           "QT_QPA_PLATFORM": "offscreen", "QT_QPA_OFFSCREEN_NO_GLX": "1"}
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
    for key in ("ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS"):
        if key in os.environ:
            env[key] = os.environ[key]

    r = run([cli, "--version"], env)
    check(r.returncode == 0 and "facet-cli " in r.stdout, "facet-cli --version")
    print(r.stdout)
    check("simulator: %s/lib/" % usr in r.stdout and "(installed)" in r.stdout,
          "facet-cli finds the simulator in the moved tree")
    check("demo model: %s/demo-model\n" % data in r.stdout,
          "facet-cli finds the demo model in the moved tree")

    # The documented overrides: FACET_DATA_DIR and FACET_SIM_RUNTIME win over the installed
    # layout, and a missing data folder is named in the error.
    nodata = os.path.join(scratch, "no-data-here")
    r = run([cli, "--version"], dict(env, FACET_DATA_DIR=nodata, FACET_SIM_RUNTIME="/x/sim.so"))
    check("demo model: %s/demo-model — missing" % nodata in r.stdout
          and "simulator: /x/sim.so (FACET_SIM_RUNTIME)" in r.stdout,
          "FACET_DATA_DIR and FACET_SIM_RUNTIME override the installed layout")
    r = run([cli, "ask", "--max-new-tokens", "2", "Hello?"], dict(env, FACET_DATA_DIR=nodata))
    check(r.returncode != 0 and nodata in r.stderr,
          "a missing FACET_DATA_DIR fails naming the folder: %s" % r.stderr.strip()[-300:])

    # The smoke test is the slowest step (every level on the simulated NPU): it runs beside
    # lintian and the other runs, on the same untouched tree.
    report = os.path.join(scratch, "smoke.json")
    smoke_argv = [cli, "smoke-test", "--report", report]
    t_smoke = time.monotonic()
    smoke = subprocess.Popen(smoke_argv, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    with open(os.path.join(out, "lintian.txt"), "w", encoding="utf-8") as f:
        f.write(lintian(deb, os.path.join(source, "packaging", "lintian-accepted.txt")))

    sample = os.path.join(data, "samples", "house.jpg")
    r = run([cli, "ask", "--image", sample + "@70", "--seed", "1", "--max-new-tokens", "6",
             "--json", "What is in the picture?"], env, timeout=180)
    events = []
    for line in r.stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            pass
    stats = [e for e in events if isinstance(e, dict) and "stats" in json.dumps(e)[:40]]
    check(r.returncode == 0, "facet-cli ask with the demo model and a sample image exits 0 (%s)"
          % r.stderr.strip()[-300:])
    check(any('"image' in json.dumps(e) for e in stats) and len(r.stdout) > 0,
          "facet-cli ask printed its stats with the image")
    print(r.stdout[-800:])

    r = run([app, "--version"], env)
    check(r.returncode == 0 and "facet " in r.stdout and "Qt " in r.stdout, "facet --version")
    print(r.stdout)
    r = run([app, "--check-qml-modules"], env, timeout=60)
    check(r.returncode == 0, "facet --check-qml-modules: all installed")
    packages = re.findall(r"\((qml6-module-[a-z0-9-]+)\)", r.stdout)
    check(packages and all(p in depends for p in packages),
          "Depends lists every QML module package the app checks: %s" % packages)

    r = run([app, os.path.join(data, "samples", "bars.png")],
            dict(env, FACET_QUIT_AFTER_LOAD="1"), timeout=120)
    log_file = os.path.join(env["XDG_STATE_HOME"], "facet", "facet.log")
    log = open(log_file, encoding="utf-8").read() if os.path.exists(log_file) else ""
    check(r.returncode == 0, "the app starts offscreen and exits 0 after loading (%s)"
          % r.stderr.strip()[-500:])
    check("model loaded from %s" % os.path.join(data, "demo-model") in log,
          "the app loaded the demo model from the moved tree")
    check("attached 1 of 1 image(s) from the command line (now 1 attached)" in log,
          "`facet IMAGE` attached the image")

    try:
        _, smoke_err = smoke.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        smoke.kill()
        _, smoke_err = smoke.communicate()
    print("  $ %s  (exit %d, %.1f s)" % (" ".join(smoke_argv), smoke.returncode,
                                        time.monotonic() - t_smoke))
    check(smoke.returncode == 0, "facet-cli smoke-test passes (%s)" % smoke_err.strip()[-300:])
    text = open(report, encoding="utf-8").read() if os.path.exists(report) else ""
    check(os.path.join(data, "demo-model") in text, "the smoke test ran the moved demo model")

    after = manifest(moved)
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    check(not changed, "nothing in the installed tree was written: %s" % changed[:10])

    needles = sorted({source, build, os.path.realpath(source), os.path.realpath(build)},
                     key=len)
    found = []
    for d, _, files in os.walk(moved):
        for name in files:
            p = os.path.join(d, name)
            if os.path.islink(p):
                continue
            with open(p, "rb") as f:
                blob = f.read()
            if any(n.encode() in blob for n in needles):
                found.append(os.path.relpath(p, moved))
            if blob[:4] == b"\x7fELF":
                s = run(["strings", "-a", p]).stdout
                if any(n in s for n in needles):
                    found.append(os.path.relpath(p, moved) + " (strings)")
    check(not found, "no installed file holds %s: %s" % (" or ".join(needles), found))

    print("\n%d check(s) failed" % len(failures) if failures else "\nall checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
