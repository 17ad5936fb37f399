"""Step 6: a vLLM server as the engine (Model → Connect to a server…), against the remote tests'
stand-in server (tests/remote/fake_vllm.py, real HTTP on loopback; it serves gemma-4-test and
the levels 70 and 280 only, and wants the key test-key-123 under /s/auth/). Connect through the
dialog; a vLLM >= 0.31 server started without --trust-request-mm-kwargs refuses the detail level,
the app says so and sends none from then on (the server's default level); a reply shown, the
server restored at the next start, and an API key that reaches neither the settings file nor the
log."""

import os
import re
import subprocess
import sys
import time

import modelmenu
from conversations import find_by_question
from steps_dialogs import attach

FAKE_VLLM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "remote",
                         "fake_vllm.py")
KEY = "test-key-123"
ENDED = r"request (\d+) ended: (\w+) · .*· (\d+) generated"
FAILED = r"request \d+ failed: (.*)"


def start_server(w):
    """The stand-in server on a free port; it ends with this script (its stdin closes)."""
    if getattr(w, "fake_server", None) is None:
        w.fake_server = subprocess.Popen([sys.executable, FAKE_VLLM, "--exit-with-stdin"],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = w.fake_server.stdout.readline().split()
        assert line[:1] == ["PORT"], "fake_vllm.py said %r" % line
        w.fake_port = int(line[1])
    return "http://127.0.0.1:%d" % w.fake_port


def connect(w, url, key=None, shot=None):
    """Server… → type the URL (and key) → the models are listed → Connect; waits for the log's
    "model loaded from URL"."""
    modelmenu.choose(w, "Connect to a server")
    field = w.a11y.find("Server URL", role="text")
    w.app.check_alive("opening the server dialog")
    typed = None
    for _ in range(3):
        # Under load a key event can be lost: the field is read back, and typed again if so.
        w.x.click_control(field)
        w.x.key("ctrl+a")
        w.x.type(url)
        typed = w.a11y.text("Server URL")
        if typed == url:
            break
    assert typed == url, "the URL field shows %r after typing %r" % (typed, url)
    if key:
        # Qt 6.4 reports a password field without its name: the dialog's only one, by role.
        w.x.click_control(w.a11y.find("", role="password text"))
        w.x.type(key)
        w.x.key("Tab")  # editing finished: asked again with the key
    # The dialog keeps Connect off until the typed URL answered (its list shown before is the
    # remembered server's): both are waited for.
    answer, enabled = None, False
    for _ in range(100):
        answer = w.a11y.find("Server answer").description
        button = w.a11y.find("Connect to the server", role="push button")
        enabled = w.a11y.pyatspi.STATE_ENABLED in button.states
        if re.search(r"\d+ models? served", answer) and enabled:  # plural forms: facet_en.ts
            break
        w.app.check_alive("listing the server's models")
        time.sleep(0.1)
    assert re.search(r"\d+ models? served", answer), "the dialog says %r" % answer
    assert enabled, "Connect stays off; the dialog says %r" % answer
    if shot:
        w.shot(shot)
    note = w.a11y.find("Where the API key is kept").description
    after = w.app.log_size()
    w.x.click_control(w.a11y.find("Connect to the server", role="push button"))
    w.app.wait_log(r"model loaded from " + re.escape(url), 20, "connecting to " + url,
                   after=after)
    w.a11y.wait_gone("Server URL")
    return note


def ask(w, question, level_name):
    attach(w, w.images["small"], "server-attach")
    w.x.click_control(w.a11y.find("Message detail level " + level_name))
    w.x.click_control(w.a11y.find("Message"))
    after = w.app.log_size()
    w.x.type(question)
    w.x.key("Return")
    m = w.app.wait_log("%s|%s" % (ENDED, FAILED), 30, "the question to the server", after=after)
    w.a11y.find("Send message", role="push button", timeout=10)
    return m


def step_server(w):
    base = start_server(w)
    w.x.key("ctrl+n")

    # vLLM >= 0.31 without --trust-request-mm-kwargs: the first question is refused (HTTP 400,
    # param mm_processor_kwargs); the chat says what fixes it and the picker turns to the
    # server's default level, which the next question uses.
    gate = base + "/s/gate/v1"
    connect(w, gate)
    m = ask(w, "What is in the picture behind the gate?", "Standard (280)")
    assert m.group(4) and "HTTP 400" in m.group(4), "expected the gate's 400, got %r" % m.group(0)
    picker = w.a11y.find("Message detail level Standard (280)")
    assert "server's default level applies" in picker.description, \
        "the level picker says %r" % picker.description
    w.shot("server-gate")
    m = ask(w, "And at the server's default?", "Standard (280)")
    assert m.group(2) == "stop_token", "the reply at the server default ended with %r" % m.group(0)

    plain = base + "/s/plain/v1"
    connect(w, plain, shot="server-dialog")
    status = w.a11y.find("Model status").description
    assert re.search(r"^server %s · gemma-4-test · \d+ ms round trip · levels 70, 140, 280, 560, "
                     r"1120" % re.escape(plain), status), "the status line says %r" % status
    w.say("status line: " + status)

    w.x.key("ctrl+n")  # a chat of its own: the reply's engine line is this server's
    m = ask(w, "What is in the picture?", "Standard (280)")
    assert m.group(2) == "stop_token", "the reply ended with %r" % m.group(0)
    engine = w.a11y.find("engine", timeout=10).description
    assert engine == "server %s · gemma-4-test" % plain, "under the reply: %r" % engine
    _, reply = find_by_question(w.env["XDG_DATA_HOME"], "What is in the picture?")
    assert reply and reply.get("text") == "The picture shows a red square — größer ✓ 🟥.", \
        "saved reply: %r" % reply
    w.shot("server-reply")

    # Remembered: the next start connects to the same server.
    w.app.stop()
    w.launch()
    assert w.model_dir == plain, "restarted on %r" % w.model_dir
    status = w.a11y.find("Model status").description
    assert status.startswith("server " + plain), "after the restart: %r" % status
    w.shot("server-restored")

    # A key: to the server only. No keyring runs here, so the dialog says it stays for the session.
    note = connect(w, base + "/s/auth/v1", key=KEY)
    w.say("key note: " + note)
    m = ask(w, "With a key?", "Standard (280)")
    assert m.group(2) == "stop_token", "the reply with a key ended with %r" % m.group(0)
    config = os.path.join(w.env["XDG_CONFIG_HOME"], "facet")
    looked = 0
    for folder, _, files in os.walk(config):
        for name in files:
            with open(os.path.join(folder, name), "rb") as f:
                data = f.read()
            looked += 1
            assert KEY.encode() not in data, "the API key is in %s" % name
    assert looked > 0, "no settings file in %s" % config
    assert KEY not in w.app.log(), "the API key is in the log"
    assert KEY not in w.app.stderr_text(), "the API key is on stderr"
    after = w.app.log_size()
    modelmenu.choose(w, "Load the built-in demo model")
    w.app.wait_log(r"model loaded from (\S+)", 60, "back to the demo model", after=after)
    w.shot("server-back-to-demo")
