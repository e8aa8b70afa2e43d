"""Turn finished shell commands into receipts (and edit events).

A wrapped run is judged from its full log and the exit status its wrapper wrote to
``<log>.exit``; the printed ``[stalegreen] exit=`` line is only for the agent and is never
trusted (an agent could print one). An unwrapped run is judged from what the host showed and
the exit status the host reported, discounted by what its pipes and suffixes hid.
"""

import os

from stalegreen.engine.clock import now_iso
from stalegreen.engine.paths import real_file_path, real_path
from stalegreen.engine.records import Deferred, Edit, Receipt, Resolved
from stalegreen.engine.lazyregex import LazyRegex
from stalegreen.engine.store import bounded_command

_SCRIPT_ECHO = LazyRegex(r"(?m)^> (?![^\s@]+@\S+ )(.{1,120})$")
LOG_READ_LIMIT_FACTOR = 4
RECEIPTS_SEEN = 20        # the session's latest receipts (and edits) looked at for a fingerprint snapshot


class Fingerprints(object):
    """Fingerprints computed at most once per directory within one hook call; ``start`` starts
    git for one (``fingerprint.Background``) so it runs while the run's log is read and judged."""

    def __init__(self, event, config, session):
        self.event = event
        self.config = config
        self.session = session
        self.cache = {}
        self.started = {}

    def _where(self, cwd):
        from stalegreen.engine.fingerprint import project_root

        where = real_path(cwd) if cwd else self.event.cwd     # `cd <link>`: the real tree's fingerprint
        return where, project_root(where)

    def _arguments(self, where):
        from stalegreen.engine import fingerprint

        reference, edited = fingerprint.reference_for(self.session.read("receipts", last=RECEIPTS_SEEN), where,
                                                      self.session.read("edits", last=RECEIPTS_SEEN))
        return (where, self.config["fingerprintIgnore"], self.config["fingerprintBudgetMs"], reference, edited,
                fingerprint.store_of(self.session))

    def start(self, cwd):
        if self.event.replay:
            return
        from stalegreen.engine import fingerprint

        where, key = self._where(cwd)
        if key not in self.cache and key not in self.started:
            self.started[key] = fingerprint.Background(*self._arguments(where))

    def get(self, cwd):
        if self.event.replay:
            return {"available": False, "reason": "replay"}
        from stalegreen.engine import fingerprint

        where, key = self._where(cwd)
        if key not in self.cache:
            background = self.started.pop(key, None)
            self.cache[key] = background.result() if background else fingerprint.compute(*self._arguments(where))
        return self.cache[key]

    def finish(self):
        """Wait for every fingerprint started and not collected: no git child outlives the hook."""
        for key in list(self.started):
            self.started.pop(key).result()


def _pending_index(session):
    by_id, by_tool = {}, {}
    for record in session.read("pending"):
        rid = record.get("id")
        if rid:
            by_id[rid] = record
        tool = record.get("toolUseId")
        if tool:
            by_tool.setdefault(tool, []).append(record)
    return by_id, by_tool


def _receipted_ids(session):
    return set(r.get("id") for r in session.read("receipts"))


def _via(output, runner):
    """The tool a package script really ran (``> vitest run``), for the block message. Only
    package managers echo their script that way (pytest marks failing source lines with ``>``)."""
    from stalegreen.engine.catalog.table import PACKAGE_MANAGERS

    if not runner or runner.split()[0] not in PACKAGE_MANAGERS:
        return None
    match = _SCRIPT_ECHO.search(output or "")
    return match.group(1).strip() if match else None


def _redact(text, config):
    if not config.get("redact"):
        return text
    from stalegreen.engine import redaction

    return redaction.mask(text)


_READ = {}              # text -> its shell.parse: a line (or one of its segments) is read once
_READ_SIZE = [0]        # characters of the lines in _READ
READ_KEPT = 256         # lines remembered per process (a replay meets the same lines over and over)
READ_KEPT_CHARS = 2048  # longer lines are read each time
READ_KEPT_TOTAL = 32768  # characters remembered in all (a Parse takes ~50x its line: ~2 MB at most)


def read_line(text):
    """``shell.parse(text)``, remembered; callers only read the ``Parse``, never change it."""
    found = _READ.get(text)
    if found is None:
        from stalegreen.engine import shell

        found = shell.parse(text)
        if isinstance(text, str) and len(text) <= READ_KEPT_CHARS:
            if len(_READ) >= READ_KEPT or _READ_SIZE[0] + len(text) > READ_KEPT_TOTAL:
                _READ.clear()
                _READ_SIZE[0] = 0
            _READ[text] = found
            _READ_SIZE[0] += len(text)
    return found


def _detect(command, config, cwd):
    from stalegreen.engine import catalog, prefilter

    parse = read_line(command)
    if not prefilter.might_contain_runner(command, config):
        return parse, []
    found = catalog.find_runs(parse, config, cwd)
    if not config.get("extraRunners") and prefilter.might_edit(command):
        from stalegreen.engine import edits     # it reads this line for edits: the runs it skips are these

        edits.runs_known(parse, found)
    runs = [r for r in found if r.not_run is None and not r.ignored and config["categories"].get(r.category, True)]
    return parse, runs


_LOOPS = ("while", "until", "for")


def tree_change_after(parse, run, cwd, config):
    """The first part of the command line that changes the working tree after ``run`` ran
    (``git stash pop``, ``git checkout``, ``sed -i``), else None.

    The run is evidence for the tree it ran on; the fingerprint is taken when the whole line
    has finished, so a change later in the line (or anywhere in a loop around the run) would
    pass off the run as evidence for a tree it never saw. A change before the run is fine: the
    run saw it, and so does the fingerprint. Writers in the run's own pipeline (``| tee log``)
    are its output, not a change of the tree it ran on.
    """
    own = _segment_at(parse, run.segment_index)
    if own is None:
        return None
    in_loop = any(parse.groups[g].kind in _LOOPS for g in own.groups)
    for seg in _tree_changers(parse, cwd, config):
        if seg is own:
            later = run.nested    # `bash -c 'pytest; git stash pop'`
        else:
            later = (in_loop or seg.start >= own.end) and seg.pipeline != own.pipeline
        if later:
            return seg.text
    return None


def _changed_during_line(pending, parse, run, runs, fingerprint_now):
    """The part of the line after ``run`` that may have changed the tree unseen, when the tree
    the line ended on differs from the one it started on (engine/aftermath.py), else None."""
    start = (pending or {}).get("lineStart")
    if not start or run is None:
        return None
    from stalegreen.engine import aftermath, fingerprint

    later = aftermath.unread_after(parse, run, runs)
    if later and fingerprint.compare(start, fingerprint_now) == "different":
        return later
    return None


def _segment_at(parse, index):
    """The segment whose ``index`` is ``index`` (normally the one at that position)."""
    segments = parse.segments
    if isinstance(index, int) and 0 <= index < len(segments) and segments[index].index == index:
        return segments[index]
    return next((seg for seg in segments if seg.index == index), None)


_CHANGERS = [None, None, None]      # (parse, (cwd, root, ignore), segments): one line's answer, for all its runs


def _tree_changers(parse, cwd, config):
    """The segments of the line that write a file that counts (or move the tree with git), in
    source order; worked out once per line, so a line of n runs costs n segment reads, not n²."""
    from stalegreen.engine import fingerprint, prefilter

    # the project root is part of the answer (paths are read relative to it): a worker's next
    # event may run the same line after `git init`
    key = (cwd, fingerprint.find_root(cwd) if cwd else None, tuple(config["fingerprintIgnore"]))
    if _CHANGERS[0] is parse and _CHANGERS[1] == key:
        return _CHANGERS[2]
    found = []
    if not prefilter.might_edit(parse.text):     # the edit reader would find nothing in any segment
        _CHANGERS[:] = [parse, key, found]
        return found
    from stalegreen.engine import edits

    for seg in parse.segments:
        for kind, path in edits.from_shell(read_line(seg.text)):
            if path is None or kind.startswith("git ") \
                    or edits.is_relevant(_absolute(path, cwd), cwd, config["fingerprintIgnore"]):
                found.append(seg)
                break
    _CHANGERS[:] = [parse, key, found]
    return found


def _absolute(path, cwd):
    if cwd and not path.startswith(("/", "~")):
        return os.path.normpath(os.path.join(cwd, path))
    return path


def _append_receipt(session, receipt, known_ids):
    if receipt.id in known_ids:
        return False
    known_ids.add(receipt.id)
    session.append("receipts", receipt.as_json())
    return True


def _part_receipts(receipt, run, text):
    """One receipt per further category a command runs (``tox -e lint,type``, ``make lint test``:
    ``Run.also``), sharing the run's output and log. Each part is judged from that output's own
    summaries: a zero exit says every part passed; a failing exit does not say which part failed,
    so it is not passed on (a part whose output shows nothing is then no pass)."""
    from stalegreen.engine import outputs

    parts = []
    for category in (run.also if run else ()) or ():
        result = outputs.judge(category, text, receipt.exit if receipt.exit == 0 else None,
                               interrupted=receipt.interrupted, runner=receipt.runner)
        fields = receipt.as_json()
        fields.update(id="%s-%s" % (receipt.id, category), category=category, verdict=result["verdict"],
                      counts=result["counts"], signal=result["signal"])
        parts.append(Receipt(**fields))
    return parts


def _wrapped_receipt(event, config, session, pending, exit_code, fingerprints, ts=None, background=False,
                     parts=None):
    """Receipt for a run whose wrapper wrote a log and an exit file (``parts``, when a list, gets
    the receipts of the further categories the run's command runs)."""
    from stalegreen.engine import outputs

    rid = pending["id"]
    log = session.log_path(rid)   # the store's own path, whatever the pending record says
    session.cap_log(rid, config["maxLogBytes"])
    text = session.read_log(rid, config["maxLogBytes"] * LOG_READ_LIMIT_FACTOR) or ""
    parse, runs = _detect(pending.get("segment") or pending["command"], config, pending.get("cwd") or event.cwd)
    run = runs[0] if runs else None
    line, line_runs = _detect(pending["command"], config, pending.get("cwd") or event.cwd)
    line_run = next((r for r in line_runs if r.text == pending.get("segment")), line_runs[0] if line_runs else None)
    changed = tree_change_after(line, line_run, pending.get("cwd") or event.cwd, config) if line_run else None
    fingerprint_now = {"available": False, "reason": "background"} if background \
        else fingerprints.get(pending.get("cwd"))
    changed = changed or _changed_during_line(pending, line, line_run, line_runs, fingerprint_now)
    result = outputs.judge(pending["category"], text, exit_code, interrupted=exit_code in outputs.INTERRUPTED_EXITS,
                           runner=pending.get("runner"), extra=run.extra if run else None)
    # the segment as it parses now, else as the pending record has it
    ran = run.text if run else pending.get("segment") or pending.get("command", "")
    receipt = Receipt(
        id=rid, ts=ts or event.ts or now_iso(), harness=event.host, session=session.root, agent=event.agent,
        cwd=pending.get("cwd") or event.cwd, cmd=ran, source=bounded_command(pending["command"]),
        runner=pending.get("runner"), category=pending["category"], scope=pending.get("scope", "all"),
        quiet=bool(run and run.quiet), toolUseId=event.tool_use_id, via=_via(text, pending.get("runner")),
        exit=exit_code, verdict=result["verdict"], counts=result["counts"], signal=result["signal"], wrapped=True,
        background=background, interrupted=exit_code in outputs.INTERRUPTED_EXITS,
        fingerprint=fingerprint_now,
        log=log, treeChanged=changed, rerun=core_rerun(line, line_run) if line_run else None,
    )
    if parts is not None:
        parts.extend(_part_receipts(receipt, run, text))
    if config.get("redact"):
        session.write_log(rid, _redact(text, config), config["maxLogBytes"])
    return receipt


def _attribute_exits(event, runs, masks, texts):
    """Per run: the exit status the host's report tells us about it (None when hidden).
    ``texts``: the part of the output each run printed."""
    from stalegreen.engine import outputs

    host_exit = event.exit_code
    exits = [None] * len(runs)
    preserved = [i for i, m in enumerate(masks) if m.exit_preserved and not m.background]
    if host_exit is None and not event.failed_without_number:
        return exits, [False] * len(runs)
    failed_wo = [False] * len(runs)
    if host_exit == 0:
        for i in preserved:
            exits[i] = 0
        return exits, failed_wo
    if not preserved:
        return exits, failed_wo
    if len(runs) == 1:
        target = preserved[0]
    else:
        failing = [i for i in preserved
                   if outputs.judge(runs[i].category, texts[i], None)["verdict"] == "fail"]
        target = failing[0] if failing else preserved[-1]
        for i in preserved:
            if i != target and i < target:
                exits[i] = 0   # an && chain only reaches the failing run after earlier ones passed
    if host_exit is None:
        failed_wo[target] = True
    else:
        exits[target] = host_exit
    return exits, failed_wo


def _unwrapped_receipts(event, config, session, command, pend_records, known_ids, fingerprints, output):
    from stalegreen.engine import attribution, masking, outputs, unwrapped

    parse, runs = _detect(command, config, event.cwd)
    if not runs:
        return parse
    masks = [masking.analyze(parse, run) for run in runs]
    texts = attribution.split(parse, runs, output)
    exits, failed_wo = _attribute_exits(event, runs, masks, texts)
    ts = event.ts or now_iso()
    unused_pending = [p for p in pend_records if p.get("id") not in known_ids]
    judged = {}
    for index, (run, mask) in enumerate(zip(runs, masks)):
        # A run the line sends to the background (`pytest > out.log 2>&1 &`) is recorded as
        # the others are: its status is never known (masked, ``background``), and its output
        # decides only when the line waited for its summary. Left out, a failing run so
        # hidden would leave no trace at all.
        echoed = unwrapped.echoed_exit(mask, output) if exits[index] is None else None
        if echoed is not None:      # the agent printed the status itself: `pytest; echo "exit=$?"`
            exits[index], failed_wo[index] = echoed, False
        visible, filtered = unwrapped.visibility(mask, texts[index])
        # Runs with no anchor of their own share one text: judge it once per way of judging,
        # so a line of a thousand runs does not read its whole output a thousand times.
        key = (id(texts[index]), run.category, run.runner, exits[index], failed_wo[index], visible, filtered,
               id(run.extra))
        if key not in judged:
            judged[key] = outputs.judge(run.category, texts[index], exits[index],
                                        failed_without_number=failed_wo[index],
                                        interrupted=event.interrupted or exits[index] in outputs.INTERRUPTED_EXITS,
                                        visible=visible, filtered=filtered, runner=run.runner, extra=run.extra)
        result = dict(judged[key])
        if echoed is not None:
            result["signal"] += "+exit-from-echo"
        elif result["verdict"] == "inconclusive" and exits[index] is None and not event.interrupted:
            searched = outputs.search_verdict(run.category, texts[index], mask.patterns, mask.count_only,
                                              mask.head, filtered)
            if searched is not None:
                result["verdict"], result["signal"] = searched
        masked, reasons = unwrapped.receipt_masking(mask, exit_echoed=echoed is not None)
        pending = unused_pending[index] if index < len(unused_pending) else None
        rid = pending["id"] if pending else session.next_id()
        receipt = Receipt(
            id=rid, ts=ts, harness=event.host, session=session.root, agent=event.agent, cwd=run.cwd or event.cwd,
            cmd=run.text, source=bounded_command(command), runner=run.runner, category=run.category,
            scope=run.scope, quiet=bool(run.quiet), toolUseId=event.tool_use_id, via=_via(texts[index], run.runner),
            exit=exits[index], verdict=result["verdict"], counts=result["counts"], signal=result["signal"],
            masked=masked, maskReason=",".join(reasons) or None,
            unwrapped=pending.get("unwrapped") if pending else None, interrupted=bool(event.interrupted),
            fingerprint=fingerprints.get(run.cwd),
            treeChanged=tree_change_after(parse, run, run.cwd or event.cwd, config)
            or _changed_during_line(pending, parse, run, runs, fingerprints.get(run.cwd)), rerun=core_rerun(parse, run),
        )
        for record in [receipt] + _part_receipts(receipt, run, texts[index]):
            if _append_receipt(session, record, known_ids):     # the log beside it (the receipt names none)
                session.write_log(record.id, _redact(output, config), config["maxLogBytes"])
    return parse


def _record_shell_edits(event, parse, output, session):
    from stalegreen.engine import prefilter

    ts = event.ts or now_iso()
    seen = set()
    found_edits = ()
    if prefilter.might_edit(parse.text):    # else the edit reader (and its tables) finds nothing
        from stalegreen.engine import edits

        found_edits = edits.from_shell(parse, output)
    for kind, path in found_edits:
        if path and event.cwd and not path.startswith(("/", "~")):
            path = os.path.normpath(os.path.join(event.cwd, path))
        path = real_file_path(path)
        key = (kind, path)
        if key in seen:
            continue
        seen.add(key)
        session.append("edits", Edit(ts=ts, path=path, kind=kind, agent=event.agent).as_json())
    from stalegreen.engine import tamper

    found = tamper.from_shell(parse, event.cwd, output)
    if not event.replay and prefilter.might_move_tree(parse.text):
        named = set(item.get("path") for item in found)
        found += [item for item in tamper.tree_moved(session, event, parse) if item["path"] not in named]
    tamper.record(session, event, found)


def record_shell_result(event, config, session):
    """PostToolUse (and friends): receipts for the runs in the command, edits it made."""
    from stalegreen.engine.prefilter import MARKER_TAG

    output = event.output or ""
    by_id, by_tool = _pending_index(session)
    fingerprints = Fingerprints(event, config, session)
    pend_records = by_tool.get(event.tool_use_id, []) if event.tool_use_id else []
    try:
        if MARKER_TAG in output and pend_records and not event.background:
            # a wrapped run's own report: its receipt needs the tree's fingerprint, and git can
            # run while the rest of this event loads
            fingerprints.start(pend_records[0].get("cwd"))
        _record_shell_result(event, config, session, output, by_id, pend_records, fingerprints)
    finally:
        fingerprints.finish()


def _record_shell_result(event, config, session, output, by_id, pend_records, fingerprints):
    from stalegreen.engine import rewrite

    known_ids = _receipted_ids(session)
    original = pend_records[0]["command"] if pend_records else event.command

    trusted = []
    if rewrite.MARKER_TAG in output:
        from stalegreen.engine import regexcache

        regexcache.warm(readers=("outputs",))   # the marker's and the output judge's, compiled at install
    for rid, _printed in rewrite.find_markers(output):
        pending = by_id.get(rid)
        if pending is None or rid in known_ids or any(rid == t[0]["id"] for t in trusted):
            continue
        exit_code = session.read_exit(rid)
        if exit_code is not None:
            trusted.append((pending, exit_code))
    clean_output = rewrite.strip_markers(output)

    if event.background and not trusted:
        _defer(event, session, pend_records, original)
        parse = read_line(original)
    elif trusted:
        for pending, _exit_code in trusted:
            fingerprints.start(pending.get("cwd"))
        for pending, exit_code in trusted:
            parts = []
            _append_receipt(session, _wrapped_receipt(event, config, session, pending, exit_code,
                                                      fingerprints, parts=parts), known_ids)
            for part in parts:
                _append_receipt(session, part, known_ids)
        parse = read_line(original)
    else:
        if not pend_records and core_wrapped(original):
            return   # a wrapped command whose exit file is missing: nothing trustworthy to record
        parse = _unwrapped_receipts(event, config, session, original, pend_records, known_ids,
                                    fingerprints, clean_output)
    _record_shell_edits(event, parse, clean_output, session)


def core_rerun(parse, run):
    from stalegreen.engine.rerun import rerun_text

    return rerun_text(parse, run)


def core_wrapped(command):
    from stalegreen.engine.prefilter import WRAP_MARK

    return WRAP_MARK in (command or "")


# ---------------------------------------------------------------- background runs

def _defer(event, session, pend_records, command):
    ts = event.ts or now_iso()
    if not pend_records:
        from stalegreen.engine.config import DEFAULTS

        parse, runs = _detect(command, DEFAULTS, event.cwd)
        pend_records = [{"id": session.next_id(), "runner": r.runner, "category": r.category,
                         "segment": r.text, "cwd": r.cwd or event.cwd} for r in runs]
    for pending in pend_records:
        session.append("deferred", Deferred(
            id=pending["id"], ts=pending.get("ts") or ts, category=pending.get("category"),
            runner=pending.get("runner"), cmd=pending.get("segment") or command,
            command=bounded_command(command), cwd=pending.get("cwd") or event.cwd,
            backgroundId=event.background_id, toolUseId=event.tool_use_id,
        ).as_json())


def _open_deferred(session):
    """Deferred runs without a resolution line, oldest first."""
    records = session.read("deferred")
    resolved = set(r["id"] for r in records if r.get("resolved"))
    return [r for r in records if not r.get("resolved") and r.get("id") not in resolved]


class _Resolving(object):
    """What resolving background runs reads from the store, read once per event however many
    runs it resolves (``known_ids`` grows as receipts are added)."""

    def __init__(self, event, config, session):
        self.by_id = _pending_index(session)[0]
        self.known_ids = _receipted_ids(session)
        self.fingerprints = Fingerprints(event, config, session)


def _resolve(event, config, session, deferred, exit_code, output, reads, failed_without_number=False):
    from stalegreen.engine import outputs

    known_ids, fingerprints = reads.known_ids, reads.fingerprints
    pending = reads.by_id.get(deferred["id"])
    file_exit = session.read_exit(deferred["id"])
    if pending is not None and pending.get("log") and file_exit is not None:
        receipt = _wrapped_receipt(event, config, session, pending, file_exit, fingerprints,
                                   ts=deferred.get("ts"), background=True)
    else:
        text = output or ""
        result = outputs.judge(deferred.get("category") or "test", text, exit_code,
                               failed_without_number=failed_without_number,
                               interrupted=exit_code in outputs.INTERRUPTED_EXITS, runner=deferred.get("runner"))
        receipt = Receipt(
            id=deferred["id"], ts=deferred.get("ts") or now_iso(), harness=event.host, session=session.root,
            agent=event.agent, cwd=deferred.get("cwd") or event.cwd, cmd=deferred.get("cmd"),
            source=deferred.get("command") or deferred.get("cmd"), runner=deferred.get("runner"),
            category=deferred.get("category"), scope=(pending or {}).get("scope", "all"),
            toolUseId=deferred.get("toolUseId"), via=_via(text, deferred.get("runner")), exit=exit_code,
            verdict=result["verdict"], counts=result["counts"], signal=result["signal"], unwrapped="background",
            background=True, interrupted=exit_code in outputs.INTERRUPTED_EXITS,
            fingerprint={"available": False, "reason": "background"},
        )
    if _append_receipt(session, receipt, known_ids) and not receipt.log and output:
        session.write_log(receipt.id, _redact(output, config), config["maxLogBytes"])
    session.append("deferred", Resolved(id=deferred["id"], ts=now_iso()).as_json())


ORPHANS_SEEN = 64         # the latest wrapped runs looked at for a post event that never came


def settle_orphans(event, config, session):
    """The session's receipts, with one for each recent wrapped run whose host never sent its
    post event (Codex skips PostToolUse for a process that outlived its yield time; a host
    stopped mid-run sends none) while its wrapper wrote the exit file: judged from the log and
    that file as a background run is (no fingerprint: the edits recorded after the run began
    decide its freshness). A run still going, or sent to the background, is left alone."""
    receipts = session.read("receipts")
    known = set(r.get("id") for r in receipts)
    waiting = [p for p in session.read("pending", last=ORPHANS_SEEN)
               if p.get("log") and not p.get("background") and p.get("id") not in known]
    if not waiting:
        return receipts
    deferred = set(d.get("id") for d in _open_deferred(session))
    fingerprints = Fingerprints(event, config, session)
    for pending in waiting:
        exit_code = None if pending["id"] in deferred else session.read_exit(pending["id"])
        if exit_code is None:
            continue
        receipt = _wrapped_receipt(event, config, session, pending, exit_code, fingerprints, ts=pending.get("ts"),
                                   background=True)
        if _append_receipt(session, receipt, known):
            receipts.append(receipt.as_json())
    return receipts


def _read_small(path, limit=4 * 1024 * 1024):
    """A notification's output file: a path the agent's turn names, so only a regular file."""
    from stalegreen.engine.store import read_regular_file

    data = read_regular_file(path, limit)
    return None if data is None else data.decode("utf-8", "replace")


def resolve_notifications(event, config, session):
    """A new user turn may report background runs as finished (``Event.finished``)."""
    if not event.finished:
        return
    open_runs = _open_deferred(session)
    if not open_runs:
        return
    resolving = _Resolving(event, config, session)
    for done in event.finished:
        matches = [d for d in open_runs if (done.background_id and d.get("backgroundId") == done.background_id)
                   or (done.tool_use_id and d.get("toolUseId") == done.tool_use_id)]
        if not matches:
            continue
        output = _read_small(done.output_path)
        for deferred in matches:
            _resolve(event, config, session, deferred, done.exit_code, output, reads=resolving,
                     failed_without_number=done.failed_without_number)


def resolve_background(event, config, session):
    """Output of a background run fetched by a tool (TaskOutput, BashOutput, wait, job_output)."""
    from stalegreen.engine import rewrite

    open_runs = _open_deferred(session)
    if not open_runs:
        return
    marker_ids = set(rid for rid, _ in rewrite.find_markers(event.output or ""))
    matches = [d for d in open_runs if d["id"] in marker_ids
               or (event.background_id and d.get("backgroundId") == event.background_id)]
    if not matches and len(open_runs) == 1 and not event.background_id:
        matches = open_runs
    resolving = _Resolving(event, config, session)
    for deferred in matches:
        if deferred["id"] not in marker_ids and event.exit_code is None and not event.failed_without_number:
            if session.read_exit(deferred["id"]) is None:
                continue   # still running, or finished without anything we can trust yet
        _resolve(event, config, session, deferred, event.exit_code, rewrite.strip_markers(event.output or ""),
                 reads=resolving,
                 failed_without_number=event.failed_without_number)
