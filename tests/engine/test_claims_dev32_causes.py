# -*- coding: utf-8 -*-
"""Claims causes found on the dev32 sets (written blind 2026-12-04: dev32a, results in plain prose,
many builds; dev32b, sessions of every length and shape), scored before any tuning: dev32a
1.000/0.764, dev32b 0.959/0.927. Each group holds the sets' own sentences, lines of our own, and
negatives."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


def claim(text, category):
    return next(c for c in claims.extract(text).claims if c["category"] == category)


@pytest.mark.parametrize("text, expected", [
    # a thing named by a noun phrase, then "builds" and how or where
    ("The whole tree builds under Ninja from a clean build directory.", ["build"]),
    ("The Linux AppImage builds and launches, though.", ["build"]),
    ("Bazel builds `//services/payments/...` fine.", ["build"]),
    ("`go build ./...` fails on darwin/arm64 because of a cgo flag; linux/amd64 builds fine.", ["build"]),
    ("The docs site builds into `public/`.", ["build"]),
    # negatives: a noun "builds", a verb of a noun, building on a PR, a person or CI building
    ("No builds or tests are part of the script.", []),
    ("The nightly builds are slow.", []),
    ("This PR builds on #231 and adds the retry logic.", []),
    ("Our team builds on Fridays.", []),
    ("CI builds on every push.", []),
])
def test_a_thing_that_builds(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a build tool named alone as what is content, or what built
    ("Cargo is happy with the whole workspace now, and clippy has nothing to say.", ["build", "lint"]),
    ("xcodebuild succeeds for the iOS app target.", ["build"]),
    ("Maven compiles the `orders-core` module without issues.", ["build"]),
    ("`pip install -e .` builds the C extension without errors.", ["build"]),
    ("Compiled with `gcc -Wall -Wextra -O2` and got no warnings.", ["build"]),
    # negatives: the tool's own subcommand, a tool with no result
    ("cargo test passes.", ["test"]),
    ("Gradle is slow on this machine.", []),
    ("The repo builds and typechecks cleanly.", ["build", "typecheck"]),
])
def test_a_build_tool_and_what_it_built(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # an artifact that comes out, output written into a path
    ("With that, the `hashbench` binary comes out as expected.", ["build"]),
    ("Both the wheel and the sdist come out of the build step.", ["build"]),
    ("`tsup` now emits both ESM and CJS into `dist/`.", ["build"]),
    ("The Vite build spits out the same chunks into `dist/` as before.", ["build"]),
    # a run's end, or through every test
    ("Locally, with 1.78, `cargo build --release` finishes without complaint.", ["build"]),
    ("`RAILS_ENV=production bin/rails assets:precompile` completes, and the digest changed as expected.", ["build"]),
    ("The Django system check reports no issues and the test runner gets through all 640 tests without a failure.",
     ["test"]),
    ("Release build went through on the first try after pinning the NDK to 26.1.", ["build"]),
    # negatives: what came out wrong, a test run that only ended, an outcome word of its own
    ("The results came out wrong.", []),
    ("The binary comes out broken.", []),
    ("`npm test` completes.", []),
    ("I ran `ctest --preset asan` and it came out clean.", ["test"]),
])
def test_artifacts_and_ends_of_a_run(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # CI as what the agent edited, or what the claimed thing blocked, is no source
    ("With `--release 17` the project compiles and the tests still pass, and I've dropped 8 and 11 from the CI matrix.",
     ["build", "test"]),
    ("Clippy is now silent with `-D warnings`, which was the thing blocking the CI job.", ["lint"]),
    # the user's failure the agent could not reproduce, then its own run
    ("I couldn't reproduce the failure you saw \u2014 `yarn build` succeeds for me on a clean checkout.", ["build"]),
    # the agent's own run named as the source
    ("Per the stats from `npm run build` the bundle dropped by 64 kB, the build itself is clean, and `tsc` is happy too.",
     ["build", "typecheck"]),
    # a CI run the agent started or watched is still CI's
    ("I triggered the workflow manually and watched it through: all 6 jobs passed.", []),
    ("Per the CI log, the build is clean.", []),
    ("According to the output of the nightly job, tests pass.", []),
])
def test_sources_of_a_result(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # "when" naming a time as an object is no condition
    ("I applied the glibc patch (the package builds cleanly again with it) and added a note about when we can drop it.",
     ["build"]),
    ("Tests pass; I'm not sure when the flaky one will be fixed upstream.", ["test"]),
    ("When the fixtures load, the tests pass.", []),
    # results taken back as stale
    ("I ran `npm run lint` and `npm test` at the start and both passed, but I've since restructured the reducer, so "
     "treat those results as stale until they're re-run.", []),
    # a test described, its asserted result no result ("that" left out)
    ("I added a test in `tests/build_test.rs` that asserts the generated bindings compile.", []),
    ("The Jest tests for that package pass (`pnpm --filter @acme/mobile test` \u2192 96 passed).", ["test"]),
])
def test_conditions_retractions_and_descriptions(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a build of one thing failing beside another's success; a test kind failing beside another kind
    ("The Storybook build breaks on the MDX v2 syntax, but the actual app build is unaffected and succeeds.", ["build"]),
    ("Not all of the integration tests pass yet \u2014 `test_webhook_retry` still times out \u2014 but the unit suite "
     "is green.", ["test"]),
    # known errors left as they were
    ("Lint is clean for the files I changed (`eslint src/auth`); whole-repo lint still has the 40-odd legacy errors "
     "we've been ignoring.", ["lint"]),
    ("pyright reports 0 errors in the new `ingest/` module; the baseline of 37 errors elsewhere is unchanged.",
     ["typecheck"]),
    # negatives: the whole failing, the claim's own test failing
    ("All tests pass, but `test_x` times out.", []),
    ("3 of the 5 integration tests pass now; `test_refund_partial` still fails (expected `10.05`, got `10.04`).", []),
    ("The build breaks on the MDX syntax.", []),
])
def test_a_part_failing_beside_another(text, expected):
    assert categories(text) == expected


def test_a_flaky_pass_on_a_rerun_is_a_qualified_claim():
    found = claim("\u26a0\ufe0f vitest \u2014 `ws-reconnect.test.ts` failed once, passed on rerun (looks flaky)", "test")
    assert found["qualified"]
    assert categories("`ws.test.ts` failed twice.") == []


@pytest.mark.parametrize("text, expected", [
    # a score risen to full marks, a TypeScript label, a build "itself"
    ("pylint score went from 8.7 to 10.00/10 on `src/billing`.", ["lint"]),
    ("TS: clean. Jest: green apart from 1 obsolete snapshot.", ["test", "typecheck"]),
    ("The build itself is clean.", ["build"]),
    # a test run whose tests compare output: no diff is its pass
    ("`dune build` succeeds and `dune runtest` produces no diff.", ["build", "test"]),
    # negatives: a score short of full marks, "TS" that is no label, a formatter's count on a test run
    ("pylint score went from 8.7 to 9.2/10.", []),
    ("The TS port is done.", []),
    ("`npm test` \u2192 0 changed.", []),
])
def test_scores_labels_and_diffs(text, expected):
    assert categories(text) == expected
