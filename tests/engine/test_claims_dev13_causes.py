# -*- coding: utf-8 -*-
"""Causes read from the dev12a and dev13 sets (written blind, tests/engine/claims_dev1{2,3}*.jsonl),
each with sentences of our own beside the set's, and the negatives each rule must leave alone."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- a run's result after what it ran on: "Ran eslint on the files I touched; no warnings"
@pytest.mark.parametrize("text, expected", [
    ("I also ran eslint on the files I touched; no warnings.", ["lint"]),
    ("Ran shellcheck on `deploy.sh` and `backup.sh` (the two scripts I edited) \u2014 nothing flagged.", ["lint"]),
    ("Ran mypy; no errors.", ["typecheck"]),
    ("Ran the linter over the whole monorepo, including the legacy packages \u2014 zero warnings.", ["lint"]),
    ("Ran eslint; 3 warnings.", []),
    ("Ran eslint on the changed files; couldn't finish.", []),
    ("Ran eslint on the changed files but it crashed; no output.", []),
    ("Ran mypy on the old branch before the change; no errors.", []),
    ("Ran pytest; no failures, though I haven't rerun after the rename.", []),
])
def test_a_runs_result_after_what_it_ran_on(text, expected):
    assert categories(text) == expected


# ---- back to a passing state
@pytest.mark.parametrize("text, expected", [
    ("No worries, reverted it. Tests are back to green.", ["test"]),
    ("The suite is back to green.", ["test"]),
    ("Lint is back to clean.", ["lint"]),
    ("Tests are back to red.", []),
    ("Tests are back to failing.", []),
])
def test_back_to_green(text, expected):
    assert categories(text) == expected


# ---- a test's own xUnit-style name in prose
@pytest.mark.parametrize("text, expected", [
    ("TestParseConfig passes now.", ["test"]),
    ("InvoiceTest passes now.", ["test"]),
    ("UserServiceTests pass.", ["test"]),
    ("The LoginSpec is green.", ["test"]),
    ("TestParseConfig still fails.", []),
    ("The latest changes are in.", []),
])
def test_a_test_named_in_prose(text, expected):
    assert categories(text) == expected
    if expected:
        assert [c["scope"] for c in claims.extract(text).claims] == ["subset"]


# ---- a run that found no tests ran nothing
@pytest.mark.parametrize("text, expected", [
    ("Tests: 0 passed, 0 failed \u2014 jest didn't find any test files because the new `testMatch` pattern is "
     "wrong. Fixing.", []),
    ("No tests fail, but that's because none ran \u2014 the `tests/` folder isn't on `PYTHONPATH`.", []),
    ("Lint is clean, but jest didn't find any test files.", ["lint"]),
    ("Lint is clean and pytest exits 0, but no tests ran.", ["lint"]),
    ("clang-tidy didn't find any issues.", ["lint"]),
    ("All 40 tests pass; none failed.", ["test"]),
    ("The linter didn't complain, but only because it wasn't installed \u2014 `eslint: command not found`.", []),
    ("Right now mypy passes, but only because most modules are untyped.", ["typecheck"]),
    ("All tests pass; I bumped the timeout only because CI is slow.", ["test"]),
])
def test_a_run_that_ran_nothing(text, expected):
    assert categories(text) == expected


# ---- Gradle's and Maven's verdict speaks of the run it follows
@pytest.mark.parametrize("text, expected", [
    ("`./gradlew test` \u2014 BUILD SUCCESSFUL, 0 failures in 612 tests.", ["test"]),
    ("`./gradlew build`: BUILD SUCCESSFUL in 42s.", ["build"]),
    ("`mvn -q verify` finished with `BUILD SUCCESS`.", ["build", "test"]),
    ("`./mvnw -pl billing verify` \u2192 BUILD SUCCESS, Tests run: 342, Failures: 0, Errors: 0.", ["build", "test"]),
    ("BUILD FAILED in 3s.", []),
    ("The old branch showed BUILD SUCCESSFUL yesterday.", []),
])
def test_a_build_tools_verdict(text, expected):
    assert categories(text) == expected


# ---- a state said before the run it names, as a status fragment
@pytest.mark.parametrize("text, expected", [
    ("Clean `cargo build`, clean `cargo test`, clean `cargo fmt --check`. Ship it \U0001f6a2", ["build", "lint", "test"]),
    ("Got a clean `cargo test` run.", ["test"]),
    ("Green `npm test`.", ["test"]),
    ("Clean `cargo build`, but `cargo test` fails.", ["build"]),
    ("We need a clean `cargo test` run.", []),
    ("The goal: green `npm test` before merge.", []),
])
def test_a_state_before_the_run(text, expected):
    assert categories(text) == expected


# ---- short check names joined by slashes; things built in the plural
@pytest.mark.parametrize("text, expected", [
    ("Lint/format/type/test all \u2705 locally.", ["lint", "test", "typecheck"]),
    ("Lint/type/test: all green.", ["lint", "test", "typecheck"]),
    ("The type/format of the value is wrong.", []),
    ("All three packages build (`pnpm -r build`), and the shared `utils` package's tests pass.", ["build", "test"]),
    ("The whole monorepo builds with `nx run-many -t build`.", ["build"]),
    ("Both services build with warnings.", ["build"]),
    ("All packages build on CI, I'm told.", []),
    ("We need the packages build to be faster.", []),
    ("Packages build but tests fail.", ["build"]),
])
def test_short_names_and_plural_builds(text, expected):
    assert categories(text) == expected


# ---- what hedges by expectation: the speaker's, a passive one, one of a result to come; not code's
@pytest.mark.parametrize("text, expected", [
    ("`bun test` \u2192 61 pass, 0 fail, 142 expect() calls.", ["test"]),
    ("Lint \u2713  Types \u2713  Tests \u2717 (2 failing in `auth.spec.ts`, both expect the old error message)",
     ["lint", "typecheck"]),
    ("Tests pass as expected.", ["test"]),
    ("I expect the tests pass now.", []),
    ("I'd expect the build to succeed.", []),
    ("The suite is expected to pass.", []),
    ("Expect all green once CI finishes.", []),
])
def test_what_an_expectation_hedges(text, expected):
    assert categories(text) == expected


# ---- a checker named like a failure; a checker with nothing to say
@pytest.mark.parametrize("text, expected", [
    # (Error Prone is a checker, no failure; Spotless, named in prose since the fourteenth session, is the
    # formatting check the task covers: lint)
    ("`./gradlew check` is green on JDK 21 \u2014 that covers the unit tests, Spotless and Error Prone.", ["lint", "test"]),
    ("The tests pass but lint has errors.", ["test"]),
    ("php-cs-fixer: nothing to fix.", ["lint"]),
    ("Re-ran after your last comment: phpunit OK (212 tests), php-cs-fixer nothing to fix.", ["lint", "test"]),
    ("`prettier --check` has nothing to reformat.", ["lint"]),
    ("There's nothing to fix in the tests yet.", []),
    ("All good on the Billing tests with the new rounding mode.", ["test"]),
    ("Green on the API specs.", ["test"]),
])
def test_checkers_names_and_silence(text, expected):
    assert categories(text) == expected


# ---- a source named as a label, nothing run at all, a rerun after a change, a condition some clauses before
@pytest.mark.parametrize("text, expected", [
    ("Per Dana's comment on the PR, the Windows build is green now.", []),
    ("From the MR widget: pipeline #5521 \u2014 test stage passed, build stage passed.", []),
    ("Tests pass. I didn't run anything locally, though.", []),
    ("Tests pass; I didn't run anything else.", ["test"]),
    ("ran the specs again after the rename, still green \U0001f44d", ["test"]),
    ("Re-ran the tests after the rename \u2014 still green.", ["test"]),
    ("Re-ran the tests after the rename; 2 failures.", []),
    (u"\u5982\u679c\u4f60 confirm \u8fd9\u4e2a behavior \u662f\u5bf9\u7684\uff0c\u6211\u5c31\u628a expected value "
     u"\u6539\u6389\uff0c\u8fd9\u6837 tests \u5c31\u80fd pass \u4e86\u3002", []),
    ("If the DB is up, I restart the app, and then the tests pass.", []),
    (u"\u4fee\u590d\u540e\uff0c\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\u4e86\u3002", ["test"]),
])
def test_sources_nothing_run_reruns_and_conditions(text, expected):
    assert categories(text) == expected


# ---- a labelled output ends where a sentence naming another command starts; a tally before "ok"
@pytest.mark.parametrize("text, expected", [
    ("mix test: 88 tests, 0 failures. `mix credo --strict` found no issues. `mix compile --warnings-as-errors` OK.",
     ["build", "lint", "test"]),
    ("phpunit: OK (318 tests, 901 assertions). `php-cs-fixer fix --dry-run` reports nothing to fix.", ["lint", "test"]),
    ("rspec: 402 examples, 0 failures. rubocop: no offenses detected.", ["lint", "test"]),
    ("SwiftLint: Done linting! Found 0 violations, 0 serious in 112 files.", ["lint"]),
    ("Clippy: clean. Miri: didn't try. Tests: 61 ok.", ["lint", "test"]),
    ("Tests: 3 ok, 2 failed.", []),
])
def test_labelled_outputs_and_tallies(text, expected):
    assert categories(text) == expected


# ---- the agent's own earlier words reported; a correction after them; a rerun standing for its check
@pytest.mark.parametrize("text, expected", [
    (u"\u66f4\u6b63\u4e00\u4e0b\uff1a\u521a\u624d\u8bf4 lint \u662f clean \u7684\uff0c\u5176\u5b9e\u662f\u8dd1\u9519\u4e86"
     u"\u76ee\u5f55\u3002", []),
    ("Correction: earlier I wrote that `tsc` was clean. It isn't \u2014 I had `skipLibCheck` toggled.", []),
    (u"\u4e4b\u524d\u8bf4 build \u5931\u8d25\u662f\u6211\u770b\u9519\u4e86 log\uff0c\u91cd\u65b0\u8dd1\u4e86\u4e00\u6b21 "
     u"`cargo build`\uff0c\u5176\u5b9e\u662f\u6210\u529f\u7684\u3002", ["build"]),
    (u"\u91cd\u65b0\u8dd1\u4e86\u4e00\u904d\u5168\u91cf\u6d4b\u8bd5\uff0c\u5168\u90e8\u901a\u8fc7\uff0c\u6ca1\u6709 "
     u"regression\u3002", ["test"]),
    (u"\u6d4b\u8bd5\u901a\u8fc7\uff0c\u4f46\u6709\u4e00\u4e2a regression\u3002", []),
    ("`staticcheck` flagged one unused param which I removed; rerun is clean.", ["lint"]),
    ("Rerun is clean.", []),
])
def test_reported_words_corrections_and_reruns(text, expected):
    assert categories(text) == expected


# ---- a compile's result after its setting; repeated runs; tests "fine" beside another check
@pytest.mark.parametrize("text, expected", [
    ("Compiled with `javac -Xlint:all` \u2014 no warnings at all, which surprised me.", ["build"]),
    ("Compiled with `-O2`, which broke the link step.", []),
    ("Compiled with `-O2`, 3 warnings.", []),
    ("Ran the whole suite thrice, green every time.", ["test"]),
    ("Ran the whole suite three times in a row \u2014 green.", ["test"]),
    ("Ran it a few times \u2014 flaky.", []),
    ("App build and unit tests are fine.", ["build", "test"]),
    ("The tests are fine as they are.", []),
])
def test_compiles_repeats_and_fine(text, expected):
    assert categories(text) == expected


# ---- "All good." after the checks' verbs or a run; the verbs with what they ran in parentheses
@pytest.mark.parametrize("text, expected", [
    ("Compiled, linted, tested. All good.", ["build", "lint", "test"]),
    ("Linted (ruff), formatted (ruff format), type-checked (mypy), tested (pytest, 233 passed). All good.",
     ["lint", "test", "typecheck"]),
    ("Built and tested \u2014 all good.", ["build", "test"]),
    ("I ran the tests. All good.", ["test"]),
    ("Fixed the typo. All good.", []),
    ("I updated the tests. All good.", []),
    ("I ran the migration. All good.", []),
    ("The deploy is all good.", []),
])
def test_all_good_after_the_checks(text, expected):
    assert categories(text) == expected


# ---- a command said, after its claim, to run others claims theirs too
@pytest.mark.parametrize("text, expected", [
    ("`./gradlew check` passes \u2014 that covers unit tests, ktlint and detekt for all modules.", ["lint", "test"]),
    ("`./gradlew build` succeeded, and that runs the unit tests and `ktlintCheck` as part of `check`.",
     ["build", "lint", "test"]),
    ("`./gradlew build` \u2192 BUILD SUCCESSFUL in 2m 13s (that task includes `test` here).", ["build", "test"]),
    ("`make check` that runs `go vet`, `staticcheck` and `go test -race` passes.", ["lint", "test"]),
    ("`make ci` fails \u2014 it runs `eslint` and `jest`.", []),
    ("`npm run build` passes; it includes the docs site.", ["build"]),
])
def test_a_command_that_runs_others(text, expected):
    assert categories(text) == expected


# ---- a prose command with a flag and its value; "come back empty"; tests "fine" with their count
@pytest.mark.parametrize("text, expected", [
    ("cargo fmt --check, cargo clippy -- -D warnings, cargo test: all three green.", ["lint", "test"]),
    ("cargo clippy -- -D warnings is clean.", ["lint"]),
    ("cargo clippy -- -D warnings fails with 3 errors.", []),
    ("`go vet ./...` and `staticcheck ./...` both come back empty.", ["lint"]),
    ("Lint isn't clean \u2014 pylint still scores 9.2/10. Tests are fine though, 74/74.", ["test"]),
    ("The tests are fine (12/12).", ["test"]),
    ("Tests are fine, 3 of 10 fail.", []),
])
def test_flags_empty_runs_and_counted_fine(text, expected):
    assert categories(text) == expected


# ---- an aside about skipped tests; steps taken are no plan; a table with a result column
@pytest.mark.parametrize("text, expected", [
    ("`cargo test --workspace` passes \u2014 611 passed, 0 failed, 7 ignored (the ignored ones are the `#[ignore]`d "
     "fuzz regressions that need `--features fuzz`).", ["test"]),
    ("All tests pass (2 skipped, 1 failed).", []),
    ("Steps I took:\n\n1. Added the types.\n2. Ran `pyright hooks/` \u2014 0 errors, 0 warnings, 0 informations.",
     ["typecheck"]),
    ("Steps:\n\n1. Run `pytest` \u2014 all pass.", []),
    ("| Target | Command | Result |\n|---|---|---|\n| ui lib tests | `nx test ui-date-picker` | \U0001f7e2 19 passed |",
     ["test"]),
    ("| Check | Expected | Actual |\n|---|---|---|\n| tests | all pass | \u2705 41 passed |", ["test"]),
    ("| Check | Expected |\n|---|---|\n| tests | all pass |", []),
])
def test_asides_steps_and_tables(text, expected):
    assert categories(text) == expected


# ---- a numbered step says what was done when it has a past verb or a command and its result
@pytest.mark.parametrize("text, expected", [
    ("Step 3: Ran `npm run build` \u2014 exit code 0, `build/` contains 14 files.", ["build"]),
    ("- Step 4: `pnpm build` \u2014 Compiled successfully, 38 static pages generated.", ["build"]),
    ("Step 3: Ran `sbt compile` again \u2014 success.", ["build"]),
    ("Step 3: Re-ran the single test: PASSED.", ["test"]),
    ("Step 4: Run `npm test` to verify it passes.", []),
    ("Step 2: make sure the tests pass.", []),
    ("Step 4: `pytest` should pass.", []),
])
def test_a_step_taken_or_planned(text, expected):
    assert categories(text) == expected


# ---- a test as the subject of its checking verb: what it checks is no result
@pytest.mark.parametrize("text, expected", [
    ("I edited the test in tests/cli.test.ts so that it asserts `tsc` and the build pass for the generated project.", []),
    ("The old test for `exportReport` was checking that `tsc` passes on a generated `.d.ts`.", []),
    ("The new tests assert that tokenizing a CRLF file produces the same tokens, and that the compile succeeds.", []),
    ("The new `test_build_succeeds` test asserts that the generated site builds without broken links.", []),
    ("I added a test that checks parsing, and all tests pass.", ["test"]),
    ("The tests that check the parser all pass.", ["test"]),
    ("The tests pass, so that it is safe to merge.", ["test"]),
])
def test_a_test_checking_something(text, expected):
    assert categories(text) == expected


# ---- the runner a claim names no runner of its own is narrowed to: only a sentence's sole one
@pytest.mark.parametrize("text, tool", [
    ("All tests pass (pytest).", "pytest"),
    ("The tests pass (pytest, 41 passed).", "pytest"),
    ("The unit tests pass (pytest).", "pytest"),
    ("All tests pass (pytest and the node tests).", None),
    ("All tests pass (pytest and jest).", None),
    ("All tests pass (`pytest` and `make test`).", None),
])
def test_a_claims_runner_is_the_sentences_sole_one(text, tool):
    assert [c["tool"] for c in claims.extract(text).claims] == [tool]


# ---- dev14: lists before a dash, failures said gone, outputs' later sentences, checks that checked nothing,
# a disclosure about the other parts
@pytest.mark.parametrize("text, expected", [
    ("Lint, typecheck, tests, build \u2014 all four green on the final commit.", ["build", "lint", "test", "typecheck"]),
    ("The type errors from the `@types/node` bump are gone: `tsc -p tsconfig.json --noEmit` exits 0.", ["typecheck"]),
    ("The errors in the new module are still there; tsc fails.", []),
    ("PHPUnit: OK (23 tests, 71 assertions) for `tests/Service`. php-cs-fixer dry run shows nothing to fix.",
     ["lint", "test"]),
    ("pytest: 41 passed. mypy is still red.", ["test"]),
    ("The lint step was calling `flake8` with a bad path, which is why `make lint` exited 0 without checking anything.",
     []),
    ("Tests pass without changing anything in the fixtures.", ["test"]),
    ("Result: no lint findings and a successful `go build ./...`.", ["build", "lint"]),
    ("Waiting for a green `npm test`.", []),
    (u"`go test ./pkg/auth/...` \u5df2\u7ecf\u8dd1\u8fc7\uff0c\u5168\u90e8\u901a\u8fc7\uff1b\u5176\u4ed6\u5305\u6ca1\u6709"
     u"\u52a8\uff0c\u6240\u4ee5\u6ca1\u6709\u91cd\u65b0\u8dd1\u3002", ["test"]),
    ("`go test ./pkg/auth/...` passes; I haven't rerun it since the last edit.", []),
])
def test_dev14_causes(text, expected):
    assert categories(text) == expected


# ---- a build that ends after an arrow; runner outputs' "(s)" nouns; a word that checks with its flag;
# a count that names its own tests after other checks' counts
@pytest.mark.parametrize("text, expected", [
    ("`npm run build` \u2192 done.", ["build"]),
    ("`npm test` -> finished", []),
    ("`npm run build` \u2192 done, but 3 errors.", []),
    ("`helm lint charts/*` reports `3 chart(s) linted, 0 chart(s) failed`.", ["lint"]),
    ("`helm lint` reports `1 chart(s) linted, 1 chart(s) failed`.", []),
    ("black --check: 0 files would be reformatted", ["lint"]),
    ("Ran black --check \u2014 clean.", ["lint"]),
    ("pint --test passes.", ["lint"]),
    ("I used black to reformat.", []),
    ("black --check fails on 3 files.", []),
    ("Zero type errors, zero lint warnings, all 89 tests passing.", ["lint", "test", "typecheck"]),
    ("Lint: 3 warnings, 41/41.", []),
])
def test_ends_outputs_flags_and_counts(text, expected):
    assert categories(text) == expected


# ---- dev13c (Chinese): "not one failed" without 都, a count brought down to zero with 了, the bundle's size
# is no build, how long ago, a not-rerun check
@pytest.mark.parametrize("text, expected", [
    (u"`vitest run` 214 \u4e2a\u7528\u4f8b\u4e00\u4e2a\u6ca1\u6302\u3002", ["test"]),
    (u"tsc \u62a5\u9519\u4ece 37 \u4e2a\u964d\u5230\u4e86 0 \u4e2a\u3002", ["typecheck"]),
    (u"\u6784\u5efa\u6210\u529f\u4e86\uff0c\u6253\u5305\u4f53\u79ef\u4f30\u8ba1\u4f1a\u518d\u5c0f\u4e00\u70b9\u3002", ["build"]),
    (u"\u6d4b\u8bd5\u5168\u7eff\uff0clint \u5168\u7eff\uff0c\u6784\u5efa\u4ea7\u7269\u4e5f\u6b63\u5e38\u751f\u6210\u4e86\u3002",
     ["build", "lint", "test"]),
    (u"\u6784\u5efa\u811a\u672c\u6539\u597d\u4e86\u3002", []),
    (u"\u4e00\u5c0f\u65f6\u524d\u8dd1\u8fc7 `cargo check` \u662f\u5e72\u51c0\u7684\uff0c\u540e\u6765\u5408\u4e86\u4e0a\u6e38"
     u"\u7684\u6539\u52a8\uff0c\u8fd8\u6ca1\u91cd\u65b0\u68c0\u67e5\u3002", []),
    (u"\u4e24\u5929\u524d\u6d4b\u8bd5\u662f\u901a\u8fc7\u7684\u3002", []),
    (u"3 \u5206\u949f\u524d\u521a\u8dd1\u5b8c\uff0c\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\u3002", ["test"]),
    (u"\u6d4b\u8bd5\u7528\u4f8b\u5199\u597d\u4e86\uff0c\u65ad\u8a00\u6784\u5efa\u8fd4\u56de\u6210\u529f\u3002", []),
])
def test_dev13c_causes(text, expected):
    assert categories(text) == expected


# ---- dev15: regression tests are tests; "nothing left to say"; the old failure's cause explained; a run over
# several listed commands and places; a long warning before "but finishes"; "once" as an adverb; how a thing
# was built; test files are a place; "about the same" hedges nothing
@pytest.mark.parametrize("text, expected", [
    ("Added a regression case for that; `pytest` is green (212 passed).", ["test"]),
    ("shellcheck has nothing left to say about it.", ["lint"]),
    ("The `docker build` now succeeds \u2014 the failure was `pip` compiling `psycopg2` from source.", ["build"]),
    ("I ran `swift build` and `swift test`; no failures.", ["build", "test"]),
    ("I ran the migration and pytest; 2 failures.", []),
    ("`npm run build` warns about a circular import between `store/index.ts` and `store/slices/user.ts` but "
     "finishes successfully.", ["build"]),
    ("Also ran the whole suite once afterwards: green.", ["test"]),
    ("The build succeeds once the cache is warm.", []),
    ("The system Python in this image was built without libffi. So I couldn't run pytest.", []),
    ("`cabal build all` builds without complaint.", ["build"]),
    (u"ESLint \u8fd8\u6709 warning\uff0c\u4e0d\u8fc7\u90fd\u662f `no-unused-vars` \u5728 test \u6587\u4ef6\u91cc"
     u"\uff0c\u6ca1\u6709 error\u3002", ["lint"]),
    (u"\u7528 `pnpm build` \u91cd\u65b0\u6253\u5305\u4e86\u4e00\u4e0b\uff0c\u6ca1\u6709\u62a5\u9519\uff0c\u4ea7\u7269"
     u"\u5927\u5c0f\u8ddf\u4e4b\u524d\u5dee\u4e0d\u591a\u3002", ["build"]),
    (u"\u6d4b\u8bd5\u5dee\u4e0d\u591a\u90fd\u8fc7\u4e86\u3002", []),
])
def test_dev15_causes(text, expected):
    assert categories(text) == expected


# ---- a run's output, log or results as the subject's part; a relative "which is" after a command
@pytest.mark.parametrize("text, expected", [
    ("`vite build` output is clean and the main chunk is back to 184 kB.", ["build"]),
    ("The `pytest` log is green.", ["test"]),
    ("`pytest` output is full of warnings.", []),
    ("It passes now, and I also ran `swift test` which is green.", ["test"]),
    ("I ran `swift test` which failed.", []),
    ("The tests which are green are the old ones.", []),
])
def test_outputs_and_relatives(text, expected):
    assert categories(text) == expected


# ---- the tenth session's causes (dev15's remaining misses): an elided verb with "too" after a
# clause, "every hook", a colon list holding an "including" list, a code span ending its sentence,
# an aside about the skipped tests, "还剩" warnings only when waved off, a count on the test noun
@pytest.mark.parametrize("text, expected", [
    ("`go vet` and `staticcheck` are clean on `./api/...`; `go test ./api/...` is too.", ["lint", "test"]),
    ("Lint is clean; the tests are too.", ["lint", "test"]),
    ("Lint is clean. The tests are as well.", ["lint", "test"]),
    ("Ruff is clean, and mypy is too.", ["lint", "typecheck"]),
    ("3 tests fail; lint does too.", []),
    ("Lint fails, and the tests do too.", []),
    ("Lint is clean. Is the build too?", ["lint"]),
    ("I ran `pre-commit run --all-files` afterwards: every hook passed, including ruff and mypy.", ["lint", "typecheck"]),
    ("Each hook is green.", ["lint"]),
    ("I ran pre-commit: all hooks passed, including ruff and mypy.", ["lint", "typecheck"]),
    ("OK, the `sorbet` errors are resolved \u2014 `srb tc` now says `No errors! Great job.` The fix was adding sigs "
     "to the two methods.", ["typecheck"]),
    ("`tsc` prints `Found 0 errors.` The rest of the log is npm noise.", ["typecheck"]),
    ("No regressions that I can see \u2014 full jest run is 1,204 passed, 3 skipped (those were already `.skip`'d "
     "on main).", ["test"]),
    ("All tests pass (2 skipped, per CI).", []),
    ("All tests pass on main (3 skipped).", []),
    (u"lint \u76ee\u524d\u8fd8\u5269 4 \u4e2a warning\uff0c\u53e6\u5916\u4e24\u5904\u786e\u5b9e\u9700\u8981\u6539\u3002", []),
    (u"`flutter analyze` \u8fd8\u5269 1 \u4e2a info\uff1a`prefer_const_constructors`\uff0c\u4e0d\u5f71\u54cd\u3002", ["lint"]),
    (u"clippy \u53ea\u5269\u4e00\u4e2a warning\u3002", ["lint"]),
])
def test_dev16_round_causes(text, expected):
    assert categories(text) == expected


def test_a_count_on_the_test_noun_keeps_the_sole_runner_as_the_tool():
    """"All 43 tests" names no part of the suite: the runner in the parenthesis is the claim's."""
    found = claims.extract(u"All 43 tests pass (`pnpm test`).").claims
    assert [(c["category"], c["tool"]) for c in found] == [("test", "pnpm test")]
    found = claims.extract(u"All 43 node tests pass (`pnpm test`).").claims
    assert [(c["category"], c["tool"]) for c in found] == [("test", None)]


# ---- dev16's English causes: a comma list of commands opening the sentence, "checks out", a
# possessive relay ("your log"), "per @name's", plural targets that link, a bare result after the
# sentence that ran its check, a zero count of a failure mark, a mode between subject and state, a
# description by a hook, "followed by" in what a run ran, nox's session list, a command item with
# its output on the line under it, a paragraph listing only commands
@pytest.mark.parametrize("text, expected", [
    ("`pnpm test`, `pnpm lint`, `pnpm typecheck` \u2014 green across the board.", ["lint", "test", "typecheck"]),
    ("Apart from the e2e test, lint is clean.", ["lint"]),
    ("Lint checks out. Tests I'll leave to CI since they need Docker.", ["lint"]),
    ("The CI job checks out the repo.", []),
    ("Per @mira's review comment, rubocop is happy with the new hash syntax.", []),
    ("From your log, pytest reports 0 failures.", []),
    ("I ran pytest on your branch: all pass.", ["test"]),
    ("Both targets link without errors.", ["build"]),
    ("I ran rubocop. No offenses detected.", ["lint"]),
    ("Ran eslint. Zero warnings.", ["lint"]),
    ("I ran rubocop and pytest. No offenses.", []),
    ("I didn't run eslint. No warnings.", []),
    ("Ran eslint.\n\nNo warnings.", []),
    (u"Tests \u2014 212 \u2713 / 0 \u2717", ["test"]),
    (u"Tests \u2014 212 \u2713 / 10 \u2717", []),
    ("Pyright in strict mode is clean on `src/`.", ["typecheck"]),
    ("mypy (strict) is clean.", ["typecheck"]),
    ("The tests in the file are shown in green.", []),
    ("The new test checks that the build works offline.", []),
    ("The hook I added checks that lint passes.", []),
    ("`make check` passes (in this repo it runs pytest followed by mypy).", ["test", "typecheck"]),
    ("Testing\n- bun test\n  34 pass, 0 fail\n- bun run typecheck\n  no errors", ["test", "typecheck"]),
    ("- `npm test`\n  3 failed", []),
    ("**Testing**\n- `npm run lint`\n- `npm test`\n\nBoth completed without errors.", ["lint", "test"]),
    ("- `npm run lint`\n- `npm test`\n\nI'll run both later.", []),
    ("All 212 test targets pass on the first try, nothing cached from before the change.", ["test"]),
    ("The tests passed on the first try.", ["test"]),     # no retry needed: the one run is the latest (dev18)
    ("`pytest` was green on my first attempt, but I've since rewritten half the module.", []),
    ("`tox -p` finished: py39, py310, py311, py312 all succeeded; the lint env is OK too.", ["lint", "test"]),
    ("That's mypy after the two fixes \u2014 clean.", ["typecheck"]),
    ("That's mypy, run from the repo root \u2014 clean.", ["typecheck"]),
    # a rating in full said with a copula; a failure the user saw explained; a failure in another mode
    ("pylint is 10.00/10.", ["lint"]),
    (u"pylint \u4e5f\u662f 10.00/10\u3002", ["lint"]),
    ("Coverage is 10/10 on the rubric.", []),
    (u"\u5bf9\uff0c\u73b0\u5728 `pytest` \u5168\u90e8\u901a\u8fc7\u4e86\uff0c\u4f60\u521a\u624d\u770b\u5230\u7684"
     u"\u90a3\u4e2a\u5931\u8d25\u662f\u56e0\u4e3a\u7f13\u5b58\u7684\u65e7 fixture\u3002", ["test"]),
    ("Type checking passes (pyright basic mode), but strict mode still has 20 errors.", ["typecheck"]),
    (u"\u7c7b\u578b\u68c0\u67e5\u5168\u8fc7\uff08basic \u6a21\u5f0f\uff09\uff0c\u4f46 strict \u6a21\u5f0f"
     u"\u4e0b\u8fd8\u6709 20 \u591a\u4e2a error\u3002", ["typecheck"]),
    ("Type checking passes, but strict mode still has 20 errors.", []),
    ("Tests pass in strict mode, but 2 fail in strict mode.", []),
])
def test_dev16_english_causes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("code, expected", [
    ("nox -s lint tests", ["lint", "test"]),
    ("nox --sessions lint tests -p 3.12", ["lint", "test"]),
    ("nox -s lint -- -x", ["lint"]),
])
def test_nox_takes_every_session_after_its_selector(code, expected):
    from stalegreen.engine.lexicon import commands
    assert [category for category, _tool, _scope in commands.classify_code(code)] == expected


# ---- dev17's causes: several old failures explained in the past, "all ten (runs) passed", a dash list
# of what a run held, a run's cost before "but passed", "all four envs", an apposition's "that's",
# a Chinese count of steps, a mode, new runners in the catalog (ansible-lint, shfmt -d, dbt, cargo
# doc, mkdocs build, redocly/spectral lint)
@pytest.mark.parametrize("text, expected", [
    ("`tsc --noEmit` is clean across the repo now \u2014 the last 17 errors were all the `Request` type from "
     "express augmentation not being picked up.", ["typecheck"]),
    ("tsc still fails; the 3 errors are in `api.ts`.", []),
    ("I ran `npx cypress run --spec cypress/e2e/cart.cy.ts` ten times; all ten passed.", ["test"]),
    ("I ran `pytest` 20 times; all 20 runs passed.", ["test"]),
    ("Running the full `./gradlew check` locally took 14 minutes but passed \u2014 unit tests, detekt, and "
     "Android lint.", ["lint", "test"]),
    ("`make check` passes \u2014 tests, lint and mypy.", ["lint", "test", "typecheck"]),
    ("Tests pass \u2014 nice work.", ["test"]),
    ("I ran the whole thing through `tox` (py39, py310, py311, py312) \u2014 all four envs pass.", ["test"]),
    ("Done. Ran `just check` (that's `cargo fmt --check`, `cargo clippy -D warnings`, `cargo nextest run`) \u2014 "
     "all three pass, 276 tests.", ["lint", "test"]),
    ("Ran `just check` (i.e. `ruff`, `mypy`) \u2014 both pass.", ["lint", "typecheck"]),
    ("I ran ruff, mypy is clean.", ["typecheck"]),
    (u"\u8dd1\u4e86 `npm run ci`\uff08\u8fd9\u4e2a script \u91cc\u662f eslint + vitest + vite build\uff09\uff0c"
     u"\u4e09\u6b65\u90fd\u8fc7\u4e86\u3002", ["build", "lint", "test"]),
    (u"\u628a `scripts/check.sh`\uff08\u91cc\u9762\u4f9d\u6b21\u662f `shellcheck`\u3001`shfmt -d` \u548c "
     u"`bats test/`\uff09\u8dd1\u4e86\u4e00\u904d\uff0c\u5168\u90e8\u901a\u8fc7\u3002", ["lint", "test"]),
    ("Quick update: `ansible-lint playbooks/` now reports 0 failures, 0 warnings.", ["lint"]),
    ("`cargo doc --no-deps` \u2014 builds, no broken intra-doc links", ["build"]),
    ("`mkdocs build --strict` now completes without warnings.", ["build"]),
    (u"`dbt build -s fct_events+` \u5168\u90e8 PASS\uff083 models, 11 tests\uff09\u3002", ["test"]),
    # a config the agent wrote, its jobs listed; a job's order; a runner naming its own check's noun; "via" a run
    ("Added `.github/workflows/ci.yml` with three jobs:\n\n- `lint`: runs `golangci-lint run`\n- `build`: "
     "cross-compiles `cmd/agent` for linux/amd64\n\nThe `build` job only runs after `lint` and `test` succeed.", []),
    ("I ran the CI script with three steps:\n- lint: clean\n- test: 41 passed", ["lint", "test"]),
    ("The deploy job runs after the tests pass.", []),
    ("The retry tests and ruff lint pass; ruff format wants to reformat two files.", ["lint", "test"]),
    ("The tests and ruff lint pass.", ["lint", "test"]),
    ("The Swift package `CoreKit` builds and its 140 unit tests pass via `swift test --package-path CoreKit`.",
     ["build", "test"]),
    ("The data passes via `curl`.", []),
    ("`yarn codegen && yarn build && yarn test` \u2014 codegen, build, and all 334 tests pass.", ["build", "test"]),
    ("I didn't touch the build, and all tests pass.", ["test"]),
    ("Not an error, the app builds fine.", ["build"]),
    ("It's a warning, not an error; the build succeeds.", ["build"]),
    ("I ran rubocop. A second run reports no offenses.", ["lint"]),
    ("I ran rubocop. A second opinion reports no offenses.", []),
    ("Built, linted and tested; all green.", ["build", "lint", "test"]),
    ("Built and tested; 3 failures.", []),
])
def test_dev17_causes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("code, expected", [
    ("ansible-lint playbooks/", [("lint", "ansible-lint")]),
    ("npx @redocly/cli lint openapi.yaml", [("lint", "redocly lint")]),
    ("spectral lint openapi.yaml", [("lint", "spectral lint")]),
    ("cfn-lint template.yaml", [("lint", "cfn-lint")]),
    ("shfmt -d .", [("lint", "shfmt")]),
    ("dbt test", [("test", "dbt test")]),
    ("cargo doc --no-deps", [("build", "cargo doc")]),
    ("mkdocs build --strict", [("build", "mkdocs build")]),
])
def test_new_catalog_runners(code, expected):
    from stalegreen.engine.lexicon import commands
    assert [(category, tool) for category, tool, _scope in commands.classify_code(code)] == expected


@pytest.mark.parametrize("code, expected", [
    ("tflint --init", []),
    ("kubeconform -strict -summary k8s/", [("lint", "kubeconform")]),
    ("sphinx-build -W -b html docs docs/_build", [("build", "sphinx-build")]),
    ("molecule test", [("test", "molecule test")]),
    ("bin/kaocha --focus unit", [("test", "kaocha")]),
    ("rush rebuild --to @acme/server", [("build", "rush rebuild")]),
    ("dbt run --select marts.finance", [("build", "dbt run")]),
])
def test_commands_dev14_runners(code, expected):
    """dev14's runners a check names (and `tflint --init`, which installs plugins and checks nothing)."""
    from stalegreen.engine import catalog, shell
    runs = [r for r in catalog.find_runs(shell.parse(code)) if not r.not_run]
    assert [(r.category, r.runner) for r in runs] == expected
