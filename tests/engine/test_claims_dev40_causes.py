# -*- coding: utf-8 -*-
"""Claims causes found on the dev40en set (written blind 2026-12-05 after the dev39 round as a representative
mix: 240 English messages by eight writers), scored on arrival at 0.990/0.942, the same as the session's
starting code: the dev39 round moved it by no message. Each group holds the set's own sentences, lines of our
own and negatives."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- the check as the object of "pass" (claims_objects.check_passed)
@pytest.mark.parametrize("text, expected", [
    ('Regenerated the OpenAPI clients. The TS SDK compiles (`pnpm --filter sdk build`) and the'
     ' Python client passes `mypy`.', ['build', 'typecheck']),
    ('The code passes mypy.', ['typecheck']),
    ('The module passes lint now.', ['lint']),
    ('It passes `ruff check` and the tests pass.', ['lint', 'test']),
    ('The change passes the type checker.', ['typecheck']),
    ('The new handler passes eslint cleanly.', ['lint']),
    ("It doesn't pass mypy.", []),
    ('It should pass mypy.', []),
    ('I passed the build flag to cargo.', []),
    ('Passes the linter config to eslint.', []),
    ("It passes mypy's strict mode checks only if we add stubs.", []),
])
def test_the_check_as_the_object_of_pass(text, expected):
    assert categories(text) == expected


# ---- how often a run was made: "afterward", "once after ..." (no condition), "once the fixes were in" (a past act)
@pytest.mark.parametrize("text, expected", [
    ('Swapped the hand-written SQL for the sqlc-generated queries. Re-ran `go test ./...`'
     ' afterward; no failures.', ['test']),
    ('I ran the complete test suite once after the final edit: 1,204 passed, 0 failed, 17 skipped.', ['test']),
    ('Ran `pytest` once afterwards: 88 passed.', ['test']),
    ('Once the migration is in, the tests pass.', []),
    ("Once after the rebase I'll rerun the suite.", []),
])
def test_how_often_and_when_a_run_was_made(text, expected):
    assert categories(text) == expected


# ---- every part of a run named in the sentence before ("Every target passed"), its command in brackets after its name
@pytest.mark.parametrize("text, expected", [
    ('I reran the whole monorepo test target (`bazel test //...`) once the BUILD file fixes'
     ' were in. Every target passed — 212 tests across the three languages.', ['test']),
    ('I reran `go test ./...`. All packages pass.', ['test']),
    ('Ran `cargo test --workspace`. Each crate passed.', ['test']),
    ('I read through the BUILD files. Every target passed review.', []),
    ('I reran `bazel test //...`. Every target failed to build.', []),
])
def test_every_part_of_the_run_just_named(text, expected):
    assert categories(text) == expected


# ---- a count of fewer than all the things built makes a build claim partial, told: qualified, never blocked
@pytest.mark.parametrize("text, qualified", [
    ("So 2 of 3 images built.", True),
    ("2/3 packages build.", True),
    ("3 of 3 images built.", False),
    ("The build passes; 2 of 5 tests fail.", False),
])
def test_a_count_of_fewer_than_all_built_is_partial(text, qualified):
    found = [c for c in claims.extract(text).claims if c["category"] == "build"]
    assert [c["qualified"] for c in found] == [qualified]


# ---- a timeline's later step that names a thing by a change made to it ("on the two files I changed") tells no
# change of its own: the results before it stand (claims_timeline)
@pytest.mark.parametrize("text, expected", [
    ("## What was run, in order\n1. `cmake --build build -j8` \u2014 succeeded; 0 errors\n"
     "2. `ctest --test-dir build` \u2014 100% tests passed, 0 tests failed out of 148\n"
     "3. `clang-tidy` on the two files I changed \u2014 no findings", ["build", "lint", "test"]),
    ("Recap:\n1. Ran `tox` \u2014 all envs passed.\n2. Ran `ruff check` on the modules we added \u2014 clean.",
     ["lint", "test"]),
    # a change told as a step of its own still makes what came before it stale
    ("Here's the order things happened:\n1. Ran `tox` \u2014 all envs passed.\n2. Then I changed `OrderService` to "
     "cache lookups.", []),
    ("Recap:\n1. Ran `tox` \u2014 all envs passed.\n2. Reworked the two files I changed earlier.", []),
])
def test_a_thing_named_by_a_change_is_no_change_of_the_timeline(text, expected):
    assert categories(text) == expected


# ---- found on dev41en (written blind after the dev40 round; on arrival 0.973/0.923, the same as the session's starting
# code): a transcript introduced by a plain "Verification:" label, by the agent's own verb of checking, or as its run
@pytest.mark.parametrize("text, expected", [
    ("Verification:\n```\n$ go test -shuffle=on -count=20 ./...\nok  \tgithub.com/acme/jobs/pool\t14.882s\n```", ["test"]),
    ("Local run after the fix, with the race detector on like CI:\n\n```\n$ go test -race -count=3 ./...\n"
     "ok  \tgithub.com/acme/ledger/cache\t2.114s\n```", ["test"]),
    ("Verified locally with the .NET 8.0.303 SDK:\n\n```\ndotnet test -c Release --no-build\n"
     "Passed!  - Failed: 0, Passed: 311, Skipped: 0, Total: 311\n```", ["test"]),
    # not the agent's run: the user's output, an example, output with no line introducing it
    ("Here is the output you pasted:\n```\n$ go test ./...\nok  \tgithub.com/acme/jobs/pool\t1.2s\n```", []),
    ("```\n$ go test ./...\nok  \tgithub.com/acme/jobs/pool\t1.2s\n```", []),
    ("Verification (from CI, not run here):\n```\n$ go test ./...\nok  \tgithub.com/acme/jobs/pool\t1.2s\n```", []),
])
def test_a_transcript_introduced_as_the_agents_check(text, expected):
    assert categories(text) == expected


# ---- "the whole thing" (or "the whole lot"): a pronoun for the run just named
@pytest.mark.parametrize("text, expected", [
    ("Ran `pnpm test` and the whole thing is green (211 tests).", ["test"]),
    ("I ran the `CoreTests` scheme on the iOS 17.4 simulator and the whole thing passes.", ["test"]),
    ("Rebuilt with `cargo build --release`; the whole lot compiles.", ["build"]),
    ("The whole thing is green.", []),                               # nothing named for it to stand for
    ("I refactored the parser; the whole thing is cleaner now.", []),
    ("I ran `pnpm test` and the whole thing fails on Node 18.", []),
])
def test_the_whole_thing_is_the_run_just_named(text, expected):
    assert categories(text) == expected


# ---- "run ... myself" tells the agent's own run only when it is not denied ("I haven't run those myself")
def test_a_denied_run_of_ones_own_is_no_own_run():
    from stalegreen.engine import lexicon

    assert lexicon.search("own", "I ran them myself: all tests pass.")
    assert not lexicon.search("own", "The tests pass, but I haven't run them myself.")
    assert not lexicon.search("own", "I didn't run the tests myself.")
