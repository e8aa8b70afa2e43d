"""Host-free pieces of the permission policy.

The rule that matters: a rewrite is approved only where the original command would already
have run without asking. Hosts decide what their own rules allow (``hosts/claude_rules.py``);
this module says which command the rules are checked against and which segments are so
harmless that approving them widens nothing.
"""

READ_ONLY = frozenset((
    "ls", "cat", "head", "tail", "grep", "egrep", "fgrep", "rg", "wc", "echo", "printf", "pwd",
    "which", "type", "true", "false", ":", "sort", "uniq", "cut", "tr", "less", "more", "file",
    "stat", "du", "df", "printenv", "date", "whoami", "uname", "basename", "dirname", "realpath",
    "readlink", "test", "[", "column", "nl", "jq", "exit",
))
GIT_READ_ONLY = frozenset((
    "status", "log", "diff", "show", "branch", "rev-parse", "remote", "tag", "describe", "blame",
    "shortlog", "ls-files",
))
SAFE_ENV = frozenset((
    "CI", "NODE_ENV", "FORCE_COLOR", "NO_COLOR", "TERM", "LANG", "LC_ALL", "TZ", "DEBUG",
    "RUST_BACKTRACE", "PORT",
))
SHELL_BUILTINS_SAFE = frozenset(("set", "cd", "pushd", "popd", "export"))


def command_for_rules(parse, runs, masks=None):
    """The line the user's rules are checked against: the original without result-eating filters."""
    from stalegreen.engine import rewrite

    return rewrite.without_filters(parse, runs, masks)


def _writes_somewhere(segment):
    for redirect in segment.redirects:
        if redirect.op in (">", ">>", ">|", "&>", "&>>") and redirect.target not in ("/dev/null", "/dev/stderr", "/dev/stdout"):
            if not (redirect.op in (">", ">>") and redirect.fd == 2):
                return True
    return False


def is_read_only(segment):
    """True when running ``segment`` cannot change anything (so approving it widens nothing)."""
    if _writes_somewhere(segment):
        return False
    if any(a.split("=", 1)[0] not in SAFE_ENV for a in segment.assignments):
        return False
    words = segment.words
    if not words:
        return True
    head = words[0].rsplit("/", 1)[-1]
    if head in ("cd", "pushd", "popd"):
        return True
    if head == "set":
        return all(w.startswith(("-", "+")) or w in ("pipefail", "errexit", "nounset") for w in words[1:])
    if head == "git":
        return len(words) > 1 and words[1] in GIT_READ_ONLY and not any(
            w == "-c" or w.startswith("--output") for w in words[2:])
    if head in READ_ONLY:
        return not any(w in ("-exec", "-delete", "-i") or w.startswith("--exec") for w in words[1:])
    return False


def others_read_only(parse, runs):
    """Every segment that is not one of ``runs`` is read-only (the reference widened here)."""
    run_segments = set(r.segment_index for r in runs)
    for index, segment in enumerate(parse.segments):
        if index in run_segments:
            continue
        if not is_read_only(segment):
            return False
    return parse.confident
