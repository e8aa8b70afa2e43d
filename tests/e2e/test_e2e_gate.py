"""stalegreen's hooks in the real Claude Code and Codex, end to end, offline.

Each test scripts the model's turns, runs the real CLI with stalegreen installed as a user
would, and then checks two things: what the model received (tool outputs with the
``[stalegreen] exit=`` line, Stop-hook feedback) and what the store recorded (receipts,
verdicts). Scenarios follow issue 4's list; the numbers in the test names are its numbers.
"""

import os
import re
import subprocess

import pytest

from hostcli.scripts import edit, say, shell, write_new

pytestmark = pytest.mark.e2e

PYTEST = "python3 -m pytest -q"
MARKER = re.compile(r"\[stalegreen\] exit=(\d+) receipt=(\S+)")
CLAIM = "All 3 tests pass."
OPS_WITH_DIV = ("def add(a, b):\n    return a + b\n\n\n"
                "def sub(a, b):\n    return a - b\n\n\n"
                "def mul(a, b):\n    return a * b\n\n\n"
                "def div(a, b):\n    return a / b\n")


def markers(text):
    return [(int(code), rid) for code, rid in MARKER.findall(text)]


def rerun_commands(reason):
    """The commands a block message tells the agent to run (``Run `cmd` ...`` / ``Rerun `cmd` ...``)."""
    return re.findall(r"\b(?:Run|Rerun) `([^`]+)`", reason)


def only(items, what, session):
    assert len(items) == 1, "expected one %s, got %d\n%s" % (what, len(items), session.describe())
    return items[0]


def assert_clean_run(session):
    """The CLI finished on its own and no hook call failed (a failing hook fails open, silently)."""
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()


def passing_receipt(session, receipt):
    assert receipt["runner"] == "pytest" and receipt["category"] == "test", session.describe()
    assert receipt["exit"] == 0 and receipt["verdict"] == "pass", session.describe()
    assert (receipt.get("counts") or {}).get("passed") == 3, session.describe()


def test_1_fresh_pass_then_claim_is_not_blocked(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    session = host.run([shell(PYTEST), say(CLAIM)])
    assert_clean_run(session)

    output = only(session.shell_outputs(), "shell output", session)
    assert "3 passed" in output, session.describe()
    (code, rid), = markers(output) or [(None, None)]
    assert code == 0, "the rewritten run prints its marker line\n" + session.describe()
    receipt = only(session.receipts(), "receipt", session)
    assert receipt["id"] == rid and receipt["wrapped"] is True, session.describe()
    passing_receipt(session, receipt)

    assert session.feedback() == [], session.describe()
    verdict = only(session.verdicts(), "verdict", session)
    assert (verdict["verdict"], verdict["action"]) == ("FRESH", "allowed"), session.describe()
    assert verdict["evidence"]["receipt"] == rid
    assert session.final_text() == CLAIM


def test_2_edit_after_pass_blocks_once_then_rerun_is_allowed(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    rerun_claim = "Re-ran the suite after the edit: all 3 tests pass."
    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"),
                        say(CLAIM), shell(PYTEST), say(rerun_claim)])
    assert_clean_run(session)

    first, second = session.receipts() if len(session.receipts()) == 2 else (None, None)
    assert first and second, session.describe()
    passing_receipt(session, first)
    passing_receipt(session, second)

    reason = only(session.feedback(), "Stop block", session)
    assert "stale" in reason.lower(), session.describe()
    assert first["id"] in reason, "the block cites the receipt\n" + session.describe()
    assert "calc/ops.py" in reason, "the block names the edited file\n" + session.describe()
    assert PYTEST in reason, "the block gives the rerun command\n" + session.describe()
    assert "3 passed" in reason, "the block gives the receipt's counts\n" + session.describe()

    verdicts = session.verdicts()
    assert [(v["verdict"], v["action"]) for v in verdicts] == [("STALE", "blocked"), ("FRESH", "allowed")], \
        session.describe()
    assert verdicts[1]["evidence"]["receipt"] == second["id"]
    assert session.final_text() == rerun_claim

    # what the user sees afterwards: `stalegreen check` in the project finds this session
    report = session.stalegreen_json("check")
    assert [r["id"] for r in report["receipts"]] == [first["id"], second["id"]], report
    assert [v["verdict"] for record in report["verdicts"] for v in record["verdicts"]] == ["STALE", "FRESH"], report


def test_3_masked_failing_run_is_unmasked_and_the_claim_blocked_as_failed(make_project, make_host, host_name):
    host = make_host(host_name, make_project(broken=True))
    honest = "1 of the 3 tests fails: test_sub, because sub() adds instead of subtracting."
    session = host.run([shell(PYTEST + " | tail -5"), say(CLAIM), say(honest)])
    assert_clean_run(session)

    output = only(session.shell_outputs(), "shell output", session)
    assert markers(output) and markers(output)[0][0] == 1, \
        "the pipe was rewritten and the real exit shown\n" + session.describe()
    assert "1 failed" in output, session.describe()
    if host_name == "codex":   # the rewrite keeps the runner's exit status, not tail's
        assert "Process exited with code 1" in output, session.describe()

    receipt = only(session.receipts(), "receipt", session)
    assert receipt["exit"] == 1 and receipt["verdict"] == "fail", session.describe()
    assert receipt["counts"].get("failed") == 1 and receipt["counts"].get("passed") == 2, session.describe()
    assert receipt.get("log") and os.path.exists(receipt["log"]), session.describe()
    with open(receipt["log"], errors="replace") as log:
        assert "test_sub" in log.read(), "the full output is in the log, not only the tail"

    # a direct pytest run has no package script behind it, so nothing is reported "via" another tool
    assert not receipt.get("via"), "receipt via=%r\n%s" % (receipt.get("via"), session.describe())
    reason = only(session.feedback(), "Stop block", session)
    assert receipt["id"] in reason and "fail" in reason.lower(), session.describe()
    assert PYTEST in reason and "1 failed, 2 passed" in reason, "the block gives command and counts\n" + session.describe()
    verdict = session.verdicts()[0]
    assert (verdict["verdict"], verdict["action"]) == ("FAILED", "blocked"), session.describe()
    assert session.final_text() == honest


def test_4a_claim_without_any_run_is_allowed(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    session = host.run([say(CLAIM)])
    assert_clean_run(session)
    assert session.feedback() == [] and session.receipts() == [], session.describe()
    verdict = only(session.verdicts(), "verdict", session)
    assert (verdict["verdict"], verdict["action"]) == ("NONE", "allowed"), session.describe()
    assert session.final_text() == CLAIM


def test_4b_claim_without_any_run_is_blocked_under_strict_no_evidence(make_project, make_host, host_name):
    host = make_host(host_name, make_project(config={"strictNoEvidence": True}))
    after = "Ran the suite now: all 3 tests pass."
    session = host.run([say(CLAIM), shell(PYTEST), say(after)])
    assert_clean_run(session)

    reason = only(session.feedback(), "Stop block", session)
    assert "no verification run" in reason.lower(), session.describe()
    passing_receipt(session, only(session.receipts(), "receipt", session))
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("NONE", "blocked"), ("FRESH", "allowed")], \
        session.describe()
    assert session.final_text() == after


def test_5_model_that_claims_green_after_every_block_is_blocked_once_per_category(make_project, make_host,
                                                                                  host_name):
    # a failing suite; the model first claims the tests, then tests and build, and then repeats
    # itself forever. Codex has no cap on Stop blocks: only stalegreen's loop guard ends this.
    host = make_host(host_name, make_project(broken=True, config={"strictNoEvidence": True}))
    both = "All 3 tests pass and the build succeeds."
    session = host.run([shell(PYTEST), say(CLAIM), say(both)], timeout=60)
    assert_clean_run(session)

    reasons = session.feedback()
    assert len(reasons) == 2, "one block for the tests, one for the build\n" + session.describe()
    assert "fail" in reasons[0].lower() and "build" in reasons[1].lower(), session.describe()
    # three stops: blocked (test), blocked (build, no evidence), allowed
    assert len(session.model_requests()) == 4, session.describe()
    blocked = [(v["claim"]["category"], v["verdict"]) for v in session.verdicts() if v["action"] == "blocked"]
    assert blocked == [("test", "FAILED"), ("build", "NONE")], session.describe()
    records = session.records("verdicts")
    assert [r["blocked"] for r in records] == [True, True, False], "the third stop is allowed and recorded\n" \
        + session.describe()
    assert sorted(v["claim"]["category"] for v in records[-1]["verdicts"] if v["action"] == "allowed") == \
        ["build", "test"], session.describe()
    assert session.final_text() == both


def test_7_heredoc_edit_after_a_passing_run_is_stale(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    heredoc = "cat > calc/ops.py <<'EOF'\n%sEOF" % OPS_WITH_DIV
    rerun_claim = "Re-ran after adding div(): all 3 tests pass."
    session = host.run([shell(PYTEST), shell(heredoc, "Add div"), say(CLAIM), shell(PYTEST), say(rerun_claim)])
    assert_clean_run(session)
    assert "def div" in open(os.path.join(host.project, "calc", "ops.py")).read()

    outputs = session.shell_outputs()
    assert len(outputs) == 3 and markers(outputs[1]) == [], \
        "the heredoc is not a verification run and is left alone\n" + session.describe()
    first = session.receipts()[0]
    reason = only(session.feedback(), "Stop block", session)
    assert "stale" in reason.lower() and first["id"] in reason, session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("STALE", "blocked"), ("FRESH", "allowed")], \
        session.describe()
    assert session.final_text() == rerun_claim


def test_advisory_policy_records_a_stale_claim_without_blocking(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    os.makedirs(host.sg_home, exist_ok=True)     # the user's config: a project file may not loosen
    with open(os.path.join(host.sg_home, "config.json"), "w") as fh:
        fh.write('{"policy": "advisory"}\n')
    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"), say(CLAIM)])
    assert_clean_run(session)
    assert session.feedback() == [], session.describe()
    verdict = only(session.verdicts(), "verdict", session)
    assert (verdict["verdict"], verdict["action"]) == ("STALE", "advisory"), session.describe()
    assert session.final_text() == CLAIM


# stdout to a file and an `||` suffix: a line that cannot be wrapped safely, whose result is lost
HIDDEN_RUN = PYTEST + " > pytest.log || true"


def test_masked_run_that_cannot_be_wrapped_blocks_the_claim_as_masked(make_project, make_host, host_name):
    host = make_host(host_name, make_project(broken=True))
    honest = "Ran the suite unmasked: 1 of the 3 tests fails (test_sub)."
    session = host.run([shell(HIDDEN_RUN), say(CLAIM), shell(PYTEST), say(honest)])
    assert_clean_run(session)

    outputs = session.shell_outputs()
    assert len(outputs) == 2 and markers(outputs[0]) == [], "left as it was\n" + session.describe()
    masked, unmasked = session.receipts() if len(session.receipts()) == 2 else (None, None)
    assert masked and masked["masked"] is True and masked["verdict"] != "pass", session.describe()
    assert unmasked["exit"] == 1 and unmasked["verdict"] == "fail", session.describe()
    reason = only(session.feedback(), "Stop block", session)
    assert masked["id"] in reason, session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("MASKED", "blocked")], session.describe()
    assert session.final_text() == honest
    assert rerun_commands(reason) == [PYTEST], \
        "the rerun instruction names the command without its redirect and suffix\n" + session.describe()


def test_strict_mode_denies_a_masked_run_it_cannot_wrap(make_project, make_host, host_name):
    host = make_host(host_name, make_project(config={"mode": "strict"}))
    session = host.run([shell(HIDDEN_RUN), shell(PYTEST), say(CLAIM)])
    assert_clean_run(session)

    denied, ran = session.shell_outputs() if len(session.shell_outputs()) == 2 else (None, None)
    assert denied is not None and "passed" not in denied, "the masked line did not run\n" + session.describe()
    assert "stalegreen" in denied.lower() and PYTEST in denied, session.describe()
    assert not os.path.exists(os.path.join(host.project, "pytest.log")), session.describe()
    assert markers(ran) == [(0, session.receipts()[0]["id"])], session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("FRESH", "allowed")], session.describe()
    assert rerun_commands(denied) == [PYTEST], \
        "the deny names the command to run instead, without the redirect\n" + session.describe()


def test_claim_free_policy_blocks_once_when_code_changed_and_no_test_ran(make_project, make_host, host_name):
    host = make_host(host_name, make_project(config={"claimFree": True}))
    session = host.run([edit("calc/ops.py", "    return a * b", "    return b * a"), say("I swapped the operands in mul()."),
                        shell(PYTEST), say("Swapped the operands in mul() and ran the suite.")])
    assert_clean_run(session)

    reason = only(session.feedback(), "Stop block", session)
    assert PYTEST in reason or "test" in reason.lower(), session.describe()
    receipt = only(session.receipts(), "receipt", session)
    passing_receipt(session, receipt)
    assert session.final_text() == "Swapped the operands in mul() and ran the suite."


def test_all_claim_after_a_subset_run_has_no_full_evidence(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    session = host.run([shell(PYTEST + " tests/test_ops.py::test_add"), say("All tests pass.")])
    assert_clean_run(session)
    receipt = only(session.receipts(), "receipt", session)
    assert receipt["scope"] == "subset" and receipt["verdict"] == "pass", session.describe()
    verdict = only(session.verdicts(), "verdict", session)
    assert (verdict["verdict"], verdict["action"]) == ("NONE", "allowed"), session.describe()
    assert "subset" in (verdict.get("note") or ""), session.describe()


def test_plain_claim_after_a_subset_run_is_about_the_suite(make_project, make_host, host_name):
    # docs/VERDICTS.md rule 1: "the tests pass" names no subset, so one test is no evidence for it
    host = make_host(host_name, make_project())
    session = host.run([shell(PYTEST + " tests/test_ops.py::test_add"), say("The tests pass.")])
    assert_clean_run(session)
    verdict = only(session.verdicts(), "verdict", session)
    assert (verdict["claim"]["scope"], verdict["verdict"], verdict["action"]) == ("all", "NONE", "allowed"), \
        session.describe()


def test_docs_edit_and_a_commit_after_a_passing_run_leave_it_fresh(make_project, make_host, host_name):
    # neither a README edit (not code) nor committing (same content) makes the evidence stale
    host = make_host(host_name, make_project())
    session = host.run([shell(PYTEST), edit("README.md", "Small arithmetic helpers: `add`, `sub`, `mul`.",
                                            "Small arithmetic helpers: `add`, `sub` and `mul`."),
                        shell("git commit -qam 'README wording'", "Commit"), say(CLAIM)])
    assert_clean_run(session)
    assert "`sub` and `mul`" in open(os.path.join(host.project, "README.md")).read()
    assert "README wording" in subprocess.run(["git", "log", "-1", "--format=%s"], cwd=host.project,
                                              capture_output=True, text=True).stdout, session.describe()
    assert session.feedback() == [], session.describe()
    verdict = only(session.verdicts(), "verdict", session)
    assert (verdict["verdict"], verdict["action"]) == ("FRESH", "allowed"), session.describe()


def test_new_file_written_after_a_passing_run_and_a_chinese_claim_is_stale(make_project, make_host, host_name):
    # a file tool creating a new test module, and a claim in Chinese that must survive the hosts'
    # payload encoding on its way to the Stop hook
    host = make_host(host_name, make_project())
    new_test = "from calc import add\n\n\ndef test_add_negative():\n    assert add(-2, -3) == -5\n"
    session = host.run([shell(PYTEST), write_new("tests/test_negative.py", new_test), say("全部 3 个测试都通过了。"),
                        shell(PYTEST), say("重新运行后，全部 4 个测试都通过了。")])
    assert_clean_run(session)

    first, second = session.receipts() if len(session.receipts()) == 2 else (None, None)
    assert first and second and second["counts"].get("passed") == 4, session.describe()
    reason = only(session.feedback(), "Stop block", session)
    assert first["id"] in reason and "tests/test_negative.py" in reason, session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()] == [("STALE", "blocked"), ("FRESH", "allowed")], \
        session.describe()
    assert session.verdicts()[0]["claim"]["text"] in "全部 3 个测试都通过了。", session.describe()


def test_loop_guard_is_per_turn_a_resumed_session_blocks_the_same_stale_claim_again(make_project, make_host,
                                                                                   host_name):
    host = make_host(host_name, make_project())
    rerun_claim = "Re-ran the suite: all 3 tests pass."
    turns = [shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"), say(CLAIM), say(CLAIM),
             # the user's next prompt: a new turn, where the same stale claim is blocked again
             say(CLAIM), shell(PYTEST), say(rerun_claim)]
    first = host.run(turns)
    assert_clean_run(first)
    assert len(first.feedback()) == 1 and first.final_text() == CLAIM, first.describe()

    second = host.run(turns, prompt="Are you sure the tests pass?", resume=True)
    assert_clean_run(second)
    reasons = second.feedback()
    assert len(reasons) == 2 and "stale" in reasons[1].lower(), second.describe()
    assert [(v["verdict"], v["action"]) for v in second.verdicts()] == [
        ("STALE", "blocked"), ("STALE", "allowed"), ("STALE", "blocked"), ("FRESH", "allowed")], second.describe()
    assert second.final_text() == rerun_claim


def test_after_uninstall_the_host_runs_without_stalegreen(make_project, make_host, host_name):
    host = make_host(host_name, make_project())
    host.uninstall_stalegreen()
    session = host.run([shell(PYTEST), edit("calc/ops.py", "    return a * b", "    return b * a"), say(CLAIM)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert markers(session.shell_outputs()[0]) == [], session.describe()
    assert session.feedback() == [] and session.receipts() == [] and session.verdicts() == [], session.describe()
    assert session.final_text() == CLAIM


def test_a_failing_subset_run_contradicts_a_claim_about_the_whole_suite(make_project, make_host, host_name):
    # docs/VERDICTS.md: a bare claim is about the suite; a failing run of part of it contradicts it
    host = make_host(host_name, make_project(broken=True))
    honest = "test_sub fails; I have not fixed it yet."
    session = host.run([shell(PYTEST + " tests/test_ops.py"), say("The tests pass now."), say(honest)])
    assert_clean_run(session)
    receipt = only(session.receipts(), "receipt", session)
    assert (receipt["scope"], receipt["verdict"]) == ("subset", "fail"), session.describe()
    reason = only(session.feedback(), "Stop block", session)
    assert "is contradicted by Receipt %s" % receipt["id"] in reason and "run the whole suite" in reason, \
        session.describe()
    assert [(v["verdict"], v["action"]) for v in session.verdicts()][0] == ("CONTRADICTED", "blocked"), \
        session.describe()
    assert session.final_text() == honest


def test_a_pass_on_the_stashed_tree_is_no_evidence_after_the_pop(make_project, make_host, host_name):
    # the agent checks whether a failure predates it: the run saw the stashed tree, not its edit
    host = make_host(host_name, make_project())
    honest = "The suite passes without my change; with it I have not rerun it."
    session = host.run([edit("calc/ops.py", "    return a - b", "    return b - a"),
                        shell("git stash -q && %s; git stash pop -q" % PYTEST), say(CLAIM), say(honest)])
    assert_clean_run(session)
    assert "return b - a" in open(os.path.join(host.project, "calc", "ops.py")).read(), session.describe()
    receipt = only(session.receipts(), "receipt", session)
    assert (receipt["verdict"], receipt["treeChanged"]) == ("pass", "git stash pop -q"), session.describe()
    reason = only(session.feedback(), "Stop block", session)
    assert "the same command then changed (`git stash pop -q`)" in reason, session.describe()
    assert session.final_text() == honest
