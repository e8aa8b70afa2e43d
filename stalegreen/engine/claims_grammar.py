# -*- coding: utf-8 -*-
"""The claims grammar's patterns: subjects ("tests", "tsc", `npm test`), predicates ("pass",
"is clean", "no errors from"), structure (lists, plans, sentence and clause ends) and the word
tests that keep reading a long message cheap (``claimish``; ``claims_scan``).

Everything here is compiled on first use (``grammar()``); the Chinese vocabulary (``claims_zh``)
hangs off it. How an English sentence is read with these patterns is ``claims_en``.
"""

import re

from stalegreen.engine import claims_scan, hant, lexicon, prefilter
from stalegreen.engine.claims_scan import Filter as _Filter, words_of
from stalegreen.engine.claims_starts import (
    BUILT_PLURALS, PLURAL_BUILDABLES, PREDICATE_STARTS, SUBJECT_STARTS, TEST_FRAMEWORK_NAMES, TEST_FRAMEWORKS,
)
from stalegreen.engine.lazyregex import LazyRegex
from stalegreen.engine.lexicon import commands

CLAIM_WORDS = prefilter.CLAIM_WORDS
CATEGORIES = ("test", "typecheck", "lint", "build")
CATEGORY_LETTER = {"test": "t", "typecheck": "y", "lint": "l", "build": "b"}     # of a placeholder ("sgt3x")
LOOKBACK = 120    # characters looked at around a match (keeps very long sentences linear)

_GRAMMAR = None

def claimish(text):
    """Whether ``text`` has any word a claim needs: ``prefilter.might_claim`` (one word list,
    ``prefilter.CLAIM_WORDS``). The reader asks this of every sentence: after a few dozen asks
    (a long message, a benchmark) it becomes one pattern search instead of a substring test per
    word; a hook process reading a short message never pays for compiling that pattern.
    tests/engine/test_claims_structure.py checks the two agree."""
    if not text:
        return False
    state = _CLAIM_WORD
    if state[0] is not prefilter.CLAIM_WORDS:
        state[:] = [prefilter.CLAIM_WORDS, None, 0, None]
    if state[1] is None:
        state[2] += 1
        if state[2] <= CLAIM_WORDS_COMPILE_AFTER:
            return prefilter.might_claim(text)
        space = u"[ %s]" % re.escape(prefilter.QUOTE_MARKS)     # a quotation mark reads as a space
        # an ASCII sentence (most of them) is searched for the ASCII words only: the Chinese ones
        # make the pattern's first-character test slower. Both are stored once both are compiled:
        # a worker's deadline firing in between must not leave one of them missing for good
        ascii_words = re.compile(lexicon.trie_pattern([w for w in prefilter.CLAIM_WORDS if w.isascii()], space))
        state[3], state[1] = ascii_words, re.compile(lexicon.trie_pattern(prefilter.CLAIM_WORDS, space))
    low = text.lower()
    if not low.isascii():
        low = hant.simplified(low)      # as might_claim: traditional characters read as simplified
    if (state[3] if low.isascii() else state[1]).search(low):
        return True
    # a count ("41/41", "3 of 3"): a digit and a "/" or "of" somewhere
    return ("/" in low or "of" in low) and (any(d in low for d in "0123456789")
                                            or (not low.isascii() and any(c.isdecimal() for c in low)))


# Uses before a word list becomes one pattern, about what compiling it costs (a hook process never compiles it)
CLAIM_WORDS_COMPILE_AFTER = 1000
_CLAIM_WORD = [None, None, 0, None]     # the word list, its pattern once compiled, the uses before that, its ASCII words' pattern


_SENTENCE_END = u"(?<=[.!?*_])(?:(?<=[.!?])|(?<=[.!?][*_])|(?<=[.!?][*_][*_]))(?<!/\\.\\.\\.)(?!(?<= \\.)(?<!\\dx \\.)\\s+(?!sg[a-z]\\d)[a-z])\\s+(?=\\S)|(?<=[\u3002\uff01\uff1f])"
CHEERS = u"\U0001f389\U0001f38a\U0001f973\U0001f64c\U0001f680\u2728\U0001f4aa"     # cheering emoji: each ends its sentence


def has_cjk(text):
    return bool(text) and not text.isascii() and max(text) >= u"\u3400"     # isascii(): no scan of ASCII text


# right after a run verb and a determiner (a lookbehind each: the scan starts at the noun)
_RAN_FILE = "(?:%s)" % "|".join(r"(?<=\b%s %s)" % (verb, det) for verb in ("ran", "reran", "re-ran", "executed")
                                for det in ("", "the ", "that ", "this ", "each ", "both ", "those ", "these "))


# a gerund build subject naming one part ("Building that project", "Building `Domain`"): a build of that part
GERUND_PART = re.compile(r"^\W*(?:re-?)?building\s+(?:(?:that|this|each|only)\b|(?:the\s+)?sgc\d+x)", re.I)


# only code in brackets between a subject and its predicate: what it ran on ("... (`src/*.cpp`) reports no warnings")
CODE_ASIDE = re.compile(r"\(\s*sgc\d+x(?:\s*(?:,|&|\band\b)\s*sgc\d+x)*\s*\)")


# plain code (no verification command) alone before a predicate, its subject ("`make lib cli` builds fine")
CODE_OPENS = re.compile(r"^\W*sgc\d+x\s*$")


# what stands between a run and the parenthesis listing its parts: a noun or two ("default task", "session")
# a counted few of the tests an exception names ("except the one test I skipped", "except a flaky test")
COUNTED_FEW = re.compile(r"\b(?:a|an|one|two|three|single|\d{1,2})\s+(?:[\w-]+\s+)?$", re.I)


# requirements a heading or label sets (要求, 需求, 完成标准, 验收条件, 合并条件, 合并要求, 准入条件): what it lists is a goal
_ZH_REQUIREMENTS = (u"|\u8981\u6c42|\u9700\u6c42|\u5b8c\u6210\u6807\u51c6|\u9a8c\u6536\u6761\u4ef6|\u5408\u5e76\u6761\u4ef6"
                    u"|\u5408\u5e76\u8981\u6c42|\u51c6\u5165\u6761\u4ef6")


def _words(text):
    return frozenset(text.split())


# a checker with nothing to say: a pass, and the negation in it supports it ("php-cs-fixer: nothing to fix")
# (or nothing left, said alone at the clause's end: "Ran eslint again, nothing left.")
NOTHING_TO = (r"\bnothing\s+(?:(?:else|more)\s+)?(?:left\s+)?to\s+(?:report|flag|fix|format|reformat|change|say"
              r"|complain\s+about)\b|\bnothing\s+(?:is\s+)?left(?=\s*(?:[.!;,\u3002\uff0c\uff1b]|$))")


# a compiler by name, with a version if given ("clang 17", "gcc-13", "MSVC")
_COMPILER = (r"(?:" + "|".join(re.escape(n) for n in commands.COMPILERS + ("msvc", "mingw", "nvcc", "icx", "icc"))
             + r")(?:[ -]?v?\d+(?:\.\d+)*)?")
# the verbs of a checker's complaint, plain and colloquial ("complains", "whinges", "grumbles", "yells at me")
COMPLAIN = r"(?:complain|whing|whin(?=e|ing)|moan|grumbl|grip(?=e)|yell|squawk)"
# what a check's only complaint is ("Flake8's only complaint is a line-length one"): the exception of its
# pass, a clause of its own
ONLY_COMPLAINT = (r"\s(?:is|was)\b(?:" + "|".join(r"(?<=\bonly %s %s)" % (noun, verb) for noun in (
    "complaint", "warning", "finding", "nit", "gripe", "issue") for verb in ("is", "was")) + ")")


# the configuration a build is made in, between the verb and its result: "compiled in Debug and
# Release configurations without errors", "compiles in release mode cleanly"
_BUILD_CONFIG = (r"(?:(?:in|for|under)\s+(?:both\s+)?(?:the\s+)?(?:debug|release)(?:\s*(?:and|&|/)\s*(?:debug|release))?"
                 r"(?:\s+(?:configurations?|modes?|builds?))?\s+)?")
# a failure count that went to zero ("mypy went from 40 errors down to 0"): the count is what it was
_TO_ZERO = (r"\bfrom\s+\d[\d,]*\s+(?:[\w-]+\s+)?(?:fail\w*|errors?|warnings?|issues|problems|offen[cs]es|violations)"
            r"(?:\s+\w+)?\s+(?:down\s+)?to\s+(?:0|zero|none)\b"
            # the count's noun before it: "Lint warnings are down from 40 to 0", "Type errors went from 212 to 0"
            r"|\b(?:(?:errors?|failures?)\s+(?:(?:are|is|have|has)\s+)?)?(?:down|went|gone|dropped|fell|came down)\s+from"
            r"\s+\d[\d,]*\s+to\s+(?:0|zero|none)\b")
_OPERATIONAL_WORDS = _words(
    "health healthcheck healthchecks smoke uptime endpoint endpoints route routes probe probes live prod production "
    "deployed deploy deploys served cdn status http ok infra infrastructure monitor monitors dns ssl certificate "
    "certificates page pages link links row rows record records request requests assertions")
_QUALIFIER_WORDS = _words(
    "except excluding exclude excludes excluded apart aside besides other exception ignoring far now least partial "
    "partially mostly most but almost nearly subset preexisting pre unrelated only known for on didn't did haven't have "
    "couldn't could")


# ------------------------------------------------------------------------------------ grammar

# a kind of test that is no check, as a word of its own before "test(s)"
_NO_CHECK_KINDS = ("load", "stress", "soak", "spike", "performance", "perf", "penetration", "pen")
_NOT_AFTER_KIND = "".join(r"(?<![^\w-]%s )(?<!^%s )" % (w, w) for w in _NO_CHECK_KINDS)


# the verbs by which a check tells what it found; with "nothing" or "none" after them it found nothing
# ("`buildifier` reports nothing", "ktlint comes back with nothing"): one list for the predicate and
# for the clean phrases a negator is not read in
_TOLD = (r"(?:reports?|reported|finds?|found|shows?|showed|returns?|returned|flags?|flagged|says?|said|prints?"
         r"|printed|outputs?|produced|produces|emits?|emitted|left|leaves|(?:comes?|came) back with)")


class Grammar(object):
    """All regular expressions (each compiled on first use)."""

    def __init__(self):
        I, A, M, S = re.I, re.A, re.M, re.S
        c = LazyRegex
        self.fence = c(r"^[ \t]*(```+|~~~+)([^\n]*)\n(.*?)(?:^[ \t]*\1[ \t]*$|\Z)", M | S)
        self.inline = c(r"`([^`\n]{1,200})`")
        # every branch starts with its quote character (so the scan skips other characters fast);
        # straight quotes must also follow a space or an opening bracket (checked by the caller)
        self.quote = c(
            r"\"([^\"\n]{1,160})\"|'([^'\n]{1,100})'(?=[\s.,;:!?)\]]|$)"
            r"|\u201c([^\u201d\n]{1,160})\u201d|\u2018([^\u2019\n]{1,100})\u2019(?=[\s.,;:!?)\]]|$)"
            r"|\u300c([^\u300d\n]{1,160})\u300d|\u300e([^\u300f\n]{1,160})\u300f", M)
        # (a glob of tests names them too: `test_refund_*`, `tests/test_api_*.py`)
        self.testid = c(r"^(?:(?:[\w./-]*/)?(?:test_\w+(?:\[[^\]\s]{1,60}\])?\*?|\w+_test|tests?/[\w./*-]*|[\w.-]+\.(?:test|spec)\.\w+)"
                        r"(?:\.\w+)?(?:::[\w\[\]-]+)*/?|(?!(?:clippy|std|core|alloc|boost|absl)::)[\w./-]+::[\w\[\]:-]+|Test[A-Z]\w*|test\w*\.py"
                        # a test class or method of the xUnit families: `AuthFlowTests.testSSO`, `OrderTest#total`,
                        # `Tests\Feature\InvoicePdfTest`
                        r"|(?:[A-Z]\w*\\)*[A-Z]\w*Tests?(?:[.#]\w+)?|[A-Z]\w*[.#]test\w*)$", A)
        self.placeholder = c(r"sg([tylbicq])(\d+)x")
        self.runner_name = c(lambda: r"\b(?:" + commands.prose_pattern() + r")(?![\w-])", I | A)

        # structure
        self.list_mark = c(u"^\\s*(?:[-*+\u2022\u00b7>]\\s+|\\d{1,3}[.)]\\s+|#{1,6}\\s+|\\|\\s*)*")
        self.unchecked = c(r"^\s*(?:[-*+]\s+)?\[ \]")
        self.checked = c(r"^\s*(?:[-*+]\s+)?\[[xX]\]\s*")
        self.blockquote = c(r"^\s*>")
        self.plan_heading = c(
            u"^\\s*(?:#{1,6}\\s*)?(?:\\*\\*|__)?(?:(?:here's |here is |this is )?(?:the |my |our )?(?:plan"
            u"|next steps?|todo|to-do|to do"
            u"|remaining work|remaining steps|follow[- ]ups?|acceptance criteria|definition of done|done criteria"
            u"|requirements|open items|outstanding|roadmap|steps(?!\\s+(?:(?:i|we)(?:'ve)?\\s+(?:took|taken|followed|ran|did)|taken|done))"
            u"|action items|what's left|still to do"
            u"|\u8ba1\u5212|\u4e0b\u4e00\u6b65|\u5f85\u529e|\u540e\u7eed|\u9a8c\u6536\u6807\u51c6|\u6b65\u9aa4" + _ZH_REQUIREMENTS + u""
            u"|\u63a5\u4e0b\u6765(?:\u6211|\u6211\u4eec)?(?:\u4f1a|\u8981|\u6253\u7b97|\u51c6\u5907))"     # 接下来(我)会/要/打算/准备
            u"(?:\\s+\\w+){0,2})\\s*(?:\\*\\*|__)?\\s*[:\uff1a]?\\s*(?:\\*\\*|__)?\\s*$", I)
        self.plan_inline = c(
            u"^\\s*(?:\\*\\*)?(?:plan|next steps?|next|todo|to-do|remaining work|acceptance criteria|definition of done"
            u"|done criteria|criteria|requirements?|step \\d+|expected|goals?|aims?|objectives?|tasks?|follow[- ]ups?"
            u"|\u8ba1\u5212|\u4e0b\u4e00\u6b65|\u5f85\u529e|\u540e\u7eed|\u9a8c\u6536\u6807\u51c6|\u76ee\u6807" + _ZH_REQUIREMENTS + u""
            u"|\u63a5\u4e0b\u6765(?:\u6211|\u6211\u4eec)?(?:\u4f1a|\u8981|\u6253\u7b97|\u51c6\u5907)?"     # 接下来(我会|要|打算|准备)
            u"|(?:\u9884\u671f|\u671f\u671b)(?:\u7ed3\u679c)?"     # 预期(结果), 期望(结果)
            u"|\u6b65\u9aa4 ?\\d*)"
            # the work the label is for: "Goal for this PR:", "Next steps for the release:"
            u"(?:\\s+for\\s+(?:this|the|my|our|that|next)\\s+[\\w-]+(?:\\s+[\\w-]+)?)?(?:\\*\\*)?\\s*[:\uff1a]", I)
        # not after a path's "/..." ("go test ./... passes"), nor a "." standing alone before a word
        # in lower case: the current directory of a command line in prose ("ruff check . exits 0"; not a
        # placeholder's padding on either side: "I ran `pytest`. all green", "passes . `mix test` has")
        # (a sentence mark may sit inside the emphasis closing it: "**Do the tests pass?** Yes.")
        self.sentence_end = c(_SENTENCE_END)
        # a cheering emoji ends a sentence as a "!" does: "Compiles first try 🎉 next I'll run the tests"
        # (a pattern of its own: the lookbehind costs at every character, and few lines hold the emoji)
        self.sentence_end_cheered = c(_SENTENCE_END + u"|(?<=[" + CHEERS + u"])\ufe0f?\\s+(?=\\S)")
        # (an emoji after a word ends the clause when a lowercase word goes on: "all passing \U0001f6d2\u2705
        # haven't done the full suite yet")
        self.clause_break = c(u"[;:,]\\s|\\s[\u2014\u2013]\\s|\\s--\\s|[\uff0c\uff1b\uff1a;]"
                              u"|(?<=\\w\\s)[\u2600-\u27bf\U0001f300-\U0001faff]+\ufe0f?\\s+(?=[a-z])(?!(?:not|no|nor|never|is|are|was|were|will|would|should|must|needs?|has|have|had|can|could|may|might)\\b)"
                              u"|\\s(?=(?:but|so|though|although|while|whereas|because|since|yet|otherwise|except|apart from|aside from"
                              u"|other than|save for)\\s)|" + ONLY_COMPLAINT, I)

        # filters (sentence level unless noted)
        # failure words; "clean" phrases that contain them are masked first
        self.clean_phrases = c(
            r"\b(?:no|zero|0|not (?:even )?a single|not (?:even )?one|nothing(?:'s|\u2019s)?|none|never|without(?: any)?|with no"
            r"|(?:free|clear) of(?: any)?|any)\s+(?:(?:\w+|[a-z]+\(s\))[ -]){0,2}?"
            r"(?:fail\w*|error(?:s|ed|ing)?|crash\w*|regress\w*|broken|breakages?|red|panic\w*|hangs?|timeouts?"
            r"|broke|blew up|went wrong|fell over|exploded|warnings?(?=,?\s+(?:or|and|nor)\s))\b"
            r"(?:,?\s+(?:or|and|nor)\s+(?:fail\w*|errors?|warnings?|crash\w*|regress\w*|panic\w*))*"
            r"|\b(?:didn't|did not|doesn't|does not|don't|do not|won't|isn't|aren't|is not|are not|stopped|no longer|never"
            r"|nothing|none)\s+(?:\w+\s+)?"
            r"(?:fail\w*|error\w*|crash\w*|break\w*|regress\w*|reports? any(?:thing\b| \w+)|hang\w*|hung|panic\w*|segfault\w*|chok\w*"
            r"|(?:show|giv|throw|report|print|produc|emit|rais|spit)\w*(?: out)?\s+any\s+(?:more\s+|new\s+|other\s+)?"
            r"(?:errors?|warnings?|issues?|problems?|failures?|offen[cs]es?|violations?)\b"
            r"|times? out|timed out|(?:flag(?:s|ged|ging)?|f(?:ind(?:s|ing)?|ound)|rais(?:e|es|ed|ing)|turn(?:s|ed|ing)? up|propos(?:e|es|ed)|lists?)\s+any(?:thing)?\b"
            r"|finds? a (?:single )?thing\b)"
            r"|\b(?:hasn't|has not|haven't|have not)\s+(?:flagged|found|raised|turned up)\s+any(?:thing)?\b(?!\s+yet\b)"
            r"|\bstop(?:s|ped)\s+" + COMPLAIN + r"ing\s+(?:about|at)\s+[^,.;]{0,80}?(?=\s+and\b|[,.;]|$)"
            r"|(?<=also )no[t]?\s+complain\w*"
            r"|\b(?:doesn't|does not|don't|do not|didn't|did not)\s+(?:want|need|have)\s+to\s+(?:change|fix|reformat|rewrite|touch)\s+anything\b"
            r"|\bneither\s+(?:of (?:them|the two) )?(?:reported|reports|flagged|flags|found|finds|showed|shows|raised|raises)\s+(?:a|an|any)\s+"
            r"(?:single\s+)?(?:problem|error|warning|issue|complaint|finding|failure)s?\b"
            r"|\b(?:fail(?:ed|ures?|s)?|errors?)\s*[:=]?\s*(?:0|none|zero)\b|\b0\s+(?:fail(?:ed|ures?|s)?|errors?)\b"
            # a count brought to zero: "type errors are down to zero"
            r"|\b(?:fail(?:ed|ures?|s)?|errors?|warnings?)\s+(?:are|is)\s+(?:now\s+)?(?:down|back)\s+to\s+(?:zero|0|none)\b"
            r"|\b(?:0|zero|none)\s+(?:of|out of)\s+(?:the\s+)?\d[\d,]*\s+(?:[\w-]+\s+)?(?:failed|failing|fail)\b"
            # a zero count of a failure mark: "212 \u2713 / 0 \u2717"
            u"|(?<![\\d.,])0\\s?[" + lexicon.FAIL_MARKS + u"]"
            # a pass said by an idiom of silence: "not a peep", "not a single complaint", "nothing to report"
            r"|\bnot\s+an?\s+(?:error|failure)\b(?!\s+(?:in|of|from)\b)"
            r"|\bnot\s+(?:a|one|a\s+single)\s+(?:peep|squeak|whisper|murmur|complaints?|warnings?|findings?|issues?"
            r"|problems?)\b|" + NOTHING_TO + r"|\berrors?-free\b"
            r"|\b(?:fix(?:ed|es|ing)?|resolv(?:ed|es|ing)|repair(?:ed|s)?|address(?:ed|es)?|handl(?:e|ed|es|ing)|previously|formerly"
            r"|removed|deleted|dropped|quarantined|skipped|disabled"
            r"|pre-?existing|known|unrelated|expected|flaky|xfail(?:ed)?|legacy)\s+(?:[\w`'-]+\s+){0,4}?"
            r"(?:fail\w*|errors?|crash\w*|broken|regress\w*|hang\w*|hung|timeouts?|timed out|times? out|panic\w*|segfault\w*)"
            # a failure word that a hyphen joins to the noun it modifies: "a failing-case comment", "error-path tests"
            # the broken things, then said fixed: "now that the broken intra-doc links are fixed"
            r"|\b(?:broken|failing|erroring)\s+(?:[\w`'-]+\s+){0,4}?(?:are|is|were|was|got|have been|has been)\s+(?:now\s+)?(?:fixed|resolved|repaired|gone)\b"
            r"|\b(?:fail(?:ing|ure)?|errors?|crash(?:ing)?)-(?!free\b)[a-z]+\b"
            r"|\b(?:fail\w*|errors?)\s+(?:\w+\s+){0,2}(?:are|is|were|was)\s+(?:all\s+)?(?:pre-?existing|known"
            r"|unrelated|expected|unchanged)"
            # the project's known state: "the baseline of 37 errors elsewhere", "fails, same as on main"
            r"|\bbaseline\s+(?:of\s+)?(?:\d[\d,]*\s+)?(?:[\w-]+\s+)?(?:fail\w*|errors?|warnings?|issues)"
            r"|\b(?:fail\w*|broken|errors?)\b,?\s+(?:the\s+|just\s+)?(?:same\s+)?as\s+on\s+(?:main|master|develop|trunk)\b"
            # failures older than the change: "reports 37 errors that predate this change"
            r"|\b(?:fail\w*|errors?|warnings?)\s+(?:that|which)\s+(?:all\s+)?(?:predate|pre-date|predated|already existed)\b"
            r"|\b" + _TOLD + r"\s+(?:nothing|none)\b(?!\s+of\b)"
            r"|\b(?:that|which|who) (?:were|was|had been|used to be) (?:failing|broken|red|flaky|flaking|timing out|erroring|crashing|hanging)\b|\b(?:previously|formerly|old|once)[- ]failing\b"
            # a failure that is not the state now: of the old code ("fails on the old code and passes on the
            # new"), one a change would cause ("removing it makes `tsc` fail"), a bug's origin ("the regression
            # was introduced in a3f9c1"), a test written to fail first ("I reproduced it with a failing test"),
            # one the agent says it fixed ("one error, which I fixed"; "the only failing job and it's fixed")
            r"|\bfail\w*\s+(?:on|with|against|under)\s+(?:the\s+)?(?:old|original|previous|unpatched|unfixed|buggy)"
            r"\s+(?:code|version|commit|build|branch|implementation)\b"
            r"|\b(?:removing|dropping|deleting|reverting|disabling)\s+(?:it|this|that|them|the\s+[\w-]+)\s+"
            r"(?:makes?|would make|causes?|would cause)\s+\S+\s+(?:to\s+)?fail\w*"
            r"|\bregress\w*\s+(?:was|were|got|had been)\s+(?:introduced|added|caused)\b"
            # the cause of the old failure explained: "now succeeds — the failure was `pip` compiling from source"
            r"|\bthe\s+(?:failure|error|problem|crash|breakage)\s+(?:was|came from|turned out to be)\b"
            # (several: "the last 17 errors were all the `Request` type")
            r"|\bthe\s+(?:(?:last|old|previous|earlier|original|remaining)\s+)?(?:\d[\d,]*\s+)?(?:failures|errors|problems"
            r"|crashes|breakages|warnings)\s+(?:were|came from|turned out to be)\b"
            r"|\b(?:wrote|write|writing|added|add|adding|with|started with|starting with)\s+(?:a|an)\s+(?:new\s+)?failing\s+"
            r"(?:unit\s+|regression\s+)?(?:tests?|specs?|cases?)\b"
            r"|\b(?:fail\w*|errors?|warnings?|issues?|problems?)\s*(?:\([^()]{0,80}\))?,?\s+(?:which|that)\s+(?:i|we)"
            r"(?:'ve|\s+have)?\s+(?:since\s+|then\s+|now\s+|also\s+)?(?:fixed|resolved|addressed)\b"
            r"|\b(?:fail\w*|broken|red)\s+(?:[\w-]+\s+){0,2}?(?:and|but)\s+(?:it|that|this)(?:'s|\s+is|\s+was|\s+has\s+been)"
            r"\s+(?:now\s+)?(?:fixed|resolved)\b"
            # the failure of a relative clause that names which one passes: "the test that failed on CI passes now"
            r"|\b(?:that|which) (?:\w+ )?(?:failed|broke|flaked|errored|timed out)\b(?=[^.;,]*\bpass(?:es|ed)?\b)"
            r"|\b(?:the|that|an|this) (?:earlier|previous|last|first|old|original) (?:fail\w*|errors?|crash\w*|timeouts?)\b"
            # a change of state that ends green: "went from red to green", "red → green"
            r"|\b(?:from\s+)?(?:red|failing)\s*(?:to|\u2192|->)\s*(?=green\b|passing\b)"
            # a parenthesis about the state before ("passes now (was 12 errors after the upgrade)")
            r"|\((?:it |they )?(?:was|were|had been|had|previously|formerly|down from|from|before(?: the \w+)?:?)\s"
            r"[^()]{0,40}?\b(?:fail\w*|errors?|warnings?|issues|problems|broken|red)\b[^()]{0,60}\)"
            r"|\bfail(?:s|ed|ing)? (?:before|without) (?:the|my|this|that) (?:fix|change|patch|commit)\b"
            r"|\b(?:fail\w*|errors?|crash\w*|regress\w*|exceptions?|panics?|hangs?)\s+(?:(?:from|of|in)\s+(?:\S+\s+){1,4}?)?(?:(?:is|are|was|were"
            r"|has been|have been)\s+)?"
            r"(?:now\s+)?(?:fixed|resolved|gone|addressed|handled)\b"
            # the bug a test is written for: "the test I wrote for the regression passes"
            r"|\b(?:for|against|covering|covers|catch(?:es|ing)?|reproduc(?:e|es|ing))\s+(?:the|a|an|this|that)\s+"
            r"(?:[\w-]+\s+)?regression\b(?!\s+(?:is|are|was|were)\s+(?:back|still))"
            r"|" + _TO_ZERO + r"|\bwarnings as errors\b|\bregression (?:tests?|suites?|specs?|checks?)\b|\bred[- ]green\b|\berror (?:handling|messages?|paths?|cases?)\b"
            r"|\bfailure (?:modes?|cases?|paths?)\b|\bfail-?(?:safe|fast|over)\b|\bwith the exception of\b"
            r"|\b(?:timeout|crash|error|panic|exception) (?:cases?|handling|handlers?|paths?|values?|settings?|config)\b"
            # a timeout that is set is a setting: "I had to bump the Jest timeout", "raised the test timeouts"
            r"|\b(?:bump|rais|increas|extend|lower|adjust|tweak|chang|doubl|configur|set)\w*\s+(?:the|a|its|our|their|this)\s+"
            r"(?:[\w-]+\s+){0,2}?timeouts?\b"
            # a failure as the object of an investigation is the bug, not a state ("could not reproduce the failure")
            r"|\b(?:reproduce[ds]?|reproducing|investigat\w+|debug\w*|explain\w*|understand\w*|root-caus\w+"
            r"|track(?:ed|ing)? down|diagnos\w+)\s+(?:the|a|this|that|these|those)\s+(?:[\w-]+\s+)?"
            r"(?:failures?|crash(?:es)?|errors?|regressions?)\b"
            # a failure that main has too is not this change's ("fails the same way on main")
            r"|\b(?:fail\w*|broken|red|errors?)\b(?:\s+\w+){0,4}?\s+(?:on|in)\s+(?:the\s+)?(?:main|master|trunk)\b"
            r"|\b(?:fail\w*|broken|red)\b(?=[^.;]{0,30}\u5728 ?(?:main|master) ?\u4e0a)"
            # the failing test named as the one that passes ("The failing test is fixed and passes")
            r"|\b(?:the|that|this|those|these)\s+(?:\w+\s+)?(?:failing|broken|red)\s+(?:tests?|specs?|cases?)\b"
            r"(?=[^.;]*(?:\bnow\b|\u73b0\u5728)|(?:\s+[\w`-]+){0,3}?\s+(?:pass(?:es|ed)?|(?:is|are)\s+(?:now\s+)?"
            r"(?:fixed|green|passing))\b)"
            # a negated failure supports the claim: "none of the specs fail", "nothing in tsc complains"
            r"|\b(?:no|none of|not one of|not a single(?: one of)?|nothing in|zero|neither)\b(?!,)[^.;!?]{0,60}?"
            r"\b(?:fails?|failed|failing|complains?|complained|errors? out|warnings?|errors?|issues|fires?|fired"
            r"|triggers?|triggered|trips?|tripped|broke|blew up|went wrong|fell over|exploded)\b"
            r"(?:\s+(?:any ?more|left))?"
            r"|\b(?:no longer|never|don't|doesn't|do not|does not|won't|isn't|aren't|is not|are not|stopped"
            r"|didn't|did not|hasn't|has not|haven't|have not)\s+(?:\w+\s+)?" + COMPLAIN + r"\w*"
            r"|\bha(?:s|ve|d) nothing to (?:say|report|complain about)\b"
            r"|\bnothing\s+(?:was\s+|got\s+)?(?:flagged|reported)\b"
            # "there aren't any warnings": a failure noun denied
            r"|\bthere (?:aren't|are not|weren't|were not|isn't|is not|wasn't|was not) (?:any|a single)\s+(?:\w+\s+)?"
            r"(?:fail\w*|errors?|warnings?|issues|problems|regressions?)\b", I | A)
        self.operational = c(
            r"\b(?:health ?checks?|smoke checks?|uptime|endpoints?|routes?|probes?|live site|on prod|in production"
            r"|production is|deployed|deploys?|served|cdn|status codes?|http \d{3}|\d{3} ok|infra(?:structure)?"
            r"|monitors?|dns|ssl|certificates?|pages?|links?|rows?|records?|requests?|assertions)\b", I | A)
        self.qualifier = c(
            r"\b(?:except|excluding|exclude[sd]?|apart from|aside from|besides|other than|with the exception"
            r"|ignoring|so far|for now|at least|partial(?:ly)?|mostly|only (?:complaint|warning|finding|nit|gripe|issue)\b|most (?:of the )?tests|all but (?:one|two|three|four|five|a few|a couple|a handful|\d+)\b"
            r"|but (?:one|two|three|four|five|a few|a couple|a handful|\d{1,3})(?=\s*[:(,.;]|\s*$)|almost|nearly|subset"
            r"|pre-?existing|unrelated|only (?:the|these|those|\d+|ran|tested|checked|a subset|some|for|because)"
            r"|i only ran|known (?:\w+ ){0,2}(?:failures?|issues?|problems?|breakages?|errors?|warnings?"
            r"|limitations?|flaky)"
            r"|(?:for|on) (?:its|these|those|my|the new|the changed|the touched|the affected|the modified|the edited"
            r"|the files i|files i) ?(?:\w+ )?(?:files?|modules?|package|code|changes)?"
            r"|on (?:the )?(?:files|code) i (?:changed|touched|edited)"
            r"|(?:didn't|did not|haven't|have not|couldn't|could not) (?:yet )?(?:run|test)(?: (?:it|them))? on"
            r"|(?:couldn't|could not) (?:yet )?(?:run|test|check) (?:the|on|in|against)"
            r"|(?:didn't|did not|haven't|have not|couldn't|could not) (?:yet )?(?:run|check|test|lint|typecheck"
            r"|type-check"
            r"|build|compile)(?:ed)? (?:the )?(?:others|other \w+|rest|remaining \w+|full suite|whole suite|slow \w+"
            r"|[\w-]+ (?:folders?|directory|directories|dirs?|packages?|modules?|files?|crates?)))\b|\bonly\W*$", I | A)

        # subjects; the runner names come from the catalog, so a sentence naming no runner word is
        # read with the same pattern less that branch (the catalog is then never imported)
        subject = lambda names, builders: (
            r"(?P<every>\beverything(?: else)?\b|\ball (?:the |of the )?(?:\d+ |two |three |four |five )?(?:checks|gates"
            r"|verifications?)\b|\bboth (?:the )?checks\b"
            r"|\bevery check\b)"
            r"|(?P<code>\bsg[tylbi]\d+x\b)"
            r"|(?P<pron>\b(?:it|they|both(?: of them| runs(?= (?:were|are) ))?|all of them|each (?:of them|one)|every one of them|them all|these|those|(?<=the )rest|(?<=the )whole (?:thing|lot)|(?<=, )rest(?= (?:are |is )?(?:clean|pass|passes|passed|passing|green|ok|fine)\b)|(?<=the )others"
            r"|neither(?: of them| of the two)?(?= (?:reported|reports|flagged|flags|found|finds|showed|shows|raised|raises) (?:a|an|any) )"
            r"|(?<=[a-z] )ones"
            # some of the runs just named, by their place in the list: "The first two are clean", "the latter passes"
            r"|(?<=the )(?:(?:first|last) (?:one|two|three|four)|former|latter)(?= (?:now |still |all |both )?(?:are|were|is|was|pass"
            r"|passed|passes|came back|come back|reported|report|exited|exit|succeeded|succeed|look|looked)\b)"
            # the run of the check named before: "php-cs-fixer flagged 2 files, I fixed them; the dry-run is clean now"
            r"|(?:(?<=the )|(?<=a )|(?<=; )|(?<=, )|(?<=and )|(?<=^))(?:re-?run|dry[- ]run|(?:second|final|fresh|latest|last) run)"
            r"(?=\s+(?:is|was|came back|comes back|passes|passed|reports|reported|shows|showed)\b)"
            r"|(?<=the )(?:other|remaining) \d[\d,]*(?= (?:pass|passed|passing|are green|are passing)\b)|(?:all|all \d[\d,]*(?: (?:runs|times|reruns|attempts|envs|environments|sessions|jobs|versions|interpreters|targets|steps|commands))?"
            r"|all (?:two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred)(?: (?:runs|times|reruns|attempts|envs|environments|sessions|jobs|versions|interpreters|targets|steps|commands))?)(?= (?:now |still |again )?(?:are )?(?:pass|passed|passing|green|ok|happy|clean|fine"
            r"|quiet|silent|succeed(?:ed)?|exit(?:ed)? (?:with )?(?:code )?(?:0|zero|cleanly)|came back|come back|report(?:ed)? (?:no|zero|0))\b)"
            # a demonstrative standing for the run just named: "I only ran `make test-unit`, and that passed"
            r"|(?:(?<=and )|(?<=^))that(?= (?:passed|passes|succeeded|succeeds|went through|(?:is|was|came back) (?:clean|green))\b)"
            # the parts of the run just named, all of them: "I ran `go test ./...`. All packages pass."
            r"|\ball (?:the |\d[\d,]* )?(?:packages|crates|modules|projects|workspaces|suites)(?= (?:now |still |again )?(?:are )?"
            r"(?:pass|passed|passing|green|ok|clean|succeed(?:ed)?)\b)"
            # "that one" for the run just named: "I ran `tox -e py311`. For the record that one did pass."
            r"|\b(?:that|this) one(?= (?:(?:did|also|too|at least)\s+)?(?:pass|passed|passes|succeeded|succeeds|went through"
            r"|(?:is|was|came back) (?:clean|green))\b))\b)"
            r"|(?P<tool>\b(?:" + names() + r")(?:\s+(?:(?-i:-[A-Z]\s+[\w:-]+)|--?[a-z][\w-]*(?:=\S+)?|\.(?=\s)|-p \S+|--(?=\s)"
            r"|src/?\S*|\.{1,2}/[\w./-]*|(?!\d[\d,]*\s*/\s*\d[\d,]*(?![\w/-]|\.[\w/]))[\w-]+/[\w./-]*))*(?![\w-]))"
            # (and an xUnit-style name in prose: "TestParseConfig passes now", "InvoiceTest is green")
            r"|(?P<testid>\btest_\w+|\b[a-z]\w*_test\b|(?-i:\bTest[A-Z]\w*|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*(?:Tests?|Specs?)\b))"
            r"|(?P<typecheck>\btype[- ]?check(?:s|ing|er)?\b|\btype checker\b|\btyping\b|\btypes\b"
            r"|\btypescript(?: compiler| check| types)?\b|\btype(?= errors?\b)"
            # a check's short name in a list joined by slashes: "lint/format/type/test all ✅"
            r"|\btype(?=/\w)|(?<=\w/)type\b|(?-i:\bTS\b)(?=\s*[:\u2014\u2013]\s)"     # (a label of TypeScript's check: "TS: clean")
            # Flow by its name, which is an everyday word: only capitalised, before what a checker tells
            r"|(?-i:\bFlow\b)(?=\s+(?:(?:now|also|still)\s+)?(?:reports?|reported|finds?|found|has|had|is|was|shows?|showed)\s))"
            r"|(?P<lint>\b(?:android )?lint(?:ing|ers?)?(?: (?:checks?(?! out\b)|run|step|rules))?\b|\bformatting(?: checks?)?\b"
            r"|\bpre-?commit(?: hooks?| checks?)?\b|\b(?:commit|git|pre-push) hooks?\b|\ball (?:the )?hooks\b|\b(?:every|each) hook\b"
            r"|\bstyle check(?:s|er)?\b|\bcode style\b"
            r"|\b(?:(?:code|static|roslyn) )?analy[sz]ers?\b|\bstatic analysis\b"
            r"|\bformat checks?\b|\bformat(?=/\w)|(?<=\w/)format\b"
            r"|\b(?:the )?formatter\b"
            # go vet named alone, as Go developers do ("vet ok, 3 pkgs", "it builds and vet is clean")
            # (not a noun another word makes something else: "the vendor vet", "security vet")
            r"|(?:^|(?<=[^\w\s-])|(?<=[^\w\s-] )|(?<=\band )|(?<=\bbut )|(?<=\bso )|(?<=\balso ))vet(?= (?:is |was |\S+ )?(?:ok|okay|clean|passes|passed|happy|quiet|silent|green|fine)\b))"
            r"|(?P<build>\b(?:(?:production|prod|release|dev|docker|android|ios|web|wasm) )?(?:(?:re-?)?builds?|compilation|compiler)\b"
            r"(?! (?:script|scripts|time|artifacts?|output|directory|dir|folder|config|configuration|system|tools?|step"
            r"|cache|flags?|matrix|badge|number|files?|logs?|steps)\b)"
            r"|\b(?:" + builders() + r")(?=\s+(?:(?:now|also|still)\s+)?(?:is|was|seems|looks|stays|remains|succeeds|succeeded"
            r"|finishes|finished|completes|completed|accepts|accepted|builds|compiles)\b)"
            # the noun: "The compile is OK", "the compile step is green", "Kotlin compile for `:core` succeeds"
            r"|(?:(?<=the )|^\W*|\b(?:kotlin|java|swift|rust|go|typescript|scala|dart)\s+)compile(?: step| stage| job)?\b(?=(?:\s+for\s+\S+)?\s+(?:is|was|went|passes|passed|succeeded|succeeds|finished"
            r"|completes|completed)\b)"
            # the activity named by its gerund, with what it builds: "Building that project now gives 0 warnings"
            r"|^\W*(?:re-?)?building\s+(?:(?:the|that|this|each|every|both|all|our|my)\s+)?(?:[\w-]+\s+)?"
            r"(?:project|app|application|package|solution|library|crate|module|binary|image|site|frontend|backend|sgc\d+x)\b)"
            r"|(?P<buildable>\b(?:project|app|application|package|codebase|repo|repository|library|lib|crate|module|binary|image|container"
            r"|site|code|wheel|bundle|frontend|backend|extension|plugin|workspace|docs site|dockerfile|solution|target"
            r"|sdist|tarball|apk|aab|ipa|jar|dmg|msi|appimage|installer|executable|firmware"
            r"|monorepo|changes?(?=\s+(?:compiles?|builds?)\b)|" + PLURAL_BUILDABLES.replace(" ", "|") + r")\b(?!-(?:level|wide|scoped|lock|private)\b))"
            r"|(?P<test>\b(?:unit|e2e|integration)\b(?=\s*(?:,|;|$|\.\s|\band\b|:|\||\+|&|pass(?:es|ed|ing)?\b|"
            "[" + lexicon.STATUS_MARKS + u"]|\\())"
            # "testing" as the name of the activity, not a gerund taking an object ("Testing passed")
            r"|(?<!manual )(?<!exploratory )(?<!hands-on )\btesting\b(?=\s*(?:[.,;:!)]|$|(?:is|was|has|passe[sd]|pass|completed|finished|went|came|ran|shows?)\b))"
            # a test framework named for its tests ("JUnit: 88/88", "Minitest is green"): no runner of its own
            r"|\b(?:" + TEST_FRAMEWORKS + r")\b(?!\s+(?:config|configuration|version|dependency|extension|plugin|rules?|tests?|specs?|suites?"
            r"|test cases?)\b)|(?<=\ball )(?:\d[\d,]*\s+)?cases\b(?=\s+(?:pass|passed|are green|succeed))"     # ("all 12 cases pass")
            # a test file as what was run: "I ran that spec file 50 times and it passed every time"
            r"|" + _RAN_FILE + r"(?:spec|test)\s+files?\b"
            # RSpec's own summary names its tests "examples": "2,318 examples, 0 failures"
            r"|(?<![\d.,/])\d[\d,]*\s+examples\b(?=,\s*\d[\d,]*\s+failures?\b)"
            # (not a test of load or speed: "A k6 load test also passed at 500 rps")
            # ("load" a word of its own: not "payload tests", "upload tests", "lazy-load tests")
            # (not the task Gradle's -x leaves out: "gradle build -x test")
            r"|" + _NOT_AFTER_KIND + r"(?<![\s(]-x )"
            r"\b(?:test suites?|test runners?|test runs?|test results|suites?|test ?cases?|(?:spec|test)s? (?:directory|folder)"
            # (not a document: "the OpenAPI spec", "the design spec")
            r"|(?<!openapi )(?<!swagger )(?<!design )(?<!product )(?<!language )(?<!json )(?<!schema )(?<!protocol )specs?"
            r"|doctests?|tests?)\b"
            r"(?! (?:harness|database|db|data|fixtures?|helpers?|utils?|ids?|directory|dir|folder|runner|config|env"
            r"|environment|server|setup|coverage|plan|script|framework|command|output|step|target|job|names?|files?"
            r"|module|code|double|account|user|mode|pyramid|split|splits|set|sets)\b))")
        self.subject = c(lambda: subject(commands.prose_pattern, commands.builder_pattern), I | A)
        self.subject_plain = c(lambda: subject(lambda: "(?!)", lambda: commands.builder_pattern(False)), I | A)
        # predicates
        self.predicate = c(lambda: (
            r"(?P<obj>\bpass(?:es|ed|ing)?\s+(?:all|every|each|the|its|our|their|both|\d[\d,]*)"
            r"(?:\s+(?:of the|of its|the|\d[\d,]*|existing|new|unit|integration|e2e|remaining|whole|full|entire"
            r"|complete"
            r"|current|one of the))*\s+(?:test suites?|suites?|tests?|specs?|test cases?|checks?)\b)"
            r"|(?P<cnt>(?<![\d.,/])\d[\d,]*\s*(?:/|of|out of)\s*\d[\d,]*(?![\d%]|\.\d|\s+files?\b)"
            r"(?!\s+(?:[\w-]+\s+)?(?:failed|failing|fail)\b)(?:\s+(?:unit |integration |e2e )?"
            r"(?:tests?|specs?|test cases?|examples?))?(?:\s+(?:are\s+|now\s+)?(?:passing|passed|pass|green))?"
            r"|(?<![\d.,/])\d[\d,]*\s+(?:(?:unit |integration |e2e |new )?(?:tests?|specs?|examples?|test cases?)\s+)?"
            r"(?:passed|passing)\b|\bpassing:?\s+\d[\d,]*\s+(?:tests?|specs?|examples?)"
            # a runner's label-value summary: "Passed: 1,877. Failed: 0."
            r"|\b(?:passed|passing|pass):\s*(?!0\b)\d[\d,]*(?![\d.,%/]|\s*(?:/|of\b|out of\b))"
            r"|(?<![\d.,/])\d[\d,]*\s+pass\b(?!\s+(?:rates?|marks?|thresholds?|percentages?))"
            # a runner's own summary: "Ran 88 tests in 1.9s, OK", "Passed: Total 214, Failed 0"
            r"|\bran\s+\d[\d,]*\s+tests?\s+in\s+\d[\d.]*\s*m?s\b[,.]?\s+ok\b|\bpassed:\s*total\s+\d[\d,]*,\s*failed\s+0\b"
            r"|\b100\s?%\s+pass(?:ing|ed|es)?"
            # a run's count of what went ok, right after the arrow from its command: "→ 212 ok", "→ 23 packages ok"
            u"|(?:(?<=\u2192 )|(?<=-> )|(?<==> ))\\d[\\d,]*\\s+(?:(?:tests?|packages?|crates?|modules?|suites?)\\s+)?ok\\b)"
            r"|(?P<comp>\b(?:pre)?compil(?:es?|ed|ing)\s+" + _BUILD_CONFIG + r"(?:cleanly|clean|successfully|fine|ok|like a charm|again|now"
            # under the compilers it was built with: "The engine and the editor both compile with MSVC and clang"
            r"|with (?:both )?" + _COMPILER + r"(?:\s*(?:,|and|&)\s*" + _COMPILER + r")*(?=\s*(?:[.;,!)]|$|\s+(?:and|but)\b))"
            # with warnings only, which a compile that succeeds prints: "It compiles with 3 deprecation warnings"
            r"|with (?:\d+|one|two|three|a few|some|a couple of) (?:[\w-]+ )?warnings?\b(?=[^.;]*\bno errors\b)"
            r"|without (?:any )?(?:errors?|warnings?"
            r"|issues|problems)|with (?:no|zero|0) (?:errors?|warnings?|issues|problems))|\bcompiled successfully\b"
            r"|(?-i:\bBUILD SUCCESS(?:FUL)?\b)"     # Gradle's and Maven's own last line
            r"|\bcompiles\b(?!\s+(?:the|a|an|its|their|to|into|down|it|them|with|for|in)\b)"
            # a plural subject's "compile" ending its clause: "Both crates compile.", "Changes compile."
            r"|(?:(?<=[a-z]s )|(?<=\dx )|(?<=\bthey )|(?<=\bboth )|(?<=\ball )|(?<=s now )|(?<=s all ))(?<!\bdoes )(?<!\bis )(?<!\bwas )(?<!\bhas )"
            r"(?<!\bthis )(?<!\bits )(?<!\bas )(?<!\bus )(?<!\byes )compile(?=\s*(?:[.;!)]|,\s|\s[\u2014\u2013]\s|$))"
            # the link step of a build: "The whole thing links now", "the binary links cleanly"
            r"|(?:(?<=\bit )|(?<=thing )|(?<=binary )|(?<=project )|(?<=library )|(?<=executable )|(?<=app )|(?<=target )"
            r"|(?<=code ))links(?:\s+(?:now|again|fine|cleanly|successfully|correctly))?(?=\s*(?:[.;!)]|,\s|\s[\u2014\u2013]\s|$))"
            # under a named compiler or a stricter setting: "compiles with clang 17", "with warnings as errors"
            r"|\bcompiles?\s+with\s+(?:warnings as errors|-Werror|--warnings-as-errors|no warnings)\b"
            # under a setting given in code: "compiles with `-strict-concurrency=complete` (switched on) without
            # warnings", "Compiled with `-Wall -Werror`, no warnings"
            r"|\bcompil(?:es|ed)\s+with\s+sg[cb]\d+x(?:\s+(?:switched\s+|turned\s+)?(?:on|enabled|set))?"
            r"(?:\s*(?:,|:|\s[\u2014\u2013-])?\s+(?:cleanly|fine|ok|without (?:any )?(?:errors?|warnings?)|with (?:no|zero|0) (?:errors?|warnings?)"
            r"|(?:and\s+)?(?:(?:got|saw)\s+)?(?:no|zero|0) (?:errors?|warnings?))(?:\s+(?:at all|whatsoever))?(?=\s*(?:[.;!)]|$|,\s*which\b))"
            r"|(?=\s*(?:[.;!)]|$|,\s*(?:at least|too|now|again|as well)\b)))"
            # webpack's and tsc-loader's success with warnings ("compiled with 2 warnings"; errors say "error")
            r"|\bcompiled\s+(?:successfully\s+)?with\s+\d[\d,]*\s+warnings?\b(?!\s+and\s+[1-9])"
            r"|\bcompiles\s+(?:fine\s+|cleanly\s+)?(?:with|under|on|using)\s+(?:clang|gcc|g\+\+|msvc|rustc|javac|tsc"
            r"|swiftc|kotlinc|nvcc|icc|zig)\b)"
            # a check's own verb with how it went: "typechecks cleanly", "type-checks fine", "lints clean"
            r"|(?P<tcv>\b(?:type-?checks?|lints?)\s+(?:cleanly|clean|fine|successfully|without (?:any )?(?:errors?"
            r"|warnings?|issues|problems|complaints|findings)|with (?:no|zero|0) (?:errors?|warnings?|issues|problems"
            r"|findings))\b"
            r"|\btypes (?:all |now |still )?check(?:s)?(?: out| cleanly| clean)?\b(?!\s+(?:the|a|for|that"
            r"|whether|if|is|are)\b))"
            # the verb alone after what it is said of ("The project typechecks.", "It lints and typechecks")
            r"|(?P<cverb>\b(?:type-?checks|lints)\b(?=\s*(?:[.;,!)]|$|\s(?:now|again|too|also|as well|and|under|against"
            r"|locally|with|after)\b)))"
            r"|(?P<sbuild>\bsuccessful(?:ly)? (?:build|compilation)\b|\bsuccessfully (?:built|compiled)\b"
            # the build redone and its result after an arrow: "rebuilt \u2192 success", "recompiled: ok"
            u"|\\bre-?(?:built|compiled)\\s*(?:\u2192|->|=>|:)\\s*(?:success(?:ful)?|ok|clean|green|fine)\\b"
            # a state said of the run it names, at the start or as what was got: "Green build locally",
            # "Got a clean lint run", "with a passing test suite"
            r"|(?:^\W*|\b(?:got|get|gets|have|has|had|with)\s+(?:a\s+|(?:all\s+)?\d+\s+)?)(?:green|clean|passing)\s+"
            r"(?:(?:lint|linter|test|type-?check|build)\s+)?(?:build|runs?|suite|lint|compile)\b"
            r"(?!\s+(?:is|was|are|were|required|needed|must|should|will|would|of)\b)"
            # the same in a list after a label: "Summary: a clean lint run, a green local test run"
            r"|(?:(?<=[:,] a )|(?<=[:,] an ))(?:green|clean|passing)\s+(?:[\w-]+\s+){0,2}?"
            r"(?:lint|linter|test|type-?check|build)\s+run\b(?!\s+(?:is|was|are|were|required|needed|must|should|will|would)\b)"
            # what the agent got to compile: "I got the whole thing compiling under `-Werror`"
            r"|\bgot\s+(?:it|them|everything|the\s+(?:whole\s+)?(?:thing|project|code|crate|app|repo|workspace|build))\s+"
            r"(?:to\s+)?(?:compil(?:ing|e)|build(?:ing)?)\b)"
            # "Verified with `cargo test` and `cargo fmt --check`": the runs it names
            r"|(?P<verified>^\W*(?:verified|validated|confirmed|checked)\s+(?:with|by|using|via)\b"
            # in the passive: "The build has been verified on amd64 and arm64 via `go build ./...`"
            r"|(?:(?<=\bbeen )|(?<=\bwas )|(?<=\bwere )|(?<=\bgot ))(?:verified|validated|confirmed|checked)\b(?=[^.;]{0,60}?"
            r"\b(?:with|by|using|via)\s)"
            # a pass said as a noun of the run it names: "A clean run of the suite", "Successful completion of
            # `npm run build`"
            r"|(?:^\W*|(?<=\ba )|(?<=\ban )|(?<=\bthe ))(?:clean|green|successful|passing)\s+(?:run|completion|pass"
            r"|execution)\s+of"
            # the state before the run it names: "Clean `cargo build`, clean `cargo test`", "Got a green `npm test` run"
            r"|(?:^\W*|(?<=, )|(?<=; )|(?<=\ba )|(?<=\band )|(?<=\bwith )|(?<=\bgot )|(?<=\bhad ))(?:clean|green|passing|successful)"
            r"(?=\s+sg[tylb]\d+x(?:\s+(?:run|pass|build))?\s*(?:[,.;!)]|$)))"
            r"|(?P<vet>\bvets?\s+clean(?:ly)?\b)"
            # a build run and what it makes: "`go build ./cmd/...` builds the three binaries"
            r"|(?P<bobj>\b(?:builds|built|produces|produced|emits|emitted|generates|generated|creates|created|links"
            r"|linked|compiles|compiled)\s+(?:(?:the|a|an|all|both|its|\d+|one|two|three|four|five|six)\s+)?(?:[\w.-]+\s+){0,2}?"
            r"(?:binar(?:y|ies)|artifacts?|bundles?|jars?|wheels?|executables?|apks?|ipas?|sdists?|dylibs?|programs?"
            r"|librar(?:y|ies)|crates?|app|apps|application|project|site|solution|frontend|backend|firmware|images?)\b"
            # a path in code right after the verb: "`bun run build` produced `dist/index.js` (48 KB)"
            r"|\b(?:produces|produced|emits|emitted|generates|generated|creates|created)\s+sgc\d+x(?=\s*(?:[.;,(]|$))"
            # what it writes into a path in code: "`tsup` now emits both ESM and CJS into `dist/`"
            r"|\b(?:produces|produced|emits|emitted|generates|generated|outputs|writes|wrote|spits out|spat out)\s+[^.;,]{1,60}?"
            r"\s(?:into|to|in)\s+sgc\d+x"
            r"|(?<=outputs )(?:generated|produced|emitted|written)\b|(?<=artifacts )(?:generated|produced|built)\b)"
            r"|(?P<bverb>\bbuilding\s+(?:cleanly|successfully|fine|ok|without (?:any )?(?:errors?|warnings?))(?![\w-])"
            # what the build tool built, then how: "Maven compiles the `orders-core` module without issues"
            r"|\b(?:builds|compiles)\s+(?:(?:the|all|both|every)\s+)?(?:(?!(?:and|or|but|then)\b)[\w`./:-]+\s+){1,3}?(?:fine|cleanly|successfully|without (?:any )?"
            r"(?:errors?|warnings?|issues|problems|complaints?))\b"
            # an artifact that "comes out" of its build: "the `hashbench` binary comes out as expected"
            r"|\b(?:comes?|came)\s+out\b(?!\s+(?:of\s+(?:the\s+)?(?:box|nowhere)|wrong|broken|empty|corrupt|malformed|truncated|clean"
            r"|green|fine|ok|okay|red|positive|negative|right|correct|ahead|even|well|identical|the same)\b)"
            # the link step of a build: "it links fine now"
            r"|(?:\b(?:links|linked|linking)|(?:" + BUILT_PLURALS + r")link)\s+(?:cleanly|successfully|fine|ok|without (?:any )?(?:errors?|warnings?))(?![\w-])"
            # a bundler's build said by its verb: "`npm run build` bundles fine", "the app bundles for iOS" (not
            # the noun: "the app bundles are smaller")
            r"|\bbundles(?=\s*(?:[.;,!)]|$)|\s+(?:cleanly|successfully|fine|ok|again|now|without|with (?:no|zero|0)"
            r"|for (?:ios|android|web|the web|prod|production|release|both)\b|(?:in)?to\s+sgc\d+x))"
            # the plural's verb after the things built: "All three packages build (`pnpm -r build`)"
            r"|(?:" + BUILT_PLURALS + r")build(?=\s*(?:[.;,!(]|$)|\s+(?:cleanly|successfully|fine|ok|again|now|with|without|and|but|while|though|on)\b)"
            # (Gradle's word for a build: "the Android app assembles")
            # on a named toolchain or with a build command, opening the sentence: "Builds on Xcode 15.2", "Built with `make`"
            r"|^\W*(?:(?:configured|cleaned|reconfigured)\s+and\s+)?(?:builds|built)(?:\s+(?:fine|cleanly))?\s+(?:on|with|under|using)\s+"
            r"(?:(?-i:[A-Z])[\w+.-]*|(?:stable|nightly|beta)(?=\s+v?\d)|(?:clang|gcc|msvc)(?=\s+v?\d)|sgb\d+x)"
            r"(?:\s+v?\d+(?:\.\d+)*)?(?:\s+(?:fine|cleanly|ok))?(?=\s*(?:[.;,!(:]|$)|\s+(?:but|and|while|though)\b)"
            r"|\b(?:builds|built|assembles)\b(?:\s+(?:cleanly|successfully|fine|ok|again|now|like a charm|without (?:any )?"
            r"(?:errors?|warnings?)|with (?:no|zero|0) (?:errors?|warnings?)))?"
            r"(?!\s+(?:the|a|an|its|their|his|her|our|my|your|this|that|these|those|them|it|up|into(?!\s+sgc\d+x)|from|\d"
            r"|for(?!\s+(?:both|all|each|every|arm64|amd64|x86(?:_64)?|x64|aarch64|linux|macos|windows|ios|android|wasm"
            r"|release|production|prod|debug|(?:the\s+)?(?:simulator|emulator|device|browser|desktop)"
            r"|(?:the\s+)?(?:[\w/-]+\s+(?:and\s+)?){1,4}(?:targets?|platforms?|architectures?))\b))\b"
            # how a thing was built, in the passive: "the system Python was built without libffi"
            r"|(?:(?<=was built)|(?<=were built)|(?<=been built))\s+with(?:out)?\s+(?!(?:any\s+|no\s+|zero\s+)?(?:errors?"
            r"|warnings?|issues|problems)\b)[a-z]"
            # "builds on" what came before: "the solution builds on the earlier approach", "on top of"
            r"|\s+(?:up)?on\s+(?:top\s+of|(?:the|a|an|this|that|its|their|our|my|your)\s+(?:\w+\s+)?(?:idea|work|approach"
            r"|pattern|design|changes?|pr|fix|refactor|foundation|groundwork)s?)\b))"
            r"|(?P<clean>\b(?:(?:reports?|reported|reporting|shows?|showed|showing|finds?|found|finding|returns?|returned"
            r"|returning|gives?|gave|giving|has|had|got|gets|raises?|raised"
            r"|comes back with|came back with|with)\s+)?(?:no|zero|0|not (?:even )?(?:a single|one)|without(?: any| a single)?"
            r"|(?:free|clear) of(?: any)?)\s+"
            r"(?:(?P<ccat>type|typescript|tsc|mypy|pyright|typing|type-check(?:ing)?|typecheck|lint(?:ing|er)?|eslint"
            r"|ruff|clippy|rubocop|biome|flake8|pylint|build|compile|compilation|compiler|tests?|specs?)\s+)?"
            r"(?:(?:fixable|new|remaining|outstanding|open|unresolved|blocking|style|formatting|more|weighted|serious|critical|major"
            r"|[a-z]{3,}(?=\s+issues\b))\s+)?"
            r"(?:sgc\d+x\s+|[a-z]+\(s\)\s+)?"     # the rule's name in code; a runner's "(s)" noun: "0 chart(s) failed"
            r"(?:errors?|failures?|failed|issues?|problems?|warnings?|offen[cs]es?|violations?|complaints|findings|diagnostics"
            r"|hints|suggestions|objections?|(?<=lint )hits|(?<=linter )hits)\b"     # (hlint's "No hints"; a non-native "no offense")
            r"|\bno longer reports? any (?:errors?|issues|problems|warnings?)\b|\bno (?:failing|broken) tests\b|\bnone\s+(?:of them\s+)?(?:failed|fails|broke|errored)\b"
            r"|\baccepts\s+(?:it|them|everything|the\s+(?:new\s+|whole\s+|entire\s+)?(?:code|changes?|modules?|files?|package|project|types?|macro)"
            r"|sgc\d+x)\b"
            r"|\b(?:doesn't|does not|don't|do not|didn't|did not)\s+(?:want|need|have)\s+to\s+(?:change|fix|reformat|rewrite|touch)\s+anything\b"
            r"|(?<=\bneither )(?:of (?:them|the two) )?(?:reported|reports|flagged|flags|found|finds|showed|shows|raised|raises)\s+(?:a|an|any)\s+"
            r"(?:single\s+)?(?:problem|error|warning|issue|complaint|finding|failure)s?\b"
            # a check's findings said to be gone: "The checkstyle errors are gone", "lint warnings are all gone now"
            r"|(?<=\s)(?:errors?|warnings?|violations|offen[cs]es|findings)\s+(?:(?:are|is)\s+)?(?:now\s+|all\s+)?gone\b"
            r"|\b(?:0|zero)\s+failing\b(?:\s+(?:tests?|specs?|test cases?)\b)?"     # mocha's count: "0 failing"
            r"|\b(?:reports?|reported|shows?|showed)\s+(?:0|zero|no)\s+bugs\b"     # a bug finder's: "SpotBugs reports 0 bugs"
            r"|\b" + _TOLD + r"\s+(?:nothing(?:\s+to\s+(?:fix|change|correct|report|reformat|format))?|none)\b(?!\s+of\b)"
            # a count brought to zero: "it's down to zero", "the warnings are back to 0", "from 40 errors to 0"
            r"|\b(?:down|back) to (?:zero|0|none|nothing)\b(?!\s*(?:%|percent))|" + _TO_ZERO +
            r"|\b(?:(?:produced|produces|printed|prints|gave|gives|emitted|emits|showed|shows|returned|returns)\s+)?no\s+output\b"
            r"|\bfailures:?\s*0\b"
            # a label's count of findings: "eslint errors: 0", "Lint findings: 0"
            r"|\b(?:errors?|findings|violations|offen[cs]es)\s*:\s*(?:0|none|zero)\b(?![\d,%]|\.\d)"
            # none of a count failed: "Integration suite: 0 of 18 failed"
            r"|\b(?:0|zero|none)\s+(?:of|out of)\s+(?:the\s+)?\d[\d,]*\s+(?:[\w-]+\s+)?(?:failed|failing|fail)\b"
            # a zero count of a failure mark: "212 \u2713 / 0 \u2717"
            u"|(?<![\\d.,])0\\s?[" + lexicon.FAIL_MARKS + u"]"
            # a check's one complaint, said as its only one: "Flake8's only complaint is a line-length one"
            r"|(?<=\bonly )(?:complaint|warning|finding|nit|gripe|issue)\b(?=\s+(?:is|was)\b)"
            # no failure to be seen in a run's output: "Nothing red in the jest output"
            r"|\bnothing\s+(?:red|failing|failed|broken|broke|blew up|went wrong|fell over|exploded|fails(?:\s+(?:any ?more|now|any longer)\b"
            r"|(?=\s*(?:[.;!]|$))))\b"
            # nothing found, said by the participle or an idiom: "nothing flagged", "Lint comes up empty",
            # "ruff came back empty-handed"
            r"|\bnothing\s+(?:was\s+|got\s+)?(?:flagged|reported)\b"
            r"|\b(?:comes?|came)\s+(?:up|back)\s+empty(?:-handed)?\b|(?:(?<=\u2192 )|(?<=-> ))empty(?=[\s.!]*$)"
            # a pass said by an idiom: "eslint gives the all-clear", "a clean bill of health from mypy",
            # "not a peep from ruff", "nothing to report from mypy"
            r"|(?:\b(?:gives?|gave|given|giving|got|gets|has|had|with|returns?|returned|reports?|reported|signals?"
            r"|signall?ed)\s+(?:(?:it|us|them|me|everything|the\s+(?:\w+\s+){0,2}?)\s*)?)?"
            r"(?:\b(?:the|an)\s+all[- ]clear\b|\ba\s+clean\s+bill\s+of\s+health\b"
            r"|\b(?:its|their|the|a)\s+(?:blessing|(?:seal|stamp)\s+of\s+approval|thumbs[- ]up)\b)"
            # a linter's full score given: "`pylint` gives the code a 10.00/10"
            r"|\b(?:gives?|gave|given|rates?|rated|scores?|scored)\s+(?:[\w-]+\s+){0,3}?10(?:\.0+)?/10\b"
            r"|\bnot\s+(?:a|one|a\s+single)\s+(?:peep|squeak|whisper|murmur|complaint|finding"
            r"|warning|issue|problem)\b(?!\s+(?:of|about)\b)"
            r"|" + NOTHING_TO +
            # nothing failing in the check named after it: "nothing's red in vitest"
            r"|\bnothing(?:'s|\u2019s|\s+is|\s+was)?\s+(?:red|failing|broken)(?=\s+in\s)"
            r"|\b(?P<ccat2>type|typing|lint|linting|test|build|compile|compiler)\s+(?:errors?|failures?|issues|problems"
            r"|warnings?)(?::?\s*(?:0|none|zero)|\s+(?:are|is)\s+(?:now\s+)?(?:down|back)\s+to\s+(?:zero|0|none))\b"
            # a status row's bare zero after a checker's label: "lint 0, type 0, test 233/233"
            u"|\\b(?P<ccat3>type|types|typing|lint|linting|tsc|mypy|eslint|ruff)\\s*[:\uff1a]?\\s*0(?=\\s*(?:[,;.|\uff0c\uff1b\u3001\u3002]|$))"
            r"|\b(?:no|zero|0|not a single|not one)\s+(?:failing|broken|red)\s+(?:tests?|specs?|test cases?)\b)"
            r"|(?P<exit0>\bexit(?:s|ed)?(?: with)?(?: code| status)?:? 0\b|\bexit(?:s|ed)? clean(?:ly)?\b"
            r"|\breturns? (?:exit code )?0\b)"
            r"|(?P<finish>\b(?:completes|completed|finishes|finished|ends|ended|ran|runs|came back|comes back|came out|comes out|went|goes|(?<=all )go|is back"
            r"|are back|(?:sails|sailed|breezes|breezed|cruises|cruised)(?=\s+through\b))"
            # (however often it ran: "Remaining suite ran 5 times in a row with no failures")
            r"(?:\s+(?:\d+|two|three|four|five|ten|twenty|several|multiple)\s+times(?:\s+in\s+a\s+row)?)?"
            r"\s+(?:cleanly|clean|successfully|green|through|without (?:any )?(?:errors?|failures?|issues"
            r"|problems|complaints?|incident|a (?:hitch|hiccup|problem|complaint))|with no (?:errors?|failures?)|with (?:an? )?(?:build )?(?:ok|success)\b|like (?:a charm|a dream|clockwork)"
            # (with warnings and no error told: "`cargo build --release` finished with 3 warnings")
            r"|with (?:only\s+)?(?:\d+|one|two|three|four|five|a few|some|several|a couple of)\s+(?:[\w-]+\s+)?warnings?\b"
            r"(?!\s*(?:,|and|&)\s*(?:\d+|one|two|three|some|several|a few)\s+(?:[\w-]+\s+)?(?:errors?|failures?|failed)))"
            # a run that ends, bare, ending its clause: a build's success ("`bin/rails assets:precompile` completes")
            r"|\b(?:completes|finishes|completed|finished|(?:does|did) (?:finish|complete))(?=\s*(?:[.;,!)]|$))"
            # the subject's run, plural: "Tests run clean", "the specs run green"
            r"|(?<=s )run\s+(?:clean|cleanly|green)\b"
            # through every test with none failing: "the test runner gets through all 640 tests without a failure"
            r"|\b(?:gets|got|goes|went|made it|runs|ran)\s+(?:through\s+)?(?:all\s+)?(?:(?:the|\d[\d,]*)\s+)*(?:tests?|specs?|cases?)?\s*without\s+"
            r"(?:a\s+single\s+|any\s+|an?\s+)?(?:failures?|errors?|hitch|problems?)\b"
            # the run's end given after an arrow, and nothing else: "`npm run build` → done"
            r"|(?:(?<=\u2192 )|(?<=-> ))(?:done|complete|completed|finished)(?=[\s.!]*$))"
            r"|(?P<pass>\bpass(?:es|ed|ing)?\b)"
            r"|(?P<green>\b(?:all )?green\b|\u2705|\u2713|\u2714|\u2611|\U0001f7e2|\U0001f44d)"
            r"|(?P<cleanw>\bclean(?:ly)?\b(?!\s+up\b))"
            r"|(?P<succ>\bsucce(?:eds?|eded|eding|ss(?:ful(?:ly)?)?)\b)"
            r"|(?P<happy>\b(?:happy|fine|ok(?:ay)?|good to go)\b|" + lexicon.pattern("state", "en") + r")"
            r"|(?P<works>\bworks\b|\bworked\b|\b(?:is|are)\s+(?:now\s+|still\s+)?working\b(?=\s+(?:now|again|fine|locally)\b|\s*(?:[.;,!]|$))"
            # the plural after a coordination ending with the build: "cmake configure + build work on Ubuntu"
            r"|(?<=\bbuild )work(?=\s+(?:on|with|under|fine|again|now|cleanly|locally)\b|\s*(?:[.;,!]|$))|\b(?:completes|completed|finishes|finished)\b(?! with)"
            r"|\bcomplete\b(?! (?:list|set|guide|rewrite|overhaul|history)\b))"
            r"|(?P<checkout>\bchecks? out\b)"
            # a formatter's clean state: "PHP-CS-Fixer reports no changes needed", "black: 0 files to reformat"
            r"|(?P<nodiff>\b(?:no|zero|0)\s+(?:changes?|changed\b|diffs?|fix(?:es)?(?=\s+(?:applied|needed|required))"
            r"|files?\s+(?:to|would be|need(?:ing|s)? to be)\s+"
            r"(?:change|changed|reformat|reformatted|fix|fixed))(?:\s+(?:needed|required|necessary|to make|applied))?\b"
            # black's summary when nothing needs reformatting ("12 files would be left unchanged")
            r"|(?<!reformatted, )\b\d[\d,]*\s+files?\s+would be left unchanged\b|\b(?:0|no|zero)\s+files?\s+would be reformatted\b"
            # a formatter check leaving the files as they are: "`dart format --set-exit-if-changed` left every file untouched"
            r"|\b(?:leaves|left)\s+(?:every\s+file|all\s+(?:the\s+)?files|everything|them\s+all|both(?:\s+files)?)\s+(?:unchanged|untouched)\b"
            r"|(?<=\bwould )leave\s+\d[\d,]*\s+files?\s+unchanged\b"
            # a format check's files all as they should be: "`npx prettier --check .` — all files formatted"
            r"|\b(?:all|every)\s+(?:the\s+)?(?:\d[\d,]*\s+)?files?\s+(?:are\s+|is\s+)?(?:already\s+|properly\s+|correctly\s+)?formatted\b"
            # a formatter's count of files needing it: "0/214 files require formatting"
            r"|(?<![\d.,/])0(?:\s*/\s*\d[\d,]*)?\s+files?\s+(?:require|requires|need|needs|needed|required)\s+(?:re)?formatting\b)"
            # a negated failure verb: "the tests no longer fail", "No test fails", "nothing in tsc complains"
            r"|(?P<nofail>\b(?:no longer|don't|doesn't|do not|does not|never|won't|isn't|aren't|is not|are not|stopped|stops)"
            r"\s+(?:fail|error|" + COMPLAIN + r"|crash|break|hang|time out|times out|timing out|report (?:any|anything)|(?<=stopped )flagg"
            r"|(?<=stops )flagg|flags? anything|proposes? any changes|lists? any files|finds? a (?:single )?thing)\w*"
            r"(?:\s+any ?more)?"
            # in the past of the run just made: "`tsc` didn't complain", "mypy hasn't reported anything"
            r"|\b(?:didn't|did not|hasn't|has not|haven't|have not)\s+(?:fail|error|" + COMPLAIN + r"|report (?:any|anything))\w*"
            # a bare "not" before the verb, as a learner writes it: "Lint also not complain"
            r"|(?<=also )no[t]?\s+complain\w*(?:\s+anything)?"
            # a checker's output verb, negated, before any finding: "eslint isn't showing any errors",
            # "tsc doesn't give any errors", "the build is not throwing any error"
            r"|\b(?:don't|doesn't|do not|does not|didn't|did not|isn't|aren't|is not|are not|wasn't|weren't)\s+"
            r"(?:show(?:ing)?|giv(?:e|ing)|throw(?:ing)?|report(?:ing)?|print(?:ing)?|produc(?:e|ing)|emit(?:ting)?"
            r"|rais(?:e|ing)|spit(?:ting)? out)\s+any\s+(?:more\s+|new\s+|other\s+)?(?:errors?|warnings?|issues?"
            r"|problems?|failures?|offen[cs]es?|violations?)\b(?!\s+yet\b)"
            # a checker's finding verb, negated: "RuboCop hasn't flagged anything", "clang-tidy didn't find any"
            r"|\b(?:don't|doesn't|do not|does not|didn't|did not|hasn't|has not|haven't|have not|isn't|is not|aren't|are not"
            r"|wasn't|was not)\s+"
            r"(?:flag(?:ged)?|f(?:i|ou)nd|rais(?:e|ed)|turn(?:ed)? up|flagging|finding|raising|turning up)\s+(?:any|anything)\b"
            r"(?!\s+yet\b)"
            # (what it did not find is the tests themselves: "jest didn't find any test files" ran nothing)
            r"(?!\s+(?:\w+\s+)?(?:tests?|specs?|test (?:files?|cases?)|spec files?|examples?)\b)"
            # after a negative quantifier: "No test is failing", "none of the rules fired"
            r"|\b(?:(?:is|are)\s+)?(?:fail(?:s|ed|ing)?|complain(?:s|ed|ing)?|errors? out|errored out|fire[sd]?"
            r"|trigger(?:s|ed)?|trip(?:s|ped)?"
            # a failure by an idiom: "nothing blew up", "nothing broke", "nothing went wrong"
            r"|broke|blew up|blows up|went wrong|goes wrong|fell over|exploded)\b(?:\s+any ?more)?"
            r"|\b(?:has|have|had)\s+nothing\s+to\s+(?:say|report|complain about)\b)"), I | A)
        self.pass_object = c(
            r"\s+(?:the(?! (?:second|third|final) (?:time|try|attempt)\b)|a|an|its|their|his|her|our|my|your"
            r"|this(?! time\b)|these|those|them|it|me|us|him|through|along(?! with)"
            r"|over|into|around|back|down|onto|on to|in the|to|via(?!\s+sg[tylb]\d+x)|by(?! \w+ing\b)|as(?! (?:part of|expected|well|before|usual|intended|is)\b)|rate|rates|count|counts"
            r"|percentage|ratio|sg[a-z]\d+x\s+(?:to|into|through|by)|(?!end to end\b)[\w-]+ (?:to|into|through|as)\b)\b", I | A)
        self.noun_before = c(r"\b(?:a|the|first|second|(?<!each )(?<!every )one|this|(?<!one )(?<!ones )(?<!and )that|each|single|final"
                             r"|another|quick)\s*$", I | A)     # not a relative pronoun: "`mypy` is the one that passes"
        self.link_gap = c(r"^(?:[^;!?.]|\.(?!\s))*$")
        self.coord_gap = c(r"^(?:\s|,|&|/|\+|\band\b|\bn?or\b|\bthe\b|\bboth\b|\bas well as\b|\bplus\b|\balso\b"
                           # (Chinese joins them too, in a mixed sentence: "`npm run build` 和 `npm run lint`")
                           u"|\u548c|\u53ca|\u4e0e|\u8ddf|\u3001|\uff0c"
                           r"|\(\d[\d,]*(?: \w+)?\))*$",
                           I | A)
        self.everything_alone = c(r"\b(?:all green|green (?:across the board|end[- ]to[- ]end\b(?![- ]tests?))|pass(?:es|ed)? (?:every|all) checks?)\b"
                                  # "All good." as a fragment of its own, or after the checks' verbs and a dash
                                  u"|(?:^\\W*|\\s[\u2014\u2013-]\\s+)all good\\W*$"
                                  # a fragment denying any failure: "Nothing red.", "Nothing fails."
                                  # (or before a colon and what was run: "Nothing red anywhere: ran `go test`, `go vet`")
                                  r"|^\W*nothing(?:'s|\s+is|\s+was)?\s+(?:fails|failed|failing|red|broken|erroring|errors)"
                                  r"(?:\s+(?:any ?more|anywhere|at all|across the board))?(?:\W*$|\s*:\s)",
                                  I | A)
        self.all_words = c(r"\b(?:all|every|entire|whole|full|complete|existing|each)\b", I | A)
        self.subset_words = c(
            r"\b(?:new|newly|added|updated|affected|relevant|related|changed|touched|modified|remaining|other|these"
            r"|those|specific|individual|both|one|two|three|four|five|six|seven|eight|nine|ten|a|an)\b", I | A)
        self.subset_verbs = c(r"\b(?:added|add|wrote|write|written|created|create|introduced|new)\b", I | A)
        self.generic_modifiers = frozenset((
            "the", "all", "every", "each", "my", "our", "your", "its", "their", "of", "unit", "integration", "e2e",
            "end-to-end", "functional", "acceptance", "smoke", "browser", "ui", "existing", "entire", "whole", "full",
            "complete", "current", "python", "go", "rust", "js", "javascript", "typescript", "node", "test",
            "automated", "local", "and", "regression", "playwright", "cypress", "jest", "vitest", "pytest", "mocha",
            "rspec", "snapshot", "component", "frontend", "backend", "api", "server", "client", "previously",
        )) | frozenset(TEST_FRAMEWORK_NAMES)
        self.gap_subset = c(r"\b(?:in|for|under|inside|from)\s+(?:the\s+)?(?!(?:suite|whole|entire|full|project|repo"
                            r"|repository|codebase|all|every)\b)\S+|\bsg[ic]\d+x|\bi (?:added|wrote|created)\b"
                            # a contact relative clause of the agent's own work: "the tests I touched pass"
                            r"|^\s+(?:i|we)\s+(?:just\s+|also\s+)?(?:touched|changed|edited|modified|updated|fixed|rewrote"
                            r"|refactored|moved|renamed)\s*$", I | A)
        self.gap_all = c(r"\ball\b|\bacross (?:all|every|the whole)\b|\bin (?:the|every|all) (?:suite|packages?)\b",
                         I | A)
        self.zero_failures = c(
            r"\b(?:0|no|zero) (?:fail(?:ed|ures?)|errors?)\b|\bwithout (?:any )?failures\b|\bfailures:?\s*0\b", I | A)
        self.numbers = c(r"(?<![\d.])(\d[\d,]*)(?:\s*(?:/|of|out of)\s*(\d[\d,]*))?(?![\d.])", A)
        self.passed_count = c(r"(?<![\d.,/])(\d[\d,]*)\s+(?:\w+\s+)?(?:passed|passing|pass)\b", I | A)
        self.total_count = c(r"(?<![\d.,/])(\d[\d,]*)\s+total\b|\btests run:?\s*(\d[\d,]*)", I | A)
        self._subject_starts = self._predicate_starts = self._zh = self._completion = None
        self._runner_text = (None, False)
        # Each filter runs only when the text has one of its words: every alternative of the
        # pattern contains at least one of them (a word test is far cheaper than a regex scan).
        self.operational = _Filter(self.operational, _OPERATIONAL_WORDS)
        self.qualifier = _Filter(self.qualifier, _QUALIFIER_WORDS)

    @property
    def predicate_starts(self):
        """Words where a predicate may begin: the fixed ones and the lexicon's state words."""
        if self._predicate_starts is None:
            self._predicate_starts = PREDICATE_STARTS | frozenset(
                re.split(r"[^a-z0-9_]", stem)[0] for e in lexicon.entries("state", "en")
                for stem in lexicon.stems(e.pattern))
        return self._predicate_starts

    def subjects(self, text):
        """The subject matches of ``text`` (runner names looked for only when it holds a runner word)."""
        if self._runner_text[0] is not text:     # a sentence is scanned more than once: decide once
            self._runner_text = (text, commands.might_name_runner(words_of(text)))
        if self._runner_text[1]:
            # (most letters start a runner name: a form per first character would be most of it)
            return claims_scan.scan(self.subject, text, self.subject_starts, by_first=False)
        return claims_scan.scan(self.subject_plain, text, SUBJECT_STARTS)

    @property
    def subject_starts(self):
        """Words where a subject may begin: the fixed ones and the catalog's runner names."""
        if self._subject_starts is None:
            self._subject_starts = SUBJECT_STARTS | commands.prose_starts() | commands.builders()
        return self._subject_starts

    @property
    def zh(self):
        """The Chinese vocabulary (compiled when a message first has CJK text)."""
        if self._zh is None:
            from stalegreen.engine import claims_zh

            self._zh = claims_zh.Grammar()
        return self._zh

    @property
    def completion(self):
        if self._completion is None:
            self._completion = re.compile(
                r"^\W*(?:all\s+)?done\b|\b(?:i(?:'ve| have)?|we(?:'ve| have)?)\s+(?:now\s+|just\s+|also\s+)?(?:fixed"
                r"|implemented|resolved|completed|finished)\b|^\W*(?:fixed|implemented|resolved|completed|finished)\b"
                r"|\b(?:is|are|has been|have been|was|were)\s+(?:now\s+)?(?:fixed|done|complete|completed|finished"
                r"|implemented|resolved|in place)\b|\b(?:that|this|which)\s+fixes\b", re.I | re.A)
        return self._completion


def grammar():
    global _GRAMMAR
    if _GRAMMAR is None:
        _GRAMMAR = Grammar()
    return _GRAMMAR
