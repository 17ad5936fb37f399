"""Reads back what Export wrote: the file exists, the Markdown's image references point into
`<name>-images/` beside it and those files exist, the JSON parses and names its images."""

import json
import os
import re
import urllib.parse


def _resolve(base_dir, target):
    target = target.strip()
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    return os.path.normpath(os.path.join(base_dir, urllib.parse.unquote(target)))


def check_markdown(path, want_images):
    """Returns a list of problems (empty when the export is right)."""
    if not os.path.isfile(path):
        return ["%s was not written" % path]
    problems = []
    with open(path, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return ["%s is not UTF-8: %s" % (path, e)]
    # "Â·" is "·" encoded to UTF-8 twice: a Latin-1/UTF-8 mix-up somewhere in the writer.
    for bad in ("Â·", "â€", "Ã©"):
        if bad in text:
            line = next(l for l in text.splitlines() if bad in l)
            problems.append("%s has doubly encoded text %r in: %s" % (path, bad, line[:160]))
    folder = os.path.splitext(os.path.basename(path))[0] + "-images"
    refs = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    if want_images and not refs:
        problems.append("%s references no image, though the conversation has one" % path)
    for ref in refs:
        resolved = _resolve(os.path.dirname(path), ref)
        if os.path.basename(os.path.dirname(resolved)) != folder:
            problems.append("%s: image %s is not in %s/" % (path, ref, folder))
        if not os.path.isfile(resolved):
            problems.append("%s: image %s does not exist (%s)" % (path, ref, resolved))
    return problems


def _strings(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


def check_json(path, want_images):
    if not os.path.isfile(path):
        return ["%s was not written" % path]
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except ValueError as e:
        return ["%s is not JSON: %s" % (path, e)]
    problems = []
    messages = doc.get("messages", [])
    if len(messages) < 2:
        problems.append("%s has %d messages, expected the question and the reply"
                        % (path, len(messages)))
    folder = os.path.splitext(os.path.basename(path))[0] + "-images"
    images = [s for s in _strings(messages) if folder + "/" in s]
    if want_images and not images:
        problems.append("%s names no image in %s/" % (path, folder))
    for ref in images:
        resolved = _resolve(os.path.dirname(path), ref)
        if not os.path.isfile(resolved):
            problems.append("%s: image %s does not exist" % (path, ref))
    return problems
