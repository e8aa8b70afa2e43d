# -*- coding: utf-8 -*-
"""Clauses of a sentence, and the tense and run words the claims grammar decides per clause.

A sentence is cut twice:

- into *segments* at strong boundaries: a semicolon, or a contrastive conjunction (but, while,
  whereas, although, though, yet, however; 但/但是/不过/可是/然而/而/倒是, and the clause a
  leading "although"/虽然 opens). Modality (hedge, relay) is decided per segment, so "I'm not
  sure why, but the tests pass" is a claim and "the build fails, but the unit tests pass" keeps
  the test claim;
- into *clauses* at weak boundaries too (commas, dashes). A failure word negates the claims of
  its own clause, and of another clause only when that clause is about the same category or
  names nothing ("40 passed, 1 failed"); "the Docker image builds, while the smoke tests fail"
  keeps the build claim. A failure in a past clause ("Before the fix 3 tests failed; now all 45
  pass") negates nothing.

Tense: a clause with a past marker ("before my change", "yesterday", "on the first run", 修改前,
上周) and no present marker ("now", "after the fix", 现在) states a past result, not a claim. A
not-rerun disclosure ("I haven't rerun it after the refactor", 没有重新运行) makes earlier
results stale. A run verb ("I ran", "reran", 跑了) says the result comes from a run just made.
The words are data in ``lexicon``; this module only cuts and looks them up.
"""

import bisect
import re

from stalegreen.engine import lexicon
from stalegreen.engine.lazyregex import LazyRegex

_STRONG = None
_WEAK = None
_EXCEPTION = None


class Clause(object):
    """One clause: ``lo``/``hi`` offsets in the sentence, ``segment``, the index of the strong
    segment it belongs to, and ``exception``: whether that segment is an exception ("except
    `test_x`, which needs network access"): its relays and hedges are its own, and it makes the
    claim qualified; a failure it reports still counts."""

    __slots__ = ("lo", "hi", "segment", "exception", "marked")

    def __init__(self, lo, hi, segment, exception=False, marked=False):
        self.lo, self.hi, self.segment, self.exception = lo, hi, segment, exception
        self.marked = marked    # an item of a row of status marks (``claims_marks.items``)

    def __repr__(self):
        return "Clause(%d, %d, segment=%d)" % (self.lo, self.hi, self.segment)


def _patterns():
    global _STRONG, _WEAK, _EXCEPTION
    if _STRONG is None:     # set last: an interrupted first call (a worker's deadline) compiles all again
        _EXCEPTION = re.compile(lexicon.pattern("exception"), re.I)
        _WEAK = re.compile(u",\\s|\uff0c|:\\s(?!\\d|none\\b|zero\\b)|\uff1a(?!\\s*\\d)|\\s[\u2014\u2013]\\s|\\s--\\s|\u2014\u2014"
                           # "1 flaky (timeout) otherwise all pass": "otherwise" opens a clause, comma or not
                           u"|\\s(?=otherwise\\s)")
        _STRONG = re.compile(lexicon.pattern("contrast"), re.I)
    return _STRONG, _WEAK


def split(sentence):
    """The clauses of ``sentence`` in order (every character belongs to one)."""
    strong, weak = _patterns()
    cuts = set()
    strong_cuts = set()
    for m in (strong.finditer(sentence) if lexicon.may_match("contrast", sentence) else ()):
        if m.start() > 0:
            cuts.add(m.start())
            strong_cuts.add(m.start())
        if m.group(0).strip().lower() in lexicon.OPENERS:
            # "Although the tests fail, the bundle builds": the leading clause ends at its comma
            comma = weak.search(sentence, m.end())
            if comma:
                cuts.add(comma.start())
                strong_cuts.add(comma.start())
    exceptions = set()
    for m in (_EXCEPTION.finditer(sentence) if lexicon.may_match("exception", sentence) else ()):
        if m.start() > 0:
            cuts.add(m.start())
            strong_cuts.add(m.start())
            exceptions.add(m.start())
    for m in weak.finditer(sentence):
        if m.start() > 0:
            cuts.add(m.start())
    if not _MARK_FIRST.match(sentence) and (u"\u00b7" in sentence or u"\u2022" in sentence or u"\u30fb" in sentence):
        # a middle dot between items is a comma ("tsc \u2705 \u00b7 eslint \u26a0\ufe0f \u6ca1\u8dd1 \u00b7 build \u2705"), save in a
        # row of marks that lead their items ("\U0001f7e2 compile \u00b7 \U0001f534 unit tests"), read item by item
        cuts.update(m.start() for m in _MIDDLE_DOT.finditer(sentence) if m.start() > 0)
    if len(_ANY_MARK.findall(sentence)) == 1 and _MARK_AFTER.search(sentence) and not _MARK_FIRST.match(sentence):
        # one status mark, after its item, ends the item: "lint ✓ 其它没跑" (a row of marks is read
        # item by item elsewhere; a sentence opening with a mark has it lead its item; an aside in
        # brackets after the mark is the mark's: "✅ (before rebase)")
        cuts.add(_MARK_AFTER.search(sentence).end())
    clauses = []
    lo = 0
    segment = 0
    exception = False
    for cut in sorted(cuts):
        if cut <= lo:
            continue
        clauses.append(Clause(lo, cut, segment, exception))
        if cut in strong_cuts:
            segment += 1
            exception = cut in exceptions
        lo = cut
    clauses.append(Clause(lo, len(sentence), segment, exception))
    return clauses


_MARK_AFTER = re.compile(u"(?<=\\S)\\s*[" + lexicon.STATUS_MARKS + u"]\ufe0f?(?=\\s+[^\\s(\\[\uff08\u3010" + lexicon.STATUS_MARKS + u"])")
_MIDDLE_DOT = re.compile(u"\\s?[\u00b7\u2022\u30fb]\\s")
_ANY_MARK = re.compile(u"[" + lexicon.STATUS_MARKS + u"]")
_MARK_FIRST = re.compile(u"^[\\W_]*?[" + lexicon.STATUS_MARKS + u"]")


def exception_after(sentence, lo, hi):
    """The first exception wording ("except", "apart from") in ``sentence[lo:hi]``, or None."""
    _patterns()
    return _EXCEPTION.search(sentence, lo, hi) if lexicon.may_match("exception", sentence) else None


def index_at(starts, position):
    """The index of the clause holding ``position`` (``starts``: the clauses' ``lo`` in order)."""
    return max(0, min(len(starts) - 1, bisect.bisect_right(starts, position) - 1))


def segment_text(sentence, clauses, segment):
    """The text of a strong segment."""
    inside = [c for c in clauses if c.segment == segment]
    return sentence[inside[0].lo:inside[-1].hi] if inside else ""


def is_past(text):
    """A past result: a past marker and no present one ("The build was green yesterday")."""
    return bool(lexicon.search("past", text)) and not lexicon.search("present", text)


# a clause opened as a time before now: "..., before I changed the arg parsing", ", at least it was last week"
_DATING_OPENER = LazyRegex(r"(?i)\W*(?:or\s+)?(?:(?P<was>at\s+least\s+(?:it|they|that)\s+(?:was|were|did)\b)|(?:at\s+least\s+)?"
                            r"(?:before|prior\s+to)\s+(?:(?P<done>(?:I|we)\s+(?:[a-z]+ed|made|wrote|did|ran|built|broke|took|put|set"
                            r"|got|rewrote|split|hit|threw))\b|(?:I|we|you|the|my|our|your|it|they|that|this)\b))")


def dates_before(text, masked):
    """Whether an English clause after a result only dates it before now: opened as a time before
    now ("at least it was", "before I reverted ...", or "before ..." with a past marker and no present
    one), no state word (``masked``: the clause, its code spans and clean phrases masked). The
    caller checks it names no check and no failure."""
    m = _DATING_OPENER.match(text)
    if not m or lexicon.search("state", masked):
        return False
    return bool(m.group("was") or m.group("done")) and not lexicon.search("present", masked) or is_past(masked)


def disclosure(text):
    """An explicit not-rerun disclosure ("I haven't rerun it after the refactor"): the match."""
    return lexicon.search("disclosure", text)


# a change made after the results told before it ("I've since changed the retry count"); one made to
# no code ("I've since updated the PR description"); a retraction pointing back ("I wouldn't trust it")
_CHANGED_SINCE = re.compile(r"(?i)\w+(?:'ve)?\s+(?:have\s+)?since\b")
_NO_CODE = re.compile(r"(?i)\s+(?:the|that|this|my|our|its)\s+(?:[\w-]+\s+){0,2}?(?:description|title|ticket|issue"
                      r"|readme|docs|documentation|changelog|commit message|branch|labels?|comments?|summary|notes)\b")
# (a correction points back by what it is: "Correction:", "Wait —", "更正一下", "说早了")
_POINTS_BACK = re.compile(r"(?i)\b(?:it|that|this|them|those|correction|erratum|wait|mistake|bad|wrong|misspoke|misread"
                          r"|soon|update|edit|mind)\b|\u66f4\u6b63|\u7ea0\u6b63|\u8bf4\u65e9|\u8bf4\u9519|\u770b\u9519"
                          r"|\u5199\u9519|\u6536\u56de")


def changed_since(found):
    """Whether a disclosure's match tells a change made since ("I've since rewritten the module")."""
    return bool(_CHANGED_SINCE.match(found.group(0)))


def changes_no_code(sentence, end):
    """Whether what a change told up to ``end`` was made to is no code (a PR's description, docs)."""
    return bool(_NO_CODE.match(sentence, end))


def points_back(found):
    """Whether a retraction's match points back at what was said ("I wouldn't trust it")."""
    return bool(_POINTS_BACK.search(found.group(0)))


def discloses_stale(text):
    return bool(disclosure(text))


def named_near(sentence, mentions, at):
    """The checks named in the part of ``sentence`` holding ``at`` (its strong segment: "Lint is
    clean, but jest didn't find any test files" speaks of jest), else in the whole sentence ("No
    tests fail, but that's because none ran")."""
    parts = split(sentence)
    part = parts[index_at([x.lo for x in parts], at)]
    inside = [x for x in parts if x.segment == part.segment]
    near = set(x["category"] for x in mentions if inside[0].lo <= x["start"] < inside[-1].hi)
    return near or set(x["category"] for x in mentions)


# the consequence a condition some clauses before governs ("这样 tests 就能 pass", "then the tests pass")
_CONSEQUENCE = re.compile(u"\u5c31|\u4fbf|\u8fd9\u6837|^\\W*(?:and\\s+)?then\\b|^\\W*so\\s+(?:that\\s+)?", re.I)


def opens_with_condition(text):
    """"As long as X is set", "如果保留旧接口": a clause a conditional word opens."""
    opener = lexicon.search("conditional", text)
    return bool(opener) and not text[:opener.start()].strip(u" ,;:-*_([\u2014\uff0c\uff1a")


def governed(texts, segments):
    """The last of ``texts`` (a sentence's clauses up to a claim's, with their strong segments) is
    governed by a condition: one opens the clause before it, or an earlier one of its segment
    whose consequence it says ("如果你确认，我就改掉，这样 tests 就能 pass 了")."""
    last = len(texts) - 1
    return opens_with_condition(texts[last - 1]) or bool(_CONSEQUENCE.search(texts[last])) and any(
        opens_with_condition(texts[i]) for i in range(last) if segments[i] == segments[last])
