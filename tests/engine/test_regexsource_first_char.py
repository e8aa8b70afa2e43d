# -*- coding: utf-8 -*-
"""regexsource.first_char_source: the pattern tried at a digit or an "s" finds what the full one finds."""

import re

from stalegreen.engine import claims_grammar, regexsource


def test_disabled_alternatives_keep_the_groups_and_the_matches():
    source = r"(?P<a>\bpass\b)|(?P<b>\d+ passed|sgc\d+x ok)|(?P<c>\bsucce\w+|fine)"
    reduced = regexsource.first_char_source(source, re.I, "0123456789")
    assert reduced.count("(?!)") == 3   # a, c, and "sgc..." inside b and re.compile(reduced).groupindex == re.compile(source).groupindex
    for text in ("41 passed", "Pass", "sgc1x ok", "9 failed"):
        full, cut = re.compile(source, re.I).match(text), re.compile(reduced, re.I).match(text)
        if text[0].isdigit():
            assert (full and (full.lastgroup, full.span())) == (cut and (cut.lastgroup, cut.span()))


def test_the_predicates_match_alike_at_every_digit_and_s():
    g = claims_grammar.grammar()
    full = g.predicate
    full.search("")
    for keys, chars in (("0123456789", "0123456789"), ("s", u"sS\u017f")):
        cut = re.compile(regexsource.first_char_source(full.pattern, full.flags, chars), full.flags)
        for text in ("214 passed, 3 skipped", "3/3 pass", "0 errors", "Success: no issues", "successfully built",
                     "sgt1x passes", "100% passing", "sgy2x : Success", "solid", "spotless"):
            for at, ch in enumerate(text):
                if ch.lower() in keys:
                    a, b = full.match(text, at), cut.match(text, at)
                    assert (a and (a.lastgroup, a.span())) == (b and (b.lastgroup, b.span())), (text, at)
