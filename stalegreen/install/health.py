"""What ``stalegreen doctor`` checks. ``collect(cwd)`` returns a plain dict (also the ``--json``
output); every problem carries the command or edit that fixes it.
"""

import os
import subprocess

from stalegreen import __version__
from stalegreen.engine.config import home_dir
from stalegreen.hosts.claude import install as claude
from stalegreen.hosts.codex import install as codex
from stalegreen.install import files, hookfile
from stalegreen.install.executable import ours, split_command


class Report:
    def __init__(self, cmd="stalegreen"):
        self.cmd = cmd         # how the user runs stalegreen here (fixes start with it)
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
                       "%s install --%s" % (report.cmd, host))
        return
    interpreter = words[0]
    paths = [w for w in words[1:] if os.sep in w and not w.startswith("-")]
    if os.sep in interpreter and not (os.path.isfile(interpreter) and os.access(interpreter, os.X_OK)):
        report.problem("%s hooks use interpreter %s, which does not exist or cannot run"
                       % (host, interpreter), "%s install --%s" % (report.cmd, host))
    for path in paths[:1]:
        if not os.path.isfile(path):
            report.problem("%s hooks run %s, which does not exist" % (host, path),
                           "%s install --%s" % (report.cmd, host))
    if expected_argv and words[: len(expected_argv)] != expected_argv and paths[:1] != expected_argv[-1:]:
        report.problem("%s hooks point elsewhere (%s) than the installed executable (%s)"
                       % (host, " ".join(words[:len(expected_argv)]), expected_argv[-1]),
                       "%s install --%s" % (report.cmd, host))


def _unreadable_fix(report, host, scope, path):
    """Fix the file by hand, or run this: put back the bytes install saw last (or move the file
    aside, kept as ``.broken``) and register again."""
    import glob

    from stalegreen.install.executable import quote

    safe = files.real_path(path).strip(os.sep).replace(os.sep, "__")
    saved = sorted(glob.glob(os.path.join(glob.escape(os.path.join(home_dir(), "backups")), safe + ".*.bak")))
    first = ("cp %s %s" % (quote(saved[-1]), quote(path)) if saved
             else "mv %s %s" % (quote(path), quote(path + ".broken")))
    flag = "--%s%s" % (host, " --project" if scope == "project" else "")
    return "fix the file by hand, or run: %s && %s install %s" % (first, report.cmd, flag)


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
        report.problem(str(exc), _unreadable_fix(report, host, scope, path))
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
                       "%s install %s" % (report.cmd, flag))
    for event, commands in sorted(found.items()):
        if len(commands) > 1:
            report.problem("%s %s: %d stalegreen handlers for %s in %s (it would run twice)"
                           % (host, scope, len(commands), event, path), "%s install %s" % (report.cmd, flag))
        for command in commands:
            _check_command(report, host, command, expected_argv)
    return settings


def _codex_trust(report, path, settings, project):
    """Trust of our Codex hooks: from ``codex app-server`` when available, else config.toml."""
    location = report.locations[-1]
    codex_bin = codex.find_codex()
    cfg = codex.config_path()
    fix = "%s install --codex%s --trust   (or review them with /hooks in Codex)" % (
        report.cmd, " --project" if project else "")
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


def _registered_flags(manifest):
    """The install flags that give back what is registered now (``--all`` when unknown)."""
    owners = {record.get("owner") for record in manifest["files"].values()}
    flags = [flag for host, flag in (("claude", "--claude"), ("codex", "--codex")) if host in owners]
    flags += ["--dsh"] if manifest.get("dsh") else []
    return " ".join(flags) or "--all"


def _check_executable(report, executable, python, pyz, script, home, source, flags):
    """The zipapp, its launcher and their interpreter exist and run; each fix runs as printed."""
    from stalegreen.install.executable import quote, reinstall_command

    if not os.path.isfile(pyz):
        again = reinstall_command(home, source=source)
        report.problem("the executable %s is missing" % pyz,
                       "%s install %s" % (again, flags) if again else
                       "get stalegreen.pyz again (./zipapp.sh in a clone of the repository, or the "
                       "release artifact) and run: python3 stalegreen.pyz install --all")
        return
    if not (python and os.path.isfile(python) and os.access(python, os.X_OK)):
        report.problem("the interpreter %s is missing (the hooks and %s cannot start)" % (python, script),
                       "python3 %s install %s   (any Python 3.8+; it becomes the hooks' interpreter)"
                       % (quote(pyz), flags))
        return
    if not os.path.isfile(script):
        report.problem("the launcher %s is missing" % script, "%s %s install %s" % (quote(python), quote(pyz), flags))
        return
    try:
        result = subprocess.run([python, "-I", "-S", script, "--version"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, timeout=60)
        executable["runs"] = result.returncode == 0
        if result.returncode != 0:
            report.problem("%s -I -S %s does not run: %s" % (python, script, result.stdout.decode(
                "utf-8", "replace").strip()[-300:]), "%s %s install %s" % (quote(python), quote(pyz), flags))
    except (OSError, subprocess.SubprocessError) as exc:
        report.problem("%s does not run: %s" % (pyz, exc), "%s %s install %s" % (quote(python), quote(pyz), flags))


def collect(cwd=None, home=None):
    from stalegreen.engine import config as config_module
    from stalegreen.install.executable import user_command

    cwd = os.path.abspath(cwd or os.getcwd())
    report = Report(user_command(home))
    manifest = files.load_manifest(home)
    installed = manifest.get("executable") or {}
    python, pyz = installed.get("python"), installed.get("pyz")
    script = installed.get("launcher") or pyz
    expected = [python, "-I", "-S", script] if python and script else None
    executable = {"python": python, "launcher": script, "pyz": pyz, "build": installed.get("build"),
                  "runs": None}
    if pyz:
        _check_executable(report, executable, python, pyz, script, home, installed.get("source"),
                          _registered_flags(manifest))
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
                       "registered in %s (to keep these hooks instead, run `claude plugin disable "
                       "stalegreen@stalegreen`)" % (", ".join(plugin), ", ".join(claude_registered)),
                       "%s uninstall --claude   (keeps the plugin)" % report.cmd)

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
                               "%s install --codex" % report.cmd)
            if scope == "project" and doc is not None and not codex.project_trusted(doc, project):
                report.problem("Codex ignores %s: %s is not a trusted project" % (path, project),
                               "%s install --codex --project --trust  (or trust it in Codex)" % report.cmd)
            _codex_trust(report, path, settings, project)

    loaded = config_module.load(cwd=cwd, home=home)
    for text in loaded.problems:
        report.problem("config: %s" % text, "edit that file (the valid keys are in the README's "
                                            "Configuration table), or remove the key")
    for item in loaded.ignored:
        if item.get("why") != "unknown":      # already a problem above
            report.warn("config: %s" % config_module.describe_ignored(item))

    from stalegreen.hosts.dsh import install as dsh

    dsh_info = dsh.health(report, manifest)
    store_info = _store(report, home)
    return {
        "version": __version__,
        "ok": not report.problems,
        "command": report.cmd,
        "executable": executable,
        "plugin": plugin,
        "locations": report.locations,
        "config": {"sources": loaded.sources, "policy": loaded.get("policy"),
                   "prune": loaded.get("prune"), "ignored": loaded.ignored},
        "store": store_info,
        "dsh": dsh_info,
        "problems": report.problems,
        "warnings": report.warnings,
    }


def _writable(directory):
    """Can this process create a file in ``directory``? Tried for real: permission bits say
    nothing about a read-only mount, and nothing at all for root."""
    probe = os.path.join(directory, ".doctor-probe-%d" % os.getpid())
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    os.unlink(probe)
    return None


def _store_writable(report, home):
    from stalegreen.engine import store as store_module

    store = store_module.Store(home)
    for directory in (store.home, store.sessions_dir):
        if not os.path.isdir(directory):
            continue
        why = _writable(directory)
        if why:
            report.problem("the store %s is not writable (%s): the hooks cannot record runs, so they "
                           "stop rewriting and allow every claim" % (directory, why),
                           "chmod -R u+rwX %s   (on a read-only mount: point STALEGREEN_HOME at a "
                           "writable directory)" % store.home)
            return


def _store(report, home):
    _store_writable(report, home)
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
