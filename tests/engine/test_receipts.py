"""Receipts: which part of a command line changed the working tree after its run."""

import copy

import pytest

from stalegreen.engine import receipts
from stalegreen.engine.config import DEFAULTS

CONFIG = copy.deepcopy(DEFAULTS)


@pytest.mark.parametrize("line, changed", [
    # after the run in the line: the run is evidence for a tree that is gone
    ("git stash -q && pytest -q; git stash pop -q", ["git stash pop -q"]),
    ("pytest -q && git checkout main", ["git checkout main"]),
    ("pytest -q 2>&1 | tee /tmp/log; git checkout -- .", ["git checkout -- ."]),
    ("pytest -q; git restore src/", ["git restore src/"]),
    ("pytest -q; sed -i s/a/b/ src/app.py", ["sed -i s/a/b/ src/app.py"]),
    ("for i in 1 2; do pytest -q; sed -i s/a/b/ x.py; done", ["sed -i s/a/b/ x.py"]),   # a loop comes round
    ("bash -c 'pytest -q; git stash pop'", ["bash -c 'pytest -q; git stash pop'"]),
    # before the run, in its own pipeline, outside the tree, or no change at all
    ("sed -i s/a/b/ x.py && pytest -q", [None]),
    ("git stash -q && pytest -q", [None]),
    ("pytest -q 2>&1 | tee log.txt", [None]),
    ("pytest -q; echo done > /tmp/x", [None]),
    ("pytest -q && git add -A && git commit -qm x", [None]),
    ("pytest -q; git diff --stat; git status", [None]),
    ("bash -c 'pytest -q 2>&1 | tail -3'", [None]),
])
def test_a_tree_change_after_the_run_in_the_same_line_is_found(line, changed):
    parse, runs = receipts._detect(line, CONFIG, "/repo")
    assert [receipts.tree_change_after(parse, run, "/repo", CONFIG) for run in runs] == changed
