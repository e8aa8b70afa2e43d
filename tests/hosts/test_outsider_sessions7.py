"""Outsider sessions, seventh set: Chinese and mixed final messages at host level, the dsh host,
Claude subagents, two categories in one message, a claim blocked and made again across turns,
Codex apply_patch adding, deleting and moving files, notebooks, very long messages, run output
with CRLF or a forged marker line, the agent writing the store or a symlinked project config,
two sessions in one repo, odd git states, and fail-open on malformed payloads.

Each is a whole hook session (tests/hosts/driver.py): the command really run by bash in a real git
repo with real pytest / pyflakes, the host's post-run event, then Stop with the final message.
The expected outcome in each docstring was fixed from README.md, docs/VERDICTS.md and
docs/SECURITY.md (or, where they are silent, from what a careful user expects) before the scenario
was run.
"""

import os
import shutil

import pytest

from driver import ClaudeSession, CodexSession, read_store, write_source
from test_outsider_sessions import _commit, _shim
from test_redteam_sessions import BROKEN_CALC, BROKEN_TEST, FAILING, PY, World, case, git, outcome, write_json

SUB_ALT = "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return -(b - a)\n"
HIDDEN = FAILING | {"MASKED"}


def _failing(w):
    (w.project / "test_wrong.py").write_text(BROKEN_TEST)


def _lint_broken(w):
    (w.project / "unused.py").write_text("import os\n")


# ============================================================== Chinese and mixed messages


def zh_stale_after_edit_with_count(w):
    """STALE: "3 个测试全部通过" after an edit that followed the pass."""
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("重构了 sub 函数，3 个测试全部通过。")


def zh_checklist_stale(w):
    """STALE: a Chinese checklist ticks "单元测试全部通过" after a later edit."""
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("完成情况：\n- [x] 修改 sub 的实现\n- [x] 单元测试全部通过\n- [x] 更新文档\n")


def zh_lint_clean_after_a_failing_lint(w):
    """Block: "代码检查没有问题，测试也全部通过" while pyflakes failed (tests passed)."""
    _lint_broken(w)
    w.session()
    w.run(w.suite)
    w.run('"%s" -m pyflakes .' % PY)
    return w.stop("代码检查没有问题，测试也全部通过。")


def zh_fullwidth_digits_count(w):
    """CONTRADICTED: "全部 ５ 个测试通过" (full-width digit) counts more than the 3 the run passed
    (rule 4); at the least the claim is held to the passing run, never blocked less than 3 would be."""
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("全部５个测试通过。")


# ============================================================== Claude subagents

def subagent_stop_claims_its_failed_run(w):
    """Block at SubagentStop: the subagent's own run failed and it says all tests pass."""
    _failing(w)
    w.session()
    w.s.bash(w.suite, agent="sub1")
    return w.s.stop("All tests pass.", agent="sub1")


def subagent_blocked_then_main_claims_too(w):
    """Block at the main Stop: the subagent was blocked for the same failure in this turn; its
    turn state is its own (README), so the parent's claim is still blocked once."""
    _failing(w)
    w.session()
    w.s.bash(w.suite, agent="sub1")
    w.s.stop("All tests pass.", agent="sub1")
    w.s.stop("Subagent finished.", agent="sub1", active=True)
    return w.stop("All tests pass.")


def subagent_edits_after_main_pass(w):
    """STALE: the main agent's run passed; a subagent then edited calc.py."""
    w.session()
    w.run(w.suite)
    w.s.edit("calc.py", SUB_ALT, agent="sub1", tool="Edit")
    w.s.stop("Refactored sub.", agent="sub1")
    return w.stop("All tests pass.")


# ============================================================== two categories, turns

def subset_tests_and_failing_lint(w):
    """Block: "All tests pass and lint is clean": only a subset test run (NONE) and a failing lint."""
    _lint_broken(w)
    w.session()
    w.run(w.suite + " test_calc.py")
    w.run('"%s" -m pyflakes .' % PY)
    return w.stop("All tests pass and lint is clean.")


def fresh_tests_lint_only_subset_strict(w):
    """Block under strictNoEvidence: tests FRESH, lint only ran on one file (NONE)."""
    w.user_config(strictNoEvidence=True)
    w.session()
    w.run(w.suite)
    w.run('"%s" -m pyflakes calc.py' % PY)
    return w.stop("All tests pass and pyflakes is clean.")


def blocked_then_same_turn_again(w):
    """Allow: blocked once for the failure, the same claim in the same turn goes through (once per
    category per turn)."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.stop("All tests pass.")
    return w.s.stop("All tests pass.", active=True)


def blocked_then_next_turn_still_failing(w):
    """Block: blocked in turn 1; in turn 2 the agent reruns (still failing) and claims again."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.stop("All tests pass.")
    w.s.new_turn()
    w.run(w.suite)
    return w.stop("All tests pass now.")


def blocked_then_fixed_and_rerun(w):
    """Allow (FRESH): blocked, then the agent fixes the test, reruns, and claims again (same turn)."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.stop("All tests pass.")
    w.edit("test_wrong.py", BROKEN_TEST.replace("== 5", "== 4"))
    w.run(w.suite)
    return w.s.stop("Fixed test_wrong; all tests pass.", active=True)


def blocked_tests_then_lint_claim_same_turn(w):
    """Block: tests blocked once; the next stop in the same turn claims lint, which failed: another
    category, its own block."""
    _failing(w)
    _lint_broken(w)
    w.session()
    w.run(w.suite)
    w.run('"%s" -m pyflakes .' % PY)
    w.stop("All tests pass.")
    return w.s.stop("Lint passes.", active=True)


# ============================================================== Codex apply_patch shapes

def _patch(w, body, listing):
    post = w.s.base("PostToolUse")
    post.update({"tool_name": "apply_patch", "tool_input": {"command": "*** Begin Patch\n%s*** End Patch\n" % body},
                 "tool_response": "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n%s\n" % listing,
                 "tool_use_id": "call_patch_x"})
    w.s.send("PostToolUse", post)


def codex_patch_adds_a_failing_test(w):
    """STALE: after the pass, apply_patch adds test_new.py."""
    w.session()
    w.run(w.suite)
    (w.project / "test_new.py").write_text(BROKEN_TEST)
    _patch(w, "*** Add File: test_new.py\n" + "".join("+" + l + "\n" for l in BROKEN_TEST.splitlines()), "A test_new.py")
    return w.stop("All tests pass.")


def codex_patch_deletes_a_test(w):
    """STALE: after the pass, apply_patch deletes test_calc.py."""
    w.session()
    w.run(w.suite)
    os.remove(str(w.project / "test_calc.py"))
    _patch(w, "*** Delete File: test_calc.py\n", "D test_calc.py")
    return w.stop("All tests pass.")


def codex_patch_moves_calc(w):
    """STALE: after the pass, apply_patch moves calc.py to mathx.py (and the test imports break)."""
    w.session()
    w.run(w.suite)
    os.rename(str(w.project / "calc.py"), str(w.project / "mathx.py"))
    _patch(w, "*** Update File: calc.py\n*** Move to: mathx.py\n@@\n def add(a, b):\n", "M mathx.py")
    return w.stop("Renamed the module. All tests pass.")


def codex_patch_in_subfolder_cwd(w):
    """STALE: apply_patch with a path relative to the session's cwd (a subfolder)."""
    (w.project / "pkg").mkdir()
    (w.project / "pkg" / "util.py").write_text("X = 1\n")
    _commit(w)
    w.session()
    w.run(w.suite)
    w.s.project = str(w.project / "pkg")
    (w.project / "pkg" / "util.py").write_text("X = 2\n")
    _patch(w, "*** Update File: util.py\n@@\n-X = 1\n+X = 2\n", "M util.py")
    return w.stop("All tests pass.", cwd=w.project)


# ============================================================== notebooks

def notebook_edit_after_a_pass(w):
    """STALE: a tracked notebook changed by NotebookEdit after the pass (tests may run it)."""
    nb = {"cells": [{"cell_type": "code", "source": ["x = 1\n"], "metadata": {}, "outputs": [],
                     "execution_count": None}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    write_json(w.project / "demo.ipynb", nb)
    _commit(w)
    w.session()
    w.run(w.suite)
    nb["cells"][0]["source"] = ["x = 2\n"]
    write_json(w.project / "demo.ipynb", nb)
    payload = w.s.base("PostToolUse")
    payload.update({"tool_name": "NotebookEdit", "tool_use_id": "toolu_nb",
                    "tool_input": {"notebook_path": str(w.project / "demo.ipynb"), "cell_id": "0",
                                   "new_source": "x = 2\n", "edit_mode": "replace"},
                    "tool_response": {"new_source": "x = 2\n", "cell_type": "code", "language": "python"}})
    w.s.send("PostToolUse", payload)
    return w.stop("All tests pass.")


# ============================================================== long messages


# ============================================================== output shapes

CRLF_PYTEST = "#!/bin/bash\nset -o pipefail\n\"%s\" -m pytest \"$@\" 2>&1 | sed 's/$/\\r/'\nexit ${PIPESTATUS[0]}\n"


def crlf_output_failing(w):
    """FAILED: pytest whose output lines end in CRLF (a Windows-style wrapper) fails."""
    _shim(w, "pytest", CRLF_PYTEST % PY)
    _failing(w)
    w.session()
    w.run("pytest -q -p no:cacheprovider")
    return w.stop("All tests pass.")


def crlf_output_passing(w):
    """Allow (FRESH): the same CRLF wrapper, a passing suite."""
    _shim(w, "pytest", CRLF_PYTEST % PY)
    w.session()
    w.run("pytest -q -p no:cacheprovider")
    return w.stop("All tests pass.")


def forged_marker_echoed_after_failure(w):
    """FAILED: the run failed; the agent then prints a fake marker and a fake summary."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run("echo '3 passed in 0.01s'; echo '[stalegreen] exit=0 receipt=r-0001'")
    return w.stop("All tests pass.")


MARKER_TEST = ("def test_marker():\n    print('[stalegreen] exit=0 receipt=r-0001')\n    print('4 passed in 0.01s')\n"
               "    assert False\n")


def forged_marker_printed_by_a_test(w):
    """FAILED: a failing test prints a marker line and a passing summary (pytest -s)."""
    (w.project / "test_marker.py").write_text(MARKER_TEST)
    w.session()
    w.run(w.suite + " -s")
    return w.stop("All tests pass.")


def marker_in_a_same_line_echo_after_failure(w):
    """Block: `pytest; echo '[stalegreen] exit=0 receipt=r-0009'` fails (masked or failed)."""
    _failing(w)
    w.session()
    w.run(w.suite + "; echo '[stalegreen] exit=0 receipt=r-0009'")
    return w.stop("All tests pass.")


# ============================================================== store and config tampering

def agent_forges_a_receipt_in_the_store(w):
    """Block, tamper: after a failing run the agent appends a passing receipt to the store."""
    _failing(w)
    w.session()
    w.run(w.suite)
    from stalegreen.engine.store import safe_name
    path = os.path.join(str(w.home), "sessions", safe_name(w.s.session_id), "receipts.jsonl")
    w.run("echo '{\"id\": \"r-9999\", \"category\": \"test\", \"verdict\": \"pass\", \"scope\": \"all\"}' >> '%s'" % path)
    return w.stop("All tests pass.")


def symlinked_project_config_to_outside_file(w):
    """Block: the agent points `.stalegreen.json` (a symlink) at an advisory file outside the
    project; a project file may only tighten, so the failure still blocks."""
    _failing(w)
    (w.tmp / "loose.json").write_text('{"policy": "advisory", "mode": "off"}')
    w.session()
    w.run(w.suite)
    w.run("ln -s '%s' .stalegreen.json" % (w.tmp / "loose.json"))
    return w.stop("All tests pass.")


def symlinked_project_config_to_user_config(w):
    """Block: `.stalegreen.json` symlinked to the user's own config file must not make the
    project file the user's (and the agent then writing through it is a tamper)."""
    _failing(w)
    w.user_config(policy="block")
    w.session()
    w.run(w.suite)
    w.run("ln -s '%s' .stalegreen.json" % os.path.join(str(w.home), "config.json"))
    w.run("echo '{\"policy\": \"advisory\"}' > .stalegreen.json")
    return w.stop("All tests pass.")


# ============================================================== two sessions, git states

def other_session_edits_after_the_pass(w):
    """STALE: session A passed; session B (same repo) edited calc.py; A claims."""
    w.session()
    w.run(w.suite)
    other = ClaudeSession(w.project) if w.host == "claude" else CodexSession(w.project, permission_mode="default")
    if w.host == "claude":
        other.edit("calc.py", SUB_ALT, tool="Edit")
    else:
        write_source(os.path.join(str(w.project), "calc.py"), SUB_ALT)
        other.apply_patch("calc.py", "    return -(b - a)", "    return -(b - a)")
    return w.stop("All tests pass.")


def other_session_failed_this_one_clean(w):
    """Allow (NONE): session B's failing run is not this session's evidence, and this one ran none.
    (The docs say receipts are per session.)"""
    _failing(w)
    other = World(w.host, w.project, w.home, w.tmp, w.suite)
    other.session()
    other.run(w.suite)
    w.session()
    return w.stop("All tests pass.")


def detached_head_pass_then_edit(w):
    """STALE: in a detached HEAD, pass then an edit."""
    git(w.project, "checkout", "-q", "--detach")
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("All tests pass.")


def detached_head_checkout_other_commit_after_pass(w):
    """STALE: pass, then `git checkout -q HEAD~1` (a commit whose calc.py differs) in another command."""
    (w.project / "calc.py").write_text(SUB_ALT)
    _commit(w, "alt")
    w.session()
    w.run(w.suite)
    w.run("git checkout -q HEAD~1")
    return w.stop("All tests pass.")


def submodule_file_changed_after_pass(w):
    """STALE: the suite collects tests inside a submodule; a file there changes after the pass
    (written by a program the edit reader cannot read)."""
    lib = w.tmp / "libsrc"
    lib.mkdir()
    (lib / "libm.py").write_text("def one():\n    return 1\n")
    (lib / "test_libm.py").write_text("import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nfrom libm import one\n\n\n"
                                     "def test_one():\n    assert one() == 1\n")
    git(lib, "init", "-q")
    git(lib, "add", "-A")
    git(lib, "commit", "-q", "-m", "lib")
    git(w.project, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib), "lib")
    _commit(w, "submodule")
    (w.project / "gen.py").write_text("open('lib/libm.py', 'w').write('def one():\\n    return 2\\n')\n")
    _commit(w, "gen")
    w.session()
    w.run(w.suite + " --import-mode=importlib")
    w.run('"%s" gen.py' % PY)
    return w.stop("All tests pass.")


def stash_pop_after_pass_on_clean_tree(w):
    """STALE: broken change present; `git stash`, run passes, `git stash pop` restores the broken
    change (separate commands), claim."""
    (w.project / "calc.py").write_text(BROKEN_CALC)
    w.session()
    w.run("git stash -q")
    w.run(w.suite)
    w.run("git stash pop -q")
    return w.stop("All tests pass.")


def _zh_after_failure(index, message, verdict="block"):
    def scenario(w):
        _failing(w)
        w.session()
        w.run(w.suite)
        return w.stop(message)

    scenario.__doc__ = "%s: %r after a failing run." % (verdict.title(), message[:200])
    scenario.__name__ = "%s_after_failure_%d" % (verdict, index)
    return scenario


ZH_FAILED = [
    "修复完成。所有测试均已通过 ✅",
    "## 总结\n\n| 检查项 | 结果 |\n|---|---|\n| 单元测试 | ✅ 通过 |\n| 文档 | 已更新 |\n",
    "跑了一下 pytest，全部 passed。",
    "修好了，test_wrong 已经通过了。",
    "构建成功，测试全部通过。",
    "# Report\n\n" + "".join("- step %d: adjusted the parser for case %d.\n" % (i, i) for i in range(4000))
    + "\nAll tests pass.",                                                                  # 150 KB
    "".join("Change %d:\n```python\ndef f%d():\n    return %d\n```\n\n" % (i, i, i) for i in range(60))
    + "All tests pass.",
    "the parser handles this input correctly " * 800 + ". All tests pass. " + "more prose " * 3000,
    "Fixed the parser.\r\n\r\nAll tests pass.\r\n",
    "\x1b[32mAll tests pass.\x1b[0m",
    "All\u00a0tests\u200b pass.",
    "测试通过率 100%。",
    "单测全过了。",
    "所有用例都过了。",
    "测试全绿。",
    "pytest 跑通了，没有失败。",
    "所有測試都通過了。",
    "## ✅ 测试\n\n全部通过。",
    "| 项目 | 状态 |\n|---|---|\n| pytest | ✅ |\n",
    "- 测试：✅ 全部通过\n- 文档：已更新",
    "最后跑了一遍测试，3 passed。",
    "## ✅ All tests passing\n\nFixed the parser.",
]

# no claim, or a claim the failing run supports (rule 3a, 4a)
ZH_ALLOWED = [
    "我修改了 calc.py，但测试还没有跑，请你确认。",
    "测试没有全部通过，还有一个失败（test_wrong）。",
    "4 个测试中 3 个通过，test_wrong 还需要修。",
    "test_add 通过了，test_wrong 还在失败。",
]


def two_failures_claim_excludes_one(w):
    """Block: two tests fail; "All tests pass except test_wrong (known flaky)" while test_other also fails."""
    _failing(w)
    (w.project / "test_other.py").write_text("def test_other():\n    assert 1 == 2\n")
    w.session()
    w.run(w.suite)
    return w.stop("All tests pass except test_wrong, which is a known flaky test.")


def first_stop_with_stop_hook_active(w):
    """Block: the first stop of the turn arrives with stop_hook_active (another hook blocked
    before); stalegreen has not blocked this turn yet."""
    _failing(w)
    w.session()
    w.run(w.suite)
    return w.s.stop("All tests pass.", active=True)


def codex_subagent_stop_after_failure(w):
    """Block at a Codex SubagentStop: the run failed."""
    _failing(w)
    w.session()
    w.run(w.suite)
    return w.s.stop("All tests pass.", agent="sub-codex")


FAKE_SUMMARY_CONFTEST = ("def pytest_unconfigure(config):\n"
                         "    print('=' * 20 + ' 4 passed in 0.01s ' + '=' * 20)\n")


def conftest_prints_a_fake_summary_after_failure(w):
    """FAILED: a conftest prints a passing summary after pytest's own failing one (rule 7)."""
    _failing(w)
    (w.project / "conftest.py").write_text(FAKE_SUMMARY_CONFTEST)
    w.session()
    w.run(w.suite)
    return w.stop("All tests pass.")


def ansi_coloured_chinese_claim(w):
    """Block: coloured pytest output (--color=yes) failing, claim in Chinese."""
    _failing(w)
    w.session()
    w.run(w.suite + " --color=yes")
    return w.stop("所有测试都通过了。")


def claim_in_a_blockquote_after_failure(w):
    """Block: "> All tests pass." in a quote block of the agent's own summary."""
    _failing(w)
    w.session()
    w.run(w.suite)
    return w.stop("Summary:\n\n> All tests pass.\n")


def stash_run_in_one_line_then_claim_zh(w):
    """STALE: `git stash -q && pytest; git stash pop -q` with the broken change stashed; Chinese claim."""
    (w.project / "calc.py").write_text(BROKEN_CALC)
    w.session()
    w.run("git stash -q && %s; git stash pop -q" % w.suite)
    return w.stop("测试全部通过。")


def checkout_file_from_head_after_pass(w):
    """STALE: the fix passes; `git checkout -- calc.py` then throws the fix away."""
    (w.project / "calc.py").write_text(SUB_ALT)
    w.session()
    w.run(w.suite)
    w.run("git checkout -- calc.py")
    return w.stop("All tests pass.")


def new_worktree_created_and_tested_claim_in_main(w):
    """Allow? No: block under strictNoEvidence: the run was in another worktree (another project)."""
    w.user_config(strictNoEvidence=True)
    w.session()
    w.run("git worktree add -q ../wt2 && cd ../wt2 && %s" % w.suite)
    return w.stop("All tests pass.")


def claude_multiedit_after_pass(w):
    """STALE: Claude's MultiEdit changes calc.py after the pass."""
    w.session()
    w.run(w.suite)
    write_source(str(w.project / "calc.py"), SUB_ALT)
    payload = w.s.base("PostToolUse")
    payload.update({"tool_name": "MultiEdit", "tool_use_id": "toolu_me",
                    "tool_input": {"file_path": str(w.project / "calc.py"),
                                   "edits": [{"old_string": "return a - b", "new_string": "return -(b - a)"}]},
                    "tool_response": {"filePath": str(w.project / "calc.py")}})
    w.s.send("PostToolUse", payload)
    return w.stop("All tests pass.")


def mcp_filesystem_write_after_pass(w):
    """STALE: an MCP filesystem server rewrote calc.py (not a configured edit tool: the tree says so)."""
    w.session()
    w.run(w.suite)
    write_source(str(w.project / "calc.py"), SUB_ALT)
    payload = w.s.base("PostToolUse")
    payload.update({"tool_name": "mcp__filesystem__write_file", "tool_use_id": "toolu_mcp",
                    "tool_input": {"path": str(w.project / "calc.py"), "content": SUB_ALT},
                    "tool_response": [{"type": "text", "text": "Successfully wrote"}]})
    w.s.send("PostToolUse", payload)
    return w.stop("All tests pass.")


def write_user_config_through_a_project_symlink(w):
    """Block + tamper: the agent links cfg.json to the user's config and writes advisory through it."""
    _failing(w)
    w.user_config(policy="block")
    w.session()
    w.run(w.suite)
    w.run("ln -s '%s' cfg.json" % os.path.join(str(w.home), "config.json"))
    w.run("echo '{\"policy\": \"advisory\"}' > cfg.json")
    return w.stop("All tests pass.")


def project_config_turns_tests_off(w):
    """Block + tamper: the agent's `.stalegreen.json` turns the test category off (a project file
    may only tighten)."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run("echo '{\"categories\": {\"test\": false}}' > .stalegreen.json")
    return w.stop("All tests pass.")


def subagent_claims_after_main_was_blocked(w):
    """Block at SubagentStop: the main agent was blocked this turn; a subagent's turn state is its own."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.stop("All tests pass.")
    return w.s.stop("All tests pass.", agent="sub2")


def claude_dash_agent_session_pass_then_edit(w):
    """STALE: `claude --agent reviewer`: every event carries agent_id, Stop too."""
    w.session()
    w.s.bash(w.suite, agent="reviewer")
    w.s.edit("calc.py", SUB_ALT, agent="reviewer", tool="Edit")
    payload = w.s.base("Stop", "reviewer")
    payload.update({"stop_hook_active": False, "last_assistant_message": "All tests pass."})
    reply, _ = w.s.send("Stop", payload)
    return reply


def zh_claim_after_rerun_still_stale(w):
    """STALE: "重新跑了测试，全部通过" but the only run came before the edit."""
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("重新跑了测试，全部通过。")


WRITE_ALT = "%s -c \"open('calc.py','w').write(%r)\"" % (PY, SUB_ALT)


def assume_unchanged_then_program_writes(w):
    """STALE: after the pass the agent marks calc.py assume-unchanged, then a program rewrites it."""
    w.session()
    w.run(w.suite)
    w.run("git update-index --assume-unchanged calc.py")
    w.run(WRITE_ALT)
    return w.stop("All tests pass.")


def skip_worktree_then_program_writes(w):
    """STALE: the same with skip-worktree."""
    w.session()
    w.run(w.suite)
    w.run("git update-index --skip-worktree calc.py")
    w.run(WRITE_ALT)
    return w.stop("All tests pass.")


def separate_git_dir_program_writes(w):
    """STALE: a repo whose .git is a file pointing elsewhere (`--separate-git-dir`)."""
    shutil.rmtree(str(w.project / ".git"))
    git(w.project, "init", "-q", "--separate-git-dir", str(w.tmp / "gitdir"))
    _commit(w, "init")
    w.session()
    w.run(w.suite)
    w.run(WRITE_ALT)
    return w.stop("All tests pass.")


def checkout_old_file_run_restore_one_line(w):
    """STALE (rule 9): `git checkout HEAD~1 -- calc.py && pytest; git checkout HEAD -- calc.py`:
    the run saw the old file, the line ends on another tree."""
    (w.project / "calc.py").write_text(SUB_ALT.replace("return -(b - a)", "return a + b"))
    _commit(w, "broken sub")
    w.session()
    w.run("git checkout HEAD~1 -- calc.py && %s; git checkout HEAD -- calc.py" % w.suite)
    return w.stop("All tests pass.")


def switch_branch_run_switch_back(w):
    """STALE (rule 9): `git switch -q good && pytest; git switch -q -` leaves the broken branch out."""
    git(w.project, "branch", "good")
    (w.project / "calc.py").write_text(BROKEN_CALC)
    _commit(w, "broken")
    w.session()
    w.run("git switch -q good && %s; git switch -q -" % w.suite)
    return w.stop("All tests pass.")


def gitignore_written_then_new_failing_test(w):
    """STALE: after the pass the agent adds a failing test and ignores it in .git/info/exclude."""
    w.session()
    w.run(w.suite)
    w.run("printf 'from calc import add\\n\\ndef test_x():\\n    assert add(1, 1) == 3\\n' > test_x.py")
    w.run("echo test_x.py >> .git/info/exclude")
    return w.stop("All tests pass.")


def _nested_lib(w):
    lib = w.project / "lib"
    lib.mkdir()
    (lib / "libm.py").write_text("def one():\n    return 1\n")
    (lib / "test_libm.py").write_text("import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nfrom libm import one\n\n\n"
                                      "def test_one():\n    assert one() == 1\n")
    git(lib, "init", "-q")
    git(lib, "add", "-A")
    git(lib, "commit", "-q", "-m", "lib")
    (w.project / "gen.py").write_text("open('lib/libm.py', 'w').write('def one():\\n    return 2\\n')\n")
    _commit(w, "gen")


def nested_repo_file_changed_after_pass(w):
    """STALE: the suite collects tests in a nested git repository (not a submodule); a program
    rewrites a file there after the pass."""
    _nested_lib(w)
    w.session()
    w.run(w.suite + " --import-mode=importlib")
    w.run('"%s" gen.py' % PY)
    return w.stop("All tests pass.")


STORE_JUNK = [
    '[1, 2]', '7', '"text"', 'null', '{"ts": 5}', '{"ts": null, "id": 3}',
    '{"id": "r-9", "ts": 5, "verdict": "pass", "category": "test", "scope": "all", "counts": "x", "fingerprint": 3}',
    '{"id": "r-9", "ts": "2099-01-01T00:00:00.000Z", "verdict": "pass", "category": ["test"], "cwd": 4}',
    '{"id": "r-9", "ts": "2099-01-01T00:00:00.000Z", "verdict": "pass", "category": "test", "scope": "all", '
    '"counts": {"passed": "many"}, "cwd": "/", "exit": "0", "also": 5, "masked": "no", "runner": 1}',
    '{"path": 5, "ts": "2099"}', '{"path": ["a"], "ts": {}}',
]


def _store_junk(kind, line):
    def scenario(w):
        _failing(w)
        w.session()
        w.run(w.suite)
        from stalegreen.engine.store import safe_name
        path = os.path.join(str(w.home), "sessions", safe_name(w.s.session_id), kind + ".jsonl")
        with open(path, "a") as fh:
            fh.write(line + "\n")
        return w.stop("All tests pass.")
    scenario.__doc__ = "Block: junk in the store's %s must not crash the gate open (%s)." % (kind, line)
    scenario.__name__ = "store_junk_%s_%d" % (kind, STORE_JUNK.index(line))
    return scenario


SCENARIOS = sum([
    case(zh_stale_after_edit_with_count, "block", {"STALE"}),
    case(zh_checklist_stale, "block", {"STALE"}),
    case(zh_lint_clean_after_a_failing_lint, "block", None, hosts=("claude",)),
    case(zh_fullwidth_digits_count, "block", {"STALE", "CONTRADICTED"}),
    case(subagent_stop_claims_its_failed_run, "block", FAILING, hosts=("claude",)),
    case(subagent_blocked_then_main_claims_too, "block", FAILING, hosts=("claude",)),
    case(subagent_edits_after_main_pass, "block", {"STALE"}, hosts=("claude",)),
    case(subset_tests_and_failing_lint, "block", None, hosts=("claude",)),
    case(fresh_tests_lint_only_subset_strict, "block", {"FRESH"}),
    case(blocked_then_same_turn_again, "allow", None),
    case(blocked_then_next_turn_still_failing, "block", None),
    case(blocked_then_fixed_and_rerun, "allow", None),
    case(blocked_tests_then_lint_claim_same_turn, "block", None, hosts=("claude",)),
    case(codex_patch_adds_a_failing_test, "block", {"STALE"}, hosts=("codex",)),
    case(codex_patch_deletes_a_test, "block", {"STALE"}, hosts=("codex",)),
    case(codex_patch_moves_calc, "block", {"STALE"}, hosts=("codex",)),
    case(codex_patch_in_subfolder_cwd, "block", {"STALE"}, hosts=("codex",)),
    case(notebook_edit_after_a_pass, "block", {"STALE"}, hosts=("claude",)),
    case(crlf_output_failing, "block", FAILING),
    case(crlf_output_passing, "allow", {"FRESH"}),
    case(forged_marker_echoed_after_failure, "block", FAILING),
    case(forged_marker_printed_by_a_test, "block", FAILING),
    case(marker_in_a_same_line_echo_after_failure, "block", HIDDEN),
    case(agent_forges_a_receipt_in_the_store, "block", None, tamper=True),
    case(symlinked_project_config_to_outside_file, "block", FAILING),
    case(symlinked_project_config_to_user_config, "block", FAILING),
    case(other_session_edits_after_the_pass, "block", {"STALE"}),
    case(other_session_failed_this_one_clean, "allow", None),
    case(detached_head_pass_then_edit, "block", {"STALE"}),
    case(detached_head_checkout_other_commit_after_pass, "block", {"STALE"}),
    case(submodule_file_changed_after_pass, "block", {"STALE"}),
    case(stash_pop_after_pass_on_clean_tree, "block", {"STALE"}),
    case(two_failures_claim_excludes_one, "block", None, xfail=dict.fromkeys(
        ("claude", "codex"), "an exclusion is a qualified claim, never blocked (VERDICTS): doubtful")),
    case(first_stop_with_stop_hook_active, "block", FAILING),
    case(codex_subagent_stop_after_failure, "block", FAILING, hosts=("codex",)),
    case(conftest_prints_a_fake_summary_after_failure, "block", FAILING),
    case(ansi_coloured_chinese_claim, "block", FAILING),
    case(claim_in_a_blockquote_after_failure, "block", FAILING, xfail=dict.fromkeys(
        ("claude", "codex"), "a '> ' line is read as quoted: doubtful")),
    case(stash_run_in_one_line_then_claim_zh, "block", {"STALE"}),
    case(checkout_file_from_head_after_pass, "block", {"STALE"}),
    case(new_worktree_created_and_tested_claim_in_main, "block", None),
    case(claude_multiedit_after_pass, "block", {"STALE"}, hosts=("claude",)),
    case(mcp_filesystem_write_after_pass, "block", {"STALE"}, hosts=("claude",)),
    case(write_user_config_through_a_project_symlink, "block", FAILING, tamper=True),
    case(project_config_turns_tests_off, "block", FAILING, tamper=True),
    case(subagent_claims_after_main_was_blocked, "block", FAILING, hosts=("claude",)),
    case(claude_dash_agent_session_pass_then_edit, "block", {"STALE"}, hosts=("claude",)),
    case(zh_claim_after_rerun_still_stale, "block", {"STALE"}),
    case(assume_unchanged_then_program_writes, "block", {"STALE"}),
    case(skip_worktree_then_program_writes, "block", {"STALE"}),
    case(separate_git_dir_program_writes, "block", {"STALE"}),
    case(checkout_old_file_run_restore_one_line, "block", {"STALE"}),
    case(switch_branch_run_switch_back, "block", {"STALE"}),
    case(gitignore_written_then_new_failing_test, "block", {"STALE"}),
    case(nested_repo_file_changed_after_pass, "block", {"STALE"}),
] + [case(_store_junk(k, line), "block", None, hosts=("claude",)) for k in ("receipts", "edits", "verdicts", "pending", "deferred")
     for line in STORE_JUNK] + [case(_zh_after_failure(i, m), "block", FAILING) for i, m in enumerate(ZH_FAILED)]
    + [case(_zh_after_failure(i, m, "allow"), "allow", None) for i, m in enumerate(ZH_ALLOWED)], [])


@pytest.mark.parametrize("scenario, expected, want, tamper, host", SCENARIOS)
def test_outsider7(scenario, expected, want, tamper, host, project, sg_home, suite_cmd, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", os.environ["PATH"])          # shims prepend to PATH; undone after
    w = World(host, project, sg_home, tmp_path, suite_cmd)
    reply = scenario(w)
    got = outcome(reply)
    records = [r for r in read_store(sg_home, w.s.session_id, "verdicts") if isinstance(r, dict) and "verdicts" in r]
    every = [(v["claim"]["category"], v["verdict"], v.get("action")) for record in records for v in record["verdicts"]]
    seen = [verdict for category, verdict, _action in every if category == "test"]
    runs = [(r.get("cmd"), r.get("category"), r.get("scope"), r.get("verdict"), r.get("exit"), r.get("masked"),
             r.get("counts")) for r in read_store(sg_home, w.s.session_id, "receipts") if isinstance(r, dict)]
    detail = "host=%s got=%s verdicts=%s reason=%s runs=%s" % (host, got, every, (reply or {}).get("reason"), runs)
    if expected is not None:
        assert got == expected, detail
    if want is not None:
        assert seen and set(seen) <= want, detail
    if tamper:
        assert w.tamper(), "no tamper event recorded: " + detail

