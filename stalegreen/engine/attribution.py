"""Which part of one command's output each of its runs printed.

An unwrapped line such as ``pytest tests/unit; pytest tests/api | tail -5`` hands back one output
for two runs. Judged on all of it, the first run's failure would fail the second too, and the
second would report the first's counts. So the output is cut at anchors, looked for in source
order with a cursor that only moves down the lines:

- the line a literal ``echo`` / ``printf`` prints (``echo "== api =="``);
- the first line a run prints: a package script's banner (``> app@1.0.0 lint``), pytest's
  session header, cargo's ``Compiling``, and so on.

A run's part starts at its own header, or else at the nearest anchor found before it, and ends at
the next anchor found after it. When no anchor is found, every run gets the whole output, as before.
"""

import re

from stalegreen.engine.lazyregex import LazyRegex
from stalegreen.engine.masking import is_echo_flag

# The first line a runner family prints (families as in outputs.RUNNER_FAMILIES).
_CARGO = r"^\s*(?:Compiling|Checking|Finished|Running|Downloading|Updating) \S"
HEADERS = {
    "pytest": r"^=+ test session starts =+\s*$",
    "vitest": r"^\s*RUN\s+v\d",
    "jest": r"^(?:PASS|FAIL) \S",
    "cargo": _CARGO,
    "nextest": _CARGO,
    "go": r"^(?:ok|FAIL|\?)\s+\S",
    "playwright": r"^Running \d+ tests? using",
    "mix": r"^Running ExUnit with seed",
    "rspec": r"^(?:Randomized with seed|Run options:)",
    "phpunit": r"^PHPUnit \d",
    "dotnet": r"Determining projects to restore",
    "next": r"\u25b2 Next\.js",
    "vite": r"^vite v\d",
    "tsup": r"CLI Building entry",
}
PACKAGE_MANAGERS = ("npm", "pnpm", "yarn", "bun")
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
    marks, cursor = [], 0
    for segment in parse.segments:
        if segment.index in owners:
            for index in owners[segment.index]:
                line = _find(lines, cursor, _header_test(runs[index]))
                if line is not None:
                    cursor = line + 1
                marks.append((line, index))
            continue
        literal = _printed_literal(segment)
        if literal:
            line = _find(lines, cursor, lambda text: text.strip() == literal)
            if line is not None:
                cursor = line + 1
                marks.append((line, None))
    return marks


def _find(lines, cursor, matches):
    for number in range(cursor, len(lines)):
        if matches(lines[number]):
            return number
    return None


def _header_test(run):
    """A test for the first line ``run`` prints (always false when its runner prints none)."""
    words = (run.runner or "").split()
    if words and words[0] in PACKAGE_MANAGERS:
        script = words[-1]

        def banner(text):
            named = _SCRIPT_BANNER.match(text)
            return named.group(1) == script if named else bool(_COMMAND_BANNER.match(text))
        return banner
    from stalegreen.engine.outputs import runner_families

    patterns = [HEADERS[f] for f in runner_families(run.runner) or () if f in HEADERS]
    if not patterns:
        return lambda text: False
    return re.compile("|".join("(?:%s)" % p for p in patterns)).search


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
