"""Every text the engine shows a person or an agent, in English and Chinese.

Block messages at Stop (chosen by the claim's language), the claim-free block, the rerun
instruction, and the allow and deny reasons given before a shell command runs. The engine's
modules compose them; none spells a sentence of its own. Each language has the same keys with the
no placeholder English lacks (tests/engine/test_messages.py holds that).
"""

NOUN = {"test": "the tests", "typecheck": "the typecheck", "lint": "the linter", "build": "the build",
        "completion": "the checks"}
VERB = {"test": "were", "typecheck": "was", "lint": "was", "build": "was", "completion": "were"}


def counts_text(counts):
    """``2 failed, 10 passed`` from a receipt's counts (the runner's own words, in any language)."""
    counts = counts or {}
    parts = []
    if counts.get("failed"):
        parts.append("%d failed" % counts["failed"])
    if counts.get("errors"):
        parts.append("%d error%s" % (counts["errors"], "" if counts["errors"] == 1 else "s"))
    if counts.get("passed") is not None:
        parts.append("%d passed" % counts["passed"])
    elif counts.get("errors") == 0:
        parts.append("0 errors")
    return ", ".join(parts)


TEXT = {
    "en": {
        "claim_free": "stalegreen: code changed this turn and no passing test ran after the last change:\n  {edits}\n"
                      "Run the tests and report the result, or say explicitly that they were not run.",
        "in": " in %s",
        "allow_run": "stalegreen: `{cmd}` is a verification run; wrapped so its result is recorded",
        "allow_rule": "stalegreen: `{cmd}` is allowed by your permission rules; wrapped so its result is recorded",
        "deny_hidden": "stalegreen: `{cmd}` hides its result ({mask}), so nothing would be recorded{why}. "
                       "Run `{rerun}` without the pipe or suffix so the result is recorded",
        "deny_unwrapped": "; it cannot be wrapped here ({reason})",
        "receipt": "Receipt",
        "stale": 'stalegreen: "{said}" is stale. {label} predates {n} later edit{s}:\n  {edits}\n',
        "stale_tree": 'stalegreen: "{said}" is stale. {label} predates later changes to the working tree.\n',
        "stale_ask": "Rerun `{cmd}` and report the result, or state explicitly that {noun} {verb} not rerun after these edits.",
        "failed": 'stalegreen: "{said}" does not match the latest run. {label} failed.\n'
                  "Fix the failure and rerun `{cmd}`, or report the failure instead of a pass.",
        "masked": 'stalegreen: "{said}" has no recorded result. {label} was run with {mask}, so the exit status and '
                  "summary were not recorded.\nRun `{cmd}` without the pipe or suffix so the result is recorded, "
                  "then report it.",
        "stale_during": 'stalegreen: "{said}" is stale. {label} ran on a working tree that the same command '
                        "then changed (`{change}`).\n",
        "contradicted": 'stalegreen: "{said}" is contradicted by {label}, which {how}',
        "how": {"exit0": "reports failures in its output although it exited 0.\n"
                         "Fix the failure and rerun `{cmd}`, or report the failure instead of a pass.",
                "subset": "failed and no later run of the whole suite passed.\n"
                          "Fix the failure and run the whole suite, or report the failure instead of a pass.",
                "count": "counted {counted} passing tests, fewer than the {claimed} the claim reports.\n"
                         "Report the count the run gave, or run the tests the claim counts and report that."},
        "stale_during_ask": "Rerun `{cmd}` on the tree as it is now and report the result.",
        "not_run": 'stalegreen: "{said}" says {noun} {verb} run, but no run of them is recorded in this session. '
                   "Run {noun} and report the result.",
        "none": 'stalegreen: "{said}" has no verification run in this session{why}. Run {noun} and report the result.',
        "inconclusive": 'stalegreen: "{said}" has no conclusive run. {label} ended without a result its runner '
                        "confirmed ({signal}).\nRerun `{cmd}` and report the result.",
        "tamper": "stalegreen: this session wrote files that control stalegreen or the agent's permissions:\n  "
                  "{files}\nThis session is still judged with the config it started with. Tell the user what you "
                  "changed there and why, and do not change these files to get past this check.",
        "nouns": NOUN, "more": ", and %d more",
        "mask": {"pipe": "a pipe into %s", "or-chain": "an `||` suffix", "semicolon": "a `;` chain",
                 "devnull": "output sent to /dev/null", "redirect": "output redirected to %s",
                 "negated": "a leading `!`", "exit-zero": "`%s`, with which it exits 0 whatever it finds",
                 "join": " and ", "default": "its result hidden"},
    },
    "zh": {
        "claim_free": "stalegreen：本轮改动了代码，而最后一次改动之后没有通过的测试运行：\n  {edits}\n"
                      "请运行测试并报告结果，或明确说明没有运行测试。",
        "in": " in %s",   # as in English until a reviewed translation lands: output is kept byte for byte
        "allow_run": "stalegreen：`{cmd}` 是验证运行；已包装以记录其结果",
        "allow_rule": "stalegreen：`{cmd}` 由你的权限规则允许；已包装以记录其结果",
        "deny_hidden": "stalegreen：`{cmd}` 隐藏了它的结果（{mask}），因此不会记录任何内容{why}。"
                       "请去掉管道或后缀运行 `{rerun}`，让结果被记录下来",
        "deny_unwrapped": "；这里无法包装它（{reason}）",
        "receipt": "凭据",
        "stale": "stalegreen：“{said}”已过期。{label}早于之后的 {n} 次编辑：\n  {edits}\n",
        "stale_tree": "stalegreen：“{said}”已过期。{label}之后工作树已有改动。\n",
        "stale_ask": "请重新运行 `{cmd}` 并报告结果，或明确说明这些编辑之后没有重新运行{noun}。",
        "failed": "stalegreen：“{said}”与最近一次运行不符。{label}失败了。\n"
                  "请修复失败并重新运行 `{cmd}`，或如实报告失败。",
        "masked": "stalegreen：“{said}”没有记录到结果。{label}运行时带有{mask}，退出状态和摘要都没有被记录。\n"
                  "请去掉管道或后缀重新运行 `{cmd}`，让结果被记录下来，然后报告。",
        "stale_during": "stalegreen：“{said}”已过期。{label}运行所在的工作树随后被同一条命令改动了（`{change}`）。\n",
        "contradicted": "stalegreen：“{said}”与{label}相矛盾：{how}",
        "how": {"exit0": "它的输出报告了失败，尽管退出状态为 0。\n请修复失败并重新运行 `{cmd}`，或如实报告失败。",
                "subset": "它失败了，之后也没有通过的完整测试运行。\n请修复失败并运行完整的测试套件，或如实报告失败。",
                "count": "它只统计到 {counted} 个通过的测试，少于声明中的 {claimed} 个。\n"
                         "请如实报告运行给出的数量，或运行声明所指的测试并报告结果。"},
        "stale_during_ask": "请在当前的工作树上重新运行 `{cmd}` 并报告结果。",
        "not_run": "stalegreen：“{said}”称已运行{noun}，但本会话中没有记录到任何这类运行。请运行{noun}并报告结果。",
        "none": "stalegreen：“{said}”在本会话中没有验证运行{why}。请运行{noun}并报告结果。",
        "inconclusive": "stalegreen：“{said}”没有确定的运行结果。{label}结束时运行器没有给出确认的结果（{signal}）。\n"
                        "请重新运行 `{cmd}` 并报告结果。",
        "tamper": "stalegreen：本会话写入了控制 stalegreen 或代理权限的文件：\n  {files}\n"
                  "本会话仍按开始时的配置判定。请告诉用户你改了什么、为什么改，不要为了通过检查而修改这些文件。",
        "nouns": {"test": "测试", "typecheck": "类型检查", "lint": "lint", "build": "构建", "completion": "检查"},
        "more": "，另有 %d 处",
        "mask": {"pipe": "管道 | %s", "or-chain": "`||` 后缀", "semicolon": "`;` 链", "devnull": "输出重定向到 /dev/null",
                 "redirect": "输出重定向到 %s", "negated": "前置的 `!`", "exit-zero": "参数 `%s`（无论发现什么都以 0 退出）",
                 "join": "和", "default": "被隐藏的结果"},
    },
}


def mask_description(reason, words):
    """What hid a run's result (``a pipe into tail``), from its mask reason, in ``words``' language."""
    table = words["mask"]
    found = []
    for part in (reason or "").split(","):
        kind, _, arg = part.partition(":")
        if kind in ("pipe", "redirect", "exit-zero"):
            found.append(table[kind] % arg)
        elif kind.startswith("devnull"):
            found.append(table["devnull"])
        elif kind in table:
            found.append(table[kind])
        elif part:
            found.append(part)
    return table["join"].join(found) or table["default"]
