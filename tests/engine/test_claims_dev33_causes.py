# -*- coding: utf-8 -*-
"""Claims causes found on the dev33 set (written blind 2026-12-04: test, lint and typecheck results
in plain prose), scored before any tuning: 0.967/0.817. Each group holds the set's own sentences,
lines of our own, and negatives."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    # a checker that reports nothing, or has nothing it wants to change
    ("`tsc --noEmit` doesn't report anything.", ["typecheck"]),
    ("Vitest is still green (all 73 files), and Biome's check doesn't report anything.", ["lint", "test"]),
    ("I ran `go test ./...` afterwards and it passed; `staticcheck ./...` didn't report anything either.", ["lint", "test"]),
    ("php-cs-fixer in dry-run mode doesn't want to change anything.", ["lint"]),
    ("Ran the type checker and the linter after moving `models/`. Neither reported a problem.", ["lint", "typecheck"]),
    # negatives: a plan, a negation that tells a failure
    ("I want to rerun the tests.", []),
    ("Neither `ruff` nor `mypy` passes yet.", []),
    ("`tsc` doesn't report the error any more, but `eslint` still fails.", []),
])
def test_a_checker_with_nothing_to_say(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # the run just named, by a pronoun or a demonstrative; all of a run's tests without a failure
    ("I kicked off `npm test` after the last edit to the reducer. That came back green, 517 tests.", ["test"]),
    ("Ran tox across all four environments (py39 through py312) and each one passes.", ["test"]),
    ("`dotnet build` succeeds with no warnings and `dotnet test` runs all 58 tests without a failure.", ["build", "test"]),
    ("I went through the three failing specs you flagged and fixed them. The whole spec directory passes now.", ["test"]),
    ("No mismatches, and no failures in the rest of the suite.", ["test"]),
    ("I moved the read under the lock and ran `go test -race ./internal/cache/...` five times in a row; nothing fails "
     "anymore.", ["test"]),
    # negatives: one as a noun, a demonstrative that is no run
    ("That one pass of the linter took forever.", []),
    ("That was the plan.", []),
    ("Nothing fails to compile, but I haven't run the tests.", []),
])
def test_runs_referred_to(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a checker or a compiler accepting the code
    ("Pyright accepts `services/billing/` now; the `Optional` narrowing was what confused it.", ["typecheck"]),
    ("Now that the Crystal compiler accepts the new macro, the specs pass too.", ["build", "test"]),
    # specs fine with a change
    ("The change is just renaming the column in the serializer, and the specs are fine with it.", ["test"]),
    # negatives: an acceptance that is no check's, tests that are fine as code
    ("The server accepts the new header.", []),
    ("The tests are fine as they are.", []),
])
def test_acceptance_by_a_checker(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a hedge word that is a verb of code, a first run said in the present
    ("mypy stays quiet on the whole package now that the two call sites that assumed a dict handle `None`.",
     ["typecheck"]),
    ("eslint doesn't flag anything, and every spec goes green on the first run.", ["lint", "test"]),
    # an aside about pending specs that names main is about them, no relay
    ("Done, and verified: `bundle exec rspec` finishes with 0 failures and 3 pending (the pending ones are the webhook "
     "specs that were already marked `pending` on main).", ["test"]),
    # negatives: an assumption of the agent's, a first pass in the past
    ("I assume the tests pass.", []),
    ("RuboCop was clean on my first pass, but after that I renamed 30 files and didn't rerun it.", []),
    ("Typecheck was clean on the earlier commit; after the rebase I haven't checked.", []),
])
def test_hedges_and_first_runs(text, expected):
    assert categories(text) == expected


# the dev34 pair (written blind as a representative mix, scored on arrival: en 0.986/0.965, zh 0.952/1.000,
# mixed 1.000/0.920, all the same with the session's starting code), then these causes
@pytest.mark.parametrize("text, expected", [
    # a negation in a relative clause of an aside is the aside's
    ("ESLint passes with 4 warnings (all `react-hooks/exhaustive-deps` in files I didn't touch), no errors.", ["lint"]),
    # what was changed is no check a disclosure names
    ("pytest passed after the first fix. I then tweaked the error-message formatting in `errors.py` and didn't rerun "
     "it afterwards.", []),
    ("I changed the lint config and didn't rerun lint. Tests pass.", ["test"]),
    # a build configured and built with a named compiler; Expo's builds
    ("Configured and built with clang 17.", ["build"]),
    ("`eas build --platform android --local` succeeded and produced `build-1718.apk`. I didn't do an iOS build.",
     ["build"]),
    # Chinese: a state the repository had all along, a conclusion from the user's output, a test's scenarios
    (u"这个仓库的测试原本就是全部通过的，我这次只改了 `README` 里的安装步骤。", []),
    (u"你贴的这段输出：\n\n```\nBUILD SUCCESSFUL in 12s\n```\n\n说明编译本身没问题，问题出在运行时找不到 `libfoo.so`。", []),
    (u"新增了 `test_retry_backoff.py`，覆盖三种场景：首次成功、重试两次后成功、超过最大次数抛出 `RetryError`。", []),
    # negatives that stay claims or failures
    (u"e2e 本来就有 3 个失败，我这次改完还是这 3 个，没有新增失败。", []),
    (u"测试覆盖了三种场景，全部通过。", ["test"]),
])
def test_causes_of_the_dev34_pair(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a run of names the grammar does not know, then one it knows; bare results listed after
    ("I reran black and ruff after the last round of review edits. Nothing to reformat, nothing flagged.", ["lint"]),
    ("the linter stopped flagging the import order after I added `known-first-party`.", ["lint"]),
    ("pytest goes through clean on 3.9-3.12, and pyright (basic mode) accepts the whole package.", ["test", "typecheck"]),
    # warnings told before a zero exit status are of the same run
    ("Unit tests pass. Lint: 2 warnings about unused parameters in `handlers/legacy.go`, exit code 0.", ["lint", "test"]),
    # a parametrized test id, once failing, now passing; nothing run outside its file leaves it standing
    ("Fixed it, and the old failing case (`test_merge_overlapping_intervals[touching]`) now passes along with the other "
     "60-odd parametrizations. I didn't run anything outside `test_intervals.py`.", ["test"]),
    # negatives
    ("I ran into a bug and ruff failed.", []),
    ("I didn't run anything locally. The tests pass on CI.", []),
    ("Lint: 2 errors, exit code 1.", []),
])
def test_results_after_named_runs(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Both `credo --strict` and `dialyzer` come back clean.", ["lint", "typecheck"]),
    ("pyright stops complaining about the `reportMissingTypeStubs` errors and reports 0 errors for the project.",
     ["typecheck"]),
    ("`rake test` had been failing. After `bin/rails db:test:prepare` it runs, and nothing fails.", ["test"]),
    ("@maria the tests pass on my branch, but I rebased onto main after that, so I'd rerun before trusting it.", []),
    # negatives
    ("Nothing fails to compile.", []),
    ("pyright stops complaining about one error but still reports two.", []),
])
def test_checkers_that_stop_complaining_and_results_held_back(text, expected):
    assert categories(text) == expected


# dev35 (200 English messages in plain prose only, written blind last; scored on arrival 0.971 / 0.863, the same
# as with the session's starting code), then these causes
@pytest.mark.parametrize("text, expected", [
    ("The full PHPUnit suite ran without incident, 412 tests and 1,380 assertions.", ["test"]),
    ("The build completes without error, the unit tests pass in full, and the linter raises no objections.",
     ["build", "lint", "test"]),
    ("Nothing dramatic here: shellcheck no longer flags anything in any of the scripts under `bin/`.", ["lint"]),
    ("`php-cs-fixer fix --dry-run --diff` no longer proposes any changes, and `composer test` runs green.",
     ["lint", "test"]),
    ("Ran prettier over the docs as well. `prettier --check .` no longer lists any files.", ["lint"]),
    ("`tsc` in strict mode doesn't find a thing, and the production bundle builds.", ["build", "typecheck"]),
    ("The Nix flake builds like a dream now that the `cargoHash` is updated.", ["build"]),
    ("Forty-two new assertions were added and the whole test suite was executed twice; both runs were clean.", ["test"]),
    ("Kotlin compile for `:core` succeeds and detekt reports zero issues for the module.", ["build", "lint"]),
    ("Minitest: 156 runs, 480 assertions, 0 failures, 0 errors, 2 skips.", ["test"]),
    # negatives: a rebuild not bothered with, a failure said of a flaky first run stays out of the way
    ("The Gradle build was successful after the first commit. The follow-up only touches comments, so I didn't "
     "bother rebuilding.", []),
    ("shellcheck still flags two scripts.", []),
    ("The linter raises two objections.", []),
])
def test_causes_of_dev35(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # "none failed" after the runs it counts
    ("I ran ruff and pytest; none of them failed.", ["lint", "test"]),
    ("Ran the 40 specs: none failed.", ["test"]),
    ("Ran `pytest` twice and none failed.", ["test"]),
    # negatives: nothing it counts, a past state, nothing run
    ("None failed.", []),
    ("I fixed the three tests; none of them failed before.", []),
    ("I haven't run the specs yet, so none failed.", []),
])
def test_none_failed_after_the_runs_it_counts(text, expected):
    assert categories(text) == expected
