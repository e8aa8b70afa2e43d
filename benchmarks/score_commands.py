# -*- coding: utf-8 -*-
"""Score what PreToolUse reads in a shell line (verification runs, category, scope, masking)
against a labelled JSON-lines file.

Usage: python3 benchmarks/score_commands.py FILE.jsonl [--misses]
(scores this checkout's engine; with PYTHONPATH set, the one PYTHONPATH names)

Each line: {"id", "command", "category" (test/typecheck/lint/build or null: not a verification),
"categories" (optional list, for a line running several), "scope" (all/subset/null), "masked"
(bool or null: unlabelled), "note"}.

The line goes through the hook's own steps (``prefilter.might_contain_runner``, ``shell.parse``,
``core.read_runs``: ``catalog.find_runs``, the enabled-run filter, ``masking.analyze``) with the
default config, in a project directory of its own. Figures:
- detection: precision/recall of "this line runs a verification" (any enabled run found);
- category: on lines both labelled and detected as verifications, the categories found equal the
  labelled ones (``categories`` when given, else ``category``);
- scope: on those lines with a labelled scope, "all" when a run of the labelled category (any run
  when none is of it) is an all-scope run, else "subset"; a line labelled with ``categories`` is
  "all" when each of them that was found has an all-scope run (`npm run build && npm run
  test:unit` narrows the tests: the line is a subset);
- masked: on lines labelled as verifications with a labelled ``masked``, precision/recall/accuracy
  of "some run in the line is masked" before it runs (``Mask.masked``; a line the hook does not
  detect is not masked: the hook leaves it alone);
- receipt: the same for the receipt of the run left unwrapped (``unwrapped.receipt_masking``),
  which also counts what the line itself shows: an echo of the run's status, its redirected
  output read back by a later ``cat``/``tail``;
- unmasked: the lines labelled masked that the hook would rewrite when the user's rules allow the
  original (``permissions.prove`` holds and ``rewrite.wrap`` wraps).
--misses lists every line where a figure disagrees with the label. Not a test: it reads any
file given to it.
"""

import io
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if not os.environ.get("PYTHONPATH") and ROOT not in sys.path:
    sys.path.insert(0, ROOT)     # this checkout's engine, unless PYTHONPATH names another

CATEGORIES = ("test", "typecheck", "lint", "build")


def load(path):
    with io.open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


class Reader(object):
    """The hook's PreToolUse reading of one line, with the default config in a project of its own
    (an empty user config: nothing from this machine's ~/.stalegreen)."""

    def __init__(self):
        from stalegreen.engine import config

        self.home = tempfile.mkdtemp(prefix="sg-score-home-")
        self.project = tempfile.mkdtemp(prefix="sg-score-project-")
        self.config = config.load(cwd=self.project, home=self.home)

    def read(self, command):
        """dict(runs=[(runner, category, scope, masked)], rewritten=bool)."""
        from stalegreen.engine import core, permissions, prefilter, rewrite, shell

        if not prefilter.might_contain_runner(command, self.config):
            return {"runs": [], "rewritten": False}
        parse = shell.parse(command)
        if hasattr(core, "read_runs"):
            runs, masks = core.read_runs(parse, self.config, self.project)
        else:       # an engine from before read_runs: the same steps, as its on_pre_shell took them
            from stalegreen.engine import catalog, masking

            runs = core._enabled_runs(catalog.find_runs(parse, self.config, self.project), self.config)
            masks = [masking.analyze(parse, run) for run in runs]
        # a command running two categories (`tox -e lint,type`) is one run with a receipt per category
        found = [(r.runner, c, r.scope, m.masked, _receipt_masked(m)) for r, m in zip(runs, masks)
                 for c in (r.category,) + tuple(getattr(r, "also", None) or ())]
        rewritten = False
        if runs and permissions.prove(parse, runs, self.project, self.project).ok:
            logs = [os.path.join(self.project, "r-%d.log" % i) for i in range(len(runs))]
            wrapped, _reason = rewrite.wrap(parse, runs, ["r-%d" % i for i in range(len(runs))], logs,
                                            self.config["tailLines"], masks)
            rewritten = wrapped is not None
        return {"runs": found, "rewritten": rewritten}


def _receipt_masked(mask):
    """The receipt's masking of the run left unwrapped (``unwrapped.receipt_masking``), with what
    the line itself shows before any output: an echo of its status, its redirected output read back."""
    from stalegreen.engine import unwrapped

    return bool(unwrapped.receipt_masking(mask, exit_echoed=unwrapped.status_echo(mask) is not None)[0])


def expected_categories(row):
    cats = row.get("categories") or ([row["category"]] if row.get("category") else [])
    return set(c for c in cats if c in CATEGORIES)


def predicted_scope(row, runs):
    """"all" when a run of the labelled category is an all-scope run (any run when none is of
    it); with ``categories`` the label is the line's: "all" when each of them found has one."""
    found = set(run[1] for run in runs)
    every = set(run[1] for run in runs if run[2] == "all")
    wanted = (expected_categories(row) if row.get("categories") else set([row.get("category")])) & found
    return "all" if (wanted <= every if wanted else every) else "subset"


def _ratio(a, b):
    return a / float(b) if b else 1.0


def score(rows, reader=None):
    """(figures dict, misses list of (row, what, expected, got))."""
    reader = reader or Reader()
    t = dict(det_tp=0, det_fp=0, det_fn=0, det_tn=0, cat_ok=0, cat_n=0, scope_ok=0, scope_n=0,
             m_tp=0, m_fp=0, m_fn=0, m_tn=0, r_tp=0, r_fp=0, r_fn=0, r_tn=0, unmasked=0, rows=len(rows))
    misses = []
    for row in rows:
        got = reader.read(row["command"])
        runs = got["runs"]
        want_cats = expected_categories(row)
        is_verification = bool(want_cats)
        detected = bool(runs)
        if is_verification and detected:
            t["det_tp"] += 1
        elif detected:
            t["det_fp"] += 1
            misses.append((row, "detection", None, sorted(set(r[1] for r in runs))))
        elif is_verification:
            t["det_fn"] += 1
            misses.append((row, "detection", sorted(want_cats), None))
        else:
            t["det_tn"] += 1
        if is_verification and detected:
            got_cats = set(r[1] for r in runs)
            t["cat_n"] += 1
            if got_cats == want_cats:
                t["cat_ok"] += 1
            else:
                misses.append((row, "category", sorted(want_cats), sorted(got_cats)))
            if row.get("scope") in ("all", "subset"):
                t["scope_n"] += 1
                scope = predicted_scope(row, runs)
                if scope == row["scope"]:
                    t["scope_ok"] += 1
                else:
                    misses.append((row, "scope", row["scope"], scope))
        if is_verification and isinstance(row.get("masked"), bool):
            want = row["masked"]
            for prefix, what, masked in (("m_", "masked", any(r[3] for r in runs)),
                                         ("r_", "receipt-masked", any(r[4] for r in runs))):
                t[prefix + (("tp" if masked else "fn") if want else ("fp" if masked else "tn"))] += 1
                if want != masked:
                    misses.append((row, what, want, masked))
            if want and got["rewritten"]:
                t["unmasked"] += 1
    t["det_precision"] = _ratio(t["det_tp"], t["det_tp"] + t["det_fp"])
    t["det_recall"] = _ratio(t["det_tp"], t["det_tp"] + t["det_fn"])
    t["category_accuracy"] = _ratio(t["cat_ok"], t["cat_n"])
    t["scope_accuracy"] = _ratio(t["scope_ok"], t["scope_n"])
    t["masked_precision"] = _ratio(t["m_tp"], t["m_tp"] + t["m_fp"])
    t["masked_recall"] = _ratio(t["m_tp"], t["m_tp"] + t["m_fn"])
    masked_n = t["m_tp"] + t["m_fp"] + t["m_fn"] + t["m_tn"]
    t["masked_accuracy"] = _ratio(t["m_tp"] + t["m_tn"], masked_n)
    t["masked_n"] = masked_n
    t["receipt_precision"] = _ratio(t["r_tp"], t["r_tp"] + t["r_fp"])
    t["receipt_recall"] = _ratio(t["r_tp"], t["r_tp"] + t["r_fn"])
    t["receipt_accuracy"] = _ratio(t["r_tp"] + t["r_tn"], masked_n)
    t["unmasked_share"] = _ratio(t["unmasked"], t["m_tp"] + t["m_fn"])
    return t, misses


def report(t):
    return "\n".join((
        "lines %d" % t["rows"],
        "detection  precision %.3f  recall %.3f  (tp %d fp %d fn %d tn %d)"
        % (t["det_precision"], t["det_recall"], t["det_tp"], t["det_fp"], t["det_fn"], t["det_tn"]),
        "category   accuracy %.3f  (%d/%d detected verifications)" % (t["category_accuracy"], t["cat_ok"], t["cat_n"]),
        "scope      accuracy %.3f  (%d/%d)" % (t["scope_accuracy"], t["scope_ok"], t["scope_n"]),
        "masked     precision %.3f  recall %.3f  accuracy %.3f  (tp %d fp %d fn %d tn %d)"
        % (t["masked_precision"], t["masked_recall"], t["masked_accuracy"], t["m_tp"], t["m_fp"], t["m_fn"], t["m_tn"]),
        "receipt    precision %.3f  recall %.3f  accuracy %.3f  (tp %d fp %d fn %d tn %d)"
        % (t["receipt_precision"], t["receipt_recall"], t["receipt_accuracy"],
           t["r_tp"], t["r_fp"], t["r_fn"], t["r_tn"]),
        "unmasked   %d of %d masked lines rewritten when the user's rules allow the original (%.3f)"
        % (t["unmasked"], t["m_tp"] + t["m_fn"], t["unmasked_share"]),
    ))


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    figures, misses = score(load(argv[0]))
    print(report(figures))
    if "--misses" in argv:
        for row, what, want, got in misses:
            print("%s %s: expected %s got %s: %s%s" % (
                row.get("id"), what, want, got, row["command"].replace("\n", "\\n")[:300],
                "   # " + row["note"] if row.get("note") else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
