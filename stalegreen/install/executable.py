"""The executable hooks run: ``<python> -I -S <home>/bin/stalegreen hook <host> <Event>``.

Why this shape:
- an absolute interpreter, never ``/usr/bin/env python3`` (a pyenv shim there costs ~90 ms per
  call) and never a venv's python (``pipx run``'s venv disappears with its cache);
- ``-I`` so the agent's repo (a ``json.py`` in the cwd, ``PYTHONPATH``) cannot hijack the hook,
  ``-S`` because the zipapp carries its dependencies and ``site`` (``.pth`` files) costs 2-28 ms;
- the zipapp copied to ``<home>/bin/stalegreen.pyz`` with a bytecode cache for that interpreter
  beside it, and ``<home>/bin/stalegreen``: a plain-script launcher for it (running a zip imports
  ``runpy`` on every call, ~5 ms), also usable as a command (``#!<python> -IS``).
"""

import os
import re
import sys

from stalegreen.engine.config import home_dir
from stalegreen.install import pyz

PYZ_NAME = "stalegreen.pyz"
LAUNCHER_NAME = "stalegreen"
HOST_EVENT = r"\bhook\s+(%s)\s+([A-Za-z]+)\s*$"     # (%s: the registered hosts)
# entries written by the TypeScript reference (``node ~/.stalegreen/bin/hook.js claude Stop``)
LEGACY = re.compile(r"stalegreen[/\\]bin[/\\]hook\.js[\"']?\s+(claude|codex)\s+([A-Za-z]+)\s*$")


def bin_dir(home=None):
    return os.path.join(home or home_dir(), "bin")


def pyz_path(home=None):
    return os.path.join(bin_dir(home), PYZ_NAME)


def launcher_path(home=None):
    return os.path.join(bin_dir(home), LAUNCHER_NAME)


def is_executable_file(path):
    """A file this user may run (not a directory, not a missing path)."""
    return bool(path) and os.path.isfile(path) and os.access(path, os.X_OK)


def _looks_like_shim(path):
    """pyenv/asdf shims are shell scripts that re-dispatch on every call (~90 ms)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(2)
    except OSError:
        return False
    return head == b"#!" or os.sep + "shims" + os.sep in path


def in_virtualenv():
    return getattr(sys, "base_prefix", sys.prefix) != sys.prefix


def resolve_interpreter(executable=None):
    """A real interpreter that will still exist when the installing environment is gone.

    Outside a venv that is ``sys.executable`` as given (``/usr/bin/python3`` keeps working across
    patch upgrades). Inside a venv (pipx, ``pipx run``) it is the base interpreter the venv was
    made from, found through ``sys._base_executable`` or the venv's symlink chain.
    """
    executable = executable or sys.executable
    candidates = []
    if in_virtualenv():
        base = getattr(sys, "_base_executable", None)
        if base and not base.startswith(sys.prefix + os.sep):
            candidates.append(base)
        version = "python%d.%d" % sys.version_info[:2]
        candidates.append(os.path.join(sys.base_prefix, "bin", version))
        candidates.append(os.path.join(sys.base_prefix, "bin", "python3"))
        candidates.append(os.path.realpath(executable))
    else:
        candidates.append(executable)
        candidates.append(os.path.realpath(executable))
    for path in candidates:
        if is_executable_file(path) and not _looks_like_shim(path):
            return os.path.abspath(path)
    return os.path.realpath(executable)


quote = pyz.quote     # the hook command and the launcher quote alike


def command_argv(python, script):
    return [python, "-I", "-S", script]


def hook_command(python, script, host, event):
    return " ".join(quote(w) for w in command_argv(python, script) + ["hook", host, event])


def split_command(command):
    """Shell words of a hook command (for doctor's existence checks); None if unparseable."""
    import shlex

    try:
        return shlex.split(command)
    except ValueError:
        return None


def ours(command):
    """(host, event) when ``command`` is a stalegreen hook command (any install, any home,
    the console script, ``python -m stalegreen``, the reference's ``hook.js``), else None."""
    if not isinstance(command, str) or "stalegreen" not in command:
        return None
    legacy = LEGACY.search(command)
    if legacy:
        return legacy.group(1), legacy.group(2)
    from stalegreen import hosts

    match = re.search(HOST_EVENT % "|".join(re.escape(name) for name in hosts.names()), command)
    if not match or "stalegreen" not in command[: match.start()]:
        return None
    return match.group(1), match.group(2)


class CannotBuild(Exception):
    """No zipapp to copy and no package source to build one from (the message says what to run)."""


def running_archive():
    """The zipapp this process runs from, or None (installed package, source checkout)."""
    import stalegreen

    archive = getattr(stalegreen, "__archive__", None)
    return archive if archive and os.path.isfile(archive) else None


def place(home=None, dry_run=False, python=None):
    """Put the zipapp and its launcher in ``<home>/bin``; compile its bytecode for ``python``.

    Copies the running zipapp, or builds one from the installed package (pipx, venv, checkout).
    Returns (launcher path, pyz path, build id, how).
    """
    from stalegreen.install import bytecode, files, pyz

    python = python or resolve_interpreter()
    target = pyz_path(home)
    launcher = launcher_path(home)
    source = running_archive()
    if dry_run:
        return launcher, target, None, ("would copy %s" % source if source
                                        else "would build from the installed package")
    os.makedirs(home or home_dir(), mode=0o700, exist_ok=True)
    os.makedirs(bin_dir(home), mode=0o700, exist_ok=True)
    if source and os.path.abspath(source) != os.path.abspath(target):
        with open(source, "rb") as fh:
            data = fh.read()
        if files.read_bytes(target) != data:
            files.atomic_write(target, data, 0o755)
        os.chmod(target, 0o755)
        how = "copied from %s" % source
    elif source:
        how = "already in place"
    else:
        if package_source_dir() is None:
            remembered = (files.load_manifest(home).get("executable") or {}).get("source")
            again = reinstall_command(home, source=remembered)
            raise CannotBuild(
                "%s is gone and this stalegreen runs from its bytecode cache only, so there is "
                "nothing to copy or build it from; %s" % (target, (
                    "run: %s install --all" % again) if again else
                    "get stalegreen.pyz again (./zipapp.sh in a clone of the repository, or the "
                    "release artifact) and run: python3 stalegreen.pyz install --all"))
        pyz.build_from_installed(target)
        how = "built from the installed package"
    build_id = bytecode.read_build_id(target)
    compile_for(python, target, build_id)
    bytecode.prune(target, build_id)
    text = pyz.launcher_text(python, target).encode("utf-8")
    if files.read_bytes(launcher) != text:
        files.atomic_write(launcher, text, 0o755)
    os.chmod(launcher, 0o755)
    write_command_file(python, launcher, home)
    return launcher, target, build_id, how


def compile_for(python, target, build_id):
    """Write the bytecode cache for ``python`` (in-process when it is this interpreter)."""
    from stalegreen.install import bytecode

    os.makedirs(bytecode.root_for(target), exist_ok=True)
    same = os.path.realpath(python) == os.path.realpath(sys.executable) or (
        in_virtualenv() and os.path.realpath(python) == os.path.realpath(resolve_interpreter()))
    if same:
        bytecode.build(target, build_id)
        return True
    import subprocess

    # the zipapp's __main__ fills the cache after any command once the -bytecode dir exists
    result = subprocess.run(command_argv(python, target) + ["--version"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return result.returncode == 0


def on_path(name="stalegreen", env=None):
    """The first ``name`` on PATH, or None."""
    import shutil

    return shutil.which(name, path=(env or os.environ).get("PATH", os.defpath))


def user_command(home=None, env=None):
    """What a user types to run stalegreen, as it is on this machine: ``stalegreen`` when that
    name on PATH works, else the launcher install wrote (absolute path), else this very process
    (a zipapp run by path, ``python -m stalegreen``). Every message that tells a user to run a
    command starts with this."""
    if on_path(env=env):
        return "stalegreen"
    launcher = launcher_path(home)
    if is_executable_file(launcher) and os.path.isfile(pyz_path(home)):
        return quote(launcher)
    archive = running_archive()
    if archive:
        return "%s %s" % (quote(sys.executable), quote(archive))
    return "%s -m stalegreen" % quote(sys.executable)


def reinstall_command(home=None, env=None, source=None):
    """A command that can put the executable back when ``<home>/bin/stalegreen.pyz`` is gone:
    never the launcher (it has nothing left to copy), but a zipapp or package that still exists
    (``source``: the zipapp install copied from, as the manifest remembers it)."""
    target = os.path.realpath(pyz_path(home))
    archive = running_archive()
    if archive and os.path.realpath(archive) != target:
        return "%s %s" % (quote(sys.executable), quote(archive))
    if source and os.path.isfile(source) and os.path.realpath(source) != target:
        return "python3 %s" % quote(source)
    found = on_path(env=env)
    if found and os.path.realpath(found) not in (os.path.realpath(launcher_path(home)), target):
        return "stalegreen"
    if archive is None and package_source_dir():
        return "%s -m stalegreen" % quote(sys.executable)
    return None


def package_source_dir():
    """The directory the running ``stalegreen`` package was imported from when it holds the
    source files (a wheel or checkout), else None (a zipapp, or only its bytecode cache)."""
    import stalegreen

    directory = os.path.dirname(os.path.abspath(stalegreen.__file__))
    return directory if os.path.isfile(os.path.join(directory, "__init__.py")) else None


LINK_DIR = os.path.join("~", ".local", "bin")


def link_dir():
    return os.path.expanduser(LINK_DIR)


def link_dir_on_path(env=None):
    wanted = os.path.realpath(link_dir())
    return any(os.path.realpath(os.path.expanduser(d)) == wanted
               for d in (env or os.environ).get("PATH", "").split(os.pathsep) if d)


def link(home=None, dry_run=False):
    """``~/.local/bin/stalegreen`` -> the launcher. Returns (path, outcome): ``linked``,
    ``already``, ``would link``, or ``taken`` (another ``stalegreen`` is there: left alone)."""
    path = os.path.join(link_dir(), LAUNCHER_NAME)
    target = launcher_path(home)
    if os.path.islink(path) and os.readlink(path) == target:
        return path, "already"
    if os.path.lexists(path):
        return path, "taken"
    if dry_run:
        return path, "would link"
    os.makedirs(link_dir(), exist_ok=True)
    os.symlink(target, path)
    return path, "linked"


def unlink(home=None):
    """Remove ``~/.local/bin/stalegreen`` if it is our link. Returns the path or None."""
    path = os.path.join(link_dir(), LAUNCHER_NAME)
    if os.path.islink(path) and os.readlink(path) == launcher_path(home):
        os.unlink(path)
        return path
    return None


def write_command_file(python, script, home=None):
    """``<home>/bin/command.json``: the argv other launchers (the dsh bridge) should spawn."""
    import json

    from stalegreen.install import files

    path = os.path.join(bin_dir(home), "command.json")
    data = (json.dumps({"argv": command_argv(python, script)}, indent=2) + "\n").encode("utf-8")
    if files.read_bytes(path) != data:
        files.atomic_write(path, data, 0o644)
    return path


def remove(home=None):
    """Delete what ``place`` put in ``<home>/bin`` (the store and backups stay). Returns paths."""
    import shutil

    from stalegreen.install import bytecode

    removed = []
    target = pyz_path(home)
    for path in (launcher_path(home), target, os.path.join(bin_dir(home), "command.json")):
        if os.path.isfile(path):
            os.unlink(path)
            removed.append(path)
    cache = bytecode.root_for(target)
    if os.path.isdir(cache):
        shutil.rmtree(cache, ignore_errors=True)
        removed.append(cache)
    try:
        os.rmdir(bin_dir(home))
    except OSError:
        pass
    return removed
