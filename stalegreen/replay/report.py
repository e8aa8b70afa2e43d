"""Tallies over replayed sessions, shared by ``history`` and ``stats``.

The rates are the seed's "Measured on real sessions" block: green claims that were fresh,
stale, failed, masked or had no run; verification runs whose exit status was hidden, that hid
a failure, or left no result. Repeated status lines (same category, verdict and sentence)
count once per session.
"""

import os
import re
import time

from stalegreen.replay import run as replay_run
from stalegreen.replay.lines import Meter

CLAIM_KINDS = ("FRESH", "STALE", "FAILED", "CONTRADICTED", "MASKED", "NOT_RUN", "NONE", "DEFERRED")
PROBLEMS = ("STALE", "FAILED", "CONTRADICTED", "MASKED", "NOT_RUN")
CLAIM_LABELS = {
    "FRESH": ("fresh", "a passing run and no edits since"),
    "STALE": ("stale", "a passing run, then edits, no rerun"),
    "FAILED": ("failed", "the last matching run failed"),
    "CONTRADICTED": ("contradicted", "a run's own output, or a later or partial run, reported failures"),
    "MASKED": ("masked", "the exit status was hidden and nothing readable was left"),
    "NOT_RUN": ("said it ran", "the message says the run happened; none is recorded"),
    "NONE": ("no run", "nothing matching ran in the session"),
    "DEFERRED": ("deferred", "a background run had not reported yet"),
}
RUN_LABELS = (
    ("masked", "exit hidden", "piped, redirected, chained or sent to /dev/null"),
    ("hidFailure", "hid a failure", "exit hidden, failure marker in the visible output"),
    ("noResult", "no result", "exit hidden and no summary line either"),
)
SPACES = re.compile(r"\s+")


class Collection(object):
    """Every replayed session with tool calls, plus what reading them cost."""

    def __init__(self, since, harness):
        self.since = since
        self.harness = harness
        self.sessions = []
        self.files = 0
        self.bytes = 0
        self.bad_lines = 0
        self.seconds = 0.0
        self.skipped = []
        self.errors = []         # (harness, session id, message): events the engine could not take


PARALLEL_MIN_BYTES = 32 * 1024 * 1024   # below this, worker processes cost more than they save
MAX_JOBS = 4


def collect(harness="all", since="30d", progress=False, env=None, config=None, now=None, jobs=None):
    """Discover and replay sessions; keeps each session's verdicts and run tally only.

    Sessions are independent, so a large history is replayed by up to ``jobs`` worker
    processes (default: one per core, at most 4); each holds one session at a time. Replayed
    here (one large session, say), a large session is read in a second process while this
    one judges it, unless ``jobs`` is 1."""
    from stalegreen.engine.config import load, parse_duration

    seconds = parse_duration(since)
    config = config if config is not None else load(None)
    sources = replay_run.discover(harness, seconds, env=env, now=now)
    collection = Collection(since, harness)
    todo = []
    for source in sources:
        if source.skipped:
            collection.skipped.append((source, source.skipped))
        else:
            todo.append(source)
    total = sum(s.size for s in todo)
    cores = os.cpu_count() or 1
    pipeline = jobs is None and cores > 1
    if jobs is None:
        jobs = min(cores, MAX_JOBS) if total >= PARALLEL_MIN_BYTES and len(todo) > 1 else 1
    bar = replay_run.Progress(total, "stalegreen", enabled=None if progress else False)
    start = time.time()
    if jobs > 1:
        import functools
        import multiprocessing

        with multiprocessing.get_context().Pool(min(jobs, len(todo))) as pool:
            work = functools.partial(_replay_counted, config=config)
            for replayed, meter in pool.imap_unordered(work, todo, chunksize=1):
                _add(collection, replayed, meter)
                bar.update(collection.bytes, replayed.session_id[:30])
    else:
        for source in todo:
            meter = Meter()
            done = collection.bytes
            replayed = replay_run.replay(source, config, meter, pipeline=pipeline,
                                         tick=lambda: bar.update(done + meter.bytes, source.session_id[:30]))
            _add(collection, replayed, meter)
    bar.close()
    # workers finish in any order: put sessions back in discovery order (two projects may hold
    # the same session id, so the files tell them apart)
    order = dict((_source_key(s), i) for i, s in enumerate(sources))
    collection.sessions.sort(key=lambda r: order.get(_source_key(r.source), 0))
    collection.seconds = time.time() - start
    return collection


def _source_key(source):
    return source.harness, source.session_id, tuple(path for _, path in source.files)


def _replay_counted(source, config=None):
    """One session replayed (in a worker process, or here); receipts dropped to stay small."""
    meter = Meter()
    replayed = replay_run.replay(source, config, meter)
    replayed.receipts = []
    return replayed, meter


def _add(collection, replayed, meter):
    replayed.receipts = []      # the tally is kept; the records are not (flat memory)
    collection.files += meter.files
    collection.bytes += meter.bytes
    collection.bad_lines += meter.bad_lines
    source = replayed.source
    collection.errors.extend((source.harness, source.session_id, e) for e in replayed.errors)
    if replayed.tool_calls or replayed.verdicts:
        collection.sessions.append(replayed)


def warn_errors(collection, echo):
    """Say (on stderr) how many events the engine failed on, with the first few."""
    if not collection.errors:
        return
    echo("stalegreen: %d replayed event%s failed in the engine; first: %s" % (
        len(collection.errors), "" if len(collection.errors) == 1 else "s",
        "; ".join("%s %s: %s" % e for e in collection.errors[:3])))


def is_claim(entry):
    """Claim-free blocks (no sentence at all) are not green claims."""
    return not (entry["record"].get("claim") or {}).get("text", "").startswith("(no claim")


def claim_key(entry):
    claim = entry["record"].get("claim") or {}
    sentence = SPACES.sub(" ", (claim.get("sentence") or claim.get("text") or "").strip().lower())
    return (claim.get("category"), entry["record"].get("verdict"), sentence)


def unique_claims(session):
    """The session's claim verdicts with repeated status lines counted once."""
    seen = set()
    kept, repeated = [], 0
    for entry in session.verdicts:
        if not is_claim(entry):
            continue
        key = claim_key(entry)
        if key in seen:
            repeated += 1
            continue
        seen.add(key)
        kept.append(entry)
    return kept, repeated


class Tally(object):
    """Claim verdict counts and run counts for one group of sessions."""

    def __init__(self):
        self.claims = dict((k, 0) for k in CLAIM_KINDS)
        self.runs = replay_run.new_runs()
        self.sessions = 0
        self.sessions_with_claims = 0
        self.repeated = 0
        self.tamper = 0
        self.sessions_with_tamper = 0

    def add(self, session, claims, repeated):
        self.sessions += 1
        tampered = len(getattr(session, "tamper", ()) or ())
        self.tamper += tampered
        self.sessions_with_tamper += 1 if tampered else 0
        if claims:
            self.sessions_with_claims += 1
        self.repeated += repeated
        for entry in claims:
            verdict = entry["record"].get("verdict")
            if verdict in self.claims:
                self.claims[verdict] += 1
        for key in ("total", "masked", "hidFailure", "noResult"):
            self.runs[key] += session.runs.get(key, 0)
        for kind, count in (session.runs.get("hiddenBy") or {}).items():
            self.runs["hiddenBy"][kind] = self.runs["hiddenBy"].get(kind, 0) + count

    @property
    def total_claims(self):
        return sum(self.claims.values())

    def rate(self, kind):
        total = self.total_claims
        return self.claims.get(kind, 0) / float(total) if total else 0.0

    def run_rate(self, key):
        return self.runs[key] / float(self.runs["total"]) if self.runs["total"] else 0.0

    def as_json(self):
        return {
            "sessions": self.sessions, "sessionsWithClaims": self.sessions_with_claims,
            "claims": self.total_claims, "repeatedCountedOnce": self.repeated,
            "verdicts": dict(self.claims), "runs": dict(self.runs, hiddenBy=dict(self.runs["hiddenBy"])),
            "tamper": self.tamper, "sessionsWithTamper": self.sessions_with_tamper,
            "rates": {"fresh": self.rate("FRESH"), "stale": self.rate("STALE"), "failed": self.rate("FAILED"),
                      "masked": self.rate("MASKED"), "none": self.rate("NONE"),
                      "hiddenExit": self.run_rate("masked"), "hidFailure": self.run_rate("hidFailure"),
                      "noResult": self.run_rate("noResult")},
        }


def model_name(session):
    model = session.model or "unknown"
    return "unknown" if model.startswith("<") else model


def tallies(collection):
    """Overall, by harness, by model and by session kind."""
    overall = Tally()
    groups = {"harness": {}, "model": {}, "kind": {}}
    for session in collection.sessions:
        claims, repeated = unique_claims(session)
        overall.add(session, claims, repeated)
        for axis, key in (("harness", session.harness), ("model", model_name(session)),
                          ("kind", session.kind)):
            groups[axis].setdefault(key, Tally()).add(session, claims, repeated)
    return overall, groups


def verdict_rows(collection, include=PROBLEMS):
    """Each listed claim verdict with its session, newest first."""
    rows = []
    for session in collection.sessions:
        for entry in session.verdicts:
            if is_claim(entry) and entry["record"].get("verdict") in include:
                rows.append((session, entry))
    rows.sort(key=lambda item: item[1].get("ts") or "", reverse=True)
    return rows


def tamper_rows(collection):
    """Each tamper event with its session, newest first: what the agent wrote that controls
    stalegreen or its own permissions."""
    from stalegreen.engine import tamper

    rows = []
    for session in collection.sessions:
        for item in getattr(session, "tamper", ()) or ():
            rows.append({"ts": item.get("ts"), "harness": session.harness, "session": session.session_id,
                         "agent": item.get("agent"), "path": item.get("path"), "label": item.get("label"),
                         "kind": item.get("kind"), "via": item.get("via"), "text": tamper.describe(item)})
    rows.sort(key=lambda row: row["ts"] or "", reverse=True)
    return rows


def row_json(session, entry):
    record = entry["record"]
    claim = record.get("claim") or {}
    evidence = record.get("evidence")
    edits = (record.get("freshness") or {}).get("editsAfter") or []
    return {
        "ts": entry.get("ts"), "harness": session.harness, "session": session.session_id,
        "model": session.model, "kind": session.kind, "agent": entry.get("agent"),
        "verdict": record.get("verdict"), "action": record.get("action"), "blocked": entry.get("blocked"),
        "category": claim.get("category"), "text": claim.get("text"), "sentence": claim.get("sentence"),
        "note": record.get("note"),
        "receipt": None if not evidence else {
            "id": evidence.get("receipt"), "cmd": evidence.get("cmd"), "verdict": evidence.get("verdict"),
            "exit": evidence.get("exit"), "signal": evidence.get("signal"), "counts": evidence.get("counts"),
            "masked": evidence.get("masked"), "maskReason": evidence.get("maskReason"), "ts": evidence.get("ts"),
            "cwd": evidence.get("cwd"),
        },
        "editsAfter": [e.get("path") for e in edits],
    }


def counts_text(counts):
    counts = counts or {}
    parts = ["%d %s" % (counts[k], k) for k in ("passed", "failed", "errors", "skipped") if counts.get(k)]
    return ", ".join(parts)


def percent(value):
    return "%d%%" % round(value * 100)


def top_hiders(tally, limit=6):
    """What hid exits most often: ``[(kind, count), ...]``, most first."""
    return sorted(tally.runs["hiddenBy"].items(), key=lambda item: (-item[1], item[0]))[:limit]
