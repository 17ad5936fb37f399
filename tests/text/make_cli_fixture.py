#!/usr/bin/python3
"""Writes the inputs of the facet-cli smoke tests: a 64x48 PNG and a conversation in the
Hugging Face messages shape that uses it at detail 70.

usage: make_cli_fixture.py OUTPUT_DIR
"""
import json
import os
import sys

from PIL import Image


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    Image.new("RGB", (64, 48), (200, 30, 30)).save(os.path.join(out_dir, "red_64x48.png"))
    conversation = {
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": [{"type": "image", "path": "red_64x48.png", "detail": 70},
                                         {"type": "text", "text": "What colour is this?"}]},
        ],
        "enable_thinking": False,
    }
    with open(os.path.join(out_dir, "cli_conversation.json"), "w", encoding="utf-8") as f:
        json.dump(conversation, f)


if __name__ == "__main__":
    main()
