# -*- coding: utf-8 -*-
"""Which checks a message says were just run ("I ran pytest", "重新运行了测试"): a claim's ``ran``
(rule 5 in docs/VERDICTS.md: a claim that a run happened with no run of its category recorded is
NOT_RUN). Read per sentence, only when the sentence holds a run word (``may_run``)."""

import re

from stalegreen.engine import claims_en, claims_grammar, claims_lists, claims_meaning, clauses, lexicon
from stalegreen.engine.lazyregex import LazyRegex


def said_run(reader, s):
    """(the categories ``s`` says were just run, whether a run in it names nothing): "I ran
    pytest", "We've run the full suite", "重新运行了测试", "测试已经重新运行了"; not "I did not
    run the tests", "Please run the tests", "I ran into a bug in the test", 没有重新运行测试."""
    g = reader.g
    named, bare = set(), False
    cjk = claims_grammar.has_cjk(s)
    verbs = [(lang, m) for lang in (("en", "zh") if cjk else ("en",)) if lexicon.compiled("run", lang) is not None
             for m in lexicon.compiled("run", lang).finditer(s)]
    if not verbs:
        return named, bare
    parts = clauses.split(s)
    starts = [part.lo for part in parts]
    found_subjects = {
        "en": [x for x in (claims_en.subject_info(reader, s, m) for m in g.subjects(s))
               if x["category"] and x["kind"] not in ("buildable", "every", "pron")],
        "zh": [x for x in (g.zh.subject_info(reader, s, m) for m in g.zh.subjects(s))
               if x and x["category"] and x["kind"] not in ("buildable", "every")] if cjk else [],
    }
    for lang, m in verbs:
        subjects = found_subjects[lang]
        part = parts[clauses.index_at(starts, m.start())]
        lead = claims_meaning.plain(g, s[part.lo:m.start()])
        clause = claims_meaning.plain(g, s[part.lo:part.hi])
        if _RUN_NEGATED[lang].search(lead) or lexicon.search("instruction", clause) \
                or lang == "en" and (ANOTHER_RUNNER.search(lead) or _BY_ANOTHER.search(clause, m.end())
                                     or lexicon.search("relay", clause)):
            continue    # (nor a run someone else made: "CI ran the full suite", "The user ran `pytest`")
        after = [x for x in subjects if x["start"] >= m.end()]
        found = claims_lists.group_starting(g, s, after) \
            if after and _RUN_OBJECT_GAP[lang].match(s[m.end():after[0]["start"]]) else []
        if not found and lang == "zh":
            found = [x for x in subjects if x["end"] <= m.start()
                     and _ZH_RUN_SUBJECT_GAP.match(s[x["end"]:m.start()])][-1:]
        elif not found:
            # the passive: "The tests were executed", "Testing was carried out"
            found = [x for x in subjects if x["end"] <= m.start() and _PASSIVE_GAP.match(s, x["end"], m.start())][-1:]
        if found:
            named.update(x["category"] for x in found)
        elif not re.match(r"\s*(?:into|out|across|over)\b", s[m.end():], re.I):
            bare = True
    return named, bare


# every run word of the lexicon holds one of these (tests/engine/test_claims_tense.py checks it):
# a sentence without any is read for runs no further
RUN_WORDS = ("ran", "run", "execut", "rebuil", "re-buil", "recompil", "re-compil", "relint", "re-lint", "retest",
             "re-test", "retype", "re-type", "carried", "perform", "conduct", u"\u8fd0\u884c", u"\u8dd1", u"\u6267\u884c")
_RUN_HINT = re.compile("|".join(RUN_WORDS), re.I)


def may_run(s):
    """Whether ``s`` holds a run word (``_RUN_HINT``), by substring tests on ASCII text."""
    if not s.isascii():
        return bool(_RUN_HINT.search(s))
    low = s.lower()
    for word in _ASCII_RUN_WORDS:
        if word in low:
            return True
    return False


_ASCII_RUN_WORDS = tuple(w for w in RUN_WORDS if w.isascii())
_RUN_NEGATED = {
    "en": re.compile(r"\b(?:not|never|didn't|did not|haven't|have not|hasn't|has not|couldn't|could not|without"
                     r"|yet to|can't|cannot|unable to)\b", re.I),
    "zh": re.compile(u"(?:没有|没|未|尚未|还没|无法|不能)(?:有)?(?:重新|再)?$"),
}
_RUN_OBJECT_GAP = {
    "en": re.compile(r"^\s*(?:(?:them|it|all|the|my|our|both|full|whole|entire|complete|again|once more|also|just"
                     r"|every|each|of)\s+)*(?:the\s+)?"
                     # (a word or two naming which: "the whole monorepo test target")
                     r"(?:(?!(?:into|out|across|over|a|an|that|which|this)\b)[a-z][\w-]*\s+){0,2}?"
                     # (after names the grammar does not know, listed before it: "I reran black and ruff")
                     r"(?:[\w.-]+(?:\s*,\s*|\s+and\s+|\s*&\s*))*"
                     # (a thing named by a few words, its command in brackets: "the monorepo test target (`bazel test //...`)")
                     r"(?:(?:[\w-]+\s+){0,3}[\w-]+\s*\(\s*)?$", re.I),
    "zh": re.compile(u"^\\s*(?:一遍|一下|一次|两遍|了|过|全部|所有|完整|整个|的|一轮|全量)*\\s*$"),
}
# who ran it when it was not the agent: a runner named just before the verb, or after a passive one
ANOTHER_RUNNER = LazyRegex(r"\b(?:ci|the\s+(?:user|pipeline|workflow|bot|buildbot|reviewer|qa\s+team|team)|you|they|he|she"
                             r"|qa|(?:a|my|our|the)\s+(?:colleague|teammate|coworker|co-worker)|[A-Z][a-z]+(?=\s+(?:re-?)?ran\b))"
                             r"\s+(?:(?:has|had|have|also|then|just|already)\s+)*$", re.I)
_BY_ANOTHER = LazyRegex(r"\bby\s+(?:the\s+)?(?:ci|qa|users?|team|\w+\s+team|reviewers?|colleagues?|[A-Z][a-z]+)\b")
_PASSIVE_GAP = LazyRegex(r"\s+(?:(?:was|were|has been|have been|had been|got)\s+)?(?:(?:then|also|all|again|fully)\s+)?$",
                          re.I)
_ZH_RUN_SUBJECT_GAP = re.compile(u"^\\s*(?:已经?|都|也|全部|重新|又|再次|刚刚?)*$")


def named_only_unrun(reader):
    """Categories the message names only to say they were not run or are still to come
    ("Everything passes. I haven't run the tests."): an "everything" does not spread to them.
    The sentences holding an "everything" claim are not read for this."""
    said = {}
    claimed = set(c["sentence"] for c in reader.found if c.get("expanded"))
    for s in reader.sentences:
        if reader.restore(s) in claimed:
            continue
        unrun = bool(_NOT_RUN.search(s))
        for x in reader.mentions(s):
            if x.get("category"):
                said.setdefault(x["category"], set()).add(unrun)
    return set(c for c, flags in said.items() if flags == {True})


# "haven't run the tests", "没跑测试": the check named was not run; "Next, I'll add tests": not yet
_NOT_RUN = re.compile(u"\\b(?:haven't|have not|hasn't|has not|didn't|did not|couldn't|could not|can't|cannot|won't|will not"
                      u"|wasn't able to|weren't able to|not)\\s+(?:yet\\s+|actually\\s+|get to\\s+|been\\s+)?(?:able to\\s+)?"
                      u"(?:run|ran|execute[ds]?|tried)\\b|\\bnot (?:yet )?(?:been )?run\\b"
                      u"|(?:没有?|未|还没有?|尚未)(?:来得及)?(?:实际|真正|亲自)?(?:去)?(?:跑|运行|执行)"
                      u"|^\\W*(?:next(?: step)?\\b|i'll\\b|i will\\b|\u4e0b\u4e00\u6b65|\u63a5\u4e0b\u6765|\u7a0d\u540e)", re.I)



def unnamed_pronouns(reader):
    """The claims of an answer's pronoun ("Yes, they pass now.": ``claims_subjects.personal_pronoun``)
    that nothing named, in a message that names no check anywhere: it speaks of what the user's
    question named, a green statement identifying no check of its own, an unnamed one (rule 4b in
    docs/VERDICTS.md: the gate holds it to what the session ran). Where the message names a check
    ("Yes, fixed the flaky spec and they pass now."), the pronoun stays the tests'."""
    marked = [c for c in reader.found if c.pop("unnamed", False)]
    if not marked or reader.named or any(reader.mentions(s) for s in reader.unread):
        return []
    return marked
