"""Configuration: defaults <- ``$STALEGREEN_HOME/config.json`` <- nearest ``.stalegreen.json``.

A bad value never breaks a hook: it is dropped (the default stays) and reported in
``Config.problems`` so ``stalegreen doctor`` can name it.
"""

import json
import os

DEFAULT_FINGERPRINT_IGNORE = [
    "*.md", "*.mdx", "*.txt", "*.rst", "*.adoc", "docs/**", "doc/**", "LICENSE*", "CHANGELOG*",
    "*.png", "*.jpg", "*.jpeg", "*.gif", "*.svg", "*.ico", "*.webp", "*.log",
    ".stalegreen/**", ".stalegreen.json",
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
}

INT_KEYS = ("tailLines", "fingerprintBudgetMs", "maxLogBytes")


UNIT_SECONDS = {"y": 365 * 86400, "w": 7 * 86400, "d": 86400, "h": 3600, "m": 60}


def parse_duration(text):
    """``1y`` / ``2w`` / ``30d`` / ``12h`` / ``45m`` -> seconds, or None."""
    if not isinstance(text, str) or len(text) < 2 or text[-1] not in UNIT_SECONDS or not text[:-1].isdigit():
        return None
    return int(text[:-1]) * UNIT_SECONDS[text[-1]]


def home_dir():
    """The store root: ``$STALEGREEN_HOME`` or ``~/.stalegreen``."""
    return os.environ.get("STALEGREEN_HOME") or os.path.join(os.path.expanduser("~"), ".stalegreen")


class Config(dict):
    """The merged settings (a dict) plus where they came from and what was wrong."""

    def __init__(self, values, sources, problems):
        dict.__init__(self, values)
        self.sources = sources
        self.problems = problems


def _read_layer(path, problems):
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        problems.append("%s: not valid JSON (%s)" % (path, exc))
        return None
    if not isinstance(data, dict):
        problems.append("%s: expected a JSON object" % path)
        return None
    return data


def _merge(values, layer, path, problems):
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
        values[key] = value


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
    home = home or home_dir()
    paths = [os.path.join(home, "config.json")]
    project = find_project_file(cwd) if cwd else None
    if project:
        paths.append(project)
    for path in paths:
        layer = _read_layer(path, problems)
        if layer is not None:
            sources.append(path)
            _merge(values, layer, path, problems)
    return Config(values, sources, problems)
