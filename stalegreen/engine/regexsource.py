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
