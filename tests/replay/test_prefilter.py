"""The readers' raw-line filters drop only lines that could never become an event.

Each reader skips most lines of a transcript without decoding them (Claude progress rows and
results of tools it does not follow, Codex reasoning and token counts, dsh rows of other
kinds). The reference is the same reader decoding every line (``prefilter=False``): on every
transcript the project has (its fixtures, the gate fixtures, the public transcripts in
../shared, peers' files), through every reader, both must give the same events, field for
field, and a replay must give the same verdicts and receipts.
"""

import glob
import json
import os
import random

import pytest

from stalegreen.engine import events as ev
from stalegreen.hosts.claude import transcript as claude
from stalegreen.hosts.codex import transcript as codex
from stalegreen.hosts.dsh import transcript as dsh
from stalegreen.replay import run
from stalegreen.replay.lines import Meter, decode_line, own_type
from tests.conftest import SHARED_DATA
from tests.replay.conftest import FIXTURES
from tests.replay.test_gate_replay import GATE_FIXTURES, _lay_out_every_transcript

READERS = {"claude": claude, "codex": codex, "dsh": dsh}
TRANSCRIPTS = os.path.join(SHARED_DATA, "transcripts")


def _every_transcript_file():
    files = []
    for root in (FIXTURES, GATE_FIXTURES, TRANSCRIPTS):
        for pattern in ("*.jsonl", "*.zstd"):
            files.extend(glob.glob(os.path.join(root, "**", pattern), recursive=True))
    return sorted(files)


def _fields(event):
    return tuple(repr(getattr(event, name, None)) for name in ev.Event.__slots__)


def _events(module, path, prefilter, meter=None):
    info = {}
    events = [_fields(e) for e in module.read(path, "s", info=info, meter=meter, prefilter=prefilter)]
    return events, info


def test_every_reader_gives_the_same_events_on_every_transcript_with_and_without_its_filter():
    files = _every_transcript_file()
    assert len(files) >= 5
    produced = 0
    for path in files:
        for name, module in READERS.items():
            fast_meter, full_meter = Meter(), Meter()
            fast, fast_info = _events(module, path, True, fast_meter)
            full, full_info = _events(module, path, False, full_meter)
            assert len(fast) == len(full), (name, path)
            assert fast == full, (name, path)
            assert fast_info == full_info, (name, path)
            assert fast_meter.bytes == full_meter.bytes and fast_meter.lines == full_meter.lines
            produced += len(fast)
    assert produced > 40
    if os.path.isdir(TRANSCRIPTS):
        assert any("marot-spotter" in f for f in files)


def _decoded_lines(module, path, prefilter, monkeypatch):
    """How many lines the reader handed to the JSON decoder."""
    from stalegreen.replay import lines

    count = [0]
    original = lines.decode_line

    def counting(line):
        count[0] += 1
        return original(line)

    with monkeypatch.context() as patch:
        patch.setattr(lines, "decode_line", counting)
        list(module.read(path, "s", prefilter=prefilter))
    return count[0]


def test_the_claude_filter_leaves_most_lines_of_a_real_transcript_undecoded(monkeypatch):
    path = os.path.join(TRANSCRIPTS, "claude", "marot-spotter",
                        "4d5611e5-241a-462a-8d15-5122611a9569.part1-of-2.jsonl")
    if not os.path.exists(path):
        pytest.skip("../shared/data/transcripts is absent")
    fast, full = _decoded_lines(claude, path, True, monkeypatch), _decoded_lines(claude, path, False, monkeypatch)
    assert full > 500 and fast * 3 < full, (fast, full)


def test_a_replay_gives_the_same_verdicts_and_receipts_with_and_without_the_filters(tmp_path, monkeypatch):
    homes = _lay_out_every_transcript(tmp_path)
    for variable, harness in (("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex"), ("DSH_HOME", "dsh")):
        monkeypatch.setenv(variable, str(homes[harness]))
    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "sg"))
    sources = [s for s in run.discover("all") if not s.skipped]
    assert len(sources) >= 4
    verdicts = 0
    for source in sources:
        outcomes = []
        for prefilter in (True, False):
            replayed = run.replay(source, prefilter=prefilter)
            outcomes.append(json.dumps([replayed.verdicts, replayed.receipts, replayed.runs, replayed.info,
                                        replayed.errors, replayed.tool_calls, replayed.edits,
                                        replayed.first_ts, replayed.last_ts], sort_keys=True, default=str))
        assert outcomes[0] == outcomes[1], source
        verdicts += outcomes[0].count('"verdict"')
    assert verdicts > 0


# ---------------------------------------------------------------- rows laid out in odd ways

def _claude_rows(rng):
    """A Claude session whose rows vary in key order, spacing and escaping: what a filter
    reading raw bytes could misjudge."""
    rows, ts = [], "2026-11-29T10:%02d:%02d.000Z"
    tick = [0]

    def stamp():
        tick[0] += 1
        return ts % divmod(tick[0], 60)

    for turn in range(rng.randint(1, 4)):
        rows.append({"type": "user", "message": {"role": "user", "content": "run the tests %d" % turn},
                     "promptId": "p%d" % turn, "uuid": "u%d" % turn, "timestamp": stamp(), "cwd": "/repo"})
        for call in range(rng.randint(0, 4)):
            tool = rng.choice(["Bash", "Bash", "Read", "Edit", "Grep", "TaskOutput"])
            tid = "toolu_%d_%d" % (turn, call)
            tool_input = {"command": rng.choice(["pytest -q", "ls", "pytest | tail -3"])} if tool == "Bash" else \
                {"file_path": "/repo/a.py"} if tool in ("Edit", "Read") else {"task_id": "b1"}
            rows.append({"type": "assistant", "uuid": "a%d%d" % (turn, call), "timestamp": stamp(),
                         "message": {"id": "m%d%d" % (turn, call), "type": "message", "role": "assistant",
                                     "model": "claude-x", "content": [
                                         {"type": "tool_use", "id": tid, "name": tool, "input": tool_input}]}})
            if rng.random() < 0.5:
                rows.append({"type": "progress", "data": {"type": "bash_progress", "message": {
                    "type": "user", "content": [{"type": "tool_result", "tool_use_id": tid}]}},
                    "toolUseID": tid, "timestamp": stamp()})
            output = rng.choice(["3 passed in 0.1s", "Exit code 1\n1 failed, 2 passed", "done ✓"])
            rows.append({"type": "user", "uuid": "r%d%d" % (turn, call), "timestamp": stamp(),
                         "message": {"role": "user", "content": [
                             {"type": "tool_result", "tool_use_id": tid, "content": output,
                              "is_error": output.startswith("Exit")}]},
                         "toolUseResult": {"stdout": output, "stderr": "", "interrupted": False}})
        rows.append({"type": "file-history-snapshot", "snapshot": {"message": {"type": "user"}}})
        rows.append({"type": "assistant", "uuid": "s%d" % turn, "timestamp": stamp(),
                     "message": {"id": "ms%d" % turn, "type": "message", "role": "assistant",
                                 "content": [{"type": "text", "text": "All tests pass."}]}})
    return rows


def _dump(row, rng):
    keys = list(row)
    rng.shuffle(keys)
    separators = rng.choice([(",", ":"), (", ", ": ")])
    return json.dumps(dict((k, row[k]) for k in keys), separators=separators,
                      ensure_ascii=rng.random() < 0.5) + "\n"


def test_the_claude_filter_keeps_every_event_whatever_the_key_order_and_spacing(tmp_path):
    rng = random.Random(16)
    for case in range(60):
        path = tmp_path / ("s%d.jsonl" % case)
        path.write_text("".join(_dump(row, rng) for row in _claude_rows(rng)), encoding="utf-8")
        fast, _ = _events(claude, str(path), True)
        full, _ = _events(claude, str(path), False)
        assert fast == full, path.read_text()


def test_decode_line_is_json_loads():
    lines = [b'{"a":1}\n', b'{"a":"\xff"}', b'{"a":1} x', b"{", b'\xef\xbb\xbf{"a":1}', b' {"a":1}',
             b'{"a":"\xed\xa0\x80"}', '{"a":1}'.encode("utf-16-le"), b'{"a": NaN}\r\n', b"\n", b"[1]"]
    for line in lines:
        try:
            expected = ("value", repr(json.loads(line)))
        except ValueError as exc:
            expected = ("error", type(exc), str(exc))
        try:
            got = ("value", repr(decode_line(line)))
        except ValueError as exc:
            got = ("error", type(exc), str(exc))
        assert got == expected, line


# ---------------------------------------------------------------- rows written to mislead a raw-bytes filter

_CALL = ('{"type":"assistant","uuid":"a1","timestamp":"2026-11-29T10:00:01.000Z","message":{"id":"m1",'
         '"role":"assistant","model":"claude-x","content":[{"type":"tool_use","id":"toolu_1","name":"Bash",'
         '"input":{"command":"pytest -q"}}]}}')
_RESULT = ('{"type":"user","uuid":"r1","timestamp":"2026-11-29T10:00:02.000Z","message":{"role":"user",'
           '"content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"3 passed in 0.1s"}]},'
           '"toolUseResult":{"stdout":"3 passed in 0.1s","stderr":"","interrupted":false}}')
_DONE = ('{"type":"assistant","uuid":"a2","timestamp":"2026-11-29T10:00:03.000Z","message":{"id":"m2",'
         '"role":"assistant","content":[{"type":"text","text":"All tests pass."}]}}')

# Each row below is a user prompt or an assistant message whose raw bytes show a "type" of a row
# the reader ignores somewhere a careless filter would look first.
MISLEADING_ROWS = {
    "a nested progress type before the row's own": '{"meta":{"type":"progress"},"type":"user",'
                                                    '"message":{"role":"user","content":"run the tests"},'
                                                    '"promptId":"p1","timestamp":"2026-11-29T10:00:00.000Z"}',
    "a key ending in an escaped quote and type": '{"x\\"type":"progress","type":"user",'
                                                 '"message":{"role":"user","content":"run the tests"},'
                                                 '"promptId":"p1","timestamp":"2026-11-29T10:00:00.000Z"}',
    "spaces around the colon": '{"type" : "user", "message": {"role": "user", "content": "run the tests"}, '
                               '"promptId": "p1", "data": {"type":"progress"}, '
                               '"timestamp": "2026-11-29T10:00:00.000Z"}',
    "the key spelled with a unicode escape": '{"\\u0074ype":"user","message":{"role":"user",'
                                             '"content":"run the tests"},"promptId":"p1",'
                                             '"timestamp":"2026-11-29T10:00:00.000Z"}',
    "the value spelled with a unicode escape": '{"type":"\\u0075ser","message":{"role":"user",'
                                               '"content":"run the tests"},"promptId":"p1",'
                                               '"timestamp":"2026-11-29T10:00:00.000Z"}',
    "a value's letter escaped in upper-case hex": '{"type":"usEr","x":0,"message":{"role":"user",'
                                                  '"content":"run the tests"},"promptId":"p1",'
                                                  '"timestamp":"2026-11-29T10:00:00.000Z"}'.replace(
                                                      "usEr", "user").replace('"x":0', '"k":"\\u006E"'),
    "the row's type after a nested message": '{"message":{"role":"user","content":"run the tests",'
                                             '"type":"progress"},"type":"user","promptId":"p1",'
                                             '"timestamp":"2026-11-29T10:00:00.000Z"}',
    "a type string inside a text value": '{"message":{"role":"user","content":"say \\"type\\":\\"progress\\" '
                                         'twice"},"promptId":"p1","type":"user",'
                                         '"timestamp":"2026-11-29T10:00:00.000Z"}',
}


@pytest.mark.parametrize("case", sorted(MISLEADING_ROWS))
def test_a_row_whose_bytes_mislead_is_decoded_not_dropped(tmp_path, case):
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join([MISLEADING_ROWS[case], _CALL, _RESULT, _DONE]) + "\n", encoding="utf-8")
    assert json.loads(MISLEADING_ROWS[case])["type"] == "user"       # what the full decode reads
    fast, _ = _events(claude, str(path), True)
    full, _ = _events(claude, str(path), False)
    assert fast == full
    kinds = [claude_event.kind for claude_event in claude.read(str(path), "s")]
    assert kinds[0] == ev.PROMPT and ev.STOP in kinds


def test_rows_of_ignored_types_are_dropped_undecoded_when_their_bytes_prove_it(tmp_path, monkeypatch):
    """Progress and snapshot rows, their own type first (as Claude Code writes them) or holding
    no "user"/"assistant" string at all, are never decoded, nested user messages or not."""
    ignored = [
        '{"parentUuid":null,"isSidechain":false,"cwd":"/repo","type":"progress","data":{"type":"agent_progress",'
        '"message":{"type":"user","message":{"role":"user","content":"pytest"}}},"uuid":"p1"}',
        '{"type":"file-history-snapshot","messageId":"m","snapshot":{"message":{"type":"user"}}}',
        '{"data":{"type":"hook_progress","command":"pytest"},"type":"progress","uuid":"p2"}',
        '{"type" : "system", "subtype": "x"}',
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(ignored + [_CALL, _RESULT, _DONE]) + "\n", encoding="utf-8")
    assert _decoded_lines(claude, str(path), True, monkeypatch) == 3
    assert _decoded_lines(claude, str(path), False, monkeypatch) == 7
    fast, _ = _events(claude, str(path), True)
    assert fast == _events(claude, str(path), False)[0] and len(fast) == 3


def test_only_a_row_naming_no_user_or_assistant_string_however_escaped_passes_the_blind_check():
    assert claude._names_no_read_type(b'{"type":"system","note":"users","quoted":"say \\"user\\""}')
    assert not claude._names_no_read_type(b'{"type":"system","note":"user"}')
    assert not claude._names_no_read_type(b'{"type":"system","note":"us\\u0065r"}')
    assert not claude._names_no_read_type(b'{"\\u0074ype":"\\u0061ssistant"}')
    assert not claude._names_no_read_type(b'{"type": "user"}')
    assert claude._names_no_read_type(b'{"type":"progress","data":{"out":"\\u001b[0m users"}}')


def _own(line):
    return own_type(line)


def test_a_rows_own_type_is_read_only_where_its_first_bytes_prove_it():
    assert _own(b'{"a":1,"type":"progress","data":{"type":"user"}}') == b"progress"
    assert _own(b'{"type":"user","message":{"type":"message"}}') == b"user"
    assert _own(b'{"type":""}') == b""
    # a nested object or list comes first: the first "type" may be theirs
    assert _own(b'{"message":{"id":"m","type":"message"},"type":"assistant"}') is None
    assert _own(b'{"a":[1],"type":"progress"}') is None
    # the "type" ends a key holding an escaped quote; the value is escaped; the row is not an object
    assert _own(b'{"x\\"type":"progress","type":"user"}') is None
    assert _own(b'{"type":"us\\u0065r"}') is None
    assert _own(b' {"type":"progress"}') is None
    assert _own(b'["type","a"]') is None
    assert _own(b'{"a":1}') is None
    assert _own(b'{"type":"unterminated') is None
    assert _own(b'') is None
    for line in (b'{"a":1,"type":"progress","data":{"type":"user"}}', b'{"t":"x","type":"user","m":[1]}'):
        assert _own(line) == json.loads(line)["type"].encode()


_CODEX_TURN = ('{"timestamp":"2026-11-29T10:00:00.000Z","type":"turn_context","payload":{"turn_id":"t1",'
               '"cwd":"/repo","model":"gpt-x"}}')
_CODEX_CALL = ('{"timestamp":"2026-11-29T10:00:01.000Z","type":"response_item","payload":{"type":"function_call",'
               '"name":"shell","call_id":"c1","arguments":"{\\"command\\":[\\"pytest\\",\\"-q\\"]}"}}')
_CODEX_END = ('{"timestamp":"2026-11-29T10:00:02.000Z","type":"event_msg","payload":{"type":"exec_command_end",'
              '"call_id":"c1","exit_code":0,"aggregated_output":"3 passed"}}')
_CODEX_SAID = ('{"timestamp":"2026-11-29T10:00:03.000Z","type":"event_msg","payload":{"type":"task_complete",'
               '"last_agent_message":"All tests pass."}}')
CODEX_MISLEADING = {
    "a nested reasoning type first": '{"timestamp":"2026-11-29T10:00:04.000Z","meta":{"type":"reasoning"},'
                                     '"type":"event_msg","payload":{"type":"task_started","turn_id":"t2"}}',
    "reasoning named after the payload": '{"timestamp":"2026-11-29T10:00:04.000Z","type":"event_msg",'
                                         '"payload":{"type":"task_started","turn_id":"t2"},'
                                         '"note":{"type":"reasoning"}}',
    "a payload key before its type": '{"timestamp":"2026-11-29T10:00:04.000Z","type":"event_msg","payload":'
                                     '{"kind":{"type":"token_count"},"type":"task_started","turn_id":"t2"}}',
    "a turn context whose payload says reasoning": '{"timestamp":"2026-11-29T10:00:04.000Z","type":"turn_context",'
                                                   '"payload":{"type":"reasoning","turn_id":"t2","cwd":"/repo"}}',
}


@pytest.mark.parametrize("case", sorted(CODEX_MISLEADING))
def test_a_codex_row_whose_bytes_mislead_is_decoded_not_dropped(tmp_path, case):
    noise = ('{"timestamp":"2026-11-29T10:00:00.500Z","type":"response_item","payload":{"type":"reasoning",'
             '"summary":[],"encrypted_content":"gAAA"}}')
    path = tmp_path / "rollout.jsonl"
    path.write_text("\n".join([_CODEX_TURN, noise, _CODEX_CALL, _CODEX_END, _CODEX_SAID, CODEX_MISLEADING[case]])
                    + "\n", encoding="utf-8")
    fast, _ = _events(codex, str(path), True)
    full, _ = _events(codex, str(path), False)
    assert fast == full
    kinds = [e.kind for e in codex.read(str(path), "s")]
    assert kinds.count(ev.PROMPT) == 2 and ev.POST_SHELL in kinds
    assert codex._noise(noise.encode()) and not codex._noise(CODEX_MISLEADING[case].encode())


# ---------------------------------------------------------------- results of tools the reader does not follow

def _row(**fields):
    """A Claude row as Claude Code writes it: its own keys first, its type, then its message."""
    head = dict(parentUuid=None, isSidechain=False, userType="external", cwd=fields.pop("cwd", "/repo"),
                sessionId="s", version="2.1.39")
    head.update(fields)
    return json.dumps(head, separators=(",", ":"), ensure_ascii=False)


def _assistant(mid, *blocks, **fields):
    return _row(type="assistant", message={"id": mid, "role": "assistant", "model": "claude-x",
                                           "content": list(blocks)}, uuid="a" + mid, **fields)


def _tool_use(tid, name, **tool_input):
    return {"type": "tool_use", "id": tid, "name": name, "input": tool_input}


def _results(*blocks, **fields):
    return _row(type="user", message={"role": "user", "content": list(blocks)}, **fields)


def _result(tid, text):
    return {"tool_use_id": tid, "type": "tool_result", "content": text}


READ_CALL = _assistant("m1", _tool_use("toolu_read", "Read", file_path="/repo/a.py"),
                       _tool_use("toolu_bash", "Bash", command="pytest -q"))
UNFOLLOWED_RESULTS = {
    # a prompt whose own object names a result of an unfollowed call
    "a prompt naming a result": [READ_CALL, _row(type="user", meta={"type": "tool_result", "tool_use_id": "toolu_read"},
                                                message={"role": "user", "content": "run the tests"}, promptId="p2")],
    # the result of the Read says the agent is now elsewhere: later events carry that folder
    "a result in another folder": [READ_CALL, _results(_result("toolu_read", "x = 1"), cwd="/repo/api"),
                                   _row(type="user", message={"role": "user", "content": [
                                       _result("toolu_bash", "3 passed")]}, toolUseResult={"stdout": "3 passed"})
                                   .replace('"cwd":"/repo",', "")],
    # the message before the result ended with words only: the Stop is read where the result comes
    "a result after a final message": [_assistant("m0", {"type": "text", "text": "All tests pass."}),
                                       _results(_result("toolu_read", "x = 1"), cwd="/repo/api"),
                                       _row(type="user", message={"role": "user", "content": "next"}, promptId="p2",
                                            cwd="/elsewhere")],
    # a second block answers the Bash call, its key spelled with an escape or spaced
    "an escaped key in a second block": [READ_CALL, _results(_result("toolu_read", "x = 1"), _result("toolu_bash", "3 passed"))
                                         .replace('"tool_use_id":"toolu_bash"', '"tool_\\u0075se_id":"toolu_bash"')],
    "a spaced key in a second block": [READ_CALL, _results(_result("toolu_read", "x = 1"), _result("toolu_bash", "3 passed"))
                                       .replace('"tool_use_id":"toolu_bash"', '"tool_use_id" : "toolu_bash"')],
    # a call id that is not ASCII
    "an id that is not ASCII": [_assistant("m1", _tool_use("töolu_1", "Bash", command="pytest -q")),
                                _results(_result("töolu_1", "3 passed"))],
    # the same message goes on after the result: it is a new message for the reader all the same
    "a message that goes on after a result": [_assistant("m1", _tool_use("toolu_read", "Read", file_path="/repo/a.py")),
                                              _results(_result("toolu_read", "x = 1")),
                                              _assistant("m1", {"type": "text", "text": "All tests pass."})],
    # an inline sidechain's result, then the main agent's
    "a sidechain result": [READ_CALL, _results(_result("toolu_read", "x = 1"), isSidechain=True, cwd="/side"),
                           _results(_result("toolu_bash", "3 passed"))],
}


@pytest.mark.parametrize("case", sorted(UNFOLLOWED_RESULTS))
def test_a_result_row_is_dropped_only_when_decoding_it_would_change_nothing(tmp_path, case):
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(UNFOLLOWED_RESULTS[case]) + "\n", encoding="utf-8")
    fast, fast_info = _events(claude, str(path), True)
    full, full_info = _events(claude, str(path), False)
    assert fast == full and fast_info == full_info
    assert full, "the case makes no event: it tests nothing"


def test_results_of_unfollowed_calls_are_dropped_undecoded(tmp_path, monkeypatch):
    rows = [READ_CALL, _results(_result("toolu_read", "x = 1\n" * 200)), _results(_result("toolu_bash", "3 passed")),
            _assistant("m2", {"type": "text", "text": "All tests pass."})]
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert _decoded_lines(claude, str(path), True, monkeypatch) == 3
    kinds = [e.kind for e in claude.read(str(path), "s")]
    assert kinds == [ev.PRE_SHELL, ev.POST_SHELL, ev.STOP]
