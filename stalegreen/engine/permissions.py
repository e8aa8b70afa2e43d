"""When may a rewrite be approved? Only when it is proved to widen nothing.

A host's "allow" on a rewritten line also skips the host's own checks, so stalegreen answers
"allow" only for a line whose every part it can account for (docs/SECURITY.md states the rules):

- the line is short enough for the host's own parser, read confidently, and holds no
  substitution of any kind (``$(``, backticks, ``<(``, ``>(``, ``${...}`` beyond a plain
  name, ``$[``) and no compound shape (groups, subshells, loops, functions, heredocs, ``&``);
- every redirect is an fd duplication or goes to /dev/null;
- every ``cd`` and every file a read-only command reads stays inside the project (relative
  paths without ``..``, ``~``, globs or expansions, resolved through symlinks);
- the pipe stages after a run are droppable pure filters (``pipe_filters.droppable``) or a ``tee``
  into the project; nothing else follows a run in its pipeline;
- each remaining segment is either harmless by construction (``echo``, ``printf``, ``true``,
  ``pwd``, ``set`` options, ``cd`` and ``ls`` or a pure filter inside the project) or is left
  to the host's own rules (``Proof.needs_rule``), which the host module checks.

When the proof fails the line is not rewritten at all: it reaches the host unchanged.
"""

import os

from stalegreen.engine import pipe_filters
from stalegreen.engine.shell_lexer import NAME_CHARS, NAME_START

# Claude Code's parser refuses lines over 10,000 UTF-16 units; UTF-8 bytes are never fewer.
LINE_LIMIT_BYTES = 8000
SUBSTITUTIONS = ("$(", "`", "<(", ">(", "$[", "${")
_INDEX_CHARS = frozenset("0123456789@*")
REFUSED_FEATURES = ("heredoc", "here-string", "process-substitution", "command-substitution",
                    "grouping", "subshell", "background", "case", "function", "compound",
                    "arithmetic")
# Variables Claude Code itself strips before matching a rule, with values of plain characters.
SAFE_ENV = frozenset((
    "CI", "NODE_ENV", "FORCE_COLOR", "NO_COLOR", "TERM", "LANG", "LC_ALL", "TZ", "RUST_BACKTRACE",
    "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE",
))
_SAFE_VALUE_CHARS = NAME_CHARS | frozenset(".+-")
_SET_OPTIONS = frozenset(("pipefail", "errexit", "nounset", "xtrace", "verbose"))
_LS_LETTERS = set("1aAlhtrRSdFGpn")
# Programs that read the files they are given: even with a rule of the user's, an operand
# outside the project is refused (Claude checks such reads itself).
READERS = frozenset((
    "cat", "head", "tail", "grep", "egrep", "fgrep", "rg", "less", "more", "bat", "nl", "od", "xxd",
    "hexdump", "strings", "file", "stat", "du", "find", "tree", "ls", "realpath", "readlink", "diff",
    "cmp", "md5sum", "sha1sum", "sha256sum", "base64", "awk", "sed", "jq", "column", "tac", "rev",
    "fold", "fmt", "paste", "join", "comm", "sort", "uniq", "cut", "wc", "source", ".",
))


class Proof(object):
    """The outcome of ``prove``: ``ok`` and why not (``reason``), and the segments whose
    approval the host's own rules must give (indices into ``parse.segments``)."""

    __slots__ = ("ok", "reason", "needs_rule", "runs")

    def __init__(self, reason=None, needs_rule=(), runs=()):
        self.ok = reason is None
        self.reason = reason
        self.needs_rule = tuple(needs_rule)
        self.runs = tuple(runs)


def _plain_braces_end(text, i):
    """End of a plain ``${NAME}`` / ``${NAME[N]}`` (N digits, ``@`` or ``*``) starting at ``i``
    (the ``$``), or -1. Character tests, no regular expression: this runs on the hook's path."""
    j = i + 2
    if j >= len(text) or text[j] not in NAME_START:
        return -1
    while j < len(text) and text[j] in NAME_CHARS:
        j += 1
    if j < len(text) and text[j] == "[":
        k = j + 1
        while k < len(text) and text[k] in _INDEX_CHARS:
            k += 1
        if k == j + 1 or k >= len(text) or text[k] != "]":
            return -1
        j = k + 1
    return j + 1 if j < len(text) and text[j] == "}" else -1


def drop_plain_parameters(text, braces_only=False):
    """``text`` without its plain parameter reads: ``${NAME}`` and ``${NAME[N]}``, and unless
    ``braces_only`` also ``$?`` and ``$NAME``. What is left of a ``$`` is an expansion that can
    run or hide something."""
    if "$" not in text:
        return text
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "$" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "{":
                end = _plain_braces_end(text, i)
                if end > 0:
                    i = end
                    continue
            elif not braces_only and nxt == "?":
                i += 2
                continue
            elif not braces_only and nxt in NAME_START:
                i += 2
                while i < len(text) and text[i] in NAME_CHARS:
                    i += 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


def prove(parse, runs, project_dir, cwd):
    """Check the line ``parse`` against the rules above; ``runs`` are the verification runs in it."""
    text = parse.text
    if len(text.encode("utf-8", "replace")) > LINE_LIMIT_BYTES:
        return Proof("too-long")
    if not parse.confident:
        return Proof("unreadable")
    if any(mark in drop_plain_parameters(text, braces_only=True) for mark in SUBSTITUTIONS):
        return Proof("substitution")
    shape = [f for f in REFUSED_FEATURES if f in parse.features]
    if shape or parse.groups:
        return Proof("shape:%s" % (shape[0] if shape else "group"))
    project = _real(project_dir or cwd)
    if not project or not _inside(_real(cwd or project), project):
        return Proof("cwd-outside-project")
    run_indices = set()
    for run in runs:
        if run.nested or run.sudo:
            return Proof("nested")
        reason = _run_reach(parse.segments[run.segment_index], run, project)
        if reason:
            return Proof(reason)
        run_indices.add(run.segment_index)
    cwds = [_real(cwd or project)]
    needs_rule = []
    followers = _followers(parse, run_indices)
    for index, segment in enumerate(parse.segments):
        reason = _plain(segment)
        if reason:
            return Proof(reason)
        if index in followers:
            if segment.words[:1] == ["tee"]:
                reason = "write-outside-project" if _expands(segment) else \
                    _paths_inside(_tee_files(segment), cwds, project, "write-outside-project")
                if reason:
                    return Proof(reason)
                needs_rule.append(index)
            elif not pipe_filters.droppable(segment):
                return Proof("pipe:%s" % (segment.words[0] if segment.words else "?"))
            continue
        if index in run_indices:
            needs_rule.append(index)
            if _dollars(segment):
                return Proof("expansion")
            continue
        harmless, reason = _harmless(segment, cwds, project)
        if reason:
            return Proof(reason)
        if not harmless:
            if _dollars(segment):
                return Proof("expansion")
            needs_rule.append(index)
    free = [run.segment_index for run in runs if _keeps_inside(parse.segments[run.segment_index], run, cwds, project)]
    return Proof(None, needs_rule, sorted(set(free) - set(i for i in run_indices if i not in free)))


def _plain(segment):
    """Why a segment is refused whatever the rules say: negation, `&`, a redirect to a file,
    an assignment that is not a plain safe variable."""
    if segment.negated:
        return "negated"
    if segment.op == "&":
        return "background"
    if not segment.words:
        return "assignment-only"
    for assignment in segment.assignments:
        reason = _unsafe_assignment(assignment)
        if reason:
            return reason
    for redirect in segment.redirects:
        if redirect.op in (">&", "<&") and redirect.target.isdigit():
            continue
        if redirect.op in (">", ">>", ">|", "&>", "&>>", "<") and redirect.target == "/dev/null" \
                and not redirect.target_quoted and redirect.raw.endswith("/dev/null"):
            continue
        return "redirect:%s" % redirect.target
    return None


def _unsafe_assignment(assignment):
    name, _, value = assignment.partition("=")
    if name not in SAFE_ENV or not set(value) <= _SAFE_VALUE_CHARS:
        return "env:%s" % name
    return None


def _run_reach(segment, run, project):
    """Why a run's own words reach past rules 6 and 7: a directory flag that leaves the project
    (`make -C ..`, `npm --prefix DIR`, `env -C DIR`: the run's folder, as the catalog read it), or
    an assignment made through a wrapper (`env PATH=... pytest`, `timeout 9 env LD_PRELOAD=...`),
    held to the rule for an assignment written before the command. Under `permission: allow`
    the run needs no rule of the user's, so its words are all the proof has."""
    if run.cwd and not _inside(_real(run.cwd), project):
        return "cd-outside-project"
    words = segment.words
    own = len(run.words or ())
    for word in words[:len(words) - own] if own <= len(words) else words:
        name, sep, _ = word.partition("=")
        if sep and name and name[0] in NAME_START and set(name) <= NAME_CHARS:
            reason = _unsafe_assignment(word)
            if reason:
                return reason
    return None


def _keeps_inside(segment, run, cwds, project):
    """A run that may go without a rule of the user's under `permission: allow` ("a run the user
    would run"): its program is named plainly or by a path inside the project (not
    `/tmp/evil/pytest`), no word of it, flag values included, names a path outside the project
    (`--junitxml=/etc/x`, `-e ../other/.env`), and no wrapper fetches a package to run
    (`npx -p pkg`, `uv run --with pkg`). Any other run needs the user's own rule."""
    words = segment.words
    if not words:
        return False
    if "/" in words[0] and _paths_inside([words[0]], cwds, project):
        return False
    wrapper = len(words) - len(run.words or ()) if len(run.words or ()) <= len(words) else 0
    for index, word in enumerate(words[1:], 1):
        value = word.split("=", 1)[1] if word.startswith("-") and "=" in word else word
        if _outside_word(value) or index < wrapper and word.split("=", 1)[0] in _FETCHING_FLAGS:
            return False
    return True


# wrapper flags that install a package to run it: npx/pnpm dlx/bunx, uv/uvx, pipx
_FETCHING_FLAGS = frozenset(("-p", "--package", "--with", "--with-requirements", "--with-editable", "--from", "--spec"))


def _followers(parse, run_indices):
    """Indices of the pipe stages after each run, in its pipeline."""
    found = set()
    for index in run_indices:
        segment = parse.segments[index]
        for later in parse.segments[index + 1:]:
            if later.pipeline != segment.pipeline:
                break
            found.add(later.index)
    return found


def _expands(segment):
    return any(pipe_filters.expands(raw) for raw in segment.raw_words)


def _dollars(segment):
    return any("$" in raw and pipe_filters.expands(raw) for raw in segment.raw_words)


def _harmless(segment, cwds, project):
    """(True, None) for a segment that needs no rule, (False, None) for one the host's rules
    must allow, (False, reason) for one that refuses the whole line."""
    words = segment.words
    name = words[0]
    raws = segment.raw_words
    if name in ("echo", "printf"):
        if name == "printf" and len(words) > 1 and words[1].startswith("-"):
            return False, None   # `printf -v VAR` assigns
        for raw in raws[1:]:
            if pipe_filters.expands(drop_plain_parameters(raw)):
                return False, None
        return True, None
    if name in ("cd", "pushd", "popd", "chdir"):
        # the directory every later path is read from: proved inside whatever the rules say
        if name != "cd" or len(words) != 2 or pipe_filters.expands(raws[1]):
            return False, "cd-outside-project"
        reason = _paths_inside([words[1]], cwds, project, "cd-outside-project")
        if reason:
            return False, reason
        cwds.extend([_real(os.path.join(c, words[1])) for c in list(cwds)])
        return True, None
    if any(pipe_filters.expands(raw) for raw in raws):
        return False, None
    if name in ("true", "false", ":"):
        return True, None
    if name == "pwd":
        return all(w in ("-L", "-P") for w in words[1:]), None
    if name == "set":
        args = words[1:]
        for i, word in enumerate(args):
            if word in ("-o", "+o"):
                continue
            if i and args[i - 1] in ("-o", "+o"):
                if word not in _SET_OPTIONS:
                    return False, None
            elif not (len(word) > 1 and word[0] in "-+" and set(word[1:]) <= set("euxvC")):
                return False, None
        return True, None
    if name == "ls":
        paths = [w for w in words[1:] if not w.startswith("-")]
        if any(w.startswith("-") and not set(w[1:]) <= _LS_LETTERS for w in words[1:]):
            return False, None
        reason = _paths_inside(paths, cwds, project)
        return (False, reason) if reason else (True, None)
    files = pipe_filters.filter_files(segment)
    if files is None:
        if name in READERS and any(_outside_word(w) for w in words[1:] if not w.startswith("-")):
            return False, "read-outside-project"   # a rule may allow `less`, not `less /etc/x`
        return False, None
    reason = _paths_inside(files, cwds, project)
    return (False, reason) if reason else (True, None)


def _outside_word(word):
    return word.startswith(("/", "~")) or ".." in word.split("/")


def _tee_files(segment):
    return [w for w in segment.words[1:] if not w.startswith("-")]


def _paths_inside(paths, cwds, project, reason="read-outside-project"):
    """None when every path, from every directory the line may be in, stays in the project."""
    for path in paths:
        if not path or path.startswith(("/", "~", "-")) or ".." in path.split("/"):
            return reason
        for cwd in cwds:
            if not _inside(_real(os.path.join(cwd, path)), project):
                return reason
    return None


def _real(path):
    """The path with its symbolic links resolved; "" (inside nothing) when it has none or
    cannot name a file (a lone surrogate has no bytes on disk)."""
    if not path:
        return ""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return ""


def _inside(path, project):
    return path == project or path.startswith(project.rstrip(os.sep) + os.sep)
