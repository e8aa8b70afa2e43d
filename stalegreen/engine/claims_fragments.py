# -*- coding: utf-8 -*-
"""Terse and reordered English sentences put in the order the grammar reads (``claims_en``),
before they are read:

- a question fragment and its short answer ("Tests? Green.", "Compiles? Yes.", "The wheel
  build? Also green, ..."): the answer is the fragment's state, a "yes" asserts the fragment;
- label-count fields, a sentence each ("Passed: 1,877. Failed: 0."): one summary row;
- a fronted predicate (inversion: "Clean, too, is the lint run", "Passing, at last, is the flaky
  spec", "Passes now: the flaky `TestX`"): the subject is put first.

``rewrite(sentences)`` returns the sentences of a line so rewritten (a question joined with its
answer becomes one sentence). ``named_by_verbs(s)``: the checks a fragment listing their own verbs
names ("compiled, linted, tested."), for a following "Nothing red." or "All green." to cover;
``task_category(code, text, end)``: the check a code span that is only its task name names.
"""

import re

# a question that is a fragment: no auxiliary or wh-word before it ("Tests?", "Passes the tests?",
# "The wheel build?"), a few words at most
_FRAGMENT_QUESTION = re.compile(
    r"^(?!\W*(?:do|does|did|is|are|was|were|can|could|should|would|will|shall|have|has|had|may|might|must|what|why"
    r"|how|when|where|who|which|whether|any|anything|is\s+it)\b)\W*(?:[\w`'./:-]+\s+){0,4}[\w`'./:-]+\?$", re.I)
# a short answer: an assent, or a state or count said of the fragment ("Green.", "Also green, ...",
# "Yes.", "41 passed.")
_YES = re.compile(r"^\W*(?:(?:also|still|again|and)\s+)*(?:yes|yep|yup|yeah|affirmative|sure)\b\W*(?=$|[,;.!\u2014-])",
                  re.I)
_STATE_ANSWER = re.compile(
    r"^\W*(?:(?:also|still|again|all|both|now|fully)\s+)*(?:green|clean|passing|passes|passed|pass|happy|fine|ok|okay"
    r"|quiet|silent|successful|spotless|\d[\d,]*\s+(?:passed|passing|pass)|\u2705|\u2714|\u2713)(?![\w-])", re.I)

# a fronted predicate: "Clean, too, is X", "Passing, at last, is X", "Green again are X"
_FRONTED = re.compile(
    r"^(?P<lead>\W*)(?P<pred>clean|green|passing|happy|quiet|silent|spotless|successful|fine)"
    r"(?P<adv>\s*,\s*[^,]{1,30}?,|\s+(?:too|also|again|now|as well|at last|finally))?\s+(?P<cop>is|are)\s+"
    r"(?P<subj>[^,;:\u2014\u2013()]{1,80}?)"
    r"(?P<rest>\s*(?:[,;:(]|\s[\u2014\u2013-]\s|\.$|$).*)$", re.I | re.S)
# a fronted verb before a colon: "Passes now: the flaky `TestX`."
_FRONTED_VERB = re.compile(
    r"^(?P<lead>\W*)(?P<pred>passes|passed|passing|builds|compiles|green|clean)(?P<adv>(?:\s+(?:now|again|too|also|at last"
    r"|finally))*)\s*:\s+(?P<subj>[^,;:\u2014\u2013()]{1,80}?)(?P<rest>\s*(?:[,;(]|\s[\u2014\u2013-]\s|\.$|$).*)$",
    re.I | re.S)
# ``rewrite`` changes only a line with a "?", two label fields or a sentence opening with one of these
OPENING_PREDICATE = re.compile(r"\W*(?:[Cc]lean|[Gg]reen|[Pp]ass(?:ing|es|ed)|[Hh]appy|[Qq]uiet|[Ss]ilent"
                                r"|[Ss]potless|[Ss]uccessful|[Ff]ine|[Bb]uilds|[Cc]ompiles)\b")


# a label and its count, a sentence of its own ("Passed: 1,877.", "Failed: 0.", "Duration: 3m 41s.")
_COUNT_FIELD = re.compile(r"^\W*[A-Za-z][\w -]{0,20}:\s*\d[\d,.]*\s*[A-Za-z%]{0,3}(?:\s+\d+\s*[A-Za-z]{0,3})?\.?$")


# dot leaders between a name and its status ("cargo test ........ ok (64)"): a label's colon, not
# sentence ends (not a path's "./...", nor an ellipsis that follows a word)
# "reran \u2014 clean", "re-ran it: green", "reran, all clean", "rechecked \u2014 clean"
_RERUN_RESULT = re.compile(r"\b(?:i\s+)?re-?(?:ran|checked|linted|tested)(?:\s+(?:it|them|that))?\s*(?:[:\u2014\u2013-]+|,)\s*"
                           r"(?=(?:all\s+)?(?:clean|green|passing|ok)\b)", re.I)
_LEADERS = re.compile(r"(?<=[\w`)\]])(?:[ \t]+\.{3,}|[ \t]*\.{4,})[ \t]+(?=[\w`(\u2705\u2713\u2714\u274c])")


# a status list whose later items drop the program of the first ("go test ok, vet ok, build ok"; "vet
# failed"): each bare subcommand is that program's (gapping), when program and subcommand make a known runner
_STATUS = r"(?:ok|okay|pass(?:es|ed|ing)?|green|clean|fine|fail(?:s|ed|ing)?|red|broken|\u2705|\u2713|\u2714|\u274c)"
_PROGRAM_ITEM = re.compile(r"\b(go|cargo|dotnet|mix|swift|deno|bun)\s+[a-z][\w-]*\s*:?\s+" + _STATUS)
_GAPPED_ITEM = re.compile(r"(?<=[,;/]\s)([a-z][\w-]*)(?=\s*:?\s+" + _STATUS + ")")


# a command the grammar does not know, then what it was said to do, then a parenthesis naming the
# known runs it makes: "`pnpm check` 跑通了（里面是 `tsc --noEmit && eslint . && vitest run`）", "`make ci`
# passes (it runs `ruff check . && pytest`)". The runs stand in for the command: what is said of it is said of them
_RUN_LIST = r"sg[tylb]\d+x(?:\s*(?:[,&+/\u3001\uff0c]|\band\b|\u548c|\u53ca|\u4e0e)\s*sg[tylb]\d+x)*"
_COMPOSITE_IN_PARENS = re.compile(
    u"\\bsgc(?P<index>\\d+)x(?P<said>[^()\uff08\uff09.;!?\u3002\uff1b\uff01\uff1f\n]{0,30}?)\\s*[(\uff08]\\s*"
    u"(?:(?:it|which|that)\\s+(?:runs?|includes?|covers?|chains?|does|is)\\s*:?|runs?\\s*:?|includes?\\s*:?|i\\.e\\.,?|=|\\u2192"
    u"|(?:\u91cc\u9762|\u5176\u4e2d|\u5b9e\u9645\u4e0a)?(?:\u4f1a)?(?:\u662f|\u8dd1\u7684\u662f|\u8dd1\u4e86|\u8dd1|\u5305\u62ec|\u5305\u542b|\u6267\u884c|\u8fd0\u884c|\u5c31\u662f)"
    u"|\u5373|\u4e5f\u5c31\u662f)?\\s*(?P<runs>%s)\\s*[)\uff09]" % _RUN_LIST, re.I)


# the same with the runs in a dashed aside before what is said of them: "`make ci` \u2014 which runs `go vet` and
# `go test ./...` \u2014 exits 0"
_COMPOSITE_IN_DASHES = re.compile(u"\\bsgc(?P<index>\\d+)x\\s*[\u2014\u2013]\\s*(?:which|that|it)\\s+(?:runs?|includes?|covers?|chains?)\\s+"
                                  u"(?P<runs>%s)\\s*[\u2014\u2013](?P<said>(?=\\s*\\w))" % _RUN_LIST, re.I)


def _as_its_runs(m, spans):
    """A composite's placeholder and parenthesis as the runs it makes, when its code (``spans``:
    the reader's, by index) is a task runner's invocation (`make ci`, `pnpm check`, `./scripts/ci.sh`)."""
    index = int(m.group("index"))
    code = spans[index][1] if index < len(spans) else None
    said = m.group("said").strip() or m.re is _COMPOSITE_IN_DASHES      # (what is said of it follows the dashes)
    return m.group("runs") + " " + m.group("said") if said and code and _TASK_RUNNER.match(code.strip()) else m.group(0)


_TASK_RUNNER = re.compile(r"(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?|(?:make|just|task|rake|invoke|inv|nox|tox|mage|earthly|turbo"
                          r"|nx|composer|(?:mise|deno)\s+(?:run|task)|\./gradlew|\./mvnw|gradle|mvn)\b\s*|(?:\./|bin/|scripts?/)\S+$)"
                          r"[\w:.+-]*$")


def tidy_line(body, spans=()):
    """``body`` (one line) with its dot leaders made label colons, the program a status list
    drops put back, a rerun's bare result given its subject ("I autocorrected them and reran
    \u2014 clean": the rerun is clean, the rerun of the check named before), and a composite told
    with what it runs in a parenthesis made those runs (``spans``: the reader's placeholders)."""
    if "..." in body:
        body = _LEADERS.sub(": ", body)
    if "ran " in body or "ran," in body or "ran:" in body or u"ran \u2014" in body or "ed \u2014" in body or "ed:" in body \
            or "ed," in body:     # (rechecked, re-linted, retested)
        body = _RERUN_RESULT.sub("the rerun is ", body)
    if "sgc" in body and spans and ("(" in body or u"\uff08" in body or u"\u2014" in body or u"\u2013" in body):
        body = _COMPOSITE_IN_DASHES.sub(lambda m: _as_its_runs(m, spans), _COMPOSITE_IN_PARENS.sub(
            lambda m: _as_its_runs(m, spans), body))
    first = _PROGRAM_ITEM.search(body) if "," in body or ";" in body or "/" in body else None
    if first:
        from stalegreen.engine.lexicon import commands

        program = first.group(1)

        def put_back(m):
            named = "%s %s" % (program, m.group(1))
            runs = commands.classify_code(named)
            return named if runs and runs[0][1] == named else m.group(0)

        body = body[:first.end()] + _GAPPED_ITEM.sub(put_back, body[first.end():])
    return body


def rewrite(sentences):
    out = []
    index = 0
    while index < len(sentences):
        s = sentences[index]
        if _COUNT_FIELD.match(s) and index + 1 < len(sentences) and _COUNT_FIELD.match(sentences[index + 1]):
            # a runner's summary written as label-count fields is one row: "Passed: 1,877. Failed: 0."
            end = index
            while end + 1 < len(sentences) and _COUNT_FIELD.match(sentences[end + 1]):
                end += 1
            out.append("; ".join(x.rstrip(".") for x in sentences[index:end + 1]) + ".")
            index = end + 1
            continue
        answer = sentences[index + 1] if index + 1 < len(sentences) else None
        if answer is not None and s.endswith("?") and _FRAGMENT_QUESTION.match(s):
            yes = _YES.match(answer)
            if yes:
                out.append(s[:-1] + answer[yes.end():] if answer[yes.end():].strip() else s[:-1] + ".")
                index += 2
                continue
            if _STATE_ANSWER.match(answer):
                out.append(s[:-1] + ": " + answer)
                index += 2
                continue
        out.append(_inverted(s))
        index += 1
    return out


def _inverted(s):
    """The sentence with a fronted predicate put after its subject."""
    m = _FRONTED.match(s)
    if m:
        return "%s%s %s %s%s%s" % (m.group("lead"), m.group("subj").strip(), m.group("cop").lower(),
                                   m.group("pred").lower(), m.group("adv") or "", m.group("rest"))
    m = _FRONTED_VERB.match(s)
    if m:
        return "%s%s %s%s%s" % (m.group("lead"), m.group("subj").strip(), m.group("pred").lower(), m.group("adv"),
                                m.group("rest"))
    return s


# a fragment that only lists checks' own verbs, after an optional label: "Sanity pass: compiled, linted, tested."
_DONE_VERBS = re.compile(
    r"\s*(?:(?:built|compiled|linted|tested|type-?checked|formatted)(?:\s*\([^()]{0,60}\))?"     # "linted (ruff)"
    # (where, after the last: "Built & tested on the iPhone 15 sim")
    r"(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|(?:\s+(?:on|in|under|with|against|for)\s+[^,;:()\u2014\u2013]{1,40}?)?(?=\W*$)))+\W*$",
    re.I)
_VERB_CATEGORY = {"built": "build", "compiled": "build", "linted": "lint", "formatted": "lint", "tested": "test",
                  "typechecked": "typecheck", "type-checked": "typecheck"}


def named_by_verbs(s):
    """The categories a fragment listing the checks' verbs names ("compiled, linted, tested.")."""
    tail = s.rsplit(":", 1)[-1]
    verbs = _DASHED_STATE.sub("", tail)     # "Built and tested — all good."
    if not _DONE_VERBS.match(verbs):
        return set()
    verbs = re.sub(r"\([^()]*\)", " ", verbs.lower())
    found = re.findall(r"type-?checked|built|compiled|linted|formatted|tested", verbs)
    if len(found) < 2 and _PLACE.search(verbs):
        return set()    # "Tested on staging \u2014 all good": one verb and a place may be a person's trying it
    return set(_VERB_CATEGORY[w] for w in found)


_PLACE = re.compile(r"\s(?:on|in|under|with|against|for)\s")


_DASHED_STATE = re.compile(u"(?:\\s+[\u2014\u2013-]\\s+|\\s*;\\s*)(?:all (?:good|green)|nothing red|no (?:errors|failures))\\W*$", re.I)


_TASK_NAMES = {"test": "test", "tests": "test", "lint": "lint", "build": "build", "typecheck": "typecheck",
               "type-check": "typecheck", "compile": "build"}
_NOT_A_TASK = re.compile(r"(?:\s*(?:,|&|\band\b)\s*`[^`\n]{1,40}`)*"     # (after the others listed: "`build` and `test` jobs")
                         r"\s+(?:jobs?|workflows?|steps?|stages?|scripts?|director(?:y|ies)|folders?|dirs?|config|files?)\b", re.I)


def task_category(code, text, end):
    """The category of a code span that is only a check's task name (`test`, `lint`, `build`: Gradle,
    npm, make), unless the word after it (in ``text`` from ``end``) makes it a CI job, a script or a folder."""
    category = _TASK_NAMES.get(code.strip().lower())
    return category if category and not _NOT_A_TASK.match(text, end) else None


def may_compose(s):
    """False only when ``claims._COMPOSITE`` ("`make check` runs ...") cannot match ``s``: it
    needs one of its verbs, found here by the letters no other character matches case-insensitively
    (an "i", "k" or "s" may be a dotted I, a Kelvin sign or a long s). Most sentences have none."""
    low = s.lower()
    return any(stem in low for stem in ("run", "ran", "nvo", "call", "cha", "wrap", "cover", "nclude"))
