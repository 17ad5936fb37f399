"""One question to the built model through facet-cli, as a user asks it (`facet-cli ask
--greedy --json`): the accuracy bench (bench/accuracy.py) and the Try-it examples' test
(tests/demo-model/test_samples_answer.py) ask alike. Only the standard library: the product's
test imports it without torch."""
import json
import subprocess


def ask(cli, model, image, level, question, max_new=40, repetition_guard=True):
    """The answer's text (stripped) and facet-cli's stats event; `model` None: the default
    demo model. repetition_guard=False: the engine's guard off, so a looping answer runs to
    max_new (bench/real_photos.py measures answers' length)."""
    cmd = [cli, "ask", "--greedy", "--json", "--max-new-tokens", str(max_new),
           "--image", f"{image}@{level}", question]
    if not repetition_guard:
        cmd[2:2] = ["--no-repetition-guard"]
    if model:
        cmd[2:2] = ["--model", model]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"facet-cli ask failed ({out.returncode}): {out.stderr.strip()}")
    text, stats = "", {}
    for line in out.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "text":
            text += event.get("content", "")
        elif event.get("type") == "stats":
            stats = event["stats"]
    return text.strip(), stats
