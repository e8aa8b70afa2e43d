"""Which part of one command's output each of its runs printed.

An unwrapped line such as ``pytest tests/unit; pytest tests/api | tail -5`` hands back one output
for two runs. Judged on all of it, the first run's failure would fail the second too, and the
second would report the first's counts. So the output is cut at anchors, looked for in source
order with a cursor that only moves down the lines:

- the line a literal ``echo`` / ``printf`` prints (``echo "== api =="``);
- the first line a run prints: a package script's banner (``> app@1.0.0 lint``), or the header
  of a format its runner prints (``catalog/formats.HEADERS``: pytest's session header, cargo's
  ``Compiling``, and so on).

A run's part starts at its own header, or else at the nearest anchor found before it, and ends at
the next anchor found after it. When no anchor is found, every run gets the whole output, as before.
"""

import bisect
import re

from stalegreen.engine.catalog.table import PACKAGE_MANAGERS
from stalegreen.engine.lazyregex import LazyRegex
from stalegreen.engine.unwrapped import is_echo_flag

# npm and pnpm: "> app@1.0.0 lint" (pnpm adds the folder), or "> lint" for a package without a name
_SCRIPT_BANNER = LazyRegex(r"^> (?:\S+@\S* )?(\S+)(?: \S+)?\s*$")
_COMMAND_BANNER = LazyRegex(r"^(?:\$ \S|yarn run v\d)")  # yarn 1 and bun: "$ eslint ."


def split(parse, runs, output):
    """Per run (in the order of ``runs``), the text of ``output`` it is judged on."""
    if len(runs) < 2 or not output:
        return [output] * len(runs)
    lines = output.split("\n")
    marks = _marks(parse, runs, lines)
    found = [line for line, _ in marks if line is not None]
    if not found:
        return [output] * len(runs)
    starts = _line_starts(lines)
    texts = [output] * len(runs)
    previous = 0
    for position, (line, owner) in enumerate(marks):
        if line is not None:
            previous = line
        if owner is None:
            continue
        begin = line if line is not None else previous
        end = next((later for later, _ in marks[position + 1:] if later is not None), len(lines))
        texts[owner] = output[starts[begin]:starts[end]] if end < len(lines) else output[starts[begin]:]
    return texts


def _marks(parse, runs, lines):
    """[(line or None, run index or None)] in source order: anchors found, and each run."""
    owners = {}
    for index, run in enumerate(runs):
        owners.setdefault(run.segment_index, []).append(index)
    anchors = _Anchors(lines)
    marks, cursor = [], 0
    for segment in parse.segments:
        if segment.index in owners:
            for index in owners[segment.index]:
                line = anchors.next_header(cursor, runs[index])
                if line is not None:
                    cursor = line + 1
                marks.append((line, index))
            continue
        literal = _printed_literal(segment)
        if literal:
            line = anchors.next_literal(cursor, literal)
            if line is not None:
                cursor = line + 1
                marks.append((line, None))
    return marks


class _Anchors(object):
    """Where each kind of anchor occurs in the output, each kind found in one pass over the
    lines when first asked for; the next one after a cursor is then a binary search. (Scanning
    from the cursor for each run would read the output once per run.)"""

    def __init__(self, lines):
        self.lines = lines
        self.literals = None              # stripped line -> [line numbers]
        self.banners = None               # script name -> [line numbers]
        self.command_banners = None       # [line numbers] of "$ cmd" / "yarn run v1"
        self.headers = {}                 # pattern -> [line numbers]

    def next_literal(self, cursor, literal):
        if self.literals is None:
            self.literals = {}
            for number, text in enumerate(self.lines):
                self.literals.setdefault(text.strip(), []).append(number)
        return _next(self.literals.get(literal), cursor)

    def next_header(self, cursor, run):
        """The first line ``run`` prints, at or after ``cursor`` (None when its runner prints
        no header or none is there)."""
        words = (run.runner or "").split()
        if words and words[0] in PACKAGE_MANAGERS:
            self._index_banners()
            found = [line for line in (_next(self.banners.get(words[-1]), cursor),
                                       _next(self.command_banners, cursor)) if line is not None]
            return min(found) if found else None
        pattern = _header_pattern(run.runner)
        if pattern is None:
            return None
        if pattern not in self.headers:
            search = re.compile(pattern).search
            self.headers[pattern] = [n for n, text in enumerate(self.lines) if search(text)]
        return _next(self.headers[pattern], cursor)

    def _index_banners(self):
        if self.banners is not None:
            return
        self.banners, self.command_banners = {}, []
        for number, text in enumerate(self.lines):
            named = _SCRIPT_BANNER.match(text)
            if named:
                self.banners.setdefault(named.group(1), []).append(number)
            elif _COMMAND_BANNER.match(text):
                self.command_banners.append(number)


def _next(numbers, cursor):
    """The first of the sorted ``numbers`` at or after ``cursor``, or None."""
    if not numbers:
        return None
    position = bisect.bisect_left(numbers, cursor)
    return numbers[position] if position < len(numbers) else None


def _header_pattern(runner):
    """The regex for the first line ``runner`` prints, or None when it prints none."""
    from stalegreen.engine.catalog.formats import HEADERS
    from stalegreen.engine.outputs import runner_families

    patterns = [HEADERS[f] for f in runner_families(runner) or () if f in HEADERS]
    return "|".join("(?:%s)" % p for p in patterns) or None


def _printed_literal(segment):
    """What an ``echo``/``printf`` with no expansion prints (at least 3 characters), else None."""
    words = segment.words
    if not words or words[0] not in ("echo", "printf") or segment.redirects:
        return None
    if "$" in segment.text or "`" in segment.text:
        return None
    args = [w for w in words[1:] if not is_echo_flag(w)] if words[0] == "echo" else words[1:2]
    text = " ".join(args).replace("\\n", "\n").strip()
    if "\n" in text or ("%" in text and words[0] == "printf"):
        return None
    return text if len(text) >= 3 else None


def _line_starts(lines):
    starts, position = [], 0
    for line in lines:
        starts.append(position)
        position += len(line) + 1
    return starts
