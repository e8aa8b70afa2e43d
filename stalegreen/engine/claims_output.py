# -*- coding: utf-8 -*-
"""Runner output quoted in a message, read as what it shows: a fenced transcript (a ``$ pytest``
line and what it printed, or a block of a runner's output) or an inline span quoting a runner's
summary line (```pytest -q` -> `148 passed in 6.21s```).

Quoted output that shows a pass is evidence the agent reports, as much as "the tests pass" is
(the labelling rules of the blind and development sets: "quoted runner output that shows a pass"). What an output says is
decided by the reader the receipts use (``outputs``): a format it knows is read the same in a
message as in a run's log, and one it does not know (or source code, or a diff) says nothing.
The claims reader turns each verdict into words its grammar reads ("`pytest -q` passes"), so the
sentence around the output (past, relayed, hedged, a question) still decides.
"""

import re

# Fence info strings of a terminal transcript or a log; a block tagged with a programming language
# is source code, whatever it contains.
TRANSCRIPT_TAGS = frozenset((
    "", "text", "txt", "plaintext", "plain", "console", "terminal", "shell", "shell-session", "shellsession",
    "sh", "bash", "zsh", "fish", "pwsh", "powershell", "ps", "cmd", "bat", "log", "logs", "output", "out", "ansi",
))
CATEGORIES = ("test", "typecheck", "lint", "build")
_PROMPT = re.compile(r"^\s*(?:\$|>|PS [^>\n]*>|\u276f|%)\s+(\S.*)$")


def is_transcript(info):
    """Whether a fence's info string (what follows the opening backticks) marks a transcript."""
    return info.strip().lower() in TRANSCRIPT_TAGS


def sections(body):
    """``[(command or None, output)]``: the output each ``$ command`` line of a transcript printed,
    and the output before the first command (command None). A ``>`` line is a prompt only when the
    text after it is a verification command (``> next build`` is npm echoing its script)."""
    found = [[None, []]]
    for line in body.split("\n"):
        m = _PROMPT.match(line)
        if m and (line.lstrip()[:1] != ">" or _runs(m.group(1))):
            found.append([m.group(1).strip(), []])
        else:
            found[-1][1].append(line)
    return [(command, "\n".join(lines)) for command, lines in found if command or "".join(lines).strip()]


def _runs(command):
    from stalegreen.engine.lexicon import commands

    return commands.classify_code(command)


def shown(output, runs=()):
    """``[(category, runner, scope, verdict)]``: the categories whose result ``output`` shows
    (verdict "pass" or "fail"). ``runs``: the verification runs of the command that printed it
    ((category, runner, scope), from ``commands.classify_code``); a category none of them runs is
    read from the output alone (``mvn verify`` prints both the tests and BUILD SUCCESS)."""
    if not output.strip():
        return []
    from stalegreen.engine import outputs

    found = []
    for category in CATEGORIES:
        run = next((r for r in runs if r[0] == category), None)
        fail, passed, _ = outputs.find_signals(category, output, run[1] if run else None)
        if fail:
            found.append((category, run[1] if run else None, run[2] if run else "all", "fail"))
        elif passed and (run or passed not in GENERIC_PASSES):
            found.append((category, run[1] if run else None, run[2] if run else "all", "pass"))
    return found


# Pass formats any runner may print ("0 errors", "no issues found", "12 tests passed"): they tell
# the category of a run whose command is known, not of output alone.
GENERIC_PASSES = frozenset(("zero-errors", "no-issues", "generic-test-passed"))


def summary_verdict(code):
    """"pass" or "fail" when inline code quotes a runner's summary line (``148 passed in 6.21s``,
    ``Found 0 errors``), else None. Any failure the line shows makes it a failure."""
    verdicts = set(v for _, _, _, v in shown(code))
    if "fail" in verdicts:
        return "fail"
    return "pass" if verdicts else None
