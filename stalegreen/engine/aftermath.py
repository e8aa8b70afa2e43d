"""What the rest of a command line may do to the working tree after a run in it.

A run is evidence for the tree it ran on (docs/VERDICTS.md, rule 9). The edit reader names the
writers it understands (``sed -i``, ``git stash pop``, ``> file``); a script or program after
the run in the same line (``pytest; ./fmt.sh``) is one it cannot read. For such a line the
tree is fingerprinted before the line starts as well as after it ends: when the two differ,
the change may have come after the run, and the run is not taken as evidence for the tree
the line left behind. Lines whose later parts are all known to leave the tree alone cost
nothing extra.
"""

from stalegreen.engine import pipe_filters

# Commands that leave the working tree as it is (their redirects are the edit reader's)
LEAVES_TREE = frozenset((
    "echo", "printf", "true", "false", ":", "exit", "return", "pwd", "sleep", "date", "test", "[",
    "cd", "pushd", "popd", "wait", "which", "type", "command", "hash", "set", "unset", "export",
))
GIT_READS = frozenset(("status", "diff", "log", "show", "rev-parse", "ls-files", "describe", "blame",
                       "shortlog", "branch", "remote", "config"))


def unread_after(parse, run, runs):
    """The first part of the line after ``run`` that may change the tree in a way the edit
    reader cannot see, else None. ``runs``: the line's verification runs (a later run is
    evidence of its own, not a writer)."""
    own = next((seg for seg in parse.segments if seg.index == run.segment_index), None)
    if own is None:
        return None
    run_segments = set(r.segment_index for r in runs if r.not_run is None)
    loops = ("for", "while", "until", "select")
    in_loop = any(parse.groups[g].kind in loops for g in own.groups)
    for seg in parse.segments:
        if seg is own or seg.pipeline == own.pipeline or not (in_loop or seg.start >= own.end):
            continue
        if seg.index in run_segments or _leaves_tree(seg):
            continue
        return seg.text
    return None


def _leaves_tree(seg):
    words = seg.words
    if not words:
        return True         # an assignment only
    if words[0] in LEAVES_TREE:
        return True
    if words[0] == "git" and len(words) > 1 and words[1] in GIT_READS:
        return words[1] not in ("branch", "remote", "config") or len(words) == 2
    return pipe_filters.filter_files(seg) is not None
