# -*- coding: utf-8 -*-
"""Reading one English sentence with the claims grammar (``claims_grammar``): which subjects a
predicate takes ("Tests, lint and typecheck all pass"; a pronoun takes the group it refers to),
and the candidate claim each pair makes (category, scope, counts, tool).

``read_english(reader, sentence)`` returns the candidate claims of one sentence and the subjects
it names; ``claims`` decides which candidates stand.
"""

import bisect
import re

from stalegreen.engine import (claims_build_mode, claims_dropped, claims_fragments, claims_grammar, claims_lists,
                               claims_objects, lexicon)
from stalegreen.engine.claims_grammar import CATEGORIES, COUNTED_FEW, LOOKBACK
from stalegreen.engine.claims_scan import scan
from stalegreen.engine.claims_subjects import personal_pronoun, subject_info
from stalegreen.engine.lazyregex import LazyRegex

def predicates(g, s):
    """The predicate matches of a sentence. None means no English candidate: every claim, the
    "everything passes" ones too, needs a predicate word."""
    return scan(g.predicate, s, g.predicate_starts)


def read_english(reader, s, found=None):
    """Candidate claims in one sentence, and the subject mentions it names (``found``: its
    ``predicates``, when known)."""
    g = reader.g
    subjects = [subject_info(reader, s, m) for m in g.subjects(s)]
    mentions = [x for x in subjects if x["category"] and x["kind"] not in ("buildable",)]
    candidates = []
    operational = bool(g.operational.search(g.placeholder.sub(" ", s)))
    ends = [x["end"] for x in subjects]
    tools = _sole_tools(subjects)
    said = -1      # where the predicate before ends
    for p in (found if found is not None else predicates(g, s)):
        kind = p.lastgroup
        if kind == "green" and p.group(0)[:1] in _CHECK_MARKS and said >= 0 and not s[said:p.start()].strip(" *_:"):
            said = p.end()
            continue    # "All green 🟢", "passes ✅": the mark repeats the predicate it follows
        said = p.end()
        if kind == "pass":
            checked = claims_objects.check_passed(s, subjects, ends, p)
            if checked:
                # the check as the object of "pass": "the Python client passes `mypy`", "passes the type checker"
                for cand in _from_predicate(reader, s, p, kind, [checked], None, subjects, operational, tools):
                    cand.update(span=(p.start(), checked["end"]), text=s[p.start():checked["end"]])
                    candidates.append(cand)
                continue
            if g.noun_before.search(s[max(0, p.start() - 20):p.start()]) or g.pass_object.match(s, p.end()) \
                    or re.match(r"[-_]", s[p.end():p.end() + 1]):
                continue
        near = subjects[bisect.bisect_left(ends, p.start() - 3 * LOOKBACK):bisect.bisect_right(ends, p.start())]
        group, pronoun = _link(g, s, near, p, kind)
        if not group and pronoun is None:
            group, pronoun = claims_dropped.subject_of_a_bare_result(reader, s, p, kind)
        found = _from_predicate(reader, s, p, kind, group, pronoun, subjects, operational, tools)
        candidates.extend(found)
    _add_everything(reader, s, subjects, mentions, candidates, operational)
    return _merge(candidates), mentions


def _sole_tools(subjects):
    """{category: runner} for a claim naming no runner of its own ("All tests pass (pytest, 41
    passed)"): the runner when the sentence names that category through it alone. Another runner,
    or a part named beside it ("All tests pass (pytest and the node tests)"), leaves the claim about
    every run of the category: no runner narrows it."""
    tools, others = {}, set()
    for x in subjects:
        category = x.get("category")
        if not category:
            continue
        if x.get("tool"):
            if tools.setdefault(category, x["tool"]) != x["tool"]:
                others.add(category)
        elif x["kind"] in ("test", "code", "testid") and (_part_naming(x.get("mods")) or x["kind"] != "test"):
            others.add(category)     # "the node tests", `make test`, test_parser: a part of its own
    return dict((category, tool) for category, tool in tools.items() if category not in others)


def _part_naming(mods):
    """The modifiers of a test noun that name a part of the suite ("the node tests"); a count
    ("All 43 tests") or a determiner names none."""
    return [m for m in mods or () if m not in GENERIC_TEST_MODS and not m.isdigit()]


def _link(g, s, subjects, p, kind):
    """The coordinated subjects a predicate is about (resolving pronouns), and the pronoun.
    ``subjects``: those ending before the predicate (and not too far before it)."""
    before = [x for x in subjects if (x["kind"] != "buildable" or kind in ("bverb", "comp", "works", "succ", "tcv", "cverb"))
              and not (x["kind"] == "build" and x["text"] == "BUILD")]
    if len(before) > 1 and ")" in s[before[-1]["end"]:p.start()]:
        # an aside between subject and predicate ("`npm run build:lib` (the package I changed)
        # succeeds"): a thing it names is not what the predicate is about
        before = [x for x in before if x["kind"] != "buildable" or not _CLOSES_ASIDE.match(s[x["end"]:p.start()])] \
            or before
    if not before:
        return [], None
    if u"\u2014" in s or u"\u2013" in s:
        # a subordinate aside between dashes is neither the subject nor in the way: "The integration
        # tests — which took a while, because the docker stack is slow — are all passing"
        asides = [m.span() for m in _DASHED_ASIDE.finditer(s, 0, p.start())]
        before = [x for x in before if not any(a <= x["start"] < b for a, b in asides)]
        if not before:
            return [], None
    checks = [i for i, x in enumerate(before) if x["kind"] in ("build", "code", "tool", "test", "typecheck", "lint")]
    if checks and checks[-1] < len(before) - 1 and all(x["kind"] == "buildable" for x in before[checks[-1] + 1:]) \
            and _WHERE_IT_RAN.match(s[before[checks[-1]]["end"]:before[-1].get("phrase_start", before[-1]["start"])]) \
            and _VERB_NEXT.match(s, before[-1]["end"], p.start()):
        before = before[:checks[-1] + 1]    # "The build for the Widget target succeeded": the target is where it ran
    nearest = before[-1]
    gap = claims_grammar.CODE_ASIDE.sub(" ", _DASHED_ASIDE.sub(" ", s[nearest["end"]:p.start()]))
    if nearest["kind"] in ("code", "tool") and nearest.get("category") and _PARTS_GAP.match(gap):
        # "Ran `go test ./...`: every package reports ok": the parts of the run named before
        return [dict(nearest, parts=True)], None
    if ")" in gap and "(" not in gap:
        opening = s.rfind("(", 0, nearest["start"])
        if any(x["kind"] == "every" and 0 <= x["end"] <= opening and not s[x["end"]:opening].strip() for x in subjects):
            return [], None     # "All 3 checks (tests, lint, types) pass": the list is the aggregate's
    max_words = 2 if kind in ("cnt", "clean") and nearest["kind"] == "test" else 7
    if max_words == 7 and _PLACE_PHRASE.match(gap):
        max_words = 12      # "shellcheck across all the scripts in the repo is silent now": where it ran
    if kind == "clean" and nearest["kind"] == "test":
        gap = _SUMMARY_COUNTS.sub(" ", gap)     # "Tests included: 41 run, 0 failures": one summary
    if kind in ("clean", "exit0") and "warning" in gap:
        # "`vite build` — 1 warning about chunk size > 500 kB (pre-existing), no errors": the warnings
        # told before the errors are of the same summary
        gap = _WARNINGS_NOTE.sub(" ", gap)
    # "Lint: 2 warnings in vendor/, but otherwise clean"; "`cargo build` takes a while but finishes" (a
    # second verb of the same subject)
    otherwise = _OTHERWISE.search(gap) or (_BUT_THEN.match(gap) or _RERAN.search(gap)) and not lexicon.search("failure", gap)
    # "Ran `mypy` on the changed files; no errors" (a result opened by "with" ends the run's words as a comma
    # does: "The suite was executed to completion with no failures")
    ran = _ran_on(s, nearest, gap + ("with" if _result_opens_with_with(p) else ""))
    if not (otherwise or ran) and (len(gap.split()) > max_words
                                   or re.search(r"\b(?:but|although|though(?!\s*:)|while|whereas|because|if|unless|when)\b", gap, re.I)) \
            or not (ran or g.link_gap.match(gap)):
        return [], None
    if nearest["kind"] == "pron":
        # (a thing said not to exist is no antecedent: "No tests cover this notebook; I re-ran it without errors")
        earlier = [x for x in before[:-1] if x["kind"] not in ("pron", "every", "buildable")
                   and not _NONE_OF.search(s, 0, x.get("phrase_start", x["start"]))]
        # "mypy, ruff, pytest: all pass": a quantifier right after a list spreads over it
        listed = bool(earlier) and nearest["text"].lower().startswith(("all", "both", "each")) \
            and bool(re.match(u"\\s*\\)?\\s*[:\u2014\u2013]?\\s*$", s[earlier[-1]["end"]:nearest["start"]]))
        antecedent = claims_lists.group_ending(g, s, earlier, listed=listed)
        if antecedent and earlier[0] is not antecedent[0] and _INCLUDING.search(
                s, 0, antecedent[0].get("phrase_start", antecedent[0]["start"])):
            # "The Gradle build ran in full, including the `check` task; it completed": the whole and its part
            head = [x for x in earlier if x["end"] <= antecedent[0]["start"]][-1:]
            antecedent = head + antecedent
        return antecedent, nearest
    group = claims_lists.group_ending(g, s, before, listed=bool(_DISTRIBUTED.match(gap)))
    group = claims_lists.list_owner(s, before, group[0], gap) + group     # "`rake` default task (rubocop + rspec) is green"
    return group, None


_CLAUSE_ENDS = re.compile(r"\s*(?:[.;,!)\u2014\u2013]|$|(?:now|too|again|as well|fine|locally)\b)", re.I)

_DASHED_ASIDE = re.compile(u"\\s[\u2014\u2013]\\s(?=(?:which|who|whose|because|since|although|though|as|after"
                           u"|while|including|especially|even)\\b)[^\u2014\u2013]{1,200}?\\s[\u2014\u2013]\\s", re.I)


# the counts a runner's summary lists before its failures ("41 run, 2 skipped, 0 failures"),
# after a label ("Tests included:", "Tests (unit):")
_WARNINGS_NOTE = re.compile(r"\b(?:\d[\d,]*|one|two|three|a few|some|a couple of)\s+(?:[\w-]+\s+)?warnings?\b"
                            r"[^,;.]{0,80}?(?:\([^()]{0,60}\))?\s*,", re.I)
_SUMMARY_COUNTS = re.compile(
    r"^(?:\s+(?:included|summary|results?|run|executed|totals?)\b)?\s*(?:\([\w -]{1,20}\))?\s*:\s*"
    r"(?:(?!0\s)\d[\d,]*\s+(?:runs?|ran|total|executed|collected|selected|tests?|specs?|examples?|assertions|passed|passing|skipped"
    r"|pending|deselected)\s*[,;/]\s*)+$", re.I | re.A)


_PARTS_GAP = re.compile(
    r"^[^.;!?]{0,80}?\b(?:all|every|each)\s+(?:of\s+the\s+)?(?:\d[\d,]*\s+)?(?:packages?|crates?|modules?|projects?"
    r"|workspaces?|targets?)\b(?:\s+(?:reported|reports?|are|were|is|was|came back|comes back|now|still|again|all"
    r"|each time|every time))*\s*:?\s*$", re.I)
_CLOSES_ASIDE = re.compile(r"^[^()]*\)")
_INCLUDING = re.compile(r",?\s+(?:including|incl\.?|with)\s+(?:the\s+)?$", re.I)
# the artifacts the agent says it built, the definite ones, opening the sentence ("Built the asset bundles
# for Windows and Mac"), not a thing it wrote ("Built a small parser", "Built the app's settings page")
_BUILT_ARTIFACTS = re.compile(r"^\W*(?:i\s+)?(?:re-?)?built\s+(?:the|both|all(?:\s+the)?|all\s+\w+)\s+(?:[\w-]+\s+){0,2}?"
                              r"(?:images?|bundles?|binar(?:y|ies)|wheels?|jars?|apks?|aabs?|ipas?|artifacts?|firmware"
                              r"|sdists?|executables?|dylibs?)$", re.I)
# the agent's own compile, told by its verb opening the sentence, then its result
_COMPILED_IT = re.compile(r"^\W*(?:i\s+)?(?:re-?)?(?:compiled|built)\s+[^.;:!?]{1,80}?\s*(?:[\u2014\u2013:,]|--)\s*$", re.I)
_VERB_NEXT = re.compile(r"\s*(?:(?:now|also|still|all|both|again|just)\s+){0,2}$", re.I)
_NONE_OF = re.compile(r"(?:^|[^\w-])no\s+$", re.I)
# a phrase after a check that says what it ran on, ending in the thing ("for the `Widget` extension")
_WHERE_IT_RAN = re.compile(r"^\s+(?:for|of|on|in|across)\s+(?:(?:the|a|an|our|its|each|every|all|both)\s+)?"
                           r"(?:[\w`.:/-]+\s+){0,3}$", re.I)
# a place phrase between a subject and its copula: only prepositions, determiners and nouns
_PLACE_PHRASE = re.compile(r"^\s*(?:across|over|on|in|for|under|throughout)\s+(?:(?!(?:but|and|or|which|that|when|if|was"
                          r"|were|had|did|didn't|not|ran|fails?|failed)\b)[\w`./-]+\s+){1,9}?(?:is|are)\s+(?:now\s+|still\s+)?$", re.I)


# what follows a list of subjects and spreads the predicate over all of them: a label colon or a
# floated quantifier ("Tests, lint, types: all green", "tests, lint, types all pass")
_DISTRIBUTED = re.compile(r"^\s*(?::\s*(?:(?:all|both|each|still|now)\s+)*|(?:are\s+|now\s+)?(?:all|both|each)\s+)$", re.I)


# a quantifier floated over a coordination it follows ("spotless and checkstyle both green"): the
# things coordinated are its subjects, named by words the grammar does not know, not the tests
_FLOATED_OVER = re.compile(r"\b[\w`.-]+\s+(?:and|&)\s+(?!(?:they|them|these|those|now|then|so)\b)[\w`.-]+\s*$", re.I)


def _from_predicate(reader, s, p, kind, group, pronoun, subjects, operational, tools):
    g = reader.g
    ptext = p.group(0)
    lowp = ptext.lower()
    if pronoun is not None and not group:
        # "all three pass: `ruff`, `mypy` and `pytest`": what the colon lists, else the sentence before
        group = _subjects_after(g, s, subjects, p.end()) or [x for x in reader.antecedents() if x.get("category")]
        if not group and kind in ("pass", "green", "finish", "cnt", "obj") \
                and re.match(r"(?:they|both|all|them|these|those|each|rest|others|other|remaining)", pronoun["text"], re.I) \
                and not _FLOATED_OVER.search(s[max(0, pronoun["start"] - 60):pronoun["start"]]):
            group = [{"kind": "test", "category": "test", "tool": None, "scope": None, "start": pronoun["start"],
                      "end": pronoun["end"], "phrase_start": pronoun["start"], "qualified": False, "mods": [], "unnamed": personal_pronoun(s, pronoun)}]
        group = claims_lists.by_place(pronoun["text"], group)
    start_of = (pronoun or (group[0] if group else None))
    start = start_of.get("phrase_start", start_of["start"]) if start_of else p.start()
    span = (start, p.end())
    text = s[start:p.end()]
    out = []

    def make(category, subject=None, alternates=(), scope=None, tool=None):
        named = tool or (subject or {}).get("tool") or tools.get(category)
        cand = {"category": category, "span": span, "text": text, "tool": named,
                "alternates": list(alternates), "lang": "en", "unnamed": bool((subject or {}).get("unnamed")),
                "qualified": bool((subject or {}).get("qualified")) or category != "test" and claims_objects.counted_part(s[max(0, start - 8):p.end()])}
        cand["scope"] = scope or _scope(g, s, category, subject, p, kind)
        if pronoun is not None and pronoun["text"].lower() == "ones" and category == "test" \
                and not re.search(r"\b(?:existing|old|all)\s+$", s[max(0, pronoun["start"] - 12):pronoun["start"]], re.I):
            cand["scope"] = "subset"    # "the new ones", "the rewritten ones": a part of them
        if category == "test":
            cand["counts"] = _counts(g, s, span)
        out.append(cand)

    if kind == "obj":
        scope = "all" if re.search(r"\b(?:all|every|each|whole|full|entire|complete|suite)\b", lowp) else "subset"
        if re.search(r"\bchecks?\b$", lowp):
            return _expand_everything(reader, s, subjects, span, text, operational)
        make("test", group[0] if group and group[0].get("category") == "test" else None, scope=scope)
        return out
    if kind == "succ":
        summary = _SUCCESSFUL_OF_TOTAL.search(s, max(0, p.start() - 12), p.end() + 16)
        if summary and summary.group(1) != summary.group(2):
            return out      # "Tasks: 5 successful, 6 total": a task runner's summary with a failed task
    if kind == "cnt":
        if re.match(r"0+\s*(?:/|of\b|out of\b)|0+\s+(?:\w+\s+)?pass", lowp):
            return out      # "0/73", "0 tests passed": none passes
        if operational and not re.search(r"tests?|specs?", lowp) \
                and not (group and group[0].get("category") == "test"):     # "Tests: 204 passed (611 assertions)"
            return out
        subject = group[0] if group else None
        if subject and subject.get("category") not in (None, "test"):
            if not _NAMES_TESTS.search(lowp):
                return out
            subject = None      # "zero lint warnings, all 89 tests passing": the count names its own tests
        if not group and not re.search(r"pass|green|tests?|specs?|examples?", lowp):
            return out
        make("test", subject)
        return out
    if kind in ("comp", "bverb", "tcv", "cverb") and claims_dropped.verb_alone_in_its_clause(s, p, group, pronoun):
        # the check's own verb, its subject dropped: "Builds.", "Lints cleanly, builds cleanly",
        # "Formatting is clean (`cargo fmt --check`), compiles, and the tests pass"
        make("lint" if lowp.startswith("lint") else "typecheck" if lowp.startswith("type") else "build", None, scope="all")
        return out
    if kind == "comp":
        subject = group[0] if group else None
        if p.group(0).startswith("BUILD"):
            # "`./gradlew test` — BUILD SUCCESSFUL": the verdict of that run (`mvn verify`: both); of a run not
            # named ("Gradle: BUILD SUCCESSFUL"), it does not say which tasks ran
            for run in group:
                if run.get("category") and run["kind"] in ("code", "tool"):
                    make(run["category"], run)
        elif subject and subject.get("category") == "typecheck":
            make("typecheck", subject)
        elif not subject or subject["kind"] in ("build", "buildable", "code", "pron", "every") \
                or subject.get("category") == "build":
            make("build", subject, alternates=("typecheck",), scope="all")
        elif subject["kind"] == "test" and p.group(0).lower().startswith("compile") and _CLAUSE_ENDS.match(s, p.end()):
            # "The tests compile now": the test code builds (a part of the build), whatever a run of it says
            make("build", None, alternates=("typecheck",), scope="subset")
        return out
    if kind == "nofail":
        if not group:
            return out
        lead = s[max(0, group[0].get("phrase_start", group[0]["start"]) - 40):group[0]["start"]]
        verb_first = bool(_NEGATED_VERB.match(lowp))
        if verb_first or _NEGATIVE_QUANTIFIER.search(lead):
            for subject in group:
                if subject.get("category"):
                    make(subject["category"], subject, scope=None if verb_first else "all")
        return out
    if kind == "verified":     # the runs named after it; after "a clean run of", the checks it names
        after = [x for x in subjects if x["start"] >= p.end() and x.get("category") and x["kind"] != "buildable"]
        if lowp in _STATE_BEFORE:
            after = after[:1]      # "Clean `cargo build`, ...": the run right after it
        for subject in (claims_lists.group_starting(g, s, after) if after and lowp.endswith(" of") else after):
            if subject["kind"] in ("code", "tool") or lowp.endswith(" of"):
                make(subject["category"], subject)
        return out
    if kind in ("tcv", "cverb"):
        category = "lint" if lowp.startswith("lint") else "typecheck"
        said_of = pronoun or (group[-1] if group else None)
        if kind == "cverb" and not (said_of is not None and (pronoun is not None or said_of["kind"] in _VERB_SUBJECTS)
                                    and _ADVERBS_ONLY.match(s, said_of["end"], p.start())):
            return out      # "I ran lint and typechecks": a noun, not the verb of what it follows
        make(category, group[0] if group and group[0].get("category") == category else None, scope="all")
        return out
    if kind == "sbuild":
        named = re.search(r"lint|test|suite|type|buil[dt]|compil", lowp)
        if named:
            make(_ATTRIBUTED[named.group(0)], None, scope="all")
        elif lowp.endswith("runs"):
            # "I ran `go test -race -count=20 ./hub/` and got 20 clean runs": the runs of the command named
            for subject in group:
                if subject["kind"] in ("code", "tool") and subject.get("category"):
                    make(subject["category"], subject)
        return out
    if kind == "vet":     # "it vets clean": go vet
        make("lint", None, scope="all", tool="go vet")
        return out
    if kind == "bobj":
        subject = group[0] if group else None
        if subject is not None and subject.get("category") == "build" and subject["kind"] in ("code", "tool", "build"):
            make("build", subject, scope="all")     # a build run makes its artifacts
        elif subject is None and _BUILT_ARTIFACTS.match(s[:p.end()]):
            make("build", None, scope="all")    # "Built the Docker image and ran it locally": the agent's own build
        return out
    if kind == "bverb":
        subject = group[0] if group else None
        said_it = pronoun is not None and re.match(r"it\b", pronoun["text"], re.I)
        # "Builds cleanly.", and after a colon that ends the run it is said of: "Rebuilt the image: builds fine"
        opens_sentence = re.match(r"^\W*$|^.*:\W*$", s[:p.start()]) and len(ptext.split()) > 1
        # "it builds": whatever "it" is, the claim is a build; so is a thing built and how ("`pip install -e .`
        # builds the C extension without errors", "Maven compiles the `core` module without issues")
        if said_it or (subject is None and opens_sentence) or _BUILT_WITHOUT_FAULT.match(lowp):
            make("build", None, scope="all")
        elif subject is not None and (subject["kind"] in ("buildable", "build", "every")
                                      or subject.get("category") == "build"):
            make("build", subject if subject["kind"] != "every" else None, scope="all")
        elif subject is None and claims_grammar.CODE_OPENS.match(s[:p.start()]):
            make("build", None, scope="subset")     # "`make lib cli` builds fine": what the code names is built
        elif (subject is None or subject["kind"] == "tool") and lowp.startswith("builds") and claims_build_mode.thing_built(s, p.start()):
            # "The Linux AppImage builds and launches", "the whole tree builds under Ninja": a thing the
            # noun phrase right before the verb names (no person, no CI) is what was built
            make("build", None, scope="all")
        return out
    if kind == "clean":
        if group and _SAYS.match(lowp) and not _ADVERBS_BETWEEN.match(s, group[-1]["end"], p.start()):
            return out      # "The crystal ball says nothing": a runner's name in another noun says nothing
        ccat = (p.group("ccat") or "").lower()
        if ccat:
            category = _CLEAN_CATEGORY.get(re.sub(r"[^a-z0-9]", "", ccat), None)
            if category:
                subject = group[0] if group and group[0].get("category") == category else None
                tool = ccat if ccat in ("tsc", "mypy", "pyright", "eslint", "ruff", "clippy", "rubocop", "biome",
                                        "flake8", "pylint") else None
                make(category, subject, alternates=("typecheck",) if category == "build" and "compil" in ccat else (),
                     scope="all", tool=tool)
            return out
        ccat2 = (p.group("ccat2") or p.group("ccat3") or "").lower()
        if ccat2:
            make(_CLEAN_CATEGORY.get(ccat2, "build"), None, scope="all")
            return out
        if re.search(r"(?:no|zero|0|not a single|not one) (?:failing|broken|red) (?:tests?|specs?|test cases?)", lowp):
            make("test", None, scope="all")
            return out
        after = _subjects_after(g, s, subjects, p.end())
        if after and _SILENCE.match(lowp) and not _FROM.match(s, p.end()):
            after = []      # "nothing to report on the tests": silence is a check's only when it is "from" it
        if after and (not group or _FROM.match(s, p.end())):
            group = after       # "Zero errors from pyright, zero warnings from ruff": each its own
            span, text = (p.start(), p.end()), ptext
        if not group and re.match(r"(?:0|zero)\s+fail(?:ures|ed|ing)\b(?!\s+(?:checks?|rules?|polic(?:y|ies)|controls?))",
                                  s[p.start():], re.I) and not subjects:
            make("test", None, scope="all")     # "0 failures now.": a runner's count of failed tests
            return out
        if not group and _COMPILED_IT.match(s[:p.start()]) and re.match(r"(?:no|zero|0|without(?: any)?)\s+errors?\b", lowp):
            make("build", None, scope="all")    # "Recompiled the plugin against the new API — no errors"
            return out
        if _NONE_OF_FAILED.match(lowp):
            # "0 of 18 failed": none of the run's count failed, all of it passed
            for subject in group or ([{"category": "test"}] if re.search(r"tests?|specs?|examples?", lowp) else []):
                if subject.get("category"):
                    make(subject["category"], subject if group else None, scope="all")
            return out
        for subject in group:
            # a linter's silence is its pass; a test run's is no result ("`pytest` printed no output"),
            # and a count of bugs is a bug finder's (a linter's: "SpotBugs reports 0 bugs")
            if subject.get("category") and not (subject["category"] == "test" and lowp.endswith(("no output", "empty", "handed"))) \
                    and (subject["category"] == "lint" or not lowp.endswith("bugs")):
                make(subject["category"], subject)
        return out
    # generic predicates: pass, green, clean, succeeds, happy, works, check out, exit 0, finished...
    right_after = group and not s[group[-1]["end"]:p.start()].strip(" :*_")
    if kind == "green" and lowp.startswith(tuple(_CHECK_MARKS)) and (not right_after or _marks_lead(s, subjects)):
        # "✅ lint, ✅ typecheck": a mark right before a subject (and not right after one) is its
        # the mark and its item, with the item's modifiers ("✅ unit tests"), not a verb ("✅ Added a spec")
        after = [x for x in subjects if x["start"] >= p.end() and x.get("category")
                 and not s[p.end():max(p.end(), x.get("phrase_start", x["start"]))].strip(" *_")
                 and not _WORK_VERB.search(s[p.end():x["start"]])]
        if after:
            for subject in claims_lists.group_starting(g, s, after):
                cand_span = (p.start(), subject["end"])
                out.append({"category": subject["category"], "span": cand_span,
                            "text": s[cand_span[0]:cand_span[1]],
                            "tool": subject.get("tool"), "alternates": [], "lang": "en", "qualified": False,
                            "scope": _scope(g, s, subject["category"], subject, p, kind),
                            "counts": _counts(g, s, (p.start(), len(s))) if subject["category"] == "test" else {}})
            return out
    if not group:
        if kind in ("green", "cleanw", "pass", "happy", "exit0") and not lowp.startswith(tuple(_CHECK_MARKS)):
            # "seeing green from `cargo test`", "clean under `ruff`": the subjects it is from
            for subject in _subjects_after(g, s, subjects, p.end()):
                make(subject["category"], subject)
        return out
    for subject in group:
        category = subject.get("category")
        if subject["kind"] == "buildable":
            continue
        if category is None:
            continue
        if (kind == "works" or kind == "finish" and lowp in _ENDED) and category != "build":
            continue     # a build that ends has built; tests that end may have failed ("`npm test` → done")
        if kind == "nodiff" and lowp.endswith("formatted") and (subject["kind"] not in ("code", "tool")
                                                                 or not _TOLD_GAP.match(s, subject["end"], p.start())):
            continue    # files told formatted are a format check's result right after its command, not a hook's job
        if kind == "nodiff" and category != "lint" and not (category == "test" and "diff" in lowp and (
                _EXPECT_TESTS.search(s) or subject["kind"] in ("code", "tool"))):
            continue    # (a test run's "no diff" is its pass where tests compare output: "`dune runtest` produces no diff")
        if kind == "checkout" and category != "typecheck" and not _CLAUSE_ENDS.match(s, p.end()):
            continue    # "Lint checks out." is a verdict; "the script checks out the branch" is not
        if kind == "happy" and category == "test" and lowp != "happy" and subject["kind"] not in ("code", "tool") \
                and lowp not in ("ok", "okay") and not subject.get("run") and not (_VERBLESS.match(s, subject["end"], p.start()) and s[p.end():p.end() + 1] != "-") \
                and not _EXCEPTED.match(s, p.end()) and not any(x.get("category") not in (None, "test") for x in group) \
                and not _FINE_WITH_IT.match(s, p.end()) \
                and not _COUNT_AFTER.match(s, p.end()):
            # tests pass, they are not "fine" ("the tests are fine as they are"); tests are "ok" as a
            # runner prints it ("Unit tests are ok"), and so are tests in a verbless status row ("build ok, tests ok")
            # or said with another check ("App build and unit tests are fine")
            continue
        # state words need a linking verb: "lint is clean", not "tests are shown in green"
        if (kind in ("happy", "cleanw") or (kind == "green" and lowp[:1] not in _CHECK_MARKS)) and not subject.get("parts"):
            said_of = pronoun or group[-1]
            gap = _DASHED_ASIDE.sub(" ", s[said_of["end"]:p.start()])
            if gap.lstrip().startswith(")") and "(" in s[max(0, group[0].get("phrase_start", group[0]["start"]) - 2):said_of["start"]]:
                gap = gap.lstrip()[1:]   # "Static analysis (`pylint`) is clean": the name in parentheses is the subject's
            if not (_COPULA_GAP.match(gap) or _LABEL_GAP.search(gap)     # "Whole suite re-run: (still) green"
                    or _SCORE_RISE.match(gap)     # "pylint score went from 8.7 to 10.00/10"
                    or _PLACE_PHRASE.match(gap)     # "shellcheck across all the scripts is silent"
                    # "ran `swift test` which is green", "`clippy` and `fmt --check`, both of which are clean"
                    or (said_of["kind"] in ("code", "tool") or said_of["kind"] == "pron" and group[-1]["kind"] in ("code", "tool"))
                    and _WHICH_IS.match(gap)
                    or _OTHERWISE.search(gap)     # "Lint: 2 warnings in vendor/, otherwise clean"
                    # the run's own verb before the adverb: "`kustomize build overlays/prod` renders cleanly"
                    or lowp == "cleanly" and said_of["kind"] in ("code", "tool") and _RUN_VERB_GAP.match(gap)
                    or _ran_on(s, group[0], gap)):
                continue
        alternates = ("typecheck",) if subject.get("compile") else ()
        make(category, subject, alternates=alternates)
    return out


# one verb of a command's run: "renders", "finished" (before "cleanly")
_RUN_VERB_GAP = re.compile(r"^\s+(?:(?:now|also|still|all)\s+)?[a-z]{3,}(?:s|ed)\s+(?:(?:now|again|all)\s+)?$", re.I)
# the state of the subject apart from what was said of it: "Lint: 2 warnings in vendor/, otherwise clean"
_OTHERWISE = re.compile(r"^[^.;!?]{0,100}(?:,\s*|\s)(?:but\s+|and\s+)?otherwise\s+$", re.I)
_BUT_THEN = re.compile(r"^\s+(?:(?:locally|here|again|alone|itself)\s+)?(?:is|are|was|were|takes|took|gets|got|runs|ran|warns|warned"
                       r"|prints|printed|logs|logged)\b[^,;.]{0,100}?\s+but\s+"
                       r"(?:(?:now|still|also|eventually|then|always)\s+)?$", re.I)
# a rerun of what was named before, its object elided: "`pytest` passed, then I changed X and reran: still passing"
_RERAN = re.compile(r"\b(?:re-?ran|re-?run it|re-?ran it)\s*:\s*(?:(?:still|now|again|all)\s+)*$", re.I)
# a count after the state makes it a result: "Tests are fine though, 74/74"
_COUNT_AFTER = re.compile(r"(?:\s+(?:though|too|now|again))?\s*[,:(\u2014\u2013-]?\s*\(?\d[\d,]*\s*(?:/|of|out of)\s*\d", re.I)
# an exception after the state makes it a result: "tests are fine apart from the known X failure"
_EXCEPTED = re.compile(r"\s*,?\s*(?:apart from|except(?: for)?|other than|aside from|save for|bar)\b", re.I)
# nothing but adverbs or a label colon between a subject and its state: a status row, not a copula
_VERBLESS = re.compile(r"\s*(?::\s*)?(?:(?:also|all|now|still|again|both)\s+)*(?:\d[\d,]*\s+)?$", re.I)


# what a check's own verb is said of ("The code typechecks", "Everything lints", "`src/` lints"), and
# the words that may stand between them
_VERB_SUBJECTS = ("buildable", "every", "code", "build")
_BUILT_WITHOUT_FAULT = re.compile(r"(?:builds|compiles)\s+\S+\s.*\b(?:fine|cleanly|successfully|without)\b")
_SCORE_RISE = re.compile(r"\s+(?:score|rating)\s+(?:now\s+)?(?:went|is|was|rose|jumped|climbed|moved)\s+(?:up\s+)?from\s+[\d.]+(?:/10)?\s+to\s+$",
                         re.I)
_FINE_WITH_IT = re.compile(r"\s+with\s+(?:it|that|this|the\s+changes?)\b", re.I)     # "the specs are fine with it"
_EXPECT_TESTS = re.compile(r"\b(?:expect(?:ation)?|snapshot|golden|approval|cram)[ -]?tests?\b", re.I)
_ADVERBS_ONLY = re.compile(r"\s*(?:(?:now|still|also|again|all|fully|finally|already|both)\s+)*"
                           r"(?:(?:builds|compiles|lints|type-?checks)(?:\s+cleanly)?(?:\s*,)?\s+(?:and\s+)?)?$", re.I)


_SUCCESSFUL_OF_TOTAL = re.compile(r"(?<![\d,])(\d[\d,]*) successful, (\d[\d,]*) total\b", re.I)


# the check a run named with its state is of ("a green build", "a clean lint run")
_NAMES_TESTS = re.compile(r"\b(?:tests?|specs?|examples?|test cases?)\b")
# between a command and what it told: punctuation, or a verb of telling ("`black --check .`: all 42 files ...")
_TOLD_GAP = LazyRegex(r"\s*(?:[:;,\u2014\u2013-]+|\s(?:says|said|reports?|reported|shows?|showed|prints?|printed))?\s*$", re.I)
_ENDED = frozenset(("done", "complete", "completed", "finished", "completes", "finishes"))
_STATE_BEFORE = frozenset(("clean", "green", "passing", "successful"))
_ATTRIBUTED = {"lint": "lint", "test": "test", "suite": "test", "type": "typecheck", "build": "build", "built": "build", "compil": "build"}


_WORK_VERB = re.compile(r"\b(?:add(?:ed)?|wr(?:ote|ite|itten)|creat(?:e|ed)|introduced|updated|fixed|removed|renamed)\b",
                        re.I)


def _marks_lead(s, subjects):
    """In a row of status marks, the first mark comes before anything the row names ("✅ tests ✅
    lint ❌ typecheck"): every mark leads its item, none follows the item before it."""
    first = next((x["start"] for x in subjects if x.get("category")), len(s))
    mark = _FIRST_MARK.search(s)
    return bool(mark) and mark.start() < first and bool(_FIRST_MARK.search(s, mark.end()))


_FIRST_MARK = re.compile(u"[" + lexicon.STATUS_MARKS + u"]")


def _subjects_after(g, s, subjects, end):
    """The subjects a failure count is "from" ("0 errors, 0 warnings from eslint", "No errors
    from `tsc`, `eslint` or `vitest`")."""
    after = [x for x in subjects if x["start"] >= end and x.get("category") and x["kind"] != "buildable"]
    if not after or not _FROM_GAP.match(s[end:after[0].get("phrase_start", after[0]["start"])]):
        return []
    return claims_lists.closed_list(s, end, after[0], claims_lists.group_starting(g, s, after, _FROM_AGAIN))


_NONE_OF_FAILED = re.compile(r"(?:0|zero|none)\s+(?:of|out of)\s")
_FROM_GAP = re.compile(r"^(?:\s*,\s*(?:0|no|zero)\s+\w+)*\s*(?:(?:from|out of|in|by|under|reported by|with|on|across"
                       r"|(?:were|was)\s+(?:reported|found|flagged|raised|emitted)\s+by)\s+(?:the\s+)?(?:rest\s+of\s+(?:the\s+)?)?(?:\d[\d,]*\s+)?"
                       r"|(?:\s+(?:now|all|again|too|across the board|everywhere))*\s*:\s*|\s*\(\s*"
                       # the source named after the result: "No failures, 3 skipped — that's the pytest summary"
                       r"|[^.;]{0,80}?\s[\u2014\u2013-]\s*(?:that's|that is|this is|those are)\s+(?:the\s+|from\s+(?:the\s+)?)?)$",
                       re.I | re.A)


# an idiom of silence ("not a peep", "nothing to report"): a pass only of the check it is from
_SAYS = re.compile(r"(?:says?|said)\b")
_ADVERBS_BETWEEN = re.compile(r"\s*(?:(?:also|now|still|just|again|only)\s+)*$", re.I)
_SILENCE = re.compile(r"not\s+(?:a|one|a\s+single)\s+(?:peep|squeak|whisper|murmur)\b|nothing\s+to\s", re.I)
# the preposition repeated in a coordination: "Exit 0 from `npm test` and from `npm run lint`"
_FROM_AGAIN = re.compile(r"^\s*,?\s*(?:and|or|as well as)\s+(?:from|by|in|under)\s+(?:the\s+)?$", re.I)
_FROM = re.compile(r"\s*(?:from|out of|by|(?:(?:were|was)\s+)?(?:reported|found|flagged|raised|emitted)\s+by"
                   r"|in\s+the\s+rest\s+of)\s", re.I)     # ("no failures in the rest of the suite")


_NEGATED_VERB = re.compile(r"(?:no longer|don't|doesn't|do not|does not|never|won't|isn't|aren't|is not|are not|stopped|not|no"
                           r"|didn't|did not|hasn't|has not|haven't|have not|has|have|had)\b")
_NEGATIVE_QUANTIFIER = re.compile(
    r"\b(?:no|none of|not one(?: of)?|not a single(?: one of)?|nothing in|zero|neither)\s+(?:the\s+)?(?:\d[\d,]*\s+)?"
    r"(?:[\w-]+\s+)?(?:sgr0x\s+)?$", re.I | re.A)
_CHECK_MARKS = u"\u2705\u2713\u2714\u2611\U0001f7e2\U0001f44d"
_COPULA_GAP = re.compile(
    r"^(?:\s|[:*_(|-]|'s|\u2019s|'re|\u2019re|\u2192|->|=>|\b(?:on|in|for|over|across)\s+sgc\d+x\b|\b(?:itself|themselves)\b"
    # a scope between subject and state: "`mypy --strict` on the module is clean"
    r"|\b(?:on|in|for|over|across|under|of)\s+(?:the|this|that|its|each|every|all(?: the)?|my)\s+(?:[\w-]+\s+)?"
    r"(?:modules?|packages?|files?|crates?|projects?|director(?:y|ies)|folders?|codebase|repo|code|changes?"
    r"|workspaces?|libraries|library|apps?)\b|\d+(?:\.\d+)?\s?%|\b(?:task|target|run|step|job|output|log|results?|env|environment|session)\b"
    # when and where it ran: "That's mypy after the two fixes, run from the repo root \u2014 clean"
    r"|\bafter\s+(?:(?:the|my|these|those|this|that|both|all)\s+)?(?:\w+\s+)?(?:fix(?:es)?|changes?|edits?|refactor|rename)\b"
    r"|,\s*(?:run|ran)\s+(?:from|in|at)\s+(?:the\s+)?(?:repo(?:sitory)?|project|workspace)?\s*root\b"
    # the mode it ran in: "Pyright in strict mode is clean", "mypy (strict) is clean", "ruff with the CI config"
    r"|\b(?:in|with|under)\s+(?:(?:the|its|our)\s+)?(?:[\w-]+\s+)?(?:mode|config(?:uration)?|settings|profile|preset)\b"
    r"|\bat\s+(?:the\s+)?(?:max(?:imum)?|strictest|level\s+\d+)(?:\s+level)?\b"     # "phpstan at max level"
    r"|\(\s*(?:--)?[\w-]+(?:\s+mode)?\s*\)"
    # a cleft: "`go vet` is the one that's clean"
    r"|\b(?:is|are)\s+the\s+(?:only\s+)?ones?\s+(?:that|which)(?:'s|\u2019s|\s+(?:is|are))?"
    # the toolchain it ran with, by its versioned name: "Build with clang-17 is also okay"
    r"|\b(?:with|using|under)\s+[a-z][\w+.-]*?-?\d[\w.]*\b"
    # a non-restrictive relative clause: "I ran the linter, which is happy"
    r"|,\s*which\b"
    # what a runner tells, as it prints it: "phpunit says OK", "eslint reports clean"
    r"|\b(?:says|said|reports|reported|prints|printed|returns|returned)\b"
    # a passive run before the state: "The tests were run and are green"
    r"|\b(?:re-?)?(?:run|executed)(?:\s+again)?\s*,?\s+and\b"
    r"|\bfrom (?:red|failing) (?:to|\u2192|->)|\b(?:has|have|'ve)\s+(?:(?:also|now|finally)\s+)?(?:gone|turned|become|been)\b"
    r"|\b(?:is|are|was|were|be|(?:has |have |'ve )?been|now|all|still|also|again|both|went|gone|goes|turned|came back|comes back"
    r"|come back|back to|stayed|stays|remains?|remained|fully|completely|entirely|totally|back|already|currently|finally"
    # the other linking verbs: "clippy comes up clean", "the tree looks clean", "it seems happy"
    r"|comes? up|came up|turns? up|turned up|looks?|looked|seems?|seemed|appears?|appeared|ends? up|ended up|keeps?|kept"
    r"|as well)\b|[\u2014\u2013]|\u662f|\u4e5f|\u90fd|\u5df2\u7ecf|\u5df2|\u5747|\u5168\u90e8|\u5168|\u8fd8\u662f|\u73b0\u5728"
    r"|\u76ee\u524d)*$", re.I | re.A)
# the object of a run and the state after it: "Re-ran tests, still green", "Ran pytest locally — all good"
_RUN_BEFORE = re.compile(r"\b(?:re-?ran|ran|re-?run|executed|(?:re-?)?compiled)\s+(?:(?:the|all|my|our|full|whole|entire|both)\s+)*"
                         # the items listed before it: "I ran `swift build` and `swift test`; no failures"
                         r"(?:(?:[\w`.-]+\s+){0,2}?[\w`.-]+(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*))*"
                         r"(?:(?:the|all|my|our|full|whole|entire|both)\s+)*$", re.I)
# (what it ran on may stand between: "Ran eslint on the files I touched; no warnings", "Ran shellcheck
# on a.sh and b.sh (the two I edited) — nothing flagged"; a clause of its own may not: no verb
# of contrast or condition, no sentence end)
_RUN_GAP = re.compile(u"^(?:\\s+(?:locally|again|twice|thrice|once more|once|here|afterwards?|(?:\\d+|\\w+) times|in a row|back to back"
                      # (how often and why: "a couple of times to be sure")
                      u"|a (?:couple|few) (?:of )?times|several times|multiple times|repeatedly|one more time|from scratch"
                      u"|to (?:be sure|make sure|double-?check|be safe|confirm)|just (?:in case|to be safe)|to completion|in full))*"
                      u"(?:\\s+(?:on|against|over|across|in|under|for|with|after|following)\\s+(?:(?!\\b(?:but|although|though|while|whereas"
                      u"|because|if|unless|until|except|then|before|earlier|yesterday|prior)\\b)(?:[^;:.!?\u2014\u2013(]|\\.(?=\\S))){1,100}?){0,3}(?:\\s*\\([^()]{0,100}\\))?"
                      u"(?:\\s*(?:[,;:\u2014\u2013]|--)|\\s+with(?=\\s+(?:no|zero|0|not a single)\\s|$))"
                      # the run's own count of what it looked at, before its result: "3 chart(s) linted, 0 chart(s) failed"
                      u"(?:\\s*\\d[\\d,]*\\s+[a-z]+(?:\\(s\\))?\\s+(?:linted|checked|scanned|analy[sz]ed|processed|inspected|validated)\\s*,)?"
                      u"\\s*(?:(?:still|now|again|all|both|and|everything|it's|they're|it is|they are)\\s+)*$", re.I)


def _result_opens_with_with(p):
    """The predicate opens with "with" ("with no failures")."""
    return p.group(0)[:5].lower() == "with "


def _ran_on(s, subject, gap):
    """``subject`` is what a run verb ran, and ``gap`` leads from it to the run's result:
    "Ran `mypy`; no errors", "Re-ran tests, still green"."""
    passive = _PASSIVE_RUN.match(gap)
    if passive:
        # "golangci-lint was executed against the changed packages only, reporting no issues"
        return bool(_RUN_GAP.match(gap[passive.end():]))
    return bool(_RUN_GAP.match(gap)) and bool(_RUN_BEFORE.search(s, 0, subject.get("phrase_start", subject["start"])))


_PASSIVE_RUN = re.compile(r"^\s*(?:,\s*(?:which|that)\s+|\s)(?:was|were|got|has\s+been|have\s+been)\s+(?:re-?)?"
                          r"(?:run|ran|executed)\b", re.I)


_WHICH_IS = re.compile(r"\s*,?\s*(?:which\s+(?:is|was)|(?:(?:both|all|each|either)\s+)?of\s+which\s+(?:are|were|is|was))\s+"
                       r"(?:(?:now|still|all|also)\s+)*$", re.I)
_LABEL_GAP = re.compile(r":\s*(?:(?:still|now|again|all|also|fully|completely|back to)\s+)*(?:\d[\d,]*\s+)?$", re.I)
_CLEAN_CATEGORY = {
    "tests": "test", "spec": "test", "specs": "test", "type": "typecheck", "typescript": "typecheck", "tsc": "typecheck", "mypy": "typecheck", "pyright": "typecheck",
    "typing": "typecheck", "typecheck": "typecheck", "typechecking": "typecheck", "types": "typecheck",
    "lint": "lint", "linting": "lint", "linter": "lint", "eslint": "lint", "ruff": "lint", "clippy": "lint",
    "rubocop": "lint", "biome": "lint", "flake8": "lint", "pylint": "lint",
    "build": "build", "compile": "build", "compilation": "build", "compiler": "build", "test": "test",
}


# Words before "tests" that name a kind of test, not a part of the suite: "the unit tests pass" is
# about the suite (docs/VERDICTS.md); "the calc tests pass" names a subset.
GENERIC_TEST_MODS = frozenset(("the", "all", "our", "my", "unit", "integration", "e2e", "end-to-end",
                               "entire", "whole", "full", "existing"))


def _scope(g, s, category, subject, p, kind):
    if category != "test":     # (a gerund naming one part: "Building that project gives 0 warnings")
        return "subset" if (subject or {}).get("kind") == "build" and claims_grammar.GERUND_PART.match(subject["text"]) else "all"
    gap = s[subject["end"]:p.start()] if subject else ""
    ptext = p.group(0)
    scope = (subject or {}).get("scope")
    if scope == "subset" and subject and subject["kind"] in ("code", "tool"):
        return "subset"     # `dotnet test --filter X`: 50/50 green is all of the part it selects
    counted = re.search(r"(\d[\d,]*)\s*(?:/|of|out of)\s*(\d[\d,]*)", ptext)
    if counted:
        return "all" if counted.group(1) == counted.group(2) else "subset"
    said_all = subject and g.all_words.search(" ".join(subject.get("mods") or ()))
    if scope == "subset" or (subject and g.gap_subset.search(gap) and not said_all):
        return "subset"
    if scope == "all" or g.gap_all.search(gap) or _zero_failures(g, s):
        return "all"
    if kind == "cnt" or (subject and subject["kind"] in ("tool",)):
        return "all"
    # bare plural "Tests pass.": nothing narrows it, so it speaks of all of them
    if subject and subject["kind"] == "test" and re.search(r"(?:tests|specs|suites)$", subject.get("text", ""), re.I) \
            and not [m for m in subject.get("mods") or () if m not in GENERIC_TEST_MODS]:
        return "all"
    return "subset"


_LAST_ZERO = ["", False]


def _zero_failures(g, s):
    """"0 failures" anywhere in the sentence (looked up once per sentence: a long sentence has
    many candidates)."""
    if _LAST_ZERO[0] is not s:
        _LAST_ZERO[0], _LAST_ZERO[1] = s, bool(g.zero_failures.search(s))
    return _LAST_ZERO[1]


def _counts(g, s, span):
    """{passed, total} a test claim states."""
    text = s[span[0]:span[1] + LOOKBACK]
    counts = {}
    m = re.search(r"(?<![\d.,])(\d[\d,]*)\s*(?:/|of|out of)\s*(\d[\d,]*)(?![\d.%])", text)
    if m:
        counts["passed"] = int(m.group(1).replace(",", ""))
        counts["total"] = int(m.group(2).replace(",", ""))
        return counts
    m = g.passed_count.search(text) or re.search(r"\ball (\d[\d,]*)\b", s[span[0]:span[1]], re.I) \
        or re.search(r"(?<![\d.,])(\d[\d,]*)\s+(?:\w+\s+){0,2}(?:tests?|specs?|examples?|test cases?)\b", text, re.I)
    if m:
        counts["passed"] = int(m.group(1).replace(",", ""))
    t = g.total_count.search(text)
    if t:
        counts["total"] = int((t.group(1) or t.group(2)).replace(",", ""))
    return counts


def _add_everything(reader, s, subjects, mentions, candidates, operational):
    """'Everything passes', 'all green', 'green across the board'."""
    g = reader.g
    spans = []
    for x in subjects:
        if x["kind"] != "every":
            continue
        tail = s[x["end"]:]
        # (with what was run: "Everything I could run passes: `cargo test` and `cargo clippy`")
        m = re.match(r"(?:'s|\u2019s)?(?:\s+else)?(?:\s+(?:that\s+)?(?:i|we)\s+(?:(?:could|was able to|were able to|managed to"
                     r"|did|have|had|just)\s+)?(?:run|ran|check|checked|test|tested|build|built))?"
                     r"(?:\s*[\u2014\u2013]\s*[^\u2014\u2013]{1,80}?\s*[\u2014\u2013]|\s*\([^()]{1,80}\))?"
                     r"(?:\s+(?:is|are|now|still|also|all|in it|else|was|were|currently|again|finally|came back|come back"
                     r"|comes back))*\s*:?\s*"
                     r"(pass(?:es|ed|ing)?|green|succe\w+|clean|fine|happy|ok(?:ay)?|went through(?=\s*(?:[.,;!\u2014\u2013]|$|without|cleanly|fine|apart|except|green)))\b", tail, re.I)
        if m and m.group(1).lower() in ("clean", "fine", "happy", "ok", "okay") \
                and x["text"].lower().startswith("everything") and "else" not in (x["text"] + tail[:m.start(1)]).lower():
            m = None     # "everything is clean" is as often the working tree; "everything else is clean" is not
        if m and m.group(1).lower() in ("fine", "happy", "ok", "okay") and not x["text"].lower().startswith("everything"):
            m = None     # "all checks are fine": only what "everything else" leaves is a check's
        if m:
            spans.append((x["start"], x["end"] + m.end()))
    m = g.everything_alone.search(s)
    if m and "good" in m.group(0).lower() and not any(claims_fragments.named_by_verbs(x) or lexicon.search("run", x)
                                                      for x in reader.sentences[-2:]):
        m = None     # "All good." says the checks pass after their verbs or a run ("Linted, tested. All good.")
    if m and not [x for x in subjects if x["end"] <= m.start() and x.get("category") and x["kind"] != "buildable"
                  and _COPULA_GAP.match(s[x["end"]:m.start()])]:
        spans.append((m.start(), m.end()))      # not "`npm test` all green": that is the subject's
    for start, end in spans[:1]:
        if operational:
            return
        if re.search(r"\b(?:smoke|health|status|uptime|infra|prod|production|deploys?|endpoints?|routes?|pages?"
                     r"|links?|servers?|services?|processes|monitors?|queues?)\s*$", s[:start], re.I):
            return
        candidates.extend(_expand_everything(reader, s, subjects, (start, end), s[start:end], operational))


# a part of the tests an exception names: a kind of tests, a project, shard or job of a runner
_A_PART_OF_THE_TESTS = re.compile(
    r"^[^,;.()]{0,30}?\b(?:(?:e2e|end-to-end|integration|smoke|browser|ui|visual|snapshot|contract)\b"
    r"|[^,;.()]{0,20}\b(?:project|suite|shard|job|target|config|matrix entry)\b)", re.I)


def _expand_everything(reader, s, subjects, span, text, operational):
    """The categories "everything" stands for: those the sentence names, else all four (marked
    ``expanded``); a whole category named in an exception that follows is left out ("Everything
    passes except the build"), a single test is only the claim's exception."""
    exception = lexicon.search("exception", s[span[1]:], "en")
    cut = span[1] + exception.start() if exception else len(s)
    named, excluded = [], set()
    for x in subjects:
        if x.get("category") and x["kind"] not in ("buildable", "pron", "every"):
            if x["start"] >= cut:
                if x["category"] == "test" and _A_PART_OF_THE_TESTS.search(s[min(x["start"], x.get("phrase_start", x["start"])):x["end"] + 30]):
                    if "test" not in named:
                        named.append("test")        # "except the e2e suite": the rest of the tests pass
                elif x.get("scope") != "subset" and x["kind"] != "testid" and not (x["category"] == "test" and COUNTED_FEW.search(s, max(0, x["start"] - 30), x["start"])):
                    excluded.add(x["category"])     # "except the build"; not "except `test_upload`"
            elif x["category"] not in named:
                named.append(x["category"])
    named = [c for c in named if c not in excluded]
    if named:
        return [{"category": c, "span": span, "text": text, "tool": None, "alternates": [], "lang": "en",
                 "scope": "all", "counts": _counts(reader.g, s, span) if c == "test" else {}} for c in named]
    return [{"category": c, "span": span, "text": text, "tool": None, "alternates": [], "lang": "en",
             "scope": "subset", "counts": {}, "expanded": True} for c in CATEGORIES if c not in excluded]


def _merge(candidates):
    """One candidate per category per sentence, preferring all over subset; the others of its
    category follow, marked ``fallback``: judged only when no earlier one of their category stands
    ("I believe everything passes, but I only ran `pytest tests/api` (12 passed)": the hedge takes
    the first, not the second)."""
    best = {}
    order = []
    for cand in candidates:
        key = cand["category"]
        if key not in best:
            best[key] = cand
            order.append(key)
        elif (not cand.get("qualified"), cand["scope"] == "all") > (not best[key].get("qualified"),
                                                                     best[key]["scope"] == "all"):
            best[key] = cand
    chosen = [best[k] for k in order]
    if len(chosen) == len(candidates):
        return chosen
    kept = set(id(c) for c in chosen)
    others = [dict(c, fallback=True) for c in candidates if id(c) not in kept
              and not any(c["span"] == b["span"] for b in chosen if b["category"] == c["category"])]
    return chosen + others
