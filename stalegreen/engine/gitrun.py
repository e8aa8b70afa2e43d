"""Running the fingerprint's read-only git commands (``engine/fingerprint.py``).

Git is found once on the absolute entries of ``PATH`` (a ``./git`` never runs), and every
program the repository's config could make these read-only commands start is switched off
(``core.fsmonitor``, the clean filters and filter processes its config defines, hooks); the
caller passes ``--no-optional-locks``. The commands are spawned with ``os.posix_spawn`` and
pipes (importing ``subprocess`` alone costs more than the git calls on a small repo), all at
once, and read against a deadline: past it, what is still running is killed and ``Budget``
raised. ``start`` and ``collect`` are the two halves, so a caller can do its own work while git
runs (``fingerprint.Background``).
"""

import os
import sys
import time

REAP_GRACE_S = 0.050                  # for a git that closed its output to exit

# The repository is the one found above the directory, with its real index, whatever a caller
# (a git hook, an editor) exported.
_GIT_ENV_DROP = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_PREFIX")


class Budget(Exception):
    pass


class GitMissing(Exception):
    pass


def git_env():
    env = dict(os.environ)
    for name in _GIT_ENV_DROP:
        env.pop(name, None)
    env["GIT_OPTIONAL_LOCKS"] = "0"
    env["LC_ALL"] = "C"
    return env


_GIT_FOUND = {}                        # PATH value -> absolute git path ("" when none)
# Config that makes read-only git commands start a program; the values switch it off.
_NO_PROGRAMS = ("core.fsmonitor=false", "core.hooksPath=/dev/null")
CONFIG_MAX_BYTES = 1024 * 1024
CONFIG_INCLUDE_DEPTH = 5


def git_executable():
    """Absolute path of the ``git`` the hook runs, or None: the first absolute ``PATH`` entry
    holding an executable ``git``. Relative entries (``.``, ``bin``) would resolve inside the
    agent's project, so they are skipped. Resolved once per ``PATH`` value."""
    search = os.environ.get("PATH", os.defpath)
    if search not in _GIT_FOUND:
        found = ""
        for folder in search.split(os.pathsep):
            candidate = os.path.join(folder, "git")
            if os.path.isabs(folder) and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                found = candidate
                break
        _GIT_FOUND[search] = found
    return _GIT_FOUND[search] or None


def config_filters(path, depth=0, seen=None):
    """Names of the filter drivers a git config file (and the files it includes) defines."""
    from stalegreen.engine.store import read_regular_file

    seen = set() if seen is None else seen
    if depth > CONFIG_INCLUDE_DEPTH or path in seen:
        return set()
    seen.add(path)
    data = read_regular_file(path, CONFIG_MAX_BYTES)
    if data is None:
        return set()
    text = data.decode("utf-8", "replace")
    lowered = text.lower()
    if "filter" not in lowered and "include" not in lowered:
        return set()                 # no section below can match: ``re`` need not load before git starts
    import re

    names = set()
    section = ""
    for line in text.splitlines():
        header = re.match(r'\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]', line)
        if header:
            section = header.group(1).lower()
            if section == "filter" and header.group(2) is not None:
                names.add(re.sub(r"\\(.)", r"\1", header.group(2)))
            elif section.startswith("filter.") and header.group(2) is None:
                names.add(header.group(1)[len("filter."):])   # the old [filter.name] form
            line = line[header.end():]
        if section in ("include", "includeif"):
            match = re.match(r"\s*path\s*=\s*(.+?)\s*$", line, re.I)
            if match:
                target = os.path.expanduser(match.group(1).strip('"'))
                if not os.path.isabs(target):
                    target = os.path.join(os.path.dirname(path), target)
                names |= config_filters(target, depth + 1, seen)
    return names


def excludes_files(path, depth=0, seen=None):
    """The ``core.excludesFile`` values a git config file (and the files it includes) sets."""
    from stalegreen.engine.store import read_regular_file

    seen = set() if seen is None else seen
    if depth > CONFIG_INCLUDE_DEPTH or path in seen:
        return []
    seen.add(path)
    data = read_regular_file(path, CONFIG_MAX_BYTES)
    text = data.decode("utf-8", "replace") if data is not None else ""
    if "excludesfile" not in text.lower() and "include" not in text.lower():
        return []
    import re

    found, section = [], ""
    for line in text.splitlines():
        header = re.match(r'\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"(?:[^"\\]|\\.)*")?\s*\]', line)
        if header:
            section, line = header.group(1).lower(), line[header.end():]
        match = re.match(r"\s*(excludesfile|path)\s*=\s*(.+?)\s*$", line, re.I)
        if not match:
            continue
        value = os.path.expanduser(match.group(2).strip('"'))
        if section == "core" and match.group(1).lower() == "excludesfile":
            found.append(value)
        elif section in ("include", "includeif") and match.group(1).lower() == "path":
            target = value if os.path.isabs(value) else os.path.join(os.path.dirname(path), value)
            found += excludes_files(target, depth + 1, seen)
    return found


def ignore_sources(git_dir, common_dir):
    """The bytes of git's ignore rules that live outside the work tree: the repository's
    ``info/exclude`` and every ``core.excludesFile`` its config or the user's sets (and the
    default one). The agent can write them; a file they newly hide is hidden from status too."""
    from stalegreen.engine.store import read_regular_file

    home = os.path.expanduser("~")
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    configs = [os.path.join(common_dir, "config"), os.path.join(git_dir, "config.worktree"),
               os.path.join(home, ".gitconfig"), os.path.join(xdg, "git", "config")]
    files = [os.path.join(common_dir, "info", "exclude"), os.path.join(xdg, "git", "ignore")]
    for config in configs:
        files += excludes_files(config)
    parts = []
    for path in files:
        data = read_regular_file(path, CONFIG_MAX_BYTES) or b""
        parts.append(b"%d:%s:%d:%s" % (len(path), os.fsencode(path), len(data), data))
    return b"".join(parts)


def program_overrides(git_dir, common_dir):
    """``-c`` options that keep the repository's config from starting programs."""
    names = config_filters(os.path.join(common_dir, "config"))
    names |= config_filters(os.path.join(git_dir, "config.worktree"))
    options = []
    for setting in _NO_PROGRAMS:
        options += ["-c", setting]
    for name in sorted(names):
        for key in ("clean", "smudge", "process"):
            options += ["-c", "filter.%s.%s=" % (name, key)]
        options += ["-c", "filter.%s.required=false" % name]
    return options


PIPE_BYTES = 1 << 20                 # an index listing of ~14k files fits without git waiting on us
_F_SETPIPE_SZ = 1031                 # Linux's fcntl command (``fcntl.F_SETPIPE_SZ`` from Python 3.10)


def _spawn(argv, env):
    """Start ``argv`` with stdout on a pipe; stdin and stderr on /dev/null. Returns (pid, fd).
    On Linux the pipe holds up to ``PIPE_BYTES`` (the system's limit allowing), so git can
    finish while the caller is busy elsewhere (``Background``)."""
    read_fd, write_fd = os.pipe()
    if sys.platform.startswith("linux"):
        try:
            import fcntl

            fcntl.fcntl(read_fd, _F_SETPIPE_SZ, PIPE_BYTES)
        except (ImportError, OSError):
            pass                     # the default 64 KiB: git waits until its output is read
    try:
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, write_fd, 1),
            (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
        ]
        try:
            pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
        except FileNotFoundError:
            raise GitMissing()
    except BaseException:
        os.close(read_fd)
        os.close(write_fd)
        raise
    os.close(write_fd)
    return pid, read_fd


def _reap(pid, deadline):
    """Exit status of ``pid``; killed (and None returned) if it outlives ``deadline``."""
    delay = 0.0002
    while True:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return None
        if done:
            return os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else (
                status >> 8 if status & 0x7F == 0 else -(status & 0x7F))
        if time.monotonic() >= deadline:
            _kill(pid)
            return None
        time.sleep(delay)
        delay = min(delay * 2, 0.005)


def _kill(pid):
    import signal

    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        return
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass


class Children(object):
    """Git commands started at once (``start``), their output read by ``collect``. Where
    ``os.posix_spawn`` is missing they are only remembered and run one after the other there."""

    def __init__(self, commands, envs=None):
        self.commands, self.envs = commands, envs
        self.running = []            # (pid, read fd); pid None once reaped

    def abandon(self):
        """Kill what still runs and close every pipe: nothing is left behind."""
        for pid, fd in self.running:
            if pid is not None:
                _kill(pid)
            os.close(fd)
        self.running = []


def _command_env(base, changes):
    """``base`` with ``changes`` applied (a value of None removes the variable)."""
    if not changes:
        return base
    env = dict(base)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def start(commands, envs=None):
    """Start the git ``commands`` now, in parallel; ``collect`` reads their output, at once
    (``compute``) or once the caller has done its own work (``Background``). ``envs``, when
    given, holds one dict per command of environment changes to ``git_env()`` (None: none).
    Git starts with the umask 077: a file it writes (only ever the store's private copy of the
    index, ``engine/gitindex.py``) is the user's alone."""
    children = Children(commands, envs)
    if hasattr(os, "posix_spawn"):
        env = git_env()
        umask = os.umask(0o077)
        try:
            for position, argv in enumerate(commands):
                children.running.append(_spawn(argv, _command_env(env, envs[position] if envs else None)))
        except BaseException:
            children.abandon()
            raise
        finally:
            os.umask(umask)
    return children


def run_parallel(commands, deadline, on_output=None):
    """Run the git ``commands`` at once; returns their (exit code, stdout bytes) in order."""
    return collect(start(commands), deadline, on_output)


def collect(children, deadline, on_output=None):
    """(exit code, stdout bytes) of each started command, in order.

    ``on_output(position, data)`` is called as soon as one command's output is complete, so
    its parsing overlaps the slower ones. Raises Budget (after killing every child) when
    ``deadline`` passes first.
    """
    if not hasattr(os, "posix_spawn"):
        return run_with_subprocess(children.commands, deadline, on_output, children.envs)
    import select

    running = children.running
    try:
        chunks = dict((fd, []) for _, fd in running)
        poller = select.poll()
        for fd in chunks:
            poller.register(fd, select.POLLIN)
        reading = len(chunks)
        while reading:
            # past the deadline, only what git already wrote (read late by ``Background``) counts
            ready = poller.poll(max(int((deadline - time.monotonic()) * 1000), 0))
            if not ready:
                raise Budget()
            for fd, _ in ready:
                data = os.read(fd, 1 << 20)
                if data:
                    chunks[fd].append(data)
                    continue
                poller.unregister(fd)
                reading -= 1
                if on_output is not None:
                    position = [child_fd for _, child_fd in running].index(fd)
                    chunks[fd] = [b"".join(chunks[fd])]
                    on_output(position, chunks[fd][0])
        results = []
        for position, (pid, fd) in enumerate(running):
            code = _reap(pid, max(deadline, time.monotonic() + REAP_GRACE_S))     # its output is complete
            running[position] = (None, fd)
            if code is None:
                raise Budget()
            results.append((code, b"".join(chunks[fd])))
        return results
    finally:
        children.abandon()


def run_with_subprocess(commands, deadline, on_output=None, envs=None):
    """Fallback for platforms without posix_spawn (Windows): sequential, same contract."""
    import subprocess

    results = []
    for position, argv in enumerate(commands):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Budget()
        try:
            done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL,
                                  env=_command_env(git_env(), envs[position] if envs else None), timeout=left)
        except FileNotFoundError:
            raise GitMissing()
        except subprocess.TimeoutExpired:
            raise Budget()
        results.append((done.returncode, done.stdout))
        if on_output is not None:
            on_output(len(results) - 1, done.stdout)
    return results
