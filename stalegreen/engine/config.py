"""Configuration: defaults <- ``$STALEGREEN_HOME/config.json`` <- nearest ``.stalegreen.json``.

A bad value never breaks a hook: it is dropped (the default stays) and reported in
``Config.problems`` so ``stalegreen doctor`` can name it.

The agent can write a project's ``.stalegreen.json``, so that file may only make the gate
stricter: ``TRUST`` says, per key, what a project file may do, and ``stricter`` combines two
values of a key. Keys that loosen the gate or grant permissions come only from the user's
config, or from a project the user lists in its ``trustedProjects``. What a project file tried
and was refused is kept in ``Config.ignored``. A session decides with the config in force at
its first event (``for_session``): a later change can tighten it, never loosen it.
"""

import os

from stalegreen.engine.safeio import read_regular_file

DEFAULT_FINGERPRINT_IGNORE = [
    "*.md", "docs/**",      # prose (the spec's defaults); a project that doctests them unignores them
    "*.log", "**/__pycache__/**", "*.pyc", "**/.pytest_cache/**", "**/.mypy_cache/**", "**/.ruff_cache/**",
    # data a run writes for itself and no run reads as input (coverage's data files, the
    # Hypothesis example store): a later run rewriting them is not a change to the tree
    ".coverage", ".coverage.*", "**/.hypothesis/**",
    # Nothing else that a run may read: ``*.txt`` (pytest collects ``test*.txt`` as doctests,
    # requirements.txt, CMakeLists.txt), ``*.rst`` (doctests), ``doc/``, ``LICENSE``, images
    # (baseline images of snapshot tests). Not ignored on purpose either: ``.stalegreen.json``
    # (the agent writing it is an edit) and ``.stalegreen/`` or ``*.mdx`` (a folder stalegreen
    # never uses, compiled pages: places to hide code from the fingerprint).
]

CATEGORIES = ("test", "typecheck", "lint", "build")

DEFAULTS = {
    "policy": "block",
    "mode": "rewrite",
    "strictNoEvidence": False,
    "tailLines": 40,
    "categories": {"test": True, "typecheck": True, "lint": True, "build": True},
    "ignoreCommands": [],
    "extraRunners": [],
    "fingerprintIgnore": DEFAULT_FINGERPRINT_IGNORE,
    "fingerprintBudgetMs": 150,
    "deferredTtlMinutes": 10,
    "maxLogBytes": 5 * 1024 * 1024,
    "permission": "inherit",
    "prune": "30d",
    # beyond the seed
    "claimFree": False,          # block a stop once when code changed and no passing test ran since
    "completionClaims": False,   # treat "Done, the bug is fixed" / 已完成 as claims needing evidence
    "mcpTestTools": [],          # MCP tool names (regex) whose calls count as test runs
    "mcpEditTools": [],          # MCP tool names (regex) whose calls count as edits
    "redact": False,             # mask secrets in stored logs and receipts
    "trustedProjects": [],       # project folders whose .stalegreen.json may also loosen (user config only)
}


def _is_bool(v):
    return isinstance(v, bool)


def _int_at_least(low, high=None):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return False
        if v < low or (high is not None and v > high):
            return False
        return True
    return check


def _one_of(*choices):
    return lambda v: v in choices


def _str_list(v):
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _duration(v):
    return parse_duration(v) is not None


def _categories(v):
    return isinstance(v, dict) and all(k in CATEGORIES and isinstance(b, bool) for k, b in v.items())


def _abs_paths(v):
    return _str_list(v) and all(os.path.isabs(os.path.expanduser(x)) for x in v)


def _extra_runners(v):
    if not isinstance(v, list):
        return False
    for item in v:
        if not isinstance(item, dict) or not isinstance(item.get("match"), str):
            return False
        if item.get("category", "test") not in CATEGORIES:
            return False
        for key in ("pass", "fail"):
            if key in item and not isinstance(item[key], str):
                return False
    return True


VALIDATORS = {
    "policy": _one_of("block", "advisory"),
    "mode": _one_of("rewrite", "strict", "off"),
    "strictNoEvidence": _is_bool,
    "tailLines": _int_at_least(1, 5000),
    "categories": _categories,
    "ignoreCommands": _str_list,
    "extraRunners": _extra_runners,
    "fingerprintIgnore": _str_list,
    "fingerprintBudgetMs": _int_at_least(10),
    "deferredTtlMinutes": _int_at_least(0),
    "maxLogBytes": _int_at_least(1024),
    "permission": _one_of("inherit", "allow", "ask"),
    "prune": _duration,
    "claimFree": _is_bool,
    "completionClaims": _is_bool,
    "mcpTestTools": _str_list,
    "mcpEditTools": _str_list,
    "redact": _is_bool,
    "trustedProjects": _abs_paths,
}

INT_KEYS = ("tailLines", "fingerprintBudgetMs", "maxLogBytes")


UNIT_SECONDS = {"y": 365 * 86400, "w": 7 * 86400, "d": 86400, "h": 3600, "m": 60}


# ---------------------------------------------------------------- who may set what

def _ranked(*order):
    """Values from loosest to strictest: the stricter of two is the later one."""
    def stricter(a, b):
        return a if order.index(a) >= order.index(b) else b
    return stricter


def _gated_if_either(a, b):
    return dict((c, bool(a.get(c, True) or b.get(c, True))) for c in CATEGORIES)


def _in_both(a, b):
    return [x for x in a if x in b]


def _in_either(a, b):
    return list(a) + [x for x in b if x not in a]


def _lower(a, b):
    return min(a, b)


def _later(a, b):
    return b


TIGHTEN = "tighten"   # a project file is honoured only where it makes the gate stricter
USER = "user"         # only the user's config (or a trusted project) sets it
FREE = "free"         # any layer sets it: it changes nothing the gate decides or allows

# key: (what an untrusted project file may do, the stricter of two values). ``stricter(a, b)``
# is also how a session's start-time snapshot ``a`` meets the config read now ``b``. USER keys
# with ``_later`` are operational (a snapshot's value is not kept for them).
TRUST = {
    "policy": (TIGHTEN, _ranked("advisory", "block")),
    "mode": (TIGHTEN, _ranked("off", "rewrite", "strict")),
    "strictNoEvidence": (TIGHTEN, _ranked(False, True)),
    "categories": (TIGHTEN, _gated_if_either),
    "claimFree": (TIGHTEN, _ranked(False, True)),
    "completionClaims": (TIGHTEN, _ranked(False, True)),
    "permission": (TIGHTEN, _ranked("allow", "inherit", "ask")),    # ask: never grant
    "fingerprintIgnore": (TIGHTEN, _in_both),       # a project may only stop ignoring a glob
    "deferredTtlMinutes": (TIGHTEN, _lower),        # a run in flight allows the claim
    "mcpEditTools": (TIGHTEN, _in_either),          # more edits: more claims stale
    "redact": (TIGHTEN, _ranked(False, True)),
    "ignoreCommands": (USER, _in_both),             # ignoring a run can hide a failure
    "extraRunners": (USER, _in_both),               # a runner's own pass pattern makes evidence
    "mcpTestTools": (USER, _in_both),               # so does a tool counted as a test run
    "trustedProjects": (USER, _in_both),            # a project cannot trust itself
    "fingerprintBudgetMs": (USER, _later),          # tiny: no fingerprint; huge: the hook times out
    "maxLogBytes": (USER, _later),                  # the store's disk use
    "prune": (USER, _later),                        # what `doctor --prune` deletes
    "tailLines": (FREE, _later),                    # what the agent sees of its own run
}


def stricter(key, a, b):
    """The stricter of two valid values of ``key``."""
    return TRUST[key][1](a, b)


def parse_duration(text):
    """``1y`` / ``2w`` / ``30d`` / ``12h`` / ``45m`` -> seconds, or None."""
    if not isinstance(text, str) or len(text) < 2 or text[-1] not in UNIT_SECONDS or not text[:-1].isdigit():
        return None
    return int(text[:-1]) * UNIT_SECONDS[text[-1]]


def home_dir():
    """The store root: ``$STALEGREEN_HOME`` or ``~/.stalegreen``."""
    return os.environ.get("STALEGREEN_HOME") or os.path.join(os.path.expanduser("~"), ".stalegreen")


class Config(dict):
    """The merged settings (a dict) plus where they came from, what was wrong, what an untrusted
    project file tried and was refused (``ignored``), and which keys were looser now than at the
    session's start (``loosened``) and whether the session's snapshot went missing
    (``snapshot_lost``), both set by ``for_session``."""

    def __init__(self, values, sources, problems, ignored=None):
        dict.__init__(self, values)
        self.sources = sources
        self.problems = problems
        self.ignored = [] if ignored is None else ignored
        self.loosened = []
        self.snapshot_lost = False


MAX_FILE_BYTES = 1024 * 1024     # a config file or session snapshot larger than this is refused


def _read_layer(path, problems):
    raw = read_regular_file(path, MAX_FILE_BYTES, whole=True, follow_links=True)   # a dotfiles link is read
    if raw is False:
        problems.append("%s: larger than %d bytes; ignored" % (path, MAX_FILE_BYTES))
        return None
    if raw is None:
        return None
    from stalegreen.engine import fastjson

    try:
        data = fastjson.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        problems.append("%s: not valid JSON (%s)" % (path, exc))
        return None
    if not isinstance(data, dict):
        problems.append("%s: expected a JSON object" % path)
        return None
    return data


def _valid(values, layer, path, problems):
    """``(key, value)`` for each valid entry of ``layer``, as it would stand after merging it
    (categories completed from ``values``); bad and unknown entries go to ``problems``."""
    for key, value in layer.items():
        check = VALIDATORS.get(key)
        if check is None:
            problems.append("%s: unknown key %r" % (path, key))
            continue
        if not check(value):
            problems.append("%s: bad value for %r: %r" % (path, key, value))
            continue
        if key == "categories":
            merged = dict(values["categories"])
            merged.update(value)
            value = merged
        elif key in INT_KEYS:
            value = int(value)
        yield key, value


def _merge(values, layer, path, problems):
    for key, value in _valid(values, layer, path, problems):
        values[key] = value


def _merge_untrusted(values, layer, path, problems, ignored):
    """Lay a project file the user does not trust over ``values``, following ``TRUST``."""
    for key in layer:
        if key not in VALIDATORS:
            ignored.append({"source": path, "key": key, "value": layer[key], "why": "unknown"})
    for key, value in _valid(values, layer, path, problems):
        rule = TRUST[key][0]
        if rule == USER:
            ignored.append({"source": path, "key": key, "value": layer[key], "why": "user-only"})
            continue
        kept = stricter(key, values[key], value) if rule == TIGHTEN else value
        if kept != value:
            ignored.append({"source": path, "key": key, "value": layer[key], "kept": kept, "why": "loosens"})
        values[key] = kept


def describe_ignored(item):
    """One line for ``doctor`` and ``check``: what a project file tried and why it was refused."""
    import json     # the CLI's path, not the hook's

    head = "project config %s tried to set %s=%s" % (item.get("source"), item.get("key"),
                                                      json.dumps(item.get("value"), sort_keys=True))
    why = item.get("why")
    if why == "unknown":
        return head + "; ignored (unknown key)"
    if why == "loosens":
        return head + "; kept %s (a project file may only make the gate stricter; loosen it in %s or list " \
            "the project in trustedProjects there)" % (json.dumps(item.get("kept"), sort_keys=True), _user_file())
    return head + "; ignored (only %s, or a project listed in its trustedProjects, may set it)" % _user_file()


def _user_file():
    return os.path.join(home_dir(), "config.json")


def is_trusted(project_file, trusted):
    """Whether the user lists the folder holding ``project_file`` in ``trustedProjects``."""
    folder = os.path.realpath(os.path.dirname(os.path.abspath(project_file)))
    return any(os.path.realpath(os.path.expanduser(p)) == folder for p in trusted or ())


def apply_overrides(config, overrides, origin="host options"):
    """Lay validated ``overrides`` (e.g. a dsh plugin row's options) over a loaded config."""
    if overrides:
        _merge(config, overrides, origin, config.problems)
    return config


def find_project_file(cwd, limit=64):
    """The nearest ``.stalegreen.json`` in ``cwd`` or a parent, or None."""
    current = os.path.abspath(cwd or ".")
    for _ in range(limit):
        candidate = os.path.join(current, ".stalegreen.json")
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
    return None


def load(cwd=None, home=None):
    """Merge the layers for a hook running in ``cwd``. Never raises on bad files."""
    values = dict(DEFAULTS)
    values["categories"] = dict(DEFAULTS["categories"])
    problems = []
    sources = []
    ignored = []
    home = home or home_dir()
    user = os.path.join(home, "config.json")
    layer = _read_layer(user, problems)
    if layer is not None:
        sources.append(user)
        _merge(values, layer, user, problems)
    project = find_project_file(cwd) if cwd else None
    layer = _read_layer(project, problems) if project else None
    if layer is not None:
        sources.append(project)
        if is_trusted(project, values["trustedProjects"]):
            if "trustedProjects" in layer:     # trusting is the user's alone
                ignored.append({"source": project, "key": "trustedProjects", "value": layer.pop("trustedProjects"),
                                "why": "user-only"})
            _merge(values, layer, project, problems)
        else:
            _merge_untrusted(values, layer, project, problems, ignored)
    return Config(values, sources, problems, ignored)


def _snapshot_values(snapshot):
    values = snapshot.get("values") if isinstance(snapshot, dict) else None
    return values if isinstance(values, dict) else None


def for_session(current, session, ts=None):
    """The config ``session`` decides with: the one in force at its first event, met key by key
    with ``current`` (the stricter value wins). Tightening applies at once; loosening waits for
    the next session, and the keys it touched are listed in ``current.loosened``. Meeting (rather
    than trusting the stored snapshot) keeps an edited snapshot from loosening anything either.

    A session that already has records but no readable snapshot lost it after its first event
    (the snapshot is taken before any record): ``current.snapshot_lost`` is set, and the defaults
    stand in for the start config (keys looser than them listed in ``loosened``), so deleting the
    snapshot and loosening a file in one hidden write cannot switch the gate off."""
    snapshot = session.load_config()
    then = _snapshot_values(snapshot)
    if then is None and session.has_records():
        snapshot = session.load_config()        # a parallel first event may have just taken it
        then = _snapshot_values(snapshot)
        if then is None:
            current.snapshot_lost = True
            for key in TRUST:       # listed now, so a later event finds them known: one block
                kept = stricter(key, DEFAULTS[key], current[key])
                if kept != current[key]:
                    current.loosened.append({"key": key, "value": current[key], "kept": kept})
                    current[key] = kept
    if then is None:
        session.save_config({"ts": ts, "values": dict(current), "sources": current.sources,
                             "ignored": current.ignored})
        return current
    if then == current:
        return current                  # the common case: nothing changed since the start
    # Looser files than at the start are a change; another project's file (the agent moved to
    # another folder) is only another place: kept strict either way, reported only for the first.
    same_files = snapshot.get("sources") == current.sources
    for key in TRUST:
        if key not in then or not VALIDATORS[key](then[key]):
            continue
        old = int(then[key]) if key in INT_KEYS else then[key]
        kept = stricter(key, old, current[key])
        if kept != current[key]:
            if same_files:
                current.loosened.append({"key": key, "value": current[key], "kept": kept})
            current[key] = kept
    return current
