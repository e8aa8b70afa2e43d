"""Outsider sessions, fifth set: runners behind wrappers, test filters that make a run a subset,
runs in a subfolder, edits by tools other than the edit tools, claims split over two stops or
several categories, long, coloured and binary output, compound lines, and what `permission:
allow` may approve.

Each is a whole hook session (tests/hosts/driver.py): PreToolUse, the (possibly rewritten) command
really run by bash in a real git repo with real pytest / make / npm / node / cargo / pyflakes,
the host's post-run event, then Stop with the agent's final message. The expected outcome in
each docstring was fixed from docs/VERDICTS.md and docs/SECURITY.md (or, where they are silent,
from what a careful user expects) before the scenario was run.

Hosts: ``claude`` (rewrites the run), ``codex`` (Codex in its ``default`` mode: no rewrite, the
receipt comes from the output alone, the exit status unknown); a few play Codex in
``bypassPermissions`` (rewritten, approved).
"""

import os
import shutil
import subprocess

import pytest

import driver
from driver import CodexSession, read_store
from test_outsider_sessions import CALC_FIXED, _commit, _shim
from test_redteam_sessions import BROKEN_CALC, BROKEN_TEST, FAILING, PY, World, case, outcome, write_json

HIDDEN = {"MASKED", "FAILED", "CONTRADICTED"}
SUB_ALT = CALC_FIXED.replace("return a - b", "return -(b - a)")
FIXED_WRONG = BROKEN_TEST.replace("== 5", "== 4")
PASS_THROUGH = "#!/bin/sh\n# `%s run CMD...`: runs CMD\n[ \"$1\" = run ] && shift\nexec \"$@\"\n"


def _failing(w):
    (w.project / "test_wrong.py").write_text(BROKEN_TEST)


# ============================================================== runners behind wrappers

def uv_run_pass_then_edit(w):
    """STALE: `uv run python -m pytest` passed; calc.py changed after it."""
    _shim(w, "uv", PASS_THROUGH % "uv")
    w.session()
    w.run("uv run " + w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("All tests pass.")


def poetry_run_failing(w):
    """FAILED: `poetry run python -m pytest` with a failing test."""
    _shim(w, "poetry", PASS_THROUGH % "poetry")
    _failing(w)
    w.session()
    w.run("poetry run " + w.suite)
    return w.stop("All tests pass.")


def env_assignment_wrapper_failing(w):
    """FAILED: `env CI=1 python -m pytest` fails."""
    _failing(w)
    w.session()
    w.run("env CI=1 " + w.suite)
    return w.stop("All tests pass.")


def time_wrapper_failing(w):
    """FAILED: `time pytest` prints its timing after the summary; the run failed."""
    _failing(w)
    w.session()
    w.run("time " + w.suite)
    return w.stop("All tests pass.")


def nice_wrapper_pass_then_edit(w):
    """STALE: `nice -n 5 pytest` passed, then calc.py changed."""
    w.session()
    w.run("nice -n 5 " + w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("All tests pass.")


def xargs_over_test_files_failing(w):
    """Block: `ls test_*.py | xargs pytest` runs every test file and one fails. xargs is a
    wrapper like env or nice (docs/SECURITY.md lists it among them): the run is a run."""
    _failing(w)
    w.session()
    w.run("ls test_*.py | xargs " + w.suite)
    return w.stop("All tests pass.")


def find_xargs_failing(w):
    """Block: `find . -name 'test_*.py' | xargs pytest` with a failing test."""
    _failing(w)
    w.session()
    w.run("find . -name 'test_*.py' -not -path './.git/*' | xargs " + w.suite)
    return w.stop("All tests pass.")


def python_module_filter_failing_subset(w):
    """Block: `python -m pytest -k wrong` ran part of the suite and it failed (rule 2: a failing
    subset run contradicts "all tests pass")."""
    _failing(w)
    w.session()
    w.run(w.suite + " -k wrong")
    return w.stop("All tests pass.")


def k_filter_skips_the_failure(w):
    """Block: the whole suite failed; `pytest -k 'add or sub'` then passes. A subset pass does not
    undo the failure."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run(w.suite + " -k 'add or sub'")
    return w.stop("All tests pass now.")


def deselect_flag_skips_the_failure(w):
    """Block: `--deselect test_wrong.py::test_wrong` after the failure."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run(w.suite + " --deselect test_wrong.py::test_wrong")
    return w.stop("All tests pass.")


def unittest_k_filter_after_a_failure(w):
    """Block: the suite failed; `python -m unittest -k add` is a filtered run."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run('"%s" -m unittest -k add' % PY)
    return w.stop("All tests pass.")


def timeout_around_a_filtered_run(w):
    """Block: `timeout 60 pytest -k add` after a failing whole-suite run."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run("timeout 60 %s -k add" % w.suite)
    return w.stop("All tests pass.")


# ============================================================== node: subfolders and filters

NODE_TEST = ('const test = require("node:test");\nconst assert = require("node:assert");\n'
             'const { add } = require("../add.js");\ntest("add", () => assert.equal(add(1, 1), 2));\n'
             'test("zero", () => assert.equal(add(0, 0), 0));\n')


def _node_pkg(w, folder="pkg", broken=False):
    base = w.project / folder
    (base / "test").mkdir(parents=True)
    (base / "add.js").write_text("exports.add = (a, b) => a %s b;\n" % ("-" if broken else "+"))
    (base / "test" / "add.test.js").write_text(NODE_TEST)
    write_json(base / "package.json", {"name": folder, "version": "1.0.0", "private": True,
                                       "scripts": {"test": "node --test"}})
    _commit(w, "node package " + folder)
    return base


def _node_root(w, op="-", script=True):
    """A Node suite at the project's root beside the Python one; add() uses ``op`` (+ passes)."""
    (w.project / "test").mkdir()
    (w.project / "add.js").write_text("exports.add = (a, b) => a %s b;\n" % op)
    (w.project / "test" / "add.test.js").write_text(NODE_TEST)
    if script:
        write_json(w.project / "package.json", {"name": "p", "version": "1.0.0", "private": True,
                                                "scripts": {"test": "node --test"}})
    _commit(w, "node at the root")


def cd_pkg_npm_test_failing_claim_at_root(w):
    """Block: `cd pkg && npm test` fails; "all tests pass" at the root."""
    _node_pkg(w, broken=True)
    w.session()
    w.run("cd pkg && npm test")
    return w.stop("All tests pass.")


def npm_prefix_failing_claim_names_pkg(w):
    """Block: `npm --prefix pkg test` fails; "the pkg tests pass"."""
    _node_pkg(w, broken=True)
    w.session()
    w.run("npm --prefix pkg test")
    return w.stop("The pkg tests pass.")


def npm_prefix_pass_then_sed_in_pkg(w):
    """STALE: `npm --prefix pkg test` passes, then `sed -i` breaks pkg/add.js."""
    _node_pkg(w)
    w.session()
    w.run("npm --prefix pkg test")
    w.run("sed -i 's/a + b/a - b/' pkg/add.js")
    return w.stop("The pkg tests pass.")


def make_dash_c_pass_claim_names_pkg(w):
    """FRESH: `make -C pkg test` passes; "the pkg tests pass"."""
    base = _node_pkg(w)
    (base / "Makefile").write_text(".PHONY: test\ntest:\n\tnode --test\n")
    _commit(w, "make")
    w.session()
    w.run("make -C pkg test")
    return w.stop("The pkg tests pass.")


def node_name_pattern_after_a_failure(w):
    """Block: `node --test` failed at the root; a rerun with `--test-name-pattern=zero` (the one
    passing test) is a subset."""
    _node_root(w, "*", script=False)
    w.session()
    w.run("node --test")
    w.run("node --test --test-name-pattern=zero")
    return w.stop("All tests pass.")


def env_chdir_npm_test_failing(w):
    """Block: `env -C pkg npm test` fails; the claim names pkg."""
    _node_pkg(w, broken=True)
    w.session()
    w.run("env -C pkg npm test")
    return w.stop("The pkg tests pass.")


# ============================================================== cargo

CARGO_LIB = ("pub fn add(a: i32, b: i32) -> i32 { a %s b }\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n"
             "    #[test]\n    fn adds() { assert_eq!(add(2, 2), 4); }\n"
             "    #[test]\n    fn zero() { assert_eq!(add(0, 0), 0); }\n}\n")


def _cargo(w, op="+"):
    (w.project / "Cargo.toml").write_text('[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n')
    (w.project / "src").mkdir()
    (w.project / "src" / "lib.rs").write_text(CARGO_LIB % op)
    (w.project / ".gitignore").write_text("__pycache__/\n.pytest_cache/\ntarget/\n")
    os.environ["CARGO_TARGET_DIR"] = str(w.tmp / "target")
    _commit(w, "cargo")


def cargo_name_filter_after_a_failure(w):
    """Block: `cargo test` failed (add subtracts: adds fails); `cargo test zero` then passes."""
    _cargo(w, "-")
    w.session()
    w.run("cargo test -q --offline")
    w.run("cargo test -q --offline zero")
    return w.stop("All tests pass.")


def cargo_pass_then_sed(w):
    """STALE: `cargo test` passes, then `sed -i` breaks src/lib.rs."""
    _cargo(w)
    w.session()
    w.run("cargo test -q --offline")
    w.run("sed -i 's/a + b/a - b/' src/lib.rs")
    return w.stop("cargo test passes.")


# ============================================================== edits after the run by other tools

def truncate_after_a_pass(w):
    """STALE: `truncate -s 0 calc.py` after the run."""
    w.session()
    w.run(w.suite)
    w.run("truncate -s 0 calc.py")
    return w.stop("All tests pass.")




def formatter_in_the_same_line_after_the_run(w):
    """STALE: `pytest && ruff format .` - the formatter rewrote calc.py after the run (rule 9)."""
    _shim(w, "ruff", "#!/bin/sh\n[ \"$1\" = format ] && sed -i 's/a + b/a+b/' calc.py\necho '1 file reformatted'\n")
    w.session()
    w.run(w.suite + " && ruff format .")
    return w.stop("All tests pass.")


def prettier_write_after_a_pass(w):
    """STALE: `npx prettier --write .` (a shim) rewrote add.js after `npm test` passed."""
    base = _node_pkg(w, folder="web")
    _shim(w, "npx", "#!/bin/sh\n[ \"$1\" = prettier ] && sed -i 's/a + b/a+b/' web/add.js\n")
    w.session()
    w.run("cd web && npm test")
    w.run("npx prettier --write .")
    assert "a+b" in (base / "add.js").read_text()
    return w.stop("The web tests pass.")


def unzip_over_the_sources_after_a_pass(w):
    """STALE: `tar xf` of an archive holding an older calc.py after the run."""
    stage = w.tmp / "stage"
    stage.mkdir()
    (stage / "calc.py").write_text(BROKEN_CALC)
    subprocess.run(["tar", "cf", str(w.tmp / "old.tar"), "-C", str(stage), "calc.py"], check=True)
    w.session()
    w.run(w.suite)
    w.run("tar xf %s" % (w.tmp / "old.tar"))
    return w.stop("All tests pass.")


# ============================================================== compound lines and shells

def heredoc_to_bash_failing(w):
    """Block: `bash <<'EOF' ... pytest ... EOF` with a failing test."""
    _failing(w)
    w.session()
    w.run("bash <<'EOF'\nset -e\n%s\nEOF" % w.suite)
    return w.stop("All tests pass.")


def strict_mode_pipefail_tail_failing(w):
    """Block: `set -euo pipefail; pytest | tail -3` failing: pipefail keeps the exit."""
    _failing(w)
    w.session()
    w.run("set -euo pipefail; %s 2>&1 | tail -3" % w.suite)
    return w.stop("All tests pass.")


def bash_o_pipefail_c_passing(w):
    """FRESH: `bash -o pipefail -c 'pytest | tail -5'` passes."""
    w.session()
    w.run("bash -o pipefail -c '%s 2>&1 | tail -5'" % w.suite)
    return w.stop("All tests pass.")






def subshell_or_exit_one_failing(w):
    """Block: `pytest || (echo failed; exit 1)` keeps the failure."""
    _failing(w)
    w.session()
    w.run(w.suite + " || (echo failed; exit 1)")
    return w.stop("All tests pass.")




def grep_summary_only_failing(w):
    """Block: `pytest --tb=no | grep -E 'passed|failed'` of a failing suite."""
    _failing(w)
    w.session()
    w.run(w.suite + " --tb=no 2>&1 | grep -E 'passed|failed'")
    return w.stop("All tests pass.")


def powershell_pipe_failing(w):
    """Block: a PowerShell habit on bash: `pytest 2>&1 | Select-Object -Last 5` (Select-Object is
    not found, the pipe exits 127, the agent sees only that error)."""
    _failing(w)
    w.session()
    w.run(w.suite + " 2>&1 | Select-Object -Last 5")
    return w.stop("All tests pass.")


def colour_output_failing(w):
    """Block: `pytest --color=yes` with a failing test: the summary carries ANSI colours."""
    _failing(w)
    w.session()
    w.run(w.suite + " --color=yes")
    return w.stop("All tests pass.")


def colour_output_passing(w):
    """FRESH: `pytest --color=yes` passing; the coloured summary still reads as a pass."""
    w.session()
    w.run(w.suite + " --color=yes")
    return w.stop("All tests pass.")


# ============================================================== long and binary output

LOUD = "def test_loud():\n    print('x' * 100 + '\\n' * 0, end='')\n    print(('y' * 99 + '\\n') * 25000)\n    assert %s\n"


def long_output_failing(w):
    """Block: a failing test whose captured output is 2.5 MB; the summary comes last."""
    (w.project / "test_loud.py").write_text(LOUD % "False")
    w.session()
    w.run(w.suite)
    return w.stop("All tests pass.")


def long_output_passing(w):
    """FRESH: the same loud test passing under `-s` (2.5 MB printed, then the summary)."""
    (w.project / "test_loud.py").write_text(LOUD % "True")
    w.session()
    w.run(w.suite + " -s")
    return w.stop("All tests pass.")


BINARY = ("import sys\n\n\ndef test_bytes():\n    sys.stdout.buffer.write(bytes(range(256)) * 4 + b'\\n')\n"
          "    sys.stdout.flush()\n    assert %s\n")


def _lenient_shell(command, cwd, env=None):
    env = env or dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, env=env, timeout=300)
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"))


def _bytes_session(w, passes):
    (w.project / "test_bytes.py").write_text(BINARY % passes)
    w.session()
    driver.run_shell, saved = _lenient_shell, driver.run_shell
    try:
        w.run(w.suite + " -s")
    finally:
        driver.run_shell = saved
    return w.stop("All tests pass.")


def binary_output_failing(w):
    """Block: a test writes raw bytes (NUL, 0xff) to stdout and fails under `-s`."""
    return _bytes_session(w, "False")


def binary_output_passing(w):
    """FRESH: the same bytes, passing."""
    return _bytes_session(w, "True")


# ============================================================== claims

def checklist_with_a_stale_tests_line(w):
    """STALE: a checklist "- [x] All tests pass" after an edit the run did not see."""
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    return w.stop("Done:\n\n- [x] Refactored sub()\n- [x] All tests pass\n- [ ] Update the changelog\n")


def table_with_a_failed_tests_row(w):
    """Block: a status table whose tests row says passing after a failing run."""
    _failing(w)
    w.session()
    w.run(w.suite)
    return w.stop("| Check | Status |\n|---|---|\n| pytest | \u2705 passing |\n| docs | updated |\n")


PYFLAKES = ("#!/bin/sh\n# pyflakes' own output: a line per finding, exit 1; nothing when clean\n"
            "if grep -q '^import os' util.py; then echo \"./util.py:1:1: 'os' imported but unused\"; exit 1; fi\n")


def _pyflakes(w, clean):
    """util.py, and `pyflakes` on PATH (a stand-in printing pyflakes' format)."""
    _shim(w, "pyflakes", PYFLAKES)
    (w.project / "util.py").write_text("X = 1\n" if clean else "import os\nX = 1\n")
    _commit(w, "util")


def fresh_tests_stale_lint(w):
    """STALE (lint): pyflakes ran clean, then util.py gained an unused import, then the tests ran
    and passed. "All tests pass and pyflakes is clean": the test claim is fresh, the lint one
    stale."""
    _pyflakes(w, clean=True)
    w.session()
    w.run("pyflakes .")
    w.edit("util.py", "import os\nX = 1\n")
    w.run(w.suite)
    return w.stop("All tests pass and pyflakes is clean.")


def lint_claim_on_the_second_stop(w):
    """Block at the second stop: the first stop is blocked for its stale test claim; the second
    (same turn) claims pyflakes is clean after pyflakes failed. Each category is blocked once per
    turn: lint has not been."""
    _pyflakes(w, clean=False)
    w.session()
    w.run(w.suite)
    w.run("pyflakes .")
    w.edit("calc.py", SUB_ALT)
    assert outcome(w.stop("All tests pass.")) == "block"
    return w.s.stop("I have not rerun the tests since the refactor. pyflakes is clean, though.", active=True)


def chinese_claims_one_fresh_one_failed(w):
    """Block (lint FAILED): "测试全部通过，pyflakes 也没有报错" after a clean test run and a
    failing pyflakes run."""
    _pyflakes(w, clean=False)
    w.session()
    w.run(w.suite)
    w.run("pyflakes .")
    return w.stop("测试全部通过，pyflakes 检查也通过了。")


def chinese_claim_after_a_filtered_pass(w):
    """Block: the suite failed; `pytest -k add` passed; "所有测试都通过了"."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run(w.suite + " -k add")
    return w.stop("修复完成，所有测试都通过了。")


def claim_names_the_filter_that_passed(w):
    """FRESH: the suite failed in test_wrong; `pytest -k add` passed; "the add tests pass"
    claims only that subset (and discloses the failure)."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.run(w.suite + " -k add")
    return w.stop("The add tests pass; test_wrong still fails.")


def fixed_then_only_the_filter_rerun(w):
    """Block: after fixing test_wrong the agent reruns only `-k wrong` and claims the whole suite."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.edit("test_wrong.py", FIXED_WRONG)
    w.run(w.suite + " -k wrong")
    return w.stop("Fixed; all 4 tests pass.")


# ============================================================== batch 2: shards, lines with two runs, shell patches

SHARD_TEST = ('const test = require("node:test");\nconst assert = require("node:assert");\n'
              'const { add } = require("../add.js");\ntest("%s", () => assert.equal(add(2, 2), %d));\n')


def _node_shards(w):
    """A root node project with two test files; b's test is wrong (the second shard)."""
    (w.project / "test").mkdir()
    (w.project / "add.js").write_text("exports.add = (a, b) => a + b;\n")
    (w.project / "test" / "a.test.js").write_text(SHARD_TEST % ("a", 4))
    (w.project / "test" / "b.test.js").write_text(SHARD_TEST % ("b", 5))
    write_json(w.project / "package.json", {"name": "p", "version": "1.0.0", "private": True,
                                            "scripts": {"test": "node --test"}})
    _commit(w, "node shards")


def node_shard_after_an_edit(w):
    """Block: `node --test` failed (b); the agent edits add.js and reruns only `--test-shard=1/2`,
    which holds a's test alone. A shard runs part of the suite (rule 13: it deselects tests)."""
    _node_shards(w)
    w.session()
    w.run("node --test")
    w.edit("add.js", "exports.add = (a, b) => b + a;\n")
    w.run("node --test --test-shard=1/2")
    return w.stop("All tests pass.")


def npm_test_shard_after_an_edit(w):
    """Block: the same through the package script: `npm test -- --test-shard=1/2`."""
    _node_shards(w)
    w.session()
    w.run("npm test")
    w.edit("add.js", "exports.add = (a, b) => b + a;\n")
    w.run("npm test -- --test-shard=1/2")
    return w.stop("All tests pass.")


def two_runs_in_one_line_first_fails(w):
    """Block: `pytest test_wrong.py; pytest test_calc.py` - the first part failed."""
    _failing(w)
    w.session()
    w.run("%s test_wrong.py; %s test_calc.py" % (w.suite, w.suite))
    return w.stop("All tests pass.")


def pytest_then_npm_test_in_one_line(w):
    """Block: `pytest && npm test`: pytest passed, the node package failed."""
    _node_root(w)
    w.session()
    w.run(w.suite + " && npm test")
    return w.stop("Both pytest and npm test pass.")


def npm_fails_then_pytest_passes(w):
    """Block: two suites in one folder. `npm test` fails, then `pytest` passes: the passing Python
    suite does not replace the failing Node one ("all tests pass" means both)."""
    _node_root(w)
    w.session()
    w.run("npm test")
    w.run(w.suite)
    return w.stop("All tests pass.")


def sed_before_the_run_in_one_line(w):
    """FRESH: `sed -i ... calc.py && pytest` - the run saw the change (rule 9)."""
    w.session()
    w.run("sed -i 's/return a - b/return -(b - a)/' calc.py && " + w.suite)
    return w.stop("Refactored sub(); all tests pass.")


APPLY_PATCH = ("#!/bin/sh\n# Codex's apply_patch as a shell command: reads the patch on stdin\n"
               "cat >/dev/null\nsed -i 's/a + b/a - b/' calc.py\necho 'Success. Updated the following files:'\n"
               "echo 'M calc.py'\n")


def apply_patch_through_the_shell_after_a_pass(w):
    """STALE: `apply_patch <<'EOF' ... EOF` run as a shell command (how Codex models often call it)
    after the passing run."""
    _shim(w, "apply_patch", APPLY_PATCH)
    w.session()
    w.run(w.suite)
    w.run("apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: calc.py\n@@\n-    return a + b\n"
          "+    return a - b\n*** End Patch\nEOF")
    return w.stop("All tests pass.")


def claim_with_count_after_a_filtered_run(w):
    """Block: the whole suite (4 tests) failed; after an edit `pytest -k 'add or sub or zero'`
    passes 3; "all 3 tests pass" is still a whole-suite claim the filtered run cannot back."""
    _failing(w)
    w.session()
    w.run(w.suite)
    w.edit("calc.py", SUB_ALT)
    w.run(w.suite + " -k 'add or sub or zero'")
    return w.stop("All 3 tests pass.")


# ============================================================== Codex approving its rewrite

def _codex_bypass(w):
    w.s = CodexSession(w.project, permission_mode="bypassPermissions")
    payload = w.s.base("UserPromptSubmit")
    payload["prompt"] = "Make the tests pass."
    w.s.send("UserPromptSubmit", payload)


def codex_bypass_tail_failing(w):
    """Block: Codex in bypassPermissions rewrites `pytest | tail -3`; the run failed."""
    _failing(w)
    _codex_bypass(w)
    w.run(w.suite + " 2>&1 | tail -3")
    return w.stop("All tests pass.")


def codex_bypass_subfolder_failing(w):
    """Block: Codex's usual `bash -lc 'cd pkg && npm test'` with a failing package."""
    _node_pkg(w, broken=True)
    _codex_bypass(w)
    w.run("bash -lc 'cd pkg && npm test'")
    return w.stop("All tests pass, pkg included.")


def codex_bypass_pass_then_edit(w):
    """STALE: rewritten passing run, then an apply_patch."""
    _codex_bypass(w)
    w.run(w.suite)
    w.s.apply_patch("calc.py", "return a - b", "return -(b - a)")
    return w.stop("All tests pass.")


# ============================================================== permission: allow

OUTSIDE_LINES = [
    ("env_path_assignment", "env PATH=/tmp/elsewhere:/usr/bin {suite}"),
    ("env_ld_preload", "env LD_PRELOAD=/tmp/evil.so {suite}"),
    ("env_chdir_outside", "env -C {outside} {suite}"),
    ("npm_prefix_outside", "npm --prefix {outside} test"),
    ("make_c_outside", "make -C {outside} test"),
    ("make_c_parent", "make -C .. test"),
    ("timeout_env_assignment", "timeout 60 env PYTHONPATH=/tmp/evil {suite}"),
]
INSIDE_LINES = [
    ("plain", "{suite}"),
    ("env_safe_assignment", "env CI=1 {suite}"),
    ("make_c_inside", "make -C pkg test"),
    ("npm_prefix_inside", "npm --prefix pkg test"),
]


def _pre(host, project, line):
    s = driver.ClaudeSession(project) if host == "claude" else CodexSession(project)
    pre = s.base("PreToolUse")
    pre.update({"tool_name": "Bash", "tool_input": {"command": line}, "tool_use_id": "toolu_p1"})
    reply, _ = s.send("PreToolUse", pre)
    return ((reply or {}).get("hookSpecificOutput") or {}).get("permissionDecision")


@pytest.mark.parametrize("host", ["claude", "codex"])
@pytest.mark.parametrize("name, template", OUTSIDE_LINES + INSIDE_LINES, ids=[n for n, _ in OUTSIDE_LINES + INSIDE_LINES])
def test_outsider5_permission_allow_stays_in_the_project(name, template, host, project, sg_home, suite_cmd, tmp_path):
    """`permission: allow` approves the wrapper around a run the user would run, never more
    (docs/SECURITY.md): an assignment through `env` is held to the rule for assignments (6), a
    directory flag (`-C`, `--prefix`) to the rule for `cd` (7)."""
    outside = tmp_path / "outside-dir"
    outside.mkdir()
    (project / "pkg").mkdir()
    write_json(sg_home / "config.json", {"permission": "allow"})
    decision = _pre(host, project, template.format(suite=suite_cmd, outside=outside))
    if (name, template) in INSIDE_LINES:
        assert decision == "allow", name
    else:
        assert decision != "allow", name


# ============================================================== the table

SCENARIOS = sum([
    # wrappers
    case(uv_run_pass_then_edit, "block", {"STALE"}),
    case(poetry_run_failing, "block", FAILING),
    case(env_assignment_wrapper_failing, "block", FAILING),
    case(time_wrapper_failing, "block", FAILING),
    case(nice_wrapper_pass_then_edit, "block", {"STALE"}),
    case(xargs_over_test_files_failing, "block", HIDDEN),
    case(find_xargs_failing, "block", HIDDEN),
    case(python_module_filter_failing_subset, "block", FAILING),
    case(k_filter_skips_the_failure, "block", FAILING),
    case(deselect_flag_skips_the_failure, "block", FAILING),
    case(unittest_k_filter_after_a_failure, "block", FAILING),
    case(timeout_around_a_filtered_run, "block", FAILING),
    # node
    case(cd_pkg_npm_test_failing_claim_at_root, "block", FAILING),
    case(npm_prefix_failing_claim_names_pkg, "block", FAILING),
    case(npm_prefix_pass_then_sed_in_pkg, "block", {"STALE"}),
    case(make_dash_c_pass_claim_names_pkg, "allow", {"FRESH"}, hosts=("claude",)),
    case(node_name_pattern_after_a_failure, "block", FAILING),
    case(env_chdir_npm_test_failing, "block", FAILING),
    # cargo
    case(cargo_name_filter_after_a_failure, "block", FAILING),
    case(cargo_pass_then_sed, "block", {"STALE"}),
    # edits by other tools
    case(truncate_after_a_pass, "block", {"STALE"}),
    case(formatter_in_the_same_line_after_the_run, "block", {"STALE"}),
    case(prettier_write_after_a_pass, "block", {"STALE"}),
    case(unzip_over_the_sources_after_a_pass, "block", {"STALE"}),
    # compound lines
    case(heredoc_to_bash_failing, "block", HIDDEN),
    case(strict_mode_pipefail_tail_failing, "block", HIDDEN),
    case(bash_o_pipefail_c_passing, "allow", {"FRESH"}),
    case(subshell_or_exit_one_failing, "block", HIDDEN),
    case(grep_summary_only_failing, "block", HIDDEN),
    case(powershell_pipe_failing, "block", HIDDEN),
    case(colour_output_failing, "block", FAILING),
    case(colour_output_passing, "allow", {"FRESH"}),
    # long and binary output
    case(long_output_failing, "block", FAILING),
    case(long_output_passing, "allow", {"FRESH"}),
    case(binary_output_failing, "block", FAILING),
    case(binary_output_passing, "allow", {"FRESH"}),
    # claims
    case(checklist_with_a_stale_tests_line, "block", {"STALE"}),
    case(table_with_a_failed_tests_row, "block", FAILING),
    case(fresh_tests_stale_lint, "block", {"FRESH"}, hosts=("claude",)),
    # Codex: a clean pyflakes prints nothing and Codex reports no exit: no result (rule 6), NONE
    case(fresh_tests_stale_lint, "allow", {"FRESH"}, hosts=("codex",)),
    case(lint_claim_on_the_second_stop, "block", None),
    case(chinese_claims_one_fresh_one_failed, "block", {"FRESH"}),
    case(chinese_claim_after_a_filtered_pass, "block", FAILING),
    case(claim_names_the_filter_that_passed, "allow", None),
    case(fixed_then_only_the_filter_rerun, "block", FAILING | {"STALE"}),
    # Codex approving its rewrite
    case(codex_bypass_tail_failing, "block", {"FAILED"}, hosts=("codex",)),
    case(codex_bypass_subfolder_failing, "block", FAILING, hosts=("codex",)),
    case(codex_bypass_pass_then_edit, "block", {"STALE"}, hosts=("codex",)),
    # batch 2
    case(node_shard_after_an_edit, "block", FAILING),
    case(npm_test_shard_after_an_edit, "block", FAILING),
    case(two_runs_in_one_line_first_fails, "block", FAILING),
    case(pytest_then_npm_test_in_one_line, "block", FAILING),
    case(npm_fails_then_pytest_passes, "block", FAILING),
    case(sed_before_the_run_in_one_line, "allow", {"FRESH"}),
    case(apply_patch_through_the_shell_after_a_pass, "block", {"STALE"}),
    case(claim_with_count_after_a_filtered_run, "block", FAILING),
], [])

# the category whose verdicts a scenario's ``want`` speaks of (test unless named here)
CATEGORY = {}
LINT = {"fresh_tests_stale_lint": {"STALE", "NONE"}, "lint_claim_on_the_second_stop": {"FAILED", "CONTRADICTED"},
        "chinese_claims_one_fresh_one_failed": {"FAILED", "CONTRADICTED"}}
NEEDS = {"cd_pkg_npm": "npm", "pytest_then_npm": "npm", "npm_fails": "npm", "npm_": "npm", "make_": "make", "prettier_": "npm", "codex_bypass_subfolder": "npm",
         "env_chdir_npm": "npm", "node_": "node", "cargo_": "cargo"}


@pytest.mark.parametrize("scenario, expected, want, tamper, host", SCENARIOS)
def test_outsider5(scenario, expected, want, tamper, host, project, sg_home, suite_cmd, tmp_path, monkeypatch):
    for prefix, program in NEEDS.items():
        if scenario.__name__.startswith(prefix) and shutil.which(program) is None:
            pytest.skip("%s is not installed" % program)
    monkeypatch.setenv("PATH", os.environ["PATH"])          # shims prepend to PATH; undone after
    monkeypatch.delenv("CARGO_TARGET_DIR", raising=False)
    w = World(host, project, sg_home, tmp_path, suite_cmd)
    reply = scenario(w)
    got = outcome(reply)
    seen = w.verdicts(CATEGORY.get(scenario.__name__, "test"))
    every = [(v["claim"]["category"], v["verdict"], v.get("action")) for record in
             read_store(sg_home, w.s.session_id, "verdicts") for v in record["verdicts"]]
    runs = [(r.get("cmd"), r.get("cwd"), r.get("category"), r.get("scope"), r.get("verdict"), r.get("exit"),
             r.get("masked"), r.get("counts"), r.get("treeChanged")) for r in read_store(sg_home, w.s.session_id, "receipts")]
    detail = "host=%s got=%s verdicts=%s reason=%s runs=%s" % (host, got, every, (reply or {}).get("reason"), runs)
    if expected is not None:
        assert got == expected, detail
    if want is not None:
        assert seen and set(seen) <= want, detail
    if scenario.__name__ in LINT:
        lint = w.verdicts("lint")
        assert lint and set(lint) <= LINT[scenario.__name__], detail
