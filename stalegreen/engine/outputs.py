"""What a run's own output says: pass, fail or inconclusive, plus counts.

The formats runners print are data in ``catalog/formats`` (one row per summary format, grouped by
category), and which runner prints which is declared with the runner in ``catalog/table``; the
rows are searched through ``logscan``. A verdict never rests on a guess: a pass needs the
runner's own positive summary (or, outside the test category, a known exit 0 from a tool that
prints nothing on success); a fail needs a fail signal or a known non-zero exit; everything else
is inconclusive.
"""

import re

from stalegreen.engine import logscan
from stalegreen.engine.catalog import formats
from stalegreen.engine.catalog.argv import runner_specs
from stalegreen.engine.catalog.table import ANY, READER_PRINTS
from stalegreen.engine.lazyregex import LazyRegex

# Exit statuses that mean the run was stopped from outside (timeout(1), SIGKILL, SIGTERM, SIGINT):
# the tests did not fail, they did not finish.
INTERRUPTED_EXITS = (124, 130, 137, 143)

_M = re.M
_compiled = {}
_needles = {}
_printed = {}
_row_formats = {}
# a run stopped by ^C or a kill prints this on its way out, whatever summary follows
_INTERRUPTED_TEXT = re.compile(r"^!+ KeyboardInterrupt !+[ \t]*$|^KeyboardInterrupt[ \t]*$"
                               r"|^(?:\S+: line \d+: +)?\d+ (?:Killed|Terminated|Interrupt)\b", _M)


def _row_format(signal_id):
    """The format a signal row belongs to (``ANY`` for the category-wide rows)."""
    if not _row_formats:     # filled in one step: an interrupted fill (a worker's deadline) leaves it empty
        _row_formats.update([(sid, family) for rows in list(formats.SIGNALS.values()) + [formats.ANY_CATEGORY]
                             for sid, _kind, family, _pat in rows])
    return _row_formats.get(signal_id)



def _table(category):
    """Rows (id, kind, format, pattern source) for a category plus the any-category rows."""
    rows = _compiled.get(category)
    if rows is None:
        rows = _compiled[category] = formats.SIGNALS.get(category, formats.TEST) + formats.ANY_CATEGORY
    return rows


def _row_needles(sid, pattern):
    """A row's needles (``logscan.needles``), worked out the first time the row is searched: a
    run's output is searched with the rows of the formats its runner prints, not all ~90."""
    key = (sid, pattern)
    if key not in _needles:
        _needles[key] = formats.NEEDLE_OVERRIDES.get(sid) or logscan.needles(pattern)
    return _needles[key]


def _printed_by():
    """Runner name -> the formats it prints, from the runner declarations (built on first use)."""
    if not _printed:     # filled in one step: an interrupted fill (a worker's deadline) leaves it empty
        printed = dict((spec["name"], spec["prints"]) for spec in runner_specs() if spec["prints"])
        printed.update(READER_PRINTS)
        _printed.update(printed)
    return _printed


def runner_families(runner):
    """The formats ``runner`` prints, or None when it may print any format of its category (a
    package script, make, an extra runner, a tool declared with ``ANY``)."""
    if not runner:
        return None
    printed = _printed_by()
    fams = printed.get(runner)
    if fams is None:
        fams = printed.get(" ".join(runner.split()[:2])) or printed.get(runner.split()[0])
    return None if fams is None or ANY in fams else fams


# ---------------------------------------------------------------------------------------------
# normalisation

_ANSI = LazyRegex(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
_BANNER = LazyRegex(
    r"^(?:> .*|\$ .*|yarn run v[\d.]+|(?:\u2728\s*)?Done in [\d.]+m?s\.?|info Visit https://yarnpkg\.com.*"
    r"|\[stalegreen\].*|npm warn .*|npm notice .*|Shell cwd was reset to .*|Session cwd remains .*)$"
)


def clean(output):
    """Remove ANSI escapes, normalise line ends, keep only what a CR progress line ends showing."""
    if not output:
        return ""
    text = _ANSI.sub("", output) if "\x1b" in output else output
    text = text.replace("\r\n", "\n")
    if "\r" in text:
        text = "\n".join(line.rsplit("\r", 1)[-1] if "\r" in line else line for line in text.split("\n"))
    return text


# Past this size only the head and the tail are read: summaries close a run, and reading every
# signal row over a multi-megabyte log would cost seconds on the hook path. A fail line lost in the
# middle can only matter when the exit status is unknown, and wrapped runs always know it.
MAX_SCAN_CHARS = 256 * 1024
HEAD_CHARS = 32 * 1024
ELIDED = "\n[stalegreen] output elided for reading\n"


def _scannable(text):
    if len(text) <= MAX_SCAN_CHARS:
        return text
    head = text[:HEAD_CHARS]
    tail = text[len(text) - (MAX_SCAN_CHARS - HEAD_CHARS):]
    head = head[:head.rfind("\n") + 1] or head
    cut = tail.find("\n")
    tail = tail[cut + 1:] if cut >= 0 else tail
    return head + ELIDED + tail


ERROR_WORDS = ("error", "\u2716", "problem", "fail", "warning", "exception", "panic", "\u2718")
_PRINTED_COUNT = LazyRegex(r"^\s*(?:[^\d\s]\S*\s+)*(\d+)\s*$")


def search_verdict(category, text, patterns=(), count_only=False, head=None, filtered=False):
    """(verdict, signal) for a typecheck, lint or build run whose exit was hidden and whose own
    output gave no verdict, from what the filter after it printed; None when that says nothing.

    ``patterns``: the grep patterns after the run (``!pat`` when inverted); ``count_only``:
    a ``grep -c`` / ``wc -l`` printed a number; ``head``: lines a ``| head`` kept.
    - a search for error words (or a bare count) that printed 0: pass; a count above 0: fail;
    - typecheck or lint shown through ``| head -N`` (N >= 3) with no fail signal in sight,
      or through a search for error words that matched only lines that are no failure: pass.
    Silence is never a pass: ``black --check -q`` and a grep that found nothing print the same.
    """
    if category == "test":
        return None
    error_search = bool(patterns) and all(_names_errors(p) for p in patterns)
    if filtered and count_only and (error_search or (not patterns and category != "build")):
        count = _printed_count(text)
        if count is not None:
            return ("pass", "count-zero") if count == 0 else ("fail", "count-nonzero")
    if is_silent(text):
        return None
    if category in ("typecheck", "lint"):
        if head is not None and head >= 3 and not filtered:
            return "pass", "head-no-errors"
        if error_search and not count_only:
            return "pass", "grep-no-errors"
    return None


def _names_errors(pattern):
    """Every alternative of a (non-inverted) grep pattern looks for an error word."""
    if pattern.startswith("!"):
        return False
    alternatives = re.split(r"\\?\|", pattern.lower())
    return all(any(word in alternative for word in ERROR_WORDS) for alternative in alternatives)


def _printed_count(text):
    """The number a ``grep -c`` / ``wc -l`` printed last (``errors: 3`` after ``xargs echo``)."""
    for line in reversed(text.split("\n")):
        if line.strip():
            found = _PRINTED_COUNT.match(line)
            return int(found.group(1)) if found else None
    return None


def is_silent(text):
    """True when every line is blank or a package-manager banner (nothing from the tool itself)."""
    for line in text.split("\n"):
        line = line.strip()
        if line and not _BANNER.match(line):
            return False
    return True


# ---------------------------------------------------------------------------------------------
# counts

def _tally(text):
    """pytest-style tallies: "40 passed, 1 failed, 2 skipped" -> counts."""
    counts = {}
    for num, word in re.findall(r"(\d+) (passed|failed|errors?|skipped|deselected|xfailed|todo)\b", text):
        n = int(num)
        if word == "passed":
            counts["passed"] = counts.get("passed", 0) + n
        elif word == "failed":
            counts["failed"] = counts.get("failed", 0) + n
        elif word.startswith("error"):
            counts["errors"] = counts.get("errors", 0) + n
        elif word == "deselected":      # not run by choice: the run covered part of the suite
            counts["deselected"] = counts.get("deselected", 0) + n
        else:
            counts["skipped"] = counts.get("skipped", 0) + n
    return counts


def _c_pytest_banner(m):
    return _tally(m.group(1))


def _c_tally_total(m):
    """jest ``Tests: 1 failed, 40 passed, 41 total``, vitest ``Tests  1 failed | 40 passed (41)``."""
    counts = _tally(m.group(1))
    counts["total"] = int(m.group(2))
    return counts


def _c_mocha(m):
    counts = {"passed": int(m.group(1))}
    if m.group(2):
        counts["failed"] = int(m.group(2))
    return counts


_CARGO = LazyRegex(r"test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored")


def _cargo_counts(text):
    """cargo prints one result line per test binary (unit, integration, doc tests): add them up."""
    totals = None
    for m in _CARGO.finditer(text):
        totals = totals or {"passed": 0, "failed": 0, "skipped": 0}
        totals["passed"] += int(m.group(1))
        totals["failed"] += int(m.group(2))
        totals["skipped"] += int(m.group(3))
    return totals


def _c_nextest(m):
    counts = {"total": int(m.group(1)), "passed": int(m.group(2))}
    if m.group(3):
        counts["failed"] = int(m.group(3))
    if m.group(4):
        counts["skipped"] = int(m.group(4))
    return counts


def _c_rspec(m):
    total, failed, pending = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    counts = {"total": total, "failed": failed, "passed": total - failed - pending}
    if m.group(3):
        counts["skipped"] = pending
    return counts


def _c_minitest(m):
    runs, failed, errors, skips = int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4) or 0)
    counts = {"total": runs, "failed": failed, "errors": errors, "passed": runs - failed - errors - skips}
    if m.group(4):
        counts["skipped"] = skips
    return counts


def _c_phpunit_ok(m):
    n = int(m.group(1))
    return {"passed": n, "total": n, "failed": 0}


def _c_phpunit_tests(m):
    total = int(m.group(1))
    rest = m.group(2)
    failed = re.search(r"Failures: (\d+)", rest)
    errors = re.search(r"Errors: (\d+)", rest)
    skipped = re.search(r"Skipped: (\d+)", rest)
    counts = {"total": total, "failed": int(failed.group(1)) if failed else 0,
              "errors": int(errors.group(1)) if errors else 0}
    counts["passed"] = total - counts["failed"] - counts["errors"]
    if skipped:
        counts["skipped"] = int(skipped.group(1))
        counts["passed"] -= counts["skipped"]
    return counts


def _c_mix(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_unittest(m):
    total = int(m.group(1))
    counts = {"total": total}
    status = m.group(2)
    if status.startswith("OK"):
        counts["passed"] = total
        return counts
    failures = re.search(r"failures=(\d+)", status)
    errors = re.search(r"errors=(\d+)", status)
    counts["failed"] = int(failures.group(1)) if failures else 0
    if errors:
        counts["errors"] = int(errors.group(1))
    return counts


def _c_pass_fail(m):
    return {"passed": int(m.group(1)), "failed": int(m.group(2))}


def _c_playwright_fail(m):
    return {"failed": int(m.group(1)), "passed": int(m.group(2))}


def _c_playwright_pass(m):
    return {"passed": int(m.group(1))}


def _c_dotnet(m):
    return {"failed": int(m.group(1)), "passed": int(m.group(2)), "skipped": int(m.group(3)), "total": int(m.group(4))}


def _c_dotnet_total(m):
    return {"total": int(m.group(1)), "passed": int(m.group(2)), "failed": int(m.group(3))}


def _c_gradle(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_swift(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_ctest(m):
    failed, total = int(m.group(1)), int(m.group(2))
    return {"failed": failed, "total": total, "passed": total - failed}


def _c_jasmine(m):
    total, failed = int(m.group(1)), int(m.group(2))
    return {"total": total, "failed": failed, "passed": total - failed}


def _c_ava(m):
    counts = {"passed": int(m.group(1))}
    if m.group(2):
        counts["failed"] = int(m.group(2))
    return counts


def _c_errors(m):
    return {"errors": int(m.group(1))}


_TEST_COUNTS = [
    (r"^=+ ((?:\d+ [a-z ]+?, )*\d+ [a-z ]+?) in [\d.]+s(?: \([^)\n]*\))? =+[ \t]*$", _c_pytest_banner),
    (r"^((?:\d+ (?:passed|failed|errors?|skipped|deselected|xfailed|xpassed|warnings?|rerun)(?:, )?)+) in [\d.]+s\b", _c_pytest_banner),
    (r"^\s*Tests:\s+((?:\d+ \w+, )*)(\d+) total", _c_tally_total),
    (r"^\s*Tests {2,}((?:\d+ \w+(?: \| )?)+) \((\d+)\)", _c_tally_total),
    (r"^\s*(\d+) passing\b[^\n]*(?:\n(?:[^\n]*\n)*?\s*(\d+) failing)?", _c_mocha),
    ("CARGO", None),
    (r"Summary \[[^\]]*\] (\d+) tests? run: (\d+) passed(?: \(\d+ slow\))?(?:, (\d+) failed)?(?:, (\d+) skipped)?", _c_nextest),
    (r"\b(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?", _c_rspec),
    (r"\b(\d+) runs, \d+ assertions, (\d+) failures, (\d+) errors(?:, (\d+) skips)?", _c_minitest),
    (r"OK \((\d+) tests?, \d+ assertions?\)", _c_phpunit_ok),
    (r"Tests: (\d+), Assertions: \d+((?:, \w+: \d+)*)", _c_phpunit_tests),
    (r"\b(?:\d+ (?:doctests?|properties|property), )*(\d+) tests?, (\d+) failures?\b", _c_mix),
    (r"^Ran (\d+) tests? in [\d.]+s[ \t]*\n[ \t]*\n(OK[^\n]*|FAILED \([^)\n]*\))", _c_unittest),
    (r"^(?:#|\u2139) pass (\d+)[ \t]*\n(?:[^\n]*\n)*?(?:#|\u2139) fail (\d+)", _c_pass_fail),
    (r"^\s*(\d+) pass[ \t]*\n\s*(\d+) fail[ \t]*$", _c_pass_fail),
    (r"^(?:ok|FAILED) \| (\d+) passed(?: \([^)\n]*\))? \| (\d+) failed", _c_pass_fail),
    (r"^\s*(\d+) failed[ \t]*\n(?:[^\n]*\n)*?\s*(\d+) passed \(", _c_playwright_fail),
    (r"^\s*(\d+) passed \([\d.]+m?s\)[ \t]*$", _c_playwright_pass),
    (r"(?:Passed|Failed)!\s+-\s+Failed:\s+(\d+), Passed:\s+(\d+), Skipped:\s+(\d+), Total:\s+(\d+)", _c_dotnet),
    (r"Total tests: (\d+)\. Passed: (\d+)\. Failed: (\d+)", _c_dotnet_total),
    ("MAVEN", None),
    (r"(\d+) tests completed, (\d+) failed", _c_gradle),
    (r"Executed (\d+) tests?, with (\d+) failures?", _c_swift),
    (r"\d+% tests passed, (\d+) tests? failed out of (\d+)", _c_ctest),
    (r"\b(\d+) specs?, (\d+) failures?", _c_jasmine),
    (r"^\s*(\d+) tests? passed[ \t]*$(?:\n\s*(\d+) tests? failed)?", _c_ava),
]

_OTHER_COUNTS = {
    "typecheck": [
        (r"svelte-check found (\d+) errors?", _c_errors),
        (r"\bFound (\d+) errors?\b(?: in \d+ files?| in\b|\.|[ \t]*$)", _c_errors),
        (r"^\s*(\d+) errors?, \d+ warnings?", _c_errors),
    ],
    "lint": [
        (r"\u2716 \d+ problems? \((\d+) errors?", _c_errors),
        (r"Found \d+ warnings? and (\d+) errors?", _c_errors),
        (r"\b(\d+) offenses? detected", _c_errors),
        (r"\bFound (\d+) errors?\b(?: in \d+ files?| in\b|\.|[ \t]*$)", _c_errors),
        (r"^\s*(\d+) errors?, \d+ warnings?", _c_errors),
    ],
    "build": [
        (r"\bFound (\d+) errors?\b(?: in \d+ files?| in\b|\.|[ \t]*$)", _c_errors),
        (r"^\s*(\d+) errors?, \d+ warnings?", _c_errors),
    ],
}

_MAVEN = LazyRegex(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+)(?:, Skipped: (\d+))?")
_compiled_counts = {}


def _count_rows(category):
    rows = _compiled_counts.get(category)
    if rows is None:
        raw = _TEST_COUNTS if category == "test" else _OTHER_COUNTS.get(category, [])
        rows = [(pat, fn, None if pat in _SUMMED else logscan.needles(pat)) for pat, fn in raw]
        _compiled_counts[category] = rows
    return rows


def _maven_counts(text):
    """Maven prints one line per class then a total: the last line is the run's."""
    last = None
    for last in _MAVEN.finditer(text):
        pass
    if last is None:
        return None
    total, failed, errors = int(last.group(1)), int(last.group(2)), int(last.group(3))
    skipped = int(last.group(4) or 0)
    counts = {"total": total, "failed": failed, "errors": errors, "passed": total - failed - errors - skipped}
    if last.group(4) is not None:
        counts["skipped"] = skipped
    return counts


_SUMMED = {"MAVEN": (_maven_counts, "Tests run: "), "CARGO": (_cargo_counts, "test result: ")}


def counts_of(category, text):
    """The first count format of the category that matches the cleaned output, else {}."""
    for pattern, build, row_needles in _count_rows(category):
        if pattern in _SUMMED:
            reader, needle = _SUMMED[pattern]
            found = reader(text) if needle in text else None
            if found is not None:
                return found
            continue
        m = logscan.search(pattern, row_needles, text)
        if m:
            return build(m)
    return {}


# ---------------------------------------------------------------------------------------------
# verdict

_NO_TESTS = LazyRegex(
    r"no tests ran|No tests found|No test files found|collected 0 items|^Ran 0 tests|^\s*0 tests (?:ran|run|executed)", _M
)
_NO_TESTS_NEEDLES = ("no tests ran", "No tests found", "No test files found", "collected 0 items", "Ran 0 tests",
                     "0 tests ")


def find_signals(category, text, runner=None):
    """The first fail, pass and not-run signal ids of the category in the text (None when absent)."""
    families = runner_families(runner)
    found = {"F": None, "P": None, "N": None}
    for sid, kind, family, pattern in _table(category):
        if found[kind] is not None:
            continue
        if families is not None and family != "*" and family not in families:
            continue
        if logscan.search(pattern, _row_needles(sid, pattern), text):
            found[kind] = sid
    return found["F"], found["P"], found["N"]


def _extra_patterns(extra):
    """Compile an extraRunners entry's pass/fail patterns; invalid ones are ignored."""
    result = {}
    for key in ("pass", "fail"):
        pattern = (extra or {}).get(key)
        if isinstance(pattern, str) and pattern:
            try:
                result[key] = re.compile(pattern, _M)
            except re.error:
                pass
    return result


def judge(category, output, exit_code=None, failed_without_number=False, interrupted=False,
          visible=True, filtered=False, runner=None, extra=None):
    """Verdict for one run: dict(verdict=pass|fail|inconclusive, counts, signal)."""
    category = category if category in formats.SIGNALS else "test"
    if isinstance(output, bytes):
        output = output.decode("utf-8", "replace")
    text = clean(_scannable(output or ""))
    counts = counts_of(category, text)

    def result(verdict, signal):
        return {"verdict": verdict, "counts": counts, "signal": signal}

    if interrupted or exit_code in INTERRUPTED_EXITS:
        return result("inconclusive", "interrupted")

    if extra:
        patterns = _extra_patterns(extra)
        if "fail" in patterns and patterns["fail"].search(text):
            return result("fail", "extra-fail")
        if "pass" in patterns and patterns["pass"].search(text):
            if exit_code == 0:
                return result("pass", "extra-pass")
            if exit_code is None and visible and not filtered:
                return result("pass", "summary-only:extra-pass")

    fail_id, pass_id, not_run_id = find_signals(category, text, runner)

    if exit_code is not None and exit_code != 0:
        return result("fail", fail_id or "exit-%d" % exit_code)
    if failed_without_number and exit_code is None:
        return result("fail", fail_id or "exit-nonzero")
    if category == "test":
        if (not_run_id or _NO_TESTS_NEEDLES and logscan.may_match(_NO_TESTS_NEEDLES, text) and _NO_TESTS.search(text)) \
                and not pass_id:
            return result("inconclusive", not_run_id or "no-tests")
    elif not_run_id and not pass_id and not fail_id:
        return result("inconclusive", not_run_id)

    if pass_id and not fail_id and _INTERRUPTED_TEXT.search(text):
        return result("inconclusive", "interrupted")    # a summary printed on the way out of a ^C
    if exit_code is None:
        # without an exit status, a pass needs the runner's own summary: silence proves
        # nothing, and a generic "0 errors" row is not the summary of a runner we know
        if fail_id:
            return result("fail", fail_id)
        if pass_id and _row_format(pass_id) == ANY and runner_families(runner) is not None:
            return result("inconclusive", "exit-unknown")
        if visible and pass_id:
            return result("pass", "summary-only:" + pass_id)
        if filtered and pass_id in formats.TRUSTED_THROUGH_FILTER:
            return result("pass", "summary-line:" + pass_id)
        return result("inconclusive", "exit-unknown")

    # exit 0: output that reports failures contradicts the status (`-pytest` in a Makefile,
    # `jest || true` in a package script)
    if fail_id and pass_id and runner_families(runner) is None:
        return result("inconclusive", "mixed-signals")     # whose formats? not this runner's, maybe
    if fail_id:
        return result("fail", "exit-0-with-" + fail_id)
    if pass_id:
        return result("pass", pass_id)
    if category == "test":
        return result("inconclusive", "no-summary")
    return result("pass", "exit-0")


# ---------------------------------------------------------------- which tests failed

# One line per failing test, as pytest lists them in its short summary (FAILED/ERROR path::name):
# ids that carry both the file and the test's name, so a claim naming either can be matched
# against them. Other runners list titles only, or stop early without saying so (unittest -f).
_FAILED_TEST_LINES = LazyRegex(r"^(?:FAILED|ERROR) (\S+\.py(?:::\S+)?)(?: - .*)?$", _M)
MAX_FAILED_LISTED = 200


_STOPPED_EARLY = LazyRegex(r"^!+ stopping after \d+ failures? !+|^!+ Interrupted: ", _M)


def listed_failures(text):
    """The tests a run's output lists as failed or in error (pytest's ``FAILED`` / ``ERROR`` lines),
    in order, at most ``MAX_FAILED_LISTED`` + 1 of them; complete or not."""
    names = []
    for match in _FAILED_TEST_LINES.finditer(text or ""):
        name = match.group(1)
        if name not in names:
            names.append(name)
        if len(names) > MAX_FAILED_LISTED:
            break
    return names


def failing_tests(text, counts):
    """The tests a run lists as failed or in error, or None when the list is not known to be
    complete (fewer names than the failures its summary counted, no count, too many) or the run
    stopped before the rest of the suite ran (``-x``, ``--maxfail``: the tests after it never did)."""
    if _STOPPED_EARLY.search(text or ""):
        return None
    names = listed_failures(text)
    if len(names) > MAX_FAILED_LISTED:
        return None
    counted = sum(n for n in ((counts or {}).get(k) for k in ("failed", "errors"))
                  if isinstance(n, int) and not isinstance(n, bool))
    if not names or not counted or len(names) < counted:
        return None
    return names
