"""What ``stalegreen doctor`` checks. ``collect(cwd)`` returns a plain dict (also the ``--json``
output); every problem carries the command or edit that fixes it.
"""

import os
import subprocess

from stalegreen import __version__
from stalegreen.engine.config import home_dir
from stalegreen import hosts
from stalegreen.install import files, targets


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


def _registered_flags(manifest):
    """The install flags that give back what is registered now (``--all`` when unknown)."""
    flags = ["--" + name for name in hosts.names() if targets.installer(name).registered(manifest)]
    return " ".join(flags) or "--all"


class Context(object):
    """What each host's ``health(report, context)`` checks against: the folder doctor runs in,
    the manifest, the hook command's expected start (``[python, -I, -S, launcher]`` or None),
    and the projects to look in (this one and every one install registered hooks in)."""

    def __init__(self, cwd, manifest, expected, projects, home=None):
        self.cwd = cwd
        self.manifest = manifest
        self.expected = expected
        self.projects = projects
        self.home = home

    def scopes(self):
        """``("user", None)``, then ``("project", folder)`` for each project."""
        return [("user", None)] + [("project", p) for p in self.projects]


def _projects(cwd, manifest):
    """This folder and every project whose hooks file a host's install recorded."""
    tails = [installer.PROJECT_FILE for installer in map(targets.installer, hosts.names()) if installer.PROJECT_FILE]
    found = {cwd}
    for path in targets.hook_files(manifest):
        for tail in tails:
            if path.endswith(os.sep + tail):
                found.add(path[: -len(tail) - 1])
    return sorted(found)


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
    context = Context(cwd, manifest, expected, _projects(cwd, manifest), home)
    sections = {}
    for name in hosts.names():
        sections.update(targets.installer(name).health(report, context))

    loaded = config_module.load(cwd=cwd, home=home)
    for text in loaded.problems:
        report.problem("config: %s" % text, "edit that file (the valid keys are in the README's "
                                            "Configuration table), or remove the key")
    for item in loaded.ignored:
        if item.get("why") != "unknown":      # already a problem above
            report.warn("config: %s" % config_module.describe_ignored(item))

    store_info = _store(report, home)
    info = {
        "version": __version__,
        "ok": not report.problems,
        "command": report.cmd,
        "executable": executable,
        "locations": report.locations,
        "config": {"sources": loaded.sources, "policy": loaded.get("policy"),
                   "prune": loaded.get("prune"), "ignored": loaded.ignored},
        "store": store_info,
        "problems": report.problems,
        "warnings": report.warnings,
    }
    info.update(sections)      # each host's own keys (Claude's "plugin", dsh's "dsh")
    return info


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
