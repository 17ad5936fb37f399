"""`facet-cli sweep` end to end on the built demo model.

  test_sweep_cli.py --cli FACET_CLI --model DEMO_FOLDER --work SCRATCH_DIR [CASE...]

Cases (all by default):
  end_to_end  a folder with the demo model's samples under non-ASCII, space- and markup-
              containing names in a subfolder, a corrupt .png and a text file: the corrupt
              file is listed with its reason and left out, every other run is in runs.jsonl,
              runs.csv, summary.json and report.html (names escaped, thumbnails inline), the
              printed word is read at 1120 and not at 70 (as the samples promise), and --json
              gives start, run and summary events.
  resume      SIGKILL the sweep after a few runs, tear its last line as a kill inside a write
              would, run the same command again: every (image, question, level) key exactly
              once, none of the first process's runs asked again.
  compare     `facet-cli compare` names the lowest level that agrees with the highest one, by
              the sweep's rule, in text and --json.
"""
import argparse
import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "resources", "demo-model", "samples")
WORD_Q = "What word is written in the image?"
COLOR_Q = "What color is the circle?"

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def read_jsonl(path):
    runs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            j = json.loads(line)
            if j["type"] == "run":
                runs.append(j)
    return runs


def key(j):
    return (j["image"], j["question"], j["level"])


def end_to_end(args):
    work = os.path.join(args.work, "e2e")
    shutil.rmtree(work, ignore_errors=True)
    images = os.path.join(work, "images", "sub dir")
    os.makedirs(images)
    word = os.path.join(images, "wörd 한글.png")
    shapes = os.path.join(images, "a <b>&amp; shapes.png")
    shutil.copy(os.path.join(SAMPLES, "word.png"), word)
    shutil.copy(os.path.join(SAMPLES, "shapes.png"), shapes)
    corrupt = os.path.join(images, "corrupt.png")
    with open(corrupt, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + b"not really a png" * 8)
    with open(os.path.join(images, "notes.txt"), "w") as f:
        f.write("not an image, not looked at\n")
    questions = os.path.join(work, "questions.txt")
    with open(questions, "w", encoding="utf-8") as f:
        f.write(f"# the two task questions\n{WORD_Q}\n\n{COLOR_Q}\n")
    out = os.path.join(work, "out")
    cmd = [args.cli, "sweep", "--images", os.path.join(work, "images"), "--questions", questions,
           "--levels", "70,1120", "--model", args.model, "--max-new-tokens", "24", "--json",
           "--out", out]
    t = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    print(f"sweep took {time.monotonic() - t:.1f} s")
    check(p.returncode == 0, f"sweep exits 0 (got {p.returncode}; stderr {p.stderr[-400:]!r})")
    events = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    check(events and events[0]["type"] == "start" and events[0]["planned_runs"] == 8,
          "--json starts with a start event planning 2 images x 2 questions x 2 levels")
    skipped = [e for e in events if e["type"] == "skipped"]
    check(len(skipped) == 1 and skipped[0]["image"].endswith("corrupt.png")
          and "corrupt.png:" in skipped[0]["reason"],
          f"the corrupt file is listed with its reason: {skipped}")
    check("corrupt.png" in p.stderr, "and named on stderr")
    run_events = [e for e in events if e["type"] == "run"]
    check([e["done"] for e in run_events] == list(range(1, 9)), "a run event per run, counted")
    check(events[-1]["type"] == "summary" and events[-1]["complete"] is True,
          "--json ends with the summary")

    runs = read_jsonl(os.path.join(out, "runs.jsonl"))
    by_key = {key(r): r for r in runs}
    check(len(runs) == 8 and len(by_key) == 8, "runs.jsonl holds each of the 8 runs once")
    check(all("notes.txt" not in r["image"] for r in runs), "the text file is not an image")
    w1120 = by_key.get((word, WORD_Q, 1120), {})
    w70 = by_key.get((word, WORD_Q, 70), {})
    check(w1120.get("answer") == "ROOM.", f"1120 reads the word: {w1120.get('answer')!r}")
    check(w70.get("answer") not in (None, "ROOM."), f"70 does not: {w70.get('answer')!r}")
    check(w1120.get("soft_tokens", 0) > w70.get("soft_tokens", 10**9) > 0,
          "soft tokens grow with the level")
    check(all(r["ttft_ms"] > 0 and r["total_ms"] >= r["ttft_ms"] and r["bucket"] > 0
              for r in runs), "every run has its timings and bucket")

    with open(os.path.join(out, "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    levels = {l["level"]: l for l in summary["levels"]}
    check(summary["reference"] == 1120 and levels[1120]["agreement"] == 1.0,
          "the reference is the highest level and agrees with itself")
    check(levels[70]["compared"] == 4 and levels[70]["agreement"] < 1.0,
          f"70 disagrees on the word: {levels[70]['agreeing']}/{levels[70]['compared']}")
    rec = summary["recommendation"]
    check(rec["level"] is None and "keep 1120" in rec["text"],
          f"no level reaches 95 % here, and it says so: {rec['text']!r}")
    check(len(summary["skipped_images"]) == 1, "summary.json lists the skipped file")

    with open(os.path.join(out, "runs.csv"), encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    check(len(rows) == 8 and {r["agrees_with_reference"] for r in rows} <= {"yes", "no"},
          "runs.csv: a row per run with its agreement")
    with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
        html = f.read()
    check("<b>&amp;" not in html and "a &lt;b&gt;&amp;amp; shapes.png" in html,
          "report.html escapes the file name with markup in it")
    check("wörd 한글.png" in html, "and keeps the non-ASCII name readable")
    check("<svg" in html and "data:image/png;base64," in html,
          "report.html has the plot and inline thumbnails")
    check("ROOM." in html and "Disagreements (" in html, "and the disagreement side by side")
    check("src=\"http" not in html and "<script" not in html, "and nothing from outside")

    # The same command again: nothing left to do, the same numbers.
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    ev = [json.loads(line) for line in again.stdout.splitlines() if line.strip()]
    check(again.returncode == 0 and ev[0]["already_done"] == 8
          and not [e for e in ev if e["type"] == "run"], "a finished sweep runs nothing again")


def resume(args):
    work = os.path.join(args.work, "resume")
    shutil.rmtree(work, ignore_errors=True)
    images = os.path.join(work, "images")
    os.makedirs(images)
    for i in range(6):
        src = "word.png" if i % 2 else "shapes.png"
        shutil.copy(os.path.join(SAMPLES, src), os.path.join(images, f"image {i}.png"))
    out = os.path.join(work, "out")
    jsonl = os.path.join(out, "runs.jsonl")
    cmd = [args.cli, "sweep", "--images", images, "--question", WORD_Q, "--levels", "70,280",
           "--model", args.model, "--max-new-tokens", "16", "--json", "--out", out]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    seen = 0
    while time.monotonic() < deadline and proc.poll() is None:
        if os.path.exists(jsonl):
            with open(jsonl, encoding="utf-8") as f:
                seen = sum(1 for line in f if '"type":"run"' in line)
            if seen >= 5:
                break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    check(proc.returncode == -signal.SIGKILL, "the first sweep was killed mid-way")
    before = read_jsonl(jsonl)
    check(5 <= len(before) < 12, f"it had written {len(before)} of 12 runs")
    # A kill inside write(2) leaves half a line; make sure the second process meets one.
    with open(jsonl, "a", encoding="utf-8") as f:
        f.write('{"type":"run","image":"' + images + '/image 5.png","question":"What w')

    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    check(p.returncode == 0, f"the same command again exits 0 ({p.stderr[-300:]!r})")
    check("dropped a torn last line" in p.stderr, "and says it dropped the torn line")
    events = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    check(events[0]["already_done"] == len(before),
          f"it starts from the {len(before)} runs on disk")
    asked = [key(e) for e in events if e["type"] == "run"]
    check(not set(asked) & {key(r) for r in before}, "no run of the first process asked again")
    after = read_jsonl(jsonl)
    keys = [key(r) for r in after]
    expected = {(os.path.join(images, f"image {i}.png"), WORD_Q, level)
                for i in range(6) for level in (70, 280)}
    check(len(keys) == len(set(keys)), "no key twice in runs.jsonl")
    check(set(keys) == expected, "no key missing")
    with open(jsonl, encoding="utf-8") as f:
        check(all(line.endswith("\n") for line in f), "every line whole")


def compare(args):
    word = os.path.join(SAMPLES, "word.png")
    p = subprocess.run([args.cli, "compare", "--model", args.model, "--image", word, "--levels",
                        "70,1120", "--greedy", "--max-new-tokens", "16", WORD_Q],
                       capture_output=True, text=True, timeout=120)
    check(p.returncode == 0 and "no lower level gives the same answer as 1120" in p.stdout,
          "compare says no lower level reads the word as 1120 does")
    shapes = os.path.join(SAMPLES, "shapes.png")
    p = subprocess.run([args.cli, "compare", "--model", args.model, "--image", shapes, "--levels",
                        "280,560,1120", "--greedy", "--max-new-tokens", "16", "--json", COLOR_Q],
                       capture_output=True, text=True, timeout=120)
    events = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    replies, stats = {}, {}
    text = {}
    for e in events:
        if e["type"] == "text":
            text[e["level"]] = text.get(e["level"], "") + e["content"]
        if e["type"] == "stats":
            stats[e["level"]] = e["stats"]
    verdict = [e for e in events if e["type"] == "cheapest_agreeing"]
    check(p.returncode == 0 and len(verdict) == 1, "compare --json gives one verdict event")
    v = verdict[0] if verdict else {}
    lowest = min((lv for lv in (280, 560) if text.get(lv, "").strip(". ").lower()
                  == text.get(1120, "").strip(". ").lower()), default=None)
    check(v.get("level") == lowest, f"naming the lowest agreeing level ({lowest}): {v}")
    if lowest:
        check(v["image_tokens"] == stats[lowest]["image_tokens"]
              and v["reference_ttft_ms"] == stats[1120]["ttft_ms"]
              and v["text"].startswith(f"{lowest} gives the same answer as 1120 with "),
              f"with its numbers: {v.get('text')!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("cases", nargs="*", default=["end_to_end", "resume", "compare"])
    args = ap.parse_args()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    for case in args.cases:
        print(f"== {case}")
        globals()[case](args)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
