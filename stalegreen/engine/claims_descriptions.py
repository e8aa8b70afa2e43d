# -*- coding: utf-8 -*-
"""What a test is written to check, said in a claim's clause ("a test that checks the build succeeds",
写了一个测试来验证): the pass words are the test's object, not a result."""

import re

from stalegreen.engine import lexicon

_ASSERTING = re.compile(r"\b(?:asserts?|asserting|ensures?|ensuring|verif(?:y|ies)|verifying)\s+\w+$", re.I)
_ASSERTED_VERB = re.compile(r"[^.;:]*\b(?:compile|compiles|build|builds|pass|passes|succeeds?)\W*$", re.I)


def described(meaning, cand, index):
    """A description of what a test checks ("a test that checks", 写了一个测试来验证) in the claim's clause
    (or the one before, when it goes on ", and that ..."), followed by a name of the claim's category: the
    pass is the test's object, not a result. "The tests that check the parser all pass" stays a claim."""
    parts = meaning.clauses()
    part, end = parts[index], cand["span"][1]
    lo = parts[index - 1].lo if index and re.match(r"\W*(?:and|or)\s+that\b", meaning.clause(index), re.I) else part.lo
    for lang in ("en", "zh"):
        if lang == "zh" and not meaning.cjk:
            continue
        # (from the segment's start for a list of the scenarios a test covers: "覆盖三种场景：首次成功、...")
        first = min(p.lo for p in parts if p.segment == part.segment)
        for m in lexicon.compiled("description", lang).finditer(meaning.plain, first, part.hi):
            if m.start() < lo and m.group(0).rstrip()[-1:] not in u":\uff1a":
                continue
            if any(x.get("category") == cand["category"] and m.end() <= x["start"] < end for x in meaning.mentions):
                return True
            # (or the claim's own verb after it, of what the test asserts: "asserts the generated bindings compile")
            if m.end() < end and (_ASSERTING.search(m.group(0)) and _ASSERTED_VERB.match(meaning.plain, m.end(), end)
                                  or m.group(0).rstrip()[-1:] in u":\uff1a"):
                return True
    return False
