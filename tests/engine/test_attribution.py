"""Cutting one command's output into the parts its runs printed (outputs written for these tests,
in the formats the runners print; the real-runner case is in tests/hosts/test_claude_hooks.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stalegreen.engine import attribution, catalog, masking, outputs, shell, unwrapped

PYTEST_UNIT = ("============================= test session starts ==============================\n"
               "collected 3 items\n\ntests/unit/test_a.py F..                      [100%]\n\n"
               "=========================== 1 failed, 2 passed in 0.12s ===========================\n")
PYTEST_API = ("============================= test session starts ==============================\n"
              "collected 2 items\n\ntests/api/test_b.py ..                        [100%]\n\n"
              "============================== 2 passed in 0.08s ===============================\n")
NPM_LINT = "\n> shop@1.0.0 lint\n> eslint .\n\n/app/src/a.js\n  3:7  error  'x' is unused  no-unused-vars\n\n" \
           "\u2716 1 problem (1 error, 0 warnings)\n\n"
NPM_TEST = "\n> shop@1.0.0 test\n> vitest run\n\n RUN  v1.6.0 /app\n\n \u2713 src/a.test.js (4)\n\n" \
           " Test Files  1 passed (1)\n      Tests  4 passed (4)\n"


def parts(command, output):
    parse = shell.parse(command)
    runs = [r for r in catalog.find_runs(parse) if r.not_run is None]
    return [(run.runner, text) for run, text in zip(runs, attribution.split(parse, runs, output))]


def test_runs_of_one_runner_are_cut_at_their_headers():
    (_, unit), (_, api) = parts("pytest tests/unit; pytest tests/api", PYTEST_UNIT + PYTEST_API)
    assert unit == PYTEST_UNIT and api == PYTEST_API
    assert outputs.counts_of("test", api) == {"passed": 2}      # not the first run's counts


def test_package_scripts_are_cut_at_their_own_banners():
    (lint_runner, lint), (test_runner, tests) = parts("npm run lint && npm test", NPM_LINT + NPM_TEST)
    assert (lint_runner, test_runner) == ("npm run lint", "npm test")
    assert "problem" in lint and "vitest" not in lint
    assert tests.lstrip().startswith("> shop@1.0.0 test") and "problem" not in tests


def test_literal_echoes_separate_runs_that_print_no_header():
    output = "== unit ==\nF..\n1 failed, 2 passed in 0.1s\n== api ==\n2 passed in 0.1s\n"
    (_, unit), (_, api) = parts('echo "== unit =="; pytest -q tests/unit; echo "== api =="; pytest -q tests/api',
                                output)
    assert unit == "== unit ==\nF..\n1 failed, 2 passed in 0.1s\n"
    assert api == "== api ==\n2 passed in 0.1s\n"


@pytest.mark.parametrize("command, output", [
    ("pytest -q; cargo test", "...\n3 passed in 0.1s\n"),                              # no anchor at all
    ('echo "rc=$?"; pytest -q; pytest -q tests/api', "rc=0\n3 passed in 0.1s\n"),       # echo of an expansion
    ("pytest -q", PYTEST_UNIT),                                                          # one run
])
def test_without_anchors_every_run_gets_the_whole_output(command, output):
    assert all(text == output for _, text in parts(command, output))


def test_anchors_are_looked_for_in_source_order():
    # the api header is only searched for below the "== api ==" line: the earlier session header
    # belongs to the unit run
    output = "== unit ==\n" + PYTEST_UNIT + "== api ==\n" + PYTEST_API
    (_, unit), (_, api) = parts('echo "== unit =="; pytest tests/unit; echo "== api =="; pytest tests/api',
                                output)
    assert unit == PYTEST_UNIT and api == PYTEST_API


def test_a_run_without_a_header_starts_at_the_nearest_anchor_before_it():
    output = "== checks ==\n" + NPM_LINT + "3 passed in 0.1s\n"
    (_, lint), (_, tests) = parts('echo "== checks =="; npm run lint; pytest -q', output)
    assert lint.startswith("> shop@1.0.0 lint") and lint.endswith("3 passed in 0.1s\n")
    assert tests == lint     # nothing marks where the lint output ends: both parts run to the end


def test_a_package_without_a_name_is_cut_at_its_bare_script_banner():
    output = "\n> lint\n> eslint .\n\n\n> test\n> vitest run\n\n Test Files  1 passed (1)\n"
    (_, lint), (_, tests) = parts("npm run lint; npm test", output)
    assert lint == "> lint\n> eslint .\n\n\n" and tests.startswith("> test\n> vitest run")


PARTS = ["pytest -q", "npm test", "npm run lint", 'echo "== a =="', "echo $?", 'echo "rc=${PIPESTATUS[0]}"', "rc=$?",
         'echo "x $rc"', "tsc --noEmit", "cargo test", "go test ./...", 'printf "%s\\n" $?', "cat out.txt",
         "pytest > out.txt 2>&1", "eslint . | grep -c error", "tail -5 out.txt", "yarn test",
         'bash -c "pytest; echo $?"', "(cd a && pytest)", "pytest | head -3"]
OPS = ["; ", " && ", " || ", " | ", "\n"]
LINES = ["> shop@1.0.0 lint", "> lint", "$ eslint .", "== a ==", "=== test session starts ===", "3 passed in 0.1s",
         "0", "rc=1", "", "FAIL src/a.test.js", "RUN  v1.2.3", "error TS2322: x", "   Compiling foo v0.1.0"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PARTS), st.sampled_from(OPS)), min_size=1, max_size=5),
       st.lists(st.sampled_from(LINES), max_size=12), st.booleans())
def test_any_mix_of_runs_echoes_and_filters_is_read_without_raising(pieces, lines, final_newline):
    """Random command lines and outputs through attribution, masking and the verdict helpers."""
    command = "".join(part + op for part, op in pieces).rstrip("; &|\n")
    output = "\n".join(lines) + ("\n" if final_newline else "")
    parse = shell.parse(command)
    runs = [r for r in catalog.find_runs(parse) if r.not_run is None]
    texts = attribution.split(parse, runs, output)
    assert len(texts) == len(runs) and all(text in output for text in texts)
    for run, text in zip(runs, texts):
        mask = masking.analyze(parse, run)
        visible, filtered = unwrapped.visibility(mask, text)
        unwrapped.echoed_exit(mask, output)
        outputs.search_verdict(run.category, text, mask.patterns, mask.count_only, mask.head, filtered)
        outputs.judge(run.category, text, None, visible=visible, filtered=filtered, runner=run.runner)
