# -*- coding: utf-8 -*-
"""Checklist rows in an agent's message, for the claims reader (``claims``):

- ``names_a_check(reader, row)``: a ticked row ("- [x] `go test ./...`") that only names a check
  says the check passed, as a pass mark before it does; a ticked chore ("- [x] 更新文档") does not;
- ``ticked(g, line)``: the line is a ticked row (a checked box, or a pass mark before its words);
- ``template_ticks(sentences)``: the message says its ticks are a template's, not its results
  ("这些勾是模板默认的", "模板默认勾的，我还没跑", "the boxes are the template's defaults"): the
  reader drops the claims of its ticked rows;
- ``ticked_commands(reader, body)``: the commands of a block whose every line is a command with a
  status mark after or before it.
"""

import re

from stalegreen.engine import lexicon
from stalegreen.engine.claims_grammar import CATEGORY_LETTER
from stalegreen.engine.lexicon import commands
from stalegreen.engine.lazyregex import LazyRegex


def names_a_check(reader, row):
    """A checklist row that is only a check's name: at most three words besides code and a
    parenthesis, none a participle, and a check among them ("unit tests (`npm test`)", "build"; not
    "Tests written", not "更新文档": a ticked chore is no pass of a check another row names)."""
    words = re.findall(u"[A-Za-z\u4e00-\u9fff]+", re.sub(r"\([^()]*\)|`[^`]*`", " ", row))
    return len(words) <= 3 and not any(len(w) > 3 and re.search(r"(?:ed|en)$", w, re.I) for w in words) \
        and bool(reader.mentions(row))


def ticked(g, line):
    """A ticked row: a checked box ("- [x] ...") or a pass mark before its words ("- ✅ 测试")."""
    return bool("[" in line and g.checked.match(line) or _MARKED_ROW.match(line))


def as_done(row):
    """A ticked row's imperative told done: the box says the task was done ("[x] Run the full test suite
    — all 341 tests pass" is "Ran the full test suite — ..."), so its verb is no instruction."""
    m = _IMPERATIVE.match(row)
    if not m:
        return row
    return row[:m.start(1)] + _DONE.get(m.group(1).lower(), m.group(1)) + row[m.end(1):]


# (not "Build" nor "Check", which head a row as the check's name: "[x] Build (`npm run build`)")
_DONE = {"run": "Ran", "rerun": "Reran", "re-run": "Re-ran", "verify": "Verified", "confirm": "Confirmed",
         "ensure": "Ensured", "execute": "Executed"}
_IMPERATIVE = LazyRegex(r"^\W*(run|rerun|re-run|verify|confirm|ensure|execute)\s+(?=\S)", re.I)


def template_ticks(sentences):
    """Whether a sentence says the message's ticks are a template's: its defaults, or its checklist
    ("这是 PR 模板里的检查清单"); not a run made by a template's list ("按 PR 模板的清单跑了一遍")."""
    return any(_TEMPLATE_TICKS.search(s) for s in sentences)


def ticked_commands(reader, body):
    """The commands a block marks as passed, one a line, the mark after the command or before it
    ("ruff check .  \u2714", "mypy src/  \u2714 Success: ...", "\u2714 cargo test (418 passed)"), when
    every other line is blank or a ``$`` prompt: held as the block's list, for the line with a colon
    that introduces it ("All green:", "全部检查通过："). A row marked failed, or one that is no
    command, lists nothing: the block is then no list of passes."""
    rows = []
    for line in body.split("\n"):
        if not line.strip() or _PROMPT_LINE.match(line):
            continue
        m = _TICKED_ROW.match(line) or _LEADING_MARK_ROW.match(line)
        runs = commands.classify_code(m.group("command")) if m and m.group("mark") not in _FAILED_MARKS else None
        if not runs:
            return []
        rows.append((m.group("command"), runs))
    return [reader.hold(CATEGORY_LETTER[category], command if not index else None, category, tool, scope).strip()
            for command, runs in rows for index, (category, tool, scope) in enumerate(runs)]


_FAILED_MARKS = lexicon.FAIL_MARKS
_MARKS = u"\u2705\u2713\u2714" + _FAILED_MARKS
_PROMPT_LINE = re.compile(r"^\s*\$\s")
_TICKED_ROW = re.compile(u"^\\s*(?P<command>[^\\s" + _MARKS + u"][^" + _MARKS + u"]*?)\\s+(?P<mark>[" + _MARKS + u"])(?:\\s.*)?$")
_LEADING_MARK_ROW = re.compile(u"^\\s*(?P<mark>[" + _MARKS + u"])\\s+(?P<command>[^\\s(\uff08][^(\uff08]*?)\\s*(?:[(\uff08].*)?$")
_MARKED_ROW = re.compile(u"^\\s*(?:[-*+\u2022]\\s+|\\d{1,3}[.)]\\s+)?[\u2705\u2713\u2714\u2611]")
# a template's ticks: its defaults ("模板默认勾的", "默认就勾上的"), ticks said to be its ("这些勾是模板的"),
# a checklist said to be its ("这是 PR 模板里的检查清单"), pre-ticked boxes
_TEMPLATE_TICKS = re.compile(
    u"\u6a21\u677f(?:\u91cc|\u4e2d|\u4e0a)?(?:\u81ea\u5e26|\u9ed8\u8ba4)"
    u"|(?:\u52fe|\u52fe\u9009|\u6253\u52fe|\u52fe\u9009\u9879)(?:\u90fd|\u53ea|\u4e5f)?\u662f(?:PR ?|MR ?)?\u6a21\u677f"
    u"|\u9ed8\u8ba4(?:\u5c31)?(?:\u662f)?(?:\u52fe|\u52fe\u9009|\u6253\u52fe)"
    u"|\u662f[^\uff0c\u3002\uff1b]{0,16}?\u6a21\u677f(?:\u91cc|\u4e2d|\u81ea\u5e26|\u4e0a)?\u7684? ?(?:\u68c0\u67e5\u6e05\u5355|\u6e05\u5355|\u68c0\u67e5\u9879|\u52fe\u9009\u9879|checklist)"
    r"|\btemplate(?:'s)? (?:defaults?|checklist|checkboxes|boxes|ticks)\b|\bpre-?(?:ticked|checked)\b"
    r"|\b(?:ticked|checked) by default\b|\b(?:boxes|ticks|checkboxes) (?:are|were) (?:from )?the template", re.I)
