# -*- coding: utf-8 -*-
"""Reading an English sentence (``claims_en``): which subjects a predicate takes, what a status
mark marks, which words link a subject to a state. Each group is one cause found in the dev6 sets
(written blind on 2026-12-02): examples of our own first, the dev-set sentences last."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


def scopes(text):
    return sorted((c["category"], c["scope"]) for c in claims.extract(text).claims)


# ---- a failure count "from X" is X's, even after another check's subject: each count takes the
# runner it is from; an exit status "from X" too
@pytest.mark.parametrize("text, expected", [
    ("No type errors from mypy, no warnings from flake8.", ["lint", "typecheck"]),
    ("0 errors from tsc and 0 problems from eslint.", ["lint", "typecheck"]),
    ("No findings from `ruff check`, zero errors from `pyright`.", ["lint", "typecheck"]),
    ("Exit 0 from `cargo clippy`.", ["lint"]),
    ("Exit code 0 from `npm test`.", ["test"]),
    ("`mypy` exits 0; exit 0 from `eslint .` too.", ["lint", "typecheck"]),
    # dev6b
    ("Zero errors from pyright, zero warnings from ruff.", ["lint", "typecheck"]),
    ("Exit 0 from `make lint`.", ["lint"]),
])
def test_a_count_or_exit_status_from_a_runner_is_that_runners(text, expected):
    assert categories(text) == expected


# ---- a state linked by the present perfect ("has been green since ..."): the state holds now
@pytest.mark.parametrize("text, expected", [
    ("Lint has been clean since the rename.", ["lint"]),
    ("The build has been green for the last three runs.", ["build"]),
    ("Typecheck's been clean all afternoon.", ["typecheck"]),
    ("The type checks have been green since I pinned the stubs.", ["typecheck"]),
    ("`ruff` has been quiet since I fixed the imports.", ["lint"]),
    ("Lint had been clean before the merge.", []),
    # dev6b
    ("The lint step has been green since I fixed the import order.", ["lint"]),
])
def test_a_state_in_the_present_perfect_holds_now(text, expected):
    assert categories(text) == expected


# ---- dev9a (2026-12-02): a green heart or a green square marks a pass as a check mark does, a red
# square a failure
@pytest.mark.parametrize("text, expected", [
    (u"tests \U0001f49a lint \U0001f49a", ["lint", "test"]),
    (u"Build \U0001f49a", ["build"]),
    (u"\U0001f7e9 unit tests \U0001f7e9 typecheck", ["test", "typecheck"]),
    (u"`cargo clippy` \U0001f49a, `cargo test` \U0001f7e5", ["lint"]),
    (u"| check | status |\n|---|---|\n| eslint | \U0001f7e9 |\n| vitest | \U0001f7e9 |", ["lint", "test"]),
    (u"mypy: \U0001f7e9", ["typecheck"]),
    (u"tests \U0001f7e5 lint \U0001f7e5", []),
    (u"Thanks for the review \U0001f49a", []),
    # dev9a
    (u"Rebased on main, resolved the lockfile conflict. tests \U0001f49a lint \U0001f49a", ["lint", "test"]),
])
def test_green_hearts_and_squares_are_check_marks(text, expected):
    assert categories(text) == expected


# ---- dev9a: what a build run makes is named by more nouns than the claim words knew ("the bundle")
@pytest.mark.parametrize("text, expected", [
    ("`npm run build` produces the bundle.", ["build"]),
    ("`vite build` emits the bundle again.", ["build"]),
    ("`rollup -c` still generates both bundles.", ["build"]),
    ("`webpack` produced a new bundle.", ["build"]),
    ("`cmake --build build` links the shared library.", ["build"]),
    ("`xcodebuild archive` produces the IPA.", ["build"]),
    ("I trimmed the bundle size by 12 KB.", []),
    ("The bundle is 3 KB smaller now.", []),
    # dev9a
    ("No tests were run \u2014 the repo doesn't have any yet. I did check that `npm run build` still produces the "
     "bundle, and it does.", ["build"]),
])
def test_a_build_run_makes_a_bundle(text, expected):
    assert categories(text) == expected


# ---- dev9a: "expect tests" (OCaml, Rust) are a kind of test after a determiner, not a hedge
@pytest.mark.parametrize("text, expected", [
    ("`dune test` prints nothing (all expect tests match).", ["test"]),
    ("`dune build` is warning-free and the expect tests pass.", ["build", "test"]),
    ("`cargo test` is green, inline expect tests included.", ["test"]),
    ("Lint is clean; the ppx expect tests pass.", ["lint", "test"]),
    ("All expect tests pass after `dune promote`.", ["test"]),
    ("I expect the tests to pass.", []),
    ("I expect tests to pass now.", []),
    ("We expect all expect tests to pass.", []),
    # dev9a
    ("OCaml side: `dune build @all` is warning-free, and `dune test` prints nothing (all expect tests match).",
     ["build", "test"]),
])
def test_expect_tests_are_a_kind_of_test(text, expected):
    assert categories(text) == expected


# ---- dev9a: a speaker's name or handle in parentheses is part of who relays ("The reviewer
# (@mkowalski) mentioned that ...")
@pytest.mark.parametrize("text, expected", [
    ("The reviewer (Dana) said lint is clean.", []),
    ("My teammate (@jo) reported that the build passes.", []),
    ("The user (on Slack) mentioned that the tests pass on their side.", []),
    ("The maintainer (@r-lee) noted that mypy is happy now.", []),
    ("Upstream (the libfoo folks) say the tests pass on 3.12.", []),
    ("The QA lead (Priya) reported that the e2e tests pass.", []),
    ("The tests (all 41) pass.", ["test"]),
    ("I (the agent) ran the tests and they pass.", ["test"]),
    # dev9a
    ("The reviewer (@mkowalski) mentioned in the PR thread that phpstan is happy at level 8 now. I haven't run it "
     "myself \u2014 `composer install` fails in this container due to a missing ext-intl.", []),
])
def test_a_relay_names_its_speaker_in_parentheses(text, expected):
    assert categories(text) == expected


# ---- dev9a: a runner's name written just before code spans names the tasks it runs ("sbt
# `compile` and `test`", "make `lint`")
@pytest.mark.parametrize("text, expected", [
    ("make `lint` and `test` are clean.", ["lint", "test"]),
    ("rake `spec` passes.", ["test"]),
    ("mix `credo` and `test` both pass.", ["lint", "test"]),
    ("sbt `test` is green.", ["test"]),
    ("gradle `check` is green.", ["test"]),
    ("Then `verify` passed.", []),
    ("The `compile` step is slow.", []),
    ("sbt `test` still fails on 3.3.", []),
    # dev9a
    ("sbt `compile` and `test` both green on the 2.13 and 3.3 cross-builds. `scalafmtCheck` also passes.",
     ["build", "lint", "test"]),
])
def test_a_runner_name_before_code_names_its_tasks(text, expected):
    assert categories(text) == expected


# ---- dev9a: a .NET solution is a thing that builds; what "builds on" an earlier approach builds nothing
@pytest.mark.parametrize("text, expected", [
    ("The whole solution compiles.", ["build"]),
    ("The solution builds cleanly in Release.", ["build"]),
    ("The solution builds without warnings now.", ["build"]),
    ("The solution builds with `-warnaserror`.", ["build"]),
    ("The `Api.sln` solution builds fine.", ["build"]),
    ("The solution now builds in both Debug and Release.", ["build"]),
    ("It builds: the solution compiles on net8.0 and net48.", ["build"]),
    ("The solution works.", []),
    ("The solution doesn't build yet.", []),
    ("The solution builds on the previous approach.", []),
    ("It builds on the earlier refactor.", []),
    ("This builds on top of #412.", []),
    ("The solution builds on Windows and Linux.", ["build"]),
    # dev9a
    ("Verification: the solution builds without warnings (`dotnet build -warnaserror`), and `dotnet test` passes all "
     "289 tests.", ["build", "test"]),
])
def test_a_solution_builds(text, expected):
    assert categories(text) == expected


# ---- dev9a: the checks a claim lists after it (an "including" phrase, a colon list ending the
# sentence) or a run lists in a parenthesis before its state ("`rake` (rubocop + rspec) is
# green") have the claim's state; so do the runs a parenthesis names after a pronoun's state ("it's
# clean (`tox -e py312,lint`)") or a count across the board ("Zero failures across the board: ...")
@pytest.mark.parametrize("text, expected", [
    ("`./gradlew build` went through, including ktlint and the unit tests.", ["build", "lint", "test"]),
    ("`make check` passes, including mypy and the 300 unit tests.", ["test", "typecheck"]),
    ("Pre-commit hooks all pass: ruff, black, mypy.", ["lint", "typecheck"]),
    ("The hooks are green: eslint, tsc.", ["lint", "typecheck"]),
    ("`rake` (rubocop + rspec) is green.", ["lint", "test"]),
    ("`make check` (lint and tests) is green.", ["lint", "test"]),
    ("It's clean (`tox -e py312,lint`).", ["lint", "test"]),
    ("They pass (`npm test`).", ["test"]),
    ("Zero errors across the board: `tsc`, `eslint`.", ["lint", "typecheck"]),
    ("Lint is clean: I fixed the ruff config.", ["lint"]),
    ("Tests pass: 41 of 41.", ["test"]),
    ("It's clean (I checked).", []),
    ("`make check` (lint and tests) is still failing.", []),
    ("The hooks should pass: ruff, black, mypy.", []),
    ("It's clean (mypy complained earlier).", []),
    ("The build passes: mypy next.", ["build"]),
    ("Tests pass: lint TODO.", ["test"]),
    # dev9a
    ("`./gradlew build` went through without a hitch, including ktlint and the 412 unit tests.",
     ["build", "lint", "test"]),
    ("Pre-commit hooks all pass: trailing-whitespace, end-of-file-fixer, ruff, ruff-format, mypy.",
     ["lint", "typecheck"]),
    ("`rake` default task (rubocop + rspec) is green.", ["lint", "test"]),
    ("- `nox -s lint` (ruff + `black --check`) is clean", ["lint"]),
    ("CI will run the full matrix; locally I ran the py312 env only and it's clean (`tox -e py312,lint`).",
     ["lint", "test"]),
    ("Zero failures across the board: `pytest` (455), `mypy --strict` and `ruff format --check`.",
     ["lint", "test", "typecheck"]),
])
def test_checks_listed_with_a_claim_share_it(text, expected):
    assert categories(text) == expected


# ---- dev9a: a not-rerun disclosure about the tests that existed before the change ("the existing
# ones", 原有的测试) or about one kind of test ("the e2e suite") leaves a claim of the new tests, or
# of another kind, standing
@pytest.mark.parametrize("text, expected", [
    ("The 3 new tests pass; I didn't rerun the existing ones.", ["test"]),
    ("The new tests pass. I didn't rerun the old tests.", ["test"]),
    ("The unit tests pass; I didn't rerun the e2e suite.", ["test"]),
    ("I didn't re-run the integration tests after the rename; the unit tests pass (`pytest tests/unit`).",
     ["test"]),
    (u"\u65b0\u52a0\u7684\u6d4b\u8bd5\u901a\u8fc7\u4e86\uff0c\u539f\u6709\u7684\u6d4b\u8bd5\u6ca1\u91cd\u65b0\u8dd1\u3002",
     ["test"]),
    ("All tests pass; I didn't rerun the existing ones.", []),
    ("All tests pass. I didn't re-run the e2e tests after the rename.", []),
    ("The unit tests pass; I didn't rerun the unit tests after the rebase.", []),
    ("The e2e tests pass; I haven't rerun them since.", []),
    (u"\u6d4b\u8bd5\u90fd\u901a\u8fc7\u4e86\uff0c\u539f\u6709\u7684\u6d4b\u8bd5\u6ca1\u91cd\u65b0\u8dd1\u3002", []),
    # dev9a
    ("Note that I didn't re-run the e2e suite after switching the selector strategy; the unit tests are the only "
     "thing I verified post-change (`npm run test:unit`, 77 passing).", ["test"]),
    (u"\u65b0\u52a0\u7684 5 \u4e2a\u6d4b\u8bd5\u90fd\u901a\u8fc7\u4e86\uff0c\u539f\u6709\u7684\u6d4b\u8bd5\u6211\u6ca1\u52a8"
     u"\uff0c\u4e5f\u6ca1\u91cd\u65b0\u8dd1\u3002", ["test"]),
])
def test_a_disclosure_about_other_tests_leaves_the_claim(text, expected):
    assert categories(text) == expected


# ---- dev9a: a failure count said to have gone to zero, its noun before the verb ("Type errors
# went from 212 to 0", "mypy errors fell from 30 to 0"); "type errors" names the type checker
@pytest.mark.parametrize("text, expected", [
    ("The type errors dropped from 12 to zero.", ["typecheck"]),
    ("mypy errors fell from 30 to 0.", ["typecheck"]),
    ("The eslint errors went from 9 to 0.", ["lint"]),
    ("Lint errors have gone from 14 to zero.", ["lint"]),
    ("Test failures went from 3 to 0 after the fix.", ["test"]),
    ("Type errors went from 212 to 40.", []),
    ("Latency went from 200 to 0.", []),
    ("There are 3 type errors left.", []),
    # dev9a
    ("Type errors went from 212 to 0.", ["typecheck"]),
])
def test_a_failure_count_gone_to_zero(text, expected):
    assert categories(text) == expected


# ---- dev9a: "0 failing" is a runner's count of failing tests (mocha's summary)
@pytest.mark.parametrize("text, expected", [
    ("`npm test`: 0 failing.", ["test"]),
    ("After the fix: 0 failing.", ["test"]),
    ("Mocha reports 0 failing.", ["test"]),
    ("Zero failing now.", ["test"]),
    ("`yarn test` \u2014 0 failing", ["test"]),
    ("There are zero failing tests now.", ["test"]),
    ("Before: 3 failing.", []),
    ("0 failing builds in the matrix.", []),
    # dev9a
    ("`go test ./...` before the change: 3 failing. After: 0 failing.", ["test"]),
])
def test_zero_failing_is_a_test_count(text, expected):
    assert categories(text) == expected


# ---- dev9a: a failure placed before now by a time adverb ("earlier", "initially") is over once a
# later clause says what holds now
@pytest.mark.parametrize("text, expected", [
    ("Two tests failed earlier; now all 40 pass.", ["test"]),
    ("The build broke earlier, but it's green now.", ["build"]),
    ("Lint flagged 3 errors initially; now it's clean.", ["lint"]),
    ("mypy reported 5 errors at first, and now it is clean.", ["typecheck"]),
    ("The e2e suite failed originally; it passes now after the selector fix.", ["test"]),
    ("Two tests failed earlier; all 40 pass.", []),
    ("The lint step failed earlier; now it's clean.", ["lint"]),
    ("Three specs errored out earlier; now all 212 pass.", ["test"]),
    ("`cargo test` reported failures earlier; now it passes.", ["test"]),
    ("The build broke earlier and is still broken now.", []),
    # dev9a
    ("CI flagged a failing test on Windows earlier; I reproduced it locally, fixed the path separator issue, and now "
     "`cargo nextest run` passes all 340 tests here. CI is re-running.", ["test"]),
])
def test_a_failure_said_earlier_is_over_now(text, expected):
    assert categories(text) == expected


# ---- dev9a: a test noun a command modifies ("the `cargo test` suite", "the `pytest` run") is that
# command's run: it is "fine" as the command is
@pytest.mark.parametrize("text, expected", [
    ("The `npm test` suite is all good.", ["test"]),
    ("The `go test` suite is fine, lint isn't.", ["test"]),
    ("The `pytest` suite is fine now.", ["test"]),
    ("The `mix test` suite is fine again.", ["test"]),
    ("Our `cargo test` suite is fine on stable.", ["test"]),
    ("The unit suite is fine.", []),
    ("The `npm test` script is fine.", []),
    # dev9a
    ("I didn't run the benchmarks, but the regular `cargo test` suite is fine.", ["test"]),
])
def test_a_commands_suite_is_fine(text, expected):
    assert categories(text) == expected


# ---- dev9a: a question a dash opens after the claims ("Tests pass, build works — do you want me to
# bump the version?") asks of its own clause, not of the claims before it
@pytest.mark.parametrize("text, expected", [
    ("All tests pass \u2014 want me to open the PR now?", ["test"]),
    ("The build is green \u2014 should I also bump the changelog?", ["build"]),
    ("Lint is clean \u2014 do you want the tests rerun as well?", ["lint"]),
    ("`mypy` is clean \u2014 shall I tighten the config next, or leave it?", ["typecheck"]),
    ("Tests pass \u2014 would you like a CHANGELOG entry for this?", ["test"]),
    ("Tests pass \u2014 right?", []),
    ("Tests pass \u2014 or do they really?", []),
    ("Do the tests pass \u2014 I couldn't tell from the log?", []),
    ("Lint is clean, are the tests fine?", []),
    # dev9a
    ("Tests pass, build works \u2014 do you want me to bump the version in `package.json` too, or leave that for the "
     "release script?", ["build", "test"]),
])
def test_a_question_after_a_dash_asks_of_its_own(text, expected):
    assert categories(text) == expected


# ---- dev9a: "everything went through" is "everything passes": the checks the message names
@pytest.mark.parametrize("text, expected", [
    ("Ran the tests and the build. Everything went through.", ["build", "test"]),
    ("Ran pytest and mypy; everything went through without a hitch.", ["test", "typecheck"]),
    ("Everything went through cleanly: tests, lint, build.", ["build", "lint", "test"]),
    ("`cargo test` and `cargo clippy`: everything went through fine.", ["lint", "test"]),
    ("Ran `go vet` and `go test ./...` \u2014 everything went through.", ["lint", "test"]),
    ("Everything went through the linter.", []),
    ("Everything went through.", []),
    ("Ran the tests. Everything should have gone through.", []),
    # dev9a
    ("Ran `npm run build`, `npm test` and `npm run lint`. Everything went through without a hitch apart from lint, "
     "which flags two unused imports in `legacy/Modal.jsx`, a file I didn't touch.", ["build", "test"]),
])
def test_everything_went_through(text, expected):
    assert categories(text) == expected


# ---- dev9a: a hedge in a reason after the claim ("..., because I think the fixture was the
# problem", "because I didn't believe it") is the reason's, not the claim's
@pytest.mark.parametrize("text, expected", [
    ("All tests pass, because I think the fixture was the problem.", ["test"]),
    ("Lint is clean, since I guess the config was stale.", ["lint"]),
    ("The build is green, because I believe the cache was cleared.", ["build"]),
    ("Lint passes, because I couldn't believe it either.", ["lint"]),
    ("The tests pass, and I reran them because I didn't trust it.", ["test"]),
    ("The tests pass, I think.", []),
    ("The tests pass, because I think so.", []),
    ("The tests pass because I think mypy caught it.", []),
    # dev9a
    ("Famous last words, but I think we're done? Lint's clean, tests are clean, and I even ran the build twice "
     "because I didn't believe it.", ["lint", "test"]),
])
def test_a_hedge_in_a_reason_is_the_reasons(text, expected):
    assert categories(text) == expected


# ---- dev9a: a negated verb phrase coordinated by "and" with the predicate after it ("didn't need
# changes and still pass") keeps its negation, and its modal words, to itself
@pytest.mark.parametrize("text, expected", [
    ("The existing tests didn't need changes and still pass.", ["test"]),
    ("The parser tests didn't change and all pass.", ["test"]),
    ("The tests don't need a database and pass in 2s.", ["test"]),
    ("The suite doesn't touch the network and passes offline.", ["test"]),
    ("`mypy` did not need new stubs and passes.", ["typecheck"]),
    ("The tests don't pass and still fail.", []),
    ("The tests didn't pass and are red.", []),
    ("The tests don't need changes and should pass.", []),
    # dev9a
    ("The 40-odd existing tests in `test_importer.py` didn't need changes and still pass.", ["test"]),
])
def test_a_negated_verb_before_and_is_its_own(text, expected):
    assert categories(text) == expected


# ---- dev9a: an exception naming a counted few of the tests ("except the one test I skipped",
# "except a flaky test") leaves the rest of the tests passing
@pytest.mark.parametrize("text, expected", [
    ("Ran pytest. Everything's passing except one test.", ["test"]),
    ("Ran pytest and ruff. Everything passes except two tests.", ["lint", "test"]),
    ("Everything passes except a flaky test in `test_io.py`.", ["test"]),
    ("Ran vitest. Everything is green except the one snapshot test I updated.", ["test"]),
    ("Ran `cargo test`. Everything passes except a single doctest.", ["test"]),
    ("Ran rspec. All green except one spec.", ["test"]),
    ("Ran pytest and ruff. Everything passes except the tests.", ["lint"]),
    ("Everything passes except one test, which I think is flaky.", ["test"]),
    ("Everything fails except one test.", []),
    # dev9a
    ("Everything's passing except the one test I marked `@skip` for now \u2014 `test_gpu_kernel` needs CUDA.",
     ["test"]),
])
def test_everything_but_a_few_tests(text, expected):
    assert categories(text) == expected


# ---- dev9a: a failure word a hyphen joins to the noun it modifies ("a failing-case comment",
# "error-path tests") is no failure
@pytest.mark.parametrize("text, expected", [
    ("All tests pass, including the new error-path tests.", ["test"]),
    ("The suite passes; I added a failing-case fixture for later.", ["test"]),
    ("Lint is clean after the error-message rewrite.", ["lint"]),
    ("The crash-report tests pass now.", ["test"]),
    ("`cargo test` passes with the failure-injection feature on.", ["test"]),
    ("The tests pass, then two fail on rerun.", []),
    ("The error-free claim in the README is wrong: 3 tests fail.", []),
    # dev9a
    ("All the new parser tests pass except the one covering nested heredocs, which I've left as a TODO with a "
     "failing-case comment.", ["test"]),
])
def test_a_hyphenated_failure_word_modifies_a_noun(text, expected):
    assert categories(text) == expected


# ---- dev9a: an exception that points at the items it leaves out ("except the flaky one, which times
# out", "except the one covering heredocs") qualifies the claim; a bare count is the failure itself
# ("except for 3 that still fail") and still negates it (test_claims_clauses)
@pytest.mark.parametrize("text, expected", [
    ("All tests pass except the flaky one, which times out.", ["test"]),
    ("All tests pass except the one covering heredocs, which fails.", ["test"]),
    ("All tests pass except the two Windows ones, which fail on path separators.", ["test"]),
    ("The specs pass apart from the slow ones, which time out here.", ["test"]),
    ("Every test passes except for the one I quarantined, which still fails.", ["test"]),
    ("All tests pass except one, which fails.", []),
    ("All tests pass except for two failures.", []),
    ("Lint is clean except one error.", []),
    ("All tests pass except 3 failures in the parser.", []),
])
def test_an_exception_of_a_few_items_qualifies(text, expected):
    assert categories(text) == expected


# ---- dev9a: a belief of its own before a dash ("I believe this resolves the flake — the suite
# passed 10/10 times") hedges itself; the dash clause after it states the evidence
@pytest.mark.parametrize("text, expected", [
    ("I think this fixes the race \u2014 all 200 tests pass now.", ["test"]),
    ("I believe the flake is gone \u2014 the suite passed 20 times in a row.", ["test"]),
    ("I suspect the cache was stale \u2014 `go build ./...` succeeds after clearing it.", ["build"]),
    ("I believe the leak came from the pool \u2014 `pytest` is green after the fix.", ["test"]),
    ("I think the root cause was the locale \u2014 lint and tests pass now.", ["lint", "test"]),
    ("I guess the lockfile was stale \u2014 the e2e suite passes now.", ["test"]),
    ("Probably green \u2014 all 41 tests passed.", []),
    ("I think \u2014 the tests pass.", []),
    ("I think the fix works \u2014 the tests pass now.", []),
    ("I believe this resolves it, the tests pass.", []),
    ("Hopefully this resolves the flake \u2014 the suite should pass now.", []),
    # dev9a
    ("I believe this resolves the flake \u2014 the suite passed 10/10 times locally with `--runInBand` after the fix.",
     ["test"]),
])
def test_a_belief_before_a_dash_is_its_own(text, expected):
    assert categories(text) == expected


# ---- dev6a (moved by the hyphen rule above): a later sentence expecting the check to be red now
# ("so the suite is likely red now") takes an earlier pass back
@pytest.mark.parametrize("text, expected", [
    ("All 40 tests pass. I then renamed the fixture, so the suite is probably failing now.", []),
    ("Lint was clean. After the rename it's likely broken.", []),
    ("`npm test` passed. Then I changed the messages, so the tests are presumably red now.", []),
    ("Lint is clean. I edited the config afterwards, so lint is probably failing again.", []),
    ("The tests pass. After the merge they're likely broken now.", []),
    ("All 40 tests pass. Lint is probably red though.", ["test"]),
    ("The build is likely broken on Windows, but the tests pass.", ["test"]),
    ("I ran `npm test` and got a green run (Tests: 33 passed, 33 total), but then you asked for the error-message "
     "change in `validate.ts`, which I made afterwards.\n\nThat change affects the assertions in "
     "`validate.test.ts`, so the suite is likely red now. I'll update the assertions and rerun.", []),
])
def test_a_later_expected_failure_takes_the_pass_back(text, expected):
    assert categories(text) == expected


# ---- dev9a: a command said to have run other checks ("`mvn -B verify` ran checkstyle") is a
# composite as one said to run them is: its claim is theirs too
@pytest.mark.parametrize("text, expected", [
    ("The build is green: `./gradlew build` ran ktlint and the tests.", ["build", "lint", "test"]),
    ("`mvn verify` succeeded; `mvn verify` ran checkstyle first.", ["build", "lint", "test"]),
    ("The build passes \u2014 `mvn -B package` ran checkstyle and the tests.", ["build", "lint", "test"]),
    ("`./gradlew check` is green: `./gradlew check` ran detekt and the JVM tests.", ["lint", "test"]),
    ("`mvn install` is green and `mvn install` ran checkstyle along the way.", ["build", "lint"]),
    ("`mvn verify` ran checkstyle, which failed.", []),
    ("`./gradlew build` ran ktlint; the build is red.", []),
    # dev9a
    ("The Maven build is green: `mvn -B verify` ran checkstyle, compiled, and ran 1,311 tests with no failures.",
     ["build", "lint", "test"]),
])
def test_a_command_that_ran_checks_is_a_composite(text, expected):
    assert categories(text) == expected


# ---- dev9a (Chinese): 违规 (a linter's violations) is one of the failures a clean phrase negates:
# 无违规, 没有违规, 零违规 (checkstyle's "no violations")
@pytest.mark.parametrize("text, expected", [
    (u"lint \u65e0\u8fdd\u89c4\u3002", ["lint"]),
    (u"checkstyle \u6ca1\u6709\u8fdd\u89c4\u3002", ["lint"]),
    (u"checkstyle \u96f6\u8fdd\u89c4\u3002", ["lint"]),
    (u"`ktlint`\uff1a\u65e0\u4efb\u4f55\u8fdd\u89c4", ["lint"]),
    (u"\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\uff0c`golangci-lint` \u65e0\u8fdd\u89c4\u3002", ["lint", "test"]),
    (u"checkstyle \u8fd8\u6709 3 \u5904\u8fdd\u89c4\u3002", []),
    (u"\u6d4b\u8bd5\u901a\u8fc7\uff0ccheckstyle \u6709\u8fdd\u89c4\u3002", ["test"]),
    # dev9a
    (u"## \u603b\u7ed3\n\n\u4fee\u590d\u4e86 `OrderService` \u5728\u5e76\u53d1\u4e0b\u5355\u65f6\u5bfc\u81f4\u5e93\u5b58"
     u"\u8d85\u5356\u7684\u95ee\u9898\u3002\n\n### \u9a8c\u8bc1\n- `mvn test`\uff1a\u5168\u90e8 356 \u4e2a\u6d4b\u8bd5\u901a\u8fc7\n"
     u"- `mvn checkstyle:check`\uff1a\u65e0\u8fdd\u89c4", ["lint", "test"]),
])
def test_no_violations_in_chinese(text, expected):
    assert categories(text) == expected


# ---- dev (2026-12-01) en-0422, met while tuning dev9a: a test file whose name has dots before its
# .test/.spec suffix (`Modal.a11y.test.tsx`) names tests; a linter's plugin or shared config in
# code (`eslint-plugin-jsx-a11y`, `rubocop-rails`) runs in that linter
@pytest.mark.parametrize("text, expected", [
    ("`parser.edge.spec.ts` passes.", ["test"]),
    ("`api.v2.test.js` is green now.", ["test"]),
    ("`@typescript-eslint/eslint-plugin` reports nothing.", ["lint"]),
    ("`rubocop-rails` is happy.", ["lint"]),
    ("`flake8-bugbear` finds no issues.", ["lint"]),
    ("`config.test.ts` is failing.", []),
    ("I added `eslint-config-prettier` to the config.", []),
    ("`eslint-plugin-react` flags 3 problems.", []),
    # dev
    ("The new `Modal.a11y.test.tsx` passes alongside the existing modal tests. `eslint-plugin-jsx-a11y` has no "
     "complaints on `src/components/Modal/`.", ["lint", "test"]),
])
def test_dotted_test_files_and_linter_plugins(text, expected):
    assert categories(text) == expected


# ---- a count brought to zero: "reports none", "down to zero", "from 40 errors to 0"
@pytest.mark.parametrize("text, expected", [
    ("`mypy` reports none now.", ["typecheck"]),
    ("The lint warnings are down to zero.", ["lint"]),
    ("mypy went from 40 errors down to 0.", ["typecheck"]),
    ("Lint went from 12 warnings to zero after the autofix.", ["lint"]),
    ("Flake8 findings: back to zero.", ["lint"]),
    ("ruff reports none of the old warnings, but 2 new errors.", []),
    ("CPU usage is down to zero.", []),
    # dev6b
    ("There were type errors before I fixed the generics; now `tsc` reports none.", ["typecheck"]),
    ("Previously clippy complained about 12 things; it's down to zero.", ["lint"]),
])
def test_a_count_brought_to_zero_is_clean(text, expected):
    assert categories(text) == expected


# ---- "neither X nor Y": coordinated, and negated unless the verb is a failure
@pytest.mark.parametrize("text, expected", [
    ("Neither lint nor typecheck is clean yet.", []),
    ("Neither `ruff` nor `mypy` passes on the vendored code.", []),
    ("Neither the unit tests nor the e2e suite fail anymore.", ["test"]),
    ("Neither `ruff` nor `mypy` complains.", ["lint", "typecheck"]),
    ("The build passes, but neither the docs nor the tests pass.", ["build"]),
    # dev6b
    ("Neither `ktlint` nor `detekt` passes yet; both choke on the wildcard imports.", []),
    ("Neither `gleam build` nor `gleam test` succeeds on OTP 25; you'll need 26.", []),
])
def test_neither_nor_coordinates_and_negates(text, expected):
    assert categories(text) == expected


# ---- "ones" stands for the noun before it ("the existing ones pass"); a modifier narrows it
@pytest.mark.parametrize("text, expected", [
    ("I rewrote the flaky specs; the rewritten ones are green now.", [("test", "subset")]),
    ("I left the tests alone. The existing ones pass.", [("test", "all")]),
    ("I added tests for the parser, and the new ones pass.", [("test", "subset")]),
    ("The slow tests are skipped here; the fast ones pass.", [("test", "subset")]),
    ("Which ones pass?", []),
    ("The old ones fail.", []),
    # dev6b
    ("Tests don't cover the new branch yet, but the existing ones pass.", [("test", "all")]),
])
def test_ones_stands_for_the_noun_before_it(text, expected):
    assert scopes(text) == expected


# ---- in a row of status marks, the first mark says which way they all go: leading their items
# ("✅ tests ✅ lint ❌ typecheck") or following them ("tests ✅ lint ✅"); a mark leads its item's
# modifiers too ("✅ unit tests"), not a verb ("✅ Added a spec")
@pytest.mark.parametrize("text, expected", [
    (u"\u2705 lint \u2705 build \u274c tests", ["build", "lint"]),
    (u"Status: \u2705 typecheck \u2705 tests", ["test", "typecheck"]),
    (u"\u2705 typecheck \u2705 lint \u2705 unit tests", ["lint", "test", "typecheck"]),
    (u"lint \u2705 tests \u2705 typecheck \u274c", ["lint", "test"]),
    (u"\u2705 the integration tests (`pytest -m integration`)", ["test"]),
    (u"\u2705 Added a request spec for the cart", []),
    # dev6b
    (u"\u2705 tests \u2705 lint \u274c typecheck (3 errors in `api.ts`)", ["lint", "test"]),
])
def test_marks_that_lead_their_items(text, expected):
    assert categories(text) == expected


# ---- a mark right after a predicate repeats it ("All green 🟢", "passes ✅"): no claim of its own
@pytest.mark.parametrize("text, expected", [
    (u"Lint passes \u2705", ["lint"]),
    (u"All green \U0001f7e2", []),
    (u"Everything passes \u2705", []),
    (u"Build: green \u2705", ["build"]),
    (u"All done \u2705 all green \U0001f7e2", []),
])
def test_a_mark_after_a_predicate_repeats_it(text, expected):
    assert categories(text) == expected


# ---- a build run and the artifacts it makes ("builds the three binaries", "produces the binary")
@pytest.mark.parametrize("text, expected", [
    ("`cargo build --release` produces the binary.", ["build"]),
    ("`python -m build` creates both the sdist and the wheel.", ["build"]),
    ("`./gradlew assembleRelease` generates the release APK.", ["build"]),
    ("The build produces a 2 MB wheel.", ["build"]),
    ("The script generates the binary.", []),
    ("`go build` builds the binaries for linux and darwin.", ["build"]),
    # dev6a
    ("`go build ./cmd/...` \u2192 builds the three binaries", ["build"]),
    ("`zig build -Doptimize=ReleaseSafe` produces the binary.", ["build"]),
])
def test_a_build_run_that_makes_its_artifacts(text, expected):
    assert categories(text) == expected


# ---- a linter's or type checker's silence is its pass; a test run's is no result
@pytest.mark.parametrize("text, expected", [
    ("`gofmt -l .` \u2192 no output", ["lint"]),
    ("No output from `black --check .`.", ["lint"]),
    ("`tsc --noEmit`: no output.", ["typecheck"]),
    ("`pytest` printed no output.", []),
    ("The script gave no output.", []),
    # dev6a
    ("`flake8 tests/` \u2192 no output (clean)", ["lint"]),
])
def test_no_output_from_a_linter_is_clean(text, expected):
    assert categories(text) == expected


# ---- a selection's count is of the part it selects: `dotnet test --filter X` 50/50 is a subset
@pytest.mark.parametrize("text, expected", [
    ("`pytest -k parser` \u2192 12/12 passed.", [("test", "subset")]),
    ("`cargo test -p core`: 88/88 pass.", [("test", "subset")]),
    ("`jest src/cart`: 14 of 14 green.", [("test", "subset")]),
    ("`pytest`: 412/412 passed.", [("test", "all")]),
    ("`go test ./...`: 31 of 31 packages ok.", [("test", "all")]),
    # dev6a
    ('Ran `dotnet test --filter "FullyQualifiedName~ConnectionPool"` 50 times in a loop: 50/50 green.',
     [("test", "subset")]),
])
def test_a_selections_count_is_of_its_part(text, expected):
    assert scopes(text) == expected


# ---- `tsc --build` / `tsc -b` type-checks the project references and emits: one run backs both a
# build and a typecheck claim (each carries the other as its alternate), and the words say which the
# agent asserts: a build or compile word, or a run that finishes ("succeeds", "completes"), the build;
# a checker's verdict ("passes", "is clean"), the type check (claims_build_mode). Plain `tsc` stays a
# typecheck claim
@pytest.mark.parametrize("text, expected", [
    ("`tsc -b` passes.", [("typecheck", ["build"])]),
    ("`npx tsc --build tsconfig.json` succeeds.", [("build", ["typecheck"])]),
    ("tsc -b is clean.", [("typecheck", ["build"])]),
    ("The `tsc -b` build is clean.", [("build", ["typecheck"])]),
    ("`vue-tsc -b` completes without errors.", [("build", ["typecheck"])]),
    ("`tsc --noEmit` passes.", [("typecheck", [])]),
    ("`tsc -p tsconfig.build.json` is clean.", [("typecheck", [])]),
    # dev5
    ("Both `tsc --build` and `eslint .` complete without errors.", [("build", ["typecheck"]), ("lint", [])]),
])
def test_tsc_build_claims_the_job_its_words_name(text, expected):
    assert sorted((c["category"], c["alternates"]) for c in claims.extract(text).claims) == expected


# ---- a negative quantifier over rules that would fire ("none of the lint rules fire"): a pass
@pytest.mark.parametrize("text, expected", [
    ("No clippy lint fires on the new code.", ["lint"]),
    ("Not a single ESLint rule triggers.", ["lint"]),
    ("None of the ruff rules fire anymore.", ["lint"]),
    ("The lint rules fire on every file.", []),
    ("The tests trigger a rebuild.", []),
    # dev6b
    ("None of the lint rules fire on the new module; tests weren't run.", ["lint"]),
])
def test_no_lint_rule_fires(text, expected):
    assert categories(text) == expected


# ---- a relative clause after a coordination ("the unit tests and ktlint, which passed as part of
# it"); "passes as expected" is a pass, "passes as a string" an object
@pytest.mark.parametrize("text, expected", [
    ("It also runs the unit tests and ruff, which passed.", ["lint", "test"]),
    ("The tests pass as expected.", ["test"]),
    ("The smoke tests passed as part of the deploy check.", ["test"]),
    ("Lint passes as well.", ["lint"]),
    ("It passes as a string.", []),
    # dev5
    ("The Gradle build is green: `./gradlew build` \u2014 BUILD SUCCESSFUL in 48s. That task also runs the unit tests "
     "and ktlint, which passed as part of it.", ["build", "lint", "test"]),
])
def test_passed_as_part_of_it(text, expected):
    assert categories(text) == expected


# ---- lint with warnings: a stated zero error count is the linter's pass (it exits 0 with
# warnings); warnings alone, with no error count, claim nothing (the authors disagree on
# "14 warnings (no errors)": dev3a/dev3b/dev label a pass, dev5 none; the rule keeps the claim)
@pytest.mark.parametrize("text, expected", [
    ("eslint: 0 errors, 3 warnings.", ["lint"]),
    ("`ruff check` reports 2 warnings and no errors.", ["lint"]),
    ("`npx eslint src` \u2192 0 errors, 14 warnings (all pre-existing).", ["lint"]),
    ("clippy still has 3 warnings.", []),
    ("flake8 prints 4 warnings; I left them.", []),
    ("Lint has 5 warnings, which fail CI because of --max-warnings 0.", []),
])
def test_lint_with_warnings_passes_only_with_zero_errors_stated(text, expected):
    assert categories(text) == expected


# ---- round 7 (dev7, written blind 2026-12-02): general gaps found by writing sentences of our own
# across runners and phrasing, the dev7 sentences last

# ---- a check's own verb with how it went ("typechecks cleanly", "lints clean"), or alone after
# what it is said of ("The project typechecks."); a noun "typechecks" after a check is no verb
@pytest.mark.parametrize("text, expected", [
    ("The project typechecks.", ["typecheck"]),
    ("Everything typechecks now.", ["typecheck"]),
    ("The whole repo type-checks.", ["typecheck"]),
    ("It lints and typechecks.", ["lint", "typecheck"]),
    ("The code lints cleanly.", ["lint"]),
    ("Type-checks fine under `--strict`.", ["typecheck"]),
    ("The package lints without warnings.", ["lint"]),
    ("The repo builds and typechecks cleanly.", ["build", "typecheck"]),
    ("I ran lint and typechecks.", []),
    ("I added typechecks to CI.", []),
    ("The code no longer typechecks.", []),
    ("It typechecks, but lint fails.", ["typecheck"]),
    # dev7a
    ("Lints clean.", ["lint"]),
    ("`eslint src/components` lints clean.", ["lint"]),
    ("Not every file lints clean; the legacy folder still has warnings.", []),
])
def test_a_checks_own_verb_is_its_pass(text, expected):
    assert categories(text) == expected


# ---- a contracted copula after a runner's name ("mypy's clean") still names the runner
@pytest.mark.parametrize("text, expected", [
    ("mypy's clean.", ["typecheck"]),
    ("Clippy's happy now.", ["lint"]),
    ("Ruff's clean on the whole package.", ["lint"]),
    ("pytest's green.", ["test"]),
    ("eslint's quiet and tsc's clean.", ["lint", "typecheck"]),
    ("mypy's still complaining about the overload.", []),
])
def test_a_contracted_copula_after_a_runner_name(text, expected):
    assert categories(text) == expected


# ---- commas alone make a list of subjects when a label colon or a floated quantifier spreads the
# predicate over them ("Tests, lint, types: all green"); not after a phrase that opens the clause
@pytest.mark.parametrize("text, expected", [
    ("Tests, lint, types: all green.", ["lint", "test", "typecheck"]),
    ("Tests, lint, types all pass.", ["lint", "test", "typecheck"]),
    ("mypy, ruff, pytest: all pass.", ["lint", "test", "typecheck"]),
    ("Build, tests, lint: green.", ["build", "lint", "test"]),
    ("Unit tests, eslint, tsc: all green.", ["lint", "test", "typecheck"]),
    ("Apart from the e2e test, lint is clean.", ["lint"]),
    ("After the e2e tests, lint: clean.", ["lint"]),
])
def test_commas_make_a_list_before_a_colon_or_a_floated_quantifier(text, expected):
    assert categories(text) == expected


# ---- a negated failure state: "No tests failed", "No test is failing", "mypy stopped
# complaining", "none of the rules fired", "no longer times out"
@pytest.mark.parametrize("text, expected", [
    ("No tests failed.", ["test"]),
    ("None of the tests failed.", ["test"]),
    ("Not one test failed.", ["test"]),
    ("No test is failing anymore.", ["test"]),
    ("Tests aren't failing anymore.", ["test"]),
    ("The tests stopped failing.", ["test"]),
    ("mypy stopped complaining.", ["typecheck"]),
    ("The linter isn't complaining anymore.", ["lint"]),
    ("None of the eslint rules fired.", ["lint"]),
    ("The test no longer times out.", ["test"]),
    ("Zero failures across 48 tests.", ["test"]),
    ("The test is failing.", []),
    ("Tests are still failing.", []),
    ("The linter is complaining about unused imports.", []),
    ("The suite stopped passing after the merge.", []),
    ("No tests ran.", []),
])
def test_a_negated_failure_state_is_a_pass(text, expected):
    assert categories(text) == expected


# ---- a failure fixed is no failure now: "Fixed the hang; the suite passes now"
@pytest.mark.parametrize("text, expected", [
    ("Fixed the hang; the suite passes now.", ["test"]),
    ("I fixed the timeout in `test_upload`; all tests pass.", ["test"]),
    ("Resolved the panic in the parser, and `cargo test` is green.", ["test"]),
    ("Addressed the segfault; the tests pass.", ["test"]),
    ("The suite still hangs; lint is clean.", ["lint"]),
])
def test_a_fixed_runtime_failure_negates_nothing(text, expected):
    assert categories(text) == expected


# ---- the failing test named as the one that passes ("The failing test is fixed and passes", "the
# test that failed on CI passes now"): the failure word says which test, not its state
@pytest.mark.parametrize("text, expected", [
    ("The failing test passes.", ["test"]),
    ("The failing test is fixed and passes.", ["test"]),
    ("The broken spec in `auth_spec.rb` passes.", ["test"]),
    ("The tests that failed pass now.", ["test"]),
    ("The spec which flaked on Monday passes now.", ["test"]),
    ("The failing test still fails.", []),
    ("Two failing tests; the rest pass.", []),
])
def test_the_failing_test_named_as_the_one_that_passes(text, expected):
    assert categories(text) == expected


# ---- a cleft: "`go vet` is the one that's clean", "`mypy` is the one that passes"
@pytest.mark.parametrize("text, expected", [
    ("`mypy` is the one that passes; `pytest` fails.", ["typecheck"]),
    ("Lint is the only one that is clean.", ["lint"]),
    ("Of the three, ruff is the one that's green.", ["lint"]),
    ("The unit tests are the ones that pass; e2e is red.", ["test"]),
    ("That pass was slow.", []),
    # dev7a
    ("`go vet` is the one that's clean; `go test` still fails in `TestParseHeader`.", ["lint"]),
])
def test_a_cleft_names_what_passes(text, expected):
    assert categories(text) == expected


# ---- a run that ends well: "finishes with OK", "ends with BUILD SUCCESSFUL", "Tests run clean"
@pytest.mark.parametrize("text, expected", [
    ("Tests run clean.", ["test"]),
    ("The specs run green now.", ["test"]),
    ("The build ended with success.", ["build"]),
    ("`phpunit` finishes with an OK.", ["test"]),
    ("The run ended with 3 failures.", []),
    ("Run clean builds only.", []),
    # dev7a
    ("PHPUnit finishes with OK (96 tests, 241 assertions).", ["test"]),
])
def test_a_run_that_ends_well(text, expected):
    assert categories(text) == expected


# ---- a task runner's summary counting fewer successes than tasks is no pass
@pytest.mark.parametrize("text, expected", [
    ("`turbo run build` → Tasks: 6 successful, 6 total.", ["build"]),
    ("`pnpm turbo run typecheck` → Tasks: 5 successful, 6 total.", []),
    ("`turbo run lint` → Tasks: 11 successful, 12 total.", []),
    ("`turbo run test` → Tasks: 12 successful, 12 total.", ["test"]),
    ("`npx turbo run build` reports 3 successful, 4 total.", []),
])
def test_fewer_successful_tasks_than_total_is_no_pass(text, expected):
    assert categories(text) == expected


# ---- the object of a run, then a bare state after a comma or a dash: "Re-ran tests, still green"
@pytest.mark.parametrize("text, expected", [
    ("Re-ran tests, still green.", ["test"]),
    ("Ran pytest locally — all good.", ["test"]),
    ("Reran the linter, clean.", ["lint"]),
    ("Ran `mypy` again, clean.", ["typecheck"]),
    ("Executed the full suite twice, green both times.", ["test"]),
    ("I wrote the tests, green is the goal.", []),
])
def test_a_bare_state_after_a_runs_object(text, expected):
    assert categories(text) == expected


# ---- "passes end to end" is no transitive "pass X to"; "e2e" before a pass verb is the tests
@pytest.mark.parametrize("text, expected", [
    ("The test suite passes end to end.", ["test"]),
    ("The checkout flow passes end to end.", []),
    ("E2E passes.", ["test"]),
    ("e2e passed on the second run.", ["test"]),
    ("The integration passes data to the worker.", []),
])
def test_end_to_end_and_a_bare_e2e(text, expected):
    assert categories(text) == expected


# ---- a state said of the run it names, opening the sentence or as what was got ("Green build
# locally", "Got a clean lint run"); not a requirement, a plan or a generic plural
@pytest.mark.parametrize("text, expected", [
    ("Green build locally.", ["build"]),
    ("Got a green build.", ["build"]),
    ("Clean lint run.", ["lint"]),
    ("Got a clean test run after the fix.", ["test"]),
    ("With a passing test suite, I merged.", ["test"]),
    ("Green builds are required for merge.", []),
    ("Green build is required for merge.", []),
    ("Waiting for a green build.", []),
    ("Get a green build, then merge.", []),
])
def test_a_state_said_of_the_run_it_names(text, expected):
    assert categories(text) == expected


# ---- the same of a compile ("Clean compile with -Werror"): a build run (dev9c)
@pytest.mark.parametrize("text, expected", [
    ("Got a clean compile on MSVC.", ["build"]),
    ("Clean compile locally, no warnings.", ["build"]),
    ("Clean compile under `-Werror`.", ["build"]),
    ("Had a clean compile after the rebase.", ["build"]),
    ("Got a green compile on all three targets.", ["build"]),
    ("A clean compile is required before merging.", []),
    ("Clean compile should be possible now.", []),
    ("Waiting for a clean compile.", []),
    # dev9c
    ("Clean compile with `-Wall -Wextra -Werror` on both gcc 13 and clang 17.", ["build"]),
])
def test_a_state_said_of_a_compile(text, expected):
    assert categories(text) == expected


# ---- "Running X now gives ...": a result, not a run in progress ("Running the tests now.")
@pytest.mark.parametrize("text, expected", [
    ("Running `pytest` now gives 48 passed.", ["test"]),
    ("Running `ruff check` now shows no errors.", ["lint"]),
    ("Running the tests now.", []),
    ("Running the tests now to confirm they pass.", []),
    ("Checking the build now.", []),
])
def test_running_now_with_a_result_is_no_plan(text, expected):
    assert categories(text) == expected


# ---- "testing" as the name of the activity ("Testing passed"), not a gerund with an object nor
# manual testing; "successfully built"; an aggregate of checks "came back clean"
@pytest.mark.parametrize("text, expected", [
    ("Testing passed.", ["test"]),
    ("Testing is green.", ["test"]),
    ("Unit testing passes.", ["test"]),
    ("Testing completed with no failures.", ["test"]),
    ("Testing, lint and build all pass.", ["build", "lint", "test"]),
    ("Testing the parser shows a bug.", []),
    ("During testing, I found a bug.", []),
    ("Testing is still in progress.", []),
    ("Manual testing passed.", []),
    ("Successfully built the wheel.", ["build"]),
    ("Successfully built `dist/app-1.0.0.whl`.", ["build"]),
    ("All checks came back clean: ruff and mypy.", ["lint", "typecheck"]),
    ("Everything is clean.", []),
])
def test_testing_as_a_subject_and_built_states(text, expected):
    assert categories(text) == expected


# ---- names of checks: doctests, the pre-push hook, style checks; "regression suite" names a suite,
# not a regression; black's "N files would be left unchanged" is its clean state, no hedge
@pytest.mark.parametrize("text, expected", [
    ("The doctests pass.", ["test"]),
    ("Doctests and unit tests both pass.", ["test"]),
    ("The regression suite passes.", ["test"]),
    ("The regression specs are green.", ["test"]),
    ("The regression suite found 2 regressions.", []),
    ("The pre-push hook passes.", ["lint"]),
    ("Style checks pass.", ["lint"]),
    ("Code style is clean.", ["lint"]),
    ("Style checks fail on 2 files.", []),
    ("The code style guide says to use tabs.", []),
    ("`black --check .` → 12 files would be left unchanged.", ["lint"]),
    ("`black --check .` → 1 file would be reformatted, 11 files would be left unchanged.", []),
    ("The tests would pass.", []),
])
def test_more_check_names_and_a_formatters_unchanged_files(text, expected):
    assert categories(text) == expected


# ---- a change of state that ends green ("went from red to green", "have gone green"), a count
# "down from 40 to 0", a build "building fine"
@pytest.mark.parametrize("text, expected", [
    ("Tests have gone green.", ["test"]),
    ("The suite has become green.", ["test"]),
    ("Tests went from red to green.", ["test"]),
    ("Lint went from red to green after the autofix.", ["lint"]),
    ("The build went from red to green.", ["build"]),
    ("Lint warnings are down from 40 to 0.", ["lint"]),
    ("It's building fine.", ["build"]),
    ("The project's building cleanly.", ["build"]),
    ("Tests went from green to red.", []),
    ("Tests have gone red.", []),
    ("Warnings are down from 40 to 3.", []),
    ("Building fine-grained caches.", []),
    ("It's building the image now.", []),
])
def test_a_change_of_state_that_ends_green(text, expected):
    assert categories(text) == expected


# ---- a pass said by an idiom: "gives the all-clear", "a clean bill of health", and silence that
# is "from" a check ("not a peep from eslint", "nothing to report from mypy"); silence about
# something else, or an all-clear given by people, is no check's pass
@pytest.mark.parametrize("text, expected", [
    ("ESLint gives the all-clear.", ["lint"]),
    ("The linter gave us the all-clear.", ["lint"]),
    ("mypy gave it a clean bill of health.", ["typecheck"]),
    ("Clippy has given the code a clean bill of health.", ["lint"]),
    ("Not a peep from eslint.", ["lint"]),
    ("Not a peep out of flake8.", ["lint"]),
    ("Nothing to report from mypy.", ["typecheck"]),
    ("tsc: nothing to report.", ["typecheck"]),
    ("Not a single complaint from pyright.", ["typecheck"]),
    ("The security team gave the all-clear for the release.", []),
    ("I have nothing to report on the tests yet.", []),
    ("Not a peep on the tests from the reviewer.", []),
    ("eslint didn't give the all-clear.", []),
])
def test_a_pass_said_by_an_idiom(text, expected):
    assert categories(text) == expected


# ---- more idioms of a check's approval: its blessing, a seal of approval, a full score given,
# "free" of what it reports; a check named in parentheses after its noun is that noun's subject
@pytest.mark.parametrize("text, expected", [
    ("The type checker has given its blessing, at last.", ["typecheck"]),
    ("ESLint gave the diff its seal of approval.", ["lint"]),
    ("Clippy gives it a thumbs-up.", ["lint"]),
    ("`pylint` gives the module a 10/10.", ["lint"]),
    ("`cargo clippy` is now warning-free.", ["lint"]),
    ("The build is error-free.", ["build"]),
    ("Static analysis (`pylint`) is clean.", ["lint"]),
    ("The linter (ruff) is clean now.", ["lint"]),
    ("The reviewer gave the PR a thumbs-up after the tests passed on CI.", []),
    ("The reviewer gave it 10/10.", []),
    # dev8
    ("Static analysis (`pylint`) gives the code a 10.00/10 with no messages.", ["lint"]),
    ("I've tidied up the colour handling; `cargo clippy -- -D warnings` is now warning-free and "
     "`cargo build --release` finishes successfully.", ["build", "lint"]),
])
def test_a_checks_approval_by_an_idiom(text, expected):
    assert categories(text) == expected


# ---- the test runner is the tests' subject ("the test runner's happy", as "the linter's happy")
@pytest.mark.parametrize("text, expected", [
    ("The test runner is happy.", ["test"]),
    ("The test runner's happy now.", ["test"]),
    ("Linter's happy and the test runner's happy.", ["lint", "test"]),
    ("The test runner is green.", ["test"]),
    ("The test runners are happy on both platforms.", ["test"]),
    ("The test runner is configured.", []),
    # dev8
    ("Compiler's happy, linter's happy, test runner's happy.", ["build", "lint", "test"]),
])
def test_the_test_runner_names_the_tests(text, expected):
    assert categories(text) == expected


# ---- what is not the agent's own result now: a goal as a label ("Aim:"), another person's run,
# a look that code has changed since ("last I checked ... three commits ago"); and a sentence
# adverb "Just to confirm," is no purpose clause
@pytest.mark.parametrize("text, expected", [
    ("Aim: zero clippy warnings.", []),
    ("Objective: all tests green.", []),
    ("My colleague's run showed 0 lint errors.", []),
    ("The reviewer's build passed on their laptop.", []),
    ("Last I checked the build was green.", []),
    ("Lint was clean two commits ago.", []),
    ("Just to confirm, I re-ran the suite: 40 passed.", ["test"]),
    ("To verify, I ran `mypy .`: no issues found.", ["typecheck"]),
    ("I'll rerun the tests to confirm they pass.", []),
    # dev8
    ("Aim: zero clippy warnings. Currently: 7 remaining.", []),
    ("Running the suite again would be wise; last I checked it was green but that was three commits ago.", []),
    ("Just to confirm, I re-ran everything after your last comment: `pytest` 97 passed, `mypy` clean.",
     ["test", "typecheck"]),
])
def test_not_the_agents_own_result_now(text, expected):
    assert categories(text) == expected


# ---- a passive run then its result ("were run and passed", "were run and are green"); "this
# time" and "the second time" after a pass say when, they are not what passed
@pytest.mark.parametrize("text, expected", [
    ("The tests were run and passed.", ["test"]),
    ("The integration tests were executed and passed.", ["test"]),
    ("Lint and typecheck were run and passed.", ["lint", "typecheck"]),
    ("The tests were run and are green.", ["test"]),
    ("Lint was run again and is clean.", ["lint"]),
    ("The e2e suite was rerun and passed this time.", ["test"]),
    ("The suite passed the second time.", ["test"]),
    ("The tests were run and 3 failed.", []),
    ("The tests were run and are red.", []),
    ("The tests were run and passed before the rebase.", []),
    ("It passed this test.", []),
])
def test_a_passive_run_and_its_result(text, expected):
    assert categories(text) == expected


# ---- where a failure happened ("the test that failed on CI") is a place, not the source of the
# result: the agent's own local result in the same clause holds
@pytest.mark.parametrize("text, expected", [
    ("The test that failed on CI now passes locally.", ["test"]),
    ("The spec that was flaky on CI passes locally now.", ["test"]),
    ("The lint error that broke in CI is fixed; lint is clean locally.", ["lint"]),
    ("Tests that timed out in CI pass on my machine.", ["test"]),
    ("The test that failed on CI now passes.", []),
    ("The tests pass on CI, and locally.", []),
    ("CI says the tests pass.", []),
])
def test_a_failure_on_ci_is_no_relay_of_a_local_pass(text, expected):
    assert categories(text) == expected


# ---- a repeated preposition coordinates what a result is from ("Exit 0 from `npm test` and from
# `npm run lint`"); a second label after a sentence end starts another runner's output
@pytest.mark.parametrize("text, expected", [
    ("No errors from mypy and from ruff.", ["lint", "typecheck"]),
    ("Exit 0 from `pytest` and from `eslint .`.", ["lint", "test"]),
    ("Zero findings from ruff, and from pyright too.", ["lint", "typecheck"]),
    ("pytest: 12 passed. ruff: All checks passed!", ["lint", "test"]),
    ("pytest: 3 failed, 10 passed. ruff: All checks passed!", ["lint"]),
    ("Zero warnings from eslint, and in the tests 3 failures.", ["lint"]),
    # dev8
    ("Exit 0 from `npm test` and from `npm run lint`.", ["lint", "test"]),
    ("rspec: 402 examples, 0 failures. rubocop: no offenses detected.", ["lint", "test"]),
])
def test_each_source_and_label_is_its_own(text, expected):
    assert categories(text) == expected


# ---- a run's noun between a command and its state ("the `ctest` run is green", "the lint job is
# green"), the link step of a build ("it links fine now"), a dash after a command before its
# output as an arrow ("`ruff check .` — All checks passed!")
@pytest.mark.parametrize("text, expected", [
    ("The `ctest` run is green.", ["test"]),
    ("The lint job is green.", ["lint"]),
    ("The `mypy` step is clean now.", ["typecheck"]),
    ("The `ctest` run is red.", []),
    ("It links fine now.", ["build"]),
    ("The binary links cleanly.", ["build"]),
    ("It links the binary.", []),
    ("`ruff check .` — All checks passed!", ["lint"]),
    ("`prettier --check .` — All matched files use Prettier code style!", ["lint"]),
    ("`ruff check .` – Found 3 errors.", []),
    ("`make lint` — see the log.", []),
    # dev8
    ("Just rebuilt with `cmake --build build -j8`; it links fine now and the `ctest` run is 100% green.",
     ["build", "test"]),
])
def test_a_runs_noun_a_link_step_and_a_dash_before_output(text, expected):
    assert categories(text) == expected


# ---- a conclusion after ", so" carries its own hedge: the result it is drawn from stands
@pytest.mark.parametrize("text, expected", [
    ("The suite passes, so I think we can merge.", ["test"]),
    ("Lint is clean, so I'm fairly sure the config change is harmless.", ["lint"]),
    ("The build succeeded, so the toolchain probably isn't the problem.", ["build"]),
    ("I think the suite passes, so we can merge.", []),
    ("The tests should pass now, so I merged.", []),
    ("Ruff passes, so does mypy.", ["lint", "typecheck"]),
    # dev8
    ("The suite has passed twice in a row now, so I'm fairly confident the flake is gone.", ["test"]),
])
def test_a_hedge_after_so_is_the_conclusions(text, expected):
    assert categories(text) == expected


# ---- "the tests I touched" is a part of them; a not-rerun disclosure of "the rest" / "the
# remainder" is about the other part, so the claim of the part that was run stands
@pytest.mark.parametrize("text, expected", [
    ("The tests I touched pass; the remainder I left untouched and didn't rerun.", [("test", "subset")]),
    ("The tests I changed pass; the rest I didn't rerun.", [("test", "subset")]),
    ("The specs we edited pass; the remainder weren't rerun.", [("test", "subset")]),
    ("The tests I touched pass.", [("test", "subset")]),
    ("All tests pass; the rest I didn't rerun.", []),
    ("The tests pass; I didn't rerun them after the refactor.", []),
])
def test_the_rest_not_rerun_leaves_the_part_that_was(text, expected):
    assert scopes(text) == expected


# ---- a state said of the run it names, as an item of a list after a label ("Summary: a clean
# lint run, a green local test run"); what the agent got to compile ("I got it compiling")
@pytest.mark.parametrize("text, expected", [
    ("Results: a clean lint run, a red test run.", ["lint"]),
    ("Summary: a green unit test run, a clean type-check run.", ["test", "typecheck"]),
    ("Next step: a green test run is needed.", []),
    ("Goal: a green test run.", []),
    ("I got it compiling again.", ["build"]),
    ("I got the whole thing to build.", ["build"]),
    ("I still need to get it compiling.", []),
    # dev8
    ("Summary: a clean lint run, a green CI-equivalent local test run (`make ci`), and the migration applied "
     "without complaint.", ["lint", "test"]),
    ("I got the whole thing compiling under `-Werror`, which was the main goal.", ["build"]),
])
def test_a_run_in_a_list_and_what_was_got_to_compile(text, expected):
    assert categories(text) == expected


# ---- "..., and it still is": an auxiliary with "still" ending the sentence repeats the state said
# before it and asserts it now, even when that state was said of the past
@pytest.mark.parametrize("text, expected", [
    ("The tests passed before the rebase, and they still do.", ["test"]),
    ("Lint was clean yesterday, and it still is.", ["lint"]),
    ("The tests passed before the rebase; they still do now.", ["test"]),
    ("Before my change lint was failing, and it still is.", []),
    ("The build was broken, and it still is.", []),
    ("Lint was clean before the merge, and it still is, I think.", []),
    # dev8
    ("Before my change lint was clean, and it still is.", ["lint"]),
])
def test_and_it_still_is_restates_the_state_now(text, expected):
    assert categories(text) == expected


# ---- a purpose clause with a comma after it is a sentence adverb, not a plan; without one it
# still is the purpose ("To make the tests pass, set X" is an instruction)
@pytest.mark.parametrize("text, expected", [
    ("To make the tests pass, set `FEATURE_X=1`.", []),
    ("To confirm the tests pass, run pytest.", []),
    ("To check, I ran `ruff check .`: All checks passed!", ["lint"]),
    ("Just to verify, I reran the build: it succeeded.", ["build"]),
    ("I reran the tests to verify they pass.", []),
])
def test_a_sentence_adverb_of_purpose(text, expected):
    assert categories(text) == expected


# ---- "as of my last run" is the latest run itself, not a result from before a change ("as of
# the previous commit" still is)
@pytest.mark.parametrize("text, expected", [
    ("The integration tests are, as of my last run, all passing.", ["test"]),
    ("As of my last run, lint is clean.", ["lint"]),
    ("Typecheck is clean as of the last check.", ["typecheck"]),
    ("As of the previous commit, lint was clean.", []),
    ("As of my last commit, lint was clean.", []),
])
def test_as_of_my_last_run_is_now(text, expected):
    assert categories(text) == expected


# ---- a sentence saying the result just given is from before a change takes back the claims of
# the sentence before it ("All 40 tests pass. But that was before I rebased.")
@pytest.mark.parametrize("text, expected", [
    ("All 40 tests pass. But that was before I rebased.", []),
    ("Lint is clean and the tests pass. That run was before my last edit.", []),
    ("Lint is clean. The tests pass. But that was before I rebased.", ["lint"]),
    ("`cargo build` succeeded. That was before the merge.", []),
    ("The tests pass. Before I rebased, two failed.", ["test"]),
    # dev8
    ("Ran it:\n```\n===== 22 passed in 0.41s =====\n```\nbut that was before I rebased, so I'd rerun it.", []),
])
def test_that_was_before_takes_back_the_claims_before(text, expected):
    assert categories(text) == expected


# ---- "green end to end" is "green across the board": every check the sentence names
@pytest.mark.parametrize("text, expected", [
    ("`make ci` is green end to end: lint, typecheck, tests and the build.", ["build", "lint", "test", "typecheck"]),
    ("`make ci` is green end-to-end — tests and lint.", ["lint", "test"]),
    ("Lint is green end to end.", ["lint"]),
    ("The e2e tests are green end to end.", ["test"]),
    ("It is green end to end.", []),
    ("The pipeline is green end to end.", []),
    # dev8
    ("Local `make ci` run is green end to end — lint, typecheck, tests and the production build.",
     ["build", "lint", "test", "typecheck"]),
])
def test_green_end_to_end_is_every_check_named(text, expected):
    assert categories(text) == expected


# ---- a subordinate aside between dashes ("— which took a while, because ... —") is neither the
# subject of what follows nor in the way of the link
@pytest.mark.parametrize("text, expected", [
    ("The tests — which took a while — are all passing.", ["test"]),
    ("The build — which mypy also checks — succeeds.", ["build"]),
    ("The unit tests — although slow on this box because ruff runs first — pass.", ["test"]),
    ("The lint step — which I reran after the rebase — is clean.", ["lint"]),
    ("The tests — which took a while — are still failing.", []),
    # dev8
    ("The integration tests — which took a while, because the docker compose stack has to come up first and the "
     "Postgres container is slow on this machine — are, as of my last run, all passing.", ["test"]),
])
def test_a_dashed_aside_is_skipped(text, expected):
    assert categories(text) == expected
