# -*- coding: utf-8 -*-
"""A result the message tells in order, before a change it tells after it, is stale.

Recaps at the end of a long session tell what happened in order: "1. Ran `tox` — all envs passed.
2. Dropped Python 3.9 support: ..." or "... the suite passed. Then, as you asked, I reworked
`OrderService` ...". The pass is the state before the change, not now. Two orders count, and only
these (a summary's lists are no timeline: "## Changes" before "## Verification" says nothing of
when each was done):

- a numbered list told as a timeline: introduced as one ("Here's the order things happened:",
  "Recap:", "时间线：") or made of actions (most items open with a verb in the past or a run);
- a sentence opening with a word of sequence ("Then", "After that", "然后", "之后").

A claim is stale when such a later step or sentence changes code (a verb of change; not only
docs, a README or comments) and no claim of its check is told after that change (a rerun that
passes is the last word). The claims' places are found in the message's own text by their words.
"""

import re

from stalegreen.engine.lazyregex import LazyRegex

_NUMBERED = re.compile(r"^[ \t]*(\d{1,3})[.)][ \t]+(\S.*)$", re.M)
# a line introducing a timeline
_TIMELINE_INTRO = re.compile(r"\b(?:order|timeline|sequence|what (?:i|we) did|what happened|recap|steps? (?:i|we) took"
                             r"|chronolog\w*|history of)\b|\u65f6\u95f4\u7ebf|\u8fc7\u7a0b|\u7ecf\u8fc7|\u6b65\u9aa4|\u987a\u5e8f", re.I)
# an item that is an action told done: a past verb or a run first ("Ran `tox`", "`go test` — ok", "Reran → ...")
_ACTION_ITEM = re.compile(r"^\W*(?:(?:i|we|you)\s+(?:then\s+)?)?(?:[a-z]+ed|ran|re-?ran|built|wrote|rewrote|made|did|got|set|put"
                          r"|split|threw|took)\b|^\W*`[^`]+`\s*(?:\u2192|->|[\u2014\u2013:]|[\u3400-\u9fff])"
                          # (in Chinese: a run and its result, or a verb done within the first words: "`cargo test`
                          # \u901a\u8fc7", "\u628a tokio \u5347\u5230 1.38", "\u5728 `Cargo.toml` \u91cc\u52a0\u4e86")
                          u"|^\\W*(?:\u8dd1\u4e86|\u91cd\u8dd1|\u628a|\u8fd0\u884c)|^[^\uff0c\u3002,]{0,16}?\u4e86",
                          re.I)
# a word of sequence; it counts where it opens its sentence (``_opens_sentence``)
_SEQUENCE_WORD = re.compile(r"\b(?:then|after that|afterwards|later(?: on)?|next|finally|subsequently)\b"
                            u"|\u7136\u540e|\u4e4b\u540e|\u63a5\u7740|\u540e\u6765|\u968f\u540e", re.I)
# a change of code, told done by the agent: the step's first word, or after "I"/"we" ("so I changed
# `picker.dart`"); not a change told of something ("`test_cli_help`: the help text changed")
_CHANGE = re.compile(r"(?:^[\W_]*|\b(?:i|we)\s+(?:(?:then|also|just|quickly|have|had|'ve)\s+)?)(?:reworked|refactored|renamed|moved|changed|edited|rewrote|rewritten|replaced|updated|bumped"
                     r"|upgraded|downgraded|dropped|removed|deleted|added|switched|converted|modified|tweaked|adjusted"
                     r"|migrated|extracted|inlined|reverted|rebased|implemented|introduced|patched|regenerated)\b"
                     u"|\u6539\u4e86|\u6539\u6210|\u6539\u4e3a|\u91cd\u6784|\u5347\u7ea7|\u5347\u5230|\u6362\u6210|\u6362\u4e86"
                     u"|\u52a0\u4e86|\u6dfb\u52a0\u4e86|\u5220\u4e86|\u5220\u9664\u4e86|\u8c03\u6574\u4e86|\u4fee\u6539\u4e86|\u66ff\u6362\u4e86"
                     u"|\u8fc1\u79fb\u4e86", re.I)
# a change of nothing the checks read
_DOCS_ONLY = re.compile(r"\b(?:readme|docs?\b|documentation|changelog|comments?|docstrings?|typos?|commit message)|\.md\b",
                        re.I)
_SENTENCE_END = re.compile(u"[.!?\u3002\uff01\uff1f](?=\\s|$)|\n")


def stale(text, found):
    """The claims of ``found`` a later step or sentence of ``text`` says came before a change."""
    if not found or not (_NUMBERED.search(text) or _sequence_starts(text)):
        return []
    changes = _timeline_changes(text) + _sequenced_changes(text)
    if not changes:
        return []
    seen = {}
    placed = [(claim, _place(text, claim, seen)) for claim in found]
    stale_claims = []
    for claim, at in placed:
        if at is None:
            continue
        later = [start for lo, start in changes if lo > at]
        if not later:
            continue
        first_change = min(later)
        if not any(other["category"] == claim["category"] and where is not None and where > first_change
                   for other, where in placed):
            stale_claims.append(claim)
    return stale_claims


def _place(text, claim, seen):
    """Where ``claim`` is told in ``text`` (its sentence, else its words), or None; the same words
    told again are the next place they stand ("3. `cmake --build build` → OK." and step 9's)."""
    for words in (claim.get("sentence"), claim.get("text")):
        if words:
            words = words.strip()
            at = text.find(words, seen.get(words, -1) + 1)
            if at >= 0:
                seen[words] = at
                return at
    return None


def _timeline_changes(text):
    """(start of the item, start of the change) of each item of a timeline list that changes code."""
    items = list(_NUMBERED.finditer(text))
    found = []
    for index, m in enumerate(items):
        first = index == 0 or int(m.group(1)) <= int(items[index - 1].group(1))
        if first:
            run = [m]
            for n in items[index + 1:]:
                if int(n.group(1)) != int(run[-1].group(1)) + 1:
                    break
                run.append(n)
            if len(run) > 1 and _is_timeline(text, run):
                found.extend((n.start(), n.start()) for n in run[1:] if _changes_code(n.group(2)))
    return found


def _is_timeline(text, run):
    """A numbered list told as a timeline: introduced as one, or most items actions told done."""
    intro = text[:run[0].start()].rstrip().rsplit("\n", 1)[-1]
    if _TIMELINE_INTRO.search(intro):
        return True
    return sum(1 for m in run if _ACTION_ITEM.match(m.group(2))) * 2 > len(run)


def _sequenced_changes(text):
    """(start of the sentence, start of the change) of each sentence that opens with a word of
    sequence and changes code."""
    found = []
    for m in _sequence_starts(text):
        end = _SENTENCE_END.search(text, m.end())
        sentence = text[m.end():end.start() if end else len(text)]
        if _changes_code(sentence):
            found.append((m.start(), m.start()))
    return found


_SEQUENCE_STEMS = ("then", "after that", "afterwards", "later", "next", "finally", "subsequently",
                   u"\u7136\u540e", u"\u4e4b\u540e", u"\u63a5\u7740", u"\u540e\u6765", u"\u968f\u540e")


def _sequence_starts(text):
    """The words of sequence that open their sentence or line ("... passed. Then I reworked ...")."""
    low = text.lower()
    if not any(word in low for word in _SEQUENCE_STEMS):
        return []       # (most messages hold none: a substring test is cheaper than the pattern's scan)
    found = []
    for m in _SEQUENCE_WORD.finditer(text):
        lead = text[text.rfind("\n", 0, m.start()) + 1:m.start()].strip(u" \t-*>#0123456789.)")
        if not lead or text[:m.start()].rstrip()[-1:] in u".!?\u3002\uff01\uff1f" \
                or _SUBJECT_FIRST.search(text, max(0, m.start() - 8), m.start()):
            found.append(m)
    return found


# the agent opening the sentence before the word of sequence: "... after adding the endpoint. I then renamed ..."
_SUBJECT_FIRST = LazyRegex(r"(?:^|[.!?]\s+|\n\W*)(?:i|we)\s+$", re.I)


def _changes_code(words):
    """A change of code told done in ``words``, not only of docs, nor denied ("Haven't updated the
    schema file", "没改")."""
    m = _CHANGE.search(words)
    return bool(m) and not _DOCS_ONLY.search(words) and not _DENIED.search(words[max(0, m.start() - 24):m.start()]) \
        and not _NAMES_A_THING.search(words, 0, m.start())


# a relative clause naming a thing by a change made to it, no change told of its own: "`clang-tidy` on the
# two files I changed", "the tests we added"
_NAMES_A_THING = LazyRegex(r"\b(?:the|those|these|all|both|each|every|any|\d+|two|three|four|five)\s+(?:[\w.-]+\s+){0,2}?"
                            r"(?:files?|modules?|functions?|tests?|specs?|classes|class|packages?|code|lines?|paths?|ones|parts?)"
                            r"\s+(?:that\s+)?$", re.I)
_DENIED = re.compile(u"(?:n't|\\bnot|\\bnever|\\bno longer|\u6ca1\u6709?|\u672a|\u4e0d)\\W*(?:\\w+\\W+)?$", re.I)
