# -*- coding: utf-8 -*-
"""Red-team of the dev21 round of the claims reader (a line or a table column naming someone
else's results, not-run-since and not-yet-compiled disclosures, Gradle camel-case tasks, exit
columns, "when I ran", quoted results in words, 还没重新打包). Each case is a message one of those
rules read wrongly: a current claim missed (the gate never checks it), or a claim read where the
message makes none."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- a line ending with a colon introduces someone else's results only when the clause that
# introduces the list is theirs: one that says the agent ran them ("I ran:", "locally:", 我跑了：,
# 本地结果：) introduces the agent's own, whatever the line said of CI or of a request before it
@pytest.mark.parametrize("text, expected", [
    ("Per your request, I ran:\n- `npm test` \u2014 48 passed\n- `npm run lint` \u2014 clean", ["lint", "test"]),
    ("From the CI logs I fixed the flaky test; locally:\n- `pytest` \u2014 212 passed\n- `mypy` \u2014 no issues",
     ["test", "typecheck"]),
    ("CI was red on lint; after my fix, locally:\n- `eslint .` \u2014 0 problems\n- `tsc --noEmit` \u2014 clean",
     ["lint", "typecheck"]),
    ("As the reviewer suggested, I reran everything:\n- `cargo test` passes\n- `cargo clippy` is clean",
     ["lint", "test"]),
    (u"\u6309\u7167\u4f60\u7684\u8981\u6c42\uff0c\u6211\u8dd1\u4e86\uff1a\n- `npm test` \u5168\u90e8\u901a\u8fc7\n"
     u"- `npm run lint` \u6ca1\u6709\u62a5\u9519", ["lint", "test"]),
    # what the agent fixed from someone else's report: the results under it are after its fix
    ("Fixed the three failures from CI; results:\n- `pytest` \u2014 212 passed", ["test"]),
    (u"CI \u4e0a\u5931\u8d25\u7684\u4e09\u4e2a\u95ee\u9898\u90fd\u4fee\u4e86\uff1a\n- `pytest`\uff1a212 passed", ["test"]),
    (u"\u6839\u636e review \u610f\u89c1\u6539\u5b8c\u540e\u91cd\u65b0\u8dd1\u4e86\uff1a\n- `pytest` \u901a\u8fc7\n"
     u"- `mypy` \u65e0\u9519\u8bef", ["test", "typecheck"]),
    # someone else's results, as before
    ("According to CI:\n- `pytest` passes\n- `ruff check` is clean", []),
    ("According to CI:\n\n- lint \u2705\n\n- tests \u2705", []),
    ("According to CI, the fixed build:\n- `pytest` passes", []),
    (u"CI \u91cd\u65b0\u8dd1\u7684\u7ed3\u679c\uff1a\n- `pytest` \u901a\u8fc7", []),
    ("Per the CI run I was pointed to:\n- `pytest` passes\n- `ruff check` is clean", []),
    (u"CI \u7ed3\u679c\uff08\u4e0d\u662f\u6211\u672c\u5730\u8dd1\u7684\uff09\uff1a\n- `pytest` \u901a\u8fc7", []),
])
def test_a_relay_line_that_names_the_agents_own_run(text, expected):
    assert categories(text) == expected


# ---- a table is CI's only when its results are under the column naming CI: a column naming a CI
# job, or asking about CI, beside a result column of the agent's ("Result", "This run") is no source
@pytest.mark.parametrize("text, expected", [
    ("| Check | Result | CI job |\n|---|---|---|\n| `pytest` | \u2705 212 passed | `test.yml` |\n"
     "| `ruff check` | \u2705 clean | `lint.yml` |", ["lint", "test"]),
    ("| Check | Result | Was failing in CI? |\n|---|---|---|\n| `pytest` | \u2705 212 passed | yes |\n"
     "| `ruff check` | \u2705 clean | no |", ["lint", "test"]),
    ("| Check | This run | CI (last green) |\n|---|---|---|\n| `pytest` | \u2705 | \u2705 |", ["test"]),
    (u"| \u68c0\u67e5 | \u7ed3\u679c | CI \u4efb\u52a1 |\n|---|---|---|\n| `pytest` | \u2705 \u901a\u8fc7 | test |", ["test"]),
    # the results under the column naming CI, or rows that are CI's jobs, as before
    ("| CI job | Status |\n|---|---|\n| lint | \u2705 |\n| test | \u2705 |", []),
    ("| Check | CI result (from the Actions tab) |\n|---|---|\n| `pytest` | \u2705 |", []),
    ("| Check | CI |\n|---|---|\n| `pytest` | \u2705 |\n| `ruff` | \u2705 |", []),
])
def test_a_ci_column_beside_the_agents_results(text, expected):
    assert categories(text) == expected


# ---- "since" of cause after a number or "last": "since 3 of them need CUDA" is no time
@pytest.mark.parametrize("text, expected", [
    ("`cargo test -p core` passes. I haven't run the GPU tests since 3 of them need CUDA hardware.", ["test"]),
    ("`pytest tests/unit` passes; I didn't run the slow suite since 2 of its fixtures need Docker.", ["test"]),
    # since a time, as before
    ("All tests pass. I haven't run the e2e suite since 10:21.", []),
    ("All tests pass. I haven't run the e2e suite since 9am.", []),
    ("All tests pass. I haven't run the e2e suite since 2026-12-01.", []),
    ("All tests pass. I haven't run the e2e suite since 3 pm.", []),
])
def test_since_a_number_of_cause(text, expected):
    assert categories(text) == expected


# ---- "hasn't been tested yet" followed by where or by whom is that place's or person's check, not
# the agent's ("It hasn't been tested on Windows yet" already stood)
@pytest.mark.parametrize("text, expected", [
    ("The build passes. It hasn't been tested yet on Windows.", ["build"]),
    ("The build passes, but the patch hasn't been verified yet by the customer.", ["build"]),
    ("`npm test` passes (48/48). This change hasn't been checked yet by QA.", ["test"]),
    # the change itself not checked yet, as before
    ("All tests pass, but my last change hasn't been tested yet.", []),
    ("The build passed. That change hasn't been compiled yet.", []),
    ("The build passed. That change hasn't been compiled yet, though.", []),
])
def test_not_yet_checked_by_someone_or_somewhere_else(text, expected):
    assert categories(text) == expected


# ---- a Gradle task named in camel case is a variant's task (`assembleDebug`, `bundleRelease`);
# a function named assembleX / bundleX is not a run
@pytest.mark.parametrize("text, expected", [
    ("`assembleResponse` now succeeds for empty payloads.", []),
    ("`bundleConfig` succeeds even when the env file is missing.", []),
    ("`assembleDebug` succeeded.", ["build"]),
    ("`assembleFreeRelease` succeeded.", ["build"]),
    ("`bundleRelease` finished without errors.", ["build"]),
])
def test_gradle_tasks_are_variant_tasks(text, expected):
    assert categories(text) == expected


# ---- "when I checked CI" is someone else's result looked at, not a run the agent made
@pytest.mark.parametrize("text, expected", [
    ("When I checked CI, the build was green.", []),
    ("When I checked the pipeline, all tests passed.", []),
    ("I checked the CI config and `npm run lint` is clean.", ["lint"]),
    ("When I ran `phpunit` it said `OK (233 tests, 611 assertions)`.", ["test"]),
    ("When I reran it after the fix, lint was clean.", ["lint"]),
])
def test_when_i_checked_ci(text, expected):
    assert categories(text) == expected


# ---- "没有重新打包的必要" says no rerun is needed: not a disclosure that one is owed
@pytest.mark.parametrize("text, expected", [
    (u"\u6784\u5efa\u6210\u529f\u4e86\u3002\u4e4b\u540e\u53ea\u6539\u4e86 README\uff0c\u6ca1\u6709\u91cd\u65b0\u6253\u5305\u7684\u5fc5\u8981\u3002",
     ["build"]),
    (u"\u6d4b\u8bd5\u901a\u8fc7\u3002\u53ea\u6539\u4e86\u6587\u6863\uff0c\u6ca1\u6709\u91cd\u65b0\u8fd0\u884c\u7684\u5fc5\u8981\u3002", ["test"]),
    (u"\u6784\u5efa\u6210\u529f\u4e86\u3002\u4e4b\u540e\u6539\u4e86\u914d\u7f6e\uff0c\u8fd8\u6ca1\u91cd\u65b0\u6253\u5305\u3002", []),
])
def test_no_need_to_rerun_is_no_disclosure(text, expected):
    assert categories(text) == expected


# ---- a quotation is read as the sentence's words only after a verb of showing ("`eslint` reports
# "0 problems""); right after the command, or after "claims", it is scare quotes
@pytest.mark.parametrize("text, expected", [
    ('`jest` "passes" \u2014 but only because every test is skipped.', []),
    ('`eslint` claims "0 problems", but it is ignoring `src/` entirely.', []),
    ('`eslint` claims "0 problems", but that\'s misleading: it never looked at `src/`.', []),
    # after a verb of showing, as before
    ('`eslint` reports "0 problems".', ["lint"]),
    ('`eslint` now prints: "0 problems".', ["lint"]),
    (u'`eslint` \u8bf4 "0 problems"\u3002', ["lint"]),
])
def test_scare_quotes_after_a_command(text, expected):
    assert categories(text) == expected


# ---- a before/after row is a label's count only when the number left is the count after, not a
# change ("| Check | Before | \u0394 |"); detekt's tasks that check, not `detektBaseline`
@pytest.mark.parametrize("text, expected", [
    ("| Check | Before | \u0394 |\n|---|---|---|\n| `tsc` errors | 12 | 0 |", []),
    ("| | Before | Change |\n|---|---|---|\n| eslint errors | 37 | 0 |", []),
    (u"| \u6307\u6807 | \u6539\u52a8\u524d | \u53d8\u5316 |\n|---|---|---|\n| eslint \u9519\u8bef | 23 | 0 |", []),
    ("I ran `detektBaseline` to record the existing 40 issues; it succeeded.", []),
    ("`detektGenerateConfig` finished without errors.", []),
    # as before
    ("| | Before | After |\n|---|---|---|\n| eslint errors | 37 | 0 |", ["lint"]),
    ("`detekt` finished without errors.", ["lint"]),
    ("`detektMain` passed.", ["lint"]),
])
def test_a_change_column_and_detekt_tasks(text, expected):
    assert categories(text) == expected


# ---- a table under a line describing what the agent wrote ("I documented the exit codes of
# `check.sh`:", "Added `ci.yml` with three jobs:") describes, as a list under it does: its exit
# column is no run's status
@pytest.mark.parametrize("text, expected", [
    ("I documented the exit codes of `scripts/check.sh`:\n\n| Step | Exit code |\n|---|---|\n| `ruff check` | 0 |\n"
     "| `pytest` | 0 |", []),
    ("Added `ci.yml` with three jobs:\n\n| Job | Command | Exit code |\n|---|---|---|\n| lint | `ruff check` | 0 |", []),
    # exit codes of runs, as before
    ("I ran everything; exit codes:\n\n| Step | Exit code |\n|---|---|\n| `ruff check` | 0 |\n| `pytest` | 0 |",
     ["lint", "test"]),
    ("| Tool | Command | Exit |\n|---|---|---|\n| build | `go build ./...` | 0 |", ["build"]),
])
def test_a_table_of_documented_exit_codes(text, expected):
    assert categories(text) == expected


# ---- real findings not fixed in this round
# ---- a change made since stales what was told before it, not a rerun told after it: a claim's
# sentence with a code span was not found among the sentences read (held), so it counted as before
@pytest.mark.parametrize("text, expected", [
    ("You've since updated the lockfile, so I reran `npm test`: 48 passed.", ["test"]),
    ("You've since pushed a fix, and I reran `pytest` after pulling it: 212 passed.", ["test"]),
    ("I've since rewritten the parser. I reran `pytest`: 212 passed.", ["test"]),
    # told before the change, as before
    ("`pytest` passed: 212 passed. You've since pushed a fix.", []),
    ("`pytest` passed (212 passed), but I've since rewritten the parser.", []),
    ("The typecheck passed when I ran `tsc`, but you've since switched to `moduleResolution: bundler`.", []),
])
def test_a_rerun_after_a_change_made_since(text, expected):
    assert categories(text) == expected


@pytest.mark.xfail(strict=True, reason="'but the exit code was 1' after a passing result is not read as the run's "
                   "failure; the quoted-result rule now exposes it for quotations too")
@pytest.mark.parametrize("text", [
    '`pytest` printed "212 passed" but the exit code was 1.',
    "`pytest` printed all tests passed but the exit code was 1.",
])
def test_a_passing_print_with_a_failing_exit(text):
    assert categories(text) == []


@pytest.mark.xfail(strict=True, reason="a not-rebuilt disclosure naming another platform as its subject, not after "
                   "'on' ('iOS 还没重新 build', 'I haven't rebuilt iOS'), takes back the build told of Android; the new "
                   "'重新 build' verbs widen this (claims_parts.environment reads only 'on/under X')")
@pytest.mark.parametrize("text", [
    u"Android \u6784\u5efa\u6210\u529f\u3002iOS \u8fd8\u6ca1\u91cd\u65b0 build\u3002",
    "The Android build succeeds (`./gradlew assembleDebug`). I haven't rebuilt iOS; nothing there changed.",
])
def test_a_disclosure_of_another_platform(text):
    assert categories(text) == ["build"]


@pytest.mark.xfail(strict=True, reason="a line naming CI's checklist or configuration, not its results "
                   "('对照 CI 的检查项：'), makes the agent's own list under it relayed")
def test_a_line_naming_cis_checklist():
    assert categories(u"\u5bf9\u7167 CI \u7684\u68c0\u67e5\u9879\uff1a\n- `pytest` \u901a\u8fc7\n- `ruff` \u65e0\u62a5\u9519") \
        == ["lint", "test"]
