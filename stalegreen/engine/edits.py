"""Edit events: which files a tool call changed, for when the fingerprint cannot decide.

``from_shell`` reads a command line (never runs it) and names what it writes: redirects,
``tee``, in-place ``sed``/``perl``, file commands, git commands that touch the work tree
(judged by their output when it is known: ``git pull`` that says "Already up to date" changed
nothing), package installs, formatters that write, and interpreters fed code that writes files.
Verification runners are never edits. ``from_patch`` reads a Codex ``apply_patch`` body.
``is_relevant`` says whether an edited path can make test evidence stale.
"""

import os
import re

from stalegreen.engine.lazyregex import LazyRegex

MAX_DEPTH = 4                    # nested ``bash -c`` / ``$(...)`` levels followed
MAX_BODY_PATHS = 8               # paths taken from an interpreter's code

# ---------------------------------------------------------------- tables

_DEVICE_TARGETS = ("/dev/",)

# Wrappers stripped before the command word: name -> flags that take a value.
_WRAPPERS = {
    "sudo": ("-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "--user", "--group"),
    "doas": ("-u", "-C"),
    "env": ("-u", "-C", "-S", "--unset", "--chdir", "--split-string"),
    "command": (), "builtin": (), "exec": ("-a",), "nohup": (), "noglob": (), "chronic": (),
    "unbuffer": (), "time": ("-f", "-o", "--format", "--output"),
    "nice": ("-n", "--adjustment"), "ionice": ("-c", "-n", "-p", "--class", "--classdata"),
    "stdbuf": ("-i", "-o", "-e", "--input", "--output", "--error"),
    "timeout": ("-s", "-k", "--signal", "--kill-after"),
    "xargs": ("-I", "-i", "-n", "-P", "-d", "-L", "-l", "-s", "-a", "-E", "-e", "--max-args",
              "--max-procs", "--delimiter", "--max-lines", "--max-chars", "--arg-file", "--replace"),
    "npx": ("-p", "--package", "-c", "--call"), "bunx": ("-p", "--package"),
    "pnpx": (), "uvx": ("--from", "--with", "-p", "--python"),
    "dotenv": ("-e", "-f", "-v"),
}
# Two-word wrappers: ``uv run X``, ``poetry run X``, ``pnpm exec X``...
_WRAPPER_PAIRS = {
    ("uv", "run"): ("--with", "--python", "-p", "--project", "--directory", "--package", "--extra",
                    "--group", "--env-file", "--from"),
    ("poetry", "run"): (), ("hatch", "run"): (), ("pipenv", "run"): (), ("pdm", "run"): (),
    ("pipx", "run"): ("--spec", "--python"), ("pnpm", "exec"): (), ("pnpm", "dlx"): (),
    ("yarn", "exec"): (), ("yarn", "dlx"): (), ("npm", "exec"): ("-p", "--package"),
    ("bundle", "exec"): (), ("rye", "run"): (), ("conda", "run"): ("-n", "-p", "--name", "--prefix"),
}

# name -> (kind, option flags taking a value, which operands are the edited paths)
_FILE_COMMANDS = {
    "cp": ("cp", ("-t", "--target-directory", "-S", "--suffix"), "last"),
    "mv": ("mv", ("-t", "--target-directory", "-S", "--suffix"), "all"),
    "install": ("install", ("-m", "-o", "-g", "-S", "-t", "--mode", "--owner", "--group",
                            "--suffix", "--target-directory"), "last"),
    "ln": ("ln", ("-t", "-S", "--target-directory", "--suffix"), "last"),
    "rsync": ("rsync", ("-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--rsync-path",
                        "--files-from", "--exclude-from", "--include-from", "--chmod", "--chown",
                        "--backup-dir", "--suffix", "--temp-dir", "-T", "--log-file"), "last"),
    "rm": ("rm", (), "all"),
    "unlink": ("unlink", (), "all"),
    "shred": ("rm", ("-n", "-s", "--iterations", "--size"), "all"),
    "truncate": ("truncate", ("-s", "-r", "--size", "--reference"), "all"),
    "touch": ("touch", ("-d", "-t", "-r", "--date", "--reference"), "all"),
}

# Package managers: tool -> subcommands that change installed files or lock files.
_PACKAGE_SUBCOMMANDS = {
    "npm": ("install", "i", "add", "uninstall", "remove", "rm", "un", "update", "up", "ci", "link",
            "dedupe", "prune", "upgrade"),
    "pnpm": ("install", "i", "add", "remove", "rm", "uninstall", "update", "up", "link", "dedupe",
             "prune", "patch"),
    "yarn": ("add", "remove", "install", "up", "upgrade", "dedupe", "link"),
    "bun": ("add", "install", "i", "remove", "rm", "update", "link"),
    "pip": ("install", "uninstall"), "pip3": ("install", "uninstall"),
    "uv": ("add", "remove", "sync", "pip", "lock"),
    "poetry": ("add", "remove", "install", "update", "lock"),
    "pipenv": ("install", "uninstall", "update", "lock"),
    "pdm": ("add", "remove", "install", "update", "lock", "sync"),
    "cargo": ("add", "remove", "rm", "update"),
    "go": ("get", "mod"),
    "bundle": ("add", "install", "update", "remove"),
    "gem": ("install", "uninstall"),
    "composer": ("require", "install", "update", "remove"),
    "mix": ("deps.get", "deps.update"),
    "dotnet": ("add", "remove", "restore"),
}
_YARN_BARE_INSTALL = "yarn"      # plain ``yarn`` installs

_INTERPRETERS = LazyRegex(r"(?:python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|ruby|perl|php|tsx|ts-node)\Z")
_SHELLS = frozenset(("sh", "bash", "zsh", "dash", "ksh", "fish"))
# Code that writes files, in the languages an agent pipes into an interpreter.
_WRITES_FILES = LazyRegex(
    r"""open\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]|\.write_(?:text|bytes)\s*\(|"""
    r"""\b(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream|renameSync|"""
    r"""unlinkSync|rmSync|copyFileSync|mkdirSync)\s*\(|\bDeno\.writeTextFile|\bBun\.write\s*\(|"""
    r"""\bshutil\.(?:copy\w*|move|rmtree)\s*\(|\bos\.(?:rename|replace|remove|unlink|rmdir)\s*\(|"""
    r"""\.(?:unlink|rename|replace|touch)\s*\(|\bFile\.(?:write|open|delete|rename)|"""
    r"""\bfile_put_contents\s*\(|\bIO\.write|\bFileUtils\.|\bsed\s+-i|\b(?:mv|cp|rm)\s+-?\w|"""
    r"""subprocess\.\w+\(\s*\[?\s*['"](?:sed|mv|cp|rm|git|patch|tee)\b""")
_QUOTED_LITERAL = LazyRegex(r"""(?:'([^'\n]{2,200})'|"([^"\n]{2,200})"|`([^`\n]{2,200})`)""")
_PATHLIKE = LazyRegex(r"[^\s{}*?$<>|;&]*\.[A-Za-z0-9]{1,12}\Z")

# git: subcommands that can touch the work tree.
_GIT_VALUE_OPTIONS = ("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path",
                      "--config-env", "--super-prefix")
_GIT_OUTPUT_EDIT = ("Fast-forward", "Merge made", "Successfully rebased", "create mode",
                    "delete mode")
_GIT_NEGATIVE = ("Already up to date", "Already up-to-date", "is up to date.", "nothing to commit",
                 "No changes", "error: ", "CONFLICT (", "fatal: ")
_DIFFSTAT = LazyRegex(r"^\s*\S.*\|\s+\d+ [+-]*\s*$|^\s*\d+ files? changed", re.M)
_UPDATING = LazyRegex(r"^Updating [0-9a-f]{6,}\.\.[0-9a-f]{6,}", re.M)

# Formatters: tool -> (flags that make it only check, flags that make it write)
_FORMATTERS_WRITE_BY_DEFAULT = {
    "black": ("--check", "--diff"),
    "isort": ("--check", "--check-only", "-c", "--diff"),
    "swiftformat": ("--lint", "--dryrun"),
    "rustfmt": ("--check",),
    "pyupgrade": (),
}
_FIX_FLAGS = {
    "eslint": ("--fix",), "stylelint": ("--fix",), "oxlint": ("--fix",),
    "standard": ("--fix",), "biome": ("--write", "--apply", "--apply-unsafe", "--fix"),
    "prettier": ("--write", "-w"), "autopep8": ("-i", "--in-place"), "yapf": ("-i", "--in-place"),
    "gofmt": ("-w",), "goimports": ("-w",), "clang-format": ("-i",), "autoflake": ("-i", "--in-place"),
    "rubocop": ("-a", "-A", "--autocorrect", "--autocorrect-all", "--auto-correct"),
    "shfmt": ("-w", "--write"), "dprint": (), "mdformat": (), "sqlfluff": (),
}
_PRETTIER_LINE = LazyRegex(r"^(\S[^\n]*?) \d+(?:\.\d+)?m?s(?P<unchanged> \(unchanged\))?\s*$", re.M)
_RUFF_FIXED = LazyRegex(r"Fixed \d+ error|\(\d+ fixed|Found \d+ errors? \(\d+ fixed")
_BLACK_REFORMATTED = LazyRegex(r"^reformatted (\S.*?)\s*$", re.M)
_REFORMATTED = LazyRegex(r"\b\d+ files? reformatted|^reformatted ", re.M)


# ---------------------------------------------------------------- helpers

def _base(word):
    return word.rsplit("/", 1)[-1] if word else word


def _dashed(word):   # ``-1`` too; the catalog's ``is_flag`` leaves numbers out
    return len(word) > 1 and word.startswith("-")


def _store_home():
    try:
        from stalegreen.engine.config import home_dir

        return os.path.abspath(home_dir())
    except Exception:
        return None


def _is_written_target(target, keep_store=False):
    """A redirect/tee target that is a real file (not a device, an fd, or, unless ``keep_store``,
    the store)."""
    if not target or target.isdigit() or target == "-":
        return False
    if target.startswith(_DEVICE_TARGETS) or target.startswith("$__sg") or target.startswith("${__sg"):
        return False
    if keep_store:
        return True
    if target.startswith(".stalegreen/") or "/.stalegreen/" in target:
        return False
    home = _store_home()
    if home and os.path.isabs(target) and (target == home or target.startswith(home + os.sep)):
        return False
    return True


def _operands(args, value_flags):
    """Positional arguments: flags and the values of ``value_flags`` removed; ``--`` ends flags."""
    out = []
    skip = False
    flags_done = False
    for word in args:
        if skip:
            skip = False
            continue
        if flags_done or not _dashed(word):
            out.append(word)
            continue
        if word == "--":
            flags_done = True
            continue
        name = word.split("=", 1)[0]
        if name in value_flags and "=" not in word:
            skip = True
    return out


def _skip_options(words, value_flags):
    """Index of the first word that is not an option (or an option's value)."""
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            return i + 1
        if not _dashed(word):
            return i
        name = word.split("=", 1)[0]
        i += 2 if (name in value_flags and "=" not in word) else 1
    return i


def strip_wrappers(words):
    """The command's own argv: ``sudo``, ``env A=1``, ``timeout 60``, ``npx``, ``uv run``,
    ``python -m`` and friends removed."""
    words = list(words)
    for _ in range(12):
        if not words:
            return words
        name = _base(words[0])
        if (name, words[1] if len(words) > 1 else "") in _WRAPPER_PAIRS:
            rest = words[2:]
            words = rest[_skip_options(rest, _WRAPPER_PAIRS[(name, words[1])]):]
            continue
        if name in _WRAPPERS:
            rest = words[1:]
            rest = rest[_skip_options(rest, _WRAPPERS[name]):]
            if name == "env":
                while rest and "=" in rest[0] and not rest[0].startswith("-"):
                    rest = rest[1:]
            elif name == "timeout" and rest:
                rest = rest[1:]                   # the duration
            words = rest
            continue
        if re.match(r"python[0-9.]*\Z", name) and len(words) > 2 and words[1] == "-m":
            words = words[2:]
            continue
        break
    return words


def _inner_shell_code(words):
    """The code of ``bash -c CODE`` / ``sh -c CODE`` / ``eval CODE``, or None."""
    name = _base(words[0])
    if name == "eval":
        return " ".join(words[1:])
    if name in _SHELLS:
        for i, word in enumerate(words[1:], 1):
            if word == "-c" or (word.startswith("-") and not word.startswith("--") and "c" in word[1:]):
                return words[i + 1] if i + 1 < len(words) else None
            if not word.startswith("-"):
                return None
    return None


class _Collector(object):
    """Events in order, deduplicated by (kind, path)."""

    def __init__(self, keep_store=False):
        self.events = []
        self.seen = set()
        self.keep_store = keep_store

    def writes(self, target):
        return _is_written_target(target, self.keep_store)

    def add(self, kind, path=None):
        if path is not None:
            path = path.strip()
            if not path:
                return
        key = (kind, path)
        if key not in self.seen:
            self.seen.add(key)
            self.events.append(key)


def _runner_segments(parse):
    """Indices of segments that are actual verification runs (never edits)."""
    try:
        from stalegreen.engine import catalog, prefilter
        find_runs = catalog.find_runs
    except (ImportError, AttributeError):   # the catalog is optional for this module
        return set()
    try:
        if not prefilter.might_contain_runner(parse.text):
            return set()
        runs = find_runs(parse)
    except Exception:
        return set()
    return set(run.segment_index for run in runs
               if getattr(run, "not_run", None) is None and not getattr(run, "nested", False))


# ---------------------------------------------------------------- from_shell

def from_shell(parse, output=None, keep_store=False):
    """Edit events ``[(kind, path or None)]`` for one parsed shell command line.

    ``output`` (the command's combined output, when it ran) lets git and formatter commands
    that changed nothing count as no edit. ``keep_store``: also name writes into the store and
    ``.stalegreen/`` (tamper detection wants them; freshness does not).
    """
    collector = _Collector(keep_store)
    try:
        _collect(parse, output, collector, 0)
    except Exception:                        # a reading bug must not lose the command
        collector.add("shell", None)
    return collector.events


def _collect(parse, output, collector, depth):
    runners = _runner_segments(parse)
    for group in getattr(parse, "groups", ()) or ():
        for redirect in group.redirects:
            _redirect_event(redirect, collector)
    pipelines = {}                     # pipeline -> its segments: no rescan of the line per segment
    for segment in parse.segments:
        pipelines.setdefault(segment.pipeline, []).append(segment)
    for position, segment in enumerate(parse.segments):
        index = getattr(segment, "index", position)
        if index in runners or position in runners:
            if collector.keep_store:          # a run's own redirect still writes its target
                for redirect in segment.redirects:
                    _redirect_event(redirect, collector)
            continue
        for redirect in segment.redirects:
            _redirect_event(redirect, collector)
        if depth < MAX_DEPTH:
            for inner in segment.substitutions:
                _collect(_parse(inner), None, collector, depth + 1)
        words = strip_wrappers(segment.words)
        if not words:
            continue
        if any(_base(w) == "xargs" for w in segment.words[:len(segment.words) - len(words)]):
            _with_unknown_targets(words + ["{}"], segment, output, collector, depth)
            continue
        pipe_bodies = [body for other in pipelines[segment.pipeline] if other is not segment
                       for body in other.heredocs]
        _command_events(words, segment, output, collector, depth, pipe_bodies)


def _parse(text):
    from stalegreen.engine import shell

    return shell.parse(text)


def _redirect_event(redirect, collector):
    op = redirect.op
    if op in (">", ">>", ">|", "&>", "&>>", "<>"):
        if collector.writes(redirect.target):
            collector.add("redirect", redirect.target)
    elif op == ">&" and redirect.target and not redirect.target.isdigit() and redirect.target != "-":
        if collector.writes(redirect.target):   # ``>&file`` is ``&>file``
            collector.add("redirect", redirect.target)


def _command_events(words, segment, output, collector, depth, pipe_bodies=()):
    name = _base(words[0])
    args = words[1:]
    code = _inner_shell_code(words)
    if code is not None:
        if depth < MAX_DEPTH:
            _collect(_parse(code), output, collector, depth + 1)
        return
    if name in _SHELLS:
        if not [a for a in args if not _dashed(a)] and depth < MAX_DEPTH:   # script on stdin
            for body in list(segment.heredocs) + list(pipe_bodies):
                _collect(_parse(body), output, collector, depth + 1)
        return
    if name == "sed":
        _sed(args, collector)
    elif name == "perl" and _perl_in_place(args):
        for path in _perl_files(args):
            collector.add("perl", path)
    elif name == "tee":
        for path in _operands(args, ()):
            if collector.writes(path):
                collector.add("tee", path)
    elif name in _FILE_COMMANDS:
        _file_command(name, args, collector)
    elif name == "dd":
        for arg in args:
            if arg.startswith("of=") and collector.writes(arg[3:]):
                collector.add("dd", arg[3:])
    elif name == "patch":
        if not ("--dry-run" in args or "-C" in args or "--check" in args):
            collector.add("patch", None)
    elif name == "find":
        _find(args, segment, output, collector, depth)
    elif name in ("apply_patch", "applypatch"):
        # Codex models also run the patch tool through the shell: ``apply_patch <<'EOF' ...``
        paths = [p for body in list(segment.heredocs) + list(pipe_bodies) + args for p in from_patch(body)]
        for path in paths or [None]:
            collector.add("apply_patch", path)
    elif name == "git":
        _git(args, output, collector)
    elif (name in _PACKAGE_SUBCOMMANDS or name == _YARN_BARE_INSTALL) and _package(name, args, collector):
        return
    elif _INTERPRETERS.match(name):
        _interpreter(name, args, segment, pipe_bodies, collector)
    else:
        _formatter(name, args, output, collector)


def _sed(args, collector):
    in_place = False
    has_script_flag = False
    operands = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            operands.extend(args[i + 1:])
            break
        if word.startswith("--"):
            if word.startswith("--in-place"):
                in_place = True
            elif word in ("--expression", "--file", "--line-length"):
                has_script_flag = has_script_flag or word != "--line-length"
                i += 1
            elif word.startswith(("--expression=", "--file=")):
                has_script_flag = True
        elif _dashed(word):
            letters = word[1:]
            for position, letter in enumerate(letters):
                if letter == "i":
                    in_place = True
                    if position == len(letters) - 1 and i + 1 < len(args) and args[i + 1] == "":
                        i += 1                    # BSD ``sed -i '' ...``
                    break                         # the rest is the backup suffix
                if letter in "efl":
                    if letter in "ef":
                        has_script_flag = True
                    if position == len(letters) - 1:
                        i += 1                    # the value is the next word
                    break
        else:
            operands.append(word)
        i += 1
    if not in_place:
        return
    files = operands if has_script_flag else operands[1:]
    if not files:
        collector.add("sed", None)
    for path in files:
        collector.add("sed", path)


def _perl_in_place(args):
    """``perl -pi -e ...``: an ``i`` among the switches before any switch that takes the rest of
    the word (``-I``, ``-M``, ``-e``...)."""
    skip = False
    for word in args:
        if skip:
            skip = False
            continue
        if word == "--" or not _dashed(word) or word.startswith("--"):
            return False
        for position, letter in enumerate(word[1:]):
            if letter == "i":
                return True
            if letter in "IMmCdDx0leE":
                skip = letter in "eE" and position == len(word) - 2
                break
    return False


def _perl_files(args):
    files = []
    i = 0
    has_code = False
    while i < len(args):
        word = args[i]
        if _dashed(word) and not files:
            letters = word[1:]
            if "e" in letters or "E" in letters:
                has_code = True
                if letters.endswith(("e", "E")):
                    i += 1
        else:
            files.append(word)
        i += 1
    return files if has_code else files[1:]


def _file_command(name, args, collector):
    kind, value_flags, which = _FILE_COMMANDS[name]
    if name in ("cp", "mv", "install", "ln", "rsync"):
        for i, word in enumerate(args):
            target = None
            if word in ("-t", "--target-directory") and i + 1 < len(args):
                target = args[i + 1]
            elif word.startswith("--target-directory="):
                target = word.split("=", 1)[1]
            if target is not None:
                collector.add(kind, target)
                for source in _operands(args, value_flags):
                    if which == "all":
                        collector.add(kind, source)
                    collector.add(kind, os.path.join(target, os.path.basename(source.rstrip("/"))))
                return
    operands = _operands(args, value_flags)
    if name == "rsync":
        operands = [o for o in operands if ":" not in o.split("/", 1)[0]] or operands[-1:]
    if not operands:
        if name in ("rm", "unlink", "truncate", "touch", "shred"):
            return                                # ``rm`` alone fails; ``rm -f`` does nothing
        collector.add(kind, None)
        return
    targets = operands if which == "all" else operands[-1:]
    if name in ("cp", "mv", "install", "ln") and len(operands) > 1 and operands[-1].endswith("/"):
        # `cp a.json .codex/` writes .codex/a.json: name the file, not only the folder
        targets = targets + [operands[-1] + os.path.basename(src.rstrip("/")) for src in operands[:-1]]
    if name in ("rm", "cp") and _recursive(args):
        # a folder: is_relevant judges a trailing "/" path as a folder, not as a file without extension
        targets = [t if t.endswith("/") or "." in t.rsplit("/", 1)[-1] else t + "/" for t in targets]
    for path in targets:
        collector.add(kind, path)


def _recursive(args):
    for word in args:
        if word == "--":
            break
        if word == "--recursive" or (word.startswith("-") and not word.startswith("--")
                                     and ("r" in word or "R" in word or "a" in word)):
            return True
    return False


def _find(args, segment, output, collector, depth):
    if "-delete" in args:
        collector.add("rm", None)
    for flag in ("-exec", "-execdir", "-ok", "-okdir"):
        if flag in args:
            start = args.index(flag) + 1
            end = start
            while end < len(args) and args[end] not in (";", "+", "\\;"):
                end += 1
            inner = strip_wrappers(args[start:end])
            if inner:
                _with_unknown_targets(inner, segment, output, collector, depth)


def _with_unknown_targets(words, segment, output, collector, depth):
    """``find -exec CMD {}`` and ``xargs CMD``: the files come from elsewhere, so whatever CMD
    edits is recorded with an unknown path."""
    before = len(collector.events)
    _command_events(words, segment, output, collector, depth + 1)
    found = collector.events[before:]
    for event in found:
        collector.seen.discard(event)
    del collector.events[before:]
    for kind, _ in found:
        collector.add(kind, None)


# ---------------------------------------------------------------- git

def _git(args, output, collector):
    i = 0
    while i < len(args) and _dashed(args[i]):
        name = args[i].split("=", 1)[0]
        i += 2 if (name in _GIT_VALUE_OPTIONS and "=" not in args[i]) else 1
    if i >= len(args):
        return
    sub, rest = args[i], args[i + 1:]
    after_dash = rest[rest.index("--") + 1:] if "--" in rest else []
    kind = "git " + sub
    text = output if isinstance(output, str) else None

    if sub in ("pull", "merge", "rebase", "cherry-pick", "revert", "am"):
        if "--abort" in rest:
            edits = text is None or not _git_error(text)
        elif "--quit" in rest or "--dry-run" in rest:
            return
        else:
            edits = _git_changed(text)
        if edits:
            collector.add(kind, None)
    elif sub in ("checkout", "switch"):
        if "--" in rest:
            if text is None or not _git_error(text):
                for path in after_dash or [None]:
                    collector.add(kind, path)
            return
        if any(flag in rest for flag in ("-b", "-B", "--orphan", "-c", "-C")) and not _has_start_point(rest):
            return
        if text is None:
            collector.add(kind, None)
        elif text.strip() and not text.lstrip().startswith("Already on '") and not _git_error(text):
            if re.search(r"Switched to (?:a new )?branch|HEAD is now at|Updated \d+ paths?|Reset branch|"
                         r"Note: switching to|Previous HEAD position", text):
                collector.add(kind, None)
    elif sub == "restore":
        staged_only = ("--staged" in rest or "-S" in rest) and not ("--worktree" in rest or "-W" in rest)
        if staged_only or (text is not None and _git_error(text)):
            return
        paths = after_dash or _operands(rest, ("-s", "--source", "--pathspec-from-file"))
        for path in paths or [None]:
            collector.add(kind, path)
    elif sub == "stash":
        action = rest[0] if rest and not _dashed(rest[0]) else "push"
        if action in ("list", "show", "drop", "clear", "create", "store"):
            return
        if text is not None and (not text.strip() or re.search(
                r"No local changes to save|No stash entries found|fatal: |error: ", text)):
            return
        collector.add(kind, None)
    elif sub == "apply":
        if any(flag in rest for flag in ("--check", "--stat", "--numstat", "--summary", "--cached")) \
                and "--apply" not in rest:
            return
        if text is not None and re.search(r"error: |does not apply|fatal: ", text):
            return
        collector.add(kind, None)
    elif sub == "clean":
        forced = any(w == "--force" or (w.startswith("-") and not w.startswith("--") and "f" in w)
                     for w in rest)
        dry = any(w == "--dry-run" or (w.startswith("-") and not w.startswith("--") and "n" in w)
                  for w in rest)
        if not forced or dry:
            return
        if text is None or "Removing " in text:
            collector.add(kind, None)
    elif sub == "reset":
        if not any(flag in rest for flag in ("--hard", "--merge", "--keep")):
            return                               # soft and mixed resets leave files alone
        if text is None or "fatal: " not in text:
            collector.add(kind, None)
    elif sub in ("mv", "rm"):
        if sub == "rm" and "--cached" in rest:
            return
        if text is not None and _git_error(text):
            return
        for path in _operands(rest, ("--pathspec-from-file",)) or [None]:
            collector.add(kind, path)
    elif sub == "worktree":
        if rest[:1] and rest[0] in ("add", "remove", "move"):
            collector.add(kind, None)
    elif sub == "submodule":
        if rest[:1] and rest[0] in ("update", "add", "deinit", "sync"):
            collector.add(kind, None)


def _has_start_point(rest):
    """``git checkout -b new origin/main`` moves the tree to origin/main; ``-b new`` alone does not."""
    operands = _operands(rest, ("-b", "-B", "--orphan", "-c", "-C", "--track", "-t"))
    return len(operands) > 0


def _git_error(text):
    return "fatal: " in text or "error: " in text


def _git_negative(text):
    return any(marker in text for marker in _GIT_NEGATIVE)


def _git_changed(text):
    """pull/merge/rebase/...: no output known means assume it changed files; otherwise a
    negative message wins, and a positive one is needed."""
    if text is None:
        return True
    if not text.strip() or _git_negative(text):
        return False
    return any(marker in text for marker in _GIT_OUTPUT_EDIT) or bool(
        _UPDATING.search(text) or _DIFFSTAT.search(text))


# ---------------------------------------------------------------- packages, formatters, code

def _package(name, args, collector):
    """Record a package install/removal; True when the command was one."""
    if name == "yarn" and not [a for a in args if not _dashed(a)]:
        collector.add("yarn install", None)       # bare ``yarn`` installs
        return True
    if name in ("npm", "pnpm", "yarn", "bun"):
        operands = _operands(args, ("-w", "--workspace", "--filter", "-F", "-C", "--dir", "--prefix",
                                    "--cwd"))
    else:
        operands = _operands(args, ("-r", "--requirement", "-c", "--constraint", "-e", "--editable",
                                    "-t", "--target", "--python", "-p", "--project", "--directory",
                                    "--manifest-path", "--package", "-C", "-i", "--index-url"))
    if not operands:
        return False
    sub = operands[0]
    if sub not in _PACKAGE_SUBCOMMANDS.get(name, ()):
        return False
    if name == "go" and sub == "mod" and operands[1:2] not in (["tidy"], ["download"], ["vendor"],
                                                                ["edit"], ["init"]):
        return True
    if name == "uv" and sub == "pip" and operands[1:2] not in (["install"], ["uninstall"], ["sync"]):
        return True
    collector.add("%s %s" % (name, sub), None)
    return True


def _formatter(name, args, output, collector):
    text = output if isinstance(output, str) else None
    if name == "ruff":
        operands = _operands(args, ("--config", "--target-version", "--line-length", "--select",
                                    "--ignore", "--extend-select", "--output-format", "--stdin-filename"))
        if operands[:1] == ["format"]:
            if any(flag in args for flag in ("--check", "--diff")):
                return
            if text is not None and not _REFORMATTED.search(text) and re.search(
                    r"already formatted|left unchanged", text):
                return
            collector.add("format", None)
        elif any(flag in args for flag in ("--fix", "--unsafe-fixes")) and "--no-fix" not in args:
            if text is not None and not _RUFF_FIXED.search(text) and re.search(
                    r"All checks passed!|Found \d+ errors?", text):
                return
            collector.add("format", None)
        return
    if name == "cargo":
        if args[:1] in (["fmt"], ["clippy"]) and "--check" not in args:
            if args[0] == "fmt" or "--fix" in args:
                collector.add("format", None)
        elif args[:1] == ["fix"]:
            collector.add("format", None)
        return
    if name == "go":
        if args[:1] == ["fmt"]:
            collector.add("format", None)
        return
    if name == "mix":
        if args[:1] == ["format"] and "--check-formatted" not in args:
            collector.add("format", None)
        return
    if name == "dotnet":
        if args[:1] == ["format"] and "--verify-no-changes" not in args:
            collector.add("format", None)
        return
    if name in _FORMATTERS_WRITE_BY_DEFAULT:
        if any(flag in args for flag in _FORMATTERS_WRITE_BY_DEFAULT[name]):
            return
        if name == "black" and text is not None:
            named = _BLACK_REFORMATTED.findall(text)
            if named:
                for path in named:
                    collector.add("format", path)
                return
            if not _REFORMATTED.search(text) and "left unchanged" in text:
                return
        collector.add("format", None)
        return
    flags = _FIX_FLAGS.get(name)
    if flags is None:
        return
    if name in ("dprint", "mdformat", "sqlfluff"):
        sub = _operands(args, ())[:1]
        if (name == "dprint" and sub == ["fmt"]) or (name == "sqlfluff" and sub == ["fix"]) or (
                name == "mdformat" and "--check" not in args):
            collector.add("format", None)
        return
    if name == "biome" and _operands(args, ())[:1] == ["format"] and "--write" not in args:
        return
    if not any(w in flags or w.split("=", 1)[0] in flags for w in args):
        return
    if name == "prettier" and text is not None and _PRETTIER_LINE.search(text):
        changed = [m.group(1) for m in _PRETTIER_LINE.finditer(text) if not m.group("unchanged")]
        for path in changed:
            collector.add("format", path)
        return
    collector.add("format", None)


def _interpreter(name, args, segment, pipe_bodies, collector):
    """``python - <<EOF ... EOF``, ``node -e CODE``: writes when the code writes files."""
    bodies = list(segment.heredocs)
    for redirect in segment.redirects:
        if redirect.op == "<<<" and redirect.target:
            bodies.append(redirect.target)
    bodies.extend(pipe_bodies)
    for i, word in enumerate(args):
        if word in ("-c", "-e", "--eval", "-r") and i + 1 < len(args):
            bodies.append(args[i + 1])
            break
    for body in bodies:
        if not _WRITES_FILES.search(body):
            continue
        found = 0
        for match in _QUOTED_LITERAL.finditer(body):
            literal = match.group(1) or match.group(2) or match.group(3)
            if found >= MAX_BODY_PATHS:
                break
            if "://" in literal or not _PATHLIKE.match(literal):
                continue
            if not collector.writes(literal):
                continue
            collector.add("heredoc", literal)
            found += 1
        if not found:
            collector.add("heredoc", None)


# ---------------------------------------------------------------- apply_patch

_PATCH_HEADER = LazyRegex(r"^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+?)\s*$", re.M)


def from_patch(text):
    """Paths a Codex ``apply_patch`` body adds, updates, deletes or moves to, in order."""
    paths = []
    for match in _PATCH_HEADER.finditer(text or ""):
        path = match.group(1)
        if path not in paths:
            paths.append(path)
    return paths


# ---------------------------------------------------------------- relevance

_IRRELEVANT_SUFFIXES = (".out", ".log", ".tmp", ".bak", ".orig", ".rej", ".swp", ".pid",
                        ".cache")
_SCRATCH_PREFIXES = ("/tmp/", "/private/tmp/", "/private/var/", "/var/folders/", "/var/tmp/")
_SCRATCH_PARTS = ("/.claude/", "/scratchpad/")
_BUILD_FILES = frozenset((
    "Makefile", "GNUmakefile", "makefile", "Dockerfile", "Rakefile", "Gemfile", "Justfile",
    "justfile", "Procfile", "Brewfile", "Podfile", "Vagrantfile", "Jenkinsfile", "Earthfile", "BUILD",
    "WORKSPACE", "Pipfile", "Cargo", "Containerfile", ".env", ".envrc", ".gitmodules", ".npmrc",
    ".nvmrc", ".node-version", ".python-version", ".ruby-version", ".tool-versions", ".babelrc",
    ".eslintrc", ".prettierrc", ".editorconfig", ".flake8", ".pylintrc", ".mocharc", ".swcrc",
))
# Folders whose removal or copy never changes what a test run checks.
_GENERATED_FOLDERS = frozenset((
    "node_modules", "build", "dist", "out", "target", "coverage", "htmlcov", "tmp", "temp", ".tmp",
    "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox", ".venv", "venv",
    ".next", ".nuxt", ".turbo", ".cache", ".parcel-cache", ".gradle", "_build", "deps", ".eggs",
    "logs", ".stalegreen",
))
_DOTFILE_CONFIG = LazyRegex(r"\.[^/]+\.(?:json|js|cjs|mjs|ts|yml|yaml|toml)\Z")
_CODE_EXTENSIONS = frozenset("""
py pyi ts tsx mts cts js jsx mjs cjs go rs java kt kts swift rb php c cc cpp cxx h hh hpp cs vue
svelte sql prisma json jsonc json5 toml yaml yml ini cfg conf sh bash zsh fish css scss sass less html
htm env lock graphql gql proto ex exs dart scala sc elm hs zig lua pl pm r m mm gradle xml tf tfvars
ipynb erb hbs ejs njk astro mdx cmake mk nix wxs csproj fsproj vbproj sln props targets fs fsx clj
cljs cljc edn jl nim v sv vhd vhdl mod sum snap pyx pxd jinja j2 tpl cu groovy ml mli rkt
txt rst
""".split())


def is_relevant(path, cwd=None, ignore=None):
    """Whether an edit of ``path`` can make test/lint/build evidence stale.

    Unknown paths (None) can. Docs and other ``fingerprintIgnore`` matches, logs and scratch
    files, devices, and scratch folders outside the project cannot. Build files, dotfile
    configs and source/config extensions can. Relative paths are taken as written.
    """
    if path is None:
        return True
    path = str(path).strip()
    if not path:
        return True
    if path.startswith("/dev/"):
        return False
    from stalegreen.engine import fingerprint, globs
    from stalegreen.engine.config import DEFAULT_FINGERPRINT_IGNORE

    patterns = DEFAULT_FINGERPRINT_IGNORE if ignore is None else ignore
    root = fingerprint.find_root(cwd) if cwd else None
    project = root or (os.path.abspath(cwd) if cwd else None)
    relative = path
    if os.path.isabs(path):
        normalized = os.path.normpath(path)
        inside = project is not None and (normalized == project or normalized.startswith(project.rstrip("/") + "/"))
        if not inside:
            if normalized.startswith(_SCRATCH_PREFIXES) or any(p in normalized for p in _SCRATCH_PARTS):
                return False
            home = _store_home()
            if home and normalized.startswith(home + os.sep):
                return False
        else:
            relative = os.path.relpath(normalized, project)
    while relative.startswith("./"):
        relative = relative[2:]
    name = relative.rsplit("/", 1)[-1]
    if globs.is_ignored(relative, patterns):
        return False
    if name in _BUILD_FILES:
        return True
    if name.endswith(_IRRELEVANT_SUFFIXES):
        return False
    if _DOTFILE_CONFIG.match(name):
        return True
    if name.endswith(".txt.in"):
        return True
    if relative.endswith("/"):
        folder = relative.rstrip("/").rsplit("/", 1)[-1]
        return bool(folder) and folder not in _GENERATED_FOLDERS and not globs.is_ignored(
            relative + "x", patterns)
    if "." not in name.lstrip("."):
        return False
    return name.rsplit(".", 1)[-1].lower() in _CODE_EXTENSIONS
