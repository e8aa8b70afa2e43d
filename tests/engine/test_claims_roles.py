# -*- coding: utf-8 -*-
"""Roles, not word lists per language: a relay, a hope, a conditional or an aggregate is read by
its role whichever language the words around it are in (a Chinese conditional governs an English
predicate), and a bare plural "Tests pass." / 测试通过了 is scope all."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


def reasons(text):
    return sorted(set(i["reason"] for i in claims.extract(text).ignored))


@pytest.mark.parametrize("text, reason", [
    # the examples
    ("The CI says tests pass.", "relayed"),
    (u"希望这次测试能通过。", "hedged"),
    (u"如果 tests pass 就可以 merge。", "conditional"),
    # new ones
    ("Sentry's release notes say the build succeeded.", "relayed"),
    ("I said earlier that `mypy` was clean.", "relayed"),
    (u"据 reviewer 说 lint 是 OK 的。", "relayed"),
    (u"Reviewer 说 typecheck 是 OK 的，我没自己 check。", "relayed"),
    ("Here's hoping `cargo test` stays green after the toolchain bump.", "hedged"),
    ("I doubt the typecheck passes with `strictNullChecks` on.", "hedged"),
    ("As long as `DATABASE_URL` is set, the integration tests pass.", "conditional"),
    ("Provided the fixtures are regenerated, the typecheck passes.", "conditional"),
    (u"如果 `npm test` 能 pass 的话，我们今天就可以 release。", "conditional"),
    (u"等 lint 过了再提交。", "future"),
    (u"这里有一个需要你决策的点：如果保留旧的 `v1` 接口，测试可以全部通过。", "conditional"),
])
def test_a_role_word_in_either_language_keeps_the_clause_from_asserting(text, reason):
    assert categories(text) == [] and reason in reasons(text)


@pytest.mark.parametrize("text, expected", [
    # the examples
    (u"所有检查均已通过：测试（88 个）、lint、类型检查。", ["lint", "test", "typecheck"]),
    ("Everything compiles and the tests pass.", ["build", "test"]),
    # new ones
    (u"所有 checks 都 pass：tests、lint、types。", ["lint", "test", "typecheck"]),
    (u"所有 CI 检查我都在本地模拟跑了一遍：`ruff`、`black --check`、`mypy`、`pytest`，全部通过。",
     ["lint", "test", "typecheck"]),
    ("Everything's green \u2014 tests, typecheck, lint, and the production build.", ["build", "lint", "test", "typecheck"]),
    (u"单测 + 类型检查都跑了，都通过。", ["test", "typecheck"]),
    ("Everything compiles. I haven't run the tests because they take two hours.", ["build"]),
    (u"解决冲突后重新跑了 `pytest` 和 `mypy`，都没问题。", ["test", "typecheck"]),
])
def test_aggregates_claim_every_category_they_list(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"tests 全部 pass 了，lint 也是 clean 的。", ["lint", "test"]),
    (u"build 是 green 的，但是 e2e 还有两个 case fail。", ["build"]),
    (u"`cargo test` 全部 ok，clippy 也没有 warning。", ["lint", "test"]),
    (u"ESLint 零 error 零 warning，Prettier check 也 pass。", ["lint"]),
    (u"改好了，`mvn clean install` BUILD SUCCESS，单测全部 pass。", ["build", "test"]),
    (u"The failing test 现在 passes 了。", ["test"]),
])
def test_english_predicates_inside_chinese_clauses(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", ["Tests pass.", "The tests pass.", "Tests are green.", u"测试通过了", u"测试通过。",
                                  "The unit tests pass."])
def test_a_bare_plural_test_claim_is_scope_all(text):
    found = claims.extract(text).claims
    assert [(c["category"], c["scope"]) for c in found] == [("test", "all")]


@pytest.mark.parametrize("text", ["The new test passes.", "The parser tests pass.", "The test passes.",
                                  u"新增的测试通过了", u"`Invoice` 模型的测试都通过了。"])
def test_a_narrowed_test_claim_stays_a_subset(text):
    assert [c["scope"] for c in claims.extract(text).claims] == ["subset"]


@pytest.mark.parametrize("text, expected", [
    ("After the fix:\n\n```\n$ cargo test\ntest result: ok. 214 passed; 0 failed\n```\n\nEverything's passing.",
     ["test"]),
    ("All green.\n\n- `pytest`: 521 passed\n- `mypy`: Success: no issues found\n- `ruff`: All checks passed!",
     ["lint", "test", "typecheck"]),
    ("Lint is clean. Everything else passes too.", ["lint"]),
])
def test_everything_means_the_categories_the_message_names(text, expected):
    assert categories(text) == expected


def test_everything_with_nothing_named_claims_nothing():
    found = claims.extract("Everything passes.")
    assert found.claims == [] and [i["reason"] for i in found.ignored] == ["unnamed"]


@pytest.mark.parametrize("text, expected", [
    (u"Tests \U0001f7e2, types \U0001f7e2, lint \U0001f534.", ["test", "typecheck"]),
    (u"Status: \u2705 lint, \u2705 typecheck, \u274c tests (2 failing in `checkout.spec.ts`)", ["lint", "typecheck"]),
    ("`go test -race ./...` comes back all `ok`.", ["test"]),
    ("`python -m unittest discover` runs 52 tests \u2014 OK.", ["test"]),
    ("We're all green here: build, unit, lint.", ["build", "lint", "test"]),
    ("I'm seeing green from `cargo test`.", ["test"]),
])
def test_marks_and_status_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"Verification \u2014 all three pass:\n```\n$ ruff check .\nAll checks passed!\n$ pyright\n0 errors\n$ pytest\n"
     u"77 passed\n```", ["lint", "test", "typecheck"]),
    ("All packages pass now:\n\n```\n$ go test ./...\nok  example.com/svc/cache 0.08s\n```", ["test"]),
    ("Both pass: `npm run lint` and `npm test`.", ["lint", "test"]),
    ("Ran it:\n\n```\n$ pytest\n3 failed\n```\n\nNothing else to report.", []),
])
def test_a_colon_introduces_what_the_claim_is_about(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected, reason", [
    ("The team said everything compiles on their side.", [], "relayed"),
    ("The tests pass on their side.", [], "relayed"),
    ("I could not reproduce the failure; all tests pass locally.", ["test"], None),
    ("I debugged the flaky failure and all tests pass now.", ["test"], None),
])
def test_who_says_it_and_what_a_failure_word_names(text, expected, reason):
    assert categories(text) == expected
    assert reason is None or reason in reasons(text)


# "locally", 本地: the agent's own run. A relay in another clause of the segment is not its own.
@pytest.mark.parametrize("text, expected", [
    (u"CI 上的 lint 任务一直是红的，本地 `npx eslint .` 已经零报错。", ["lint"]),
    (u"Jenkins 据说恢复了，本地 `mvn package` 打包是成功的。", ["build"]),
    ("Per the dashboard the nightly is flaky, and locally all 212 tests pass.", ["test"]),
    ("According to the ticket the deploy job is slow, and on my machine `cargo build` succeeds.", ["build"]),
    (u"GitLab 流水线还在排队，我这边 `pytest` 全部通过。", ["test"]),
])
def test_the_agents_own_run_is_not_relayed_by_another_clause(text, expected):
    assert categories(text) == expected


# ---- a sentence-initial CI that is the place of a failure ("CI failed earlier on ...", "CI 之前挂的")
# is no source of what the agent then says of its own run
@pytest.mark.parametrize("text, expected", [
    ("CI failed earlier on a flaky test; it passes locally now.", ["test"]),
    ("CI broke on the lockfile, and `npm ci && npm test` passes locally.", ["test"]),
    ("CI was red on lint before the fix; `eslint .` is clean now.", ["lint"]),
    (u"CI 挂在 lint 上，本地 `ruff check` 已经通过。", ["lint"]),
    (u"CI 之前失败的用例本地能过了。", ["test"]),
    ("CI is green.", []),
    ("CI: tests pass.", []),
    # dev7a
    (u"CI 之前挂的那个 test 现在本地能过了，整个 suite 都是 green。", ["test"]),
])
def test_ci_as_the_place_of_a_failure_is_no_relay(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"用户说本地测试都通过了。",
    "The reviewer said the tests pass locally.",
    u"同事反馈他本地 `pytest` 全部通过。",
    "Per the CI log, the tests pass locally too.",
    u"据说本地构建是成功的。",
])
def test_a_relay_in_the_own_runs_clause_is_still_a_relay(text):
    assert categories(text) == [] and "relayed" in reasons(text)


# A parenthesis right after a claim that lists what the run covered claims each listed check.
@pytest.mark.parametrize("text, expected", [
    (u"pre-commit 的 hooks 全部 Passed（isort、ruff、pyright）。", ["lint", "typecheck"]),
    ("`./gradlew check` succeeds (tests, detekt and ktlint).", ["lint", "test"]),
    ("`tox` passes (it runs pytest, mypy and flake8).", ["lint", "test", "typecheck"]),
    ("`make check` is green (includes eslint, tsc and vitest).", ["lint", "test", "typecheck"]),
    ("The pre-commit run passes (black, isort, mypy).", ["lint", "typecheck"]),
])
def test_a_parenthesis_listing_what_a_run_covered_claims_each(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Tests pass (lint is still failing).", []),
    ("The build passes (see the mypy notes in the PR).", ["build"]),
    ("All tests pass (the mypy step is separate).", ["test"]),
    ("`pytest` passes (the `ruff` config is unchanged).", ["test"]),
    (u"测试都通过了（mypy 另外跑）。", ["test"]),
])
def test_a_parenthesis_that_says_more_than_a_list_adds_nothing(text, expected):
    assert categories(text) == expected


# "on main" after a verb that moves a change onto it is the change's base, not where checks ran.
@pytest.mark.parametrize("text, expected", [
    ("After rebasing on main, all 212 tests still pass.", ["test"]),
    ("Rebased on main and `cargo build` is clean.", ["build"]),
    ("I merged on main's latest and lint passes.", ["lint"]),
    ("Branched off main this morning; `tsc` is clean.", ["typecheck"]),
    ("Once rebased on master, the suite passes again.", []),          # "once": a condition
])
def test_main_as_the_base_of_a_change_is_no_relay(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "The tests pass on main.",
    "Lint is clean on the main branch.",
    "`pytest` passes on master; I haven't checked this branch.",
    "On main the build succeeds.",
    "It builds on develop.",
])
def test_a_result_on_main_is_still_relayed(text):
    assert categories(text) == []


# "all N checks", "both checks" with the checks listed in a parenthesis: each listed check.
@pytest.mark.parametrize("text, expected", [
    ("All 3 checks (tests, lint, types) pass.", ["lint", "test", "typecheck"]),
    ("Both checks (ruff and pytest) pass.", ["lint", "test"]),
    ("All four checks pass: tests, lint, typecheck and the build.", ["build", "lint", "test", "typecheck"]),
    ("Everything (tests and lint) passes.", ["lint", "test"]),
    ("All the checks (`mypy`, `pytest`) are green.", ["test", "typecheck"]),
])
def test_an_aggregate_with_its_checks_listed_claims_each(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "Not all 3 checks (tests, lint, types) pass.",
    "Do both checks (ruff and pytest) pass?",
    "All 3 checks (tests, lint, types) should pass now.",
    "Once all checks (tests, lint) pass, I'll merge.",
    "All 3 checks (tests, lint, types) passed before the rebase.",
])
def test_an_aggregate_that_asserts_nothing_now_is_no_claim(text):
    assert categories(text) == []


# ---- a hedge governs what a dash after it elaborates; a comma may start a new assertion
@pytest.mark.parametrize("text", [
    u"Probably green \u2014 all 41 tests passed locally.",
    u"I think the build is fine \u2014 it compiled with no warnings.",
    u"The tests should pass now \u2014 all 41 passed locally.",
    "Likely fine -- `cargo build` finished without errors.",
    u"Lint is probably clean \u2013 `ruff check .` printed nothing.",
    u"Typecheck might be OK now \u2014 `mypy` reports no errors.",
])
def test_a_hedge_governs_a_dash_elaboration(text):
    assert categories(text) == [] and "hedged" in reasons(text)


@pytest.mark.parametrize("text, expected", [
    ("CI should be green now, all tests pass locally.", ["test"]),
    (u"All 41 tests pass \u2014 the flaky one might still act up on CI.", ["test"]),
    (u"The e2e suite could be slow on CI; locally all 41 tests pass \u2014 no failures.", ["test"]),
    (u"`cargo build` succeeds \u2014 I think the warnings are from a dependency.", ["build"]),
    (u"Lint is clean \u2014 maybe worth enabling the stricter rules later.", ["lint"]),
])
def test_a_hedge_after_the_claim_or_across_a_comma_is_not_the_claims(text, expected):
    assert categories(text) == expected


# ---- a test written to check something is no result of that check
@pytest.mark.parametrize("text", [
    "I wrote a test that checks the build succeeds.",
    "I added a test that verifies lint passes on generated code.",
    "Added a regression test checking that `tsc` exits clean.",
    "New spec which asserts that `mypy` reports no errors on the stubs.",
    "I wrote tests to make sure the build succeeds on Windows paths.",
    u"\u6211\u5199\u4e86\u4e00\u4e2a\u6d4b\u8bd5\u6765\u9a8c\u8bc1\u6784\u5efa\u6210\u529f\u3002",
    u"\u65b0\u589e\u4e86\u4e00\u4e2a\u7528\u4f8b\u786e\u4fdd lint \u901a\u8fc7\u3002",
])
def test_a_test_written_to_check_a_pass_is_no_claim_of_it(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("The tests that cover the parser pass.", ["test"]),
    ("The tests that check the parser all pass.", ["test"]),
    ("Added a test verifying the fix, and the full suite passes.", ["test"]),
    ("Wrote a smoke test to confirm the build succeeds; the test itself passes.", ["test"]),
    ("I added tests for the parser; all 12 pass.", ["test"]),
    (u"\u65b0\u589e\u7684\u6d4b\u8bd5\u90fd\u901a\u8fc7\u4e86\u3002", ["test"]),
])
def test_a_pass_of_the_written_tests_is_still_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"\u5ba1\u9605\u4eba\u8bf4 lint \u5df2\u7ecf\u5e72\u51c0\u4e86\uff0c\u6211\u6ca1\u6709\u672c\u5730\u590d\u73b0\u3002",
    u"\u5ba1\u6838\u4eba\u8bf4\u6784\u5efa\u6ca1\u95ee\u9898\u3002",
    u"\u7ef4\u62a4\u8005\u8bf4\u6d4b\u8bd5\u90fd\u8fc7\u4e86\u3002",
    u"\u8d1f\u8d23\u4eba\u8bf4 lint \u5df2\u7ecf\u5e72\u51c0\u4e86\u3002",
    u"\u8bc4\u5ba1\u4eba\u8868\u793a\u7c7b\u578b\u68c0\u67e5\u901a\u8fc7\u4e86\u3002",
])
def test_a_person_noun_reporting_a_result_is_a_relay(text):
    assert categories(text) == [] and "relayed" in reasons(text)


# ---- a modal in a later clause hedging a proposition of its own (a consequence) is not the claim's
@pytest.mark.parametrize("text, expected", [
    (u"\u8dd1\u4e86 200 \u6b21 `test_concurrent_write`\uff0c\u96f6\u5931\u8d25\uff0c\u4e4b\u524d\u7684\u7ade\u6001\u95ee\u9898\u5e94\u8be5\u662f\u4fee\u597d\u4e86\u3002",
     ["test"]),
    ("All 41 tests pass, so the race should be fixed.", ["test"]),
    ("The build succeeds, and it should also be faster now.", ["build"]),
    ("All tests pass, and lint should be clean too.", ["test"]),
    (u"\u5355\u6d4b\u5168\u90e8\u901a\u8fc7\uff0c\u8fd9\u4e2a\u5185\u5b58\u6cc4\u6f0f\u5927\u6982\u662f\u89e3\u51b3\u4e86\u3002", ["test"]),
])
def test_a_modal_hedging_a_later_proposition_of_its_own_leaves_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "Tests pass, probably.",
    "The tests pass, I think.",
    u"\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\uff0c\u5e94\u8be5\u6ca1\u95ee\u9898\u4e86\u3002",
    "The reviewer said tests pass, so it should be fine.",
    u"\u4f60\u8bf4 lint \u5728\u4f60\u90a3\u8fb9 pass \u4e86\uff0c\u90a3\u5e94\u8be5\u662f\u6211\u8fd9\u8fb9 node \u7248\u672c\u7684\u95ee\u9898\u3002",
    "Tests probably pass, and the race should be fixed.",
])
def test_a_bare_trailing_hedge_or_a_relay_still_keeps_the_claim_out(text):
    assert categories(text) == []


# ---- a relay needs a verb: "with no ASan reports" is a noun, no one reporting; "I could only run"
# is what was possible, said of a run that was made, not a hedge
@pytest.mark.parametrize("text, expected", [
    ("All 64 tests pass with no valgrind reports.", ["test"]),
    ("The fuzz tests pass with no sanitizer reports and no leaks.", ["test"]),
    ("The build succeeds with zero lint notes.", ["build"]),
    ("The reviewer said all tests pass.", []),
    ("I could only run the unit tests here: `pytest tests/unit` \u2192 88 passed.", ["test"]),
    ("The tests could pass now.", []),
    # dev6a
    ("The ASan build succeeds (`cmake --build build-asan`), and `./build-asan/tests/cache_tests` \u2014 "
     "all 18 cache tests pass with no ASan reports.", ["build", "test"]),
    ('The integration tests should be fine now, but I could only run the unit tests here: '
     '`pytest -m "not integration"` \u2192 203 passed, 0 failed.', ["test"]),
])
def test_a_noun_is_no_relay_and_an_ability_no_hedge(text, expected):
    assert categories(text) == expected


# ---- "only with X" states the condition the pass needs, as "only if" does
@pytest.mark.parametrize("text, expected", [
    ("The tests pass only with network access, which I don't have here.", []),
    ("The build succeeds only with the legacy flag.", []),
    ("Lint is clean only with the old config.", []),
    ("`pytest` passes only with `--no-cov`.", []),
    ("The e2e suite passes only with a warm cache.", []),
    ("All tests pass, with only warnings from the linter.", ["test"]),
    ("I only ran it with `-k api`; 12 passed.", ["test"]),
])
def test_only_with_is_a_condition(text, expected):
    assert categories(text) == expected
