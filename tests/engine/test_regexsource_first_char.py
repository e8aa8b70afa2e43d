# -*- coding: utf-8 -*-
"""regexsource.first_char_source and FirstChars: the form of a pattern for the characters a word
starts with, tried there, finds what the full one finds."""

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


def test_the_grammar_matches_alike_at_every_word_start_with_the_form_for_its_first_character():
    """``claims_scan`` tries each place a word starts with the form of the predicate and subject
    patterns for the word's first character: it must find there what the full pattern finds."""
    import io
    import json
    import os

    g = claims_grammar.grammar()
    with io.open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "claims_corpus_en.jsonl"), encoding="utf-8") as fh:
        texts = [json.loads(line)["text"] for line in fh if line.strip()][:400]
    texts += ["sgc3x :  sgc4x  now returns seconds;  sgc5x  too.", "with a  sgt2x  run, it went through", "\u212aelvin is fine"]
    for full in (g.predicate, g.subject, g.subject_plain):
        full.search("")
        first = regexsource.FirstChars(full.pattern, full.flags)
        forms = {}
        for text in texts:
            low = text.lower()
            if len(low) != len(text):
                continue
            for m in re.finditer(r"(?<![a-z0-9_])[a-z0-9_]", low):
                key = m.group(0)
                if key not in forms:
                    source = first.source(key + key.upper() + (u"\u212a" if key == "k" else ""))
                    forms[key] = re.compile(source, full.flags) if source else full
                a, b = full.match(text, m.start()), forms[key].match(text, m.start())
                assert (a and (a.lastgroup, a.span(), a.groups())) == (b and (b.lastgroup, b.span(), b.groups())), (text, m.start())
