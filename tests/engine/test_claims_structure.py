# -*- coding: utf-8 -*-
"""Structural causes of misses found on the second development set (claims_dev2_2026-12-01.jsonl),
one test group per cause, with examples written here (none copied from the set)."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


def qualified(text):
    return sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims)


# ---- a runner's own summary line after the command: arrows, "Ran N tests ... OK", counts only
@pytest.mark.parametrize("text, expected", [
    ("`pytest -q` → 318 passed in 4.2s", ["test"]),
    ("`bin/rails test` -> 97 runs, 0 failures", ["test"]),
    ("`./vendor/bin/phpunit` → OK (41 tests, 120 assertions)", ["test"]),
    ("`python -m unittest` → Ran 12 tests in 0.3s, OK", ["test"]),
    ("`sbt test`: Passed: Total 88, Failed 0, Errors 0, Passed 88", ["test"]),
    ("Tests: 73/73.", ["test"]),
    ("Specs: 19 passed (54 assertions).", ["test"]),
    ("`ruff check .` => All checks passed!", ["lint"]),
])
def test_a_runner_summary_after_its_command_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "`pytest -q` → 3 failed, 315 passed in 4.2s",
    "`sbt test`: Passed: Total 88, Failed 2, Errors 0, Passed 86",
    "Tests: 0/73.",
    "`python -m unittest` → Ran 12 tests in 0.3s, FAILED (failures=1)",
    "The endpoint returned 200 OK for 14 requests.",
])
def test_a_failing_or_operational_summary_is_no_green_claim(text):
    assert "test" not in categories(text)


# ---- status marks: before their subject, thumbs, table cells
@pytest.mark.parametrize("text, expected", [
    (u"\U0001f7e2 tests  \U0001f7e2 typecheck", ["test", "typecheck"]),
    (u"Build \U0001f44d, tests \U0001f44d", ["build", "test"]),
    (u"lint \U0001f44d", ["lint"]),
    (u"\u2705 构建 \u2705 单测", ["build", "test"]),
    (u"\u2705 lint \u2705 类型检查 \u2705 构建", ["build", "lint", "typecheck"]),
    (u"单测 \u2705 构建 \u2705", ["build", "test"]),
])
def test_a_status_mark_belongs_to_its_subject(text, expected):
    assert categories(text) == expected


# ---- tables read through their header
@pytest.mark.parametrize("text, expected", [
    ("| Check | Before | After |\n|---|---|---|\n| Unit tests | 4 failing | all passing |", ["test"]),
    ("| | Before | Now |\n|---|---|---|\n| Lint | 9 errors | clean |", ["lint"]),
    (u"| 项目 | 修改前 | 修改后 |\n|---|---|---|\n| 构建 | 失败 | 成功 |", ["build"]),
    ("| Check | Expected |\n|---|---|\n| `npm test` | pass |\n| `npm run lint` | clean |", []),
    (u"| 检查 | 预期 |\n|---|---|\n| 单测 | 通过 |", []),
    ("| Check | Status |\n|---|---|\n| Typecheck | clean |\n| Tests | 2 failing |", ["typecheck"]),
    ("| Step | Result |\n|---|---|\n| `go test ./...` | ok |\n| `go vet ./...` | ✅ |", ["lint", "test"]),
])
def test_a_table_cell_is_read_through_its_column(text, expected):
    assert categories(text) == expected


# ---- past: a past marker leads what follows it; a parenthesis about before; "this time"
@pytest.mark.parametrize("text, expected", [
    ("Typecheck is clean now (was 30 errors before the upgrade).", ["typecheck"]),
    ("Lint passes (previously 4 warnings in `api/`).", ["lint"]),
    (u"这次 `go test ./...` 全部通过，之前那次失败是端口冲突导致的。", ["test"]),
    ("This time `cargo test` passed; the earlier failure was a port clash.", ["test"]),
    (u"改完之后 20 个全部通过，改之前有 2 个失败。", []),
    ("Before the fix, 2 specs failed; after it, all 40 pass.", ["test"]),
    (u"修复前：3 个用例失败。修复后：全部测试通过。", ["test"]),
    ("Before: 5 lint errors. After: lint is clean.", ["lint"]),
])
def test_a_past_marker_governs_only_what_it_leads(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "Build: green (before rebase).",
    "The build was green before I added the new crate.",
    "Clippy was quiet before I wrote the macro; I haven't checked it since.",
    "Tests passed before merge, and I haven't tested them since.",
    "mypy was happy before we switched to pydantic v2.",
])
def test_a_result_from_before_the_change_is_no_claim(text):
    assert categories(text) == []


def test_a_causal_since_is_no_not_rerun_disclosure():
    assert categories("`cargo test` passes (120 tests). I couldn't run the GPU tests since there's no GPU here.") \
        == ["test"]


# ---- relays by other agents, teammates, caches
@pytest.mark.parametrize("text", [
    "The review subagent reported that lint is clean.",
    "A sub-agent said the build succeeds; I haven't checked.",
    u"测试同学反馈 e2e 测试都通过了。",
    u"团队那边说构建成功了。",
    u"远程缓存显示 build 成功了，不是我跑的。",
    "The remote cache says the build is green.",
])
def test_a_result_someone_else_reports_is_relayed(text):
    assert categories(text) == []


# ---- a formatter's clean state, "Verified with <runs>", "X: none"
@pytest.mark.parametrize("text, expected", [
    ("`black --check .` reports no changes needed.", ["lint"]),
    ("`gofmt -l .`: 0 files to reformat.", ["lint"]),
    ("Prettier check: no changes needed.", ["lint"]),
    ("Tests: no changes needed.", []),
    ("Verified with `pytest` and `ruff check .`.", ["lint", "test"]),
    ("Validated with `npm run build` and `npm test` — both fine.", ["build", "test"]),
    ("Type errors: none.", ["typecheck"]),
    ("Lint errors: zero.", ["lint"]),
    ("<sub>Checked with `tsc --noEmit`.</sub>", ["typecheck"]),
    ("Verified with `pytest`, except `test_smtp.py` which needs a mail server.", ["test"]),
])
def test_formatter_states_verified_runs_and_none_values(text, expected):
    assert categories(text) == expected


def test_a_later_failure_still_negates_a_verified_run():
    assert categories("Verified with `npm test`: 2 failed.") == []


# ---- Chinese clean phrases with English nouns, and exceptions between subject and predicate
@pytest.mark.parametrize("text, expected", [
    (u"`rubocop` 没有 offense。", ["lint"]),
    (u"`mix credo` 也没 issue。", ["lint"]),
    (u"`pyright` 没有 type error。", ["typecheck"]),
    (u"`go vet ./...` 无输出。", ["lint"]),
    (u"`ruff check .` 没有其他问题。", ["lint"]),
    (u"这次 `pytest` 0 failed。", ["test"]),
    (u"`eslint .` 除了 `legacy/` 下的 3 个警告之外没有其他问题。", [("lint", True)]),
    (u"`mypy` 除了第三方库（没有类型存根）的提示以外，没有其他错误。", [("typecheck", True)]),
    (u"golangci-lint 清零了（之前 12 个问题）。", ["lint"]),
    (u"`prettier --check .` 显示全部文件都符合格式。", ["lint"]),
])
def test_chinese_clean_phrases(text, expected):
    if expected and isinstance(expected[0], tuple):
        assert qualified(text) == expected
    else:
        assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"`rubocop` 有 3 个 offense。",
    u"`eslint .` 除了 `legacy/` 之外还有 5 个错误。",
    u"`pytest` 2 failed。",
    u"等 lint 和 test 都 pass 了之后再合并。",
    u"等 CI 上构建、测试、lint 全部跑完之后我再看结果。",
])
def test_chinese_failures_and_waits_are_no_claims(text):
    assert categories(text) == []


# ---- shortcuts the reader takes for speed must not change what it reads
def test_claimish_agrees_with_the_hook_prefilter():
    """claims_grammar.claimish is prefilter.might_claim as one pattern search: the same answer on every
    line of the corpora and on quotation marks standing for spaces."""
    import glob
    import io
    import json
    import os

    from stalegreen.engine import claims_grammar, prefilter

    here = os.path.dirname(os.path.abspath(__file__))
    texts = [u"fail`x", u"ran\u201c", u"41/41", u"3 of 3", u"x of y", u"", u"FAIL ", u"r\u00e9sultat of 3",
             u"\u6d4b\u8bd5\u901a\u8fc7", u"I renamed the helper."]
    for path in glob.glob(os.path.join(here, "claims_*.jsonl")):
        with io.open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    text = json.loads(line)["text"]
                    texts.append(text)
                    texts.extend(text.splitlines())
    differ = [t for t in texts if claims_grammar.claimish(t) != prefilter.might_claim(t)]
    assert len(texts) > 1000 and differ == []


@pytest.mark.parametrize("text, expected", [
    # the first sentence has claim words but no predicate: its subjects still say what "everything" is
    ("I fixed the lint rules and the tests. Everything passes.", ["lint", "test"]),
    ("I fixed the lint rules and the tests.\n\nEverything passes.", ["lint", "test"]),
    ("I fixed the typing in the parser. Everything passes.", ["typecheck"]),
    ("Everything passes.", []),
])
def test_a_sentence_without_a_predicate_still_names_what_everything_means(text, expected):
    assert categories(text) == expected


def test_a_not_rerun_disclosure_is_found_in_any_sentence_of_a_long_message():
    """The sentences holding a disclosure word are found in one pass over the message."""
    filler = "The retry helper now caps its sleep at the remaining budget. " * 80
    text = "All 41 tests pass. " + filler + "I haven't rerun the tests since the last edit."
    found = claims.extract(text)
    assert found.claims == [] and [i["reason"] for i in found.ignored] == ["disclosed-stale"]
    assert categories("All 41 tests pass. " + filler) == ["test"]


def test_word_lists_read_the_same_compiled_or_word_by_word(monkeypatch):
    """The claim words, the subject and predicate start words and the disclosure stems are tested
    word by word in a short-lived process and as one compiled pattern once used often: every
    corpus message reads the same both ways."""
    import glob
    import io
    import json
    import os

    from stalegreen.engine import claims_grammar, claims_scan, lexicon

    here = os.path.dirname(os.path.abspath(__file__))
    texts = []
    for path in sorted(glob.glob(os.path.join(here, "claims_*.jsonl"))):
        with io.open(path, encoding="utf-8") as fh:
            texts.extend(json.loads(line)["text"] for line in fh if line.strip())

    def read_all(after):
        monkeypatch.setattr(claims_grammar, "CLAIM_WORDS_COMPILE_AFTER", after)
        monkeypatch.setattr(claims_scan, "STARTS_COMPILE_AFTER", after)
        monkeypatch.setattr(lexicon, "COMPILE_AFTER", after)
        monkeypatch.setattr(claims_grammar, "_CLAIM_WORD", [None, None, 0])
        monkeypatch.setattr(claims_scan, "_STARTS_FINDERS", {})
        monkeypatch.setattr(claims_scan, "_BY_FIRST", {})
        monkeypatch.setattr(lexicon, "_STEMS", {})
        monkeypatch.setattr(lexicon, "_COMPILED", {})
        return [json.dumps(claims.extract(text).as_dict(), sort_keys=True) for text in texts]

    assert len(texts) > 1000
    assert read_all(10 ** 9) == read_all(0)


# A clause whose subject is only parts of the code (code naming no check, names before a part noun)
# passes with the check named before it in the sentence, for those parts.
@pytest.mark.parametrize("text, expected", [
    (u"跑了 `nx run-many -t lint`，`web` 和 `admin` 都通过。", [("lint", "all")]),
    (u"`pnpm -r test` 中 `docs` 失败，`core` 和 `cli` 通过。", [("test", "subset")]),
    (u"跑了一遍 `tox`，py311 和 py312 两个环境都通过。", [("test", "subset")]),
    (u"`cargo test` 跑完了，`parser` 和 `lexer` 两个 crate 都通过了。", [("test", "subset")]),
    (u"执行了 `go test`，api 和 worker 两个模块都通过。", [("test", "subset")]),
])
def test_a_pass_of_named_parts_takes_the_check_named_before(text, expected):
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text", [
    u"`pytest` 跑完了，CI 和 review 都通过了。",
    u"跑了 `cargo test`，`parser` 失败，`lexer` 也失败。",
    u"`api` 和 `web` 都通过了代码评审。",
    u"`pytest` 中 `api` 项目失败，`web` 项目还没跑。",
    u"`web` 和 `admin` 都通过了。",
])
def test_parts_without_a_check_named_before_or_without_a_pass_are_no_claim(text):
    assert claims.extract(text).claims == []


@pytest.mark.parametrize("text, expected", [
    (u"改完后重新执行了 `make test`，结果全部通过。", ["test"]),
    (u"跑了一遍 `cargo clippy`，最终结果是零警告。", ["lint"]),
    (u"`eslint` 跑完没有任何 warning 和 error。", ["lint"]),
    (u"`ruff check` 没有 error 或 warning。", ["lint"]),
    (u"单测通过率 100%。", ["test"]),
])
def test_chinese_results_and_clean_lists(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"单测通过率 90%。",
    u"跑了 `pytest`，结果有 3 个失败。",
    u"`eslint` 跑完有 2 个 warning 和 1 个 error。",
    u"结果要等 CI 跑完才知道。",
    u"通过率 100% 是目标。",
])
def test_chinese_results_that_are_no_pass(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"跑了 `go test ./...`，所有包都 ok。", [("test", "all")]),
    (u"跑了 `cargo test`，所有 crate 都通过了。", [("test", "all")]),
    (u"执行了 `pnpm -r build`，每个包都构建成功。", [("build", "all")]),
    (u"`npm run build` 退出码为 0。", [("build", "all")]),
    (u"`pytest` 跑完，退出码是 0。", [("test", "all")]),
])
def test_chinese_all_parts_and_exit_code_zero(text, expected):
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text", [
    u"`npm test` 退出码为 1。",
    u"跑了 `go test ./...`，所有包都失败了。",
    u"所有包都 ok 吗？",
    u"`pytest` 退出码为 0 的话就可以合并。",
    u"要让所有包都通过。",
])
def test_chinese_parts_and_exit_codes_that_are_no_pass(text):
    assert claims.extract(text).claims == []


# "every package reports ok" after a run named before: the packages are that run's parts.
@pytest.mark.parametrize("text, expected", [
    ("Ran `go test ./...` \u2014 every package reports ok.", ["test"]),
    ("I ran `go test -race ./...` three times and all packages reported ok each time.", ["test"]),
    ("Ran `cargo build`: all crates are fine.", ["build"]),
    ("`nx run-many -t lint` finished and all 6 projects are green.", ["lint"]),
    (u"`yarn test` 跑了，跑了的 185 个都是通过的。", ["test"]),
])
def test_quantified_parts_after_a_run_take_its_check(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "`pytest` has 3 failures; all packages are ok otherwise.",
    "Ran `go test ./...`; not every package reports ok.",
    "All packages are ok.",
    "Will run `go test ./...` so every package reports ok.",
    "Ran `go test ./...` \u2014 every package reports a failure.",
])
def test_quantified_parts_with_no_run_or_no_pass_are_no_claim(text):
    assert categories(text) == []


# 跑过了 / 执行过了 is "has been run" (过: an experience), not "passed": the run alone claims nothing.
@pytest.mark.parametrize("text, expected", [
    (u"`cargo fmt` 我手动跑过了，把格式都改好了。", []),
    (u"`black .` 执行过了，改了 3 个文件。", []),
    (u"`npm test` 跑过了，全部通过。", ["test"]),
    (u"eslint 跑过了，没有任何告警。", ["lint"]),
    (u"测试都过了。", ["test"]),
])
def test_a_run_that_has_been_made_is_no_pass_by_itself(text, expected):
    assert categories(text) == expected


# ---- a part of a total is a subset with its counts, never all of the total
@pytest.mark.parametrize("text, passed, total", [
    (u"4 \u4e2a\u6d4b\u8bd5\u4e2d 3 \u4e2a\u901a\u8fc7\u3002", 3, 4),
    (u"4 \u4e2a\u6d4b\u8bd5\u91cc\u6709 3 \u4e2a\u901a\u8fc7\u4e86\u3002", 3, 4),
    (u"\u5171 4 \u4e2a\u6d4b\u8bd5\uff0c\u901a\u8fc7 3 \u4e2a\u3002", 3, 4),
    (u"12 \u4e2a\u7528\u4f8b\u5f53\u4e2d 11 \u4e2a\u901a\u8fc7\u4e86\u3002", 11, 12),
    ("3 of 4 tests pass.", 3, 4),
    ("3 out of 4 tests passed.", 3, 4),
    ("Tests: 3 of 4 pass.", 3, 4),
])
def test_a_partial_count_is_a_subset_claim_with_its_counts(text, passed, total):
    [claim] = claims.extract(text).claims
    assert (claim["category"], claim["scope"]) == ("test", "subset")
    assert claim["counts"] == {"passed": passed, "total": total}


@pytest.mark.parametrize("text", [
    u"4 \u4e2a\u6d4b\u8bd5\u4e2d 4 \u4e2a\u901a\u8fc7\u3002",
    u"12 \u4e2a\u6d4b\u8bd5\u5168\u90e8\u901a\u8fc7\u3002",
    "4 of 4 tests pass.",
    "All 12 tests pass.",
    "Tests pass.",
])
def test_a_count_of_the_whole_total_stays_scope_all(text):
    assert [(c["category"], c["scope"]) for c in claims.extract(text).claims] == [("test", "all")]


# ---- a runner's summary after a label: the counts before "0 failures" are the same summary
@pytest.mark.parametrize("text", [
    "Tests included: 41 run, 0 failures.",
    "tests included: 41 run, 0 failures",
    "Tests: 41 run, 0 failures.",
    "Unit tests included: 41 run, 2 skipped, 0 failures.",
    "Tests: 41 total, 0 failures.",
    "Tests (unit): 120 run, 0 failed.",
])
def test_counts_then_zero_failures_after_a_test_label_is_a_claim(text):
    assert categories(text) == ["test"]


@pytest.mark.parametrize("text", [
    "Tests: 41 run, 3 failures.",
    "Tests included: 41 run, 0 failures, 2 errors.",
    u"Tests: 0 passed, 0 failed \u2014 jest found no tests matching `Cart`.",
    "Tests: 0 run, 0 failures.",
    "Tests included: 41 run, 1 failure.",
])
def test_a_summary_with_failures_or_nothing_run_is_no_claim(text):
    assert categories(text) == []


# ---- 跳过了 (skipped) holds no 过了 (passed); an English count after a Chinese subject
@pytest.mark.parametrize("text, expected", [
    (u"\u5df2\u8dd1 `mvn package`\uff0cBUILD SUCCESS\u3002\u5355\u5143\u6d4b\u8bd5\u6211\u7528 `-DskipTests` \u8df3\u8fc7\u4e86\uff0c\u6ca1\u6709\u6267\u884c\u3002",
     ["build"]),
    (u"\u96c6\u6210\u6d4b\u8bd5\u8df3\u8fc7\u4e86\u3002", []),
    (u"lint \u6211\u5148\u7565\u8fc7\u4e86\u3002", []),
    (u"\u5355\u6d4b 0 failures\u3002", ["test"]),
    (u"Gradle build SUCCESSFUL\uff0cktlint \u548c detekt \u90fd clean\uff0c\u5355\u6d4b 0 failures\u3002", ["build", "lint", "test"]),
    (u"\u5355\u6d4b 3 failures\u3002", []),
    (u"\u6d4b\u8bd5 0 errors\u3002", ["test"]),
])
def test_chinese_skips_and_english_counts(text, expected):
    assert categories(text) == expected


# ---- an elided predicate: "Types too." after a pass, "and so does `mypy`" after a passing clause
@pytest.mark.parametrize("text, expected", [
    ("The formatter and linter pass. Types too.", ["lint", "typecheck"]),
    ("Tests pass. Lint too.", ["lint", "test"]),
    ("`dprint check` passes, and so does `cargo clippy -- -D warnings`.", ["lint"]),
    ("`ruff check .` passes, and so does `mypy src`.", ["lint", "typecheck"]),
    ("The unit tests pass, as does the typecheck.", ["test", "typecheck"]),
    ("All 40 tests pass. The build as well.", ["build", "test"]),
])
def test_an_elided_predicate_takes_the_pass_before_it(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "The build fails, and so does lint.",
    "Tests fail. Lint too.",
    "Tests should pass, and so should lint.",
    "I updated the docs too.",
    "Tests should pass. Lint too.",
    "Yesterday the tests passed, and so did lint.",
])
def test_an_elided_predicate_after_no_standing_pass_claims_nothing(text):
    assert "lint" not in categories(text) and "test" not in categories(text)


# ---- a quantifier floated over a coordination of unknown names is not about the tests
@pytest.mark.parametrize("text, expected", [
    # checkstyle is a catalog runner (a lint claim, as dev5 en-c050 labels it), never a test claim
    ("spotless and checkstyle both green; pmd complains about 3 unused private fields.", ["lint"]),
    ("Foo and bar both pass.", []),
    ("`foo.sh` and `bar.sh` both pass.", []),
    ("I fixed the parser and they all pass now.", ["test"]),
    ("I fixed the parser and now they all pass.", ["test"]),
    ("Both pass.", ["test"]),
    ("ruff and mypy both pass.", ["lint", "typecheck"]),
])
def test_a_floated_quantifier_takes_the_coordination_before_it(text, expected):
    assert categories(text) == expected


# ---- "everything passes except <a part of the tests>": the rest of the tests pass (qualified)
@pytest.mark.parametrize("text, expected", [
    ("Everything passes locally except the Safari-specific playwright project, which can't run on Linux.",
     [("test", True)]),
    ("Everything passes except the e2e suite.", [("test", True)]),
    ("Lint and tests: everything passes except the e2e suite.", [("lint", False), ("test", True)]),
    ("Everything passes except the integration tests, which need Docker.", [("test", True)]),
    ("Everything is green except the `jest` shard on Node 18.", [("test", True)]),
])
def test_an_exception_naming_a_part_of_the_tests_qualifies_the_test_claim(text, expected):
    assert qualified(text) == expected


@pytest.mark.parametrize("text", [
    "Everything passes except the tests.",
    "Everything passes except the build.",
    "Everything passes except lint.",
    "Everything except the e2e suite fails.",
    "Nothing passes except the e2e suite.",
])
def test_an_exception_naming_a_whole_check_or_no_pass_claims_no_part(text):
    assert "test" not in categories(text)


# ---- a status under a column that names a check is that check's ("| Package | `go test` |")
@pytest.mark.parametrize("text, expected", [
    ("| Package | `go test` |\n|---|---|\n| `api` | \u2705 ok 0.3s |\n| `db` | \u2705 ok 0.1s |", ["test"]),
    ("| Crate | `cargo clippy` | `cargo test` |\n|---|---|---|\n| core | clean | \u2705 |", ["lint", "test"]),
    ("| Lint | Tests |\n|---|---|\n| \u2705 | \u274c |", ["lint"]),
    ("| Platform | Build |\n|---|---|\n| linux | pass |\n| macOS | pass |", ["build"]),
    ("| Platform | Notes |\n|---|---|\n| linux | pass |", []),
    # dev6a
    ("## Verification\n| Package | `go test` |\n|---|---|\n| `internal/grpcx` | \u2705 ok 0.31s |\n"
     "| `cmd/server` | \u2705 ok 0.05s |", ["test"]),
])
def test_a_status_under_a_check_column_is_that_checks(text, expected):
    assert categories(text) == expected


# ---- a command the message says runs others claims what it runs: "`make check` that runs `go vet`
# and `go test`", "(that's `test` and `detekt` in this project)"
@pytest.mark.parametrize("text, expected", [
    ("Added `make check`, which runs `ruff check .` and `pytest`.\n\n`make check` passes.", ["lint", "test"]),
    ("`npm run verify` runs `tsc --noEmit` and `vitest run`. I ran it: `npm run verify` exits 0.",
     ["test", "typecheck"]),
    ("`npm run verify` runs `tsc --noEmit` and `vitest run`. `npm run verify` fails.", []),
    ("`./gradlew check` is green (that's the unit tests and `ktlint` in this project).", ["lint", "test"]),
    ("`tox` passes (it runs the unit tests and flake8).", ["lint", "test"]),
    # dev6a
    ("Added a `Makefile` target `make check` that runs `go vet`, `staticcheck`, and `go test -race`.\n\n"
     "## Verification\n`make check` exits 0.", ["lint", "test"]),
    ("`./gradlew check` passes \u2705 (that's `test`, `ktlintCheck` and `detekt` in this project).", ["lint", "test"]),
])
def test_a_composite_command_claims_what_it_runs(text, expected):
    assert categories(text) == expected


# ---- a row of checkboxes: each box marks the item after it, a ticked one passed, an empty one not
@pytest.mark.parametrize("text, expected", [
    ("[x] lint [x] typecheck [ ] e2e", ["lint", "typecheck"]),
    ("- [x] build  [x] unit tests  [ ] docs", ["build", "test"]),
    ("[x] tests [ ] lint (not run yet)", ["test"]),
    ("[ ] build [ ] tests", []),
    ("- [x] Tests pass (`cargo test`)", ["test"]),
    # dev6b
    ("[x] build [x] tests [ ] docs deploy (not run)", ["build", "test"]),
])
def test_a_row_of_checkboxes(text, expected):
    assert categories(text) == expected


# ---- a negated auxiliary standing for the failure verb before it ("..., and it doesn't"): the
# check named with that verb passes, when the auxiliary's own clause asserts
@pytest.mark.parametrize("text, expected", [
    ("Lint failed on the imports. It doesn't anymore.", ["lint"]),
    ("I expected mypy to complain about the cast, but it doesn't.", ["typecheck"]),
    ("The tests used to fail on Windows; they don't now.", ["test"]),
    ("Does clippy complain? It doesn't.", ["lint"]),
    ("The tests fail on CI but they don't on my machine.", []),
    ("Clippy flags the cast; I think it doesn't.", []),
    ("The tests fail. They don't pass.", []),
    # dev6b
    ("The type checker would complain if the overload were wrong, and it doesn't.", ["typecheck"]),
])
def test_a_negated_auxiliary_stands_for_the_failure_before_it(text, expected):
    assert categories(text) == expected


# ---- a qualifier qualifies the claims of the checks it speaks about, not every claim of its
# sentence: a qualified claim is reported and never blocked, so an exception or a not-run note
# about one check must not exempt the claim of another from the gate
@pytest.mark.parametrize("text, expected", [
    (u"编译通过，但是没有跑测试。", [("build", False)]),
    (u"类型检查通过了，只跑了单元测试。", [("typecheck", False)]),
    (u"除了 lint 的 2 个 warning，构建和测试都通过了。", [("build", False), ("test", False)]),
    ("The build passes; lint is clean except for two warnings in vendor/.", [("build", False), ("lint", True)]),
    ("Tests pass, except the flaky one; the build succeeds.", [("build", False), ("test", True)]),
    ("The build succeeds and all tests pass except test_x.", [("build", False), ("test", True)]),
    ("mypy is clean, and pytest passes apart from the two known network failures.",
     [("test", True), ("typecheck", False)]),
    # a qualifier of the claim's own check still qualifies it
    (u"测试通过了，但是没跑 e2e。", [("test", True)]),
    (u"lint 除了 2 个 warning 都干净。", [("lint", True)]),
    ("Lint is clean apart from one pre-existing warning.", [("lint", True)]),
    ("All tests pass except test_gpu, which needs CUDA.", [("test", True)]),
])
def test_a_qualifier_qualifies_only_the_checks_it_names(text, expected):
    assert qualified(text) == expected


# ---- an "everything" spreads over the checks the message names, but not over one it names only
# to say it was not run or is still to come: that check is no claim of the message (the gate
# holds the bare "everything" to the session's runs instead, docs/VERDICTS.md rule 4b)
@pytest.mark.parametrize("text", [
    "Everything passes. I haven't run the tests.",
    u"全部通过。测试还没跑。",
    u"所有检查都通过了。下一步我会补 e2e 测试。",
    "All green. I'll add more tests next.",
    "All green. Next, I will add tests for the parser.",
    "Everything is green. I didn't run pytest though, the venv is broken.",
    "All checks pass. Couldn't run the e2e suite: no browser here.",
    u"全部 OK。mypy 我没有跑。",
])
def test_an_everything_does_not_spread_to_a_check_named_only_as_not_run(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    ("Lint is clean. Everything passes. I have not run the tests yet.", ["lint"]),
    ("Ran pytest and ruff. All green.", ["lint", "test"]),
    ("The tests were failing before; I fixed the import. Everything passes now.", ["test"]),
    (u"跑了 pytest 和 ruff，全部通过。e2e 还没跑。", ["lint", "test"]),
])
def test_an_everything_still_covers_the_checks_named_as_run(text, expected):
    assert categories(text) == expected


# ---- a runner named right before another is a subject of its own, not the other's modifier
# (generic modifiers such as "pytest" in "the pytest suite" stand before a noun, not a runner):
# "Ran pytest and ruff: both pass" lost the tests
@pytest.mark.parametrize("text, expected", [
    ("Ran pytest and ruff: both pass.", ["lint", "test"]),
    ("I ran pytest and mypy, and nothing failed.", ["test", "typecheck"]),
    ("Ran cargo test and clippy: both pass.", ["lint", "test"]),
    ("Executed jest and tsc: both pass.", ["test", "typecheck"]),
    ("Ran go test and go vet: both clean.", ["lint", "test"]),
    ("The pytest and jest tests pass.", ["test"]),           # modifiers of a noun stay modifiers
])
def test_a_runner_before_a_runner_is_its_own_subject(text, expected):
    assert categories(text) == expected


# ---- a not-rerun disclosure whose verb takes a thing that is no check is about that thing: a
# status list with "haven't rebuilt the image yet" on its last row lost every claim of the list
@pytest.mark.parametrize("text, expected", [
    ("- ✅ `dotnet build` — 0 errors\n- ✅ `dotnet test` — 612 passed\n"
     "- ❌ Docker image — missing ICU; I changed a setting but haven't rebuilt the image yet", ["build", "test"]),
    ("Tests pass. I haven't rerun the migration script since.", ["test"]),
    ("Lint is clean; I didn't re-run the fixtures loader afterwards.", ["lint"]),
    # a pronoun, the checks' own words or what the checks run on keep the disclosure on the checks
    ("Tests pass; I haven't rerun them since the refactor.", []),
    ("Lint passes. I haven't re-checked the code since the rename.", []),
    ("All tests pass. I haven't rerun the whole thing since the rebase.", []),
    ("All tests pass; I didn't re-test the branch after rebasing.", []),
    ("All tests pass. I haven't re-run the suite since the last edit.", []),
])
def test_a_disclosure_about_a_thing_that_is_no_check_leaves_the_claims(text, expected):
    assert categories(text) == expected
