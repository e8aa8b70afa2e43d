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


# ---- `tsc --build` / `tsc -b` builds (project references, emit): a build claim, which the run's
# typecheck receipt backs as its alternate; plain `tsc` stays a typecheck claim
@pytest.mark.parametrize("text, expected", [
    ("`tsc -b` passes.", [("build", ["typecheck"])]),
    ("`npx tsc --build tsconfig.json` succeeds.", [("build", ["typecheck"])]),
    ("tsc -b is clean.", [("build", ["typecheck"])]),
    ("`vue-tsc -b` completes without errors.", [("build", ["typecheck"])]),
    ("`tsc --noEmit` passes.", [("typecheck", [])]),
    ("`tsc -p tsconfig.build.json` is clean.", [("typecheck", [])]),
    # dev5
    ("Both `tsc --build` and `eslint .` complete without errors.", [("build", ["typecheck"]), ("lint", [])]),
])
def test_tsc_build_is_a_build_claim(text, expected):
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
