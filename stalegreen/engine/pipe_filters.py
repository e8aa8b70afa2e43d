"""Pipe stages after a run that only shape text, so the rewrite may drop them.

A wrapped run's pipe stages are dropped (the log keeps everything, the agent sees the tail).
That is only faithful when the stage could not do anything but shape text: a fixed list of
filters, each with the flags that cannot write, read a file, or run a program. Anything
else (awk, `sed w`, `sort -o`, `rg --pre`, `less +!`, a file operand, an expansion) is not
droppable, so the line is not rewritten. ``rewrite`` drops such stages; ``permissions`` proves
with ``filter_files`` and ``expands`` that what stays reads nothing outside the project.

``masking`` reads a stage's arguments with the helpers at the end: how many lines a ``tail`` or
``head`` keeps (``line_count``, ``keeps_summary``) and whether a ``grep -v`` drops only noise no
failure line needs (``drops_only_noise``).
"""

class _Filter(object):
    """The flags of one filter that cannot write, read a file or run a program."""

    __slots__ = ("letters", "valued", "flags", "long_valued", "operands")

    def __init__(self, letters="", valued="", flags=(), long_valued=(), operands="files"):
        self.letters = letters            # short flags without a value
        self.valued = valued              # short flags taking a value (attached or next word)
        self.flags = frozenset(flags)     # long flags without a value
        self.long_valued = frozenset(long_valued)
        self.operands = operands          # "files", "pattern" (grep: then files) or "sets" (tr)


_LINES = ("--lines", "--bytes")
_GREP_FLAGS = ("--count", "--invert-match", "--ignore-case", "--extended-regexp", "--fixed-strings",
               "--basic-regexp", "--perl-regexp", "--line-number", "--quiet", "--silent",
               "--only-matching", "--word-regexp", "--line-regexp", "--no-filename", "--with-filename",
               "--text", "--color", "--colour", "--files-with-matches", "--files-without-match",
               "--byte-offset", "--initial-tab", "--null-data", "--no-messages")
_GREP = _Filter("EFGPiyvwxclLnhHoqsabTzZ", "emABC", _GREP_FLAGS,
                ("--regexp", "--max-count", "--after-context", "--before-context", "--context",
                 "--color", "--colour", "--label"), "pattern")
PURE_FILTERS = {
    "tail": _Filter("qv0123456789", "nc", ("--quiet", "--silent", "--verbose"), _LINES),
    "head": _Filter("qv0123456789", "nc", ("--quiet", "--silent", "--verbose"), _LINES),
    "grep": _GREP, "egrep": _GREP, "fgrep": _GREP,
    "wc": _Filter("lcwmL", "", ("--lines", "--words", "--chars", "--bytes", "--max-line-length")),
    "cat": _Filter("AbeEnstTuv", "", ("--number", "--number-nonblank", "--squeeze-blank",
                                      "--show-all", "--show-ends", "--show-tabs", "--show-nonprinting")),
    "sort": _Filter("bdfghiMnRrsuVz", "kt", ("--numeric-sort", "--reverse", "--unique",
                                             "--ignore-case", "--general-numeric-sort",
                                             "--human-numeric-sort", "--version-sort", "--stable",
                                             "--ignore-leading-blanks", "--dictionary-order",
                                             "--month-sort", "--random-sort", "--zero-terminated"),
                    ("--key", "--field-separator")),
    "uniq": _Filter("cdDiuz", "fsw", ("--count", "--repeated", "--unique", "--ignore-case",
                                      "--zero-terminated"), ("--skip-fields", "--skip-chars", "--check-chars")),
    "cut": _Filter("sz", "bcdf", ("--complement", "--only-delimited", "--zero-terminated"),
                   ("--bytes", "--characters", "--delimiter", "--fields", "--output-delimiter")),
    "tr": _Filter("cCdst", "", ("--complement", "--delete", "--squeeze-repeats", "--truncate-set1"),
                  (), "sets"),
}
# sed is a pure filter too, read by engine/sed.py (its scripts are checked one by one)
SCRIPTED = "sed"
_PATTERN_FLAGS = ("e", "--regexp")


def expands(raw):
    """True when a source word holds anything the shell would expand or substitute outside
    single quotes (``$``, backticks, globs, ``~``, braces): its value is then not its text."""
    quote = None
    i = 0
    while i < len(raw):
        char = raw[i]
        if quote == "'":
            if char == "'":
                quote = None
        elif char == "\\":
            i += 1
        elif char in "$`":
            return True
        elif quote == '"':
            if char == '"':
                quote = None
        elif char in "'\"":
            quote = char
        elif char in "*?[{}~":
            return True
        i += 1
    return False


def filter_files(segment):
    """The file operands a pure filter reads (``[]`` for stdin), or None when ``segment`` is
    not one of ``PURE_FILTERS`` used with its side-effect-free flags only (``sort -o``,
    ``grep -f``, ``sed 'w f'`` are None)."""
    words = getattr(segment, "words", None)
    if not words or (words[0] not in PURE_FILTERS and words[0] != SCRIPTED):
        return None
    if segment.assignments or any(expands(raw) for raw in segment.raw_words):
        return None
    if words[0] == SCRIPTED:
        return _sed_files(words[1:])
    spec = PURE_FILTERS[words[0]]
    operands, patterns = [], []
    args = words[1:]
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            operands.extend(args[i + 1:])
            break
        if word.startswith("--"):
            name, has_value, value = word.partition("=")
            if has_value and name in spec.long_valued:
                if name in _PATTERN_FLAGS:
                    patterns.append(value)
            elif not has_value and name in spec.flags:
                pass
            elif not has_value and name in spec.long_valued and i + 1 < len(args):
                i += 1
                if name in _PATTERN_FLAGS:
                    patterns.append(args[i])
            else:
                return None
        elif word.startswith("-") and len(word) > 1:
            for position, letter in enumerate(word[1:], 1):
                if letter in spec.letters:
                    continue
                if letter not in spec.valued:
                    return None
                value = word[position + 1:]
                if not value:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                if letter == "e":
                    patterns.append(value)
                break
        else:
            operands.append(word)
        i += 1
    if spec.operands == "sets":
        if not 1 <= len(operands) <= 2:
            return None
        return []
    if spec.operands == "pattern" and not patterns:
        if not operands:
            return None
        operands.pop(0)                   # the pattern, when no -e gave one
    return operands


def _sed_files(args):
    """The files a ``sed`` stage reads, or None unless its options only shape text and each
    script only prints, deletes, quits or substitutes (no ``w``, ``r``, ``e``). The reader loads
    here: only a line with a sed stage needs it."""
    from stalegreen.engine import sed

    found = sed.read_args(args)
    if not found.plain:
        return None
    scripts, operands = list(found.scripts), list(found.operands)
    if not scripts:
        if not operands:
            return None
        scripts.append(operands.pop(0))
    return operands if all(sed.is_pure_script(s) for s in scripts) else None


def droppable(segment):
    """True when a pipe stage after a run may be dropped by the rewrite: a pure filter, no
    redirect, no file operand."""
    if not hasattr(segment, "words") or segment.redirects:
        return False
    return filter_files(segment) == []


# ---------------------------------------------------------------- reading a stage's arguments (masking)

_NOISE_FLAGS = frozenset(("-v", "-i", "-E", "-F", "-vi", "-iv", "-vE", "-Ev", "-vF", "-Fv", "-viE", "-vEi",
                          "--invert-match", "--ignore-case", "--extended-regexp", "--fixed-strings"))
_FAILURE_WORDS = ("fail", "error", "err", "exception", "panic", "assert", "traceback", "abort", "fatal",
                  "not ok", "broken", "crash", "\u2716", "\u2718", "\u2717", "\u274c")


def drops_only_noise(args):
    """True for a ``grep -v`` that drops lines named by plain words that no failure line needs
    (``grep -v DeprecationWarning``, ``grep -Ev 'warning|deprecated'``): every other line, the
    failures among them, still reaches the agent. Any other flag, a file operand or a pattern with
    regex syntax or a failure word is not known to keep them."""
    patterns, inverted = [], False
    i = 0
    while i < len(args):
        word = args[i]
        if word in ("-e", "--regexp") and i + 1 < len(args):
            patterns.append(args[i + 1])
            i += 2
            continue
        if word not in _NOISE_FLAGS:
            if word.startswith("-") or patterns:
                return False
            patterns.append(word)
        inverted = inverted or word == "--invert-match" or (word.startswith("-") and "v" in word[1:3]
                                                             and not word.startswith("--"))
        i += 1
    if not (inverted and patterns):
        return False
    for pattern in patterns:
        for alternative in pattern.split("|"):
            plain = alternative.replace("-", "").replace("_", "").replace(" ", "")
            if len(plain) < 3 or not plain.isalnum() or not any(c.isalpha() for c in plain):
                return False
            if any(word in alternative.lower() for word in _FAILURE_WORDS):
                return False
    return True


def args_after(words, name):
    """The words after the command ``name`` (its path or its bare name) in ``words``."""
    for i, word in enumerate(words):
        if word.rsplit("/", 1)[-1] == name:
            return words[i + 1:]
    return []


def keeps_summary(args, fewest):
    """A `tail` that shows a run's last lines, at least ``fewest`` of them (not bytes)."""
    if any(a in ("-c", "--bytes") or a.startswith(("-c", "--bytes=")) for a in args):
        return False
    count = line_count(args)
    return count is None or count >= fewest


def _is_count(text):
    """``K`` or ``+K`` with 1-9 digits: a line count argument."""
    digits = text[1:] if text.startswith("+") else text
    return 1 <= len(digits) <= 9 and digits.isdecimal()


def line_count(args):
    """Lines a `tail`/`head` with ``args`` keeps: 10 by default, None for `-n +K` or byte counts."""
    i = 0
    count = 10
    while i < len(args):
        word = args[i]
        if word in ("-n", "--lines") and i + 1 < len(args):
            if _is_count(args[i + 1]):
                count = None if args[i + 1].startswith("+") else int(args[i + 1])
            i += 2
            continue
        if word in ("-c", "--bytes"):
            return None
        for prefix in ("--lines=", "-n", "-"):
            rest = word[len(prefix):]
            if word.startswith(prefix) and _is_count(rest):
                count = None if rest.startswith("+") else int(rest)
                break
        i += 1
    return count
