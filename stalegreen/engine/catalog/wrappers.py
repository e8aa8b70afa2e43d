"""Wrapper stripping: the prefixes that run the rest of the words as a command (``sudo``, ``env``,
``timeout``, ``npx``, ``uv run``, ``docker exec``, ``python -m``, ``bash -c '...'``), removed
before the command itself is looked up in ``TOOLS``."""

from stalegreen.engine.catalog import launched
from stalegreen.engine.catalog.argv import base_name, flag_name, is_assignment, is_flag, is_tool
from stalegreen.engine.catalog.table import PY_MODULE_ALIASES, PYTHON_VALUE_FLAGS, RUN_TOOLS_WITH_SCRIPTS, SHELLS, TOOLS
from stalegreen.engine.catalog.tasks import SCRIPT_TOOL_VALUES
from stalegreen.engine.catalog.wrapper_table import DIR_FLAGS, EXEC_SUBCOMMANDS, WRAPPERS
from stalegreen.engine.lazyregex import LazyRegex


# ---------------------------------------------------------------------------------------------
# wrappers

PACKAGE_BINS = {"typescript": "tsc", "@biomejs/biome": "biome", "@11ty/eleventy": "eleventy",
                "@playwright/test": "playwright", "@angular/cli": "ng", "@vue/cli-service": "vue-cli-service",
                "@nrwl/cli": "nx", "@sveltejs/kit": "svelte-kit", "@astrojs/check": "astro",
                "@typescript/native-preview": "tsgo", "nuxi": "nuxi", "ruff": "ruff", "pyright": "pyright",
                "@redocly/cli": "redocly", "@stoplight/spectral-cli": "spectral"}
_EXEC_SUBCOMMANDS = {"npm": ("exec", "x"), "pnpm": ("exec", "dlx"), "yarn": ("exec", "dlx"), "bun": ("x",)}
_MAX_ROUNDS = 16


def _package_bin(spec):
    """``@scope/name@1.2`` -> the command it provides (``name``, or a known bin)."""
    if spec in PACKAGE_BINS:
        return PACKAGE_BINS[spec]
    name = spec
    if name.startswith("@"):
        at = name.find("@", 1)
        if at > 0:
            name = name[:at]
    elif "@" in name:
        name = name.split("@", 1)[0]
    for sep in ("==", ">=", "<=", "~=", "["):
        name = name.split(sep, 1)[0]
    if name in PACKAGE_BINS:
        return PACKAGE_BINS[name]
    return name.rsplit("/", 1)[-1]


def _skip_flags(words, value_flags, dirs=None, dir_flags=()):
    """Drop leading flags (and the values of value flags); record directory flags in ``dirs``."""
    i, n = 0, len(words)
    while i < n and is_flag(words[i]) and words[i] != "--":
        word = words[i]
        name = flag_name(word)
        takes = "=" not in word and name in value_flags and i + 1 < n
        if dirs is not None and name in dir_flags:
            value = word.split("=", 1)[1] if "=" in word else (words[i + 1] if i + 1 < n else None)
            if value:
                dirs.append(value)
        i += 2 if takes else 1
    if i < n and words[i] == "--":
        i += 1
    return words[i:]


# a command substitution the outer shell runs (`$(...)`, a backquote), not an escaped one
_OUTER_SUBSTITUTION = LazyRegex(r"(?<!\\)(?:\\\\)*(?:\$\(|`)")
_SINGLE_QUOTED = LazyRegex(r"'[^']*'")


def _first_operand(args):
    """(index of the first word of a POSIX shell's arguments that is not an option or an
    option's value, the letters of ``-c``, ``-s`` and ``-n`` (noexec: read, run nothing) asked
    for)."""
    i, n, asks = 0, len(args), ""
    while i < n:
        word = args[i]
        if word in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
            if word == "-o" and args[i + 1:i + 2] == ["noexec"]:
                asks += "n"
            i += 2
            continue
        if not word.startswith(("-", "+")) or word in ("-", "--"):
            break
        if not word.startswith("--"):
            asks += "".join(c for c in word[1:] if c in ("csn" if word[0] == "-" else "cs"))
        # a cluster ending in o/O (`-euo pipefail`) takes the next word as an option name
        i += 2 if (not word.startswith("--") and word[-1] in "oO") else 1
    return i, asks


def _shell_script(args):
    """The script of ``bash -c 'script'`` (flag clusters ending in c), or None."""
    i, asks = _first_operand(args)
    return args[i] if "c" in asks and i < len(args) else None


def _split_command_string(text):
    """Words of a command given as one string (``watch 'pytest -q'``); nested parse when quoting matters."""
    if any(c in text for c in "'\"\\$`;&|<>()"):
        return None
    return text.split()


def _runs_a_bin(manager, word):
    """``pnpm vitest run``, ``yarn eslint .``, ``pnpm turbo run test``: these managers run a
    package's bin by name (a monorepo task runner's too)."""
    return manager in ("pnpm", "yarn", "bun") and word not in ("test", "build") and (
        is_tool(word) or word in _MONOREPO_RUNNERS)


_MONOREPO_RUNNERS = ("turbo", "lerna")


def strip_wrappers(words, heredocs=()):
    """Remove wrapper prefixes: returns dict(words, sudo, not_run, script, dirs, scripts_tool).

    ``script`` is set for ``sh -c '...'``-like wrappers (the caller parses it); ``scripts_tool`` for
    ``hatch run test``-like forms where the rest may be a project script name; ``launched`` for a
    launcher that is no POSIX shell (``pwsh -c``, ``python -c``, ``find -exec``: ``launched``).
    ``heredocs``: the segment's heredoc bodies (``python - <<EOF`` reads its code there).
    """
    info = {"words": [], "sudo": False, "not_run": None, "script": None, "dirs": [], "scripts_tool": None,
            "stdin_shell": False, "appended": False, "launched": None}
    words = list(words)
    for _ in range(_MAX_ROUNDS):
        while words and words[0] in ("(", "{", "!", "((", "[["):
            words = words[1:]
        while words and words[-1] in (")", "}", "))", "]]"):
            words = words[:-1]
        if not words:
            break
        head = words[0]
        if is_assignment(head):
            words = words[1:]
            continue
        name = base_name(head)
        if name in SHELLS:
            rest = words[1:]
            if name == "busybox" and rest:
                rest = rest[1:]
            script = _shell_script(rest)
            first, asks = _first_operand(rest)
            if rest[first:first + 1] in (["--"], ["-"]):
                first += 1          # `bash - x`: `-` ends the options as `--` does, x is the script file
            if "n" in asks:
                info["not_run"] = "syntax-check"    # `bash -n run_tests.sh` only parses the script
            if script is not None:
                info["script"] = script
            elif first >= len(rest) or "s" in asks:
                # `bash <<EOF ... EOF`, `bash -o pipefail -s <<EOF`: the heredoc is the script
                info["stdin_shell"] = True
            else:
                # `bash scripts/run_tests.sh`, `sh ./gradlew test`: the script file and its arguments
                words = rest[first:]
                continue
            words = []
            break
        if is_python(name):
            words = _strip_python(words[1:], info, heredocs)
            if words is None:
                words = []
                break
            continue
        if name.lower() in LAUNCHERS:
            words, go_on = _launcher(name.lower(), words[1:], info)
            if not go_on:
                break
            continue
        if name in _EXEC_SUBCOMMANDS:
            manager_dirs = []
            rest = _skip_flags(words[1:], frozenset(SCRIPT_TOOL_VALUES.get(name, ())), manager_dirs,
                               DIR_FLAGS.get(name, ()))
            if rest and (rest[0] in _EXEC_SUBCOMMANDS[name] or _runs_a_bin(name, rest[0])):
                info["dirs"].extend(manager_dirs)
            if rest and rest[0] in _EXEC_SUBCOMMANDS[name]:
                rest = rest[1:]
                calls = [w for w in rest if w.startswith(("-c=", "--call="))]
                if rest[:1] in (["-c"], ["--call"]) and len(rest) > 1:
                    info["script"] = rest[1]
                    words = []
                    break
                if calls:
                    info["script"] = calls[0].split("=", 1)[1]
                    words = []
                    break
                rest = _skip_flags(rest, frozenset(("-p", "--package", "-w", "--workspace", "--filter", "-F",
                                                    "-C", "--dir")))
                if rest:
                    rest = [_package_bin(rest[0])] + rest[1:]
                words = rest
                continue
            if rest and _runs_a_bin(name, rest[0]):
                words = rest
                continue
            break
        if name in CONTAINER_TOOLS:
            inner = _container_command(name, words[1:])
            if inner is None:
                break
            words = inner
            continue
        wrapper = WRAPPERS.get(name)
        if wrapper is None:
            break
        values, kind = wrapper
        words, go_on = KIND_READERS[kind](name, words[1:], frozenset(values), info)
        if not go_on:
            break
    return _done(info, words)


# ---------------------------------------------------------------------------------------------
# one reader per WRAPPERS kind: (name, the words after it, its value flags, info) -> (the words
# left, whether to go on stripping). Stopping with no words left means: no command to look at.


def _sudo(name, rest, values, info):
    info["sudo"] = True
    return _skip_flags(rest, values, info["dirs"], DIR_FLAGS.get(name, ())), True


def _env(name, rest, values, info):
    i = 0
    while i < len(rest) and (is_flag(rest[i]) or is_assignment(rest[i])):
        flag = flag_name(rest[i])
        if flag in ("-S", "--split-string") and i + 1 < len(rest):
            rest = rest[:i] + rest[i + 1].split() + rest[i + 2:]
            continue
        if flag in ("-C", "--chdir"):
            value = rest[i].split("=", 1)[1] if "=" in rest[i] else (rest[i + 1] if i + 1 < len(rest) else None)
            if value:
                info["dirs"].append(value)
        i += 2 if ("=" not in rest[i] and flag in values) else 1
    words = rest[i:]
    if words and words[0] == "--":
        words = words[1:]
    return words, True


def _assign(name, rest, values, info):
    while rest and (is_assignment(rest[0]) or is_flag(rest[0])):
        rest = rest[1:]
    return rest, True


def _shell_string(name, rest, values, info):
    info["script"] = " ".join(w for w in rest if not is_assignment(w))
    return [], False


def _dotenv(name, rest, values, info):
    rest = _skip_flags(rest, values)
    if rest and rest[0] == "run":
        rest = _skip_flags(rest[1:], values)
    return rest, True


def _direnv(name, rest, values, info):
    if len(rest) >= 2 and rest[0] == "exec":
        info["dirs"].append(rest[1])
        return rest[2:], True
    return [], False


def _devcontainer(name, rest, values, info):
    """``devcontainer exec [--workspace-folder DIR] CMD``: CMD runs in the container on DIR's files."""
    if rest[:1] != ["exec"]:
        return [], False
    return _skip_flags(rest[1:], values, info["dirs"], ("--workspace-folder",)), True


def _timeout(name, rest, values, info):
    return _skip_flags(rest, values)[1:], True


def _interpreter(name, rest, values, info):
    rest = _skip_flags(rest, values)
    if not rest or base_name(rest[0]) not in TOOLS:
        return [], False
    return [base_name(rest[0])] + rest[1:], True


def _plain(name, rest, values, info):
    if name == "command" and rest[:1] and rest[0] in ("-v", "-V"):
        return [], False
    return _skip_flags(rest, values), True


_XARGS_VALUES = frozenset(("-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "--max-lines", "-n",
                           "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"))


def _xargs(name, rest, values, info):
    """`ls test_*.py | xargs pytest`: the command runs with words read from stdin appended (files,
    mostly), which no reading of the line can see: ``appended`` says so."""
    info["appended"] = True
    values = _XARGS_VALUES
    i = 0
    while i < len(rest) and (is_flag(rest[i]) or rest[i] == "-0") and rest[i] != "--":   # -0: --null
        i += 2 if ("=" not in rest[i] and flag_name(rest[i]) in values) else 1
    return rest[i + 1:] if rest[i:i + 1] == ["--"] else rest[i:], True


def _script(name, rest, values, info):
    for i, word in enumerate(rest):
        if word in ("-c", "--command") and i + 1 < len(rest):
            info["script"] = rest[i + 1]
            break
    if info["script"] is not None:
        return [], False
    return _skip_flags(rest, values)[1:], True


def _exec_tool(name, rest, values, info):
    i = 0
    while i < len(rest) and is_flag(rest[i]) and rest[i] != "--":
        flag = flag_name(rest[i])
        if flag in ("-c", "--call"):
            info["script"] = rest[i].split("=", 1)[1] if "=" in rest[i] else (rest[i + 1] if i + 1 < len(rest) else "")
            return [], False
        i += 2 if ("=" not in rest[i] and flag in values) else 1
    rest = rest[i:]
    if rest and rest[0] == "--":
        rest = rest[1:]
    if rest:
        rest = [_package_bin(rest[0])] + rest[1:]
    return rest, True


def _pipx(name, rest, values, info):
    if rest and rest[0] == "run":
        rest = _skip_flags(rest[1:], values)
        return ([_package_bin(rest[0])] + rest[1:] if rest else []), True
    return [], False


def _bundle(name, rest, values, info):
    if rest and rest[0] == "exec":
        return _skip_flags(rest[1:], values), True
    return [], False


def _run_tool(name, rest, values, info):
    rest = _skip_flags(rest, values, info["dirs"], DIR_FLAGS.get(name, ()))
    if rest and rest[0] in EXEC_SUBCOMMANDS.get(name, ()):
        args = rest[1:]
        if "--" in args:
            return args[args.index("--") + 1:], True
        return (args, True) if not EXEC_SUBCOMMANDS[name][rest[0]] else ([], False)
    if rest and rest[0] == "run":
        rest = _skip_flags(rest[1:], values | frozenset(("-e", "--env", "--with", "--extra", "--group")),
                           info["dirs"], DIR_FLAGS.get(name, ()))
        if name in RUN_TOOLS_WITH_SCRIPTS and rest and rest[0] not in TOOLS and \
                rest[0] not in WRAPPERS and not is_python(base_name(rest[0])):
            info["scripts_tool"] = name
        return rest, True
    if name == "uv" and rest and rest[0] == "build":
        return ["python -m build"] + rest[1:], False
    if rest and name in TOOLS:
        return [name] + rest, False
    return [], False


def _nix(name, rest, values, info):
    """``nix develop -c cargo test``, ``nix shell nixpkgs#go --command go test``; ``nix-shell --run
    'pytest -q'`` (a script, parsed by the caller)."""
    if name == "nix-shell":
        for i, word in enumerate(rest[:-1]):
            if word in ("--run", "--command"):
                info["script"] = rest[i + 1]
                return [], False
        return [], False
    rest = _skip_flags(rest, values)
    if rest and rest[0] in ("develop", "shell"):
        for i, word in enumerate(rest):
            if word in ("-c", "--command"):
                return rest[i + 1:], True
    if rest[:1] == ["build"] or rest[:2] == ["flake", "check"]:
        return ["nix"] + rest, False       # nix's own runs: the catalog's ``nix`` entry reads them
    return [], False


def _coverage(name, rest, values, info):
    if not (rest and rest[0] == "run"):
        return [], False
    rest = _skip_flags(rest[1:], frozenset(("--source", "--rcfile", "--omit", "--include",
                                            "--data-file", "--context", "--concurrency")))
    if rest and rest[0] == "-m" and len(rest) > 1:
        return [PY_MODULE_ALIASES.get(rest[1], rest[1])] + rest[2:], True
    if rest and "-m" in rest[:1]:
        return [], False
    return rest, True


def _watch_tool(name, rest, values, info):
    info["not_run"] = info["not_run"] or "watch"
    return ["pytest"] + rest, False


def _watch(name, rest, values, info, reason="watch"):
    info["not_run"] = info["not_run"] or reason
    if name == "nodemon":
        for i, word in enumerate(rest):
            if flag_name(word) in ("-x", "--exec"):
                value = word.split("=", 1)[1] if "=" in word else (rest[i + 1] if i + 1 < len(rest) else "")
                rest = value.split()
                break
    else:
        rest = _skip_flags(rest, values)
    if len(rest) == 1 and " " in rest[0]:
        split = _split_command_string(rest[0])
        if split is None:
            info["script"] = rest[0]
            return [], False
        rest = split
    return rest, True


def _bench(name, rest, values, info):
    return _watch(name, rest, values, info, "bench")


KIND_READERS = {
    "sudo": _sudo, "env": _env, "assign": _assign, "shell-string": _shell_string, "dotenv": _dotenv,
    "direnv": _direnv, "timeout": _timeout, "interpreter": _interpreter, "plain": _plain, "script": _script,
    "exec-tool": _exec_tool, "pipx": _pipx, "nix": _nix, "bundle": _bundle, "run-tool": _run_tool, "coverage": _coverage,
    "watch": _watch, "watch-tool": _watch_tool, "bench": _bench, "xargs": _xargs, "devcontainer": _devcontainer,
}


# `docker compose run web pytest`, `docker exec app npm test`: the command after the container runs
# the project's checks (inside the container, usually on the mounted working tree).
CONTAINER_TOOLS = frozenset(("docker", "podman", "docker-compose", "podman-compose"))
_CONTAINER_EXEC_VALUES = frozenset(("-e", "--env", "-u", "--user", "-w", "--workdir", "--env-file"))
_CONTAINER_RUN_VALUES = _CONTAINER_EXEC_VALUES | frozenset((
    "-v", "--volume", "-p", "--publish", "--name", "--network", "--entrypoint", "--mount", "--platform",
    "-l", "--label", "--add-host", "--cpus", "-m", "--memory", "--user", "--pull", "--hostname", "-h",
    "--cap-add", "--security-opt", "--tmpfs", "--ulimit", "--shm-size", "--gpus"))
_COMPOSE_VALUES = frozenset(("-f", "--file", "-p", "--project-name", "--env-file", "--profile",
                             "--project-directory", "--ansi", "--progress"))


def _container_command(name, args):
    """argv run inside the container, or None when this is no exec/run of a command."""
    if name in ("docker", "podman"):
        args = _skip_flags(args, frozenset(("-H", "--host", "--context", "-c", "--config", "-l", "--log-level")))
        if args and args[0] == "compose":
            return _container_command("docker-compose", args[1:])
        if args and args[0] == "container":
            args = args[1:]
        if args and args[0] in ("exec", "run"):
            rest = _skip_flags(args[1:], _CONTAINER_EXEC_VALUES if args[0] == "exec" else _CONTAINER_RUN_VALUES)
            return rest[1:] if len(rest) > 1 else None
        return None
    args = _skip_flags(args, _COMPOSE_VALUES)
    if args and args[0] in ("exec", "run"):
        rest = _skip_flags(args[1:], _CONTAINER_RUN_VALUES)
        return rest[1:] if len(rest) > 1 else None
    return None


def _done(info, words):
    info["words"] = words
    return info


def _is_test_script(name):
    """``test_app.py`` or ``app_test.py``: a file name of word characters (no regex on this path)."""
    if not name.endswith(".py"):
        return False
    stem = name[:-3]
    if not (stem.startswith("test_") and len(stem) > 5) and not (stem.endswith("_test") and len(stem) > 5):
        return False
    return all(c.isalnum() or c == "_" for c in stem)


def _strip_python(args, info, heredocs=()):
    """Arguments after ``python``: ``-m X`` -> X's argv; ``manage.py``/``setup.py`` -> itself; code
    (``-c``, or stdin from a heredoc) -> the argv of its ``pytest.main``/``subprocess`` call
    (``launched.python_call``); else None."""
    i, n = 0, len(args)
    while i < n:
        word = args[i]
        if word == "-m" and i + 1 < n:
            module = args[i + 1]
            return [PY_MODULE_ALIASES.get(module, "django-admin" if module == "django" else module)] + args[i + 2:]
        if word.startswith("-m") and len(word) > 2:
            return [word[2:]] + args[i + 1:]
        if word == "-c" or (word.startswith("-c") and len(word) > 2):
            code = word[2:] if len(word) > 2 else (args[i + 1] if i + 1 < n else "")
            return _code_argv(code, info)
        if word == "-":
            return _code_argv(heredocs[0], info) if heredocs and i == n - 1 else None
        if is_flag(word):
            i += 2 if word in PYTHON_VALUE_FLAGS else 1
            continue
        base = base_name(word)
        if base in ("manage.py", "setup.py"):
            return [base] + args[i + 1:]
        if base in ("pytest", "py.test"):
            return [base] + args[i + 1:]
        if _is_test_script(base):     # a repo whose tests are scripts: `python3 test_app.py`
            return ["python test script", word] + args[i + 1:]
        return None
    return _code_argv(heredocs[0], info) if heredocs else None     # `python3 <<EOF`


def _code_argv(code, info):
    """The argv of the verification call in Python code, recording its launcher; or None."""
    found = launched.python_call(code)
    if found is None:
        return None
    info["launched"] = ("python", found[1])
    return found[0]


LAUNCHERS = launched.PWSH | launched.CMD | launched.FIND | frozenset(("node",))


def segment_launcher(segment):
    """``strip_wrappers``'s record of the launcher of a parsed segment (None: a plain command or
    a POSIX shell), for masking and the rewrite."""
    return strip_wrappers(segment.words, segment.heredocs)["launched"] if segment.words else None


def shell_flags(words, end=None):
    """The flags given to the POSIX shell in ``words[:end]`` (`timeout 60 bash -euo pipefail -c`:
    ``-euo pipefail -c``), never a wrapper's own (`docker exec -e X=1 app bash`: none), nor the
    script's arguments (`bash -s x -e`: ``-e`` is ``$2``; `bash -c '...' bash -e`: ``$0``, ``$1``).
    The first shell word is the shell (a wrapper's value named like one only hides flags)."""
    words = words[:end]
    shells = [i for i, word in enumerate(words) if base_name(word) in SHELLS]
    if not shells:
        return []
    first = shells[0] + (1 if base_name(words[shells[0]]) == "busybox" and shells[0] + 1 in shells else 0)
    rest = words[first + 1:]
    return rest[:_first_operand(rest)[0]]


def script_options(segment):
    """The flags of the shell that runs a segment's script (`bash -euo pipefail -c '...'`), or
    None when the line's own shell runs it (`eval "..."`)."""
    words = segment.words
    if not any(base_name(word) in SHELLS for word in words):
        return None
    return shell_flags(words)


def stdin_script(segment):
    """The script a shell reads from a heredoc (`bash <<'EOF' ... EOF`), or None: the last
    redirect of fd 0 decides (`bash 3<<EOF`, `bash <<EOF </dev/null`: not the heredoc)."""
    if not segment.heredocs:
        return None
    stripped = strip_wrappers(segment.words, segment.heredocs)
    if not stripped["stdin_shell"] or stripped["appended"] or _container_without_stdin(segment.words):
        return None         # `xargs bash <<EOF`, `docker exec app bash <<EOF`: the heredoc feeds the wrapper
    stdin = [r for r in segment.redirects if r.fd in (0, "0") or (r.fd is None and r.op.startswith("<"))]
    if not stdin or stdin[-1].op not in ("<<", "<<-") or stdin[-1].body is None:
        return None
    return stdin[-1].body


def _container_without_stdin(words):
    """`docker exec app bash`, `podman run img sh` without ``-i``: the container's shell reads no
    stdin (compose's exec and run pass it on)."""
    shell = min([i for i, word in enumerate(words) if base_name(word) in SHELLS] or [len(words)])
    before = words[:shell]
    return any(base_name(w) in ("docker", "podman") for w in before) and "compose" not in before and not any(
        w == "--interactive" or (w.startswith("-") and not w.startswith("--") and "i" in w[1:]) for w in before)


def segment_script(segment):
    """(index of the script word or None, the script, whether the outer shell passes it as
    written) for a segment that runs a shell script: `bash -c '...'`, `eval "..."`, `bash <<'EOF'`;
    None when it runs none. A command substitution in a double-quoted script or an unquoted
    heredoc is run by the outer shell first, and its output becomes script text."""
    script = strip_wrappers(segment.words, segment.heredocs)["script"]
    if script is None:
        body = stdin_script(segment)
        if body is None:
            return None
        quoted = [r for r in segment.redirects if r.body is body][-1].target_quoted
        return None, body, quoted or not _OUTER_SUBSTITUTION.search(body)
    words = segment.words
    found = [i for i in range(1, len(words)) if words[i] == script and words[i - 1].startswith("-")
             and words[i - 1].endswith("c") and not words[i - 1].startswith("--")]
    position = found[-1] if found else None
    raws = [segment.raw_words[position]] if position is not None else segment.raw_words
    return position, script, not any(_OUTER_SUBSTITUTION.search(_SINGLE_QUOTED.sub("", raw)) for raw in raws)


def _launcher(name, rest, info):
    """(words, go on) for a launcher that is no POSIX shell: ``pwsh -Command``/``cmd /c`` give a
    script (read by the caller, ``info["launched"]`` says whose), ``-File x.ps1`` a project
    script, ``find -exec`` and ``node -e`` the command they run."""
    if name in launched.PWSH:
        found = launched.pwsh_command(rest)
        if found is None:
            return [], False
        if found[0] == "file":
            info["launched"] = ("pwsh-file", None)
            return found[1], False
        info["script"], info["launched"] = found[1], ("pwsh", found[1])
        return [], False
    if name in launched.CMD:
        script = launched.cmd_command(rest)
        if script is not None:
            info["script"], info["launched"] = script, ("cmd", script)
        return [], False
    if name == "node":
        code = launched.node_code(rest)
        found = launched.node_call(code) if code else None
        if found is None:
            return ["node"] + rest, False          # the node family reader: `node --test`
        info["launched"] = ("node", found[1])
        return found[0], True
    found = launched.find_command(rest)
    if found is None:
        return [], False
    # the files come from the find: all of their kind in the tree, or a part (`-newer`, a folder)
    info["launched"], info["appended"] = ("find", found[1]), not found[2]
    return found[0], True


def is_python(name):
    """``python``, ``python3``, ``python3.12``, ``py``, ``pypy``, ``pypy3``, ``pypy3.10`` (no regex:
    the hook path does without ``re``)."""
    if name.endswith("\n"):
        name = name[:-1]          # what the former pattern's ``$`` allowed
    if name in ("py", "pypy", "pypy3", "python"):
        return True
    if name.startswith("python"):
        major, dot, minor = name[6:].partition(".")
        return major.isdecimal() and (not dot or minor.isdecimal())
    if name.startswith("pypy"):
        major, dot, minor = name[4:].partition(".")
        return len(major) == 1 and major.isdecimal() and bool(dot) and minor.isdecimal()
    return False
