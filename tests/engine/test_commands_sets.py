# -*- coding: utf-8 -*-
"""The labelled command-line sets (tests/engine/commands_blind/README.md), scored through the
hook's own PreToolUse reading by benchmarks/score_commands.py. The frozen blind set's bytes never
change and it is not scored here (it is scored by hand, in aggregate, a few times); the
development set and the tuner's own lines keep the figures they reached, less nothing: the floors
catch regressions, they are not targets."""

import hashlib
import importlib.util
import json
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SETS = os.path.join(HERE, "commands_blind")
BLIND = os.path.join(SETS, "blind-2026-12-02.jsonl")
BLIND_SHA256 = "3eb64e4c4bb87650b77f78f9221be5221bb863a831599852ca0e1d56230136f7"
# figure -> floor, per set (last scored at the commit that adds this test, rounded down; dev scope
# 0.975: its line c-a053 `npm run test:unit` is labelled all, the gate reads it as a subset, README)
FLOORS = {
    "dev-2026-12-02.jsonl": {"det_precision": 1.0, "det_recall": 1.0, "category_accuracy": 1.0,
                             "scope_accuracy": 0.975, "masked_precision": 0.92, "masked_recall": 1.0,
                             "receipt_precision": 0.96, "receipt_recall": 1.0},
    # dev6: a second blind author's 220 lines; left: `--fix`/`-A` runs are lint runs here (their exit
    # is what is left unfixed), `docker build` is a build, and the syntactic reading rewrites a line
    # that echoes `$?` (its receipt is not masked); `exit ${PIPESTATUS[0]}` keeps the status (dev13 round)
    "dev6-2026-12-02.jsonl": {"det_precision": 0.97, "det_recall": 1.0, "category_accuracy": 1.0,
                              "scope_accuracy": 0.99, "masked_precision": 0.94, "masked_recall": 1.0,
                              "receipt_precision": 0.97, "receipt_recall": 1.0},
    # dev9: a third blind author's 220 lines (guide COMMANDS5). On arrival (main 0265cc0): detection
    # 1.000/0.994, category 0.981, scope 0.968, masked 0.865/0.918, receipt 0.938/0.918, unmasked
    # 34/49. Left (README): the syntactic reading of `; echo "exit=$?"` and of a read-back log,
    # `tsc -b` a typecheck run, a Windows path bash reads as a root file
    "dev9-2026-12-02.jsonl": {"det_precision": 1.0, "det_recall": 1.0, "category_accuracy": 0.99,
                              "scope_accuracy": 0.99, "masked_precision": 0.94, "masked_recall": 1.0,
                              "receipt_precision": 0.98, "receipt_recall": 1.0},
    # dev11: a fourth blind author's 220 lines (guide COMMANDS6). On arrival (main a1d01ef): detection
    # 0.987/0.994, category 0.987, scope 0.955, masked 0.952/0.984, receipt 0.950/0.934, unmasked
    # 42/61. Left (README): `; echo "exit: $?"` labelled masked (its receipt reads the echoed status),
    # `cd sub && run` labelled a subset (the run's folder is its project), `tsc -p
    # tsconfig.build.json` labelled a build, `test:unit` labelled all
    "dev11-2026-12-02.jsonl": {"det_precision": 1.0, "det_recall": 1.0, "category_accuracy": 0.99,
                               "scope_accuracy": 0.95, "masked_precision": 0.96, "masked_recall": 1.0,
                               "receipt_precision": 0.96, "receipt_recall": 0.95},
    # dev13: a fifth blind author's 220 lines (guide COMMANDS7). On arrival (main 8c4c313): detection
    # 0.975/0.994, category 0.980, scope 0.941, masked 0.958/1.000, receipt 0.957/0.957. Left
    # (README): fixers (`eslint --fix`, `rubocop -A`, `clippy --fix`, `yarn lint --fix`) stay lint
    # runs, `; echo "exit=$?"` read in the receipt, an emitting `tsc` stays a type check, `test:unit`
    "dev13-2026-12-03.jsonl": {"det_precision": 0.96, "det_recall": 0.99, "category_accuracy": 0.97,
                               "scope_accuracy": 0.98, "masked_precision": 0.99, "masked_recall": 0.99,
                               "receipt_precision": 0.99, "receipt_recall": 0.94},
    # dev14: a sixth blind author's 300 lines (guide COMMANDS7), tools beyond the common ones (infra, data,
    # docs, mobile, C/C++, Nix, monorepo runners). On arrival (the tenth session's start, 6290a5c):
    # detection 0.971/0.800, category 0.976, scope 0.940, masked 1.000/0.780, receipt 1.000/0.732; after
    # the session's catalog additions (ansible-lint, kubeconform, sphinx-build, molecule, kaocha, rush,
    # dbt, shfmt, mkdocs, cargo doc; `tflint --init` no run): detection 0.979/0.881. Left (README): watch
    # modes and `echo $?` labelled masked, `find -exec`, `nix build`, `mix do`, fixers stay lint runs
    "dev14-2026-12-03.jsonl": {"det_precision": 0.97, "det_recall": 0.87, "category_accuracy": 0.96,
                               "scope_accuracy": 0.94, "masked_precision": 0.99, "masked_recall": 0.80,
                               "receipt_precision": 0.99, "receipt_recall": 0.75},
    # dev15: a seventh blind author's 250 lines (guide COMMANDS7), launchers, loops, watch modes and
    # PowerShell-style lines. On arrival (bb34109): detection 0.951/0.880, category 0.981, scope 0.968,
    # masked 0.978/0.833, receipt 0.978/0.815; after the eleventh session's additions (`pnpm turbo`,
    # `terraform test`, `nix build`/`nix flake check`, one-dash `-run=`): detection 0.952/0.897. Left
    # (README): fixers stay lint runs, watch modes no run, `find -exec \;`, `pre-commit run mypy` a lint
    "dev15-2026-12-03.jsonl": {"det_precision": 0.94, "det_recall": 0.88, "category_accuracy": 0.97,
                               "scope_accuracy": 0.96, "masked_precision": 0.97, "masked_recall": 0.82,
                               "receipt_precision": 0.97, "receipt_recall": 0.80},
    # dev16: an eighth blind author's 250 lines. On arrival (3120979): detection 0.993/0.778, category
    # 0.978, scope 0.971, masked 1.000/0.682, receipt 1.000/0.659; after the thirteenth session's causes
    # (pwsh/cmd launchers, devcontainer exec, find -exec, Python/node code, mix do, just recipes,
    # pre-commit hook ids): detection 0.994/0.903, masked 1.000/0.886. Left (README): ssh/kubectl exec/
    # vagrant ssh stay no run, watch modes no run, `nx run-many -t lint test` runs lint only
    "dev16-2026-12-03.jsonl": {"det_precision": 0.98, "det_recall": 0.89, "category_accuracy": 0.97,
                               "scope_accuracy": 0.97, "masked_precision": 0.99, "masked_recall": 0.87,
                               "receipt_precision": 0.99, "receipt_recall": 0.85},
    # dev17: an eighth blind author's 220 lines (guide COMMANDS7), the common runners in the forms agents type
    # them, written after the twelfth session's dev16 round and scored on arrival (not tuned on): detection
    # 0.969/1.000, category 0.981, scope 0.943, masked 0.956/1.000, receipt 0.975/0.907. Left (README): fixers
    # stay lint runs, `; echo "exit: $?"` read in the receipt, `tsc -b` a type check, `set -e; a; b` masked,
    # `cd sub && run` and `--prefix`/`-C` the whole of their project. masked precision back to 0.95
    # (redteam11): c17-062 `set -e; pnpm lint; ...` is labelled unmasked, but the host runs a line as
    # `eval '<line>' && pwd -P >| f`, where bash ignores its errexit (test_redteam11.HOST_LOST)
    "dev17-2026-12-03.jsonl": {"det_precision": 0.96, "det_recall": 0.99, "category_accuracy": 0.97,
                               "scope_accuracy": 0.94, "masked_precision": 0.97, "masked_recall": 0.99,
                               "receipt_precision": 0.97, "receipt_recall": 0.90},
    # dev18: a ninth blind author's 200 lines (guide COMMANDS7), the shapes agents type most (heredoc
    # scripts, loops, long cd && env ... | tail lines), scored on arrival (not tuned on): detection
    # 0.979/1.000, category 0.993, scope 0.979, masked 1.000/0.963, receipt 1.000/0.926. Its one
    # masking miss was a cause (a heredoc script's `a\nb` lost a's status unread): heredoc scripts are
    # now read like `bash -c` ones, and errexit (`set -e`) kept where bash keeps the status
    "dev18-2026-12-03.jsonl": {"det_precision": 0.97, "det_recall": 0.99, "category_accuracy": 0.99,
                               "scope_accuracy": 0.97, "masked_precision": 0.99, "masked_recall": 0.99,
                               "receipt_precision": 0.99, "receipt_recall": 0.95},
    # dev19: a tenth blind author's 240 lines (guide COMMANDS8, written 2026-12-05 from the label definitions alone),
    # scored on arrival and not tuned on: detection 1.000/0.981, category 0.987, scope 0.974, masked 0.922/0.979,
    # receipt 0.979/0.958. Its misses are the project's documented choices (a leading `cd` scopes the run to that
    # folder; `; echo "exit: $?"` is masked before the run, where the rule is syntactic), PowerShell's
    # `if ($LASTEXITCODE ...)` and `.\gradlew.bat`, `php -l` and `bash -n` (no runners of the catalog), and runners
    # that print their failures to stderr (`cargo build 2>/dev/null`). Eighteenth session, its causes
    # (test_commands_dev19_causes): a stderr reporter's `2>/dev/null` masks, a log shown again with the
    # status kept does not, `bash -n` runs nothing: masked 0.941/1.000, receipt 0.980/1.000
    "dev19-2026-12-05.jsonl": {"det_precision": 0.99, "det_recall": 0.98, "category_accuracy": 0.98,
                               "scope_accuracy": 0.97, "masked_precision": 0.94, "masked_recall": 1.0,
                               "receipt_precision": 0.97, "receipt_recall": 1.0},
    # dev20: an eleventh blind author's 220 lines (guide COMMANDS8 and a list of less common ecosystems and masking
    # forms), written in the eighteenth session. On arrival at the session's start (ec12605): detection
    # 0.985/0.944, category 0.993, scope 0.941, masked 0.911/0.953, receipt 0.932/0.953, unmasked 28/43; with the
    # dev19 causes (not tuned on it): masked 0.935/1.000; then its own causes (test_commands_dev20_causes):
    # masked 0.977/1.000. Left: Nim, Crystal, clj-kondo, Rscript testthat not in the catalog, `npm run ci`/`check`
    # (what they run is the project's), watch/deps-only forms of stack and cabal, `cd sub &&` scope
    "dev20-2026-12-05.jsonl": {"det_precision": 0.98, "det_recall": 0.94, "category_accuracy": 0.99,
                               "scope_accuracy": 0.94, "masked_precision": 0.97, "masked_recall": 1.0,
                               "receipt_precision": 0.97, "receipt_recall": 1.0},
    # dev21: a twelfth blind author's 220 lines (guide COMMANDS8, the common runners as agents type them), written
    # late in the eighteenth session. On arrival: masked 0.796/1.000, receipt 0.896/1.000 (the session's starting
    # code ec12605: masked 0.769/0.930, receipt 0.870/0.930: the dev19 and dev20 causes carried over); then its
    # cause (test_commands_dev21_causes): masked 0.827/1.000, receipt 0.935/1.000. Left: `; echo "exit: $?"` is
    # masked before the run (the receipt reads the echo), `&& echo OK || echo FAIL` hides the exit status,
    # a heredoc script that `source`s a file may turn pipefail off, `cd pkg &&` scope
    "dev21-2026-12-05.jsonl": {"det_precision": 0.99, "det_recall": 1.0, "category_accuracy": 1.0,
                               "scope_accuracy": 0.96, "masked_precision": 0.82, "masked_recall": 1.0,
                               "receipt_precision": 0.93, "receipt_recall": 1.0},
    # dev22: a thirteenth blind author's 200 lines (guide COMMANDS8, a representative week of work, which stream each
    # tool reports on), written last in the eighteenth session. On arrival: masked 0.841/0.949, receipt 0.881/0.949
    # (the session's starting code ec12605: 0.756/0.872 and 0.791/0.872); then its stream facts (unittest, black,
    # bazel, BuildKit, make's default target; test_commands_dev21_causes) and cmake's --target: masked 0.951/1.000,
    # receipt 1.000/1.000
    "dev22-2026-12-05.jsonl": {"det_precision": 1.0, "det_recall": 1.0, "category_accuracy": 0.99,
                               "scope_accuracy": 0.99, "masked_precision": 0.95, "masked_recall": 1.0,
                               "receipt_precision": 1.0, "receipt_recall": 1.0},
    "own-2026-12-02.jsonl": {"det_precision": 1.0, "det_recall": 0.98, "category_accuracy": 1.0,
                             "scope_accuracy": 1.0, "masked_precision": 0.97, "masked_recall": 1.0,
                             "receipt_precision": 1.0, "receipt_recall": 1.0},
}
_SCORES = {}


def _scorer():
    spec = importlib.util.spec_from_file_location("score_commands", os.path.join(ROOT, "benchmarks", "score_commands.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _figures(name):
    if name not in _SCORES:
        scorer = _scorer()
        figures, _misses = scorer.score(scorer.load(os.path.join(SETS, name)))
        print("\n[%s]\n%s" % (name, scorer.report(figures)))
        _SCORES[name] = figures
    return _SCORES[name]


def test_the_blind_set_is_frozen():
    with open(BLIND, "rb") as fh:
        assert hashlib.sha256(fh.read()).hexdigest() == BLIND_SHA256


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_every_row_has_the_agreed_shape(name):
    with open(os.path.join(SETS, name), encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    assert len(rows) >= 100
    for row in rows:
        assert isinstance(row["command"], str) and row["command"]
        assert row["category"] in (None, "test", "typecheck", "lint", "build")
        assert row.get("scope") in (None, "all", "subset") and row.get("masked") in (None, True, False)


@pytest.mark.parametrize("name, figure", [(n, f) for n in sorted(FLOORS) for f in sorted(FLOORS[n])])
def test_scores_do_not_fall(name, figure):
    assert _figures(name)[figure] >= FLOORS[name][figure], _figures(name)
