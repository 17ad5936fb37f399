"""Issue #58 §4's region-zoom comparison: each generated image asked the word question three
ways with `facet-cli ask --greedy --json`, as a user would ask it:

  whole@1120       --image IMG@1120
  whole@280+crop   --image IMG@280 --image IMG:crop=X,Y,W,H   (the crop at its default level:
                   the lowest compiled level that keeps it whole, docs/architecture.md)
  crop alone       --image IMG:crop=X,Y,W,H                    (to tell the crop's own reading
                   from what the pair does)
  whole@280+crop@280  --image IMG@280 --image IMG@280:crop=X,Y,W,H  (the crop enlarged: whether
                   the default level, which never scales a crop up, is the right one for a word)

  region_zoom.py CLI WORK_DIR [WAY,...]      (default: every way, in this order)

WORK_DIR is generate.py's folder (truth.json, images/). One JSON line per ask is appended to
WORK_DIR/region.jsonl as it ends, so a rerun goes on where a stopped one ended. The three ways
of one image run back to back, so they see the same load on a shared machine.
"""
import json
import os
import subprocess
import sys

WAYS = ("whole@1120", "whole@280+crop", "crop alone", "whole@280+crop@280")


def image_args(way, path, crop):
    region = f"{path}:crop={','.join(str(v) for v in crop)}"
    if way == "whole@1120":
        return ["--image", f"{path}@1120"]
    if way == "whole@280+crop":
        return ["--image", f"{path}@280", "--image", region]
    if way == "whole@280+crop@280":
        return ["--image", f"{path}@280", "--image", region.replace(":crop=", "@280:crop=")]
    return ["--image", region]


def ask(cli, args, question):
    cmd = [cli, "ask", "--greedy", "--json", "--max-new-tokens", "40", *args, question]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {out.returncode}: {out.stderr.strip()}")
    text, stats = "", {}
    for line in out.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "text":
            text += event.get("content", "")
        elif event.get("type") == "stats":
            stats = event["stats"]
    return text.strip(), stats


def main(argv):
    cli, work = argv[:2]
    ways = argv[2].split(",") if len(argv) > 2 else WAYS
    unknown = set(ways) - set(WAYS)
    if unknown:
        raise SystemExit(f"region_zoom.py: unknown ways {sorted(unknown)}; known: {WAYS}")
    with open(os.path.join(work, "truth.json"), encoding="utf-8") as f:
        truth = json.load(f)
    log = os.path.join(work, "region.jsonl")
    done = set()
    if os.path.exists(log):
        with open(log, encoding="utf-8") as f:
            done = {(r["file"], r["way"]) for r in map(json.loads, f)}
    for n, entry in enumerate(truth["images"], 1):
        path = os.path.join(work, "images", entry["file"])
        for way in ways:
            if (entry["file"], way) in done:
                continue
            answer, stats = ask(cli, image_args(way, path, entry["crop"]), truth["question"])
            record = {"file": entry["file"], "way": way, "answer": answer,
                      "correct": answer == entry["answer"], "ttft_ms": stats["ttft_ms"],
                      "total_ms": stats["total_ms"], "image_tokens": stats["image_tokens"],
                      "levels": [i["level"] for i in stats["images"]]}
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
        print(f"region zoom: {n}/{len(truth['images'])}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
