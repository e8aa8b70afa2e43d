# -*- coding: utf-8 -*-
"""Where a result a claim tells comes from, when a relay word stands near it: the agent's own run
named as the source ("per the stats from `npm run build`"), or CI named as what the agent edited or
what the claimed thing blocked ("..., and I've dropped 8 and 11 from the CI matrix"), not as the one
reporting the result."""

import re

from stalegreen.engine import clauses, lexicon

# a clause after the claim where CI is what the agent edited, or what the claim's thing blocked: "..., and
# I've dropped 8 and 11 from the CI matrix", "..., which was the thing blocking the CI job"
EDITED_THERE = re.compile(r"^\W*(?:and\s+)?(?:(?:i|we)(?:'ve|\u2019ve| have)?\s+(?:also\s+)?(?:dropped|removed|added|updated|changed"
                          r"|edited|bumped|pinned|enabled|disabled|moved|renamed|deleted|created)\b|(?:which|that)\s+(?:was|had been)\b)",
                          re.I)

# the agent's own run named as the source: "per the stats from `npm run build`", "according to the output of `pytest`"
_OWN_OUTPUT = re.compile(r"\b(?:per|according to)\s+(?:the|its|my)\s+(?:\w+\s+){0,2}?(?:stats|statistics|output|numbers|log|logs|summary"
                         r"|report|results?)\s+(?:from|of)\s+(?:running\s+)?sg[tylb]\d+x", re.I)


def own_output_only(s, plain, parts, segment):
    """The segment's only relay is a source that is the agent's own run: with it blanked (``plain``, the
    sentence with its code as filler, keeps ``s``'s offsets) no relay is left."""
    m = _OWN_OUTPUT.search(clauses.segment_text(s, parts, segment))
    if not m:
        return False
    text = clauses.segment_text(plain, parts, segment)
    return not lexicon.search("relay", text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():])
