# -*- coding: utf-8 -*-
"""Whether a whole sentence is a plan item ("Next steps: run the tests"), which carries no claim,
or a numbered step that says what was done ("Step 3: Ran `sbt compile` again — success")."""

import re

from stalegreen.engine import claims_meaning


def sentence_reason(g, s, plain_s=None):
    """Why a whole sentence cannot carry a claim: it is a plan item. ``plain_s``: ``plain(g, s)``
    when the caller has it (a ``Meaning``'s), not worked out twice."""
    text = claims_meaning.plain(g, s) if plain_s is None else plain_s
    label = g.plan_inline.match(text)
    if not label:
        return None
    if _STEP.match(label.group(0)) and (_STEP_VERB.match(text, label.end()) or _STEP_RESULT.search(s)):
        return None
    return "plan"


# a numbered step is a plan unless it says what was done ("Step 3: Ran X — success", "Step 4: `pnpm build` — OK")
_STEP = re.compile(u"^\\W*(?:\\*\\*)?(?:step \\d+|\u6b65\u9aa4 ?\\d+)", re.I)
_STEP_VERB = re.compile(r"\W*(?:(?:then|and|also|first|finally)\s+)?(?:(?:re-?)?ran|\w{3,}ed|built|wrote|found|made|got|took|did)\b", re.I)
_STEP_RESULT = re.compile(u"\\bsg[tylbc]\\d+x\\s*(?:\u2192|->|=>|[\u2014\u2013:]|-\\s)")
