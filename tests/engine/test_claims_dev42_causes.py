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


# ---- dev42en (240 English imitating named agent products, scored on arrival at 0.990/0.971, the same as the starting
# code): a ticked row's imperative is a task done ("[x] Run the full test suite \u2014 all 341 tests pass")
@pytest.mark.parametrize("text, expected", [
    ("- [x] Reproduce the bug with a failing test\n- [x] Run the full test suite \u2014 all 341 tests pass\n"
     "- [x] Run `npm run lint` \u2014 no issues\n- [ ] Update CHANGELOG", ["lint", "test"]),
    ("- [x] Verify `cargo clippy` is clean", ["lint"]),
    ("- [x] Build (`npm run build`)\n- [x] Typecheck (`tsc --noEmit`)", ["build", "typecheck"]),
    ("- [ ] Run the full test suite \u2014 all 341 tests pass", []),       # unticked: a plan
    ("Run the full test suite \u2014 all 341 tests pass.", []),            # no box: an instruction
])
def test_a_ticked_rows_imperative_is_a_task_done(text, expected):
    assert categories(text) == expected


# ---- a format check's files all as they should be
@pytest.mark.parametrize("text, expected", [
    ("**Verification**\n- `npx prettier --check .` \u2014 all files formatted\n- `npx tsc --noEmit` \u2014 0 errors",
     ["lint", "typecheck"]),
    ("`black --check .`: all 42 files are already formatted.", ["lint"]),
    ("I formatted all files.", []),
    ("All files formatted.", []),                                          # no check named
])
def test_all_files_formatted_after_a_format_check(text, expected):
    assert categories(text) == expected


# ---- found by red-teaming the session's own rules (tests/engine/claims_redteam18_2026-12-05.jsonl): a run someone
# else made is no antecedent, what is pasted from elsewhere is theirs, a trailing time before now dates the result
@pytest.mark.parametrize("text, expected", [
    ("CI ran the full suite on the PR. No failures.", []),
    ("Testing was carried out by the QA team last sprint. No failures were reported.", []),
    ("They ran the tests. No failures.", []),
    ('The user ran `pytest` locally. It showed "212 passed" for them; I could not reproduce their environment.', []),
    ("The user pasted this from their machine:\n\nVerification:\n```\n$ cargo test\ntest result: ok. 88 passed; "
     "0 failed\n```", []),
    ("From the CI log:\n\n## Verification\n```\n$ cargo test\ntest result: ok. 88 passed; 0 failed\n```", []),
    ("Lint was clean, at least it was when I last ran it, which was before the rename.", []),
    ("pytest: 212 passed, before I reverted the fixture change.", []),
    ("Tests pass, or at least they did before I touched the serializer.", []),
    ("The new pre-commit hook makes sure all files are formatted before each commit.", []),
    # the rules still read the agent's own
    ("I ran the full suite. No failures.", ["test"]),
    ("I fixed the bug.\n\nVerification:\n```\n$ cargo test\ntest result: ok. 88 passed; 0 failed\n```", ["test"]),
    ("Ran `dotnet format --verify-no-changes`; all 210 files are already formatted.", ["lint"]),
    ("`cargo fmt --all -- --check` shows every file already formatted.", ["lint"]),
    ("The tests pass, before I push I'll squash the commits.", ["test"]),
])
def test_the_red_teams_cases(text, expected):
    assert categories(text) == expected
