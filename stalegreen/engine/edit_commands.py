"""Commands that edit as a side effect, judged by their flags and, once they ran, their output.

``edits.from_shell`` reads a command line; for these commands it asks here: git subcommands that
touch the work tree (``git pull`` that says "Already up to date" changed nothing), package
installs, formatters that write (``black``, ``prettier --write``, ``ruff --fix``) and
interpreters fed code that writes files (``python - <<EOF``, ``node -e``). Each reader takes the
command's argv after its name and a collector with ``add(kind, path)`` and ``writes(target)``.
``prefilter.EDIT_WORDS`` must hold every name these tables know (tests/test_hot_path.py).
"""

import re

from stalegreen.engine.lazyregex import LazyRegex

# ---------------------------------------------------------------- tables

MAX_BODY_PATHS = 8               # paths taken from an interpreter's code
# Package managers: tool -> subcommands that change installed files or lock files.
PACKAGE_SUBCOMMANDS = {
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
YARN_BARE_INSTALL = "yarn"      # plain ``yarn`` installs
INTERPRETERS = LazyRegex(r"(?:python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|ruby|perl|php|tsx|ts-node)\Z")
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
FORMATTERS_WRITE_BY_DEFAULT = {
    "black": ("--check", "--diff"),
    "isort": ("--check", "--check-only", "-c", "--diff"),
    "swiftformat": ("--lint", "--dryrun"),
    "rustfmt": ("--check",),
    "pyupgrade": (),
}
FIX_FLAGS = {
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

# ---------------------------------------------------------------- readers

def is_dashed(word):
    """An option word, ``-1`` too (the catalog's ``is_flag`` leaves numbers out)."""
    return len(word) > 1 and word.startswith("-")


def positional(args, value_flags):
    """Positional arguments: flags and the values of ``value_flags`` removed; ``--`` ends flags."""
    out = []
    skip = False
    flags_done = False
    for word in args:
        if skip:
            skip = False
            continue
        if flags_done or not is_dashed(word):
            out.append(word)
            continue
        if word == "--":
            flags_done = True
            continue
        name = word.split("=", 1)[0]
        if name in value_flags and "=" not in word:
            skip = True
    return out


def read_git(args, output, collector):
    """git subcommands that touch the work tree; with ``output``, only when it says they did."""
    i = 0
    while i < len(args) and is_dashed(args[i]):
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
        paths = after_dash or positional(rest, ("-s", "--source", "--pathspec-from-file"))
        for path in paths or [None]:
            collector.add(kind, path)
    elif sub == "stash":
        action = rest[0] if rest and not is_dashed(rest[0]) else "push"
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
        for path in positional(rest, ("--pathspec-from-file",)) or [None]:
            collector.add(kind, path)
    elif sub == "worktree":
        if rest[:1] and rest[0] in ("add", "remove", "move"):
            collector.add(kind, None)
    elif sub == "submodule":
        if rest[:1] and rest[0] in ("update", "add", "deinit", "sync"):
            collector.add(kind, None)


def _has_start_point(rest):
    """``git checkout -b new origin/main`` moves the tree to origin/main; ``-b new`` alone does not."""
    operands = positional(rest, ("-b", "-B", "--orphan", "-c", "-C", "--track", "-t"))
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


def read_package(name, args, collector):
    """Record a package install/removal; True when the command was one."""
    if name == "yarn" and not [a for a in args if not is_dashed(a)]:
        collector.add("yarn install", None)       # bare ``yarn`` installs
        return True
    if name in ("npm", "pnpm", "yarn", "bun"):
        operands = positional(args, ("-w", "--workspace", "--filter", "-F", "-C", "--dir", "--prefix",
                                    "--cwd"))
    else:
        operands = positional(args, ("-r", "--requirement", "-c", "--constraint", "-e", "--editable",
                                    "-t", "--target", "--python", "-p", "--project", "--directory",
                                    "--manifest-path", "--package", "-C", "-i", "--index-url"))
    if not operands:
        return False
    sub = operands[0]
    if sub not in PACKAGE_SUBCOMMANDS.get(name, ()):
        return False
    if name == "go" and sub == "mod" and operands[1:2] not in (["tidy"], ["download"], ["vendor"],
                                                                ["edit"], ["init"]):
        return True
    if name == "uv" and sub == "pip" and operands[1:2] not in (["install"], ["uninstall"], ["sync"]):
        return True
    collector.add("%s %s" % (name, sub), None)
    return True


def read_formatter(name, args, output, collector):
    """Formatters and fixers that write (``black``, ``prettier --write``, ``ruff --fix``, ``cargo
    fmt``); with ``output``, only when it says a file changed. Any other name records nothing."""
    text = output if isinstance(output, str) else None
    if name == "ruff":
        operands = positional(args, ("--config", "--target-version", "--line-length", "--select",
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
    if name in FORMATTERS_WRITE_BY_DEFAULT:
        if any(flag in args for flag in FORMATTERS_WRITE_BY_DEFAULT[name]):
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
    flags = FIX_FLAGS.get(name)
    if flags is None:
        return
    if name in ("dprint", "mdformat", "sqlfluff"):
        sub = positional(args, ())[:1]
        if (name == "dprint" and sub == ["fmt"]) or (name == "sqlfluff" and sub == ["fix"]) or (
                name == "mdformat" and "--check" not in args):
            collector.add("format", None)
        return
    if name == "biome" and positional(args, ())[:1] == ["format"] and "--write" not in args:
        return
    if not any(w in flags or w.split("=", 1)[0] in flags for w in args):
        return
    if name == "prettier" and text is not None and _PRETTIER_LINE.search(text):
        changed = [m.group(1) for m in _PRETTIER_LINE.finditer(text) if not m.group("unchanged")]
        for path in changed:
            collector.add("format", path)
        return
    collector.add("format", None)


def read_interpreter(name, args, segment, pipe_bodies, collector):
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
