"""The shell options that decide what a line's exit status says, as they stand before each
segment of a parsed line.

- pipefail: a pipeline fails when any of its members fails (``set -o pipefail``).
- errexit (``set -e``): a command that fails ends the script with its own status, so a command
  after it cannot replace that status. Counted only where it is certain to be on: a ``set -e``
  that runs unconditionally at the top level of the script (not in a group, a condition, a
  pipeline or an ``&&``/``||`` list); any ``set +e`` turns it off for the rest of the line.
"""


def option_name(word):
    """``err_exit``, ``--pipefail``, ``PIPE_FAIL`` -> ``errexit``, ``pipefail``."""
    return word.lower().replace("_", "").lstrip("-")


def set_option(args, name, letter, on):
    """The option ``name`` after ``set``-style arguments (``-o name``, ``+o name``, and the
    option's ``letter`` in a flag cluster such as ``-euo``), starting from ``on``."""
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            break
        if word[:1] in ("-", "+") and len(word) > 1 and not word.startswith("--"):
            flags = word[1:]
            if letter and letter in flags:
                on = word[0] == "-"
            if "o" in flags and i + 1 < len(args) and option_name(args[i + 1]) == name:
                on = word[0] == "-"
                i += 1
        i += 1
    return on


def _apply(words, name, letter, on):
    """``on`` after one simple command (``set``, zsh's ``setopt``/``unsetopt``, ``shopt -o``)."""
    if not words:
        return on
    head = words[0]
    if head == "set":
        return set_option(words[1:], name, letter, on)
    if head in ("setopt", "unsetopt") and any(option_name(w) == name for w in words[1:]):
        return head == "setopt"
    if head == "shopt" and name in words and any(w.startswith("-") and "o" in w for w in words[1:]):
        return "-u" not in words
    return on


def pipefail_states(parse, on=False):
    """Pipefail before each segment, in one pass (a subshell restores it on exit); ``on``: the
    state the shell starts in."""
    states = []
    saved = []     # [(subshell group index, state when it was entered)]
    for seg in parse.segments:
        inside = [g for g in seg.groups if parse.groups[g].kind == "subshell"]
        while saved and saved[-1][0] not in inside:
            on = saved.pop()[1]
        for g in inside:
            if g not in [entry[0] for entry in saved]:
                saved.append((g, on))
        states.append(on)
        on = _apply(seg.words, "pipefail", None, on)
    return states


def errexit_states(parse, on=False):
    """Errexit before each segment, where it is certain (see the module's docstring)."""
    certain = unconditional(parse)
    states = []
    for seg in parse.segments:
        states.append(on)
        after = _apply(seg.words, "errexit", "e", on)
        on = after and (on or seg.index in certain)
    return states


def unconditional(parse):
    """Indices of the top-level segments that run whatever ran before them: each its own
    pipeline and its own ``&&``/``||`` list, not sent to the background."""
    top = sorted([s for s in parse.segments if not s.groups] + [g for g in parse.groups if g.parent is None],
                 key=lambda item: item.start)
    found = set()
    for position, item in enumerate(top):
        before = top[position - 1].op if position else None
        if hasattr(item, "words") and item.op not in ("&&", "||", "|", "|&", "&") \
                and before not in ("&&", "||", "|", "|&"):
            found.add(item.index)
    return found
