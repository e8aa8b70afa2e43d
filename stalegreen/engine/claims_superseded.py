# -*- coding: utf-8 -*-
"""The last word about a check stands: a claim that a later sentence contradicts is no claim.

The same command said to fail in a later sentence or row takes back its earlier pass ("1. `go
test ./...` — ok ... 4. `go test ./...` — FAIL"), when the failing segment is the state it tells
(not past, hedged, relayed, planned or conditional) and the claim and the failure are of the same
scope (the whole check, or the same command text for a part).

"The build passed. ... Right now the build is broken again." A sentence after an unqualified claim
of the whole of a check takes it back when one of its clauses says, as the present state, that the
check named bare is failing: "the build is broken (again)", "tests are failing now", "lint fails
again" (no past marker without a present one; not hedged, relayed, planned or conditional; nothing after
it in its sentence but a comparison with the state before). A
failure of a part, a kind or a count ("Integration tests: 2 failures", "3 tests fail on Windows",
"`packages/cli` still has 11 errors") is an exception the claim leaves out, not its negation, and a
claim of a part ("`pytest tests/api` passes") is not the whole one the failure speaks of.

The last word says it is the state now (now, again, still, currently): a bare "The tests fail." is
as likely the problem the message describes ("## Problem", "Symptom: the build is broken"). And it
opens its sentence: a label, a circumstance or a condition before it ("In CI, though, ...", "With
the old config, ...") sets it in another state than the one the claim speaks of; a question asks.
"""

import re

from stalegreen.engine import clauses, lexicon

# a sentence holding one of these asserts no current failure
_NOT_ASSERTED = ("hedge", "relay", "conditional", "future", "instruction", "retraction", "disclosure")

# a clause saying a check named bare is failing: "right now the build is broken again"
_FAILS_NOW = re.compile(
    r"(?i)^\W*(?:(?:but|and|so|yet|however|right now|now|currently|at the moment|unfortunately|sadly)\b,?\s+)*"
    r"(?:the\s+|our\s+)?(?:(?:whole|entire|full)\s+)?"
    r"(?P<check>build|tests|test suite|suite|specs|lint|linting|type ?check(?:ing)?|compilation)\s+"
    r"(?:(?:is|are|has|have)\s+)?(?:(?:still|now|again|once again|currently|also)\s+)*"
    r"(?:broken|failing|red|fails|fail|erroring)\b(?:\s+(?:again|now|still))*\W*$")
# said as the state now, or as a change since the claim
_NOW = re.compile(r"(?i)\b(?:now|again|still|currently|at the moment|anymore|any longer)\b")
# what may come before the failing clause in its sentence: connectives and words of time only
_BARE_LEAD = re.compile(r"(?i)^[\W_]*(?:(?:but|and|so|yet|however|right now|now|currently|at the moment|unfortunately"
                        r"|sadly)\b[\W_]*)*$")
# what may follow it: a comparison with the state before ("..., exactly as it was when you handed it to
# me"); anything else (a cause, a part, a place: ", but only for the generated files") qualifies it
_AS_BEFORE = re.compile(r"(?i)^[\W_]*(?:exactly |just |the )?(?:as|same as|like)\b(?: it)?(?: was| did)?\b"
                        r"|^[\W_]*(?:as|like) before\b")
_CATEGORY = {"build": "build", "compilation": "build", "tests": "test", "test suite": "test", "suite": "test",
             "specs": "test", "lint": "lint", "linting": "lint"}


def superseded(reader, found):
    """The claims of ``found`` a later sentence of ``reader``'s message says are failing now:
    the check named bare, or the same command said to fail in a later sentence or row ("1.
    `go test ./...` \u2014 ok ... 4. `go test ./...` \u2014 FAIL")."""
    return _bare_check_fails(reader, found) + _same_run_fails(reader, found)


def _same_run_fails(reader, found):
    """Claims of a command that a later sentence says failed: the same runner and check, the
    claim or the failure of the whole of it (a part failing leaves another part's pass alone)."""
    runs = [c for c in found if c.get("tool")]
    if not runs:
        return []
    failed = [(at, run) for at, sentence in enumerate(reader.sentences) if at and "sg" in sentence
              for run in _runs_failing(reader, sentence)]
    if not failed:
        return []       # (the places of the claims are looked up only when a run failed)
    told = _first_told(reader)
    return [c for c in runs if any(
        at > told.get(c["sentence"], at) and category == c["category"] and tool == c["tool"]
        and scope == c["scope"] and (scope == "all" or command in c["text"])
        for at, (category, tool, scope, command) in failed)]


# a held command in a sentence: "sgt3x" (t, y, l, b: test, typecheck, lint, build)
_HELD_RUN = re.compile(r"\bsg[tylb](\d+)x\b")


def _runs_failing(reader, sentence):
    """(category, tool, scope, command) of each command ``sentence`` says failed, as the state it tells:
    the command alone in its clause with a failure word ("`go test ./...` \u2014 FAIL"), and the
    clause neither past, hedged, relayed, planned nor conditional, nor saying it passes."""
    if not lexicon.search("failure", sentence):
        return []
    found = []
    parts = clauses.split(sentence)
    for segment in sorted(set(p.segment for p in parts)):
        # (a segment, not a clause: "`npm test` \u2014 failed" is one; what leads it governs it:
        # "Before my change, `npm test` failed", "If you remove the mock, `npm test` fails")
        text = clauses.segment_text(sentence, parts, segment)
        held = _HELD_RUN.findall(text)
        if len(held) != 1:
            continue
        plain = reader.g.clean_phrases.sub(" ", _HELD_RUN.sub(" ", text))
        if not lexicon.search("failure", plain) or any(m.lastgroup != "nofail" for m in reader.g.predicate.finditer(plain)) \
                or any(lexicon.may_match(role, text) and lexicon.search(role, text) for role in _NOT_ASSERTED) \
                or lexicon.search("past", text) and not lexicon.search("present", text):
            continue
        _, command, category, tool, scope = reader.span(int(held[0]))
        if category and tool:
            found.append((category, tool, scope, command))
    return found


def _first_told(reader):
    """A sentence's text -> where it is first told."""
    first = {}
    for at, sentence in enumerate(reader.sentences):
        first.setdefault(reader.restore(sentence), at)
    return first


def _bare_check_fails(reader, found):
    if not any(c["scope"] == "all" and not c["qualified"] for c in found):
        return []
    last_failing = {}       # category -> the last sentence saying it fails now
    for at, sentence in enumerate(reader.sentences):
        for category in _failing_now(sentence):
            last_failing[category] = at
    if not last_failing:
        return []
    first_told = _first_told(reader)
    return [c for c in found if c["scope"] == "all" and not c["qualified"] and c["category"] in last_failing
            and first_told.get(c["sentence"], len(first_told) + len(reader.sentences)) < last_failing[c["category"]]]


def _failing_now(sentence):
    """The categories of the checks ``sentence`` says, named bare, are failing now. What comes
    before the failing clause in its segment governs it ("If I revert it, the build is broken
    again"); what follows qualifies it too (", but only for the generated files"), save a comparison
    with the state before ("..., exactly as it was when you handed it to me")."""
    if not lexicon.search("failure", sentence):
        return set()
    failing = set()
    parts = clauses.split(sentence)
    for part in parts:
        m = _FAILS_NOW.match(sentence[part.lo:part.hi])
        rest = sentence[part.hi:]
        if not m or "?" in sentence[part.lo:] or not _BARE_LEAD.match(sentence[:part.lo]) \
                or re.search(r"\w", rest) and not _AS_BEFORE.match(rest):
            continue
        lead = sentence[min(p.lo for p in parts if p.segment == part.segment):part.hi]
        if not _NOW.search(lead):
            continue
        if any(lexicon.may_match(role, lead) and lexicon.search(role, lead) for role in _NOT_ASSERTED) \
                or lexicon.search("past", lead) and not lexicon.search("present", lead):
            continue
        failing.add(_CATEGORY.get(m.group("check").lower(), "typecheck"))
    return failing
