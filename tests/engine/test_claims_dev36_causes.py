# -*- coding: utf-8 -*-
"""Claims causes found on the dev36 sets (written blind 2026-12-05 by three authors who saw only the
labelling guide), scored before any tuning: dev36a (plain prose, twelve writers) 0.984/0.837,
dev36b (summaries, tables, output blocks) 0.976/0.943. Each group holds the sets' own sentences,
lines of our own, and negatives."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    # a check, then where it ran, then its verb: the place is no subject of its own
    ("`xcodebuild build` for the `Widget` extension target succeeded; I didn't build the main app target because it "
     "needs the signing profile.", ["build"]),
    ("The build for the Widget target succeeded.", ["build"]),
    ("`cargo build` for the `cli` crate succeeded.", ["build"]),
    ("Tests for the api package pass.", ["test"]),
    ("The build of the app target succeeded.", ["build"]),
    ("The iOS side does build: `xcodebuild` for the app target succeeded a minute ago.", ["build"]),
    # negatives: a pronoun after the place is still resolved; a place of a failure
    ("I then ran `composer test` on that branch and it's OK - 289 tests.", ["test"]),
    ("The build for the Widget target failed.", []),
    ("The build for the app target should succeed once the profile is back.", []),
])
def test_a_place_between_a_check_and_its_verb(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # "when" of an act already done, "once" as "one time", a purpose with no object: no condition
    ("The pre-commit hooks all passed when I committed (black, isort, flake8, mypy).", ["lint", "typecheck"]),
    ("I ran `pre-commit run --all-files` once to make sure and every hook passed \u2705", ["lint"]),
    ("The suite passed when we pushed the branch to the fork.", ["test"]),
    ("`cargo test` passed when I reran it after the rebase.", ["test"]),
    ("I ran `mypy` to make sure, and it is clean.", ["typecheck"]),
    ("Hopefully this fixes the flakiness for good: I reran `test_queue_drain` 20 times locally and it passed every "
     "time.", ["test"]),
    # negatives: a condition, a purpose with an object, a hedge with no act after the colon
    ("Ping me when the tests pass.", []),
    ("Once the tests pass I'll merge.", []),
    ("I'll rerun to make sure the tests pass.", []),
    ("Hopefully this fixes it: the tests should pass now.", []),
])
def test_a_past_act_is_no_condition(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # states and idioms of a checker with nothing left to say
    ("mypy has also been appeased.", ["typecheck"]),
    ("Let the record show that `pyright --strict` has been appeased. Zero errors.", ["typecheck"]),
    ("I change the config loader. Unit tests all OK (58 of 58), lint also not complain anything.", ["lint", "test"]),
    ("Unit tests is all pass (34). Lint also not complain.", ["lint", "test"]),
    ("Regenerated it, and now install, build and test all go through without a hitch.", ["build", "test"]),
    ("Vite complains about circular imports but the build does finish.", ["build"]),
    ("I did run `tsc --noEmit --checkJs` over the JSDoc types though: no errors.", ["typecheck"]),
    ("testthat is happy: all 37 expectations pass.", ["test"]),
    ("It compiles with 3 deprecation warnings (about `std::iterator` in `third_party/`), no errors.", ["build"]),
    # negatives: a state of something else, a learner's failure, warnings with no word on errors
    ("The product owner has been appeased.", []),
    ("Lint also complain about 3 files.", []),
    ("It compiles with 3 warnings.", []),
    ("Now install, then rerun the tests.", []),
])
def test_a_check_with_nothing_left_to_say(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # builds said in everyday words
    ("The project builds for the simulator, and the 76 XCTest unit tests pass.", ["build", "test"]),
    ("Full rebuild from scratch: OK.", ["build"]),
    ("The rebuild is green.", ["build"]),
    ("`docker compose build api worker` - both images build. I didn't rebuild `frontend`; its Dockerfile wasn't "
     "touched.", ["build"]),
    ("- `python manage.py test orders` \u2192 Ran 64 tests \u2026 OK", ["test"]),
    # negatives: a rebuild to come, a rebuild asked for
    ("I need a rebuild.", []),
    ("Rebuild the app and rerun.", []),
    ("The rebuild still fails at the link step.", []),
])
def test_builds_in_everyday_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # results that are someone else's, or words the agent takes back
    ("The GitHub check `typecheck` went green after my push.", []),
    ("The PR checks are all green.", []),
    ("Reviewer @kenji ran the iOS build on his device and says it works.", []),
    ("Sorry, I wrongly say before that build is success. I check again and it fail at linking step.", []),
    ("I mistakenly reported that the tests pass; two of them fail.", []),
    # things that are no checks: a document spec, a data split, a C++ name, a thing said not to exist
    ("Renamed `UserDTO` to `UserResponse` and updated the OpenAPI spec and the generated client. Everything passes.",
     []),
    ("Swapped the hand-rolled train/test split for `GroupKFold`. No tests cover this notebook, so there's nothing to "
     "run; I did re-execute it top to bottom without errors.", []),
    # positives beside them: the agent's own run, a spec that is a test, a Rust test path
    ("The specs pass.", ["test"]),
    ("`parser::roundtrip` passes.", ["test"]),
    ("I pushed, and locally `npm run typecheck` is green.", ["typecheck"]),
])
def test_sources_and_things_that_are_no_checks(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a question the writer answers yes at once asserts what it asked
    ("Is it fixed? Yes. Do the tests pass? Reader, they do \u2014 all 74.", ["test"]),
    ("Do the tests pass? Yes.", ["test"]),
    ("Do the types check? Yes.", ["typecheck"]),
    ("Does the build succeed? It does.", ["build"]),
    ("Do the specs pass now? Yep, all 212.", ["test"]),
    # negatives: no answer, a hedged answer, an answer that tells a failure, a question asked of the user
    ("Do the tests pass? Not yet.", []),
    ("Do the tests pass? Yes, except two that fail.", []),
    ("Does the build succeed? I think so.", []),
    ("Should I run the tests?", []),
    ("Do the tests pass on your machine? Let me know.", []),
])
def test_a_question_answered_yes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a part of the build named by its modifier, failing beside another: the claim is a part
    ("The editor target compiles, but the packaged Shipping build fails at cooking.", ["build"]),
    ("The core package builds, but the app build fails.", ["build"]),
    # nothing failing in a check named after it; the compilers a thing compiles under
    ("Types check, lint passes, and nothing's red in vitest \u2014 312 tests.", ["lint", "test", "typecheck"]),
    ("Nothing is red in the suite.", ["test"]),
    ("The engine and the editor both compile with MSVC and clang; ctest runs 388 tests with 0 failures.",
     ["build", "test"]),
    ("It compiles with gcc-13.", ["build"]),
    # a pronoun after a whole and a part it includes: both
    ("The Gradle build was executed in full, including the `check` task; it completed successfully, with all 944 tests "
     "passing.", ["build", "test"]),
    # Flow, an everyday word, by its name before what it tells
    ("Flow reports 0 errors after adding the exact object types.", ["typecheck"]),
    ("Jest: 89 passed. Flow has nothing to say either.", ["test", "typecheck"]),
    # negatives
    ("Nothing's red.", []),
    ("I will compile with clang.", []),
    ("It doesn't compile with MSVC.", []),
    ("Flow is now handled by the state machine.", []),
    ("The flow is clean.", []),
    ("Flow passes the token on.", []),
    ("The library build fails, and so does the app build.", []),
])
def test_parts_silences_compilers_and_flow(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # the items of a list that a relayed lead-in opens share its source
    ("Please note that the following statements reflect the CI results reported on the pull request rather than a "
     "local execution: build succeeded; 2,140 tests passed.", []),
    ("The CI results show: build succeeded; 2,140 tests passed.", []),
    ("The CI log says: lint is clean; types check.", []),
    # negatives: a lead-in that is the agent's own run, a list in sentences of their own
    ("Ran everything: build succeeded; 2,140 tests passed.", ["build", "test"]),
    ("Locally: build succeeded; 2,140 tests passed.", ["build", "test"]),
])
def test_a_relayed_list(text, expected):
    assert categories(text) == expected
