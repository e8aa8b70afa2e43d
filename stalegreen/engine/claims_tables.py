# -*- coding: utf-8 -*-
"""Markdown tables in a final message, read row by row through their header: a past column's
cells are left out, a plan column makes the row a plan (unless the table has a result column
beside it), and a bare status under a column naming a check is that check's."""

import re

from stalegreen.engine import clauses, lexicon

TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")

_PLAN_COLUMN = re.compile(u"^\\W*(?:expected|expectation|planned|plan|target|goal|todo|to do|next|will|"
                          u"\u9884\u671f|\u671f\u671b|\u8ba1\u5212|\u76ee\u6807)\\b", re.I)
_RESULT_COLUMN = re.compile(u"^\\W*(?:results?|status|outcome|actual|\u7ed3\u679c|\u72b6\u6001|\u5b9e\u9645)\\W*$", re.I)


def names_a_check(reader, label):
    """Whether a header cell names a check: a subject the grammar knows, or the compiler's verb
    ("| Target | compile | tests |")."""
    return bool(reader.mentions(label)) or bool(_COMPILE_LABEL.match(label))


# a column named by the compile step: read as the build
_COMPILE_LABEL = re.compile(r"^\W*(?:compile|compiles|compilation|compiled)\W*$", re.I)


def cells(line):
    """The cells of a table line, stripped."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def row(reader, line, header, checks):
    """A table row read through its header: cells under a past column ("Before", 修改前) are
    past results and left out; a row with a plan column ("Expected", 预期) is a plan; a status
    under a column that names a check ("| Package | `go test` |" over "| `api` | ✅ ok |") is
    that check's. ``checks``: whether each header cell names a check.
    Returns (the row's text, whether it is a plan)."""
    kept = []
    labels = []     # each kept cell's column
    plan = False
    results = any(_RESULT_COLUMN.match(label) for label in header)     # "| Target | Command | Result |"
    counted = None      # what a past cell counts ("17 个错误" before "0": the 0 counts errors)
    # (beside the agent's own column, a column naming CI holds CI's results: "| Check | Local | CI |")
    own = any(_OWN_COLUMN.search(label) for label in header)
    for index, cell in enumerate(cells(line)):
        label = header[index] if index < len(header) else ""
        if label and (clauses.is_past(label + ":") or _FIRST_COLUMN.match(label)):
            counted = _COUNT_OF.match(cell) or counted
            continue
        if own and label and not _OWN_COLUMN.search(label) and lexicon.search("relay", label):
            continue
        if counted and cell.strip() in ("0", u"0 \u4e2a"):
            cell = "0 %s" % counted.group(1)
        if label and (_PLAN_COLUMN.match(label) or lexicon.search("future", label)) \
                and not (_NAMES_ONLY.match(label) and (index == 0 or reader.mentions(cell)) and not _A_STATE.search(cell)):
            # (a first column "Target" names each row's build target: "| Target | compile | tests |")
            if results:
                continue     # what was expected, beside what came out
            plan = True
        if index < len(checks) and checks[index] and _STATUS_CELL.match(cell) and not reader.mentions(cell):
            cell = "%s: %s" % (_COMPILE_LABEL.sub("build", label), cell)
        elif label and _EXIT_COLUMN.match(label) and cell.strip().isdigit():
            cell = "exit code %s" % cell.strip()      # "| `go build ./...` | 0 |" under "Exit": the run's status
        kept.append(cell)
        labels.append(label)
    if sum(checks) == 1 and not any(checks[i] and _STATUS_CELL.match(c) for i, c in enumerate(cells(line)[:len(checks)])):
        # the one column naming a check counts it ("| Module | Tests | Result |" over "| `auth` | 24 | ✅ |"):
        # a row naming no check of its own gives its status to that check
        check = header[checks.index(True)]
        statuses = [i for i, cell in enumerate(kept) if _STATUS_CELL.match(cell)]
        if len(statuses) == 1 and statuses[0] > 0 and not reader.mentions(" ".join(kept)):
            # (the row's first cell names its part: "`auth` Tests: ✅", a subset)
            kept[statuses[0]] = "%s %s: %s" % (kept[0].strip(), check, kept[statuses[0]])
    filled = [(cell, label) for cell, label in zip(kept, labels) if cell.strip()]
    # (not a change's column: "| `tsc` errors | 12 | 0 |" under "| Check | Before | \u0394 |" is 12 errors still)
    if len(filled) == 2 and filled[1][0].strip().isdigit() and len(kept) < len(header) \
            and not _DELTA_COLUMN.match(filled[1][1]):
        filled = [cell for cell, _ in filled]
        # "| eslint errors | 37 | 0 |" under "| | Before | After |", the past column left out: a count after its label
        return "| %s: %s |" % (filled[0].strip(), filled[1].strip()), plan
    return "| " + " | ".join(kept) + " |", plan


def relayed_columns(header):
    """Whether a table's results are someone else's: a column names its source (CI, a dashboard,
    a reviewer) and none says the run was the agent's own (local, 本地, "This run"), nor holds the results
    beside it ("| Check | Result | CI job |": the column naming CI maps the rows, the results are the agent's)."""
    relayed = [bool(lexicon.search("relay", label)) for label in header]
    if not any(relayed) or any(_OWN_COLUMN.search(label) for label in header):
        return False
    if relayed[0]:
        return True     # "| CI job | Status |": the rows are CI's
    return not any(_RESULT_COLUMN.match(label) for label, relay in zip(header, relayed) if not relay)


_OWN_COLUMN = re.compile(u"\\b(?:local(?:ly)?|mine|my run|own|this run)\\b|\u672c\u5730|\u6211\u7684", re.I)

# a column of the first round, beside a later one: "| Check | 第一轮 | 最后一轮 |", "| Initial | Final |"
_FIRST_COLUMN = re.compile(u"^\\W*(?:\u7b2c\u4e00(?:\u8f6e|\u6b21|\u904d)|\u9996\u8f6e|\u9996\u6b21|\u521d\u59cb|\u6700\u521d"
                           u"|initial(?:ly)?|first (?:run|round|pass|attempt)|original|baseline)\\b", re.I)
# a count and what it counts, in a cell: "17 个错误", "12 errors"
_COUNT_OF = re.compile(u"^\\s*\\d[\\d,]*\\s*(?:\u4e2a|\u6761|\u5904)?\\s*([^\\d\\s,.].{0,30}?)\\s*$")

# a column of changes: "\u0394", "Delta", "Change", "Diff", "变化"
_DELTA_COLUMN = re.compile(u"^\\W*(?:\u0394|\u2206|delta|change|diff(?:erence)?|\u53d8\u5316|\u5dee\u503c)\\W*$", re.I)

# a column of exit statuses: "| Tool | Command | Exit |", "| 工具 | 退出码 |"
_EXIT_COLUMN = re.compile(u"^\\W*(?:exit(?:[ _-]?(?:code|status))?|rc|status code|return code|\u9000\u51fa\u7801|\u8fd4\u56de\u7801"
                          u"|\u9000\u51fa\u72b6\u6001)\\W*$", re.I)

# a column of what is run, when its cells name checks: "| Target | Result |" over "| `make check` | \u2705 |"
_NAMES_ONLY = re.compile(r"^\W*targets?\W*$", re.I)
# (a cell naming a check with a state is a goal: "| `npm test` passing | Friday |")
_A_STATE = re.compile(r"\b(?:pass(?:es|ing)?|green|clean|succeed(?:s|ing)?|ok|no (?:errors|warnings|failures))\b"
                      u"|\u7eff|\u901a\u8fc7", re.I)

# a cell that is only a status: a mark or a status word first ("✅ ok 0.31s", "pass", "PASS (41)")
_STATUS_CELL = re.compile(u"^\\W*(?:[" + lexicon.STATUS_MARKS + u"]"
                          u"|(?:ok|pass(?:ed|es|ing)?|green|clean|success(?:ful)?|fail(?:ed|s|ing)?|red)\\b)", re.I)
