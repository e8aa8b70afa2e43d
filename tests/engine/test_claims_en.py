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
