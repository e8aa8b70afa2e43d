"""Unmask verification runs by rewriting the command before it runs.

Each actual run (with the filter pipes after it) becomes one subshell that sends the run's
full output to a log, writes its exit status to ``<log>.exit`` (the only thing the hook
trusts), shows the agent the last lines plus a ``[stalegreen] exit=N receipt=ID`` marker, and
ends with the run's own status, so ``&&``, ``||``, ``;`` and ``$?`` after it behave as before.
Everything else in the line is kept byte for byte. The wrapper is POSIX sh (bash, dash, zsh),
keeps its variables (prefix ``__sg_``) inside the subshell, and uses ``>|`` so ``noclobber``
cannot break it. What cannot be wrapped safely is left alone with a reason.
"""

import os

from stalegreen.engine import masking, pipe_filters, shell
from stalegreen.engine.catalog.wrappers import segment_launcher
from stalegreen.engine.prefilter import MARKER_TAG, WRAP_MARK

VAR_PREFIX = WRAP_MARK
MIN_AGENT_TAIL = 20
_MARKER_PATTERNS = []   # compiled when an output holds a marker (never on PreToolUse)

_TEE_APPEND = ("-a", "--append")
_TEE_HARMLESS = ("-i", "--ignore-interrupts", "-p")
_LOOPS = ("for", "while", "until")


def wrap(parse, runs, ids, log_paths, tail_lines=40, masks=None):
    """(rewritten command, None) or (None, reason the command is left alone).

    ``masks``: ``masking.analyze`` of each run when the caller already has them."""
    if not parse.confident:
        return None, "unreadable: %s" % (parse.reasons[0] if parse.reasons else "unknown")
    if not len(runs) == len(ids) == len(log_paths):
        return None, "missing-ids"
    chosen = []
    skipped = None
    for run, rid, log, mask in zip(runs, ids, log_paths, masks or [None] * len(runs)):
        not_run = run.not_run
        if not_run == "watch":
            return None, "watch"
        if not_run is not None or run.ignored:
            skipped = skipped or not_run or "ignored"
            continue
        chosen.append((run, rid, log, mask))
    if not chosen:
        return None, skipped or "no-runner"

    plans = []
    for run, rid, log, mask in chosen:
        plan, reason = _plan(parse, run, tail_lines, rid, log, mask)
        if reason:
            return None, reason
        plans.append((plan, rid, log))
    for folder in set(os.path.dirname(log) for _p, _r, log in plans):
        if folder and os.path.isdir(folder) and not os.access(folder, os.W_OK):
            return None, "log-unwritable"

    edits = set((p.start, p.end, p.text if isinstance(p, _Replacement) else _wrapper(p, rid, log))
                for p, rid, log in plans)
    edits.update((start, end, "") for p, _rid, _log in plans for start, end in p.drops)
    text = parse.text
    pieces, position = [], 0          # joined once: linear in the size of the line
    for start, end, replacement in sorted(edits):
        if start < position:
            return None, "overlapping-runs"
        pieces.append(text[position:start])
        pieces.append(replacement)
        position = end
    pieces.append(text[position:])
    return "".join(pieces), None


def _marker_patterns():
    """(marker line with its exit and id, the whole line with its newline) regexes."""
    if not _MARKER_PATTERNS:
        import re

        _MARKER_PATTERNS.extend((     # both or neither: a worker may be interrupted between two compiles
            re.compile(r"^\[stalegreen\] exit=(-?\d+) receipt=([A-Za-z0-9_.:-]+)[^\n]*$", re.M),
            re.compile(r"^\[stalegreen\] exit=-?\d+ receipt=([A-Za-z0-9_.:-]+)[^\n]*\n?", re.M)))
    return _MARKER_PATTERNS


def find_markers(output):
    """[(receipt_id, printed_exit)] for every marker line in ``output``, in order."""
    if not output or MARKER_TAG not in output:     # a substring test is far cheaper than the regex
        return []
    return [(m.group(2), int(m.group(1))) for m in _marker_patterns()[0].finditer(output)]


def strip_markers(output, keep_ids=()):
    """``output`` without marker lines (those of ``keep_ids`` stay)."""
    if not output or MARKER_TAG not in output:
        return output or ""
    keep = set(keep_ids)
    return _marker_patterns()[1].sub(lambda m: m.group(0) if m.group(1) in keep else "", output or "")


# --------------------------------------------------------------------------- planning

class _Replacement(object):
    """A finished edit (the re-quoted script of a nested shell)."""
    __slots__ = ("start", "end", "text", "drops")

    def __init__(self, start, end, text):
        self.start = start
        self.end = end
        self.text = text
        self.drops = []


class _Plan(object):
    __slots__ = ("start", "end", "head", "tail", "tees", "drops", "stages")

    def __init__(self, start, end, head, tail, tees, drops, stages=1):
        self.start = start
        self.end = end
        self.head = head
        self.tail = tail
        self.tees = tees            # [(append, raw target word)]
        self.drops = drops          # [(start, end)] filter pipes after enclosing groups
        self.stages = stages        # pipeline stages replaced (the run and its dropped filters)


def _plan(parse, run, tail_lines, rid=None, log=None, mask=None):
    """How to wrap one run, or the reason it cannot be wrapped."""
    index = run.segment_index
    if not isinstance(index, int) or not 0 <= index < len(parse.segments):
        return None, "no-runner"
    seg = parse.segments[index]
    if run.sudo:
        return None, "sudo"
    launcher = segment_launcher(seg)
    if launcher is not None and launcher != ("find", "+"):
        # `pwsh -c`, `cmd /c`: the launched line is no POSIX sh; `python -c`, `find -exec \;`: a
        # wrapper would record the launcher's status, not the run's (`find -exec {} +` fails
        # when a command does: its status is the run's)
        return None, "launched:%s" % launcher[0]
    mask = masking.analyze(parse, run) if mask is None else mask
    forced = [r for r in mask.reasons if r.startswith("exit-zero:")]
    if forced:
        return None, forced[0]      # the run itself exits 0 on findings: a wrapper records nothing more
    inner_line = None
    if run.nested:
        # `bash -c '...'` is wrapped whole when its own script keeps the run's exit status and
        # output (`bash -c 'cd x && pytest'`); otherwise, or when a pipe stage shapes the output
        # even without hiding the result (`set -o pipefail; pytest | tail -40`), the run is
        # wrapped inside the script.
        inner = mask.inner
        if inner is None:
            return None, "nested-shell"
        if inner.masked or not inner.exit_preserved or inner.followers:
            inner_line, reason = _rewrite_inside(parse, seg, run, tail_lines, rid, log, inner)
            if reason:
                return None, reason
    drops = []
    group_tail = None
    for g in seg.groups:
        group = parse.groups[g]
        if group.kind in _LOOPS:
            return None, "loop"
        if group.function is not None:
            return None, "function"
        if group.op == "&":
            return None, "background"
        reason = _redirect_refusal(group.redirects)
        if reason:
            return None, reason
        if group.op in ("|", "|&"):
            # `(cd web && npm test) 2>&1 | tail -20`: wrap inside, drop the group's filters
            followers = masking.followers_of(parse, group)
            if not followers or not all(pipe_filters.droppable(f) for f in followers):
                return None, "grouped-pipe"
            drops.append((group.end, followers[-1].end))
            for member in followers:
                if masking.command_name(member) == "tail":
                    group_tail = masking.tail_count(member)
    silenced = _output_to_devnull(seg.redirects, "devnull:report" in mask.reasons)
    reason = _redirect_refusal([r for r in seg.redirects if all(r is not d for d in silenced)])
    if reason:
        return None, reason
    if any(w.startswith(("<(", ">(")) for w in seg.raw_words):
        return None, "process-substitution"
    if not seg.words:
        return None, "no-runner"
    if seg.words[0] == "exec":
        return None, "exec"     # exec would replace the wrapper's shell before it records

    if mask.background:
        return None, "background"
    tees = []
    for member in mask.followers:
        if not hasattr(member, "words"):
            return None, "pipe:group"
        name = masking.command_name(member) or "?"
        if member.redirects:
            return None, "pipe-redirect:%s" % name
        if any(w.startswith(("<(", ">(")) for w in member.raw_words):
            return None, "process-substitution"
        if name == "tee":
            targets = _tee_targets(member)
            if targets is None:
                return None, "pipe:tee"
            tees.extend(targets)
        elif not pipe_filters.droppable(member):
            return None, "pipe:%s" % name
    if inner_line is not None:
        if mask.followers or drops:
            return None, "nested-shell"   # the marker must reach the agent unfiltered
        return inner_line, None
    end = mask.followers[-1].end if mask.followers else seg.end
    tail = tail_lines
    for agent_tail in (group_tail, mask.tail):
        if agent_tail is not None and agent_tail >= MIN_AGENT_TAIL:
            tail = agent_tail
    head = seg.text
    for r in sorted(silenced, key=lambda r: r.start, reverse=True):
        head = head[:r.start - seg.start].rstrip(" \t") + " " + head[r.end - seg.start:].lstrip(" \t")
    return _Plan(seg.start, end, head.strip(), max(1, int(tail)), tees, drops, 1 + len(mask.followers)), None


def _rewrite_inside(parse, seg, run, tail_lines, rid, log, inner_mask):
    """`bash -c 'pytest | tail -3'`: rewrite the script itself, re-quoted in place.

    Only a script written as one literal word ('...' or "..." without expansions) is
    touched, so the new quoting cannot change what the outer shell passes."""
    found = masking.nested_script(parse, run)
    if found is None or found[0] is None or rid is None:
        return None, "nested-shell"     # (a heredoc script is not rewritten in place)
    position, inner, target = found
    raw = seg.raw_words[position]
    literal = (len(raw) >= 2 and raw[0] == raw[-1] == "'" and "'" not in raw[1:-1]) or (
        len(raw) >= 2 and raw[0] == raw[-1] == '"' and not any(c in raw[1:-1] for c in '"$`\\!'))
    if not literal:
        return None, "nested-shell"
    probe = masking.nested_probe(inner, target, run)
    script, reason = wrap(inner, [probe], [rid], [log], tail_lines, [inner_mask])
    if reason:
        return None, "nested-shell:%s" % reason
    start, end = seg.word_spans[position]
    return _Replacement(start, end, shell.quote(script)), None


def _output_to_devnull(redirects, stderr_report=False):
    """The run's own redirects that throw its output away (``> /dev/null``, ``&> /dev/null``,
    and ``2> /dev/null`` of a runner that reports on stderr): the wrapper drops them and keeps the
    output in the log; writing nothing to /dev/null is no effect the rewritten line loses."""
    return [r for r in redirects if r.op in (">", ">>", ">|", "&>", "&>>", ">&") and r.target == "/dev/null"
            and (r.stdout or (stderr_report and r.fd == 2))]


def _redirect_refusal(redirects):
    for r in redirects:
        if r.op in ("<<", "<<-"):
            return "heredoc"
        if r.stdout and not (r.op == ">&" and r.target.isdigit() and r.target != "1"):
            return "redirect:%s" % r.target
    return None


def _tee_targets(member):
    """[(append, raw file word)] for `tee [-a] FILE...`, or None for flags we do not know."""
    words = member.words
    raw = member.raw_words
    start = next(i for i, w in enumerate(words) if w.rsplit("/", 1)[-1] == "tee") + 1
    append = False
    targets = []
    options = True
    for word, source in zip(words[start:], raw[start:]):
        if options and word == "--":
            options = False
        elif options and word in _TEE_APPEND:
            append = True
        elif options and word in _TEE_HARMLESS:
            continue
        elif options and word.startswith("-") and len(word) > 1:
            if set(word[1:]) <= set("aip"):
                append = append or "a" in word
            else:
                return None
        else:
            targets.append(source)
    return [(append, t) for t in targets]


def _wrapper(plan, rid, log):
    """One POSIX subshell: run, log, record the exit, show the tail and the marker, keep $?.

    Fidelity: no file descriptor is borrowed (the run inherits every fd the line had), only
    ``tail``/``wc`` (not awk) show the log, ``set -x`` traces the run but not the wrapper, and
    after a dropped pipe ``${PIPESTATUS[@]}`` (bash) still has one entry per stage, the run's
    status first. When the log cannot be created (a sandbox that only lets the agent write in
    its workspace), the run still happens, unfiltered and unrecorded: never a run that
    silently did not run."""
    if os.sep != "/":
        log = log.replace(os.sep, "/")   # Git Bash and MSYS shells take forward slashes
    log_var = '"$%slog"' % VAR_PREFIX
    rc_var = '"$%src"' % VAR_PREFIX
    folder = shell.quote(os.path.dirname(log) or ".")
    keep = "&& %src=0 || %src=$?" % (VAR_PREFIX, VAR_PREFIX)
    record = ["printf '%%s\\n' %s >| \"$%slog.exit\"" % (rc_var, VAR_PREFIX)]
    for append, target in plan.tees:
        record.append("cat %s %s %s" % (log_var, ">>" if append else ">|", target))
    record += [
        # the last lines, the last one ended even without a newline, then the marker
        "tail -n %d %s 2>/dev/null" % (plan.tail, log_var),
        "%send=$(tail -c 1 %s 2>/dev/null)" % (VAR_PREFIX, log_var),
        "%sn=$(wc -l < %s 2>/dev/null)" % (VAR_PREFIX, log_var),
        "if [ -n \"$%send\" ]; then echo; %sn=$((%sn+1)); fi" % (VAR_PREFIX, VAR_PREFIX, VAR_PREFIX),
        "printf '[stalegreen] exit=%%s receipt=%%s lines=%%s log=%%s\\n' %s %s $((%sn+0)) %s"
        % (rc_var, shell.quote(rid), VAR_PREFIX, log_var),
    ]
    parts = [
        # xtrace stays on for the run itself, off for the wrapper's own commands
        "{ %sx=$-; set +x; } 2>/dev/null" % VAR_PREFIX,
        "%slog=%s" % (VAR_PREFIX, shell.quote(log)),
        "[ -d %s ] || mkdir -p %s 2>/dev/null || :" % (folder, folder),
        # create the log and .exit private (0600) without changing the runner's umask
        "if ( umask 077; true >| %s && true >| \"$%slog.exit\" ) 2>/dev/null; then"
        " { case $%sx in *x*) set -x;; esac; { %s ; } >> %s 2>&1 %s; set +x; } 2>/dev/null;"
        " else %slog=; case $%sx in *x*) set -x;; esac; { %s ; } %s; { set +x; } 2>/dev/null; fi"
        % (log_var, VAR_PREFIX, VAR_PREFIX, plan.head, log_var, keep,
           VAR_PREFIX, VAR_PREFIX, plan.head, keep),
        "if [ -n %s ]; then %s; fi" % (log_var, "; ".join(record)),
        "(exit %s)" % rc_var,
    ]
    wrapped = "( " + "; ".join(parts) + " )"
    if plan.stages > 1:
        # bash keeps the PIPESTATUS of the last pipeline in a brace group: one entry per stage
        wrapped = "{ %s; %s; }" % (wrapped, " | ".join(["(exit $?)"] * plan.stages))
    return wrapped
