"""The ``{"hooks": {Event: [ {matcher, hooks: [handler]} ]}}`` shape Claude and Codex share.

Our handlers are recognised by their command (``executable.ours``), never by position, so other
tools' hooks in the same group or event are left exactly where they are. ``check_file`` is
doctor's look at one such file.
"""

import os
import stat

from stalegreen.install import files
from stalegreen.install.executable import is_executable_file, ours, split_command
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


# ----------------------------------------------------------------------------- doctor

def _check_command(report, host, command, expected_argv, flag):
    """The interpreter and the executable a hook command names must exist and run; ``flag`` is
    the install option that rewrites this file (``--claude --project`` for a project's)."""
    words = split_command(command)
    if not words:
        report.problem("%s hook command cannot be read: %s" % (host, command),
                       "%s install %s" % (report.cmd, flag))
        return
    interpreter = words[0]
    paths = [w for w in words[1:] if os.sep in w and not w.startswith("-")]
    if os.sep in interpreter and not is_executable_file(interpreter):
        report.problem("%s hooks use interpreter %s, which does not exist or cannot run"
                       % (host, interpreter), "%s install %s" % (report.cmd, flag))
    for path in paths[:1]:
        if _not_a_file(path):
            report.problem("%s hooks run %s, which does not exist" % (host, path),
                           "%s install %s" % (report.cmd, flag))
    if expected_argv and words[: len(expected_argv)] != expected_argv and paths[:1] != expected_argv[-1:]:
        report.problem("%s hooks point elsewhere (%s) than the installed executable (%s)"
                       % (host, " ".join(words[:len(expected_argv)]), expected_argv[-1]),
                       "%s install %s" % (report.cmd, flag))


def _not_a_file(path):
    """True when ``path`` is no regular file; not when it is only out of this user's reach (a
    store another user owns is its own problem, with its own fix)."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _unreadable_fix(report, host, scope, path):
    """Fix the file by hand, or run this: put back the bytes install saw last (or move the file
    aside, kept as ``.broken``) and register again."""
    import glob

    from stalegreen.engine.config import home_dir
    from stalegreen.install.executable import quote

    safe = files.real_path(path).strip(os.sep).replace(os.sep, "__")
    saved = sorted(glob.glob(os.path.join(glob.escape(os.path.join(home_dir(), "backups")), safe + ".*.bak")))
    first = ("cp %s %s" % (quote(saved[-1]), quote(path)) if saved
             else "mv %s %s" % (quote(path), quote(path + ".broken")))
    flag = "--%s%s" % (host, " --project" if scope == "project" else "")
    return "fix the file by hand, or run: %s && %s install %s" % (first, report.cmd, flag)


def check_file(report, host, scope, path, events, expected_argv, project=None):
    location = {"host": host, "scope": scope, "file": path, "events": [], "missing": []}
    report.locations.append(location)
    data = files.read_bytes(path)
    if data is None:
        location["state"] = "absent"
        return None
    try:
        settings = files.parse_json(path, data)
    except files.FileProblem as exc:
        location["state"] = "unreadable"
        report.problem(str(exc), _unreadable_fix(report, host, scope, path))
        return None
    found = find(settings, host)
    location["events"] = sorted(found)
    if not found:
        location["state"] = "not installed"
        return settings
    location["state"] = "installed"
    flag = "--%s%s" % (host, " --project" if scope == "project" else "")
    missing = [e for e in events if e not in found]
    location["missing"] = missing
    if missing:
        report.problem("%s %s hooks miss %s (%s)" % (host, scope, ", ".join(missing), path),
                       "%s install %s" % (report.cmd, flag))
    for event, commands in sorted(found.items()):
        if len(commands) > 1:
            report.problem("%s %s: %d stalegreen handlers for %s in %s (it would run twice)"
                           % (host, scope, len(commands), event, path), "%s install %s" % (report.cmd, flag))
        for command in commands:
            _check_command(report, host, command, expected_argv, flag)
    return settings
