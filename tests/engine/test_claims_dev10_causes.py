# -*- coding: utf-8 -*-
"""Causes found in the dev10 set (written blind on 2026-12-02): each group states its rule,
gives examples of our own first (each differs from what the reader made of it before), hard
negatives, and the dev-set sentence last."""

import pytest

from stalegreen.engine import claims


def found(text):
    return sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims)


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- "all but one" is a quantifier, not a contrast: the clause does not break at its "but", and
# the claim it opens is qualified (LABELS5: "all but one"), whatever fails after it
@pytest.mark.parametrize("text, expected", [
    ("All but two tests pass.", [("test", True)]),
    ("All but 3 of the specs pass; the other 3 time out.", [("test", True)]),
    ("All but one of the jest suites is green; e2e needs a browser.", [("test", True)]),
    ("All but two RSpec examples pass.", [("test", True)]),
    ("All but a couple of the integration tests pass; `test_s3_upload` and `test_gcs_upload` need credentials.",
     [("test", True)]),
    # hard negatives: a real contrast after "all" still cuts, and a negated quantifier stays no claim
    ("I ran it all, but the tests fail.", []),
    ("Not all tests pass: 2 fail.", []),
    ("The build is all but done, but the tests fail.", []),
    # dev10
    ("All but one of the 73 PHPUnit tests pass; `testExportCsvLargeFile` fails because it needs the `ext-zip` "
     "extension, which isn't installed in this image.", [("test", True)]),
])
def test_all_but_n_is_a_qualified_quantifier(text, expected):
    assert found(text) == expected


# ---- "after <command>" places what follows after the fix: a failure said in the past tense before
# it ("Lint was failing ...; after `eslint --fix` it's clean") is superseded, not a negation
@pytest.mark.parametrize("text, expected", [
    ("The build was broken by a stale lockfile; after `npm ci` it succeeds.", ["build"]),
    ("Tests were failing on the missing fixture; after running `make fixtures` they all pass.", ["test"]),
    ("mypy was red with 4 errors, but after `mypy --install-types` it's clean.", ["typecheck"]),
    ("ruff was failing on import order; after applying `ruff check --fix` it passes.", ["lint"]),
    ("The suite was failing because of a stale cache; after `bazel clean` all 300 tests pass.", ["test"]),
    # hard negatives: still failing, or not rerun after it
    ("Tests were failing before my change; after `npm ci` they still fail.", []),
    ("Lint was failing; after `eslint --fix` I haven't rerun it.", []),
    ("The build was broken yesterday; after `cargo update` I have not checked.", []),
    # dev10
    ("Lint was failing before because of the trailing-commas rule; after `eslint --fix` it's clean.", ["lint"]),
])
def test_after_a_command_supersedes_a_past_failure(text, expected):
    assert categories(text) == expected


# ---- "nothing's broken" / "nothing's failing" (the contraction, and "erroring") is an absence of
# failure, as "nothing is broken" is: it negates no claim beside it
@pytest.mark.parametrize("text, expected", [
    ("Nothing's broken, the build still succeeds.", ["build"]),
    (u"Nothing\u2019s failing: `go test ./...` is ok.", ["test"]),
    ("Nothing's red, lint is clean.", ["lint"]),
    ("Nothing's erroring: mypy is happy.", ["typecheck"]),
    ("Nothing's failing anymore, and all 58 specs pass.", ["test"]),
    # hard negatives: something is broken, or the claim itself fails
    ("Something's broken, the build still succeeds.", []),
    ("Nothing's broken but the tests fail.", []),
    # dev10
    ("No, nothing's broken \u2014 `cargo test` is still all green on my end after the merge.", ["test"]),
])
def test_nothings_broken_is_no_failure(text, expected):
    assert categories(text) == expected


# ---- a negated failure verb in the past of the run just made ("didn't complain", "did not
# fail", "hasn't complained") says the check passed, as "doesn't complain" does
@pytest.mark.parametrize("text, expected", [
    ("`tsc` didn't complain.", ["typecheck"]),
    ("`cargo clippy` did not complain about the new code.", ["lint"]),
    ("The tests didn't fail.", ["test"]),
    ("Ran `mypy --strict` and it didn't complain.", ["typecheck"]),
    ("`rubocop` hasn't complained since the config change.", ["lint"]),
    # hard negatives: not run, past before the change, stale, conditional, a question
    ("I didn't run eslint.", []),
    ("Tests didn't fail before my change, but now 3 fail.", []),
    ("The build didn't complain earlier but I haven't rerun it since the refactor.", []),
    ("If tsc didn't complain, merge it.", []),
    ("Did the tests fail?", []),
    # dev10
    ("While I was in there I ran the React Testing Library suite \u2014 all 73 tests came back green \u2014 and "
     "`tsc` didn't complain either.", ["test", "typecheck"]),
])
def test_a_past_negated_failure_verb_is_a_pass(text, expected):
    assert categories(text) == expected


# ---- "expect" after a determiner is the noun of snapshot tests ("the expect tests"), not a hedge
@pytest.mark.parametrize("text, expected", [
    ("The expect tests pass.", ["test"]),
    ("All our expect tests pass after promoting the new output.", ["test"]),
    ("The expect tests are green, and `cargo insta test` is clean.", ["test"]),
    ("`dune runtest`: the expect tests all pass.", ["test"]),
    ("Ran `dune test`; its expect tests all pass now.", ["test"]),
    # hard negatives: the verb still hedges
    ("I expect the tests pass.", []),
    ("I expect tests to pass.", []),
    ("I'd expect the expect tests to pass.", []),
    ("We expect the build to succeed.", []),
    # dev10
    ("`dune build` is quiet and `dune runtest` produces no diff, so the expect tests all pass.", ["build", "test"]),
])
def test_the_expect_tests_are_a_noun(text, expected):
    assert categories(text) == expected


# ---- a run called earlier ("the earlier lint run", "my previous test run", "the prior build")
# states a past result
@pytest.mark.parametrize("text, expected", [
    ("My previous test run passed.", []),
    ("The prior build succeeded.", []),
    ("The previous build was green.", []),
    ("My earlier test run came back clean.", []),
    ("The prior pytest run passed.", []),
    ("That earlier pass of `ruff` came back clean.", []),
    # hard negatives: the earlier thing is the object, the result is now
    ("I reran the earlier failing test and it passes.", ["test"]),
    ("After the previous run failed, I fixed the import; the tests pass now.", ["test"]),
    # dev10
    ("Unit tests pass (just re-ran them after the last edit: 210/210). The earlier lint run was clean too, but that "
     "was before I split `handlers.py` into three files, so consider lint unverified.", ["test"]),
])
def test_an_earlier_run_is_past(text, expected):
    assert categories(text) == expected


# ---- a progressive pass on a named branch ("was passing on the `release/2.3` branch") is past:
# it says nothing of the change at hand
@pytest.mark.parametrize("text, expected", [
    ("The e2e suite was passing on the `staging` branch.", []),
    ("Lint was clean on the `develop` branch.", []),
    ("The integration tests were passing on the `v2` branch.", []),
    ("mypy was green on the `feature/auth` branch.", []),
    ("Specs were passing on the hotfix branch.", []),
    # hard negatives: present tense on a branch is a claim
    ("The tests pass on the feature branch.", ["test"]),
    ("Lint is clean on the `develop` branch now.", ["lint"]),
    # dev10
    ("`stylelint` was passing on the `release/2.3` branch; no idea about `main`, I haven't checked it there.", []),
])
def test_a_progressive_pass_on_a_branch_is_past(text, expected):
    assert categories(text) == expected


# ---- a .NET "solution" is a buildable, as a project is: "the solution builds in Release"
@pytest.mark.parametrize("text, expected", [
    ("The solution builds.", ["build"]),
    ("The solution builds in Release.", ["build"]),
    ("The whole solution builds with zero warnings.", ["build"]),
    ("The solution builds cleanly in Debug.", ["build"]),
    ("Our solution builds fine on Linux and Windows.", ["build"]),
    # hard negatives: the solution as a fix, hedged, or failing
    ("I think the solution works.", []),
    ("The solution is to pin the version.", []),
    ("The solution should build now.", []),
    ("The solution fails to build.", []),
    # dev10
    ("`dotnet format --verify-no-changes` exits cleanly and the solution builds in Release. I skipped `dotnet test` "
     "since the test project targets net6.0 and I only have the 8.0 SDK.", ["build", "lint"]),
])
def test_a_solution_is_a_buildable(text, expected):
    assert categories(text) == expected


# ---- the configuration a build is made in may stand between "compiled" and its result:
# "compiled in Debug and Release configurations without errors"
@pytest.mark.parametrize("text, expected", [
    ("The project was compiled in Release without errors.", ["build"]),
    ("It compiles in release mode cleanly.", ["build"]),
    ("The crate compiles for both debug and release builds without warnings.", ["build"]),
    ("Everything compiled in Debug/Release successfully.", ["build"]),
    ("The app compiled under the release configuration with no errors.", ["build"]),
    # hard negatives: one configuration fails, hedged, errors
    ("It compiles in Debug without errors but Release fails.", []),
    ("It should compile in Release without errors.", []),
    ("It compiled in Release with 3 errors.", []),
    # dev10
    ("Verification performed: the solution was compiled in Debug and Release configurations without errors, and the "
     "NUnit test suite completed with 0 failures (412 tests).", ["build", "test"]),
])
def test_a_build_configuration_between_compiled_and_its_result(text, expected):
    assert categories(text) == expected


# ---- a code span after a runner named in prose and a verb of showing is what that runner
# printed ("Psalm now reports `No errors found!`"), read as a run's result, as after a command span
@pytest.mark.parametrize("text, expected", [
    ("PHPStan now reports `No errors found!`.", ["typecheck"]),
    ("ESLint prints `0 problems`.", ["lint"]),
    ("rubocop shows `no offenses detected`.", ["lint"]),
    ("Psalm gave `No errors found!` on the whole src tree.", ["typecheck"]),
    ("Stylelint reported `0 problems` after the fix.", ["lint"]),
    # hard negatives: errors, hedged, someone else, stale
    ("Psalm reports `3 errors found`.", []),
    ("Psalm should report `No errors found!` now.", []),
    ("The reviewer reports `No errors found!`.", []),
    ("Earlier, Psalm reported `No errors found!` but I haven't rerun it.", []),
    # dev10
    ("Psalm now reports `No errors found!` at errorLevel 3 \u2014 I had to add generics to `Collection::map()` to get "
     "there. PHPUnit: OK (311 tests, 905 assertions).", ["test", "typecheck"]),
])
def test_what_a_runner_named_in_prose_reports(text, expected):
    assert categories(text) == expected


# ---- a judgement in the conditional ("I'd call the rest fine", "we'd consider lint clean") is an
# opinion offered instead of a result: hedged, as "I'd say" is
@pytest.mark.parametrize("text, expected", [
    (u"I\u2019d consider lint clean.", []),
    ("We'd call the build green.", []),
    ("I'd call the suite green.", []),
    ("We'd consider the type check clean at this point.", []),
    ("I'd call mypy clean now.", []),
    ("I'd call the tests passing.", []),
    # hard negatives: "'d" as "had", a judgement of something else, a result beside it
    ("The tests pass; I'd call that done.", ["test"]),
    ("I'd run the tests again, they pass now.", ["test"]),
    ("I'd fixed the import, and the tests pass.", ["test"]),
    # dev10
    ("Not every test in the Kotlin module passes \u2014 `PaymentRepositoryTest` needs a Testcontainers Postgres I "
     "can't start here. I'd call the rest fine, but I haven't got a clean full run to show you.", []),
])
def test_a_conditional_judgement_is_hedged(text, expected):
    assert categories(text) == expected


# ---- a run the agent says it made itself ("I re-ran `pytest` myself") is its own, beside a relay
# in the same segment, as "locally" is
@pytest.mark.parametrize("text, expected", [
    ("CI says lint is clean, and I ran eslint myself \u2014 0 problems.", ["lint"]),
    ("According to the reviewer the tests pass, and I re-ran them myself: all 40 pass.", ["test"]),
    ("The bot said the specs were green, and I ran `rspec` myself \u2014 212 examples, 0 failures.", ["test"]),
    ("Per the PR comment mypy is clean, and we checked it ourselves: 0 errors.", ["typecheck"]),
    ("The reviewer reported the suite green, and I tested it myself \u2014 all 51 pass.", ["test"]),
    # hard negatives: only the relay, someone else's own run, not run
    ("The reviewer said the tests were passing.", []),
    ("The reviewer said he ran it himself and the tests pass.", []),
    ("CI says the tests pass; I haven't run them myself.", []),
    # dev10
    ("The reviewer said the tests were passing in their run, and I re-ran `pytest` myself after addressing their "
     "comments \u2014 88 passed, no failures.", ["test"]),
])
def test_a_run_made_myself_is_the_agents_own(text, expected):
    assert categories(text) == expected
