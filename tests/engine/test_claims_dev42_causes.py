# -*- coding: utf-8 -*-
"""Claims causes found on the dev42 sets (written blind 2026-12-05 late in the eighteenth session: dev42zh,
120 Chinese and 30 mixed messages from Chinese-speaking developers' agents, scored on arrival at zh
0.990/0.970, mixed 0.964/0.900, the same as the session's starting code). Each group holds the set's own
sentences, lines of our own and negatives."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


# ---- Chinese coordinators join the runs a mixed sentence names: "`npm run build` 和 `npm run lint`，both succeeded"
@pytest.mark.parametrize("text, expected", [
    (u"我 ran `npm run build` 和 `npm run lint`，both succeeded。", ["build", "lint"]),
    (u"`cargo build` 与 `cargo clippy` both pass now.", ["build", "lint"]),
    (u"`tsc --noEmit`、`eslint .` 都 clean 了，both green。", ["lint", "typecheck"]),
    (u"我 ran `npm run build` 和 `npm run lint`，but both failed。", []),
])
def test_chinese_coordinators_join_the_runs(text, expected):
    assert categories(text) == expected


# ---- a paragraph opening with a result's label tells the result of the paragraph before it
@pytest.mark.parametrize("text, expected", [
    (u"我跑了单元测试和集成测试。\n\n结果：全部通过。", ["test"]),
    (u"我跑了 `pytest`。\n\n**结果**：全部通过。", ["test"]),
    ("I ran `cargo test` and `cargo clippy`.\n\nResult: both clean.", ["lint", "test"]),
    (u"我改了解析器。\n\n结果：全部通过。", []),                       # nothing run, nothing named
    (u"我跑了单元测试。\n\n结果：有 2 个失败。", []),
])
def test_a_result_label_continues_the_paragraph_before(text, expected):
    assert categories(text) == expected
