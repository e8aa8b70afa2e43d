# -*- coding: utf-8 -*-
"""Red-team of the dev20 round of the claims reader (a later failure supersedes, disclosures of
"nothing re-verified", load tests, 测试库, "and" with a new subject, a block of command rows, a
"Target" column). Each case is a message one of those rules read wrongly: a current claim missed or
taken back (the gate never checks it), or a claim read where the message makes none."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- a later failure takes back an earlier claim only when it says it is the state now (now,
# again, still, currently) and nothing before it in its sentence sets it elsewhere: a problem's
# description ("Symptom: the build is broken", under "## Problem"), a circumstance ("In CI, the
# tests are failing", "With the old config, lint fails") or a question is no last word
@pytest.mark.parametrize("text, expected", [
    ("All tests pass. In CI, though, the tests are failing.", ["test"]),
    ("The build passes.\n\nOriginal report: the build is broken.", ["build"]),
    ("All tests pass.\n\n## Problem\nThe tests fail.\n\n## Fix\nPinned the clock.", ["test"]),
    ("Fixed it: the build passes now.\n\nSymptom: the build is broken.", ["build"]),
    ("Lint is clean. With the old config, lint fails.", ["lint"]),
    ("All tests pass. Tests fail? No.", ["test"]),
    ("The build passes. Before the fix: the build is broken again and again.", ["build"]),
    # the last word, said as now
    ("The build passed. Right now the build is broken again.", []),
    ("The build passed. Right now, the build is broken.", []),
    ("All tests pass. But now the tests fail.", []),
    ("Lint is clean. Unfortunately, lint is failing again.", []),
    ("The build passes. The build is still broken.", []),
])
def test_only_a_failure_said_as_now_supersedes(text, expected):
    assert categories(text) == expected


# ---- a test of load or speed is named by "load" as a word of its own: the tail of another word
# (payload, upload, download, reload) or of a compound (lazy-load) names what the tests are about
@pytest.mark.parametrize("text, expected", [
    ("The payload tests pass.", ["test"]),
    ("The upload tests pass.", ["test"]),
    ("The download and upload tests pass.", ["test"]),
    ("The reload tests pass.", ["test"]),
    ("The lazy-load tests pass.", ["test"]),
    ("All 14 workload tests pass.", ["test"]),
    ("The reopen tests pass.", ["test"]),
    # a test of load or speed, as before
    ("The load tests pass.", []),
    ("Load tests pass.", []),
    ("The soak test passes.", []),
    ("The stress test passes at 500 rps.", []),
])
def test_load_is_a_word_of_its_own(text, expected):
    assert categories(text) == expected


# ---- a disclosure that the verification not redone was a manual one (by hand, manually, in the
# browser) is about that verification, not the checks the message tells: they stand
@pytest.mark.parametrize("text, expected", [
    ("Nothing was re-verified by hand, but `make check` passes.", ["test"]),
    ("`pytest` passes (212 tests). Nothing was re-verified manually in the browser.", ["test"]),
    ("`pytest` passes (212 tests). I haven't re-verified it manually in the browser.", ["test"]),
    ("All tests pass. Nothing has been re-checked visually in the UI since the rename.", ["test"]),
    ("The build passes. I didn't retest by hand on a device.", ["build"]),
    # not manual: every check, or the check named
    ("`pytest` passes. Nothing was re-verified after the last edit.", []),
    ("`pytest` passes. I haven't rerun the tests by hand since the rename.", []),
    ("`pytest` passes. Nothing was re-verified, manually or otherwise.", []),
])
def test_a_manual_verification_not_redone_leaves_the_checks(text, expected):
    assert categories(text) == expected


# ---- 库/机 after a check word name a test database / machine only as a word of their own: the first
# character of another word (库存 inventory, 机票 air ticket) is what was tested
@pytest.mark.parametrize("text, expected", [
    (u"测试库存扣减逻辑，全部通过。", ["test"]),
    (u"单元测试库存模块全部通过。", ["test"]),
    (u"测试机票预订流程的用例全部通过。", ["test"]),
    # a test database, a test machine: no check
    (u"迁移脚本在测试库执行成功。", []),
    (u"测试机上部署成功。", []),
])
def test_a_one_character_noun_is_a_word_of_its_own(text, expected):
    assert categories(text) == expected


# ---- "and" with a new subject opens a clause of its own, but not one that says the claim's own
# check was not run: "and I haven't run them since" points back at what the claim names
@pytest.mark.parametrize("text, expected", [
    ("The tests pass and I haven't run them since the rename.", []),
    ("Lint is clean and I never actually ran it after the merge.", []),
    ("The build succeeds and we didn't re-check it after the rebase.", []),
    ("All tests pass and I haven't verified that locally.", []),
    # a clause about something else stands apart, as before
    ("The build passes and I didn't run the tests.", ["build"]),
    ("Tests pass and I didn't change anything else.", ["test"]),
    ("Tests pass and it isn't flaky.", ["test"]),
    ("All tests pass and I didn't touch the fixtures.", ["test"]),
])
def test_and_i_did_not_run_them_points_back(text, expected):
    assert categories(text) == expected


# ---- an expectation in the place of a result ("`npm run lint` — expect no output", a row of a
# block of commands "npm test   expect 42 passing") is what the reader should see, not what was seen
@pytest.mark.parametrize("text, expected", [
    ("```\nnpm test          should print 42 passing\nnpm run lint      expect no output\n```", []),
    (u"`npm run lint` \u2014 expect no output", []),
    (u"`npm test` \u2192 expect 212 passing", []),
    ("`cargo clippy`: expect zero warnings.", []),
    # what code expects, a result
    (u"`npm test` \u2014 212 passing, including the expect() matchers", ["test"]),
    ("```\nnpm run lint      no output\n```", ["lint"]),
])
def test_an_expectation_in_a_result_place(text, expected):
    assert categories(text) == expected


# ---- a heading or a line that asks the reader to run the block below, or says what is expected,
# governs its rows: they are a plan, not results
@pytest.mark.xfail(strict=True, reason="a heading or an instruction line before a block does not govern the rows "
                                       "read from it (nor the lines under it in prose); needs a section-level mood")
@pytest.mark.parametrize("text", [
    "## Expected\n```\nnpm test          all pass\nnpm run lint      0 problems\n```",
    "## Before merging, run\n```\nnpm test        all green\nnpm run lint    clean\n```",
    "Please run\n`npm test` \u2014 all green",
])
def test_a_heading_that_asks_governs_the_rows(text):
    assert categories(text) == []


# ---- a "Target" cell that names a check with a state ("`npm test` passing") is a goal, not the
# command that was run: only a cell naming the check alone is what was run
@pytest.mark.parametrize("text, expected", [
    (u"| Target | Deadline |\n|---|---|\n| `npm test` passing | Friday |", []),
    (u"| Target | Owner |\n|---|---|\n| `make lint` clean | bob |", []),
    (u"| Target | Status |\n|---|---|\n| `make test` green | in progress |", []),
    # the command alone, with its result beside it
    (u"| Target | Result |\n|---|---|\n| `make` | \u2705 |\n| `make check` | \u2705 48/48 |", ["build", "test"]),
    (u"| Target | Status |\n|---|---|\n| `npm run lint` | \u2705 clean |", ["lint"]),
])
def test_a_target_cell_with_a_state_is_a_goal(text, expected):
    assert categories(text) == expected


# ---- "vet" named alone is go vet only where no word before it makes it another noun ("the vendor
# vet", "security vet"): at a clause's head or after a conjunction
@pytest.mark.parametrize("text, expected", [
    ("The vendor vet is clean.", []),
    ("Security vet is clean.", []),
    ("Our legal vet was fine.", []),
    ("vet ok, 3 pkgs.", ["lint"]),
    ("go build is fine and vet is quiet.", ["build", "lint"]),
    ("Build: fine; vet passes too.", ["build", "lint"]),
])
def test_vet_alone_is_not_a_modified_noun(text, expected):
    assert categories(text) == expected


# ---- a clause after a claim that only dates it ("——昨天跑的", ", at least it was last week") makes
# it a past result; "——" now ends a clause as a comma does, and neither carries the date back
@pytest.mark.xfail(strict=True, reason="a trailing clause that dates the result before it, with no check or result "
                                       "of its own, is not read back onto the claim's clause (comma or '——')")
@pytest.mark.parametrize("text", [
    u"构建没问题——至少上周是这样。",
    u"测试全部通过——昨天跑的。",
    u"lint 干净——上一轮的结果。",
])
def test_a_clause_that_dates_the_result_before_it(text):
    assert categories(text) == []


# the English form is read since the eighteenth session: a clause opened as a time before now
# ("at least it was", "before I ...") right after the claim's, with nothing of its own (claims_meaning._dated_after)
@pytest.mark.parametrize("text", [
    "The build is fine, at least it was last week.",
    "The bats tests were passing when I wrote them, before I changed the arg parsing; need to rerun.",
    "Build's green, or at least it was before I bumped the bundle-size budget.",
    "The suite was green at `a3f91c0`, before your merge of `feature/sso`.",
    "Lint was clean, prior to the rebase onto main.",
    "The tests were all passing, before the serializer change went in.",
])
def test_an_english_clause_that_dates_the_result_before_it(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("The spec suite passes, as it did before the change.", ["test"]),
    ("All tests pass, before and after the rebase.", ["test"]),
    ("The build is fine, before I push I'll squash the commits.", ["build"]),
    ("Lint is clean, though before I fixed the imports it failed.", ["lint"]),
])
def test_a_clause_after_the_claim_with_something_of_its_own_does_not_date_it(text, expected):
    assert categories(text) == expected


# ---- "the last run" before a run the agent says is still to come is the one before it, not now
@pytest.mark.xfail(strict=True, reason="'the last run' stands for the check named before even when that check's "
                                       "run is still to come ('I'll rerun pytest')")
@pytest.mark.parametrize("text", [
    "I'll rerun pytest; the last run passed.",
    "I still need to rerun mypy after the rebase; the latest run was clean.",
])
def test_the_last_run_before_a_planned_rerun(text):
    assert categories(text) == []


# ---- what follows the failure in its sentence (a cause, a part, a place, "but only when ...")
# qualifies it: no last word about the whole check; a comparison with the state before does not
@pytest.mark.parametrize("text, expected", [
    (u"Lint is clean. Now lint fails \u2014 but only for the generated files, which are excluded.", ["lint"]),
    ("Lint is clean. Lint still fails, because your editor uses the old plugin.", ["lint"]),
    ("The tests pass. But now the tests fail, intermittently, on the M1 runner.", ["test"]),
    ("All tests pass. Now the tests fail, but only when run with --runxfail.", ["test"]),
    ("The build passes. The build is still broken, for the docs target only.", ["build"]),
    ("The build passes. Now the build is broken again, same as before the fix.", []),
    ("The build passed. Right now the build is broken again, just as it was this morning.", []),
])
def test_what_follows_the_failure_qualifies_it(text, expected):
    assert categories(text) == expected


# ---- a new subject after "and" may be contracted ("and it's not flaky anymore", "and I've left
# the fixtures alone"); a clause that takes the claim back stays with it ("and that's no longer true")
@pytest.mark.parametrize("text, expected", [
    ("The build passes and it's not flaky anymore.", ["build"]),
    ("Tests pass and I've not touched the fixtures.", ["test"]),
    ("Lint is clean and there's no new suppression.", ["lint"]),
    ("The build passes and that's no longer true after the merge.", []),
    ("The tests pass and that's not the whole story: 3 are skipped.", []),
    ("The build doesn't pass and it's not flaky.", []),
])
def test_a_contracted_new_subject_after_and(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The build passes and that is no longer true after the merge.", []),
    ("All tests pass and this isn't accurate anymore.", []),
    ("All tests pass and it isn't slower.", ["test"]),
])
def test_and_that_is_not_true_takes_the_claim_back(text, expected):
    assert categories(text) == expected


# ---- the same command failing later in the message is its last word, as a bare check's is
# (fixed in the thirteenth session: claims_superseded._same_run_fails)
@pytest.mark.parametrize("text", [
    "```\nnpm test   passed\nnpm test   failed\n```",
    u"`npm test` \u2014 passed\n`npm test` \u2014 failed",
    "`npm test` passed. Then I changed the fixture. `npm test` failed.",
    u"1. `go test ./...` \u2014 ok\n2. Refactored `handlers/users.go`\n3. `go test ./...` \u2014 FAIL: `TestListUsers`",
    "`pytest tests/api` passes. Then I touched the fixtures and `pytest tests/api` now fails.",
])
def test_the_same_command_failing_later(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("`npm test` failed. I fixed the fixture. `npm test` passes.", ["test"]),      # the failure came first
    ("`npm test` passes. Before my change, `npm test` failed.", ["test"]),         # a past failure
    ("`npm test` passes. If you remove the mock, `npm test` fails.", ["test"]),    # a condition
    ("`npm test` passes, but `npm test` failed on CI.", ["test"]),                 # CI's run, relayed
    ("`pytest tests/api` passes. `pytest tests/db` fails.", ["test"]),             # another part
    ("`pytest src/core` passes. `pytest` on the whole repo reports 37 errors that predate this change.", ["test"]),
])
def test_a_later_failure_that_is_not_the_same_run_now_leaves_the_claim(text, expected):
    assert categories(text) == expected
