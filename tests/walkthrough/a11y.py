"""Finding the app's controls by their Accessible.name through AT-SPI, to click where they
really are on screen (positions are not hard-coded, so a layout change does not break the test).

pyatspi must be imported after DBUS_SESSION_BUS_ADDRESS points at the session's bus."""

import time

from timescale import scaled


class Control:
    def __init__(self, role, name, x, y, w, h, states, description=""):
        self.role, self.name, self.description = role, name, description
        self.x, self.y, self.w, self.h = x, y, w, h
        self.states = states

    @property
    def centre(self):
        return self.x + self.w // 2, self.y + self.h // 2

    def __repr__(self):
        return "%s %r at %d,%d %dx%d" % (self.role, self.name, self.x, self.y, self.w, self.h)


class A11y:
    def __init__(self, pid, check=lambda: None):
        """`check` raises when the app is gone: waiting for a control then fails at once with
        the app's exit status instead of "not found"."""
        import pyatspi  # noqa: imported late, see the module's note
        self.pyatspi = pyatspi
        self.pid = pid
        self.check = check

    def _app(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == self.pid:
                    return app
            except Exception:
                continue
        return None

    def controls(self, max_depth=40):
        """Every control on screen (with extents), depth first; hidden ones are left out."""
        out = []
        app = self._app()
        if app is None:
            return out
        p = self.pyatspi
        stack = [(app, 0)]
        while stack:
            node, depth = stack.pop()
            try:
                states = node.getState()
                role = node.getRoleName()
                name = node.name or ""
                showing = states.contains(p.STATE_SHOWING)
                if role not in ("application",) and not showing:
                    continue
                if role != "application":
                    e = node.queryComponent().getExtents(p.DESKTOP_COORDS)
                    out.append(Control(role, name, e.x, e.y, e.width, e.height,
                                       {s for s in (p.STATE_FOCUSED, p.STATE_CHECKED,
                                                    p.STATE_ENABLED) if states.contains(s)},
                                       node.description or ""))
                if depth < max_depth:
                    kids = [node.getChildAtIndex(i) for i in range(node.childCount)]
                    stack.extend((k, depth + 1) for k in reversed(kids) if k is not None)
            except Exception:
                # A node that went away while walking (a popup closing): skip it.
                continue
        return out

    def find(self, name, role=None, timeout=10.0, prefix=False):
        """The first visible control called `name` (or starting with it); waits for it."""
        deadline = time.monotonic() + scaled(timeout)
        while True:
            for c in self.controls():
                hit = c.name.startswith(name) if prefix else c.name == name
                if hit and (role is None or c.role == role) and c.w > 0 and c.h > 0:
                    return c
            self.check()
            if time.monotonic() > deadline:
                raise LookupError("no visible control named %r%s after %.0fs" %
                                  (name, " (%s)" % role if role else "", timeout))
            time.sleep(0.2)

    def wait_gone(self, name, timeout=10.0):
        deadline = time.monotonic() + scaled(timeout)
        while any(c.name == name for c in self.controls()):
            self.check()
            if time.monotonic() > deadline:
                raise LookupError("control %r still shown after %.0fs" % (name, timeout))
            time.sleep(0.2)

    def text(self, name, timeout=10.0):
        """The text of the editable field called `name` (e.g. a proposed file name)."""
        self.find(name, timeout=timeout)
        stack = [self._app()]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            try:
                if node.name == name and node.getState().contains(self.pyatspi.STATE_SHOWING):
                    t = node.queryText()
                    return t.getText(0, t.characterCount)
                stack.extend(node.getChildAtIndex(i) for i in range(node.childCount))
            except Exception:
                continue
        raise LookupError("no text field named %r" % name)

    def wait_text(self, value, timeout=5.0):
        """Waits until some text field shows `value` (typed text is drawn a moment after the
        key events: a screenshot should show it whole)."""
        deadline = time.monotonic() + scaled(timeout)
        while time.monotonic() < deadline:
            stack = [self._app()]
            while stack:
                node = stack.pop()
                if node is None:
                    continue
                try:
                    if node.getRoleName() in ("text", "entry"):
                        t = node.queryText()
                        if t.getText(0, t.characterCount) == value:
                            return
                    stack.extend(node.getChildAtIndex(i) for i in range(node.childCount))
                except Exception:
                    continue
            self.check()
            time.sleep(0.1)
        raise LookupError("no text field shows %r after %.0fs" % (value, timeout))

    def focused(self):
        """The name of the control that has the keyboard focus, or None. Qt also marks the
        focus scopes around it (panels) as focused: the innermost one counts."""
        names = [c.name for c in self.controls() if self.pyatspi.STATE_FOCUSED in c.states
                 and c.role not in ("panel", "frame", "filler")]
        return names[-1] if names else None

    def dump(self):
        return "\n".join(repr(c) + (" — " + c.description if c.description else "")
                         for c in self.controls())
