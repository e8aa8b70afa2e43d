# -*- coding: utf-8 -*-
"""Negation per clause: a failure word negates the claims of its own clause, and of a sibling
clause only when that clause is about the same category or names nothing; a negated failure word
supports the claim; a negated quantifier ("not all", 不是所有) negates it."""

import pytest

from stalegreen.engine import claims, clauses


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


def reasons(text):
    return [i["reason"] for i in claims.extract(text).ignored]


@pytest.mark.parametrize("text, expected", [
    # the examples
    ("Unfortunately the build fails, but all the unit tests pass.", ["test"]),
    ("Before the fix 3 tests failed; now all 45 pass.", ["test"]),
    # new ones
    ("The docs build fails on a broken cross-reference, but all unit tests pass.", ["test"]),
    ("Unit tests pass; the Storybook build is still broken.", ["test"]),
    ("The Docker image builds, while the smoke tests still fail on the healthcheck.", ["build"]),
    ("Although the tests are failing, the bundle builds fine.", ["build"]),
    ("`swift build` compiles cleanly, while `swift test` still crashes in the keychain tests.", ["build"]),
    (u"构建失败了，但单元测试全部通过。", ["test"]),
    (u"测试通过了，而类型检查还有 3 个错误。", ["test"]),
    (u"编译没问题，不过有两个集成测试挂了。", ["build"]),
    (u"虽然 lint 还有几个警告没清，但测试都过了。", ["test"]),
])
def test_a_failure_in_a_sibling_clause_about_another_category_keeps_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "40 passed, 1 failed.",                                 # the sibling names nothing: it speaks of these
    "All tests pass, but two of them fail intermittently.",
    "The tests pass, but 3 tests fail in `auth.spec.ts`.",  # same category
    u"有两个测试仍然失败，其余通过了。",
    u"测试通过了，但是还有 2 个用例失败。",
])
def test_a_failure_about_the_same_category_or_nothing_named_still_negates(text):
    assert categories(text) == [] and "negated" in reasons(text)


@pytest.mark.parametrize("text, expected", [
    # the examples
    (u"flake8 检查通过，没有任何告警。", ["lint"]),
    ("0 errors, 0 warnings from eslint.", ["lint"]),
    ("No errors from `tsc`, `eslint` or `vitest`.", ["lint", "test", "typecheck"]),
    # new ones
    ("None of the 87 specs fail anymore.", ["test"]),
    ("Not one of the 300 tests fails.", ["test"]),
    ("The tests no longer fail.", ["test"]),
    ("There's not a single failing spec left.", ["test"]),
    ("Nothing in `eslint` or `tsc` complains anymore.", ["lint", "typecheck"]),
    ("`cargo clippy` no longer complains about `needless_return`.", ["lint"]),
    ("`deno test` passes, and `deno lint` has nothing to say.", ["lint", "test"]),
    ("Type errors: 0 (down from 57).", ["typecheck"]),
    (u"`eslint` 不再报任何错误。", ["lint"]),
    (u"整个项目 `tsc` 一个错都没有了。", ["typecheck"]),
    (u"没有失败的测试了。", ["test"]),
])
def test_a_negated_failure_word_supports_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    # the example
    u"不是所有测试都通过。",
    # new ones
    "Not all tests pass.",
    "Not every test passes yet.",
    "Hardly any tests pass at this point.",
    "Few of the legacy tests pass under the new runner.",
    u"并非所有 lint 规则都通过了。",
])
def test_a_negated_quantifier_negates_the_claim(text):
    assert categories(text) == [] and reasons(text) == ["negated"]


def test_a_failure_left_in_the_claims_own_clause_negates_it():
    assert categories("Two tests were failing before; one still fails and the other passes.") == []
    # "but it fails": the failing clause names nothing of its own, so it speaks of the claim's subject
    assert categories("Lint is clean, but it fails on one file.") == []
    assert reasons("Lint is clean, but it fails on one file.") == ["negated"]


def test_the_splitter_cuts_at_contrast_and_weak_boundaries():
    s = "The docs build fails, but all unit tests pass; lint is clean."
    parts = clauses.split(s)
    assert [s[p.lo:p.hi] for p in parts] == ["The docs build fails", ", but all unit tests pass", "; lint is clean."]
    assert [p.segment for p in parts] == [0, 1, 2]
    s = u"虽然 lint 有警告，但测试都过了，构建也成功。"
    parts = clauses.split(s)
    assert [p.segment for p in parts] == [0, 1, 1]
    s = "40 passed, 1 failed."
    assert [p.segment for p in clauses.split(s)] == [0, 0]      # a comma is a clause, not a segment


def test_modality_is_decided_per_segment():
    assert categories("I'm not sure why, but the tests pass now.") == ["test"]
    assert categories("The reviewer said lint was flaky, but the tests pass here.") == ["test"]
    assert categories("I think the build is fine, and the tests pass.") == []      # "and" joins: one segment
    assert categories("All tests pass; want me to merge?") == ["test"]


@pytest.mark.parametrize("text, expected", [
    ("All tests pass, with the exception of the two network-dependent ones I marked `skip`.", [("test", True)]),
    ("Typecheck passes with no errors and the test suite passes except for `test_email_delivery`, which needs "
     "SMTP credentials and was already skipped in CI.", [("test", True), ("typecheck", False)]),
    (u"Lint: 通过\nTypecheck: 通过\nTests: 通过（除了 `test_i18n_fallback`，这个在 main 上也是 fail 的）",
     [("lint", False), ("test", True), ("typecheck", False)]),
])
def test_an_exception_is_a_segment_of_its_own_and_qualifies_the_claim(text, expected):
    assert sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text", [
    "Tests pass except for two failures.",            # the exception is a failure of the claim's own subject
    "All tests pass except for 3 that still fail.",
    u"测试都通过了，除了 2 个失败。",
])
def test_a_bare_failure_inside_the_exception_still_negates(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("All tests pass except test_expiry which fails.", [("test", True)]),
    ("Ran `go test ./...`: 88 passed, except `TestS3Upload`, which errors without AWS credentials.", [("test", True)]),
    ("`pyright` passes except for 3 errors in `third_party/`, which is excluded.", [("typecheck", True)]),
    ("Lint is clean apart from `legacy/report.js`, which still fails the max-len rule.", [("lint", True)]),
    (u"`pytest` 全部通过（除了 `test_ldap.py`，它没有 LDAP 服务器会报错）。", [("test", True)]),
])
def test_a_failure_of_a_named_exception_only_qualifies(text, expected):
    assert sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text, expected", [
    ("`npm run build` succeeds; the docs job fails the same way on `main`.", ["build"]),
    ("All 40 tests pass with no failures or errors.", ["test"]),
    (u"已重新跑过全部测试：\n\n全部通过，没有失败和错误。", ["test"]),
    ("The failing test now passes.", ["test"]),
    ("All tests pass; the happy-path test covers the timeout case.", ["test"]),
])
def test_failure_words_that_report_no_failure_of_this_change(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"Tests: \u2705  Lint: \u2705  Build: \u274c", ["lint", "test"]),
    ("Lint: clean. Tests: 3 failed.", ["lint"]),
    ("Tests: 40 passed, 1 failed.", []),
])
def test_a_clause_after_a_colon_is_about_its_label(text, expected):
    assert categories(text) == expected


# A pass of one named part with a failure of another named part: the failure is the other part's,
# and the claim stands for its part (subset). A failing test is always one of the claim's own.
@pytest.mark.parametrize("text, expected", [
    ("`pyright src/` reports 0 errors, though `pyright scripts/` still has 4.", ["typecheck"]),
    ("`cargo build` succeeds for the server crate, but the `wasm/` crate fails to link.", ["build"]),
    ("Lint passes on the `billing` package; the `legacy` package still has 12 errors.", ["lint"]),
    ("`go test ./internal/...` passes, while `go test ./e2e/...` fails without Docker.", ["test"]),
    (u"后端 lint 通过了，前端的 stylelint 还有 3 个问题。", ["lint"]),
    (u"`mypy` 在 `tools/` 下报了 2 个错误；`mypy app/core` 是干净的。", ["typecheck"]),
])
def test_a_failure_of_another_named_part_keeps_the_claim_for_its_part(text, expected):
    found = claims.extract(text).claims
    assert sorted(c["category"] for c in found) == expected
    assert all(c["scope"] == "subset" or c["category"] != "test" for c in found)


@pytest.mark.parametrize("text", [
    "The `api` tests pass, but `test_login` fails.",                      # a failing test is the claim's own
    "Ran `pytest` in `api/`: 30 passed, 2 failed (`test_a`, `test_b`).",
    "Lint passes on the `billing` package, but it fails on `billing/models.py`.",   # the same part
    "`tsc -p web` is clean, but typecheck fails.",                         # the failure names no part
    u"`web` 的 lint 通过了，但 lint 还有 3 个错误。",
])
def test_a_failure_of_the_claims_own_part_or_of_no_part_still_negates(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"Build 是 broken 的，不过 unit tests 全部通过。", ["test"]),
    (u"集成测试还在跑，不过单元测试已经全部通过。", ["test"]),
    (u"lint 有两个告警，不过类型检查通过了。", ["typecheck"]),
    (u"e2e 挂了一个，不过构建成功。", ["build"]),
    (u"不过 `cargo test` 全部通过了。", ["test"]),
])
def test_buguo_opening_a_clause_is_a_contrast_not_a_negation(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The specs pass and `rubocop -a` left nothing to fix.", ["lint", "test"]),
    ("`ruff format --check` leaves nothing to reformat.", ["lint"]),
    ("`standardrb` left nothing to change and `rspec` is green.", ["lint", "test"]),
    (u"`rails test` 全部通过，`rubocop` 无 offense。", ["lint", "test"]),
    (u"`golangci-lint run` 无 issues。", ["lint"]),
])
def test_nothing_left_to_fix_and_no_offense_support_the_claim(text, expected):
    assert categories(text) == expected


# A failure while the code runs (hangs, segfaults, times out) that names no check is the tests':
# it does not negate a build, lint or typecheck claim in another clause.
@pytest.mark.parametrize("text, expected", [
    ("The project compiles, but the binary segfaults on startup with `--gpu`.", ["build"]),
    ("`go build ./...` succeeds, but the server panics when the config file is missing.", ["build"]),
    ("Lint is clean; the app crashes on launch in the simulator, looking into it.", ["lint"]),
    ("`cargo build --release` succeeds, though the benchmark hung for 5 minutes and I killed the run.", ["build"]),
    (u"编译通过了，但是运行的时候会崩溃。", ["build"]),
])
def test_a_runtime_failure_naming_no_check_leaves_other_categories(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "All tests pass, but the suite hangs at exit.",
    "40 passed, then the run timed out.",
    "The build hangs at the linking step.",
    u"测试通过了 30 个，然后就超时了。",
    "Typecheck passes, but it crashes on the generated stubs.",
])
def test_a_runtime_failure_still_negates_the_tests_or_what_it_names(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("`php-cs-fixer fix --dry-run` finishes with no fixable issues.", ["lint"]),
    ("`stylelint` reports no remaining problems.", ["lint"]),
    ("`ruff check` shows no new warnings.", ["lint"]),
    ("`phpstan` finds no outstanding errors.", ["typecheck"]),
    ("`rubocop` reports no style offenses.", ["lint"]),
])
def test_no_failures_of_a_kind_support_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The only failure is `test_dst`, which is unrelated; the other 211 pass.", [("test", True)]),
    ("`test_upload` times out; the remaining 40 pass.", [("test", True)]),
    ("Apart from `SyncTest`, the other 98 are passing.", [("test", True)]),
    ("`e2e/login.spec.ts` fails on a selector; the other 57 pass.", [("test", True)]),
    ("Re-ran the suite after the review: still green.", [("test", False)]),
])
def test_the_other_n_pass_is_a_qualified_claim_and_a_label_colon_links(text, expected):
    assert sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text", [
    "Two tests fail; the other 40 pass.",         # the failure names nothing: the claim's own
    "I looked at the other 2 pass rates.",
    "Three specs still fail, the remaining 12 pass.",
    "The other 3 packages are untouched.",
    "Re-ran the suite after the review: still red.",
])
def test_the_other_n_with_an_unnamed_failure_or_no_pass_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("`flake8` produced no output.", ["lint"]),
    ("`gofmt -l .` printed no output.", ["lint"]),
    ("`shellcheck scripts/*.sh` gives no output now.", ["lint"]),
    ("`mypy .` shows no output beyond the summary.", ["typecheck"]),
    ("The script produced no output.", []),
])
def test_a_checker_printing_no_output_is_clean(text, expected):
    assert categories(text) == expected


# A comma and "and" open a clause when the subject before them is the object of a verb, or the
# subject after them is quantified: they end no list of subjects.
@pytest.mark.parametrize("text, expected", [
    ("I didn't touch the build, and all tests pass.", ["test"]),
    ("None of the changes affect typing, and `mypy` is clean.", ["typecheck"]),
    ("We never changed the linter config, and every test passes.", ["test"]),
    ("Tests, lint, and typecheck all pass.", ["lint", "test", "typecheck"]),       # a list still is one
    ("Now pytest, mypy, and ruff pass.", ["lint", "test", "typecheck"]),
])
def test_a_comma_and_and_open_a_clause_not_a_list(text, expected):
    assert categories(text) == expected


# Failures that are over: stated in the past tense before "now", without the change, resolved.
@pytest.mark.parametrize("text, expected", [
    ("There were 3 failing tests; I fixed them and now all 120 pass.", ["test"]),
    ("Lint had 12 warnings and 2 errors; now `eslint .` is clean.", ["lint"]),
    ("Without the patch the tests fail; with it, they all pass.", ["test"]),
    ("The error from before is gone and `tsc` reports no errors.", ["typecheck"]),
    ("I removed the broken test and the rest pass.", ["test"]),
    ("The suite no longer hangs; all 88 tests finish and pass.", ["test"]),
    ("No tests were removed; 214 pass.", ["test"]),
])
def test_failures_that_are_over_do_not_negate(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "There were 3 failing tests; all 120 pass.",          # no "now": the failures stand beside the pass
    "There are 3 failing tests; the other 120 pass.",
    "Lint has 12 warnings and 2 errors; `eslint .` is clean otherwise.",
    "The suite still hangs; 88 tests pass before it does.",
    "0 pass.",
])
def test_failures_that_stand_still_negate(text):
    assert categories(text) == []


# ---- a row of status marks: a failure mark fails only the item it marks
@pytest.mark.parametrize("text, expected", [
    (u"\U0001f7e2 unit \U0001f534 e2e", [("test", "subset")]),
    (u"| lint | \u2705 | tests | \u274c |", [("lint", "all")]),
    (u"\U0001f7e2 lint \U0001f534 tests", [("lint", "all")]),
    (u"\u2705 lint \u274c tests", [("lint", "all")]),
    (u"lint \u2705 tests \u274c", [("lint", "all")]),
    (u"Status: typecheck \U0001f534 (2 errors in `api/types.ts`), lint \U0001f7e2, tests \U0001f7e2 (89/89).",
     [("lint", "all"), ("test", "all")]),
    (u"- \u2705 typecheck \u274c lint (2 errors)", [("typecheck", "all")]),
    (u"\u7f16\u8bd1 \u2705 \u7c7b\u578b\u68c0\u67e5 \u274c\uff08`tsc` \u62a5 2 \u5904 implicit any\uff09\u5355\u6d4b \u2705",
     [("build", "all"), ("test", "all")]),
    (u"Status: \u2705 lint, \u2705 typecheck, \u274c tests (2 failing in `checkout.spec.ts`)",
     [("lint", "all"), ("typecheck", "all")]),
    (u"\U0001f7e2 unit tests  \U0001f7e2 lint  \U0001f534 e2e (Playwright can't launch Chromium here)",
     [("lint", "all"), ("test", "subset")]),
    (u"\U0001f7e2 unit \U0001f534 e2e (timeout)", [("test", "subset")]),
])
def test_a_failure_mark_in_a_row_of_marks_fails_only_its_item(text, expected):
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text", [
    u"\u2705 41 passed \u274c 1 failed",             # a count names no item: the suite failed
    u"tests \u2705 41 passed \u274c 1 failed",
    u"Tests: \u2705  Lint: \u2705  Tests: \u274c",
    u"\U0001f534 tests \U0001f7e2 tests",
    u"\u5355\u6d4b \u2705 \u5355\u6d4b \u274c",
])
def test_a_failure_mark_of_the_same_check_or_of_nothing_named_still_negates(text):
    assert "test" not in categories(text)


# ---- a failure of another kind of test leaves the named kind passing (a subset claim)
@pytest.mark.parametrize("text", [
    u"\u5355\u6d4b 57 \u4e2a\u5168\u8fc7\uff0c\u96c6\u6210\u6d4b\u8bd5 3 \u4e2a\u5931\u8d25\uff08\u4f9d\u8d56\u5916\u90e8\u670d\u52a1\uff09\u3002",
    "Unit tests pass, but 2 integration tests fail.",
    "The unit tests pass; the e2e suite fails on the login flow.",
    u"\u5355\u5143\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\uff0c\u7aef\u5230\u7aef\u6d4b\u8bd5\u6709 2 \u4e2a\u5931\u8d25\u3002",
    "Integration tests are green, while the smoke tests fail against staging.",
])
def test_a_kind_of_test_passes_when_another_kind_fails(text):
    assert [(c["category"], c["scope"]) for c in claims.extract(text).claims] == [("test", "subset")]


@pytest.mark.parametrize("text", [
    "Unit tests pass, but 2 unit tests fail.",
    "All tests pass, but the integration tests fail.",
    "Tests pass, but `test_login` fails.",
    u"\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\uff0c\u4f46\u96c6\u6210\u6d4b\u8bd5\u6709 2 \u4e2a\u5931\u8d25\u3002",
    "The unit tests pass, but 3 of them fail on Windows.",
])
def test_a_failure_of_the_same_or_an_unnamed_kind_still_negates(text):
    assert "test" not in categories(text)


# ---- a failure clause that names no check is the check its segment names before it, not the
# other segments' ("mypy is happy; pytest isn't — 5 failures"); a bare count still negates
@pytest.mark.parametrize("text, expected", [
    ("Lint is clean; the tests are another story, 3 failures in `test_io.py`.", ["lint"]),
    ("`tsc` is happy; `jest` not so much: 2 failing.", ["typecheck"]),
    ("The build succeeds; as for the e2e tests, 4 failures.", ["build"]),
    ("Types check out; `cargo test` is red, 1 failure in the parser.", ["typecheck"]),
    ("Tests: 40 passed; 1 failed.", []),
    ("All 12 pass, 1 failed.", []),
    # dev6b
    (u"mypy is happy; pytest isn't \u2014 5 failures in the fixtures module.", ["typecheck"]),
])
def test_an_unnamed_failure_is_its_segments_check(text, expected):
    assert categories(text) == expected


# ---- in a row of status marks, a failed item that names something other than a check (a docs
# deploy, a benchmark) is its own item: it does not negate the others; a bare count still does
@pytest.mark.parametrize("text, expected", [
    (u"\u2705 tests \u274c docs deploy", ["test"]),
    (u"\u2705 lint \u2705 build \u274c benchmark upload (token expired)", ["build", "lint"]),
    (u"tests \u2705 lint \u2705 release notes \u274c", ["lint", "test"]),
    (u"\u2705 40 passed \u274c 1 failed", []),
    (u"\u2705 lint \u274c (2 errors)", []),
    # dev6b
    ("[x] build [x] tests [ ] docs deploy (not run)", ["build", "test"]),
])
def test_a_failed_item_of_a_row_is_its_own(text, expected):
    assert categories(text) == expected


# ---- an excepted failure located in a part ("except for one error in the generated client")
# only qualifies the claim; an exception of bare failures still negates it
@pytest.mark.parametrize("text, expected", [
    ("Lint is clean apart from 3 warnings in the vendored code.", [("lint", True)]),
    ("`mypy` is clean except for two errors in the protobuf stubs.", [("typecheck", True)]),
    ("The build succeeds, except for one warning in the legacy module.", [("build", True)]),
    ("All tests pass except for two failures.", []),
    ("`pyright` is clean except for 4 errors.", []),
    # dev6b
    ("`tsc --noEmit` is clean except for one error in the generated client, which I left alone.",
     [("typecheck", True)]),
])
def test_an_excepted_failure_in_a_part_qualifies(text, expected):
    assert sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims) == expected


# ---- a failure in another environment ("on 3.9", "on Windows") leaves a claim of this one
# ("on Python 3.12") standing, as a part
@pytest.mark.parametrize("text, expected", [
    ("The tests pass on Linux; on Windows 2 fail.", ["test"]),
    ("The build succeeds on Node 20, but on Node 16 the bundler fails on the `??=` operator.", ["build"]),
    ("Lint is clean on Python 3.12; on 3.8 ruff errors on the walrus.", ["lint"]),
    ("The tests pass on Linux; 2 fail.", []),
    ("The tests pass on Linux; on Linux 2 fail.", []),
    # dev5
    ("The tests pass on Python 3.12; on 3.9 the `match` statement is a syntax error, so I rewrote it as "
     "if/elif.", ["test"]),
])
def test_a_failure_in_another_environment(text, expected):
    assert categories(text) == expected
