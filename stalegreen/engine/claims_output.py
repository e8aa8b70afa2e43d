# -*- coding: utf-8 -*-
"""Runner output quoted in a message, read as what it shows: a fenced transcript (a ``$ pytest``
line and what it printed, or a block of a runner's output) or an inline span quoting a runner's
summary line (```pytest -q` -> `148 passed in 6.21s```).

Quoted output that shows a pass is evidence the agent reports, as much as "the tests pass" is
(the labelling rules of the blind and development sets: "quoted runner output that shows a pass"). What an output says is
decided by the reader the receipts use (``outputs``): a format it knows is read the same in a
message as in a run's log, and one it does not know (or source code, or a diff) says nothing.
The claims reader turns each verdict into words its grammar reads ("`pytest -q` passes"), so the
sentence around the output (past, relayed, hedged, a question) still decides.
"""

import re

from stalegreen.engine import claims_en, claims_grammar, claims_runs, lexicon, prefilter
from stalegreen.engine.claims_grammar import CATEGORY_LETTER
from stalegreen.engine.lexicon import commands
from stalegreen.engine.lazyregex import LazyRegex

# Fence info strings of a terminal transcript or a log; a block tagged with a programming language
# is source code, whatever it contains.
TRANSCRIPT_TAGS = frozenset((
    "", "text", "txt", "plaintext", "plain", "console", "terminal", "shell", "shell-session", "shellsession",
    "sh", "bash", "zsh", "fish", "pwsh", "powershell", "ps", "cmd", "bat", "log", "logs", "output", "out", "ansi",
))
CATEGORIES = ("test", "typecheck", "lint", "build")
_PROMPT = re.compile(r"^\s*(?:\$|>|PS [^>\n]*>|\u276f|%)\s+(\S.*)$")


def is_transcript(info):
    """Whether a fence's info string (what follows the opening backticks) marks a transcript."""
    return info.strip().lower() in TRANSCRIPT_TAGS


def sections(body):
    """``[(command or None, output)]``: the output each ``$ command`` line of a transcript printed,
    and the output before the first command (command None). A ``>`` line is a prompt only when the
    text after it is a verification command (``> next build`` is npm echoing its script)."""
    found = [[None, []]]
    for line in body.split("\n"):
        m = _PROMPT.match(line)
        if m and (line.lstrip()[:1] != ">" or _runs(m.group(1))):
            found.append([m.group(1).strip(), []])
        else:
            found[-1][1].append(line)
    return [(command, "\n".join(lines)) for command, lines in found if command or "".join(lines).strip()]


def _runs(command):
    return commands.classify_code(command)


def shown(output, runs=()):
    """``[(category, runner, scope, verdict)]``: the categories whose result ``output`` shows
    (verdict "pass" or "fail"). ``runs``: the verification runs of the command that printed it
    ((category, runner, scope), from ``commands.classify_code``): when known, the output speaks
    for those categories only (``gradle test`` ends with BUILD SUCCESSFUL, ``cargo build`` with the
    line ``cargo check`` prints); output of no known command is read for every category."""
    if not output.strip():
        return []
    from stalegreen.engine import outputs

    found = []
    # (a task's output speaks for every check it shows: `bundle exec rake` prints RuboCop's and RSpec's summaries)
    task = any(r[1] and r[1].split()[0] in commands.TASK_RUNNERS for r in runs)
    for category in CATEGORIES:
        run = next((r for r in runs if r[0] == category), None)
        if runs and run is None and not task:
            continue
        fail, passed, _ = outputs.find_signals(category, output, run[1] if run else None)
        if fail:
            found.append((category, run[1] if run else None, run[2] if run else "all", "fail"))
        elif passed and (run or passed not in GENERIC_PASSES):
            found.append((category, run[1] if run else None, run[2] if run else "all", "pass"))
    return found


# Pass formats any runner may print ("0 errors", "no issues found", "12 tests passed", Psalm's "No errors
# found!"): they tell the category of a run whose command is known, not of output alone.
GENERIC_PASSES = frozenset(("zero-errors", "no-issues", "generic-test-passed", "psalm-ok"))


def summary_verdict(code):
    """"pass" or "fail" when inline code quotes a runner's summary line (``148 passed in 6.21s``,
    ``Found 0 errors``), else None. Any failure the line shows makes it a failure."""
    verdicts = set(v for _, _, _, v in shown(code))
    if "fail" in verdicts:
        return "fail"
    return "pass" if verdicts else None


# ------------------------------------------------------------------------------------ as words

def transcript_words(reader, info, body, intro, after=""):
    """Words for what a fenced block shows, read in place of the block: "sgt5x passes" per
    category whose pass its output shows, the subject the command that printed it (a ``$ command``
    line, else the command the introducing line names, else the check it names: "I ran the unit
    tests:"). Only a transcript (``info``: the fence's tag) that the line before it introduces as
    a run the agent made (``introduces_a_run``), or the line right after it says the agent ran
    (``captions_a_run``: "只跑了导出相关的这个文件"), is read."""
    if not is_transcript(info):
        return []
    if _relayed_above(intro):
        return []       # "The user pasted this from their machine:" over the label and its block
    if introduces_a_run(reader.g, intro) or _labels_results(reader, intro.split("\n")[-1]):
        line = intro.split("\n")[-1]
    elif captions_a_run(reader.g, after, body):
        line = _first_sentence(after)
    else:
        return []
    named = [runs for runs in (commands.classify_code(c) for c in re.findall(r"`([^`\n]+)`", line)) if runs]
    checks = [(x["category"], x.get("tool"), x.get("scope") or "all") for x in reader.mentions(line)
              if x.get("category") in CATEGORIES]
    words = []
    shown_sections = sections(body)
    for index, (command, output) in enumerate(shown_sections):
        if command and _EXIT_STATUS_ECHO.match(command):
            continue        # read with the command before it
        exit_zero = index + 1 < len(shown_sections) and _EXIT_STATUS_ECHO.match(shown_sections[index + 1][0] or "") \
            and shown_sections[index + 1][1].strip() == "0"
        runs = commands.classify_code(command) if command else [r for found in named for r in found]
        if exit_zero and runs:
            # "$ npx tsc --noEmit" then "$ echo $?" printing 0: the command exited 0, whatever it printed (a command
            # that printed nothing shows no result: "$ go vet ./..." alone is no pass)
            words.extend(reader.hold(CATEGORY_LETTER[category], command if not i else None, category, tool, scope).strip()
                         + " passes" for i, (category, tool, scope) in enumerate(runs))
            continue
        if not runs and not named:
            runs = checks[:1]       # "I ran the C++ unit tests:" and `$ ./build/unit_tests`: the tests
        found = shown(output, runs)
        if not found and reads_as_a_pass(reader.g, output):
            if not runs:
                words.append(last_lines(output))     # what an unknown command printed, read as words
                continue
            found = [run + ("pass",) for run in runs]     # a summary in a format the output reader lacks
        for category, tool, scope, verdict in found:
            if verdict == "pass":
                original = command or next((ln.strip() for ln in reversed(output.split("\n")) if ln.strip()), "")
                words.append(reader.hold(CATEGORY_LETTER[category], original, category, tool, scope).strip()
                             + " passes")
    return words


def _relayed_above(intro):
    """The line before the block's own introduction ends with a colon and introduces someone else's
    output: what it introduces, the label and the block under it, is theirs."""
    lines = [ln for ln in intro.split("\n") if ln.strip()]
    above = lines[-2] if len(lines) > 1 else ""
    return above.rstrip().endswith((":", u"\uff1a")) and bool(lexicon.search("relay", above) or _SOMEONE_ELSES.search(above))


# output someone else sent: "The user pasted this from their machine:", "From the CI log:"
_SOMEONE_ELSES = LazyRegex(r"\b(?:pasted|forwarded|sent (?:me|us|over)|shared)\b|\bfrom\s+(?:the\s+)?(?:user|their|your|his|her"
                            r"|ci|pipeline|buildbot)\b", re.I)


# a command printing the exit status of the one before it ("echo $?", PowerShell's "echo $LASTEXITCODE")
_EXIT_STATUS_ECHO = re.compile(r"^\s*echo\s+(?:\$\?|\$LASTEXITCODE|%ERRORLEVEL%)\s*$", re.I)


def introduces_a_run(g, intro):
    """Whether the line before a block introduces it as a run the agent made: it ends with a
    colon and says it ran something ("Ran the whole workspace:", 执行 `mvn test`：) or names the
    command ("`cargo test` 结果：", "pytest results:"). Output with no such line stays code, as
    the spec says: a transcript alone, "Here's the output:", "Output of the last run:"."""
    line = intro.split("\n")[-1]
    if _VERIFICATION_HEADING.match(line) or _VERIFICATION_LABEL.match(line):
        return True
    command = _LABELLED_COMMAND.match(line)
    if command and _VERIFICATION_HEADING.match(command.group(1) + ":") and commands.classify_code(command.group(2)):
        return True     # "**测试**：`npx jest test/rateLimit.test.js`": the section's run, its output below
    if not line.rstrip().endswith((":", u"\uff1a")):
        return False
    if lexicon.search("run", line) or any(commands.classify_code(c) for c in re.findall(r"`([^`\n]+)`", line)) \
            or _AFTER_THE_CHANGE.match(line) or _RUN_RESULTS.search(line) or _OWN_CHECK_LINE.search(line):
        return True
    return commands.might_name_runner(claims_grammar.words_of(line)) and bool(g.runner_name.search(line))


# a heading naming the section as the agent's verification (the block under it is its run)
# (or a bold label line, "**测试结果：**"; either may give the name in two languages: "## 验证 / Verification")
# a check's own name heads its section too ("### Lint", "## Tests", "### Build", "### 类型检查")
_VERIFICATION_NAME = (u"(?:验证|验证结果|测试结果|自测|测试|单测|检查结果|构建|编译|类型检查|verification|verified|validation"
                      u"|testing|test results|tests? run|results|(?:unit |integration )?tests?|lint(?:ing)?|build(?:ing)?"
                      u"|type ?check(?:ing)?|types|compil(?:e|ation)|format(?:ting)?|static analysis)")
_VERIFICATION_HEADING = re.compile(
    # (a name in two languages may stand with a slash, in brackets or side by side: "## 验证 Verification")
    u"^\\s*(?:#{1,6}\\s+|\\*\\*|__)\\W{0,3}%s(?:\\s*/\\s*%s|\\s*[(\uff08]%s[)\uff09]|(?<=[\u3400-\u9fff])\\s*%s)?"
    u"\\s*[:\uff1a]?\\s*(?:\\*\\*|__)?\\s*[:\uff1a]?\\s*$"
    % ((_VERIFICATION_NAME,) * 4), re.I)
# a check's own name alone on its line as a plain label, the run under it ("Type checking:", "And the lint:"); not
# a plain "Verification:" or "验证：", which may head an example as well as a run
_VERIFICATION_LABEL = re.compile(u"^\\s*(?:(?:and|then|also|plus)\\s+)?(?:the\\s+)?(?:(?:unit |integration )?tests?|testing|verification"
                                 u"|lint(?:ing)?|build(?:ing)?|type ?check(?:ing)?|types|compil(?:e|ation)|static analysis"
                                 u"|\u6d4b\u8bd5|\u5355\u6d4b|\u6784\u5efa|\u7f16\u8bd1|\u7c7b\u578b\u68c0\u67e5)\\s*[:\uff1a]\\s*$", re.I)
# a verification label and the command it ran, alone on their line
_LABELLED_COMMAND = re.compile(u"^\\s*((?:[-*]\\s+)?(?:\\*\\*|__)?[^`:\uff1a*_]{1,30}?(?:\\*\\*|__)?)\\s*[:\uff1a]\\s*(?:\\*\\*|__)?\\s*"
                               u"`([^`\\n]+)`\\s*[:\uff1a]?\\s*$")
# a line naming what follows as the results of a run ("本地执行结果：", "Results from this run:")
_RUN_RESULTS = re.compile(u"(?:\u6267\u884c|\u8fd0\u884c|\u8dd1)(?:\u7684)?\u7ed3\u679c|\\b(?:results?\\s+(?:of|from)\\s+(?:this|the|my)|output\\s+(?:of|from)\\s+(?:my|our))\\s+"
                          u"(?:final\\s+|latest\\s+|local\\s+)?run\\b", re.I)
# the agent's own check told in the line ("Verified locally with the .NET 8.0.303 SDK:", "Local run after the fix,
# with the race detector on like CI:")
_OWN_CHECK_LINE = LazyRegex(r"^\W*(?:(?:i|we)\s+)?(?:re-?)?(?:verified|checked|tested|confirmed|validated)\b"
                             r"|\b(?:local|my|our|final)\s+(?:re-?)?runs?\b", re.I)
# a short line naming the time after the agent's change ("修复后：", "After the fix:", "改完之后：")
_AFTER_THE_CHANGE = re.compile(
    u"^\\W*(?:(?:修复|修改|改动|重构|改完|修完|改好|修好|升级|更新|调整|修正)(?:之|以)?后|现在|now|after\\s+(?:the|my|this|that|these)"
    u"\\s+(?:fix(?:es)?|changes?|patch(?:es)?|refactor|update|upgrade|edits?)|post-fix)\\W{0,3}[:\uff1a]\\s*$", re.I)


def _labels_results(reader, line):
    """A line ending with a colon that labels what follows as a check's results ("Test results
    for the `auth` package:", 单测结果：): the agent shows its run of that check."""
    return line.rstrip().endswith((":", u"\uff1a")) and bool(_RESULTS.search(line)) \
        and any(x.get("category") in CATEGORIES for x in reader.mentions(line))


_RESULTS = re.compile(u"\\bresults?\\b|\u7ed3\u679c", re.I)


def captions_a_run(g, after, body=""):
    """Whether the line right after a block says the agent ran it: a run word ("Ran it twice",
    只跑了导出相关的这个文件) not negated, or the block's verification command opening it ("`mvn
    verify` on the whole reactor." under output with no ``$`` line; not "`mix credo` also reports
    no issues" under a ``$ mix test`` block: that line is about another run)."""
    line = _first_sentence(after)
    if not line or line.lstrip().startswith(("```", "~~~")):
        return False
    found = lexicon.search("run", line)
    if found and not _NEGATED_RUN.search(line[:found.start()]):
        return True
    code = re.match(r"\s*`([^`\n]+)`", line)
    if not code or not commands.classify_code(code.group(1)):
        return False
    shown_commands = [c for c, _ in sections(body) if c]
    return not shown_commands or code.group(1).strip() in shown_commands


def _first_sentence(text):
    """The first sentence of the first non-empty line of ``text``."""
    line = next((ln for ln in text.split("\n") if ln.strip()), "")
    return re.split(u"(?<=[.!?])\\s|(?<=[\u3002\uff01\uff1f])", line, 1)[0]


_NEGATED_RUN = re.compile(u"\\b(?:not|never|didn't|haven't|hasn't|couldn't)\\s*$|(?:没有?|未|还没)$", re.I)


def last_lines(output):
    """The last two lines of a command's output, where runners print their summary."""
    return " ".join([ln.strip() for ln in output.split("\n") if ln.strip()][-2:])


def reads_as_a_pass(g, output):
    """The last lines of a command's output state a result in words the grammar reads
    ("Tests run: 9, Failures: 0", "All 48 tests passed.") and name no failure."""
    last = last_lines(output)
    if not last or lexicon.search("failure", g.clean_phrases.sub(" ", last)):
        return False
    return any(p.lastgroup in RESULT_KINDS and not _NONE_PASSED.match(p.group(0)) for p in claims_en.predicates(g, last))


# a count of none passed: "Tests: 38 skipped, 0 passed, 38 total"
_NONE_PASSED = re.compile(r"0\s+(?:(?:tests?|specs?|examples?|test cases?)\s+)?pass", re.I)


def inline_words(reader, text, start, code):
    """Words for inline code (at ``start`` in ``text``) quoting a runner's summary line: right
    after a command ("`pytest -q` -> `148 passed in 6.21s`") it says whether that command passed
    (a result in a format the output reader lacks is read as its words); alone, it is a subject of
    the category it shows that passes, or, a counted result ("402 passed, 3 skipped"), its words.
    None when it quotes no result."""
    if _AN_EXAMPLE.search(text, max(0, start - 16), start) or _NAMED_AS_TEXT.match(text, start + len(code) + 2):
        # "会看到类似 `== 12 passed ==` 的输出", "output like `3 passed`": what a run would print; "cut off
        # before the final `BUILD SUCCESSFUL` line": the words named, not shown
        return None
    verdict = summary_verdict(code)
    before = _AFTER_COMMAND.search(text, max(0, start - 240), start)
    command_before = bool(before and commands.classify_code(before.group(1)))
    after_command = command_before or _reported_by_name(text, start)
    if verdict is None:
        kinds = set(p.lastgroup for p in claims_en.predicates(reader.g, code))
        if ((after_command or _labelled_by_name(text, start)) and kinds & RESULT_KINDS) or "cnt" in kinds:
            return " %s " % code      # "402 passed, 3 skipped": a counted result is a run's, wherever it stands
        return None
    if command_before or after_command and verdict != "pass":
        return " passes " if verdict == "pass" else " fails "
    if verdict != "pass":
        return None
    # (named by what it was read from, not by a command: "日志最后一行是 `BUILD SUCCESSFUL`" is the build's)
    passed = [c for c, _, _, v in shown(code) if v == "pass"]
    category = "build" if "build" in passed else passed[0]     # `BUILD SUCCESSFUL` alone: the build's
    return " %s passes " % reader.hold(CATEGORY_LETTER[category], code, category, None, "all").strip()


def runner_tasks(text, start, code):
    """The runs of a code span (at ``start`` in ``text``) that names a task of the runner whose
    name is written just before it, or before the spans coordinated with it ("sbt `compile` and
    `test`", "make `lint`", "rake `spec`"), or a plugin or shared config of a linter, which runs
    in that linter (`eslint-plugin-jsx-a11y`, `rubocop-rails`); [] when it names neither."""
    if " " in code:
        return []
    plugin = _LINTER_PLUGIN.match(code)
    if plugin:
        return commands.classify_code(plugin.group(1))
    last = text[max(0, start - 24):start].rsplit(None, 1)[-1:]
    if not last or last[0] not in _JOINERS and last[0][-1] != "," and not commands.might_name_runner(set(last)):
        return []       # (most spans follow another word: no pattern search for them)
    runner = _RUNNER_BEFORE.search(text, max(0, start - 120), start)
    return commands.classify_code(runner.group(1) + " " + code) if runner else []


# a noun after a quoted summary naming it as text ("the `BUILD SUCCESSFUL` line", "the `OK` message")
_NAMED_AS_TEXT = re.compile(r"\s+(?:line|lines|message|string|banner|text)\b", re.I)
# words giving what follows as an example of output, not a run's
_AN_EXAMPLE = re.compile(u"(?:\u7c7b\u4f3c|\u6bd4\u5982|\u4f8b\u5982|\u8bf8\u5982|\\bsuch as|\\blike|\\be\\.g\\.,?|\\bsay)"
                         u"\\s*[:\uff1a]?\\s*$", re.I)
_LINTER_PLUGIN = re.compile(r"^(?:@[\w.-]+/)?(eslint|stylelint|rubocop|flake8|pylint)-(?:plugin|config)?[\w.-]*$")
_JOINERS = frozenset((",", "and", "&", "/", "+", "or"))


# a word, then any code spans coordinated after it, right before a code span ("sbt `compile` and ")
_RUNNER_BEFORE = re.compile(r"(?:^|(?<=[\s(]))([a-z][\w.-]*)\s+(?:`[^`\n]+`\s*(?:,|\band\b|&|/|\+|\bor\b)\s*)*$")


def _reported_by_name(text, start):
    """The span is what a runner named in prose reports ("Psalm now reports `No errors found!`")."""
    said = _NAME_REPORTS.search(text, max(0, start - 60), start)
    return bool(said and commands.classify_name(said.group(1)))


def _labelled_by_name(text, start):
    """The span is the result a runner named in prose as a label gives, in its own words ("Psalm:
    `No errors found!`"): read as those words; not a count of no tests ("rspec: `0 examples, 0
    failures`": nothing ran)."""
    said = _NAME_LABEL.search(text, max(0, start - 40), start)
    return bool(said and commands.classify_name(said.group(1))) and not _NOTHING_RAN.match(text, start, start + 200)


_NAME_LABEL = re.compile(r"\b([A-Za-z][\w.+-]*)\s*:\s*$")
# a result that counts no tests run ("`0 examples, 0 failures`"): no pass, whatever else it counts
_NOTHING_RAN = re.compile(r"`?\s*(?:0|no|zero)\s+(?:examples?|tests?|specs?|test cases?)\b", re.I)
# a runner's prose name, then a verb of showing: "Psalm now reports", "eslint prints:"
# (or in Chinese, after "这边": "mypy 这边 `Success: no issues found`", "ruff 输出了 `All checks passed!`")
_NAME_REPORTS = re.compile(r"\b([A-Za-z][\w.+-]*)(?:(?:\s+(?:now|still|also|just))?\s+(?:reports?|reported|prints?|printed"
                           r"|shows?|showed|outputs?|returns?|returned|gives?|gave|says)\s*:?"
                           u"|\\s*(?:(?:这边|那边|这里|这块)\\s*(?:(?:也|还)?(?:输出|显示|报|返回|提示|给出)了?)?"
                           u"|(?:也|还)?(?:输出|显示|返回|提示|给出)了?)\\s*[:：]?)\\s*$")
# predicates that state a run's result ("402 passed", "0 failures", "exit 0", "Built target")
RESULT_KINDS = frozenset(("cnt", "clean", "exit0", "finish", "pass", "succ", "bverb", "bobj", "comp"))
# a command span, then a short gap of no sentence end, then the span read (`cmd` -> `output`)
_AFTER_COMMAND = re.compile(u"`([^`\n]{1,200})`[^`\n.;!?\u3002\uff1b\uff01\uff1f]{0,24}$")


def quoted_verdict(reader, text, start, inner):
    """" passes " or " fails " for a quotation (at ``start`` in ``text``, whose code is already
    held) right after a verification command that quotes what the command printed, read in its
    formats (```prettier --check .` reports "All matched files use Prettier code style!"``);
    else None."""
    before = _AFTER_HELD.search(text, max(0, start - 80), start)
    showing, named = before and _SHOWING_GAP.match(before.group(0)), ""
    if not before:
        # the run the sentence before told, by a pronoun and a verb of showing: "I ran `mypy src/`. That came
        # back with "Success: no issues found in 12 source files"" (its result is said of the run, named again)
        pronoun = _PRONOUN_SHOWING.search(text, max(0, start - 60), start)
        before = pronoun and _HELD_JUST_BEFORE.search(text, max(0, pronoun.start() - 160), pronoun.start())
        verb = before and _RAN_BEFORE_HELD.search(text, max(0, before.start() - 60), before.start())
        if verb and claims_runs.ANOTHER_RUNNER.search(text, max(0, verb.start() - 40), verb.start()):
            before = None       # "The user ran `pytest` locally. It showed "212 passed" for them"
        showing = bool(before)
        named = before and " %s " % before.group(0).split()[0]
    if not before:
        return None
    kind, original, category = reader.span(int(before.group(1)))[:3]
    runs = commands.classify_code(original or "") if category else []
    verdicts = set(v for _, _, _, v in shown(inner, runs)) if runs else set()
    if not verdicts:
        # words of a result in no format the reader knows ("`eslint` reports "0 problems""): the
        # command's result told in words, which the sentence reads as its own
        # (only after a verb of showing: a quotation right after the command, or after "claims", is
        # scare quotes: "`jest` "passes" \u2014 only because every test is skipped")
        if runs and showing \
                and any(p.lastgroup in RESULT_KINDS for p in claims_en.predicates(claims_grammar.grammar(), inner)):
            return " %s " % inner
        return None
    end = "." if inner.rstrip()[-1:] in ".!?" else ""      # the quotation's own sentence end stays one
    return named + (" fails%s " if "fail" in verdicts else " passes%s ") % end


# the gap after a held command is a verb of showing: "`eslint` reports ", "`tsc` now prints: ", "`eslint` \u8bf4 ",
# "`hlint src/` and it reports "
_SHOWING_GAP = re.compile(u"^sg[tylb]\\d+x\\s*(?:,\\s*)?(?:(?:and\\s+)?(?:it|which)\\s+)?(?:(?:now|still|also|just|then|again)\\s+)?(?:reports?|reported|prints?|printed"
                          u"|shows?|showed|outputs?|returns?|returned|gives?|gave|says|said|ends? with|ended with"
                          u"|\u8bf4|\u663e\u793a|\u8f93\u51fa|\u62a5\u544a|\u8fd4\u56de|\u63d0\u793a|\u6253\u5370)\\s*[:\uff1a]?\\s*$", re.I)
# a pronoun opening its sentence or clause, then a verb of showing, right before a quotation
_PRONOUN_SHOWING = LazyRegex(r"(?:^|[.;]\s+)(?:that|it|this)\s+(?:(?:then|also|just)\s+)?(?:came back with|comes back with"
                              r"|reported|reports|printed|prints|said|says|showed|shows|gave|gives|returned|returns|ended with"
                              r"|ends with)\s*:?\s*$", re.I)
# the run verb right before a held command ("ran `pytest`")
_RAN_BEFORE_HELD = LazyRegex(r"\b(?:re-?ran|ran|executed|re-?executed|tried)\s+(?:\w+\s+){0,2}$", re.I)
# a held command in the sentence before, the last thing held before the pronoun's sentence end
_HELD_JUST_BEFORE = LazyRegex(u"\\bsg[tylb](\\d+)x\\b(?:(?!sg[a-z]\\d+x\\b|\\band\\b|\\bthen\\b)[^`\"\u201c\n.;!?,]){0,40}$")
# a held command, then a short gap with no sentence end nor another held span (a verb: "reports", "prints", "says")
_AFTER_HELD = re.compile(u"\\bsg[tylb](\\d+)x\\b(?:(?!sg[a-z]\\d+x\\b)[^`\"\u201c\n.;!?\u3002\uff1b]){0,40}$")


def command_rows(body):
    """A block the agent wrote as a table of commands and what each gave, one a line, the command
    first, then two spaces or more ("mix test     402 tests, 0 failures", "./gradlew lint   \u2718 1
    error"): its rows as "`command` \u2014 result" lines the grammar reads one by one. None when any
    line is something else (a transcript, a log, code): output pasted alone says nothing."""
    rows = []
    for line in body.split("\n"):
        if not line.strip():
            continue
        m = _COMMAND_ROW.match(line)
        # (a row of a tool the catalog does not know, given a status mark, is still a row: "swiftformat
        # --lint .     \u274c 2 files need formatting"; it names no check, the others keep theirs)
        if not m or not (_is_a_command(m.group(1)) or _MARK_FIRST.match(m.group(2))):
            return None
        rows.append(u"`%s` \u2014 %s" % (m.group(1), m.group(2).strip()))
    return rows or None


_MARK_FIRST = re.compile(u"^[" + lexicon.STATUS_MARKS + u"\u26a0]")
_COMMAND_ROW = re.compile(r"^\s*([a-z.][^\s`]*(?: [^\s`]+)*?)(?: {2,}|\t+)(\S.*)$")


def plain_commands(text):
    """``text`` with a verification command written without backticks at the head of a line or a
    sentence, before an arrow or a dash ("prettier --check . \u2192 All matched files use Prettier
    code style!", "npm t \u2014 OK"), put in backticks as a terse agent means it: the catalog must read
    the words as a run of a known runner, or they are left as written."""
    if "./" in text:
        # a wrapper or script called by its path, then what it did: "./gradlew assembleDebug goes through fine"
        text = _PATH_COMMAND.sub(_quoted_command, text)
    if u"\u2192" not in text and "->" not in text and "=>" not in text and u"\u2014" not in text \
            and u"\u2013" not in text and not (" -" in text and _FLAG_BEFORE_COLON.search(text)):
        return text
    return _PLAIN_COMMAND.sub(_quoted_command, text)


_PATH_COMMAND = re.compile(
    u"((?:^|(?<=[.!?;,] ))[ \\t]*(?:[-*+][ \\t]+)?)(\\.{1,2}/[\\w./-]+(?:[ \\t]+[^\\s`|\u2192\u2014\u2013,;]+){0,6}?)"
    r"()(?=[ \t]+(?:is|was|are|were|goes|went|passes|passed|succeeds|succeeded|completes|completed|finishes|finished"
    r"|runs|ran|reports|reported|builds|built|compiles|compiled|comes|came|sails|sailed|works|worked|exits|exited"
    r"|returns|returned|prints|printed|shows|showed|gives|gave|now|also|still|both)\b)", re.M)
# a command line's flag right before a colon: "make -j8: done, no errors"
_FLAG_BEFORE_COLON = re.compile(r"[ \t]-[\w=.-]*:[ \t]")


def _quoted_command(m):
    # (before a colon, only a line with a flag: "make -j8: done, no errors", not "Lint: clean")
    if m.group(3).strip() == ":" and not any(t.startswith("-") for t in m.group(2).split()[1:]):
        return m.group(0)
    return "%s`%s`%s" % (m.group(1), m.group(2), m.group(3)) if _is_a_command(m.group(2)) else m.group(0)


def _is_a_command(words):
    """Whether ``words`` are a run the catalog knows, then only flags and paths: "prettier --check .",
    "go test ./...", "npm t", "ruff check ."; not "cargo test passes locally" (prose after the
    command). A word after the shortest run the catalog reads belongs to the command only when it
    changes neither the run's category nor its scope (a subcommand, as "check" in "ruff check")."""
    if not prefilter.might_contain_runner(words):
        return False        # no runner's word in them: the catalog is not asked
    tokens = _WHERE_AND_HOW.sub("", words).split()     # ("cd android && ./gradlew assembleRelease", "CI=1 npm test")
    first = None
    for count in range(1, min(len(tokens), 4) + 1):
        runs = commands.classify_code(" ".join(tokens[:count]))
        if first is None:
            first = runs or None
        elif runs != first and [r[::2] for r in runs] != [r[::2] for r in first]:
            return False
        if first and all(_ARGUMENT.match(t) for t in tokens[count:]):
            return True
    return False


# a flag, a path or a pattern: what follows a command's own words in a terse line
# a folder the line moves to and the variables it sets, before its command
_WHERE_AND_HOW = re.compile(r"^(?:cd\s+\S+\s*(?:&&|;)\s*)?(?:[A-Z_][A-Z0-9_]*=\S*\s+)*")
_ARGUMENT = re.compile(r"^(?:-{1,2}[\w-]+(?:=\S+)?|\S*[./*=:@]\S*)$")


def arrow_outputs(text):
    """``text`` with the plain output a command's arrow (or a dash) points at ("`prettier --check .` -> All
    matched files use Prettier code style!") replaced by what it shows of that command ("passes",
    "fails"), read by the output reader in the command's own formats. Output in a format the
    reader does not know, of no known command, or that the grammar reads itself ("-> BUILD
    SUCCESSFUL") is left as written."""
    if u"\u2192" not in text and "->" not in text and "=>" not in text and u"\u2014" not in text \
            and u"\u2013" not in text:
        return text
    return _ARROW_OUTPUT.sub(_arrow_verdict, text)


def _arrow_verdict(m):
    verdict = _verdict(commands.classify_code(m.group(1)), m.group(3))
    return "`%s`%s%s" % (m.group(1), m.group(2), verdict) if verdict else m.group(0)


def item_outputs(text):
    """``text`` with a list item that is only a command, and the more indented line under it
    that holds its output ("- bun run typecheck" / "  no errors"), joined as a label and its
    output ("- bun run typecheck: no errors"): the result is that command's."""
    if "\n " not in text:
        return text
    return _ITEM_OUTPUT.sub(_item_output, text)


def _item_output(m):
    command = m.group(2).strip("`").strip()
    if not commands.classify_code(command):
        return m.group(0)
    return "%s%s: %s" % (m.group(1), m.group(2), m.group(4))


# "- `cmd`" (or a bare command) alone on a list item's line, then a deeper line that is no item
_ITEM_OUTPUT = re.compile(u"^([ \t]*(?:[-*+\u2022]|\\d+[.)])[ \t]+)(`[^`\n]{1,120}`|[\\w./][^`\n:]{0,80}?)[ \t]*\n"
                          u"([ \t]{2,})(?![-*+\u2022][ \t]|\\d+[.)][ \t])(\\S[^\n]*)$", re.M)


def labelled_outputs(text):
    """``text`` with a line that labels a runner's output with its name ("SwiftLint: Done linting!
    Found 0 violations, 0 serious in 112 files.", "`ruff check`: All checks passed!") read as
    ``arrow_outputs`` reads an arrow's."""
    if ": " not in text:
        return text
    lines = text.split("\n")
    changed = False
    for index, line in enumerate(lines):
        colon = line.find(": ")
        if 0 < colon < 80:
            # a second label after a sentence end starts another output ("rspec: 402 examples,
            # 0 failures. rubocop: no offenses detected."): each is read on its own
            cut = _NEXT_LABEL.search(line, colon + 2) or _NEXT_COMMAND.search(line, colon + 2)
            rest = line[cut.end():] if cut else ""
            line_read = line[:cut.end()].rstrip() if cut else line
            m = _LABELLED_OUTPUT.match(line_read)
            said = (_label_verdict(m) if m else line_read) + (" " + rest if rest else "")
            if m and not rest and said != line_read:
                said += _sentences_after(m.group(4))
            if said != line:
                lines[index], changed = said, True
    return "\n".join(lines) if changed else text


def _sentences_after(output):
    """The sentences after an output's first that say something of their own ("PHPUnit: OK (23
    tests). php-cs-fixer dry run shows nothing to fix."), kept beside the output's verdict."""
    cut = _SENTENCE_BREAK.search(output)
    tail = output[cut.end():].strip() if cut else ""
    return " " + tail if tail and claims_grammar.claimish(tail) else ""


def _label_verdict(m):
    if m.group(2):
        runs = commands.classify_code(m.group(2))
    else:
        named = commands.classify_name(m.group(3)) if commands.might_name_runner(
            claims_grammar.words_of(m.group(3))) else None
        runs = [named] if named else []
    verdict = _verdict(runs, m.group(4).rstrip())
    return "%s%s: %s." % (m.group(1), m.group(2) and "`%s`" % m.group(2) or m.group(3), verdict) if verdict \
        else m.group(0)


def _verdict(runs, output):
    """"passes" or "fails" for what ``output`` shows of ``runs`` in their formats, or None when
    it shows nothing, or says it in words the grammar reads in one sentence ("BUILD SUCCESSFUL
    (tests, ktlint)": its words say it, and more)."""
    if not runs or claims_en.predicates(claims_grammar.grammar(), output) and not _SENTENCE_BREAK.search(output):
        return None
    verdicts = set(v for _, _, _, v in shown(output, runs))
    if not verdicts:
        return None
    return "fails" if "fail" in verdicts else "passes"


# a line "<runner name or `command`>: <its output>"
_LABELLED_OUTPUT = re.compile(r"([ \t>*+-]*)(?:`([^`\n]{1,200})`|([A-Za-z][\w.+-]*(?: [a-z][\w-]*)?))[ \t]*:[ \t]+"
                              r"([^\n]{3,200})$")


_NEXT_LABEL = re.compile(r"[.!?]\s+(?=(?:`[^`\n]{1,200}`|[A-Za-z][\w.+-]*(?: [a-z][\w-]*)?)[ \t]*:[ \t])")
# a sentence after the output that names a command of its own ("mix test: 88 tests, 0 failures. `mix credo`
# found no issues."): read on its own, not as more of the output
_NEXT_COMMAND = re.compile(r"[.!?]\s+(?=`[^`\n]{1,200}`)")
_SENTENCE_BREAK = re.compile(r"[.!?]\s")     # output words the reader would cut from their command
# `command` -> plain output up to the end of its line or sentence
_ARROW_OUTPUT = re.compile(u"`([^`\\n]{1,200})`(\\s*(?:\\u2192|->|=>)\\s*|[ \\t]+[\\u2014\\u2013][ \\t]+)([^`\\s)?][^`\\n)?]{2,160}?)"
                           u"(?=[.;]?[ \\t]*(?:\\n|$)|[.;]\\s|\\))", re.M)
# a line's or a sentence's head (after a list marker or a ticked box), lower-case words with no
# backtick, then an arrow or a spaced dash
_PLAIN_COMMAND = re.compile(u"((?:^|(?<=[.!?] ))[ \\t]*(?:[-*+][ \\t]+|\\d{1,2}[.)][ \\t]+)?(?:\\[[ xX]\\][ \\t]+)?)"
                            u"((?:[A-Z_][A-Z0-9_]*=[^\\s`]*[ \\t]+)*[a-z.][\\w./@:+=-]*(?:[ \\t]+[^\\s`|\u2192\u2014\u2013]+){0,8}?)"
                            u"([ \\t]*(?:\u2192|->|=>)[ \\t]*|[ \\t]+[\u2014\u2013][ \\t]+|:(?=[ \\t]))", re.M)
