# -*- coding: utf-8 -*-
"""English lexicon entries (see ``stalegreen.engine.lexicon`` for the roles)."""

from stalegreen.engine.lexicon import FAIL_MARKS, RED_MARK, Entry

_CHANGE = r"(?:change|changes|fix|fixes|refactor|refactoring|patch|commit|edit|edits|rename|rebase|merge|upgrade|bump|push|force-push|switch|migration|rewrite|swap)"
# "since" of time, not of cause: "since 10:21", "since the rename", "since Monday" ("since 3 of them need
# CUDA", "since your question was about types" are causes); a number is a time only as a clock or a date
SINCE_A_TIME = (r"since\s+(?:\d{1,2}(?::\d\d|\s*[ap]\.?m\b|h\b)|\d{4}-\d|then\b|yesterday\b|earlier\b|last\s|\w+day\b"
                r"|this\s+morning\b|(?:the|my|this|that|your|our)\s+(?:\w+\s+)?(?:" + _CHANGE[3:-1] + r"|update)\b)")


# "but" and a count standing alone, ended by a colon, a parenthesis or the clause ("All tests pass but
# one: `x` times out", "clean but two (both in vendor/)"): the count the claim leaves out
_BUT_FEW = r"\s+(?:one|two|three|four|five|a few|a couple|a handful|\d{1,3})(?=\s*[:(,.;]|\s*$)"


def E(pattern, role, example, categories=(), stems=None):
    return Entry(pattern, role, "en", example, categories, stems)


_SAY_VERBS = ("say", "said", "claim", "report", "mention", "note", "state", "told", "wrote", "indicate", "assert",
              "suggest")


# Hedges that qualify the clause they stand in (a modal verb or adverb: "CI should be green now,
# all tests pass locally" hedges CI only); the others ("I think", "not sure") take the whole
# segment as their complement ("I think the build is fine, and the tests pass").
CLAUSE_HEDGES = frozenset((
    "should", "shouldn't", "ought", "might", "may", "could", "would", "probably", "likely", "presumably",
    "possibly", "perhaps", "maybe",
))

ENTRIES = (
    # ---- modality: the clause asserts nothing
    # (not a formal lead-in: "It should be noted that the package compiles", "I should mention that")
    E(r"\b(?:(?<!as it )(?<!as they )should(?:n't)?(?!\s+(?:be\s+(?:noted|mentioned|said|pointed\s+out|stressed)"
      r"|(?:note|mention|point\s+out|add|stress)\s+that)\b)|ought)\b", "hedge", "The tests should pass now."),
    E(r"\b(?:probably|likely|unlikely|presumably|supposedly|apparently|possibly|perhaps|maybe|allegedly|reportedly)\b",
      "hedge", "The build probably succeeds."),
    # not "I could only run the unit tests", "everything I could run passes": what was possible, said
    # of a run that was made
    # not a formatter's own report: "12 files would be left unchanged", "would leave 142 files unchanged"
    E(r"\b(?:might|may|could(?! only\b)(?<!thing i could)|would(?! be (?:left unchanged|reformatted)\b|\s+leave\s+\d[\d,]*\s+files?\s+unchanged\b))\b", "hedge",
      "The tests might pass now."),
    E(r"\b(?:believe|think|guess|seems?|seemed|appears?|appeared|looks? like|hopefully|hope|here's hoping"
      # (not what code assumed: "the two call sites that assumed a dict")
      r"|(?<!\bthat )(?<!\bwhich )assum(?:e|es|ed|ing)|suppose[sd]?|doubt(?:s|ed)?)\b", "hedge",
      "I think the tests pass."),
    # an expectation is the speaker's ("I'd expect", "we're expecting green"), a passive one ("is expected to
    # pass") or one of a result to come ("expect it to pass"); not what code expects ("both tests expect the old
    # message", "142 expect() calls", "the expect tests all pass")
    E(r"\b(?:i|we)(?:'d|'m|'re| would| am| are| do)?(?:\s+(?:\w+ly|still|also|now|all))?\s+expect(?:s|ed|ing)?\b"
      r"|^\W*(?:still\s+)?expect(?:ing)?\b(?!\s*\()"
      # (in the place of a command's result: "`npm run lint` \u2014 expect no output")
      u"|(?:\\s[\u2014\u2013]|->|\u2192|:)\\s*expect\\b(?!\\s*\\()"
      r"|\bexpect(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?to\b"
      r"|\b(?:is|are|was|were|be|been)\s+(?:\w+ly\s+)?expected\b(?!\s+(?:error|output|message|value)s?\b)", "hedge",
      "I'd expect the tests to pass.", stems=("expect",)),
    E(r"\b(?:confident|not sure|unsure|unclear|not certain|uncertain|in theory|in principle|i'd say|fingers crossed"
      r"|(?:pretty|fairly|quite|reasonably|almost|not 100%) (?:sure|confident|certain))\b", "hedge",
      "I'm fairly confident the tests pass."),
    # a judgement in the conditional ("I'd call the rest fine", "we'd consider lint clean"): an opinion, not a result
    # (stems of the whole contraction: "i" alone starts "in", "is", "it", and the role's pattern,
    # slow to try, would be searched in most sentences)
    E(r"\b(?:i|we)(?:'d|\u2019d| would) (?:call|consider|count|rate|describe|judge|deem|class)\b", "hedge",
      "I'd call the tests passing.", stems=("i'd", u"i\u2019d", "i would", "we'd", u"we\u2019d", "we would")),
    E(r"\b(?:if i'm reading (?:\w+ ){0,3}right|if i read (?:\w+ ){0,3}(?:right|correctly)|unless i'm mistaken"
      r"|as far as i can tell|afaict|from what i can (?:tell|see)|as far as i know|afaik)\b", "hedge",
      "If I'm reading the log right, the build went through."),
    # the agent's own earlier words, reported ("earlier I wrote that `tsc` was clean"); not a restatement ("As I said, ...")
    E(r"(?<!as )\b(?:i|we)\s+(?:had\s+|have\s+|just\s+)?(?:said|wrote|claimed|stated|reported)\s+(?:(?:earlier|before|above"
      r"|previously)\s+)?that\b|\b(?:earlier|before|previously|above),?\s+(?:i|we)\s+(?:said|wrote|claimed|stated|reported)\b",
      "relay", "Earlier I wrote that the tests pass; that was wrong.", stems=("said", "wrote", "claimed", "stated", "reported")),
    # the agent's own words, told as wrong, in any tense a writer gives them ("I wrongly say before that build is success")
    E(r"\b(?:wrongly|mistakenly|incorrectly|falsely)\s+(?:say|said|wrote|write|claim|claimed|state|stated|report|reported|told you)\b",
      "relay", "I wrongly said that the build is green.", stems=("wrongly", "mistakenly", "incorrectly", "falsely")),
    # the agent's earlier message, told ("my earlier message saying they were green was wrong")
    # (one confirmed is said again, now: "Confirming my earlier message that all tests pass")
    # (nor one restated: "As my last update said, the build is green")
    E(r"(?<!\bas )(?<!\bconfirming )(?<!\bconfirm )(?<!\bconfirmed )(?<!\bconfirms )(?<!\breaffirming )"
      r"\b(?:my|our) (?:earlier|previous|last|first|original) (?:message|reply|comment|answer|update|summary|note|report)"
      r"\s+(?:saying|said|that said|claiming|claimed|stating|reporting|that)\b", "relay",
      "My earlier message saying the tests pass was wrong.", stems=("saying", "said", "claiming", "claimed", "stating",
                                                                     "reporting", "that")),
    # (not the user's question or request answered: "Per your question: yes, the build works")
    # (nor a file that says what a command runs: "`make check` (shellcheck + hadolint, per the Makefile)")
    E(r"\baccording to\b|\bper (?:the|your|our|its|their|@?[\w-]+'s)(?!\w)(?!\s+(?:question|request|ask|instructions?)\b)(?!(?<=your)\s+(?:note|notes|suggestion|feedback|advice)\b)"
      r"(?!\s+(?:makefile|justfile|taskfile|package\.json|tox\.ini|noxfile|pyproject(?:\.toml)?|config|configuration|setup\.cfg"
      r"|workflow file|contributing(?:\.md)?|pre-commit config)\b)"
      # a source named as a label: "From the MR widget: pipeline #5521 — test stage passed"
      r"|^\W*(?:from|on|in|per) (?:the )?(?:[\w-]+ ){0,2}(?:widget|dashboard|status page|checks tab|build page|pipeline page)\s*:",
      # (stems of the label's last words: "on", "in" or "from" alone would have the role's pattern, slow
      # to try, searched in most sentences)
      "relay", "According to the README, all tests pass.",
      stems=("according to", "per", "widget", "dashboard", "status page", "checks tab", "build page", "pipeline page")),
    E(r"\bas (?:the|you|your|per|stated|noted|mentioned)\b[^,.;]{0,40}?\b(?:says?|said|notes?|noted|mentions?"
      r"|mentioned|states?|stated|reports?|reported|claims?|claimed)\b", "relay",
      "As the issue says, the tests pass on Linux.", stems=_SAY_VERBS),
    # (not "your" before a say-word that is its noun: "changed the retry logic per your note")
    E(r"\b(?!your\s+(?:note|notes|comment|comments|report|claim|claims|statement|mention)\b)"
      r"(?:you|user|users|teammate|colleague|reviewer|maintainer|author|agent|bot|readme|docs?|documentation"
      r"|issue|ticket|changelog|comment|commit message|pr|pull request|description|spec|wiki|summary|report"
      r"|session|he|she|someone|they|your|message|messages|email|thread|slack|notes|release notes|dashboard|logs?"
      r"|sentry|team|teams|people|qa|ops|others|folks|upstream|vendor|subagent|sub-agent|cache)\b(?:\s+(?:\([@\w.' -]{1,40}\)|(?!(?:no|with|without|any|zero)\b)[\w'-]+)){0,5}?\s+(?:says?|said|claims?|claimed|reports?|reported"
      r"|mentions?|mentioned|notes?|noted|states?|stated|told|wrote|indicates?|indicated|asserts?|asserted"
      r"|suggests?|suggested|commented|confirms?|confirmed)\b(?! (?:no|nothing|zero|0)\b)", "relay",
      "The reviewer said the tests pass.", stems=_SAY_VERBS + ("comment", "confirm")),
    # a person named by a name ("Jamie confirmed the build passes", "Tomás says the build is fine", "Alex
    # ran the suite and said it's green"): their word, not the agent's run. A name is a capitalised word
    # no check and no function word is (runner names are filler in the text this is tried on)
    E(r"(?-i:(?<![\w.`-])(?<!on )(?<!in )(?<!against )(?<!with )(?<!under )(?<!for )(?<!via )(?<!using )"
      r"(?!(?:It|This|That|These|Those|There|Here|Everything|Nothing|Something|All|Both|Each|Every"
      r"|The|Then|Now|And|But|So|Also|Output|Lint|Linting|Tests?|Testing|Build|Builds|Types?|Typecheck|Suite|Specs?"
      r"|Compiler|Coverage|Which|What|Who|Everyone|Nobody|Someone|Result|Results|Log|Logs|Summary)\b)"
      r"(?:[A-Z][a-z\u00c0-\u024f]{1,20}|@[\w-]{2,39}))"     # (or a handle: "@kenji ran it and says it works")
      r"(?:\s+(?:says|said|confirms|confirmed|comments|commented|mentions|mentioned|tells|told)"
      r"|\s+(?:[\w'.-]+\s+){1,10}?and\s+(?:says|said|confirms|confirmed|tells|told))\b"
      # (not a tool saying what it printed: "Black says `All done!`")
      r"(?!\s*(?:[:\"\u201c]|s{4,}\b))",
      "relay", "Jamie confirmed the staging build passes.",
      stems=("say", "said", "confirm", "comment", "mention", "tell", "told")),
    # output someone else produced: "the output you pasted", "the log the user shared"
    E(r"\b(?:you|user|they|he|she|reviewer|colleague|teammate)\s+(?:pasted|shared|sent|posted|attached|forwarded"
      r"|provided|linked)\b", "relay", "Looking at the output you pasted: all 42 tests pass.",
      stems=("pasted", "shared", "sent", "posted", "attached", "forwarded", "provided", "linked")),
    # the user's own output, by its possessive: "From your log, pytest reports 0 failures", "your CI output shows"
    E(r"\byour\s+(?:(?:ci|build|test|run|job|terminal|console)\s+)?(?:logs?|output|paste|screenshot|trace|transcript)\b",
      "relay", "From your log, pytest reports 0 failures.", stems=("your",)),
    # what someone else sees: "Not sure why you're seeing failures; on my side ..." (their failure, not ours)
    E(r"\b(?:you|they|he|she|the user|users|reviewers?)(?:'re| are| were|'ve been| have been)?\s+(?:seeing|see|saw"
      r"|getting|hitting|hit|running into|ran into)\b", "relay", "You're seeing all tests pass.",
      stems=("seeing", "see", "saw", "getting", "hitting", "hit", "running into", "ran into")),
    # another person's run: "My colleague's run showed 0 lint errors"
    E(r"\b(?:colleague|teammate|coworker|co-worker|reviewer|maintainer|user|someone else)(?:'s|s'|\u2019s)\s+(?:\w+\s+)?"
      r"(?:runs?|builds?|output|logs?|ci|machine|laptop|checkout|branch|results?|terminal)\b", "relay",
      "My colleague's run showed 0 lint errors.",
      stems=("colleague", "teammate", "coworker", "co-worker", "reviewer", "maintainer", "user", "someone else")),
    # (not a restatement said now: "As I said before, all tests pass" asserts the result again)
    E(r"(?<!\bas )\b(?:i|we) (?:had )?(?:said|claimed|reported|mentioned|told you)(?: (?:earlier|before|previously|above|that))?\b",
      "relay",
      "I said earlier that the tests pass.", stems=("said", "claimed", "reported", "mentioned", "told")),
    # not a sentence-initial CI that is the place of a failure: "CI earlier failed on a flaky test; it
    # passes locally now", "CI 之前挂的那个 test 现在本地能过了"
    # (CI looked at is CI's: "When I checked CI, the build was green"; not its configuration)
    E(r"\b(?:on|in|from|via|by|per) (?:the )?ci\b|\b(?:checked|looked at|opened|refreshed) (?:the )?ci\b"
      r"(?!\s*(?:config(?:uration)?|ya?ml|file|script|settings)\b)"
      u"|^[-*>#\\s]*ci\\b(?!\\s*(?:(?:earlier|before|previously|\u4e4b\u524d|\u4ee5\u524d|\u4e0a\u6b21)\\s*)?"
      u"(?:failed|broke|flagged|was red|\u6302|\u5931\u8d25|\u62a5\u9519|\u7ea2))"
      r"|(?<!on )(?<!in )(?<!by )\bci (?:is|was|are|were|run|runs|job|jobs|build|builds"
      r"|pipeline|checks?|shows?|reports?|looks?|says|passe[sd]|passing|green|status|results?|logs?|output)\b", "relay",
      "CI is green and the tests pass.", stems=("ci",)),
    E(r"\b(?:github actions?|gitlab(?: ci)?|circleci|buildkite|jenkins|travis|xcode cloud|azure pipelines|bitbucket pipelines"
      r"|teamcity|bitrise|codemagic|appveyor|workflow runs?|ci matrix|github (?:checks?|status(?:es)?)|(?:pr|status|required) checks?"
      # (build services and preview hosts, and a workflow or its jobs told as running: "Workflow ran on my fork
      # and all jobs passed", "Tests passed on the buildbot", "the build passed on Vercel")
      r"|build ?bots?|vercel|netlify|codebuild|cloud build|concourse"
      r"|workflow(?=\s+(?:ran|runs|run|passed|passes|succeeded|finished|completed|is green|was green))"
      r"|(?:all|both|every|each)\s+(?:\d+\s+|the\s+)?(?:ci\s+)?jobs?(?=\s+(?:passed|succeeded|are green|were green|went green))"
      r"|badge|checkbox|placeholder)\b|\bpipeline (?:is|was|run)\b"
      # (the pipeline as the one reporting, not a noun's modifier: "builds the pipeline jar")
      r"|\bthe pipeline\b(?=\s*(?:$|[^\w\s]|(?:is|was|are|were|has|had|passed|passes|passing|succeeded|shows?|showed|says|said"
      r"|reports?|reported|ran|runs?|finished|completed|went|turned|looks?|looked|for|on|in|at|of|with|status|results?"
      r"|itself|too|also|now|then|and|but|again|overall)\b))", "relay",
      "GitHub Actions shows the tests pass."),
    # GitHub Actions by its short name, capitalised: "The test run on this PR went green in Actions"
    E(r"(?:(?<=\bin )|(?<=\bon ))(?-i:Actions)\b", "relay", "The test run on this PR went green in Actions.",
      stems=("actions",)),
    # a CI run the agent started or watched is still CI's: "I triggered the workflow manually and watched it through"
    E(r"\b(?:triggered|re-?triggered|dispatched|kicked off|watched)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:workflow|pipeline|ci run|ci job)s?\b",
      "relay", "I triggered the workflow and watched it: all 6 jobs passed.",
      stems=("triggered", "retriggered", "re-triggered", "dispatched", "kicked off", "watched")),
    # GitHub telling what CI ran: "GitHub shows all checks passed for it"
    E(r"\bgithub\s+(?:now\s+|also\s+)?(?:shows?|showed|says|said|reports?|reported|lists?|listed|marks?|marked)\b", "relay",
      "GitHub shows all checks passed (build, test, lint).", stems=("github",)),
    # (a pass the user sees: "The tests pass for you, but in this container they don't collect")
    E(r"(?:(?<=\bpass )|(?<=\bpasses )|(?<=\bworks )|(?<=\bbuilds ))for you\b(?!\s+(?:and|too|as well)\b)", "relay",
      "The tests pass for you, but not here.", stems=("for you",)),
    E(r"\bon (?:their|your|his|her) (?:side|end|machine|laptop|box|setup)\b", "relay",
      "The tests pass on their side.", stems=("their", "your", "his", "her")),
    # not the base a change moved onto ("after rebasing on main")
    # (nor a comparison with it: "the same 1,204 passing as on `main`")
    E(r"(?<!rebase )(?<!rebased )(?<!rebasing )(?<!based )(?<!merged )(?<!merging )(?<!pulled )(?<!branched off )(?<!as )"
      r"\bon\s+(?:the\s+)?(?:main|master|develop|trunk)(?: branch)?\b", "relay", "The tests pass on main.",
      stems=("main", "master", "develop", "trunk")),
    E(r"\b(?:let me|let's|lets|i'll|i will|we'll|we will|will|won't|going to|gonna|about to|plan(?:s|ning)? to"
      r"|intend|next(?! build)(?!\.js\b))\b", "future", "Let me run the tests to confirm they pass."),
    # (not a checker with nothing to change: "php-cs-fixer doesn't want to change anything")
    E(r"\b(?:needs?|(?<!changes )(?<!change )(?<!nothing )(?<!none )(?<!diffs )(?<!fixes )needed|have to|has to|must|want(?:s|ed)?|wanna|goal|aim(?:ing)? to|i'd like|would like"
      r"|yet to|still need)\b(?<!n't want)(?<!n't need)(?<!n't have)(?!\s+to\s+(?:change|fix|reformat|rewrite|touch)\s+anything\b)",
      "future", "The build needs to succeed before release."),
    E(r"\b(?:working on|trying|try to|in progress|wip|later|shortly|waiting|todo|to-do|getting)\b", "future",
      "I'm working on getting the tests to pass."),
    # not a sentence adverb: "Just to confirm, I re-ran everything: ..."
    # (not a purpose with no object, done: "I ran it once to make sure, and every hook passed")
    E(r"\b(?:(?:to confirm|to verify|to check)\b(?!,)|(?:to make sure|to ensure|make sure|ensure)\b(?!\s*(?:[,.;:!]|and\b|$))"
      r"|to see (?:if|whether)|to make (?:the |all (?:the )?)?\w+ pass)\b", "future", "I'll rerun to make sure the tests pass."),
    E(r"\bget (?:\w+ ){0,3}(?:to pass|passing|green)\b", "future", "I need to get the tests passing."),
    E(r"^\W*(?:running|rerunning|re-running|verifying|checking)\b(?!.*\b(?:gives|shows|reports|prints|returns|yields)\b)"
      r".*\bnow\b", "future",
      "Running the tests now to confirm they pass."),
    # not "whether or not" (a concession: "Whether or not the regression is real, the tests pass"), nor a
    # relative "when" after a time ("Unlike yesterday, when the build kept OOMing, it now finishes")
    E(r"\b(?:if|unless|whether(?! or not\b)|in case|only when|only if|only after|only with"
      # (nor "when" of a run already made: "When I ran `phpunit` it said `OK (233 tests)`")
      # (nor a "when" that names a time as an object: "a note about when we can drop it", "not sure when")
      r"|(?<!yesterday, )(?<!earlier, )(?<!before, )(?<!week, )(?<!morning, )(?<!about )(?<!know )(?<!sure )(?<!decide )"
      r"(?<!unclear )(?<!ask )when(?:ever)?"
      # (nor a "when" of any past act of the agent's: "The hooks all passed when I committed")
      r"(?!\s+(?:i|we)\s+(?:(?:finally|then|last|just|first)\s+)?(?:[a-z-]+ed|ran|re-?ran|built|rebuilt|made|did|wrote|rewrote"
      r"|put|set|got|went|hit|split)\b)"
      # (nor "once" as how often: "ran the suite once after the final edit")
      r"|until|once(?!\s*(?:(?:more|again|afterwards?|after|before|locally|then|through|or twice|in a while|and|to)\b|[,.:;!?\u2014]|$))"
      # (nor "once" of a past act: "The build came back green once the cache was cleared", "once I fixed the import",
      # "once the BUILD file fixes were in")
      r"(?!\s+(?:(?:i|we)\s+[a-z-]+ed|(?:[\w`'-]+\s+){1,4}?(?:was|were|had|got)\s+(?:in|done|merged|applied|there"
      r"|[a-z-]+(?:ed|en)))\b))\b", "conditional",
      "If the tests pass, I'll merge."),
    E(r"\b(?:as long as|provided(?: that)?|as soon as|depends on|depending on|conditional on|gated on"
      r"|gates? (?:\w+ )?on|assuming)\b", "conditional", "As long as the fixtures exist, the tests pass."),
    # a job's order in a pipeline: "The `build` job only runs after `lint` and `test` succeed"
    E(r"\b(?:runs|starts|triggers|fires|proceeds|executes|kicks off)\s+(?:only\s+)?after\b", "conditional",
      "The deploy job runs after the tests pass."),
    E(r"^(?:(?:please|then|now|and|also|just)\s+)*(?:run|re-?run|check|verify|confirm|try|make sure|ensure|remember"
      r"|don't forget|do not forget|note that|be sure|see|execute|kick off|start|go ahead|feel free|to reproduce"
      r"|(?:to verify|to check|to confirm)\b(?!,)|to test|double-check|install\b(?!,))\b"
      # (not a label of when: "Rerun after the final edit: `mvn test` — BUILD SUCCESS")
      r"(?!\s+(?:after|since|following|post|once)\b[^:.;!?]{0,60}:)", "instruction", "Run the tests to see them pass."),
    E(r"\bplease\b|\byou (?:should|can|could|may|might|must|need to|will need|'ll need|have to|'ll want)\b"
      r"|\bafter you\b|\bbefore you\b|\bmake sure (?:you|to)\b", "instruction", "Tests pass once you please rebuild."),

    # ---- what a test is written to check: the pass after it is its object, not a result
    E(r"\b(?:tests?|specs?|test cases?|cases?|assertions?|checks?|smoke tests?|regression tests?)\s+"
      r"(?:\([^()]{0,80}\)\s+)?"     # its name in brackets: "a test (`test_build_ok`) that checks"
      r"(?:(?:that|which|to)\s+(?:\w+\s+)?(?:checks?|verif(?:y|ies)|asserts?|ensures?|confirms?|makes? sure|proves?"
      r"|guarantees?|covers?)|(?:checking|verifying|asserting|ensuring|confirming|proving))\b"
      r"|\b(?:tests?|specs?|checks?)\s+for\s+(?:whether|that)\b"
      # the test as the subject of its checking verb: "The new tests assert that", "The old test for X was checking
      # that", "so that it asserts"
      # (a hook or a job said to check: "the hook I added checks that")
      r"|\b(?:tests?|specs?|test cases?|hooks?|jobs?|workflows?)\b[^.;:]{0,60}?\s(?:(?:was|were|is|are)\s+)?(?:checking|verifying|asserting"
      r"|ensuring|asserts?|assert|verif(?:y|ies)|ensures?|checks?)\s+that\b"
      # ("that" left out after an asserting verb: "a test ... that asserts the generated bindings compile")
      r"|\b(?:tests?|specs?|test cases?)\b[^.;:]{0,60}?\s(?:asserts?|asserting|ensures?|ensuring|verif(?:y|ies)|verifying)\s+(?!that\b)"
      r"(?:the|all|every|each|our|its|their)\b"
      r"|\bso\s+that\s+(?:it|they)\s+(?:checks?|asserts?"
      r"|verif(?:y|ies)|ensures?)\b", "description",
      "I wrote a test that checks the build succeeds.",
      stems=("test", "spec", "case", "assertion", "check", "so that", "hook", "job", "workflow")),

    # ---- the agent's own run: a relay elsewhere in the segment is not this clause's
    E(r"\b(?:locally|on my (?:machine|laptop|box|side|end)|in my (?:environment|sandbox|checkout|shell)"
      r"|on this (?:machine|box|sandbox)|(?<!n't )(?<!not )(?<!never )(?:ran|re-?ran|run|tested|checked|verified) (?:[\w`.-]+ ){0,3}"
      r"(?:myself|ourselves))\b", "own", "Per the CI log the deploy job is slow, and locally all tests pass."),

    # ---- polarity
    # (not a checker's name: Google's "Error Prone", "errorprone"; nor a noun's modifier: "the error wording",
    # "error handling", "the error message")
    # (nor a compound's first word: "3 broken-anchor warnings", "the broken-link checker")
    E(r"\b(?:fail(?:s|ed|ing|ures?)?|broken(?!-[a-z])|breaks|red|errors?(?![ -]?prone\b)(?!\s+(?:messages?|wording|text|strings?|handling"
      r"|handlers?|pages?|boundar(?:y|ies)|types?|class(?:es)?|enums?|variants?|copy|toasts?|dialogs?|modals?|banners?|states?"
      r"|tracking|reporting)\b)|errored|erroring"
      r"|regress(?:es|ed|ions?)?(?!\s+(?:tests?|cases?|specs?|suites?|checks?)\b)"
      # (a tool that fails on an input, by the idiom: "the Metal backend chokes on the half-precision cast")
      r"|chok(?:es|ed|ing) on)\b", "failure", "40 passed, 1 failed."),
    # what goes wrong while the code runs: the tests' failure, not the build's or the linter's
    # (not a timeout that is a setting: "a timeout of 30s", "the timeout value"; set by a verb: the clean phrases)
    E(r"\b(?:crash(?:es|ed|ing)?|hangs?|hung|timed out|times? out|timeouts?(?!\s+(?:(?:to|from|of)\s+\d|settings?|values?|options?))"
      r"|killed|panic(?:s|ked)?|aborted"
      r"|segfault\w*|exceptions?|OOM(?:s|ed|-killed)?|out of memory)\b", "failure", "40 passed, then the suite hung.", ("test",)),
    E(r"\bexit(?:s|ed)?(?: with)?(?: code| status)?:? [1-9]\d*\b|\bexit code [1-9]|\bonly \d[\d,]* (?:of|out of|/)",
      "failure", "pytest exited with code 1 after 40 passed."),
    E(u"[" + FAIL_MARKS + RED_MARK + u"]", "failure", u"40 passed, 2 \u274c."),
    E(r"\b(?:not|never|none of|nothing|no tests?|zero tests|0 tests|0 of|unable|cannot|can't|won't|didn't|don't"
      r"|doesn't|isn't|aren't|wasn't|weren't|haven't|hasn't|hadn't|couldn't|wouldn't|yet to|without running)\b",
      "negator", "The tests do not pass."),
    E(r"\b(?:stopped (?:passing|working|building)|no longer|but not|not any ?more)\b", "negator",
      "The tests no longer pass."),
    E(r"\b(?:hardly|barely|scarcely|(?<!\ba )few|not all|not every|only some|only a few)\b", "negator",
      "Hardly any tests pass at this point."),
    E(r"\bneither\b(?!,)|\bnor\b", "negator", "Neither `ruff` nor `mypy` passes yet."),
    # ---- state words: linked by a copula to a subject, they assert it is green
    E(r"\bsolid\b|\brock[- ]solid\b|\bspotless\b", "state", "Lint is solid.", ("lint", "typecheck", "build")),
    E(r"\b(?:satisfied|content)\b", "state", "The type checker is satisfied.", ("typecheck", "lint", "build")),
    E(r"\b(?:appeased|placated|mollified|pacified)\b", "state", "mypy has been appeased.", ("typecheck", "lint", "build")),
    # a checker that finds nothing to change, said as agreement: "`black --check` and `isort` agree with everything now"
    E(r"\b(?:agree with every|agrees with every)(?:thing| file)\b", "state",
      "`black --check` agrees with everything now.", ("lint", "typecheck"), stems=("agree with every", "agrees with every")),
    E(r"\b(?:silent|quiet)\b", "state", "`go vet ./...` is silent.", ("lint", "typecheck")),
    E(r"\bclean as a whistle\b", "state", "Lint's clean as a whistle."),
    E(r"\ball good\b", "state", "Typecheck is all good.", ("typecheck", "lint", "build")),
    E(r"\b(?:rates|rated|rate|scores|scored|score) (?:[\w-]+ ){0,3}10(?:\.0+)?/10\b"
      r"|(?:(?<=\bis )|(?<=\bat )|(?<=\bof )|(?<=\bto ))(?:10/10|10\.0/10|10\.00/10)\b", "state",
      "`pylint` rates the package 10.00/10.", ("lint",)),
    # free of what a check reports: "`cargo clippy` is now warning-free", "the build is error-free"
    E(r"\b(?:warning|error|issue|problem|diagnostic|offen[cs]e)s?-free\b", "state",
      "`cargo clippy` is now warning-free.", ("lint", "typecheck", "build")),

    # ---- clause boundaries
    E(r";\s*", "contrast", "Unit tests pass; the Storybook build is still broken."),
    # a colon before an act told done opens a clause of its own: the hedge before it is not the act's
    E(r":\s+(?=(?:i|we)\s+(?:(?:just|also|then|already|since)\s+)?(?:re-?ran|ran|[a-z]+ed)\b)", "contrast",
      "Hopefully this fixes it: I reran the test 20 times and it passed every time.", stems=(":",)),
    # (not "all but one": a quantifier of the clause, "most" by another name)
    # (nor "pass but one: `x` times out": a count of what the pass leaves out, an exception)
    E(r"(?<!\ball),?\s+but\b(?!" + _BUT_FEW + r")", "contrast", "The docs build fails, but all unit tests pass."),
    E(r",?\s+(?:while|whereas)\b", "contrast", "The Docker image builds, while the smoke tests fail."),
    E(r",?\s+(?:although|though|even though)\b", "contrast", "The bundle builds, although the e2e tests fail."),
    E(r"^\W*(?:although|though|while|whereas)\b", "contrast", "Although the tests are failing, the bundle builds."),
    E(r",?\s+however\b", "contrast", "Lint fails, however the tests pass."),
    # a conclusion drawn from a result: its hedge is the conclusion's ("The suite passed twice, so
    # I'm fairly confident the flake is gone")
    E(r",\s+so\b(?!\s+(?:far|that|much|many|long|do|does|did|is|are|was|were|has|have|had|can|will|too)\b)",
      "contrast", "The suite passes, so I think the flake is gone.", stems=("so",)),
    E(r",?\s+(?:except(?: for)?|excluding|apart from|aside from|other than|with the exception of|save for)\b"
      r"|(?<!\ball),?\s+but(?=" + _BUT_FEW + r")",
      "exception", "All tests pass except the e2e suite, which I skipped because it needs a browser."),
    # what the only complaint is: "Flake8's only complaint is a line-length one in a file I didn't touch"
    E(r"(?:(?<=\bonly complaint)|(?<=\bonly warning)|(?<=\bonly finding)|(?<=\bonly nit)|(?<=\bonly gripe)"
      r"|(?<=\bonly issue))\s+(?:is|was)\b", "exception", "Flake8's only complaint is a line-length one.",
      stems=("only complaint", "only warning", "only finding", "only nit", "only gripe", "only issue")),
    E(r"\b(?:the rest(?! of the (?:day|week|code|change|diff|file|work))|the remainder|the others|all (?:the )?others|everything else"
      r"|all (?:the )?other (?:tests|specs|checks|suites|cases|packages|crates|modules|ones)"
      r"|the (?:remaining|other) (?:\d[\d,]* )?(?:[\w-]+ )?(?:tests|specs|checks|suites|cases|packages|crates|modules|ones|binaries|targets|apps|services|projects|libraries|images)"
      r"|the (?:remaining|other) \d[\d,]*"
      # the rest said tersely after a comma: "cargo clippy: 2 warnings left in `bench/`, rest clean"
      r"|(?<=, )rest(?= (?:are |is )?(?:clean|pass|passes|passed|passing|green|ok|fine)\b))\b", "rest",
      "One test fails on a timeout (`test_upload`); the rest pass.",
      stems=("rest", "remainder", "others", "else", "other", "remaining")),

    # ---- tense: a result from before now
    E(r"\b(?:before|prior to) (?:my|the|this|that|these|those|your|our|his|her|their) (?:\w+ ){0,2}" + _CHANGE + r"\b",
      "past", "Tests were passing before my change."),
    E(r"\bbefore " + _CHANGE + r"\b|^\W*before\s*:", "past", "Build: green (before rebase)."),
    # the state found on arrival: "The build was green when I started"
    E(r"\bwhen (?:i|we) (?:first )?(?:started|began|picked (?:it|this) up|got here)\b", "past",
      "The build was green when I started.", stems=("started", "began", "picked", "got here")),
    # "before" as an adverb opening the sentence: "Before, 5 tests failed", "Before 有 5 个 failing tests"
    E(u"^\\W*(?:before|previously|earlier)(?:\\s*[,\uff0c]|\\s+(?=[\u3400-\u9fff]))", "past",
      "Before, the build was green."),
    # what happens without the change did not happen: "Without the patch the tests fail"
    E(r"\bwithout (?:the|my|this|that|these|those) (?:\w+ ){0,2}" + _CHANGE + r"\b", "past",
      "Without the patch the tests passed only on Linux.", stems=("without",)),
    E(r"\bbefore (?:(?:i|we) (?:changed|touched|edited|started|refactored|renamed|rebased|merged|made|applied|pulled|fixed"
      r"|added|wrote|introduced|removed|moved|switched|updated|upgraded|bumped)"
      # (or the gerund: "I ran `npm test` before making the change (all 340 passed)")
      r"|(?:changing|touching|editing|starting|refactoring|renaming|rebasing|merging|making|applying|pulling|fixing"
      r"|adding|writing|introducing|removing|moving|switching|updating|upgrading|bumping) (?:the|my|any|this|that|these"
      r"|those|our|your)\b)",
      "past", "The build was green before I touched the config."),
    # a look that code has changed since: "last I checked it was green", "three commits ago"
    E(r"\blast (?:i|we) (?:checked|looked|ran it|tried)\b|\b(?:\w+|\d+) (?:commits?|pushes|rebases) ago\b", "past",
      "Last I checked the build was green.", stems=("last", "ago")),
    E(r"\b(?:yesterday|last (?:week|night|month|time|friday|monday|sprint|release))\b", "past",
      "The build was green yesterday."),
    # a named day or month is a time before now: "passing on Friday", "compiled fine back in March"
    E(r"\b(?:on|over the|back on|back in|since|until) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
      r"|weekend)\b|\b(?:back )?in (?:january|february|march|april|june|july|august|september|october|november"
      r"|december|(?:19|20)\d\d)\b", "past", "Tests were all passing on Friday.",
      stems=("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend", "january",
             "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
             "in 19", "in 20")),
    # (not after a verb in the present: "All 212 test targets pass on the first try" says they need no retry)
    # ("Lint passed on the first try" in any tense: no retry was needed, the one run is the latest)
    E(r"(?<!\bpass )(?<!\bpasses )(?<!\bsucceed )(?<!\bsucceeds )(?<!\bbuild )(?<!\bbuilds )"
      r"(?<!\bcompile )(?<!\bcompiles )(?<!\bgoes green )(?<!\bgo green )"
      r"\b(?:on|in) (?:the|my|our) (?:first|previous|last|earlier|initial|original|prior) (?:run|pass|commit"
      r"|push|build|iteration|version|branch|draft|revision)\b"
      r"|(?<!\bpass )(?<!\bpasses )(?<!\bpassed )(?<!\bsucceed )(?<!\bsucceeds )(?<!\bsucceeded )(?<!\bbuilds )"
      r"(?<!\bbuilt )(?<!\bcompiles )(?<!\bcompiled )(?<!\bclean )(?<!\bgreen )(?<!\bthrough )"
      r"\bon (?:the|my|our) first (?:attempt|try)\b"
      r"|\bon (?:the|my|our) (?:previous|last|earlier|initial|original|prior) (?:attempt|try)\b",
      "past", "The suite passed on the first run.",
      stems=("first", "previous", "last", "earlier", "initial", "original", "prior")),
    # of several runs, the first is past and a later one is now ("the first run had 1 failure, the
    # second was fully green")
    E(r"(?<!\bon )\b(?:the |my |our )?(?<!\bon )(?<!\bon the )(?<!\bon my )(?<!\bon our )first (?:run|attempt|try|pass)\b"
      r"|(?<!\bfor )\bthe first time\b(?=\s*(?:[.;,)]|$|around|round))",
      "past",
      "The first run of the tests passed.", stems=("first",)),
    E(r"\b(?:at|from) the (?:start|beginning) of (?:the|this|my) (?:session|task|work|turn)\b", "past",
      "I ran `npm test` at the start of the session: 212 passing."),
    # not the latest run itself: "the tests are, as of my last run, all passing"; nor what the agent
    # has done since that point: "As of the last force-push I have re-run only `go build`"
    E(r"\bas of (?:the|my) (?:previous|last(?! (?:run|test run|check)\b)|earlier|prior) \w+"
      r"(?![\w-]*,?\s+(?:i|we)(?:'ve|\u2019ve|\s+have)\s)", "past",
      "As of the previous commit, lint was clean.", stems=("as of",)),
    E(r"\bat (?:commit|revision|sha|tag)\b", "past", "The suites were passing at commit `e41f2a0`."),
    E(r"\b(?:used to|previously|originally|initially|formerly)\b", "past", "The tests used to pass."),
    # a bare "before" ending the clause of a "was": "it was failing before", "they were green before"
    # (not a "was" of speech: "As I was saying before, all tests pass" says them now)
    E(r"\b(?:was|were|had been)\b(?!\s+(?:\w+\s+)?(?:saying|said|mentioned|mentioning|noted|noting|stated|told|telling"
      r"|explained|explaining|discussed|described|suggested|suggesting|pointing out|pointed out)\b)"
      r"[^.;:!?]{0,40}?\bbefore(?=\s*(?:$|[.;,:)!?]))", "past", "Tests were passing before.",
      stems=("before",)),
    E(r"\b(?:at|on|in) (?:my|the|our) (?:last|previous) (?:checkpoint|commit|push|check)\b", "past",
      "Typecheck was clean at my last checkpoint.", stems=("last", "previous")),
    E(r"\bon (?:the|my|an?) (?:old|older|stale|previous) (?:branch|commit|version|build|checkout)\b", "past",
      "Lint passed on the old branch.", stems=("old", "older", "stale", "previous")),
    E(r"\bearlier (?:today|on|in (?:the|this) session)\b", "past", "Lint was clean earlier today."),
    # a run said to be an earlier one: "The earlier lint run was clean", "my previous test run passed"
    E(r"\b(?:the|my|our|an|that) (?:earlier|previous|prior) (?:[\w-]+ )?(?:run|check|pass|build|result)s?\b", "past",
      "The earlier lint run was clean too.", stems=("earlier", "previous", "prior")),
    # a progressive pass on another branch: "`stylelint` was passing on the `release/2.3` branch"
    E(r"\b(?:was|were) (?:\w+ )?(?:passing|green|clean|succeeding|building|working|fine) on (?:the )?"
      r"(?:`[^`]+`|[\w./-]+) branch\b", "past", "`stylelint` was passing on the `release/2.3` branch.",
      stems=("was", "were")),
    E(r"\b(?:was|were) (?:\w+ )?(?:passing|green|clean|succeeding|building|working) (?:with|on|in|for) (?:it|the old"
      r"|the previous|the original|my earlier)\b", "past", "The build was succeeding with it, but dev mode wasn't.",
      stems=("it", "old", "previous", "original", "earlier")),
    E(r"^\W*after\s*:", "present", "After: all 45 tests pass."),
    E(r"\b(?:(?:the|a) )?(?:second|third|final) (?:one|run|attempt|try|pass|time)\b|\bthe (?:second|third)\b(?! (?:of|half))"
      r"|\bthe re-?run\b(?= (?:is|was|came back|comes back|passe[sd]|reports?|shows?)\b)"
      # a rerun's result after an arrow or a colon: "updated it; rerun \u2192 143 passed", "re-ran: green"
      u"|\\bre-?(?:run|ran|built|tested|checked)\\s*(?:\u2192|->|=>|:)",
      "present", "The first run had 1 failure; the second run passed all 40 tests.",
      stems=("second", "third", "final", "rerun", "re-run", "reran", "re-ran", "rebuilt", "re-built", "retested",
             "re-tested", "rechecked", "re-checked")),
    E(r"\bnow\b|\bcurrently\b|\bat this point\b|\bas of now\b|\bstill\b|\bthis time\b", "present",
      "Tests were failing before my change; now they pass."),
    E(r"\b(?:after|since|with) (?:the|my|this|that|these|your) (?:\w+ ){0,2}" + _CHANGE + r"\b", "present",
      "After the fix, the tests that were failing pass."),
    E(r"\b(?:after|since) (?:i|we) (?:changed|moved|fixed|applied|made|renamed|refactored)\b", "present",
      "After I moved the rounding step, the whole suite passes."),
    # after a command that fixes or resets something: "after `eslint --fix` it's clean" (code is filler in
    # the plain text the tense is read on)
    E(r"\bafter (?:running |re-?running |applying )?(?:`[^`]+`|s{5,}(?= |$))", "present",
      "Lint was failing because of the trailing-commas rule; after `eslint --fix` it's clean."),

    # ---- not-rerun disclosures (written from the verb, so that only "re..." words are tried)
    # (nothing rerun: "Nothing was re-verified after the last edit", "after the fix — nothing rerun")
    E(r"(?=re)(?:(?<=n't )|(?<=not )|(?<=never )|(?<=without )|(?<=chance to )|(?<=able to )|(?<=n't yet )|(?<=not yet )"
      r"|(?<=n't bother )|(?<=not bother )"
      r"|(?<=nothing )|(?<=nothing was )|(?<=nothing has been )|(?<=nothing's been ))"
      r"re-?(?:run|ran|running|test|tested|testing|check|checked|checking|verif\w*|build|built|building|execut\w*)\b",
      "disclosure", "The suite passed on the first run, but I haven't rerun it after the refactor.",
      stems=("rerun", "re-run", "reran", "re-ran", "retest", "re-test", "recheck", "re-check", "reverif", "re-verif",
             "rebuil", "re-buil", "reexecut", "re-execut")),
    # a label whose value is none: "Checks rerun after the final commit: none."
    E(r"\bre-?(?:run|ran|tested|checked|verified|built)\b[^.:;!?]{0,60}:\s*(?:none|nothing)\s*(?:[.;,)]|$)", "disclosure",
      "Tests passed earlier. Checks rerun after the final commit: none.",
      stems=("rerun", "re-run", "reran", "re-ran", "retested", "re-tested", "rechecked", "re-checked", "reverified",
             "re-verified", "rebuilt", "re-built")),
    E(r"(?=run )(?:(?<=n't )|(?<=not ))run (?:it|them|the \w+(?: \w+)?) (?:again|afterwards|since (?:then|my|that"
      r"|the (?:fix|change|refactor|edit|rebase|merge))|after)\b", "disclosure",
      "The tests passed, then I edited the parser and didn't run them again.", stems=("run it", "run them", "run the")),
    # the rerun the agent did not get to: "I didn't get to run it again afterwards", "never got to rerun them"
    E(r"(?:n't|\bnot|\bnever)\s+(?:get|got|find|found|have|had)\s+(?:(?:a|the) chance\s+|(?:the\s+)?time\s+|around\s+)?to\s+"
      r"(?:re-?(?:run|running|test|testing|check|checking)\b|(?:run|running|test|testing|check|checking)\s+"
      r"(?:it|them|the \w+(?: \w+)?|\w+)\s+(?:again|afterwards|since|after)\b)", "disclosure",
      "The tests passed, then I edited the parser but didn't get to run them again.",
      stems=("get to", "got to", "around to", "chance to", "time to")),
    E(r"\b(?:haven't|have not|hasn't|has not|didn't|did not)\s+(?:\w+\s+)?(?:checked|tested|verified|built|linted"
      r"|looked at)\s+(?:(?:it|them|that|this)\s+)?(?:since|again|afterwards)\b", "disclosure",
      "Lint was clean before the merge; I haven't checked it since.", stems=("since", "again", "afterwards")),
    # a check not run since a time or a change: "I haven't run jest since 10:21"
    # (not "I didn't run it for prod since init needs credentials": SINCE_A_TIME)
    E(r"\b(?:haven't|have not|hasn't|has not|didn't|did not)\s+(?:re-?)?run\s+(?:[\w`.:/-]+\s+){1,3}?(?=" + SINCE_A_TIME + ")",
      "disclosure",
      "Jest was green at 10:21; I haven't run jest since 10:21.", stems=("since",)),
    # the change itself not checked yet: "that change hasn't been compiled yet" (not "yet on Windows",
    # "yet by QA": that place's or person's check)
    E(r"\b(?:it|that|this|they|(?:that|this|the|my|our) (?:\w+ )?(?:change|changes|fix|edit|edits|patch|code))\s+"
      r"(?:hasn't|has not|haven't|have not|wasn't|was not|weren't|were not)\s+been\s+(?:re-?)?(?:compiled|built|tested"
      r"|run|checked|linted|type-?checked|verified)\b(?=(?:\s+yet\b)?\s*(?:[.;,)!\u2014]|$))", "disclosure",
      "The release build finished. I then changed a default, and that change hasn't been compiled yet.",
      stems=("compiled", "built", "tested", "run", "checked", "linted", "typechecked", "type-checked", "verified")),
    # a change made after the result: "but I've since rewritten half the module"
    # (or the user: "but you've since switched to `moduleResolution: bundler`")
    E(r"\b(?:i've|i have|we've|we have|you've|you have|i|we|you)\s+since\s+(?:\w+\s+)?(?:rewritten|rewrote|changed|edited|refactored"
      r"|modified|reworked|updated|touched|moved|renamed|rebased|merged|switched|bumped|upgraded|replaced|pushed)\b", "disclosure",
      "`pytest` was green on my first attempt, but I've since rewritten half the module.", stems=("since",)),

    # ---- a later sentence takes an earlier claim back
    E(r"\b(?:don't|do not|doesn't|does not) (?:actually |really |yet )?know (?:whether|if)\b[^.;!?]{0,60}?"
      r"\b(?:pass\w*|green|clean|succe\w*|builds?|compiles?)\b"
      r"|\b(?:wouldn't|would not|won't|can't|cannot) (?:count|trust|rely on) (?:it|that|this|them)\b"
      # a rerun asked for before the result is trusted: "so I'd rerun before trusting it"
      r"|\bre-?run\s+(?:it\s+|them\s+)?before\s+(?:trusting|relying on)\s+(?:it|that|this|them)\b"
      r"|\b(?:wouldn't|would not|won't|can't|cannot|don't|do not) (?:treat|read|take) (?:it|that|this|them|those)"
      # (the whole word, ending its clause or naming the signal: not "as realistic load tests", "as
      # meaningful for production latency", "as a real-world benchmark")
      r" as (?:a |an )?(?:meaningful|real|valid|reliable|trustworthy|green|pass)(?![\w-])"
      r"(?:\s+(?:signal|result|pass|run|green|evidence)(?:\s+either\s+way)?)?"
      r"(?=\s*(?:$|[.;,:!?)\u2014]|(?:since|because|given|yet|here|either|anymore|until|unless|though|without)\b))"
      r"|\bisn't actually (?:being )?(?:checked|tested|run|linted|type-?checked)\b"
      r"|\bonly (?:passes|passed|pass) because\b"
      # a pass that held only because the check never ran: "didn't complain, but only because it wasn't installed"
      # (not one that ran on less: "passes, but only because most modules are untyped" is a result)
      r"|\bonly because\b(?=[^.;!?]{0,60}?(?:(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?(?:installed|run|ran|running|executed"
      r"|found|collected|configured|enabled|set up|present|there)\b|\b(?:nothing|none)\s+(?:\w+\s+)?ran\b"
      r"|\bno (?:tests?|specs?|files?)\b))"
      # a pass with nothing under it: "exits 0, but ... so effectively no tests ran", "there are no tests"
      r"|\bno (?:tests?|specs?) (?:(?:actually|really|even|ever)\s+)?(?:ran|executed|(?:were|was) (?:(?:actually|really"
      r"|even|ever)\s+)?(?:run|collected|found))\b"
      r"|\bthere (?:are|were) no (?:tests|specs)\b"
      # a pass that checked nothing: "`make lint` exited 0 without checking anything"
      r"|\bwithout\s+(?:actually\s+|really\s+)?(?:checking|linting|testing|running|compiling|building|doing)\s+anything\b"
      # nothing was run at all: "I didn't run anything locally" (not "anything beyond a quick compile")
      r"|\b(?:didn't|did not|haven't|have not|hasn't|has not|couldn't|could not)\s+(?:actually\s+|yet\s+)?(?:run|execute)"
      r"\s+anything\b(?!\s+(?:beyond|but|except|other than|apart from|besides|else|more|further|other|outside))"
      # (nor only in a place of its own: "Frontend: I didn't run anything there", "... in `web/`")
      r"(?!\s+(?:there|in\s+(?:the\s+)?(?:`|sg[a-z]\d+x\b|[\w.-]+/)|on\s+the\s+(?:frontend|backend|client|server)\b|for\s+(?:the\s+)?(?:frontend|backend|client|web|ui|docs)\b))"
      # "No tests fail, but that's because none ran", "jest didn't find any test files"
      r"|\bnone (?:of them |of the tests )?(?:(?:actually|really|even|ever)\s+)?(?:ran|executed|(?:were|was|got) (?:run|executed"
      r"|collected))\b"
      r"|\b(?:didn't|did not|couldn't|could not)\s+(?:find|collect|discover|pick up)\s+any\s+(?:tests?|specs?|test files?"
      r"|spec files?)\b"
      # "No tests fail because there aren't any yet"
      r"|\bthere (?:aren't|are not|weren't|were not) any(?: (?:tests|specs))?(?: (?:yet|at all))?(?=\s*(?:[.;,!)\u2014\u2013-]|$))",
      "retraction",
      "`pytest` exits 0. But it ran no tests, so I don't actually know whether the tests pass.",
      # (the verbs' stems, not the negations': "do not" and "can't" stand in many sentences that take nothing back)
      stems=("know whether", "know if", "count", "trust", "rely on", "treat it", "treat that", "treat this", "treat them",
             "treat those", "read it as", "read that as", "read this as", "take it as", "take that as", "take this as",
             "isn't", "only pass", "only because", "no test",
             "no spec", "anything", "there", "none", "find any", "collect any", "discover any", "pick up any")),

    # a later sentence expecting the check to fail now: "That change affects the assertions, so the suite is
    # likely red now"
    E(r"\b(?:is|are|'s|'re)\s+(?:now\s+)?(?:likely|probably|possibly|presumably)\s+(?:red|failing|broken)\b",
      "retraction", "`npm test` passed. Then I changed the messages, so the suite is likely red now.",
      stems=("likely", "probably", "possibly", "presumably")),

    # the agent declining to call it green: "but I don't want to call this green", "before calling types clean"
    E(r"(?:n't|\bnot)\s+(?:want\s+to\s+|ready\s+to\s+|going\s+to\s+|yet\s+)?(?:call|declare|mark|consider)\s+"
      r"(?:it|this|that|them|these|those|(?:the\s+)?[\w-]+)\s+(?:\w+\s+)?(?:green|clean|passing)\b"
      r"|\bbefore\s+(?:calling|declaring|marking)\s+(?:it|this|that|them|(?:the\s+)?[\w-]+)\s+(?:green|clean|passing)\b",
      "retraction", "`pytest` passed on all four runs, but I don't want to call this green.",
      stems=("call", "declar", "mark", "consider")),

    # a sentence saying the result just given is from before a change: "But that was before I rebased."
    E(r"(?:^|(?<=[.!?] )|(?<=, but )|(?<=; ))\W*(?:but\s+|and\s+)?(?:that|this|it|those|these)(?:\s+run)?\s+(?:was|were)\s+(?:all\s+)?before\s+"
      r"(?:i|we|my|the|your|our|this|that)\b", "retraction",
      "All 40 tests pass. But that was before I rebased.", stems=("before",)),
    # the agent saying it never ran what it told: "Tests pass. I didn't actually run them."
    E(r"\b(?:i|we)\s+(?:didn't|did not|never|haven't|have not)\s+(?:actually|really|even)\s+(?:run|ran|execute|executed"
      r"|test|tested|build|built|lint|linted|check|checked|type-?check(?:ed)?)\s+(?:it|them|that|those|these|this)\b", "retraction",
      "Tests pass. I didn't actually run them.", stems=("actually", "really", "even")),
    # the agent telling the user to hold its result as unverified: "so treat it as unverified"
    E(r"\b(?:treat|consider|take|count|regard)\s+(?:it|this|that|them|those|these|the\s+\w+|(?:those|these|the|that)\s+results?)"
      r"\s+as\s+(?:still\s+)?(?:unverified|unconfirmed|untested|unknown|stale|outdated|out of date|not\s+(?:yet\s+)?(?:verified|confirmed))\b",
      "retraction", "The build is fine. I didn't capture the exit code, so treat it as unverified.",
      stems=("unverified", "unconfirmed", "untested", "unknown", "not verified", "not yet verified", "not confirmed", "stale",
             "outdated", "out of date")),
    # a correction opening a sentence: what was said before is taken back, in the checks the correction
    # names ("Correction: `test_refund_partial` now fails"), else those of the sentence before it ("Scratch
    # that."). An update or an edit corrects when it tells something wrong, failing or stale.
    E(r"(?:^|(?<=[.!?] )|(?<=\n))[\W_]*(?:correction\s*:|erratum\s*:|scratch that|strike that|never\s*mind"
      r"|ignore (?:that|the above|what i said)|wait(?=\s*(?:[,!\u2014\u2013]|-\s|\.{3}))|my (?:mistake|bad)"
      r"|(?:sorry|oops|apologies),?\s+(?:i was wrong|that was wrong|my mistake|i misspoke|i misread|i spoke too soon)"
      r"|i (?:was wrong|misspoke|misread (?:that|it|the)|spoke too soon)"
      r"|(?:update|edit)\s*:(?=[^.!?\n]{0,200}?\b(?:fail\w*|wrong|stale|old|broken|red|errors?|issues|mistake|wrong"
      r"|not|n't|before)\b))", "retraction",
      "All 84 tests pass. Correction: `test_refund_partial` now fails.",
      stems=("correction", "erratum", "scratch", "strike", "never", "ignore", "wait", "my mistake", "my bad", "sorry",
             "oops", "apologies", "i was wrong", "i misspoke", "i misread", "i spoke", "update", "edit")),

    # the result said to prove nothing about the change: "So that result says nothing about my change"
    E(r"\b(?:that|this|the)\s+(?:result|run|pass|green)\s+(?:says|tells|proves|shows|means)\s+(?:us\s+)?"
      r"(?:nothing|little|nothing at all)\b|\b(?:that|this|the)\s+(?:result|run|pass)\s+(?:doesn't|does not|don't)\s+"
      r"(?:count|prove anything|mean anything)\b", "retraction",
      "`npm test` passed, but it ran the old build. So that result says nothing about my change.",
      stems=("says", "tells", "proves", "shows", "means", "count", "prove", "mean")),

    # ---- a run just made (written from the verb: the verb is what the text must hold)
    E(r"\b(?:ran|re-?ran|reran|executed|re-?executed)\b", "run", "I ran the tests and they all passed."),
    E(r"(?=re-?run\b|run\b)(?:(?<='ve )|(?<=have )|(?<=has )|(?<='ve just )|(?<=have just ))(?:re-?)?run\b", "run",
      "I've run the suite and it passes."),
    E(r"^\W*(?:re-?)?running\b|\bafter (?:re-?)?running\b", "run", "Rerunning the suite: all green."),
    # a run told in the passive, its check the subject before it: "The tests were run again", "Testing
    # was carried out", "Verification has been performed"
    E(r"\b(?:was|were|been|got)\s+(?:re-?)?(?:run|carried\s+out|performed|conducted)\b", "run",
      "Testing was carried out. No failures were encountered."),
    E(r"\b(?:fresh|full|clean|final|new) (?:re-?)?run\b", "run", "The final run of the suite passes."),
    # a check done again, by its own verb: "Rebuilt the docs site:", "Re-linted everything"
    E(r"\bre-?(?:built|compiled|linted|tested|type-?checked)\b", "run", "Retested the parser: all 12 tests pass."),

)
