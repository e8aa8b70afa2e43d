# -*- coding: utf-8 -*-
"""Tense: a result from before now is no claim (reason ``past``), a result the message says
was not rerun is stale by its own account (``disclosed-stale``), and a past-tense report of a run
just made is a claim that says so (``ran``)."""

import pytest

from stalegreen.engine import claims, claims_runs


def extract(text):
    return claims.extract(text)


def categories(text):
    return sorted(c["category"] for c in extract(text).claims)


def reasons(text):
    return [i["reason"] for i in extract(text).ignored]


@pytest.mark.parametrize("text", [
    # the examples
    "Tests were passing before my change.",
    "The build was green yesterday.",
    u"修改前测试是通过的。",
    # new ones
    "Tests were passing before my change, so the regression must be in the new serializer.",
    "Lint was clean on the previous commit.",
    "The build was green last week.",
    "The tests used to pass on this branch.",
    "Typecheck passed earlier today.",
    u"之前 lint 一直是干净的。",
    u"上周测试还全绿。",
    u"上一个版本的测试是全部通过的。",
])
def test_a_past_result_is_no_claim(text):
    assert categories(text) == [] and reasons(text) == ["past"]


@pytest.mark.parametrize("text, expected", [
    ("Before the fix 3 tests failed; now all 45 pass.", ["test"]),
    ("The tests that were failing before my change now pass.", ["test"]),
    ("After the fix, the whole suite passes (312/312).", ["test"]),
    (u"之前失败的那个用例现在过了。", ["test"]),
    (u"修改前 `cargo test` 有 2 个失败，现在全部通过。", ["test"]),
])
def test_a_present_marker_or_a_past_failure_keeps_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    # the example
    "The suite passed on the first run, but I haven't rerun it after the refactor.",
    # new ones
    "All 212 tests passed. Then I changed the reducer and did not rerun them.",
    "The tests pass. I didn't get a chance to rerun them after the rename.",
    "Lint is clean; I haven't re-run it since the last edit.",
    u"测试第一次跑通过了，但重构后没有重新运行。",
    u"测试全部通过。之后改了配置，还没重跑。",
])
def test_a_not_rerun_disclosure_makes_the_claim_stale(text):
    assert categories(text) == [] and "disclosed-stale" in reasons(text)


def test_a_disclosure_reaches_only_the_categories_it_names():
    text = ("`cargo fmt --check` passes and `cargo clippy` is clean; I didn't touch anything test-related, "
            "so I didn't rerun the tests.")
    assert categories(text) == ["lint"]
    assert categories("Tests and lint are both clean; I didn't touch the build config so I didn't rebuild.") \
        == ["lint", "test"]


# ---- a disclosure that names no check ("I haven't rerun it", "not rechecked since") is about the
# check named last before it in its sentence; about every check only when it names none before it
# or says "anything" / "everything" (dev7a: it used to make every claim of the message stale)
@pytest.mark.parametrize("text, expected", [
    ("`go vet ./...` is quiet. The suite passed this morning, but I haven't rerun it.", ["lint"]),
    ("`cargo build` succeeds. Clippy was clean before the merge; I haven't re-run it.", ["build"]),
    ("`tsc` is clean. The e2e suite passed on the first run; not re-run since.", ["typecheck"]),
    ("Lint is clean now; the tests passed earlier, but I didn't rerun them.", ["lint"]),
    ("All 40 tests pass. The release build compiled fine before the bump; not rechecked since.", ["test"]),
    ("All 40 tests pass. Lint was clean earlier, but I haven't rerun anything since.", []),
    ("All 40 tests pass. I haven't rerun it since the rebase.", []),
    # dev7a
    ("- It compiles.\n- The tests were passing before my change; I haven't rerun them since.", ["build"]),
    ("`./gradlew assembleDebug` — BUILD SUCCESSFUL in 41s. The suite passed earlier this morning, but I "
     "haven't rerun it after the refactor.", ["build"]),
    ("- rspec: 143 examples, 0 failures.\n- rubocop was clean last week; I haven't rerun it.", ["test"]),
])
def test_a_disclosure_naming_no_check_is_about_the_one_named_before_it(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, ran", [
    # the examples
    ("I ran the tests and they all passed.", True),
    (u"重新运行了测试，全部通过。", True),
    # new ones
    ("Reran the suite after the last edit: all 88 pass.", True),
    ("I've run `pytest` again and it passes.", True),
    ("After running `npm test`, everything is green.", True),
    (u"跑了一遍完整的测试，全部通过。", True),
    ("All 41 tests pass.", False),
    ("`tsc` is clean.", False),
])
def test_a_claim_says_whether_a_run_was_just_made(text, ran):
    found = extract(text).claims
    assert found and all(c["ran"] is ran for c in found)


# the message-level run facts the gate uses for NOT_RUN (formerly engine/claim_facts.py's table)
@pytest.mark.parametrize("message, categories", [
    ("Re-ran the tests. All tests pass.", {"test"}),
    ("I ran pytest and everything passed.", {"test"}),
    ("We've run the full test suite.", {"test"}),
    ("Ran tsc: clean.", {"typecheck"}),
    ("I have rerun the linter.", {"lint"}),
    (u"重新运行了测试，全部通过。", {"test"}),
    (u"测试已经重新运行了。", {"test"}),
    (u"跑了一遍测试。", {"test"}),
    # instructions, negations and other senses of "run" say no run happened
    ("Please run the tests.", set()),
    ("Run the tests to verify.", set()),
    ("I did not run the tests.", set()),
    ("I haven't re-run the tests yet.", set()),
    ("I ran into a bug in the test.", set()),
    (u"没有重新运行测试。", set()),
    (u"测试没有重新运行过。", set()),
    ("All tests pass.", set()),
    # runs named through the catalog vocabulary, in any sentence
    ("Ran `npm run lint && npm test`: both pass.", {"lint", "test"}),
    ("I executed `cargo clippy --all-targets` once more.", {"lint"}),
    (u"执行了 `mvn package`。", {"build"}),
    ("I've run `php artisan test` and `phpstan analyse`.", {"test", "typecheck"}),
    ("I ran out of time before the e2e tests.", set()),
])
def test_which_checks_a_message_says_were_run(message, categories):
    assert extract(message).ran == categories


@pytest.mark.parametrize("text, ran", [
    ("Re-ran the tests.\n\nAll tests pass.", {"test": True}),
    ("I ran the linter. Lint is clean and all tests pass.", {"lint": True, "test": False}),
    (u"重新跑了 `pytest`。\n\n测试全部通过，lint 也干净。", {"test": True, "lint": False}),
    ("Reran: all 88 tests pass.", {"test": True}),
    ("I did not rerun the build. Tests pass.", {"test": False}),
])
def test_a_claim_is_ran_when_any_clause_of_the_message_ran_its_category(text, ran):
    assert dict((c["category"], c["ran"]) for c in extract(text).claims) == ran


def test_every_run_word_holds_a_word_the_run_reader_looks_for():
    from stalegreen.engine import lexicon

    for entry in lexicon.entries("run"):
        for m in lexicon.compiled("run", entry.lang).finditer(entry.example):
            assert any(word in m.group(0).lower() for word in claims_runs.RUN_WORDS), (entry, m.group(0))


# Of several runs, the first is past and a later one is now.
@pytest.mark.parametrize("text, expected", [
    ("I ran the suite twice; the first run had 2 failures, the second was fully green (410 passed).", ["test"]),
    ("The first attempt timed out on `test_upload`, the second one passed: 88 passed.", ["test"]),
    ("`eslint` flagged 3 issues on the first run; on the second run it reports nothing.", ["lint"]),
    ("The first try of `cargo build` failed on a missing feature flag; the second attempt compiled cleanly.",
     ["build"]),
    ("The first pass of `tsc` had 12 errors; on the final run `tsc` is clean.", ["typecheck"]),
])
def test_a_later_run_is_now_and_the_first_is_past(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "The first run had 2 failures.",
    "The first run passed, but I haven't rerun it after the refactor.",
    "The suite passed on the first run; the second run had 3 failures.",
    "The first run of `pytest` was green; I changed the fixtures afterwards and didn't run it again.",
    "The second run had 1 failure as well.",
])
def test_a_first_run_alone_or_a_failing_later_run_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"整个测试跑了两遍，第一次有一个超时，第二次全部通过。", ["test"]),
    (u"第一次跑 lint 报了 3 个错误，第二遍就干净了。", ["lint"]),
    (u"构建第一次失败是因为缓存，第二次构建成功。", ["build"]),
    (u"I ran the suite 两遍，第一次有一个 timeout，第二次全部 pass。", ["test"]),
    (u"`cargo test` 第一轮出现 2 个失败，第二轮全部通过。", ["test"]),
])
def test_a_later_chinese_run_is_now(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"第一次跑测试全部通过了。",
    u"第一次跑测试全部通过，之后改了代码没有重新运行。",
    u"第一次有一个超时，第二次还是失败。",
    u"第二次跑 lint 还是有 3 个错误。",
    u"第一遍跑的时候 lint 是干净的。",
])
def test_a_first_chinese_run_alone_or_a_failing_later_one_is_no_claim(text):
    assert categories(text) == []


# A later sentence that takes an earlier claim back ("retracted").
@pytest.mark.parametrize("text", [
    "`pytest` exits 0. It collected nothing, so I don't actually know whether the tests pass.",
    "`mypy` prints Success. The module has `ignore-errors` at the top, so I wouldn't count it.",
    "`eslint .` reports 0 problems. The changed files are in `.eslintignore`, so lint isn't actually being checked.",
    "All 12 specs pass. I can't trust that: the suite was filtered to one file.",
    u"`mypy` 显示 Success。但这个文件被忽略了，其实没有被检查到。",
])
def test_a_later_sentence_that_takes_a_claim_back(text):
    found = extract(text)
    assert found.claims == [] and "retracted" in [i["reason"] for i in found.ignored]


@pytest.mark.parametrize("text, expected", [
    ("I can't say the tests pass \u2014 I only ran `pytest tests/unit`, which passes.", ["test"]),
    ("`pytest` passes. I don't know whether the docs build works.", ["test"]),
    ("Lint is clean. I don't know if the reviewer agrees with the style.", ["lint"]),
    (u"`yarn test` 跑了，185 个都通过。不知道是否有意为之，有 12 个被 skip 了。", ["test"]),
    ("`pytest` passes and lint is clean. I wouldn't count the flaky e2e run, though.", ["lint", "test"]),
])
def test_a_doubt_about_something_else_takes_nothing_back(text, expected):
    assert categories(text) == expected


# ---- "Before," / "Earlier," opening a sentence is past: its failure was before now
@pytest.mark.parametrize("text, expected", [
    ("Before, 5 tests failed; now all pass.", ["test"]),
    ("Earlier, lint had 3 errors, but it's clean now.", ["lint"]),
    ("Previously, the build was broken; it succeeds now.", ["build"]),
    ("Before, the build was green.", []),
    ("Earlier, all tests passed.", []),
    # dev6b (mixed)
    (u"Before \u6709 5 \u4e2a failing tests\uff0c\u73b0\u5728 all passing\u3002", ["test"]),
])
def test_a_leading_before_is_past(text, expected):
    assert sorted(c["category"] for c in extract(text).claims) == expected


# ---- "I didn't rerun the full suite" says what was not run: a claim of the part that was run
# stands, a claim of the whole is stale
@pytest.mark.parametrize("text, expected", [
    ("`pytest tests/api` \u2192 31 passed. I didn't rerun the full suite.", ["test"]),
    ("The three new tests pass. I haven't re-run the whole test suite yet.", ["test"]),
    ("`jest src/cart` is green; the rest of the tests weren't rerun.", ["test"]),
    ("All tests pass. I didn't rerun the full suite after the rename.", []),
    ("The tests pass. I didn't rerun them after the rename.", []),
    # dev6a
    ('Ran `dotnet test --filter "FullyQualifiedName~ConnectionPool"` 50 times in a loop: 50/50 green (7 tests '
     'each). The full suite isn\'t re-run yet.', ["test"]),
])
def test_a_disclosure_about_the_whole_leaves_the_part_that_ran(text, expected):
    assert sorted(c["category"] for c in extract(text).claims) == expected


# ---- a not-rerun disclosure about one environment ("on 3.9") leaves a claim of another standing
@pytest.mark.parametrize("text, expected", [
    ("The tests pass on Linux. I didn't rerun them on Windows after the change.", ["test"]),
    ("The build succeeds on Node 20; I haven't rebuilt on Node 18 since.", ["build"]),
    ("The tests pass on 3.9. I haven't re-tested on 3.9 since the rewrite.", []),
    ("The tests pass. I haven't re-tested on 3.9 since.", []),
    ("Lint is clean on macOS; I didn't re-run it on Linux afterwards.", ["lint"]),
    # dev5
    ("The tests pass on Python 3.12; on 3.9 the `match` statement is a syntax error, so I rewrote it as "
     "if/elif \u2014 I haven't re-tested on 3.9 since.", ["test"]),
])
def test_a_disclosure_about_another_environment(text, expected):
    assert sorted(c["category"] for c in extract(text).claims) == expected


# ---- "Before: 17 eslint errors. After: 0.": the bare count after counts what the one before did
@pytest.mark.parametrize("text, expected", [
    ("Before: 12 mypy errors. After: none.", ["typecheck"]),
    ("- Before: 3 failing tests\n- After: 0", ["test"]),
    ("Before: 40 flake8 warnings.\nAfter: zero.", ["lint"]),
    ("Before: 4 seconds. After: 0.", []),
    ("After: 0.", []),
    # dev6b
    ("Before: 17 eslint errors. After: 0.", ["lint"]),
])
def test_an_after_count_counts_what_before_counted(text, expected):
    assert sorted(c["category"] for c in extract(text).claims) == expected
