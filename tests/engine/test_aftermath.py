"""engine/aftermath.py: which later parts of a line may change the tree unseen."""

import pytest

from stalegreen.engine import aftermath, catalog, shell


def unread(line):
    parse = shell.parse(line)
    runs = catalog.find_runs(parse, {}, "/repo")
    assert runs, line
    return aftermath.unread_after(parse, runs[0], runs)


@pytest.mark.parametrize("line, later", [
    ("pytest -q; ./fmt.sh", "./fmt.sh"),
    ("pytest -q && python tools/regen.py", "python tools/regen.py"),
    ("pytest -q; make format", "make format"),
    ("for i in 1 2; do pytest -q; ./bump.sh; done", "./bump.sh"),
    ("./fmt.sh; pytest -q", None),                       # before the run: the run saw it
    ("pytest -q | tail -5", None),                       # its own pipeline
    ("pytest -q; echo done", None),
    ("pytest -q; git status --short; git diff --stat", None),
    ("pytest -q && npm test", None),                     # another run is evidence, not a writer
    ("pytest -q; grep -c FAIL log.txt", None),
    ("pytest -q; git branch -D old", "git branch -D old"),
    ("pytest -q; sort -o out.txt in.txt", "sort -o out.txt in.txt"),   # sort -o is no pure filter
])
def test_later_parts_that_may_change_the_tree(line, later):
    assert unread(line) == later
