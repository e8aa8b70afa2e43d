# -*- coding: utf-8 -*-
"""Sentences that end in an ellipsis of their verb, for the claims reader (``claims``): a negated
auxiliary standing for a failure verb said before it ("Lint failed on the imports. It doesn't
anymore.") and a "still" restating a state ("Before my change lint was clean, and it still is").
Each returns the claims it makes, in the reader's form."""

import re

from stalegreen.engine import claims_en, lexicon
from stalegreen.engine.claims_subjects import subject_info


def negated_ellipsis(reader, s, previous):
    """"The type checker would complain if the overload were wrong, and it doesn't", "Lint
    failed on the imports. It doesn't anymore.": a negated auxiliary ending ``s`` stands for a
    failure verb said just before (in ``s``, else in ``previous``, the sentence before) and
    asserts that the check named with that verb passes, when its own clause asserts (no hedge,
    plan, condition or question). The claims it makes, in the reader's form."""
    m = _NEGATED_ELLIPSIS.search(s)
    if not m:
        return []
    tail = s[m.start():]
    if "?" in s or any(lexicon.search(role, tail) for role in (
            "hedge", "relay", "future", "conditional", "instruction", "past")):
        return []
    lead = s[:m.start()]
    verbs = list(_FAILURE_VERB.finditer(lead))
    if not verbs and previous:
        lead = previous[0]
        verbs = list(_FAILURE_VERB.finditer(lead))
    if not verbs:
        return []
    named = [x for x in (subject_info(reader, lead, x) for x in reader.g.subjects(lead))
             if x["category"] and x["kind"] not in ("pron", "every", "buildable") and x["end"] <= verbs[-1].start()]
    if not named:
        return []
    subject = named[-1]
    return [{"category": subject["category"], "scope": "subset" if subject.get("scope") == "subset" else "all",
             "qualified": False, "text": reader.restore(tail.strip(" ,;")), "sentence": reader.restore(s),
             "counts": {}, "tool": subject.get("tool"), "alternates": [], "lang": "en", "ran": False}]


def restated_ellipsis(reader, s):
    """"Before my change lint was clean, and it still is": an auxiliary with "still" ending ``s``
    repeats the state said before it in ``s`` and asserts it now, when its own words assert
    (no hedge, plan, condition, relay, failure or negation). The claims it makes, in the reader's form."""
    m = _RESTATED_ELLIPSIS.search(s)
    if not m:
        return []
    tail = s[m.start():]
    if "?" in s or "n't" in tail or any(lexicon.search(role, tail) for role in (
            "hedge", "relay", "future", "conditional", "instruction", "past", "negator", "failure")):
        return []
    lead = s[:m.start()]
    found, _ = claims_en.read_english(reader, lead)
    if lexicon.search("failure", lead) or lexicon.search("negator", lead) or "n't" in lead:
        return []
    claims = []
    for cand in found:
        if cand["category"] in [c["category"] for c in claims]:
            continue
        claims.append({"category": cand["category"], "scope": cand.get("scope") or "all", "qualified": False,
                       "text": reader.restore(tail.strip(" ,;")), "sentence": reader.restore(s),
                       "counts": {}, "tool": cand.get("tool"), "alternates": list(cand.get("alternates") or ()),
                       "lang": "en", "ran": False})
    return claims


_RESTATED_ELLIPSIS = re.compile(
    r"(?:[,;]\s*(?:and\s+)?|\band\s+)(?:it|they|that|so)\s+still\s+(?:is|are|does|do|has|have)(?:\s+(?:now|today|too))?\W*$",
    re.I)


# a negated auxiliary ending the sentence, standing for the verb before it: ", and it doesn't."
_NEGATED_ELLIPSIS = re.compile(
    r"(?:^\W*|[,;]\s*(?:(?:and|but)\s+)?|\b(?:and|but)\s+)(?:(?:now|still)\s+)?(?:it|they)\s+(?:doesn't|don't|does not"
    r"|do not|won't|no longer does|no longer do)(?:\s+any ?more)?(?:\s+now)?\W*$", re.I)
_FAILURE_VERB = re.compile(r"\b(?:fail(?:s|ed|ing)?|complain(?:s|ed|ing)?|error(?:s|ed)? out|flag(?:s|ged)?"
                           r"|break(?:s)?|crash(?:es|ed)?|choke[sd]?)\b", re.I)
