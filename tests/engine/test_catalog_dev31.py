"""Catalog runners found missing on the dev31 claim sets (written blind 2026-12-04): Godot's
GDScript toolkit, notebooks checked through nbQA, and Verilator's lint mode. Each is a run for
the hook (its receipt) and a subject for the claims, with the forms that check nothing."""

import pytest

from stalegreen.engine import catalog, prefilter, shell

BASE = "/w"


def runs(command):
    """(runner, category, scope, not_run) of each run the catalog finds in ``command``."""
    if not prefilter.might_contain_runner(command):
        return []
    return [(r.runner, r.category, r.scope, r.not_run) for r in catalog.find_runs(shell.parse(command), None, BASE)]


@pytest.mark.parametrize("command, expected", [
    ("gdlint scripts/player.gd", [("gdlint", "lint", "subset", None)]),
    ("gdlint .", [("gdlint", "lint", "all", None)]),
    ("gdformat --check .", [("gdformat", "lint", "all", None)]),
    ("gdformat -d scripts/player.gd", [("gdformat", "lint", "subset", None)]),
    # without --check it rewrites the files: no check
    ("gdformat .", [("gdformat", "lint", "all", "format")]),
])
def test_gdscript_toolkit(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command, expected", [
    # nbQA runs the tool named after it over notebooks: that tool's check
    ("nbqa ruff notebooks/", [("ruff check", "lint", "all", None)]),
    ("nbqa mypy .", [("mypy", "typecheck", "all", None)]),
    ("nbqa black --check notebooks/", [("black", "lint", "all", None)]),
    ("nbqa black notebooks/", [("black", "lint", "all", "format")]),
    ("nbqa isort notebooks/ --check-only", [("isort", "lint", "all", None)]),
])
def test_nbqa_runs_the_tool_it_names(command, expected):
    assert runs(command) == expected


@pytest.mark.parametrize("command, expected", [
    ("verilator --lint-only -Wall rtl/top.sv", [("verilator", "lint", "subset", None)]),
    ("verilator --lint-only -f files.f", [("verilator", "lint", "all", None)]),
    # translating to C++ is no check
    ("verilator --cc rtl/top.sv --exe tb.cpp", [("verilator", "lint", "subset", "other")]),
])
def test_verilator_lint_mode(command, expected):
    assert runs(command) == expected
