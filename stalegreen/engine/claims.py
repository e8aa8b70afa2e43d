"""Green claims in an agent's final message ("all 41 tests pass", "tsc is clean", 构建成功).

The gate acts only on what the agent asserts, so this module must find assertions and nothing
else: a false claim costs a needless block, a missed one lets a stale green through.

How a message is read:
1. Code fences, inline code and quoted spans are replaced by placeholder words (``sgt3``,
   ``sgc4``, ``sgq5``). Inline code that is itself a verification command (``npm test``) becomes a
   subject of that command's category; inline code naming a test (``test_parse``) a subset-test
   subject; anything else can never form a claim.
2. Paragraphs, lines and sentences are split; unchecked to-dos and list items under a plan
   heading ("Next steps:") are plans.
3. In each sentence, subjects (tests, the suite, tsc, lint, the build, pronouns...) and
   predicates (pass, green, clean, succeeds, no errors, 41/41...) are found and linked: a
   predicate takes the nearest coordinated group of subjects before it ("Tests, lint and
   typecheck all pass"), a pronoun takes the group it refers to ("They pass").
4. A candidate survives only if the sentence is not a question, instruction, relayed, hedged or
   negated statement, and its own clause is not future or conditional; otherwise it is reported
   in ``ignored`` with the reason. Exception wording ("apart from", "the rest of") marks a claim
   ``qualified``.
5. One claim per category per message: unqualified beats qualified, ``all`` beats ``subset``.

The grammar's patterns are ``claims_grammar``, how an English sentence is read with them
(subjects, predicates, linking) ``claims_en``, the Chinese vocabulary ``claims_zh``; every sentence that contains CJK text is read with both, so mixed-language
messages work. Polarity, tense and modality are decided per clause (``clauses``), from the
words the lexicon lists (``lexicon.en``, ``lexicon.zh``); runners come from the runner catalog
(``lexicon.commands``).
"""

import re

from stalegreen.engine import claims_en, claims_grammar, claims_output, clauses, lexicon
from stalegreen.engine.lexicon import commands
from stalegreen.engine.lexicon import en as en_lexicon

CATEGORIES = claims_grammar.CATEGORIES
MAX_TEXT = 160
claimish = claims_grammar.claimish      # the cheap test callers run before extract()
CLAIM_WORDS = claims_grammar.CLAIM_WORDS


class Extraction(object):
    """What ``extract`` found.

    ``claims``: dicts with ``category`` (test/typecheck/lint/build, or completion when asked),
    ``scope`` (all/subset), ``qualified``, ``text`` (the matched words), ``sentence``, ``counts``
    ({passed, total} as stated), ``tool`` (named tool or None), ``alternates`` (other categories
    whose runs also back it: "compiles cleanly" -> typecheck), ``lang`` (en/zh) and ``expanded``
    (only on "everything passes" claims spread over the four categories).
    ``ignored``: near-misses, dicts with ``text``, ``reason`` (hedged, future, question, negated,
    conditional, relayed, quoted, code, instruction, plan, qualified, past, disclosed-stale,
    retracted) and, when known,
    ``sentence`` and ``category``.
    ``ran``: the categories the message says were just run, in any sentence ("Re-ran the tests.
    All tests pass."); a claim's ``ran`` is whether its category is among them.
    """

    __slots__ = ("claims", "ignored", "ran")

    def __init__(self):
        self.claims = []
        self.ignored = []
        self.ran = set()

    def as_dict(self):
        return {"claims": self.claims, "ignored": self.ignored}

    def __repr__(self):
        return "Extraction(claims=%r, ignored=%r)" % (self.claims, self.ignored)


# ------------------------------------------------------------------------------------ vocabulary
# Runners (inline code and prose names) come from the runner catalog through lexicon.commands.

CATEGORY_LETTER = claims_grammar.CATEGORY_LETTER


def classify_command(code):
    """(category, tool, scope) of the first verification run in inline code, else None."""
    runs = commands.classify_code(code)
    return runs[0] if runs else None


# ------------------------------------------------------------------------------------ reading

class _Reader(object):
    """State while reading one message: placeholders, antecedents, results."""

    def __init__(self, g, completion):
        self.g = g
        self.completion = completion
        self.spans = []          # placeholder index -> (kind, original text, category, tool, scope)
        self.result = Extraction()
        self.found = []          # claims in order, before one-per-category
        self.sentence_claims = [0, 0]    # where the previous sentence's claims start in found, and this one's
        self.history = []        # earlier sentences of the paragraph (text, or their subjects once read)
        self.sentences = []      # every sentence read (a not-rerun disclosure may be in any)
        self.named = set()       # categories the message names anywhere ("everything" means those)
        self.unread = []         # sentences with claim words but no predicate (their subjects add to named)
        self.ran = set()         # categories a clause says were just run ("Re-ran the tests.")

    # -- placeholders

    def hold(self, kind, original, category=None, tool=None, scope=None):
        if category:
            self.named.add(category)
        self.spans.append((kind, original, category, tool, scope))
        return " sg%s%dx " % (kind, len(self.spans) - 1)

    def span(self, index):
        """The placeholder's (kind, original, category, tool, scope); plain code if unknown."""
        if 0 <= index < len(self.spans):
            return self.spans[index]
        return ("c", "sg%dx" % index, None, None, None)

    def restore(self, text):
        def put_back(m):
            kind, original = self.span(int(m.group(2)))[:2]
            if kind == "q":
                return '"%s"' % original
            return "`%s`" % original

        # the further runs of one code span (`npm run lint && npm test`) follow its first as " and sgNx"
        text = re.sub(r" ?\bsg([tylbicq])(\d+)x\b(?: and sg[tylb]\d+x\b)* ?", put_back, text).strip()
        return re.sub(u"(?i)(sg)\u200b", r"\1", text)

    def _ignore(self, text, reason, sentence=None, category=None):
        text = re.sub(r"\s+", " ", text).strip()[:MAX_TEXT]
        if not text or any(i["text"] == text and i["reason"] == reason for i in self.result.ignored):
            return
        entry = {"text": text, "reason": reason}
        if sentence:
            entry["sentence"] = re.sub(r"\s+", " ", sentence).strip()[:MAX_TEXT * 2]
        if category:
            entry["category"] = category
        self.result.ignored.append(entry)

    def prepare(self, text):
        """Replace code and quotations with placeholder words; note the claim-like ones."""
        g = self.g
        # a literal placeholder-like word in the message must not be taken for one
        text = re.sub(r"(?<![a-z0-9])(sg)(?=[tylbicq]\d+x)", u"\\1\u200b", text, flags=re.I)

        def fence(m):
            body = m.group(3)
            held = []
            for command in re.findall(r"^\s*\$\s+(\S.*)$", body, re.M):
                runs = commands.classify_code(command)
                held.extend(self.hold(CATEGORY_LETTER[category], command if not index else None, category, tool,
                                       scope).strip() for index, (category, tool, scope) in enumerate(runs))
            if claims_grammar.claimish(body):
                line = next((ln for ln in body.splitlines() if claims_grammar.claimish(ln)), body)
                self._ignore(line, "code")
            intro = m.string[:m.start()].rstrip()
            shows = claims_output.transcript_words(self, m.group(2), body, intro, m.string[m.end():m.end() + 300])
            if held and intro.endswith((":", u"\uff1a")):
                # "all three pass:" and a block of `$ command` lines: the commands are what it lists
                return _LISTED + u" \u2014 ".join([" & ".join(held)] + shows) + "\n"
            if shows:
                # what the output shows, read as the words of the line that introduces it, if any
                # ("Before my change the output was:" keeps its tense)
                return _LISTED + ", ".join(shows) + ".\n"
            return "\n"      # the prose around a block is one paragraph ("Ran the suite:" ``` ``` "all pass")

        text = g.fence.sub(fence, text.replace("\r\n", "\n"))
        if "<" in text:
            text = _HTML_TAG.sub(" ", text)     # "<sub>Verified with ...</sub>", "<details>": markup, not words
        if _LISTED in text:
            text = re.sub(u"([:\uff1a])\\s*" + _LISTED, "\\1 ", text).replace(_LISTED, "")

        text = claims_output.labelled_outputs(claims_output.arrow_outputs(text))

        def inline(m):
            code = m.group(1)
            if code.strip().lower() in _STATUS_WORDS:
                return " %s " % code.strip()
            runs = commands.classify_code(code)
            if not runs and _GRADLE_TASK.match(code.strip()):
                runs = commands.classify_code("gradle " + code.strip())     # `:api:test`: a Gradle task path
            if runs:
                # `npm run lint && npm test`: one subject per run, coordinated ("... and ...")
                held = [self.hold(CATEGORY_LETTER[category], code if not index else None, category, tool, scope)
                        for index, (category, tool, scope) in enumerate(runs)]
                return " and ".join(h.strip() for h in held).join("  ")
            if g.testid.match(code.strip()):
                return self.hold("i", code, "test", None, "subset")
            if " " in code.strip() and claims_grammar.claimish(code):     # a summary line is several words
                shown = claims_output.inline_words(self, m.string, m.start(), code)
                if shown:
                    return shown
            if _is_claim_phrase(g, code) or (claims_grammar.has_cjk(code) and claims_grammar.claimish(code)):
                self._ignore(code, "code")
            return self.hold("c", code)

        text = g.inline.sub(inline, text)

        def quoted(m):
            if m.group(0)[0] in "\"'" and m.start() > 0 and m.string[m.start() - 1] not in " \t\n([:,":
                return m.group(0)
            inner = next(x for x in m.groups() if x is not None)
            said = claims_output.quoted_verdict(self, m.string, m.start(), inner)
            if said:
                return said     # `prettier --check .` reports "All matched files use Prettier code style!"
            if claims_grammar.claimish(inner):
                self._ignore(inner, "quoted")
            return self.hold("q", inner)

        return g.quote.sub(quoted, text)

    # -- structure

    def read(self, text):
        g = self.g
        text = self.prepare(text)
        in_plan = False
        introduced = False
        for paragraph in re.split(r"\n[ \t]*\n", text):
            lines = [ln for ln in paragraph.split("\n") if ln.strip()]
            if not lines:
                continue
            if not introduced:
                self.history = []       # a paragraph ending with a colon introduces the next one
            introduced = lines[-1].rstrip().endswith((":", u"\uff1a"))
            header = None
            for number, line in enumerate(lines):
                if "---" in line and _TABLE_RULE.match(line):
                    continue
                if line.lstrip().startswith("|"):
                    if number + 1 < len(lines) and "---" in lines[number + 1] and _TABLE_RULE.match(lines[number + 1]):
                        header = _cells(line)
                        continue
                    if header:
                        line, plan = _table_row(g, line, header)
                        if plan:
                            self.read_line(line, "plan")
                            continue
                else:
                    header = None
                if g.plan_heading.match(line):
                    in_plan = True
                    continue
                is_item = bool(_ITEM.match(line))
                if not is_item:
                    in_plan = False     # a plan's list ends at the first line that is not an item
                if "[ ]" in line and g.unchecked.match(line):
                    self.read_line(g.unchecked.sub("", line), "plan")
                elif ">" in line and g.blockquote.match(line):
                    self.read_line(line, "quoted")
                else:
                    # a ticked row that only names a check says it passed, as a check mark before it does
                    # ("- [x] `go test ./...`"); a row saying what was done is read as it says it
                    if "[" in line and g.checked.match(line):
                        line = g.checked.sub(u"\u2705 " if _names_a_check(g.checked.sub("", line)) else "", line)
                    self.read_line(line, "plan" if in_plan and is_item else None)

    def read_line(self, line, forced_reason):
        g = self.g
        body = g.list_mark.sub("", line).strip().strip("|").strip()
        if not body:
            return
        for sentence in g.sentence_end.split(body):
            sentence = sentence.strip()
            if sentence:
                self.read_sentence(sentence, forced_reason)

    # -- an elided predicate

    def _read_elided(self, s):
        """"Types too." after "The formatter and linter pass.", "`ruff` passes, and so does
        `mypy`": the named checks take the pass of the sentence before, or of the clause before,
        when that pass stands (a claim was found there, or the clause holds a predicate and no
        failure, hedge, relay, plan, condition or past)."""
        m = _ELIDED.search(s)
        if m.group("alone") is not None:
            previous = self.found[self.sentence_claims[0]:self.sentence_claims[1]]
            if not previous:
                return
            template, named = previous[-1], m.group("alone")
        else:
            lead = s[:m.start()]
            if not claims_en.predicates(self.g, lead) or any(lexicon.search(role, lead) for role in (
                    "failure", "negator", "hedge", "relay", "future", "conditional", "instruction", "past")):
                return
            template, named = None, m.group("after")
        for x in self.g.subject.finditer(named):
            info = claims_en.subject_info(self, named, x)
            if not info.get("category") or info["kind"] in ("pron", "every", "buildable"):
                continue
            self.found.append({
                "category": info["category"], "scope": "subset" if info.get("scope") == "subset" else "all",
                "qualified": False, "text": self.restore(s[m.start():].strip()), "sentence": self.restore(s),
                "counts": {}, "tool": info.get("tool"), "alternates": [],
                "lang": "en", "ran": bool(template and template.get("ran")),
            })

    # -- one sentence

    def read_sentence(self, s, forced_reason):
        g = self.g
        self.sentences.append(s)
        self.sentence_claims = [self.sentence_claims[1], len(self.found)]
        if not forced_reason and _ELIDED.search(s):
            self._read_elided(s)
        runs = _runs(self, s) if _RUN_HINT.search(s) else None
        if runs:
            self.ran |= runs[0]
        if not claims_grammar.claimish(s):
            self.history.append(s)    # read for subjects only if a later pronoun needs them
            return
        cjk = claims_grammar.has_cjk(s)
        predicates = claims_en.predicates(g, s)
        if not predicates and not cjk and not self.completion:
            # no candidate: its subjects are read only if a pronoun or an "everything" needs them
            self.history.append(s)
            self.unread.append(s)
            return
        candidates, mentions = claims_en.read_english(self, s, predicates)
        if cjk:
            zh_candidates, zh_mentions = g.zh.candidates(self, s)
            candidates += zh_candidates
            mentions = mentions + zh_mentions
        if candidates and ("(" in s or u"\uff08" in s):
            candidates += _listed_in_parentheses(s, candidates, mentions)
        self.history.append(mentions)
        self.named.update(x["category"] for x in mentions)
        done = self.completion and _completion(self, s, candidates)
        if not candidates and not done:
            return
        if done:
            candidates.append(done)
        reason = forced_reason or _sentence_reason(g, s)
        cache = []

        def restored():
            if not cache:
                cache.append(self.restore(s))
            return cache[0]

        _compiled_by_a_typecheck(candidates, mentions)
        meaning = _Meaning(g, s, mentions, self.span)
        qualified = bool(g.qualifier.search(s)) or (claims_grammar.has_cjk(s) and bool(g.zh.qualifier.search(s))) \
            or meaning.has("rest")
        standing = set()
        for cand in candidates:
            if cand.get("fallback") and cand["category"] in standing:
                continue
            why = reason or meaning.reason(cand)
            if why:
                if not cand.get("fallback"):
                    self._ignore(self.restore(cand["text"]), why, restored(), cand["category"])
                continue
            standing.add(cand["category"])
            claim = {
                "category": cand["category"], "scope": cand["scope"],
                "qualified": bool(qualified or cand.get("qualified")),
                "text": self.restore(cand["text"]), "sentence": restored(),
                "counts": cand.get("counts") or {}, "tool": cand.get("tool"),
                "alternates": list(cand.get("alternates") or ()), "lang": cand.get("lang", "en"),
                "ran": False,
            }
            if runs and runs[1]:
                self.ran.add(cand["category"])    # "Reran: all green": the run of the claim itself
            if cand.get("expanded"):
                claim["expanded"] = True
            self.found.append(claim)

    def _drop_disclosed(self):
        """Claims the message itself says were not rerun are stale by its own account."""
        if not self.found:
            return
        stale = set()
        for sentence in lexicon.texts_holding_stems("disclosure", self.sentences):
            stale |= _disclosed_categories(self, sentence)
        if not stale:
            return
        kept = []
        for claim in self.found:
            if claim["category"] in stale:
                self._ignore(claim["text"], "disclosed-stale", claim["sentence"], claim["category"])
            else:
                kept.append(claim)
        self.found = kept

    def antecedents(self):
        """Subjects of the nearest earlier sentence of the paragraph that named any (for pronouns)."""
        for index in range(len(self.history) - 1, -1, -1):
            entry = self.history[index]
            if isinstance(entry, str):
                entry = self.history[index] = self.mentions(entry)
            if entry:
                return entry
        return []

    def mentions(self, s):
        """The subjects a sentence names (as its reading would list them)."""
        found = [x for x in (claims_en.subject_info(self, s, m) for m in self.g.subjects(s))
                 if x["category"] and x["kind"] != "buildable"]
        if claims_grammar.has_cjk(s):
            found += [x for x in (self.g.zh.subject_info(self, s, m) for m in self.g.zh.subjects(s))
                      if x["category"] and x["kind"] != "buildable"]
        return found

    def _drop_retracted(self):
        """Claims a later sentence takes back ("`pytest` exits 0. ... So I don't actually know
        whether the tests pass."): of the categories it names, else (it, that) of the sentence
        before it. A retraction in the claim's own sentence is read with it ("I can't say the
        tests pass; I only ran X, which passes")."""
        if not self.found:
            return
        for sentence in lexicon.texts_holding_stems("retraction", self.sentences):
            if not lexicon.search("retraction", sentence):
                continue
            named = set(x["category"] for x in self.mentions(sentence))
            own = self.restore(sentence)
            earlier = [c for c in self.found if c["sentence"] != own]
            if not named and earlier:
                named = {earlier[-1]["category"]}      # "I wouldn't count it": the claim just made
            kept = []
            for claim in self.found:
                if claim["category"] in named and claim["sentence"] != own:
                    self._ignore(claim["text"], "retracted", claim["sentence"], claim["category"])
                else:
                    kept.append(claim)
            self.found = kept

    def finish(self):
        self._drop_disclosed()
        self._drop_retracted()
        for claim in self.found:
            claim["ran"] = claim["category"] in self.ran
        self.result.ran = set(self.ran)
        if any(c.get("expanded") for c in self.found):
            for s in self.unread:
                self.named.update(x["category"] for x in self.mentions(s))
        if self.named:
            # "Everything passes" in a message about tests and lint means those two
            self.found = [c for c in self.found if not c.get("expanded") or c["category"] in self.named]
        chosen = {}
        order = []
        for claim in self.found:
            key = claim["category"]
            old = chosen.get(key)
            if old is None:
                chosen[key] = claim
                order.append(key)
            elif _rank(claim) > _rank(old):
                chosen[key] = claim
        self.result.claims = [chosen[k] for k in order]
        # a qualified claim that an unqualified one of its category replaced is still worth showing
        kept = set(id(c) for c in self.result.claims)
        for claim in self.found:
            if id(claim) not in kept and claim["qualified"] and not chosen[claim["category"]]["qualified"]:
                self._ignore(claim["text"], "qualified", claim["sentence"], claim["category"])
        return self.result


_HTML_TAG = re.compile(r"</?(?:sub|sup|b|i|em|strong|small|details|summary|p|br|span|div|code|kbd)\b[^<>\n]{0,80}>",
                       re.I)
_PLAN_COLUMN = re.compile(u"^\\W*(?:expected|expectation|planned|plan|target|goal|todo|to do|next|will|"
                          u"\u9884\u671f|\u671f\u671b|\u8ba1\u5212|\u76ee\u6807)\\b", re.I)
_GRADLE_TASK = re.compile(r"^:[\w.-]+(?::[\w.-]+)+$")
_ITEM = re.compile(u"^\\s*(?:[-*+\u2022]\\s|\\d{1,3}[.)]\\s|\\[[ xX]\\])")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _listed_in_parentheses(s, candidates, mentions):
    """Claims of the checks a parenthesis right after a claim lists as what it ran: "`make check`
    passes (it runs fmt, vet and the unit tests)", "hooks 全部 Passed（black、flake8、mypy）",
    "`./gradlew check` -> BUILD SUCCESSFUL (tests, ktlint)". The parenthesis must hold only
    checks and list words; each listed category not claimed already gets the claim's reading."""
    found = []
    have = set(c["category"] for c in candidates)
    for m in _PARENTHESIS.finditer(s):
        before = [c for c in candidates if c["span"][1] <= m.start() and c["category"] in CATEGORIES
                  and not _STOP.search(s[c["span"][1]:m.start()])]
        if not before:
            continue
        inside = [x for x in mentions if m.start(1) <= x["start"] and x["end"] <= m.end(1) and x.get("category")]
        if not inside:
            continue
        rest = list(m.group(1))
        for x in inside:
            rest[x["start"] - m.start(1):x["end"] - m.start(1)] = " " * (x["end"] - x["start"])
        if not all(_LIST_GLUE.match(item) for item in _LIST_SEPARATOR.split("".join(rest))):
            continue
        claim = before[-1]
        for x in inside:
            if x["category"] not in have:
                have.add(x["category"])
                found.append(dict(claim, category=x["category"], tool=x.get("tool"), scope="all", counts={},
                                  alternates=[]))
    return found


_PARENTHESIS = re.compile(u"[(\uff08]([^()\uff08\uff09\n]{1,160})[)\uff09]")
_STOP = re.compile(u"[.;!?\u3002\uff1b]\\s|[\uff0c,]\\s*\\S+\\s+\\S+\\s+\\S+")    # no sentence or clause between
_LIST_SEPARATOR = re.compile(u"[,\u3001\uff0c&/+;]|\\band\\b|\\bor\\b|\u548c|\u53ca|\u4e0e")
# one item of the list: empty once its check is blanked, or one other name ("fmt", "black"), after
# the list's own words ("it runs", "includes", "the unit")
_LIST_GLUE = re.compile(
    u"^\\s*(?:(?:it|which|that|they)\\s+(?:runs?|includes?|covers?|does)\\s+|(?:runs?|includes?|incl\\.?|covers?"
    u"|plus|the|all|unit|its|both)\\s+|\u5305\u62ec|\u5305\u542b|\u4ee5\u53ca)*[A-Za-z0-9_.-]*\\s*$", re.I)


def _names_a_check(row):
    """A checklist row that is only a check's name: at most three words besides code and a
    parenthesis, none a participle ("unit tests (`npm test`)", "build"; not "Tests written")."""
    words = re.findall(u"[A-Za-z\u4e00-\u9fff]+", re.sub(r"\([^()]*\)|`[^`]*`", " ", row))
    return len(words) <= 3 and not any(len(w) > 3 and re.search(r"(?:ed|en)$", w, re.I) for w in words)


def _cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table_row(g, line, header):
    """A table row read through its header: cells under a past column ("Before", 修改前) are
    past results and left out; a row with a plan column ("Expected", 预期) is a plan.
    Returns (the row's text, whether it is a plan)."""
    cells = _cells(line)
    kept = []
    plan = False
    for index, cell in enumerate(cells):
        label = header[index] if index < len(header) else ""
        if label and clauses.is_past(label + ":"):
            continue
        if label and (_PLAN_COLUMN.match(label) or lexicon.search("future", label)):
            plan = True
        kept.append(cell)
    return "| " + " | ".join(kept) + " |", plan


_LISTED = u"\u0000listed:"     # marks commands lifted from a block onto the line that introduces it

# code spans read as plain words: a runner's status word (`ok`), a branch name (`main`)
_STATUS_WORDS = frozenset(("ok", "pass", "passed", "passing", "green", "success", "clean", "main", "master", "trunk"))


def _disclosed_categories(reader, sentence):
    """The categories a not-rerun disclosure is about: those named in its clause ("I didn't rerun
    the tests"), the one its verb names ("I didn't rebuild"), else all of them ("I didn't rerun
    anything afterwards")."""
    found = clauses.disclosure(sentence)
    if not found:
        return set()
    parts = clauses.split(sentence)
    part = parts[clauses.index_at([p.lo for p in parts], found.start())]
    text = sentence[part.lo:part.hi]
    named = set(x["category"] for x in (claims_en.subject_info(reader, text, m)
                                        for m in reader.g.subjects(text))
                if x["category"] and x["kind"] != "buildable")
    if claims_grammar.has_cjk(text):
        named |= set(x["category"] for x in (reader.g.zh.subject_info(reader, text, m)
                                             for m in reader.g.zh.subjects(text))
                     if x["category"] and x["kind"] != "buildable")
    verb = re.search(r"re-?(test|build|lint)", found.group(0), re.I)
    if verb:
        named.add(verb.group(1).lower())
    return named or set(CATEGORIES) | {"completion"}


_COMPILE_WORD = re.compile(u"compil|\u7f16\u8bd1", re.I)


# a check named with its predicate elided: "Types too." (a sentence of its own), "..., and so
# does `mypy`" (after a clause with a pass)
_ELIDED = re.compile(
    r"^\W*(?:and\s+)?(?:(?:also|same for|ditto for)\s+)?(?P<alone>[\w`' -]{1,40}?)\s+(?:too|as well|also)\W*$"
    r"|,?\s+(?:and\s+)?(?:so|as)\s+(?:does|do|did|is|are)\s+(?P<after>[^,;.]{1,60}?)\s*(?:[.;!]|$)", re.I)


def _compiled_by_a_typecheck(candidates, mentions):
    """A bare compile word in a sentence whose only command is a type checker is that run's
    result ("已跑 `cargo check`，编译无误", "`tsc --noEmit` ran and it compiles"): typecheck, with
    build as its alternate."""
    commands_named = [x for x in mentions if x.get("kind") in ("code", "tool") and x.get("category")]
    if set(x["category"] for x in commands_named) != {"typecheck"}:
        return
    for cand in candidates:
        if cand["category"] == "build" and not cand.get("tool") and "typecheck" in (cand.get("alternates") or ()):
            if any(c["category"] == "typecheck" and c["span"][1] != cand["span"][1] for c in candidates):
                continue    # "`mypy` is clean and the code compiles": the run has a result of its own
            before = [x for x in mentions if x.get("category") and x["start"] < cand["span"][0]
                      and not (x.get("kind") == "build" and not _COMPILE_WORD.search(x["text"]))]
            if before and before[-1] in commands_named:     # the run named last before it
                cand["category"], cand["alternates"] = "typecheck", ["build"]


def _rank(claim):
    return (not claim["qualified"], claim["scope"] == "all", not claim.get("expanded"))


def _is_claim_phrase(g, code):
    return bool(_CLAIM_PHRASE_WORD.search(code)) and bool(g.subject.search(code))


_CLAIM_PHRASE_WORD = re.compile(r"\b(?:pass(?:es|ed|ing)?|green|clean|succe\w+|ok)\b", re.I | re.A)


# ------------------------------------------------------------------------------------ filters

def _plain(g, s):
    """``s`` with code placeholders and runner names made filler words of the same length (so
    offsets still hold): "biome ci" and "next lint" are names, not a relay or a future."""
    plain = _HELD.sub(_filler, s) if "sg" in s else s
    if commands.might_name_runner(claims_grammar.words_of(plain)):
        plain = g.runner_name.sub(_filler, plain)
    return plain


# a part of the code named in prose: "for the library target", "on the `core` package", 前端, `web` 项目
_PART_PHRASE = re.compile(
    u"\\b(?:for|on|in|of|under)\\s+(?:the\\s+|its\\s+|my\\s+)?([a-z][\\w.-]*)\\s+(?:targets?|packages?|modules?|crates?"
    u"|projects?|apps?|library|libraries|directory|directories|folders?|workspaces?|services?|side|components?)\\b"
    u"|(\u524d\u7aef|\u540e\u7aef|\u5ba2\u6237\u7aef|\u670d\u52a1\u7aef|\u79fb\u52a8\u7aef|\u684c\u9762\u7aef)",
    re.I)
# a kind of test, which a failure of another kind leaves passing ("单测 57 个全过，集成测试 3 个失败")
_TEST_KIND = re.compile(
    u"\\b(unit|integration|e2e|end-to-end|smoke|contract|acceptance|component)[ -](?:tests?|specs?|suites?)\\b"
    u"|\u5355\u6d4b|\u5355\u5143\u6d4b\u8bd5|\u96c6\u6210\u6d4b\u8bd5|\u96c6\u6d4b|\u7aef\u5230\u7aef\u6d4b\u8bd5"
    u"|\u5192\u70df\u6d4b\u8bd5", re.I)
_TEST_KIND_NAMES = {u"\u5355\u6d4b": "unit", u"\u5355\u5143\u6d4b\u8bd5": "unit", u"\u96c6\u6210\u6d4b\u8bd5": "integration",
                    u"\u96c6\u6d4b": "integration", u"\u7aef\u5230\u7aef\u6d4b\u8bd5": "e2e", u"\u5192\u70df\u6d4b\u8bd5": "smoke"}
_PAST_STATE = re.compile(r"\b(?:there (?:were|was)|(?:was|were|had been) (?:failing|broken|red)|had (?:\d+|a|an|one|two|three"
                         r"|several|some|a few) )", re.I)
_PRONOUN = re.compile(u"\\b(?:it|they)\\b(?! (?:was|is) (?:not|never)\\b)|\u5b83", re.I)


def _pronoun_fails(clause):
    """A pronoun is the subject of the clause's failure ("it crashes on the stubs", 它超时了): the
    failure is that of what the pronoun stands for, the claim's own subject."""
    return any(lexicon.search("failure", clause[m.end():m.end() + 24]) for m in _PRONOUN.finditer(clause))
_HELD = re.compile(r" *\bsg[tylbicq]\d+x\b *")


def _filler(m):
    """One word as long as the match, with a single space kept on each side it had one."""
    text = m.group(0)
    lead, trail = text[:1] == " ", text[-1:] == " " and len(text) > 1
    return " " * lead + "s" * (len(text) - lead - trail) + " " * trail


def _sentence_reason(g, s):
    """Why a whole sentence cannot carry a claim: it is a plan item."""
    if g.plan_inline.match(_plain(g, s)):
        return "plan"
    return None


def _segment_reason(g, plain, roles):
    """Why a segment (the sentence up to a "but", ";", 但是; as ``_plain`` gives it) asserts
    nothing: a question, an instruction, a hedge, a relay. ``roles``: those the sentence has."""
    plain = plain.strip()
    if "?" in plain or (claims_grammar.has_cjk(plain) and g.zh.question.search(plain)):
        return "question"
    for role, reason in (("instruction", "instruction"), ("hedge", "hedged"), ("relay", "relayed")):
        if role in roles and lexicon.search(role, plain):
            return reason
    return None


def _is_frame(rest):
    """What follows a relay opening a clause is only its source ("Per [the CI log],", "据 [reviewer
    说]，"): at most three words or four Chinese characters."""
    return len(re.findall(r"[A-Za-z0-9_]+", rest)) <= 3 and len(re.findall(u"[\u3400-\u9fff]", rest)) <= 4


def _opens_with_condition(text):
    """"As long as X is set", "如果保留旧接口": a clause a conditional word opens."""
    opener = lexicon.search("conditional", text)
    return bool(opener) and not text[:opener.start()].strip(u" ,;:-*_([\u2014\uff0c\uff1a")


_ZH_MODAL = re.compile(u"\u5e94\u8be5|\u5e94\u5f53|\u53ef\u80fd|\u4e5f\u8bb8|\u6216\u8bb8|\u5927\u6982")   # 应该 应当 可能 也许 或许 大概
_PASS_MARK = re.compile(u"[\u2705\u2713\u2714\u2611\U0001f7e2]")
_FAIL_MARK = re.compile(u"[\u274c\u2717\u2718\U0001f534]")
_ROW_LEAD = u" *_-|>\u2022"
_MARK_NOTE = re.compile(u"(?:\\s*[(\uff08][^()\uff08\uff09]{0,80}[)\uff09])?")


def _names_a_subject(g, text):
    return bool(g.subject.search(text)) or (claims_grammar.has_cjk(text) and any(True for _ in g.zh.subjects(text)))


def _mark_items(g, s, parts):
    """``parts`` (the clauses of ``s``) cut again at each status mark when ``s`` is a row of pass
    and failure marks ("✅ lint ❌ tests", "lint ✅ tests ❌", "| lint | ✅ | tests | ❌ |"): each mark
    and the check it marks is an item of its own (``Clause.marked``), cut before the marks when
    they lead their items ("Status: ✅ lint"), after them otherwise ("Tests: ✅  Build: ❌")."""
    if not (_FAIL_MARK.search(s) and _PASS_MARK.search(s)):
        return parts
    marks = [m.start() for m in re.finditer(_PASS_MARK.pattern + "|" + _FAIL_MARK.pattern, s)]
    before = s[:marks[0]].strip(_ROW_LEAD)
    if not before or before[-1] in u":\uff1a" and not _names_a_subject(g, before):
        cuts = set(marks)       # "Status: ✅ lint, ❌ tests"
    else:
        # "typecheck 🔴 (2 errors), lint 🟢": a note right after a mark is its item's
        cuts = set(_MARK_NOTE.match(s, m + 1).end() for m in marks)
    out = []
    for part in parts:
        lo = part.lo
        for cut in sorted(c for c in cuts if part.lo < c < part.hi):
            out.append(clauses.Clause(lo, cut, part.segment, part.exception, marked=True))
            lo = cut
        out.append(clauses.Clause(lo, part.hi, part.segment, part.exception, marked=lo != part.lo or part.hi in cuts))
    return out


class _Meaning(object):
    """Polarity, tense and modality of one sentence, decided per clause (see ``clauses``)."""

    def __init__(self, g, s, mentions, span=None):
        self.g, self.s, self.mentions = g, s, mentions
        self.span = span or (lambda index: ("c", "", None, None, None))
        self.plain = _plain(g, s)
        self.cjk = claims_grammar.has_cjk(s)
        self._clauses = None
        self._starts = None
        self._memo = {}

    def has(self, role):
        """Whether the sentence has the role at all: a clause can only have what its sentence
        has, unless the role has entries anchored at a clause start ("^Run ..."), which are
        always looked for."""
        return self._cached(("has", role), lambda: lexicon.anchored(role) or bool(lexicon.search(role, self.plain)))

    def _cached(self, key, compute):
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def clauses(self):
        if self._clauses is None:
            self._clauses = _mark_items(self.g, self.s, clauses.split(self.s))
        return self._clauses

    def _marked_item_fails(self, index, mine):
        """Clause ``index`` is an item of a row of status marks ("🟢 unit 🔴 e2e", "| lint | ✅ |
        tests | ❌ |") that a failure mark gives to a check it names, other than the one the claim's
        item ``mine`` names: that item fails, not the others of the row."""
        part = self.clauses()[index]
        if not (part.marked and _FAIL_MARK.search(self.s[part.lo:part.hi])):
            return False
        theirs = self._named(index)
        return bool(theirs) and not theirs & self._named(mine)

    def _named(self, index):
        """The words of the checks a clause names."""
        part = self.clauses()[index]
        return set(x["text"].strip().lower() for x in self.mentions if x.get("category") and part.lo <= x["start"] < part.hi)

    def reason(self, cand):
        """Why ``cand`` is no claim here, or None."""
        g, s = self.g, self.s
        parts = self.clauses()
        if self._starts is None:
            self._starts = [part.lo for part in parts]
        index = clauses.index_at(self._starts, max(cand["span"][0], cand["span"][1] - 1))
        segment = parts[index].segment
        why = self._cached(("modal", segment), lambda: _segment_reason(
            g, self.segment(segment), [r for r in ("instruction", "hedge", "relay") if self.has(r)]))
        if why == "hedged" and (self._hedges_another_predicate(segment, index) or self._hedges_an_aside(segment, index)):
            # "CI should be green now, all tests pass locally": the hedge is the other clause's; a
            # relay up to the claim still holds ("你说 lint 在你那边 pass 了，那应该是…")
            why = _segment_reason(g, self.leading(segment, index), ["relay"] if self.has("relay") else [])
        if why == "relayed" and self._own_run(index):
            why = None      # "CI 上 lint 之前一直失败，本地 `eslint` 零报错": the relay is the other clause's
        if why:
            return why
        clause = _clause(g, s, cand, self.plain)
        if parts[index].marked:
            # an item of a row of marks ends at the next mark: "🟢 lint  🔴 e2e (can't launch)"
            clause = self.plain[parts[clauses.index_at(self._starts, cand["span"][0])].lo:parts[index].hi]
        why = _clause_reason(g, clause, [r for r in ("future", "conditional") if self.has(r)])
        if why:
            return why
        if self.has("description") and self._described(cand, index):
            return "description"    # "I wrote a test that checks the build succeeds": the test's object
        if index and parts[index - 1].segment == segment and self.has("conditional") \
                and _opens_with_condition(self.clause(index - 1)):
            return "conditional"    # "As long as DATABASE_URL is set, the integration tests pass"
        if self.past(segment, index):
            # "passed on the first run, but I haven't rerun it": the sentence says it is stale
            return "disclosed-stale" if clauses.discloses_stale(self.plain) else "past"
        if self.failure(index) or self.negated(index) or _clause_negated(g, clause):
            return "negated"
        if parts[index].marked:
            first = clauses.index_at(self._starts, cand["span"][0])
            if first != index and parts[first].marked and self.failure(first) \
                    and cand["category"] not in self.categories(index):
                return "negated"    # "类型检查 ❌（`tsc` 报 2 处）单测 ✅": `tsc` is the failed item's, not 单测's
        if not self.has("failure"):
            return None
        unnamed, by_category = self._cached("negating", self.negating)
        failures = (unnamed | by_category.get(cand["category"], set())) - {index}
        others = set(i for i in failures if self._marked_item_fails(i, index))
        if others & by_category.get(cand["category"], set()):
            cand["scope"] = "subset"    # "🟢 unit 🔴 e2e": another item of the claim's check fails
        failures -= others
        before, after = [i for i in failures if i < index], [i for i in failures if i > index]
        if failures and self.rest(index) and (not before or self._failure_names_an_item(min(before), index)) \
                and (not after or self._failure_names_an_item(max(after), index)):
            return None     # "`test_x` fails; the rest pass": the failure is the exception of the rest
        if failures and self._other_parts_fail(index, failures):
            cand["scope"] = "subset"    # "`mypy src/` is clean, though `mypy tests/` has 6 errors": a part passes
            return None
        return "negated" if failures else None

    def _described(self, cand, index):
        """A description of what a test checks ("a test that checks", 写了一个测试来验证) in the
        claim's clause, followed by a name of the claim's category: the pass is the test's object
        ("a test that checks the build succeeds"), not a result. "The tests that check the parser
        all pass" names no check after the description and stays a claim."""
        part = self.clauses()[index]
        end = cand["span"][1]
        for lang in ("en", "zh"):
            if lang == "zh" and not self.cjk:
                continue
            for m in lexicon.compiled("description", lang).finditer(self.plain, part.lo, part.hi):
                if any(x.get("category") == cand["category"] and m.end() <= x["start"] < end for x in self.mentions):
                    return True
        return False

    def _other_parts_fail(self, index, failures):
        """The claim's clause names the part it speaks of ("for the library target", `mypy src/`,
        前端, `api` 和 `shared`) and every failing clause (with the rest of its segment) names
        another part, none of the claim's: the failures are of other parts, not of the claim's."""
        mine = self._parts(self.s[self.clauses()[index].lo:self.clauses()[index].hi])
        if not mine:
            return False
        parts = self.clauses()
        for failure in failures:
            text = self.s[parts[failure].lo:parts[failure].hi]
            if re.search(r"\bsgi\d+x\b|\b(?:it|they|them|its|their)\b|\u5b83", text, re.I):
                return False    # a failing test, or "it fails": the claim's own
            theirs = self._parts(text) or self._parts(clauses.segment_text(self.s, parts, parts[failure].segment))
            if not theirs or any(a in b or b in a for a in theirs for b in mine):
                return False
        return True

    def _parts(self, text):
        """The parts of the code a clause names: code that is no check, a runner's code with a
        path or a narrowed scope, a scope phrase ("for the `core` package", "on the library
        target"), a part noun (前端, 后端, `web` 项目)."""
        found = set()
        for m in re.finditer(r"\bsg([tylbic])(\d+)x\b", text):
            kind, original, category, _, scope = self.span(int(m.group(2)))
            if kind == "c" or kind != "i" and ("/" in (original or "") or scope == "subset"):
                found.add((original or m.group(0)).strip().lower())
        for m in _PART_PHRASE.finditer(text):
            found.add((m.group(1) or m.group(2)).lower())
        for m in _TEST_KIND.finditer(text):
            found.add(_TEST_KIND_NAMES.get(m.group(0).lower().replace(" ", ""), m.group(1) or m.group(0)).lower())
        return found

    def _own_run(self, index):
        """The clause says the result is the agent's own ("locally", 本地), holds no relay itself,
        and no clause before it frames the segment as someone else's ("Per the CI log, ...",
        "据 reviewer 说，..."): a frame is a clause that opens with its relay and states nothing
        of its own. A relay that states something ("CI 上的 lint 任务一直是红的") is about CI."""
        if not self.has("own"):
            return False
        text = self.clause(index)
        if not lexicon.search("own", text) or lexicon.search("relay", text):
            return False
        segment = self.clauses()[index].segment
        for i in range(index):
            if self.clauses()[i].segment != segment:
                continue
            other = self.clause(i)
            relay = lexicon.search("relay", other)
            if relay and not other[:relay.start()].strip(u" ,;:-*_([\u2014\uff0c\uff1a") \
                    and _is_frame(other[relay.end():]):
                return False
        return True

    def _failure_names_an_item(self, failure, rest):
        """Whether the text from a failure clause (the farthest on its side) to the clause of
        "the rest" names what fails (a test, a file, code; not a runner): "`test_upload` times
        out; the rest pass", not "two tests still fail, the rest pass"."""
        parts = self.clauses()
        lo, hi = (parts[failure].lo, parts[rest].lo) if failure < rest else (parts[rest].hi, parts[failure].hi)
        return bool(re.search(r"\bsg[ic]\d+x\b|\b\w+\.\w{1,4}\b|\w/\w", self.s[lo:hi]))

    def _hedges_another_predicate(self, segment, index):
        """Every hedge of the segment is a modal (``lexicon.en.CLAUSE_HEDGES``) in another clause
        than ``index`` that has a predicate of its own: it qualifies that clause's assertion, not
        the one in ``index``."""
        parts = self.clauses()
        for i, part in enumerate(parts):
            if part.segment != segment:
                continue
            text = self.clause(i)
            hedges = [m.group(0).lower() for m in lexicon.compiled("hedge", "en").finditer(text)] \
                if lexicon.search("hedge", text) else []
            zh_hedge = claims_grammar.has_cjk(text) and lexicon.search("hedge", text, "zh")
            if not hedges and not zh_hedge:
                continue
            if i > index and self._a_consequence(i, hedges, zh_hedge):
                continue    # "零失败，之前的竞态问题应该是修好了": the hedge is the race's, not the tests'
            if zh_hedge or i == index or any(h not in en_lexicon.CLAUSE_HEDGES for h in hedges) \
                    or not claims_en.predicates(self.g, text) or self._elaborates(i, index):
                return False
        return True

    def _a_consequence(self, index, hedges, zh_hedge):
        """Clause ``index`` (after the claim's) hedges a proposition of its own with a modal
        (should, might, 应该, 可能): it names no check and has words of its own beyond the modal."""
        if any(h not in en_lexicon.CLAUSE_HEDGES for h in hedges) or self.categories(index):
            return False
        text = self.clause(index)
        if zh_hedge and not _ZH_MODAL.match(zh_hedge.group(0)):
            return False
        rest = lexicon.sub("hedge", " ", text, "zh") if zh_hedge else text
        words = [w for w in re.findall(r"[A-Za-z0-9_']+", rest) if w.lower() not in en_lexicon.CLAUSE_HEDGES]
        return len(words) + len(re.findall(u"[\u3400-\u9fff]", rest)) // 2 >= 3

    def _hedges_an_aside(self, segment, index):
        """Every hedge of the segment stands in a dash clause after the claim's, with words of its
        own after it ("All 41 tests pass — the flaky one might act up on CI"): the hedge is the
        aside's. A bare trailing hedge ("The tests pass — I think.") governs the claim."""
        parts = self.clauses()
        for i, part in enumerate(parts):
            if part.segment != segment:
                continue
            text = self.clause(i)
            hedge = lexicon.search("hedge", text)
            if not hedge:
                continue
            if i <= index or text.lstrip()[:1] not in (u"\u2014", u"\u2013", "-") \
                    or len(re.findall(r"[A-Za-z0-9_]+|[\u3400-\u9fff]", text[hedge.end():])) < 3:
                return False
        return True

    def _elaborates(self, hedged, index):
        """Clause ``index`` follows the hedged clause through dashes only ("Probably green — all
        41 tests passed"): a dash elaborates what the hedge governs, a comma can start a new
        assertion ("CI should be green now, all tests pass locally")."""
        if hedged > index:
            return False
        return all(self.s[part.lo:part.hi].lstrip()[:1] in (u"\u2014", u"\u2013", "-")
                   for part in self.clauses()[hedged + 1:index + 1])

    def rest(self, index):
        """The clause speaks of what a failure leaves out ("the rest pass", 其他都通过了)."""
        return self.has("rest") and self._cached(("rest", index), lambda: bool(lexicon.search("rest", self.clause(index))))

    def negating(self):
        """The clauses whose failure reaches other clauses: (those naming nothing, {category:
        those naming it}); a past failure reaches none, nor does one inside an exception that names
        what it leaves out ("612 examples, 0 failures, except `export_spec.rb`, which times out"):
        that only qualifies. An exception of bare failures ("except for two failures") negates.
        A failure someone else reports ("but CI says `TestUpload` fails") is theirs: it does not
        reach the agent's own claims in other segments."""
        unnamed, by_category = set(), {}
        parts = self.clauses()
        for index, part in enumerate(parts):
            if part.exception and self._names_an_item(part.segment):
                continue
            if self.failure(index) and not self.past(part.segment, index) and not self._relayed(part.segment) \
                    and not self._superseded(index):
                named = self.categories(index)
                if not named and not _pronoun_fails(self.clause(index)):
                    # "compiles, but I'm seeing a segfault when running the binary": a runtime failure
                    # is the tests' ("it crashes" is the claim subject's own)
                    named = lexicon.limits("failure", self.masked(self.clause(index))) or set()
                if not named:
                    unnamed.add(index)
                for category in named:
                    by_category.setdefault(category, set()).add(index)
        return unnamed, by_category

    def _superseded(self, index):
        """A failure stated in the past tense ("There were 3 failing tests", "lint had 12
        warnings") that a later clause of the sentence says is over ("now all 120 pass"): the
        failure was before now."""
        if not self.has("present") or not _PAST_STATE.search(self.clause(index)):
            return False
        return any(lexicon.search("present", self.clause(i)) for i in range(index + 1, len(self.clauses())))

    def _relayed(self, segment):
        return self.has("relay") and bool(lexicon.search("relay", self.segment(segment)))

    def _names_an_item(self, segment):
        """Whether an exception segment names what it leaves out (code, a test, a file, a subject)."""
        parts = self.clauses()
        inside = [p for p in parts if p.segment == segment]
        lo, hi = inside[0].lo, inside[-1].hi
        return bool(re.search(r"\bsg[tylbic]\d+x\b|\b\w+\.\w{1,4}\b|/", self.s[lo:hi])) \
            or any(x.get("category") and lo <= x["start"] < hi for x in self.mentions)

    def segment(self, segment):
        return clauses.segment_text(self.plain, self.clauses(), segment)

    def masked(self, text):
        """``text`` without code, runner names and clean phrases ("no failures", 没有报错)."""
        masked = self.g.clean_phrases.sub(" ", text)
        if claims_grammar.has_cjk(masked):
            masked = self.g.zh.mask(lexicon.sub("state", " ", masked, "zh"))   # 没毛病 negates nothing
        return masked

    def past(self, segment, index):
        """A past result: the clause, or its segment up to the clause, is marked past and not
        present (a past marker leads what follows it: "Before the fix, 3 tests failed"; a later
        clause's "之前那个失败" says nothing of "这次 0 failed")."""
        if not self.has("past"):
            return False
        return self._cached(("past", index), lambda: clauses.is_past(self.masked(self.clause(index)))) \
            or self._cached(("past-lead", index), lambda: clauses.is_past(self.masked(self.leading(segment, index))))

    def leading(self, segment, index):
        """The text of ``segment`` from its start to the end of clause ``index``."""
        parts = self.clauses()
        first = next(i for i, part in enumerate(parts) if part.segment == segment)
        return self.plain[parts[first].lo:parts[index].hi]

    def failure(self, index):
        """Failure words in a clause ("1 failed", 失败, 没通过)."""
        return self.has("failure") and self._cached(
            ("failure", index), lambda: bool(lexicon.search("failure", self.masked(self.clause(index)))))

    def negated(self, index):
        """A Chinese negator in a clause (没通过, 不是所有); English ones are read on the claim's
        own words (``_clause_negated``)."""
        return self.cjk and self._cached(("negated", index), lambda: bool(
            lexicon.search("negator", self.masked(self.clause(index)), "zh")))

    def clause(self, index):
        part = self.clauses()[index]
        return self.plain[part.lo:part.hi]

    def categories(self, index):
        """The categories a clause names; a clause opening with a colon ("Build: ❌") is about
        the label before it."""
        parts = self.clauses()
        part = parts[index]
        lo = part.lo
        if index and self.s[part.lo:part.hi].lstrip()[:1] in (":", u"\uff1a"):
            label = [x for x in self.mentions if x.get("category") and parts[index - 1].lo <= x["start"] < part.lo]
            lo = label[-1]["start"] if label else lo
        return set(x["category"] for x in self.mentions if x.get("category") and lo <= x["start"] < part.hi)



def _runs(reader, s):
    """(the categories ``s`` says were just run, whether a run in it names nothing): "I ran
    pytest", "We've run the full suite", "重新运行了测试", "测试已经重新运行了"; not "I did not
    run the tests", "Please run the tests", "I ran into a bug in the test", 没有重新运行测试."""
    g = reader.g
    named, bare = set(), False
    cjk = claims_grammar.has_cjk(s)
    verbs = [(lang, m) for lang in (("en", "zh") if cjk else ("en",)) if lexicon.compiled("run", lang) is not None
             for m in lexicon.compiled("run", lang).finditer(s)]
    if not verbs:
        return named, bare
    parts = clauses.split(s)
    starts = [part.lo for part in parts]
    found_subjects = {
        "en": [x for x in (claims_en.subject_info(reader, s, m) for m in g.subjects(s))
               if x["category"] and x["kind"] not in ("buildable", "every", "pron")],
        "zh": [x for x in (g.zh.subject_info(reader, s, m) for m in g.zh.subjects(s))
               if x and x["category"] and x["kind"] not in ("buildable", "every")] if cjk else [],
    }
    for lang, m in verbs:
        subjects = found_subjects[lang]
        part = parts[clauses.index_at(starts, m.start())]
        lead = _plain(g, s[part.lo:m.start()])
        if _RUN_NEGATED[lang].search(lead) or lexicon.search("instruction", _plain(g, s[part.lo:part.hi])):
            continue
        after = [x for x in subjects if x["start"] >= m.end()]
        found = claims_en.group_starting(g, s, after) \
            if after and _RUN_OBJECT_GAP[lang].match(s[m.end():after[0]["start"]]) else []
        if not found and lang == "zh":
            found = [x for x in subjects if x["end"] <= m.start()
                     and _ZH_RUN_SUBJECT_GAP.match(s[x["end"]:m.start()])][-1:]
        if found:
            named.update(x["category"] for x in found)
        elif not re.match(r"\s*(?:into|out|across|over)\b", s[m.end():], re.I):
            bare = True
    return named, bare


# every run word of the lexicon holds one of these (tests/engine/test_claims_tense.py checks it):
# a sentence without any is read for runs no further
RUN_WORDS = ("ran", "run", "execut", u"\u8fd0\u884c", u"\u8dd1", u"\u6267\u884c")
_RUN_HINT = re.compile("|".join(RUN_WORDS), re.I)
_RUN_NEGATED = {
    "en": re.compile(r"\b(?:not|never|didn't|did not|haven't|have not|hasn't|has not|couldn't|could not|without"
                     r"|yet to|can't|cannot|unable to)\b", re.I),
    "zh": re.compile(u"(?:没有|没|未|尚未|还没|无法|不能)(?:有)?(?:重新|再)?$"),
}
_RUN_OBJECT_GAP = {
    "en": re.compile(r"^\s*(?:(?:them|it|all|the|my|our|both|full|whole|entire|complete|again|once more|also|just"
                     r"|every|each|of)\s+)*(?:the\s+)?$", re.I),
    "zh": re.compile(u"^\\s*(?:一遍|一下|一次|两遍|了|过|全部|所有|完整|整个|的|一轮|全量)*\\s*$"),
}
_ZH_RUN_SUBJECT_GAP = re.compile(u"^\\s*(?:已经?|都|也|全部|重新|又|再次|刚刚?)*$")


def _clause(g, s, cand, plain):
    """The clauses a candidate spans (``plain``: the sentence as ``_plain`` gives it)."""
    start, end = cand["span"]
    window = max(0, start - claims_grammar.LOOKBACK)
    breaks = [m.end() for m in g.clause_break.finditer(s, window, start + 1) if m.end() <= start]
    lo = breaks[-1] if breaks else window
    following = g.clause_break.search(s, max(lo, end - 1))
    hi = following.end() if following else len(s)
    return plain[lo:hi]


def _clause_reason(g, clause, roles):
    """Future or conditional wording in the claim's own clauses, in either language (a Chinese
    conditional governs an English predicate: "如果 tests pass 就可以 merge"). ``roles``: those
    the sentence has."""
    for role in roles:
        if lexicon.search(role, clause):
            return role
    return None


def _clause_negated(g, clause):
    """An English negator on the claim's own words ("do not pass", "no longer passes")."""
    clause = clause.replace(u"\u2019", "'")
    if "n't" not in clause and not lexicon.may_match("negator", clause, "en"):
        return False
    masked = g.clean_phrases.sub(" ", clause)
    return "n't" in masked or bool(lexicon.search("negator", masked, "en"))


def _completion(reader, s, candidates):
    """A bare completion claim ('Done, the bug is fixed', 已完成) when enabled."""
    g = reader.g
    m = g.completion.search(s) or (claims_grammar.has_cjk(s) and g.zh.completion.search(s))
    if not m:
        return None
    return {"category": "completion", "span": (m.start(), m.end()), "text": s[m.start():m.end()], "scope": "all",
            "tool": None, "alternates": [], "counts": {}, "lang": "zh" if claims_grammar.has_cjk(m.group(0)) else "en"}


# ------------------------------------------------------------------------------------ entry point

def extract(text, completion=False):
    """Claims and near-misses in an agent's final message. Never raises on odd input."""
    if not text or not isinstance(text, str) or not text.strip():
        return Extraction()
    reader = _Reader(claims_grammar.grammar(), completion)
    reader.read(text)
    return reader.finish()
