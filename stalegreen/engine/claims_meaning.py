"""What a sentence means for each claim candidate in it: the filters of ``claims`` that decide,
per clause, whether a candidate is asserted now (not relayed, hedged, negated, past or planned)
and which part of the checks it covers.

``claims`` finds the candidates (subjects linked to predicates); ``Meaning`` reads one
sentence's clauses, roles and status marks once and answers for each candidate.
"""

import re

from stalegreen.engine import (claims_descriptions, claims_en, claims_grammar, claims_marks, claims_own_words, claims_parts,
                               claims_sources, clauses, lexicon)
from stalegreen.engine.lexicon import commands
from stalegreen.engine.lexicon import en as en_lexicon


# ------------------------------------------------------------------------------------ filters

def plain(g, s):
    """``s`` with code placeholders and runner names made filler words of the same length (so
    offsets still hold): "biome ci" and "next lint" are names, not a relay or a future."""
    plain = _HELD.sub(_filler, s) if "sg" in s else s
    if commands.might_name_runner(claims_grammar.words_of(plain)):
        plain = g.runner_name.sub(_filler, plain)
    return plain


_PAST_STATE = re.compile(r"\b(?:there (?:were|was)|(?:was|were|had been) (?:failing|broken|red)|had (?:\d+|a|an|one|two|three"
                         r"|several|some|a few) )"
                         # a failure placed before now by a time adverb: "CI flagged a failing test earlier"
                         r"|\b(?:earlier|initially|originally|at first)\W*$", re.I)
_MOST = re.compile(u"\\b(?:most|mostly|largely|the (?:vast )?majority|nearly all|almost all|almost every"
                   u"|all but (?:one|two|three|four|five|a few|a couple|a handful|\\d+))\\b"
                   u"|\u5927\u90e8\u5206|\u5927\u591a\u6570|\u7edd\u5927\u591a\u6570", re.I)
_OTHERWISE = re.compile(r"^\W*(?:but\s+|and\s+)?otherwise\b", re.I)
_HELD_RUN = re.compile(r"\bsg[tylb](\d+)x\b")
_ON_A_RERUN = re.compile(r"\bpass(?:ed|es)?\s+on\s+(?:a\s+|the\s+)?(?:re-?run|retry|second (?:run|try|attempt))\b", re.I)
# the cause a pass holds by, told after it ("passes, but only because I disabled X")
_ONLY_BECAUSE = re.compile(r"\bonly\s+because\s+(?:i|we)\s+(?:\w+\s+){0,2}?(?:commented|disabled|removed|skipped|excluded"
                           r"|stubbed|mocked|deleted|turned|switched|marked|pinned|ignored|bypassed)\b", re.I)
# a request opening a clause: "please ...", "could you ...", "feel free to ...", 请/麻烦/辛苦
_REQUEST = re.compile(u"^[\\s,\uff0c\u2014\u2013-]*(?:(?:and|also|but)\\s+)?(?:please\\b|(?:could|can|would) you\\b|feel free\\b"
                      u"|\u8bf7(?![^\uff0c\u3002]{0,12}?(?:\u786e\u4fdd|\u8bb0\u5f97))|\u9ebb\u70e6|\u8f9b\u82e6|\u5982\u679c\u65b9\u4fbf)", re.I)
# where a source's own job stands ("CI 上那个 job 目前还 pending", "还在排队"): a state, no relay
_SOURCE_STATE = re.compile(u"\\b(?:pending|queued|running|in progress)\\b|排队|还在跑|进行中|没跑完", re.I)
# other tests skipped or left out somewhere ("is skipped in CI anyway", "excluded on main")
_SKIPPED_THERE = re.compile(r"\b(?:skip(?:s|ped)?|ignored|excluded|disabled|quarantined)\b", re.I)
# what the agent says it did not run: the rest of the checks, the other packages
_REST_NOT_RUN = re.compile(
    r"\b(?:didn't|did not|haven't|have not|hasn't|has not|wasn't|not)\s+(?:yet\s+)?(?:run|ran|lint(?:ed)?|check(?:ed)?|test(?:ed)?"
    r"|type-?check(?:ed)?|build|built|re-?run)\s+(?:it\s+(?:on|for|against|in)\s+)?(?:the\s+|any\s+of\s+the\s+)?"
    r"(?:rest|others|remaining|other\s+[\w-]+)\b"
    u"|(?:其他|其余|剩下|别)的?[^，。；;]{0,8}?(?:我|都|也)?(?:没|未|没有)(?:跑|运行|测|检查|执行)(?![通过完好])"
    u"|(?:没|未|没有)(?:跑|运行|执行)(?:全量|其他|其余|别的)", re.I)
# a clause where the agent tells its own run ("— I only ran the unit tests", ", but we just re-ran it")
_OWN_REPORT = re.compile(u"^[\\W\u2014\u2013]*(?:but\\s+|and\\s+)?(?:i|we)\\s+(?:only\\s+|just\\s+|also\\s+|already\\s+|did\\s+)?"
                         r"(?:ran|re-?ran|tested|built|rebuilt|checked|linted|verified|confirmed|ran)\b", re.I)
# a failure staged to try the change on, not a check's result: "a simulated failure", "a forced exception"
_STAGED_FAILURE = re.compile(r"\b(?:a|an|the)\s+(?:simulated|forced|injected|fake|faked|mocked|synthetic|deliberate|intentional"
                             r"|induced|artificial|staged)\s+(?:\w+\s+)?(?:failures?|errors?|exceptions?|crash(?:es)?|timeouts?"
                             r"|outages?|panics?)\b", re.I)
# a colon opening the clause, and the user's go-ahead before it ("You can merge it:", "Safe to ship:")
_AFTER_A_COLON = re.compile(u"^\\s*[:\uff1a]\\s*\\S")
_GO_AHEAD = re.compile(r"\b(?:you\s+(?:can|could|may|should be able to)|(?:safe|ok|good|ready)\s+to|feel free to)\s+"
                       r"(?:go ahead and\s+)?(?:merge|ship|deploy|release|land|proceed|close|approve)\b", re.I)
# an aside about what was skipped, with no failure count, reports no failure ("7 ignored (the ignored ones are ...)")
_SKIPPED_ASIDE = re.compile(r"\((?=[^()]*\b(?:ignored|skipped|pending|xfail(?:ed)?|disabled|quarantined)\b)"
                            r"(?![^()]*\d[\d,]*\s+(?:fail|error|broken))[^()]{0,200}\)", re.I)
# an aside about the skipped tests after their count ("3 skipped (those were already off on main)"): no mode of the claim
_ABOUT_THE_SKIPPED = re.compile(r"(?:(?<=\bskipped)|(?<=\bpending)|(?<=\bignored))\s?\(\s*(?:those|they|these|both|all|each|which"
                                r"|the (?:skipped|pending|ignored) ones)\b[^()]{0,200}\)", re.I)
# a parenthesised tally of passes and failures: "(411 passed, 1 failed)"
_TALLY = re.compile(r"\(\s*\d[\d,]*\s+passed,\s+\d[\d,]*\s+(?:failed|failures?)\s*\)\W*$", re.I)
# a clause saying the failure just before it is fixed: ", which I fixed", ", and it's fixed now"
_FIXED_AFTER = re.compile(r"^\W*(?:(?:which|that)\s+(?:i|we)(?:'ve|\s+have)?\s+(?:since\s+|then\s+|now\s+|also\s+)?"
                          r"(?:fixed|resolved|addressed)|(?:and|but)\s+(?:it|that|this)(?:'s|\s+is|\s+was|\s+has\s+been)"
                          r"\s+(?:now\s+)?(?:fixed|resolved))\b", re.I)


# a failure once the built thing runs ("container 启动后 healthcheck 失败", "运行时报错"): the running
# code's, which the tests check, not the build's
_AT_RUN_TIME = re.compile(u"(?:启动|运行|跑起来|部署|上线)(?:之|以)?后|运行(?:时|的时候|期间)|健康检查|health ?check", re.I)
# a hedge before a copula: a guess at what something is ("估计是 flaky", "可能是缓存的问题")
# a copula opening what a Chinese hedge says ("我认为是误报", "估计只是环境问题")
_COPULA = re.compile(u"\\s*(?:就|只|都|也)?是(?![不否])\\s*\\S")
# how long something still takes, after a Chinese hedge ("估计还要几分钟", "大概再跑半小时")
_TIME_LEFT = re.compile(u"\\s*(?:还|再)?(?:要|需要|得|跑)?\\s*(?:几|\\d+|一|两|半)\\s*(?:个)?\\s*(?:分钟|秒|小时|会儿|天)")
_HEDGED_CAUSE = re.compile(u"(?:应该|可能|也许|或许|大概|估计|似乎|好像|貌似|多半|八成)(?:就|只)?是")
# where an excepted failure is: "except for one error in the generated client"
_LOCATED = re.compile(
    r"\b(?:in|under|inside|within)\s+(?:the|its|our|my|a|one|two)\s+(?:[\w-]+\s+){0,2}?(?:client|code|codebase|modules?"
    r"|packages?|folders?|director(?:y|ies)|files?|stubs?|crates?|librar(?:y|ies)|services?|apps?|components?"
    r"|bindings|migrations?|fixtures?|schemas?|protos?|vendor(?:ed)?(?: code)?|submodules?)\b", re.I)
# the items an exception points at ("except the one covering heredocs", "except the flaky one"); a
# bare count is the failure itself ("except for 3 that still fail")
_FEW_ITEMS = re.compile(r"\W*(?:except|apart from|aside from|other than|save for)(?:\s+for)?\s+the\s+(?:[\w-]+\s+){0,2}ones?\b",
                        re.I)
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


def _segment_reason(g, plain, roles, questions=True):
    """Why a segment (the sentence up to a "but", ";", 但是; as ``plain`` gives it) asserts
    nothing: a question, an instruction, a hedge, a relay. ``roles``: those the sentence has;
    ``questions``: whether question marks and words count (False when they ask of other clauses)."""
    plain = plain.strip()
    if "(" in plain:
        plain = _ABOUT_THE_SKIPPED.sub(" ", plain)
    if questions and ("?" in plain or (claims_grammar.has_cjk(plain) and g.zh.question.search(plain))):
        return "question"
    for role, reason in (("instruction", "instruction"), ("hedge", "hedged"), ("relay", "relayed")):
        if role in roles and lexicon.search(role, plain):
            return reason
    return None


def _is_frame(rest):
    """What follows a relay opening a clause is only its source ("Per [the CI log],", "据 [reviewer
    说]，"): at most three words or four Chinese characters."""
    return len(re.findall(r"[A-Za-z0-9_]+", rest)) <= 3 and len(re.findall(u"[\u3400-\u9fff]", rest)) <= 4


# a question asking back about what was just said ("，对吧？", "，是吗？"), or the other half of an
# alternative question ("测试是全部通过了，还是只过了一部分？")
_TAG_QUESTION = re.compile(u"^[\\s\uff0c,]*(?:(?:\u5bf9\u5417|\u5bf9\u5427|\u662f\u5417|\u662f\u5427|\u5bf9\u4e0d\u5bf9|\u662f\u4e0d\u662f"
                           u"|\u6ca1\u9519\u5427|\u5427)[\\s\uff1f?\u3002]*$|\u8fd8\u662f|\u6216\u8005|\u6216\u662f)")
# a question a dash opens, of four words or more, not the other half of an alternative ("— or not?")
_OWN_QUESTION = re.compile(u"^\\s*[\u2014\u2013]\\s*(?!or\\b)(?:[\\w'`.-]+[\\s,]+){3,}", re.I)
_ASKS = re.compile(r"^\W*(?:do|does|did|is|are|was|were|has|have|can|could|should|would|will|shall)\b", re.I)
_REASON = re.compile(r"(?:^\W*|\s)(?:because|since|'?cause)\s", re.I)
_DISBELIEF = re.compile(r"\b(?:didn't|did not|couldn't|could not)\s+(?:quite\s+|really\s+)?$", re.I)
# a negated verb phrase that "and" coordinates with the claim's predicate after it: its negation and
# its modal words are its own ("The existing tests didn't need changes and still pass")
_NEGATED_FIRST_VERB = re.compile(
    r"\b(?:didn't|did not|doesn't|does not|don't|do not|never)\s+(?:[\w`'-]+\s+){1,4}?(?=and\s+(?:(?:still|also|now|all"
    r"|both|just)\s+)?(?:pass(?:es)?|are|is|compiles?|builds?|works?|succeeds?|type-?checks?|lints?)\b)", re.I)
class Meaning(object):
    """Polarity, tense and modality of one sentence, decided per clause (see ``clauses``)."""

    def __init__(self, g, s, mentions, span=None):
        self.g, self.s, self.mentions = g, s, mentions
        self.span = span or (lambda index: ("c", "", None, None, None))
        self.plain = plain(g, s)
        self.cjk = claims_grammar.has_cjk(s)
        self._clauses = None
        self._starts = None
        self._memo = {}
        self._held = None       # the roles whose stems the plain text holds (lexicon.roles_held), False if unknown

    def has(self, role):
        """Whether the sentence has the role at all: a clause can only have what its sentence
        has, unless the role has entries anchored at a clause start ("^Run ..."), which are
        always looked for."""
        if self._held is None:
            held = lexicon.roles_held(self.plain)
            self._held = False if held is None else held
        if self._held is False or role in self._held:
            return self._cached(("has", role), lambda: lexicon.anchored(role) or bool(lexicon.search(role, self.plain)))
        return lexicon.anchored(role)

    def _cached(self, key, compute):
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def qualifies(self, qualifiers, cand):
        """Whether the sentence's qualifiers ("except", "除了", "没跑 X") qualify ``cand``. A
        qualifier qualifies the claims of the checks its clause names ("编译通过，但是没有跑测试"
        leaves the build claim whole); in a clause that names none ("..., except the flaky one;"),
        those of the clause before it, else after it; only where no clause near names a check,
        every claim of the sentence. A qualified claim is reported, never blocked, so a qualifier
        must not reach the claim of a check it does not speak about."""
        if not qualifiers:
            return False
        found = self._cached(("qualifiers",), lambda: self._qualified(qualifiers))
        return "*" in found or cand["category"] in found

    def _qualified(self, qualifiers):
        parts = self.clauses()
        starts = [part.lo for part in parts]
        found = set()
        for pattern in qualifiers:
            for m in pattern.finditer(self.s):
                index = clauses.index_at(starts, m.start())
                near = [self.categories(i) for i in (index, index - 1, index + 1) if 0 <= i < len(parts)]
                found |= next((named for named in near if named), {"*"})
        return found

    def clauses(self):
        if self._clauses is None:
            self._clauses = claims_marks.items(self.g, self.s, clauses.split(self.s))
        return self._clauses

    def _marked_item_fails(self, index, mine):
        """Clause ``index`` is an item of a row of status marks ("🟢 unit 🔴 e2e", "| lint | ✅ |
        tests | ❌ |") that a failure mark gives to a check it names, other than the one the claim's
        item ``mine`` names: that item fails, not the others of the row."""
        part = self.clauses()[index]
        if not (part.marked and claims_marks.FAIL_MARK.search(self.s[part.lo:part.hi])):
            return False
        theirs = self._named(index)
        if not theirs:
            # "✅ tests ❌ docs deploy (not run)": an item naming something no check is still another
            # item; "✅ 40 passed ❌ 1 failed" names nothing but its count
            rest = lexicon.sub("failure", " ", claims_marks.NOTE.sub(" ", self.masked(self.clause(index))), "en")
            return bool(re.search(u"[A-Za-z]{3,}|[\u3400-\u9fff]", rest))
        return not theirs & self._named(mine)

    def _item_of_a_relayed_list(self, index):
        """The clause is an item of a list a relayed lead-in opens with a colon, the items joined by
        ";" alone: the lead-in's source is every item's."""
        plain, lo = self.plain, self.clauses()[index].lo
        colon = plain.rfind(":", 0, lo)
        items = plain[colon + 1:lo + 1]     # (the clause may start at its own ";")
        return colon > 0 and ";" in items and not re.search(r"[.!?]\s|\b(?:but|however|while|whereas|though)\b", items) \
            and _segment_reason(self.g, plain[:colon], ["relay"]) == "relayed"

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
        asks = not (why == "question" and self._asks_another_clause(segment, index, cand["category"]))
        if not asks:
            why = _segment_reason(g, self.segment(segment), [r for r in ("instruction", "hedge", "relay") if self.has(r)],
                                  questions=False)
        if why == "hedged" and (self._hedges_another_predicate(segment, index, cand["category"])
                                or self._hedges_an_aside(segment, index)):
            # "CI should be green now, all tests pass locally": the hedge is the other clause's; a
            # relay up to the claim still holds ("你说 lint 在你那边 pass 了，那应该是…")
            why = _segment_reason(g, self.leading(segment, index), ["relay"] if self.has("relay") else [], asks)
        if why == "instruction" and self._asks_of_something_after(segment, index):
            # "`npm test` 也全部 pass，请再确认一下 UI": the request follows the claim and is its own
            why = _segment_reason(g, self.leading(segment, index), [r for r in ("hedge", "relay") if self.has(r)], asks)
        report = self._report_after_advice(segment, index) if why == "instruction" else None
        if report is not None:
            # "I'd run `make check` before you tag — I only ran the unit tests, and those passed"
            why = _segment_reason(g, self.plain[self.clauses()[report].lo:self.clauses()[index].hi],
                                  [r for r in ("hedge", "relay") if self.has(r)], asks)
        if why is None and self.has("relay") and self._item_of_a_relayed_list(index):
            why = "relayed"     # "... reflect the CI results: build succeeded; 2,140 tests passed"
        if why == "relayed" and self._own_run(index):
            why = None      # "CI 上 lint 之前一直失败，本地 `eslint` 零报错": the relay is the other clause's
        if why == "relayed" and self._relays_after_are_their_own(segment, index, cand["category"]):
            why = _segment_reason(g, self.leading(segment, index), ["relay"], asks)
        if why == "relayed" and self._relays_before_tell_their_own(segment, index):
            why = None
        if why == "relayed" and claims_sources.own_output_only(self.s, self.plain, self.clauses(), segment):
            why = None      # "Per the stats from `npm run build`, ...": the agent's own run is the source
        if why:
            return why
        clause = claims_own_words.words(g, s, cand, self.plain)
        if "n't" in clause or " not " in clause or "never" in clause:
            clause = _NEGATED_FIRST_VERB.sub(" ", clause)     # "didn't need changes and still pass"
        if parts[index].marked:
            # an item of a row of marks ends at the next mark: "🟢 lint  🔴 e2e (can't launch)"
            clause = self.plain[parts[clauses.index_at(self._starts, cand["span"][0])].lo:parts[index].hi]
        why = claims_own_words.reason(claims_own_words.without_asides_after(clause, self.plain, cand),
                                      ["future"] if self.has("future") else []) \
            or claims_own_words.reason(clause, ["conditional"] if self.has("conditional") else [])
        if why:
            return why
        if self.has("description") and claims_descriptions.described(self, cand, index):
            return "description"    # "I wrote a test that checks the build succeeds": the test's object
        if index and parts[index - 1].segment == segment and self.has("conditional") and clauses.governed(
                [self.clause(i) for i in range(index + 1)], [p.segment for p in parts[:index + 1]]):
            return "conditional"    # "As long as DATABASE_URL is set, the integration tests pass"
        taken_back = self.cjk and self.has("retraction") and next(
            (self.clause(i) for i in range(index + 1, len(parts)) if lexicon.search("retraction", self.clause(i), "zh")), None)
        if taken_back:
            # "测试是过了，不过那是重构之前的结果": a later clause takes it back, or says it was before
            return "past" if lexicon.search("past", taken_back) else "retracted"
        if self.past(segment, index):
            # "passed on the first run, but I haven't rerun it": the sentence says it is stale
            return "disclosed-stale" if clauses.discloses_stale(self.plain) else "past"
        own = claims_own_words.without_asides_after(clause, self.plain, cand, claims_own_words.TOLD_ASIDE)
        if self.failure(index) or self.negated(index) or claims_own_words.negated(g, own):
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
        if failures and self.has("present") and lexicon.search("present", self.segment(parts[index].segment)):
            # "3 tests failed; now all 45 pass": said as now, the claim is the last word on its check
            failures = set(i for i in failures if i > index or parts[i].segment == parts[index].segment
                           or lexicon.search("present", self.clause(i)))
        others = set(i for i in failures if self._marked_item_fails(i, index))
        if others & by_category.get(cand["category"], set()):
            cand["scope"] = "subset"    # "🟢 unit 🔴 e2e": another item of the claim's check fails
        failures -= others
        if failures and _ON_A_RERUN.search(self.clause(index)):
            # "`ws.test.ts` failed once, passed on rerun": the rerun is the last word; a flaky pass is qualified
            failures = set(i for i in failures if i > index)
            cand["qualified"] = True
        cause = failures and _ONLY_BECAUSE.search(self.plain, parts[index].hi)
        if cause:
            # "The build passes, but only because I commented out the `generateProto` step \u2014 it fails
            # on the missing `protoc`": a failure told after the cause is the cause's (the claim is qualified)
            failures = set(i for i in failures if parts[i].hi <= cause.start())
        if failures and _OTHERWISE.match(self.clause(index)):
            # "Lint: 2 warnings in vendor/, otherwise clean": what came before "otherwise" is its exception
            failures = set(i for i in failures if i > index or parts[i].segment != parts[index].segment)
            cand["qualified"] = True
            if not failures:
                return None
        if failures and self._most(index) and not self._concedes(parts[index].segment) \
                and not any(self._names_whole(i, cand["category"]) for i in failures):
            # "Most tests pass; 3 fail on Windows", "大部分测试都通过了，只有 X 失败": the failures are what
            # "most" leaves out, a qualified claim
            cand["qualified"] = True
            return None
        if self.rest(index):
            # "everything else passes (411 passed, 1 failed)": the tally after the rest is its own count
            failures = set(i for i in failures if not (i > index and _TALLY.search(self.clause(i - 1) + self.clause(i))))
        before, after = [i for i in failures if i < index], [i for i in failures if i > index]
        if failures and self.rest(index) and (not before or self._failure_names_an_item(min(before), index)) \
                and (not after or self._failure_names_an_item(max(after), index)):
            return None     # "`test_x` fails; the rest pass": the failure is the exception of the rest
        if failures and self._other_parts_fail(index, failures):
            cand["scope"] = "subset"    # "`mypy src/` is clean, though `mypy tests/` has 6 errors": a part passes
            return None
        return "negated" if failures else None

    def _asks_another_clause(self, segment, index, category):
        """In Chinese, the segment's question words and marks (有没有, 是不是, 吗, ？) stand only in
        other clauses than ``index``, none naming ``category`` nor a tag asking back (对吧？): they
        ask of those clauses ("测试全部通过，要不要我顺便把 lint 也修一下？", "我不太确定运行时有没有
        问题，8 个测试都过了")."""
        if not self.cjk:
            return self._asks_after_a_dash(segment, index, category)
        asking = [i for i, part in enumerate(self.clauses())
                  if part.segment == segment and ("?" in self.clause(i) or self.g.zh.question.search(self.clause(i)))]
        return bool(asking) and all(i != index and category not in self.categories(i)
                                    and not _TAG_QUESTION.match(self.clause(i)) for i in asking)

    def _asks_after_a_dash(self, segment, index, category):
        """In English, the segment's question marks stand only in clauses after ``index`` that a
        dash opens, each a question of its own (four words or more, not "or ...", naming no check of
        ``category``): "Tests pass, build works — do you want me to bump the version too?"."""
        parts = self.clauses()
        asking = [i for i, part in enumerate(parts) if part.segment == segment and "?" in self.clause(i)]
        if not asking or _ASKS.match(self.leading(segment, index)):
            return False    # "Do the tests pass — I couldn't tell from the log?"
        for i in asking:
            opened = next((j for j in range(i, index, -1) if _OWN_QUESTION.match(self.clause(j))), None)
            if opened is None or any(category in self.categories(j) for j in range(opened, i + 1)):
                return False
        return True

    def _other_parts_fail(self, index, failures):
        """The claim's clause names the part it speaks of ("for the library target", `mypy src/`,
        前端, `api` 和 `shared`) and every failing clause (with the rest of its segment) names
        another part, none of the claim's: the failures are of other parts, not of the claim's."""
        mine = self._named_parts(self.s[self.clauses()[index].lo:self.clauses()[index].hi])
        # (or, naming none, the runner it ran: "`cargo test` passes, but `pytest` has 1 failure")
        named = self._named_parts if mine else self._runners
        mine = mine or self._runners(self.s[self.clauses()[index].lo:self.clauses()[index].hi])
        if not mine:
            return False
        parts = self.clauses()
        for failure in failures:
            text = self.s[parts[failure].lo:parts[failure].hi]
            whole = named(clauses.segment_text(self.s, parts, parts[failure].segment))
            if re.search(r"\bsgi\d+x\b|\b(?:it|they|them|its|their)\b|\u5b83", text, re.I):
                # a failing test, or "it fails": the claim's own, unless its segment names another part
                # ("Not all of the integration tests pass \u2014 `test_x` times out \u2014 but the unit suite is green")
                theirs = whole & claims_parts.TEST_KINDS
                if not theirs or parts[failure].segment == parts[index].segment:
                    return False
            else:
                theirs = named(text) or whole
            if not theirs or any(a in b or b in a for a in theirs for b in mine):
                return False
        return True

    def _named_parts(self, text):
        return claims_parts.named(text, self.span)

    def _runners(self, text):
        """The runners of the commands ``text`` holds ("cargo test", "pytest")."""
        return set(self.span(int(n))[3] or "" for n in _HELD_RUN.findall(text)) - {""}

    def _own_run(self, index):
        """The clause, or one between it and the last relay before it, says the result is the
        agent's own ("locally", 本地, "你提到测试都过了，我这边也验证了一遍，确实全部通过"), none of them
        holds a relay, and no clause before frames the segment as someone else's ("Per the CI
        log, ...", "据 reviewer 说，..."): a frame is a clause that opens with its relay and states
        nothing of its own. A relay that states something ("CI 上的 lint 任务一直是红的") is about CI."""
        if not self.has("own") or lexicon.search("relay", _FAILED_AT.sub(" ", self.clause(index))):
            return False    # (where a failure was is no source: "the test that failed on CI now passes locally")
        segment = self.clauses()[index].segment
        first = index
        while first and self.clauses()[first - 1].segment == segment \
                and not lexicon.search("relay", self.clause(first - 1)):
            first -= 1
        if not any(lexicon.search("own", self.clause(i)) for i in range(first, index + 1)):
            return False
        for i in range(index):
            if self.clauses()[i].segment != segment:
                continue
            other = self.clause(i)
            relay = lexicon.search("relay", other)
            if relay and not other[:relay.start()].strip(u" ,;:-*_([\u2014\uff0c\uff1a") \
                    and _is_frame(other[relay.end():]) and not self._states_something(other[relay.end():]):
                return False
        return True

    def _states_something(self, text):
        """Chinese words after a relay that state something of the source's own ("CI 还没跑完",
        "reviewer 说 lint 有问题"): a negation, a failure, a predicate or a check it names; such a
        clause is no frame for what follows."""
        return self.cjk and bool(lexicon.search("negator", text, "zh") or lexicon.search("failure", text)
                                 or self.g.zh.predicate.search(text) or any(True for _ in self.g.zh.subjects(text)))

    def _relays_after_are_their_own(self, segment, index, category):
        """Every relay of the segment stands in a clause after the claim's that says something of
        its own. In Chinese: the agent's own check, a condition, a question, a pass of its own or
        the source's own state ("测试全部通过，我这边也在 CI 上确认了", "…，如果你那边有问题，告诉我",
        "…，CI 上也是绿的", "…，CI 上那个 job 还没跑", "…，Xcode Cloud 目前还 pending"). In English: a
        skip there, or a failure of another check it names than the claim's ``category`` ("builds cleanly —
        12 failures in `test_i18n.py` that were already failing on main", "(except `a.test.ts`,
        which is skipped in CI anyway)"); the claim's own check failing there is its failure. A bare source after
        the claim ("，这是同事说的", "，据 CI 显示", "— confirmed on CI") still relays it."""
        relaying = [i for i, part in enumerate(self.clauses())
                    if part.segment == segment and lexicon.search("relay", self.clause(i))]
        if not self.cjk:
            return bool(relaying) and all(i > index and (_SKIPPED_THERE.search(self.clause(i)) or claims_sources.EDITED_THERE.search(self.clause(i))
                                                         or (lexicon.search("failure", self.clause(i)) and self.categories(i) - {category}))
                                          for i in relaying)
        for i in relaying:
            text = self.clause(i)
            if i <= index or not (lexicon.search("own", text) or lexicon.search("conditional", text)
                                  or self.g.zh.question.search(text) or self.g.zh.predicate.search(text)
                                  or _SOURCE_STATE.search(text)
                                  or self._states_something(text[lexicon.search("relay", text).end():])):
                return False
        return bool(relaying)

    def _relays_before_tell_their_own(self, segment, index):
        """In English, every relay of the segment stands in a clause before the claim's and tells a
        failure or a negation of its own ("Unlike my earlier message saying it failed, the build now
        succeeds"): what it relays is in its clause, no frame for the claim after it."""
        if self.cjk:
            return False
        relaying = [i for i, part in enumerate(self.clauses())
                    if part.segment == segment and lexicon.search("relay", self.clause(i))]
        for i in relaying:
            # (before the relay too: "I couldn't reproduce the failure you saw \u2014 `yarn build` succeeds")
            told = self.clause(i)
            if i >= index or not (lexicon.search("failure", told) or lexicon.search("negator", told, "en")
                                  or re.search(r"\botherwise\b", told, re.I)):
                return False
        return bool(relaying)

    def _failure_names_an_item(self, failure, rest):
        """Whether the text from a failure clause (the farthest on its side) to the clause of
        "the rest" names what fails (a test, a file, code; not a runner): "`test_upload` times
        out; the rest pass", not "two tests still fail, the rest pass"."""
        parts = self.clauses()
        lo, hi = (parts[failure].lo, parts[rest].lo) if failure < rest else (parts[rest].hi, parts[failure].hi)
        return bool(re.search(r"\bsg[ic]\d+x\b|\b\w+\.\w{1,4}\b|\w/\w", self.s[lo:hi]))

    def _report_after_advice(self, segment, index):
        """The clause at or before ``index`` where the agent starts telling its own run ("— I only
        ran the unit tests"), when every instruction of the segment stands before it: the advice
        is the user's to follow, the report after it the agent's. None otherwise."""
        parts = self.clauses()
        report = next((i for i in range(index, -1, -1) if parts[i].segment == segment
                       and _OWN_REPORT.match(self.clause(i))), None)
        if report is None and index and _AFTER_A_COLON.match(self.clause(index)) \
                and _GO_AHEAD.search(self.s, parts[index - 1].lo, parts[index - 1].hi):
            report = index      # "You can merge it: tests are passing": the go-ahead, then why it is given
        if report is None or not report or parts[report - 1].segment != segment:
            return None
        advised = [i for i, part in enumerate(parts) if part.segment == segment
                   and lexicon.search("instruction", self.clause(i))]
        return report if advised and max(advised) < report else None

    def _asks_of_something_after(self, segment, index):
        """Every instruction of the segment is a request opening a clause after ``index``
        ("..., please double-check the UI", "，请再确认一下 UI"); one that conditions the claim
        ("after you rebuild", "make sure to ...") or comes before it does not let it stand."""
        asked = False
        for i, part in enumerate(self.clauses()):
            if part.segment != segment or not lexicon.search("instruction", self.clause(i)):
                continue
            if i <= index or not _REQUEST.match(self.clause(i)):
                return False
            asked = True
        return asked

    def _hedges_another_predicate(self, segment, index, category):
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
            if (i > index or zh_hedge and i < index) and self._a_consequence(i, hedges, zh_hedge, category):
                # "零失败，之前的竞态问题应该是修好了", "估计是 CI 缓存的问题，本地测试是过的": the hedge
                # is the race's or the cause's, not the tests'
                continue
            if i < index and not zh_hedge and self._a_belief_before(i, index, text):
                continue
            if zh_hedge or i == index or any(h not in en_lexicon.CLAUSE_HEDGES for h in hedges) \
                    or not claims_en.predicates(self.g, text) or self._elaborates(i, index):
                return False
        return True

    def _a_consequence(self, index, hedges, zh_hedge, category):
        """Clause ``index`` (after the claim's, or a Chinese one before it) hedges a proposition of
        its own (should, might, 应该, 估计, 我觉得): it names no check and has words of its own
        beyond the modal (in Chinese: after its last hedge; a frame like "看起来，" has none). A
        Chinese hedge on other checks than the claim's ``category`` is theirs ("lint 过没过我不确定，
        测试全部通过")."""
        named = self.categories(index)
        if zh_hedge and named and category not in named:
            return True
        if zh_hedge and named and _HEDGED_CAUSE.search(self.clause(index)) \
                and not self.g.zh.predicate.search(self.clause(index)):
            # "`test_upload` 估计是 flaky，重跑就过了": a guess at what the check is (is X), no result
            return True
        text = self.clause(index)
        reason = not zh_hedge and _REASON.search(text)
        if reason and not any(x.get("category") and self.clauses()[index].lo + reason.start() <= x["start"]
                              < self.clauses()[index].hi for x in self.mentions):
            # a reason after the claim hedges only itself when it says something past its hedge ("...,
            # because I think the fixture was the problem") or disbelieved then ("because I didn't believe it")
            last = list(lexicon.compiled("hedge", "en").finditer(text))[-1]
            if last.start() > reason.start() and (len(re.findall(r"[A-Za-z0-9_']+", text[last.end():])) >= 2
                                                  or _DISBELIEF.search(text, 0, last.start())):
                return True
        if any(h not in en_lexicon.CLAUSE_HEDGES for h in hedges) or named:
            return False
        text = self.clause(index)
        if zh_hedge:
            # a frame says nothing after its hedge ("从日志上看起来，测试都过了" is hedged)
            after = text[list(lexicon.compiled("hedge", "zh").finditer(text))[-1].end():]
            if len(re.findall(u"[A-Za-z0-9_]+|[\u3400-\u9fff]", after)) < 2:
                return False
            if _COPULA.match(after) and not self.g.zh.predicate.search(after) or _TIME_LEFT.match(after):
                # "只剩一个警告，我认为是误报": a judgement of what something is; "测试还在跑，估计还要几分钟":
                # a guess at how long
                return True
            text = lexicon.sub("hedge", " ", text, "zh")
        words = [w for w in re.findall(r"[A-Za-z0-9_']+", text) if w.lower() not in en_lexicon.CLAUSE_HEDGES]
        return len(words) + len(re.findall(u"[\u3400-\u9fff]", text)) // 2 >= 3

    def _a_belief_before(self, hedged, index, text):
        """Clause ``hedged`` is a belief of its own before the claim ("I believe this resolves the
        flake — the suite passed 10/10 times"): it names no check, states no result, has three words
        or more after its hedge, and only dash clauses follow it up to the claim's (the evidence)."""
        after = text[list(lexicon.compiled("hedge", "en").finditer(text))[-1].end():]
        return not self.categories(hedged) and not claims_en.predicates(self.g, text) \
            and len(re.findall(r"[A-Za-z0-9_']+", after)) >= 3 and self._elaborates(hedged, index)

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

    def _most(self, index):
        """The clause says most of a check passes ("most of the suite", "almost all", 大部分); it
        leaves out failures that name no whole of its check (not "虽然大部分用例过了，但测试整体还是失败")."""
        return bool(_MOST.search(self.clause(index)))

    def _names_whole(self, index, category):
        """Clause ``index`` names ``category`` by more than a single test or a narrowed run."""
        part = self.clauses()[index]
        return any(x.get("category") == category and part.lo <= x["start"] < part.hi
                   and not (x["kind"] == "testid" or x.get("scope") == "subset") for x in self.mentions)

    def rest(self, index):
        """The clause speaks of what a failure leaves out ("the rest pass", 其他都通过了)."""
        return self.has("rest") and self._cached(("rest", index), lambda: bool(lexicon.search("rest", self.clause(index))))

    def negating(self):
        """The clauses whose failure reaches other clauses: (those naming nothing, {category:
        those naming it}); a past failure reaches none, nor does one inside an exception that names
        what it leaves out ("612 examples, 0 failures, except `export_spec.rb`, which times out"):
        that only qualifies. An exception of bare failures ("except for two failures") negates.
        A failure someone else reports ("but CI says `TestUpload` fails") is theirs: it does not
        reach the agent's own claims in other segments. A failure naming nothing in a concession
        ("尽管有 3 个警告，构建还是成功了", "Although there are warnings, the build succeeds") is
        conceded: the main clause holds despite it."""
        unnamed, by_category = set(), {}
        parts = self.clauses()
        for index, part in enumerate(parts):
            if part.exception and self._names_an_item(part.segment):
                continue
            if self._left_unrun(index):
                continue        # "I didn't lint the rest (hundreds of legacy errors there)": not the run's
            if self.failure(index) and not self.past(part.segment, index) and not self._relayed(part.segment) \
                    and not self._superseded(index):
                named = self.categories(index)
                if part.marked and index and parts[index - 1].marked and self.failure(index - 1) \
                        and not claims_marks.PASS_MARK.search(self.clause(index)) and not claims_marks.FAIL_MARK.search(self.clause(index)):
                    # "`npm run lint` ❌ 2 errors about unused vars in test files": the note after a
                    # failed item's mark is that item's, whatever it mentions
                    named = self.categories(index - 1) or named
                if not named and not _pronoun_fails(self.clause(index)):
                    # "compiles, but I'm seeing a segfault when running the binary", "compile 是 OK 的，
                    # runtime 还有个 panic": a runtime failure is the tests', not the check named before
                    # it in the segment ("it crashes" is the claim subject's own)
                    named = lexicon.limits("failure", self.masked(self.clause(index))) \
                        or (self.cjk and _AT_RUN_TIME.search(self.clause(index)) and {"test"}) or set()
                named = named or (not part.marked and self._segment_names(index)) or set()
                if not named and not self._concedes(part.segment):
                    unnamed.add(index)
                for category in named:
                    by_category.setdefault(category, set()).add(index)
        return unnamed, by_category

    def _left_unrun(self, index):
        """Clause ``index`` says the rest was not run ("I didn't lint the rest of the repo",
        "其他的我没跑"), or is a bracketed note right after such a clause: a failure there is
        in what the agent left out of its run, which the claim's scope already leaves out."""
        if _REST_NOT_RUN.search(self.clause(index)):
            return True
        parts = self.clauses()
        return bool(index and parts[index - 1].segment == parts[index].segment
                    and self.clause(index).lstrip()[:1] in u"(\uff08" and _REST_NOT_RUN.search(self.clause(index - 1)))

    def _segment_names(self, index):
        """The checks the clauses before ``index`` in its segment name: a failure that names none
        is theirs ("mypy is happy; pytest isn't — 5 failures in the fixtures module": the
        failures are pytest's), not the other segments'."""
        parts = self.clauses()
        named = set()
        for i in range(index - 1, -1, -1):
            if parts[i].segment != parts[index].segment:
                break
            named = self.categories(i)
            if named:
                break
        return named

    def _superseded(self, index):
        """A failure stated in the past tense ("There were 3 failing tests", "lint had 12
        warnings") that a later clause of the sentence says is over ("now all 120 pass"): the
        failure was before now; so is one the clause right after it says was fixed ("one error,
        which I fixed"). In Chinese, which marks no tense on the failure, the later clause
        must say what passes now ("编译报错，已修复，现在编译通过", "有一个失败，重跑后通过了")."""
        if index + 1 < len(self.clauses()) and _FIXED_AFTER.match(self.clause(index + 1)):
            return True     # "eslint gave me one error (...), which I fixed; rerunning it came back clean"
        if not self.has("present"):
            return False
        later = range(index + 1, len(self.clauses()))
        if _PAST_STATE.search(self.clause(index)):
            return any(lexicon.search("present", self.clause(i)) for i in later)
        return self.cjk and any(lexicon.search("present", self.clause(i), "zh") and not self.failure(i)
                                and self.g.zh.predicate.search(self.clause(i)) for i in later)

    def _relayed(self, segment):
        return self.has("relay") and bool(lexicon.search("relay", self.segment(segment)))

    def _concedes(self, segment):
        """The segment is a concession an opener starts ("虽然…", "尽管…", "although …")."""
        words = re.findall(u"[a-z]+|[\u3400-\u9fff]{2}", self.segment(segment).lower()[:12])
        return bool(words) and words[0] in lexicon.OPENERS

    def _names_an_item(self, segment):
        """Whether an exception segment names what it leaves out (code, a test, a file, a subject)."""
        parts = self.clauses()
        inside = [p for p in parts if p.segment == segment]
        lo, hi = inside[0].lo, inside[-1].hi
        return bool(re.search(r"\bsg[tylbic]\d+x\b|\b\w+\.\w{1,4}\b|/", self.s[lo:hi])) \
            or any(x.get("category") and lo <= x["start"] < hi for x in self.mentions) \
            or bool(_LOCATED.search(self.s, lo, hi) or _FEW_ITEMS.match(self.s, lo, hi))

    def segment(self, segment):
        return clauses.segment_text(self.plain, self.clauses(), segment)

    def masked(self, text):
        """``text`` without code, runner names and clean phrases ("no failures", 没有报错); once
        per text (a clause is read for its tense and for its failures)."""
        return self._cached(("masked", text), lambda: self._mask(text))

    def _mask(self, text):
        masked = self.g.clean_phrases.sub(" ", _SKIPPED_ASIDE.sub(" ", text) if "(" in text else text)
        if "ed " in masked:
            masked = _STAGED_FAILURE.sub(" ", masked)     # "by replaying an event with a forced exception"
        if claims_grammar.has_cjk(masked):
            masked = self.g.zh.mask(lexicon.sub("state", " ", masked, "zh"))   # 没毛病 negates nothing
        return masked

    def past(self, segment, index):
        """A past result: the clause, or its segment up to the clause, is marked past and not
        present (a past marker leads what follows it: "Before the fix, 3 tests failed"; a later
        clause's "之前那个失败" says nothing of "这次 0 failed")."""
        if not self.has("past"):
            return False
        return self._is_past(self.clause(index)) or self._is_past(self.leading(segment, index)) \
            or self._dated_after(segment, index)

    def _dated_after(self, segment, index):
        """The clause after the claim's, in its segment, only dates it (``clauses.dates_before``)."""
        after = index + 1
        if self.cjk or after >= len(self.clauses()) or self.clauses()[after].segment != segment:
            return False
        return clauses.dates_before(self.clause(after), self.masked(self.clause(after))) \
            and not (self.categories(after) or self.failure(after))

    def _is_past(self, text):
        """``clauses.is_past`` of ``text`` masked, once per text (a segment's first clause is
        also its lead)."""
        return self._cached(("past", text), lambda: clauses.is_past(self.masked(text)))

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
        """A Chinese negator in a clause (没通过, 不是所有), not one saying the rest was not run
        ("终于绿了 😄 其他的我没跑"); English ones are read on the claim's own words (``claims_own_words.negated``)."""
        return self.cjk and self._cached(("negated", index), lambda: bool(
            lexicon.search("negator", _REST_NOT_RUN.sub(" ", self.masked(self.clause(index))), "zh")))

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


# where a failure happened ("the test that failed on CI"): a place, not the source of the result
_FAILED_AT = re.compile(r"\b(?:failed|failing|fails|broke|broken|flaked|flaky|errored|timed out|was red)\s+"
                        r"(?:(?:earlier|before|previously)\s+)?(?:on|in)\s+(?:the\s+)?ci\b", re.I)
