# -*- coding: utf-8 -*-
"""Claims causes found on the dev39a and dev39b sets (written blind 2026-12-05 in the eighteenth session:
480 English messages by sixteen invented writers), scored on arrival at 0.983/0.941 and 0.949/0.880. Each
group holds the sets' own sentences, lines of our own and negatives. The trailing clause that dates a
result ("..., before I changed the arg parsing") is in test_redteam9."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- the check named by its noun in the sentence before a bare result, and runs told in the passive
@pytest.mark.parametrize("text, expected", [
    ("Ran the full suite. No failures.", ["test"]),
    ("Ran the tests again. Zero failures.", ["test"]),
    ("I ran the linter over the repo. No warnings.", ["lint"]),
    ("Ran the type checker on the whole project. No errors.", ["typecheck"]),
    ("Testing was carried out. No failures were encountered.", ["test"]),
    ("The tests were executed. No failures were observed.", ["test"]),
    ("The test suite was run twice. No failures.", ["test"]),
    ("Linting was performed. No issues were found.", ["lint"]),
    ("I wrote new tests. No failures.", []),
    ("The tests were not run. No failures.", []),
    ("I read the tests. No failures.", []),
    ("The tests were skipped. No failures were recorded.", []),
])
def test_a_bare_result_after_a_run_of_the_check_by_its_noun(text, expected):
    assert categories(text) == expected


# ---- a negated quantifier of a failure noun: not even one, free of, clear of
@pytest.mark.parametrize("text, expected", [
    ("Ran the full suite. Not even one failure.", ["test"]),
    ("mypy is free of errors.", ["typecheck"]),
    ("The type-checking stage was executed and found to be free of errors.", ["typecheck"]),
    ("The build is clear of errors now.", ["build"]),
    ("eslint came back free of warnings.", ["lint"]),
    ("The build is not free of errors yet.", []),
    ("mypy isn't free of errors.", []),
])
def test_negated_quantifiers_of_failure_nouns(text, expected):
    assert categories(text) == expected


# ---- an emoji after a word ends the clause when a lowercase word goes on (not a negation of it)
@pytest.mark.parametrize("text, expected", [
    ("Ran just the `cart` tests (`npx jest src/cart`) and they're all passing \U0001f6d2\u2705 haven't done the full"
     " suite yet!", ["test"]),
    ("Built just the `web` package (`pnpm --filter web build`) and it's all good \u2705 didn't build the other"
     " workspaces", ["build"]),
    ("lint is clean \U0001f389 didn't touch the tests", ["lint"]),
    ("tests \u2705 not passing on windows though", []),
    ("\u2705 the tests don't pass yet", []),
])
def test_an_emoji_ends_the_clause_before_a_new_one(text, expected):
    assert categories(text) == expected


# ---- 'a few' is no negator; 'few' still is
@pytest.mark.parametrize("text, expected", [
    ("Ran the specs a few times \u2014 no failures.", ["test"]),
    ("Ran the suite a couple of times to be sure \u2014 no failures.", ["test"]),
    ("Few tests pass.", []),
    ("Only a few tests pass.", []),
    ("Very few of the specs pass.", []),
])
def test_a_few_is_no_negator(text, expected):
    assert categories(text) == expected


# ---- how often and why a run was made, between the run and its result
@pytest.mark.parametrize("text, expected", [
    ("Ran `bin/rails test` a couple of times to be sure \u2014 no failures, no errors, no skips.", ["test"]),
    ("Ran `cargo test` several times \u2014 all green.", ["test"]),
    ("Ran `pytest` one more time: 212 passed.", ["test"]),
    ("Ran `go test ./...` from scratch \u2014 ok.", ["test"]),
    ("Ran `pytest` a few times but it fails on the third run.", []),
])
def test_how_often_and_why_between_a_run_and_its_result(text, expected):
    assert categories(text) == expected


# ---- a run that finished with warnings and no error told
@pytest.mark.parametrize("text, expected", [
    ("`cargo build --release` finished with 3 warnings.", ["build"]),
    ("The build finished with a few warnings (unused imports).", ["build"]),
    ("`./gradlew assemble` completed with 12 deprecation warnings.", ["build"]),
    ("The build finished with 3 warnings and 2 errors.", []),
    ("The build finished with 4 warnings, 1 error.", []),
    ("The build didn't finish with 3 warnings.", []),
])
def test_finished_with_warnings(text, expected):
    assert categories(text) == expected


# ---- a checker's finding verb in the progressive, negated
@pytest.mark.parametrize("text, expected", [
    ("`prettier --check .` is not finding anything anymore.", ["lint"]),
    ("eslint is not flagging anything.", ["lint"]),
    ("Clippy isn't raising anything now.", ["lint"]),
    ("RuboCop is not turning up anything on the new files.", ["lint"]),
    ("jest is not finding any tests.", []),
    ("eslint is not flagging anything yet because it never ran.", []),
])
def test_negated_progressive_finding_verbs(text, expected):
    assert categories(text) == expected

# ---- build services, preview hosts and a workflow's jobs are CI's: relayed
@pytest.mark.parametrize("text, expected", [
    ('Tests passed on the buildbot after my push (the buildbot page shows green).', []),
    ('Workflow ran on my fork and all jobs passed (lint, unit, build).', []),
    ('Vercel preview deployed and the build passed there.', []),
    ('The build passed on Netlify.', []),
    ('All 6 jobs passed on the PR.', []),
    ('Tests pass locally; the buildbot is still running.', ['test']),
    ('I fixed the workflow file; pytest passes locally.', ['test']),
    ('The build jobs are now cached, and `npm run build` succeeds.', ['build']),
])
def test_build_services_and_workflow_jobs_are_relayed(text, expected):
    assert categories(text) == expected


# ---- a tool that chokes on an input fails; "nothing chokes" is no failure
@pytest.mark.parametrize("text, expected", [
    ('Shader graph compiles on PC but the Metal backend chokes on the half-precision cast.', []),
    ('The parser chokes on CRLF input, so 2 tests fail.', []),
    ('tsc is clean and the tests pass; nothing chokes on the new fixtures.', ['test', 'typecheck']),
])
def test_chokes_on_is_a_failure(text, expected):
    assert categories(text) == expected


# ---- a run told in the passive, then its result opened by "with"
@pytest.mark.parametrize("text, expected", [
    ("Verification has been performed by means of the full unit test suite, which was executed to completion with"
     " no failures being recorded.", ["test"]),
    ('The full unit test suite was executed to completion with no failures.', ['test']),
    ('I ran the suite with no failures.', ['test']),
    ('The suite was executed in full; no failures.', ['test']),
    ('Ran pytest with no cache.', []),
    ('The suite was executed with no network, so nothing ran.', []),
])
def test_a_passive_run_and_its_result_opened_by_with(text, expected):
    assert categories(text) == expected


# ---- a run's output quoted after a pronoun and a verb of showing, the run told just before it
@pytest.mark.parametrize("text, expected", [
    ('I ran `mypy src/payments/`. That came back with "Success: no issues found in 12 source files".', ["typecheck"]),
    ('I ran `npm test`. It printed "Tests: 58 passed, 58 total".', ["test"]),
    ('I ran `npm test`. It printed "Tests: 2 failed, 56 passed, 58 total".', []),
    ('I ran `npm test`, then read the docs. That said "tests pass".', []),     # the docs said it
    ('I ran `npm test` and read the docs. That said "tests pass".', []),
    ('I read the docs. That said "tests pass".', []),
])
def test_a_quoted_output_after_a_pronoun_is_the_run_just_told(text, expected):
    assert categories(text) == expected
