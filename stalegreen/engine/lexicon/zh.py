# -*- coding: utf-8 -*-
"""Chinese lexicon entries (see ``stalegreen.engine.lexicon`` for the roles)."""

from stalegreen.engine.lexicon import Entry


def E(pattern, role, example, categories=()):
    return Entry(pattern, role, "zh", example, categories)


ENTRIES = (
    # ---- clause boundaries
    E(u"；", "contrast", u"单元测试通过；构建仍然失败。"),
    E(u"，?(?:但是|但|不过|可是|然而|倒是|而(?!且|是|已))", "contrast", u"构建失败了，但单元测试全部通过。"),
    E(u"(?:虽然|尽管|虽说)", "contrast", u"虽然 lint 还有几个警告没清，但测试都过了。"),

    # ---- tense
    E(u"(?:修改|改动|重构|修复|提交|合并|升级|变更|更改)(?:之|以)?前", "past", u"修改前测试是通过的。"),
    E(u"(?:昨天|上周|上次|上个|前天|之前|以前|原来|曾经|早些时候|一开始|最初|起初|第一次运行)", "past", u"之前 lint 一直是干净的。"),
    E(u"现在|目前|如今|当前|(?:修复|修改|改动|重构)(?:之|以)?后|改完(?:之|以)?后", "present", u"之前失败的那个用例现在过了。"),

    # ---- not-rerun disclosures
    E(u"(?:没有?|未|还没有?|尚未)(?:再|重新)(?:运行|跑|执行|测试|验证|构建)", "disclosure", u"测试第一次跑通过了，但重构后没有重新运行。"),
    E(u"(?:没有?|未|还没有?)重跑", "disclosure", u"之前测试通过了，改完后还没重跑。"),

    # ---- a run just made
    E(u"(?:重新|又|再次|刚刚?|已经)?(?:运行|跑|执行)(?:了|过)", "run", u"重新运行了测试，全部通过。"),
    E(u"重(?:新)?跑", "run", u"重跑测试，全部通过。"),
)
