# -*- coding: utf-8 -*-
"""Lists in claims: the coordinated subjects a predicate is said of ("`ruff`, `mypy` and `pytest`
pass"), and the checks a claim lists after it as what it ran (a parenthesis: "`make check` passes
(it runs fmt, vet and the unit tests)", an "including", a colon or a dash list ending the sentence),
each of which gets the claim's reading."""

import re

from stalegreen.engine.claims_grammar import CATEGORIES


# what a claim lists after it: a parenthesis ("`make check` passes (it runs fmt, vet and the unit tests)"),
# an "including" ("went through, including ktlint and the unit tests"), a colon or dash list ending the sentence
_LISTED_AFTER = re.compile(u"[(\uff08]([^()\uff08\uff09\n]{1,160})[)\uff09]|(?:,|\\s[\u2014\u2013])\\s+(?:including|incl\\.|plus)"
                          u"\\s+([^.;!?()\n]{1,160}?)\\s*(?=[.;!?]|$)|(?::\\s+|\uff1a\\s*|\\s[\u2014\u2013]\\s+)([^.;!?()\n:\uff1a\u3002]{1,160}?)\\s*(?=[.;!?\u3002]?$)")


def _listed_items(text, start, inside, separator, colon=False):
    """The items of a list after a claim (``text``, at ``start`` in the sentence), split by
    ``separator``, with the checks named in it (``inside``) blanked with their modifiers ("the 412
    unit tests"); None when it is a colon list an item of which names a check and more ("mypy next")."""
    rest = list(text)
    for x in inside:
        lo = max(x["phrase_start"], start) if x.get("mods") else x["start"]
        rest[lo - start:x["end"] - start] = " " * (x["end"] - lo)
    items = separator.split("".join(rest))
    if colon and any(item.strip() and item != said for item, said in zip(items, separator.split(text))):
        return None
    return items


def list_owner(s, subjects, first, gap):
    """The run named right before a parenthesis listing what it runs, ``first`` (a subject) in it after
    names only, ``gap`` (up to the predicate) closing it ("`mvn verify` (surefire + spotbugs) → BUILD SUCCESS")."""
    lead = s[:first.get("phrase_start", first["start"])].rstrip()
    opening = lead.rfind("(")
    if opening < 0 or not _NAMES_LISTED.fullmatch(lead, opening + 1) or ")" not in gap or "(" in gap:
        return []
    owner = [x for x in subjects if x["end"] <= opening and _OWNER_GAP.match(s, x["end"], opening)]
    return owner[-1:] if owner and owner[-1].get("category") else []


def closed_list(s, end, first, group):
    """``group``, the subjects a state (ending at ``end``) is said of after it, unless they stand in
    a parenthesis ("it's clean (`tox -e py312,lint`)") that holds more than them ("(mypy complained
    earlier)"): then []."""
    return group if not s[end:first["start"]].rstrip().endswith("(") or s[group[-1]["end"]:].lstrip()[:1] == ")" else []


_OWNER_GAP = re.compile(r"\s*(?:[a-z][\w-]*\s+){0,2}$", re.I)
_NAMES_LISTED = re.compile(r"(?:\s*[\w.:-]+\s*(?:[,+/&]|\band\b))*\s*", re.I)     # "surefire + failsafe + "


def by_place(pronoun, group):
    """The runs of ``group`` a pronoun picks by their place in its list ("the first two", "the
    latter"); all of them for any other pronoun."""
    m = _PLACE.match(pronoun)
    if not m or not group:
        return group
    count = 1 if m.group("which") in ("former", "latter") else _COUNTS[m.group("count")]
    return group[:count] if m.group("which") in ("first", "former") else group[-count:]


_PLACE = re.compile(r"(?P<which>first|last|former|latter)(?: (?P<count>one|two|three|four))?$", re.I)
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4}


def listed_after(s, candidates, mentions):
    """Claims of the checks listed right after a claim as what it ran: a parenthesis ("`make check`
    passes (it runs fmt, vet and the unit tests)", "hooks 全部 Passed（black、flake8、mypy）"), an
    "including", a colon or dash list ending the sentence ("hooks all pass: ruff, mypy"). The list must hold
    only checks and list words; each listed category not claimed already gets the claim's reading."""
    found = []
    have = set(c["category"] for c in candidates)
    for m in _overlapping(_LISTED_AFTER, s):
        k = m.lastindex
        before = [c for c in candidates if c["span"][1] <= m.start() and c["category"] in CATEGORIES
                  and not _STOP.search(s[c["span"][1]:m.start()])]
        if not before:
            continue
        inside = [x for x in mentions if m.start(k) <= x["start"] and x["end"] <= m.end(k) and x.get("category")]
        if not inside:
            continue
        items = _listed_items(m.group(k), m.start(k), inside, _LIST_SEPARATOR, colon=k == 3)
        if items is None or not all(_LIST_GLUE.match(item) for item in items):
            continue
        claim = before[-1]
        if k == 1 and len(inside) == 1 and inside[0]["kind"] == "code" and not claim.get("expanded") \
                and (inside[0].get("tool") or "").split(" ")[0] in _TASK_RUNNERS \
                and not m.group(k).replace(inside[0]["text"], "").strip():
            continue    # "All 9 tests pass (`make -C tb`)": the task runner that ran them, not one more check
        for x in inside:
            if x["category"] not in have:
                have.add(x["category"])
                found.append(dict(claim, category=x["category"], tool=x.get("tool"), scope="all", counts={},
                                  alternates=[]))
    return found


# commands that run whatever task a project gives them: after a claim, the means of its run
_TASK_RUNNERS = frozenset(("make", "gmake", "just", "task", "ninja", "rake", "cmake", "bazel", "scons", "npm", "pnpm",
                           "yarn", "bun"))


def _overlapping(pattern, s):
    """Every match of ``pattern`` starting at each position, where ``finditer`` would skip those
    inside an earlier one: a colon's list may hold the "including" list that holds the checks
    ("`pre-commit run`: all hooks passed, including ruff and mypy")."""
    m = pattern.search(s)
    while m:
        yield m
        m = pattern.search(s, m.start() + 1)


_STOP = re.compile(u"[.;!?\u3002\uff1b]\\s|[\uff0c,]\\s*\\S+\\s+\\S+\\s+\\S+")    # no sentence or clause between
_LIST_SEPARATOR = re.compile(u"[,\u3001\uff0c&/+;]|\\band\\b|\\bor\\b|\\bfollowed by\\b|\\bthen\\b|\u548c|\u53ca|\u4e0e")
# one item of the list: empty once its check is blanked, or one other name ("fmt", "black"), after
# the list's own words ("it runs", "includes", "the unit")
_LIST_GLUE = re.compile(
    u"^\\s*(?:(?:in|for) (?:this|the|our) (?:project|repo|repository|setup|build),?\\s+)?"
    u"(?:(?:it|which|that|they|sg[a-z]\\d+x)\\s+(?:runs?|includes?|covers?|does)\\s+|(?:that's|that is|which is|i\\.e\\.,?"
    u"|runs?|includes?|incl\\.?|covers?|plus|the|all|unit|its|both)\\s+|(?:\u91cc\u9762|\u5176\u4e2d)?\u4f1a?(?:\u5305\u62ec|\u5305\u542b|\u542b|\u8dd1|\u8fd0\u884c|\u6267\u884c)\u4e86?"
    u"|\u4ee5\u53ca)*"
    u"[A-Za-z0-9_.-]*(?:\\s+(?:in|for) (?:this|the|our) (?:project|repo|repository|setup|build))?\\s*$", re.I)


def group_starting(g, s, subjects, also=None):
    """The run of coordinated subjects from the first of ``subjects`` on ("`ruff`, `mypy` and `pytest`");
    ``also``: another gap that coordinates them."""
    group = [subjects[0]]
    for nxt in subjects[1:]:
        gap = s[group[-1]["end"]:nxt.get("phrase_start", nxt["start"])]     # (its modifiers are its own: "the unit tests")
        if g.coord_gap.match(gap) or also is not None and also.match(gap):
            group.append(nxt)
        else:
            break
    return group


def group_ending(g, s, subjects, listed=False):
    """The last run of subjects joined only by 'and', commas, slashes ('tests, lint and typecheck');
    ``listed``: a colon or a floated quantifier after them makes commas alone a list."""
    if not subjects:
        return []
    group = [subjects[-1]]
    joints = []
    for prev in reversed(subjects[:-1]):
        if prev["kind"] in ("pron", "every"):
            break
        joint = s[prev["end"]:group[0].get("phrase_start", group[0]["start"])]
        if not joint.strip() and prev.get("category") and prev.get("category") == group[0].get("category"):
            # a runner naming its own check's noun ("ruff lint", "the jest tests"): one subject
            group[0] = dict(group[0], phrase_start=prev.get("phrase_start", prev["start"]),
                            tool=group[0].get("tool") or prev.get("tool"))
            continue
        if "," in joint and (set(group[0].get("mods") or ()) & _QUANTIFIERS or re.search(r",\s*and\b", joint)) \
                and object_of_a_verb(s, prev):
            # "I didn't touch the build, and all tests pass", "None of the changes affect typing,
            # and `mypy` is clean": the comma and "and" open a clause, they end no list
            break
        if g.coord_gap.match(joint) and (joint.strip() or group[0].get("phrase_start", 0) < group[0]["start"]):
            group.insert(0, prev)
            joints.append(joint)
        else:
            break
    # commas alone do not coordinate ("apart from the e2e test, lint is clean"): a list needs an "and",
    # unless the sentence opens with it ("`pnpm test`, `pnpm lint`, `pnpm typecheck` — green")
    opens = not s[:group[0].get("phrase_start", group[0]["start"])].strip(u" *_-#>\u2022") \
        and all(x.get("category") and x["kind"] in ("code", "tool") for x in group)
    if joints and not (listed and not object_of_a_verb(s, group[0])) and not opens \
            and not any(re.search(u"\\b(?:and|n?or|both|plus|as well as)\\b|[&/+\u548c\u53ca\u4e0e\u8ddf]", j, re.I) for j in joints):
        return group[-1:]
    return group


def object_of_a_verb(s, subject):
    """Words other than list openers stand between the clause start and ``subject``: it is the
    object of something said before it, not the first item of a list of subjects."""
    lead = re.split(r"(?<!\bi)(?<!\bi\.e)[.;:!?\u2014(]|,\s", s[:subject.get("phrase_start", subject["start"])])[-1]
    lead = lead.replace("i.e.", " ")
    return any(w.lower() not in _LIST_OPENERS for w in re.findall(r"[A-Za-z']+", lead))


_LIST_OPENERS = frozenset(("both", "now", "also", "and", "then", "so", "the", "all", "finally", "still", "again",
                           "here", "locally", "ok", "yes", "great", "done",
                           # an apposition's opener: "`just check` (that's `cargo fmt --check`, ...)", "i.e."
                           "that's", "namely"))


_QUANTIFIERS = frozenset(("all", "every", "each", "whole", "entire", "full"))
