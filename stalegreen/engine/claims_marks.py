"""Rows of status marks ("✅ lint ❌ tests", "tsc ✓  eslint ✓  vitest 3 failed"): each mark and
the check it marks is an item of its own, cut where the marks lead or follow their items."""

import re

from stalegreen.engine import claims_grammar, clauses, lexicon

PASS_MARK = re.compile(u"[" + lexicon.PASS_MARKS + u"]")
FAIL_MARK = re.compile(u"[" + lexicon.FAIL_MARKS + lexicon.RED_MARK + u"]")
NOTE = re.compile(u"[(\uff08][^()\uff08\uff09]*[)\uff09]")
_ROW_LEAD = u" *_-|>\u2022"
# a note right after a mark: in parentheses, or a Chinese count of what failed ("❌ 2 个错误")
_MARK_NOTE = re.compile(u"(?:\\s*[(\uff08][^()\uff08\uff09]{0,80}[)\uff09]|\\s*\\d+\\s*(?:\u4e2a|\u5904|\u6761|\u9879)?\\s*"
                        u"(?:\u9519\u8bef|\u62a5\u9519|\u8b66\u544a|\u544a\u8b66|\u95ee\u9898|\u5931\u8d25))?")


def known_marks(text):
    """``text`` with the status marks the grammar does not list read as those it does: a green
    heart or square marks a pass as a check mark does ("tests 💚"), a red square a failure."""
    if text.isascii() or not _MARK_SYNONYM.search(text):
        return text
    return _MARK_SYNONYM.sub(lambda m: _MARK_SYNONYMS[m.group(0)], text)


_MARK_SYNONYMS = {u"\U0001f49a": u"\u2705", u"\U0001f7e9": u"\u2705", u"\U0001f7e5": u"\U0001f534"}
_MARK_SYNONYM = re.compile(u"[\U0001f49a\U0001f7e9\U0001f7e5]")


def _names_a_subject(g, text):
    return bool(g.subject.search(text)) or (claims_grammar.has_cjk(text) and any(True for _ in g.zh.subjects(text)))


def items(g, s, parts):
    """``parts`` (the clauses of ``s``) cut again at each status mark when ``s`` is a row of pass
    and failure marks ("✅ lint ❌ tests", "lint ✅ tests ❌", "| lint | ✅ | tests | ❌ |") or of two
    pass marks or more: each mark and the check it marks is an item of its own (``Clause.marked``),
    cut before the marks when they lead their items ("Status: ✅ lint"), after them otherwise
    ("Tests: ✅  Build: ❌")."""
    if not (PASS_MARK.search(s) and (FAIL_MARK.search(s) or len(PASS_MARK.findall(s)) > 1)):
        return parts
    marks = [m.start() for m in re.finditer(PASS_MARK.pattern + "|" + FAIL_MARK.pattern, s)]
    before = s[:marks[0]].strip(_ROW_LEAD)
    if not before or before[-1] in u":\uff1a" and not _names_a_subject(g, before):
        cuts = set(marks)       # "Status: ✅ lint, ❌ tests"
    else:
        # "typecheck 🔴 (2 errors), lint 🟢": a note right after a mark is its item's
        cuts = set(_MARK_NOTE.match(s, m + 1).end() for m in marks)
    out = []
    for part in parts:
        lo = part.lo
        for cut in sorted(c for c in cuts if part.lo < c < part.hi):
            out.append(clauses.Clause(lo, cut, part.segment, part.exception, marked=True))
            lo = cut
        out.append(clauses.Clause(lo, part.hi, part.segment, part.exception, marked=lo != part.lo or part.hi in cuts))
    return out
