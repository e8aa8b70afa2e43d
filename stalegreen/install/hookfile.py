"""The ``{"hooks": {Event: [ {matcher, hooks: [handler]} ]}}`` shape Claude and Codex share.

Our handlers are recognised by their command (``executable.ours``), never by position, so other
tools' hooks in the same group or event are left exactly where they are.
"""

from stalegreen.install.executable import ours
from stalegreen.install.files import FileProblem


def desired_group(matcher, command, timeout):
    group = {}
    if matcher is not None:
        group["matcher"] = matcher
    group["hooks"] = [{"type": "command", "command": command, "timeout": timeout}]
    return group


def _hooks_table(path, settings, create):
    hooks = settings.get("hooks")
    if hooks is None:
        if not create:
            return None
        hooks = settings["hooks"] = {}
    if not isinstance(hooks, dict):
        raise FileProblem('%s: "hooks" is not an object; not changed' % path)
    return hooks


def _groups(path, hooks, event):
    groups = hooks.get(event)
    if groups is not None and not isinstance(groups, list):
        raise FileProblem('%s: "hooks.%s" is not a list; not changed' % (path, event))
    return groups


def _our_handler(handler, host):
    found = isinstance(handler, dict) and ours(handler.get("command"))
    return bool(found) and found[0] == host


def find(settings, host):
    """{event: [command, ...]} of our handlers for ``host`` (any shape problems ignored)."""
    found = {}
    hooks = settings.get("hooks") if isinstance(settings, dict) else None
    if not isinstance(hooks, dict):
        return found
    for event, groups in hooks.items():
        for group in groups if isinstance(groups, list) else []:
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else []:
                if _our_handler(handler, host):
                    found.setdefault(event, []).append(handler.get("command"))
    return found


def _strip(groups, host, keep=None):
    """Remove our handlers from ``groups`` (except the group object ``keep``); drop groups
    left with no handler. Returns how many handlers were removed."""
    removed = 0
    for group in list(groups):
        if group is keep or not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
            continue
        handlers = group["hooks"]
        left = [h for h in handlers if not _our_handler(h, host)]
        if len(left) != len(handlers):
            removed += len(handlers) - len(left)
            if left:
                group["hooks"] = left
            else:
                groups.remove(group)
    return removed


def apply(path, settings, host, wanted):
    """Make ``settings`` hold exactly our ``wanted`` groups ({event: group}) for ``host``.

    A group that holds only our handler is updated in place (install twice = no change);
    otherwise ours is appended after the user's own groups. Returns the list of event keys and
    whether ``hooks`` had to be created (so uninstall can drop exactly those).
    """
    created = [] if "hooks" in settings else ["hooks"]
    hooks = _hooks_table(path, settings, create=True)
    for event in list(hooks):
        if event not in wanted:
            groups = _groups(path, hooks, event) or []
            _strip(groups, host)
    for event, group in wanted.items():
        groups = _groups(path, hooks, event)
        if groups is None:
            groups = hooks[event] = []
            created.append(event)
        mine = [g for g in groups if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                and g["hooks"] and all(_our_handler(h, host) for h in g["hooks"])]
        if mine:
            target = mine[0]
            if target != group:
                target.clear()
                target.update(group)
        else:
            target = dict(group)
            groups.append(target)
        _strip(groups, host, keep=target)
    return created


def remove(path, settings, host, created=None):
    """Remove every handler of ours for ``host``. Event lists we created (or, without a record,
    any that became empty) and a ``hooks`` object we created are dropped. Returns the count."""
    hooks = _hooks_table(path, settings, create=False)
    if hooks is None:
        return 0
    removed = 0
    for event in list(hooks):
        groups = _groups(path, hooks, event)
        if not groups:
            continue
        count = _strip(groups, host)
        removed += count
        if count and not groups and (created is None or event in created):
            del hooks[event]
    if removed and not hooks and (created is None or "hooks" in created):
        del settings["hooks"]
    return removed
