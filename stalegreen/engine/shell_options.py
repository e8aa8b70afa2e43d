"""The shell options that decide what a line's exit status says, as they stand before each
segment of a parsed line, and what else in the line may replace a run's status.

- pipefail: a pipeline fails when any of its members fails (``set -o pipefail``).
- errexit (``set -e``): a command that fails ends the script with its own status, so a command
  after it cannot replace that status. Counted only in a child shell's script (``bash -e -c``,
  ``bash <<'EOF'``): the host runs the line itself as ``eval '<line>' && pwd -P >| f`` (Claude
  Code), and bash ignores errexit in all of a command left of ``&&`` (THIS_SHELL; ``eval``'s script
  likewise). There, only where it is certain to be on: a ``set -e`` that runs in the shell
  itself whatever ran before it, at the top level of the script (not in a group or a condition,
  no pipeline member, not after ``&&``/``||``, not sent to the background, no redirect that could
  fail); pipefail likewise, inside ``{ }`` and ``( )`` too, and for the rest of an and-list
  joined by ``&&`` alone up to it (`cd ios && set -o pipefail && xcodebuild | xcpretty`). Anything that may turn an option off does (``set +e``, ``builtin set
  +e``, ``eval``, ``source``, a call of a function of the line that may), for the rest of the line.
- hazards: a ``trap`` that may ``exit`` with its own status, and a function or an alias of the
  line named like the command, replace the status of a run after them.
"""

from stalegreen.engine.lazyregex import LazyRegex

_LISTS = ("&&", "||", "|", "|&")
_LOOPS = ("for", "while", "until")
# among a script's options: the line's own shell runs it (`eval "..."`), in a context the script
# does not show (`eval '...' && x` ignores errexit inside), so its errexit is never counted
THIS_SHELL = "(this shell)"
_SUBSTITUTION = LazyRegex(r"\$\(|`")
_KEEPS_STATUS = ("$?", "${?}")


def option_name(word):
    """``err_exit``, ``--pipefail``, ``PIPE_FAIL`` -> ``errexit``, ``pipefail``."""
    return word.lower().replace("_", "").lstrip("-")


def _named(word, name):
    """True when ``word`` names option ``name``, False when it names its negation (zsh's
    ``noerrexit``, ``no_pipe_fail``), else None."""
    found = option_name(word)
    return True if found == name else (False if found == "no" + name else None)


def set_option(args, name, letter, on):
    """The option ``name`` after ``set``-style arguments (``-o name``, ``+o name``, and the
    option's ``letter`` in a flag cluster such as ``-euo``), starting from ``on``. The first
    operand ends the options (``set x -e``, ``bash -s x -e``: positional parameters)."""
    i = 0
    while i < len(args):
        word = args[i]
        if word in ("--", "-") or word[:1] not in ("-", "+") or len(word) < 2:
            break
        if word.startswith("--"):
            i += 2 if word in ("--rcfile", "--init-file") else 1
            continue
        flags = word[1:]
        if letter and letter in flags:
            on = word[0] == "-"
        if ("o" in flags or "O" in flags) and i + 1 < len(args):
            named = _named(args[i + 1], name) if "o" in flags else None
            if named is not None:
                on = (word[0] == "-") == named
            i += 1
        i += 1
    return on


def unprefixed(words):
    """``builtin set +e``, ``command -p set +e`` -> ``set +e``; ``command -v x`` -> []."""
    words = list(words)
    while words and words[0] in ("builtin", "command"):
        words = words[1:]
        while words and words[0] in ("-p", "--"):
            words = words[1:]
        if words and words[0].startswith("-"):
            return []
    return words


class _Scope(object):
    """The functions and aliases a line defines (a call runs them, not a command of that name)."""

    def __init__(self, parse):
        self.parse = parse
        self.functions = {}
        for group in parse.groups:
            if group.function is not None:
                self.functions.setdefault(group.function, []).append(group)
        self.aliases = set()
        for seg in parse.segments:
            words = unprefixed(seg.words)
            if words[:1] == ["alias"]:
                self.aliases.update(w.split("=", 1)[0] for w in words[1:] if "=" in w)
        self.shadowed = set(self.functions) | self.aliases

    def may_unset(self, called, name, letter, seen):
        """True when calling ``called`` may turn the option off."""
        if called in self.aliases or called in seen:
            return True
        seen = seen | {called}
        for group in self.functions.get(called, ()):
            for index in group.segments:
                if not apply(self.parse.segments[index].words, name, letter, True, self, seen):
                    return True
        return False


def apply(words, name, letter, on, scope, seen=frozenset()):
    """``on`` after one simple command (``set``, zsh's ``setopt``/``unsetopt``, ``shopt -o``);
    what may turn it off (``eval`` of what cannot be read, ``source``, a function or alias of the
    line that may) does."""
    words = unprefixed(words)
    if not words:
        return on
    head = words[0]
    if head in scope.shadowed:
        return on and not scope.may_unset(head, name, letter, seen)
    if _expanded(head.rsplit("/", 1)[-1]) or (
            head in ("set", "setopt", "unsetopt", "shopt") and any(_expanded(w) for w in words[1:])):
        return False        # `$S +e`, `set $FLAGS`: what runs, or with what, is not known here
    if head == "set":
        return set_option(words[1:], name, letter, on)
    if head in ("setopt", "unsetopt"):
        for word in words[1:]:
            named = _named(word, name)
            if named is not None:
                on = named == (head == "setopt")
        return on
    if head == "shopt":
        flags = "".join(w[1:] for w in words[1:] if w.startswith("-"))
        if "o" in flags and any(option_name(w) == name for w in words[1:] if not w.startswith("-")):
            return False if "u" in flags else (True if "s" in flags else on)
        return on
    if head in ("source", "."):
        return False
    if head == "eval":
        return on and not _text_may_unset(" ".join(words[1:]), name, letter)
    return on


def _expanded(word):
    return "$" in word or "`" in word


def _text_may_unset(text, name, letter):
    """True when the script ``text`` (an ``eval``'s) may turn the option off."""
    from stalegreen.engine import shell

    if "$" in text or "`" in text:
        return True
    inner = shell.parse(text)
    scope = _Scope(inner)
    return not inner.confident or any(not apply(s.words, name, letter, True, scope) for s in inner.segments)


def _states(parse, name, letter, on, top_only, chained=False):
    """The option before each segment, in one pass (a subshell restores it on exit).
    ``chained``: an option turned on by a member of an and-list joined by ``&&`` alone up to it
    holds for the rest of that list (`cd ios && set -o pipefail && xcodebuild | xcpretty`: what
    follows runs only if the ``set`` ran)."""
    certain = unconditional(parse, top_only)
    scope = _Scope(parse)
    states = []
    saved = []     # [(subshell group index, state when it was entered)]
    in_chain = False
    for seg in parse.segments:
        inside = [g for g in seg.groups if parse.groups[g].kind == "subshell"]
        while saved and saved[-1][0] not in inside:
            on = saved.pop()[1]
        for g in inside:
            if g not in [entry[0] for entry in saved]:
                saved.append((g, on))
        states.append(on or in_chain)
        after = apply(seg.words, name, letter, on or in_chain, scope)
        if chained and after and not on and not seg.redirects and _heads_an_and_list(parse, seg):
            in_chain = True
        in_chain = in_chain and after and seg.op in ("&&", "|", "|&")
        on = after and (on or (seg.index in certain and not seg.redirects))
    # a loop runs its body again: what turns the option off late in it holds for all of it
    for group in parse.groups:
        if group.kind in _LOOPS and any(not apply(parse.segments[i].words, name, letter, True, scope)
                                        for i in group.segments):
            for i in group.segments:
                states[i] = False
    return states


def pipefail_states(parse, on=False):
    """Pipefail before each segment; ``on``: the state the shell starts in."""
    return _states(parse, "pipefail", None, on, False, chained=True)


def _heads_an_and_list(parse, seg):
    """True when ``seg`` runs only after every earlier member of its list succeeded and what
    follows it in the list runs only after it did: no ``||`` before it in its list, ``&&`` after
    it, all in one group."""
    if seg.op != "&&":
        return False
    for earlier in reversed(parse.segments[:seg.index]):
        if earlier.groups != seg.groups:
            return False            # a group before it in the list: not followed
        if earlier.op not in _LISTS:
            return True
        if earlier.op == "||":
            return False
    return True


def errexit_states(parse, on=False, options=()):
    """Errexit before each segment, where it is certain (see the module's docstring); never in a
    script the line's own shell runs (``options`` holding THIS_SHELL)."""
    if THIS_SHELL in options:
        return [False] * len(parse.segments)
    return _states(parse, "errexit", "e", on, True)


def unconditional(parse, top_only=True):
    """Indices of the segments that run in the shell itself whatever ran before them: no pipeline
    member, first of its ``&&``/``||`` list, not sent to the background, at the top level (or, unless
    ``top_only``, in a ``{ }`` or ``( )`` that is itself unconditional, with no redirect)."""
    found = set()
    open_groups = {None}
    for container in [None] + [g.index for g in parse.groups]:
        if container not in open_groups:
            continue
        items = sorted([s for s in parse.segments if s.group == container] +
                       [g for g in parse.groups if g.parent == container], key=lambda item: item.start)
        for position, item in enumerate(items):
            before = items[position - 1].op if position else None
            if item.op in ("|", "|&", "&") or before in _LISTS:     # `set -e && a` runs, `a && set -e` may not
                continue
            if hasattr(item, "words"):
                found.add(item.index)
            elif not top_only and item.kind in ("brace", "subshell") and item.function is None \
                    and not item.redirects and not item.negated:
                open_groups.add(item.index)
    return found


def hazards(parse):
    """For each segment, what may replace the status of a run there, else "": ``shadowed`` (a
    function or alias of the line named like the command runs instead of it), ``trap`` (an
    earlier trap, or zsh's ``TRAPEXIT``/``TRAPZERR`` function, may ``exit`` with a status of its
    own; in a loop, for all of its body), ``exported-function`` (`export -f`: a child shell runs
    the function, not the command), ``startup-file`` (``BASH_ENV``/``ENV``: a child shell
    sources a file first, which may set a trap)."""
    scope = _Scope(parse)
    first = {}      # reason -> index of the first segment it holds for
    for seg in parse.segments:
        words = unprefixed(seg.words)
        if _replacing_trap(words, scope):
            loops = [g.segments[0] for g in parse.groups if g.kind in _LOOPS and seg.index in g.segments]
            first["trap"] = min([first.get("trap", seg.index + 1), seg.index + 1] + loops)
        if words[:1] in (["export"], ["declare"], ["typeset"]) and any(
                w.startswith("-") and "f" in w for w in words[1:]):
            first.setdefault("exported-function", seg.index + 1)
        if any(w.startswith(("BASH_ENV=", "ENV=")) for w in list(seg.assignments) + words):
            first.setdefault("startup-file", seg.index)
    for name, groups in scope.functions.items():
        body = [parse.segments[i] for g in groups for i in g.segments]
        if name.startswith("TRAP") and body and _may_exit([s.words for s in body], [s.assignments for s in body],
                                                          scope, set()):
            first["trap"] = min(first.get("trap", body[0].index), body[0].index)
    found = []
    for seg in parse.segments:
        reasons = [r for r in ("trap", "exported-function", "startup-file") if first.get(r, seg.index + 1) <= seg.index]
        found.append("shadowed" if seg.words[:1] and seg.words[0] in scope.shadowed else (reasons or [""])[0])
    return found


def _replacing_trap(words, scope):
    """True for a ``trap`` whose action may end the shell with a status of its own (``exit 0``,
    ``eval``, ``source``, a function of the line that may); ``exit``, ``exit $?`` and ``rc=$?;
    ...; exit $rc`` keep the status."""
    from stalegreen.engine import shell

    if words[:1] != ["trap"]:
        return False
    args = words[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    if len(args) < 2 or args[0].startswith("-") or args[0] == "":
        return False
    action = shell.parse(args[0])
    return not action.confident or bool(_SUBSTITUTION.search(args[0])) or \
        _may_exit([s.words for s in action.segments], [s.assignments for s in action.segments], scope, set())


def _may_exit(commands, assignments, scope, seen):
    """True when one of ``commands`` (word lists) may end the shell with a status of its own."""
    kept = set(_KEEPS_STATUS)
    for words, assigned in zip(commands, assignments):
        for name, value in [a.split("=", 1) for a in assigned if "=" in a]:
            if value in _KEEPS_STATUS:
                kept.update(("$" + name, "${%s}" % name))
        words = unprefixed(words)
        head = words[0] if words else ""
        if head in ("exit", "return") and len(words) > 1 and words[-1] not in kept:
            return True
        if head in ("eval", "source", ".", "trap", "exec") or head in scope.aliases or _expanded(head):
            return True
        if head in scope.functions and head not in seen:
            seen.add(head)
            body = [scope.parse.segments[i] for g in scope.functions[head] for i in g.segments]
            if _may_exit([s.words for s in body], [s.assignments for s in body], scope, seen):
                return True
    return False
