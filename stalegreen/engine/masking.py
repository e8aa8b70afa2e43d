"""Is a verification run masked? Pipes, chains, redirects and negation that hide its result.

A run's exit status reaches the host only if nothing after it replaces it (a pipe without
pipefail, ``|| true``, ``; echo done``, a loop, an ``if`` condition, ``!``), and its output
reaches the agent only if nothing filters or redirects it. ``analyze`` works this out from the
parsed line; ``rewrite`` and the receipts use the answer. No regular expression on the
PreToolUse path (``re`` costs a third of the interpreter's start). Which pipe stages the rewrite
may drop is ``pipe_filters``; what an unwrapped run's output shows once it is known (status
echoes, a ``tail`` that let everything through) is ``unwrapped``.
"""

from stalegreen.engine.catalog.hiding import hiding_flags, reports_on_stderr, reports_only_on_stderr
from stalegreen.engine.catalog.launched import SHELL_KINDS, launch_reason
from stalegreen.engine.catalog.wrappers import script_options, segment_launcher, segment_script
from stalegreen.engine.catalog.table import QUIET_FLAGS
from stalegreen.engine import pipe_filters, shell_options
from stalegreen.engine.records import Run

# Pipe members that only hide or shape output; the log of a wrapped run keeps everything.
TAIL_LIKE = frozenset(("tail",))
HEAD_LIKE = frozenset(("head",))
GREP_LIKE = frozenset(("grep", "egrep", "fgrep", "rg", "ag", "ack"))
FILTERS = frozenset(("sed", "awk", "gawk", "mawk", "cut", "wc", "sort", "uniq", "tr", "jq",
                     "column", "nl", "fold", "fmt", "perl", "ts"))
PASS_THROUGH = frozenset(("cat", "tee", "less", "more", "bat", "pv"))
# Pipe members that reformat a runner's stream and still print every failure.
FORMATTERS = frozenset(("xcpretty", "xcbeautify", "gotestfmt", "tparse", "tap-spec", "faucet"))

SHORT_TAIL = 3                  # a `| tail` keeping fewer lines shows a summary at best

# Reasons that are recorded but do not mask the run.
NOT_MASKING = frozenset(("devnull:stderr", "unread:stdout"))
NOT_MASKING_PREFIXES = ("stderr:", "sigpipe:")

_CLAUSED = frozenset(("if", "while", "until", "for", "case"))
_EXIT_WORDS = frozenset(("exit", "return"))
_FAIL_WORDS = frozenset(("exit", "return", "false", "kill"))
_SILENT_S = frozenset(("npm", "pnpm", "yarn", "make", "gmake", "bun"))
_WRAPPERS = frozenset(("command", "builtin", "exec", "stdbuf", "unbuffer", "env", "nice"))


class Mask(object):
    """What hides a run's result. ``reasons`` use the names in docs/ARCHITECTURE.md."""

    __slots__ = ("masked", "reasons", "exit_preserved", "output_visible", "tail", "head",
                 "filtered", "patterns", "count_only", "pipefail", "background", "quiet",
                 "sigpipe", "condition", "followers", "echo_site", "read_back", "inner")

    def __init__(self):
        self.masked = False
        self.reasons = []
        self.exit_preserved = True
        self.output_visible = True
        self.tail = None          # line count of a `| tail` after the run
        self.head = None          # line count of a `| head` after the run
        self.filtered = False     # a grep/sed/awk/... keeps only some lines
        self.patterns = []        # grep patterns (`!pat` when inverted)
        self.count_only = False   # `grep -c`, `wc -l`: the agent sees a number
        self.pipefail = False
        self.background = False
        self.quiet = False
        self.sigpipe = False      # pipefail + an early-exiting reader: exit may become 141
        self.condition = False    # the run is an if/while condition
        self.followers = []       # pipeline members after the run (Segment or Group objects)
        self.echo_site = None     # what follows the run's pipeline, for status_echo (receipts only)
        self.read_back = None     # the file the run's output went to, shown by a later cat/tail
        self.inner = None         # for a run in `bash -c '...'`: the script's own Mask (None: unreadable)

    def as_dict(self):
        return dict((name, getattr(self, name)) for name in self.__slots__
                    if name not in ("followers", "echo_site", "inner"))

    def __repr__(self):
        return "Mask(masked=%r, reasons=%r)" % (self.masked, self.reasons)


def command_name(segment):
    """The program a segment runs, by basename, past `env`/`command`-style wrappers."""
    words = getattr(segment, "words", None) or []
    i = 0
    while i < len(words):
        word = words[i]
        name = word.rsplit("/", 1)[-1]
        if name in _WRAPPERS:
            i += 1
            while i < len(words) and (words[i].startswith("-") or "=" in words[i]):
                i += 1
            continue
        return name
    return None


def analyze(parse, run, options=(shell_options.THIS_SHELL,)):
    """The masking analysis of one run found in ``parse`` (never raises on odd input);
    ``options``: the flags of the shell that runs ``parse`` (``bash -euo pipefail -c '...'``); by
    default the host's own, which runs the line as ``eval '<line>' < /dev/null && pwd -P >| f``
    (Claude Code): errexit is ignored there, a ``set -e`` of the line counts in child shells only."""
    mask = Mask()
    segments = parse.segments
    index = getattr(run, "segment_index", None)
    if not isinstance(index, int) or not 0 <= index < len(segments):
        return mask
    seg = segments[index]
    mask.quiet = _quiet(run, seg)
    context = _context(parse, tuple(options))
    mask.pipefail = context.pipefail[index]
    groups = [parse.groups[g] for g in seg.groups]

    failing_branch = "else"     # the branch of an `if` this run's failure takes
    if seg.negated and not any(g.negated for g in groups) and _sole_condition(context.levels, seg):
        failing_branch = "then"     # `if ! cargo test; then exit 1; fi`: decided with the if below
    elif seg.negated or any(g.negated for g in groups):
        _add(mask, "negated")
        mask.exit_preserved = False
    if context.hazards[index]:          # `trap 'exit 0' EXIT`, `pytest() { ...; }` before the run
        _add(mask, context.hazards[index])
        mask.exit_preserved = False

    _redirects(mask, [r for g in groups for r in g.redirects] + list(seg.redirects))
    runner = getattr(run, "runner", None)
    if "devnull:stderr" in mask.reasons and reports_on_stderr(runner):
        _add(mask, "devnull:report")        # `cargo build 2>/dev/null`: the why of a failure is gone
        mask.output_visible = False
    elif mask.reasons == ["devnull:stdout"] and reports_only_on_stderr(runner):
        mask.reasons[0] = "unread:stdout"   # `cargo build > /dev/null`: its report is all on stderr
        mask.output_visible = True
    for _index, _count, reason in hiding_flags(list(getattr(run, "words", None) or seg.words)):
        _add(mask, reason)
        if reason.startswith("exit-zero:"):
            mask.exit_preserved = False
        else:
            mask.output_visible = False

    levels = context.levels
    element = seg
    first = True
    while True:
        container = levels.container(element)
        level = levels.level(container)
        pipeline = level.pipes[element.pipeline]
        followers = pipeline[pipeline.index(element) + 1:]
        end = pipeline[-1]
        after = level.position[id(end)] + 1          # `rest`: level.items[after:limit]
        # `pytest | tee log; exit ${PIPESTATUS[0]}` as the line's last command: the line ends
        # with the run's own status, as under pipefail
        restored = first and container is None and followers and \
            _restores_status(levels, level, end, after, pipeline.index(element))
        if first:
            mask.followers = followers
        for member in followers:
            _pipe_member(mask, member, mask.pipefail or restored)
        if restored:
            break
        waited = _waited_for(level.items, after) if end.op == "&" else None
        if waited is not None:
            # `pytest & wait $!`: the line waits for the run and takes its status there
            end, after = level.items[waited], waited + 1
        if end.op == "&":
            mask.background = True
            _add(mask, "background")
            mask.exit_preserved = False
            break
        if first and end.op in (";", "\n", "&&", "||") and not getattr(run, "nested", False):
            mask.echo_site = (parse, level.items[after:after + 2], len(pipeline) - len(followers) - 1,
                              not followers)
        if first and context.errexit[index] and _errexit_ends(parse, levels, seg, mask.pipefail):
            break       # `set -e; pytest; echo done`: a failure ends the line with its own status
        limit = len(level.items)
        if container is not None and parse.groups[container].kind in _CLAUSED:
            limit = level.next_keyword[after]         # what runs right after, in this clause
        if _chain(mask, end.op, level, after, limit):
            break
        if container is None:
            break
        group = parse.groups[container]
        if group.kind in ("for", "while", "until"):
            if group.kind != "for" and _in_condition(levels, group, seg):
                mask.condition = True
            _add(mask, "loop")
            mask.exit_preserved = False
            break
        if group.kind == "if" and _in_condition(levels, group, seg):
            mask.condition = True
            if not (element is seg and _branch_keeps_failure(levels, group, failing_branch)):
                _add(mask, "condition")
                mask.exit_preserved = False
                break
            # `if pytest; then echo ok; else echo FAIL; exit 1; fi`: a failure still fails the
            # group; what follows the group decides the rest
        if group.function is not None:
            _add(mask, "function")
            break
        element = group
        first = False

    launched = segment_launcher(seg)       # `pwsh -c '...'`, `python -c`, `find -exec` (catalog.launched)
    reason = launch_reason(launched, list(getattr(run, "words", None) or ()), seg.raw_words) if launched else ""
    if reason:
        _add(mask, reason)
        mask.exit_preserved = False
    if run is not None and getattr(run, "nested", False) and not (launched and launched[0] in SHELL_KINDS):
        _combine_nested(mask, parse, run)
    else:
        mask.read_back = _read_back(parse, index, mask)
    # a redirect whose file the line shows later (`pytest > out 2>&1; rc=$?; tail -60 out; exit $rc`)
    # hides nothing from the agent
    shown = "redirect:" + mask.read_back if mask.read_back else None
    mask.masked = not mask.exit_preserved or any(_masking(r) and r != shown for r in mask.reasons)
    return mask


def followers_of(parse, element):
    """Pipeline members after ``element`` (a Segment or a Group) at its own nesting level."""
    levels = _context(parse).levels
    pipeline = levels.level(levels.container(element)).pipes.get(element.pipeline, [])
    return pipeline[pipeline.index(element) + 1:] if element in pipeline else []


def masking_reasons(mask):
    """The reasons that actually mask (``devnull:stderr``, ``stderr:``, ``sigpipe:`` are notes)."""
    return [r for r in mask.reasons if _masking(r)]


_CACHE = [None]    # (parse, the shell's options, _Context) of the last line analysed, swapped as one object


def _context(parse, options=(shell_options.THIS_SHELL,)):
    """Per-parse tables shared by every run of one line (a line can hold hundreds of runs)."""
    entry = _CACHE[0]
    if entry is None or entry[0] is not parse or entry[1] != options:
        entry = (parse, options, _Context(parse, options))
        _CACHE[0] = entry
    return entry[2]


class _Context(object):
    def __init__(self, parse, options):
        self.levels = _Levels(parse)
        self.pipefail = shell_options.pipefail_states(parse, shell_options.set_option(options, "pipefail", None, False))
        self.errexit = shell_options.errexit_states(parse, shell_options.set_option(options, "errexit", "e", False),
                                                    options)
        self.hazards = shell_options.hazards(parse)


# --------------------------------------------------------------------------- helpers

def _add(mask, reason):
    if reason not in mask.reasons:
        mask.reasons.append(reason)


def _masking(reason):
    return reason not in NOT_MASKING and not reason.startswith(NOT_MASKING_PREFIXES)


def _quiet(run, seg):
    value = getattr(run, "quiet", None)
    if value is not None:
        return bool(value)
    words = seg.words
    name = command_name(seg)
    for i, word in enumerate(words[1:], 1):
        if word in QUIET_FLAGS:
            return True
        if word == "-s" and name in _SILENT_S:
            return True
        if word in ("--reporter", "-R") and i + 1 < len(words) and words[i + 1] in (
                "dot", "dots", "silent"):
            return True
    return False


def _redirects(mask, redirects):
    """Follow where fd 1 and fd 2 end up (order matters: `>x 2>&1` vs `2>&1 >x`)."""
    fds = {1: "out", 2: "err"}
    for r in redirects:
        op = r.op
        target = r.target
        if op in ("&>", "&>>") or (op == ">&" and r.fd is None and not _is_fd(target)):
            fds[1] = fds[2] = _file(target)
        elif op in (">", ">>", ">|"):
            fds[1 if r.fd is None else r.fd] = _file(target)
        elif op == ">&" and _is_fd(target):
            source = 1 if r.fd is None else r.fd
            fds[source] = None if target == "-" else fds.get(int(target), "file:&" + target)
    out, err = fds.get(1), fds.get(2)
    if out in ("out", "err"):
        if err == "null":
            _add(mask, "devnull:stderr")
        elif err is not None and err.startswith("file:"):
            _add(mask, "stderr:" + err[5:])
        return
    mask.output_visible = False
    if out == "null":
        _add(mask, "devnull:both" if err == "null" else "devnull:stdout")
    elif out is None:
        _add(mask, "closed:stdout")
    else:
        _add(mask, "redirect:" + out[5:])


def _is_fd(target):
    return target == "-" or (target.isdigit() and len(target) < 4)


def _file(target):
    return "null" if target == "/dev/null" else "file:" + target


def _pipe_member(mask, member, pipefail):
    """One pipeline member after the run: it replaces the exit status unless pipefail is on (or
    the line gives the run's status back, ``_restores_status``)."""
    if not hasattr(member, "words"):     # a group: `pytest | { grep x; }`
        name = "group"
        words = []
    else:
        name = command_name(member) or "?"
        words = member.words
    args = pipe_filters.args_after(words, name)
    if pipefail and (name in PASS_THROUGH or name in FORMATTERS
                          or (name in TAIL_LIKE and pipe_filters.keeps_summary(args, SHORT_TAIL))
                          or (name in GREP_LIKE and pipe_filters.drops_only_noise(args))):
        # `set -o pipefail; pytest | tee log` shows every line, `| tail -40` the end the
        # summary is in; the exit is kept: nothing hidden (the spec: "tail keeps the summary")
        if name in TAIL_LIKE:
            mask.tail = pipe_filters.line_count(args)
        return
    _add(mask, "pipe:" + name)
    if not pipefail:
        mask.exit_preserved = False
    if name in TAIL_LIKE:
        mask.tail = pipe_filters.line_count(args)
        mask.count_only = False
    elif name in HEAD_LIKE:
        mask.head = pipe_filters.line_count(args)
        mask.output_visible = False
        mask.count_only = False
        _early_exit(mask, name, pipefail)
    elif name in GREP_LIKE:
        _grep(mask, name, args, pipefail)
    elif name in FILTERS:
        mask.output_visible = False
        mask.filtered = True
        mask.count_only = name == "wc"
    elif name in PASS_THROUGH or name in FORMATTERS:
        pass
    else:
        mask.output_visible = False
        mask.count_only = False


def _early_exit(mask, name, pipefail):
    """With pipefail, a reader that stops early can kill the run with SIGPIPE (exit 141)."""
    mask.sigpipe = True
    if pipefail:
        _add(mask, "sigpipe:" + name)
        mask.exit_preserved = False


def tail_count(segment):
    """Lines a `tail` segment shows (None for `-n +K` or byte counts)."""
    return pipe_filters.line_count(pipe_filters.args_after(segment.words, "tail"))


_GREP_VALUE_FLAGS = frozenset(("-A", "-B", "-C", "-m", "--max-count", "-f", "--file", "-g",
                               "--glob", "-t", "--type", "-T", "--type-not", "--color",
                               "--colour", "-d", "--directories", "-D", "--devices",
                               "--include", "--exclude", "--label"))


def _grep(mask, name, args, pipefail):
    mask.output_visible = False
    mask.filtered = True
    patterns = []
    inverted = count = quiet = early = False
    positional = []
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            positional.extend(args[i + 1:])
            break
        if word in ("-e", "--regexp") and i + 1 < len(args):
            patterns.append(args[i + 1])
            i += 2
            continue
        if word.startswith("--regexp="):
            patterns.append(word.split("=", 1)[1])
        elif word in _GREP_VALUE_FLAGS:
            if word in ("-m", "--max-count"):
                early = True
            i += 2
            continue
        elif word.startswith("--"):
            inverted = inverted or word == "--invert-match"
            count = count or word == "--count"
            quiet = quiet or word in ("--quiet", "--silent", "--files-with-matches")
            early = early or word.startswith("--max-count=")
        elif word.startswith("-") and len(word) > 1:
            flags = word[1:]
            if "e" in flags and flags.endswith("e") and i + 1 < len(args):
                patterns.append(args[i + 1])
                i += 1
            inverted = inverted or "v" in flags
            count = count or "c" in flags
            quiet = quiet or "q" in flags or "l" in flags
            early = early or "m" in flags
        else:
            positional.append(word)
        i += 1
    if not patterns and positional:
        patterns.append(positional[0])
    for pattern in patterns:
        mask.patterns.append("!" + pattern if inverted else pattern)
    mask.count_only = count
    if quiet or early:
        _early_exit(mask, name, pipefail)


def _chain(mask, op, level, start, limit):
    """What follows the run's pipeline (``level.items[start:limit]``); True when the analysis
    is settled at this level. Every scan is a look-up in ``level``'s tables, so a line with a
    thousand runs costs a thousand look-ups, not a million steps."""
    if op is None:
        return False
    if op == "&&":
        # `a && b || c`: the first operator after the && chain (its pipelines included) decides
        stop = level.chain_end[start]
        if stop >= limit:
            return False
        return _chain(mask, level.items[stop].op, level, stop + 1, limit)
    if op == "||":
        # only the `||` branch itself can keep a failure failing (`|| exit 1`, `|| false`,
        # `|| exit $?`); `|| exit 0`, `|| true` turn it into a success
        stop = level.branch_end[start]
        if stop < limit:
            fails = start < limit and level.branch_fails[start]
        else:
            fails = _keeps_failure(level.items[start:limit], level.children)
        if not fails:
            _add(mask, "or-chain")
            mask.exit_preserved = False
        return True
    if op in (";;", ";&", ";;&"):
        return False
    if op in (";", "\n"):
        if level.next_meaningful[start] >= limit:
            return False
        if level.next_exit[start] < limit:
            return True
        _add(mask, "semicolon")
        mask.exit_preserved = False
        return True
    return False


def _errexit_ends(parse, levels, seg, pipefail):
    """With errexit on, True when a failure of ``seg`` ends the line with its status: at every
    level up to the line's own, what holds it ends its ``&&``/``||`` list (`a && pytest; b`, not
    `pytest && a; b`) as a pipeline of one (the run's own may pipe on under pipefail), and is
    neither negated, nor a condition, nor a function's body."""
    element = seg
    while True:
        container = levels.container(element)
        level = levels.level(container)
        pipeline = level.pipes[element.pipeline]
        if element.negated or pipeline[-1].op not in (";", "\n", None) or (
                len(pipeline) > 1 and not (element is seg and pipefail)):
            return False
        if container is None:
            return True
        group = element = parse.groups[container]
        if group.function is not None or (
                group.kind in ("if", "while", "until") and _in_condition(levels, group, seg)):
            return False


def _waited_for(items, start):
    """The position of a ``wait $!`` (or ``pid=$!; wait $pid``) at ``items[start]``, right after a
    run sent to the background, else None: ``wait`` then returns the run's status."""
    ids = ["$!", "${!}"]
    words = _words(items[start]) if start < len(items) else None
    if words == [] and items[start].op in (";", "\n", "&&"):
        names = [a.split("=", 1)[0] for a in items[start].assignments if a.split("=", 1)[1] in ids]
        ids = ["$" + n for n in names] + ["${%s}" % n for n in names]
        start += 1
        words = _words(items[start]) if names and start < len(items) else None
    if words and len(words) == 2 and words[0] == "wait" and words[1] in ids:
        return start
    return None


def _words(element):
    return getattr(element, "words", None)


def _keeps_failure(elements, children):
    """An `||` branch keeps the run failing only when it exits or returns non-zero (a literal
    other than 0, ``$?`` or another status it carries), or runs ``false`` / ``kill``. A group
    (``{ echo failed; exit 1; }``, a subshell, an ``if``) keeps it when something inside does:
    ``|| { echo "clippy failed"; }`` ends in the echo's success. ``children(index)``: a group's
    elements."""
    for element in elements:
        words = _words(element)
        if words is None:
            if _keeps_failure(children(element.index), children):
                return True
            continue
        if not words or words[0] not in _FAIL_WORDS:
            continue
        if words[0] in _EXIT_WORDS and len(words) > 1 and words[1].isdigit() and int(words[1]) % 256 == 0:
            continue          # `|| exit 0`: the failure becomes a success
        return True
    return False


_STATUS_TESTS = {"test": None, "[": "]", "[[": "]]"}


def _restores_status(levels, level, end, after, position):
    """Whether the element right after the run's pipeline (ending in ``end``, the run at
    ``position`` in it) is the line's last command and ends it with the run's own status:
    ``exit ${PIPESTATUS[0]}``, ``(exit ${PIPESTATUS[0]})``, ``test ${PIPESTATUS[0]} -eq 0``
    (``[ ... ]``, ``[[ ... ]]``, ``=``/``==``). Any command in between resets ``PIPESTATUS``."""
    if end.op not in (";", "\n") or after >= len(level.items) or level.next_meaningful[after + 1] < len(level.items):
        return False
    element = level.items[after]
    words = _words(element)
    if words is None and element.kind == "subshell" and not element.negated:
        children = levels.items(element.index)
        words = _words(children[0]) if len(children) == 1 else None
        words = words if words and words[0] == "exit" else None
    if not words or getattr(element, "negated", False):
        return False
    ours = ("${PIPESTATUS[%d]}" % position,) + (("$PIPESTATUS",) if position == 0 else ())
    if words[0] == "exit":
        return len(words) == 2 and words[1] in ours
    if words[0] not in _STATUS_TESTS:
        return False
    closing = _STATUS_TESTS[words[0]]
    test = words[1:-1] if closing else words[1:]
    if closing and words[-1] != closing or len(test) != 3 or test[1] not in ("-eq", "=", "=="):
        return False
    return (test[0] in ours and test[2] == "0") or (test[2] in ours and test[0] == "0")


def _keeps_status(element):
    """`pytest; exit $?` or `pytest; rc=$?; ...; exit $rc` keep the run's status."""
    words = _words(element)
    return bool(words and words[0] in _EXIT_WORDS and len(words) > 1 and "$" in words[1])


# --------------------------------------------------------------------------- read-backs

_READERS = frozenset(("cat", "tail", "less", "more", "bat"))


def _read_back(parse, index, mask):
    """The file the run's stdout was redirected to when a later ``cat``/``tail``/``less``
    shows it (``pytest > out.txt 2>&1; tail -30 out.txt``), else None."""
    target = next((r[len("redirect:"):] for r in mask.reasons if r.startswith("redirect:")), None)
    if not target:
        return None
    wanted = target[2:] if target.startswith("./") else target
    for seg in parse.segments[index + 1:]:
        if command_name(seg) not in _READERS:
            continue
        for word in seg.words[1:]:
            if (word[2:] if word.startswith("./") else word) == wanted:
                return target if _runs_after_a_failure(parse.segments, index, seg.index) else None
    return None


def _runs_after_a_failure(segments, index, reader):
    """Whether segment ``reader`` still runs when the run at ``index`` fails (the commands between
    taken to succeed): ``pytest > out; cat out`` shows the failure, ``pytest > out && cat out``
    shows nothing then. Inside groups the answer is yes, as before (not followed)."""
    failed = True
    for seg in segments[index:reader]:
        if seg.groups or segments[seg.index + 1].groups:
            return True
        op = seg.op
        if op in ("|", "|&"):
            continue
        runs_next = not failed if op == "&&" else (failed if op == "||" else True)
        if seg.index + 1 == reader:
            return runs_next
        if runs_next:
            failed = False
    return True


def _branch_keeps_failure(levels, group, keyword):
    """True when the branch of an if group that the run's failure takes (``else``, or ``then``
    after a negated condition) exits or returns non-zero, or runs ``false``/``kill``
    (``_keeps_failure``); no such branch or an ``elif``: False."""
    branch = None
    for child in levels.items(group.index):
        if "elif" in child.keywords:
            return False
        if keyword in child.keywords:
            branch = []
        elif branch is not None and child.keywords:
            break                   # `then ... else`: the branch ends where the next begins
        if branch is not None:
            branch.append(child)
    return bool(branch) and _keeps_failure(branch, levels.items)


def _sole_condition(levels, seg):
    """True when ``seg`` alone is the condition of the ``if`` it sits in (`if ! pytest; then`)."""
    if seg.group is None or "if" not in seg.keywords or seg.op not in (";", "\n"):
        return False
    children = levels.items(seg.group)
    position = children.index(seg) if seg in children else -1
    return position == 0 and len(children) > 1 and "then" in children[1].keywords


def _in_condition(levels, group, seg):
    """True when ``seg`` sits in the condition part of an if/while/until group."""
    keyword = None
    for child in levels.items(group.index):
        if child.keywords:
            keyword = child.keywords[-1]
        if child is seg or (hasattr(child, "kind") and child.index in seg.groups):
            return keyword in ("if", "elif", "while", "until")
    return False


def nested_script(parse, run):
    """For a run inside `bash -c '...'`, `eval "..."` or `bash <<EOF`: (index of the script word,
    None when there is none or more than one segment could be the run, inner Parse, inner Segment
    of the run), or None when the script, as the inner shell gets it, or the run cannot be found."""
    found = _nested(parse, run)
    return found and ((found[0] if len(found[2]) == 1 else None), found[1], found[2][0])


_SCRIPT = [None]     # (script, its Parse) of the last nested script read


def _nested(parse, run):
    """(script word index, inner Parse, [every inner segment that may be the run or hold it])."""
    from stalegreen.engine import shell

    index = getattr(run, "segment_index", None)
    found = segment_script(parse.segments[index]) if isinstance(index, int) and 0 <= index < len(parse.segments) else None
    runner_words = getattr(run, "words", None) or []
    if found is None or not found[2] or not runner_words:
        return None
    if _SCRIPT[0] is None or _SCRIPT[0][0] != found[1]:    # the runs of one script share its parse
        _SCRIPT[0] = (found[1], shell.parse(found[1]))
    inner = _SCRIPT[0][1]
    program, n = runner_words[0].rsplit("/", 1)[-1], len(runner_words)
    # the segments holding the run's own words (`npm run lint; npm test`: the second npm) and the
    # shells whose script may (`bash -c "bash -c 'pytest'"`)
    own = [c for c in inner.segments if any(c.words[i:i + n] == runner_words for i in range(len(c.words)))]
    targets = own + [c for c in inner.segments if c not in own and runner_words[0] in (segment_script(c) or (None, ""))[1]]
    targets = targets or [c for c in inner.segments if command_name(c) == program] or [
        c for c in inner.segments if runner_words[0] in c.words]
    return (found[0], inner, targets) if targets and inner.confident and len(targets) <= 16 else None


def inner_mask(parse, run):
    """For a run inside `bash -c '...'` or `bash <<EOF`: the masking of the inner script alone
    (down to the shell that runs it: `bash -c "bash -c '...'"`; of the segment that may be the
    run and loses most), or None."""
    found = _nested(parse, run)
    if found is None:
        return None
    # `bash -o pipefail -c '...'`, `bash -euo pipefail <<EOF`: the script starts with these on
    options = script_options(parse.segments[run.segment_index])
    options = (shell_options.THIS_SHELL,) if options is None else options
    masks = []
    for target in found[2]:
        deeper = segment_script(target) is not None and target.words[:len(run.words)] != list(run.words)
        masks.append(analyze(found[1], Run(segment_index=target.index, quiet=getattr(run, "quiet", None),
                                           nested=deeper, words=run.words if deeper else ()), options))
    return ([m for m in masks if m.masked] or masks)[0]


def nested_probe(inner, target, run):
    """A run object for ``target`` inside an inner script, for rewriting it there."""
    return Run(segment_index=target.index, quiet=getattr(run, "quiet", None), words=getattr(run, "words", None))


def _combine_nested(mask, parse, run):
    """`bash -c 'pytest | tail'`: the inner script's masking counts too."""
    inner_mask_ = mask.inner = inner_mask(parse, run)
    if inner_mask_ is None:
        if segment_script(parse.segments[run.segment_index]) is not None:
            _add(mask, "nested:unread")     # a script it cannot read, or the outer shell rewrites
            mask.exit_preserved = False
        return
    for reason in inner_mask_.reasons:
        _add(mask, reason)
    mask.exit_preserved = mask.exit_preserved and inner_mask_.exit_preserved
    mask.output_visible = mask.output_visible and inner_mask_.output_visible
    mask.tail = inner_mask_.tail if inner_mask_.tail is not None else mask.tail
    mask.head = inner_mask_.head if inner_mask_.head is not None else mask.head
    mask.filtered = mask.filtered or inner_mask_.filtered
    mask.patterns = inner_mask_.patterns + mask.patterns
    mask.count_only = mask.count_only or inner_mask_.count_only
    mask.pipefail = inner_mask_.pipefail
    mask.sigpipe = mask.sigpipe or inner_mask_.sigpipe
    mask.background = mask.background or inner_mask_.background


class _Levels(object):
    """Segments and groups by the group that directly contains them, in source order."""

    def __init__(self, parse):
        self.by_container = {}
        self.levels = {}
        for seg in parse.segments:
            self.by_container.setdefault(seg.group, []).append(seg)
        for group in parse.groups:
            self.by_container.setdefault(group.parent, []).append(group)
        for items in self.by_container.values():
            items.sort(key=lambda e: e.start)

    @staticmethod
    def container(element):
        if hasattr(element, "kind"):
            return element.parent
        return element.group

    def items(self, container):
        return self.by_container.get(container, [])

    def level(self, container):
        """The ``_Level`` tables of one container, built on first use."""
        tables = self.levels.get(container)
        if tables is None:
            tables = self.levels[container] = _Level(self.items(container), self.items)
        return tables


_CONNECTORS = ("&&", "||", "|", "|&")


class _Level(object):
    """One nesting level's elements in source order, and per position what a run's analysis
    would otherwise find by scanning everything after it (built in one backward pass).

    ``chain_end[i]``: first position >= i whose operator is not ``|``/``|&``/``&&`` (where an
    ``&&`` chain stops); ``branch_end[i]``: the same without ``||`` (the end of a ``||`` branch);
    ``branch_fails[i]``: whether positions i..branch_end[i] keep a failure failing (``_keeps_failure``);
    ``next_meaningful``, ``next_exit``, ``next_keyword``: first position >= i holding words, an
    ``exit $...``, a clause keyword. ``len(items)`` means none."""

    def __init__(self, items, children):
        self.items = items
        self.children = children
        self.position = dict((id(e), i) for i, e in enumerate(items))
        self.pipes = {}
        for element in items:
            self.pipes.setdefault(element.pipeline, []).append(element)
        count = len(items)
        self.chain_end = [count] * (count + 1)
        self.branch_end = [count] * (count + 1)
        self.branch_fails = [False] * (count + 1)
        self.next_meaningful = [count] * (count + 1)
        self.next_exit = [count] * (count + 1)
        self.next_keyword = [count] * (count + 1)
        for i in range(count - 1, -1, -1):
            element = items[i]
            op = element.op
            self.chain_end[i] = self.chain_end[i + 1] if op in ("|", "|&", "&&") else i
            self.branch_end[i] = self.branch_end[i + 1] if op in _CONNECTORS else i
            self.branch_fails[i] = _keeps_failure((element,), children) or (
                op in _CONNECTORS and self.branch_fails[i + 1])
            self.next_meaningful[i] = i if _words(element) != [] else self.next_meaningful[i + 1]
            self.next_exit[i] = i if _keeps_status(element) else self.next_exit[i + 1]
            self.next_keyword[i] = i if element.keywords else self.next_keyword[i + 1]
