# -*- coding: utf-8 -*-
"""The Chinese vocabulary of the claims grammar (stalegreen/engine/claims_zh.py and
lexicon/zh.py), one group per cause: each group holds examples of our own and, marked, those of
the blind development sets (tests/engine/claims_dev6*) where the cause was found."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


def reasons(text):
    return sorted(set(i["reason"] for i in claims.extract(text).ignored))


@pytest.mark.parametrize("text, expected", [
    (u"测试一个失败都没有。", ["test"]),
    (u"没有一个测试失败。", ["test"]),
    (u"跑了两遍，用例一个都没挂。", ["test"]),
    (u"`eslint` 一条警告也没有。", ["lint"]),
    (u"没有任何用例报错，`pytest` 全部通过。", ["test"]),
    (u"`tsc` 一个错误都没有。", ["typecheck"]),
    # dev6b
    (u"测试一个失败都没有，全部通过。", ["test"]),
])
def test_a_negated_quantifier_over_failures_is_a_pass(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试一个失败都没有。",
    u"没有一个测试失败。",
])
def test_not_one_failure_is_about_the_whole_suite(text):
    assert [c["scope"] for c in claims.extract(text).claims] == ["all"]


@pytest.mark.parametrize("text, expected", [
    (u"`eslint` 没有报任何错。", ["lint"]),
    (u"`tsc` 没有输出任何错误。", ["typecheck"]),
    (u"改完以后 `mypy` 不再报错了。", ["typecheck"]),
    (u"`ruff` 不报警告了。", ["lint"]),
    (u"构建没有抛出任何错误。", ["build"]),
    (u"没有 lint 告警。", ["lint"]),
    # dev6b
    (u"没有任何类型错误，也没有 lint 告警。", ["lint", "typecheck"]),
    (u"类型检查不报错了，不过我怀疑是因为 `any` 太多。", ["typecheck"]),
])
def test_a_check_that_reports_no_errors_passes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`pytest` 结果：通过 98，失败 0，跳过 2。", ["test"]),
    (u"测试：失败 0 个。", ["test"]),
    (u"`golangci-lint` 告警数 0。", ["lint"]),
    (u"类型检查错误数：0。", ["typecheck"]),
    (u"单测失败为 0，构建也成功了。", ["build", "test"]),
])
def test_a_failure_count_of_zero_is_clean(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试部分通过。",
    u"集成测试只是部分通过，还有 3 个超时。",
    u"构建部分成功，`web` 包还是失败。",
    u"e2e 部分过了。",
    u"只有部分用例通过。",
])
def test_a_partial_pass_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text", [
    u"构建成功了么",
    u"测试都过了么？",
    u"lint 干净了么。",
    u"类型检查通过了吗",
    u"你那边测试通过了没有？",
])
def test_a_question_asserts_nothing(text):
    assert categories(text) == [] and "question" in reasons(text)


@pytest.mark.parametrize("text, expected", [
    (u"测试妥了。", ["test"]),
    (u"构建妥妥的。", ["build"]),
    (u"测试稳了。", ["test"]),
    (u"lint 没毛病。", ["lint"]),
    (u"测试全绿，lint 也没问题。", ["lint", "test"]),
])
def test_colloquial_state_words_are_a_pass(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"大概是时区的问题，本地测试全部通过。", ["test"]),
    (u"我觉得是缓存没清的缘故，`pytest` 重跑以后全绿。", ["test"]),
    (u"看起来修复是有效的，测试都过了。", ["test"]),
    (u"估计是上游接口变了，不过构建是成功的。", ["build"]),
    (u"可能是并发写的锅，现在测试跑 200 次零失败。", ["test"]),
    # dev6b
    (u"估计是 CI 缓存的问题，本地测试是过的。", ["test"]),
])
def test_a_hedge_on_a_proposition_of_its_own_leaves_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"从日志上看起来，测试都过了。",
    u"我觉得，lint 应该干净了。",
    u"看上去，构建是成功的。",
    u"估计测试都能过。",
    u"测试全部通过，应该没问题了。",
])
def test_a_hedge_framing_the_claim_still_hedges_it(text):
    assert categories(text) == [] and "hedged" in reasons(text)


@pytest.mark.parametrize("text, expected", [
    (u"单测都过了，可是 e2e 还有一个失败。", ["test"]),
    (u"单元测试全部通过，集成测试 2 个失败。", ["test"]),
    (u"e2e 挂了 1 个，单测 120 个全过。", ["test"]),
    (u"冒烟测试失败了，但单测是绿的。", ["test"]),
    (u"单测通过，e2e 没跑。", ["test"]),
])
def test_a_failure_of_another_kind_of_test_leaves_the_pass(text, expected):
    assert categories(text) == expected
    assert [c["scope"] for c in claims.extract(text).claims] in (["subset"], ["all"])


@pytest.mark.parametrize("text, expected", [
    # 刚才 is "just now"; "passed only after X" (X 之后才通过) is a pass now
    (u"刚才测试全部通过了。", ["test"]),
    (u"方才 `cargo build` 成功了。", ["build"]),
    (u"修好之后测试才通过。", ["test"]),
    (u"装上依赖后构建才成功。", ["build"]),
    (u"改了三次 `tsconfig` 类型检查才通过。", ["typecheck"]),
])
def test_cai_after_an_event_is_no_condition(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, reason", [
    (u"测试要改完配置才能通过。", "conditional"),
    (u"只有装了 Docker，集成测试才能通过。", "conditional"),
    # (an earlier round, and said not run since the change: the disclosure's reason, as in English)
    (u"上一轮测试全部通过，这轮改动后我还没跑。", "disclosed-stale"),
    (u"上一遍 lint 是干净的。", "past"),
    (u"上次构建成功了。", "past"),
])
def test_conditions_and_earlier_runs_are_no_claim(text, reason):
    assert categories(text) == [] and reason in reasons(text)


@pytest.mark.parametrize("text, expected", [
    (u"我不太确定线上有没有别的影响，不过单测都过了。", ["test"]),
    (u"不知道 Windows 上是不是也一样，`cargo test` 在 Linux 上全部通过。", ["test"]),
    (u"还没确认文档要不要更新，lint 已经干净了。", ["lint"]),
    (u"不清楚性能有没有回退，构建是成功的。", ["build"]),
    (u"我没法百分百确定旧数据能不能迁移，但类型检查通过了。", ["typecheck"]),
    # dev6a
    (u"编译是过了，但我不太确定运行时有没有问题，`ctest` 我只跑了 `-R codec` 这部分，8 个测试都过了。",
     ["build", "test"]),
])
def test_a_question_word_in_another_clause_asks_only_of_that_clause(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试有没有都通过，我还没看。",
    u"lint 是不是干净的，我不确定。",
    u"构建成功了吗，能帮我看一下",
    u"类型检查能不能过，还要等 CI。",
    u"我不太确定测试有没有都过。",
])
def test_a_question_about_the_check_itself_still_asks(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"`mvn spotbugs:check` 没有发现 bug。", ["lint"]),
    (u"`golangci-lint run` 没发现问题。", ["lint"]),
    (u"`npm run lint` 无任何输出。", ["lint"]),
    (u"`tsc` 没有检查出任何错误。", ["typecheck"]),
    (u"`ruff check` 没有报告任何 issue。", ["lint"]),
    # dev6a
    (u"- 静态检查：`mvn spotbugs:check` 没有发现 bug", ["lint"]),
])
def test_a_check_that_finds_nothing_passes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"加了一个并发用例，跑了 10 次都没问题。", ["test"]),
    (u"`pytest tests/test_io.py` 我又跑了一遍，全部通过。", ["test"]),
    (u"测试不需要改，跑了一下全部通过。", ["test"]),
    (u"补了两个单测，重新跑了一轮，都过了。", ["test"]),
    (u"`go test -race` 跑了 3 遍，都是绿的。", ["test"]),
])
def test_a_run_count_before_a_dropped_subject_keeps_the_link(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"跑了 `pnpm test`：\n\n> Tests: 48 passed, 48 total\n\n全部通过。", ["test"]),
    (u"`cargo test` 结果：\n\n> test result: ok. 12 passed\n\n都过了。", ["test"]),
    (u"`ruff check .` 的输出：\n\n> All checks passed!\n\n没问题。", ["lint"]),
])
def test_a_comment_after_quoted_output_takes_the_introduced_subject(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"测试全部通过 —— 不过有 2 个 skip。", ["test"]),
    (u"类型检查通过 – 只是有点慢。", ["typecheck"]),
    (u"lint 通过 —— 包括新加的规则。", ["lint"]),
])
def test_a_pass_before_a_dash_is_a_predicate(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, reason", [
    (u"为了让 lint 通过，我加了 `# noqa`。", "future"),
    (u"为了使构建成功，我临时关掉了 `-Werror`。", "future"),
    (u"为了能让测试全部通过，改了 fixture。", "future"),
    (u"mock 掉网络之后测试就能过。", "conditional"),
    (u"把依赖装上，构建就可以成功。", "conditional"),
    (u"加上 `--legacy-peer-deps` 构建就会通过。", "future"),
])
def test_a_purpose_or_a_consequence_asserts_no_pass(text, reason):
    assert categories(text) == [] and reason in reasons(text)


@pytest.mark.parametrize("text, expected", [
    (u"三项检查都过了：单测、lint、类型检查。", ["lint", "test", "typecheck"]),
    (u"两项检查都通过了：`ruff` 和 `pytest`。", ["lint", "test"]),
    (u"lint、测试、构建，三个都是绿的。", ["build", "lint", "test"]),
    (u"`mypy`、`pytest`，两个都过了。", ["test", "typecheck"]),
    (u"单测、集成测试、e2e，四五百个用例全部通过。", ["test"]),
])
def test_a_counted_aggregate_claims_every_check_it_lists(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"修完以后测试没再失败过。", ["test"]),
    (u"`mypy` 不再报错了。", ["typecheck"]),
    (u"加了重试之后集成测试没有再挂过。", ["test"]),
    (u"`cargo fmt --check` 没有 diff。", ["lint"]),
    (u"`prettier --check` 无差异。", ["lint"]),
    (u"`black --check .` 显示没有需要格式化的文件。", ["lint"]),
    (u"编译一次过。", ["build"]),
    (u"打包顺利。", ["build"]),
])
def test_no_longer_failing_and_nothing_to_change_are_passes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"测试全部通过，要不要我顺便把 lint 也修一下？", ["test"]),
    (u"测试全部通过，你看看还有什么要改的吗？", ["test"]),
    (u"lint 干净了，测试过了吗？", ["lint"]),
    (u"构建成功，需要我再补一份发布说明吗？", ["build"]),
    (u"`cargo test` 全绿，下一步是不是先合并到 dev？", ["test"]),
])
def test_a_question_after_a_claim_asks_only_of_its_own_clause(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试全部通过了，对吧？",
    u"lint 是干净的，是吗？",
    u"构建都成功了吧？",
    u"测试是不是都过了？",
    u"类型检查过了没有？",
    u"测试是全部通过了，还是只有一部分？",
    u"构建成功了，或者只是没报错？",
])
def test_a_question_about_the_claim_or_a_tag_question_still_asks(text):
    assert categories(text) == [] and "question" in reasons(text)


@pytest.mark.parametrize("text, expected", [
    (u"你提到测试都过了，我这边也验证了一遍，确实全部通过。", ["test"]),
    (u"测试全部通过，我这边也在 CI 上确认了。", ["test"]),
    (u"测试全部通过，如果你那边有问题，告诉我。", ["test"]),
    (u"测试全部通过，CI 上也是绿的。", ["test"]),
    (u"根据我刚才的运行结果，测试全部通过。", ["test"]),
    (u"lint 没问题，CI 里要是还报错就再看。", ["lint"]),
])
def test_a_relay_that_is_not_the_claims_source_leaves_it(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试全部通过，这是同事说的。",
    u"测试全部通过，据 CI 显示。",
    u"同事说测试都过了，我这边没跑。",
    u"据 CI 显示，测试都过了，我本地没跑。",
    u"根据 README，所有测试都通过。",
])
def test_a_relay_that_is_the_claims_source_still_relays(text):
    assert categories(text) == [] and "relayed" in reasons(text)


@pytest.mark.parametrize("text", [
    u"测试是过了，不过那是重构之前的结果。",
    u"构建成功了，但那是昨天的事了。",
    u"lint 是干净的，可这是早上跑的。",
    u"测试都通过了。不过这是在 rebase 之前跑的，rebase 之后还没跑。",
    u"类型检查通过了。但那都是升级依赖以前的结果。",
])
def test_that_was_before_makes_the_result_past(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"测试在 Python 3.8 和 3.12 上都通过了。", ["test"]),
    (u"构建在 macOS 和 Linux 环境都成功了。", ["build"]),
    (u"`cargo clippy` 在 nightly 工具链下也没有警告。", ["lint"]),
    (u"单测在本地全部通过。", ["test"]),
    (u"之前的 3 个失败用例现在都过了。", ["test"]),
])
def test_a_place_between_subject_and_predicate_keeps_them_linked(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"编译报错，已修复，现在编译通过。", ["build"]),
    (u"类型检查有 3 处报错，均已修复，`tsc` 现在零错误。", ["typecheck"]),
    (u"我跑了一下测试，有一个失败，是 flaky 的，重跑后通过了。", ["test"]),
    (u"第一次跑有一个用例超时，重跑一次全部通过。", ["test"]),
    (u"lint 报了 5 个问题，改完之后 `ruff` 零告警。", ["lint"]),
    (u"原本没过的 `test_login` 现在过了，其它测试也都通过。", ["test"]),
])
def test_a_failure_a_later_clause_says_is_over_negates_nothing(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试有 2 个失败，现在在修。",
    u"构建报错，现在还在查原因。",
    u"lint 有 3 个警告，目前没处理。",
    u"测试有一个失败，重跑后还是失败。",
    u"类型检查报错，已经提了 issue。",
])
def test_a_failure_still_standing_is_no_pass(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"类型检查：❌ 2 个错误；测试：✅。", ["test"]),
    (u"测试：✅；类型检查：❌ 2 个错误。", ["test"]),
    (u"类型检查 ❌ 2 个错误，测试 ✅", ["test"]),
    (u"lint ❌ 12 个警告，构建 ✅，测试 ✅", ["build", "test"]),
    (u"单测 ✅ e2e ❌ 3 个失败", ["test"]),
])
def test_a_failure_count_after_a_mark_is_its_items_note(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"- 类型检查 ☑️", ["typecheck"]),
    (u"测试 👌", ["test"]),
    (u"测试全都过啦！", ["test"]),
    (u"测试都没啥问题。", ["test"]),
    (u"lint 没什么毛病。", ["lint"]),
    (u"测试一切正常。", ["test"]),
    (u"构建正常。", ["build"]),
    (u"`npm test` 返回码 0。", ["test"]),
])
def test_more_colloquial_pass_words(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"构建不正常。",
    u"测试正常运行中。",
    u"lint 返回码 1。",
    u"打包完成。",
    u"测试跑完了。",
])
def test_words_near_a_pass_that_are_none(text):
    assert categories(text) == []


@pytest.mark.parametrize("text", [
    u"按说测试能过。",
    u"测试多半能通过。",
    u"测试肯定能过。",
    u"不出意外测试都能过。",
    u"八成构建会成功。",
    u"测试大概率没问题。",
])
def test_a_prediction_is_a_hedge(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"我确认测试都通过了。", ["test"]),
    (u"可以确认测试全部通过。", ["test"]),
    (u"经确认，测试全部通过。", ["test"]),
    (u"确认过了，lint 干净。", ["lint"]),
    (u"已确认 `pytest` 全部通过。", ["test"]),
])
def test_a_confirmation_made_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"预期结果：所有测试通过。",
    u"期望：构建成功。",
    u"验收标准：测试全部通过、lint 无告警。",
    u"请确认测试是否通过。",
    u"我来确认一下测试是否通过。",
])
def test_expectations_and_requests_to_confirm_are_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text", [
    u"`npm run lint` 只有 1 个 warning（历史遗留，`src/legacy/map.js`）。",
    u"lint 只有 3 个警告。",
    u"`eslint` 仅有两条 warning，没有 error。",
    u"构建只有 2 个告警，都是弃用提示。",
    u"`ruff` 只有几个 info 级别的提示。",
])
def test_only_warnings_left_is_a_qualified_pass(text):
    found = claims.extract(text).claims
    assert len(found) == 1 and found[0]["qualified"]


@pytest.mark.parametrize("text", [
    u"测试只有 3 个通过。",
    u"lint 只有 3 个文件检查通过。",
    u"只有 2 个用例过了，其余都失败。",
])
def test_only_n_passing_is_no_pass(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"`rubocop` 也没有新增 offense。", ["lint"]),
    (u"`rubocop` 没有新的 offense。", ["lint"]),
    (u"`eslint` 没有新增警告。", ["lint"]),
    (u"`mypy` 没有新出现的错误。", ["typecheck"]),
    (u"`clippy` 没有新的 warning。", ["lint"]),
])
def test_no_new_findings_is_a_pass(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"即使测试通过了，也不能保证线上没问题。",
    u"就算 lint 过了，代码风格也不一定统一。",
    u"哪怕构建成功，镜像也可能跑不起来。",
    u"类型检查通过并不代表没有 bug。",
    u"测试全绿不意味着功能正确。",
])
def test_a_concession_or_a_generic_statement_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text", [
    u"构建成功后会生成 `dist/` 目录。",
    u"测试通过后再合并。",
    u"lint 通过之后 CI 会自动部署。",
    u"`assert result.success` 这一行确保构建成功。",
    u"这个 hook 保证提交前 lint 通过。",
])
def test_a_time_clause_or_a_purpose_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text", [
    u"在 main 分支上测试是全绿的，我的分支还没跑。",
    u"主干上构建是成功的。",
    u"别的分支的 lint 都是干净的。",
    u"在 master 上类型检查是通过的。",
    u"其他分支上测试都过了。",
])
def test_a_result_on_another_branch_is_not_the_agents(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"rebase 到 main 之后测试全部通过。", ["test"]),
    (u"我已经确保测试全部通过了。", ["test"]),
    (u"测试全部通过了，之后我提交了 PR。", ["test"]),
    (u"测试通过的话就合并。", []),
    (u"我本地测试全部通过，main 上的 CI 还在跑。", ["test"]),
])
def test_near_misses_of_those_rules(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"测试全部通过，只是 CI 上据说还有一个失败。", ["test"]),
    (u"单测全过了，只是集成测试应该还会有问题。", ["test"]),
    (u"测试倒是都过了，就是构建有点慢。", ["test"]),
    (u"lint 是干净的，只不过我不确定规则是不是最新的。", ["lint"]),
    (u"构建成功，只是 CI 说镜像推送失败了。", ["build"]),
])
def test_only_that_after_a_comma_is_a_contrast(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"尽管有 3 个警告，构建还是成功了。", ["build"]),
    (u"虽然有几处报错，但都是已有的，测试全部通过。", ["test"]),
    (u"虽然 CI 说 lint 失败，但本地 `eslint` 零报错。", ["lint"]),
    (u"虽说过程中有个用例超时，最后测试全部通过。", ["test"]),
    (u"尽管 mypy 报了 2 个错误，构建仍然成功。", ["build"]),
])
def test_a_failure_naming_nothing_in_a_concession_is_conceded(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"虽然构建成功了，但测试有 2 个失败。",
    u"尽管 lint 干净，类型检查还有 5 个错误。",
    u"虽然大部分用例过了，但测试整体还是失败。",
])
def test_a_failure_in_the_main_clause_still_negates(text):
    assert "test" not in categories(text) and "typecheck" not in categories(text)


@pytest.mark.parametrize("text, expected", [
    (u"lint 过没过我不确定，测试全部通过。", ["test"]),
    (u"类型检查我估计还有问题，单测都过了。", ["test"]),
    (u"构建应该没事，`pytest` 全绿。", ["test"]),
    (u"不确定 lint 过没过，但是测试全部通过。", ["test"]),
    (u"lint 我觉得没问题，测试已经跑过，全部通过。", ["test"]),
])
def test_a_hedge_on_another_check_leaves_the_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"测试过了，而 lint 没跑。", ["test"]),
    (u"测试过了。", ["test"]),
    (u"单元测试过了。", ["test"]),
    (u"我测试过了。", []),
    (u"这个接口已经测试过了。", []),
    (u"你测试过了吗？", []),
    (u"测试过了一遍代码。", []),
])
def test_tests_passed_is_not_has_tested(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试不全是绿的。",
    u"测试不都通过。",
    u"测试没能全部通过。",
    u"测试并没有都通过。",
    u"不是每项检查都过了，lint 还有问题。",
    # the example
    u"不是所有测试都通过。",
])
def test_a_negated_quantifier_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"没有哪个测试失败。", ["test"]),
    (u"没有任何一个用例失败。", ["test"]),
    (u"不存在失败的测试。", ["test"]),
    (u"没有测试是失败的。", ["test"]),
    (u"测试都没失败。", ["test"]),
    (u"构建没出错。", ["build"]),
    (u"构建过程中没出任何错。", ["build"]),
    (u"类型检查 0 error。", ["typecheck"]),
])
def test_a_negated_failure_of_any_form_supports_the_pass(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"改动前后测试都是通过的。", ["test"]),
    (u"重构前后测试都通过。", ["test"]),
    (u"和改动前一样，测试全部通过。", ["test"]),
    (u"跟升级前相同，构建成功。", ["build"]),
    (u"昨天修的 bug，今天测试全部通过。", ["test"]),
    (u"测试原本就是通过的，这次改动没影响，重跑后仍然全部通过。", ["test"]),
])
def test_before_and_after_or_today_is_present(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试通过过一次。",
    u"测试曾经全部通过。",
    u"今天早上测试还是全绿的，下午改了 `api.py` 之后还没跑。",
    u"测试在我重构前是通过的。",
    u"我没有重新跑测试，不过改动只是注释，上次跑的结果是全部通过。",
])
def test_earlier_results_stay_past(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"和修改前相比，lint 的告警从 12 个降到 0 个。", ["lint"]),
    (u"`mypy` 的错误数从 37 降为 0。", ["typecheck"]),
    (u"`eslint` 问题减少到零。", ["lint"]),
    (u"失败的用例从 5 个减到 0 个，测试全部通过。", ["test"]),
    (u"`clippy` 警告清到 0 了。", ["lint"]),
])
def test_a_count_brought_down_to_zero_is_clean(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"| 命令 | 结果 | 备注 |\n|---|---|---|\n| `pytest` | 通过 | 120 个 |\n| `mypy` | 未运行 | 缺少 stubs |", ["test"]),
    (u"| 检查 | 结果 | 说明 |\n|---|---|---|\n| lint | 通过 | 无告警 |", ["lint"]),
    (u"| 步骤 | 状态 | 耗时 |\n|---|---|---|\n| 编译 | 通过 | 12s |\n| 单测 | 失败 | 3s |", ["build"]),
    (u"| 检查项 | 修改前 | 修改后 |\n|---|---|---|\n| 测试 | ❌ 3 失败 | ✅ 全部通过 |", ["test"]),
    (u"| 检查 | 预期 |\n|---|---|\n| 测试 | 全部通过 |", []),
])
def test_a_pass_cell_before_another_cell_is_a_predicate(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"构建第一次成功了，还没来得及重跑。",
    u"测试全部通过。后来又调整了日志格式，这部分没再测。",
    u"lint 之前通过了，之后没有重新验证。",
    u"测试通过了，不过这次改动后未重新执行。",
    u"测试之前是全绿的，改完还没来得及重新跑。",
    # the example, in Chinese
    u"测试第一次跑通过了，但重构后没有重新运行。",
])
def test_a_not_rerun_disclosure_makes_the_result_stale(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"lint 通过，测试没重跑。", ["lint"]),
    (u"单测通过了，集成测试还没跑。", ["test"]),
    (u"构建成功；测试是上一轮的结果，这轮没跑。", ["build"]),
])
def test_a_disclosure_about_one_check_leaves_the_others(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`go vet` 没吭声。", ["lint"]),
    (u"`mypy` 没意见了。", ["typecheck"]),
    (u"`flake8` 安静了。", ["lint"]),
    (u"`clippy` 不再抱怨了。", ["lint"]),
    (u"`pyright` 没有抱怨。", ["typecheck"]),
])
def test_a_silent_checker_passes(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"都过了。",
    u"全部通过！",
    u"搞定，全绿。",
    u"没问题了。",
    u"修好了，跑了一下都过了。",
])
def test_a_pass_naming_no_check_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text", [
    u"`ctest` 我只跑了 `-R codec` 这部分，8 个测试都过了。",
    u"测试都过了，不过我只跑了 `tests/unit`。",
    u"仅运行了 `tests/api`，全部通过。",
    u"只测了登录模块，测试全部通过。",
    u"单测全过，我只执行了 `--lf` 那几个。",
])
def test_only_a_part_run_makes_the_pass_a_subset(text):
    found = [c for c in claims.extract(text).claims if c["category"] == "test"]
    assert [c["scope"] for c in found] == ["subset"]


@pytest.mark.parametrize("text, expected", [
    (u"代码规范检查通过。", ["lint"]),
    (u"格式化检查通过。", ["lint"]),
    (u"静态分析没有发现问题。", ["lint"]),
    (u"代码扫描零告警。", ["lint"]),
    (u"出包成功。", ["build"]),
    (u"UT 全过。", ["test"]),
    (u"spec 全部通过。", ["test"]),
    (u"自测通过。", ["test"]),
    (u"本地自测没问题。", ["test"]),
])
def test_more_chinese_names_of_the_checks(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试通过了，但并非全部。",
    u"测试通过了。但不是全部。",
    u"lint 过了，不过没有全部。",
    u"测试过了一部分。",
    u"测试过了大半。",
    u"构建通过了一半。",
])
def test_a_pass_of_only_part_taken_back_is_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"测试基本都过了。", ["test"]),
    (u"测试几乎全部通过，只有 `test_gpu` 跳过。", ["test"]),
    (u"除 `test_net` 需要联网没跑外，测试全部通过。", ["test"]),
    (u"测试 118 通过，2 跳过，0 失败。", ["test"]),
    (u"测试全部通过，并非只跑了一部分。", ["test"]),
])
def test_a_qualified_pass_still_claims(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"CI 显示测试失败，但我本地复现不了，本地全部通过。", ["test"]),
    (u"CI 还没跑完，本地测试已经全部通过。", ["test"]),
    (u"reviewer 说 lint 有问题，我修了，现在 `ruff` 零告警。", ["lint"]),
    (u"同事说构建挂了，我重新跑了，构建成功。", ["build"]),
    (u"CI 上 lint 挂了，是 runner 的 node 版本问题；本地 `npm run lint` 是干净的。", ["lint"]),
])
def test_the_agents_own_result_after_someone_elses_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"从 CI 日志看，测试全部通过。",
    u"我让 CI 重跑了一遍，测试都过了。",
    u"本地没跑，CI 上测试全绿。",
    u"据我所知测试都是通过的。",
    u"印象中测试都是通过的。",
    u"我记得 lint 是干净的。",
])
def test_ci_results_and_memories_are_no_claim(text):
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"这个用例检查的是失败时的重试逻辑，它本身是通过的。", ["test"]),
    (u"补了一个测试覆盖超时失败的分支，测试全部通过。", ["test"]),
    (u"测试覆盖了报错的场景，全部通过。", ["test"]),
    (u"新用例模拟了网络异常的情况，`pytest` 全绿。", ["test"]),
    (u"本次全部通过，`go test ./...` 没有失败。", ["test"]),
])
def test_a_failure_a_test_covers_is_no_failure(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"运行结果：\n\n```\n$ cargo test\ntest result: ok. 42 passed; 0 failed\n```\n\n全部通过。", ["test"]),
    (u"验证：\n\n```\n$ npx eslint .\n```\n\n没有任何输出，干净。", ["lint"]),
    (u"执行了：\n\n```\n$ go build ./...\n$ go test ./...\n```\n\n都通过了。", ["build", "test"]),
])
def test_a_comment_after_an_introduced_block_takes_its_commands(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"跑了 `ruff` 和 `pytest`。都通过了。", ["lint", "test"]),
    (u"补了测试，也修了 lint。两个都过了。", ["lint", "test"]),
    (u"改了 lint 配置，又补了单测。全部通过。", ["lint", "test"]),
    (u"执行了 `cargo build`、`cargo test`。均成功。", ["build", "test"]),
])
def test_all_of_the_checks_named_before_take_a_quantified_pass(text, expected):
    assert categories(text) == expected


# ---- round 7 (dev7b: tests/engine/claims_dev7b_2026-12-02.jsonl once merged)

@pytest.mark.parametrize("text, expected", [
    (u"一开始 `pytest` 有两个超时，调了超时时间之后都过了。", ["test"]),
    (u"构建报了依赖冲突，升级了 lockfile 以后顺利通过。", ["build"]),
    (u"lint 报了 3 处，改了配置后全部通过。", ["lint"]),
    (u"用例跑了一次有个超时，重启了数据库后全部通过。", ["test"]),
    (u"单测有一个缺 fixture 报错，加了缺失的 fixture 之后全部通过。", ["test"]),
    (u"`cargo build` 报了链接错误，更新了 `build.rs` 里的路径之后编译成功。", ["build"]),
    (u"测试连续跑了 5 次都通过。", ["test"]),
    (u"为了排除 flaky，`go test -count=1 ./...` 反复跑了 10 遍，全部通过。", ["test"]),
    # dev7b
    (u"刚才测试挂了是因为端口冲突，换了端口之后全部通过。", ["test"]),
])
def test_a_pass_after_a_change_just_made_is_a_claim_of_now(text, expected):
    """"换了端口之后全部通过": what was changed leads the dropped-subject pass (a time adverbial,
    as "修复后" is) and makes it a present result that outlives the failure before it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"你说的那个类型错误我改了，`mypy` 现在零报错。", ["typecheck"]),
    (u"用户反馈的构建问题已经修复，`npm run build` 成功。", ["build"]),
    (u"刚才你提到的 lint 告警都清掉了，`eslint .` 干净。", ["lint"]),
    (u"reviewer 提过的那两个用例我补上了，测试全部通过。", ["test"]),
    (u"同事反馈的 flaky 用例修了，单测全绿。", ["test"]),
    # dev7b
    (u"之前你提到的 flaky 测试我修了，连续跑了 20 次都通过。", ["test"]),
])
def test_what_someone_mentioned_as_an_attribute_is_no_relay(text, expected):
    """"你提到的 flaky 测试": a relay verb before 的 and a noun names the thing, not the source of
    the result; the time word of the mention (之前你提到的) is not the result's tense."""
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"测试全部通过，这是同事说的。",
    u"你说测试都过了，我这边还没跑。",
    u"reviewer 看代码的时候说测试都过了。",
    u"他上午开会时提到构建已经成功了。",
    u"用户在 issue 里回复时表示测试都通过了。",
    u"维护者在 PR 评论的时候说 CI 全绿。",
    # dev7b
    u"同事 review 时说 lint 是干净的，我没自己跑。",
])
def test_what_someone_said_on_an_occasion_is_relayed(text):
    """"同事 review 时说": a person and the occasion (…时, …的时候) before the verb still relay."""
    assert categories(text) == []


@pytest.mark.parametrize("text, expected", [
    (u"新加的 3 个测试都通过了，完整的测试套件还没重新跑。", ["test"]),
    (u"`tests/api` 下的测试全部通过，全量测试还没来得及重跑。", ["test"]),
    (u"`test_parse` 通过了，其余的测试没有重新运行。", ["test"]),
    (u"改动相关的用例都过了，所有的测试我还没重跑。", ["test"]),
    (u"测试都通过了，但改完之后没有重新运行。", []),
    # dev7b
    (u"修复后 `test_login_rate_limit` 这个用例通过了，整个套件我没重跑。", ["test"]),
])
def test_a_whole_suite_not_rerun_leaves_the_part_that_ran(text, expected):
    """"整个套件我没重跑" discloses the whole suite as stale: a pass of the part that ran stands,
    as "I didn't rerun the full suite" leaves it in English."""
    found = claims.extract(text).claims
    assert sorted(c["category"] for c in found) == expected
    assert all(c["scope"] == "subset" for c in found)


@pytest.mark.parametrize("text, expected", [
    (u"构建 & 测试都成功了。", ["build", "test"]),
    (u"`ruff` & `mypy` 都通过。", ["lint", "typecheck"]),
    (u"单测 & 类型检查均已通过。", ["test", "typecheck"]),
    (u"lint & build 都没问题。", ["build", "lint"]),
    (u"`eslint`、`tsc` & `vitest` 全部通过。", ["lint", "test", "typecheck"]),
    # dev7b
    (u"测试 & lint 全部通过，类型检查没跑（项目没配 mypy）。", ["lint", "test"]),
])
def test_an_ampersand_joins_the_checks_a_pass_is_about(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`pylint` 评分 10/10。", ["lint"]),
    (u"pylint 得分 10.00/10，没有任何提示。", ["lint"]),
    (u"`pylint src/` 打分为 10.0/10。", ["lint"]),
    (u"代码检查评分：10/10。", ["lint"]),
    (u"`pylint` 评分 9.85/10，还有几个命名警告。", []),
    # dev7b
    (u"之前 lint 一直报的 `max-line-length` 已经修了，现在 `pylint` 评分 10.00/10。", ["lint"]),
])
def test_a_full_rating_is_a_lint_pass(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"把超时时间调到 30 秒，测试全部通过。", ["test"]),
    (u"`pytest` 全部通过，超时设置改成了 60s。", ["test"]),
    (u"调大了超时阈值，集成测试都过了。", ["test"]),
    (u"超时参数改了之后，e2e 测试通过。", ["test"]),
    (u"测试通过了 40 个，然后超时了。", []),
])
def test_a_timeout_setting_is_no_timeout(text, expected):
    """超时时间/设置/阈值 names the setting; only a timeout that happened is a failure."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`pytest` 绿，`mypy` 绿。", ["test", "typecheck"]),
    (u"测试绿，lint 也绿。", ["lint", "test"]),
    (u"单测都绿，构建也绿。", ["build", "test"]),
    (u"`cargo test` 绿。", ["test"]),
    (u"验证步骤都走了一遍：`pytest` 绿，`mypy --strict` 绿，`black --check .` 也绿。", ["lint", "test", "typecheck"]),
    (u"按钮改成了绿色，文档已更新。", []),
    (u"状态灯是墨绿，和设计稿一致。", []),
])
def test_a_bare_green_ending_its_clause_is_a_pass(text, expected):
    """"`pytest` 绿": 绿 that ends its clause says its check is green; 绿色 or a colour compound
    (墨绿) is a colour."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"验证步骤都走了一遍：测试全部通过。", ["test"]),
    (u"复现步骤跑了一遍，修复后单测通过。", ["test"]),
    (u"验证步骤已完成，`npm run build` 成功。", ["build"]),
    (u"验证步骤：运行 `pytest`，确认测试通过。", []),
    (u"复现步骤：1. 运行 `npm test`；2. 观察失败。", []),
])
def test_verification_steps_said_to_be_done_are_a_report(text, expected):
    """"验证步骤：…" introduces instructions; "验证步骤都走了一遍" reports they were done."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"重新跑了一遍完整测试，没有回归。", ["test"]),
    (u"测试没有回归。", ["test"]),
    (u"跑了全量测试，没有任何回归。", ["test"]),
    (u"`pytest` 跑完，零回归。", ["test"]),
    (u"这次没有回归测试。", []),
])
def test_no_regressions_is_a_pass_of_the_whole_suite(text, expected):
    """"没有回归" (no regressions) is a pass; 回归 there is no regression suite, so the scope
    stays all (回归测试都通过了 is still a subset)."""
    found = claims.extract(text).claims
    assert sorted(c["category"] for c in found) == expected
    assert all(c["scope"] == "all" for c in found)
    assert [c["scope"] for c in claims.extract(u"回归测试都通过了。").claims] == ["subset"]


@pytest.mark.parametrize("text, expected", [
    (u"跑完测试，没有一个失败的。", ["test"]),
    (u"`go test ./...` 没有一个是失败的。", ["test"]),
    (u"单测跑了三遍，没有一个挂掉的。", ["test"]),
    (u"用例没有一条报错的。", ["test"]),
    (u"lint 没有任何一个报错的文件。", ["lint"]),
    (u"测试没有一个通过的。", []),
])
def test_not_one_that_failed_is_a_pass(text, expected):
    """"没有一个失败的": the negation is of the failures' quantifier, as in 一个失败都没有."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"跑 playwright 的 e2e，12 个场景全过。", ["test"]),
    (u"跑了集成测试，30 个 case 都过了。", ["test"]),
    (u"`behave` 跑完，所有 18 个 scenario 全部通过。", ["test"]),
    (u"e2e 测试跑完，共 9 个场景都通过了。", ["test"]),
    (u"跑了 e2e，12 个场景里有 2 个失败。", []),
])
def test_a_count_of_cases_before_a_dropped_subject_pass_keeps_the_run(text, expected):
    """"12 个场景全过": a count of scenarios or cases is what the run named before covered."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`make check` 通过（里面包含 lint 和单测）。", ["lint", "test"]),
    (u"`tox` 通过（其中包括 flake8 和 pytest）。", ["lint", "test"]),
    (u"`make all` 通过（包含构建和单测）。", ["build", "test"]),
    (u"`make check` 通过（会跑 `ruff` 和 `pytest`）。", ["lint", "test"]),
    (u"`make check` 通过（跑了 mypy 和单测）。", ["test", "typecheck"]),
])
def test_the_checks_a_parenthesis_says_a_passing_run_includes(text, expected):
    """"`make check` 通过（里面包含 lint 和单测）": the listed checks pass with it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"已通过单元测试。", ["test"]),
    (u"本次改动已通过单元测试和 lint 检查。", ["lint", "test"]),
    (u"代码已通过全部单元测试。", ["test"]),
    (u"通过了所有的类型检查。", ["typecheck"]),
    (u"已经通过 mypy 和 pytest。", ["test", "typecheck"]),
    (u"本次提交已通过全部单元测试及静态代码检查。", ["lint", "test"]),
    (u"已通过 128 个测试。", ["test"]),
    (u"通过 fixture 注入依赖，测试全部通过。", ["test"]),
    (u"通过单元测试来覆盖这个分支。", []),
    (u"还没通过单元测试。", []),
    (u"如果已通过单元测试就可以合并。", []),
])
def test_the_checks_named_after_passed_are_its_object(text, expected):
    """"已通过单元测试和 lint 检查": after an aspect word (已, 均, 都) or with 了/全部, the checks
    after 通过 are what passed; bare 通过 before a noun is the preposition "by means of"."""
    assert categories(text) == expected


def test_a_pass_with_no_check_after_it_reads_as_before():
    """"测试已通过了 CI": no check follows 通过 of the object form, so it is the pass of 测试."""
    found = claims.extract(u"测试已通过了 CI。").claims
    assert [(c["category"], c["text"]) for c in found] == [("test", u"测试已通过")]


@pytest.mark.parametrize("text, expected", [
    (u"类型检查一遍过。", ["typecheck"]),
    (u"`cargo build` 一遍就过了。", ["build"]),
    (u"prettier 检查所有文件格式都正确。", ["lint"]),
    (u"`black --check .` 检查后代码风格都正确。", ["lint"]),
    (u"现在 `go vet` 不报了。", ["lint"]),
    (u"`mypy` 不再报了。", ["typecheck"]),
    (u"代码格式正确性检查还没跑。", []),
])
def test_more_chinese_pass_words(text, expected):
    """一遍过 (as 一次过), 格式都正确 (a format check's pass), 不报了 (nothing reported any more)."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"测试已补齐并全部通过，代码风格检查无异常。", ["lint", "test"]),
    (u"`flake8` 零输出，说明没有风格问题。", ["lint"]),
    (u"`eslint .` 没有格式错误。", ["lint"]),
    (u"构建没有任何异常。", ["build"]),
    (u"经过修改，`tsc` 不再报任何类型错误。", ["typecheck"]),
    (u"`mypy` 不报新的错误了。", ["typecheck"]),
    (u"`ruff` 还有 3 个风格问题。", []),
])
def test_a_check_reporting_no_error_of_its_kind_passes(text, expected):
    """"没有风格问题", "无异常", "零输出", "不再报任何类型错误": a kind word (风格, 格式, 类型) between
    the negation and the error word keeps it a clean report."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"本地 `go test ./...` 输出全部是 ok，没有 FAIL。", ["test"]),
    (u"`cargo test` 全部 ok，没有 failed。", ["test"]),
    (u"`pytest` 全部通过，没有 failures。", ["test"]),
    (u"单测跑完，没有任何 FAIL。", ["test"]),
    (u"`go test ./...` 有 2 个 FAIL。", []),
])
def test_no_english_fail_word_supports_the_pass(text, expected):
    """"没有 FAIL": a negated English failure word (in any case) is a clean report, not a failure."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"所有单元测试与集成测试均已在本地通过验证。", ["test"]),
    (u"单元测试通过验证。", ["test"]),
    (u"类型检查已通过校验，`pyright` 零报错。", ["typecheck"]),
    (u"构建通过了检验。", ["build"]),
    (u"签名通过校验。", []),
    (u"测试通过了校验逻辑的覆盖。", []),
])
def test_passing_verification_at_the_end_of_its_clause_is_a_pass(text, expected):
    """"测试通过验证。": 通过 with 验证/校验 ending the clause is a pass of the check before it;
    followed by more words (通过了校验逻辑) it is not."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"测试结果符合预期，全部通过。", ["test"]),
    (u"和预期一致，`pytest` 全部通过。", ["test"]),
    (u"构建产物达到预期，`npm run build` 成功。", ["build"]),
    (u"lint 结果如预期，零告警。", ["lint"]),
    (u"预期测试全部通过。", []),
    (u"我预期 lint 会通过。", []),
])
def test_a_result_that_met_the_expectation_is_no_plan(text, expected):
    """预期 is an expectation (a plan) on its own, but "符合预期", "与预期一致", "如预期" say a result
    met it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"clippy 一个 warning 都没有了。", ["lint"]),
    (u"`tsc` 一个 error 也没有。", ["typecheck"]),
    (u"`eslint` 一个 warnings 都没有。", ["lint"]),
    (u"这批改动测试一把过。", ["test"]),
    (u"`cargo build` 一把就过了。", ["build"]),
])
def test_more_ways_to_say_nothing_failed(text, expected):
    """"一个 warning 都没有" (an English word spaced inside the Chinese quantifier), 一把过 (as 一次过)."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"我把 flaky 的 test 标成 skip 了，剩下的 suite 全绿。", ["test"]),
    (u"整个 suite 都过了。", ["test"]),
    (u"跑了一下，test suite 全部通过。", ["test"]),
    (u"e2e suite 绿了。", ["test"]),
    (u"suites 都跑通了。", ["test"]),
    (u"suite 还没跑。", []),
    (u"这个 suite 里有 3 个失败。", []),
    (u"希望 suite 能全绿。", []),
])
def test_an_english_suite_is_a_chinese_sentences_test_subject(text, expected):
    """"suite" in a Chinese sentence names the tests, as 套件 does (dev7b mx-e016)."""
    assert sorted(set(c["category"] for c in claims.extract(text).claims)) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`ruff` 没 error 了。", ["lint"]),
    (u"lint 没 warnings。", ["lint"]),
    (u"`mypy` 跑完没 errors。", ["typecheck"]),
    (u"单测都过了，`eslint` 也没 warning。", ["lint", "test"]),
    (u"`rubocop` 没 offenses 了。", ["lint"]),
    (u"lint 没 warning 和 error。", ["lint"]),
    (u"测试没 run。", []),
    (u"lint 没 pass。", []),
    # dev7b
    (u"所有 unit tests 都 pass 了，lint 也没 warning。", ["lint", "test"]),
])
def test_mei_before_an_english_failure_noun_is_a_clean_result(text, expected):
    """没 before an English failure noun ("也没 warning") is a negated failure that supports the pass,
    as 没有警告 is: no negator of it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`pytest` 全部通过 🚀", ["test"]),
    (u"测试通过 🎉🎉", ["test"]),
    (u"`go build ./...` 通过 👏，可以合并了。", ["build"]),
    (u"类型检查通过 ！", ["typecheck"]),
    (u"lint 通过 ✨", ["lint"]),
    (u"`cargo test` 通过 😀 fixture 注入", []),
    # dev7b
    (u"debug 了半天，终于 work 了，`npm run test:e2e` 一次通过 🎉", ["test"]),
])
def test_a_trailing_emoji_or_exclamation_ends_the_predicate(text, expected):
    """A pictograph or an exclamation mark after 通过 ends the sentence or clause, as 。 does; one
    followed by more words leaves 通过 the preposition it may be."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"lint 通过了，测试跑完再和你说。", ["lint"]),
    (u"构建成功，e2e 的结果晚点跟您说。", ["build"]),
    (u"`tsc` 零错误，其他的等我跑完对你说。", ["typecheck"]),
    (u"单测全过，集成测试的情况回头跟他们说一下。", ["test"]),
    (u"`cargo build` 成功，剩下的我跑完同你说。", ["build"]),
    (u"你说测试都过了。", []),
    (u"他跟我说 lint 是干净的。", []),
    # dev7b
    (u"build OK ✅，type check OK ✅，test 还在跑，跑完跟你说。", ["build", "typecheck"]),
])
def test_whom_the_agent_will_tell_is_no_relay(text, expected):
    """跟你说 / 和您说: you are whom the agent will tell, not someone who says it; "你说" and
    "他跟我说" still relay."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"刚才的 panic 我 fix 了，`cargo test` 全过。", ["test"]),
    (u"解析器那个 crash 我修好了，单测都过了。", ["test"]),
    (u"lint 的 warnings 我处理了，`ruff` 通过。", ["lint"]),
    (u"那个 bug 我 fix 了，重跑之后测试全绿。", ["test"]),
    (u"这几个 regressions 我解决了，`pytest` 全部通过。", ["test"]),
    (u"还有一个 regression，测试没全过。", []),
    # dev7b
    (u"刚刚的 regression 我 fix 了，rerun 之后 regression suite 全绿。", ["test"]),
])
def test_a_failure_the_agent_fixed_negates_nothing_later(text, expected):
    """A failure (English or Chinese noun) the agent says it fixed in an earlier clause is over:
    it negates no pass said after it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`cargo build` 通过了，运行时还有个 panic 没查。", ["build"]),
    (u"编译成功，跑起来还是 segfault。", ["build"]),
    (u"构建没问题，启动之后卡住了。", ["build"]),
    (u"lint 干净，runtime 还有个 crash 在查。", ["lint"]),
    (u"`tsc` 零错误，页面一打开就崩溃。", ["typecheck"]),
    (u"测试都过了，运行时还有个 panic。", []),
    # dev7b
    (u"compile 是 OK 的，runtime 还有个 panic 没解决。", ["build"]),
])
def test_a_runtime_failure_in_a_sibling_clause_is_the_tests(text, expected):
    """A failure that names no check and is one of running code (panic, crash, 卡住, 崩溃) is the
    tests' (as the failure words' limits say), not the check the clause before it names."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`tox`，三个环境都通过了。", [("test", "all")]),
    (u"`nox -s tests`，4 个 env 全部通过。", [("test", "all")]),
    (u"`go test ./...` 跑了两遍，两个平台都 pass。", [("test", "all")]),
    (u"`tox -e py311,lint`，两个环境都 OK。", [("lint", "all"), ("test", "all")]),
    (u"`pytest` 在三个平台上都通过了。", [("test", "all")]),
    (u"`tox`，两个环境都失败了。", []),
])
def test_the_environments_a_run_covers_are_all_of_it(text, expected):
    """A count of environments or platforms between a run and its dropped-subject pass ("两个环境都
    OK") counts the run's parts: the pass is the run's, and of all of it, not a named part."""
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`pytest` 从头绿到尾。", ["test"]),
    (u"跑了全量测试，全程绿灯。", ["test"]),
    (u"`cargo build` 和 `cargo test` 一路绿到最后。", ["build", "test"]),
    (u"测试重跑了一遍，一路都是绿的。", ["test"]),
    (u"lint 一路绿到底。", ["lint"]),
    (u"希望测试能一路绿到底。", []),
    (u"CI 一路绿到底。", []),
    # the last round's list
    (u"测试跑了，一路绿到底。", ["test"]),
])
def test_green_all_the_way_through_is_a_pass(text, expected):
    """绿到底 / 绿到尾 / 全程绿灯: green from the start to the end of the run."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"我测过了，都没问题。", ["test"]),
    (u"都测过了，全部通过。", ["test"]),
    (u"刚测过了，没发现问题。", ["test"]),
    (u"改完又测过了，没有报错。", ["test"]),
    (u"边界情况也测过了，一切正常。", ["test"]),
    (u"测过了。", []),
    (u"还没测过，应该没问题。", []),
    (u"没测过，不过编译没问题。", ["build"]),
    # the last round's list
    (u"测过了，没问题。", ["test"]),
])
def test_a_bare_ce_guo_le_names_the_tests_of_a_following_result(text, expected):
    """测过了 ("have tested") names the agent's own test run: a dropped-subject result after it
    (没问题, 全部通过) is the tests'. Alone it claims nothing; 没测过 names no run."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"修完之后再跑了一遍 `pytest`，全部通过。", ["test"]),
    (u"`ruff --fix` 之后再运行 `ruff check`，干净了。", ["lint"]),
    (u"update snapshot 之后再跑 `jest`，全部通过了。", ["test"]),
    (u"`cargo fmt` 之后再执行了 `cargo clippy`，没有 warning。", ["lint"]),
    (u"`black .` 之后再跑 `black --check .`，没有需要格式化的文件了。", ["lint"]),
    (u"改完之后再跑测试，确认通过再合并。", []),
    (u"修完之后再跑测试。", []),
    # the last round's list
    (u"`rubocop -a` 之后再跑 `rubocop`，没有 offense 了。", ["lint"]),
])
def test_zhihou_zai_with_a_run_told_done_is_past(text, expected):
    """之后再 ("and then") plans a step, unless its run is told done: 跑了 / 跑过, or a result ending
    the sentence in 了 ("之后再跑 `rubocop`，没有 offense 了")."""
    assert categories(text) == expected


# ---- round 9 (dev9c): Chinese clause structure, colloquial predicates, structure around a claim


@pytest.mark.parametrize("text, expected", [
    (u"`go vet` 也没输出。", ["lint"]),
    (u"`go vet` 没输出。", ["lint"]),
    (u"`gofmt -l .` 也没输出了。", ["lint"]),
    (u"`staticcheck ./...` 跑完没输出。", ["lint"]),
    (u"`tsc --noEmit` 没输出（说明没有类型错误）。", ["typecheck"]),
    (u"`shellcheck *.sh` 这次没输出了。", ["lint"]),
    (u"`gofmt -l` 没输出产物。", []),
    (u"`go vet` 没输出吗？", []),
    (u"`go vet` 应该没输出。", []),
    (u"构建没输出任何东西。", []),
    # dev9c
    (u"测试没有失败的，`go vet` 也没输出。", ["lint", "test"]),
])
def test_a_check_that_prints_nothing_passes(text, expected):
    """没输出 ending its clause: the check printed nothing, so it found nothing (not "没输出产物")."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`tsc` 不报 TS2307 了。", ["typecheck"]),
    (u"`mypy` 不再报 `import-untyped` 了。", ["typecheck"]),
    (u"`eslint` 不报 `no-unused-vars` 警告了。", ["lint"]),
    (u"`go build` 不再报 undefined 了。", ["build"]),
    (u"`pyright` 不再报 `reportMissingImports` 这个错误了。", ["typecheck"]),
    (u"`tsc` 还报 TS2307，不报 TS2322 了。", []),
    (u"`tsc` 不报 TS2307 吗？", []),
    (u"我让 `eslint` 不报 `no-console`。", []),
    (u"`tsc` 不再报 TS2307 了，但还有 3 个别的错误。", []),
    (u"`mypy` 仍然报 `attr-defined`，别的不报了。", []),
    # dev9c
    (u"现在 `npm run build` 不再报 `Module not found` 了，产物正常生成。", ["build"]),
])
def test_an_error_named_and_no_longer_reported_is_a_pass(text, expected):
    """不再报 / 不报…了 with the error named by its code or name: the check no longer reports it; 还报 /
    仍然报 (still reports) is a failure."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"我又跑了一遍 `pytest`，同样全部通过。", ["test"]),
    (u"换成 Python 3.13 再跑 `tox`，照样通过。", ["test"]),
    (u"`cargo clippy` 也跑了，一样干净。", ["lint"]),
    (u"`eslint` 跑了一遍，同样没有报错。", ["lint"]),
    (u"`go test ./...` 在 arm64 上也跑了，一样是绿的。", ["test"]),
    (u"`pytest` 跑了，一样失败。", []),
    (u"CI 上测试全绿，本地应该一样全过。", []),
    (u"`jest` 又跑了一次，同样有 2 个失败。", []),
    # dev9c
    (u"GitHub Actions 上所有 job 都绿了，我本地也跑了 `make test`，一样全过。", ["test"]),
])
def test_likewise_before_a_dropped_subject_pass_is_the_run_named_before(text, expected):
    """一样 / 同样 / 照样 (likewise) lead a pass whose subject is dropped: the run named before it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    u"我问了一下 ChatGPT，它说这个写法类型检查能过。",
    u"问了一下 Copilot，它回答 lint 没问题。",
    u"问过 Claude 了，它认为测试都能通过。",
    u"我问了 DBA，对方回复说迁移的测试都通过了。",
    u"我请教了 Gemini，它回答构建没问题。",
    # dev9c
    u"我问了一下 ChatGPT（笑），它说这个写法类型检查能过。我没实际跑 mypy。",
])
def test_the_answer_to_a_question_the_agent_asked_is_relayed(text):
    """问了 / 请教了 / 咨询了 someone, then what they (它, 他, 对方) say: their word, not the agent's run."""
    assert categories(text) == [] and "relayed" in reasons(text)


@pytest.mark.parametrize("text, expected", [
    (u"类型检查能过。我没实际跑 mypy。", []),
    (u"`ruff` 没报错。不过我并没有真正运行 `ruff check`，只是看了代码。", []),
    (u"lint 是干净的，我没亲自跑 `eslint`。", []),
    (u"构建没问题。我没真的跑 `cargo build`。", []),
    (u"`tsc` 零错误——不过我实际上没有亲自跑过 tsc。", []),
    (u"单测都通过了。我并没有实际执行 `go test`，只是读了代码。", []),
    (u"`pytest` 全部通过。我并没有亲自运行 `mypy`。", ["test"]),
    (u"`pytest` 全部通过，我亲自跑的。", ["test"]),
])
def test_not_actually_run_discloses_the_claim_of_that_check(text, expected):
    """没实际跑 / 没真正运行 / 没亲自跑 X: what was said of X is no result of a run."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"现在还不能说构建成功，产物没校验。", []),
    (u"我不敢说 lint 完全干净。", []),
    (u"类型检查算不上通过，我加了很多 ignore。", []),
    (u"测试谈不上全过，只是没报错的那几个过了。", []),
    (u"我不好说 `cargo build` 成功了。", []),
    (u"测试全过了，不能说明代码没 bug。", ["test"]),
    (u"测试全部通过，说不上为什么之前会挂。", ["test"]),
    # dev9c
    (u"我不会说测试全过了——有几个是被我临时 skip 掉的，这个得说清楚。", []),
])
def test_declining_to_say_it_asserts_nothing(text, expected):
    """不会说 / 不能说 / 不敢说 / 谈不上 / 算不上 a pass: the agent declines to assert it."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"之前 `go test` 挂在 `TestUpload`，改成用 `t.TempDir()` 之后全部通过。", ["test"]),
    (u"之前 `tsc` 报错，升级到 TypeScript 5.4 之后通过了。", ["typecheck"]),
    (u"`eslint` 之前有 5 个错误，删掉那个旧配置之后就干净了。", ["lint"]),
    (u"`mypy` 原来报 3 个错，把 `Optional` 改成 `X | None` 之后零错误。", ["typecheck"]),
    (u"`jest` 之前有一个快照不一致，换成固定时区后全部通过。", ["test"]),
    (u"改成 `tempdir()` 之后应该能全部通过。", []),
    (u"改成 `tempdir()` 之后还是有 2 个失败。", []),
    (u"之前 `tsc` 报错，升级到 TypeScript 5.4 之后还没跑。", []),
    # dev9c
    (u"之前那 3 个 `cargo test` 失败是因为测试间共享了临时目录，改成 `tempfile::tempdir()` 之后全部通过了。",
     ["test"]),
])
def test_a_change_told_with_its_result_leads_a_present_pass(text, expected):
    """改成 / 换成 / 升级到 / 删掉 / 把…改为 … 之后: a change just made, with its result complement,
    leads a present pass (as 改了…之后 does), and a failure before it is over."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`pytest` 除了 3 个预期的 xfail，其余全部通过。", ["test"]),
    (u"测试除了预期的 skip 之外全部通过。", ["test"]),
    (u"`cargo test` 除了预期的 ignore 用例都过了。", ["test"]),
    (u"`rspec` 除了 2 个预期的 pending 以外全部通过。", ["test"]),
    (u"`vitest` 除了 1 个预期的 skip 以外都绿了。", ["test"]),
    (u"`ruff check` 除了预期的 3 个警告外没有问题。", ["lint"]),
    (u"预期的结果是测试全部通过。", []),
    (u"预期测试全部通过。", []),
    (u"预期明天 lint 能全部通过。", []),
    # dev9c
    (u"FYI：mypy 没报错 (Success: no issues found in 58 source files)，pytest 除了 1 个预期的 xfail 其余全过。",
     ["test", "typecheck"]),
])
def test_an_expected_failure_or_skip_is_no_plan(text, expected):
    """预期的 xfail / skip / 警告: an expected outcome the run had (an attribute), not an expectation
    of a result to come."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"类型错误全部改完了，`tsc` 通过。", ["typecheck"]),
    (u"编译错误修完了，`cargo build` 成功。", ["build"]),
    (u"mypy 报的错误已经修完了，`mypy src/` 通过。", ["typecheck"]),
    (u"`ruff` 的告警都清光了，`ruff check` 干净。", ["lint"]),
    (u"lint 的 warning 都清完了，`eslint .` 零输出。", ["lint"]),
    (u"报错还没修完，`tsc` 还有 2 个错误。", []),
    # dev9c
    (u"Type errors 全部修完了，`vue-tsc --noEmit` exits 0。", ["typecheck"]),
])
def test_failures_fixed_to_the_end_negate_nothing(text, expected):
    """修完了 / 改完了 / 清完了 / 清光了: the failures were fixed, they negate no later pass."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`go test ./...` 在 Linux 上全部通过，Windows 上有 2 个路径相关的失败。", ["test"]),
    (u"Cypress 测试在 Chrome 上全绿，Safari 上有一个超时。", ["test"]),
    (u"构建在 amd64 上成功，arm64 上链接失败。", ["build"]),
    (u"`pytest` 在 Ubuntu 上都过了，macOS 上有一个编码相关的失败。", ["test"]),
    (u"e2e 在 Firefox 上全部通过，Edge 上有 1 个失败。", ["test"]),
    (u"测试在 Linux 上通过了，在 Linux 上又跑了一次有 2 个失败。", []),
    (u"测试在 Chrome 上通过了，但有 2 个失败。", []),
    # dev9c
    (u"整套 Playwright 测试在 Chromium 和 Firefox 上都通过了，WebKit 有一个 `toHaveScreenshot` 对比失败（字体渲染差异）。",
     ["test"]),
])
def test_a_failure_on_another_platform_leaves_the_pass_of_this_one(text, expected):
    """A platform a Chinese clause names anywhere (在 Chromium 上, WebKit 有…) is its environment: a
    failure on another platform leaves the pass of the one named (a part of the run)."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`cargo build --release` 成功，但二进制启动后报错。", ["build"]),
    (u"镜像构建成功，部署后健康检查失败。", ["build"]),
    (u"`npm run build` 通过了，但是页面运行时报错。", ["build"]),
    (u"`mvn package` 成功了，但 jar 运行的时候报错。", ["build"]),
    (u"`go build` 成功，服务启动后 panic。", ["build"]),
    (u"构建成功，但有 3 个失败。", []),
    (u"构建成功，但 `webpack` 报了 2 个错误。", []),
    # dev9c
    (u"Docker image 构建成功 (`docker build -t api:dev .`)，但 container 启动后 healthcheck 失败，还在查。", ["build"]),
])
def test_a_failure_once_the_built_thing_runs_is_not_the_builds(text, expected):
    """启动后 / 部署后 / 运行时 / 健康检查 失败: the running code fails (the tests' concern), not the build."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`test_login` 可能是时序问题，重跑之后全部通过。", ["test"]),
    (u"集成测试大概是网络抖动，重跑一次就全绿了。", ["test"]),
    (u"那个 e2e 用例多半是环境问题，重新跑了一遍 `pytest`，全部通过。", ["test"]),
    (u"lint 好像是版本不一致，升级后 `eslint` 干净了。", ["lint"]),
    (u"`TestRetry` 应该是时钟相关，重跑后 `go test ./...` 全部 ok。", ["test"]),
    (u"测试应该是过了。", []),
    (u"测试估计是过了，全部通过。", []),
    (u"`test_x` 估计是 flaky，整个套件应该能过。", []),
    # dev9c
    (u"`test_upload_large_file` 估计是 flaky，我重跑了一次就过了，整个套件现在 0 failures。", ["test"]),
])
def test_a_hedged_guess_at_what_a_check_is_leaves_its_result(text, expected):
    """估计是 / 可能是 / 应该是 + what (flaky, 时序问题) in a clause with no pass word: a guess at a
    cause, which does not hedge the result another clause states."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"只跑了 `pytest tests/api`，这部分全部通过。", [("test", "subset")]),
    (u"我只跑了 `jest src/auth`，那一块都是绿的。", [("test", "subset")]),
    (u"`cargo test -p core` 跑了，这部分没问题。", [("test", "subset")]),
    (u"只跑了 `go test ./pkg/cache/...`，那部分全过。", [("test", "subset")]),
    (u"`rspec spec/models` 单独跑了一下，这一块没有失败。", [("test", "subset")]),
    (u"那部分我还没跑。", []),
    (u"只跑了 `pytest tests/api`，那部分有 2 个失败。", []),
    (u"那部分代码是 OK 的。", []),
    # dev9c
    (u"我没有全部跑，只跑了 `go test ./internal/parser/...`，那部分是 ok 的。", [("test", "subset")]),
])
def test_that_part_is_the_part_of_the_run_named_before(text, expected):
    """那部分 / 这部分 / 那一块 before a dropped-subject pass: the part that was run, named before."""
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text, expected", [
    (u"所有检查都通过了：\n- 构建\n- 单测\n- lint", ["build", "lint", "test"]),
    (u"全部检查均已通过 ✅\n\n- `ruff check`\n- `mypy src/`", ["lint", "typecheck"]),
    (u"所有检查都过了：\n\n1. `cargo build`\n2. `cargo test`", ["build", "test"]),
    (u"各项检查都通过了。\n\n包括 `go test ./...` 和 `golangci-lint run`。", ["lint", "test"]),
    (u"零报错。`pyright` 和 `ruff check` 都跑过了。", ["lint", "typecheck"]),
    (u"全部通过。我跑了 `pytest` 和 `ruff`。", ["lint", "test"]),
    (u"零报错，零警告。这次跑了 `eslint` 和 `tsc --noEmit`。", ["lint", "typecheck"]),
    (u"全部通过，一个都没挂。刚跑的是 `go test ./...`。", ["test"]),
    (u"没有任何报错。执行的是 `cargo build --release`。", ["build"]),
    (u"所有检查都通过了。", []),
    (u"零报错。", []),
    (u"都通过了。", []),
    (u"所有检查都通过了吗？\n- build\n- lint", []),
    (u"所有 checks 应该都能过：\n- build\n- lint", []),
    (u"应该全部通过。我会跑 `pytest` 确认。", []),
    (u"迁移成功。测试还没跑。", []),
    (u"接口文档和示例我都检查了，都通过了。`pytest` 也跑了。", []),
    # dev9c
    (u"所有 checks passed ✅\n- build\n- unit tests\n- lint", ["build", "lint", "test"]),
])
def test_a_pass_of_everything_covers_the_checks_the_message_names(text, expected):
    """"所有检查都通过了" naming no check in its sentence, or a bare pass of all (零报错, 全部通过) with
    nothing named before it: the checks the message names (the items after it, the runs told
    after it), as "Everything passes" does; alone it names none."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"所有检查都过了：\n```\ncargo clippy   ✓\ncargo test   ✓\n```", ["lint", "test"]),
    (u"全部检查均通过：\n```\neslint .   ✅\ntsc --noEmit   ✅\n```", ["lint", "typecheck"]),
    (u"所有检查都通过了：\n```\ngo build ./...  ✔\ngo test ./...   ✔ (ok)\n```", ["build", "test"]),
    (u"所有检查都通过：\n\n```\nrubocop   ✓\nbundle exec rspec   ✓ (312 examples)\n```", ["lint", "test"]),
    (u"All checks pass:\n\n```\nruff check .   ✔\nmypy src/   ✔\n```", ["lint", "typecheck"]),
    (u"全部检查通过：\n\n```\nruff check .   ✔\nmypy src/   ✘\n```", []),
    (u"运行结果：\n\n```\nruff check .   ✔\nmypy src/   ✔\n```", []),
    (u"全部检查通过：\n\n```\nruff check .   ✔\n还没跑 mypy\n```", []),
    # dev9c
    (u"全部检查通过：\n\n```\nruff check .        ✔\nruff format --check ✔\nmypy src/           ✔\npytest"
     u"              ✔ (203 passed)\n```", ["lint", "test", "typecheck"]),
])
def test_a_colon_over_a_block_of_ticked_commands_lists_them(text, expected):
    """A pass ending in a colon over a block whose every line is a command with a pass mark: the
    commands are what it lists (a line without one, or a failure mark, lists nothing)."""
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"```\n$ cargo test\ntest result: ok. 12 passed\n```\n全部通过。", ["test"]),
    (u"```\n$ pytest\n2 failed, 55 passed\n```\n\n修复后全部通过。", ["test"]),
    (u"### 检查\n\n```\n$ npx eslint .\n```\n\n零报错。", ["lint"]),
    (u"```\n$ go test ./...\nok  example.com/api  0.4s\n```\n\n都通过了。", ["test"]),
    (u"```\n$ pytest\n2 failed, 55 passed\n```\n\n还有两个失败。", []),
    (u"```\n$ npm test\n```\n\n请跑一下上面的命令，确认全部通过。", []),
    (u"```\n$ pytest\n```\n\n应该能全部通过。", []),
    # dev9c
    (u"## 验证结果\n\n```\n$ pytest\n===== 57 passed in 4.12s =====\n```\n\n全部通过 ✅", ["test"]),
])
def test_a_pass_after_a_transcript_is_of_its_commands(text, expected):
    """A transcript's ``$ command`` lines no line introduces are the subject of a pass after the
    block whose subject is dropped ("全部通过 ✅"): the author's word on the run shown."""
    assert categories(text) == expected


# ---- a pass of all after no more than a clause saying a change is done ("改好了，") or an
# interjection names no check: no claim, but an 'unnamed' green statement the gate holds to the
# session's runs (docs/VERDICTS.md rule 4b), as a pass of all opening its sentence is
@pytest.mark.parametrize("text", [
    u"改好了，全部通过了。",
    u"嗯，全部通过了。",
    u"改好了，现在全部通过了。",
    u"bug 修好了，全部通过了。",
    u"修复完成，都过了。",
    u"搞定，全部通过。",
])
def test_a_pass_of_all_after_a_done_clause_is_an_unnamed_green(text):
    assert categories(text) == [] and reasons(text) == ["unnamed"]


@pytest.mark.parametrize("text, expected", [
    (u"接口文档和示例我都检查了，都通过了。", []),         # 都 is of the things named before
    (u"改好了，全部通过了。测试 45 个。", ["test"]),         # the message names its check
])
def test_a_pass_of_all_after_a_clause_naming_things_stays_theirs(text, expected):
    assert categories(text) == expected
