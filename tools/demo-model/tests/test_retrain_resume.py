"""retrain.sh goes on after a stop from the first unfinished stage and gives the same commands
as an unbroken run. Runs a copy of the script (in a scratch tree, so the committed weights are
never touched) whose Python is a stub: the stub logs each call, writes the files the real
script would write, and fails the call that names FAIL_AT. Each stage must be called as a
module of the package (python3 -m facet_demo_model.NAME) with tools/demo-model on PYTHONPATH."""
import argparse
import os
import shutil
import stat
import subprocess
import tempfile

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # tools/demo-model

STUB = r"""#!/bin/sh
echo "$*" | sed "s#$TREE/##g" >>"$TREE/calls"
case "$*" in *"$FAIL_AT"*) [ -n "$FAIL_AT" ] && exit 3 ;; esac
[ "$1" = -m ] || { echo "not a module of the package: $*" >&2; exit 9; }
[ "$PYTHONPATH" = "$TREE/tools/demo-model" ] || { echo "PYTHONPATH=$PYTHONPATH" >&2; exit 9; }
stage=$2
shift 2
case $stage in
facet_demo_model.tokens) echo '{}' >"$3" ;;
facet_demo_model.pretrain_vision) echo vision >"$1" ;;
facet_demo_model.train) for a; do out=$a; done; mkdir -p "$out"; echo "$*" >"$out/checkpoint.pt" ;;
facet_demo_model.export) cat "$1" >"$2" ;;
facet_demo_model.reading_stage) echo reading >"$2" ;;
facet_demo_model.whole_cache) echo whole >"$3" ;;
*) echo "unexpected stage $stage" >&2; exit 9 ;;
esac
"""


class Tree:
    """A scratch copy of the repository's layout with retrain.sh, a stub facet-cli and the stub
    Python."""

    def __init__(self, base, name):
        self.path = os.path.join(base, name)
        tools = os.path.join(self.path, "tools", "demo-model")
        os.makedirs(tools)
        os.makedirs(os.path.join(self.path, "resources", "demo-model"))
        os.makedirs(os.path.join(self.path, "build", "app", "cli"))
        with open(os.path.join(TOOLS, "retrain.sh")) as f:
            text = f.read()
        assert "\npython=/usr/bin/python3\n" in text, "retrain.sh's python line moved"
        stub = os.path.join(self.path, "python-stub")
        text = text.replace("\npython=/usr/bin/python3\n", f"\npython={stub}\n")
        self.script = os.path.join(tools, "retrain.sh")
        with open(self.script, "w") as f:
            f.write(text)
        executable(stub, STUB)
        executable(os.path.join(self.path, "build", "app", "cli", "facet-cli"),
                   '#!/bin/sh\n[ "$1" = make-sim-model ] && mkdir -p "$2"\n')
        native = os.path.join(self.path, "build", "tools", "demo-model", "native")
        os.makedirs(native)  # the data workers' library: only its presence is checked here
        open(os.path.join(native, "libfacet_demo_data.so"), "w").close()

    def run(self, fail_at=""):
        """Runs retrain.sh; returns its exit status and the calls it made."""
        calls = os.path.join(self.path, "calls")
        if os.path.exists(calls):
            os.remove(calls)
        env = dict(os.environ, TREE=self.path, FAIL_AT=fail_at)
        rc = subprocess.run(["sh", self.script, os.path.join(self.path, "build")], env=env,
                            capture_output=True, text=True).returncode
        with open(calls) as f:
            return rc, f.read().splitlines()

    def done(self):
        done = os.path.join(self.path, "build", "demo-train", "done")
        return sorted(os.listdir(done)) if os.path.isdir(done) else []

    def weights(self):
        with open(os.path.join(self.path, "resources", "demo-model", "weights.rbln")) as f:
            return f.read().replace(self.path, "TREE")


def executable(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def without_tokens(calls):
    # tokens.py runs on every start (seconds; its output is the same each time)
    return [c for c in calls if "facet_demo_model.tokens " not in c]


def check_stop_and_go_on(base, unbroken, fail_at, done_before):
    tree = Tree(base, f"stopped-{len(os.listdir(base))}")  # FAIL_AT must not match the path
    rc, first = tree.run(fail_at)
    assert rc != 0, f"{fail_at}: the stopped run exited 0"
    assert tree.done() == done_before, f"{fail_at}: marked {tree.done()}"
    rc, second = tree.run()
    assert rc == 0, f"{fail_at}: the second run exited {rc}"
    finished_first = [c for c in without_tokens(first) if fail_at not in c]
    # the stopped stage starts over; nothing that finished runs twice
    assert not set(finished_first) & set(without_tokens(second)), fail_at
    assert sorted(finished_first + without_tokens(second)) == sorted(without_tokens(unbroken)), \
        f"{fail_at}: the two runs' commands are not the unbroken run's"
    return tree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", action="store_true", help="keep the scratch trees")
    args = ap.parse_args()
    base = tempfile.mkdtemp(prefix="retrain-resume-")
    try:
        whole = Tree(base, "unbroken")
        rc, unbroken = whole.run()
        assert rc == 0, f"the unbroken run exited {rc}"
        real = ["real", "real-high", "real-keep", "real-keep-readout", "real-wide"]
        stages = sorted(["counting-7000", "decoder-4500", "reading", "readout", "teacher",
                         "vision", "whole-0", "whole-1", "whole-2", "whole-3"] + real)
        assert whole.done() == stages, whole.done()
        assert len(without_tokens(unbroken)) == 23, unbroken
        assert "--steps 13000" in whole.weights(), "the weights are not the last stage's export"
        # the last two real stages hold the answers to task images to the real stage's export
        keep = [c for c in unbroken if "--keep-close" in c]
        assert len(keep) == 2 and all("demo-train/real.rbln" in c for c in keep), keep
        # a decoder stage (the shared checkpoint.pt goes on from the kept copy)
        tree = check_stop_and_go_on(base, unbroken, "decoder-4500.pt --steps 7000",
                                    ["decoder-4500", "reading", "teacher", "vision",
                                     "whole-0", "whole-1", "whole-2", "whole-3"])
        assert tree.weights() == whole.weights()
        # a cache made beside another (the other finishes, the decoder never starts)
        check_stop_and_go_on(base, unbroken, "whole-2.pt",
                             ["reading", "teacher", "vision", "whole-0", "whole-1", "whole-3"])
        # the readout stage, at its first command (the export of the step-7,000 weights)
        tree = check_stop_and_go_on(base, unbroken, "counting-7000.rbln",
                                    [s for s in stages if s != "readout" and s not in real])
        assert tree.weights() == whole.weights()
        # the real-images stage (issue #55), from the readout's export
        tree = check_stop_and_go_on(base, unbroken, "--real-fraction",
                                    [s for s in stages if s not in real])
        assert tree.weights() == whole.weights()
        # a later real stage, at its first command (the stages before it are not run again)
        tree = check_stop_and_go_on(base, unbroken, "--steps 12600",
                                    [s for s in stages if s not in ("real-keep",
                                                                    "real-keep-readout")])
        assert tree.weights() == whole.weights()
        # the first stage of all
        check_stop_and_go_on(base, unbroken, "facet_demo_model.pretrain_vision", [])
        print(f"retrain.sh: {len(without_tokens(unbroken))} stage commands; stopped at a "
              "decoder stage, a cache, the readout stage, two real-images stages and the first "
              "stage, a second run went on with the rest")
    finally:
        if not args.keep:
            shutil.rmtree(base)


if __name__ == "__main__":
    main()
