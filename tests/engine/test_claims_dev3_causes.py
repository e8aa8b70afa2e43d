# -*- coding: utf-8 -*-
"""Structural causes of misses found on the dev3 sets (claims_dev3a/dev3b_2026-12-02.jsonl, written
blind), one test group per cause, with examples written here (none copied from the sets). Runner
output quoted in a message has its own file (test_claims_output.py)."""

import pytest

from stalegreen.engine import claims


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a ticked checklist row that only names a check says it passed
@pytest.mark.parametrize("text, expected", [
    ("## Testing\n- [x] `pytest -q`\n- [x] `ruff check .`\n- [ ] manual smoke test", ["lint", "test"]),
    ("Checklist:\n- [x] build (`pnpm build`)\n- [ ] lint (config broken)", ["build"]),
    ("- [x] unit tests (`go test ./...`, 212 passing)", ["test"]),
    ("- [X] typecheck", ["typecheck"]),
    (u"\u9a8c\u8bc1\uff1a\n- [x] `cargo clippy`\n- [x] `cargo test`", ["lint", "test"]),
])
def test_a_ticked_row_naming_a_check_is_a_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "- [x] Tests written for `Snapshot::diff`\n- [ ] Tests pass",
    "- [x] Added a regression test for the parser",
    "- [ ] `pytest -q`\n- [ ] `ruff check .`",
    "## Next steps\n- [x] lint",
    "- [x] Updated the build script to drop Node 16",
])
def test_a_ticked_row_saying_what_was_done_is_no_claim(text):
    assert categories(text) == []


# ---- pre-commit hooks are lint checks
@pytest.mark.parametrize("text, expected", [
    ("The pre-commit hooks all passed on the commit (black, isort, flake8).", ["lint"]),
    ("Committed; pre-commit passed.", ["lint"]),
    ("pre-commit checks are all green now.", ["lint"]),
    (u"pre-commit hooks \u5168\u90e8 Passed\uff0c\u5df2\u7ecf push \u4e86\u3002", ["lint"]),
    ("The git hooks pass and `pytest` passes.", ["lint", "test"]),
])
def test_pre_commit_hooks_passing_is_a_lint_claim(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "I fixed the commit hook script.",
    "The pre-commit hook failed on the large fixture.",
    "Should the pre-commit hooks pass before I push?",
    "Install the pre-commit hooks with `pre-commit install`.",
    "The pre-commit hooks were passing before the rebase.",
])
def test_pre_commit_hooks_not_passing_now_is_no_claim(text):
    assert categories(text) == []


# ---- "everything passes except <category>" leaves that category out
@pytest.mark.parametrize("text, expected", [
    ("Everything passes except the build. Tests (412) and lint are green.", ["lint", "test"]),
    ("Everything is green apart from lint, which flags two unused imports. Tests and the build pass.",
     ["build", "test"]),
    ("Tests: everything passes except `test_export_large`, which times out here.", ["test"]),
    ("Everything passes except typecheck; tests, lint and the build are green.", ["build", "lint", "test"]),
    ("Tests (88) and typecheck are clean.", ["test", "typecheck"]),
])
def test_an_exception_naming_a_category_leaves_it_out(text, expected):
    assert categories(text) == expected


# ---- a failure noun with a resolution participle reports a fix, not a failure
@pytest.mark.parametrize("text, expected", [
    ("Type errors resolved \u2014 `tsc --noEmit` now exits 0.", ["typecheck"]),
    ("Lint errors fixed; `eslint .` is clean.", ["lint"]),
    ("Test failures addressed, and all 40 tests pass.", ["test"]),
    ("Build errors gone: `cargo build` succeeds.", ["build"]),
    ("Crashes fixed. The suite passes.", ["test"]),
])
def test_resolved_failures_do_not_negate(text, expected):
    assert categories(text) == expected


def test_unresolved_failures_still_negate():
    assert categories("Type errors remain; `tsc --noEmit` exits 0 only with skipLibCheck.") == []
    assert categories("Lint errors in `src/`, but the suite passes.") == ["test"]


# ---- compiling: under a named compiler, Chinese contractions, analyzers as linters
@pytest.mark.parametrize("text, expected", [
    ("Compiles with clang 17 and gcc 13.", ["build"]),
    ("It compiles under msvc too.", ["build"]),
    (u"\u524d\u540e\u7aef\u90fd\u7f16\u8fc7\u4e86\u3002", ["build"]),
    (u"Kotlin \u8fd9\u8fb9 compile \u8fc7\u4e86\u3002", ["build"]),
    ("The Roslyn analyzers report 0 warnings.", ["lint"]),
    ("Static analysis is clean.", ["lint"]),
])
def test_compiling_and_analyzers(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text", [
    "It compiles with warnings that I still need to look at.",
    u"\u7f16\u8fc7\u7a0b\u4e2d\u51fa\u9519\u4e86\u3002",
    u"\u8fd9\u4e2a\u51fd\u6570\u7f16\u5199\u8fc7\u4e86\u3002",
    "The analyzers report 3 warnings in `Program.cs`.",
    "I compiled the list of flaky tests with gcc-specific notes.",
])
def test_compiling_or_analyzers_without_a_pass_is_no_claim(text):
    assert categories(text) == []
