#!/usr/bin/python3
"""Renders tests/text/conversations.json with the real Gemma 4 chat templates through Jinja2,
set up the way Hugging Face's apply_chat_template sets it up (sandboxed environment,
trim_blocks and lstrip_blocks, loopcontrols, raise_exception, tojson, special tokens passed as
variables). The C++ renderer must reproduce every result byte for byte.

usage: render_goldens.py OUTPUT_DIR CONVERSATIONS_JSON TEMPLATE_FILE...
Writes OUTPUT_DIR/render_goldens.json: {template file name: {conversation name: prompt}};
a case with "expect_error": true must make Jinja2 raise, and its prompt is null.
"""
import json
import os
import sys
from datetime import datetime

import jinja2
from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators,
                      sort_keys=sort_keys)


def strftime_now(fmt):
    return datetime.now().strftime(fmt)


def make_environment():
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=[loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


def render(template, case):
    kwargs = {}
    if "enable_thinking" in case:  # HF forwards it only when the caller passes it
        kwargs["enable_thinking"] = case["enable_thinking"]
    return template.render(messages=case["messages"], tools=None, documents=None,
                           add_generation_prompt=case.get("add_generation_prompt", True),
                           bos_token="<bos>", eos_token="<eos>", pad_token="<pad>",
                           unk_token="<unk>", **kwargs)


def render_case(template, case):
    """The prompt, or None for a case marked "expect_error" (which Jinja2 must refuse, so the
    C++ side is checked to refuse it too)."""
    if not case.get("expect_error"):
        return render(template, case)
    try:
        render(template, case)
    except jinja2.exceptions.TemplateError:
        return None
    raise SystemExit(f"{case['name']}: Jinja2 rendered a case marked expect_error")


def main():
    out_dir, conversations_file, *template_files = sys.argv[1:]
    with open(conversations_file, encoding="utf-8") as f:
        cases = json.load(f)["conversations"]
    env = make_environment()
    result = {}
    for path in template_files:
        with open(path, encoding="utf-8") as f:
            template = env.from_string(f.read())
        result[os.path.basename(path)] = {c["name"]: render_case(template, c) for c in cases}
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "render_goldens.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
