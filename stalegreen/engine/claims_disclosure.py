# -*- coding: utf-8 -*-
"""What a not-rerun disclosure in an agent's message is about, for the claims reader (``claims``):

- ``categories(reader, sentence, before)``: the checks a disclosure ("I didn't rerun the tests",
  "我改完还没重跑") leaves stale by the message's own account, whether it is about the whole of them,
  and the environment or kind of test it names;
- ``named_in(reader, text)``: the categories of the checks a text names.
"""

import re

from stalegreen.engine import claims_en, claims_grammar, claims_parts, clauses, lexicon
from stalegreen.engine.lexicon import en as en_lexicon


def categories(reader, sentence, before=""):
    """The categories a not-rerun disclosure is about: those named in its clause ("I didn't rerun
    the tests"), the one its verb names ("I didn't rebuild"), those named before it in its sentence
    or else in the sentence ``before`` it ("`sbt test` OOMs. I bumped -Xmx but didn't re-run yet"),
    else all of them ("I didn't rerun anything afterwards"); whether it is about the whole of them
    ("the full suite isn't re-run yet"), which leaves a claim of the part that was run standing; and
    the environment ("on 3.9") or kind of test ("the e2e suite") it names, which leaves a claim of
    another one standing."""
    found = clauses.disclosure(sentence)
    if not found:
        return set(), False, None
    parts = clauses.split(sentence)
    index = clauses.index_at([p.lo for p in parts], found.start())
    text = sentence[parts[index].lo:parts[index].hi]
    cause = _CAUSE.search(text, found.end() - parts[index].lo)
    if cause:
        # "I didn't re-run eslint since your question was only about types": the reason names no stale check
        text = text[:cause.start()]
    lo, hi = max(0, found.start() - parts[index].lo), max(0, found.end() - parts[index].lo)
    # ("didn't rebuild `frontend`": its verb is no check it names)
    verbless = text[:lo] + re.sub(r"(?i)\bre-?buil\w*", lambda m: " " * len(m.group()), text[lo:hi]) + text[hi:]
    named = named_in(reader, _CHANGED_THING.sub(" ", _AFTER_A_FIX.sub(" ", verbless)))     # (not "the clang-tidy fix": a change)
    if not named and _MANUAL.search(text) and not _OR_OTHERWISE.search(text):
        # "Nothing was re-verified by hand", "I haven't re-verified it in the browser": a manual
        # verification not redone, which leaves the checks the message tells standing
        return set(), False, None
    verb = re.search(r"re-?(test|build|lint)", found.group(0), re.I)
    if verb and not named and _PART_IN_CODE.match(sentence, found.end()) and not clauses.changed_since(found):
        # "I didn't rebuild `frontend`": a part the code names, left out of the run, like a thing of
        # its own below ("haven't rebuilt the image yet")
        return set(), False, None
    if verb:
        named.add(verb.group(1).lower())
    # "the other Cypress specs I didn't rerun": the rest of them, which leaves the part that was run
    whole = bool(named and (_WHOLE.search(text) or lexicon.search("rest", text)))
    if clauses.changed_since(found) and clauses.changes_no_code(sentence, found.end()):
        return set(), False, None       # "I've since updated the PR description": no code changed
    if not named and (_OTHER_OBJECT.match(sentence, found.end()) or _NAMED_THING.match(sentence, found.end())) \
            and not clauses.changed_since(found):
        # "haven't rebuilt the image yet": about a thing that is no check ("I've since changed the
        # retry count": the thing changed after the result, which it leaves stale)
        return set(), False, None
    if not named and (_EVERY_OTHER.search(text) or _OTHER_PARTS.search(text)):
        # "The discount tests pass; I didn't rerun anything else": every check but those told before it
        told = set()
        for part in parts[:index]:
            told |= named_in(reader, sentence[part.lo:part.hi])
        told = told or named_in(reader, before)
        if told and _OTHER_PARTS.search(text):
            # "`mvn -pl billing test` passes. Other modules not rerun": the rest of that check, so
            # the part that was run stands
            return told, True, None
        return (set(claims_grammar.CATEGORIES) - told) or {"completion"}, False, None
    if not named and not _EVERY_CHECK.search(text) and _THING_OF_ITS_OWN.fullmatch(text[:found.start() - parts[index].lo]):
        # "⏭ load test not rerun", "The migration script wasn't rerun": the clause's subject, before
        # its verb, is a thing that is no check, which leaves the checks told elsewhere standing
        return set(), False, None
    if not named and not _EVERY_CHECK.search(text):
        # "Type checking passed before the rebase; I haven't rerun it", "The release build compiled
        # fine; not rechecked since": the disclosure is about the check named last before it
        for part in reversed(parts[:index]):
            # (not what was changed: "I then tweaked the formatting and didn't rerun it")
            named = named_in(reader, _CHANGED_THING.sub(" ", sentence[part.lo:part.hi]))
            if named:
                break
        # "The tests I touched pass; the remainder I didn't rerun" (其他包没有动，所以没有重新跑): the rest of the check
        # named before, said in the disclosure's clause or one between them
        between = sentence[part.lo:parts[index].hi] if named else text
        whole = bool(named) and bool(lexicon.search("rest", between) or _WHOLE.search(between))
        if not named and before and (lexicon.search("failure", before) or _POINTS_BACK.search(found.group(0))
                                     or _POINTS_BACK.match(sentence, found.end())):
            # "Bad news: `sbt test` OOMs. I bumped -Xmx but didn't re-run yet": the fix of the failure
            # told just before is what was not rerun (a claim of another check is judged on its own);
            # "On the tests I'm less sure. I ran them before rebasing and haven't run them since": the
            # checks the pronoun stands for
            named = named_in(reader, before)
    return named or set(claims_grammar.CATEGORIES) | {"completion"}, whole, claims_parts.environment(text) or named == {"test"} and claims_parts.one_kind(text) or None


def named_in(reader, text):
    """The categories of the checks ``text`` names."""
    named = set(x["category"] for x in (claims_en.subject_info(reader, text, m)
                                        for m in reader.g.subjects(text))
                if x["category"] and x["kind"] != "buildable")
    if claims_grammar.has_cjk(text):
        named |= set(x["category"] for x in (reader.g.zh.subject_info(reader, text, m)
                                             for m in reader.g.zh.subjects(text))
                     if x["category"] and x["kind"] != "buildable")
    return named


# a verification done by a person, not by a check: "by hand", "manually", "in the browser"
_MANUAL = re.compile(r"\b(?:by hand|manually|visually|by eye|in (?:the|a) (?:browser|ui|simulator|emulator)"
                     r"|on (?:a|the|my) (?:real )?(?:device|phone)|click(?:ed|ing)? through)\b"
                     u"|\u624b\u52a8|\u4eba\u5de5|\u6d4f\u89c8\u5668\u91cc", re.I)
# "manually or otherwise": every way of verifying
_OR_OTHERWISE = re.compile(r"\bor otherwise\b|\bor automatically\b|\bor not\b", re.I)
# the object of a disclosure's verb when it is a thing of its own, not a pronoun or a word for the
# checks: "haven't rebuilt the image", "didn't rerun the migration script" (a check named there is read first)
_OTHER_OBJECT = re.compile(r"\s+(?:the|that|this|my|our|your|its)\s+(?!(?:[\w-]+\s+){0,2}(?:whole|entire|full|rest|same|other|remaining"
                           r"|thing|things|lot|stuff|checks?|pipeline|workflow|jobs?|ones?|commands?|verification"
                           r"|code|codebase|changes?|project|repo|repository|branch|tree|workspace|files?|fix|patch)\b)"
                           r"[a-z]", re.I)
# the object of a disclosure's verb a thing named by its proper name: "didn't rerun Chromatic", "ASan"
_NAMED_THING = re.compile(r"\s+(?!(?:It|I|Them|This|That|These|Those|Anything|Everything)\b)(?-i:[A-Z][\w.+-]+)\b")
# what the agent changed, named as the object of its change ("tweaked the formatting"): no check
_CHANGED_THING = re.compile(r"\b(?:tweaked|changed|updated|edited|modified|refactored|renamed|reworked|rewrote|adjusted)\s+"
                            r"(?:the|my|our|its|some|a)\s+(?:(?!\b(?:and|but|then|so)\b)[^,.;]){0,60}", re.I)
# the change a disclosure dates itself by, which may name a check ("after the clang-tidy fix")
_AFTER_A_FIX = re.compile(r"\b(?:after|since|following)\s+(?:the|my|that|this|its)\s+[^,.;()]{0,40}?\b(?:fix|fixes|change|changes"
                          r"|edit|edits|patch|tweak|update)\b", re.I)
# a disclosure's clause opening with its own subject, a short noun phrase of content words right
# before the verb ("load test not rerun", "The migration script wasn't rerun"; not "I haven't",
# "It was not", "the last edit added a match arm and I didn't", "The checks were not")
_CONTENT_WORD = (r"(?!(?:i|we|you|it|they|this|that|these|those|he|she|and|but|so|though|also|still|yet|just|only|not|never|no"
                 r"|everything|anything|nothing|all|none|any|thing|things|lot|stuff|checks?|pipeline|workflow|jobs?"
                 r"|ones?|commands?|verification|code|codebase|changes?|project|repo|repository|branch|tree"
                 r"|workspace|files?|fix|patch|whole|entire|full|rest|same|other|remaining)\b)[a-z][a-z-]+")
_THING_OF_ITS_OWN = re.compile(r"\W*(?:(?:the|a|an|our|my|its)\s+)?(?:%s\s+){0,3}%s"
                               r"(?:\s+(?:was|were|is|are|has been|have been|got|isn't|wasn't|weren't|aren't|hasn't been))?(?:\s+(?:not|never))?\s*"
                               % (_CONTENT_WORD, _CONTENT_WORD), re.I)
# the object of a disclosure's verb that is a part named in code: "didn't rebuild `frontend`"
_PART_IN_CODE = re.compile(r"\s+(?:the\s+)?sgc\d+x\b", re.I)
# a disclosure about every check, whatever was said before it: "but I haven't rerun anything since"
_EVERY_CHECK = re.compile(r"\b(?:anything|everything|any of (?:them|the checks)|all of them|the checks|nothing)\b"
                          r"|\u4efb\u4f55|\u6240\u6709|\u5168\u90e8|\u90fd", re.I)

# every check but those told before: "I didn't rerun anything else", "nothing else was rerun", "other modules not rerun"
_EVERY_OTHER = re.compile(r"\b(?:anything|everything|nothing|any)\s+else\b|\b(?:the\s+)?(?:other|remaining)\s+(?:ones|checks)\b"
                          u"|\u5176[\u4ed6\u4f59]\u7684?\u68c0\u67e5", re.I)
# the other parts of a check told before: "other modules not rerun", 其他模块没有重新跑
_OTHER_PARTS = re.compile(r"\b(?:the\s+)?(?:other|remaining)\s+(?:modules|packages|crates|projects|services|apps"
                          r"|workspaces|suites|targets)\b|\b(?:anything|everything)\s+(?:outside|beyond)\s+(?:of\s+)?\S"
                          u"|\u5176[\u4ed6\u4f59]\u7684?(?:\u6a21\u5757|\u5305|\u9879\u76ee|\u670d\u52a1)", re.I)


# a reason after a disclosure: "since your question was only about types", "because CI covers it"
# (not "since" of time: "since the rename", "since 10:21")
_CAUSE = re.compile(r"\s(?:because|given that|(?!" + en_lexicon.SINCE_A_TIME + r")since)\s", re.I)
# the disclosure's object a pronoun: "haven't run them since", "didn't rerun it"
_POINTS_BACK = re.compile(r"(?:^|\s)(?:them|it|those|these)\b", re.I)


# the whole of a check, as a disclosure names it: "the full suite", "the whole `ctest` suite", `./...`
_WHOLE = re.compile(r"\b(?:full|whole|entire|complete)\s+(?:\w+\s+){0,2}?(?:suites?|tests?|test suites?|specs?"
                    r"|matrix|sg[tylb]\d+x)|\bthe rest\b|\ball (?:the )?(?:other )?(?:tests|specs|suites)\b"
                    r"|\.\.\.|\bsg[tylb]\d+x\s+(?:suite|matrix)"
                    u"|(?:整个|完整的?|全量的?|全部的?|所有的?|其余的?|其他的?|剩下的?) ?(?:测试套件|测试|套件|用例|单测|suites?|tests?)"
                    r"|\b(?:the )?(?:existing|old|older|original|pre-existing) (?:ones|tests|specs|suites)\b|(?:原有|已有|现有|旧有?|老)的?(?:测试|用例|单测)", re.I)
