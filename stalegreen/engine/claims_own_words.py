"""The words of a claim's own clause, read for what governs that claim alone: where its clause
starts and ends (``words``), a future or conditional word in it (``reason``) and an English
negator on it (``negated``). ``claims_meaning`` reads the sentence's other clauses."""

import re

from stalegreen.engine import claims_grammar, clauses, lexicon


def words(g, s, cand, plain):
    """The clauses a candidate spans (``plain``: the sentence as ``plain`` gives it)."""
    start, end = cand["span"]
    window = max(0, start - claims_grammar.LOOKBACK)
    breaks = [m.end() for m in g.clause_break.finditer(s, window, start + 1) if m.end() <= start]
    lo = breaks[-1] if breaks else window
    following = g.clause_break.search(s, max(lo, end - 1))
    hi = following.end() if following else len(s)
    excepted = clauses.exception_after(s, end, hi)     # "is happy except SC1091 (can't follow ...)": not its words
    if excepted:
        hi = excepted.start()
    # "The build passes and the bundle size didn't change": a new subject after "and" opens a clause of its own
    joined = _AND_ANOTHER_SUBJECT.search(s, end, hi) if " and " in s[end:hi] else None
    if joined and (_NOT_RUN_BACK.match(s, joined.end(), hi) or _NOT_TRUE_BACK.match(s, joined.end(), hi)):
        joined = None       # "and I haven't run them since", "and that's no longer true": about the claim
    return plain[lo:joined.start() if joined else hi]


# (not the rest of the claim's own count: "It's at 38/41 and the remaining 3 are Safari issues")
_AND_ANOTHER_SUBJECT = re.compile(r"\s+and\s+(?=(?:the|this|that|these|those|my|our|its|their|no|nothing|it|they|i|we"
                                  r"|there)\s|(?:it|that|there|they|i|we)['\u2019](?:s|re|ve|m|d|ll)\s)"
                                  r"(?!the\s+(?:remaining|rest|other)\b)", re.I)


# the agent saying it did not run what the claim names: "I haven't run them", "we never re-checked it"
_NOT_RUN_BACK = re.compile(r"(?:i|we)\s+(?:\w+n['\u2019]t|\w+\s+(?:not|never)|never)\s+(?:\w+\s+){0,2}?(?:re-?)?(?:run|ran|execut\w*"
                           r"|check(?:ed)?|verif(?:y|ied)|confirm(?:ed)?|tr(?:y|ied))\s+(?:it|them|that|those|this|these"
                           r"|either|both|any of them)\b", re.I)


# the claim itself said to be untrue: "and that's no longer true", "and this isn't the whole story"
_NOT_TRUE_BACK = re.compile(r"(?:that|this|it)(?:['\u2019]s|\s+(?:is|was))(?:n['\u2019]t|\s+not|\s+no\s+longer)\s+"
                            r"(?:\w+\s+){0,2}?(?:true|the case|accurate|right|correct|story|reliable|real|trustworthy"
                            r"|meaningful)\b", re.I)


def without_asides_after(clause, plain, cand, asides=None):
    """``clause`` without the parentheses that open after the candidate's predicate: an aside's
    plans and needs are its own ("All but one pass (the Redis one needs a live server)"); its
    conditions are not ("All specs pass (if you skip the flaky one)"). With ``asides``
    (``TOLD_ASIDE``), only those: a negation in an aside telling something of its own subject
    is the aside's ("passes after updating it (older versions don't understand 1.22)"), while one
    opening with its negation ("(not the e2e ones)") restricts the claim."""
    if "(" not in clause:
        return clause
    end = plain.find(clause)
    end = cand["span"][1] - end if end >= 0 else len(clause)
    return clause[:max(0, end)] + (asides or _PARENTHESIS).sub(" ", clause[max(0, end):])


_PARENTHESIS = re.compile(r"\([^()]*\)")


# an aside with a subject of its own before its verb: "(older versions don't understand 1.22)"
# (not the agent's own: "(I didn't use `--warnings-as-errors`)" is a caveat on the result)
TOLD_ASIDE = re.compile(r"\((?!\s*(?:i|we)\b)(?=(?:the\s+|older\s+|old\s+|newer\s+|other\s+|earlier\s+)?[a-z][\w.-]*(?:\s+[a-z][\w.-]*)?\s+"
                        r"(?:don't|doesn't|didn't|can't|won't|aren't|isn't|weren't|wasn't|do not|does not|did not|never)\b)"
                        r"(?!(?:not|no|none|nothing|except|but)\b)[^()]*\)"
                        # or a negation in a relative clause of a noun: "(all in files I didn't touch)"
                        r"|\((?=[^()]*\b(?:files?|code|ones?|modules?|parts?|places?|packages?)\s+(?:that\s+|which\s+)?(?:i|we|you)\s+"
                        r"(?:didn't|don't|haven't|did not|do not|have not)\b)[^()]*\)", re.I)


def reason(clause, roles):
    """Future or conditional wording in the claim's own clauses, in either language (a Chinese
    conditional governs an English predicate: "如果 tests pass 就可以 merge"). ``roles``: those
    the sentence has."""
    for role in roles:
        if lexicon.search(role, clause):
            return role
    return None


def negated(g, clause):
    """An English negator on the claim's own words ("do not pass", "no longer passes")."""
    clause = clause.replace(u"\u2019", "'")
    if "n't" not in clause and not lexicon.may_match("negator", clause, "en"):
        return False
    masked = g.clean_phrases.sub(" ", clause)
    return "n't" in masked or bool(lexicon.search("negator", masked, "en"))
