# -*- coding: utf-8 -*-
"""Causes found by the fourteenth session's blind sets (dev24en, dev24zh), each with its
negatives.

1. Modality in its own clause: a relay after the claim about other checks' failures or skips
   is theirs ("builds cleanly — 12 failures that were already failing on main"); advice before
   a dash is the user's, the agent's own report after it stands ("I'd run `make check` — I only
   ran the unit tests, and those passed"); a Chinese hedge on a copula of its own ("我认为是误报").
2. The rest left unrun is scope, not negation ("I didn't lint the rest", "其他的我没跑"), and a
   failure in what was left out is not the run's.
3. A check's verb alone in its clause, its subject dropped: "Builds.", "Lints cleanly, builds
   cleanly", ", compiles, and".
4. Output blocks under a verification heading ("## 验证") or an after-the-change line ("修复后："),
   a check redone by its verb ("Rebuilt the docs site:"), dotnet's zh-Hans summary line; output
   quoted as an example ("会看到类似 `12 passed` 的输出") is none.
5. Words of one result: a place phrase between a check and its state, errors "down to zero", a
   zero count whose noun is elided ("0 errors from eslint, 0 from tsc"), N clean runs of a command,
   a project's task by name ("the `lint` script"), a bug finder's zero count, the build's plural.
6. Chinese: 并不/不是完全 negate; 通过 before a compound noun is the preposition ("通过 build tag
   排除"); the excepted item is not the subject; English adverbs in a mixed gap ("，still green").
7. Tables: a first column "Target" names build targets; a column "compile" is the build's.
8. Past and descriptions: "before that switch" (a switch, migration, rewrite is a change); a test
   named in brackets before what it checks ("a test (`test_x`) that checks the wheel builds").
"""

import pytest

from stalegreen.engine import claims, outputs


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    ("Lints cleanly, builds cleanly, tests are a different story \u2014 12 failures in `test_i18n.py` that were "
     "already failing on main.", ["build", "lint"]),
    ("- `pnpm test` \u2705 (except `sitemap.test.ts`, which hits the network and is skipped in CI anyway)", ["test"]),
    ("The build passes \u2014 the e2e suite is skipped on CI though.", ["build"]),
    ("`ruff check` is clean, and the 3 mypy errors are the ones already failing on main.", ["lint"]),
    ("I'd run `make check` before you tag the release \u2014 I only ran the unit tests for the `codec` module, "
     "and those passed.", ["test"]),
    ("Please run the e2e suite too \u2014 I ran the unit tests and they pass.", ["test"]),
    (u"`eslint packages/web` 通过，只剩一个 `react-hooks/exhaustive-deps` 警告，我认为是误报。", ["lint"]),
    (u"构建成功，剩下那条 warning 我觉得是误报。", ["build"]),
    # negatives: a relay about the claim's own check, a bare source, advice after, a hedged pass
    ("- `npx jest` \u2192 2 failed, 118 passed (both pre-existing, also failing on `main`)", []),
    ("All tests pass \u2014 confirmed on CI.", []),
    ("I only ran the unit tests; please run them again and confirm they pass.", []),
    (u"测试跑完了，我觉得是通过了。", []),
    (u"测试通过，我觉得是。", []),
])
def test_modality_stays_in_its_own_clause(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("I ran `eslint src/components/Modal*` and it's clean; I didn't lint the rest of the repo (there are "
     "hundreds of legacy errors there).", ["lint"]),
    ("`mypy src/billing` is clean; I haven't type-checked the rest (lots of old errors there).", ["typecheck"]),
    (u"改完之后那个一直挂着的 `test_last_item` 终于绿了 😄 其他的我没跑。", ["test"]),
    (u"`go test ./pkg/cache/...` 通过，其余的包我没跑。", ["test"]),
    ("The parser tests pass; I didn't run the other packages.", ["test"]),
    # negatives: a failure of the run itself, a not-passed rest, no run said of the rest
    (u"测试其他的没跑通。", []),
    (u"测试没跑通，其他的我没跑。", []),
    ("I ran `eslint src/` and it reports 4 errors; I didn't lint the rest.", []),
    ("I didn't run the rest of the suite.", []),
])
def test_the_rest_left_unrun_is_scope_not_negation(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Builds. Ship it \U0001f6a2", ["build"]),
    ("Lints cleanly, builds cleanly.", ["build", "lint"]),
    ("Formatting is clean (`cargo fmt --check`), compiles, and `cargo nextest run` reports 321 tests passed.",
     ["build", "lint", "test"]),
    ("Builds, tests pass.", ["build", "test"]),
    ("I fixed the import; compiles now.", ["build"]),
    ("Lints and builds fine.", ["build", "lint"]),
    ("Typechecks! (`cabal build` succeeds.)", ["build", "typecheck"]),
    # negatives: a verb with an object, a verb in a question or a plan, a noun
    ("The docker image builds the app.", []),
    ("Builds the image, then runs it.", []),
    ("Builds?", []),
    ("Next: builds cleanly on CI.", []),
])
def test_a_checks_verb_alone_in_its_clause_is_its_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"## 验证\n\n```\n$ python manage.py test\nRan 318 tests in 41.208s\n\nOK\n```", ["test"]),
    ("### Verification\n```\n$ pytest -q\n41 passed in 0.52s\n```", ["test"]),
    (u"修复后：\n```\n$ cargo test\ntest result: ok. 88 passed; 0 failed; 0 ignored\n```", ["test"]),
    ("After the fix:\n```\n$ go test ./...\nok  \texample.com/pkg\t0.012s\n```", ["test"]),
    ("Rebuilt the docs site:\n\n```\n$ mkdocs build --strict\nINFO    -  Documentation built in 2.14 seconds\n```",
     ["build"]),
    (u"`dotnet test` 结果：\n\n```\n已通过! - 失败:     0，通过:   152，已跳过:     0，总计:   152\n```", ["test"]),
    # negatives: no line introducing the block as a run, a failing block, an example of output
    ("```\n$ pytest -q\n41 passed in 0.52s\n```", []),
    (u"修复后：\n```\n$ cargo test\ntest result: FAILED. 87 passed; 1 failed; 0 ignored\n```", []),
    (u"正常情况下会看到类似 `== 12 passed in 0.8s ==` 的输出，如果看到 `ImportError` 就说明虚拟环境没激活。", []),
    ("You should see output like `12 passed in 0.8s` once the fixtures load.", []),
    ("## Notes\n```\n$ pytest -q\n41 passed\n```", []),
])
def test_blocks_the_message_presents_as_its_run(text, expected):
    assert categories(text) == expected


def test_dotnets_zh_hans_summary_is_read_by_the_output_judge():
    passed = outputs.judge("test", u"已通过! - 失败:     0，通过:   152，已跳过:     0，总计:   152", 0, runner="dotnet test")
    failed = outputs.judge("test", u"失败! - 失败:     2，通过:   150，已跳过:     0，总计:   152", 1, runner="dotnet test")
    assert passed["verdict"] == "pass" and failed["verdict"] == "fail"


@pytest.mark.parametrize("text, expected", [
    ("shellcheck across all the scripts in the repo is silent now \u2014 fixed the SC2086 quoting issues.", ["lint"]),
    ("Checked both: type errors are down to zero with `pyright`, and `pytest tests/unit` is all green.",
     ["test", "typecheck"]),
    ("0 errors from eslint, 0 from tsc. Haven't run the Cypress tests.", ["lint", "typecheck"]),
    ("I ran `go test -race -count=20 ./hub/` and got 20 clean runs.", ["test"]),
    ("The `lint` script ran without errors.", ["lint"]),
    ("Spotbugs now reports 0 bugs for the `core` module.", ["lint"]),
    ("ok \u2014 cmake configure + build work on Ubuntu 22.04 with GCC 12.", ["build"]),
    ("The code compiles with `cargo build`, at least.", ["build"]),
    ("`bun run build` bundles to `dist/index.js` (42 KB).", ["build"]),
    ("`mvn -q verify` passes \u2014 that covers compilation, the unit tests and the Spotless check.",
     ["build", "lint", "test"]),
    ("Per your question: yes, `cargo build --release` on this branch works, I just ran it.", ["build"]),
    # negatives
    ("I found no bugs in the tests.", []),
    ("The tests show no bugs.", []),
    ("Type errors are down to 3.", []),
    ("shellcheck across all the scripts in the repo still fails on SC2086.", []),
    ("Per the CI log, the tests pass.", []),
    ("I ran `go test ./hub/` and got 3 failing runs.", []),
])
def test_words_of_one_result(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"lint 并不是完全干净的，`flake8` 还有 4 个 E501（行太长）。", []),
    (u"测试并不都通过。", []),
    (u"测试不算真的通过。", []),
    (u"测试通过了，并不需要改 CI。", ["test"]),
    (u"全量 `go test ./...` 通过（需要真实 Redis 的 `integration` 包除外，已通过 build tag 排除）。", ["test"]),
    (u"已通过单元测试和 lint 检查。", ["lint", "test"]),
    (u"测试除了 `test_upload_large_file`（依赖真实 S3，本地跑不了）以外全部通过。", ["test"]),
    (u"测试除了 `test_upload_large_file` 以外全部通过。", ["test"]),
    (u"The build was green yesterday，今天改完 `Cargo.toml` 的 feature flags 之后我又跑了 `cargo build`，still green。",
     ["build"]),
    (u"我又跑了 `cargo build`，still green。", ["build"]),
    (u"我又跑了 `cargo build`，still red。", []),
])
def test_chinese_negation_objects_exceptions_and_mixed_gaps(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"| Target | compile | tests |\n|---|---|---|\n| jvm | \u2705 | \u2705 210 |\n| js | \u2705 | \u2705 198 |",
     ["build", "test"]),
    (u"| Target | compile |\n|---|---|\n| linux-x64 | \u2705 |\n| darwin-arm64 | \u2705 |", ["build"]),
    # negatives: a target as a goal beside what came out, a failing compile column
    (u"| Metric | Target | Actual |\n|---|---|---|\n| tests | all passing | 3 failing |", []),
    (u"| Target | compile |\n|---|---|\n| jvm | \u274c |", []),
])
def test_table_columns_of_targets_and_compile(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("I haven't run the tests since switching from `unittest.mock` to `pytest-mock`; before that switch they "
     "all passed.", []),
    ("Before the migration the build was green.", []),
    ("Lint was clean before the rewrite; I haven't rerun it.", []),
    ("I added a test (`test_build_succeeds_without_optional_deps`) that checks the wheel builds without the "
     "extras installed. I haven't run it.", []),
    ("I wrote a spec (`spec/lint_spec.rb`) that verifies lint passes.", []),
    # negatives: after the change, a result now
    ("After the switch to `pytest-mock`, all 41 tests pass.", ["test"]),
    ("The build is green after the migration.", ["build"]),
])
def test_results_before_a_change_and_descriptions_of_tests(text, expected):
    assert categories(text) == expected
