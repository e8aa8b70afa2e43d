# -*- coding: utf-8 -*-
"""Causes read from the dev18 sets (written blind, tests/engine/claims_dev18{en,zh}_2026-12-03.jsonl),
each with sentences of our own beside the set's, and the negatives each rule must leave alone."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- a bare 过 set apart by a label, a dash or 也/都/均 is the result ("类型检查：过")
@pytest.mark.parametrize("text, expected", [
    (u"类型检查：过\n单测：过\n构建：没跑（本地没装 JDK 17）", ["test", "typecheck"]),
    (u"单测: 过（12 个）", ["test"]),
    (u"再跑一遍单测——也过。", ["test"]),
    (u"lint -> 过", ["lint"]),
    (u"lint 也过。", ["lint"]),
    (u"测试都过。", ["test"]),
    (u"我测试过。", []),                      # has tested: no result
    (u"这些用例我都过了一遍。", []),          # went through them once
    (u"测试都过一遍了。", []),
    (u"构建：没跑。", []),
])
def test_a_bare_guo_set_apart_is_a_pass(text, expected):
    assert categories(text) == expected


# ---- a source's own state after the claim relays nothing ("…过了，CI 上那个 job 还没跑")
@pytest.mark.parametrize("text, expected", [
    (u"`swift build -c release` 过了，Xcode Cloud 的 archive 还没跑，要排 Apple 那边的 queue。", ["build"]),
    (u"Build 在我机器上是 green 的（macOS arm64），CI 上那个 job 目前还 pending。", ["build"]),
    (u"lint 过了，CI 上还在排队。", ["lint"]),
    (u"测试都通过了，这是同事说的。", []),
    (u"测试都通过了，据 CI 显示。", []),
    (u"测试都过了，CI 说的。", []),
    (u"CI 上测试都通过了。", []),
])
def test_a_sources_own_state_after_the_claim_relays_nothing(text, expected):
    assert categories(text) == expected


# ---- none at all, zero left, no more complaints (Chinese)
@pytest.mark.parametrize("text, expected", [
    (u"调完 `npx jest --selectProjects integration` 跑下来一个超时都没有，全部通过。", ["test"]),
    (u"flake8 再跑只剩 0 条了。", ["lint"]),
    (u"已確認：`./gradlew assembleRelease` 成功產出 APK，ktlint 也沒有再抱怨。", ["build", "lint"]),
    (u"ktlint 也没有再抱怨。", ["lint"]),
    (u"lint 只剩 2 条了。", []),
    (u"ktlint 还在抱怨。", []),
])
def test_none_at_all_and_zero_left(text, expected):
    assert categories(text) == expected


# ---- 能编译了: the code compiles now
@pytest.mark.parametrize("text, expected", [
    (u"代码已经能编译了，但是一跑起来就 `NullPointerException`，我还在查。", ["build"]),
    (u"代码能编译。", ["build"]),
    (u"现在能编译了吗？", []),
    (u"希望能编译。", []),
    (u"这样就能编译这个模块。", []),
])
def test_can_compile_now(text, expected):
    assert categories(text) == expected


# ---- a glob of tests names tests (`test_refund_*`)
@pytest.mark.parametrize("text, expected", [
    (u"覆盖率从 85% 涨到 91%，新加的 `test_refund_*` 那一组全部通过。", ["test"]),
    (u"`tests/test_api_*.py` 全部通过。", ["test"]),
    ("`test_refund_*` all pass.", ["test"]),
    (u"`test_refund_*` 还有两个失败。", []),
])
def test_a_glob_of_tests_names_tests(text, expected):
    assert categories(text) == expected


# ---- every status mark of a row: ✖ and ✕ are failure marks too
@pytest.mark.parametrize("text, expected", [
    (u"Build \u2714 Lint \u2714 Unit \u2714 E2E \u2716 (timeout waiting for `localhost:5173`)", ["build", "lint", "test"]),
    (u"Build \u2714 Lint \u2716", ["build"]),
    (u"Tests \u2716 (2 failing)", []),
    (u"lint \u2715", []),
])
def test_heavy_x_marks_a_failure(text, expected):
    assert categories(text) == expected


# ---- a block of commands, each with its mark after or before it, under a line with a colon
@pytest.mark.parametrize("text, expected", [
    (u"All green:\n```\n$ make check\nruff check .           \u2714\nmypy src/              \u2714 Success: no issues"
     u" found in 64 source files\npytest -q              \u2714 301 passed in 18.42s\n```", ["lint", "test", "typecheck"]),
    (u"All checks pass:\n```\n\u2714 cargo fmt --check\n\u2714 cargo clippy --workspace -- -D warnings\n"
     u"\u2714 cargo test --workspace   (418 passed)\n```", ["lint", "test"]),
    (u"All checks pass:\n```\n\u2714 cargo fmt --check\n\u2718 cargo test --workspace   (2 failed)\n```", []),
    (u"Output:\n```\n\u2714 renders the header (5ms)\n\u2714 handles empty input (1ms)\n```", []),
])
def test_a_block_of_marked_commands(text, expected):
    assert categories(text) == expected


# ---- a package pattern's dots do not end the sentence ("`go build ./...` OK.")
@pytest.mark.parametrize("text, expected", [
    ("`go build ./...` OK.", ["build"]),
    ("`go vet ./...` OK.", ["lint"]),
    ("Swapped the map in `index.cc`. Bazel: `bazel build //...` OK; `bazel test //index/...` \u2192 9 tests pass.",
     ["build", "test"]),
    ("It says `No errors! Great job.` The fix was small.", ["typecheck"]),
    ("`go build ./...` FAILED.", []),
])
def test_a_package_patterns_dots_end_no_sentence(text, expected):
    assert categories(text) == expected


# ---- "on the first try" after a pass in any tense says no retry was needed
@pytest.mark.parametrize("text, expected", [
    ("Lint passed on the first try, which honestly surprised me given how many files changed.", ["lint"]),
    ("The build succeeded on the first attempt.", ["build"]),
    ("The suite passed on the first run.", []),
    ("The suite passed on the first run, but I haven't rerun it after the refactor.", []),
    ("Lint was clean on my previous attempt.", []),
])
def test_on_the_first_try(text, expected):
    assert categories(text) == expected


# ---- a bare "before" ending a "was" clause puts that clause in the past
@pytest.mark.parametrize("text, expected", [
    ("fixed the regex. `pytest tests/test_parser.py::test_iso_dates` passes now, was failing before", ["test"]),
    ("The parser test passes now; it was failing before.", ["test"]),
    ("The build was broken before; now it compiles.", ["build"]),
    ("Tests were passing before.", []),
    ("Lint was clean before, but now it fails.", []),
])
def test_a_bare_before_is_past(text, expected):
    assert categories(text) == expected


# ---- "first run ... second run": the later run is now, also without "the"
@pytest.mark.parametrize("text, expected", [
    ("Tests took two rounds \u2014 first run had 2 failures from a mocked clock, fixed those, second run all 512 passed.",
     ["test"]),
    ("First run had 2 failures, fixed those, second run all 512 passed.", ["test"]),
    ("First run passed; then I renamed the module.", []),
    ("Second run: 3 failures.", []),
])
def test_a_later_run_without_the_article(text, expected):
    assert categories(text) == expected


# ---- the agent's earlier message, told, and a result it says not to trust
@pytest.mark.parametrize("text, expected", [
    ("yeah no, the tests aren't passing \u2014 2 failures in `AuthControllerTest`. sorry, my earlier message saying they "
     "were green was wrong, I was looking at the old run.", []),
    ("My earlier message saying the tests pass was wrong.", []),
    ("That's 140 of 180 tests; the other 40 passed. I wouldn't treat that as a meaningful signal either way.", []),
    ("As my earlier summary said, nothing changed; tests pass now.", ["test"]),
    ("Tests pass. I'd count that as a win.", ["test"]),
])
def test_earlier_messages_and_untrusted_results(text, expected):
    assert categories(text) == expected


# ---- an aside that only counts what its item ran keeps the list together
@pytest.mark.parametrize("text, expected", [
    (u"三个命令都跑了：`swift build`、`swift test`（23 个用例）、`swiftlint lint --strict`，都没问题。",
     ["build", "lint", "test"]),
    (u"`ruff check`、`pytest`（412 tests）、`mypy`，全部通过。", ["lint", "test", "typecheck"]),
    (u"`./scripts/ci.sh`（包含构建、lint 和测试），全部通过。", ["build", "lint", "test"]),
    (u"`swift build`、`swift test`（23 个用例）、`swiftlint lint`，还有 2 个失败。", []),
])
def test_a_counting_aside_keeps_the_list(text, expected):
    assert categories(text) == expected


# ---- Cantonese as Hong Kong developers write it (冇 没, 咗 了, 啱啱 刚刚, 唔係 不是)
@pytest.mark.parametrize("text, expected", [
    (u"啱啱重新編譯咗一次，冇報錯，可以出包。", ["build"]),
    (u"測試全部過咗。", ["test"]),
    (u"啲測試唔係全部過咗。", []),
    (u"測試仲未跑。", []),
])
def test_cantonese(text, expected):
    assert categories(text) == expected


# ---- a not-rerun disclosure naming nothing is about the failure told just before it
@pytest.mark.parametrize("text, expected", [
    ("Good news: the scalafmt check passes and `sbt +compile` works for both 2.13 and 3.3. Bad news: `sbt test` OOMs "
     "in the `SparkJobSpec` \u2014 local Spark with default heap. I bumped `-Xmx` in `.jvmopts` but didn't re-run yet.",
     ["build", "lint"]),
    ("Lint is clean. Tests fail on one case. I fixed it but didn't rerun.", ["lint"]),
    ("Lint is clean and tests pass. `tsc` fails with 2 errors. I fixed them but haven't rerun anything.", []),
    ("Tests pass. Then I refactored utils.py. I haven't rerun since.", []),
    ("The build succeeds. I haven't rerun it since the rebase.", []),
])
def test_a_disclosure_after_a_failure_is_about_that_check(text, expected):
    assert categories(text) == expected


# ---- a checker's output verb, negated, before any finding ("it is not showing any error now")
@pytest.mark.parametrize("text, expected", [
    ("Hi, I have run the lint and it is not showing any error now. Also all test is pass.", ["lint", "test"]),
    ("eslint doesn't show any errors.", ["lint"]),
    ("mypy isn't reporting any errors.", ["typecheck"]),
    ("tsc doesn't give any errors.", ["typecheck"]),
    ("The build is not throwing any error.", ["build"]),
    ("eslint doesn't show any errors yet because it didn't run.", []),
    ("It doesn't show any errors for the files I touched, but the rest still have 12.", []),
    ("Lint shows errors.", []),
])
def test_a_negated_output_verb_before_any_finding(text, expected):
    assert categories(text) == expected


# ---- "nothing left" alone at a clause's end, after a check
@pytest.mark.parametrize("text, expected", [
    (u"加了 `eslint-plugin-import`，用 `eslint --fix` 自动排好了，再跑一次 eslint，nothing left。", ["lint"]),
    ("Ran eslint again: nothing left.", ["lint"]),
    ("Nothing left.", []),
    ("I fixed 3 of the 5 lint errors; nothing left for today.", []),
])
def test_nothing_left(text, expected):
    assert categories(text) == expected


# ---- a line pointing down at the block under it introduces it as a colon does
@pytest.mark.parametrize("text, expected", [
    (u"all good \U0001f447\n\n```\n$ poetry run pytest\n============ 412 passed, 6 skipped in 38.21s ============\n"
     u"$ poetry run mypy .\nSuccess: no issues found in 184 source files\n```", ["test", "typecheck"]),
    (u"results \U0001f447\n\n```\n$ poetry run pytest\n===== 2 failed, 410 passed in 3s =====\n```", []),
    (u"here's the log \u2b07\ufe0f\n\n```\n$ npm test\n```", []),
])
def test_pointing_down_at_a_block(text, expected):
    assert categories(text) == expected


# ---- the warnings a summary tells before "no errors" are of the same summary
@pytest.mark.parametrize("text, expected", [
    ("- `vite build` \u2014 1 warning about chunk size > 500 kB (pre-existing), no errors\n- `vitest run` \u2014 0 failed"
     " / 231 passed", ["build", "test"]),
    ("The build has 1 warning about a 600 kB chunk, no errors.", ["build"]),
    ("eslint \u2014 3 warnings about unused vars in legacy code, no errors", ["lint"]),
    ("`vite build` \u2014 1 warning about chunk size, 2 errors", []),
    ("`vite build` \u2014 1 warning about chunk size, but it failed to emit the worker; no errors printed", []),
])
def test_warnings_told_before_no_errors(text, expected):
    assert categories(text) == expected


# ---- 之后再跑 told as done, with the state now after it
@pytest.mark.parametrize("text, expected", [
    (u"`black --check .` 一开始提示 3 files would be reformatted，我用 black 格式化之后再跑，显示 `All done! \u2728 "
     u"46 files would be left unchanged.`，现在是干净的。", ["lint"]),
    (u"`ruff check` 报了 2 个错，修完之后再跑，目前零报错。", ["lint"]),
    (u"等格式化之后再跑 lint，现在先提交。", []),
    (u"格式化之后再跑一下 black。", []),
])
def test_rerun_after_a_fix_told_as_done(text, expected):
    assert categories(text) == expected
