"""An unwrapped run, once its output is known: what the agent saw of it and what it printed of its exit.

``masking.analyze`` says before a run what hides its result; for a run that was not rewritten
(the host did not allow it, or the config keeps it as typed), the receipt needs more, and only
once the output is there: whether a ``| tail -N`` let everything through (``visibility``), the
exit status an ``echo $?`` after the run printed (``status_echo``, ``echoed_exit``), and what
masks the receipt then (``receipt_masking``). The status-echo regexes compile on first use: the
PreToolUse hook never loads this module.
"""

from stalegreen.engine.masking import SHORT_TAIL, masking_reasons
SIGPIPE_EXIT = 141
_OUTPUT_HIDING = ("redirect:", "devnull:stdout", "devnull:both", "devnull:report", "closed:stdout")
_ECHO_KEEPS = _OUTPUT_HIDING + ("exit-zero:", "launched:")   # an echoed `$?` of `flake8 --exit-zero` is 0
# whatever; of `find -exec \;` or `python -c "pytest.main()"` the launcher's
_ECHO_PATTERNS = {}


def visibility(mask, output):
    """(visible, filtered) for an unwrapped run: can its own summary be in ``output``?"""
    if mask is None:
        return True, False
    if mask.read_back or _complete(mask, output):
        return True, False
    if mask.count_only:
        return False, True
    if mask.filtered:
        return bool((output or "").strip()), True
    if mask.tail is not None and mask.tail < SHORT_TAIL:
        return False, True          # `| tail -1`: one line kept, a summary at best
    return bool(mask.output_visible), False


def _complete(mask, output):
    """True when a ``| tail -N`` or ``| head -N`` let everything through: fewer lines came out
    than it keeps (blank lines count, a final newline does not)."""
    if mask.filtered or mask.count_only:
        return False
    kept = [n for n in (mask.tail, mask.head) if n is not None]
    if not kept:
        return False
    output = output or ""
    lines = output.count("\n") + (0 if output.endswith("\n") or not output else 1)
    return min(kept) > lines


def receipt_masking(mask, exit_echoed=False):
    """(masked, reasons) for a receipt of an unwrapped run, once the output is known: a run
    whose redirected output was read back is not hidden by that redirect, and a run whose exit
    the agent printed (``exit_echoed``) is hidden only by what kept its output away."""
    reasons = masking_reasons(mask)
    if not (mask.read_back or exit_echoed):
        return bool(mask.masked), reasons
    if mask.read_back:
        reasons = [r for r in reasons if r != "redirect:" + mask.read_back]
    if exit_echoed:
        reasons = [r for r in reasons if r.startswith(_ECHO_KEEPS)]
    elif not mask.exit_preserved:
        return True, reasons
    return bool(reasons), reasons


def echoed_exit(mask, output):
    """The run's exit status as its status echo printed it in ``output``, or None."""
    echo = status_echo(mask) if output else None
    if echo is None:
        return None
    regex, ordinal, copies = echo
    lines = [int(m.group(1)) for m in regex.finditer(output)]
    if len(lines) == copies:
        status = lines[ordinal]
    elif copies == 1 and lines:
        status = lines[-1]      # the echo's line comes after the run's own output
    else:
        return None             # some echoes of the same text are missing: no guessing
    if status == SIGPIPE_EXIT and mask.sigpipe:
        return None             # `| head` closed the pipe: killed, not failed
    return status


def is_echo_flag(word):
    """``-n``, ``-e``, ``-E`` and their combinations: echo options, not text."""
    return len(word) > 1 and word[0] == "-" and all(c in "neE" for c in word[1:])


def _echo_patterns():
    """The status-echo regexes, compiled when a receipt first asks."""
    if not _ECHO_PATTERNS:
        import re

        _ECHO_PATTERNS.update(
            printf_slot=re.compile(r"%(?:%|[-+ #0]*\d*(?:\.\d+)?[sdiu])"),
            expansion=re.compile(r"\$\{?pipestatus\[\d+\]\}?|\$\{[^}]*\}|\$\([^)]*\)|\$[A-Za-z_][A-Za-z0-9_]*"
                                 r"|\$[?\d]|`[^`]*`"),
            pipestatus=re.compile(r"\$\{PIPESTATUS\[(\d+)\]\}\Z|\$\{?pipestatus\[(\d+)\]\}?\Z"))
    return _ECHO_PATTERNS


def _status_token(token, position, last):
    """Whether ``token`` (``$?``, ``${PIPESTATUS[k]}``, zsh ``$pipestatus[k]``) is the exit
    status of pipeline member ``position``; a bare ``$?`` only when that member is the last."""
    if token in ("$?", "${?}"):
        return last
    member = _echo_patterns()["pipestatus"].match(token)
    if member is None:
        return False            # `${PIPESTATUS[0]:-$?}` is the pager's status under zsh
    bash, zsh = member.groups()
    return int(bash) == position if bash is not None else int(zsh) == position + 1


def status_echo(mask):
    """(regex, ordinal, copies) for the line an ``echo``/``printf`` right after the run's
    pipeline prints its exit status in, or None. Worked out only when a receipt asks (the
    PreToolUse hook never needs it)."""
    if mask is None or mask.echo_site is None:
        return None
    return _status_echo(*mask.echo_site)


def _status_echo(parse, after, position, last):
    """The forms read: ``pytest; echo "exit=$?"``, ``npm test | tail -5; echo "rc
    ${PIPESTATUS[0]}"``, ``pytest; rc=$?; echo "rc $rc"``."""
    if not after or getattr(after[0], "words", None) is None:
        return None
    first = after[0]
    echo, ours = first, lambda token: _status_token(token, position, last)
    if not first.words and first.assignments:
        names = [a.split("=", 1)[0] for a in first.assignments
                 if "=" in a and _status_token(a.split("=", 1)[1], position, last)]
        if not names or len(after) < 2 or getattr(after[1], "words", None) is None:
            return None
        echo = after[1]
        ours = lambda token: token in ["$" + n for n in names] + ["${%s}" % n for n in names]
    regex = _echo_regex(echo.words, ours)
    if regex is None:
        return None
    copies = [s for s in parse.segments if s.text == echo.text]
    ordinal = next((i for i, s in enumerate(copies) if s is echo), 0)
    return regex, ordinal, len(copies)


def _echo_regex(words, ours):
    """A regex for the output line of an echo/printf whose status token satisfies ``ours``,
    the status as group 1 and any other expansion as a wildcard."""
    if not words or words[0] not in ("echo", "printf"):
        return None
    import re

    patterns = _echo_patterns()
    args = list(words[1:])
    if words[0] == "echo":
        while args and is_echo_flag(args[0]):
            args.pop(0)
        text = " ".join(args)
    else:
        if not args:
            return None
        values = args[1:]
        text = patterns["printf_slot"].sub(lambda m: "%" if m.group() == "%%" else (values.pop(0) if values else ""),
                                args[0])
    text = text.replace("\\n", "\n")
    for line in text.split("\n"):
        line = line.strip()
        pieces, position, captured = [], 0, False
        for token in patterns["expansion"].finditer(line):
            pieces.append(re.escape(line[position:token.start()]))
            if ours(token.group()) and not captured:
                pieces.append(r"(-?\d{1,3})")
                captured = True
            else:
                pieces.append(".*?")
            position = token.end()
        if captured:
            pieces.append(re.escape(line[position:]))
            return re.compile(r"^[ \t]*" + "".join(pieces) + r"[ \t]*$", re.M)
    return None
