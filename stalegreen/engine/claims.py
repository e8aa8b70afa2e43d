"""Green claims in an agent's final message ("all 41 tests pass", "tsc is clean", 构建成功).

The gate acts only on what the agent asserts, so this module must find assertions and nothing
else: a false claim costs a needless block, a missed one lets a stale green through.

How a message is read:
1. Code fences, inline code and quoted spans are replaced by placeholder words (``sgt3``, ``sgc4``,
   ``sgq5``): a verification command (``npm test``) a subject of its category, a test's name
   (``test_parse``) a subset-test subject; anything else can never form a claim.
2. Paragraphs, lines and sentences are split; unchecked to-dos and list items under a plan
   heading ("Next steps:") are plans.
3. In each sentence, subjects (tests, the suite, tsc, lint, the build, pronouns...) and
   predicates (pass, green, clean, succeeds, no errors, 41/41...) are found and linked: a
   predicate takes the nearest coordinated group of subjects before it ("Tests, lint and
   typecheck all pass"), a pronoun takes the group it refers to ("They pass").
4. A candidate survives only if its clause is no question, instruction, relay, hedge, negation, future
   or condition (else it is in ``ignored`` with the reason); "apart from", "the rest" make it ``qualified``.
5. One claim per category per message: unqualified beats qualified, ``all`` beats ``subset``.

The grammar's patterns are ``claims_grammar``, how an English sentence is read with them ``claims_en``,
the Chinese vocabulary ``claims_zh`` (a sentence with CJK text is read with both). Polarity, tense and
modality are decided per clause (``clauses``) from the lexicon's words (``lexicon.en``, ``lexicon.zh``);
runners come from the runner catalog (``lexicon.commands``).
"""

import re

from stalegreen.engine import (claims_build_mode, claims_checklist, claims_composites, claims_disclosure, claims_ellipsis,
                               claims_en, claims_fragments, claims_grammar, claims_lists, claims_marks, claims_meaning,
                               claims_output, claims_parts, claims_plans, claims_runs, claims_superseded, claims_tables,
                               claims_timeline, clauses, lexicon)
from stalegreen.engine.lexicon import commands
from stalegreen.engine.lazyregex import LazyRegex

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
    (only on "everything passes" claims, spread over the categories the message names).
    ``ignored``: near-misses, dicts with ``text``, ``reason`` (hedged, future, question, negated,
    conditional, relayed, quoted, code, instruction, plan, qualified, past, disclosed-stale,
    retracted, unnamed: "All green." in a message that names no check) and, when known,
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

# a line introducing the block under it by pointing at it ("all good 👇")
# a retraction whose subject points back at the result just told ("that run doesn't count")
_THAT_RESULT = re.compile(r"(?:that|this|the)\s+(?:result|run|pass|green)\b", re.I)
# a second zero count whose noun is the first one's: "0 errors from eslint, 0 from tsc"
_ELIDED_COUNT_NOUN = re.compile(r"\b(?:0|zero|no)\s+(?P<noun>errors?|warnings?|failures?|issues|problems|findings|violations)"
                                r"\s+from\s+[^,;.\n]{1,40}?,\s+(?:and\s+)?(?:0|zero|none)\s+(?=from\b)", re.I)
# a word naming what a code span is: one of the project's tasks ("the `lint` script")
_TASK_NOUN = re.compile(r"\s+(?:npm\s+|package\s+|make\s+|just\s+)?(?:script|task|target|recipe)\b", re.I)
_TASK_NAME = re.compile(r"^[\w:.-]{1,40}$")
_POINTING_DOWN = re.compile(u"[ \\t]*(?:\\U0001f447|\\u2b07\\ufe0f?|\\u2193)[ \\t]*(?=\\n\\s*```)")
_PLACEHOLDERS = re.compile(r" ?\bsg([tylbicq])(\d+)x\b(?: and sg[tylb]\d+x\b)* ?")
_ESCAPED_SG = re.compile(u"(?i)(sg)\u200b")
# the start of a placeholder-like word ``prepare`` escapes (U+017F: an "s" to re.I): a C-speed test first
_SG_LIKE = re.compile(u"[sS\u017f][gG][tTyYlLbBiIcCqQ\u0130\u0131]\\d")


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
        self.unread = []         # sentences with no predicate read (their subjects add to named)
        self.ran = set()         # categories a clause says were just run ("Re-ran the tests.")
        self.ran_before = self.ran_here = frozenset()    # the ones the sentence before, and this one, say were run
        self.composites = {}     # a command the message says runs others -> their categories
        self.ignored_keys = set()    # (text, reason) of the near-misses noted: each is noted once
        self.ticked = []         # claims of ticked checklist rows (a template's ticks are no results)
        self.asked = []          # the claims the sentence before asked about ("Do the tests pass?"), for its answer

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
            if original is None:
                return " "      # a further run of a span whose first the text leaves out
            if kind == "q":
                return '"%s"' % original
            return "`%s`" % original

        # the further runs of one code span (`npm run lint && npm test`) follow its first as " and sgNx"
        if "sg" in text:
            text = _PLACEHOLDERS.sub(put_back, text)
        text = text.strip()
        return _ESCAPED_SG.sub(r"\1", text) if u"\u200b" in text else text

    def _ignore(self, text, reason, sentence=None, category=None):
        text = re.sub(r"\s+", " ", text).strip()[:MAX_TEXT]
        if not text or (text, reason) in self.ignored_keys:
            return
        self.ignored_keys.add((text, reason))
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
        text = claims_marks.known_marks(re.sub(r"(?<![a-z0-9])(sg)(?=[tylbicq]\d+x)", u"\\1\u200b", text, flags=re.I)
                                          if _SG_LIKE.search(text) else text)

        def fence(m):
            body = m.group(3)
            intro = m.string[:m.start()].rstrip()
            if intro.endswith(("*", "_")):
                intro = _BOLD_COLON.sub(r"\1", intro)    # "**Ran locally (Ruby 3.3.1):**": the colon ends it
            rows = claims_output.command_rows(body) if claims_output.is_transcript(m.group(2)) \
                and not intro.endswith((":", u"\uff1a")) else None
            if rows:
                # the agent's own table of commands and results, no line introducing it as a list
                return "\n" + "\n".join(rows) + "\n"
            held = []
            for command in re.findall(r"^\s*\$\s+(\S.*)$", body, re.M):
                runs = commands.classify_code(command)
                held.extend(self.hold(CATEGORY_LETTER[category], command if not index else None, category, tool,
                                       scope).strip() for index, (category, tool, scope) in enumerate(runs))
            if claims_grammar.claimish(body):
                line = next((ln for ln in body.splitlines() if claims_grammar.claimish(ln)), body)
                self._ignore(line, "code")
            if intro.endswith((":", u"\uff1a")):
                held += claims_checklist.ticked_commands(self, body)
            shows = claims_output.transcript_words(self, m.group(2), body, intro, m.string[m.end():m.end() + 300])
            if held and intro.endswith((":", u"\uff1a")):
                # "all three pass:" and a block of `$ command` lines: the commands are what it lists
                return _LISTED + u" \u2014 ".join([" & ".join(held)] + shows) + "\n"
            if shows:
                # what the output shows, read as the words of the line that introduces it, if any
                # ("Before my change the output was:" keeps its tense)
                return _LISTED + ", ".join(shows) + ".\n"
            if held:
                # the commands of a transcript no line introduces, as a line introducing what follows: a
                # pass after the block with its subject dropped is theirs ("## 验证结果" ``` $ pytest ``` "全部通过 ✅")
                return "\n" + " & ".join(held) + u"\uff1a\n"
            return "\n"      # the prose around a block is one paragraph ("Ran the suite:" ``` ``` "all pass")

        text = text.replace("\r\n", "\n")
        if u"\u2026" in text:
            text = text.replace(u"\u2026", "...")     # the ellipsis character reads as its three dots
        if "```" in text and (u"\U0001f447" in text or u"\u2b07" in text or u"\u2193" in text):
            text = _POINTING_DOWN.sub(":", text)
        text = g.fence.sub(fence, text)
        if " from " in text and ("0 from" in text or "zero from" in text or "none from" in text):
            text = _ELIDED_COUNT_NOUN.sub(r"\g<0>\g<noun> ", text)     # "0 errors from eslint, 0 [errors] from tsc"
        if "<" in text:
            text = _HTML_TAG.sub(" ", text)     # "<sub>Verified with ...</sub>", "<details>": markup, not words
        if _LISTED in text:
            text = re.sub(u"([:\uff1a])\\s*" + _LISTED, "\\1 ", text).replace(_LISTED, "")

        text = claims_output.labelled_outputs(claims_output.arrow_outputs(claims_output.plain_commands(
            claims_output.item_outputs(text))))

        def inline(m):
            code = m.group(1)
            if code.strip().lower() in _STATUS_WORDS:
                return " %s " % code.strip()
            if _CI_READER.match(code.strip()):
                return " the CI checks "    # `gh pr checks 482`: what CI reported, read as that
            summary = " " in code.strip() and claims_grammar.claimish(code)     # a summary line is several words
            # "`./gradlew detekt` → `detekt reported 0 issues`": what the command printed, not a command
            shown = summary and _AFTER_AN_ARROW.search(m.string, 0, m.start()) and claims_output.inline_words(
                self, m.string, m.start(), code)
            if shown:
                return shown
            runs = commands.classify_code(code) or claims_output.runner_tasks(m.string, m.start(), code.strip())
            if not runs and _GRADLE_TASK.match(code.strip()):
                runs = commands.classify_code("gradle " + code.strip())     # `:api:test`: a Gradle task path
            if not runs and ":" in code and " " not in code.strip():
                task = commands.classify_name(code.strip().lower())     # `spotless:check`: a build tool's goal alone
                runs = [task] if task else []
            if not runs and _TASK_NOUN.match(m.string, m.end()) and _TASK_NAME.match(code.strip()):
                # "the `lint` script", "the `test:unit` task": a project's task by its name
                runs = commands.classify_code("npm run " + code.strip()) or commands.classify_code("make " + code.strip())
            if runs:
                # `npm run lint && npm test`: one subject per run, coordinated ("... and ...")
                held = [self.hold(CATEGORY_LETTER[category], code if not index else None, category, tool, scope)
                        for index, (category, tool, scope) in enumerate(runs)]
                return " and ".join(h.strip() for h in held).join("  ")
            category = len(code) <= 12 and claims_fragments.task_category(code, m.string, m.end())     # `test`
            if category:
                return self.hold(CATEGORY_LETTER[category], code, category, None, "all")
            if g.testid.match(code.strip()):
                return self.hold("i", code, "test", None, "subset")
            if summary:
                shown = claims_output.inline_words(self, m.string, m.start(), code)
                if shown:
                    return shown
            if _is_claim_phrase(g, code) or (claims_grammar.has_cjk(code) and claims_grammar.claimish(code)):
                self._ignore(code, "code")
            return self.hold("c", code)

        def inline_ending(m):
            # a span whose own words end a sentence ("says `No errors! Great job.` The fix was ..."):
            # the sentence ends with it
            words = inline(m)
            # (not a package pattern's dots: "`go build ./...` OK.")
            if m.group(1).rstrip()[-1:] in (".", "!", "?") and not m.group(1).rstrip().endswith("...") \
                    and _NEXT_SENTENCE.match(m.string, m.end()):
                return words.rstrip() + ". "
            return words

        text = g.inline.sub(inline_ending, text)

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
        if u"\u2610" in text or u"\u25a1" in text or u"\u2b1c" in text:
            text = _EMPTY_BOX.sub("[ ]", text)     # "☐ 单测通过", "□ lint": an unchecked box, as "[ ]" is
        in_plan = False
        introduced = False
        relay_frame = False     # a line naming someone else's results introduces the items under it
        for paragraph in re.split(r"\n[ \t]*\n", text):
            lines = [ln for ln in paragraph.split("\n") if ln.strip()]
            if not lines:
                continue
            if not introduced and not _RESULT_LABEL.match(lines[0]):
                # a paragraph ending with a colon introduces the next one; one opening with a result's
                # label ("结果：全部通过。", "Result: all green.") tells the result of the one before
                self.history = []
                self.ran_here = frozenset()
                # (a loose list's next item, after a blank line, stays under the line that introduced it)
                relay_frame = relay_frame and bool(_ITEM.match(lines[0]))
            # (a quoted output the colon introduced, or the commands of a block it introduced, leave
            # the introduction open for the comment after them: "跑了 `pnpm test`：\n\n> Tests: 48
            # passed\n\n全部通过。", "运行结果：\n\n```\n$ cargo test\n...```\n\n全部通过。")
            listed = _COMMAND_ITEMS.match(paragraph.strip())
            if listed:
                # "**Testing**\n- `npm run lint`\n- `npm test`", then "Both completed without errors.": one
                # list of what was run, which the next paragraph may speak of
                lines = lines[:1] * bool(listed.group(1)) + [" and ".join(_HELD_WORD.findall(paragraph))]
            introduced = lines[-1].rstrip().endswith((":", u"\uff1a")) or bool(_INTRODUCED_BLOCK.search(lines[-1])) \
                or introduced and all(">" in ln and g.blockquote.match(ln) for ln in lines) or bool(listed)
            header = None
            for number, line in enumerate(lines):
                if "---" in line and claims_tables.TABLE_RULE.match(line):
                    continue
                if line.lstrip().startswith("|"):
                    if number + 1 < len(lines) and "---" in lines[number + 1] and claims_tables.TABLE_RULE.match(lines[number + 1]):
                        header = claims_tables.cells(line)
                        checks = [claims_tables.names_a_check(self, label) for label in header]
                        # "| Check | CI result (from the Actions tab) |": the results are CI's
                        relay_frame = relay_frame or claims_tables.relayed_columns(header)
                        continue
                    if header:
                        line, plan = claims_tables.row(self, line, header, checks)
                        if plan or relay_frame or in_plan:     # (a table under "Added `ci.yml` with these jobs:" too)
                            self.read_line(line, "plan" if plan or in_plan else "relayed")
                            continue
                else:
                    header = None
                if g.plan_heading.match(line):
                    in_plan = True
                    continue
                is_item = bool(_ITEM.match(line))
                # what the agent concludes from results someone else's line introduced is theirs too
                # ("CI 日志里是这样的：``` BUILD SUCCESSFUL ``` 所以构建本身没问题")
                concluded = relay_frame and not is_item and bool(_CONCLUSION.match(line))
                if not is_item:
                    in_plan = False     # a plan's list ends at the first line that is not an item
                    if not line.lstrip().startswith("|"):
                        # "According to CI:", "CI 结果（不是我本地跑的）：": the list under it is CI's
                        relay_frame = line.rstrip().endswith((":", u"\uff1a")) and bool(lexicon.search("relay", line)) \
                            and not _introduces_own_run(line)
                if _CONFIG_LIST.search(line):
                    in_plan = True      # "Added `ci.yml` with three jobs:": the items describe what it will run
                if "[" in line and len(_BOX.findall(line)) > 1:
                    # a row of boxes ("[x] build [x] tests [ ] docs"): each box marks the item after it
                    line = _BOX.sub(lambda m: u" \u274c " if m.group(1) == " " else u" \u2705 ", line)
                if "[ ]" in line and g.unchecked.match(line):
                    self.read_line(g.unchecked.sub("", line), "plan")
                elif ">" in line and g.blockquote.match(line):
                    self.read_line(line, "quoted")
                else:
                    # a ticked row that only names a check says it passed, as a check mark before it does
                    # ("- [x] `go test ./...`"); a row saying what was done is read as it says it
                    first = len(self.found) if claims_checklist.ticked(g, line) else None
                    if "[" in line and g.checked.match(line):
                        row = claims_checklist.as_done(g.checked.sub("", line))
                        line = (u"\u2705 " if claims_checklist.names_a_check(self, row) else "") + row
                    self.read_line(line, "plan" if in_plan and is_item else "relayed" if relay_frame and is_item or concluded
                                   else None)
                    if first is not None:
                        self.ticked.extend(self.found[first:])

    def read_line(self, line, forced_reason):
        g = self.g
        body = claims_fragments.tidy_line(g.list_mark.sub("", line).strip().strip("|").strip(), self.spans)
        if not body:
            return
        ends = g.sentence_end_cheered if not body.isascii() and _CHEER.search(body) else g.sentence_end
        sentences = [x.strip() for x in (ends.split(body) if _MAY_END_SENTENCE.search(body) else (body,)) if x.strip()]
        opens = claims_fragments.OPENING_PREDICATE.match
        if "?" in body or body.count(":") > 1 or sentences and any(opens(x) for x in sentences):
            sentences = claims_fragments.rewrite(sentences)    # "Tests? Green.", "Clean, too, is the lint run"
        for sentence in sentences:
            self.read_sentence(sentence, forced_reason)

    # -- an elided predicate

    def _read_elided(self, s):
        """"Types too." after "The formatter and linter pass.", "`ruff` passes, and so does
        `mypy`": the named checks take the pass of the sentence before, or of the clause before,
        when that pass stands (a claim was found there, or the clause holds a predicate and no
        failure, hedge, relay, plan, condition or past)."""
        m = _ELIDED.search(s)
        if s.rstrip().endswith("?") or any(lexicon.search(role, s[m.start():]) for role in ("negator", "hedge", "relay", "future", "conditional")):
            return      # "and so — I think — is the build"
        if m.group("alone") is not None or m.group("same") is not None:
            previous = self.found[self.sentence_claims[0]:self.sentence_claims[1]]
            if not previous:
                return
            template, named = previous[-1], m.group("alone") or m.group("same")
        else:
            lead = s[:m.start()]
            if not claims_en.predicates(self.g, lead) or any(lexicon.search(role, lead) for role in (
                    "failure", "negator", "hedge", "relay", "future", "conditional", "instruction", "past")):
                return
            template, named = None, m.group("after") or m.group("tail")
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
        if self.sentences and "fter" in s[:12] and _AFTER_ZERO.match(s):
            # "Before: 17 eslint errors. After: 0.": the count after counts what the one before did
            before = _BEFORE_COUNT.match(self.sentences[-1])
            if before:
                s = "%s0 %s." % (s[:s.index(":") + 1] + " ", before.group(1))
        self.sentences.append(s)
        self.sentence_claims = [self.sentence_claims[1], len(self.found)]
        asked, self.asked = self.asked, []
        if asked and _ANSWERED_YES.match(s) and not (lexicon.search("failure", s) or lexicon.search("negator", s)):
            # "Do the tests pass? Reader, they do - all 74.": the writer's own answer asserts what was asked
            self.found.extend(dict(claim, text=claim["sentence"] + " " + self.restore(s)) for claim in asked)
        if "ed," in s or "ed " in s or s.endswith(("ed", "ed.")):
            self.named |= claims_fragments.named_by_verbs(s)     # "compiled, linted, tested. Nothing red."
        if not forced_reason and _may_elide(s) and _ELIDED.search(s):
            self._read_elided(s)
        if not forced_reason and ("n't" in s or "not" in s or "longer" in s):
            self.found.extend(claims_ellipsis.negated_ellipsis(self, s, self.sentences[-2:-1]))
        if not forced_reason and "still" in s:
            self.found.extend(claims_ellipsis.restated_ellipsis(self, s))
        if "sg" in s and claims_fragments.may_compose(s):
            claims_composites.note(self, s)
        runs = claims_runs.said_run(self, s) if claims_runs.may_run(s) else None
        self.ran_before, self.ran_here = self.ran_here, frozenset(runs[0] if runs else ())
        if runs:
            self.ran |= runs[0]
        if not claims_grammar.claimish(s):
            self.history.append(s)    # read for subjects only if a later pronoun or an "everything" needs them
            self.unread.append(s)     # ("All checks passed ✅" over the items "- unit tests", "- lint")
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
        if candidates and ("(" in s or u"\uff08" in s or ": " in s or u"\uff1a" in s or "incl" in s or u"\u2014" in s
                           or u"\u2013" in s):
            candidates += claims_lists.listed_after(s, candidates, mentions)
        self.history.append(mentions)
        self.named.update(x["category"] for x in mentions)
        done = self.completion and _completion(self, s, candidates)
        if not candidates and not done:
            return
        if done:
            candidates.append(done)
        meaning = claims_meaning.Meaning(g, s, mentions, self.span)
        reason = forced_reason or claims_plans.sentence_reason(g, s, meaning.plain)
        cache = []

        def restored():
            if not cache:
                cache.append(self.restore(s))
            return cache[0]

        claims_build_mode.compiled_by_a_typecheck(s, candidates, mentions)
        claims_build_mode.choose(candidates)     # `tsc -b` is clean: the type check; `tsc -b` succeeds: the build
        qualifiers = [q.regex if q is g.qualifier else q for q in (g.qualifier, g.zh.qualifier)
                      if (q is g.qualifier or claims_grammar.has_cjk(s)) and q.search(s)]
        rest = meaning.has("rest")
        standing = set()
        for cand in candidates:
            if cand.get("fallback") and cand["category"] in standing:
                continue
            why = reason or meaning.reason(cand)
            if why and (why != "question" or cand.get("fallback") or not s.rstrip().endswith("?")):
                if not cand.get("fallback"):
                    self._ignore(self.restore(cand["text"]), why, restored(), cand["category"])
                continue
            if why:
                self._ignore(self.restore(cand["text"]), why, restored(), cand["category"])
            else:
                standing.add(cand["category"])
            claim = {
                "category": cand["category"], "scope": cand["scope"],
                "qualified": bool(cand.get("qualified") or rest or meaning.qualifies(qualifiers, cand)),
                "text": self.restore(cand["text"]), "sentence": restored(),
                "counts": cand.get("counts") or {}, "tool": cand.get("tool"),
                "alternates": list(cand.get("alternates") or ()), "lang": cand.get("lang", "en"),
                "ran": False,
            }
            claim.update((key, True) for key in ("expanded", "unnamed") if cand.get(key))
            if why:
                self.asked.append(claim)    # a question, asserted only by the answer after it
                continue
            if runs and runs[1]:
                self.ran.add(cand["category"])    # "Reran: all green": the run of the claim itself
            self.found.append(claim)

    def _drop_disclosed(self):
        """Claims the message itself says were not rerun are stale by its own account."""
        if not self.found:
            return
        stale, partly, elsewhere, earlier = set(), set(), {}, {}
        for sentence in lexicon.texts_holding_stems("disclosure", self.sentences):
            named, whole, where = claims_disclosure.categories(self, sentence, self._sentence_before(sentence))
            found = clauses.disclosure(sentence)
            for category in named:
                if clauses.changed_since(found):    # stales what it follows, not "..., and all tests pass now"
                    # (where the claims are told: in the sentence as written, its code spans put back)
                    told = clauses.disclosure(self.restore(sentence))
                    earlier.setdefault(category, []).append((self.sentences.index(sentence), (told or found).start()))
                elif where:
                    elsewhere.setdefault(category, set()).add(where)
                else:
                    (stale if not whole else partly).add(category)
        if not stale and not partly and not elsewhere and not earlier:
            return
        kept = []
        written = [self.restore(s) for s in self.sentences] if earlier else []
        for claim in self.found:
            if any(self._told_before(claim, at, written) for at in earlier.get(claim["category"], ())):
                self._ignore(claim["text"], "disclosed-stale", claim["sentence"], claim["category"])
                continue
            here = elsewhere.get(claim["category"])
            # "I haven't re-tested on 3.9 since": a claim made of another environment (on 3.12) stands
            said = claim["sentence"][max(0, claim["sentence"].find(claim["text"])):]
            moved = here and (claims_parts.environment(said) not in here | {None} or claims_parts.another_kind(here, claim["sentence"], claim["text"]))
            # "I didn't rerun the full suite": a claim of the part that was run stands
            if claim["category"] in stale or claim["category"] in partly and claim["scope"] == "all" \
                    or here and not moved:
                self._ignore(claim["text"], "disclosed-stale", claim["sentence"], claim["category"])
            else:
                kept.append(claim)
        self.found = kept

    def _told_before(self, claim, at, written):
        """Whether ``claim`` is told before the point ``at`` (a sentence's index, an offset in it).
        ``written``: the sentences as written, their code spans put back, as a claim's sentence is
        ("I reran `pytest`: 212 passed." after "I've since ...")."""
        index = written.index(claim["sentence"]) if claim["sentence"] in written else -1
        return index < at[0] or index == at[0] and claim["sentence"].find(claim["text"]) < at[1]

    def _sentence_before(self, sentence):
        """The sentence read just before ``sentence`` ("" for the first)."""
        return ([""] + self.sentences)[self.sentences.index(sentence)]

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
        """Claims a later sentence takes back ("`pytest` exits 0. ... So I don't know whether the tests
        pass."): of the categories it names, else (it, that) of the sentence before it; in the claim's own
        sentence only those said before it ("exits 0, but only because no tests ran")."""
        if not self.found:
            return
        order = [self.restore(s) for s in self.sentences]
        for sentence in lexicon.texts_holding_stems("retraction", self.sentences):
            retraction = lexicon.search("retraction", sentence)
            if not retraction:
                continue
            named = clauses.named_near(sentence, self.mentions(sentence), retraction.start())
            if not named and clauses.points_back(retraction) and _POINTS_ABOVE.search(sentence):
                named = set(c["category"] for c in self.found)     # "Edit: the table above is from `develop`"
            own = self.restore(sentence)
            # "I wouldn't trust it. I re-ran: all 212 pass": one pointing back leaves a claim after it
            at = order.index(own) if own in order else len(order)
            later = [c for c in self.found if c["sentence"] in order[at + 1:]] if clauses.points_back(retraction) else []
            earlier = [c for c in self.found if c["sentence"] != own and not any(c is x for x in later)]
            cut = len(self.restore(sentence[:retraction.start()]))
            if _THAT_RESULT.match(retraction.group(0)):
                # "..., so that run doesn't count": the result just told, whatever else the clause names
                named = set(c["category"] for c in self.found if c["sentence"] == own and 0 <= own.find(c["text"]) < cut)
            if not named and earlier:
                # "I wouldn't count it", "That was before I rebased": the claims just made, in one sentence
                named = set(c["category"] for c in earlier if c["sentence"] == earlier[-1]["sentence"])
            kept = []
            for claim in self.found:
                if claim["category"] in named and not any(claim is x for x in later) and (
                        claim["sentence"] != own or 0 <= own.find(claim["text"]) < cut - len(claim["text"]) + 1):
                    self._ignore(claim["text"], "retracted", claim["sentence"], claim["category"])
                else:
                    kept.append(claim)
            self.found = kept

    def finish(self, text):
        if self.composites:
            claims_composites.add(self)
        if self.ticked and claims_checklist.template_ticks(self.sentences):
            for claim in self.ticked:
                self._ignore(claim["text"], "relayed", claim["sentence"], claim["category"])    # the template's words
            self.found = [c for c in self.found if not any(c is t for t in self.ticked)]
        self._drop_disclosed()
        self._drop_retracted()
        gone = claims_superseded.superseded(self, self.found)
        for claim in gone:
            self._ignore(claim["text"], "superseded", claim["sentence"], claim["category"])
        self.found = [c for c in self.found if not any(c is g for g in gone)]
        older = claims_timeline.stale(text, self.found)     # "1. Ran `tox` — passed. 2. Dropped 3.9 ..."
        for claim in older:
            self._ignore(claim["text"], "past", claim["sentence"], claim["category"])
        self.found = [c for c in self.found if not any(c is o for o in older)]
        for claim in self.found:
            claim["ran"] = claim["category"] in self.ran
        self.result.ran = set(self.ran)
        if any(c.get("expanded") for c in self.found):
            for s in self.unread:
                self.named.update(x["category"] for x in self.mentions(s))
        # "Everything passes" in a message about tests and lint means those two; in a message that
        # names no check ("All green."), it identifies none: nothing a gate could hold it to
        named = self.named - claims_runs.named_only_unrun(self) if any(c.get("expanded") for c in self.found) else self.named
        unnamed = [c for c in self.found if c.get("expanded") and c["category"] not in named] \
            + claims_runs.unnamed_pronouns(self)
        if unnamed:
            if not named:
                self._ignore(unnamed[0]["text"], "unnamed", unnamed[0]["sentence"])
            self.found = [c for c in self.found if not any(c is u for u in unnamed)]
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


def _introduces_own_run(line):
    """Whether the clause that ends a list's introduction says the agent ran what follows ("Per
    your request, I ran:", "CI was red; after my fix, locally:", "按照你的要求，我跑了："): the list is
    its own, whoever was named before. (A parenthesis is left out: "CI 结果（不是我本地跑的）：".)"""
    line = _PARENTHESIS.sub("", line)
    last = re.split(u"[;,\uff1b\uff0c\u3002]", line)[-1]
    # (nor what it fixed from them: "Fixed the three failures from CI; results:", "CI 上失败的三个问题都修了：")
    return bool(_OWN_RUN.search(last) or lexicon.search("own", last) or _FIXED.search(line))


_CONCLUSION = re.compile(u"^\\W*(?:so|therefore|hence|thus|which means|that means)\\b|^\\W*(?:\u6240\u4ee5|\u56e0\u6b64|\u56e0\u800c|\u53ef\u89c1|\u4e5f\u5c31\u662f\u8bf4|\u8fd9?\u8bf4\u660e|\u8868\u660e)", re.I)
_PARENTHESIS = re.compile(u"[(\uff08][^()\uff08\uff09]*[)\uff09]")
_OWN_RUN = re.compile(r"\b(?:i|we)(?:'ve|\u2019ve| have)?\s+(?:just\s+|also\s+|then\s+|now\s+)?(?:ran|re-?ran|run|re-?run"
                      r"|executed|re-?executed|tested|re-?tested|verified|re-?checked|got)\b"
                      u"|(?:\u91cd\u65b0|\u518d\u6b21?|\u53c8)(?:\u8dd1|\u8fd0\u884c|\u6267\u884c|\u9a8c\u8bc1)\u4e86|\u91cd\u8dd1\u4e86", re.I)
_FIXED = re.compile(u"(?<!the )\\b(?:fixed|addressed|resolved)\\b|\u4fee(?:\u4e86|\u597d|\u590d)|\u89e3\u51b3\u4e86", re.I)

_HTML_TAG = re.compile(r"</?(?:sub|sup|b|i|em|strong|small|details|summary|p|br|span|div|code|kbd)\b[^<>\n]{0,80}>",
                       re.I)
# a Gradle task path (`:api:test`), or a task in camel case after its verb (`assembleDebug`, `testDebugUnitTest`,
# `lintRelease`, `compileKotlin`; an assemble task names its variant: not `assembleResponse`), detekt's checking tasks
_GRADLE_TASK = re.compile(r"^:[\w.-]+(?::[\w.-]+)+$|^(?:(?:assemble|bundle)(?:[A-Z]\w*)?(?:Debug|Release|AndroidTest|Dist)|compile(?:Test)?(?:Kotlin|Java|Groovy|Scala)\w*"
                          r"|test\w*UnitTest|connected\w*AndroidTest|lint(?:Vital)?(?:[A-Z]\w*)?(?:Debug|Release)|detekt(?:Main|Test|All|Debug|Release)?"
                          r"|ktlint(?:Check|MainSourceSetCheck|TestSourceSetCheck))$")
_BOX = re.compile(r"\[([ xX])\](?!\()")
_EMPTY_BOX = re.compile(u"[\u2610\u25a1\u2b1c]\ufe0f?")
_ITEM = re.compile(u"^\\s*(?:[-*+\u2022]\\s|\\d{1,3}[.)]\\s|\\[[ xX]\\])")
# what a split by ``sentence_end`` needs (an end mark, and a space after an ASCII one): found at C speed
_CHEER = re.compile(u"[" + claims_grammar.CHEERS + u"]")
_MAY_END_SENTENCE = re.compile(u"[.!?][*_]{0,2}\\s|[\u3002\uff01\uff1f]|[" + claims_grammar.CHEERS + u"]\ufe0f?\\s")
# a line ending with the commands of a block its colon introduced ("运行结果： sgt0x")
_INTRODUCED_BLOCK = re.compile(u"[:\uff1a]\\s*sg[tylbicq]\\d+x(?:\\s*[&\u2014]\\s*sg[tylbicq]\\d+x)*\\s*$")


# an answer to the question before it, said yes: "Yes.", "Also yes.", "Reader, they do."
_ANSWERED_YES = re.compile(r"^\W*(?:[A-Za-z]+,\s+)?(?:(?:also|and|again|still)\s+)?(?:yes|yep|yup|yeah|absolutely|indeed"
                           r"|(?:they|it)\s+(?:do|does|did))\b", re.I)
_BOLD_COLON = re.compile(u"([:\uff1a])[*_]+$")
_AFTER_ZERO = re.compile(r"^\W*after\s*:\s*(?:0|zero|none)\W*$", re.I)
_BEFORE_COUNT = re.compile(r"^\W*before\s*:\s*\d[\d,]*\s+([^\d\s.;:][^.;:]{0,59}?)\s*[.;!]?\s*$", re.I)
# a line introducing the jobs or steps a config the agent wrote defines, or the exit codes it documented
_CONFIG_LIST = re.compile(u"^\\W*(?:i(?:'ve| have)?\\s+)?(?:added|created|wrote|set up|configured|introduced|documented)\\b.{0,80}"
                          u"\\b(?:jobs?|steps?|stages?|hooks?|tasks?|targets?|exit codes?|exit status(?:es)?)(?:\\s+(?:of|for|in)\\s+\\S+)?\\s*(?:\\*\\*)?[:\uff1a]\\s*$", re.I)
_RESULT_LABEL = LazyRegex(u"^[\\W_]*(?:results?|outcome|\u7ed3\u679c|\u8fd0\u884c\u7ed3\u679c|\u6267\u884c\u7ed3\u679c)[\\W_]*[:\uff1a]", re.I)
# a paragraph only listing commands (under an optional heading): what it ran, which the next one may speak of
_COMMAND_ITEMS = re.compile(r"^((?:#+\s*|\*\*)[\w ]{1,30}(?:\*\*)?:?\s*\n)?(?:\s*[-*+]\s+sg[tylbc]\d+x\s*(?:\n|$)){2,}$")
_HELD_WORD = re.compile(r"sg[tylbc]\d+x")
_AFTER_AN_ARROW = re.compile(u"`\\s*(?:\u2192|->|=>)\\s*$")
_POINTS_ABOVE = re.compile(u"\\b(?:above|the (?:table|list|results|output|checklist))\\b|\u4e0a\u9762|\u4ee5\u4e0a|\u4e0a\u8ff0|\u8868\u683c", re.I)


_LISTED = u"\u0000listed:"     # marks commands lifted from a block onto the line that introduces it

# code spans read as plain words: a runner's status word (`ok`), a branch name (`main`)
_STATUS_WORDS = frozenset(("ok", "pass", "passed", "passing", "green", "success", "clean", "main", "master", "trunk"))


# commands that show what CI ran: GitHub's and GitLab's command-line clients
_CI_READER = re.compile(r"^(?:gh\s+(?:pr\s+(?:checks|view)|run\s+(?:view|watch|list))|glab\s+ci\s+(?:status|view|list)"
                        r"|hub\s+ci-status)\b")

_NEXT_SENTENCE = re.compile(r"[ \t]+[A-Z`]")    # after a span: a space and a capital, or another span



# a check named, its predicate elided: "Types too." (a sentence of its own), "..., and so does `mypy`" (after a pass)
_ELIDED = re.compile(
    r"^\W*(?:and\s+)?(?:(?:also|same for|ditto for)\s+)?(?P<alone>[\w`' -]{1,40}?)"
    # (with its verb: "`go test ./api/...` is too", "the tests do as well")
    r"(?:\s+(?:is|are|does|do))?\s+(?:too|as well|also)\W*$"
    # a label whose value repeats the one before: "Tests: green. Lint: same."
    r"|^\W*(?P<same>[\w`' -]{1,40}?)\s*:\s*(?:the\s+)?(?:same|ditto|likewise)\W*$"
    # (an aside between dashes may stand before the verb: "and so — after some fiddling — is the type check")
    r"|,?\s+(?:and\s+)?(?:so|as)\s+(?:[\u2014\u2013]\s[^\u2014\u2013]{1,120}?\s[\u2014\u2013]\s+)?(?:does|do|did|is|are)\s+"
    r"(?P<after>[^,;.]{1,60}?)\s*(?:[.;!]|$)"
    # the check named first, the verb and "too" after it: "...; `go test ./api/...` is too"
    r"|[,;]\s+(?:and\s+)?(?P<tail>[^,;.?]{1,60}?)\s+(?:is|are|does|do)\s+(?:too|as well)\W*$", re.I)


def _may_elide(s):
    """False only when ``_ELIDED`` cannot match ``s``: it needs "too", "well" or "also", or "so" or
    "as" between spaces (in printable ASCII text a space is the only whitespace). Most sentences
    have none, and the pattern's second branch is tried at every space."""
    low = s.lower()
    if "too" in low or "well" in low or "also" in low or "same" in low or "ditto" in low or "likewise" in low \
            or not (low.isascii() and low.isprintable()):
        return True
    return " so " in low or " as " in low


def _rank(claim):
    return (not claim["qualified"], claim["scope"] == "all", not claim.get("expanded"))


def _is_claim_phrase(g, code):
    return bool(_CLAIM_PHRASE_WORD.search(code)) and bool(g.subject.search(code))


_CLAIM_PHRASE_WORD = re.compile(r"\b(?:pass(?:es|ed|ing)?|green|clean|succe\w+|ok)\b", re.I | re.A)


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
    from stalegreen.engine import hant

    plain = hant.simplified(text)           # "所有測試都通過了" reads as "所有测试都通过了"
    reader = _Reader(claims_grammar.grammar(), completion)
    reader.read(plain)
    return hant.restore(reader.finish(plain), plain, text)
