"""Edit events: which files a tool call changed, for when the fingerprint cannot decide.

``from_shell`` reads a command line (never runs it) and names what it writes: redirects,
``tee``, in-place ``sed``/``perl``, file commands, git commands that touch the work tree
(judged by their output when it is known: ``git pull`` that says "Already up to date" changed
nothing), package installs, formatters that write, and interpreters fed code that writes files.
Verification runners are never edits. ``from_patch`` reads a Codex ``apply_patch`` body.
``is_relevant`` says whether an edited path can make test evidence stale. The commands whose
edits depend on their flags and output (git, package managers, formatters, interpreters) are
read in ``edit_commands``.
"""

import os
import re

from stalegreen.engine import edit_commands
from stalegreen.engine.edit_commands import is_dashed, positional
from stalegreen.engine.lazyregex import LazyRegex

MAX_DEPTH = 4                    # nested ``bash -c`` / ``$(...)`` levels followed

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


_SHELLS = frozenset(("sh", "bash", "zsh", "dash", "ksh", "fish"))


# ---------------------------------------------------------------- helpers

def _base(word):
    return word.rsplit("/", 1)[-1] if word else word


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


def _skip_options(words, value_flags):
    """Index of the first word that is not an option (or an option's value)."""
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            return i + 1
        if not is_dashed(word):
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


_KNOWN = [None, frozenset()]        # the last line whose runs receipts._detect found: (parse, its run segments)


def runs_known(parse, runs):
    """``runs`` are ``catalog.find_runs(parse)`` as found with a config that adds no runners (the
    same runs ``_runner_segments`` would find): kept, so the line is not walked again for its edits."""
    _KNOWN[:] = [parse, _run_segments(runs)]


def _run_segments(runs):
    return frozenset(run.segment_index for run in runs
                     if getattr(run, "not_run", None) is None and not getattr(run, "nested", False))


def _runner_segments(parse):
    """Indices of segments that are actual verification runs (never edits)."""
    if _KNOWN[0] is parse:
        return _KNOWN[1]
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
    return _run_segments(runs)


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
        if not [a for a in args if not is_dashed(a)] and depth < MAX_DEPTH:   # script on stdin
            for body in list(segment.heredocs) + list(pipe_bodies):
                _collect(_parse(body), output, collector, depth + 1)
        return
    if name == "sed":
        _sed(args, collector)
    elif name == "perl" and _perl_in_place(args):
        for path in _perl_files(args):
            collector.add("perl", path)
    elif name == "tee":
        for path in positional(args, ()):
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
        edit_commands.read_git(args, output, collector)
    elif (name in edit_commands.PACKAGE_SUBCOMMANDS or name == edit_commands.YARN_BARE_INSTALL) and \
            edit_commands.read_package(name, args, collector):
        return
    elif edit_commands.INTERPRETERS.match(name):
        edit_commands.read_interpreter(name, args, segment, pipe_bodies, collector)
    else:
        edit_commands.read_formatter(name, args, output, collector)


def _sed(args, collector):
    """``sed -i``: the files after the script (all operands when ``-e``/``-f`` gave it)."""
    from stalegreen.engine import sed

    found = sed.read_args(args)
    if not found.in_place:
        return
    files = found.operands if found.script_flag else found.operands[1:]
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
        if word == "--" or not is_dashed(word) or word.startswith("--"):
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
        if is_dashed(word) and not files:
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
                for source in positional(args, value_flags):
                    if which == "all":
                        collector.add(kind, source)
                    collector.add(kind, os.path.join(target, os.path.basename(source.rstrip("/"))))
                return
    operands = positional(args, value_flags)
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
