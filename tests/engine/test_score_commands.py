# -*- coding: utf-8 -*-
"""benchmarks/score_commands.py scores the hook's own PreToolUse reading against labels: a tiny
labelled file with one line per figure, some labels deliberately wrong, gives known tallies."""

import importlib.util
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

ROWS = [
    # right labels
    {"id": "a", "command": "pytest -q 2>&1 | tail -5", "category": "test", "scope": "all", "masked": True},
    {"id": "b", "command": "npx tsc --noEmit", "category": "typecheck", "scope": "all", "masked": False},
    {"id": "c", "command": "cargo test -p core || true", "category": "test", "scope": "subset", "masked": True},
    {"id": "d", "command": "ruff check . && mypy src", "category": "lint", "categories": ["lint", "typecheck"],
     "scope": "all", "masked": False},
    {"id": "e", "command": "echo 'npm test'", "category": None, "scope": None, "masked": None},
    {"id": "f", "command": "pytest --version", "category": None, "scope": None, "masked": None},
    # masked before the run (a `;` chain), not in the receipt: the agent prints the status itself
    {"id": "k", "command": 'mypy src; echo "exit=$?"', "category": "typecheck", "scope": "all", "masked": False},
    # wrong on purpose: one per figure
    {"id": "g", "command": "ls -la", "category": "build", "scope": "all", "masked": False},         # detection fn
    {"id": "h", "command": "npm run lint", "category": None, "scope": None, "masked": None},        # detection fp
    {"id": "i", "command": "eslint src/a.ts", "category": "test", "scope": "all", "masked": False},  # category, scope
    {"id": "j", "command": "go test ./... > /dev/null", "category": "test", "scope": "all", "masked": False},  # masked fp
]


def _scorer():
    spec = importlib.util.spec_from_file_location("score_commands", os.path.join(ROOT, "benchmarks", "score_commands.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write(tmp_path):
    path = tmp_path / "labels.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in ROWS), encoding="utf-8")
    return str(path)


def test_tallies_follow_the_hook_reading(tmp_path):
    scorer = _scorer()
    figures, misses = scorer.score(scorer.load(_write(tmp_path)))
    assert (figures["det_tp"], figures["det_fp"], figures["det_fn"], figures["det_tn"]) == (7, 1, 1, 2)
    assert (figures["cat_ok"], figures["cat_n"]) == (6, 7)
    assert (figures["scope_ok"], figures["scope_n"]) == (6, 7)
    assert (figures["m_tp"], figures["m_fp"], figures["m_fn"], figures["m_tn"]) == (2, 2, 0, 4)
    assert (figures["r_tp"], figures["r_fp"], figures["r_fn"], figures["r_tn"]) == (2, 1, 0, 5)
    assert figures["masked_precision"] == 0.5 and figures["masked_recall"] == 1.0
    assert sorted((row["id"], what) for row, what, _w, _g in misses) == [
        ("g", "detection"), ("h", "detection"), ("i", "category"), ("i", "scope"), ("j", "masked"),
        ("j", "receipt-masked"), ("k", "masked")]
    # both masked lines are rewritten: nothing in them needs more than the user's rule for the run
    assert figures["unmasked"] == 2


def test_main_prints_figures_and_misses(tmp_path, capsys):
    scorer = _scorer()
    assert scorer.main([_write(tmp_path), "--misses"]) == 0
    out = capsys.readouterr().out
    assert "detection  precision 0.875  recall 0.875" in out
    assert "i scope: expected all got subset: eslint src/a.ts" in out
    assert "j masked: expected False got True: go test ./... > /dev/null" in out
    assert scorer.main([]) == 2


def test_a_line_labelled_with_several_categories_is_all_only_when_each_is():
    """The scope label of a line running several categories is the line's (the guide: "subset when
    the line narrows it"): `npm run build && npm run test:unit` narrows the tests (dev9 c9-212)."""
    scorer = _scorer()
    build, unit = ("npm run build", "build", "all"), ("npm run test:unit", "test", "subset")
    several = {"category": "build", "categories": ["build", "test"]}
    assert scorer.predicted_scope(several, [build, unit]) == "subset"
    assert scorer.predicted_scope(several, [build, ("npm test", "test", "all")]) == "all"
    assert scorer.predicted_scope(several, [build]) == "all"          # the test part not found
    # one category labelled: its own runs decide, as before
    assert scorer.predicted_scope({"category": "build"}, [build, unit]) == "all"
    assert scorer.predicted_scope({"category": "test"}, [build, unit]) == "subset"
    assert scorer.predicted_scope({"category": "lint"}, [build, unit]) == "all"   # none of it: any run
