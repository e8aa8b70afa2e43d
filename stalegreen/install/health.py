"""What ``stalegreen doctor`` checks. ``collect(cwd)`` returns a plain dict (also the ``--json``
output); every problem carries the command or edit that fixes it.
"""

import os
import subprocess

from stalegreen import __version__
from stalegreen.engine.config import home_dir
from stalegreen.install import claude, codex, files, hookfile
from stalegreen.install.executable import ours, split_command


class Report:
    def __init__(self):
        self.problems = []     # {"problem", "fix"}
        self.warnings = []
        self.locations = []    # one per settings/hooks file looked at

    def problem(self, text, fix):
        item = {"problem": text, "fix": fix}
        if item not in self.problems:
            self.problems.append(item)

    def warn(self, text):
        if text not in self.warnings:
            self.warnings.append(text)


def _snake(event):
    out = ""
    for i, ch in enumerate(event):
        out += ("_" if i and ch.isupper() else "") + ch.lower()
    return out


def _check_command(report, host, command, expected_argv):
    """The interpreter and the executable a hook command names must exist and run."""
    words = split_command(command)
    if not words:
        report.problem("%s hook command cannot be read: %s" % (host, command),
                       "stalegreen install --%s" % host)
        return
    interpreter = words[0]
    paths = [w for w in words[1:] if os.sep in w and not w.startswith("-")]
    if os.sep in interpreter and not (os.path.isfile(interpreter) and os.access(interpreter, os.X_OK)):
        report.problem("%s hooks use interpreter %s, which does not exist or cannot run"
                       % (host, interpreter), "stalegreen install --%s" % host)
    for path in paths[:1]:
        if not os.path.isfile(path):
            report.problem("%s hooks run %s, which does not exist" % (host, path),
                           "stalegreen install --%s" % host)
    if expected_argv and words[: len(expected_argv)] != expected_argv and paths[:1] != expected_argv[-1:]:
        report.problem("%s hooks point elsewhere (%s) than the installed executable (%s)"
                       % (host, " ".join(words[:len(expected_argv)]), expected_argv[-1]),
                       "stalegreen install --%s" % host)


def _check_file(report, host, scope, path, events, expected_argv, project=None):
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
        report.problem(str(exc), "fix the JSON in %s (a backup of what install saw is in %s)"
                       % (path, os.path.join(home_dir(), "backups")))
        return None
    found = hookfile.find(settings, host)
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
                       "stalegreen install %s" % flag)
    for event, commands in sorted(found.items()):
        if len(commands) > 1:
            report.problem("%s %s: %d stalegreen handlers for %s in %s (it would run twice)"
                           % (host, scope, len(commands), event, path), "stalegreen install %s" % flag)
        for command in commands:
            _check_command(report, host, command, expected_argv)
    return settings


def _codex_trust(report, path, settings, project):
    """Trust of our Codex hooks: from ``codex app-server`` when available, else config.toml."""
    location = report.locations[-1]
    codex_bin = codex.find_codex()
    cfg = codex.config_path()
    fix = "stalegreen install --codex%s --trust   (or review them with /hooks in Codex)" % (
        " --project" if project else "")
    if codex_bin:
        try:
            listed = codex.our_listed_hooks(codex.list_hooks(codex_bin, os.path.abspath(project or os.getcwd())), path)
        except (OSError, RuntimeError) as exc:
            report.warn("could not ask Codex about hook trust: %s" % exc)
            listed = None
        if listed is not None:
            untrusted = [h for h in listed if h.get("trustStatus") != "trusted"]
            location["trust"] = "trusted" if listed and not untrusted else "untrusted"
            if not listed:
                report.problem("Codex does not load %s (project not trusted?)" % path, fix)
            elif untrusted:
                report.problem("Codex has not trusted %d of our hooks in %s (%s): they are skipped"
                               % (len(untrusted), path, ", ".join(sorted({h.get("trustStatus", "?") for h in untrusted}))), fix)
            return
    try:
        doc = codex.load_config(cfg, files.read_bytes(cfg))
    except files.FileProblem as exc:
        report.problem(str(exc), "fix the TOML in %s" % cfg)
        return
    recorded = codex.trusted_hashes(doc)
    keys = []
    for event, groups in (settings.get("hooks") or {}).items():
        for gi, group in enumerate(groups if isinstance(groups, list) else []):
            for hi, handler in enumerate(group.get("hooks", []) if isinstance(group, dict) else []):
                if isinstance(handler, dict) and ours(handler.get("command")):
                    keys.append("%s:%s:%d:%d" % (path, _snake(event), gi, hi))
    missing = [k for k in keys if k not in recorded]
    location["trust"] = "recorded (not verified: codex not on PATH)" if not missing else "untrusted"
    if missing:
        report.problem("Codex has no trust recorded for %d of our hooks in %s: they are skipped"
                       % (len(missing), path), fix)


def collect(cwd=None, home=None):
    from stalegreen.engine import config as config_module

    cwd = os.path.abspath(cwd or os.getcwd())
    report = Report()
    manifest = files.load_manifest(home)
    installed = manifest.get("executable") or {}
    python, pyz = installed.get("python"), installed.get("pyz")
    script = installed.get("launcher") or pyz
    expected = [python, "-I", "-S", script] if python and script else None
    executable = {"python": python, "launcher": script, "pyz": pyz, "build": installed.get("build"),
                  "runs": None}
    if pyz:
        missing = [p for p in (pyz, script) if not os.path.isfile(p)]
        if missing:
            report.problem("the executable %s is missing" % " and ".join(missing),
                           "stalegreen install --all")
        elif not (python and os.path.isfile(python) and os.access(python, os.X_OK)):
            report.problem("the interpreter %s is missing" % python, "stalegreen install --all")
        else:
            try:
                result = subprocess.run([python, "-I", "-S", script, "--version"], stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, timeout=60)
                executable["runs"] = result.returncode == 0
                if result.returncode != 0:
                    report.problem("%s -I -S %s does not run: %s" % (python, script, result.stdout.decode(
                        "utf-8", "replace").strip()[-300:]), "stalegreen install --all")
            except (OSError, subprocess.SubprocessError) as exc:
                report.problem("%s does not run: %s" % (pyz, exc), "stalegreen install --all")

    claude_events = [e for e, _, _ in claude.EVENTS]
    codex_events = [e for e, _, _ in codex.EVENTS]
    user_files = (os.path.abspath(claude.settings_path()), os.path.abspath(codex.hooks_path()))
    project_dirs = {os.path.dirname(os.path.dirname(p)) for p in manifest["files"]
                    if p not in user_files and p.endswith((os.path.join(".claude", "settings.json"),
                                                          os.path.join(".codex", "hooks.json")))}
    projects = sorted({cwd} | project_dirs)
    claude_registered = []
    for scope, project in [("user", None)] + [("project", p) for p in projects]:
        path = claude.settings_path(project)
        if scope == "project" and os.path.abspath(path) == os.path.abspath(claude.settings_path()):
            continue
        settings = _check_file(report, "claude", scope, path, claude_events, expected, project)
        if settings and hookfile.find(settings, "claude"):
            claude_registered.append(path)
            if settings.get("disableAllHooks") is True:
                report.problem('%s sets "disableAllHooks": true; no hook runs' % path,
                               'remove "disableAllHooks" from %s' % path)
    plugin = claude.plugin_enabled(cwd)
    if plugin and claude_registered:
        report.problem("stalegreen runs twice in Claude Code: the plugin is enabled (%s) and hooks are "
                       "registered in %s" % (", ".join(plugin), ", ".join(claude_registered)),
                       "stalegreen uninstall --claude  (keep the plugin), or "
                       "claude plugin disable stalegreen@stalegreen")

    cfg = codex.config_path()
    try:
        doc = codex.load_config(cfg, files.read_bytes(cfg))
        disabled = codex.hooks_disabled(doc)
    except files.FileProblem as exc:
        report.problem(str(exc), "fix the TOML in %s" % cfg)
        doc, disabled = None, None
    for scope, project in [("user", None)] + [("project", p) for p in projects]:
        path = codex.hooks_path(project)
        if scope == "project" and os.path.abspath(path) == os.path.abspath(codex.hooks_path()):
            continue
        settings = _check_file(report, "codex", scope, path, codex_events, expected, project)
        if settings and hookfile.find(settings, "codex"):
            if disabled:
                report.problem("Codex hooks are turned off in %s ([features] %s = false)" % (cfg, disabled),
                               "stalegreen install --codex")
            if scope == "project" and doc is not None and not codex.project_trusted(doc, project):
                report.problem("Codex ignores %s: %s is not a trusted project" % (path, project),
                               "stalegreen install --codex --project --trust  (or trust it in Codex)")
            _codex_trust(report, path, settings, project)

    loaded = config_module.load(cwd=cwd, home=home)
    for text in loaded.problems:
        report.problem("config: %s" % text, "edit that file (see `stalegreen doctor --json` for "
                                            "the valid keys in docs), or remove the key")
    for item in loaded.ignored:
        if item.get("why") != "unknown":      # already a problem above
            report.warn("config: %s" % config_module.describe_ignored(item))

    store_info = _store(report, home)
    return {
        "version": __version__,
        "ok": not report.problems,
        "executable": executable,
        "plugin": plugin,
        "locations": report.locations,
        "config": {"sources": loaded.sources, "policy": loaded.get("policy"),
                   "prune": loaded.get("prune"), "ignored": loaded.ignored},
        "store": store_info,
        "problems": report.problems,
        "warnings": report.warnings,
    }


def _store(report, home):
    try:
        from stalegreen.engine import store as store_module

        store = store_module.Store(home)
        info = store.report()
        info["lastErrors"] = store.errors(last=3)
        latest = info["sessions"][0]["root"] if info["sessions"] else None
        info["latest"] = latest
        info["lastVerdicts"] = store.session(latest).read("verdicts", last=5) if latest else []
        for text in info.get("problems", []):
            report.problem("store: %s" % text, "chmod 700 %s" % text.split(" is mode")[0])
        info["sessions"] = len(info["sessions"])
        return info
    except Exception as exc:   # the store is someone else's module: report, don't crash doctor
        report.warn("could not read the store: %s: %s" % (type(exc).__name__, exc))
        return {"home": home or home_dir()}


def prune(home=None, cwd=None):
    """Remove sessions idle longer than the configured ``prune`` age. Returns (age, roots)."""
    from stalegreen.engine import config as config_module
    from stalegreen.engine import store as store_module

    age = config_module.load(cwd=cwd, home=home).get("prune")
    seconds = config_module.parse_duration(age)
    if not seconds:
        return age, []
    return age, store_module.Store(home).prune(seconds)
