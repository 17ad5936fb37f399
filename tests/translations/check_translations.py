#!/usr/bin/env python3
"""Fails when a user-visible text has no finished Korean translation.

Runs lupdate on the sources (scripts/update-translations.sh, into a scratch folder) and compares
the result with the committed translations/*.ts:
  - every text the code has must be in facet_ko.ts with a finished, non-empty translation (each
    plural form filled), and in facet_en.ts with both English plural forms where it has %n;
  - the committed files hold no text the code no longer has (run the script to refresh them);
  - a translation keeps the source's placeholders (%1, %L2, %n): a lost one shows a raw "%2";
  - the terms of the glossary in translations/README.md are used: a source text with the English
    term has one of the Korean forms in its translation.
Usage: check_translations.py REPO_ROOT SCRATCH_DIR
"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

PLACEHOLDER = re.compile(r"%L?(?:\d+|n)")


def messages(path):
    """(context, source, disambiguation) -> (finished, [translation forms], numerus)."""
    out = {}
    for context in ET.parse(path).getroot().findall("context"):
        name = context.findtext("name")
        for m in context.findall("message"):
            key = (name, m.findtext("source"), m.findtext("comment") or "")
            tr = m.find("translation")
            numerus = m.get("numerus") == "yes"
            forms = [f.text or "" for f in tr.findall("numerusform")] if numerus else [tr.text or ""]
            finished = tr.get("type") not in ("unfinished", "vanished", "obsolete")
            out[key] = (finished, forms, numerus)
    return out


def glossary(readme):
    """Rows of the glossary table whose last column is "checked": (english regex, [korean])."""
    rows = []
    for line in open(readme, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[-1] == "checked":
            english = [e.strip().strip("`") for e in cells[0].split("/")]
            korean = [k.strip().strip("`") for k in cells[1].split("/")]
            pattern = r"\b(?:" + "|".join(re.escape(e).replace(r"\ ", r"[\s-]") for e in english) + r")"
            rows.append((cells[0], re.compile(pattern, re.IGNORECASE), korean))
    return rows


def describe(key):
    context, source, comment = key
    return f"{context}: \"{source}\"" + (f" ({comment})" if comment else "")


def main():
    root, scratch = sys.argv[1], sys.argv[2]
    subprocess.run([os.path.join(root, "scripts", "update-translations.sh"), scratch], check=True)
    problems = []
    for lang in ("ko", "en"):
        committed_path = os.path.join(root, "translations", f"facet_{lang}.ts")
        committed = messages(committed_path)
        fresh = messages(os.path.join(scratch, f"facet_{lang}.ts"))
        for key in fresh:
            if key not in committed:
                problems.append(f"{committed_path}: no entry for {describe(key)}")
                continue
            finished, forms, numerus = committed[key]
            if not finished or not all(f.strip() for f in forms):
                problems.append(f"{committed_path}: unfinished translation of {describe(key)}")
                continue
            if numerus and lang == "en" and len(forms) != 2:
                problems.append(f"{committed_path}: {describe(key)} needs two plural forms")
            wanted = sorted(set(PLACEHOLDER.findall(key[1])))
            for form in forms:
                if sorted(set(PLACEHOLDER.findall(form))) != wanted:
                    problems.append(f"{committed_path}: {describe(key)} → \"{form}\": "
                                    f"placeholders {wanted} expected")
        for key in committed:
            if key not in fresh:
                problems.append(f"{committed_path}: {describe(key)} is no longer in the code "
                                "(run scripts/update-translations.sh)")
        if lang == "ko":
            for term, pattern, korean in glossary(os.path.join(root, "translations", "README.md")):
                for key, (finished, forms, _) in committed.items():
                    if key in fresh and pattern.search(key[1]):
                        for form in forms:
                            if not any(k in form for k in korean):
                                problems.append(f"{committed_path}: {describe(key)} → \"{form}\" "
                                                f"does not use the glossary's term for \"{term}\" "
                                                f"({' / '.join(korean)})")
    for p in problems:
        print(p)
    total = len(messages(os.path.join(scratch, "facet_ko.ts")))
    print(f"{total} texts in the code; {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
