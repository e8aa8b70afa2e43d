"""Tamper events: the agent writing what decides how stalegreen judges it or what it may run.

Protected: stalegreen's config (the user's ``config.json``, any ``.stalegreen.json``), the store
(``$STALEGREEN_HOME`` or ``~/.stalegreen``: records, the session's config snapshot, the installed
executable), and the hook registrations of every host: Claude Code ``settings.json`` and
``settings.local.json`` (user and any project) and its plugins folder, Codex ``hooks.json`` and
``config.toml`` (user and any project), and the dsh home's profiles and patch files.

A write is found from an edit tool's paths, from a shell line (``edits.from_shell`` with writes
into the store kept, relative paths taken from the working directory and from any ``cd`` in the
line), and from a config that reads looser than at the session's start or a session snapshot
gone missing (``config.for_session``), which also catch writes no reading of the line can see.
Each is appended to the session's ``tamper.jsonl``. The gate names the ones not yet reported in the next green claim's block,
once; ``check``, ``history`` and ``stats`` show them.
"""

import os

MAX_LISTED = 6
# Cheap test before a shell line is read again for tamper: a protected place is named by one
# of these, by its own path, or reached through a variable the line names.
_HINTS = ("stalegreen", "settings", ".claude", ".codex", "hooks.json", "config.toml", ".dsh",
          "cordis", "plugin", "STALEGREEN_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "DSH_HOME")
# Commands that rewrite hook registrations without naming a file:
# (command, subcommands, actions after the subcommand or None for any) -> label
_PLUGIN_ACTIONS = ("install", "i", "uninstall", "remove", "rm", "add", "enable", "disable", "update", "marketplace")
_COMMANDS = {
    ("stalegreen", ("install", "uninstall"), None): "hook registrations",
    ("claude", ("plugin", "plugins"), _PLUGIN_ACTIONS): "Claude Code plugins",
    ("dsh", ("plugin",), _PLUGIN_ACTIONS): "dsh profile",
}
_VARIABLES = ("STALEGREEN_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "DSH_HOME", "HOME")
_REMOVING = ("rm", "mv", "git rm", "git mv")   # these take a folder and what is inside it


def _host_dir(variable, default):
    value = os.environ.get(variable)
    return os.path.abspath(os.path.expanduser(value)) if value else os.path.join(os.path.expanduser("~"), default)


_PLACES = {}


def places():
    """``(label, path, folder)`` for each protected place outside projects; ``folder``: the
    whole tree under ``path`` is protected. Worked out once per environment."""
    key = tuple(os.environ.get(name) for name in _VARIABLES)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) > 8:
            _PLACES.clear()
        found = _PLACES[key] = _places()
    return found


def _places():
    from stalegreen.engine.config import home_dir

    store = os.path.abspath(home_dir())
    claude = _host_dir("CLAUDE_CONFIG_DIR", ".claude")
    codex = _host_dir("CODEX_HOME", ".codex")
    dsh = _host_dir("DSH_HOME", ".dsh")
    return (
        ("user config", os.path.join(store, "config.json"), False),
        ("stalegreen store", store, True),
        ("Claude Code settings", os.path.join(claude, "settings.json"), False),
        ("Claude Code settings", os.path.join(claude, "settings.local.json"), False),
        ("Claude Code plugins", os.path.join(claude, "plugins"), True),
        ("Claude Code settings", os.path.join(os.path.expanduser("~"), ".claude.json"), False),
        ("Claude Code settings", os.path.join(claude, ".claude.json"), False),
        ("Claude Code settings", "/etc/claude-code/managed-settings.json", False),
        ("Codex hooks", os.path.join(codex, "hooks.json"), False),
        ("Codex config", os.path.join(codex, "config.toml"), False),
        ("dsh profile", os.path.join(dsh, "profiles"), True),
        ("dsh profile", os.path.join(dsh, "cordis.patch.yml"), False),
    )


# Protected wherever they are: (folder name or None, file name) -> label
_IN_ANY_PROJECT = {
    (None, ".stalegreen.json"): "project config",
    (".claude", "settings.json"): "Claude Code settings",
    (".claude", "settings.local.json"): "Claude Code settings",
    (".codex", "hooks.json"): "Codex hooks",
    (".codex", "config.toml"): "Codex config",
}


MAX_RESOLVED = 64      # paths per call whose symbolic links are followed (each costs a walk)


def label(path, removing=False, resolve=True):
    """What an absolute ``path`` protects (``"project config"``, ``"stalegreen store"``...), or
    None. ``removing``: the write deletes or moves ``path``, so a folder holding a protected
    place counts too. ``resolve``: also judge where its symbolic links lead."""
    candidates = [os.path.normpath(path)]
    if resolve:
        from stalegreen.engine.paths import real_path

        real = real_path(candidates[0])    # as given for a NUL byte or a loop
        if real != candidates[0]:
            candidates.append(real)
    protected = places()
    for candidate in candidates:
        name = os.path.basename(candidate)
        folder = os.path.basename(os.path.dirname(candidate))
        found = _IN_ANY_PROJECT.get((None, name)) or _IN_ANY_PROJECT.get((folder, name))
        if found:
            return found
        for text, place, whole_tree in protected:
            if candidate == place or (whole_tree and candidate.startswith(place.rstrip(os.sep) + os.sep)):
                return text
        for text, place, _ in protected if removing else ():
            if place.startswith(candidate.rstrip(os.sep) + os.sep):
                return text
    return None


def _expand(path):
    """``~`` and the variables that name protected places, as the shell would expand them (an
    unset host variable as the folder the host uses then)."""
    from stalegreen.engine.config import home_dir

    if path.startswith("~/") or path == "~":
        path = os.path.expanduser(path)
    if "$" in path:
        for name in _VARIABLES:
            value = home_dir() if name == "STALEGREEN_HOME" else os.environ.get(name)
            if value is None:
                value = {"CLAUDE_CONFIG_DIR": _host_dir("CLAUDE_CONFIG_DIR", ".claude"),
                         "CODEX_HOME": _host_dir("CODEX_HOME", ".codex"),
                         "DSH_HOME": _host_dir("DSH_HOME", ".dsh")}.get(name)
            if value:
                path = path.replace("${%s}" % name, value).replace("$%s" % name, value)
    return path


def _resolve(path, bases):
    path = _expand(str(path).strip().strip("'\""))
    if not path:
        return []
    if os.path.isabs(path):
        return [path]
    return [os.path.join(base, path) for base in bases if base]


def _found(writes, bases, via):
    """Tamper among ``writes`` (``(kind, path)`` pairs), paths taken from each of ``bases``."""
    out = []
    for index, (kind, path) in enumerate(writes):
        if path is None:
            continue
        for candidate in _resolve(path, bases):
            what = label(candidate, removing=kind in _REMOVING, resolve=index < MAX_RESOLVED)
            if what:
                out.append({"path": os.path.normpath(candidate), "label": what, "kind": kind, "via": via})
                break
    return out


def from_edit(event):
    """Tamper found in an edit tool's paths."""
    kind = event.edit_kind or event.tool_name
    return _found([(kind, path) for path in event.paths or ()], [event.cwd], "edit tool")


def _cd_bases(parse, cwd):
    bases = [cwd]
    for segment in parse.segments:
        words = segment.words
        if len(words) >= 2 and words[0] in ("cd", "pushd"):
            target = _expand(words[-1])
            bases.append(target if os.path.isabs(target) else os.path.join(cwd or "", target))
    return bases


def might_tamper(text):
    """Cheap test: False proves the line names no protected place and no registering command."""
    return any(hint in text for hint in _HINTS) or any(place in text for _, place, _ in places())


def from_shell(parse, cwd, output=None):
    """Tamper found in a shell line (the agent's own line, never the wrapped one)."""
    if not might_tamper(parse.text):
        return []
    from stalegreen.engine import edits

    bases = _cd_bases(parse, cwd)
    out = _found(edits.from_shell(parse, output, keep_store=True), bases, "shell")
    for segment in parse.segments:
        out.extend(_command(edits.strip_wrappers(segment.words), segment.text))
    return out


def _command(words, text):
    """``stalegreen uninstall``, ``claude plugin disable stalegreen``, ``stalegreen doctor
    --prune``: hook registrations or the store changed by a command rather than a file write."""
    if not words:
        return []
    name = os.path.basename(words[0])
    rest = [w for w in words[1:] if not w.startswith("-")]
    for (command, subcommands, actions), what in _COMMANDS.items():
        if name == command and rest[:1] and rest[0] in subcommands and (
                actions is None or any(w in actions for w in rest[1:3])):   # ``plugin --profile p add``
            return [{"path": None, "label": what, "kind": " ".join([name] + rest[:2]), "via": "shell",
                     "command": text[:200]}]
    if name == "stalegreen" and rest[:1] == ["doctor"] and "--prune" in words:
        return [{"path": None, "label": "stalegreen store", "kind": "stalegreen doctor --prune", "via": "shell",
                 "command": text[:200]}]
    return []


_GIT_VALUE_OPTIONS = ("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path")


def tree_moving_git(parse):
    """``git <subcommand>`` of the first segment that may rewrite working-tree files without
    naming them (``checkout other -- .``, ``reset --hard other``, ``stash pop``), or None: the
    project's protected files are then hashed before the line runs and compared after it."""
    from stalegreen.engine import edits
    from stalegreen.engine.prefilter import GIT_TREE_MOVING

    for segment in parse.segments:
        words = edits.strip_wrappers(segment.words)
        if not words or os.path.basename(words[0]) != "git":
            continue
        index = 1
        while index < len(words) and words[index].startswith("-"):
            index += 2 if words[index] in _GIT_VALUE_OPTIONS else 1
        if index < len(words) and words[index] in GIT_TREE_MOVING:
            return "git " + words[index]
    return None


def _in_tree_files(event, parse):
    """The protected files of the project the line runs in (its root, the working directory
    and any folder the line ``cd``s into), present or not."""
    from stalegreen.engine.fingerprint import project_root

    bases = []
    for base in [project_root(event.cwd)] + _cd_bases(parse, event.cwd):
        if base and base not in bases:
            bases.append(base)
    return [os.path.join(base, folder or "", name) for base in bases[:4] for folder, name in _IN_ANY_PROJECT]


def _digests(paths):
    """{path: sha256 of its bytes, or None when missing or unreadable}."""
    import hashlib

    from stalegreen.engine.config import MAX_FILE_BYTES
    from stalegreen.engine.safeio import read_regular_file

    out = {}
    for path in paths:
        data = read_regular_file(path, MAX_FILE_BYTES, whole=True, follow_links=True)
        digest = hashlib.sha256(data).hexdigest() if data is not None and data is not False else None
        try:
            if os.path.islink(path):        # a link swapped for another is a change too
                digest = "link:%s:%s" % (os.readlink(path), digest)
        except (OSError, ValueError):
            pass
        out[path] = digest
    return out


def remember_tree(session, event, parse):
    """Before a tree-moving git command runs: hash the project's protected files."""
    if event.tool_use_id and tree_moving_git(parse):
        session.save_protected(event.tool_use_id, _digests(_in_tree_files(event, parse)))


def tree_moved(session, event, parse):
    """After it ran: the protected files it changed (hashed before by ``remember_tree``)."""
    before = session.pop_protected(event.tool_use_id) if event.tool_use_id else None
    kind = tree_moving_git(parse)
    if not before or not kind:
        return []
    after = _digests(list(before))
    return [{"path": path, "label": label(path, resolve=False), "kind": kind, "via": "shell"}
            for path in sorted(before) if before[path] != after[path]]


def record(session, event, found):
    """Append each tamper event (deduplicated by path and kind within one call)."""
    from stalegreen.engine.clock import now_iso

    ts = event.ts or now_iso()
    seen = set()
    for item in found:
        key = (item.get("path"), item.get("kind"), item.get("key"))
        if key in seen:
            continue
        seen.add(key)
        session.append("tamper", dict(item, ts=ts, agent=event.agent, tool=event.tool_name or None))


def record_loosened(session, event, loosened):
    """A config key reads looser than at the session's start: recorded once per key and value."""
    import json

    known = set((r.get("key"), json.dumps(r.get("value"), sort_keys=True))
                for r in session.read("tamper") if r.get("kind") == "config-loosened")
    fresh = [item for item in loosened if (item["key"], json.dumps(item["value"], sort_keys=True)) not in known]
    record(session, event, [{"path": None, "label": "config loosened", "kind": "config-loosened",
                             "via": "config", "key": item["key"], "value": item["value"], "kept": item["kept"]}
                            for item in fresh])


def record_snapshot_lost(session, event):
    """The session's config snapshot went missing after its first event (deleted or made
    unreadable): the session is judged with the defaults where they are stricter."""
    from stalegreen.engine.store import CONFIG_SNAPSHOT

    path = os.path.join(session.dir, CONFIG_SNAPSHOT) if session.dir else None
    record(session, event, [{"path": path, "label": "stalegreen store", "kind": "snapshot-lost", "via": "config"}])


def events(records):
    """The tamper events among ``tamper.jsonl`` records (the gate's acknowledgements left out)."""
    return [r for r in records if not r.get("reported")]


def unreported(session):
    """Tamper events recorded after the gate last named them."""
    records = session.read("tamper")
    last = max([i for i, r in enumerate(records) if r.get("reported")] or [-1])
    return events(records[last + 1:])


def mark_reported(session, ts, count):
    session.append("tamper", {"ts": ts, "reported": count})


def describe(item):
    """``~/.stalegreen/config.json (user config, shell: redirect)`` or ``policy: advisory ...``."""
    if item.get("kind") == "config-loosened":
        import json

        return "%s set to %s during the session (kept %s)" % (
            item.get("key"), json.dumps(item.get("value")), json.dumps(item.get("kept")))
    if item.get("kind") == "snapshot-lost":
        return "%s (the session's config snapshot, deleted or unreadable during the session: judged with the " \
            "defaults where they are stricter)" % (item.get("path") or "config-snapshot.json")
    if item.get("path") is None:
        return "`%s` (%s, %s)" % (item.get("command") or item.get("kind"), item.get("label"), item.get("via"))
    return "%s (%s, %s: %s)" % (item.get("path"), item.get("label"), item.get("via"), item.get("kind"))


def listing(items, limit=MAX_LISTED):
    """One line per distinct tamper event, at most ``limit`` and a count of the rest."""
    lines = []
    for item in items:
        text = describe(item)
        if text not in lines:
            lines.append(text)
    shown = lines[:limit]
    if len(lines) > limit:
        shown.append("and %d more" % (len(lines) - limit))
    return shown
