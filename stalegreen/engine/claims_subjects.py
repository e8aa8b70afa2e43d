# -*- coding: utf-8 -*-
"""What one English subject mention names: its category, the tool, a scope hint, and the
modifiers before its head ("all 41", "the three new", "the parser") where its phrase starts.

``subject_info(reader, sentence, match)`` reads one match of the grammar's subject pattern;
``claims_en`` links the mentions to predicates.
"""

import re

from stalegreen.engine.claims_grammar import LOOKBACK
from stalegreen.engine.lexicon import commands


def subject_info(reader, s, m):
    """A subject mention: category, tool, scope hint, phrase start."""
    g = reader.g
    kind = m.lastgroup
    text = m.group(0)
    info = {"kind": kind, "start": m.start(), "end": m.end(), "category": None, "tool": None, "scope": None,
            "qualified": False, "text": text}
    if kind == "code":
        span = reader.span(int(text[3:-1]))
        info["category"], info["tool"], info["scope"] = span[2], span[3], span[4]
        if info["category"] == "build" and info["tool"] in commands.TYPECHECKERS_THAT_BUILD:
            info["compile"] = True      # `tsc --build`: its typecheck receipt backs the build claim
    elif kind == "tool":
        words = re.sub(r"\s+", " ", text.lower()).split(" ")
        name = " ".join(w for w in words[:next((i for i, w in enumerate(words) if i and (
            w[:1] in "-." or "/" in w)), len(words))])
        command = commands.classify_name(name) or commands.classify_name(" ".join(words[:2]))     # "black --check"
        info["scope"] = "all"
        if command:
            info["category"], info["tool"] = command[0], command[1]
            if len(name) < len(text.strip()):
                # "pytest tests/unit", "cargo test -p core": the catalog reads the arguments' scope
                runs = commands.classify_code(text.strip())
                if runs and runs[0][0] == command[0]:
                    info["scope"] = runs[0][2]
                elif runs and runs[0][0] == "build" and runs[0][1] in commands.TYPECHECKERS_THAT_BUILD:   # "tsc -b"
                    info["category"], info["tool"], info["compile"] = "build", runs[0][1], True
    elif kind == "testid":
        info["category"], info["scope"] = "test", "subset"
    elif kind in ("typecheck", "lint", "build"):
        info["category"] = kind
        if kind == "build" and "compil" in text.lower():
            info["compile"] = True
        if kind == "typecheck" and text.lower().startswith("typescript"):
            info["tool"] = "tsc"
    elif kind == "test":
        info["category"] = "test"
        if re.search(r"suite|test runs?$|test results", text, re.I):
            info["scope"] = "all"
    # the modifiers right before the head ("all 41", "the three new", "the parser")
    offset = max(0, m.start() - LOOKBACK)
    before = s[offset:m.start()]
    words = re.findall(r"\d[\d,]*\d|[\w'-]+|[^\w\s]", before)
    start = m.start()
    mods = []
    unknown = 0
    for index in range(len(words) - 1, -1, -1):
        word = words[index]
        low = word.lower()
        if low in (",", "&") or not re.match(r"[\w-]", word):
            break
        if kind in ("tool", "code") and (commands.classify_name(low) or index and commands.classify_name(
                words[index - 1].lower() + " " + low)):
            break       # "Ran pytest and ruff", "cargo test and clippy": a runner before a runner is a subject
        if low in g.generic_modifiers or re.match(r"^\d[\d,]*$", low) or g.subset_words.match(low) \
                or g.all_words.match(low) or low in ("of", "out", "and", "sgi"):
            mods.append(low)
        elif kind == "test" and unknown == 0 and not mods and re.match(r"^[a-z][\w-]*$", low) \
                and low not in _NOT_MODIFIERS:
            unknown += 1
            mods.append(low)
        else:
            break
    while mods and mods[-1] in ("and", "of", "out"):
        mods.pop()
    if mods:
        idx = before.lower().rfind(mods[-1])
        if idx >= 0:
            start = offset + idx
    info["phrase_start"] = start
    info["mods"] = mods
    lead = words[:len(words) - len(mods)][-2:] if mods else words[-2:]
    info["verb_before"] = bool(g.subset_verbs.search(" ".join(lead)))
    if kind == "test" and not (mods and command_run(reader, info, mods[0])):
        mod_text = " ".join(mods)
        if unknown or re.search(r"\b(?:new|newly|added|updated|affected|relevant|related|changed|touched|modified"
                                r"|remaining|other|these|those|both|specific)\b", mod_text) or info["verb_before"]:
            info["scope"] = "subset"
        elif g.all_words.search(mod_text):
            info["scope"] = "all"
        m_of = re.search(r"(\d[\d,]*) (?:of|out of) (?:the )?(\d[\d,]*)", before[-30:] + " ")
        if m_of:
            info["scope"] = "all" if m_of.group(1) == m_of.group(2) else "subset"
        if re.search(r"\b(?:other|rest|remaining|most|nearly|almost)\b", mod_text + " " + before[-20:].lower()):
            info["qualified"] = True
    return info


_NOT_MODIFIERS = frozenset((
    "ran", "run", "reran", "rerun", "re-ran", "re-run", "executed", "added", "wrote", "and", "or", "but", "so", "then", "that", "which", "with",
    "after", "before", "since", "now", "all", "are", "is", "were", "was", "i", "we", "you", "it", "they", "did", "also",
    "still", "just", "only", "fixed", "both", "a", "an", "for", "in", "on", "to", "from", "by", "at", "as", "no",
    "passing", "failing", "green", "broken", "flaky", "skipped", "slow", "manual", "live", "visual", "hands-on",
))


def command_run(reader, info, word):
    """A test noun whose modifier is a test command ("the `cargo test` suite", "the `pytest` run")
    is that command's run, as the command itself: ``info`` takes its tool and scope. Whether
    ``word`` (the word before the noun) is such a command."""
    run = re.match(r"sgt(\d+)x$", word)
    if run:
        info["tool"], info["scope"], info["run"] = reader.span(int(run.group(1)))[3:5] + (True,)
    return bool(run)


def personal_pronoun(s, pronoun):
    """Whether ``pronoun`` (a subject match of ``s``) is, or follows, a personal pronoun that only
    an answer particle leads ("Yes \u2014 they pass now.", "Yep, those all pass"): an answer about
    what the user's question named, which the message itself may not name. Elsewhere ("I fixed
    the parser and they all pass") a pronoun nothing names stays the tests'."""
    lead = s[:pronoun["start"]]
    return bool(_ANSWER.match(lead) and _PERSONAL.match(pronoun["text"]) or _ANSWER_THEN_PERSONAL.match(lead))


_ANSWER_WORD = u"^\\W*(?:yes|yep|yeah|yup|correct|confirmed|indeed)\\b[\\s,.!:;\u2014\u2013-]*"
_ANSWER = re.compile(_ANSWER_WORD + "$", re.I)
_ANSWER_THEN_PERSONAL = re.compile(_ANSWER_WORD + r"(?:they|these|those)\s+$", re.I)
_PERSONAL = re.compile(r"(?:they|them|these|those)\b", re.I)
