"""facet-cli's help: every command listed by `facet-cli --help` prints its own usage on stdout and
exits 0 for `facet-cli COMMAND --help`, `facet-cli COMMAND -h` and `facet-cli help COMMAND`,
without running (`ask --help` used to say "unknown option --help" and exit 1). An unknown
command after `help` is an error naming it.

usage: test_cli_help.py FACET_CLI"""

import re
import subprocess
import sys


def run(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=60)


def main():
    cli = sys.argv[1]
    listing = run(cli, "--help")
    assert listing.returncode == 0, listing
    commands = re.findall(r"^  ([a-z][a-z-]*) ?", listing.stdout, re.M)
    assert len(commands) >= 8, "facet-cli --help lists %r" % commands
    for name in commands:
        for args in ([name, "--help"], [name, "-h"], ["help", name],
                     [name, "--image", "nowhere.png", "--help"]):
            done = run(cli, *args)
            assert done.returncode == 0, "%s: exit %d, stderr %r" % (args, done.returncode, done.stderr)
            assert done.stdout.startswith("usage: facet-cli " + name), \
                "%s printed %r" % (args, done.stdout[:200])
            assert done.stderr == "", "%s wrote to stderr: %r" % (args, done.stderr)
    bad = run(cli, "help", "no-such-command")
    assert bad.returncode == 1 and "unknown command 'no-such-command'" in bad.stderr, bad
    print("ok: %d commands: %s" % (len(commands), ", ".join(commands)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
