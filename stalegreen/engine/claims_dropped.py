"""Subjects a sentence leaves out: a result standing alone after the sentence that named its
check or run ("I ran rubocop. No offenses detected.", "Lint fixed. Now clean."), and a check's
own verb standing alone in its clause ("Builds.", "Lints cleanly, builds cleanly")."""

import re

from stalegreen.engine.lazyregex import LazyRegex


def subject_of_a_bare_result(reader, s, p, kind):
    """(the subjects, a stand-in pronoun) of a predicate ``p`` of ``kind`` that is the whole of
    ``s``: the run or the check the sentence before names; ([], None) when there is none."""
    if kind in _BARE_RESULT_KINDS and _BARE_RESULT.match(s) and _BARE_RESULT.match(s).end() >= p.start():
        return _run_just_named(reader, s, p)
    if kind in ("cleanw", "green") and _BARE_STATE.match(s):
        return _check_just_named(reader, p)
    if kind in ("pass", "green", "finish", "succ") and _EVERY_PART.match(s, 0, p.start()):
        return _run_just_named(reader, s, p, ends=False)
    return [], None


# the parts a run covers, every one of them, as the subject of a sentence after the run ("I reran `bazel test
# //...`. Every target passed — 212 tests."): the run's parts, as in "Ran `go test ./...`: every package reports ok"
_EVERY_PART = LazyRegex(r"^\W*(?:and\s+)?(?:all|every|each)\s+(?:of\s+the\s+|the\s+)?(?:\d[\d,]*\s+)?"
                         r"(?:packages?|crates?|modules?|projects?|workspaces?|targets?|suites?)\s+(?:(?:now|again|also)\s+)?$",
                         re.I)


# a sentence that is only a result ("No offenses detected.", "Zero warnings.", "0 failures."), whose
# subject is the run the sentence before says it made
_BARE_RESULT_KINDS = frozenset(("clean", "cnt", "nodiff", "none"))
_BARE_RESULT = re.compile(r"^\W*(?:and\s+)?(?:again\s*[,:]?\s*)?", re.I)
_RESULT_ENDS = re.compile(r"(?:\s+(?:(?:were|was)\s+)?(?:found|detected|reported|flagged|left|remaining|this time|now"
                          r"|encountered|observed|recorded|seen|raised))?"
                          r"(?:\s*,\s*(?:and\s+)?(?:nothing|no|zero|0)\s+[\w ]{1,30}?)*[\s.!*_]*$", re.I)     # "..., nothing flagged"


def _run_just_named(reader, s, p, ends=True):
    """The runs the sentence just before names as run ("I ran rubocop. No offenses detected."),
    as the antecedent of a result that is a sentence of its own (``ends``: nothing follows it); none when that sentence ran
    nothing, or ran checks of more than one category (which one's result would it be?)."""
    before = reader.sentences[-2] if len(reader.sentences) > 1 else ""
    # (a command with an arrow after it was run too: "`sqlfluff lint models/` → All Finished!")
    arrow = _ARROW_AFTER_RUN.match(before)
    if not (reader.ran_before or arrow) or ends and not _RESULT_ENDS.match(s, p.end()):
        return [], None
    runs = [x for x in reader.mentions(before) if x["kind"] in _RUN_KINDS
            and (x["category"] in reader.ran_before or arrow and x["end"] == arrow.end(1))]
    if len(set(x["category"] for x in runs)) != 1:
        return [], None
    return runs[-1:], {"kind": "pron", "text": "", "start": p.start(), "end": p.start(), "category": None}


# what a sentence can say was run: a command, a runner, or the check by its noun ("Ran the full suite.
# No failures.", "Linted the repo. Zero warnings.")
_RUN_KINDS = frozenset(("code", "tool", "test", "lint", "typecheck", "build"))
_ARROW_AFTER_RUN = re.compile(u"^\\W*(sg[tylb]\\d+x)\\s*(?:\u2192|->|=>)")

# a sentence that is only a state ("Now clean.", "Green again."): of the check the sentence before names
_BARE_STATE = re.compile(r"^\W*(?:(?:and|now|all|again|still|so)\s+)*(?:clean|green)(?:\s+(?:now|again|too))?[\s.!]*$", re.I)


def _check_just_named(reader, p):
    """The check the sentence before names, when it names one category only ("Lint fixed (`ruff check
    --fix`, 9 autofixes). Now clean."): the subject a bare state sentence leaves out."""
    if len(reader.sentences) < 2:
        return [], None
    named = [x for x in reader.mentions(reader.sentences[-2]) if x.get("category")]
    if not named or len(set(x["category"] for x in named)) != 1:
        return [], None
    return named[-1:], {"kind": "pron", "text": "", "start": p.start(), "end": p.start(), "category": None}



# where a clause opens: the sentence's start, a comma, a semicolon, a dash, then adverbs or "and";
# or another check's verb and "and" ("Lints and builds fine")
# (or a thing named by its proper name, a tool or a product the grammar does not list: "Storybook builds fine",
# "Metro bundles fine")
_CLAUSE_OPENING = re.compile(u"(?:^|[,;\u2014\u2013]|\\s-|\\b(?:builds|compiles|lints|type-?checks)(?:\\s+(?:cleanly|fine|ok))?\\s+and)"
                             u"\\s*(?:(?:and|then|also|still|now|it all)\\s+)*"
                             u"(?:(?:the\\s+)?(?!(?-i:This|That|It|Everything|Nothing|Something|All|None)\\b)(?-i:[A-Z][\\w.+-]*)\\s+"
                             u"(?:(?:also|now|still)\\s+)?)?$", re.I)
# what ends a clause of a verb alone: a sentence mark, a comma, "and", "but", an aside
_CLAUSE_CLOSING = re.compile(r"\s*(?:(?:fine|cleanly|ok|okay|successfully|again|now|too)\s*)?(?:[.!;,(\u2014\u2013]|$"
                             r"|(?:and|but|though|while)\b)", re.I)
_CHECK_VERB = re.compile(r"(?:builds|compiles|bundles|lints|type-?checks)\b", re.I)


def verb_alone_in_its_clause(s, p, group, pronoun):
    """A check's verb (builds, compiles, lints, type-checks, with how it went) is the whole of its
    clause, which opens the sentence or follows a comma, semicolon or dash, with no subject of its
    own there: the subject dropped is the project's. A subject before that boundary is another
    clause's ("Formatting is clean, compiles"); a verb with an object is no claim ("builds the
    image")."""
    if pronoun is not None or not _CHECK_VERB.match(p.group(0)):
        return False
    opening = _CLAUSE_OPENING.search(s, max(0, p.start() - 40), p.start())
    if opening is None or (group and group[-1]["end"] > opening.start()):
        return False
    return bool(_CLAUSE_CLOSING.match(s, p.end()))
