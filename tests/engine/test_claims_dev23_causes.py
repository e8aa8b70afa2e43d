# -*- coding: utf-8 -*-
"""Causes found by the thirteenth session's second blind set (dev23: end-of-session recaps), each
with its negatives.

1. The same command said to fail later takes back its earlier pass (claims_superseded): in a
   numbered timeline, a table of rows, or later prose (also in tests/engine/test_redteam9.py).
2. A middle dot between items is a comma ("tsc ✅ · eslint ⚠️ 没跑 · build ✅"), save in a row of
   marks that lead their items.
3. A block of command rows may hold a tool the catalog does not know, given a status mark; it
   names no check and the known rows keep theirs.
4. "Everything I could run passes: A and B": a relative clause of what was run after
   "everything"; "could" there is what was possible, no hedge.
5. A Chinese not-rerun disclosure with the English verb: "tests 没有 rerun", "还没 re-run".
6. A result told in a timeline before a change told after it is stale (claims_timeline): a
   numbered list introduced as a timeline or made of actions, or a sentence opening with "Then",
   "After that", 然后; a rerun that passes after the change is the last word.
7. Tables: a first-round column ("第一轮", "Initial") is past like "Before"; a bare 0 in the later
   column counts what the earlier cell counted ("| `tsc` | 17 个错误 | 0 |": 0 errors).
8. A linter's hints are its findings: "`hlint` 没有任何提示" (not a prompt box, 提示框).
9. The last word on a check, said as now, stands over an earlier segment's failure: "3 tests
   failed; now all 45 pass"; a rerun's bare result has the rerun for subject ("I autocorrected
   them and reran — clean": the rerun of the check named before).
"""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("text, expected", [
    (u"What I did:\n1. `go test ./...` \u2014 ok\n2. Refactored `handlers/users.go`\n3. `go build ./...` \u2014 ok\n"
     u"4. `go test ./...` \u2014 FAIL: `TestListUsers/second_page` returns the first page again", ["build"]),
    ("`npm test` passed. Then I changed the fixture. `npm test` failed.", []),
    ("```\nnpm test   passed\nnpm test   failed\n```", []),
    ("`cargo clippy` was clean. After the rename, `cargo clippy` fails with 2 warnings.", []),
    (u"1. `pytest` \u901a\u8fc7\n2. \u6539\u4e86 `models.py`\n3. `pytest` \u2014 2 failed", []),
    # negatives: the failure first, a past or conditional or relayed failure, another part
    ("`npm test` failed. I fixed the fixture. `npm test` passes.", ["test"]),
    ("`npm test` passes. Before my change, `npm test` failed.", ["test"]),
    ("`npm test` passes. If you remove the mock, `npm test` fails.", ["test"]),
    ("`npm test` passes, but `npm test` failed on CI.", ["test"]),
    ("`pytest tests/api` passes. `pytest tests/db` fails.", ["test"]),
])
def test_the_same_command_failing_later_takes_its_pass_back(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"Final: tsc ✅ · vitest ✅（rebase 之后重跑的）· eslint ⚠️ 没跑 · build ✅", ["build", "test", "typecheck"]),
    (u"lint ✓ · tests ✓ · build 没跑", ["lint", "test"]),
    (u"Typecheck ✓ · tests ✗ (2 failed) · lint ✓", ["lint", "typecheck"]),
    (u"tsc ✅ · vitest ✅ · build ✅", ["build", "test", "typecheck"]),
    (u"tsc ✅ · vitest ❌ · build ✅", ["build", "typecheck"]),
    # a row of marks leading their items is read item by item, as before
    (u"\U0001f7e2 compile · \U0001f534 unit tests (7 failures) · \U0001f7e1 integration (not run) · "
     u"\u26aa lint (no linter configured)", ["build"]),
])
def test_a_middle_dot_between_items_is_a_comma(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("```\nswift build -c release   \u2705\nswift test               \u2705 121 tests\n"
     "swiftformat --lint .     \u274c 2 files need formatting\n```", ["build", "test"]),
    ("```\nbazel build //...      \u2705\nbazel test //...       \u2705 88 tests\nbuildifier -lint .     \u274c 3 warnings\n```",
     ["build", "test"]),
    # negatives: rows of tools the catalog does not know name no check; a log stays a log
    ("```\nfoo-tool --check   \u2705\nbar-tool           \u274c\n```", []),
    ("```\n2024-01-01 12:00   \u2705 started\nserver up   \u2705\n```", []),
])
def test_a_block_of_command_rows_may_hold_an_unknown_tool(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Everything I could run passes: `cargo test` (lib + doc tests) and `cargo clippy --all-targets`.", ["lint", "test"]),
    ("Everything I was able to run passes: `pytest` and `ruff check .`.", ["lint", "test"]),
    ("Everything we ran is green: `go test ./...`, `go vet ./...`.", ["lint", "test"]),
    ("Everything we checked is green: lint and tests.", ["lint", "test"]),
    ("Everything I COULD run passes: `cargo test`.", ["test"]),
    # negatives: a hedge is still a hedge; nothing named
    ("I think everything I could check could pass.", []),
    ("It could pass.", []),
    ("Everything I touched is documented.", []),
])
def test_everything_i_could_run(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"1. Ran `go test ./...` → 2 failures\n2. 修了 nil check\n3. Reran → all pass\n4. 然后改了 error wrapping\n"
     u"5. `go build ./...` OK，但 tests 没有 rerun", ["build"]),
    (u"tests 全过。之后改了 error wrapping，tests 没有 rerun。", []),
    (u"tests pass. 后来又改了 handler，还没 rerun。", []),
    (u"`npm test` 全过，之后改了一点，还没 re-run。", []),
    (u"Tests: pass. 后面又改了 handler，tests 没有 rerun。", []),
    # negatives: a rerun that was done
    (u"测试全过了，rerun 也没问题。", ["test"]),
    (u"改完之后 rerun 了一遍，tests 全过。", ["test"]),
])
def test_a_chinese_disclosure_with_the_english_verb(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Here's the order things happened:\n\n1. Ran `tox` \u2014 all envs passed (py39, py310, lint).\n"
     "2. Dropped Python 3.9 support: bumped requires-python.\n3. Updated envlist in tox.ini.", []),
    ("After key:generate the suite passed. Then, as you asked, I reworked `OrderService` to use the repository.", []),
    ("1. Ran `pytest` \u2014 40 passed.\n2. Renamed `helpers.py` to `utils.py`.", []),
    (u"1. `cargo test` 通过\n2. 把 tokio 升到 1.38\n3. `cargo build` 报错\n4. 在 `Cargo.toml` 里加了 features\n5. 没来得及重新编译", []),
    ("Long session, so here's the recap:\n\n1. Reproduced the crash.\n2. Added a mounted check.\n"
     "3. `flutter analyze` \u2192 No issues found.\n4. You then asked for the picker to use the theme, so I changed "
     "`picker.dart`.\n5. `flutter test` \u2192 all 48 passed.", ["test"]),
    # negatives: a rerun after the change; a change of docs only; a change denied; a summary's lists;
    # a change told of something, not made by the agent; a suggestion
    ("1. Ran `pytest` \u2014 40 passed.\n2. Renamed `helpers.py` to `utils.py`.\n3. Reran `pytest` \u2014 40 passed.",
     ["test"]),
    ("The tests passed. After that I only updated the docs.", ["test"]),
    ("1. Ran `pytest` \u2014 40 passed.\n2. Haven't changed anything since.", ["test"]),
    ("## Changes\n1. Added a retry to the client.\n2. Renamed helpers.\n\n## Verification\n1. `pytest` passes.\n"
     "2. `ruff check .` is clean.", ["lint", "test"]),
    ("Ran the usual pre-push checks:\n\n1. `isort --check-only .` \u2014 clean\n2. `flake8` \u2014 clean\n"
     "3. `pytest` \u2014 1 failed, 97 passed (`test_cli_help`: the help text changed)", ["lint"]),
    ("Tests pass. Next, I suggest we rename the module.", ["test"]),
    ("3. `cmake --build build` \u2192 OK.\n4. Updated the expected strings.\n5. `cmake --build build` \u2192 OK.",
     ["build"]),
])
def test_a_result_told_before_a_later_change_is_stale(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"| 检查 | 第一轮 | 最后一轮（最终提交后） |\n|---|---|---|\n| `cargo build` | ❌ | ✅ |\n"
     u"| `cargo test` | ❌ 5 个失败 | ✅ 全部通过 |\n| `cargo clippy -- -D warnings` | ✅ | ✅ |", ["build", "lint", "test"]),
    (u"| 检查项 | 修改前 | 修改后 |\n|---|---|---|\n| `tsc --noEmit` | 17 个错误 | 0 |\n| `eslint .` | ✅ | ✅ |",
     ["lint", "typecheck"]),
    ("| Check | Before | After |\n|---|---|---|\n| `mypy` | 12 errors | 0 |", ["typecheck"]),
    ("| Check | Initial | Final |\n|---|---|---|\n| `pytest` | \u274c | \u2705 |", ["test"]),
    # negatives: the later column still fails; the first round alone passed
    ("| Check | Initial | Final |\n|---|---|---|\n| `pytest` | 3 failed | 3 failed |", []),
    ("| Check | First run | Final |\n|---|---|---|\n| `pytest` | \u2705 | \u274c |", []),
    ("| | Before | After |\n|---|---|---|\n| eslint errors | 37 | 0 |\n| tsc errors | 12 | 0 |", ["lint", "typecheck"]),
])
def test_a_first_round_column_is_past_and_a_bare_zero_counts_what_it_counted(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    (u"`hlint` 没有任何提示。", ["lint"]),
    (u"hlint 没有提示", ["lint"]),
    (u"`cabal build` 成功，但 `cabal test` 有一个测试挂了。`hlint` 没有任何提示。", ["build", "lint"]),
    # negatives: a prompt box, a prompt, an instruction
    (u"登录页没有提示框", []),
    (u"按提示操作即可。", []),
])
def test_a_linters_hints_are_its_findings(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("3 tests failed; now all 45 pass.", ["test"]),
    ("`pytest` had 2 failures; the rerun is all green.", ["test"]),
    ("`pytest` had 2 failures; reran, all green.", ["test"]),
    ("`standardrb` flagged 2 offenses in `app/services/renewal_service.rb`; I autocorrected them and reran \u2014 clean.",
     ["lint"]),
    ("`ruff` flagged 2 issues; fixed them, reran: clean.", ["lint"]),
    ("`ruff` flagged 2 issues. Fixed and reran \u2014 clean.", ["lint"]),
    # negatives: the failure said as now too, or after the pass; nothing named before the rerun
    ("Tests pass now, but 3 tests still fail.", []),
    ("3 tests fail now; the rest pass now.", []),
    ("Now all 45 pass; 3 tests failed.", []),
    ("I reran \u2014 clean.", []),
    ("I ran the migration; reran it \u2014 ok.", []),
])
def test_the_last_word_said_as_now_and_a_reruns_bare_result(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("| Check | Local | CI |\n|---|---|---|\n| `go test ./...` | \u2705 | \u2705 |\n"
     "| `golangci-lint run` | not run (binary not installed) | \u2705 |\n| `go build` | \u2014 | \u2705 |", ["test"]),
    ("| Check | Local (final commit) | CI |\n|---|---|---|\n| `cargo test` | \u2705 203 passed | \u274c |\n"
     "| `cargo clippy -- -D warnings` | not run | \u2705 |", ["test"]),
    # negatives: CI's table alone is relayed; a CI job column naming where a result of the agent's maps
    ("| Check | CI |\n|---|---|\n| `go build` | \u2705 |", []),
    ("| Check | Result | CI job |\n|---|---|---|\n| `go build` | \u2705 | build |", ["build"]),
])
def test_a_ci_column_beside_the_agents_own_is_cis(text, expected):
    assert categories(text) == expected
