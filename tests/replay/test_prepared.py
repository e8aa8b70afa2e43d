"""The replay's prepare stage (``run.prepared_events``) changes what runs where, never a verdict.

Before it, the judging loop stamped, counted and sent every event through ``core.handle``, and
each Stop's claims were read there. Now the stage that depends on each event alone (the clock,
the counts, the early checks, the claims reader) runs ahead, in the reading process of a
pipelined replay, and the judging loop gets only what the engine acts on. The reference below
is that old loop, kept here to compare against on every transcript the project has.
"""

import json
import multiprocessing
import os

import pytest

from stalegreen.engine import claims, core
from stalegreen.engine import config as config_module
from stalegreen.engine import events as ev
from stalegreen.engine.paths import resolved_once
from stalegreen.replay import run
from tests.conftest import SHARED_DATA
from tests.replay.test_gate_replay import _lay_out_every_transcript


def _every_event_through_handle(source, config):
    """The replay loop before the prepare stage: each event stamped, counted and handed to
    ``core.handle`` in reading order, the claims read at Stop."""
    result = run.SessionReplay(source)
    session = run._memory_session(run.session_root(source))
    clock = run.ReplayClock()
    with resolved_once():
        for event in run.merged_events(source, None, result.info):
            said = event.ts
            event.ts = clock.stamp(said)
            if said:
                result.first_ts = result.first_ts or said
                result.last_ts = said
            if event.kind == ev.PRE_SHELL:
                result.tool_calls += 1
            elif event.kind == ev.FILE_EDIT:
                result.tool_calls += 1
                result.edits += len(event.paths or ()) or 1
            try:
                decision = core.handle(event, config, session)
            except Exception as exc:
                result.errors.append("%s: %s: %s" % (event.kind, type(exc).__name__, exc))
                continue
            if event.kind == ev.STOP and decision.verdicts:
                for record in decision.verdicts:
                    result.verdicts.append({"ts": said, "agent": event.agent, "turn": event.turn,
                                            "event": event.event_name or "Stop",
                                            "blocked": decision.kind == ev.BLOCK, "record": record})
    result.runs = session.runs
    result.receipts = session.read("receipts")
    from stalegreen.engine import tamper

    result.tamper = tamper.events(session.read("tamper"))
    return result


def _outcome(result):
    return json.dumps([result.verdicts, result.receipts, result.runs, result.tamper, result.errors, result.info,
                       result.tool_calls, result.edits, result.first_ts, result.last_ts], sort_keys=True, default=str)


@pytest.fixture
def every_transcript(tmp_path, monkeypatch):
    homes = _lay_out_every_transcript(tmp_path)
    for variable, harness in (("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex"), ("DSH_HOME", "dsh")):
        monkeypatch.setenv(variable, str(homes[harness]))
    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "sg"))
    return [s for s in run.discover("all") if not s.skipped]


@pytest.mark.parametrize("completion, wait_share", [(False, -1), (True, -1), (False, 1e9), (False, 0)])
def test_prepared_replays_give_what_every_event_through_core_handle_gives(every_transcript, monkeypatch,
                                                                          completion, wait_share):
    """In process and pipelined (small batches, a reading process for every session), on
    every transcript the project has, with completion claims off and on, the claims read by the
    reading process (wait share -1), by the judge (1e9) or by either as the pace goes (0)."""
    config = config_module.load(None)
    config["completionClaims"] = completion
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)
    monkeypatch.setattr(run, "PIPELINE_WAIT_SHARE", wait_share)
    monkeypatch.setattr(run, "PIPELINE_BATCH", 3)
    monkeypatch.setattr(run, "PIPELINE_BATCH_CHARS", 2000)     # and batches cut by their characters
    verdicts = 0
    for source in every_transcript:
        reference = _outcome(_every_event_through_handle(source, config))
        assert _outcome(run.replay(source, config)) == reference, source
        if (os.cpu_count() or 1) > 1:
            assert _outcome(run.replay(source, config, pipeline=True)) == reference, source
        verdicts += reference.count('"verdict"')
    # the repository's own fixtures are four sessions; ../shared's real transcripts, when beside
    # the clone, bring the rest
    least = 10 if os.path.isdir(os.path.join(SHARED_DATA, "transcripts")) else 4
    assert len(every_transcript) >= least and verdicts >= least


def test_the_judging_process_gets_only_what_the_engine_acts_on_with_the_claims_read(every_transcript,
                                                                                    monkeypatch):
    """No replayed PreToolUse and no event the word tests prove empty reaches the judging
    loop of a pipelined replay, and neither those tests nor a Stop's claims reader run there
    again: the reading process did both."""
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the counters are patched in, which only a forked reading process inherits")
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)
    monkeypatch.setattr(run, "PIPELINE_WAIT_SHARE", -1)     # the reading process reads every Stop's claims
    config = config_module.load(None)
    judged, read_here = [], []
    real_extract, real_handlers = claims.extract, dict(core.HANDLERS)
    here = os.getpid()

    def counted_extract(text, completion=False):
        if os.getpid() == here:
            read_here.append(text)
        return real_extract(text, completion=completion)

    def counting(handler):
        def handle(event, config, session):
            judged.append(event)
            return handler(event, config, session)
        return handle

    def counted_checks(event, config):
        if os.getpid() == here:
            checked_here.append(event)
        return real_checks(event, config)

    checked_here, real_checks = [], core.nothing_to_record
    monkeypatch.setattr(claims, "extract", counted_extract)
    monkeypatch.setattr(core, "nothing_to_record", counted_checks)
    for kind, handler in real_handlers.items():
        monkeypatch.setitem(core.HANDLERS, kind, counting(handler))
    verdicts = 0
    for source in every_transcript:
        verdicts += len(run.replay(source, config, pipeline=True).verdicts)
    assert judged and verdicts
    assert not [e for e in judged if e.kind == ev.PRE_SHELL or real_checks(e, config)]
    assert any(e.kind == ev.STOP for e in judged) and read_here == [] and checked_here == []


def test_the_claims_are_left_to_the_judge_while_it_keeps_up(every_transcript, monkeypatch):
    """A reading process that never waits on the judge leaves every Stop's claims to it."""
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the counter is patched in, which only a forked reading process inherits")
    monkeypatch.setattr(run, "PIPELINE_MIN_BYTES", 0)
    monkeypatch.setattr(run, "PIPELINE_WAIT_SHARE", 1e9)
    read_here, real_extract, here = [], claims.extract, os.getpid()

    def counted_extract(text, completion=False):
        if os.getpid() == here:
            read_here.append(text)
        return real_extract(text, completion=completion)

    stops, real_on_stop = [], core.HANDLERS[ev.STOP]

    def counted_on_stop(event, config, session):
        stops.append(event.extraction)
        return real_on_stop(event, config, session)

    monkeypatch.setattr(claims, "extract", counted_extract)
    monkeypatch.setitem(core.HANDLERS, ev.STOP, counted_on_stop)
    config = config_module.load(None)
    verdicts = sum(len(run.replay(source, config, pipeline=True).verdicts) for source in every_transcript)
    assert verdicts and stops and stops == [None] * len(stops) and len(read_here) == len(stops)


class _ClockBefore(object):
    """The replay clock before its text shortcut: every time read as a number and written back."""

    def __init__(self):
        self.last = None

    def stamp(self, ts):
        import time

        from stalegreen.engine.clock import parse_ts

        seconds = parse_ts(ts) if ts else None
        millis = int(round(seconds * 1000)) if seconds is not None else None
        if millis is None or (self.last is not None and millis <= self.last):
            millis = 0 if self.last is None else self.last + 1
        self.last = millis
        whole, part = divmod(millis, 1000)
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole)) + ".%03dZ" % part


def _odd_times(draw):
    """Times as transcripts write them, and as they should not: in order, repeated, earlier,
    missing, leap seconds, other separators and fractions, impossible dates, other digits."""
    base = "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        draw.choice([1969, 1970, 2024, 2026, 2100]), draw.choice([1, 2, 12, 13]), draw.choice([1, 28, 29, 30, 31]),
        draw.choice([0, 9, 23, 24]), draw.choice([0, 59, 60]), draw.choice([0, 30, 59, 60, 61]),
        draw.randrange(1000))
    kind = draw.randrange(12)
    if kind >= 7:                   # a real time, as Claude and Codex write them
        import time

        seconds = draw.choice([0, 1700000000, 1700000001, 4102444799]) + draw.randrange(3)
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + ".%03dZ" % draw.choice([0, 1, 999])
    if kind == 0:
        return None
    if kind == 1:
        return base.replace("T", draw.choice(["t", " "]))
    if kind == 2:
        return base[:-5] + draw.choice(["Z", ".5Z", ".12Z", ".1234Z", ""])
    if kind == 3:
        return base.replace("0", "\u0660")       # Arabic-Indic zero: a digit, but not ASCII
    if kind == 4:
        return draw.choice(["garbage", "", "2026-11-20", 17, "2026-11-20T10:00:00.000Z "])
    return base


def test_the_clock_shortcut_gives_what_reading_every_time_gives():
    import random

    draw = random.Random(20261202)
    for _ in range(300):
        now, before = run.ReplayClock(), _ClockBefore()
        times = [_odd_times(draw) for _ in range(draw.randrange(1, 40))]
        if draw.random() < 0.5:      # mostly in order, as real transcripts are
            times = sorted(times, key=lambda t: str(t))
        assert [now.stamp(t) for t in times] == [before.stamp(t) for t in times], times
