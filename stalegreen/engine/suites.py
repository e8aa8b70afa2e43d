"""Which suite a receipt ran, as far as its output tells: the runner whose own summary decided it.

A project may hold more than one suite of a category in one folder (a Python package beside a
Node one at the root: `pytest` and `npm test`). A newer whole-suite run replaces an older run
only when both are runs of the same suite; two runs whose summaries came from different runners
ran different suites, and the older one still stands (a failing `npm test` is not undone by a
passing `pytest`). A run whose summary names no runner (an exit status alone, a generic line) is
taken, as before, to be a run of the suite that was there.
"""

# signal families that are no runner's own summary: outputs.judge's own (exit-0, no-summary, ...)
# and the generic rows of catalog/formats (make-error, npm-err, node-uncaught, a traceback, ...)
NO_SUMMARY = frozenset((None, "", "exit", "no", "mixed", "interrupted", "make", "npm", "turbo", "node", "command",
                        "summary", "extra", "generic", "zero", "python", "traceback"))


def summary_format(receipt):
    """The runner whose own summary decided the run: the family of its signal id (``pytest`` for
    ``pytest-short-passed`` and ``exit-0-with-pytest-failed-line``), or None when no runner's
    summary did (an exit status alone, no summary, a generic line any runner may print)."""
    signal = str(receipt.get("signal") or "")
    for prefix in ("summary-only:", "exit-0-with-"):
        if signal.startswith(prefix):
            signal = signal[len(prefix):]
    family = "node-test" if signal.startswith("node-test-") else signal.split("-", 1)[0] if "-" in signal else None
    return None if family in NO_SUMMARY else family


def other_suites(newer, older):
    """The two runs' own summaries came from different runners: they ran different suites."""
    a = summary_format(newer)
    b = summary_format(older)
    return a is not None and b is not None and a != b


def _describes(receipt):
    return " ".join(str(receipt.get(k) or "") for k in ("runner", "cmd", "via")).lower()


def named_runs(claim, found):
    """The runs a claim that names its tool is about: those of that tool, and of any other runner
    its own words name too ("both pytest and npm test pass" names two suites; the claims reader
    keeps the first as ``tool``). All of ``found`` when none matches."""
    tool = claim["tool"].lower()
    text = " %s " % " ".join((claim.get("text") or "").lower().split())
    named = [r for r in found if tool in _describes(r) or _runner_in(text, r)]
    return named or found


def _runner_in(text, receipt):
    runner = " ".join(str(receipt.get("runner") or "").lower().split())
    return bool(runner) and runner != "unknown" and any(
        text[i - 1:i] in " (`'\"" and text[i + len(runner):i + len(runner) + 1] in " )`'\".,;:!"
        for i in _positions(text, runner))


def _positions(text, word):
    i = text.find(word)
    while i >= 0:
        yield i
        i = text.find(word, i + 1)
