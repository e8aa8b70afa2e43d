# -*- coding: utf-8 -*-
"""Print every verdict the engine gives on the repository's labelled sets, one JSON line each.

Run by tests/test_interpreters.py under each CPython 3.8-3.13, and compared line for line with
the answer of the interpreter running the suite: the claims of every message in the claims
corpora and the reading of every command line in the command sets (runs, masking, rewrite).
Version-dependent behaviour (a regular-expression or Unicode-table difference between releases,
a dict-order assumption) shows as the first line that differs. Standard library only.

Usage: python tests/verdict_digest.py ROOT
"""

import glob
import io
import json
import os
import sys


def _rows(path):
    with io.open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _claims_lines(root):
    from stalegreen.engine import claims

    for path in sorted(glob.glob(os.path.join(root, "tests", "engine", "claims_*.jsonl"))
                       + glob.glob(os.path.join(root, "tests", "engine", "claims_blind", "*.jsonl"))):
        name = os.path.relpath(path, root)
        for index, row in enumerate(_rows(path)):
            found = [[c.get("category"), c.get("scope"), bool(c.get("qualified"))]
                     for c in claims.extract(row["text"]).claims]
            yield [name, index, found]


def _command_lines(root):
    sys.path.insert(0, os.path.join(root, "benchmarks"))
    import score_commands

    reader = score_commands.Reader()
    for path in sorted(glob.glob(os.path.join(root, "tests", "engine", "commands_blind", "*.jsonl"))):
        name = os.path.relpath(path, root)
        for index, row in enumerate(_rows(path)):
            reading = reader.read(row["command"])
            yield [name, index, [list(run) for run in reading["runs"]], reading["rewritten"]]


def main(argv):
    root = os.path.abspath(argv[0])
    sys.path.insert(0, root)
    out = sys.stdout
    for line in _claims_lines(root):
        out.write(json.dumps(line, sort_keys=True) + "\n")
    for line in _command_lines(root):
        out.write(json.dumps(line, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
