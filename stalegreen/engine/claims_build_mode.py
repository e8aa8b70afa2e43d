# -*- coding: utf-8 -*-
"""Which job a claim of a type checker run in build mode speaks of (``tsc -b``, ``tsc --build``,
``vue-tsc -b``).

The run does two jobs: it type-checks every referenced project, then emits their output. One
run therefore backs a typecheck claim and a build claim alike (the claim carries the other
category as its alternate, and the run's receipt is a typecheck one), and only the agent's words
say which of the two it asserts:

- a build or compile word, or a predicate of a run that finishes ("`tsc --build` 编译通过",
  "the TypeScript build is clean (`tsc -b`)", "`tsc -b` completes without errors", "succeeds",
  成功): the build;
- a checker's verdict on the code ("`tsc -b` is clean", "passes", "0 errors", 无错误, a check
  mark): the type check.

``choose(candidates)`` turns the reader's build candidates of such a run (the catalog reads build
mode as a build) into typecheck ones when their words are a verdict.

A compile word with no run of its own, in a sentence whose only command is a type checker, is that
run's result too (``compiled_by_a_typecheck``): "已跑 `cargo check`，编译无误" is the type check's.
"""

import re

from stalegreen.engine.lexicon import commands

# words of building or of a run finishing; placeholders ("sgb0x") and other words do not match
_BUILD_WORDS = re.compile(u"\\b(?:build|builds|built|building|rebuil\\w*|compil\\w*|emit\\w*|bundl\\w*|complet\\w*"
                          u"|succe\\w*|finish\\w*|goes through|went through)\\b"
                          u"|\u6784\u5efa|\u7f16\u8bd1|\u6253\u5305|\u6210\u529f|\u5b8c\u6210|\u4ea7\u7269|\u8f93\u51fa\u4e86", re.I)


def choose(candidates):
    """Build candidates of a type checker in build mode whose words are a checker's verdict become
    typecheck candidates, the build their alternate; the others stay build candidates with the
    typecheck as theirs, in Chinese too ("`tsc -b` 成功"). In place."""
    for cand in candidates:
        if cand.get("category") != "build" or cand.get("tool") not in commands.TYPECHECKERS_THAT_BUILD:
            continue
        if _BUILD_WORDS.search(cand.get("text") or ""):
            if "typecheck" not in (cand.get("alternates") or ()):
                cand["alternates"] = list(cand.get("alternates") or ()) + ["typecheck"]
        else:
            cand["category"], cand["alternates"] = "typecheck", ["build"]


def compiled_by_a_typecheck(s, candidates, mentions):
    """A bare compile word in a sentence whose only command is a type checker is that run's
    result ("已跑 `cargo check`，编译无误", "`tsc --noEmit` ran and it compiles", "The test file
    compiles now — `tsc --noEmit` is clean"): typecheck, with build as its alternate."""
    commands_named = [x for x in mentions if x.get("kind") in ("code", "tool") and x.get("category")]
    only_typecheck = set(x["category"] for x in commands_named) == {"typecheck"}
    for cand in candidates:
        if cand["category"] == "build" and not cand.get("tool") and "typecheck" in (cand.get("alternates") or ()):
            dash = _APPOSITION.match(s, cand["span"][1])
            if dash and any(x["start"] == dash.end() and x["category"] == "typecheck" for x in commands_named):
                cand["category"], cand["alternates"] = "typecheck", ["build"]    # the run the dash names
                continue
            if not only_typecheck:
                continue
            if any(c["category"] == "typecheck" and c["span"][1] != cand["span"][1] for c in candidates):
                continue    # "`mypy` is clean and the code compiles": the run has a result of its own
            before = [x for x in mentions if x.get("category") and x["start"] < cand["span"][0]
                      and not (x.get("kind") == "build" and not _COMPILE_WORD.search(x["text"]))]
            # the run named last before it; or, none before it, the one the sentence names after it
            # ("绑定现在能编了，但 `cargo check` 过不去")
            if before and before[-1] in commands_named or not before and commands_named:
                cand["category"], cand["alternates"] = "typecheck", ["build"]


_APPOSITION = re.compile(u"(?:\\s+(?:now|again|cleanly|fine))*\\s*(?:[\u2014\u2013(]|--)\\s*")
_COMPILE_WORD = re.compile(u"compil|\u7f16\u8bd1|(?<=[\u80fd\u4ee5])\u7f16", re.I)     # (能编, 可以编: compiles, said short)


def thing_built(s, at):
    """Whether "builds" at ``at`` in ``s`` is said of a thing built: a noun phrase right before it (no
    person, no CI) and, after it, the clause's end or how or where it built."""
    return bool(_THING_BUILT.search(s, max(0, at - 80), at)) and bool(_BUILT_HOW.match(s, at + 6))


# a noun phrase ending right before a build verb: a determiner and up to four words, or a name in capitals
_NOT_BUILT = r"(?!(?:i|we|you|he|she|they|and|or|but|that|which|who|user|users|team|ci|pipeline|job|workflow|reviewer|colleague|someone|everyone)\b)"
_THING_BUILT = re.compile(
    r"(?:^|(?<=[\s(\[,;:\u2014]))(?:(?:the|this|our|my|your|its|their|both|each|every)\s+(?:" + _NOT_BUILT + r"[\w.+#/-]+\s+){1,4}"
    r"|(?:linux|darwin|windows|macos|ios|android|freebsd|wasm|wasi)(?:/[\w-]+)?\s+"     # a platform: "linux/amd64 builds fine"
    r"|(?!(?:no|nothing|none|then|also|so|and|but|all|both|each|every|some|any|only|just|it|this|that|these|those|there"
    r"|here|what|which|who|how|when|where|why)\b)(?-i:[A-Z][\w.+#-]*)\s+(?:(?-i:[A-Z][\w.+#-]*)\s+){0,2})"
    r"(?:(?:now|still|also|again|finally|actually)\s+)?$", re.I)
# what follows "builds" said of a thing built: the clause's end, how or where it built ("builds and
# launches", "builds under Ninja", "builds `//x` fine"), not a verb of a noun ("the nightly builds are slow")
_BUILT_HOW = re.compile(r"(?:\s+sgc\d+x)?(?:\s*(?:[.;,!)]|$|\u2014|--)|\s+(?:fine|cleanly|successfully|ok|again|now|too|as well"
                        r"|without|with|under|in|into|from|against|and|for|locally|here|like|on\s+(?!#|top\b)))", re.I)
