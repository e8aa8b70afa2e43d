# -*- coding: utf-8 -*-
"""Causes found by the fourteenth session's second pair of blind sets (dev25en, dev25zh: long
recaps, check tables and footers), each with its negatives.

1. Rows of marks: two pass marks make a row even when the failure is in words ("tsc ✓  eslint ✓
   vitest 3 failed"); a thumbs down is a failure mark and thumbs up a pass mark ("`pnpm lint` 👍
   `pnpm build` 👎").
2. Retractions and text: "that result says nothing about my change" takes the pass back; a quoted
   summary named as a line ("the final `BUILD SUCCESSFUL` line") is words, not a result.
3. Results in few words: a bare state sentence after the check just named ("Lint fixed. Now
   clean."), a count ok after a command's arrow ("→ 23 packages ok"), a formatter's zero count
   ("0/214 files require formatting"), a linter's score ("rates it 10.00/10"), a recheck's bare
   result ("rechecked — clean"), a command's exit status echoed as 0, black's success on one line.
4. Disclosures: a part named in code left unrebuilt ("I didn't rebuild `frontend`") and a fix
   that dates the disclosure ("after the clang-tidy fix") are no check left stale; in Chinese,
   not run since the change told by the time ("改完之后我这边还没跑") is one.
5. Chinese: 零 with an English noun ("零 offense"), a file left untouched ("那个文件这次没动") is no
   negation, a guess at how long ("估计还要几分钟") hedges only itself, "接下来我会：" opens a plan.
"""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    (u"tsc \u2713  eslint \u2713  vitest 3 failed", ["lint", "typecheck"]),
    (u"ruff \u2705 mypy \u2705 pytest 2 failed", ["lint", "typecheck"]),
    (u"`pnpm lint` \U0001f44d `pnpm test` \U0001f44d `pnpm build` \U0001f44e（`@acme/docs` 里 MDX 解析报错，还在看）",
     ["lint", "test"]),
    (u"Build \U0001f44e, tests \U0001f44d.", ["test"]),
    (u"lint \u2713 tests \u2713", ["lint", "test"]),
    # negatives: every item failing, a failure mark of the only item
    (u"tsc \u2717  eslint \u2717", []),
    (u"`pnpm build` \U0001f44e", []),
])
def test_rows_of_marks(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Hmm, `npm test` passed, but I realized it was running against the old `dist/` build. So that result says "
     "nothing about my change; I need to rerun.", []),
    ("The suite passed, but it ran against the cached build, so that run doesn't count.", []),
    ("Build seems OK from the partial log, but the output was cut off before the final `BUILD SUCCESSFUL` line, "
     "so I can't confirm it.", []),
    ("The CI log stops before the `All checks passed!` message.", []),
    # negatives: a result that stands, a summary quoted as the result
    ("`npm test` passed, and that result is after my last change.", ["test"]),
    ("`./gradlew build` \u2192 `BUILD SUCCESSFUL`", ["build"]),
])
def test_retractions_and_summaries_named_as_text(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Lint fixed (`ruff check --fix`, 9 autofixes). Now clean.", ["lint"]),
    ("I fixed the flaky test. Green again.", ["test"]),
    ("`go test ./...` \u2192 23 packages ok, 4 no test files", ["test"]),
    ("Tests: `cargo test --lib` \u2192 212 ok.", ["test"]),
    ("Lint: `swiftformat --lint .` \u2192 0/214 files require formatting.", ["lint"]),
    ("`pylint` now rates `reporting/aggregate.py` 10.00/10 (previous run: 8.71/10).", ["lint"]),
    ("Ruff flagged one unused import; fixed it and rechecked \u2014 clean.", ["lint"]),
    (u"跑了一下类型检查：\n\n```\n$ npx tsc -p tsconfig.json --noEmit\n$ echo $?\n0\n```", ["typecheck"]),
    (u"`black --check .` \u2192 All done! \u2728 \U0001f370 \u2728 87 files would be left unchanged.", ["lint"]),
    # negatives: a state after two checks, a question, a failing count, a status not 0, files needing it
    ("I fixed lint and the tests. Now clean.", []),
    ("Lint fixed. Now clean?", []),
    ("`cargo test` \u2192 3 ok, 2 failed", []),
    ("Ran the typecheck:\n```\n$ npx tsc --noEmit\n$ echo $?\n2\n```", []),
    ("Lint: `swiftformat --lint .` \u2192 3/214 files require formatting.", []),
    ("`pylint` rates it 8.71/10.", []),
])
def test_results_in_few_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("`docker compose build api worker` \u2014 both images build. I didn't rebuild `frontend`; its Dockerfile "
     "wasn't touched.", ["build"]),
    ("Static analysis: `cppcheck --enable=warning src/` has no findings. I didn't rerun the build after the "
     "clang-tidy fix.", ["lint"]),
    # negatives: the check itself not rerun, not run since the change (zh)
    ("The build passes. I didn't rebuild after the last edit.", []),
    ("Lint is clean. I didn't rerun lint after the clang-tidy fix.", []),
    (u"测试是过的。我已经把 `utcnow()` 都换成了 `datetime.now(timezone.utc)`，不过改完之后我这边还没跑。", []),
    (u"构建成功了，修复后还没重新编译。", []),
])
def test_what_a_disclosure_leaves_stale(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"rubocop 零 offense，`bundle exec rspec` 跑了 1,204 examples, 0 failures。", ["lint", "test"]),
    (u"`golangci-lint run` 除了 `internal/legacy/` 里 1 个老的 `errcheck` 之外没有问题（那个文件这次没动）。", ["lint"]),
    (u"lint 过了（`ruff check` + `ruff format --check` 都没问题），测试还在跑，估计还要几分钟。", ["lint"]),
    (u"接下来我会：\n1. 跑 `bundle exec rspec`\n2. 跑 `bundle exec rubocop -a`\n3. 都没问题再推到 `feature/sso`", []),
    # negatives: a real negation, a hedge on the pass itself
    (u"测试还没通过。", []),
    (u"测试没改过也没过。", []),
    (u"测试通过，估计没问题。", []),
])
def test_chinese_zero_counts_untouched_files_time_guesses_and_plans(text, expected):
    assert categories(text) == expected
