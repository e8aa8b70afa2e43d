"""Searching a long log with many regex rows, cheaply.

A row's pattern is compiled on first use, and tried only when the text holds one of its needles
(literals every match must contain, read from the pattern's source); a pattern that can never
cross a line end is tried only on the lines holding a needle. The output judge
(``engine/outputs``) reads every run's output through ``search``.
"""

import re

from stalegreen.engine.regexsource import alternatives, group_end

_M = re.M

_QUANTIFIERS = "?*{"
_BREAKERS = "^$.|"
_ESCAPED_CLASSES = "dDsSwWbBAZzntrfv0123456789"


def _literal_runs(alternative):
    """Literal stretches every match of this alternative must contain (groups and classes skipped)."""
    runs, current, i, n = [], [], 0, len(alternative)

    def close():
        if current:
            runs.append("".join(current))
            del current[:]

    while i < n:
        c = alternative[i]
        if c == "\\" and i + 1 < n:
            nxt = alternative[i + 1]
            if nxt == "u" and i + 5 < n and all(h in "0123456789abcdefABCDEF" for h in alternative[i + 2:i + 6]):
                char, width = chr(int(alternative[i + 2:i + 6], 16)), 6
            elif nxt in _ESCAPED_CLASSES or nxt.isalpha():
                close()
                i += 2
                continue
            else:
                char, width = nxt, 2
        elif c in "([":
            close()
            i = group_end(alternative, i) + 1
            if i < n and alternative[i] in _QUANTIFIERS + "+":
                i += 1
            continue
        elif c in _BREAKERS or c in ")]":
            close()
            i += 1
            continue
        elif c in _QUANTIFIERS or c == "+":
            close()
            if c == "{" and "}" in alternative[i:]:
                i = alternative.index("}", i)
            i += 1
            continue
        else:
            char, width = c, 1
        following = alternative[i + width:i + width + 1]
        if following and following in _QUANTIFIERS:
            close()
        elif following == "+":
            current.append(char)
            close()
        else:
            current.append(char)
        i += width
    close()
    return runs


def needles(pattern):
    """One literal per top-level alternative that any match must contain, or None (always search).

    Scanning a long log with ~100 regexes that start with a digit costs ~15 ns a character each;
    a substring test first is ~50 times cheaper and skips the rows that cannot match.
    """
    found = []
    for alternative in alternatives(pattern):
        runs = [r for r in _literal_runs(alternative) if len(r.strip()) >= 3]
        if not runs:
            return None
        found.append(max(runs, key=len))
    return tuple(found)


def may_match(row_needles, text):
    """Whether ``text`` holds one of a row's needles (always, for a row without)."""
    return row_needles is None or any(needle in text for needle in row_needles)


def search(pattern, row_needles, text):
    """The leftmost match of a row's pattern in ``text``, or None.

    Every match holds one of the row's needles, so a pattern that can never cross a line end is
    tried only on the lines that hold a needle: a few short searches instead of a regex that
    starts with ``\\b\\d+`` tried at every position of a long log. After ``LINE_TRIES`` such
    lines the rest of the text is searched in one go, so a needle on every line costs no more.
    """
    if row_needles is None:
        return regex(pattern).search(text)
    if not may_match(row_needles, text):
        return None
    compiled = regex(pattern)
    if not line_local(pattern):
        return compiled.search(text)
    position = 0
    for _ in range(LINE_TRIES):
        hits = [hit for hit in (text.find(needle, position) for needle in row_needles) if hit >= 0]
        if not hits:
            return None
        hit = min(hits)
        line_start = text.rfind("\n", 0, hit) + 1
        line_end = text.find("\n", hit)
        if line_end < 0:
            line_end = len(text)
        found = compiled.search(text, line_start, line_end)
        if found is not None or line_end == len(text):
            return found
        position = line_end + 1
    return compiled.search(text, position)


LINE_TRIES = 16
_line_locals = {}


def line_local(pattern):
    """Whether no part of ``pattern`` (lookarounds included) can match a newline or needs the
    string's end: then its matches, and the search for them, never reach past one line."""
    known = _line_locals.get(pattern)
    if known is None:
        try:
            parsed = _sre_parse().parse(pattern, _M)
            known = not _may_cross_lines(parsed, bool(parsed.state.flags & re.S))
        except Exception:       # an unfamiliar parser shape: search the whole text
            known = False
        _line_locals[pattern] = known
    return known


def _sre_parse():
    try:
        from re import _parser         # Python 3.11+
        return _parser
    except ImportError:
        import sre_parse
        return sre_parse


def _may_cross_lines(items, dotall):
    """True when a parsed regex (a sequence of (op, argument)) might match ``\\n`` or ``\\Z``."""
    for op, av in items:
        name = str(op)
        if name == "LITERAL":
            if av == 10:
                return True
        elif name == "NOT_LITERAL":
            if av != 10:
                return True     # [^x] takes a newline, [^\\n] does not
        elif name == "ANY":
            if dotall:
                return True
        elif name == "IN":
            if _set_has_newline(av):
                return True
        elif name == "AT":
            if str(av) in ("AT_END_STRING",):
                return True
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if _may_cross_lines(av[2], dotall):
                return True
        elif name == "SUBPATTERN":      # (group, flags added, flags removed, body)
            inner = (dotall or bool(av[1] & re.S)) and not av[2] & re.S
            if _may_cross_lines(av[-1], inner):
                return True
        elif name == "ATOMIC_GROUP":
            if _may_cross_lines(av, dotall):
                return True
        elif name in ("ASSERT", "ASSERT_NOT"):
            if _may_cross_lines(av[1], dotall):
                return True
        elif name == "BRANCH":
            if any(_may_cross_lines(branch, dotall) for branch in av[1]):
                return True
        elif name != "GROUPREF":
            return True         # anything else (conditional groups...): assume it might
    return False


_NEWLINE_CATEGORIES = ("CATEGORY_SPACE", "CATEGORY_NOT_DIGIT", "CATEGORY_NOT_WORD", "CATEGORY_LINEBREAK",
                       "CATEGORY_UNI_SPACE", "CATEGORY_UNI_NOT_DIGIT", "CATEGORY_UNI_NOT_WORD",
                       "CATEGORY_UNI_LINEBREAK")


def _set_has_newline(items):
    negate, has = False, False
    for op, av in items:
        name = str(op)
        if name == "NEGATE":
            negate = True
        elif name == "LITERAL":
            has = has or av == 10
        elif name == "RANGE":
            has = has or av[0] <= 10 <= av[1]
        elif name == "CATEGORY":
            has = has or str(av) in _NEWLINE_CATEGORIES
        else:
            return True
    return has != negate


_regexes = {}


def regex(pattern):
    """Compile on first use: most rows never get past their substring check, and compiling all
    ~200 patterns up front would cost ~15 ms on every hook process that reads an output."""
    compiled = _regexes.get(pattern)
    if compiled is None:
        compiled = _regexes[pattern] = re.compile(pattern, _M)
    return compiled
