"""engine/regexsource.py: reading a regex's source without compiling it."""

import pytest

from stalegreen.engine.regexsource import alternatives, group_end


@pytest.mark.parametrize("pattern, start, end", [
    ("(a|b)c", 0, 4),
    ("(a(b)c)d", 0, 6),
    ("[)|]x", 0, 3),
    ("[]a]x", 0, 3),          # a ] first in a class is a literal
    ("[^]a]x", 0, 4),
    (r"(a\)b)c", 0, 5),
    ("(abc", 0, 4),           # never closes: the length
])
def test_group_end(pattern, start, end):
    assert group_end(pattern, start) == end


def test_alternatives_split_only_at_the_top():
    assert alternatives(r"a|b(c|d)|[|]|e\|f") == ["a", "b(c|d)", "[|]", r"e\|f"]
    assert alternatives("[^]|]x|y") == ["[^]|]x", "y"]
