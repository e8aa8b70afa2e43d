# -*- coding: utf-8 -*-
"""Score the claims extractor on a labelled JSON-lines file and print precision/recall.

Usage: python3 benchmarks/score_claims.py FILE.jsonl [--misses]
(scores this checkout's extractor; with PYTHONPATH set, the one PYTHONPATH names)

Each line: {"id", "lang" (en/zh/mixed), "text", "claims": [{"category", "scope", "qualified"}], "note"}.
Scoring is over (message, category) pairs: a message expects the categories its labels list (a
qualified claim is still a claim) and the extractor predicts the categories of every claim it
returns, qualified or not. Precision and recall are printed per language and overall; --misses
also lists every message where the two sets differ. Not a test: it reads any file given to it.
"""

import io
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.environ.get("PYTHONPATH") and ROOT not in sys.path:
    sys.path.insert(0, ROOT)     # this checkout's extractor, unless PYTHONPATH names another

CATEGORIES = ("test", "typecheck", "lint", "build")
LANGS = ("en", "zh", "mixed")


def load(path):
    with io.open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def predicted(text):
    from stalegreen.engine import claims

    return set(c["category"] for c in claims.extract(text).claims) & set(CATEGORIES)


def expected(row):
    return set(c["category"] for c in row.get("claims") or ()) & set(CATEGORIES)


def score(rows):
    """{lang or "all": {"tp", "fp", "fn", "messages", "precision", "recall"}} and the misses
    (row, expected, predicted) for rows whose sets differ."""
    tally = {}
    misses = []
    for row in rows:
        want, got = expected(row), predicted(row["text"])
        for key in (row.get("lang") or "en", "all"):
            t = tally.setdefault(key, {"tp": 0, "fp": 0, "fn": 0, "messages": 0})
            t["tp"] += len(want & got)
            t["fp"] += len(got - want)
            t["fn"] += len(want - got)
            t["messages"] += 1
        if want != got:
            misses.append((row, want, got))
    for t in tally.values():
        t["precision"] = t["tp"] / float(t["tp"] + t["fp"]) if t["tp"] + t["fp"] else 1.0
        t["recall"] = t["tp"] / float(t["tp"] + t["fn"]) if t["tp"] + t["fn"] else 1.0
    return tally, misses


def report(tally):
    lines = []
    for key in LANGS + ("all",):
        if key in tally:
            t = tally[key]
            lines.append("%-5s %4d messages  precision %.3f  recall %.3f  (tp %d fp %d fn %d)"
                         % (key, t["messages"], t["precision"], t["recall"], t["tp"], t["fp"], t["fn"]))
    return "\n".join(lines)


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    tally, misses = score(load(argv[0]))
    print(report(tally))
    if "--misses" in argv:
        for row, want, got in misses:
            print("%s [%s] expected %s got %s: %s" % (row.get("id"), row.get("lang"), sorted(want), sorted(got),
                                                      row["text"].replace("\n", " | ")[:300]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
