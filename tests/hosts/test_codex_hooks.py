"""Whole Codex sessions through the hook entry, and Codex's strict reply schema."""

import json
import os

import pytest

from driver import CodexSession, read_store

FAILING = "from calc import add\n\n\ndef test_add():\n    assert add(2, 2) == 5\n"
SCHEMA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "codex-schemas")

# The keys Codex 0.171 accepts (its schemas say additionalProperties: false everywhere).
ALLOWED = {
    "PreToolUse": ({"continue", "decision", "hookSpecificOutput", "reason", "stopReason", "suppressOutput",
                    "systemMessage"},
                   {"additionalContext", "hookEventName", "permissionDecision", "permissionDecisionReason",
                    "updatedInput"}),
    "Stop": ({"continue", "decision", "reason", "stopReason", "suppressOutput", "systemMessage"}, set()),
}


def check_codex_reply(event_name, reply):
    """Fail on any key Codex would reject (then it drops the whole reply)."""
    top, inner = ALLOWED["Stop" if event_name in ("Stop", "SubagentStop") else event_name]
    assert set(reply) <= top, reply
    if "hookSpecificOutput" in reply:
        assert set(reply["hookSpecificOutput"]) <= inner, reply


def replies(s):
    return [(name, reply) for name, _payload, reply, _code in s.log]


def test_rewrite_with_allow_in_bypass_mode_and_exit_from_exit_file(project, sg_home, suite_cmd):
    (project / "test_calc.py").write_text(FAILING)
    s = CodexSession(project)
    reply, code, output = s.bash(suite_cmd + " | tail -5")
    hso = reply["hookSpecificOutput"]
    assert hso["permissionDecision"] == "allow" and "__sg_" in hso["updatedInput"]["command"]
    assert code == 1 and "[stalegreen] exit=1" in output
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert (receipts[0]["verdict"], receipts[0]["exit"], receipts[0]["wrapped"]) == ("fail", 1, True)
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "r-0001" in reply["reason"]
    for name, r in replies(s):
        if r is not None:
            check_codex_reply(name, r)


def test_default_mode_leaves_command_alone_and_reads_the_summary(project, sg_home, suite_cmd):
    s = CodexSession(project, permission_mode="default")
    reply, code, output = s.bash(suite_cmd)
    assert reply is None, "no allow means no rewrite on Codex: never widen what the line could do"
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert receipts[0]["exit"] is None, "Codex reports no exit status"
    assert receipts[0]["verdict"] == "pass" and receipts[0]["counts"]["passed"] == 3
    assert receipts[0]["unwrapped"] == "no-allow"
    assert s.stop("All 3 tests pass.") == {}


def test_exit_code_header_is_parsed(project, sg_home, suite_cmd):
    (project / "test_calc.py").write_text(FAILING)
    s = CodexSession(project, permission_mode="default")
    s.bash(suite_cmd, header=True)
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert (receipts[0]["exit"], receipts[0]["verdict"]) == (1, "fail")


def test_apply_patch_makes_evidence_stale(project, sg_home, suite_cmd):
    s = CodexSession(project)
    s.bash(suite_cmd)
    s.apply_patch("calc.py", "    return a - b", "    return -(b - a)")
    edits = read_store(sg_home, s.session_id, "edits")
    assert [os.path.basename(e["path"]) for e in edits] == ["calc.py"]
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "calc.py" in reply["reason"]


def test_once_per_category_per_turn_even_for_a_model_that_always_claims(project, sg_home, suite_cmd):
    (project / "test_calc.py").write_text(FAILING)
    s = CodexSession(project)
    s.bash(suite_cmd)
    first = s.stop("All tests pass and lint passes.")
    assert first["decision"] == "block"
    for _ in range(5):   # Codex has no cap of its own
        assert s.stop("All tests pass and lint passes.", active=True) == {}
    s.new_turn()
    assert s.stop("All tests pass.")["decision"] == "block", "a new turn gets its own guard"


def test_typecheck_claim_in_subagent(project, sg_home):
    s = CodexSession(project)
    assert s.stop("Typecheck is clean.", agent="01a22892-6ba5") == {}


def test_fail_open_stop_prints_empty_json(sg_home):
    from stalegreen import hook

    for raw in (b"", b"{broken", b"[]"):
        assert hook.handle_raw("codex", "Stop", raw) == ("{}", 0)
    assert hook.handle_raw("codex", "PreToolUse", b"{broken") == ("", 0)


@pytest.mark.skipif(not os.path.isdir(SCHEMA_DIR), reason="Codex schemas (tests/hosts/fixtures/codex-schemas) not present")
def test_allowed_keys_match_the_real_codex_schemas():
    for event_name, filename in (("PreToolUse", "pre-tool-use.command.output.schema.json"),
                                 ("Stop", "stop.command.output.schema.json")):
        with open(os.path.join(SCHEMA_DIR, filename)) as fh:
            schema = json.load(fh)
        top, inner = ALLOWED[event_name]
        assert set(schema["properties"]) == top
        if inner:
            definition = schema["definitions"]["PreToolUseHookSpecificOutputWire"]
            assert set(definition["properties"]) == inner


def test_exit_status_is_read_from_the_rollout_when_the_payload_has_none(tmp_path):
    from stalegreen.hosts import codex

    rollout = tmp_path / "rollout.jsonl"
    lines = [
        {"type": "response_item", "payload": {"type": "function_call", "name": "exec_command", "call_id": "call_1"}},
        {"type": "event_msg", "payload": {"type": "item_completed", "item": {
            "type": "CommandExecution", "id": "call_1", "exit_code": 3, "status": "failed"}}},
        {"type": "event_msg", "payload": {"type": "exec_command_end", "call_id": "call_2", "exit_code": 0}},
    ]
    rollout.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert codex.exit_from_rollout(str(rollout), "call_1") == 3
    assert codex.exit_from_rollout(str(rollout), "call_2") == 0
    assert codex.exit_from_rollout(str(rollout), "call_9") is None
    assert codex.exit_from_rollout(str(tmp_path / "missing.jsonl"), "call_1") is None
    event = codex.to_event("PostToolUse", {
        "session_id": "s", "turn_id": "t", "cwd": str(tmp_path), "transcript_path": str(rollout),
        "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "pytest"},
        "tool_response": "1 failed in 0.1s\n", "tool_use_id": "call_1"})
    assert event.exit_code == 3
