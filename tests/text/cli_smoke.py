#!/usr/bin/python3
"""facet-cli render-prompt smoke test: the printed prompt must equal the Jinja2 rendering of
the real chat template (set up as in render_goldens.py), and --ids must expand the 64x48 image
at detail 70 to <|image> + 63 x <|image|> + <image|> (63 = 9 x 7 pooled patches of the
432 x 336 resize, see CMakeLists.txt).

usage: cli_smoke.py FACET_CLI DATA_DIR TEMPLATE_FILE
"""
import json
import os
import subprocess
import sys

from render_goldens import make_environment, render


def run(*args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def main():
    cli, data_dir, template_file = sys.argv[1:]
    conversation_file = os.path.join(data_dir, "cli_conversation.json")
    with open(conversation_file, encoding="utf-8") as f:
        case = json.load(f)
    with open(template_file, encoding="utf-8") as f:
        expected = render(make_environment().from_string(f.read()), case)
    printed = run(cli, "render-prompt", conversation_file)
    if printed != expected:
        sys.exit(f"render-prompt printed {printed!r}\nJinja2 renders     {expected!r}")

    ids = [int(x) for x in run(cli, "render-prompt", "--ids", conversation_file).split()]
    assert ids[:2] == [2, 105], ids[:2]
    boi = ids.index(255999)
    assert ids[boi + 1:boi + 64] == [258880] * 63, "expected 63 image soft tokens"
    assert ids[boi + 64] == 258882, ids[boi + 64]
    assert ids.count(258880) == 63 and ids.count(2) == 1
    assert ids[-3:] == [45518, 107, 101], ids[-3:]

    # Several files with --ids: one line each, in order, each the ids of that file alone
    # (a second conversation without the image, so that the two lines differ).
    text_only = os.path.join(os.path.dirname(os.path.abspath(conversation_file)), "text-only.json")
    with open(text_only, "w", encoding="utf-8") as f:
        json.dump({"messages": [{"role": "user", "content": "Hello"}]}, f)
    alone = run(cli, "render-prompt", "--ids", text_only).split()
    lines = run(cli, "render-prompt", "--ids", conversation_file, text_only,
                conversation_file).splitlines()
    assert [line.split() for line in lines] == [[str(i) for i in ids], alone,
                                                [str(i) for i in ids]], lines
    assert alone != [str(i) for i in ids]
    print("ok")


if __name__ == "__main__":
    main()
