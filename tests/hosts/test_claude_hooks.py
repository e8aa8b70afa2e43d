"""Whole Claude Code sessions through the hook entry: real pytest runs in a real git repo."""

import json
import os
import shutil

import pytest

from driver import ClaudeSession, read_store

FAILING = "from calc import add\n\n\ndef test_add():\n    assert add(2, 2) == 5\n"


def write_config(home, **values):
    os.makedirs(str(home), exist_ok=True)
    with open(os.path.join(str(home), "config.json"), "w") as fh:
        json.dump(values, fh)


def verdicts(home, s):
    return [v for record in read_store(home, s.session_id, "verdicts") for v in record["verdicts"]]


def test_run_then_claim_is_fresh_and_allowed(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    reply, code, output = s.bash(suite_cmd)
    assert "updatedInput" in reply["hookSpecificOutput"], "a verification command is rewritten"
    assert code == 0
    assert "[stalegreen] exit=0 receipt=r-0001" in output
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert [(r["id"], r["verdict"], r["counts"].get("passed"), r["wrapped"]) for r in receipts] == [
        ("r-0001", "pass", 3, True)]
    assert s.stop("All 3 tests pass.") is None
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["FRESH"]


def test_edit_after_run_blocks_once_citing_receipt_then_rerun_allows(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.edit("calc.py", "def add(a, b):\n    return b + a\n\n\ndef sub(a, b):\n    return a - b\n", tool="Edit")
    reply = s.stop("Done. All 3 tests pass.")
    assert reply["decision"] == "block"
    reason = reply["reason"]
    assert "is stale" in reason and "r-0001" in reason and "calc.py" in reason
    assert "3 passed" in reason and "Rerun" in reason
    # a second stop in the same turn is allowed, never trapped
    assert s.stop("Done. All 3 tests pass.", active=True) is None
    # the agent reruns in the same turn: fresh again
    s.bash(suite_cmd)
    assert s.stop("Reran: all 3 tests pass.", active=True) is None
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["STALE", "STALE", "FRESH"]
    assert [v["action"] for v in verdicts(sg_home, s)] == ["blocked", "allowed", "allowed"]


def test_masked_failing_run_is_unmasked_and_claim_blocked_as_failed(project, sg_home, suite_cmd):
    (project / "test_calc.py").write_text(FAILING)
    s = ClaudeSession(project)
    reply, code, output = s.bash(suite_cmd + " | tail -5")
    assert code == 1, "the wrapped line keeps the runner's exit status"
    assert "[stalegreen] exit=1" in output
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert receipts[0]["verdict"] == "fail" and receipts[0]["exit"] == 1
    assert receipts[0]["counts"].get("failed") == 1
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block"
    assert "does not match the latest run" in reply["reason"] and "1 failed" in reply["reason"]


def test_unwrapped_masked_run_blocks_as_masked(project, sg_home, suite_cmd):
    write_config(sg_home, mode="off")
    s = ClaudeSession(project)
    reply, code, output = s.bash(suite_cmd + " | grep -c passed")
    assert reply is None, "mode off never rewrites"
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert receipts[0]["masked"] is True and receipts[0]["verdict"] == "inconclusive"
    reply = s.stop("The test suite passes.")
    assert reply["decision"] == "block" and "has no recorded result" in reply["reason"]
    assert "a pipe into grep" in reply["reason"]
    assert "Run `%s` without the pipe" % suite_cmd in reply["reason"], "the rerun command is the clean one"


def test_no_run_allows_and_strict_no_evidence_blocks(project, sg_home):
    s = ClaudeSession(project)
    assert s.stop("All tests pass.") is None
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["NONE"]
    write_config(sg_home, strictNoEvidence=True)
    s2 = ClaudeSession(project)
    reply = s2.stop("All tests pass.")
    assert reply["decision"] == "block" and "no verification run" in reply["reason"]


def test_advisory_records_but_never_blocks(project, sg_home, suite_cmd):
    write_config(sg_home, policy="advisory")
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.edit("calc.py", "def add(a, b):\n    return a + b + 0\n\n\ndef sub(a, b):\n    return a - b\n")
    assert s.stop("All tests pass.") is None
    assert [(v["verdict"], v["action"]) for v in verdicts(sg_home, s)] == [("STALE", "advisory")]


def test_heredoc_edit_is_caught_by_the_fingerprint(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.bash("cat > calc.py <<'EOF'\ndef add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return b - a\nEOF")
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "stale" in reply["reason"]


def test_doc_edit_and_commit_keep_evidence_fresh(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.edit("README.md", "# calc\n")
    s.bash("git add -A && git -c user.name=t -c user.email=t@t commit -qm docs")
    assert s.stop("All 3 tests pass.") is None
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["FRESH"]


def test_background_run_is_deferred_then_resolved_by_task_notification(project, sg_home, suite_cmd):
    (project / "test_calc.py").write_text(FAILING)
    s = ClaudeSession(project)
    s.bash(suite_cmd, background=True)
    assert s.stop("Tests are running in the background; all tests pass so far.") is None
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["DEFERRED"]
    assert s.finish_background() == 1
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and "failed" in reply["reason"]


def test_subagent_runs_are_evidence_for_the_parent(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd, agent="a7e83c305360f1241")
    assert s.stop("Subagent: all 3 tests pass.", agent="a7e83c305360f1241") is None
    assert s.stop("The subagent ran the suite: all tests pass.") is None
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert receipts[0]["agent"] == "a7e83c305360f1241"
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["FRESH", "FRESH"]


def test_subagent_turn_state_is_its_own(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    s.edit("calc.py", "def add(a, b):\n    return a + b  # x\n\n\ndef sub(a, b):\n    return a - b\n")
    assert s.stop("All tests pass.", agent="sub1")["decision"] == "block"
    # the parent's own stop in the same turn is a different guard
    assert s.stop("All tests pass.")["decision"] == "block"


def test_strict_mode_denies_an_unwrappable_masked_command(project, sg_home, suite_cmd):
    write_config(sg_home, mode="strict")
    s = ClaudeSession(project)
    reply, code, reason = s.bash(suite_cmd + " | xargs echo")
    assert reply["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "Run `%s` without the pipe" % suite_cmd in reason


def test_claim_free_policy_blocks_once_when_code_changed_untested(project, sg_home, suite_cmd):
    write_config(sg_home, claimFree=True)
    s = ClaudeSession(project)
    s.edit("calc.py", "def add(a, b):\n    return a + b + 0\n\n\ndef sub(a, b):\n    return a - b\n")
    reply = s.stop("I changed add.")
    assert reply["decision"] == "block" and "calc.py" in reply["reason"]
    assert s.stop("I changed add.", active=True) is None
    s.new_turn()
    s.bash(suite_cmd)
    assert s.stop("Changed add and ran the tests.") is None


def test_permission_inherit_follows_the_users_rules(project, sg_home, suite_cmd, tmp_path, monkeypatch):
    config_dir = tmp_path / "claude-config"
    config_dir.mkdir()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config_dir))
    monkeypatch.delenv("CLAUDE_PROJECT_DIR", raising=False)
    s = ClaudeSession(project)
    reply, _, _ = s.bash(suite_cmd, execute=False)
    assert reply is None, "no rule: the line goes to Claude unrewritten, Claude's own prompt decides"
    (config_dir / "settings.json").write_text(json.dumps({"permissions": {"allow": ["Bash(%s:*)" % suite_cmd]}}))
    reply, _, _ = s.bash(suite_cmd + " | tail -5", execute=False)
    assert reply["hookSpecificOutput"]["permissionDecision"] == "allow"
    reply, _, _ = s.bash(suite_cmd + " && rm -rf build", execute=False)
    assert reply is None, "rm is not covered by the user's rules: not rewritten"
    (config_dir / "settings.json").write_text(json.dumps({"permissions": {
        "allow": ["Bash(%s:*)" % suite_cmd], "ask": ["Bash(%s:*)" % suite_cmd]}}))
    reply, _, _ = s.bash(suite_cmd, execute=False)
    assert reply is None, "an ask rule wins over allow"


def test_plain_commands_get_no_reply(project, sg_home):
    s = ClaudeSession(project)
    reply, code, _ = s.bash("ls -la")
    assert reply is None and code == 0
    assert read_store(sg_home, s.session_id, "receipts") == []


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1,2]", b'{"hook_event_name": 3}'])
def test_fail_open_on_garbage(raw, sg_home):
    from stalegreen import hook

    out, code = hook.handle_raw("claude", "Stop", raw)
    assert (out, code) == ("", 0)


def test_extra_runner_from_config_is_wrapped_and_judged(project, sg_home):
    write_config(sg_home, extraRunners=[{"match": "^./check\\.sh", "category": "test", "pass": "^ALL OK$",
                                         "fail": "^BROKEN"}])
    script = project / "check.sh"
    script.write_text("#!/bin/sh\necho checking\necho ALL OK\n")
    script.chmod(0o755)
    s = ClaudeSession(project)
    reply, code, output = s.bash("./check.sh | tail -1")
    assert "updatedInput" in reply["hookSpecificOutput"] and code == 0
    receipts = read_store(sg_home, s.session_id, "receipts")
    assert (receipts[0]["category"], receipts[0]["verdict"], receipts[0]["wrapped"]) == ("test", "pass", True)
    assert s.stop("All tests pass.") is None


def test_wrapped_log_is_capped_at_max_log_bytes(project, sg_home):
    write_config(sg_home, maxLogBytes=4096)
    noisy = project / "test_noisy.py"
    noisy.write_text("def test_noisy():\n    print('x' * 50000)\n    assert True\n")
    s = ClaudeSession(project)
    s.bash('"%s" -m pytest -q -s -p no:cacheprovider test_noisy.py' % __import__("sys").executable)
    receipt = read_store(sg_home, s.session_id, "receipts")[0]
    assert receipt["verdict"] == "pass" and receipt["wrapped"]
    with open(receipt["log"]) as fh:
        text = fh.read()
    assert len(text) < 4096 + 200 and "log truncated" in text and "1 passed" in text


def test_an_exit_status_the_agent_echoed_counts_for_an_unwrapped_run(project, sg_home, suite_cmd):
    write_config(sg_home, mode="off")
    (project / "test_calc.py").write_text(FAILING)
    s = ClaudeSession(project)
    reply, code, output = s.bash(suite_cmd + ' | tail -3; echo "rc=${PIPESTATUS[0]}"')
    assert reply is None and code == 0 and "rc=1" in output, "the agent saw the failure only in the echo"
    receipt = read_store(sg_home, s.session_id, "receipts")[0]
    assert (receipt["verdict"], receipt["exit"], receipt["masked"]) == ("fail", 1, False)
    assert receipt["signal"].endswith("+exit-from-echo")
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and verdicts(sg_home, s)[0]["verdict"] == "FAILED"


def test_output_redirected_then_read_back_with_an_echoed_exit_is_fresh_evidence(project, sg_home, suite_cmd):
    write_config(sg_home, mode="off")
    s = ClaudeSession(project)
    reply, code, output = s.bash(suite_cmd + ' > run.txt 2>&1; echo "exit=$?"; tail -5 run.txt')
    assert "exit=0" in output and "3 passed" in output
    receipt = read_store(sg_home, s.session_id, "receipts")[0]
    assert (receipt["verdict"], receipt["exit"], receipt["masked"]) == ("pass", 0, False)
    assert s.stop("All 3 tests pass.") is None
    assert verdicts(sg_home, s)[0]["verdict"] == "FRESH"


def test_two_unwrapped_runs_in_one_command_are_judged_on_their_own_output(project, sg_home, suite_cmd):
    write_config(sg_home, mode="off")
    (project / "unit").mkdir()
    (project / "unit" / "test_calc_unit.py").write_text(FAILING)
    s = ClaudeSession(project)
    command = '%s unit; %s test_calc.py' % (suite_cmd.replace(" -q", ""), suite_cmd.replace(" -q", ""))
    reply, code, output = s.bash(command)
    assert reply is None and code == 0 and output.count("test session starts") == 2
    unit, api = read_store(sg_home, s.session_id, "receipts")
    assert (unit["verdict"], unit["counts"]) == ("fail", {"failed": 1})
    assert (api["verdict"], api["exit"], api["counts"]) == ("pass", 0, {"passed": 3})


def test_package_scripts_in_one_unwrapped_command_each_get_their_own_output(project, sg_home):
    npm = shutil.which("npm")
    if not npm or not shutil.which("node"):
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("npm and node are part of the CI machine")
        pytest.skip("npm or node is not installed")
    write_config(sg_home, mode="off")
    (project / "package.json").write_text(json.dumps(
        {"name": "shop", "version": "1.0.0", "scripts": {"lint": "node lint.js", "test": "node --test"}}))
    (project / "lint.js").write_text("")
    (project / "calc.test.js").write_text(
        "const test = require('node:test');\nconst assert = require('node:assert');\n"
        "test('adds', () => assert.strictEqual(1 + 1, 3));\n")
    s = ClaudeSession(project)
    reply, code, output = s.bash("npm run lint && npm test")
    assert reply is None and code == 1 and "> shop@1.0.0 test" in output
    lint, tests = read_store(sg_home, s.session_id, "receipts")
    assert (lint["runner"], lint["via"], lint["exit"]) == ("npm run lint", "node lint.js", 0)
    assert (tests["runner"], tests["via"], tests["exit"], tests["verdict"]) == ("npm test", "node --test", 1, "fail")
    assert tests["counts"].get("failed") == 1


@pytest.mark.slow
def test_a_typecheck_whose_exit_hid_behind_an_error_count_is_judged_by_the_count(project, sg_home):
    from tests.engine.test_real_runners import _js_tool

    tsc = _js_tool("tsc")
    write_config(sg_home, mode="off")
    (project / "tsconfig.json").write_text('{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["src"]}')
    (project / "src").mkdir()
    (project / "src" / "hold.ts").write_text("export const ttl: number = 5;\n")
    s = ClaudeSession(project)
    command = '%s --noEmit -p . 2>&1 | grep -c "error"' % tsc
    reply, code, output = s.bash(command)
    assert reply is None and output.strip() == "0"
    clean = read_store(sg_home, s.session_id, "receipts")[-1]
    assert (clean["category"], clean["verdict"], clean["signal"], clean["masked"]) == (
        "typecheck", "pass", "count-zero", True)
    assert s.stop("tsc is clean.") is None
    (project / "src" / "hold.ts").write_text("export const ttl: number = 'five';\n")
    s.new_turn()
    reply, code, output = s.bash(command)
    broken = read_store(sg_home, s.session_id, "receipts")[-1]
    assert (broken["verdict"], broken["signal"]) == ("fail", "count-nonzero") and output.strip() != "0"
    reply = s.stop("tsc is clean now.")
    assert reply["decision"] == "block" and verdicts(sg_home, s)[-1]["verdict"] == "FAILED"


def test_a_wrapped_runs_fingerprint_is_under_way_while_its_log_is_judged(project, sg_home, suite_cmd, monkeypatch):
    """PostToolUse of a wrapped run starts git before reading and judging the log (they overlap
    on a multi-core machine); the receipt's fingerprint is the tree's, as computed in line."""
    from stalegreen.engine import fingerprint, outputs

    started, seen = [], []
    real_background, real_judge = fingerprint.Background, outputs.judge

    def background(*args, **kwargs):
        started.append(args[0])
        return real_background(*args, **kwargs)

    def judge(*args, **kwargs):
        seen.append(len(started))
        return real_judge(*args, **kwargs)

    monkeypatch.setattr(fingerprint, "Background", background)
    monkeypatch.setattr(outputs, "judge", judge)
    s = ClaudeSession(project)
    s.bash(suite_cmd)
    (receipt,) = read_store(sg_home, s.session_id, "receipts")
    assert started == [str(project)] and seen and seen[0] == 1
    assert receipt["verdict"] == "pass" and receipt["fingerprint"]["available"]
    assert receipt["fingerprint"]["tree"] == fingerprint.compute(str(project))["tree"]


def test_the_stops_fingerprint_is_under_way_while_the_claims_are_read(project, sg_home, suite_cmd, monkeypatch):
    """Stop with a likely claim and a passing receipt starts git before the claims reader runs;
    the verdict is the one the fingerprint computed in line gives (FRESH)."""
    from stalegreen.engine import claims, fingerprint

    s = ClaudeSession(project)
    s.bash(suite_cmd)
    started, seen = [], []
    real_background, real_extract = fingerprint.Background, claims.extract

    def background(*args, **kwargs):
        started.append(args[0])
        return real_background(*args, **kwargs)

    def extract(*args, **kwargs):
        seen.append(len(started))
        return real_extract(*args, **kwargs)

    monkeypatch.setattr(fingerprint, "Background", background)
    monkeypatch.setattr(claims, "extract", extract)
    assert s.stop("All 3 tests pass.") is None
    assert started == [str(project)] and seen == [1]
    assert [v["verdict"] for v in verdicts(sg_home, s)] == ["FRESH"]
