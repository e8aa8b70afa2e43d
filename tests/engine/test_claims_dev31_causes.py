# -*- coding: utf-8 -*-
"""Claims causes found on the dev31 sets (written blind 2026-12-04 from the labelling guide, scored
before any tuning: en 0.980/0.857, zh 0.957/0.846, mixed 1.000/0.907). Each group holds the set's
own sentence, lines of our own, and negatives."""

import pytest

from stalegreen.engine import claims
from stalegreen.engine.lexicon import commands


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    # the runs just listed, picked by their place in the list
    ("Ran ruff, mypy and pytest. The first two are clean; pytest has 2 failures in `test_export.py`.",
     ["lint", "typecheck"]),
    ("I ran pytest and eslint. The latter is clean.", ["lint"]),
    ("I ran pytest and eslint. The former passes.", ["test"]),
    ("I ran pytest, eslint and tsc. The last two are clean.", ["lint", "typecheck"]),
    # "all three" with the verb of a run's return
    ("I ran `go build ./...`, `go vet ./...` and `go test ./...`. All three came back clean.", ["build", "lint", "test"]),
    ("Ran ruff and mypy. All two came back clean.", ["lint", "typecheck"]),
    # negatives: an ordinal before a noun is no pronoun; nothing listed before
    ("The first two tests fail.", []),
    ("The first two are clean.", []),
])
def test_a_pronoun_picks_runs_by_their_place_in_the_list(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # GitHub's own words, and its command-line client, report CI's results
    ("Pushed `a41f9c2`. GitHub shows all checks passed for it (build, test, lint).", []),
    ("I checked `gh pr checks 482` myself: lint, test and build all show pass.", []),
    ("`gh run view 9912` says the test job passed.", []),
    ("`glab ci status` shows the pipeline green: lint and tests pass.", []),
    # not CI: a run of its own beside a GitHub word
    ("Fixed the GitHub webhook parser; `pytest tests/webhooks` passes.", ["test"]),
    ("`pytest` passes; I'll open the PR on GitHub next.", ["test"]),
])
def test_results_read_from_github_are_relayed(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a noun "error" modifies is no failure
    ("`dune build @all` is clean and `dune test` passes \u2014 I promoted the two expect-test diffs since they "
     "were just the new error wording.", ["build", "test"]),
    ("All tests pass; I also reworded the error message for expired tokens.", ["test"]),
    ("`npm test` passes \u2014 the new error boundary renders the fallback.", ["test"]),
    ("Lint is clean, and the error handling in `client.ts` is simpler now.", ["lint"]),
    ("The build succeeds; the error page now shows the request id.", ["build"]),
    # an error still fails
    ("40 passed, 1 error.", []),
    ("`npm test`: 40 passed, 2 errors.", []),
    ("The build fails with an error message about `libssl`.", []),
])
def test_an_error_noun_modifier_is_no_failure(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # plural subjects' bare "compile", and a build's link step
    ("Changes compile.", ["build"]),
    ("Both crates compile.", ["build"]),
    ("All three targets compile.", ["build"]),
    ("Both crates now compile.", ["build"]),
    ("The whole thing links now \u2014 it was the missing `-lm` for the `pow` call in `stats.c`.", ["build"]),
    ("The binary links cleanly.", ["build"]),
    ("It links.", ["build"]),
    # the test code compiling is a part of the build, not a test pass
    ("The tests compile now, but I haven't run them yet.", ["build"]),
    ("The new test compiles.", ["build"]),
    # negatives: an instruction, a question, a condition, a negation, links that are no link step
    ("Make sure things compile.", []),
    ("Does it compile?", []),
    ("Let me know if they compile.", []),
    ("The tests do not compile.", []),
    ("I updated the links.", []),
    ("See the links above.", []),
    ("Since test compiles everything anyway, I skipped `go build`.", []),
])
def test_compile_and_link_words_of_a_build(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a checker's count of findings with a modifier, or its suggestions
    ("hlint has no suggestions for `src/Parser.hs`.", ["lint"]),
    ("SwiftLint: 0 serious violations, 7 warnings.", ["lint"]),
    ("`detekt` reports no critical issues.", ["lint"]),
    # a run's own count of what it looked at, before its result
    ("Ran `helm lint` on each chart (api, worker, web): 3 chart(s) linted, 0 chart(s) failed.", ["lint"]),
    ("Ran `kubeconform` on `deploy/`: 23 manifests validated, 0 errors.", ["lint"]),
    # a result sentence after a command with an arrow
    ("`sqlfluff lint models/ --dialect snowflake` \u2192 All Finished! No violations.", ["lint"]),
    ("`rubocop` \u2192 done! No offenses detected.", ["lint"]),
    # negatives
    ("hlint has 3 suggestions for `src/Parser.hs`.", []),
    ("Next I will run `sqlfluff lint`. No violations expected.", []),
    ("SwiftLint: 2 serious violations.", []),
])
def test_findings_counted_to_zero(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a task runner in brackets after a claim is the means of its run, not one more check
    ("The cocotb testbench passes all 9 tests (`make -C tb SIM=verilator`).", ["test"]),
    ("All tests pass (`make`).", ["test"]),
    ("Lint is clean (`npm run lint`).", ["lint"]),
    # a checker in brackets is one more check
    ("Build \u2714 (0 warnings) \u00b7 Tests \u2714 344/344 \u00b7 Format \u2714 (`dotnet format --verify-no-changes`)",
     ["build", "lint", "test"]),
    ("`make check` passes (`ruff`, `mypy`).", ["lint", "test", "typecheck"]),
])
def test_a_task_runner_in_brackets_is_the_means_of_the_run(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a cheering emoji ends its sentence: a plan after it is its own
    (u"编译一次性过了 \U0001f389 下一步跑测试。", ["build"]),
    ("Build passes \U0001f389 next I'll run the tests.", ["build"]),
    ("All green \U0001f680 I'll open the PR after lunch. Tests and lint both ran.", ["lint", "test"]),
    ("\U0001f680 Build passes.", ["build"]),
    # negatives: the plan before the emoji is still a plan
    ("Next I'll run the tests \U0001f389", []),
    (u"`cargo test` 通过 \U0001f600 fixture 注入", []),
])
def test_a_cheering_emoji_ends_its_sentence(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # Chinese: short compile verbs, bundling, the compiler speaking, doctest, vet, no red ones left
    (u"前后端都能编了，测试还没跑。", ["build"]),
    (u"前端能正常打包了，之前那个 `Rollup failed to resolve import` 已经解决。", ["build"]),
    (u"项目能正常构建了。", ["build"]),
    (u"编译器不再报错了，之前那个 `borrowed value does not live long enough` 通过把 `buf` 提到循环外解决。", ["build"]),
    (u"编译器没有报错。", ["build"]),
    (u"doctest 都过了，README 里的示例代码也同步更新了。", ["test"]),
    (u"vet 干净，测试通过，编译 OK。", ["build", "lint", "test"]),
    (u"单测那边已经没有红的了，集成测试我没跑。", ["test"]),
    (u"单测跑了三遍，三遍都是全绿。", ["test"]),
    # negatives
    (u"不能编了。", []),
    (u"还是不能正常打包。", []),
    (u"编译器版本升级了。", []),
    (u"能编辑了。", []),
    (u"测试红了。", []),
    (u"编不过，报 undefined。", []),
    (u"测试跑不过。", []),
])
def test_chinese_build_and_test_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # a conclusion drawn from results a relayed line introduced is relayed too
    (u"CI 日志里是这样的：\n\n```\nBUILD SUCCESSFUL in 2m 13s\n```\n\n所以构建本身没问题，挂的是后面的 deploy 步骤。", []),
    ("According to the CI log:\n\n```\nTests: 41 passed\n```\n\nSo the tests pass; the deploy step is what failed.", []),
    # not after a relay: the agent's own conclusion
    ("I ran the suite:\n\n```\nTests: 41 passed\n```\n\nSo the tests pass.", ["test"]),
    # a log line read as its category ("日志最后一行是 `BUILD SUCCESSFUL`" is the build's, not the tests')
    (u"我看了日志，最后一行是 `BUILD SUCCESSFUL`。", ["build"]),
])
def test_conclusions_keep_their_premise_source(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    # not-run words are no failure: 跑不了 (cannot run) stays a not-run disclosure
    (u"`flutter build apk` 成功；我这边没有 Mac，`flutter build ios` 跑不了。单测 `flutter test` 全过。", ["build", "test"]),
    (u"除了 `e2e/checkout.spec.ts` 之外其他测试都通过了，那个 e2e 依赖支付沙箱，本地跑不了。", ["test"]),
    # a compile word beside the only type checker it names, after it too, is that run's: its failure
    # takes the compile word back ("能编了，但 `cargo check` 过不去"); a run with a result of its own keeps both
    (u"现在能编了，但 `cargo check` 过不去。", []),
    (u"绑定现在能编了，`cargo check` 没有报错。", ["build", "typecheck"]),
])
def test_chinese_not_run_and_compile_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("code, expected", [
    # a package's check called at its language's prompt
    ("Pkg.test()", [("test", "julia test", "all")]),
    ("devtools::test()", [("test", "R test", "all")]),
    ("lintr::lint_package()", [("lint", "R lint", "all")]),
    ("devtools::check()", [("test", "R CMD check", "all")]),
    # other calls are no runs
    ("dplyr::filter(x)", []),
    ('Pkg.add("X")', []),
    ("print(x)", []),
])
def test_a_prompt_call_is_a_run(code, expected):
    assert commands.classify_code(code) == expected
