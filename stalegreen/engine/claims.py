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

Chinese has its own vocabulary in ``claims_zh``; every sentence that contains CJK text is also
read with it, so mixed-language messages work.
"""

import bisect
import re

CATEGORIES = ("test", "typecheck", "lint", "build")
MAX_TEXT = 160
LOOKBACK = 120    # characters looked at around a match (keeps very long sentences linear)

_GRAMMAR = None


class Extraction(object):
    """What ``extract`` found.

    ``claims``: dicts with ``category`` (test/typecheck/lint/build, or completion when asked),
    ``scope`` (all/subset), ``qualified``, ``text`` (the matched words), ``sentence``, ``counts``
    ({passed, total} as stated), ``tool`` (named tool or None), ``alternates`` (other categories
    whose runs also back it: "compiles cleanly" -> typecheck), ``lang`` (en/zh) and ``expanded``
    (only on "everything passes" claims spread over the four categories).
    ``ignored``: near-misses, dicts with ``text``, ``reason`` (hedged, future, question, negated,
    conditional, relayed, quoted, code, instruction, plan, qualified) and, when known,
    ``sentence`` and ``category``.
    """

    __slots__ = ("claims", "ignored")

    def __init__(self):
        self.claims = []
        self.ignored = []

    def as_dict(self):
        return {"claims": self.claims, "ignored": self.ignored}

    def __repr__(self):
        return "Extraction(claims=%r, ignored=%r)" % (self.claims, self.ignored)


# ------------------------------------------------------------------------------------ vocabulary
# Tools named in prose or inline code: (regex, category, tool hint). First match wins, so longer
# names come before their prefixes.

_LAUNCH = r"(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?"
TOOLS = (
    (_LAUNCH + r"(?:test|tests|spec|e2e|vitest|jest)(?::[\w:.-]+)?", "test", None),
    (_LAUNCH + r"(?:typecheck|type-check|check-types|types|tsc)(?::[\w:.-]+)?", "typecheck", None),
    (_LAUNCH + r"(?:lint|eslint|stylelint|format:check|fmt:check|prettier:check)(?::[\w:.-]+)?", "lint", None),
    (_LAUNCH + r"build(?::[\w:.-]+)?", "build", None),
    (r"cargo\s+(?:nextest|test)", "test", "cargo"),
    (r"cargo\s+clippy", "lint", "clippy"),
    (r"cargo\s+fmt", "lint", "cargo fmt"),
    (r"cargo\s+check", "typecheck", "cargo check"),
    (r"cargo\s+build", "build", "cargo"),
    (r"go\s+test", "test", "go test"),
    (r"go\s+vet", "lint", "go vet"),
    (r"go\s+build", "build", "go build"),
    (r"(?:dotnet|mvn|mix|swift|deno|bun|sbt|cabal|stack|dune|meson|bazel|xcodebuild|zig\s+build)\s+test", "test", None),
    (r"(?:\./)?gradlew?\s+(?:test|check|connected\w*Test)", "test", "gradle"),
    (r"(?:\./)?gradlew?\s+(?:build|assemble\w*)", "build", "gradle"),
    (r"mvn\s+(?:-\S+\s+)*(?:verify|test)", "test", "mvn"),
    (r"mvn\s+(?:-\S+\s+)*(?:package|compile|install)", "build", "mvn"),
    (r"(?:dotnet|swift|bazel|zig|parcel|ng|nuxt|astro|gatsby|remix|vite|next)\s+build", "build", None),
    (r"docker(?:\s+compose)?\s+build", "build", "docker build"),
    (r"cmake\s+--build", "build", "cmake"),
    (r"mix\s+credo", "lint", "credo"),
    (r"mix\s+dialyzer", "typecheck", "dialyzer"),
    (r"mix\s+compile", "build", "mix compile"),
    (r"(?:mix|dotnet)\s+format", "lint", None),
    (r"make\s+(?:test|tests|check-tests)", "test", "make test"),
    (r"make\s+lint", "lint", "make lint"),
    (r"make(?:\s+(?:all|build|release))?(?=\s*$)", "build", "make"),
    (r"python3?\s+-m\s+build", "build", "python -m build"),
    (r"playwright(?:\s+test)?", "test", "playwright"),
    (r"cypress(?:\s+run)?", "test", "cypress"),
    (r"py\.?test|pytest", "test", "pytest"),
    (r"(?:bundle\s+exec\s+)?(?:rspec|rails\s+test|rake\s+test)", "test", "rspec"),
    (r"(?:vendor/bin/)?(?:phpunit|pest)", "test", "phpunit"),
    (r"(?:jest|vitest|mocha|jasmine|karma|ava|tox|nox|ctest|bats|unittest|minitest|nextest)", "test", None),
    (r"(?:vue-tsc|svelte-check|basedpyright|pyright|mypy|pytype|pyre|phpstan|psalm|sorbet|dialyzer|tsc)", "typecheck",
     None),
    (r"(?:golangci-lint|staticcheck|credo|eslint|oxlint|stylelint|shellcheck|swiftlint|ktlint|rubocop|standardrb"
     r"|flake8|pylint|pycodestyle|pydocstyle|hadolint|markdownlint|yamllint|clippy|gofmt|isort|black|ruff(?:\s+check)?"
     r"|biome(?:\s+(?:check|lint|ci))?|prettier(?:\s+(?:--check|-c|check))?)", "lint", None),
    (r"(?:webpack|tsup|rollup|esbuild|ninja)", "build", None),
)
# wrappers stripped from inline code before looking the command up
_WRAPPERS = (r"^(?:\$\s+|sudo\s+|(?:\w+=\S*\s+)+|npx\s+(?:--yes\s+)?|pnpm\s+(?:exec|dlx)\s+|yarn\s+(?:exec|dlx)\s+"
             r"|bunx\s+|uvx?\s+run\s+|uv\s+run\s+|poetry\s+run\s+|pipenv\s+run\s+|pdm\s+run\s+|hatch\s+run\s+"
             r"|python3?\s+-m\s+(?=pytest|mypy|unittest|pylint|flake8|black|isort|ruff)|time\s+)+")
CATEGORY_LETTER = {"test": "t", "typecheck": "y", "lint": "l", "build": "b"}
LETTER_CATEGORY = dict((v, k) for k, v in CATEGORY_LETTER.items())

# the same tools as bare words in prose (a subset: names that are not ordinary English words)
_PROSE_TOOLS = (
    r"(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|lint|build|typecheck)|cargo\s+(?:test|nextest|clippy|check|build)"
    r"|go\s+(?:test|vet|build)|(?:dotnet|mvn|mix|swift|deno)\s+(?:test|build)|(?:next|vite|docker)\s+build"
    r"|vue-tsc|svelte-check|basedpyright|pyright|mypy|pytype|phpstan|dialyzer|tsc|golangci-lint|staticcheck|credo"
    r"|eslint|oxlint|stylelint"
    r"|shellcheck|swiftlint|ktlint|rubocop|flake8|pylint|clippy|gofmt|isort|ruff(?:\s+check)?"
    r"|biome(?:\s+check)?|prettier(?:\s+check)?|pytest|jest|vitest|mocha|playwright|cypress|rspec|phpunit"
    r"|nextest|webpack|tsup|esbuild"
)


def classify_command(code):
    """(category, tool, scope) for inline code that is a verification command, else None."""
    g = _grammar()
    text = g.wrappers.sub("", code.strip().lower())
    m = g.tools.match(text)
    if not m:
        return None
    _, category, tool = TOOLS[int(m.lastgroup[1:])]
    name = tool or re.sub(r"\s+", " ", m.group(0).split(":")[0]).strip()
    if category == "test" and name.startswith(("npm run ", "pnpm run ", "yarn run ", "bun run ")):
        name = name.replace(" run ", " ", 1)
    return category, name, _command_scope(category, text[m.end():])


def _command_scope(category, args):
    """Tests restricted to named files, node ids or name filters are a subset."""
    if category != "test":
        return "all"
    for word in args.split():
        if not word.startswith("-") and "/" in word \
                and word.strip("/") not in ("tests", "test", "spec", "specs", ".", "./...", "..."):
            return "subset"
        if word in ("-k", "-t", "--grep", "-g", "--testnamepattern", "--filter", "-run", "--run", "-m") \
                or "::" in word or re.search(r"(?:^|/)(?:test_\w+|\w+_test|\w+\.(?:test|spec))\.\w+$", word) \
                or re.search(r"\.(?:py|ts|tsx|js|jsx|go|rb|rs|php|java|kt|ex|exs)$", word) \
                or word.startswith("--testname") or word.startswith("-run="):
            return "subset"
    return "all"


# Words without which a sentence cannot hold a claim (checked as plain substrings: much cheaper
# than any regular expression on long messages).
CLAIM_WORDS = (
    "pass", "green", "clean", "succe", "ok", "happy", "fine", "error", "failure", "issue", "problem", "warning",
    "offen", "violation", "complaint", "finding", "diagnostic", "build", "built", "compil", "typechecks",
    "check out", "checks out", "vets clean", "vet clean", "type check", "types check", "typecheck", "nothing", "works", "worked", "done",
    "fixed", "fixes", "complete", "finished",
    "implemented", "resolved", "in place", "exit", "return", "ran ", "runs ", "came back", "comes back", "went",
    u"\u2705", u"\u2713", u"\u2714", u"\u2611", u"\u901a\u8fc7", u"\u6210\u529f", u"\u7eff", u"\u5e72\u51c0",
    u"\u62a5\u9519", u"\u9519\u8bef", u"\u8dd1\u901a", u"\u5b8c\u6210", u"\u4fee\u590d", u"\u4fee\u597d",
    u"\u89e3\u51b3", u"\u641e\u5b9a", u"\u5b9e\u73b0", u"\u7f16\u8bd1", u"\u8b66\u544a", u"\u95ee\u9898",
    u"\u5931\u8d25", u"\u8fc7\u4e86", u"\u5168\u8fc7", u"\u65e0\u8bef",
)


def claimish(text):
    """Whether ``text`` has any word a claim needs."""
    low = text.lower()
    for word in CLAIM_WORDS:
        if word in low:
            return True
    return _COUNT.search(low) is not None


_COUNT = re.compile(r"\d\s*(?:/|of|out of)\s*\d")


def has_cjk(text):
    return bool(text) and max(text) >= u"\u3400"


_WORD = re.compile(r"[a-z0-9_]+(?:'[a-z]+)?")


def words_of(text):
    """The lower-case words of ``text`` (apostrophes kept: "couldn't", "i'll")."""
    return set(_WORD.findall(text.lower().replace(u"\u2019", "'")))


class _Filter(object):
    """A pattern searched only when the text contains one of its trigger words."""

    __slots__ = ("regex", "triggers")

    def __init__(self, regex, triggers):
        self.regex = regex
        self.triggers = triggers

    def search(self, text, words=None):
        if self.triggers.isdisjoint(words if words is not None else words_of(text)):
            return None
        return self.regex.search(text)


def _words(text):
    return frozenset(text.split())


def scan(pattern, text, starts):
    """Non-overlapping matches of ``pattern`` tried only where a word of ``starts`` begins (or a
    digit, a placeholder, a check mark): the same matches ``finditer`` would find for patterns
    whose every alternative starts with such a word, at a fraction of the cost."""
    low = text.lower()
    if len(low) != len(text):
        return list(pattern.finditer(text))
    found = []
    end = 0
    for token in _START.finditer(low):
        at = token.start()
        if at < end:
            continue
        word = token.group(0)
        if word in starts or word[0] in _START_CHARS or word.startswith("sg") or word.startswith("test_") \
                or word.endswith("_test"):
            m = pattern.match(text, at)
            if m and m.end() > at:
                found.append(m)
                end = m.end()
    return found


_START = re.compile(u"[a-z0-9_]+|[\u2705\u2713\u2714\u2611]")
_START_CHARS = frozenset(u"0123456789\u2705\u2713\u2714\u2611")
_SUBJECT_STARTS = frozenset((
    "everything all every it they both each them these those npm pnpm yarn bun cargo go dotnet mvn mix swift deno "
    "next vite docker vue svelte basedpyright pyright mypy pytype phpstan dialyzer tsc golangci staticcheck credo "
    "eslint oxlint stylelint "
    "shellcheck swiftlint ktlint rubocop flake8 pylint clippy gofmt isort ruff biome prettier pytest jest vitest "
    "mocha playwright cypress rspec phpunit nextest webpack tsup esbuild type types typecheck typechecks "
    "typechecking typechecker typing typescript lint linting linter linters formatting format formatter "
    "production prod release dev android ios web wasm build builds compilation project app application package "
    "codebase library crate module binary image container site code wheel bundle frontend backend extension plugin "
    "workspace docs test tests suite suites specs spec testcase testcases").split())
_PREDICATE_STARTS = frozenset((
    "pass passes passed passing compile compiles compiled compiling typechecks typecheck types successful successfully "
    "builds built reports report reported shows show showed finds find found returns return returned gives give "
    "gave has had comes came with no zero not without failures flags flagged exit exits exited completes completed "
    "finishes finished ran runs went goes is are green all clean cleanly succeed succeeds succeeded succeeding success "
    "successful happy fine ok okay good works worked checks check vet vets").split())


_HEDGE_WORDS = _words(
    "should shouldn't probably likely unlikely might may could would ought believe think guess seems seem seemed "
    "appears appear appeared looks presumably supposedly theory principle hopefully hope expect expects expected "
    "expecting confident sure unsure unclear certain uncertain assume assumes assumed assuming suppose supposes "
    "supposed apparently possibly perhaps maybe allegedly reportedly i'd fingers reading read mistaken far afaict")
_RELAY_WORDS = _words(
    "according per say says said claim claims claimed report reports reported mention mentions mentioned note notes "
    "noted state states stated told wrote indicate indicates indicated assert asserts asserted suggest suggests "
    "suggested ci github gitlab circleci buildkite jenkins travis pipeline main master develop trunk workflow "
    "badge checkbox placeholder wording banner")
_FUTURE_WORDS = _words(
    "let let's lets i'll will we'll won't going gonna about plan plans planning intend next need needs needed have "
    "has must want wants wanted wanna goal aim aiming working trying try confirm verify check sure ensure progress "
    "wip later shortly still waiting todo i'd would yet get getting now")
_CONDITION_WORDS = _words(
    "if unless whether long case only provided soon depends depending conditional gated gate gates when whenever "
    "until once")
_FAILURE_WORDS = _words(
    "fail fails failed failing failure failures broken breaks red error errors errored erroring crash crashes "
    "crashed crashing hang hangs hung regress regresses regressed regression regressions timed time times timeout "
    "timeouts killed panic panics panicked aborted segfault segfaults segfaulted exception exceptions exit exits "
    "exited code only")
_TIMESHIFT_WORDS = _words(
    "used previously originally initially formerly earlier stopped longer not previous last before")
_NEGATOR_WORDS = _words(
    "not never longer none nothing no tests zero 0 unable cannot can't won't didn't don't doesn't isn't aren't "
    "wasn't weren't haven't hasn't hadn't couldn't wouldn't yet without test")
_OPERATIONAL_WORDS = _words(
    "health healthcheck healthchecks smoke uptime endpoint endpoints route routes probe probes live prod production "
    "deployed deploy deploys served cdn status http ok infra infrastructure monitor monitors dns ssl certificate "
    "certificates page pages link links row rows record records request requests assertions")
_QUALIFIER_WORDS = _words(
    "except excluding exclude excludes excluded apart aside besides other exception ignoring far now least partial "
    "partially mostly most almost nearly subset preexisting pre unrelated only known for on didn't did haven't have "
    "couldn't could")


# ------------------------------------------------------------------------------------ grammar

class LazyRegex(object):
    """A pattern compiled the first time it is used: a message without claim words needs only the
    few structural patterns, and the hook pays for compiling only what it uses."""

    def __init__(self, source, flags=0):
        self.source = source
        self.source_flags = flags

    def __getattr__(self, name):
        compiled = re.compile(self.source, self.source_flags)
        for method in ("search", "match", "fullmatch", "sub", "subn", "finditer", "findall", "split"):
            setattr(self, method, getattr(compiled, method))
        self.pattern, self.flags = compiled.pattern, compiled.flags
        return getattr(compiled, name)


class _Grammar(object):
    """All regular expressions (each compiled on first use)."""

    def __init__(self):
        I, A, M, S = re.I, re.A, re.M, re.S
        c = LazyRegex
        self.fence = c(r"^[ \t]*(```+|~~~+)[^\n]*\n(.*?)(?:^[ \t]*\1[ \t]*$|\Z)", M | S)
        self.inline = c(r"`([^`\n]{1,200})`")
        # every branch starts with its quote character (so the scan skips other characters fast);
        # straight quotes must also follow a space or an opening bracket (checked by the caller)
        self.quote = c(
            r"\"([^\"\n]{1,160})\"|'([^'\n]{1,100})'(?=[\s.,;:!?)\]]|$)"
            r"|\u201c([^\u201d\n]{1,160})\u201d|\u2018([^\u2019\n]{1,100})\u2019(?=[\s.,;:!?)\]]|$)"
            r"|\u300c([^\u300d\n]{1,160})\u300d|\u300e([^\u300f\n]{1,160})\u300f", M)
        self.testid = c(r"^(?:(?:[\w./-]*/)?(?:test_\w+|\w+_test|tests?/[\w./-]*|[\w-]+\.(?:test|spec)\.\w+)"
                        r"(?:\.\w+)?(?:::[\w\[\]-]+)*/?|[\w./-]+::[\w\[\]:-]+|Test[A-Z]\w*|test\w*\.py)$", A)
        self.placeholder = c(r"sg([tylbicq])(\d+)x")

        # structure
        self.list_mark = c(u"^\\s*(?:[-*+\u2022\u00b7>]\\s+|\\d{1,3}[.)]\\s+|#{1,6}\\s+|\\|\\s*)*")
        self.unchecked = c(r"^\s*(?:[-*+]\s+)?\[ \]")
        self.checked = c(r"^\s*(?:[-*+]\s+)?\[[xX]\]\s*")
        self.blockquote = c(r"^\s*>")
        self.plan_heading = c(
            u"^\\s*(?:#{1,6}\\s*)?(?:\\*\\*|__)?(?:(?:here's |here is |this is )?(?:the |my |our )?(?:plan"
            u"|next steps?|todo|to-do|to do"
            u"|remaining work|remaining steps|follow[- ]ups?|acceptance criteria|definition of done|done criteria"
            u"|requirements|open items|outstanding|roadmap|steps|action items|what's left|still to do"
            u"|\u8ba1\u5212|\u4e0b\u4e00\u6b65|\u5f85\u529e|\u540e\u7eed|\u9a8c\u6536\u6807\u51c6|\u6b65\u9aa4)"
            u"(?:\\s+\\w+){0,2})\\s*(?:\\*\\*|__)?\\s*[:\uff1a]?\\s*(?:\\*\\*|__)?\\s*$", I)
        self.plan_inline = c(
            u"^\\s*(?:\\*\\*)?(?:plan|next steps?|next|todo|to-do|remaining work|acceptance criteria|definition of done"
            u"|done criteria|criteria|requirements?|step \\d+|expected|goal|tasks?|follow[- ]ups?"
            u"|\u8ba1\u5212|\u4e0b\u4e00\u6b65|\u5f85\u529e|\u540e\u7eed|\u9a8c\u6536\u6807\u51c6|\u76ee\u6807"
            u"|\u6b65\u9aa4 ?\\d*)(?:\\*\\*)?\\s*[:\uff1a]", I)
        self.sentence_end = c(u"(?<=[.!?])\\s+(?=\\S)|(?<=[\u3002\uff01\uff1f])")
        self.clause_break = c(u"[;:,]\\s|\\s[\u2014\u2013]\\s|\\s--\\s|[\uff0c\uff1b\uff1a;]"
                              u"|\\s(?=(?:but|so|though|although|while|whereas|because|since|yet)\\s)", I)

        # filters (sentence level unless noted)
        self.instruction = c(
            r"^(?:(?:please|then|now|and|also|just)\s+)*(?:run|re-?run|check|verify|confirm|try|make sure"
            r"|ensure|remember|don't forget|do not forget"
            r"|note that|be sure|see|execute|kick off|start|go ahead|feel free|to reproduce|to verify|to check"
            r"|to confirm"
            r"|to test|double-check|install)\b", I | A)
        self.instruction_anywhere = c(
            r"\bplease\b|\byou (?:should|can|could|may|might|must|need to|will need|'ll need|have to|'ll want)\b"
            r"|\bafter you\b|\bbefore you\b|\bmake sure (?:you|to)\b", I | A)
        self.relayed = c(
            r"\baccording to\b|\bper (?:the|your|our|its|their)\b|\bas (?:the|you|your|per|stated|noted|mentioned)\b"
            r"[^,.;]{0,40}?\b(?:says?|said|notes?|noted|mentions?|mentioned|states?|stated|reports?|reported"
            r"|claims?|claimed)\b"
            r"|\b(?:you|user|users|teammate|colleague|reviewer|maintainer|author|agent|bot|readme|docs?|documentation"
            r"|issue|ticket|changelog|comment|commit message|pr|pull request|description|spec|wiki|summary|report"
            r"|session|he|she|someone|they|your|message|messages|email|thread"
            r"|slack)\b(?:\s+[\w'-]+){0,5}?\s+(?:says?|said|claims?|claimed|reports?|reported"
            r"|mentions?|mentioned|notes?|noted|states?|stated|told|wrote|indicates?|indicated|asserts?|asserted"
            r"|suggests?|suggested)\b"
            r"|\b(?:on|in|from|via|by) (?:the )?ci\b|^\W*ci\b|\bci (?:is|was|are|were|run|runs|job|jobs|build"
            r"|builds|pipeline"
            r"|checks?|shows?|reports?|looks?|passe[sd]|passing|green|status)\b|\bgithub actions\b|\bgitlab(?: ci)?\b"
            r"|\bcircleci\b|\bbuildkite\b|\bjenkins\b|\btravis\b|\bpipeline (?:is|was|run)\b|\bthe pipeline\b"
            r"|\bon (?:the )?(?:main|master|develop|trunk)(?: branch)?\b|\bworkflow runs?\b|\bci matrix\b"
            r"|\b(?:badge|checkbox|placeholder|wording|banner)\b", I | A)
        self.hedged = c(
            r"\b(?:should(?:n't)?|probably|likely|unlikely|might|may|could|would|ought|believe|think|guess"
            r"|seems?|seemed"
            r"|appears?|appeared|looks like|presumably|supposedly|in theory|in principle|hopefully|hope"
            r"|expect(?:s|ed|ing)?"
            r"|confident|not sure|unsure|unclear|not certain|uncertain|assum(?:e|es|ed|ing)|suppose[sd]?|apparently"
            r"|possibly|perhaps|maybe|allegedly|reportedly|i'd say|fingers crossed|if i'm reading (?:\w+ ){0,3}right"
            r"|if i read (?:\w+ ){0,3}(?:right|correctly)|unless i'm mistaken|as far as i can tell|afaict"
            r"|(?:pretty|fairly|quite|reasonably|almost|not 100%) (?:sure|confident|certain))\b", I | A)
        self.as_expected = c(r"\bas (?:expected|it should|they should)\b", I | A)
        self.future = c(
            r"\b(?:let me|let's|lets|i'll|i will|we'll|we will|will|won't|going to|gonna|about to|plan(?:s|ning)? to"
            r"|intend|next(?! build)|need(?:s|ed)?|have to|has to|must|want(?:s|ed)?|wanna|goal|aim(?:ing)? to"
            r"|working on|trying"
            r"|try to|to confirm|to verify|to check|to make sure|to ensure|to see (?:if|whether)|make sure|ensure"
            r"|in progress|wip|later|shortly|still need|waiting|todo|to-do|i'd like|would like|yet to|get (?:\w+ ){0,3}"
            r"(?:to pass|passing|green)|getting)\b|^\W*(?:running|rerunning|re-running|verifying|checking)\b.*\bnow\b",
            I | A)
        self.conditional = c(
            r"\b(?:if|unless|whether|as long as|in case|only when|only if|only after|provided(?: that)?|as soon as"
            r"|depends on|depending on|conditional on|gated on|gates? (?:\w+ )?on|when(?:ever)?|until|once)\b", I | A)
        # failure words; "clean" phrases that contain them are masked first
        self.clean_phrases = c(
            r"\b(?:no|zero|0|not a single|not one|nothing|none|never|without(?: any)?|with no|any)\s+(?:\w+[ -]){0,2}?"
            r"(?:fail\w*|errors?|errored|crash\w*|regress\w*|broken|breakages?|red)\b"
            r"|\b(?:didn't|did not|doesn't|does not|don't|do not|won't|no longer|never|nothing|none)\s+(?:\w+\s+)?"
            r"(?:fail\w*|error\w*|crash\w*|break\w*|regress\w*|reports? any \w+)"
            r"|\b(?:fail(?:ed|ures?)|errors?)\s*[:=]\s*0\b|\b0\s+(?:fail(?:ed|ures?)|errors?)\b"
            r"|\b(?:fix(?:ed|es|ing)?|resolv(?:ed|es|ing)|repair(?:ed|s)?|address(?:ed|es)?|previously|formerly"
            r"|pre-?existing|known|unrelated|expected|flaky|xfail(?:ed)?)\s+(?:[\w`'-]+\s+){0,4}?"
            r"(?:fail\w*|errors?|crash\w*|broken|regress\w*)"
            r"|\b(?:fail\w*|errors?)\s+(?:\w+\s+){0,2}(?:are|is|were|was)\s+(?:all\s+)?(?:pre-?existing|known"
            r"|unrelated|expected)"
            r"|\b(?:reports?|reported|finds?|found|shows?|showed|returns?|returned|flags?|flagged|says?"
            r"|said)\s+nothing\b"
            r"|\b(?:that|which|who) (?:were|was|had been|used to be) (?:failing|broken|red)\b|\bpreviously[- ]failing\b"
            r"|\bfail(?:s|ed|ing)? (?:before|without) (?:the|my|this|that) (?:fix|change|patch|commit)\b"
            r"|\b(?:fail\w*|errors?|crash\w*|regress\w*|exceptions?|panics?|hangs?)\s+(?:is|are|was|were"
            r"|has been|have been)"
            r"\s+(?:now\s+)?(?:fixed|resolved|gone|addressed|handled)\b"
            r"|\bregression tests?\b|\bred[- ]green\b|\berror (?:handling|messages?|paths?|cases?)\b"
            r"|\bfailure (?:modes?|cases?|paths?)\b|\bfail-?(?:safe|fast|over)\b", I | A)
        self.failure = c(
            r"\b(?:fail(?:s|ed|ing|ures?)?|broken|breaks|red|errors?|errored|erroring|crash(?:es|ed|ing)?|hangs?|hung"
            r"|regress(?:es|ed|ions?)?|timed out|times? out|timeouts?|killed|panic(?:s|ked)?|aborted|segfault\w*"
            r"|exceptions?)\b|\bexit(?:s|ed)?(?: with)?(?: code| status)?:? [1-9]\d*\b|\bexit code [1-9]"
            r"|\bonly \d[\d,]* (?:of|out of|/)", I | A)
        self.negator = c(
            r"\b(?:not|never|no longer|none of|nothing|no tests?|zero tests|0 tests|0 of|unable|cannot|can't|won't"
            r"|didn't|don't|doesn't|isn't|aren't|wasn't|weren't|haven't|hasn't|hadn't|couldn't|wouldn't|yet to"
            r"|without running)\b", I | A)
        self.timeshift = c(
            r"\b(?:used to|previously|originally|initially|formerly|earlier|stopped (?:passing|working|building)"
            r"|no longer|but not|not any ?more|as of (?:the|my) (?:previous|last|earlier)"
            r"|before (?:my|the|this|these|those|that|i|we|it)\b(?! (?:\w+ )?(?:was|were|is) (?:run|rerun)))", I | A)
        self.operational = c(
            r"\b(?:health ?checks?|smoke checks?|uptime|endpoints?|routes?|probes?|live site|on prod|in production"
            r"|production is|deployed|deploys?|served|cdn|status codes?|http \d{3}|\d{3} ok|infra(?:structure)?"
            r"|monitors?|dns|ssl|certificates?|pages?|links?|rows?|records?|requests?|assertions)\b", I | A)
        self.qualifier = c(
            r"\b(?:except|excluding|exclude[sd]?|apart from|aside from|besides|other than|with the exception"
            r"|ignoring|so far|for now|at least|partial(?:ly)?|mostly|most (?:of the )?tests|almost|nearly|subset"
            r"|pre-?existing|unrelated|only (?:the|these|those|\d+|ran|tested|checked|a subset|some|for)"
            r"|i only ran|known (?:\w+ ){0,2}(?:failures?|issues?|problems?|breakages?|errors?|warnings?"
            r"|limitations?|flaky)"
            r"|(?:for|on) (?:its|these|those|my|the new|the changed|the touched|the affected|the modified|the edited"
            r"|the files i|files i) ?(?:\w+ )?(?:files?|modules?|package|code|changes)?"
            r"|on (?:the )?(?:files|code) i (?:changed|touched|edited)"
            r"|(?:didn't|did not|haven't|have not|couldn't|could not) (?:yet )?(?:run|check|test|lint|typecheck"
            r"|type-check"
            r"|build|compile)(?:ed)? (?:the )?(?:others|other \w+|rest|remaining \w+|full suite|whole suite|slow \w+"
            r"|[\w-]+ (?:folders?|directory|directories|dirs?|packages?|modules?|files?|crates?)))\b|\bonly\W*$", I | A)

        # subjects
        self.subject = c(
            r"(?P<every>\beverything(?: else)?\b|\ball (?:the |of the )?(?:checks|gates|verifications?)\b"
            r"|\bevery check\b)"
            r"|(?P<code>\bsg[tylbi]\d+x\b)"
            r"|(?P<pron>\b(?:it|they|both(?: of them)?|all of them|each of them|them all|these|those|all \d[\d,]*"
            r"(?= (?:pass|passed|passing|green)\b))\b)"
            r"|(?P<tool>\b(?:" + _PROSE_TOOLS + r")(?:\s+(?:--?[a-z][\w-]*(?:=\S+)?|\.(?=\s)|-p \S+"
            r"|src/?\S*))*(?![\w-]))"
            r"|(?P<testid>\btest_\w+|\b[a-z]\w*_test\b)"
            r"|(?P<typecheck>\btype[- ]?check(?:s|ing|er)?\b|\btype checker\b|\btyping\b|\btypes\b"
            r"|\btypescript(?: compiler| check| types)?\b)"
            r"|(?P<lint>\blint(?:ing|ers?)?(?: (?:checks?|run|step|rules))?\b|\bformatting(?: check)?\b"
            r"|\bformat check\b"
            r"|\bthe formatter\b)"
            r"|(?P<build>\b(?:(?:production|prod|release|dev|docker|android|ios|web|wasm) )?(?:builds?|compilation)\b"
            r"(?! (?:script|scripts|time|artifacts?|output|directory|dir|folder|config|configuration|system|tools?|step"
            r"|cache|flags?|matrix|badge|number|files?|logs?|steps)\b))"
            r"|(?P<buildable>\b(?:project|app|application|package|codebase|library|crate|module|binary|image|container"
            r"|site|code|wheel|bundle|frontend|backend|extension|plugin|workspace|docs site)\b)"
            r"|(?P<test>\b(?:test suites?|test runs?|test results|suites?|test ?cases?|specs?|tests?)\b"
            r"(?! (?:harness|database|db|data|fixtures?|helpers?|utils?|ids?|directory|dir|folder|runner|config|env"
            r"|environment|server|setup|coverage|plan|script|framework|command|output|step|target|job|names?|files?"
            r"|module|code|double|account|user|mode|pyramid)\b))", I | A)
        # predicates
        self.predicate = c(
            r"(?P<obj>\bpass(?:es|ed|ing)?\s+(?:all|every|each|the|its|our|their|both|\d[\d,]*)"
            r"(?:\s+(?:of the|of its|the|\d[\d,]*|existing|new|unit|integration|e2e|remaining|whole|full|entire"
            r"|complete"
            r"|current|one of the))*\s+(?:test suites?|suites?|tests?|specs?|test cases?|checks?)\b)"
            r"|(?P<cnt>(?<![\d.,/])\d[\d,]*\s*(?:/|of|out of)\s*\d[\d,]*(?![\d.%])(?:\s+(?:unit |integration |e2e )?"
            r"(?:tests?|specs?|test cases?|examples?))?(?:\s+(?:are\s+|now\s+)?(?:passing|passed|pass|green))?"
            r"|(?<![\d.,/])\d[\d,]*\s+(?:(?:unit |integration |e2e |new )?(?:tests?|specs?|examples?|test cases?)\s+)?"
            r"(?:passed|passing)\b|\bpassing:?\s+\d[\d,]*\s+(?:tests?|specs?|examples?)|\b100\s?%\s+pass(?:ing|ed|es)?)"
            r"|(?P<comp>\bcompil(?:es?|ed|ing)\s+(?:cleanly|clean|successfully|fine|ok"
            r"|without (?:any )?(?:errors?|warnings?"
            r"|issues|problems)|with (?:no|zero|0) (?:errors?|warnings?|issues|problems))|\bcompiled successfully\b)"
            r"|(?P<tcv>\btypechecks?\s+(?:cleanly|clean|fine|successfully|without (?:any )?errors|with (?:no"
            r"|zero|0) errors)"
            r"|\btypes (?:all |now |still )?check(?:s)?(?: out| cleanly| clean)?\b(?!\s+(?:the|a|for|that"
            r"|whether|if|is|are)\b))"
            r"|(?P<sbuild>\bsuccessful(?:ly)? (?:build|compilation)\b)"
            r"|(?P<vet>\bvets?\s+clean(?:ly)?\b)"
            r"|(?P<bverb>\b(?:builds|built)\b(?:\s+(?:cleanly|successfully|fine|ok|again|now|without (?:any )?"
            r"(?:errors?|warnings?)|with (?:no|zero|0) (?:errors?|warnings?)))?"
            r"(?!\s+(?:the|a|an|its|their|his|her|our|my|your|this|that|these|those|them|it|up|into|from|for|\d)\b))"
            r"|(?P<clean>\b(?:(?:reports?|reported|shows?|showed|finds?|found|returns?|returned|gives?|gave|has|had"
            r"|comes back with|came back with|with)\s+)?(?:no|zero|0|not a single|without(?: any)?)\s+"
            r"(?:(?P<ccat>type|typescript|tsc|mypy|pyright|typing|type-check(?:ing)?|typecheck|lint(?:ing|er)?|eslint"
            r"|ruff|clippy|rubocop|biome|flake8|pylint|build|compile|compilation|compiler|test)\s+)?"
            r"(?:errors?|failures?|issues|problems|warnings?|offen[cs]es|violations|complaints|findings|diagnostics)\b"
            r"|\bno longer reports? any (?:errors?|issues|problems|warnings?)\b|\bno (?:failing|broken) tests\b"
            r"|\b(?:reports?|reported|finds?|found|shows?|showed|flags?|flagged)\s+nothing\b"
            r"|\bfailures:?\s*0\b)"
            r"|(?P<exit0>\bexit(?:s|ed)?(?: with)?(?: code| status)?:? 0\b|\bexit(?:s|ed)? clean(?:ly)?\b"
            r"|\breturns? (?:exit code )?0\b)"
            r"|(?P<finish>\b(?:completes|completed|finishes|finished|ran|runs|came back|comes back|went|goes|is back"
            r"|are back)\s+(?:cleanly|clean|successfully|green|through|without (?:any )?(?:errors?|failures?|issues"
            r"|problems)|with no (?:errors?|failures?)))"
            r"|(?P<pass>\bpass(?:es|ed|ing)?\b)"
            r"|(?P<green>\b(?:all )?green\b|\u2705|\u2713|\u2714|\u2611)"
            r"|(?P<cleanw>\bclean(?:ly)?\b(?!\s+up\b))"
            r"|(?P<succ>\bsucce(?:eds?|eded|eding|ss(?:ful(?:ly)?)?)\b)"
            r"|(?P<happy>\b(?:happy|fine|ok(?:ay)?|good to go)\b)"
            r"|(?P<works>\bworks\b|\bworked\b|\b(?:completes|completed|finishes|finished)\b(?! with))"
            r"|(?P<checkout>\bchecks? out\b)", I | A)
        self.pass_object = c(
            r"\s+(?:the|a|an|its|their|his|her|our|my|your|this|these|those|them|it|me|us|him|through|along|over"
            r"|into|around|back|down|onto|on to|in the|to|via|by|as|rate|rates|count|counts|percentage|ratio"
            r"|[\w-]+ (?:to|into|through|as)\b)\b", I | A)
        self.noun_before = c(r"\b(?:a|the|first|second|one|this|that|each|single|final|another|quick)\s*$", I | A)
        self.link_gap = c(r"^(?:[^;!?.]|\.(?!\s))*$")
        self.coord_gap = c(r"^(?:\s|,|&|/|\+|\band\b|\bor\b|\bthe\b|\bboth\b|\bas well as\b|\bplus\b|\balso\b)*$",
                           I | A)
        self.everything_alone = c(r"\b(?:all green|green across the board|pass(?:es|ed)? (?:every|all) checks?)\b",
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
        ))
        self.gap_subset = c(r"\b(?:in|for|under|inside|from)\s+(?:the\s+)?(?!(?:suite|whole|entire|full|project|repo"
                            r"|repository|codebase|all|every)\b)\S+|\bsg[ic]\d+x|\bi (?:added|wrote|created)\b", I | A)
        self.gap_all = c(r"\ball\b|\bacross (?:all|every|the whole)\b|\bin (?:the|every|all) (?:suite|packages?)\b",
                         I | A)
        self.zero_failures = c(
            r"\b(?:0|no|zero) (?:fail(?:ed|ures?)|errors?)\b|\bwithout (?:any )?failures\b|\bfailures:?\s*0\b", I | A)
        self.numbers = c(r"(?<![\d.])(\d[\d,]*)(?:\s*(?:/|of|out of)\s*(\d[\d,]*))?(?![\d.])", A)
        self.passed_count = c(r"(?<![\d.,/])(\d[\d,]*)\s+(?:\w+\s+)?(?:passed|passing|pass)\b", I | A)
        self.total_count = c(r"(?<![\d.,/])(\d[\d,]*)\s+total\b|\btests run:?\s*(\d[\d,]*)", I | A)
        self._tools = self._wrappers = self._zh = self._completion = None
        # Each filter runs only when the text has one of its words: every alternative of the
        # pattern contains at least one of them (a word test is far cheaper than a regex scan).
        self.hedged = _Filter(self.hedged, _HEDGE_WORDS)
        self.relayed = _Filter(self.relayed, _RELAY_WORDS)
        self.future = _Filter(self.future, _FUTURE_WORDS)
        self.conditional = _Filter(self.conditional, _CONDITION_WORDS)
        self.failure = _Filter(self.failure, _FAILURE_WORDS)
        self.timeshift = _Filter(self.timeshift, _TIMESHIFT_WORDS)
        self.negator = _Filter(self.negator, _NEGATOR_WORDS)
        self.operational = _Filter(self.operational, _OPERATIONAL_WORDS)
        self.qualifier = _Filter(self.qualifier, _QUALIFIER_WORDS)
        self.instruction_anywhere = _Filter(self.instruction_anywhere, frozenset(("please", "you", "after", "before",
                                                                                   "make")))

    @property
    def tools(self):
        """The command table as one pattern, alternative tN for TOOLS[N] (first match wins);
        compiled when a message first has inline code."""
        if self._tools is None:
            self._tools = re.compile("|".join("(?P<t%d>%s)(?=\\s|:|$)" % (i, p) for i, (p, _, _) in enumerate(TOOLS)),
                                     re.I | re.A)
        return self._tools

    @property
    def wrappers(self):
        if self._wrappers is None:
            self._wrappers = re.compile(_WRAPPERS, re.I | re.A)
        return self._wrappers

    @property
    def zh(self):
        """The Chinese vocabulary (compiled when a message first has CJK text)."""
        if self._zh is None:
            from stalegreen.engine import claims_zh

            self._zh = claims_zh.Grammar(self)
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


def _grammar():
    global _GRAMMAR
    if _GRAMMAR is None:
        _GRAMMAR = _Grammar()
    return _GRAMMAR


# ------------------------------------------------------------------------------------ reading

class _Reader(object):
    """State while reading one message: placeholders, antecedents, results."""

    def __init__(self, g, completion):
        self.g = g
        self.completion = completion
        self.spans = []          # placeholder index -> (kind, original text, category, tool, scope)
        self.result = Extraction()
        self.found = []          # claims in order, before one-per-category
        self.history = []        # earlier sentences of the paragraph (text, or their subjects once read)

    # -- placeholders

    def _hold(self, kind, original, category=None, tool=None, scope=None):
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

        text = re.sub(r" ?\bsg([tylbicq])(\d+)x\b ?", put_back, text).strip()
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
            body = m.group(2)
            if claimish(body):
                line = next((ln for ln in body.splitlines() if claimish(ln)), body)
                self._ignore(line, "code")
            return "\n\n"

        text = g.fence.sub(fence, text.replace("\r\n", "\n"))

        def inline(m):
            code = m.group(1)
            command = classify_command(code)
            if command:
                category, tool, scope = command
                return self._hold(CATEGORY_LETTER[category], code, category, tool, scope)
            if g.testid.match(code.strip()):
                return self._hold("i", code, "test", None, "subset")
            if _is_claim_phrase(g, code) or (has_cjk(code) and claimish(code)):
                self._ignore(code, "code")
            return self._hold("c", code)

        text = g.inline.sub(inline, text)

        def quoted(m):
            if m.group(0)[0] in "\"'" and m.start() > 0 and m.string[m.start() - 1] not in " \t\n([:,":
                return m.group(0)
            inner = next(x for x in m.groups() if x is not None)
            if claimish(inner):
                self._ignore(inner, "quoted")
            return self._hold("q", inner)

        return g.quote.sub(quoted, text)

    # -- structure

    def read(self, text):
        g = self.g
        text = self.prepare(text)
        in_plan = False
        for paragraph in re.split(r"\n[ \t]*\n", text):
            self.history = []
            lines = [ln for ln in paragraph.split("\n") if ln.strip()]
            for line in lines:
                if g.plan_heading.match(line):
                    in_plan = True
                    continue
                is_item = bool(re.match(r"^\s*(?:[-*+\u2022]\s|\d{1,3}[.)]\s|\[[ xX]\])", line))
                if not is_item:
                    in_plan = False     # a plan's list ends at the first line that is not an item
                if g.unchecked.match(line):
                    self.read_line(g.unchecked.sub("", line), "plan")
                elif g.blockquote.match(line):
                    self.read_line(line, "quoted")
                else:
                    self.read_line(g.checked.sub("", line), "plan" if in_plan and is_item else None)

    def read_line(self, line, forced_reason):
        g = self.g
        body = g.list_mark.sub("", line).strip().strip("|").strip()
        if not body:
            return
        for sentence in g.sentence_end.split(body):
            sentence = sentence.strip()
            if sentence:
                self.read_sentence(sentence, forced_reason)

    # -- one sentence

    def read_sentence(self, s, forced_reason):
        g = self.g
        if not claimish(s):
            self.history.append(s)    # read for subjects only if a later pronoun needs them
            return
        candidates, mentions = _english(self, s)
        if has_cjk(s):
            zh_candidates, zh_mentions = g.zh.candidates(self, s)
            candidates += zh_candidates
            mentions = mentions + zh_mentions
        self.history.append(mentions)
        done = self.completion and _completion(self, s, candidates)
        if not candidates and not done:
            return
        if done:
            candidates.append(done)
        reason = forced_reason or _sentence_reason(g, s)
        negated = None
        cache = []

        def restored():
            if not cache:
                cache.append(self.restore(s))
            return cache[0]

        qualified = bool(g.qualifier.search(s)) or (has_cjk(s) and bool(g.zh.qualifier.search(s)))
        for cand in candidates:
            why = reason
            if not why:
                clause = _clause(g, s, cand)
                why = _clause_reason(g, clause, cand.get("lang"))
                if not why:
                    if negated is None:
                        negated = _sentence_negated(g, s)
                    if negated or _clause_negated(g, clause, cand.get("lang")):
                        why = "negated"
            if why:
                self._ignore(self.restore(cand["text"]), why, restored(), cand["category"])
                continue
            claim = {
                "category": cand["category"], "scope": cand["scope"],
                "qualified": bool(qualified or cand.get("qualified")),
                "text": self.restore(cand["text"]), "sentence": restored(),
                "counts": cand.get("counts") or {}, "tool": cand.get("tool"),
                "alternates": list(cand.get("alternates") or ()), "lang": cand.get("lang", "en"),
            }
            if cand.get("expanded"):
                claim["expanded"] = True
            self.found.append(claim)

    def antecedents(self):
        """Subjects of the nearest earlier sentence of the paragraph that named any (for pronouns)."""
        for index in range(len(self.history) - 1, -1, -1):
            entry = self.history[index]
            if isinstance(entry, str):
                found = scan(self.g.subject, entry, _SUBJECT_STARTS)
                entry = [x for x in (_subject_info(self, entry, m) for m in found)
                         if x["category"] and x["kind"] != "buildable"]
                if has_cjk(self.history[index]):
                    entry += [x for x in (self.g.zh._subject(self, self.history[index], m)
                                          for m in self.g.zh.subject.finditer(self.history[index]))
                              if x["category"] and x["kind"] != "buildable"]
                self.history[index] = entry
            if entry:
                return entry
        return []

    def finish(self):
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


def _rank(claim):
    return (not claim["qualified"], claim["scope"] == "all", not claim.get("expanded"))


def _is_claim_phrase(g, code):
    return bool(re.search(r"\b(?:pass(?:es|ed|ing)?|green|clean|succe\w+|ok)\b", code, re.I | re.A)) \
        and bool(g.subject.search(code))


# ------------------------------------------------------------------------------------ filters

def _sentence_reason(g, s):
    """Why a whole sentence cannot carry a claim: plan, question, instruction, hedged, relayed."""
    plain = g.placeholder.sub(" ", s)
    zh = g.zh if has_cjk(plain) else None
    words = words_of(plain)
    if g.plan_inline.match(plain):
        return "plan"
    if "?" in plain or (zh and zh.question.search(plain)):
        return "question"
    if g.instruction.match(plain) or g.instruction_anywhere.search(plain, words) \
            or (zh and zh.instruction.search(plain)):
        return "instruction"
    if g.hedged.search(g.as_expected.sub(" ", plain) if "as " in plain else plain, words) \
            or (zh and zh.hedged.search(plain)):
        return "hedged"
    if g.relayed.search(plain, words) or (zh and zh.relayed.search(plain)):
        return "relayed"
    return None


def _sentence_negated(g, s):
    """Failure words ("1 failed", 失败) or a time shift ("used to pass") anywhere in the sentence."""
    plain = g.placeholder.sub(" ", s)
    cjk = has_cjk(plain)
    words = words_of(plain)
    if not cjk and g.failure.triggers.isdisjoint(words) and g.timeshift.triggers.isdisjoint(words):
        return False
    masked = g.clean_phrases.sub(" ", plain)
    if cjk:
        masked = g.zh.mask(masked)
        if g.zh.negated.search(masked):
            return True
    words = words_of(masked)
    return bool(g.failure.search(masked, words) or g.timeshift.search(masked, words))


def _clause(g, s, cand):
    """The clauses a candidate spans, placeholders blanked."""
    start, end = cand["span"]
    window = max(0, start - LOOKBACK)
    breaks = [m.end() for m in g.clause_break.finditer(s, window, start + 1) if m.end() <= start]
    lo = breaks[-1] if breaks else window
    following = g.clause_break.search(s, max(lo, end - 1))
    hi = following.end() if following else len(s)
    return g.placeholder.sub(" ", s[lo:hi])


def _clause_reason(g, clause, lang):
    """Future or conditional wording in the claim's own clauses."""
    if lang == "zh":
        return g.zh.clause_reason(clause)
    words = words_of(clause)
    if g.future.search(clause, words):
        return "future"
    if g.conditional.search(clause, words):
        return "conditional"
    return None


def _clause_negated(g, clause, lang):
    if lang == "zh":
        return False
    if g.negator.triggers.isdisjoint(words_of(clause)) and "n't" not in clause and u"n\u2019t" not in clause:
        return False
    masked = g.clean_phrases.sub(" ", clause).replace(u"\u2019", "'")
    return bool(g.negator.search(masked) or "n't" in masked)


# ------------------------------------------------------------------------------------ English

def _subject_info(reader, s, m):
    """A subject mention: category, tool, scope hint, phrase start."""
    g = reader.g
    kind = m.lastgroup
    text = m.group(0)
    info = {"kind": kind, "start": m.start(), "end": m.end(), "category": None, "tool": None, "scope": None,
            "qualified": False, "text": text}
    if kind == "code":
        span = reader.span(int(text[3:-1]))
        info["category"], info["tool"], info["scope"] = span[2], span[3], span[4]
    elif kind == "tool":
        name = re.sub(r"\s+", " ", text.lower()).split(" -")[0].strip()
        command = classify_command(name)
        if command:
            info["category"], info["tool"] = command[0], command[1]
        info["scope"] = "all"
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
    for word in reversed(words):
        low = word.lower()
        if low in (",", "&") or not re.match(r"[\w-]", word):
            break
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
    if kind == "test":
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
    "ran", "run", "reran", "rerun", "added", "wrote", "and", "or", "but", "so", "then", "that", "which", "with",
    "after", "before", "since", "now", "all", "are", "is", "were", "was", "i", "we", "you", "it", "they", "did", "also",
    "still", "just", "only", "fixed", "both", "a", "an", "for", "in", "on", "to", "from", "by", "at", "as", "no",
    "passing", "failing", "green", "broken", "flaky", "skipped", "slow", "manual", "live", "visual", "hands-on",
))


def _english(reader, s):
    """Candidate claims in one sentence, and the subject mentions it names."""
    g = reader.g
    subjects = [_subject_info(reader, s, m) for m in scan(g.subject, s, _SUBJECT_STARTS)]
    mentions = [x for x in subjects if x["category"] and x["kind"] not in ("buildable",)]
    candidates = []
    operational = bool(g.operational.search(g.placeholder.sub(" ", s)))
    ends = [x["end"] for x in subjects]
    tools = {}
    for x in subjects:
        if x.get("category") and x.get("tool"):
            tools.setdefault(x["category"], x["tool"])
    for p in scan(g.predicate, s, _PREDICATE_STARTS):
        kind = p.lastgroup
        if kind == "pass":
            if g.noun_before.search(s[max(0, p.start() - 20):p.start()]) or g.pass_object.match(s, p.end()) \
                    or re.match(r"[-_]", s[p.end():p.end() + 1]):
                continue
        near = subjects[bisect.bisect_left(ends, p.start() - 3 * LOOKBACK):bisect.bisect_right(ends, p.start())]
        group, pronoun = _link(g, s, near, p, kind)
        found = _from_predicate(reader, s, p, kind, group, pronoun, subjects, operational, tools)
        candidates.extend(found)
    _add_everything(reader, s, subjects, mentions, candidates, operational)
    return _merge(candidates), mentions


def _link(g, s, subjects, p, kind):
    """The coordinated subjects a predicate is about (resolving pronouns), and the pronoun.
    ``subjects``: those ending before the predicate (and not too far before it)."""
    before = [x for x in subjects if (x["kind"] != "buildable" or kind in ("bverb", "comp", "works", "succ"))
              and not (x["kind"] == "build" and x["text"] == "BUILD")]
    if not before:
        return [], None
    nearest = before[-1]
    gap = s[nearest["end"]:p.start()]
    max_words = 2 if kind in ("cnt", "clean") and nearest["kind"] == "test" else 7
    if len(gap.split()) > max_words or not g.link_gap.match(gap) \
            or re.search(r"\b(?:but|although|though|while|whereas|because|if|unless|when)\b", gap, re.I):
        return [], None
    if nearest["kind"] == "pron":
        antecedent = _group_ending(g, s, [x for x in before[:-1] if x["kind"] not in ("pron", "every", "buildable")])
        return antecedent, nearest
    group = _group_ending(g, s, before)
    return group, None


def _group_ending(g, s, subjects):
    """The last run of subjects joined only by 'and', commas, slashes ('tests, lint and typecheck')."""
    if not subjects:
        return []
    group = [subjects[-1]]
    joints = []
    for prev in reversed(subjects[:-1]):
        if prev["kind"] in ("pron", "every"):
            break
        joint = s[prev["end"]:group[0].get("phrase_start", group[0]["start"])]
        if g.coord_gap.match(joint) and (joint.strip() or group[0].get("phrase_start", 0) < group[0]["start"]):
            group.insert(0, prev)
            joints.append(joint)
        else:
            break
    # commas alone do not coordinate ("apart from the e2e test, lint is clean"): a list needs an "and"
    if joints and not any(re.search(r"\b(?:and|or|both|plus|as well as)\b|[&/+]", j, re.I) for j in joints):
        return group[-1:]
    return group


def _from_predicate(reader, s, p, kind, group, pronoun, subjects, operational, tools):
    g = reader.g
    ptext = p.group(0)
    lowp = ptext.lower()
    if pronoun is not None and not group:
        group = [x for x in reader.antecedents() if x.get("category")]
        if not group and kind in ("pass", "green", "finish", "cnt", "obj") \
                and re.match(r"(?:they|both|all|them|these|those|each)", pronoun["text"], re.I):
            group = [{"kind": "test", "category": "test", "tool": None, "scope": None, "start": pronoun["start"],
                      "end": pronoun["end"], "phrase_start": pronoun["start"], "qualified": False, "mods": []}]
    start_of = (pronoun or (group[0] if group else None))
    start = start_of.get("phrase_start", start_of["start"]) if start_of else p.start()
    span = (start, p.end())
    text = s[start:p.end()]
    out = []

    def make(category, subject=None, alternates=(), scope=None, tool=None):
        named = tool or (subject or {}).get("tool") or tools.get(category)
        cand = {"category": category, "span": span, "text": text, "tool": named,
                "alternates": list(alternates), "lang": "en", "qualified": bool((subject or {}).get("qualified"))}
        cand["scope"] = scope or _scope(g, s, category, subject, p, kind)
        if category == "test":
            cand["counts"] = _counts(g, s, span)
        out.append(cand)

    if kind == "obj":
        scope = "all" if re.search(r"\b(?:all|every|each|whole|full|entire|complete|suite)\b", lowp) else "subset"
        if re.search(r"\bchecks?\b$", lowp):
            return _expand_everything(reader, s, subjects, span, text, operational)
        make("test", group[0] if group and group[0].get("category") == "test" else None, scope=scope)
        return out
    if kind == "cnt":
        if operational and not re.search(r"tests?|specs?", lowp):
            return out
        subject = group[0] if group else None
        if subject and subject.get("category") not in (None, "test"):
            return out
        if not group and not re.search(r"pass|green|tests?|specs?|examples?", lowp):
            return out
        make("test", subject)
        return out
    if kind == "comp":
        subject = group[0] if group else None
        if subject and subject.get("category") == "typecheck":
            make("typecheck", subject)
        elif not subject or subject["kind"] in ("build", "buildable", "code", "pron") \
                or subject.get("category") == "build":
            make("build", subject, alternates=("typecheck",), scope="all")
        return out
    if kind == "tcv":
        make("typecheck", group[0] if group else None, scope="all")
        return out
    if kind == "sbuild":
        make("build", None, scope="all")
        return out
    if kind == "vet":     # "it vets clean": go vet
        make("lint", None, scope="all", tool="go vet")
        return out
    if kind == "bverb":
        subject = group[0] if group else None
        said_it = pronoun is not None and re.match(r"it\b", pronoun["text"], re.I)
        opens_sentence = re.match(r"^\W*$", s[:p.start()]) and len(ptext.split()) > 1    # "Builds cleanly."
        if said_it or (subject is None and opens_sentence):
            make("build", None, scope="all")    # "it builds": whatever "it" is, the claim is a build
        elif subject is not None and (subject["kind"] in ("buildable", "build") or subject.get("category") == "build"):
            make("build", subject, scope="all")
        return out
    if kind == "clean":
        ccat = (p.group("ccat") or "").lower()
        if ccat:
            category = _CLEAN_CATEGORY.get(re.sub(r"[^a-z]", "", ccat), None)
            if category:
                subject = group[0] if group and group[0].get("category") == category else None
                tool = ccat if ccat in ("tsc", "mypy", "pyright", "eslint", "ruff", "clippy", "rubocop", "biome",
                                        "flake8", "pylint") else None
                make(category, subject, alternates=("typecheck",) if category == "build" and "compil" in ccat else (),
                     scope="all", tool=tool)
            return out
        if re.search(r"no (?:failing|broken) tests", lowp):
            make("test", None, scope="all")
            return out
        if not group:
            return out
        for subject in group:
            if subject.get("category"):
                make(subject["category"], subject)
        return out
    # generic predicates: pass, green, clean, succeeds, happy, works, check out, exit 0, finished...
    if not group:
        if kind == "green" and lowp.startswith(("\u2705", "\u2713", "\u2714", "\u2611")):
            after = [x for x in subjects if x["start"] >= p.end() and x.get("category")
                     and len(s[p.end():x["start"]].split()) <= 1]
            if after:
                for subject in _group_starting(g, s, after):
                    cand_span = (p.start(), subject["end"])
                    out.append({"category": subject["category"], "span": cand_span,
                                "text": s[cand_span[0]:cand_span[1]],
                                "tool": subject.get("tool"), "alternates": [], "lang": "en", "qualified": False,
                                "scope": _scope(g, s, subject["category"], subject, p, kind),
                                "counts": _counts(g, s, (p.start(), len(s))) if subject["category"] == "test" else {}})
        return out
    for subject in group:
        category = subject.get("category")
        if subject["kind"] == "buildable":
            continue
        if category is None:
            continue
        if kind == "works" and category != "build":
            continue
        if kind == "checkout" and category != "typecheck":
            continue
        if kind == "happy" and category == "test" and lowp != "happy":    # tests pass, they are not "fine"
            continue
        # state words need a linking verb: "lint is clean", not "tests are shown in green"
        if kind in ("happy", "cleanw") or (kind == "green" and lowp[:1] not in _CHECK_MARKS):
            gap = s[(pronoun or group[-1])["end"]:p.start()]
            if not (_COPULA_GAP.match(gap) or gap.rstrip().endswith(":")):     # "Whole suite re-run: green"
                continue
        alternates = ("typecheck",) if subject.get("compile") else ()
        make(category, subject, alternates=alternates)
    return out


def _group_starting(g, s, subjects):
    group = [subjects[0]]
    for nxt in subjects[1:]:
        if g.coord_gap.match(s[group[-1]["end"]:nxt["start"]]):
            group.append(nxt)
        else:
            break
    return group


_CHECK_MARKS = u"\u2705\u2713\u2714\u2611"
_COPULA_GAP = re.compile(
    r"^(?:\s|[:*_(-]|\d+(?:\.\d+)?\s?%|\b(?:is|are|was|were|be|been|now|all|still|also|again|both|went|turned|came back|comes back"
    r"|come back|stayed|stays|remains?|remained|fully|completely|entirely|totally|back|already|currently|finally"
    r"|as well)\b)*$", re.I | re.A)
_CLEAN_CATEGORY = {
    "type": "typecheck", "typescript": "typecheck", "tsc": "typecheck", "mypy": "typecheck", "pyright": "typecheck",
    "typing": "typecheck", "typecheck": "typecheck", "typechecking": "typecheck",
    "lint": "lint", "linting": "lint", "linter": "lint", "eslint": "lint", "ruff": "lint", "clippy": "lint",
    "rubocop": "lint", "biome": "lint", "flake8": "lint", "pylint": "lint",
    "build": "build", "compile": "build", "compilation": "build", "compiler": "build", "test": "test",
}


def _scope(g, s, category, subject, p, kind):
    if category != "test":
        return "all"
    gap = s[subject["end"]:p.start()] if subject else ""
    ptext = p.group(0)
    scope = (subject or {}).get("scope")
    counted = re.search(r"(\d[\d,]*)\s*(?:/|of|out of)\s*(\d[\d,]*)", ptext)
    if counted:
        return "all" if counted.group(1) == counted.group(2) else "subset"
    said_all = subject and g.all_words.search(" ".join(subject.get("mods") or ()))
    if scope == "subset" or (subject and g.gap_subset.search(gap) and not said_all):
        return "subset"
    if subject and subject["kind"] == "test" and (subject.get("text") or "").lower() == "test" and not said_all:
        return "subset"     # one test ("the flaky test is fixed") names a subset
    return "all"    # a claim without an explicit subset is about the suite (docs/VERDICTS.md)


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
        m = re.match(r"(?:\s+(?:is|are|now|still|also|all|in it|else|was|were|currently|again|finally))*\s*:?\s*"
                     r"(pass(?:es|ed|ing)?|green|succe\w+)\b", tail, re.I)
        if m:
            spans.append((x["start"], x["end"] + m.end()))
    m = g.everything_alone.search(s)
    if m:
        spans.append((m.start(), m.end()))
    for start, end in spans[:1]:
        if operational:
            return
        if re.search(r"\b(?:smoke|health|status|uptime|infra|prod|production|deploys?|endpoints?|routes?|pages?"
                     r"|links?|servers?|services?|processes|monitors?|queues?)\s*$", s[:start], re.I):
            return
        candidates.extend(_expand_everything(reader, s, subjects, (start, end), s[start:end], operational))


def _expand_everything(reader, s, subjects, span, text, operational):
    named = []
    for x in subjects:
        if x.get("category") and x["kind"] not in ("buildable", "pron", "every") and x["category"] not in named:
            named.append(x["category"])
    if named:
        return [{"category": c, "span": span, "text": text, "tool": None, "alternates": [], "lang": "en",
                 "scope": "all", "counts": _counts(reader.g, s, span) if c == "test" else {}} for c in named]
    return [{"category": c, "span": span, "text": text, "tool": None, "alternates": [], "lang": "en",
             "scope": "subset", "counts": {}, "expanded": True} for c in CATEGORIES]


def _merge(candidates):
    """One candidate per category per sentence, preferring all over subset."""
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
    return [best[k] for k in order]


def _completion(reader, s, candidates):
    """A bare completion claim ('Done, the bug is fixed', 已完成) when enabled."""
    g = reader.g
    m = g.completion.search(s) or (has_cjk(s) and g.zh.completion.search(s))
    if not m:
        return None
    return {"category": "completion", "span": (m.start(), m.end()), "text": s[m.start():m.end()], "scope": "all",
            "tool": None, "alternates": [], "counts": {}, "lang": "zh" if has_cjk(m.group(0)) else "en"}


# ------------------------------------------------------------------------------------ entry point

def extract(text, completion=False):
    """Claims and near-misses in an agent's final message. Never raises on odd input."""
    if not text or not isinstance(text, str) or not text.strip():
        return Extraction()
    reader = _Reader(_grammar(), completion)
    reader.read(text)
    return reader.finish()
