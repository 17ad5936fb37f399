"""`facet-cli sweep --server URL --parallel N` against tests/remote/fake_vllm.py, whose "batch"
mode holds every reply 0.4 s (as a request waits for its batch) and counts the chat requests in
flight (GET /_concurrency/<scenario>).

  test_sweep_server.py --cli FACET_CLI --fake-vllm FAKE_VLLM_PY --work SCRATCH_DIR

  - --parallel 3: the server saw 3 requests at once (never more), every run in runs.jsonl once,
    and runs.jsonl grew while the sweep ran (each run written as it ends, not at the end);
  - --parallel 1: never more than one at once (the counter is not always 3);
  - resume: SIGKILL a --parallel 3 sweep after a few runs, run the same command again: every
    (image, question, level) exactly once, none of the first process's runs asked again; a
    third run of the finished sweep sends no request;
  - locally --parallel is refused with a message.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request

QUESTION = "What colour is it?"
LEVELS = (70, 280, 1120)
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def runs_in(jsonl):
    if not os.path.exists(jsonl):
        return []
    out = []
    with open(jsonl, encoding="utf-8") as f:
        for line in f:
            try:
                j = json.loads(line)
            except ValueError:
                continue  # a line being written
            if j.get("type") == "run":
                out.append((j["image"], j["question"], j["level"]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--fake-vllm", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    work = os.path.abspath(a.work)
    shutil.rmtree(work, ignore_errors=True)
    images = os.path.join(work, "images")
    os.makedirs(images)
    subprocess.run([sys.executable, a.fake_vllm, "--make-images", images], check=True)
    for i in range(2):  # 5 images x 3 levels = 15 runs
        shutil.copy(os.path.join(images, "chart.png"), os.path.join(images, f"copy{i}.png"))
    names = sorted(os.listdir(images))
    expected = {(os.path.join(images, n), QUESTION, lv) for n in names for lv in LEVELS}

    server = subprocess.Popen([sys.executable, a.fake_vllm, "--exit-with-stdin"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline().split()[1])

    def concurrency(scenario):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_concurrency/{scenario}") as r:
            return json.load(r)

    def command(scenario, parallel, out):
        return [a.cli, "sweep", "--server", f"http://127.0.0.1:{port}/s/{scenario}/v1",
                "--served-model", "gemma-4-test", "--images", images, "--question", QUESTION,
                "--levels", ",".join(map(str, LEVELS)), "--parallel", str(parallel),
                "--max-new-tokens", "8", "--json", "--out", out]

    try:
        for parallel in (3, 1):
            scenario = f"batch~p{parallel}"
            out = os.path.join(work, f"out{parallel}")
            jsonl = os.path.join(out, "runs.jsonl")
            proc = subprocess.Popen(command(scenario, parallel, out), stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
            counts_while_running = set()
            while proc.poll() is None:
                counts_while_running.add(len(runs_in(jsonl)))
                time.sleep(0.02)
            stdout, stderr = proc.communicate()
            check(proc.returncode == 0, f"--parallel {parallel} exits 0 ({stderr[-300:]!r})")
            seen = concurrency(scenario)
            check(seen["requests"] == len(expected),
                  f"--parallel {parallel}: {seen['requests']} requests, one per run")
            check(seen["peak"] == parallel,
                  f"--parallel {parallel}: at most {seen['peak']} requests at once, expected "
                  f"{parallel}")
            keys = runs_in(jsonl)
            check(len(keys) == len(set(keys)) and set(keys) == expected,
                  f"--parallel {parallel}: every run once in runs.jsonl")
            grew = {c for c in counts_while_running if 0 < c < len(expected)}
            check(len(grew) >= 2, f"--parallel {parallel}: runs.jsonl grew as runs ended "
                                  f"(counts seen while running: {sorted(counts_while_running)})")
            events = [json.loads(line) for line in stdout.splitlines() if line.strip()]
            check(sum(e["type"] == "run" for e in events) == len(expected),
                  f"--parallel {parallel}: a run event per run")

        # Resume after kill -9 in the middle of a parallel sweep.
        scenario = "batch~kill"
        out = os.path.join(work, "kill")
        jsonl = os.path.join(out, "runs.jsonl")
        proc = subprocess.Popen(command(scenario, 3, out), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None and len(runs_in(jsonl)) < 4:
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        before = runs_in(jsonl)
        check(proc.returncode == -signal.SIGKILL and 4 <= len(before) < len(expected),
              f"the first sweep was killed after {len(before)} of {len(expected)} runs")
        p = subprocess.run(command(scenario, 3, out), capture_output=True, text=True,
                           timeout=120)
        check(p.returncode == 0, f"the same command again exits 0 ({p.stderr[-300:]!r})")
        events = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
        asked = {(e["image"], e["question"], e["level"]) for e in events if e["type"] == "run"}
        check(not asked & set(before), "no run of the first process asked again")
        keys = runs_in(jsonl)
        check(len(keys) == len(set(keys)), "no key twice in runs.jsonl")
        check(set(keys) == expected, "no key missing")
        requests = concurrency(scenario)["requests"]
        p = subprocess.run(command(scenario, 3, out), capture_output=True, text=True,
                           timeout=120)
        check(p.returncode == 0 and concurrency(scenario)["requests"] == requests,
              "a finished sweep run again sends no request")
        check(runs_in(jsonl) == keys, "and leaves runs.jsonl as it was")

        # Locally one request at a time: --parallel is refused, saying why.
        p = subprocess.run([a.cli, "sweep", "--images", images, "--question", QUESTION,
                            "--parallel", "2", "--out", os.path.join(work, "local")],
                           capture_output=True, text=True, timeout=60)
        check(p.returncode != 0 and "--parallel needs --server" in p.stderr,
              f"locally --parallel is refused ({p.returncode}, {p.stderr.strip()!r})")
    finally:
        server.stdin.close()
        server.wait(timeout=10)
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
