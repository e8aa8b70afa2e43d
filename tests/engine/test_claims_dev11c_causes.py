# -*- coding: utf-8 -*-
"""Causes found in the dev11c set (written blind on 2026-12-02, 180 Chinese and 50 mixed
messages): each group states its rule, gives examples of our own first, hard negatives, and the
dev-set sentences last."""

import pytest

from stalegreen.engine import claims


def found(text):
    return sorted((c["category"], c["qualified"]) for c in claims.extract(text).claims)


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a ticked checklist row is a pass mark only when it names a check: a ticked chore ("- [x]
# 更新文档") says the chore is done, it is no pass of the check an unchecked row above it names
@pytest.mark.parametrize("text, expected", [
    (u"- [ ] 跑 `go test ./...`\n- [x] 改 README", []),
    (u"- [ ] 跑 `pytest`\n- [x] 写迁移脚本\n- [x] 更新 CHANGELOG", []),
    ("- [ ] run `ruff check .`\n- [x] Rename the module", []),
    # a ticked row that names a check still says it passed
    (u"- [ ] 更新文档\n- [x] `go test ./...`", ["test"]),
    (u"- [x] 单测\n- [x] lint\n- [ ] 发布说明", ["lint", "test"]),
    ("- [x] build\n- [ ] docs", ["build"]),
    # an empty ballot box (☐, □, ⬜) is an unchecked box, as "[ ]" is
    (u"☐ 单测通过 ☐ lint 通过", []),
    (u"□ 测试通过", []),
    (u"- ☐ 跑 `pytest`\n- ☐ 跑 `mypy`", []),
    (u"☑ 测试 ☐ lint", ["test"]),
    # dev11c
    (u"- [ ] 跑 `pytest`\n- [ ] 跑 `mypy`\n- [x] 更新文档\n\n前两项待你确认后再做。", []),
])
def test_a_ticked_chore_is_no_pass_of_a_check(text, expected):
    assert categories(text) == expected


# ---- a result placed on a third person's machine or side ("在同事的 Mac 上", "他的电脑上"), or said to
# be another branch's ("是 main 分支上的结果"), is theirs: relayed. A comparison with it ("跟同事的机器上
# 结果一致") relays nothing, and the agent's own branch ("我这个分支上") is its own run
@pytest.mark.parametrize("text, expected", [
    (u"`cargo test` 在队友的电脑上是全绿的，我这边缺 OpenSSL 头文件编不过。", []),
    (u"他的 MacBook 上 lint 是干净的，我还没在 Linux 上跑。", []),
    (u"这 12 个用例在别人的环境里是过的，我这边没有 GPU，跑不了。", []),
    (u"`npm run build` 的输出是 master 分支上的结果，不是这个分支的。", []),
    # the agent's own run, or a comparison, stands
    (u"在 main 分支上的结果是失败，我这个分支上测试全部通过。", ["test"]),
    (u"测试全部通过，跟同事的机器上结果一致。", ["test"]),
    (u"和 main 分支的结果一样，测试全部通过。", ["test"]),
    (u"我在你的环境里跑了一遍，测试全部通过。", ["test"]),
    (u"同事本地测试全过，我这边也跑了一遍，全部通过。", ["test"]),
    # without 的, or another person's branch
    (u"队友本地跑过，测试都过了。", []),
    (u"测试在我同事电脑上全部通过。", []),
    (u"测试在同事的分支上是过的。", []),
    # in mixed prose, the English words for them
    (u"tests 在 teammate 的 laptop 上 pass 了。", []),
    (u"jest 在我 colleague 那边是 green 的，我这边 node 版本不对跑不了。", []),
    # dev11c
    (u"`41 pass 0 fail` 是 main 分支上的结果，我这个分支还没跑。", []),
    (u"`-Dtest=PaymentServiceTest` 这个用例在同事的机器上是过的，我这边 Docker 没起来，跑不了 Testcontainers。", []),
    (u"dotnet build 在同事的 Mac 上 works，我这边 Linux 上缺 `libgdiplus`，跑不了。", []),
])
def test_a_result_of_someone_elses_machine_or_branch_is_relayed(text, expected):
    assert categories(text) == expected


# ---- marks the message says are not results: a checklist said to be a template's ("这是 PR 模板里的检查
# 清单"), or a list the agent says it has not run item by item ("我还没逐项跑"), takes back the marks
# before it. A bare "我没跑" is not enough: it may be of the last thing named ("e2e 要浏览器，我没跑")
@pytest.mark.parametrize("text, expected", [
    (u"✅ 单测 ✅ 构建 —— 这只是模板里的勾选项，还没动。", []),
    (u"✅ 测试 ✅ lint：这些是 PR 模板自带的检查清单，我还没逐个跑。", []),
    (u"测试 ✅ 类型检查 ✅，我还没一项项验证，先别合。", []),
    # a template named otherwise, a bare "I didn't run" of the thing named last, and a run made: claims stand
    (u"模板渲染的测试全部通过。", ["test"]),
    (u"单测全部通过，e2e 需要浏览器，我没跑。", ["test"]),
    (u"✅ 测试 ✅ 构建，每一项我都逐个跑过了。", ["build", "test"]),
    # dev11c
    (u"✅ 测试 ✅ 类型 ✅ Lint ✅ 构建 —— 这是 PR 模板里的检查清单，我还没逐项跑，跑完再勾。", []),
])
def test_template_marks_and_lists_not_run_item_by_item_are_no_results(text, expected):
    assert categories(text) == expected


# ---- a time clause "after a change" may name the change by its object, before or after the verb
# ("快照更新后", "更新快照后", "依赖升级之后"), as "换了端口之后" names it with an aspect word: a pass after it
# with its subject dropped is of the run named before
@pytest.mark.parametrize("text, expected", [
    (u"重新跑了 `jest`，更新快照后全部通过。", ["test"]),
    (u"跑了 `pytest`，依赖升级之后都过了。", ["test"]),
    (u"`cargo test` 跑了两遍，fixture 重新生成后全部通过。", ["test"]),
    # any short time clause ending in 后 ("rebase 后", "清掉缓存后", "合并 main 之后")
    (u"跑了 `pytest`，rebase 后全部通过。", ["test"]),
    (u"跑了 `jest`，合并 main 之后都过了。", ["test"]),
    (u"跑了 `pytest`，等 CI 跑完后全部通过就合并。", []),
    (u"跑了 `pytest`，如果改完后全部通过就合并。", []),
    (u"跑了 `pytest`，失败后重试也没过。", []),
    # hard negatives: a failure, a hedge or a plan after the change
    (u"跑了 `pytest`，快照更新后还有 2 个失败。", []),
    (u"跑了 `jest`，快照更新后应该能全部通过。", []),
    (u"跑了 `jest`，等快照更新后再看是否通过。", []),
    # dev11c
    (u"文案改完重新跑了 `jest`，快照更新后全部通过。", ["test"]),
])
def test_a_pass_after_a_change_named_by_its_object(text, expected):
    assert categories(text) == expected


# ---- a format check that finds no file it would change is clean: "没有需要改的文件", "没有文件需要格式化",
# "没有需要修改的地方" (as "没有 diff" is); a count of files to change, or not knowing, is no pass
@pytest.mark.parametrize("text, expected", [
    (u"`cargo fmt --check` 跑完，没有文件需要格式化。", ["lint"]),
    (u"`black --check .` 没有需要修改的地方。", ["lint"]),
    (u"`gofmt -l .` 跑了一遍，没有要调整的文件。", ["lint"]),
    # files it lists none of, files all formatted already, nothing to format
    (u"`gofmt -l .` 没有列出任何文件。", ["lint"]),
    (u"`prettier --check .` 所有文件都已格式化。", ["lint"]),
    (u"`black --check .` 显示 42 个文件都不需要改。", ["lint"]),
    (u"`ruff format --check` 无需格式化。", ["lint"]),
    (u"`gofmt -l .` 列出了 3 个文件。", []),
    (u"`prettier --check .` 还有 2 个文件没格式化。", []),
    (u"测试不需要改动。", []),
    # hard negatives
    (u"`prettier --check .` 报了 3 个文件需要格式化。", []),
    (u"`gofmt -l .` 还没跑，不知道有没有需要改的文件。", []),
    (u"有 3 个文件需要修改，`black --check` 失败。", []),
    # dev11c
    (u"好了，`flutter test` 全过，`dart format --set-exit-if-changed .` 没有需要改的文件。", ["lint", "test"]),
])
def test_a_format_check_with_no_file_to_change_is_clean(text, expected):
    assert categories(text) == expected


# ---- a "+" (or "/") between two checks coordinates them as 和 does: the pass after the second is of
# both ("webpack 构建 + jest 全过", "单测 / lint 全绿")
@pytest.mark.parametrize("text, expected", [
    (u"单测 + 构建全部通过。", ["build", "test"]),
    (u"lint + 类型检查都干净了。", ["lint", "typecheck"]),
    (u"本地 `cargo build` + `cargo test` 都过了。", ["build", "test"]),
    # a slash joins as well
    (u"单测 / lint 全绿。", ["lint", "test"]),
    (u"lint/类型检查 零报错。", ["lint", "typecheck"]),
    # hard negatives: a failure of one, a plan, a pass of only the one named after a comma
    (u"构建 + 测试都还没跑。", []),
    (u"lint + 3 个失败的测试需要修。", []),
    (u"单测 + e2e 都跑了，单测全过。", ["test"]),
    # dev11c
    (u"妥了，webpack 构建 + jest 全过，可以提 MR 了。", ["build", "test"]),
])
def test_a_plus_coordinates_checks(text, expected):
    assert categories(text) == expected


# ---- "mostly" / "largely" is the adverb of "most": the failures after it are what it leaves out, a
# qualified claim ("The auth tests mostly pass; only X fails"), as "Most auth tests pass; ..." is
@pytest.mark.parametrize("text, expected", [
    ("The auth tests mostly pass; only `test_sso_callback` fails.", [("test", True)]),
    ("The specs largely pass; two time out on Windows.", [("test", True)]),
    (u"单测 mostly pass，只有 `test_upload` 超时。", [("test", True)]),
    # hard negatives: a whole check that fails, a failure mostly
    ("Mostly it compiles, but the build fails on the codegen step.", []),
    ("The suite mostly fails.", []),
    # dev11c
    (u"The auth tests mostly pass —— `pytest tests/auth` 里 31 个过了，只有 `test_sso_callback` 因为缺 IdP mock 失败。",
     [("test", True)]),
])
def test_mostly_is_the_adverb_of_most(text, expected):
    assert found(text) == expected


# ---- a type checker in build mode (`tsc -b`, `tsc --build`, `vue-tsc -b`) does two jobs; its claim is
# of the job its words name: a build or compile word, or a run that finishes (succeeds, completes,
# 成功), the build; a checker's verdict on the code (clean, passes, 无错误, 0 errors, a check mark), the
# type check. Either way the other job is the claim's alternate, so the same run backs it
@pytest.mark.parametrize("text, expected", [
    (u"`tsc -b` 跑完 0 个错误。", [("typecheck", ["build"])]),
    ("`pnpm tsc --build` passes with no errors.", [("typecheck", ["build"])]),
    (u"`vue-tsc -b` 没有报错。", [("typecheck", ["build"])]),
    # the build: a compile or build word, a run that finishes
    (u"`tsc --build` 编译通过。", [("build", ["typecheck"])]),
    (u"`tsc -b` 成功，产物在 `dist/`。", [("build", ["typecheck"])]),
    ("`tsc -b` completes without errors.", [("build", ["typecheck"])]),
    # plain `tsc` is a type check whatever its words
    ("`tsc` succeeds.", [("typecheck", [])]),
    # dev11c
    (u"## ✅ 验证\n- `vitest run src/hooks` 全过\n- `tsc -b` 无错误", [("test", []), ("typecheck", ["build"])]),
    ("Verification:\n- `vitest run` ✅ 全过\n- `tsc -b` ✅\n- `eslint .` ✅ no warnings",
     [("lint", []), ("test", []), ("typecheck", ["build"])]),
])
def test_tsc_build_mode_claims_the_job_its_words_name(text, expected):
    assert sorted((c["category"], c["alternates"]) for c in claims.extract(text).claims) == expected


def scopes(text):
    return sorted((c["category"], c["scope"]) for c in claims.extract(text).claims)


# ---- a test noun right after a test run's code, with only a count between ("`pytest tests/migrations`
# 5 个用例通过"), counts that run's tests: the claim has the run's scope, a narrowed run's is a subset
# (the gate must not hold a claim of one test class to the whole suite)
@pytest.mark.parametrize("text, expected", [
    (u"`pytest tests/api` 的 12 个测试全部通过。", [("test", "subset")]),
    (u"`go test ./internal/cache/...` 31 个用例都过了。", [("test", "subset")]),
    (u"`jest src/cart` 14 个测试通过。", [("test", "subset")]),
    # the whole run's count stays all, and a noun after a clause break is not counted by the run
    (u"`pytest` 41 个测试全部通过。", [("test", "all")]),
    (u"`cargo test` 的 230 个用例全过。", [("test", "all")]),
    (u"跑了 `pytest tests/api`，然后整个测试套件也全部通过。", [("test", "all")]),
    # dev11c
    (u"确认过了，`mvn test -Dtest=PaymentServiceTest` 12 个用例全过。", [("test", "subset")]),
    (u"迁移脚本改好了。\n\n验证：\n- `alembic upgrade head` 在本地库执行成功\n- `pytest tests/migrations` 5 个用例通过",
     [("test", "subset")]),
])
def test_a_count_after_a_run_counts_that_runs_tests(text, expected):
    assert scopes(text) == expected


# ---- a run a third person made ("（同事跑的）", "是队友跑出来的结果") is theirs, and marks a template holds
# ("下面是 PR 模板里的勾选项：✅ 测试") are its words: relayed. What they ran as a noun's attribute ("同事跑的那个
# 用例我修了") and a comparison with them ("我和同事跑的结果一样") relay nothing
@pytest.mark.parametrize("text, expected", [
    (u"41 passed（同事跑的）。", []),
    (u"构建成功是同事跑出来的结果。", []),
    (u"测试是同事跑的，全部通过。", []),
    (u"测试全部通过，这是同事那台机器的结果。", []),
    (u"下面是 PR 模板里的勾选项，先原样保留：✅ 测试 ✅ lint", []),
    # hard negatives
    (u"同事跑的那个 flaky 用例我修了，现在测试全部通过。", ["test"]),
    (u"我和同事跑的结果一样，测试全部通过。", ["test"]),
    (u"按 PR 模板跑了一遍：测试全部通过，lint 干净。", ["lint", "test"]),
])
def test_a_third_persons_run_and_a_templates_marks_are_relayed(text, expected):
    assert categories(text) == expected


# ---- a check word that modifies another noun ("测试环境", "构建缓存", "lint 配置", "编译器") names that
# noun, not the check: a success of it ("测试环境搭建成功") is no pass of the check
@pytest.mark.parametrize("text, expected", [
    (u"测试环境搭建成功。", []),
    (u"构建缓存清理成功。", []),
    (u"测试框架升级成功。", []),
    (u"编译器升级成功。", []),
    (u"lint 插件装好了，没有问题。", []),
    # the check named after it, or a check word that is its own subject, still claims
    (u"lint 配置改好了，lint 通过。", ["lint"]),
    (u"测试环境上测试全部通过。", ["test"]),
    (u"构建工具升级后构建成功。", ["build"]),
    (u"测试文件都通过了。", ["test"]),
])
def test_a_check_word_modifying_a_noun_names_no_check(text, expected):
    assert categories(text) == expected


# ---- ticks the message says are a template's (its defaults, its checklist) are no results, on rows
# of their own too: the claims of the ticked rows are the template's words. A run made by a
# template's list ("按 PR 模板的清单跑了一遍：") stands
@pytest.mark.parametrize("text, expected", [
    (u"PR template:\n- [x] Tests pass\n- [x] Lint clean\n（模板默认勾的，我还没跑）", []),
    (u"- [x] 测试通过\n- [x] lint 通过\n\n这些勾是模板默认的，我还没跑。", []),
    (u"- ✅ 测试\n- ✅ lint\n\n这是 PR 模板里的检查清单，我还没逐项跑。", []),
    ("- [x] `pytest`\n- [x] `ruff check .`\n\nThe boxes are the template defaults; I have not run anything yet.", []),
    # hard negatives: a run made by the template's list, ticks with no template said
    (u"按 PR 模板的清单跑了一遍：\n- [x] 测试全部通过\n- [x] lint 干净", ["lint", "test"]),
    ("- [x] `pytest`\n- [x] `ruff check .`", ["lint", "test"]),
    # a claim outside the ticked rows stands
    (u"- [x] 文档\n- [x] 测试\n\n这些勾是模板默认的。另外我跑了 `cargo test`，全部通过。", ["test"]),
])
def test_a_templates_ticks_are_no_results(text, expected):
    assert categories(text) == expected


# ---- a mark put as a placeholder ("先占个位", "（占位）") is no result, and a run still pending ("（待跑）"),
# or a result looked forward to or waited for ("期待…", "等待…"), asserts nothing
@pytest.mark.parametrize("text, expected", [
    (u"测试 ✅（占位，还没跑）", []),
    (u"测试 ✅ —— 先占个位，跑完再更新。", []),
    (u"- [x] 测试（待跑）", []),
    (u"- [x] lint（待验证）", []),
    (u"期待测试全部通过。", []),
    (u"等待测试全部通过。", []),
    # a placeholder component, a merge pending
    (u"占位符的测试全部通过。", ["test"]),
    (u"测试全部通过，待合并。", ["test"]),
])
def test_placeholder_marks_and_pending_runs_are_no_results(text, expected):
    assert categories(text) == expected


# ---- a heading or label that sets requirements (要求, 合并条件, 完成标准, 验收条件) lists goals, as
# "验收标准：" and "Requirements:" do: what it lists asserts nothing
@pytest.mark.parametrize("text, expected", [
    (u"要求：测试全部通过、lint 零警告。", []),
    (u"合并条件：\n- 测试全部通过\n- lint 零警告", []),
    (u"## 完成标准\n- 构建成功\n- 测试全部通过", []),
    # a result after the label, or "as required"
    (u"按要求改好了：测试全部通过。", ["test"]),
    (u"结果：测试全部通过。", ["test"]),
    (u"合并条件：\n- 测试全部通过\n\n已满足：`pytest` 全部通过。", ["test"]),
])
def test_a_requirements_label_lists_goals(text, expected):
    assert categories(text) == expected
