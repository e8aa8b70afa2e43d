"""Reading a regular expression's source without compiling it.

Shared by the output judge (``engine/logscan``: the literals a row's matches must hold) and the
claims lexicon (``engine/lexicon``: the stems a role's entries start with).
"""


def alternatives(pattern):
    """Top-level alternatives of a regex source (bars inside groups or classes do not split; a
    ``]`` first in a class is a literal)."""
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]" or pattern[i + 1:i + 3] == "^]":
                i += 2 if pattern[i + 1] == "]" else 3
                continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts
