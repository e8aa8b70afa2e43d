# -*- coding: utf-8 -*-
"""Commands a message says run others, for the claims reader (``claims``): "`make check` that runs
`go vet` and the tests", "`npm run ci` (it covers ktlint)". A claim of such a command is a claim of
each check it is said to run.

``note(reader, sentence)`` records what a sentence says a command runs (in ``reader.composites``:
the command's runner -> the categories); ``add(reader)`` adds, for each claim of a recorded
command, a claim of each category it runs that the message does not claim already.
"""

import re

from stalegreen.engine import claims_en, claims_lists


def note(reader, s):
    """Record what ``s`` says a command runs."""
    if not _COMPOSITE.search(s):
        return
    g = reader.g
    subjects = [x for x in (claims_en.subject_info(reader, s, m) for m in g.subjects(s))
                if x["category"] and x["kind"] not in ("buildable", "every", "pron")]
    for m in _COMPOSITE.finditer(s):
        command = next((x for x in subjects if x["start"] == m.start() and x["kind"] == "code"), None)
        after = [x for x in subjects if x["start"] >= m.end()]
        if command is None or not command.get("tool") or not after or s[m.end():after[0]["phrase_start"]].strip(" :"):
            continue
        listed = claims_lists.group_starting(g, s, after)
        reader.composites.setdefault(command["tool"], set()).update(x["category"] for x in listed)


def add(reader):
    """Each claim of a composite command claims the categories of the runs it is said to make."""
    have = set(c["category"] for c in reader.found)
    for claim in list(reader.found):
        for category in sorted(reader.composites.get(claim.get("tool"), ())):
            if category not in have:
                have.add(category)
                reader.found.append(dict(claim, category=category, tool=None, scope="all", counts={}, alternates=[]))


# a command said to run others: "`make check` that runs ...", "`npm run ci` runs ..."
_COMPOSITE = re.compile(r"\bsg[tylb]\d+x(?:\s*,?\s+\(?(?:(?:that|which|it)\s+)?|[^.;]{0,60}?(?:\s[\u2014\u2013]|,|;|\band\b|\s(?=\())\s*\(?"
                        r"(?:that|which|it|this)(?:\s+(?:task|target|command))?\s+)(?:runs?|ran|invokes?|calls?|chains?|wraps?"
                        r"|covers?|includes?|included)\s+(?:(?:both|all of|all|the)\s+)*", re.I)
