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
    ``chars`` taken out, or None when every alternative may: ``FirstChars``, for one set of
    characters."""
    return FirstChars(pattern, flags).source(chars)


class FirstChars(object):
    """A regex source read once (its top-level alternatives, and those of a named group that is
    one of them, each parsed once), to give ``source(chars)`` for many sets of characters: the
    source with the alternatives that cannot begin with a character of ``chars`` made to fail at
    once (``(?!)``) and emptied, their groups kept in place and empty, so every group keeps its
    name and number. Matched where the text holds one of ``chars``, it finds what ``pattern``
    finds, trying fewer alternatives, and compiles in a fraction of the time."""

    def __init__(self, pattern, flags):
        self.flags = flags
        self.parts = self._read(pattern)

    def _read(self, pattern):
        parts = []
        for part in alternatives(pattern):
            if part.startswith("(?P<") and group_end(part, 0) == len(part) - 1:
                # a named group of alternatives ("(?P<clean>...|...)"): the same, one level in (the
                # group may begin as one of its alternatives may, and is parsed only as those)
                head = part.index(">") + 1
                parts.append((part, None, (part[:head], self._read(part[head:-1]))))
            else:
                parts.append((part, _parsed(part, self.flags), None))
        return parts

    def source(self, chars):
        """The source for ``chars``, or None when every alternative may begin with one of them."""
        return _source_for(self.parts, chars)[0]


def _source_for(parts, chars):
    """(the source of ``parts`` for ``chars`` or None if unchanged, whether any part may begin
    with one of ``chars`` or match empty)."""
    kept, changed, failing, any_may = [], False, False, False
    for part, parsed, inner in parts:
        if inner is not None:
            source, may = _source_for(inner[1], chars)
        else:
            source, may = None, parsed is None or any(_sequence(parsed, chars))
        if not may:
            changed = True
            if failing:
                kept[-1] += _empty_groups(part)     # one failing alternative for a run of them
            else:
                kept.append("(?!)" + _empty_groups(part))
            failing = True
            continue
        any_may, failing = True, False
        if source is not None:
            part, changed = inner[0] + source + ")", True
        kept.append(part)
    return ("|".join(kept) if changed else None), any_may


def _parsed(alternative, flags):
    """The parsed items of ``alternative``, or None when it cannot be parsed alone (it then counts
    as one that may begin with anything)."""
    try:
        from re import _parser as parser
    except ImportError:     # Python < 3.11
        import sre_parse as parser
    try:
        return list(parser.parse(alternative, flags))
    except Exception:
        return None


def _empty_groups(part):
    """The capturing groups ``part`` opens, in order, each empty: ``(?P<name>)`` or ``()``."""
    found, i, in_class, n = [], 0, False, len(part)
    while i < n:
        c = part[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if part[i + 1:i + 2] == "]" or part[i + 1:i + 3] == "^]":
                i += 1 if part[i + 1] == "]" else 2
        elif c == "(":
            if part.startswith("(?P<", i):
                found.append(part[i:part.index(">", i) + 1] + ")")
            elif part[i + 1:i + 2] != "?":
                found.append("()")
        i += 1
    return "".join(found)


def may_start_with(alternative, flags, chars):
    """False only when no match of regex source ``alternative`` (compiled with ``flags``) can
    begin with a character of ``chars`` nor be empty: read from the parsed pattern, every
    construct it does not know counts as "may" (so the answer errs towards True)."""
    parsed = _parsed(alternative, flags)
    return parsed is None or any(_sequence(parsed, chars))


def _sequence(items, chars):
    """(whether the first character a match of the items consumes may be one of ``chars``,
    whether they may match empty)."""
    for op, av in items:
        may, empty = _item(op.name if hasattr(op, "name") else str(op), av, chars)
        if may:
            return True, empty
        if not empty:
            return False, False
    return False, True      # all of it may be empty: what follows it decides (the caller's "may be empty")


def _item(name, av, chars):
    if name in ("AT", "ASSERT", "ASSERT_NOT"):
        return False, True      # zero width
    if name == "LITERAL":
        return chr(av) in chars or chr(av).casefold() in chars, False     # (casefold: "\u017f" is an "s" to re.I)
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
            if chr(av) in chars or chr(av).casefold() in chars:
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
                              "CATEGORY_NOT_WORD", "CATEGORY_UNI_NOT_WORD") \
                    or not all(c.isalnum() and c.isascii() for c in chars):     # (to re.A, "\u212a" is no word)
                return True
        else:
            return True     # NEGATE and anything else
    return False
