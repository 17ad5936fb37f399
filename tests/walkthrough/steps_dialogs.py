"""Step 2: every dialog the app has, opened with the mouse the way a user does, and accepted or
closed; the app must survive each (Qt 6.4's non-native file dialogs once crashed it when a QML
module was missing)."""

import os
import time


def attach(w, image, shot_prefix):
    """Attach… → type the image's path (Ctrl+L opens the path field of Qt's non-native file
    dialog) → Return; the image's chip must appear in the composer."""
    w.x.click_control(w.a11y.find("Attach images", role="push button"))
    w.a11y.find("Attach images", role="dialog")
    w.app.check_alive("opening the Attach dialog")
    w.x.key("ctrl+l")
    w.x.type(image)
    w.a11y.wait_text(image)
    w.shot(shot_prefix + "-dialog")
    w.x.key("Return")
    name = os.path.basename(image)
    w.a11y.find("Image " + name, timeout=15)
    w.app.check_alive("accepting the Attach dialog")
    w.shot(shot_prefix + "-attached")


def step_attach(w):
    attach(w, w.images["small"], "attach")


def step_model_folder(w):
    """Model folder… opens a folder dialog; Cancel keeps the loaded model."""
    w.x.click_control(w.a11y.find("Open a compiled model folder"))
    dialog = w.a11y.find("Choose a compiled", role="dialog", prefix=True)
    w.app.check_alive("opening the model folder dialog")
    w.shot("model-folder-dialog")
    cancel = [c for c in w.a11y.controls() if c.role == "push button" and c.name == "Cancel"
              and dialog.y <= c.y <= dialog.y + dialog.h]
    assert cancel, "the model folder dialog has no Cancel button"
    w.x.click_control(cancel[0])
    w.a11y.wait_gone(dialog.name)
    w.app.check_alive("cancelling the model folder dialog")
    status = w.a11y.find("Model status").description
    assert "demo-model" in status, "after Cancel the status line says %r" % status


def set_max_new_tokens(w, tokens, shot=None):
    """Settings → "Max new tokens" → Esc. A small reply budget keeps the test short (and shows
    the setting reaches the engine: the log's "N generated")."""
    w.x.click_control(w.a11y.find("Sampling settings and system prompt"))
    w.a11y.find("Conversation settings", role="dialog")
    w.app.check_alive("opening Settings")
    w.x.click_control(w.a11y.find("Max new tokens", role="spin button"))
    w.x.key("ctrl+a")
    w.x.type(str(tokens))
    w.x.key("Tab")
    if shot:
        w.shot(shot)
    w.x.key("Escape")
    w.a11y.wait_gone("Conversation settings")
    w.app.check_alive("closing Settings with Esc")


def step_settings(w):
    set_max_new_tokens(w, w.short_reply_tokens, shot="settings")


def _export(w, fmt, label):
    w.x.click_control(w.a11y.find("Export conversation"))
    w.x.click_control(w.a11y.find(label, role="menu item"))
    title = "Export as Markdown" if fmt == "md" else "Export as JSON"
    w.a11y.find(title, role="dialog")
    w.app.check_alive("opening " + title)
    name = w.a11y.text("Export file name")
    assert name.endswith("." + fmt) and len(name) > len(fmt) + 1, \
        "%s proposes the file name %r, expected <title>.%s" % (title, name, fmt)
    w.x.click_control(w.a11y.find("Export folder"))
    w.x.key("ctrl+a")
    w.x.type(w.export_dir)
    w.a11y.wait_text(w.export_dir)
    w.shot("export-%s-dialog" % fmt)
    w.x.key("Return")  # Return in the folder field accepts the dialog
    w.a11y.wait_gone(title)
    w.app.check_alive("accepting " + title)
    path = os.path.join(w.export_dir, name)
    deadline = time.monotonic() + 10
    while not os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.1)
    return path


def step_export(w):
    """Export → Markdown… and JSON…: the proposed names, the files on disk, their images."""
    from exportcheck import check_json, check_markdown
    os.makedirs(w.export_dir, exist_ok=True)
    problems = check_markdown(_export(w, "md", "Export as Markdown"), want_images=True)
    problems += check_json(_export(w, "json", "Export as JSON"), want_images=True)
    w.say("exported: %s" % sorted(os.listdir(w.export_dir)))
    assert not problems, "\n".join(problems)
