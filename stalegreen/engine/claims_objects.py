# -*- coding: utf-8 -*-
"""What a claim's verb takes after it, read by ``claims_en``: a check as the object of "pass" ("the
client passes `mypy`"), and a count of fewer than all the things built or checked ("2 of 3 images
built"), which makes a non-test claim a partial one, told (qualified)."""

import bisect
import re

from stalegreen.engine.lazyregex import LazyRegex


# "2 of 3 images built": fewer than all of what it counts (a test count is judged by its numbers, VERDICTS 4a)
_PART_COUNT = LazyRegex(r"\b(\d{1,6})\s*(?:/|of|out of)\s*(\d{1,6})\b")


def counted_part(text):
    """Whether ``text`` counts fewer of its things than there are: a partial result, told."""
    return any(int(m.group(1)) < int(m.group(2)) for m in _PART_COUNT.finditer(text))


_CHECK_OBJECT_GAP = LazyRegex(r"\s+(?:(?:the|its|our|their|all|both|every|a\s+clean)\s+)?$", re.I)


def check_passed(s, subjects, ends, p):
    """The check that a "pass" verb takes as its object, right after it ("passes `mypy`", "passed the
    type checker", "passes lint"), when the words after it end the clause; else None. ``ends``: the
    subjects' ends, in order (one look-up per verb, however long the sentence)."""
    at = bisect.bisect_right(ends, p.end())
    x = subjects[at] if at < len(subjects) else None
    if x is None or x.get("phrase_start", x["start"]) < p.end():
        return None
    if x["kind"] in ("tool", "code", "typecheck", "lint", "build") and x.get("category") \
            and _CHECK_OBJECT_GAP.match(s[p.end():x.get("phrase_start", x["start"])]) and _OBJECT_ENDS.match(s, x["end"]):
        return x
    return None


_OBJECT_ENDS = LazyRegex(r"\s*(?:(?:now|again|too|as well|cleanly|locally|with no (?:errors?|warnings?)|without (?:errors?|warnings?))"
                          r"\s*)*(?:$|[.;,!:)\u2014\u2013]|\s+(?:and|but|so|with)\b|\s+[-(])", re.I)
