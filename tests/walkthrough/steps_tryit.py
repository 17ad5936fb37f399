"""The demo banner's "Try it" menu with the keyboard only: Ctrl+N, Tab to "Try it", Enter opens
the menu with the first example (a question about the shapes picture) highlighted, Enter picks
it; the message box then has the focus and the question, the picture is attached, and Enter
sends it at the example's level; the reply must end normally (its words are not checked: the
demo model is often wrong). Runs on the demo model: loaded first if another one is in use."""

import json
import os
import re
import time

import modelmenu
from steps_chat import _ended, _wait_idle
from timescale import scaled

TRY_IT = "Try it: example images and questions"


def _demo_model(w):
    """The demo model's folder, loaded with its button when another model is in use."""
    if "demo-model" not in w.a11y.find("Model status").description:
        after = w.app.log_size()
        modelmenu.choose(w, "Load the built-in demo model")
        w.app.wait_log(r"model loaded from \S*demo-model", 60, "loading the demo model",
                       after=after)
        w.a11y.find(TRY_IT, timeout=10)
    return re.findall(r"model loaded from (\S*demo-model)\b", w.app.log())[-1]


def _examples(model_dir):
    """The examples as the app reads them: samples/ beside the demo model."""
    folder = os.path.join(model_dir, "samples")
    with open(os.path.join(folder, "samples.json"), encoding="utf-8") as f:
        return folder, json.load(f)["samples"]


def _tab_to_try_it(w):
    """Tab until the banner's "Try it" button has the focus."""
    for _ in range(40):
        if w.a11y.focused() == TRY_IT:
            break
        w.x.key("Tab")
        time.sleep(0.05)
    assert w.a11y.focused() == TRY_IT, \
        "Tab never reached %r (focus on %r)" % (TRY_IT, w.a11y.focused())


def step_try_it(w):
    folder, examples = _examples(_demo_model(w))
    first = examples[0]
    assert first["image"] == "shapes.png" and "compare_with_level" not in first, \
        "the first example should be a question about the shapes picture: %r" % first
    read = re.findall(r"try-it examples: (\d+) from (\S+)", w.app.log())
    assert read and read[-1] == (str(len(examples)), folder), \
        "the app read (examples, folder) %r; %d are in %s" % (read[-1:], len(examples), folder)
    w.x.key("ctrl+n")  # an empty conversation: few controls to Tab through
    _tab_to_try_it(w)
    w.x.key("Return")
    # The menu's entry: the empty chat's example cards have names that start the same way.
    entry = w.a11y.find("Try “%s”" % first["question"], role="menu item", prefix=True,
                        timeout=10)
    w.shot("try-it-menu")
    focused = w.a11y.focused() or ""
    assert focused == entry.name, "the menu opened with the focus on %r, not the first example" \
        % focused
    w.x.key("Return")
    w.a11y.wait_text(first["question"])
    deadline = time.monotonic() + scaled(5)
    while w.a11y.focused() != "Message" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert w.a11y.focused() == "Message", \
        "after picking, the focus is on %r, not the message box" % w.a11y.focused()
    w.a11y.find("Image " + first["image"], timeout=10)
    w.shot("try-it-chosen")
    after = w.app.log_size()
    w.x.key("Return")
    reason, generated, line = _ended(w, after, 60, "the example's question")
    _wait_idle(w)
    w.shot("try-it-reply")
    w.say(line)
    assert reason in ("stop_token", "max_tokens"), "the reply ended with %s" % reason
    buckets = re.search(r"request \d+ ended: .*levels→buckets (\S+)", w.app.log()[after:])
    assert buckets and buckets.group(1).startswith("%d→" % first["level"]), \
        "the picture was not sent at level %d: %s" % (first["level"],
                                                      buckets.group(0) if buckets else line)


def step_try_it_compare(w):
    """The example that compares two levels (the printed word at 1120 and 70), picked from the
    menu with the keyboard: a fresh conversation with its picture, its question in the message
    box and Compare levels… open with exactly its two levels ticked; the Compare button runs
    them and both columns end normally at their levels (the log's line per column). The words
    are not checked here (packaging/take-screenshots.py --compare prints them)."""
    _, examples = _examples(_demo_model(w))
    compared = [e for e in examples if "compare_with_level" in e]
    assert compared, "no example compares two levels: %r" % examples
    example = compared[0]
    levels = sorted((example["level"], example["compare_with_level"]))
    w.x.key("ctrl+n")  # an empty conversation: few controls to Tab through
    _tab_to_try_it(w)
    w.x.key("Return")
    entry = "Try “%s”" % example["question"]
    w.a11y.find(entry, role="menu item", prefix=True, timeout=10)
    for _ in range(len(examples)):
        if (w.a11y.focused() or "").startswith(entry):
            break
        w.x.key("Down")
        time.sleep(0.05)
    assert (w.a11y.focused() or "").startswith(entry), \
        "Down never reached %r (focus on %r)" % (entry, w.a11y.focused())
    w.x.key("Return")
    start = w.a11y.find("Compare the message at the chosen levels", role="push button")
    ticked = sorted(int(re.search(r"\((\d+)\)$", c.name).group(1)) for c in w.a11y.controls()
                    if c.name.startswith("Compare at detail level")
                    and w.a11y.pyatspi.STATE_CHECKED in c.states)
    assert ticked == levels, "the dialog opened with %r ticked, not %r" % (ticked, levels)
    w.a11y.find("Image " + example["image"], timeout=10)
    w.shot("try-it-compare-dialog")
    after = w.app.log_size()
    w.x.click_control(start)
    ended = []
    for _ in levels:
        m = w.app.wait_log(r"request \d+ column \d+ (ended: (\w+) .*levels→buckets (\d+)→"
                           r"|failed: .*)", 120, "a compared answer", after=after)
        after += m.end()
        ended.append(m)
    w.a11y.find("Continue the conversation with the answer at level %d" % levels[-1],
                timeout=20)
    w.shot("try-it-compare")
    for m in ended:
        w.say(m.group(0))
    assert all(m.group(2) in ("stop_token", "max_tokens") for m in ended), \
        "a column did not end normally: %s" % [m.group(0) for m in ended]
    assert [int(m.group(3)) for m in ended] == levels, \
        "the columns ran at %s, not %r" % ([m.group(3) for m in ended], levels)
