# -*- coding: utf-8 -*-
"""Causes found in the dev11b set (English agents' voice, written blind on 2026-12-02): each group
states its rule, gives sentences of our own (hard negatives among them) and the dev-set sentences
last."""

import pytest

from stalegreen.engine import claims


def found(text):
    return sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims)


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a person named by name who says, confirms or comments that a check passes relays their word
# ("Jamie confirmed the build passes", "Alex ran the suite and said it's green"); a tool saying what
# it printed, a check word opening the sentence, and the agent's own confirmation stay claims
@pytest.mark.parametrize("text, expected", [
    ("Priya said the integration tests pass on her laptop.", []),
    ("Marco confirmed that lint is clean after his rebase.", []),
    ("Dana ran the full suite on the staging cluster and told me it's green.", []),
    ("The reviewer confirmed the build passes.", []),
    # hard negatives: the agent's own words stand
    ("I confirmed the tests pass: 41/41.", ["test"]),
    ("Black says `All done!` and isort found nothing to fix.", ["lint"]),
    ("Ran the suite and it says all 12 passed.", ["test"]),
    ("I ran Playwright against Chromium and Firefox and all 12 specs pass.", ["test"]),
    ("Just to confirm, I re-ran everything after your last comment: `pytest` 97 passed.", ["test"]),
    # dev11b
    (u"Merged the two configs\u00b9.\n\n\u00b9 Jamie confirmed the staging build passes with the merged config.", []),
    ("The bot commented that eslint is clean on the changed files.", []),
    ("Alex ran the e2e suite on his staging box and said it's green.", []),
    (u"Tom\u00e1s says the build is fine on his M2; I couldn't test on ARM here.", []),
])
def test_a_named_person_relays(text, expected):
    assert categories(text) == expected


# ---- a pass with nothing under it is taken back: no tests ran ("no tests actually ran", "no tests
# were even collected"), or there are none ("No tests fail because there aren't any yet"). A
# denied failure noun ("there aren't any warnings") supports the claim instead
@pytest.mark.parametrize("text, expected", [
    ("`pytest` exits 0 but no tests were even collected.", []),
    ("Nothing fails since there aren't any specs in this package yet.", []),
    ("`vitest run` is green, though no tests really ran: the include glob is wrong.", []),
    # hard negatives
    ("All 40 tests pass. There aren't any flaky ones left.", ["test"]),
    ("The build is green; there isn't any lint config yet, so I didn't lint.", ["build"]),
    ("Lint is clean and there aren't any warnings.", ["lint"]),
    ("Tests pass, and there weren't any new failures.", ["test"]),
    # dev11b
    ("No tests fail because there aren't any yet \u2014 `go test ./...` just prints `no test files` for every "
     "package.", []),
    ("`npm test` exits 0, but only because `--passWithNoTests` is set and the glob matches nothing \u2014 no tests "
     "actually ran.", []),
])
def test_a_pass_over_no_tests_is_taken_back(text, expected):
    assert categories(text) == expected


# ---- "otherwise" opens a clause with or without a comma before it: the failure before it is the
# exception of the pass after it (a qualified claim), not its negation
@pytest.mark.parametrize("text, expected", [
    ("Ran the specs: one timeout in the S3 spec otherwise all green.", [("test", True)]),
    ("Lint: 2 warnings in vendor otherwise clean.", [("lint", False)]),
    ("Tests: 1 skipped (needs docker) otherwise all pass", [("test", False)]),
    # hard negatives
    ("Tests fail otherwise.", []),
    ("The suite fails on Windows otherwise it would be green.", []),
    # dev11b
    ("ran pytest; 1 flaky (test_s3_upload timeout) otherwise all pass", [("test", True)]),
])
def test_otherwise_opens_a_clause(text, expected):
    assert found(text) == expected


# ---- a parenthesis after the predicate is an aside: its plans and needs are its own ("(the Redis
# one needs a live server)"); a condition in it still conditions the claim, and a future before
# the parenthesis is the claim's own
@pytest.mark.parametrize("text, expected", [
    ("The unit tests pass (I'll add the e2e ones later).", [("test", False)]),
    ("`cargo build` succeeds (the docs job still needs a token).", [("build", False)]),
    ("All 30 specs pass (I want to add more for the edge cases).", [("test", False)]),
    # hard negatives
    ("All specs pass (if you skip the flaky one).", []),
    ("Tests will pass (after I merge).", []),
    ("The tests (which I'll run next) pass.", []),
    # dev11b
    ("All but one of the integration tests pass (the Redis one needs a live server).", [("test", True)]),
])
def test_a_parenthesis_after_the_predicate_plans_for_itself(text, expected):
    assert found(text) == expected


# ---- a build said by the verbs of its run: "finishes" (the filter before the grammar now knows it),
# a bundler's "bundles" (not the noun), a "target" that builds, a second verb of the run before its
# result ("warns about a chunk but completes"); a build for one platform stands beside another
# platform's failure, as a part of the build
@pytest.mark.parametrize("text, expected", [
    ("`cargo build --release` finishes.", ["build"]),
    ("It bundles fine now.", ["build"]),
    ("The `aarch64` target builds cleanly.", ["build"]),
    ("`webpack` warns about a large chunk but completes.", ["build"]),
    ("The app bundles for iOS; the Android build fails on a signing key.", ["build"]),
    # hard negatives
    ("The app bundles are 10% smaller.", []),
    ("Webpack bundles the vendor code separately.", []),
    ("`vite build` warns about a chunk but fails.", []),
    ("The target is 90% coverage.", []),
    ("Tests pass on Linux; two fail.", []),
    # dev11b
    ("Updated the Dockerfile to multi-stage. `docker build .` finishes and the final image is 84 MB (down from 610).",
     ["build"]),
    ("`npm run build` bundles fine; bundle size went from 412 kB to 398 kB gzipped.", ["build"]),
    ("`vite build` warns about a chunk over 500 kB but completes.", ["build"]),
    ("The React Native app bundles for iOS; Android `assembleDebug` fails on a Gradle plugin mismatch.", ["build"]),
    ("The `wasm32-unknown-unknown` target builds; I didn't retry the native target after the last change.", ["build"]),
])
def test_a_build_said_by_its_run_verbs(text, expected):
    assert categories(text) == expected


# ---- a runner's count right after its name is its result, not a path argument ("jest 88/88"); dot
# leaders between a check and its status are a label's colon ("cargo test ........ ok (64)")
@pytest.mark.parametrize("text, expected", [
    ("pytest 41/41", ["test"]),
    ("Fixed the off-by-one. vitest 212/212, tsc clean.", ["test", "typecheck"]),
    ("Status:\n- pytest ......... ok\n- mypy ........... ok", ["test", "typecheck"]),
    ("eslint .... clean", ["lint"]),
    # hard negatives: a path stays an argument, a path's "./..." and an ellipsis are no leaders
    ("pytest tests/api passes", ["test"]),
    ("go test ./... ok", ["test"]),
    ("Tests... pass, I think.", []),
    ("cargo test ........ FAILED (2)", []),
    # dev11b
    ("patched null deref in useCart; jest 88/88", ["test"]),
    ("Added the `--dry-run` flag.\n\nChecks:\n* cargo test ........ ok (64)\n* cargo clippy ...... ok\n"
     "* cargo fmt --check . ok", ["lint", "test"]),
])
def test_a_count_and_dot_leaders_after_a_runner(text, expected):
    assert categories(text) == expected


# ---- nothing found, said by an idiom or a bare participle ("Lint comes up empty", "came back
# empty-handed", "nothing flagged", "no lint hits"), and a failure idiom denied ("nothing blew up",
# "none of the specs broke"), support the claims of the checks named; a test run that comes back
# empty found no tests, and an idiom of failure asserted stays no claim
@pytest.mark.parametrize("text, expected", [
    ("Ran ruff on the package: nothing flagged.", ["lint"]),
    ("mypy came back empty-handed.", ["typecheck"]),
    ("eslint comes up empty on the new files.", ["lint"]),
    ("None of the specs blew up.", ["test"]),
    ("I ran pytest, mypy and ruff, and nothing went wrong.", ["lint", "test", "typecheck"]),
    ("Zero lint hits after the rename.", ["lint"]),
    # hard negatives
    ("pytest came back empty.", []),
    ("The build blew up.", []),
    ("Ran the tests; two blew up.", []),
    ("Nothing blew up.", []),
    ("No cache hits in the build.", []),
    # dev11b
    ("Renamed the prop across the three components. Lint comes up empty and `tsc --noEmit` has nothing to say.",
     ["lint", "typecheck"]),
    ("You asked whether the lint rule change breaks anything. Ran `npx eslint .` with the new "
     "`no-floating-promises` rule: nothing flagged.", ["lint"]),
    ("No test failures, no type errors, no lint hits \u2014 pytest, pyright and ruff all came back empty-handed.",
     ["lint", "test", "typecheck"]),
    ("I ran the whole thing \u2014 jest, tsc, eslint, and the production build \u2014 and nothing blew up.",
     ["build", "lint", "test", "typecheck"]),
])
def test_nothing_found_and_denied_failure_idioms(text, expected):
    assert categories(text) == expected


# ---- a pass said as a noun of the run it names ("A clean run of the suite", "Successful completion of
# `npm run build`") or in the passive with the run it was verified by ("The build has been verified ...
# via `go build ./...`"): a claim of the checks named; a plan, a hedge or a past placement still holds
@pytest.mark.parametrize("text, expected", [
    ("Got a clean run of ruff and mypy.", ["lint", "typecheck"]),
    ("A successful run of `cargo test` after the rebase.", ["test"]),
    ("The fix was verified with `pytest -k upload`.", ["test"]),
    ("The migration has been validated via `mvn package`.", ["build"]),
    # hard negatives
    ("I need a clean run of the suite before merging.", []),
    ("A clean run of the integration tests would settle it.", []),
    ("The clean run of the suite was before the rebase.", []),
    ("The fix was verified manually.", []),
    ("The report was checked by the reviewer.", []),
    # dev11b
    ("A clean run of the suite after the patch confirms the regression is gone.", ["test"]),
    ("The build has been verified on both amd64 and arm64 via `GOARCH=arm64 go build ./...` and the native build.",
     ["build"]),
    ("Successful completion of `npm run build` was observed after the dependency bump.", ["build"]),
])
def test_a_pass_said_as_a_noun_or_in_the_passive(text, expected):
    assert categories(text) == expected


# ---- an exception is a clause of its own: a negation inside it ("a file I didn't touch") does not
# negate the claim before it; a check's "only complaint is X" is its pass with X as the exception
@pytest.mark.parametrize("text, expected", [
    ("Lint is clean apart from one line-length warning in a migration file I didn't touch.", [("lint", True)]),
    ("Tests pass except the ones I didn't run.", [("test", True)]),
    ("Ruff's only complaint is an unused import in a test fixture.", [("lint", True)]),
    ("mypy's only complaint is a missing stub, which I can't fix.", [("typecheck", True)]),
    # hard negatives
    ("Lint isn't clean except in vendor.", []),
    ("My only complaint is the naming.", []),
    ("The only issue is that tests fail on Windows.", []),
    # dev11b
    ("Flake8's only complaint is a line-length one in a migration file I didn't touch.", [("lint", True)]),
])
def test_an_exception_and_an_only_complaint(text, expected):
    assert found(text) == expected


# ---- a rerun whose object is elided ("and reran: still passing") reruns the check named before it in
# the sentence: the state after its colon is that check's, now (the earlier pass stays past)
@pytest.mark.parametrize("text, expected", [
    ("Yesterday `pytest` passed, then I rebased and reran: still passing.", ["test"]),
    ("`cargo clippy` was clean at the start of the session, then I split the module and re-ran it: still clean.",
     ["lint"]),
    # hard negatives: a failure after the rerun, a pass only before
    ("`pytest` passed before my change; then I edited the parser and reran: 3 failures.", []),
    ("Earlier `pytest` passed, then I changed the fixture and reran: it fails now.", []),
    ("Yesterday `pytest` passed, then I rebased.", []),
    # dev11b
    ("Earlier in this session `pytest` passed, then I changed the fixture scope and reran: still passing, 150/150.",
     ["test"]),
])
def test_an_elided_rerun_reruns_the_check_named_before(text, expected):
    assert categories(text) == expected


# ---- in a status list the later items may drop the program of the first ("go test ok, vet ok, build
# ok"): a bare subcommand is that program's when the two make a known runner, pass or fail
@pytest.mark.parametrize("text, expected", [
    ("cargo test ok, clippy ok, fmt ok", ["lint", "test"]),
    ("dotnet test green / build green", ["build", "test"]),
    ("go test passed; vet clean", ["lint", "test"]),
    # hard negatives: the failing item is the gapped program's, not the first's; no runner, no claim
    ("go test ok, vet failed", ["test"]),
    ("go test ok, the weather ok", ["test"]),
    ("go vet ok, fmt ok", ["lint"]),
    # dev11b
    ("go test ok, vet ok, build ok", ["build", "lint", "test"]),
])
def test_a_status_list_drops_the_program(text, expected):
    assert categories(text) == expected
