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

    def _showing(self, max_depth=40):
        """The shown accessibles under the app, depth first, as (node, states, name): each
        node costs its state, name and children over D-Bus; its role and extents are asked for
        only by the caller that needs them (a find() asks them of matching names alone)."""
        app = self._app()
        if app is None:
            return
        p = self.pyatspi
        stack = [(app, 0)]
        while stack:
            node, depth = stack.pop()
            try:
                states = node.getState()
                if depth > 0 and not states.contains(p.STATE_SHOWING):
                    continue  # a hidden control hides its children too
                name = node.name or ""
                if depth > 0:
                    yield node, states, name
                if depth < max_depth:
                    kids = [node.getChildAtIndex(i) for i in range(node.childCount)]
                    stack.extend((k, depth + 1) for k in reversed(kids) if k is not None)
            except Exception:
                # A node that went away while walking (a popup closing): skip it.
                continue

    def _control(self, node, states, name):
        p = self.pyatspi
        e = node.queryComponent().getExtents(p.DESKTOP_COORDS)
        return Control(node.getRoleName(), name, e.x, e.y, e.width, e.height,
                       {s for s in (p.STATE_FOCUSED, p.STATE_CHECKED, p.STATE_ENABLED)
                        if states.contains(s)},
                       node.description or "")

    def controls(self, max_depth=40):
        """Every control on screen (with extents), depth first; hidden ones are left out."""
        out = []
        for node, states, name in self._showing(max_depth):
            try:
                out.append(self._control(node, states, name))
            except Exception:
                continue  # gone while walking
        return out

    def find(self, name, role=None, timeout=10.0, prefix=False):
        """The first visible control called `name` (or starting with it); waits for it. The
        walk stops at the first match (a whole walk of the window took 0.2-0.3 s, and a
        walkthrough asks a few hundred times)."""
        deadline = time.monotonic() + scaled(timeout)
        while True:
            for node, states, node_name in self._showing():
                hit = node_name.startswith(name) if prefix else node_name == name
                if not hit:
                    continue
                try:
                    c = self._control(node, states, node_name)
                except Exception:
                    continue
                if (role is None or c.role == role) and c.w > 0 and c.h > 0:
                    return c
            self.check()
            if time.monotonic() > deadline:
                raise LookupError("no visible control named %r%s after %.0fs" %
                                  (name, " (%s)" % role if role else "", timeout))
            time.sleep(0.2)

    def wait_gone(self, name, timeout=10.0):
        deadline = time.monotonic() + scaled(timeout)
        while any(n == name for _, _, n in self._showing()):
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
