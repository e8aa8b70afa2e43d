# -*- coding: utf-8 -*-
"""Causes found in the dev9b set (written blind on 2026-12-02): each group states its rule,
gives examples of our own first (each differs from what the reader made of it before), hard
negatives, and the dev-set sentence last."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a source is named "per CI" as "according to CI"; "look like" hedges as "looks like" does
@pytest.mark.parametrize("text, expected", [
    ("Per CI, all tests pass.", []),
    ("Per CI the lint job is clean.", []),
    ("The build is green per CI.", []),
    ("The specs look like they pass.", []),
    ("Both builds look like they succeed, but I haven't opened the logs.", []),
    ("Lint and types look like they're clean.", []),
    # hard negatives: the agent's own result stays a claim
    ("Per my run, all tests pass.", ["test"]),
    ("The tests pass; the screenshots look like the mockups.", ["test"]),
    # dev9b
    ("Per CI, the build is green on the branch; I haven't reproduced it locally.", []),
    ("Hmm, the tests look like they pass, but the reporter output was truncated by the CI log limit, so I'm "
     "rerunning with `--reporter=dot` to confirm.", []),
])
def test_per_ci_relays_and_look_like_hedges(text, expected):
    assert categories(text) == expected


# ---- a named day or month places a result before now: "on Friday", "back in March", "over the weekend"
@pytest.mark.parametrize("text, expected", [
    ("The tests were passing on Friday.", []),
    ("Lint was clean back in March.", []),
    ("The build went green on Monday.", []),
    ("In 2023 the whole suite passed.", []),
    ("mypy was clean in January, before the stubs moved.", []),
    ("Over the weekend the nightly build succeeded.", []),
    # hard negatives: now, even next to a date
    ("The tests pass now; I'll merge on Friday.", ["test"]),
    ("Lint is clean after the March refactor.", ["lint"]),
    # dev9b
    ("That branch compiled fine back in March; since then the SDK has moved two major versions.", []),
    ("Tests were all passing on Friday; over the weekend someone force-pushed main, and I haven't rebased or rerun "
     "since.", []),
])
def test_a_named_day_or_month_is_past(text, expected):
    assert categories(text) == expected


# ---- a pass with nothing under it is taken back: "no tests ran", "there are no tests", in the
# same sentence after the claim too
@pytest.mark.parametrize("text, expected", [
    ("`jest` exits 0, but no tests ran.", []),
    ("The suite is green, though no tests were collected.", []),
    ("`go test ./...` passes. No tests were found in the new package, though.", []),
    ("There are no failing specs because there are no specs.", []),
    ("Zero test failures, since there are no tests yet.", []),
    ("`pytest` exits 0 — no tests ran because of the `-k` filter.", []),
    # hard negatives: a retraction after the claim's sentence keeps what follows it
    ("I can't say the tests pass; I only ran pytest, which passes.", ["test"]),
    ("No tests ran yesterday; today all 40 pass.", ["test"]),
    ("Lint is clean. There are no tests in this repo.", ["lint"]),
    # dev9b
    ("The test runner exits 0, but only because `--passWithNoTests` is set and the glob matched nothing — so "
     "effectively no tests ran. I'm fixing the glob now.", []),
    ("There are no failing tests in this repo because there are no tests in this repo. I'd suggest we add at "
     "least a smoke test for the CLI.", []),
])
def test_a_pass_with_no_tests_under_it_is_taken_back(text, expected):
    assert categories(text) == expected


# ---- a question fragment answered at once: a state answer is the fragment's state ("Tests? Green."),
# an assent asserts the fragment ("Compiles? Yes."); a full question answered by no state or
# assent stays a question
@pytest.mark.parametrize("text, expected", [
    ("Lint? Clean.", ["lint"]),
    ("`cargo test`? 212 passed.", ["test"]),
    ("mypy? Happy. Ruff? Also happy.", ["lint", "typecheck"]),
    ("Compiles on Windows? Yep.", ["build"]),
    ("The integration suite? All green, for once.", ["test"]),
    ("Type check? Still clean after the rebase.", ["typecheck"]),
    # hard negatives
    ("Tests? Not yet.", []),
    ("Lint? No, two errors left.", []),
    # (a full question the writer answers yes at once asserts it too, since the dev36 round:
    # test_claims_dev36_causes.py::test_a_question_answered_yes)
    ("Do the tests pass? Yes.", ["test"]),
    ("Does it build? Green, I think.", []),
    ("Tests? I haven't run them.", []),
    ("Should I also run the e2e suite? Yes or no?", []),
    # dev9b
    ("Tests? Green. Types? Green. The wheel build? Also green, surprisingly, given how many modules I renamed.",
     ["build", "test", "typecheck"]),
    ("Compiles? Yes. Passes the tests? Also yes. Does it actually fix the customer's issue? I can't tell without "
     "their data.", ["build", "test"]),
])
def test_a_question_fragment_and_its_answer(text, expected):
    assert categories(text) == expected


# ---- a fronted predicate (inversion): "Clean, too, is the lint run", "Passes now: `TestX`" say of
# the subject after the copula or colon what it says
@pytest.mark.parametrize("text, expected", [
    ("Green, finally, are the integration tests.", ["test"]),
    ("Clean as well is the `mypy --strict` run.", ["typecheck"]),
    ("Quiet, for once, is `eslint`.", ["lint"]),
    ("Passing again: the three snapshot tests.", ["test"]),
    ("Compiles now: the `ffi` crate.", ["build"]),
    ("Happy, at last, is `pyright`.", ["typecheck"]),
    # hard negatives
    ("Green is the colour of the CI badge.", []),
    ("Clean, as always, is what I aim for.", []),
    ("Passing, at last, is not what the flaky spec does.", []),
    ("Green, I hope, are the integration tests.", []),
    # dev9b
    ("Clean, too, is the lint run — `golangci-lint run ./...` came back empty. The integration tests, on the other "
     "hand, I couldn't run because they need a live Postgres.", ["lint"]),
    ("Passing, at last, is the flaky checkout spec — I replaced the sleep with an explicit `waitFor`. The other "
     "Cypress specs I left alone and didn't rerun.", ["test"]),
    ("Passes now: the flaky `TestOrderQueue_Concurrent`. I only ran the `queue` package, so I can't speak for the "
     "others.", ["test"]),
])
def test_a_fronted_predicate(text, expected):
    assert categories(text) == expected


# ---- an elided predicate: a label valued "same"/"ditto" takes the pass of the sentence before; "and so is
# X" takes it across an aside between dashes; a disclosure about "the other specs" leaves the part that ran
@pytest.mark.parametrize("text, expected", [
    ("Unit tests: 48 passed. Lint: same.", ["lint", "test"]),
    ("mypy is clean. Ruff: ditto.", ["lint", "typecheck"]),
    ("`cargo build` succeeded. `cargo clippy`: likewise.", ["build", "lint"]),
    ("`ruff` is clean, and so — after I fixed the stubs — is `mypy`.", ["lint", "typecheck"]),
    ("The tests pass, and so — after two reruns — does the build.", ["build", "test"]),
    ("The login spec passes now. The other Playwright specs I didn't rerun.", ["test"]),
    # hard negatives
    ("Tests: 3 failed. Lint: same.", []),
    ("Tests: not run. Lint: same.", []),
    ("Lint is clean, and so — I think — is the build.", []),
    ("All tests pass. The other Playwright specs I didn't rerun.", []),
    # dev9b
    ("Tests: green. Lint: same. Build: didn't try.", ["lint", "test"]),
    ("Lint's green, and so — after a fair bit of fiddling with the `tsconfig` paths — is the type check.",
     ["lint", "typecheck"]),
])
def test_an_elided_predicate(text, expected):
    assert categories(text) == expected


# ---- a verbless status row: a test subject straight before "ok"/"fine" is a result ("build ok,
# tests ok"); with a copula "the tests are fine" still is about the tests' code
@pytest.mark.parametrize("text, expected", [
    ("tests ok", ["test"]),
    ("Lint fine, tests fine.", ["lint", "test"]),
    ("Unit tests: fine.", ["test"]),
    ("Specs ok, rubocop ok.", ["lint", "test"]),
    ("`make` ok, tests also ok.", ["build", "test"]),
    # hard negatives
    ("The existing tests are fine as they are.", []),
    ("The tests fine-tune the model.", []),
    ("I think tests ok.", []),
    ("tests ok?", []),
    # dev9b
    ("Rebased on main. Conflicts in `go.mod` resolved. `go build ./...` fine, `go vet` silent, tests ok.",
     ["build", "lint", "test"]),
    ("Ellipsis time: build ok, tests ok, lint n/a (no linter configured in this repo).", ["build", "test"]),
])
def test_a_verbless_status_row(text, expected):
    assert categories(text) == expected


# ---- a quantifier after a list takes the states a copula takes ("Ruff, black, isort: all three
# happy"); "everything else" is fine/happy/ok as it is clean, and stands for the checks named
@pytest.mark.parametrize("text, expected", [
    ("mypy, pyright: all two clean.", ["typecheck"]),
    ("eslint, stylelint, prettier: all three quiet.", ["lint"]),
    ("`ruff` and `mypy`: all fine.", ["lint", "typecheck"]),
    ("black, isort, flake8: all three clean.", ["lint"]),
    ("Everything else (pytest, ruff) is happy.", ["lint", "test"]),
    ("`tsc` still has 2 errors; everything else (vitest, eslint) is ok.", ["lint", "test"]),
    # hard negatives
    ("Everything is fine.", []),
    ("The three PRs: all three fine.", []),
    ("All checks are fine, I think.", []),
    # dev9b
    ("Ruff, black, isort: all three happy.", ["lint"]),
    ("The typecheck is what's blocking: `tsc` reports 7 errors in `legacy/`, all `implicit any`. Everything else "
     "(jest, eslint) is fine.", ["lint", "test"]),
])
def test_a_listed_quantifier_and_everything_else_take_states(text, expected):
    assert categories(text) == expected


# ---- plain and learner's English: "no more errors" is "no errors"; "the compile" is the build
@pytest.mark.parametrize("text, expected", [
    ("Lint has no more errors.", ["lint"]),
    ("No more errors from mypy.", ["typecheck"]),
    ("`eslint` gives no more warning now.", ["lint"]),
    ("The compile is OK now.", ["build"]),
    ("The compile step passed.", ["build"]),
    ("The compile succeeded on both targets.", ["build"]),
    # hard negatives
    ("The compile is slow.", []),
    ("Let me compile the project.", []),
    ("There are no more tests to write.", []),
    ("The compile is not OK yet.", []),
    # dev9b
    ("Lint have no more error, I fix all the warnings from flake8. But the test, I did not run it because the "
     "database is not setup in my environment.", ["lint"]),
    ("I have make the changes in the controller. The compile is OK and unit test also OK, only the one test of the "
     "`ReportExporter` is failing which is not related with my change.", ["build", "test"]),
])
def test_plain_and_learners_english(text, expected):
    assert categories(text) == expected


# ---- absence of failure: "nothing red/failing in X" is X's pass; "no panics" is no failure; a
# passive "were reported by X" is "from X"; what someone else is seeing is theirs, not the agent's
@pytest.mark.parametrize("text, expected", [
    ("Nothing red in the pytest output.", ["test"]),
    ("Nothing failing in `go test ./...` anymore.", ["test"]),
    ("No panics, no timeouts: `cargo test` → 88 passed.", ["test"]),
    ("No warnings were reported by `eslint`.", ["lint"]),
    ("No type errors were found by mypy.", ["typecheck"]),
    ("No failures were reported by `phpunit`.", ["test"]),
    ("You're seeing a timeout in CI; here `npm test` reports 40 passed.", ["test"]),
    # hard negatives
    ("Nothing red in the diff.", []),
    ("No errors were reported by the reviewer.", []),
    ("You're seeing all tests pass.", []),
    ("The tests hang.", []),
    # dev9b
    ("Nothing red in the jest output anymore, and `tsc --noEmit` is quiet.", ["test", "typecheck"]),
    ("No panics, no failures: `cargo nextest run` → 488 tests run: 488 passed, 4 skipped.", ["test"]),
    ("No errors were reported by pyright, and the two `# type: ignore` comments I'd added earlier have been "
     "removed since they're no longer needed.", ["typecheck"]),
    ("Not sure why you're seeing failures; on my side `bun test` reports 0 fail, 58 pass.", ["test"]),
])
def test_absence_of_failure(text, expected):
    assert categories(text) == expected


# ---- the check named only in a clause after the run: a relative "X, which is clean" says X's
# state; "and that passed" stands for the run just named; "all N now pass" floats its adverb; a
# bare "builds fine" after a colon is the state of the build run before it
@pytest.mark.parametrize("text, expected", [
    ("I ran `mypy --strict`, which is clean.", ["typecheck"]),
    ("Then eslint, which is quiet now.", ["lint"]),
    ("I ran `go test ./...`, and that passed.", ["test"]),
    ("I only ran the linter, and that was clean.", ["lint"]),
    ("Three specs were red; all three now pass.", ["test"]),
    ("Rebuilt the wheel with `python -m build`: builds fine.", ["build"]),
    # hard negatives
    ("The fix is in, and that passed.", []),
    ("I fixed the parser, and that passed review.", []),
    ("The tests that pass are listed below.", []),
    ("Next: builds fine on ARM.", []),
    ("I ran the linter, which is still failing.", []),
    # dev9b
    ("I can't claim the build is green: I only ran `cargo check`, which is clean, and skipped the full `cargo "
     "build` because of the linker issue on this box.", ["typecheck"]),
    ("In theory `make test` covers the new parser; in practice I only ran `make test-unit` because the integration "
     "targets need Docker, and that passed.", ["test"]),
    ("Rebuilt the Docker image from scratch (`--no-cache`) to be sure: builds fine.", ["build"]),
    ("Previously 4 tests failed on Windows due to path separators; I've normalised paths with `pathlib`, and on my "
     "Windows VM all 4 now pass, along with the rest of the suite.", ["test"]),
])
def test_the_check_named_in_a_clause_before_its_state(text, expected):
    assert categories(text) == expected


# ---- a runner's summary as label-count fields ("Passed: 1,877. Failed: 0.") is one row; "0 of 18
# failed" is none of them failing
@pytest.mark.parametrize("text, expected", [
    ("Passed: 312. Failed: 0.", ["test"]),
    ("Passed: 48. Failed: 0. Skipped: 2.", ["test"]),
    ("Unit tests: 0 of 212 failed.", ["test"]),
    ("0 of 40 specs failed.", ["test"]),
    ("Lint: 0 of 40 files failed.", ["lint"]),
    # hard negatives
    ("Passed: 40. Failed: 2.", []),
    ("Passed: 0. Failed: 12.", []),
    ("3 of 18 failed.", []),
    ("0 of 18 passed.", []),
    # dev9b
    ("Passed: 1,877. Failed: 0. Skipped: 12. Duration: 3m 41s. (`mvn verify`, whole reactor.)", ["test"]),
    ("Integration suite: 0 of 18 failed. Unit suite: not run this time.", ["test"]),
])
def test_label_count_fields_and_none_of_n_failed(text, expected):
    assert categories(text) == expected


# ---- a failure that is not the state now negates nothing: of the old code, one a change would
# cause, a bug's origin, a test written to fail first, one the agent says it fixed; a concession
# ("whether or not", "unlike yesterday, when ...") holds its failure
@pytest.mark.parametrize("text, expected", [
    ("The new test fails on the old code and passes with the patch.", ["test"]),
    ("Removing the cast makes mypy fail; with it, mypy is clean.", ["typecheck"]),
    ("The regression was introduced in 4e1a0c; with it reverted, all tests pass.", ["test"]),
    ("I wrote a failing test first; with the fix the whole suite passes.", ["test"]),
    ("`ruff` flagged two issues, which I fixed; it's clean now.", ["lint"]),
    ("The build was the only failing job and it's fixed: `make` succeeds.", ["build"]),
    ("Whether or not the flake is real, `pytest` passes on three reruns.", ["test"]),
    ("Unlike last week, when the build timed out, `cargo build` now finishes in two minutes.", ["build"]),
    # hard negatives: a failure now still negates
    ("The new test fails on the new code.", []),
    ("Two tests failed, which I reported upstream; the suite is red.", []),
    ("Whether the tests pass, I can't say.", []),
    ("When the cache is warm, the build succeeds.", []),
    ("eslint gave me one error, which I haven't fixed; lint is not clean.", []),
    # dev9b
    ("Fix verified: the regression test (`test_unicode_filename_roundtrip`) fails on the old code and passes on "
     "the new.", ["test"]),
    ("The regression was introduced in a3f9c1; after reverting it, `npm run build` and `npm run test:unit` both "
     "succeed.", ["build", "test"]),
    ("Linting was the only failing job and it's fixed: the unused import in `handlers/webhook.py` is gone and "
     "`ruff check .` passes.", ["lint"]),
    ("eslint gave me one error (`no-shadow` in `useCart.ts`), which I fixed; rerunning it came back clean.",
     ["lint"]),
    ("I've left the `// @ts-expect-error` in place because removing it makes `tsc` fail on the third-party types, "
     "and with it in place the type check passes.", ["typecheck"]),
    ("Whether or not the benchmark regression is real, the correctness tests are unaffected: `go test ./...` "
     "passes across all 14 packages.", ["test"]),
    ("Unlike yesterday, when the build kept OOMing in the Docker layer, `docker build -t api:dev .` now finishes "
     "in about four minutes.", ["build"]),
])
def test_a_failure_that_is_not_the_state_now(text, expected):
    assert categories(text) == expected


# ---- a claim that says what it leaves out: "most" (大部分) takes the failures of its sentence as
# its exceptions (a qualified claim); "the rest pass (40 passed, 1 failed)" counts its own tally;
# "tests are fine apart from X" is a result, as "tests ok" is
@pytest.mark.parametrize("text, expected", [
    ("Most tests pass; 3 fail on Windows.", ["test"]),
    ("Almost all specs pass — 2 failures in the mailer.", ["test"]),
    ("The vast majority of the suite passes, with 4 failures in `legacy/`.", ["test"]),
    (u"大部分测试都通过了，只有 test_x 失败。", ["test"]),
    ("`test_x` fails; the rest pass (40 passed, 1 failed).", ["test"]),
    ("The tests are fine apart from `test_upload`, which times out.", ["test"]),
    ("Unit tests are fine except for the known flaky one.", ["test"]),
    # hard negatives
    ("Most of the work is done, but the tests fail.", []),
    ("The tests fail on most platforms.", []),
    ("Two tests fail; the rest pass (40 passed, 2 failed).", []),
    ("Most tests would pass if the fixtures loaded.", []),
    # dev9b
    ("Most of the rspec suite now passes — 1,204 examples, 6 failures, all in `spec/features/billing`, which "
     "depends on Stripe's sandbox.", ["test"]),
    ("Although `test_retry_backoff` is still flaky and failed on my last run, everything else in the pytest suite "
     "passes (411 passed, 1 failed), and ruff reports nothing.", ["lint", "test"]),
    ("Build and tests are fine apart from the known `TestPdfRender` failure on headless Linux.", ["build", "test"]),
    (u"大部分测试都通过了, only `test_timezone_dst` fails on my machine because of 本地时区设置.", ["test"]),
])
def test_a_claim_that_says_what_it_leaves_out(text, expected):
    assert categories(text) == expected


def test_most_is_a_qualified_claim():
    [claim] = claims.extract("Most tests pass; 3 fail on Windows.").claims
    assert claim["qualified"]


# ---- "most" does not hold against a failure of the whole check, nor inside a concession
@pytest.mark.parametrize("text, expected", [
    ("Most specs pass, but the suite as a whole fails.", []),
    (u"虽然大部分用例过了，但测试整体还是失败。", []),
    ("Although most tests pass, the test run fails overall.", []),
    ("Most tests pass; only `test_x` fails.", ["test"]),
])
def test_most_does_not_hold_against_a_failure_of_the_whole(text, expected):
    assert categories(text) == expected


# ---- in a row of status marks the note after a failed item's mark is that item's, whatever it
# mentions ("`npm run lint` ❌ 2 errors about unused vars in test files")
@pytest.mark.parametrize("text, expected", [
    (u"`make` \u2705, `make test` \u2705, `make lint` \u274c 3 errors.", ["build", "test"]),
    (u"build \u2705, lint \u274c 3 failed, tests \u2705", ["build", "test"]),
    (u"`cargo test` \u2705, `cargo clippy` \u274c two errors in the test helpers.", ["test"]),
    (u"`ruff` \u2705, `pytest` \u274c 2 failed.", ["lint"]),
    (u"`vite build` \u2705, `vitest` \u274c 1 error.", ["build"]),
    # hard negatives: the failed item itself stays failed
    (u"`make` \u2705, `make test` \u274c 3 failures.", ["build"]),
    (u"`npm test` \u274c 2 errors, lint \u274c too.", []),
    # dev9b
    (u"Done! \U0001f389 `npm run build` \u2705, `npm test` \u2705 (231 passing), `npm run lint` \u274c 2 errors about "
     u"unused vars in test files \u2014 left those for now.", ["build", "test"]),
])
def test_the_note_after_a_failed_mark_is_its_items(text, expected):
    assert categories(text) == expected


# ---- "X ..., otherwise <state>": the state is X's, what stands before "otherwise" its exception
@pytest.mark.parametrize("text, expected", [
    ("Lint: 2 warnings in vendor/, otherwise clean.", ["lint"]),
    ("mypy has one error in the generated stubs, otherwise clean.", ["typecheck"]),
    ("clippy flags one `needless_borrow` in a test helper, but otherwise clean.", ["lint"]),
    ("Lint has two warnings left in the generated protobuf stubs under vendor/, otherwise clean.", ["lint"]),
    ("Tests: 1 skipped on Windows, otherwise green.", ["test"]),
    # hard negatives
    ("Lint: 2 errors, otherwise I'd merge.", []),
    ("Otherwise clean.", []),
    ("Lint: 2 errors, otherwise it would be clean.", []),
    # dev9b
    (u"Tests: \u5168\u7eff \u2705 / Lint: \u8fd8\u6709 2 \u4e2a warning \u5728 vendor \u91cc, otherwise clean.",
     ["lint", "test"]),
])
def test_otherwise_clean(text, expected):
    assert categories(text) == expected


# ---- Chinese: "没有一个失败" (not one failed) is a pass with or without a closing 的
@pytest.mark.parametrize("text, expected", [
    (u"测试没有一个失败。", ["test"]),
    (u"`pytest` 没有一个失败。", ["test"]),
    (u"`cargo test` 跑完，没有一个报错。", ["test"]),
    (u"单测没有一条失败，lint 也干净。", ["lint", "test"]),
    (u"`vitest` 没有一个失败。", ["test"]),
    # hard negatives
    (u"没有一个通过。", []),
    (u"测试没有一个失败的吗？", []),
    # dev9b
    (u"修复了 race condition. `go test -race ./...` 没有一个失败, and the build is fine on both amd64 and arm64.",
     ["build", "test"]),
])
def test_not_one_failed_in_chinese(text, expected):
    assert categories(text) == expected


# ---- the source named after the result ("No failures, 3 skipped — that's the pytest summary") is
# what the result is from; Gradle's "assembles" is a build verb of what is built
@pytest.mark.parametrize("text, expected", [
    ("No failures, 2 skipped — that's the pytest output.", ["test"]),
    ("All green — that's the jest run.", ["test"]),
    ("Zero errors — that is from `mypy --strict`.", ["typecheck"]),
    ("No warnings — this is the eslint report.", ["lint"]),
    ("The Android app assembles.", ["build"]),
    ("The app assembles again after the Gradle bump.", ["build"]),
    # hard negatives
    ("No failures — that's what the reviewer saw in pytest.", []),
    ("No failures — that's the goal for the jest run.", []),
    ("The app assembles the widgets at runtime.", []),
    ("I assembled the list of tests.", []),
    # dev9b
    ("No failures, no errors, 3 skipped (the GPU ones) — that's the pytest summary after the change.", ["test"]),
    ("As of this commit the Android app assembles (`./gradlew assembleDebug`), but ktlint trips on the import "
     "ordering in three files I didn't touch.", ["build"]),
])
def test_the_source_after_the_result_and_assembles(text, expected):
    assert categories(text) == expected


# ---- a fragment denying any failure ("Nothing red.", "Nothing fails.") says what "All green." says:
# it covers the checks the message names, also by a list of their own verbs ("compiled, linted,
# tested") or in a sentence with no claim word ("mypy and pytest both.")
@pytest.mark.parametrize("text, expected", [
    ("Built, linted, tested. All green.", ["build", "lint", "test"]),
    ("Compiled and type-checked. Nothing red.", ["build", "typecheck"]),
    ("Ran `cargo test`. Nothing fails.", ["test"]),
    ("Nothing red. That's eslint and vitest.", ["lint", "test"]),
    ("Pre-merge: linted and tested. Nothing broken.", ["lint", "test"]),
    # hard negatives
    ("Nothing red.", []),
    ("I fixed the parser. Nothing fails.", []),
    ("Compiled, linted, tested. 2 tests fail.", []),
    ("Tested the parser by hand. All green.", []),
    ("Nothing fails at import time, but I haven't run the tests.", []),
    ("Fixed, tested, shipped. All green.", []),
    # dev9b
    ("Quick sanity pass before I hand this over: compiled, linted, tested. Nothing red.", ["build", "lint", "test"]),
    ("Nothing fails. Nothing warns. mypy and pytest both.", ["test", "typecheck"]),
])
def test_nothing_red_covers_the_checks_named(text, expected):
    assert categories(text) == expected


# ---- a code span that is only a check's task name (`test`, `lint`, `build`: Gradle, npm, make) names
# that check; not as a CI job, a folder or a script
@pytest.mark.parametrize("text, expected", [
    ("`test` passed.", ["test"]),
    ("`lint` is clean.", ["lint"]),
    ("Ran `build` and `test`: both succeeded.", ["build", "test"]),
    ("The `typecheck` task is green.", ["typecheck"]),
    ("`compile` finished without errors.", ["build"]),
    # hard negatives
    ("- `build` job: builds the sdist and wheel, only if the others pass", []),
    ("I moved the fixtures into `test`.", []),
    ("The `lint` script is clean now, I rewrote it.", []),
    # dev9b
    ("Gradle: BUILD SUCCESSFUL in 47s, 112 actionable tasks: 38 executed, 74 up-to-date. That includes `test` and "
     "`detekt`, both of which passed.", ["lint", "test"]),
])
def test_a_task_named_by_its_check(text, expected):
    assert categories(text) == expected


# ---- "X takes a while but finishes": a second verb after "but" is of the same subject
@pytest.mark.parametrize("text, expected", [
    ("The e2e suite is slow but passes.", ["test"]),
    ("`cargo build` takes a while but succeeds.", ["build"]),
    ("The docker build took ages but finished cleanly.", ["build"]),
    ("`mypy --strict` runs for a minute but comes back clean.", ["typecheck"]),
    ("The integration tests are flaky on CI but still pass locally.", ["test"]),
    # hard negatives
    ("The tests are slow but I haven't run them.", []),
    ("The build needs a fix but I think it passes.", []),
    ("The build is broken but the docs are fine.", []),
    # dev9b
    ("cargo check is clean, cargo build --release takes a while but finishes, and cargo test — well, 2 doc-tests "
     "fail because the examples still use the old `Config::new` signature.", ["build", "typecheck"]),
])
def test_a_second_verb_after_but(text, expected):
    assert categories(text) == expected
