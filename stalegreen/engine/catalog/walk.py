"""Finding runs in a parsed command line: ``find_runs`` (``Run`` records, ``engine/records``) walks each
segment (``cd`` and nesting included) through the wrappers and ``classify``."""

import os

from stalegreen.engine.catalog.families import classify, script_run
from stalegreen.engine.catalog.table import CATEGORIES
from stalegreen.engine.catalog.wrappers import stdin_script, strip_wrappers
from stalegreen.engine.records import Run


# ---------------------------------------------------------------------------------------------
# finding runs in a parsed command line

_SKIP_COMMANDS = frozenset(("export", "set", "source", ".", "alias", "unset", "shopt", "trap", "ulimit",
                            "umask", "echo", "printf", "true", "false", ":", "local", "declare", "typeset",
                            "readonly", "wait", "exit", "return"))
_MAX_NESTING = 4
_extra_cache = {}


def _compiled_extra(pattern):
    if pattern not in _extra_cache:
        import re

        try:
            _extra_cache[pattern] = re.compile(pattern)
        except (re.error, TypeError):
            _extra_cache[pattern] = None
    return _extra_cache[pattern]


def _match_extra(text, config):
    for entry in (config or {}).get("extraRunners") or ():
        if not isinstance(entry, dict):
            continue
        regex = _compiled_extra(entry.get("match"))
        if regex is not None and regex.search(text):
            return entry
    return None


class _Dir(object):
    """The running directory while walking segments: absolute (when known) and the raw cd path."""

    __slots__ = ("abs", "raw", "stack", "previous")

    def __init__(self, cwd):
        self.abs = os.path.abspath(cwd) if cwd else None
        self.raw = None
        self.stack = []
        self.previous = None

    def copy(self):
        other = _Dir(None)
        other.abs, other.raw, other.stack, other.previous = self.abs, self.raw, list(self.stack), self.previous
        return other

    def change(self, target):
        before = (self.abs, self.raw)
        if target is None or target == "~":
            home = os.path.expanduser("~")
            self.abs, self.raw = home, "~"
        elif target == "-":
            self.abs, self.raw = (self.previous or (None, None))
        elif "$" in target or "`" in target:
            self.abs = None
            self.raw = target if self.raw is None else self.raw + "/" + target
        elif target.startswith("~"):
            self.abs = os.path.normpath(os.path.expanduser(target))
            self.raw = target
        elif target.startswith("/"):
            self.abs = os.path.normpath(target)
            self.raw = target
        else:
            self.abs = os.path.normpath(os.path.join(self.abs, target)) if self.abs else None
            self.raw = target if self.raw is None else os.path.normpath(self.raw + "/" + target)
        self.previous = before

    def with_dirs(self, dirs):
        if not dirs:
            return self
        other = self.copy()
        for target in dirs:
            other.change(target)
        other.previous = self.previous
        return other


def _emptiness_test(seg):
    """The script of ``test -z "$(...)"`` (``[ -z ... ]``, ``[[ -z ... ]]``): a command whose output
    must be empty, else None."""
    words = seg.words
    if words[0] in ("[", "[["):
        if words[-1] != {"[": "]", "[[": "]]"}[words[0]]:
            return None
        words = words[:-1]
    elif words[0] != "test":
        return None
    if len(words) != 3 or words[1] != "-z" or len(seg.substitutions) != 1:
        return None
    if (words[2][:2] == "$(" and words[2][-1:] == ")") or words[2][:1] == words[2][-1:] == "`":
        return seg.substitutions[0]
    return None


def _spans_segments(text):
    """An ignoreCommands entry written across operators (``cd api && make``) matches the whole line."""
    return any(op in text for op in ("&&", "||", ";", "|", "\n"))


def find_runs(parse, config=None, cwd=None):
    """Verification runs (and not-a-run forms) in a parsed command line, in source order."""
    runs = []
    _walk(parse, config or {}, _Dir(cwd), runs, outer=None, depth=0, whole=parse.text)
    return runs


def _walk(parse, config, directory, runs, outer, depth, whole):
    ignore = [s for s in ((config or {}).get("ignoreCommands") or ()) if isinstance(s, str) and s]
    open_subshells = []
    segments = parse.segments
    pipeline_sizes = {}
    for seg in segments:
        pipeline_sizes[seg.pipeline] = pipeline_sizes.get(seg.pipeline, 0) + 1
    for index, seg in enumerate(segments):
        groups = seg.groups
        while open_subshells and open_subshells[-1][0] not in groups:
            directory = open_subshells.pop()[1]
        for group in groups:
            kind = parse.groups[group].kind if group < len(parse.groups) else None
            if kind == "subshell" and all(g != group for g, _ in open_subshells):
                open_subshells.append((group, directory.copy()))
        words = [w for w in seg.words]
        if not words:
            continue
        head = words[0]
        if head in ("cd", "pushd", "popd", "chdir"):
            if pipeline_sizes.get(seg.pipeline, 1) > 1:
                continue
            args = [w for w in words[1:] if w not in ("-P", "-L", "-e", "-@", "--")]
            if head == "popd":
                if directory.stack:
                    directory.abs, directory.raw = directory.stack.pop()
                continue
            if head == "pushd":
                directory.stack.append((directory.abs, directory.raw))
            directory.change(args[0] if args else None)
            continue
        outer_index = outer[0] if outer else index
        outer_text = outer[1] if outer else seg.text
        script = _emptiness_test(seg)
        if script is not None and depth < _MAX_NESTING:
            # `test -z "$(gofmt -l .)"`: the test fails when the check lists anything, so the
            # line is the check, and its exit status the verdict (in the segment itself: not nested)
            from stalegreen.engine import shell

            before = len(runs)
            _walk(shell.parse(script), config, directory.copy(), runs, outer=(outer_index, outer_text),
                  depth=depth + 1, whole=whole)
            for run in runs[before:]:
                run.nested = bool(outer)
            continue
        if head in _SKIP_COMMANDS:
            continue
        stripped = strip_wrappers(words, seg.heredocs)
        if stripped["stdin_shell"]:
            stripped["script"] = stdin_script(seg)     # the heredoc on fd 0, if it is the last there
        if stripped["script"] is not None and depth < _MAX_NESTING:
            from stalegreen.engine import shell

            inner = shell.parse(stripped["script"])
            before = len(runs)
            _walk(inner, config, directory.with_dirs(stripped["dirs"]).copy(), runs,
                  outer=(outer_index, outer_text), depth=depth + 1, whole=whole)
            for run in runs[before:]:
                run.nested = True
                run.sudo = run.sudo or stripped["sudo"]
                if stripped["appended"] and stripped["launched"] and run.scope == "all":
                    run.scope = "subset"        # `find src -exec sh -c 'pytest "$1"' _ {} \;`: given files
                if stripped["not_run"] and not run.not_run:
                    run.not_run = stripped["not_run"]
            continue
        found = None
        if stripped["words"]:
            if stripped["scripts_tool"]:
                tail = stripped["words"]
                found = script_run("%s run" % stripped["scripts_tool"], tail[0], None, tail[1:], False, [])
            else:
                found = classify(stripped["words"])
            if found and stripped["appended"] and found["scope"] == "all":
                # `xargs pytest`, `git diff --name-only | xargs ruff check`: given files from stdin
                found = dict(found, scope="subset")
        extra = _match_extra(seg.text, config) or (
            stripped["words"] and _match_extra(" ".join(stripped["words"]), config)) or None
        if found is None and extra is None:
            continue
        if found is None:
            category = extra.get("category", "test")
            found = {"runner": extra.get("name") or " ".join(stripped["words"][:2]) or seg.text[:40],
                     "category": category if category in CATEGORIES else "test", "scope": "all",
                     "not_run": None, "quiet": False}
        run_dir = directory.with_dirs(stripped["dirs"] + list(found.get("dirs", ())))
        not_run = stripped["not_run"] or found["not_run"]
        runs.append(Run(
            segment_index=outer_index, runner=found["runner"], category=found["category"],
            scope=found["scope"], cwd=run_dir.abs, cd=run_dir.raw, not_run=not_run,
            quiet=bool(found.get("quiet")), nested=bool(outer), sudo=stripped["sudo"],
            words=stripped["words"], text=outer_text, extra=extra,
            ignored=any(s in outer_text or (s in whole and _spans_segments(s)) for s in ignore),
            also=tuple(found.get("also") or ()),
        ))
