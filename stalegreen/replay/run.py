"""Find past sessions on this machine and replay them through the live engine.

``discover`` lists sessions per harness (newest first) without reading them; ``replay`` streams
one session's files (a Claude session with its subagents, a Codex thread with its child
threads), merges their events by time, and hands each to ``engine.core.handle`` with an
in-memory store session, exactly as the hooks would have seen them. Fingerprints are
unavailable in replay (``Event.replay``), so edit events decide freshness.
"""

import heapq
import os
import re
import time

from stalegreen import hosts
from stalegreen.engine import events as ev
from stalegreen.replay.lines import Meter

SAFE = re.compile(r"[^A-Za-z0-9._-]+")
MAX_ERRORS = 20          # engine errors kept per replayed session (the rest are dropped)


class Source(object):
    """One session to replay: ``files`` is a list of ``(agent or None, path)``."""

    __slots__ = ("harness", "session_id", "files", "mtime", "size", "skipped")

    def __init__(self, harness, session_id, files, skipped=None):
        self.harness = harness
        self.session_id = session_id
        self.files = files
        self.mtime = max(_mtime(p) for _, p in files) if files else 0
        self.size = sum(_size(p) for _, p in files)
        self.skipped = skipped

    def __repr__(self):
        return "Source(%s, %s, %d files)" % (self.harness, self.session_id, len(self.files))


def _mtime(path):
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0


def _size(path):
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def roots(env=None):
    """Where each host keeps its session logs (each honours its host's own variables)."""
    env = os.environ if env is None else env
    home = env.get("HOME") or os.path.expanduser("~")
    return dict((name, hosts.module(name, "transcript").root(env, home)) for name in hosts.names())


def discover(harness="all", since_seconds=None, env=None, now=None):
    """Sessions of ``harness`` (or all) touched within ``since_seconds``, newest first.
    Each host's ``transcript.discover(root, cutoff)`` yields ``(session id, files, skipped)``."""
    cutoff = None if since_seconds is None else (now or time.time()) - since_seconds
    places = roots(env)
    names = hosts.names() if harness in (None, "all") else [harness]
    found = []
    for name in names:
        for session_id, files, skipped in hosts.module(name, "transcript").discover(places[name], cutoff):
            source = Source(name, session_id, files, skipped)
            if cutoff is None or source.mtime >= cutoff:
                found.append(source)
    found.sort(key=lambda s: s.mtime, reverse=True)
    return found


def merged_events(source, meter=None, info=None, prefilter=True):
    """All events of a session, its subagents / child threads merged in by time.
    ``prefilter=False`` has the readers decode every line (their raw-line filters' reference)."""
    module = hosts.module(source.harness, "transcript")
    session = session_root(source)
    info = info if info is not None else {}
    streams = []
    for index, (agent, path) in enumerate(source.files):
        target = info if agent is None else {}
        streams.append(_keyed(module.read(path, session, agent=agent, info=target, meter=meter, prefilter=prefilter),
                              index))
    if len(streams) == 1:
        for _, _, _, event in streams[0]:
            yield event
        return
    for _, _, _, event in heapq.merge(*streams):
        yield event


PIPELINE_MIN_BYTES = 48 * 1024 * 1024   # below this a second process costs more than it saves
PIPELINE_BATCH = 128                     # judged events per message from the reading process,
PIPELINE_BATCH_CHARS = 2 * 1024 * 1024   # or fewer when their outputs and messages hold this many characters
PIPELINE_WAIT_SHARE = 0.2                # the reading process reads claims too past this share of waiting (_Pace)


class ReadError(Exception):
    """A session's files could not be read to the end (the replay keeps what it had)."""


def pipelined_events(source, meter, info, config, tally):
    """``prepared_events`` of the session, run in a second process while this one judges.

    The reading process decodes the rows, stamps and counts every event, drops those the
    engine would pass over and reads each Stop's claims (``prepared_events``): the part of a
    replay that depends on each event alone. This one keeps the in-order judging. Events come
    over a pipe in batches bounded in count and characters; a full pipe holds the reader back,
    so memory stays flat. Falls back to reading here when no process can be started."""
    import multiprocessing

    try:
        context = multiprocessing.get_context()
        receiver, sender = context.Pipe(duplex=False)
        reader = context.Process(target=_read_into, args=(sender, receiver, source, config), daemon=True)
        reader.start()
    except (OSError, ValueError, ImportError):
        for item in prepared_events(merged_events(source, meter, info), config, tally):
            yield item
        return
    sender.close()
    start = (meter.bytes, meter.lines, meter.bad_lines, meter.files)
    try:
        while True:
            try:
                kind, payload, counts, tallied = receiver.recv()
            except EOFError:
                reader.join(1)
                raise ReadError("the reading process ended early (exit status %s)" % reader.exitcode)
            meter.bytes, meter.lines, meter.bad_lines, meter.files = [a + b for a, b in zip(start, counts)]
            if kind == "events":
                tally.restore(tallied)
                for item in payload:
                    yield item
            elif kind == "done":
                info.update(payload)
                return
            else:
                raise ReadError(payload)
    finally:
        receiver.close()
        reader.join(1)
        if reader.is_alive():
            reader.terminate()
            reader.join()


def _read_into(connection, other_end, source, config):
    """The reading process: a session's prepared events, in batches, each with the counts so
    far, then its session info. It stops quietly when the judging process has gone (closed
    pipe, Ctrl-C)."""
    other_end.close()               # a forked copy of the judge's end would keep the pipe open
    meter, info, batch, tally, size = Meter(), {}, [], Tally(), 0
    pace = _Pace(connection)

    def counts():
        return (meter.bytes, meter.lines, meter.bad_lines, meter.files)

    try:
        for item in prepared_events(merged_events(source, meter, info), config, tally, pace.judge_is_behind):
            batch.append(item)
            size += len(item[1].output or "") + len(item[1].message or "")
            if len(batch) >= PIPELINE_BATCH or size >= PIPELINE_BATCH_CHARS:
                pace.send(("events", batch, counts(), tally.saved()))
                batch, size = [], 0
        connection.send(("events", batch, counts(), tally.saved()))
        connection.send(("done", info, counts(), None))
    except (BrokenPipeError, KeyboardInterrupt):
        pass                        # the judging process has gone: nobody to tell
    except Exception as exc:        # say what went wrong instead of dying silently
        try:
            connection.send(("error", "%s: %s" % (type(exc).__name__, exc), counts(), None))
        except BrokenPipeError:
            pass
    finally:
        connection.close()


class _Pace(object):
    """Which process reads the claims of a Stop: the reading process once it has spent more
    than ``PIPELINE_WAIT_SHARE`` of its time waiting to hand events over (the judge is the
    slower one), else the judging process, at Stop. Where they are read changes no verdict,
    only which core does the work: the two stay balanced whether a session is heavy in runs
    or in long final messages, and whatever else the machine runs."""

    def __init__(self, connection):
        self.connection = connection
        self.start = time.perf_counter()
        self.waited = 0.0

    def send(self, message):
        begun = time.perf_counter()
        self.connection.send(message)
        self.waited += time.perf_counter() - begun

    def judge_is_behind(self):
        return self.waited > PIPELINE_WAIT_SHARE * (time.perf_counter() - self.start)


def session_root(source):
    """The store name a replayed session goes by: ``<harness>-<session id>``."""
    return "%s-%s" % (source.harness, SAFE.sub("_", source.session_id)[:80])


def _keyed(events, index):
    last = ""
    for seq, event in enumerate(events):
        last = event.ts or last
        yield (last, index, seq, event)


def _memory_session(root):
    """The store's in-memory session, tuned for long replays so memory stays flat however long
    the transcript: no run logs are kept (nothing reads them back in a replay), a pending run
    is dropped once its receipt exists, and a receipt is dropped once a newer full run of the
    same runner in the same directory supersedes it (the gate would never choose it again),
    edits older than every remaining receipt are dropped (they cannot make any of them stale),
    a background run is dropped once it is resolved, and the gate's verdict log is not kept
    (the replay collects the verdicts itself). Reads hand out the list without deep copies."""
    from stalegreen.engine import store

    class ReplaySession(store.MemorySession):
        def write_log(self, rid, text, max_bytes=None):
            return None

        def read(self, kind, last=None):
            records = self.records[kind]
            if last is not None:
                return records[-last:] if last > 0 else []
            return list(records)

        def append(self, kind, record):
            if kind == "verdicts":
                return
            if kind == "deferred" and record.get("resolved"):
                rid = record.get("id")
                self.records[kind] = [d for d in self.records[kind] if d.get("id") != rid]
                return
            store.MemorySession.append(self, kind, record)
            if kind == "receipts":
                tally_run(self.runs, self.records[kind][-1])
                self._settle(self.records[kind][-1])

        def _settle(self, receipt):
            rid = receipt.get("id")
            self.records["pending"] = [p for p in self.records["pending"] if p.get("id") != rid]
            if receipt.get("scope") != "all":
                return
            same = (receipt.get("category"), receipt.get("runner"), receipt.get("cwd"))
            kept = self.records["receipts"] = [
                r for r in self.records["receipts"]
                if r is receipt or (r.get("category"), r.get("runner"), r.get("cwd")) != same
                or (r.get("ts") or "") > (receipt.get("ts") or "")]
            oldest = min(r.get("ts") or "" for r in kept)
            if oldest:          # an edit before every receipt can never be "after" one of them
                self.records["edits"] = [e for e in self.records["edits"] if (e.get("ts") or "") >= oldest]

    session = ReplaySession(root)
    session.runs = new_runs()
    return session


class SessionReplay(object):
    """What one replayed session produced: its verdicts and a tally of its runs."""

    def __init__(self, source):
        self.source = source
        self.harness = source.harness
        self.session_id = source.session_id
        self.info = {}
        self.verdicts = []      # dicts: ts, agent, turn, event, blocked, record (gate verdict)
        self.runs = new_runs()
        self.receipts = []      # the receipts still current at the end (superseded ones dropped)
        self.tamper = []        # agent writes to stalegreen's config, hook registrations or the store
        self.edits = 0
        self.tool_calls = 0
        self.first_ts = None
        self.last_ts = None
        self.errors = []

    @property
    def model(self):
        return self.info.get("model")

    @property
    def kind(self):
        return self.info.get("kind") or "unknown"

    @property
    def cwd(self):
        return self.info.get("cwd") or "/"


def new_runs():
    """An empty run tally; ``hiddenBy`` counts what hid the exit (``pipe:tail``, ``redirect``...)."""
    return {"total": 0, "masked": 0, "hidFailure": 0, "noResult": 0, "hiddenBy": {}}


def mask_kinds(reason):
    """``pipe:tail,semicolon`` -> ``["pipe:tail", "semicolon"]``; redirect targets left out."""
    kinds = []
    for part in (reason or "").split(","):
        part = part.strip()
        if part.startswith("redirect:"):
            part = "redirect"
        if part and part != "devnull:stderr" and part not in kinds:
            kinds.append(part)
    return kinds


def tally_run(runs, receipt):
    """Seed's run rates: exit hidden; hid a failure (hidden, fail marker, exit unknown);
    no result (hidden and inconclusive)."""
    runs["total"] += 1
    if receipt.get("masked"):
        runs["masked"] += 1
        for kind in mask_kinds(receipt.get("maskReason")) or ["unknown"]:
            runs["hiddenBy"][kind] = runs["hiddenBy"].get(kind, 0) + 1
        if receipt.get("verdict") == "fail" and receipt.get("exit") is None:
            runs["hidFailure"] += 1
        elif receipt.get("verdict") == "inconclusive":
            runs["noResult"] += 1


def replay(source, config=None, meter=None, tick=None, pipeline=False, prefilter=True):
    """Replay one session through ``engine.core.handle``; returns a ``SessionReplay``.

    ``tick`` (optional callable) is called every few hundred events (progress bars).
    ``pipeline``: read a large session in a second process (``pipelined_events``).
    ``prefilter=False``: decode every line (the reference the fast path is tested against)."""
    result = SessionReplay(source)
    if source.skipped:
        result.errors.append(source.skipped)
        return result
    session = _memory_session(session_root(source))
    if config is None:
        from stalegreen.engine import config as config_module

        config = config_module.load(None)
    tally = Tally()
    if pipeline and prefilter and source.size >= PIPELINE_MIN_BYTES:
        stream = pipelined_events(source, meter if meter is not None else Meter(), result.info, config, tally)
    else:
        stream = prepared_events(merged_events(source, meter, result.info, prefilter), config, tally)
    try:
        _replay_events(stream, result, session, config, tick)
    except (ReadError, OSError) as exc:     # a file that vanished or broke mid-read
        result.errors.append("reading: %s" % exc)
    tally.copy_to(result)
    result.runs = session.runs
    result.receipts = session.read("receipts")
    from stalegreen.engine import tamper

    result.tamper = tamper.events(session.read("tamper"))
    return result


class ReplayClock(object):
    """The time a replayed event happens at: the transcript's own time, in the store's one
    format, strictly increasing in reading order.

    Every record the engine writes compares times as text; a replay must never fall back on
    the wall clock (two runs of ``history`` would order an edit and a run differently). An
    event without a time, or with the same or an earlier time than the one before it, comes
    one millisecond after it, so records keep their file order.

    Most transcripts already write the store's format, in order: such a time is its own stamp,
    told by comparing text (the format sorts as it reads), without reading it as a number."""

    def __init__(self):
        from stalegreen.engine.clock import parse_ts

        self.parse_ts = parse_ts
        self.text = None        # the last stamp
        self.last = None        # the same in milliseconds since the epoch; None: not worked out yet
        self.dates = {}         # "YYYY-MM-DD" -> whether it is a real date, 1970 or later
        self.second = None      # the last whole second written, and its text (events come seconds apart
        self.prefix = ""        # or less: most share the one before's)

    def stamp(self, ts):
        if ts.__class__ is str and len(ts) == 24 and (self.text is None or ts > self.text) and self._as_stored(ts):
            self.text, self.last = ts, None
            return ts
        return self._counted(ts)

    def _as_stored(self, ts):
        """Whether ``ts`` is written as the store writes times (``2026-09-02T14:02:11.318Z``,
        ASCII digits, a real date from 1970 on, a second below 60): what ``_counted`` would
        give back unchanged, were it later than the last stamp."""
        if not (ts[23] == "Z" and ts[19] == "." and ts[10] == "T" and ts[13] == ":" and ts[16] == ":"
                and ts.isascii() and (ts[11:13] + ts[14:16] + ts[17:19] + ts[20:23]).isdigit()
                and ts[11:13] < "24" and ts[14:16] < "60" and ts[17:19] < "60"):
            return False
        date = ts[:10]
        real = self.dates.get(date)
        if real is None:
            seconds = self.parse_ts(date + "T00:00:00.000Z")
            real = self.dates[date] = seconds is not None and seconds >= 0
        return real

    def _counted(self, ts):
        if self.last is None and self.text is not None:
            self.last = int(round(self.parse_ts(self.text) * 1000))
        seconds = self.parse_ts(ts) if ts else None
        millis = int(round(seconds * 1000)) if seconds is not None else None
        if millis is None or (self.last is not None and millis <= self.last):
            millis = 0 if self.last is None else self.last + 1
        self.last = millis
        whole, part = divmod(millis, 1000)
        if whole != self.second:
            self.second, self.prefix = whole, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole))
        self.text = self.prefix + ".%03dZ" % part
        return self.text


class Tally(object):
    """What the in-order stage counts over every event of a session, judged or not."""

    __slots__ = ("tool_calls", "edits", "first_ts", "last_ts")

    def __init__(self):
        self.tool_calls = 0
        self.edits = 0
        self.first_ts = None
        self.last_ts = None

    def count(self, event, said):
        if said:
            self.first_ts = self.first_ts or said
            self.last_ts = said
        if event.kind == ev.PRE_SHELL:
            self.tool_calls += 1
        elif event.kind == ev.FILE_EDIT:
            self.tool_calls += 1
            self.edits += len(event.paths or ()) or 1

    def saved(self):
        return (self.tool_calls, self.edits, self.first_ts, self.last_ts)

    def restore(self, saved):
        self.tool_calls, self.edits, self.first_ts, self.last_ts = saved

    def copy_to(self, result):
        result.tool_calls, result.edits, result.first_ts, result.last_ts = self.saved()


def prepared_events(events, config, tally, read_claims=None):
    """The part of a replay that depends on each event alone, in reading order: every event
    stamped with the replay clock and counted into ``tally``; the events ``core.handle`` would
    pass over without a trace dropped; each Stop's claims read (``Event.extraction``), unless
    ``read_claims()`` says to leave them to the judge. Yields ``(the time the transcript said,
    event, checked)``, ``checked`` when the engine's early checks are done (``_judge_events``).
    A pipelined replay runs this in its reading process, so the judging process is left with
    the in-order work."""
    from stalegreen.engine import core

    clock = ReplayClock()
    completion = bool(config.get("completionClaims"))
    for event in events:
        said = event.ts
        event.ts = clock.stamp(said)
        tally.count(event, said)
        acts, checked = _engine_acts_on(event, config, core)
        if not acts:
            continue
        if event.kind == ev.STOP and (read_claims is None or read_claims()):
            event.extraction = _claims_of(event.message, completion)
        yield said, event, checked


def _engine_acts_on(event, config, core):
    """Whether ``core.handle(event, config, session)`` would get past its early returns (for a
    replay's config), and whether that is known for sure: False for a replayed PreToolUse (the
    command already ran as the transcript shows), a kind with no handler, an event the
    payload's word tests prove empty (``core.nothing_to_record``); ``(True, False)`` when
    those tests failed on the event (``core.handle`` meets it again, in order, and records why)."""
    kind = event.kind
    if kind == ev.IGNORED or kind not in core.HANDLERS or (event.replay and kind == ev.PRE_SHELL):
        return False, True
    if kind == ev.PRE_SHELL and not event.command:
        return False, True
    try:
        return not core.nothing_to_record(event, config), True
    except Exception:
        return True, False


def _claims_of(message, completion):
    """``claims.extract`` of a Stop's message, or None (read again at Stop, where a failure is
    recorded in order)."""
    from stalegreen.engine import claims

    try:
        return claims.extract(message or "", completion=completion)
    except Exception:
        return None


def _replay_events(stream, result, session, config, tick):
    from stalegreen.engine.paths import resolved_once

    with resolved_once():       # the links of the folders a session names do not move while it replays
        _judge_events(stream, result, session, config, tick)


def _judge_events(stream, result, session, config, tick):
    """The in-order part: each prepared event through ``core.handle``, the Stop verdicts kept."""
    from stalegreen.engine import core

    redact = bool(config.get("redact"))
    for count, (said, event, checked) in enumerate(stream):
        if tick is not None and not count & 63:
            tick()
        try:
            if checked:     # core.handle past the checks prepared_events made: the handler itself
                session.redact = redact
                decision = core.HANDLERS[event.kind](event, config, session)
            else:
                decision = core.handle(event, config, session)
        except Exception as exc:     # one bad event never ends a replay
            if len(result.errors) < MAX_ERRORS:
                result.errors.append("%s: %s: %s" % (event.kind, type(exc).__name__, exc))
            continue
        if event.kind == ev.STOP and decision.verdicts:
            for record in decision.verdicts:
                result.verdicts.append({"ts": said, "agent": event.agent, "turn": event.turn,
                                        "event": event.event_name or "Stop",
                                        "blocked": decision.kind == ev.BLOCK, "record": record})


def replay_all(sources, config=None, meter=None, tick=None):
    """Replay sources one by one (flat memory: one session's state at a time)."""
    for source in sources:
        yield replay(source, config, meter, tick)


class Progress(object):
    """A one-line progress bar on stderr for long reads; silent when stderr is not a terminal."""

    def __init__(self, total_bytes, label="reading", stream=None, enabled=None):
        import sys

        self.stream = stream or sys.stderr
        self.total = max(total_bytes, 1)
        self.label = label
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.last = 0.0
        self.start = time.time()

    def update(self, done_bytes, note=""):
        if not self.enabled:
            return
        now = time.time()
        if now - self.last < 0.1 and done_bytes < self.total:
            return
        self.last = now
        fraction = min(done_bytes / float(self.total), 1.0)
        width = 28
        filled = int(fraction * width)
        rate = done_bytes / max(now - self.start, 1e-6) / 1e6
        self.stream.write("\r%s [%s%s] %3d%% %6.1f MB/s %s" % (
            self.label, "#" * filled, "." * (width - filled), fraction * 100, rate, note[:30].ljust(30)))
        self.stream.flush()

    def close(self):
        if self.enabled:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()
