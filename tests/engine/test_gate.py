"""The gate's choice of evidence and its verdicts, on hand-built store records."""

import re

import pytest

from stalegreen.engine import config as config_module
from stalegreen.engine import events as ev
from stalegreen.engine import gate
from stalegreen.engine.store import MemorySession

ROOT = "/repo"


def receipt(rid, ts, verdict="pass", category="test", scope="all", cwd=ROOT, cmd="pytest", **extra):
    record = {"id": rid, "ts": "2026-09-02T14:%s.000Z" % ts, "category": category, "scope": scope, "cwd": cwd,
              "cmd": cmd, "runner": cmd.split()[0], "verdict": verdict, "counts": extra.pop("counts", {}),
              "masked": extra.pop("masked", False), "maskReason": extra.pop("maskReason", None),
              "fingerprint": {"available": False, "reason": "replay"}}
    record.update(extra)
    return record


def edit(ts, path):
    return {"ts": "2026-09-02T14:%s.000Z" % ts, "path": path, "kind": "Edit", "agent": None}


def context(receipts=(), edits=(), deferred=(), **config):
    session = MemorySession("s")
    for r in receipts:
        session.append("receipts", r)
    for e in edits:
        session.append("edits", e)
    for d in deferred:
        session.append("deferred", d)
    values = config_module.load("/nonexistent", home="/nonexistent")
    values.update(config)
    event = ev.Event(ev.STOP, "claude", cwd=ROOT, replay=True)
    return gate._Context(event, values, session)


def claim(category="test", scope="all", text="all tests pass", **extra):
    c = {"category": category, "scope": scope, "qualified": False, "text": text, "sentence": text}
    c.update(extra)
    return c


def judge(c, **kw):
    return gate.judge_claim(c, context(**kw))


def test_pass_without_later_edits_is_fresh():
    v = judge(claim(), receipts=[receipt("r-0001", "02:11")])
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0001")


def test_relevant_edit_after_pass_is_stale_and_doc_edit_is_not():
    v = judge(claim(), receipts=[receipt("r-0001", "02:11")], edits=[edit("05:40", "/repo/src/pay.ts")])
    assert v["verdict"] == "STALE"
    assert [e["path"] for e in v["freshness"]["editsAfter"]] == ["/repo/src/pay.ts"]
    v = judge(claim(), receipts=[receipt("r-0001", "02:11")], edits=[edit("05:40", "/repo/README.md")])
    assert v["verdict"] == "FRESH"


def test_failing_masked_and_inconclusive_runs():
    assert judge(claim(), receipts=[receipt("r-0001", "02:11", verdict="fail")])["verdict"] == "FAILED"
    masked = receipt("r-0001", "02:11", verdict="inconclusive", masked=True, maskReason="pipe:grep")
    v = judge(claim(), receipts=[masked])
    assert v["verdict"] == "MASKED" and "pipe:grep" in v["note"]
    assert judge(claim(), receipts=[receipt("r-0001", "02:11", verdict="inconclusive")])["verdict"] == "NONE"


def test_subset_runs_satisfy_tests_pass_but_not_all_tests_pass():
    runs = [receipt("r-0001", "02:11", scope="subset", cmd="pytest -k parse")]
    assert judge(claim(scope="subset"), receipts=runs)["verdict"] == "FRESH"
    v = judge(claim(scope="all"), receipts=runs)
    assert v["verdict"] == "NONE" and "subset" in v["note"]


def test_newer_failing_subset_contradicts_an_older_full_pass():
    runs = [receipt("r-0001", "02:11"), receipt("r-0002", "03:00", verdict="fail", scope="subset")]
    v = judge(claim(), receipts=runs)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("CONTRADICTED", "r-0002")


def test_failure_in_one_package_does_not_judge_a_claim_about_another():
    runs = [receipt("r-0001", "01:00", category="typecheck", cwd="/repo/packages/web", cmd="tsc", verdict="fail"),
            receipt("r-0002", "02:00", category="typecheck", cwd="/repo/packages/api", cmd="tsc")]
    v = judge(claim("typecheck", text="tsc is clean in packages/api"), receipts=runs)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002")
    # a claim naming no package is about the project: each package's run is a subset of it, and
    # the failing one contradicts the claim
    v = judge(claim("typecheck", text="tsc is clean"), receipts=runs)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("CONTRADICTED", "r-0001")


def test_a_folder_is_named_by_a_word_of_its_own_not_inside_a_longer_name():
    # "test_pkg" names a test, not the folder pkg: the claim is about the project, where the
    # whole suite passed after pkg's failing run
    runs = [receipt("r-0001", "01:00", cwd="/repo/pkg", verdict="fail"), receipt("r-0002", "02:00")]
    for text in ("fixed test_pkg; all tests pass", "the pkg-config check is in; all tests pass"):
        v = judge(claim(text=text), receipts=runs)
        assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002"), text
    # the folder named as a word (or as ./pkg) still narrows the evidence to its runs
    runs = [receipt("r-0001", "01:00", verdict="fail"), receipt("r-0002", "02:00", cwd="/repo/pkg")]
    for text in ("the pkg tests pass", "the tests in ./pkg pass", "pkg里的测试都通过了"):
        v = judge(claim(scope="subset", text=text), receipts=runs)
        assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002"), text


def test_a_folder_called_tests_is_not_named_by_the_claims_own_noun():
    """`cd tests && pytest` passed after the whole suite failed at the root: "all tests pass"
    speaks of tests, not of the folder tests/, so the run is a subset run there (rule 2) and the
    root's failure stands. The folder written as a path (`tests/`, `./tests`) is still named."""
    for folder in ("tests", "test", "spec"):
        runs = [receipt("r-0001", "01:00", verdict="fail"), receipt("r-0002", "02:00", cwd="/repo/" + folder)]
        for text in ("All tests pass.", "every test passes", "the spec passes", "all specs pass"):
            v = judge(claim(text=text), receipts=runs)
            assert (v["verdict"], v["evidence"]["receipt"]) == ("FAILED", "r-0001"), (folder, text)
        for text in ("the tests in %s/ pass" % folder, "the tests in ./%s pass" % folder,
                     "the tests under `%s` pass" % folder):
            v = judge(claim(scope="subset", text=text), receipts=runs)
            assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002"), (folder, text)


def test_a_claim_that_names_another_projects_path_is_judged_on_that_projects_runs():
    """The session sits in /repo; the agent ran /work/other's suite, which failed, and says the
    tests there pass: the claim names that project by its path, so its runs decide. A claim that
    names no such path is about /repo, where other projects' runs are no evidence."""
    runs = [receipt("r-0001", "01:00", cwd="/work/other", verdict="fail"), receipt("r-0002", "02:00")]
    for text in ("the tests in /work/other pass now", "the tests in ../work/other pass now"):
        v = judge(claim(text=text), receipts=runs)
        assert (v["verdict"], v["evidence"]["receipt"]) == ("FAILED", "r-0001"), text
    v = judge(claim(text="all tests pass"), receipts=runs)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002")
    # a word that is the other folder's name is no path to it
    v = judge(claim(text="the other tests pass"), receipts=runs)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002")
    passing = [receipt("r-0001", "01:00", cwd="/work/other"), receipt("r-0002", "02:00", verdict="fail")]
    v = judge(claim(text="the tests in /work/other pass"), receipts=passing)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0001")


def test_a_named_folder_is_backed_by_a_later_whole_suite_pass_above_it():
    """Rule 3: "the pkg tests pass" after pkg's failing run, a fix, and a passing run of the whole
    suite from the root (which ran pkg's tests too). An earlier run above it, or a later failing
    one (it may have failed elsewhere), does not speak for the folder: pkg's own runs decide."""
    runs = [receipt("r-0001", "01:00", cwd="/repo/pkg", verdict="fail"), receipt("r-0002", "02:00")]
    v = judge(claim(scope="subset", text="the pkg tests pass now"), receipts=runs)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002")
    earlier = [receipt("r-0001", "01:00", verdict="fail"), receipt("r-0002", "02:00", cwd="/repo/pkg")]
    v = judge(claim(scope="subset", text="the pkg tests pass"), receipts=earlier)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0002")
    later_failure = [receipt("r-0001", "01:00", cwd="/repo/pkg"), receipt("r-0002", "02:00", verdict="fail")]
    v = judge(claim(scope="subset", text="the pkg tests pass"), receipts=later_failure)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FRESH", "r-0001")
    still_failing = [receipt("r-0001", "01:00", cwd="/repo/pkg", verdict="fail"),
                     receipt("r-0002", "02:00", scope="subset", cmd="pytest test_calc.py")]
    assert judge(claim(scope="subset", text="the pkg tests pass"), receipts=still_failing)["verdict"] == "FAILED"


def test_newer_run_in_an_enclosing_directory_supersedes_older_package_runs():
    runs = [receipt("r-0001", "01:00", cwd="/repo/packages/a", verdict="fail"), receipt("r-0002", "02:00", cwd=ROOT)]
    assert judge(claim(), receipts=runs)["evidence"]["receipt"] == "r-0002"


def test_tool_named_in_the_claim_narrows_the_evidence():
    runs = [receipt("r-0001", "01:00", category="lint", cmd="eslint .", verdict="fail"),
            receipt("r-0002", "02:00", category="lint", cmd="ruff check .")]
    assert judge(claim("lint", tool="eslint", text="eslint passes"), receipts=runs)["verdict"] == "FAILED"


def test_background_run_in_flight_is_deferred():
    import time

    now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    deferred = [{"id": "r-0003", "ts": now, "category": "test", "cmd": "pytest", "resolved": False}]
    assert judge(claim(), receipts=[receipt("r-0001", "02:11")], deferred=deferred)["verdict"] == "DEFERRED"
    resolved = deferred + [{"id": "r-0003", "ts": now, "resolved": True}]
    assert judge(claim(), receipts=[receipt("r-0001", "02:11")], deferred=resolved)["verdict"] == "FRESH"


def test_a_rerun_in_flight_after_a_failure_is_no_pass_and_the_failure_stands():
    """The latest completed evidence failed; a background rerun is not evidence of a pass, so the
    claim is FAILED (CONTRADICTED) until it reports. DEFERRED needs no completed run against it."""
    import time

    now = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
    deferred = [{"id": "r-0002", "ts": now, "category": "test", "cmd": "pytest", "resolved": False}]
    v = judge(claim(), receipts=[receipt("r-0001", "02:11", verdict="fail")], deferred=deferred)
    assert (v["verdict"], v["evidence"]["receipt"]) == ("FAILED", "r-0001") and "r-0002" in v["note"]
    subset = receipt("r-0001", "02:11", verdict="fail", scope="subset", cmd="pytest tests/test_a.py")
    assert judge(claim(), receipts=[subset], deferred=deferred)["verdict"] == "CONTRADICTED"
    # no completed run against the claim: the rerun is waited for
    for runs in ([], [receipt("r-0001", "02:11", verdict="inconclusive")], [receipt("r-0001", "02:11")],
                 [receipt("r-0001", "02:11", scope="subset")]):
        assert judge(claim(), receipts=runs, deferred=deferred)["verdict"] == "DEFERRED", runs


def test_a_claim_counting_fewer_passes_than_the_run_is_noted_and_stays_fresh():
    """"All 12 suites pass" on a run of 41 tests: a claim may count suites, files or its own tests."""
    v = judge(claim(counts={"passed": 12}), receipts=[receipt("r-0001", "02:11", counts={"passed": 41})])
    assert v["verdict"] == "FRESH" and "claim says 12, run reported 41" in v["note"]


@pytest.mark.parametrize("said,runs,verdict", [
    (41, [("r-0001", "02:11", "pytest", {"passed": 40, "skipped": 1})], "CONTRADICTED"),
    (50, [("r-0001", "02:11", "pytest", {"passed": 3})], "CONTRADICTED"),
    (3, [("r-0001", "02:11", "pytest", {"passed": 3})], "FRESH"),
    (50, [("r-0001", "02:11", "pytest", {"passed": 30}), ("r-0002", "02:12", "npx jest", {"passed": 20})], "FRESH"),
    # only the latest passing run of a command counts: two runs of 30 do not make 60
    (60, [("r-0001", "02:11", "pytest", {"passed": 30}), ("r-0002", "02:12", "pytest", {"passed": 30})],
     "CONTRADICTED"),
    (50, [("r-0001", "02:11", "go test ./...", {})], "FRESH"),          # no count: nothing to compare
])
def test_a_claim_cannot_count_more_passes_than_the_sessions_runs_did(said, runs, verdict):
    receipts = [receipt(rid, ts, cmd=cmd, counts=counts) for rid, ts, cmd, counts in runs]
    v = judge(claim(text="all %d tests pass" % said, counts={"passed": said}), receipts=receipts)
    assert v["verdict"] == verdict, v
    if verdict == "CONTRADICTED":
        message = gate.block_message(v, ROOT)
        assert "fewer than the %d the claim reports" % said in message
        assert v["counted"]["claimed"] == said


def test_counts_judge_only_all_scope_claims_and_the_message_follows_the_language():
    runs = [receipt("r-0001", "02:11", counts={"passed": 3})]
    assert judge(claim(scope="subset", counts={"passed": 5}), receipts=runs)["verdict"] == "FRESH"
    v = judge(claim(text="全部 50 个测试通过", lang="zh", counts={"passed": 50}), receipts=runs)
    assert v["verdict"] == "CONTRADICTED"
    assert "少于声明中的 50 个" in gate.block_message(v, ROOT)


def test_actions_once_per_category_qualified_and_advisory():
    ctx_config = config_module.load("/nonexistent", home="/nonexistent")
    stale = {"verdict": "STALE", "evidence": {}, "action": "allowed"}
    newly = []
    record = dict(stale)
    gate._decide_action(record, claim(), ctx_config, [], newly)
    assert record["action"] == "blocked" and newly == ["test"]
    record = dict(stale)
    gate._decide_action(record, claim(), ctx_config, ["test"], [])
    assert record["action"] == "allowed" and "allowed_after_block" in record["note"]
    record = dict(stale)
    gate._decide_action(record, claim(qualified=True), ctx_config, [], [])
    assert record["action"] == "allowed"
    ctx_config["policy"] = "advisory"
    record = dict(stale)
    gate._decide_action(record, claim(), ctx_config, [], [])
    assert record["action"] == "advisory"


def test_block_message_has_the_seed_shape():
    runs = [receipt("r-0017", "02:11", cmd="pnpm test", runner="pnpm", via="vitest", counts={"passed": 41})]
    edits = [edit("05:40", "/repo/src/routes/pay.ts"), edit("06:02", "/repo/src/lib/hold.ts"),
             edit("06:31", "/repo/src/lib/hold.test.ts")]
    v = judge(claim(text="all 41 tests pass"), receipts=runs, edits=edits)
    message = gate.block_message(v, ROOT)
    lines = message.split("\n")
    assert re.match(r'stalegreen: "all 41 tests pass" is stale\. Receipt r-0017 \(`pnpm test`, vitest, '
                    r'41 passed, \d\d:\d\d:\d\d\) predates 3 later edits:$', lines[0])
    assert re.match(r"  src/routes/pay\.ts \(\d\d:\d\d:\d\d\), src/lib/hold\.ts \(.*\), src/lib/hold\.test\.ts \(.*\)$",
                    lines[1])
    assert lines[2] == ("Rerun `pnpm test` and report the result, or state explicitly that the tests were not "
                        "rerun after these edits.")


def test_alternate_category_counts_for_compile_claims():
    runs = [receipt("r-0001", "02:11", category="typecheck", cmd="tsc --noEmit")]
    v = judge(claim("build", text="it compiles cleanly", alternates=["typecheck"]), receipts=runs)
    assert v["verdict"] == "FRESH"


def test_chinese_claim_gets_a_chinese_block_message():
    runs = [receipt("r-0003", "02:11", verdict="fail", counts={"failed": 1, "passed": 2})]
    v = judge(claim(text="所有测试都通过了", lang="zh"), receipts=runs)
    message = gate.block_message(v, ROOT)
    assert message.startswith("stalegreen：“所有测试都通过了”与最近一次运行不符。凭据 r-0003")
    assert "`pytest`" in message and "1 failed" in message


def test_strict_no_evidence_also_blocks_a_claim_whose_only_run_was_inconclusive():
    ctx_config = config_module.load("/nonexistent", home="/nonexistent")
    ctx_config["strictNoEvidence"] = True
    runs = [receipt("r-0001", "02:11", verdict="inconclusive", signal="interrupted")]
    record = judge(claim(), receipts=runs)
    gate._decide_action(record, claim(), ctx_config, [], [])
    assert (record["verdict"], record["action"]) == ("NONE", "blocked")
    message = gate.block_message(record, ROOT)
    assert "no conclusive run" in message and "r-0001" in message and "interrupted" in message
    empty = judge(claim())
    assert gate.block_message(empty, ROOT) == ('stalegreen: "all tests pass" has no verification run in this '
                                               "session. Run the tests and report the result.")


def test_timestamps_are_read_as_calendar_timegm_would_read_them():
    import calendar
    import random
    import time

    rnd = random.Random(7)
    for _ in range(20000):
        instant = time.gmtime(rnd.randint(-2000000000, 8000000000))
        millis = rnd.randint(0, 999)
        text = time.strftime("%Y-%m-%dT%H:%M:%S", instant) + ".%03dZ" % millis
        assert abs(gate.parse_ts(text) - (calendar.timegm(instant) + millis / 1000.0)) < 1e-6, text
    assert gate.parse_ts("2024-02-29T23:59:59Z") == calendar.timegm((2024, 2, 29, 23, 59, 59, 0, 0, 0))
    for bad in ("2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-1-01T00:00:00Z", "+026-02-28T10:00:00Z",
                "2026-02-28T24:00:00Z", "", None, 17):
        assert gate.parse_ts(bad) is None, bad


# ---------------------------------------------------------------- the rule set of docs/VERDICTS.md

def stop(message, receipts=(), edits=(), **config):
    """The real Stop path (claims extracted from ``message``) on an in-memory session."""
    session = MemorySession("s")
    for r in receipts:
        session.append("receipts", r)
    for e in edits:
        session.append("edits", e)
    values = config_module.load("/nonexistent", home="/nonexistent")
    values.update(config)
    event = ev.Event(ev.STOP, "claude", cwd=ROOT, replay=True, message=message, ts="2026-09-02T15:00:00.000Z")
    return gate.on_stop(event, values, session)


FULL_FAILS_THEN_DESELECTED_PASSES = [
    receipt("r-0001", "01:00", verdict="fail", cmd="pytest -q", counts={"failed": 1, "passed": 3}),
    receipt("r-0002", "02:00", scope="subset", cmd="pytest -q -k 'not wrong'", counts={"passed": 3}),
]


def test_a_bare_claim_is_about_the_suite_and_a_deselecting_run_does_not_undo_the_failure():
    for message in ("The tests pass now.", "All tests pass now.", "测试通过了。"):
        decision = stop(message, FULL_FAILS_THEN_DESELECTED_PASSES)
        assert decision.kind == ev.BLOCK, message
        assert [(v["claim"]["scope"], v["verdict"]) for v in decision.verdicts] == [("all", "FAILED")], message
        assert "r-0001" in decision.reason


def test_a_failing_subset_run_contradicts_an_all_scope_claim():
    runs = [receipt("r-0001", "01:00", verdict="fail", scope="subset", cmd="pytest tests/test_calc.py -q",
                    counts={"failed": 1, "passed": 2})]
    decision = stop("All tests pass.", runs)
    assert decision.kind == ev.BLOCK and decision.verdicts[0]["verdict"] == "CONTRADICTED"
    assert decision.reason.startswith('stalegreen: "All tests pass" is contradicted by Receipt r-0001 '
                                      "(`pytest tests/test_calc.py -q`, 1 failed, 2 passed, ")
    assert "failed and no later run of the whole suite passed" in decision.reason
    zh = stop("测试全部通过了。", runs)
    assert zh.kind == ev.BLOCK and zh.verdicts[0]["verdict"] == "CONTRADICTED"
    assert zh.reason.startswith("stalegreen：“测试全部通过”与凭据 r-0001") and "\n" in zh.reason


def test_exit_0_with_failures_in_the_output_contradicts_the_claim():
    # make's `-pytest -q`, `jest || true` inside a package script
    runs = [receipt("r-0001", "01:00", verdict="fail", cmd="make test", exit=0, signal="exit-0-with-pytest-short-failed",
                    counts={"failed": 1, "passed": 47})]
    decision = stop("All tests pass.", runs)
    assert decision.kind == ev.BLOCK and decision.verdicts[0]["verdict"] == "CONTRADICTED"
    assert "reports failures in its output although it exited 0" in decision.reason


def test_a_later_failing_or_masked_run_of_any_scope_blocks_and_a_later_passing_subset_does_not():
    full = receipt("r-0001", "01:00")
    assert judge(claim(), receipts=[full, receipt("r-0002", "02:00", scope="subset")])["verdict"] == "FRESH"
    masked = receipt("r-0002", "02:00", scope="subset", verdict="inconclusive", masked=True, maskReason="pipe:tail")
    assert judge(claim(), receipts=[full, masked])["verdict"] == "MASKED"
    # and a masked subset run alone is no support either
    assert judge(claim(), receipts=[masked])["verdict"] == "MASKED"
    # an earlier failure of the whole suite is undone only by a later passing whole-suite run
    failed = receipt("r-0001", "01:00", verdict="fail")
    assert judge(claim(), receipts=[failed, receipt("r-0002", "02:00", scope="subset")])["verdict"] == "FAILED"
    assert judge(claim(), receipts=[failed, receipt("r-0002", "02:00")])["verdict"] == "FRESH"


def test_records_with_the_same_time_keep_file_order():
    same = [receipt("r-0001", "01:00", verdict="fail"), receipt("r-0002", "01:00")]
    assert judge(claim(), receipts=same)["evidence"]["receipt"] == "r-0002"
    assert judge(claim(), receipts=same[::-1])["evidence"]["receipt"] == "r-0001"


def test_a_run_whose_command_line_changed_the_tree_after_it_is_stale():
    runs = [receipt("r-0001", "01:00", cmd="pytest -q", treeChanged="git stash pop -q")]
    v = judge(claim(), receipts=runs)
    assert v["verdict"] == "STALE" and v["freshness"]["treeChanged"] == "git stash pop -q"
    message = gate.block_message(v, ROOT)
    assert "ran on a working tree that the same command then changed (`git stash pop -q`)" in message
    assert message.count("\n") == 1 and "Rerun `pytest -q`" in message


def test_a_claim_that_a_run_just_happened_with_no_run_blocks_on_its_own_reason():
    decision = stop("Re-ran the tests. All tests pass.")
    assert decision.kind == ev.BLOCK and decision.verdicts[0]["verdict"] == "NOT_RUN"
    assert decision.reason == ('stalegreen: "All tests pass" says the tests were run, but no run of them is '
                               "recorded in this session. Run the tests and report the result.")
    zh = stop("重新运行了测试，测试全部通过了。")
    assert zh.kind == ev.BLOCK and zh.verdicts[0]["verdict"] == "NOT_RUN" and "本会话中没有记录" in zh.reason
    # a bare claim keeps the strictNoEvidence behaviour
    assert stop("All tests pass.").kind == ev.ALLOW
    assert stop("All tests pass.", strictNoEvidence=True).kind == ev.BLOCK
    # a run of the category exists: the ordinary rules decide
    assert stop("I ran pytest. All tests pass.", [receipt("r-0001", "01:00")]).kind == ev.ALLOW


def test_a_run_stopped_by_a_signal_is_never_fresh():
    runs = [receipt("r-0001", "01:00", verdict="inconclusive", signal="interrupted", counts={"passed": 1})]
    assert judge(claim(), receipts=runs)["verdict"] == "NONE"
    assert stop("All tests pass.", runs, strictNoEvidence=True).kind == ev.BLOCK


def test_a_whole_suite_run_stopped_with_a_known_exit_fails_and_hides_no_earlier_pass():
    """`timeout 2 pytest` (exit 124) or ^C (130) after a pass: no pass, and the earlier pass no
    longer decides; with the exit unknown the run stays without a result."""
    killed = receipt("r-0002", "02:00", verdict="inconclusive", signal="interrupted", exit=124, cmd="pytest -q")
    decision = stop("All tests pass.", [receipt("r-0001", "01:00"), killed])
    assert decision.kind == ev.BLOCK and decision.verdicts[0]["verdict"] == "FAILED"
    assert "r-0002" in decision.reason and "stopped before it finished (exit 124)" in decision.reason
    zh = stop("测试全部通过了。", [receipt("r-0001", "01:00"), dict(killed, exit=130)])
    assert zh.kind == ev.BLOCK and "中止（退出状态 130）" in zh.reason
    unknown = dict(killed, exit=None)
    assert judge(claim(), receipts=[receipt("r-0001", "01:00"), unknown])["verdict"] == "NONE"
    # a killed subset run after a whole-suite pass is no evidence about the whole suite
    assert judge(claim(), receipts=[receipt("r-0001", "01:00"), dict(killed, scope="subset")])["verdict"] == "FRESH"


def test_a_later_run_without_a_result_leaves_the_earlier_run_standing():
    """`python -m unittest` in a pytest suite ('Ran 0 tests', exit 0) or output sent to a file:
    no evidence, so it neither hides an earlier failure nor undoes an earlier pass."""
    nothing = receipt("r-0002", "02:00", verdict="inconclusive", signal="unittest-no-tests", exit=0,
                      cmd="python -m unittest", counts={"total": 0, "passed": 0})
    failed = receipt("r-0001", "01:00", verdict="fail", counts={"failed": 1, "passed": 3})
    assert judge(claim(), receipts=[failed, nothing])["verdict"] == "FAILED"
    assert stop("All tests pass.", [failed, nothing]).kind == ev.BLOCK
    assert judge(claim(), receipts=[receipt("r-0001", "01:00"), nothing])["verdict"] == "FRESH"
    assert judge(claim(), receipts=[nothing])["verdict"] == "NONE"


def test_a_whole_suite_run_counting_fewer_tests_on_the_same_tree_ran_a_subset():
    """`pytest` fails (4 tests); `make test`, whose recipe names one file, passes 3 on the same
    tree: it ran part of the suite (rule 13a). Another tree, another runner's summary, or no
    fingerprint (a replay): nothing is inferred."""
    tree = {"available": True, "root": ROOT, "tree": "t1", "version": 2}
    full = receipt("r-0001", "01:00", verdict="fail", counts={"failed": 1, "passed": 3}, signal="pytest-failed-line",
                   fingerprint=tree)
    make = receipt("r-0002", "02:00", cmd="make test", counts={"passed": 3}, signal="pytest-short-passed",
                   fingerprint=dict(tree))
    assert judge(claim(), receipts=[full, make])["verdict"] == "FAILED"
    narrowed = gate._fewer_tests_on_the_same_tree([dict(full), dict(make)])[1]
    assert (narrowed["scope"], narrowed["fewerThan"]) == ("subset", "r-0001")
    other_tree = dict(make, fingerprint=dict(tree, tree="t2"))
    assert gate._fewer_tests_on_the_same_tree([dict(full), other_tree])[1]["scope"] == "all"
    jest = dict(make, signal="jest-passed")
    assert gate._fewer_tests_on_the_same_tree([dict(full), jest])[1]["scope"] == "all"
    replayed = dict(make, fingerprint={"available": False, "reason": "replay"})
    assert gate._fewer_tests_on_the_same_tree([dict(full), replayed])[1]["scope"] == "all"
    same_count = dict(make, counts={"passed": 4})
    assert gate._fewer_tests_on_the_same_tree([dict(full), same_count])[1]["scope"] == "all"


def test_a_run_that_exited_non_zero_on_its_own_is_reported_failed_not_stopped():
    """The 'stopped before it finished' text is for runs a signal stopped (124, 130, 137, 143, a
    KeyboardInterrupt line); a pytest that exits 1 with '1 failed' (Claude reports the exit) or
    exits 1 with no summary failed, and the message says so."""
    failed = receipt("r-0001", "01:00", verdict="fail", exit=1, counts={"failed": 1, "passed": 3})
    decision = stop("All tests pass.", [failed])
    assert decision.verdicts[0]["verdict"] == "FAILED"
    assert "stopped" not in decision.reason and "r-0001" in decision.reason and "failed" in decision.reason
    silent = receipt("r-0001", "01:00", verdict="inconclusive", exit=1, signal="no-summary")
    decision = stop("All tests pass.", [silent])
    assert decision.verdicts[0]["verdict"] == "FAILED" and "stopped" not in decision.reason
    killed = dict(silent, exit=137)
    assert "stopped before it finished (exit 137)" in stop("All tests pass.", [killed]).reason


PYTEST_LOG = ("..F.\n=========================== short test summary info ============================\n"
              "FAILED test_wrong.py::test_wrong - assert 4 == 5\n1 failed, 3 passed in 0.02s\n")


def _with_log(receipts, logs):
    ctx = context(receipts=receipts)
    for rid, text in logs.items():
        ctx.session.write_log(rid, text, 1 << 20)
    return ctx


def test_a_named_subset_claim_is_supported_by_a_whole_suite_run_that_failed_elsewhere():
    """Rule 3a: pytest lists every failing test; 'test_add passes' after a whole-suite run whose
    only failure is test_wrong is supported. Naming the failing test, a subset run, a list that
    is not complete, or a claim that names no test: the failure decides."""
    failed = receipt("r-0001", "01:00", verdict="fail", exit=1, counts={"failed": 1, "passed": 3})
    judge_with = lambda text, runs=(failed,), log=PYTEST_LOG: gate.judge_claim(
        claim(scope="subset", text=text), _with_log([dict(r) for r in runs], {"r-0001": log}))["verdict"]
    assert judge_with("test_add passes") == "FRESH"
    assert judge_with("test_calc.py passes") == "FRESH"
    assert judge_with("test_wrong passes") == "FAILED"
    assert judge_with("test_wrong.py passes") == "FAILED"
    assert judge_with("the failing test passes") == "FAILED"
    assert judge_with("test_add passes", runs=(dict(failed, scope="subset"),)) == "FAILED"
    assert judge_with("test_add passes", runs=(dict(failed, counts={"failed": 2, "passed": 2}),)) == "FAILED"
    assert judge_with("test_add passes", runs=(dict(failed, masked=True),)) == "FAILED"
    # an all-scope claim is never spared
    assert gate.judge_claim(claim(), _with_log([dict(failed)], {"r-0001": PYTEST_LOG}))["verdict"] == "FAILED"


def test_a_partial_count_that_matches_the_run_is_supported():
    """Rule 4a: '3 of 4 tests pass' after '1 failed, 3 passed' reports the run; another count, a
    full count, or a hidden result is judged on the failure."""
    failed = receipt("r-0001", "01:00", verdict="fail", exit=1, counts={"failed": 1, "passed": 3})
    verdicts = lambda message, runs=(failed,): [v["verdict"] for v in stop(message, [dict(r) for r in runs]).verdicts]
    assert verdicts("3 of 4 tests pass.") == ["FRESH"]
    assert verdicts("3/4 tests pass.") == ["FRESH"]
    assert verdicts("2 of 4 tests pass.") == ["FAILED"]
    assert verdicts("4 of 4 tests pass.") == ["FAILED"]
    assert verdicts("3 of 4 tests pass.", runs=(dict(failed, masked=True),)) == ["FAILED"]
    assert verdicts("3 of 4 tests pass.", runs=(failed,)) == ["FRESH"]
    stale = gate.judge_claim(claim(scope="subset", text="3 of 4 tests pass", counts={"passed": 3, "total": 4}),
                             context(receipts=[dict(failed)], edits=[edit("05:00", ROOT + "/calc.py")]))
    assert stale["verdict"] == "STALE"


# ---------------------------------------------------------------- property: the gate follows the rule

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

RUN_KINDS = {
    "pass": dict(verdict="pass"),
    "fail": dict(verdict="fail"),
    "masked": dict(verdict="inconclusive", masked=True, maskReason="pipe:tail"),
    "masked-pass": dict(verdict="pass", masked=True, maskReason="pipe:tail", signal="summary-line:pytest-passed"),
    "interrupted": dict(verdict="inconclusive", signal="interrupted"),
    "killed": dict(verdict="inconclusive", signal="interrupted", exit=124),
    "exit0-fail": dict(verdict="fail", exit=0, signal="exit-0-with-pytest-short-failed"),
}
STEP = st.one_of(st.tuples(st.just("run"), st.sampled_from(sorted(RUN_KINDS)), st.sampled_from(["all", "subset"]),
                           st.booleans()),
                 st.tuples(st.just("edit"), st.sampled_from(["/repo/src/app.py", "/repo/README.md"])))


def _session_records(steps):
    """Receipts and edits in time order; a run may share its time with the run before it."""
    receipts, edits, minute = [], [], 0
    for index, step in enumerate(steps):
        same_time = step[0] == "run" and step[3] and index and steps[index - 1][0] == "run"
        minute += 0 if same_time else 1
        ts = "%02d:%02d" % (minute // 60, minute % 60)
        if step[0] == "run":
            receipts.append(receipt("r-%04d" % (index + 1), ts, scope=step[2], cmd="pytest -q",
                                    **dict(RUN_KINDS[step[1]])))
        else:
            edits.append(edit(ts, step[1]))
    return receipts, edits


def _supported(steps):
    """docs/VERDICTS.md, rule 2: the latest all-scope run passed, no later run failed or hid its
    result, and no relevant file changed since."""
    fulls = [i for i, s in enumerate(steps) if s[0] == "run" and s[2] == "all"]
    if not fulls:
        return False
    last = fulls[-1]
    if RUN_KINDS[steps[last][1]]["verdict"] != "pass":
        return False
    for step in steps[last + 1:]:
        if step[0] == "edit" and step[1].endswith(".py"):
            return False
        if step[0] == "run" and step[1] in ("fail", "masked", "exit0-fail"):
            return False
    return True


def _evidence_against(steps):
    """Some recorded evidence speaks against an all-scope claim (it blocks without strictNoEvidence)."""
    fulls = [i for i, s in enumerate(steps) if s[0] == "run" and s[2] == "all"]
    since = fulls[-1] if fulls else 0
    tail = steps[since:] if fulls else steps
    if any(s[0] == "run" and s[1] in ("fail", "masked", "exit0-fail") for s in tail):
        return True
    if fulls and steps[since][1] == "killed":      # the latest whole-suite run stopped with its exit known
        return True
    return bool(fulls) and RUN_KINDS[steps[since][1]]["verdict"] == "pass" and \
        any(s[0] == "edit" and s[1].endswith(".py") for s in steps[since + 1:])


@settings(max_examples=400, deadline=None)
@given(st.lists(STEP, max_size=9))
def test_an_all_scope_claim_passes_exactly_when_the_rule_supports_it(steps):
    receipts, edits = _session_records(steps)
    supported = _supported(steps)
    strict = stop("All tests pass.", receipts, edits, strictNoEvidence=True)
    assert (strict.kind == ev.ALLOW) == supported, (steps, strict.verdicts)
    default = stop("The tests pass now.", receipts, edits)
    assert (default.kind == ev.BLOCK) == _evidence_against(steps), (steps, default.verdicts)
    if supported:
        assert default.verdicts[0]["verdict"] == "FRESH"


def test_runs_in_another_project_are_no_evidence_for_this_one():
    elsewhere = [receipt("r-0001", "01:00", cwd="/elsewhere")]
    v = judge(claim(), receipts=elsewhere)
    assert (v["verdict"], v["evidence"]) == ("NONE", None)
    failing = [receipt("r-0001", "01:00", cwd="/elsewhere", verdict="fail"), receipt("r-0002", "02:00")]
    assert judge(claim(), receipts=failing)["verdict"] == "FRESH"
    # a run there still is a run: "re-ran the tests" is not a claim about a run that never happened
    assert stop("Re-ran the tests. All tests pass.", elsewhere).verdicts[0]["verdict"] == "NONE"


def test_a_run_under_a_symlinked_folder_is_evidence_for_the_real_folder_and_back(tmp_path):
    """`cd <link to the repo> && pytest` records the link as the run's folder; a claim from the
    real folder (and the reverse) is judged on it, and the host event's cwd is resolved."""
    import os

    from stalegreen.hosts import common

    repo, link = tmp_path / "repo", tmp_path / "link"
    (repo / ".git").mkdir(parents=True)
    os.symlink(str(repo), str(link))
    for run_dir, stop_dir in ((link, repo), (repo, link), (link / "sub" / "..", repo)):
        session = MemorySession("s")
        session.append("receipts", receipt("r-0001", "01:00", verdict="fail", cwd=str(run_dir)))
        event = common.base_event(ev.STOP, "claude", "Stop", {"cwd": str(stop_dir), "session_id": "s"})
        event.replay, event.message = True, "All tests pass."
        assert event.cwd == str(repo)
        decision = gate.on_stop(event, config_module.load("/nonexistent", home="/nonexistent"), session)
        assert decision.kind == ev.BLOCK and decision.verdicts[0]["verdict"] == "FAILED", (run_dir, stop_dir)


def test_a_whole_suite_run_from_a_subfolder_covers_only_that_subfolder():
    """`cd sub && pytest` ran sub's tests: for a claim that names no folder it is a subset run,
    which can contradict the claim when it fails and cannot support it when it passes."""
    sub_pass = [receipt("r-0001", "01:00", cwd=ROOT + "/sub", cmd="pytest -q")]
    v = judge(claim(), receipts=sub_pass)
    assert v["verdict"] == "NONE" and "subset" in v["note"]
    assert stop("All tests pass.", sub_pass, strictNoEvidence=True).kind == ev.BLOCK
    assert judge(claim(), receipts=[receipt("r-0001", "01:00", verdict="fail", cwd=ROOT + "/sub")])["verdict"] \
        == "CONTRADICTED"
    # a claim that names the folder is about it; a run of the root covers the subfolder too
    assert judge(claim(text="all tests in sub pass", sentence="all tests in sub pass"),
                 receipts=sub_pass)["verdict"] == "FRESH"
    assert judge(claim(), receipts=[receipt("r-0001", "01:00", verdict="fail", cwd=ROOT + "/sub"),
                                    receipt("r-0002", "02:00")])["verdict"] == "FRESH"


def test_a_run_through_a_symlink_is_fingerprinted_as_the_real_tree(tmp_path):
    """`cd <link> && pytest`: the receipt's fingerprint names the real work tree, so the Stop's
    fingerprint (taken from the real folder) is comparable and an edit after it is seen."""
    import os
    import subprocess

    from stalegreen.engine import fingerprint, receipts

    repo, link = tmp_path / "repo", tmp_path / "link"
    repo.mkdir()
    (repo / "a.py").write_text("A = 1\n")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    os.symlink(str(repo), str(link))
    event = ev.Event(ev.POST_SHELL, "claude", cwd=str(repo))
    taken = receipts.Fingerprints(event, config_module.load("/nonexistent", home="/nonexistent"),
                                   MemorySession("s")).get(str(link))
    now = fingerprint.compute(str(repo), config_module.DEFAULT_FINGERPRINT_IGNORE, 5000)
    assert taken["root"] == str(repo) and fingerprint.compare(taken, now) == "same"
    (repo / "a.py").write_text("A = 2\n")
    assert fingerprint.compare(taken, fingerprint.compute(str(repo), config_module.DEFAULT_FINGERPRINT_IGNORE,
                                                          5000)) == "different"


def test_a_run_whose_summary_deselected_tests_is_a_subset_run_whatever_its_command_line():
    """`PYTEST_ADDOPTS='-k ...' pytest` or addopts in pytest.ini: the command reads as the whole
    suite, the runner's own summary says it was not."""
    from stalegreen.engine import outputs

    result = outputs.judge("test", "===== 3 passed, 1 deselected in 0.02s =====\n", 0, runner="pytest")
    assert result["counts"] == {"passed": 3, "deselected": 1}
    narrowed = receipt("r-0002", "03:00", counts=result["counts"])
    failing = receipt("r-0001", "02:11", verdict="fail", counts={"failed": 1, "passed": 3})
    assert judge(claim(), receipts=[narrowed])["verdict"] == "NONE"
    assert judge(claim(), receipts=[failing, narrowed])["verdict"] == "FAILED"
    v = judge(claim(scope="subset"), receipts=[failing, narrowed])
    assert v["verdict"] == "FRESH" and v["evidence"]["scope"] == "subset"
    whole = receipt("r-0003", "04:00", counts={"passed": 4, "deselected": 0})
    assert judge(claim(), receipts=[failing, narrowed, whole])["verdict"] == "FRESH"


def test_an_edit_stamped_in_the_receipts_own_millisecond_is_named_when_the_tree_moved(tmp_path):
    """Fast hooks: the Edit's record can carry the very timestamp of the receipt before it. The
    fingerprint says the tree moved; the message names the edit rather than 'the tree changed'."""
    import subprocess

    from stalegreen.engine import fingerprint

    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "calc.py").write_text("A = 1\n")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    ignore = config_module.DEFAULT_FINGERPRINT_IGNORE
    run = receipt("r-0001", "02:11", cwd=str(repo), fingerprint=fingerprint.compute(str(repo), ignore, 5000))
    (repo / "calc.py").write_text("A = 2\n")
    same_ms = {"ts": run["ts"], "path": str(repo / "calc.py"), "kind": "Edit", "agent": None}
    session = MemorySession("s")
    session.append("receipts", run)
    session.append("edits", same_ms)
    values = config_module.load("/nonexistent", home="/nonexistent")
    ctx = gate._Context(ev.Event(ev.STOP, "claude", cwd=str(repo)), values, session)
    v = gate.judge_claim(claim(text="all 3 tests pass"), ctx)
    assert v["verdict"] == "STALE" and v["freshness"]["fingerprintMatch"] is False
    assert [e["path"] for e in v["freshness"]["editsAfter"]] == [str(repo / "calc.py")]
    assert "calc.py" in gate.block_message(v, str(repo))


def test_an_edit_inside_a_nested_repository_is_believed_over_an_equal_fingerprint(tmp_path):
    """plugins/ is a git repository of its own inside the project (not a submodule): status
    names the folder, never its files, so the tree's hash cannot see an edit there (nor behind a
    link to a folder). The edit event then decides (STALE); an edit elsewhere, or of an ignored
    file, still leaves an equal fingerprint FRESH."""
    import os
    import subprocess

    from stalegreen.engine import fingerprint

    repo = tmp_path / "repo"
    (repo / "plugins").mkdir(parents=True)
    (repo / "calc.py").write_text("A = 1\n")
    (repo / "plugins" / "test_plugin.py").write_text("def test_p():\n    assert True\n")
    subprocess.run(["git", "init", "-q", str(repo / "plugins")], check=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    ignore = config_module.DEFAULT_FINGERPRINT_IGNORE
    run = receipt("r-0001", "02:11", cwd=str(repo), fingerprint=fingerprint.compute(str(repo), ignore, 5000))
    assert run["fingerprint"]["opaque"] == ["plugins"]
    (repo / "plugins" / "test_plugin.py").write_text("def test_p():\n    assert False\n")
    values = config_module.load("/nonexistent", home="/nonexistent")
    for path, want, ts in ((repo / "plugins" / "test_plugin.py", "STALE", "2026-09-02T14:03:00.000Z"),
                           (repo / "plugins" / "test_plugin.py", "STALE", run["ts"]),     # the receipt's own ms
                           (repo / "notes.md", "FRESH", "2026-09-02T14:03:00.000Z")):
        session = MemorySession("s")
        session.append("receipts", run)
        session.append("edits", {"ts": ts, "path": str(path), "kind": "Edit", "agent": None})
        ctx = gate._Context(ev.Event(ev.STOP, "claude", cwd=str(repo)), values, session)
        assert gate.judge_claim(claim(), ctx)["verdict"] == want, (path, ts)
    # a link to a folder outside (here under the scratch folder /tmp): the edit is recorded by its
    # real path, which alone would be no edit of this project
    outside = tmp_path / "shared"
    outside.mkdir()
    (outside / "test_shared.py").write_text("S = 1\n")
    os.symlink(str(outside), str(repo / "shared"))
    run = receipt("r-0001", "02:11", cwd=str(repo), fingerprint=fingerprint.compute(str(repo), ignore, 5000))
    (outside / "test_shared.py").write_text("S = 2\n")
    for path, want in ((outside / "test_shared.py", "STALE"), (outside / "notes.md", "FRESH")):
        session = MemorySession("s")
        session.append("receipts", run)
        session.append("edits", {"ts": "2026-09-02T14:03:00.000Z", "path": str(path), "kind": "Edit", "agent": None})
        ctx = gate._Context(ev.Event(ev.STOP, "claude", cwd=str(repo)), values, session)
        assert gate.judge_claim(claim(), ctx)["verdict"] == want, path


@pytest.mark.parametrize("message", ["All green.", "Everything is green ✅", "Done, all green!"])
def test_a_green_statement_naming_no_check_is_held_to_what_the_session_ran(message):
    """Rule 4b: "All green." names no check, so it claims no category (claims: ``unnamed``), but
    it says what ran is green: a failing, masked or out-of-date run of any category blocks it,
    a fresh pass lets it through, and a session that ran nothing has nothing to hold it to."""
    passed = [receipt("r-0001", "01:00", cmd="pytest -q", counts={"passed": 3})]
    failed = [receipt("r-0001", "01:00", verdict="fail", cmd="pytest -q", counts={"failed": 1, "passed": 3})]
    masked = [receipt("r-0001", "01:00", verdict="inconclusive", cmd="pytest -q | tail -1", masked=True,
                      maskReason="pipe:tail")]
    lint_failed = passed + [receipt("r-0002", "01:30", verdict="fail", category="lint", cmd="ruff check .")]

    def verdicts(decision):
        return [(v["claim"]["category"], v["claim"]["scope"], v["verdict"]) for v in decision.verdicts or ()]

    nothing = stop(message, [])
    assert nothing.kind == ev.ALLOW and not nothing.verdicts and not nothing.reason
    allowed = stop(message, passed)
    assert allowed.kind == ev.ALLOW and verdicts(allowed) == [("test", "subset", "FRESH")]
    for runs, edits, verdict in ((failed, [], "FAILED"), (masked, [], "MASKED"),
                                 (passed, [edit("05:00", "/repo/src/a.py")], "STALE")):
        decision = stop(message, runs, edits)
        assert decision.kind == ev.BLOCK and verdicts(decision) == [("test", "subset", verdict)], runs
        assert "r-0001" in decision.reason
    both = stop(message, lint_failed)
    assert both.kind == ev.BLOCK and verdicts(both) == [("test", "subset", "FRESH"), ("lint", "subset", "FAILED")]
    assert "ruff check ." in both.reason and "pytest" not in both.reason
    # a message that names its checks is read as those claims, not as an unnamed green
    named = stop("Lint is clean. All green.", lint_failed)
    assert [v[0] for v in verdicts(named)] == ["lint"]
