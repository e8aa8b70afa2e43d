"""What ``stalegreen doctor`` checks. ``collect(cwd)`` returns a plain dict (also the ``--json``
output); every problem carries the command or edit that fixes it.
"""

import errno
import os
import subprocess

from stalegreen import __version__, hosts
from stalegreen.engine.config import home_dir
from stalegreen.install import files, targets
from stalegreen.install.executable import is_executable_file, quote, split_command


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


def _registered_flags(manifest, cwd):
    """The install flags that give back what is registered now (``--all`` when unknown);
    ``--project`` when the hooks of every such host with project files are only in this
    project's, so no user-wide ones are added."""
    names = [name for name in hosts.names() if targets.installer(name).registered(manifest)]
    flags = ["--" + name for name in names]
    recorded = {}
    for path, record in manifest["files"].items():
        recorded.setdefault(record.get("owner"), set()).add(path)
    per_project = [targets.installer(name) for name in names if targets.installer(name).PROJECT_FILE]
    if per_project and all(installer.hooks_path() not in recorded.get(installer.HOST, ())
                           and installer.hooks_path(cwd) in recorded.get(installer.HOST, ())
                           for installer in per_project):
        flags.append("--project")
    return " ".join(flags) or "--all"


def _is_our_launcher(command, launcher):
    """Is ``command`` (how doctor tells the user to run stalegreen) the launcher install wrote,
    by its path or through the ``~/.local/bin`` link?"""
    import shutil

    word = split_command(command)[:1]
    found = shutil.which(word[0]) if word else None
    return bool(found and launcher and os.path.realpath(found) == os.path.realpath(launcher))


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
    """This folder and every project whose hooks file a host's install recorded (a user's own
    hooks file, such as ``~/.claude/settings.json``, makes no project of its folder)."""
    installers = [targets.installer(name) for name in hosts.names()]
    per_project = [installer for installer in installers if installer.PROJECT_FILE]
    user_files = {os.path.abspath(installer.hooks_path()) for installer in per_project}
    found = {cwd}
    for path in targets.hook_files(manifest):
        if path in user_files:
            continue
        for installer in per_project:
            if path.endswith(os.sep + installer.PROJECT_FILE):
                found.add(path[: -len(installer.PROJECT_FILE) - 1])
    return sorted(found)


def _check_executable(report, executable, python, pyz, script, home, source, flags):
    """The zipapp, its launcher and their interpreter exist and run; each fix runs as printed."""
    from stalegreen.install.executable import reinstall_command

    if not os.path.isfile(pyz):
        again = reinstall_command(home, source=source)
        report.problem("the executable %s is missing" % pyz,
                       "%s install %s" % (again, flags) if again else
                       "get stalegreen.pyz again (./zipapp.sh in a clone of the repository, or the "
                       "release artifact) and run: python3 stalegreen.pyz install --all")
        return
    if not is_executable_file(python):
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
    try:
        manifest = files.load_manifest(home)
    except OSError as exc:          # a store another user owns: say so, check the rest
        report.problem("cannot read %s (%s): what install registered is unknown"
                       % (files.manifest_path(home), exc.strerror or exc),
                       _store_fix(exc, home_dir() if home is None else home, os.path.dirname(files.manifest_path(home))))
        manifest = {"version": 1, "files": {}}
    installed = manifest.get("executable") or {}
    python, pyz = installed.get("python"), installed.get("pyz")
    script = installed.get("launcher") or pyz
    expected = [python, "-I", "-S", script] if python and script else None
    if python and pyz and os.path.isfile(pyz) and not is_executable_file(python) and _is_our_launcher(report.cmd, script):
        report.cmd = "python3 %s" % quote(pyz)     # the launcher dies with its Python; the zipapp runs on any
    executable = {"python": python, "launcher": script, "pyz": pyz, "build": installed.get("build"),
                  "runs": None}
    if pyz:
        _check_executable(report, executable, python, pyz, script, home, installed.get("source"),
                          _registered_flags(manifest, cwd))
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
    info.update(sections)      # each host's own keys (Claude's "plugin" and "pluginCopies", dsh's "dsh")
    return info


def _writable(directory):
    """Why this process cannot create a file in ``directory`` (an OSError), or None. Tried for
    real: permission bits say nothing about a read-only mount, and nothing at all for root."""
    probe = os.path.join(directory, ".doctor-probe-%d" % os.getpid())
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        return exc
    os.close(fd)
    os.unlink(probe)
    return None


def _store_writable(report, home):
    """A store the hooks cannot write makes them allow everything, so it is a problem; the fix
    depends on why: our own mode bits (chmod), another owner (chown), a read-only file system
    (nothing a command of ours can change)."""
    from stalegreen.engine import store as store_module

    store = store_module.Store(home)
    for directory in (store.home, store.sessions_dir):
        if not os.path.isdir(directory):
            continue
        why = _writable(directory)
        if not why:
            continue
        report.problem("the store %s is not writable (%s): the hooks cannot record runs, so they stop "
                       "rewriting and allow every claim" % (directory, why.strerror or why),
                       _store_fix(why, store.home, directory))
        return


def _store_fix(why, home, directory):
    """What makes ``home`` (the store) writable again, given the error met in ``directory``."""
    if why.errno == errno.EROFS:
        return ("no stalegreen command can fix this: %s is on a file system mounted read-only. Mount it "
                "read-write, or start the agent CLIs with STALEGREEN_HOME set to a writable directory "
                "(the hooks then keep their store there)" % home)
    try:
        foreign = hasattr(os, "getuid") and os.stat(directory).st_uid != os.getuid()
    except OSError:
        foreign = False
    if foreign:
        return "sudo chown -R %d:%d %s" % (os.getuid(), os.getgid(), quote(home))
    return "chmod -R u+rwX %s" % quote(home)


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
