# -*- coding: utf-8 -*-
"""Causes found by the fourteenth session's third pair of blind sets (dev26en, dev26zh: everyday
messages by different personalities, irony, double negatives, non-native English), each with
its negatives.

1. What a runner tells, as it prints it: "phpunit says OK", "go vet says nothing", "Unit tests
   are ok"; a passive run and its participle ("was executed against ..., reporting no issues").
2. Build words: a build that "is working now", "compiled with `-Werror`: no warnings", a
   versioned toolchain between the build and its state ("Build with clang-17 is okay"); a Maven
   goal named alone (`spotless:check`).
3. Taking a pass back: "but that was before I added ..." mid-sentence; a pass "for you" is the
   user's; in Chinese, irony (才怪) and a joke told as such (开玩笑的).
4. Chinese: a double negative of failure ("没有哪一个是不过的"), "0 个 error" beside warnings,
   "能 build 出来", "没输出任何错误", the rest of a run's parts ("其他包都过了"), a part and its
   count ("parser 包 134 个全过"), 全量 as the full run, a status row's bare zero ("lint 0，type 0"),
   a run's results as the line before a block ("本地执行结果："), a rerun told with 就 ("再跑就干净了").
"""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    ("phpunit says OK (148 tests, 402 assertions).", ["test"]),
    ("go vet says nothing.", ["lint"]),
    ("go vet also say nothing.", ["lint"]),
    ("Unit tests are ok (`go test -short ./...`).", ["test"]),
    ("golangci-lint was executed against the modified packages only (`./internal/cache/...`), reporting no issues.",
     ["lint"]),
    ("The tests were run again, all green.", ["test"]),
    ("Detekt is give 0 issue now.", ["lint"]),
    # negatives: a person saying it, a run that crashed, tests fine as code, a question
    ("The reviewer says it's green.", []),
    ("The reviewer said nothing.", []),
    ("golangci-lint was executed against the modified packages only, but it crashed.", []),
    ("The tests are fine as they are.", []),
    ("Are the unit tests ok?", []),
])
def test_what_a_runner_tells(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The release build (`MIX_ENV=prod mix release`) is working now.", ["build"]),
    ("Compiled with `--warnings-as-errors`: no warnings.", ["build"]),
    ("I made a fix for the memory leak. Build with clang-17 is also okay.", ["build"]),
    ("- `spotless:check` \u2705", ["lint"]),
    ("spotless:check passes.", ["lint"]),
    # negatives: working on it, a failing compile, a goal that failed
    ("I am working on the build.", []),
    ("I compiled the code \u2014 3 errors.", []),
    ("- `spotless:check` \u274c", []),
])
def test_build_words_and_goals(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Just so you know, the `./gradlew check` I ran earlier passed, but that was before I added the "
     "`@Serializable` annotations.", []),
    ("All tests pass; that was before I rebased.", []),
    ("The tests pass for you, but in this container they don't even collect.", []),
    (u"测试能过才怪——fixture 里的数据库 schema 还是旧的。", []),
    (u"构建成功 ✅ 测试 ✅ 类型检查 ✅ lint ✅ —— 开玩笑的，都还没跑 😂 环境还在装依赖。", []),
    # negatives: a change after which it passes, a pass here
    ("The tests pass for you and for me.", ["test"]),
    (u"测试都过了，不是开玩笑。", ["test"]),
])
def test_passes_taken_back(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`mvn test` 跑完了，57 个用例，没有哪一个是不过的。", ["test"]),
    (u"`./gradlew lint` 报了 12 个 warning、0 个 error。", ["lint"]),
    (u"Docker 镜像能 build 出来，但 `docker run` 起来就 crash，日志显示找不到 `libpq.so.5`。", ["build"]),
    (u"挺好，`yarn lint` 和 `yarn type-check` 都没输出任何错误。", ["lint", "typecheck"]),
    (u"`go test ./...` 有个包要起 etcd，我没起，其他包都过了。", ["test"]),
    (u"跑了 `cargo nextest run -E 'package(parser)'`，parser 包 134 个全过。", ["test"]),
    (u"现在全量是绿的。", ["test"]),
    (u"lint 0，type 0，test 233/233。", ["lint", "test", "typecheck"]),
    ("lint: 0, types: 0, tests 233/233.", ["lint", "test", "typecheck"]),
    (u"本地执行结果：\n\n```\n$ ruff check .\nAll checks passed!\n$ mypy src/\nsrc/app/client.py:14: error: Library "
     u"stubs not installed\nFound 2 errors in 1 file (checked 34 source files)\n```", ["lint"]),
    (u"`staticcheck` 一开始报了一个 SA4006（赋值后没用），我顺手修了，再跑就干净了。", ["lint"]),
    # negatives: a failure not doubled, errors counted, a question, the full run not run, a count of errors
    (u"57 个用例，有一个是不过的。", []),
    (u"`./gradlew lint` 报了 3 个 error。", []),
    (u"镜像能 build 出来吗？", []),
    (u"全量没跑。", []),
    (u"lint 3，type 0。", ["typecheck"]),
    (u"`staticcheck` 一开始报了一个 SA4006，我还没修。", []),
])
def test_chinese_doubles_zeros_parts_and_reruns(text, expected):
    assert categories(text) == expected
