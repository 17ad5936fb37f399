"""The header's model picker (issue #57): the built-in demo model, the model folders used last,
"Model folder…" and "Server…" are entries of its menu, opened by a click on the picker (whose
accessible name is "Model status", its description the whole status line)."""


def choose(w, name):
    """Opens the model picker's menu and clicks its entry called `name`."""
    w.x.click_control(w.a11y.find("Model status", role="push button"))
    w.x.click_control(w.a11y.find(name, role="menu item"))
