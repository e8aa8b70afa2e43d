"""Reading a regular expression's source without compiling it.

Shared by the output judge (``engine/logscan``: the literals a row's matches must hold) and the
claims lexicon (``engine/lexicon``: the stems a role's entries start with).
"""


def group_end(pattern, i):
    """Index of the character that closes the group or class opening at ``pattern[i]`` (``(`` or
    ``[``; escapes skipped, groups nested, a ``]`` first in a class is a literal), or the length
    of the pattern when it never closes."""
    depth, in_class, n = 0, False, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]" or pattern[i + 1:i + 3] == "^]":
                i += 1 if pattern[i + 1] == "]" else 2
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if depth == 0 and not in_class:
            return i
        i += 1
    return n


def alternatives(pattern):
    """Top-level alternatives of a regex source (bars inside groups or classes do not split)."""
    parts, start, i = [], 0, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c in "([":
            i = group_end(pattern, i)
        elif c == "|":
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


def first_char_source(pattern, flags, chars):
    """``pattern``'s source with the top-level alternatives that cannot begin with a character of
    ``chars`` made to fail at once (``(?!)`` before them: the groups and their numbers stay), or
    None when every alternative may. Matched where the text holds one of ``chars``, it finds what
    ``pattern`` finds, trying fewer alternatives."""
    parts = alternatives(pattern)
    kept = []
    for part in parts:
        if not may_start_with(part, flags, chars):
            part = "(?!)" + part
        elif part.startswith("(?P<") and group_end(part, 0) == len(part) - 1:
            # a named group of alternatives ("(?P<clean>...|...)"): the same, one level in
            head = part.index(">") + 1
            inner = first_char_source(part[head:-1], flags, chars)
            part = part[:head] + inner + ")" if inner is not None else part
        kept.append(part)
    return "|".join(kept) if kept != parts else None


def may_start_with(alternative, flags, chars):
    """False only when no match of regex source ``alternative`` (compiled with ``flags``) can
    begin with a character of ``chars`` nor be empty: read from the parsed pattern, every
    construct it does not know counts as "may" (so the answer errs towards True)."""
    try:
        from re import _parser as parser
    except ImportError:     # Python < 3.11
        import sre_parse as parser
    try:
        parsed = parser.parse(alternative, flags)
    except Exception:
        return True
    return _sequence(list(parsed), chars)[0]


def _sequence(items, chars):
    """(whether the items may begin with a char of ``chars``, whether they may match empty)."""
    for op, av in items:
        may, empty = _item(op.name if hasattr(op, "name") else str(op), av, chars)
        if may:
            return True, empty
        if not empty:
            return False, False
    return True, True       # all of it may be empty: what follows it is unknown here


def _item(name, av, chars):
    if name in ("AT", "ASSERT", "ASSERT_NOT"):
        return False, True      # zero width
    if name == "LITERAL":
        return chr(av) in chars, False
    if name == "IN":
        return _in_set(av, chars), False
    if name in ("SUBPATTERN", "ATOMIC_GROUP"):
        return _sequence(list(av[-1] if name == "SUBPATTERN" else av), chars)
    if name == "BRANCH":
        found = [_sequence(list(branch), chars) for branch in av[1]]
        return any(m for m, _ in found), any(e for _, e in found)
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, high, body = av
        may, empty = _sequence(list(body), chars)
        return may and high != 0, empty or low == 0
    return True, True


def _in_set(items, chars):
    for op, av in items:
        name = op.name if hasattr(op, "name") else str(op)
        if name == "LITERAL":
            if chr(av) in chars:
                return True
        elif name == "RANGE":
            if any(av[0] <= ord(c) <= av[1] for c in chars):
                return True
        elif name == "CATEGORY":
            kind = av.name if hasattr(av, "name") else str(av)
            if kind in ("CATEGORY_DIGIT", "CATEGORY_UNI_DIGIT"):
                if any(c.isdigit() for c in chars):
                    return True
            elif kind not in ("CATEGORY_SPACE", "CATEGORY_UNI_SPACE", "CATEGORY_LINEBREAK", "CATEGORY_UNI_LINEBREAK",
                              "CATEGORY_NOT_WORD", "CATEGORY_UNI_NOT_WORD") or not all(c.isalnum() for c in chars):
                return True
        else:
            return True     # NEGATE and anything else
    return False
