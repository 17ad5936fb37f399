#!/usr/bin/python3
"""Python reference timings for bench_text: json.load of tokenizer.json (the floor of any
Python tokenizer.json loader; the `tokenizers` package is not available here) and Jinja2
rendering of the real chat template, as Hugging Face sets it up. Prints one JSON object of
medians in milliseconds.

usage: bench_text_reference.py TOKENIZER_DIR [--smoke]
--smoke: one load and one render (the bench-smoke ctest checks that the bench runs).
"""
import json
import os
import sys

import jinja2
from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from bench_timing import median_ms  # noqa: E402


def main():
    tokenizer_dir = sys.argv[1]
    smoke = "--smoke" in sys.argv[2:]
    with open(f"{tokenizer_dir}/tokenizer.json", encoding="utf-8") as f:
        raw = f.read()
    with open(f"{tokenizer_dir}/chat_template.jinja", encoding="utf-8") as f:
        template_text = f.read()
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=[loopcontrols])
    template = env.from_string(template_text)
    messages = [{"role": "system", "content": "Be brief."},
                {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "What is this?"}]},
                {"role": "assistant", "content": "<|channel>thought\nhm<channel|>A cat."},
                {"role": "user", "content": "And the colour?"}]

    def render():
        template.render(messages=messages, add_generation_prompt=True, bos_token="<bos>")

    result = {
        "json_load_ms": median_ms(lambda: json.loads(raw), 1 if smoke else 3)[0],
        "jinja_render_ms": median_ms(render, 1 if smoke else 200)[0],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
