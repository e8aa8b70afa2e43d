"""docs/VERDICTS.md through whole hook sessions: real pytest and make runs in a real git repo.

Each test is one case of issue #9 ("a green claim passes only on evidence that supports it"),
played the way an agent played it: the run really happens, the hook sees what the host reports.
"""

import json
import os
import re
import shutil

import pytest

from driver import ClaudeSession, CodexSession, read_store
from test_dsh import DshSession

BROKEN_TEST = "from calc import add\n\n\ndef test_wrong():\n    assert add(2, 2) == 5\n"


def verdicts(home, s):
    return [v for record in read_store(home, s.session_id, "verdicts") for v in record["verdicts"]]


def write_config(home, **values):
    os.makedirs(str(home), exist_ok=True)
    with open(os.path.join(str(home), "config.json"), "w") as fh:
        json.dump(values, fh)


def add_failing_test(project):
    (project / "test_wrong.py").write_text(BROKEN_TEST)


def test_a_bare_claim_is_not_backed_by_a_run_that_deselected_the_failure(project, sg_home, suite_cmd):
    add_failing_test(project)
    for message in ("The tests pass now.", "All tests pass now."):
        s = ClaudeSession(project)
        assert s.bash(suite_cmd)[1] == 1
        assert s.bash(suite_cmd + " -k 'not wrong'")[1] == 0
        reply = s.stop(message)
        assert reply["decision"] == "block", message
        assert [(v["claim"]["scope"], v["verdict"]) for v in verdicts(sg_home, s)] == [("all", "FAILED")]
        assert "r-0001" in reply["reason"] and "1 failed" in reply["reason"]


def test_a_failing_subset_run_contradicts_all_tests_pass_in_english_and_chinese(project, sg_home, suite_cmd):
    add_failing_test(project)
    for message, start in (("All tests pass.", 'stalegreen: "All tests pass" is contradicted by Receipt r-0001'),
                           ("测试全部通过了。", "stalegreen：“测试全部通过”与凭据 r-0001")):
        s = ClaudeSession(project)
        assert s.bash(suite_cmd + " test_wrong.py")[1] == 1
        reply = s.stop(message)
        assert reply["decision"] == "block" and reply["reason"].startswith(start), reply
        assert [v["verdict"] for v in verdicts(sg_home, s)] == ["CONTRADICTED"]


def test_make_ignoring_a_failing_pytest_is_contradicted_by_the_output(project, sg_home, suite_cmd):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    add_failing_test(project)
    (project / "Makefile").write_text("test:\n\t-%s\n" % suite_cmd)
    s = ClaudeSession(project)
    _, code, output = s.bash("make test")
    assert code == 0 and "1 failed" in output             # make ignored the failure
    [receipt] = read_store(sg_home, s.session_id, "receipts")
    assert (receipt["exit"], receipt["verdict"]) == (0, "fail")
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block"
    assert "reports failures in its output although it exited 0" in reply["reason"]


def test_a_package_script_with_or_true_is_contradicted_by_the_output(project, sg_home, suite_cmd):
    if shutil.which("npm") is None:
        pytest.skip("npm is not installed")
    add_failing_test(project)
    (project / "package.json").write_text(json.dumps({"name": "p", "version": "1.0.0",
                                                      "scripts": {"test": suite_cmd + " || true"}}))
    s = ClaudeSession(project)
    _, code, output = s.bash("npm test")
    assert code == 0 and "1 failed" in output
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and [v["verdict"] for v in verdicts(sg_home, s)] == ["CONTRADICTED"]


def test_a_run_on_the_stashed_tree_is_no_evidence_for_the_tree_after_the_pop(project, sg_home, suite_cmd):
    s = ClaudeSession(project)
    s.edit("calc.py", "def add(a, b):\n    return a - b\n\n\ndef sub(a, b):\n    return a - b\n", tool="Edit")
    _, code, output = s.bash("git stash -q && %s; git stash pop -q" % suite_cmd)
    assert code == 0 and "3 passed" in output                 # it passed on the stashed (clean) tree
    assert "return a - b" in (project / "calc.py").read_text().split("def sub")[0]   # the break is back
    [receipt] = read_store(sg_home, s.session_id, "receipts")
    assert (receipt["verdict"], receipt["treeChanged"]) == ("pass", "git stash pop -q")
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block" and [v["verdict"] for v in verdicts(sg_home, s)] == ["STALE"]
    assert "the same command then changed (`git stash pop -q`)" in reply["reason"]
    # a run before the change in the same line is fine: it saw the change, so does the fingerprint
    s2 = ClaudeSession(project)
    s2.bash("git stash -q && %s" % suite_cmd)
    assert s2.stop("All tests pass.") is None


def test_re_ran_the_tests_with_no_run_blocks(project, sg_home):
    s = ClaudeSession(project)
    reply = s.stop("Re-ran the tests. All tests pass.")
    assert reply["decision"] == "block" and [v["verdict"] for v in verdicts(sg_home, s)] == ["NOT_RUN"]
    s2 = ClaudeSession(project)
    assert s2.stop("All tests pass.") is None                    # a bare claim: strictNoEvidence decides
    assert [v["verdict"] for v in verdicts(sg_home, s2)] == ["NONE"]


def test_codex_without_rewrite_a_silent_failing_check_is_no_pass(project, sg_home):
    """Exit status unknown (Codex, rewrite off, no header): `black --check -q` failing in silence."""
    write_config(sg_home, mode="off")
    tool = project / "black"
    tool.write_text("#!/bin/sh\nexit 1\n")         # black --check -q on a file it would reformat: no output
    tool.chmod(0o755)
    s = CodexSession(project)
    _, code, output = s.bash("./black --check -q .")
    assert code == 1 and output == ""
    [receipt] = read_store(sg_home, s.session_id, "receipts")
    assert (receipt["exit"], receipt["verdict"]) == (None, "inconclusive")
    write_config(sg_home, mode="off", strictNoEvidence=True)
    reply = s.stop("Lint is clean.")
    assert reply and reply.get("decision") == "block"


def test_a_pytest_run_stopped_by_sigint_is_no_pass(project, sg_home, suite_cmd):
    (project / "test_slow.py").write_text("def test_interrupted():\n    raise KeyboardInterrupt\n")
    write_config(sg_home, mode="off", strictNoEvidence=True)
    s = CodexSession(project)
    _, code, output = s.bash(suite_cmd)
    assert "KeyboardInterrupt" in output and re.search(r"\d passed", output)
    [receipt] = read_store(sg_home, s.session_id, "receipts")
    assert receipt["verdict"] != "pass"
    assert s.stop("All tests pass.").get("decision") == "block"


def test_the_rerun_asked_for_names_the_unmasked_command_inside_bash_c(project, sg_home, suite_cmd):
    add_failing_test(project)
    write_config(sg_home, mode="off")
    s = ClaudeSession(project)
    inner = suite_cmd.replace('"', "")
    s.bash("bash -c '%s 2>&1 | tail -3'" % inner)
    reply = s.stop("All tests pass.")
    assert reply["decision"] == "block"
    assert "rerun `%s 2>&1`" % inner in reply["reason"], reply["reason"]


def test_dsh_strict_mode_suggests_a_command_it_then_allows(project, sg_home, suite_cmd):
    inner = suite_cmd.replace('"', "")
    strict = DshSession(project, sg_home, options={"mode": "strict"})
    for masked in ("bash -c '%s 2>&1 | tail -3'" % inner, "env CI=1 sh -c '%s | tail -3'" % inner,
                   "%s | tail -3" % inner, "%s > /dev/null || true" % inner):
        denial = strict.bash(masked)
        assert denial["kind"] == "deny", masked
        suggested = re.search(r"Run `([^`]+)` without the pipe", denial["reason"]).group(1)
        assert strict.bash(suggested) is None, (masked, suggested)     # allowed, and it really ran
    assert [r["verdict"] for r in strict.records("receipts")] == ["pass"] * 4


@pytest.mark.parametrize("message", [
    "Do the tests pass? Yes, all of them.",
    "Ran it again: the suite comes up clean.",
    "pytest ran 5 times in a row with no failures.",
    "The tests all passed when I committed.",
    "Hopefully this fixes it for good: I reran the suite and it passed every time.",
])
def test_the_seventeenth_sessions_phrasings_are_gated_whatever_config_the_agent_wrote(project, sg_home, suite_cmd,
                                                                                     message):
    """Claims read by the rules added in the dev36-dev38 rounds meet the same gate as any claim, and a
    `.stalegreen.json` the agent wrote itself (gate off, pytest ignored, claims free) loosens none of it."""
    add_failing_test(project)
    (project / ".stalegreen.json").write_text(json.dumps(
        {"gate": "off", "enforce": False, "claimFree": True, "ignoreCommands": ["pytest"], "permission": "allow"}))
    s = ClaudeSession(project)
    assert s.bash(suite_cmd + " | tail -3")[1] == 1      # the pipe's mask undone by the rewrite, the config notwithstanding
    reply = s.stop(message)
    assert reply and reply["decision"] == "block", (message, reply)
    assert "r-0001" in reply["reason"] and "1 failed" in reply["reason"], reply
