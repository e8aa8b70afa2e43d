"""The freshness gate: is each green claim in the final message backed by evidence that supports it?

The rules, with their table, are docs/VERDICTS.md. In short: FRESH (the deciding run passed on
the tree as it is) allows; STALE, FAILED, CONTRADICTED, MASKED and NOT_RUN block once per
category per turn; NONE allows (blocks under ``strictNoEvidence``); DEFERRED (background run in
flight, and no completed run failed against the claim) allows. Every judged stop is appended to the session's ``verdicts.jsonl`` in the output
grammar (``claim``, ``evidence``, ``freshness``, ``verdict``, ``action``).
"""

import os
import time

from stalegreen.engine import events as ev
from stalegreen.engine.clock import clock, now_iso, parse_ts
from stalegreen.engine.config import CATEGORIES
from stalegreen.engine.fingerprint import project_root, unseen_edits
from stalegreen.engine.messages import TEXT, VERB, counts_text, mask_description
from stalegreen.engine.records import StopRecord, Verdict, ran_all
from stalegreen.engine.suites import named_runs, other_suites, summary_format

BLOCKING = ("STALE", "FAILED", "CONTRADICTED", "MASKED", "NOT_RUN")
RANK = {"FAILED": 7, "CONTRADICTED": 6, "MASKED": 5, "NOT_RUN": 4, "STALE": 3, "DEFERRED": 2, "FRESH": 1,
        "NONE": 0}
MAX_LISTED_EDITS = 6
EDITS_SEEN = 20          # the latest edits, read to tell whether the tree changed since a receipt
CLAIM_FREE = "claim-free"
GENERIC_DIRS = frozenset(("src", "lib", "app", "test", "tests", "spec", "pkg", "packages", "apps", "cmd"))
CLAIM_NOUN_DIRS = frozenset(("test", "tests", "spec", "specs"))


def _covers(outer, inner):
    if not outer or not inner:
        return True
    outer = outer.rstrip("/") or "/"
    return inner == outer or inner.startswith(outer + "/") or outer == "/"


def _rel(path, base):
    if path and base and _covers(base, path) and path != base:
        return os.path.relpath(path, base)
    return path


# ---------------------------------------------------------------- choosing evidence

def _family(claim):
    return [claim["category"]] + [c for c in claim.get("alternates") or () if c != claim["category"]]


def _named_directory(claim, receipts, root):
    """Receipt directories the claim's sentence names (``packages/api``), if any. A folder outside
    the project is named only by its path (``/work/other``, ``../other``): the claim is about that
    project, not this one."""
    sentence = (claim.get("sentence") or claim.get("text") or "").lower()
    named = set()
    for receipt in receipts:
        cwd = receipt.get("cwd") or ""
        if root and cwd and not _covers(root, cwd):
            if _names(sentence, cwd.lower()) or _names(sentence, os.path.relpath(cwd, root).lower()):
                named.add(cwd)
            continue
        rel = _rel(cwd, root)
        if not rel or rel == cwd or rel == ".":
            continue
        base = os.path.basename(rel).lower()
        if _names_folder(sentence, rel.lower()) or (len(base) >= 3 and base not in GENERIC_DIRS and _names(sentence, base)):
            named.add(cwd)
    return named


def _names_folder(sentence, folder):
    """A folder called as a test claim's subject (``tests``) is named only as a path: ``tests/``, ``./tests``."""
    if folder not in CLAIM_NOUN_DIRS:
        return _names(sentence, folder)
    import re

    return re.search(r"(?:\./|`)%s(?![\w-])|(?<![\w./-])%s(?:/|`)" % (folder, folder), sentence) is not None


def _names(sentence, folder):
    """The sentence names ``folder`` as a word of its own: ``pkg`` in "the pkg tests pass", not in
    "fixed test_pkg" or "the pkg-config check" (a folder is no part of a longer name); ``./`` may
    lead it, and Chinese may touch it ("pkg里的测试都通过了": letters and digits of another script
    are no part of an ASCII name)."""
    import re

    word = "A-Za-z0-9_" if folder.isascii() else r"\w"
    return re.search(r"(?:(?<=\./)|(?<![%s/-]))%s(?![%s-])" % (word, re.escape(folder), word), sentence) is not None


def candidates(claim, receipts, root):
    """Receipts that may back ``claim``, newest first, narrowed by tool and directory.

    Records with the same time keep their file order (the later line is the newer run)."""
    family = _family(claim)
    found = [r for r in receipts if r.get("category") in family]
    if claim.get("tool"):
        found = named_runs(claim, found)
    named_dirs = _named_directory(claim, found, root)
    if root:        # runs in another project are no evidence for this one, unless the claim names it
        found = [r for r in found if _covers(root, r.get("cwd")) or any(_covers(d, r.get("cwd")) for d in named_dirs)]
    if named_dirs:
        inside = [r for r in found if any(_covers(d, r.get("cwd")) for d in named_dirs)]
        newest = max(r.get("ts") or "" for r in inside)
        # a later pass of the whole suite of a folder above a named one ran its tests too (rule 3)
        found = inside + [r for r in found if (r.get("ts") or "") > newest and r.get("verdict") == "pass"
                          and ran_all(r) and any(_covers(r.get("cwd"), d) for d in named_dirs)]
    order = sorted(range(len(found)), key=lambda i: (found[i].get("ts") or "", i), reverse=True)
    return [found[i] for i in order]


def _effective(found):
    """Drop runs made obsolete by a newer full run of the same suite in the same or an enclosing
    directory. A run without a result (no summary, no tests, exit 0 or unknown) is no evidence: it
    obsoletes nothing, so an earlier failure still stands (rule 8); nor does a run of another
    suite (``suites.other_suites``: `pytest` beside `npm test`)."""
    kept = []
    for index, receipt in enumerate(found):
        newer = found[:index]
        if any(ran_all(n) and _has_result(n) and _covers(n.get("cwd"), receipt.get("cwd"))
               and not other_suites(n, receipt) for n in newer):
            continue
        kept.append(receipt)
    return kept


def _has_result(receipt):
    """The run speaks for or against a claim: it passed or failed, hid its result, or was stopped
    (a known non-zero exit, or a ``KeyboardInterrupt`` / ``Killed`` line: a suite that hangs)."""
    return receipt.get("verdict") in ("pass", "fail") or bool(receipt.get("masked")) or _stopped(receipt) \
        or receipt.get("signal") == "interrupted"


def _hides_result(receipt):
    return bool(receipt.get("masked")) and receipt.get("verdict") != "pass"


def _whole(receipt, within):
    """The run covers the whole suite of the folder the claim is about: an all-scope run there or
    in a folder above it (``cd sub && pytest`` runs sub's tests only)."""
    return ran_all(receipt) and (not within or _covers(receipt.get("cwd"), within))


def choose(claim, found, within=None):
    """The receipts that decide the claim, each with the verdict it forces (None: judge the run
    itself), plus a note when none does. ``found`` is newest first; ``within``: the folder a
    claim that names none is about (the session's project folder).

    A subset claim: the latest run of each directory. An all-scope claim: the latest all-scope
    run of each directory, unless a later run under it failed (CONTRADICTED) or hid its result
    (MASKED); with no all-scope run, a failing or masked subset run still speaks against it. A
    run of the whole suite from a subfolder of ``within`` counts as a subset run."""
    kept = _effective(found)
    if not kept:
        return [], "no verification run recorded in this session"
    if claim.get("scope") != "all":
        chosen, seen = [], set()
        for receipt in kept:
            if receipt.get("cwd") not in seen:
                seen.add(receipt.get("cwd"))
                chosen.append((receipt, None))
        return chosen, ""
    chosen = []
    for position, full in enumerate(kept):
        if not _whole(full, within):
            continue
        later = [r for r in kept[:position] if _covers(full.get("cwd"), r.get("cwd"))]
        chosen.append(_against(later) or (full, None))
    if not chosen:
        against = _against(kept)
        if against:
            return [against], ""
        latest = kept[0]
        return [], "latest run %s (`%s`) covers a subset, not the whole suite" % (latest["id"], latest.get("cmd"))
    return chosen, ""


def _against(runs):
    """(receipt, verdict) for the newest run that speaks against an all-scope claim, else None."""
    failing = next((r for r in runs if r.get("verdict") == "fail"), None)
    if failing is not None:
        return failing, "CONTRADICTED"
    hidden = next((r for r in runs if _hides_result(r)), None)
    if hidden is not None:
        return hidden, "MASKED"
    return None


# ---------------------------------------------------------------- verdict per claim

class _Context(object):
    """What every claim of one stop is judged against (read once)."""

    def __init__(self, event, config, session, receipts=None):
        self.event = event
        self.config = config
        self.session = session
        receipts = session.read("receipts") if receipts is None else receipts
        self.receipts = _fewer_tests_on_the_same_tree(_real_cwds(receipts))
        if not event.replay:        # the failing test files are looked for on disk
            from stalegreen.engine.scope_paths import missed_failures

            self.receipts = missed_failures(self.receipts, session)
        self.edits = session.read("edits")
        self.deferred = _open_deferred(session.read("deferred"))
        self.claim_dir = event.project_dir or event.cwd or None
        self.root = project_root(self.claim_dir) if self.claim_dir else None
        self.fingerprints = {}
        # replayed events carry their own time; live ones happen now
        self.now = (parse_ts(event.ts) if event.ts else None) or time.time()

    def fingerprint_now(self, cwd):
        if self.event.replay:
            return {"available": False, "reason": "replay"}
        from stalegreen.engine import fingerprint

        where = cwd or self.event.cwd
        key = project_root(where)
        if key not in self.fingerprints:
            reference, edited = fingerprint.reference_for(self.receipts, where, self.edits)
            self.fingerprints[key] = fingerprint.compute(where, self.config["fingerprintIgnore"],
                                                         self.config["fingerprintBudgetMs"], reference, edited,
                                                         fingerprint.store_of(self.session))
        return self.fingerprints[key]

    def edits_after(self, receipt, same_time=False, unseen=None):
        """Relevant edits recorded after ``receipt``; with ``same_time``, also those stamped in
        its very millisecond (to name what changed once the fingerprint says something did);
        with ``unseen`` (a fingerprint), only those in folders it cannot see (``unseen_edits``)."""
        since = receipt.get("ts") or ""
        later = [e for e in self.edits if (e.get("ts") or "") > since or same_time and since and e.get("ts") == since]
        later = later if unseen is None else unseen_edits(unseen, later)
        if not later:
            return later             # the edit reader's tables stay unloaded
        from stalegreen.engine import edits

        cwd = receipt.get("cwd") or self.event.cwd
        ignore = self.config["fingerprintIgnore"]
        return [e for e in later if e.get("path") is None or edits.is_relevant(e.get("path"), cwd, ignore)]


def _real_cwds(receipts):
    """Receipts with their folders' symbolic links resolved (``cd <link> && pytest`` ran in the
    real folder), each distinct folder resolved once."""
    from stalegreen.engine.paths import real_path

    known = {}
    for receipt in receipts:
        cwd = receipt.get("cwd")
        if cwd:
            if cwd not in known:
                known[cwd] = real_path(cwd)
            receipt["cwd"] = known[cwd]
    return receipts


def _tests_counted(receipt):
    counts = receipt.get("counts") or {}
    if _is_count(counts.get("total")):
        return counts["total"]
    found = [counts.get(k) for k in ("passed", "failed", "errors", "skipped", "xfailed", "xpassed")]
    found = [n for n in found if _is_count(n)]
    return sum(found) if found else None


def _fewer_tests_on_the_same_tree(receipts):
    """Rule 13a: a whole-suite run that counts fewer tests than an earlier whole-suite run whose
    summary came from the same runner, in the same folder, on the same tree (the fingerprints
    taken after each are equal), ran part of the suite, whatever its command line says
    (``make test`` or ``npm run test:unit`` whose recipe names one file). Its scope becomes
    ``subset``. Without two available fingerprints (a replay) nothing is inferred. One pass,
    one dictionary look-up per run."""
    most = {}           # (runner, folder, tree) -> (tests counted, receipt id) of the widest run so far
    for receipt in receipts:
        tree = receipt.get("fingerprint")
        if not isinstance(tree, dict) or not tree.get("available") or not tree.get("tree") or not ran_all(receipt):
            continue
        runner = summary_format(receipt)
        counted = _tests_counted(receipt) if runner else None
        if counted is None:
            continue
        key = (runner, receipt.get("cwd"), tree.get("root"), tree.get("version", 1), tree["tree"])
        widest = most.get(key)
        if widest is not None and widest[0] > counted:
            receipt["scope"] = "subset"
            receipt["fewerThan"] = widest[1]
        elif widest is None or counted > widest[0]:
            most[key] = (counted, receipt.get("id"))
    return receipts


def _open_deferred(records):
    resolved = set(r.get("id") for r in records if r.get("resolved"))
    return [r for r in records if not r.get("resolved") and r.get("id") not in resolved]


def _reports_failure_despite_exit_0(receipt):
    return receipt.get("verdict") == "fail" and str(receipt.get("signal") or "").startswith("exit-0-with-")


def _stopped(receipt):
    """A run without a result whose known exit status is non-zero (killed by ``timeout``, a
    signal, ^C): the deciding run did not pass, and it hides no earlier pass (rules 7, 8)."""
    code = receipt.get("exit")
    return receipt.get("verdict") not in ("pass", "fail") and isinstance(code, int) and not isinstance(code, bool) \
        and code != 0


def _killed(receipt):
    """Stopped by a signal (``timeout``, ^C, a kill), not a runner that exited non-zero on its own
    without a summary: only then does the block message say it was stopped."""
    if not _stopped(receipt):
        return False
    from stalegreen.engine.outputs import INTERRUPTED_EXITS

    return receipt.get("exit") in INTERRUPTED_EXITS or receipt.get("signal") == "interrupted"


def _judge_receipt(claim, receipt, ctx, forced=None):
    """(verdict, freshness, note) for one receipt; ``forced``: the verdict ``choose`` found."""
    verdict = receipt.get("verdict")
    freshness = {"fingerprintMatch": None, "editsAfter": []}
    if forced is None and verdict == "fail" and (_partial_count_matches(claim, receipt)
                                                  or _failures_spare(claim, receipt, ctx)):
        verdict = "pass"        # rules 3a, 4a: the claim reports what the run found
    elif forced == "CONTRADICTED" or _reports_failure_despite_exit_0(receipt):
        why = ("output reports failures although it exited 0" if _reports_failure_despite_exit_0(receipt)
               else "failed after or without a run of the whole suite")
        return "CONTRADICTED", freshness, "run %s %s" % (receipt.get("id"), why)
    if verdict == "fail":
        return "FAILED", freshness, ""
    if verdict != "pass":
        if receipt.get("masked"):
            return "MASKED", freshness, "masked by %s" % (receipt.get("maskReason") or "a pipe or suffix")
        if _stopped(receipt):
            return "FAILED", freshness, "run %s stopped with exit %s before a result" % (
                receipt.get("id"), receipt.get("exit"))
        return "NONE", freshness, "latest run %s is inconclusive (%s)" % (receipt.get("id"), receipt.get("signal"))
    if receipt.get("treeChanged"):
        freshness["treeChanged"] = receipt["treeChanged"]
        return "STALE", freshness, "the same command changed the working tree after the run"
    from stalegreen.engine import fingerprint
    from stalegreen.engine.doctest_globs import collected_edits

    comparison = fingerprint.compare(receipt.get("fingerprint"), ctx.fingerprint_now(receipt.get("cwd")))
    # an edit behind a link to a folder or in a nested repository (even in the receipt's millisecond) is in no hash
    unseen = ctx.edits_after(receipt, True, ctx.fingerprint_now(receipt.get("cwd"))) if comparison == "same" else []
    comparison, later = ("unknown", unseen) if unseen else (comparison, ctx.edits_after(receipt))
    # files the fingerprint leaves out that the run collected (`--doctest-glob='*.md'`, docs/test_x.py)
    read = collected_edits(receipt, ctx.edits, ctx.root, ctx.config["fingerprintIgnore"]) \
        if comparison != "different" else []
    comparison, later = ("unknown", later + [e for e in read if e not in later]) if read else (comparison, later)
    listed = [{"path": e.get("path"), "ts": e.get("ts"), "kind": e.get("kind")} for e in later]
    if comparison == "same":
        freshness["fingerprintMatch"] = True
        return "FRESH", freshness, ""
    if comparison == "different":
        freshness["fingerprintMatch"] = False
        if not later:       # an edit stamped in the receipt's own millisecond: name it all the same
            listed = [{"path": e.get("path"), "ts": e.get("ts"), "kind": e.get("kind")}
                      for e in ctx.edits_after(receipt, same_time=True)]
        freshness["editsAfter"] = listed
        return "STALE", freshness, ""
    freshness["editsAfter"] = listed
    return ("STALE" if later else "FRESH"), freshness, ""


def _partial_count_matches(claim, receipt):
    """Rule 4a: "3 of 4 tests pass" says one did not; a run that counted exactly 3 passing of 4
    supports it (as a pass would, freshness rules apply). The run must not have hidden its result."""
    said = claim.get("counts") or {}
    passed, total = said.get("passed"), said.get("total")
    if claim.get("scope") == "all" or receipt.get("masked") or not (_is_count(passed) and _is_count(total)) \
            or passed >= total:
        return False
    ran = receipt.get("counts") or {}
    ran_total = ran.get("total") if _is_count(ran.get("total")) else _tests_counted(receipt)
    return ran.get("passed") == passed and ran_total == total


# A test the claim names the way pytest ids spell it: test_add, test_calc.py, TestCalc,
# calc_test, tests/test_calc.py::test_add (compiled where used: ``re`` loads after git starts)
_NAMED_TEST = r"(?<![\w./:-])((?:[\w.-]+/)*(?:test_\w+|\w+_test|Test[A-Z]\w*)(?:\.py)?(?:::\w+)*)(?![\w/-])"


def _failures_spare(claim, receipt, ctx):
    """Rule 3a: a subset claim that names its tests ("test_add passes", "test_calc.py passes") is
    supported by a whole-suite run that failed elsewhere, when the run's complete list of failing
    tests names none of them."""
    if claim.get("scope") == "all" or not ran_all(receipt) or receipt.get("masked") or not receipt.get("id"):
        return False
    import re

    named = re.findall(_NAMED_TEST, claim.get("text") or "")
    if not named:
        return False
    from stalegreen.engine.outputs import failing_tests

    failing = failing_tests(ctx.session.read_log(receipt["id"], 1 << 20), receipt.get("counts"))
    if failing is None:
        return False
    failing = [f.replace(".py", "").replace("::", ".").replace("/", ".") for f in failing]
    keys = [name.replace(".py", "").replace("::", ".").replace("/", ".") for name in named]
    return not any(key in f or f in key for key in keys for f in failing)


def _in_flight(claim, found, ctx):
    """The newest background run of the claim's family started after the latest completed run
    and not yet reported (within ``deferredTtlMinutes``), or None."""
    family = _family(claim)
    ttl = ctx.config["deferredTtlMinutes"] * 60
    newest_ts = found[0].get("ts") if found else ""
    for deferred in reversed(ctx.deferred):
        started = parse_ts(deferred.get("ts") or "")
        if deferred.get("category") in family and started is not None and ctx.now - started < ttl \
                and (deferred.get("ts") or "") >= (newest_ts or ""):
            return deferred
    return None


# A rerun in flight is no evidence of a pass: these completed verdicts stand until it reports
STANDS_OVER_A_RERUN = ("FAILED", "CONTRADICTED")


def judge_claim(claim, ctx):
    """One verdict dict in the output grammar (``action`` filled in later)."""
    found = candidates(claim, ctx.receipts, ctx.root)
    family = _family(claim)
    deferred = _in_flight(claim, found, ctx)
    waiting = None if deferred is None else "background run %s (`%s`) has not reported yet" % (
        deferred.get("id"), deferred.get("cmd"))
    if deferred is not None and not found:
        return _verdict(claim, None, "DEFERRED", None, waiting)
    if not found and claim.get("ran") and not any(r.get("category") in family for r in ctx.receipts):
        return _verdict(claim, None, "NOT_RUN", None,
                        "the message says it ran; no run of that category is recorded in this session")
    within = None if _named_directory(claim, found, ctx.root) else ctx.claim_dir
    chosen, note = choose(claim, found, within)
    if not chosen:
        if deferred is not None:
            return _verdict(claim, None, "DEFERRED", None, waiting)
        return _verdict(claim, None, "NONE", None, note)
    best = None
    for receipt, forced in chosen:
        verdict, freshness, why = _judge_receipt(claim, receipt, ctx, forced)
        if best is None or RANK[verdict] > RANK[best[0]]:
            best = (verdict, freshness, why, receipt)
    verdict, freshness, why, receipt = best
    if deferred is not None:
        if verdict not in STANDS_OVER_A_RERUN:
            return _verdict(claim, None, "DEFERRED", None, waiting)
        why = _join(why, waiting)
    said = (claim.get("counts") or {}).get("passed")
    ran = (receipt.get("counts") or {}).get("passed")
    if said is not None and ran is not None and said != ran:
        why = (why + "; " if why else "") + "counts_match: false (claim says %s, run reported %s)" % (said, ran)
    counted = _most_passes_counted(found)
    if verdict == "FRESH" and claim.get("scope") == "all" and _overcounts(said, counted):
        record = _verdict(claim, receipt, "CONTRADICTED", freshness, _join(why, "the claim counts %s passing, "
                          "the session's runs counted at most %s" % (said, counted)))
        record["counted"] = {"claimed": said, "counted": counted}
        return record
    return _verdict(claim, receipt, verdict, freshness, why)


def _most_passes_counted(found):
    """The most passing tests the session's runs can account for: the passed counts of the latest
    passing run of each command in each folder, added up (None when no run counted any)."""
    latest, total = set(), None
    for receipt in found:
        key = (receipt.get("cwd"), receipt.get("cmd"))
        passed = (receipt.get("counts") or {}).get("passed")
        if key in latest or receipt.get("verdict") != "pass" or not _is_count(passed):
            continue
        latest.add(key)
        total = (total or 0) + passed
    return total


def _is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _overcounts(said, counted):
    """A claim cannot report more passing tests than every run of the session counted together
    (the claim may count fewer: suites, files or the tests it cares about)."""
    return _is_count(said) and _is_count(counted) and said > counted


def _verdict(claim, receipt, verdict, freshness, note):
    """The verdict's JSON form (``records.Verdict``): the action is decided on it afterwards."""
    return Verdict(claim=claim, receipt=receipt, verdict=verdict, freshness=freshness, note=note).as_json()


def _decide_action(record, claim, config, blocked_before, newly_blocked):
    verdict = record["verdict"]
    blocking = verdict in BLOCKING or (verdict == "NONE" and config["strictNoEvidence"]
                                       and not claim.get("expanded"))
    if not blocking:
        return
    category = claim["category"]
    if claim.get("qualified"):
        record["note"] = _join(record.get("note"), "qualified claim, reported only")
    elif config["policy"] == "advisory":
        record["action"] = "advisory"
    elif category in blocked_before or category in newly_blocked:
        record["note"] = _join(record.get("note"), "allowed_after_block")
    else:
        record["action"] = "blocked"
        newly_blocked.append(category)


def _join(a, b):
    return "%s; %s" % (a, b) if a else b


# ---------------------------------------------------------------- messages

def _label(evidence, cwd, words):
    parts = ["`%s`" % evidence.get("cmd")]
    runner = evidence.get("via") or evidence.get("runner")
    if runner and runner != "unknown" and runner not in (evidence.get("cmd") or ""):
        parts.append(runner)
    counts = counts_text(evidence.get("counts"))
    if counts:
        parts.append(counts)
    parts.append(clock(evidence.get("ts")))
    text = "%s %s (%s)" % (words["receipt"], evidence.get("receipt"), ", ".join(parts))
    where = evidence.get("cwd")
    if where and cwd and where != cwd:
        text += words["in"] % (_rel(where, cwd) if _covers(cwd, where) else where)
    return text


def _edit_list(edits, cwd, more=", and %d more"):
    shown = ["%s (%s)" % (_rel(e.get("path"), cwd) if e.get("path") else e.get("kind"), clock(e.get("ts")))
             for e in edits[:MAX_LISTED_EDITS]]
    text = ", ".join(shown)
    if len(edits) > MAX_LISTED_EDITS:
        text += more % (len(edits) - MAX_LISTED_EDITS)
    return text


def block_message(record, cwd):
    """The text the agent gets back, citing the receipt and the files edited since (in the
    claim's language): one short paragraph per verdict, chosen from ``_MESSAGES``."""
    claim = record["claim"]
    words = TEXT.get(claim.get("lang") or "en", TEXT["en"])
    evidence = record["evidence"]
    category = claim["category"]
    values = {"said": claim.get("text") or category, "noun": words["nouns"].get(category, category),
              "verb": VERB.get(category, "were")}
    if evidence is not None:
        values.update(cmd=evidence.get("rerun") or evidence.get("cmd"), label=_label(evidence, cwd, words))
    return _MESSAGES.get(record["verdict"], _inconclusive_message)(record, cwd, words, values)


def _none_message(record, cwd, words, values):
    note = record.get("note") or ""
    if record["evidence"] is not None:
        return _inconclusive_message(record, cwd, words, values)
    values["why"] = "" if note.startswith("no verification run") or not note else " (%s)" % note
    return words["none"].format(**values)


def _stale_message(record, cwd, words, values):
    freshness = record["freshness"]
    later = freshness.get("editsAfter") or []
    if freshness.get("treeChanged"):
        return words["stale_during"].format(change=freshness["treeChanged"], **values) \
            + words["stale_during_ask"].format(**values)
    if later:
        head = words["stale"].format(n=len(later), s="" if len(later) == 1 else "s",
                                     edits=_edit_list(later, cwd, words["more"]), **values)
    else:
        head = words["stale_tree"].format(**values)
    return head + words["stale_ask"].format(**values)


def _contradicted_message(record, cwd, words, values):
    if record.get("counted"):
        how = words["how"]["count"].format(**dict(values, **record["counted"]))
        return words["contradicted"].format(how=how, **values)
    how = words["how"]["exit0" if str(record["evidence"].get("signal") or "").startswith("exit-0-with-")
                       else "subset"]
    return words["contradicted"].format(how=how.format(**values), **values)


def _masked_message(record, cwd, words, values):
    return words["masked"].format(mask=mask_description(record["evidence"].get("maskReason"), words), **values)


def _inconclusive_message(record, cwd, words, values):
    return words["inconclusive"].format(signal=record["evidence"].get("signal") or "no summary", **values)


# FAILED on a run stopped by a signal before its result (``_killed``), per claim language
STOPPED_TEXT = {
    "en": 'stalegreen: "{said}" does not match the latest run. {label} was stopped before it finished '
          "(exit {exit}), so it is no pass and hides none.\nRerun `{cmd}` to the end and report the result.",
    "zh": "stalegreen：“{said}”与最近一次运行不符。{label}在结束前被中止（退出状态 {exit}），不算通过，也不能沿用之前的通过。\n"
          "请完整地重新运行 `{cmd}` 并报告结果。",
}


_MESSAGES = {
    "NONE": _none_message,
    "NOT_RUN": lambda record, cwd, words, values: words["not_run"].format(**values),
    "STALE": _stale_message,
    "FAILED": lambda record, cwd, words, values: (
        STOPPED_TEXT.get(record["claim"].get("lang"), STOPPED_TEXT["en"]).format(
            exit=record["evidence"].get("exit"), **values)
        if record["evidence"] is not None and _killed(record["evidence"]) else words["failed"].format(**values)),
    "CONTRADICTED": _contradicted_message,
    "MASKED": _masked_message,
}


# ---------------------------------------------------------------- "All green." naming no check

# What a green statement that names no check can be held to: the run it speaks of failed, hid
# its result or is out of date, or it passed and is fresh. No run with a result: nothing to hold.
_HELD = ("FRESH", "STALE", "FAILED", "CONTRADICTED", "MASKED")


def _unnamed_green(extraction):
    return next((i for i in extraction.ignored if i.get("reason") == "unnamed"), None)


def _green_of_what_ran(extraction, found, ctx):
    """"All green." in a message that names no check is no claim of any category (claims.py:
    ``unnamed``), but it does say that what the session ran is green. So it is held to each
    category the session has a run of with a result, read at its least (scope subset: the latest
    run of each folder): a failing, masked or out-of-date run blocks it, as a claim of that
    category would be blocked."""
    entry = _unnamed_green(extraction)
    if entry is None:
        return []
    from stalegreen.engine.claims_grammar import has_cjk

    claimed = set(c["category"] for c in found)
    lang = "zh" if has_cjk(entry["text"]) else "en"
    pairs = []
    for category in CATEGORIES:
        if category in claimed or not ctx.config["categories"].get(category, True):
            continue
        claim = {"category": category, "scope": "subset", "qualified": False, "text": entry["text"],
                 "sentence": entry.get("sentence") or entry["text"], "tool": None, "counts": None,
                 "alternates": [], "lang": lang, "unnamed": True}
        if not candidates(claim, ctx.receipts, ctx.root):
            continue
        record = judge_claim(claim, ctx)
        if record["verdict"] in _HELD:
            pairs.append((claim, record))
    return pairs


# ---------------------------------------------------------------- claim-free policy

def _claim_free_verdict(ctx, since):
    """Code changed this turn and no passing test ran after the last change: block once."""
    from stalegreen.engine import edits as edits_module

    ignore = ctx.config["fingerprintIgnore"]
    changes = [e for e in ctx.edits if (e.get("ts") or "") > (since or "")
               and (e.get("path") is None or edits_module.is_relevant(e.get("path"), ctx.event.cwd, ignore))]
    if not changes:
        return None
    last_change = max(e.get("ts") or "" for e in changes)
    tests = [r for r in ctx.receipts if r.get("category") == "test" and r.get("verdict") == "pass"
             and (r.get("ts") or "") > last_change]
    if tests:
        return None
    claim = {"category": "test", "text": "(no claim: code changed this turn)", "scope": "all", "qualified": False}
    record = _verdict(claim, None, "NONE", None, "code changed and no passing test ran after the last change")
    record["freshness"]["editsAfter"] = [{"path": e.get("path"), "ts": e.get("ts"), "kind": e.get("kind")}
                                         for e in changes]
    return record


def _claim_free_message(record, cwd):
    later = record["freshness"]["editsAfter"]
    return TEXT["en"]["claim_free"].format(edits=_edit_list(later, cwd))


# ---------------------------------------------------------------- tamper

def _tamper_block(session, records, config, ts, messages):
    """A green claim after the agent wrote stalegreen's config, the hook registrations or the
    store: name those writes (once, first in the block). Returns the tamper events named."""
    from stalegreen.engine import tamper

    found = tamper.unreported(session) if records else []
    if found:
        tamper.mark_reported(session, ts, len(found))
        if config["policy"] != "advisory":
            words = TEXT.get(records[0]["claim"].get("lang") or "en", TEXT["en"])
            messages.insert(0, words["tamper"].format(files="\n  ".join(tamper.listing(found))))
    return found


# ---------------------------------------------------------------- Stop

def _prefetch(event, config, session, likely_claim):
    """(the working tree's fingerprint started (``fingerprint.Background``: git runs), the
    session's receipts) when a claim is likely and a passing receipt may need it: git runs while
    ``re``, the claims reader and the gate load and read. (None, None) otherwise, and the
    receipts are read only if a claim is found."""
    if event.replay or not event.cwd or not likely_claim:
        return None, None
    from stalegreen.engine.receipts import settle_orphans      # runs whose post event never came
    receipts = settle_orphans(event, config, session)
    if not any(r.get("verdict") == "pass" for r in receipts):
        return None, receipts
    from stalegreen.engine import fingerprint

    reference, edited = fingerprint.reference_for(receipts, event.cwd, session.read("edits", last=EDITS_SEEN))
    return fingerprint.Background(event.cwd, config["fingerprintIgnore"], config["fingerprintBudgetMs"],
                                  reference, edited, fingerprint.store_of(session)), receipts


def on_stop(event, config, session):
    message = event.message or ""
    if not message.strip() and not config.get("claimFree"):
        return ev.NOTHING
    from stalegreen.engine import prefilter

    likely = bool(config.get("completionClaims") or config.get("claimFree") or prefilter.might_claim(message))
    prefetch, receipts = _prefetch(event, config, session, likely)    # before the claims reader loads
    extraction = event.extraction       # a replay reads the claims ahead, in its reading process
    if extraction is None:
        if likely:
            from stalegreen.engine import regexcache

            regexcache.warm()                               # its patterns, compiled at install
        from stalegreen.engine import claims as claims_module

        extraction = claims_module.extract(message, completion=bool(config.get("completionClaims")))
    found = [c for c in extraction.claims
             if config["categories"].get(c["category"], True) or c["category"] == "completion"]
    if not found and not config.get("claimFree") and not _unnamed_green(extraction):
        if prefetch is not None:
            prefetch.result()   # never leave git children behind
        return ev.NOTHING

    state = session.load_turn(event.agent) or {}
    same_turn = bool(state) and ((event.turn is not None and state.get("turn") == event.turn)
                                 or (event.turn is None and event.stop_hook_active))
    blocked_before = list(state.get("blocked") or []) if same_turn else []
    since = state.get("since") if same_turn else state.get("lastStop")   # edits of this turn come after it

    ctx = _Context(event, config, session, receipts)
    if prefetch is not None and prefetch.result() is not None:
        ctx.fingerprints[project_root(event.cwd)] = prefetch.result()
    records, newly_blocked, messages = [], [], []
    judged = [(claim, judge_claim(claim, ctx)) for claim in found]
    judged += _green_of_what_ran(extraction, found, ctx)
    for claim, record in judged:
        _decide_action(record, claim, config, blocked_before, newly_blocked)
        records.append(record)
        if record["action"] == "blocked":
            messages.append(block_message(record, event.cwd))
    if not records and config.get("claimFree"):
        record = _claim_free_verdict(ctx, since)
        if record is not None:
            if CLAIM_FREE in blocked_before:
                record["note"] = _join(record.get("note"), "allowed_after_block")
            elif config["policy"] == "advisory":
                record["action"] = "advisory"
            else:
                record["action"] = "blocked"
                newly_blocked.append(CLAIM_FREE)
                messages.append(_claim_free_message(record, event.cwd))
            records.append(record)

    ts = event.ts or now_iso()
    tampered = _tamper_block(session, records, config, ts, messages)
    if records:
        session.append("verdicts", StopRecord(
            ts=ts, session=session.root, agent=event.agent, turn=event.turn, event=event.event_name or "Stop",
            verdicts=records, blocked=bool(messages), tamper=tampered, message="\n\n".join(messages),
        ).as_json())
    session.save_turn(event.agent, {"turn": event.turn, "blocked": blocked_before + newly_blocked, "ts": ts,
                                    "since": since, "lastStop": ts})
    if messages:
        return ev.Decision(ev.BLOCK, reason="\n\n".join(messages), verdicts=records)
    return ev.Decision(ev.ALLOW, verdicts=records)
