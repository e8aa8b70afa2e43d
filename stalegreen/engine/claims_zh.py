# -*- coding: utf-8 -*-
"""Chinese vocabulary for the claims grammar (所有测试都通过了, 构建成功, 类型检查通过, lint 通过).

Chinese has no spaces and ``\\b`` means nothing between CJK characters, so subjects and
predicates are found as plain substrings; ASCII tool names inside Chinese text are delimited with
explicit ASCII look-arounds instead of ``\\b``. A predicate takes the nearest subject before it in
its clause, or (subject dropped, as Chinese allows: "跑了完整的测试，全部通过") the last subject
named earlier in the sentence or paragraph.
"""

import bisect
import re

from stalegreen.engine import lexicon
from stalegreen.engine.lazyregex import LazyRegex
from stalegreen.engine.lexicon import commands

LOOKBACK = 120    # characters looked at around a match (keeps very long sentences linear)
_A = r"(?<![A-Za-z0-9_])"
_Z = r"(?![A-Za-z0-9_])"

_ADVERBS = u"遍步项样一二三四五六七八九十确实真果然本身两边每次轮都均全部已经也依然仍然现在目前还是又再次全共计所有个了已其余他剩下的检查它们这些那两者是就"
_ALL = u"所有|全部|全量|完整|整个|全都|全绿|全过|每个|每一个|一切|所有的"
_SUBSET = u"新增|新加|新写|新的|(?<![有无零没何])回归|相关|受影响|这些|那些|这两个|两个|三个|几个|下的|改动的|修改的"


# a leading "when" of a dropped-subject predicate ("修复后 45 个全部通过", "这次全部通过")
# (up to three in a row: "我改成传指针后再跑就干净了")
_TIME_ADVERBIAL = re.compile(u"^(?:\\s*(?:(?:我|在)?本地|我(?:这边|这里)|(?:修复|修改|改动|重构|改完|升级|重跑)(?:之|以)?后|这次|这一次|最后|后来|第[二三四五](?:次|遍|轮)就?|再跑一次|一路|全程|从头|(?:最终)?结果(?:是|显示)?|(?:跑|运行|执行)(?:了|过)的"
    # likewise: the same result as the run named before ("我本地也跑了 `make test`，一样全过")
    u"|(?:也|都)?(?:一样|同样|照样)(?:是)?"
    u"|(?:连续|反复|又|再|重新|重)?(?:跑|运行|执行)了?(?:一下|一遍|一次|一轮| ?\\d+ ?(?:次|遍|轮))"
    u"|(?:改完|修完|改好|修好)?(?:又|再|重新|重)(?:跑|运行|执行)了?"     # a rerun: "改完再跑就干净了"
    # after a change made just now ("换了端口之后全部通过")
    # (or with its result: "改成 `tempdir()` 之后", "把超时改为 30 秒后", "升级到 5.4 之后")
    u"|(?:把[^，。；]{0,12}?)?(?:换|改|修|加|删|调|升级|重启|更新|调整)(?:了|成|为|到|掉)[^，。；]{0,16}?(?:之|以)?后"
    # or any short time clause ending in 后 ("快照更新后", "rebase 后", "清掉缓存后", "合并 main 之后"): its
    # modality (等…后, 如果…后, 会) is read from the clause as any other's
    u"|[^，。；]{1,16}?(?:之|以)?后)){1,3}")
# the start of a check named as the object of 通过, after its quantifier and count
_OBJECT = (u"(?:全部|所有|各项)?的? ?(?:\\d[\\d,]* ?(?:个|项))? ?(?:sg[tylbi]\\d+x|[A-Za-z]|单元|集成|测试|单测|用例|类型|静态|代码|构建"
           u"|编译|端到端|冒烟|回归|格式|规范|风格)")
# a count of what a run covers before a dropped-subject pass ("12 个场景全过", "30 个 case 都过了", "两个环境都 OK")
_COUNTED_CASES = re.compile(u"^\\s*(?:(?:全部|所有|共) ?)?(?:\\d+|[两三四五六七八九十几]+) ?(?:个|条)? ?(?:场景|case|cases|测试点|scenarios?|环境|envs?|environments?|平台|platforms?|jobs?|targets?)", re.I)
# "that part" of what was run ("只跑了 `go test ./internal/...`，那部分是 ok 的"): the run named before
_THAT_PART = re.compile(u"^\\s*(?:那|这)(?:一)?(?:部分|块|一块|几个包|个包)")
# a pass of everything by its words alone: zero failures, none at all, all green ("零报错", "全绿")
_NONE_OR_ALL = re.compile(u"零|无|没有任何|全|一(?:个|条|处)")
# the environments a run covers ("两个环境都 OK"): all of the run, no named part of it
_ENVIRONMENTS = re.compile(u"(?:\\d+|[两三四五六七八九十几]+) ?个? ?(?:环境|envs?|environments?|平台|platforms?)", re.I)
_EXCEPTION_GAP = re.compile(u"除(?:了|去)?(?:[^，。；;（(]|[（(][^）)]{0,60}[）)]){0,80}?(?:之外|以外|外)[，,]?")
# what makes a pass word part of a time clause ("通过后", "成功之后") or an attribute ("通过的判定条件")
_SUBORDINATE = re.compile(u"\\s*(?:(?:之|以)?后|的(?!话)[\u4e00-\u9fff])")
# what before 测试过了 makes it "has tested" (我测试过了, 已经测试过了), not "the tests passed"
_TESTED = re.compile(u"(?:我|们|你|您|他|她|已|经|都|也|有|没|刚|自|再|又|能|要|会|亲|把)\\s*$")
# the sentence says only a part was run ("我只跑了 `-R codec` 这部分", "仅运行了单测")
_ONLY_RAN = re.compile(u"(?:只|仅)(?:跑|运行|执行|测)了?")
# a place phrase between a subject and its predicate ("在 Python 3.8 和 3.12 上", "在本地")
_PLACE = re.compile(u"在[^，,；;。]{1,40}?(?:上|下|里|中|环境|本地)")
_ASCII_WORD = re.compile(r"[a-z0-9_]+")
# a clause's subject that is only parts of the code: code spans naming no check ("`api` 和 `shared`"),
# or names before a part noun ("py310 和 py311 两个环境")
_PART_NOUN = u"(?:项目|环境|模块|子项目|包|服务|目录|仓库|组件|packages?|projects?|modules?|crates?)"
_PARTS_ONLY = re.compile(
    u"^\\s*(?:(?:sgc\\d+x(?:\\s*(?:和|、|与|及|以及|,|，)\\s*sgc\\d+x)*)(?:\\s*(?:这)?(?:两|三|四|几)?个?\\s*" + _PART_NOUN + u")?"
    u"|(?:所有|全部|每个|各个|其他|其余|剩下|剩余)的?\\s*" + _PART_NOUN + u""
    u"|[A-Za-z0-9_.-]+(?:\\s*(?:和|、|与|及|以及|,|，)\\s*[A-Za-z0-9_.-]+)*\\s*(?:这)?(?:两|三|四|几)?个?\\s*" + _PART_NOUN + u")"
    # (with a count of what it ran: "parser 包 134 个全过")
    u"(?:\\s*\\d[\\d,]*\\s*(?:个|条|项)?(?:用例|测试|case|cases|tests?)?)?[\\s都也均全部已经]*$")
# "not one failed" is a pass: "一个失败都没有", "一个都没挂", "没有一个测试失败" (the negation is of the
# failure's quantifier, not of the claim)
_NONE_AT_ALL = (u"一(?:个|条|处|次) ?(?:错|错误|报错|警告|告警|问题|失败|超时|崩溃|errors?|warnings?|timeouts?)? ?(?:都|也)没有"
                u"|一(?:个|条|处)(?:都|也)?没(?:有)?(?:失败|报错|挂)"
                u"|没有(?:任何)?一(?:个|条)(?:是)?(?:失败|报错|挂掉?)的?"
                # a failure denied by its double negative: "没有哪一个是不过的", "没有一个没过"
                u"|没有(?:哪)?一?(?:个|条)(?:是)?(?:不过|不通过|没过|没通过)的?")
# a failure count of zero ("失败 0", "错误数：0")
_COUNT_ZERO = u"(?:失败|错误|报错|警告|告警|问题)数? ?(?:[：:为是] ?)?0(?![\\d.])"
# a count brought down to zero ("告警从 12 个降到 0 个")
_DOWN_TO_ZERO = (u"(?:降到|降为|减少到|减少为|减到|减为|清到|变成|变为)了? ?(?:0|零)(?![\\d.])(?: ?个)?"
                 u"|(?:只|仅|还)剩下?了? ?(?:0|零) ?(?:个|条|处)(?![\\d.])")     # "再跑只剩 0 条了"
# "no longer fails" (没再失败过, 不再报错): the check passes now
_NO_LONGER_FAILS = u"(?:没有?再|不再)(?:失败|报错|出错|挂|抱怨)过?"
# a format check that finds nothing to change ("`cargo fmt --check` 没有 diff")
# (or no file it would change or lists: "没有需要改的文件", "没有文件需要格式化", "文件都不需要改", "无需格式化",
# "所有文件都已格式化", `gofmt -l` "没有列出任何文件")
_NO_DIFF = (u"(?:没有|没|无|零)(?:任何)? ?(?:diff|差异)|没有(?:任何)?(?:需要|要|可以)(?:被)?(?:重新)?(?:格式化|修改|改动|改|调整)的(?:文件|地方)"
            u"|没有(?:任何)?(?:一个)?文件(?:需要|要)(?:被)?(?:重新)?(?:格式化|修改|改动|改|调整)"
            u"|文件(?:都|均|全)?(?:不需要|无需|不用)(?:被)?(?:重新)?(?:格式化|修改|改动|改|调整)|(?:无需|不需要|不用)(?:再|重新)?格式化"
            u"|(?:所有|全部)(?:的)?文件(?:都|均)?(?:已经?|是)(?:被)?格式化(?:过|好)?(?:了|的)?"
            u"|没有?(?:列出|报告|输出|打印)(?:任何|一个)?文件")
# "does not report errors" (不报错, 不再报警告): the check runs clean; an error named by its code or
# name is one it no longer reports ("不再报 `Module not found` 了", "不报 TS2307 了")
_ERROR_NAME = u"(?:sgc\\d+x|[A-Za-z][\\w.:-]*)(?:\\s*(?:这个|这种|那个)?(?:错误|错|异常|警告|告警|errors?|warnings?))?"
_NOT_REPORTED = (u"不(?:再)?报(?:任何)? ?(?:类型|lint|编译|构建|新的?)? ?(?:错|错误|警告|告警|error|warning)|不再?报(?:了|啦)(?=\\s*(?:$|[，。,；;！!]))"
                 u"|不再报\\s*" + _ERROR_NAME + u"\\s*(?:了|啦)?(?=\\s*(?:$|[，。,；;！!]))|不报\\s*" + _ERROR_NAME + u"\\s*(?:了|啦)(?=\\s*(?:$|[，。,；;！!]))")
_NO_FAILING_TEST = (u"(?:没有|不存在)(?:任何一个|任何|哪一个|哪个|一个)(?:测试|用例|单测)(?:是)?(?:失败|报错|挂)(?:的)?"
                    u"|没有(?:测试|用例|单测)(?:是)?(?:失败|报错|挂)(?:的)?|不存在(?:任何)?(?:失败|报错)的(?:测试|用例)")
# "都没失败", "没出错", "没出任何错": nothing went wrong
# ("`pnpm -r lint` 也没报": nothing reported, the clause ends there)
_NOTHING_WENT_WRONG = (u"(?<=[都均也])没(?:有)?(?:失败|报错|出错|挂|报(?=\\s*(?:$|[，。,；;！!])))|没(?:有)?出(?:任何|什么)?(?:错|错误|问题)"
                       u"|没(?:有)?报(?:任何|什么|啥)?(?:东西|问题|内容)(?=\\s*(?:$|[，。,；;！!]))")     # "没报东西": nothing reported
# an English failure noun after 没 ("lint 也没 warning", "测试没 error"): nothing to report, a pass
_EN_FAILURE_NOUN = u"(?:任何)? ?(?:errors?|warnings?|issues?|offen[cs]es?|violations?|problems?|regressions?|failures?)" + _Z
# a check that prints nothing ("`go vet` 也没输出", "`gofmt -l` 没输出了"): nothing to report, a pass; not
# "没输出产物" (no artifact came out)
_NO_OUTPUT = u"没(?:有)?(?:任何)?输出(?:了|过)?(?=\\s*(?:$|[，。,；;！!（(]))"
# a linter's hints as its findings ("`hlint` 没有任何提示"), in the predicate and in the clean phrases a
# negator is not read in; not a prompt box or a prompt word (提示框, 提示词)
_HINTS = u"提示(?![框词音语])"
# a pictograph after a predicate ("一次通过 🎉", "通过 🚀"): the sentence ends there
_TRAILING_EMOJI = u"[\U0001F300-\U0001FAFF\u2600-\u27BF](?=[\\s\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]*(?:$|[，,。；;！!]))"
_MARKS = u"\u2705\u2713\u2714\u2611\U0001f7e2\U0001f44d\U0001f44c"     # status marks (also before their subject)
_CLEAN_CATEGORY = {u"类型检查": "typecheck", u"类型": "typecheck", "lint": "lint", u"构建": "build", u"编译": "build",
                   u"测试": "test", "typescript": "typecheck", "ts": "typecheck", "tsc": "typecheck",
                   "mypy": "typecheck", "pyright": "typecheck", "eslint": "lint", "ruff": "lint"}

# 通过 as a noun of a word after it ("通过强度", "通过了校验"): no pass
_PASS_AS_NOUN = re.compile(u"(?:了)?(?:强度|校验|验证|审核|审批|检验)")
# where the words before a subject stop: a clause mark, or the item or code before it
_ITEM_OR_CODE = re.compile(u"[，,；;。！!：:、]|\\S*\\d+x\\b")
_COMMA = re.compile(u"[，,；;。]")
_COLON_LEAD = re.compile(u"^\\s*[：:]")
# (a "+" or "/" joins as 和: "webpack 构建 + jest 全过", "单测 / lint 全绿")
_JOINT = re.compile(u"^\\s*(?:、|和|与|及|以及|跟|&|\\+|/|／|,|，|and)\\s*$")
# (an aside may follow an item: "`mypy`（严格模式）、`pytest`")
_LIST_JOINT = re.compile(u"^\\s*(?:[（(][^（）()]{0,40}[)）]\\s*)?(?:、|和|与|及|以及|跟|&|\\+|,|and)\\s*$")
_PART_WORD = re.compile(u"[中里共]")
_ZERO_FAILURES = re.compile(u"(?:0|零) ?个?失败|无失败|没有(?:任何)?失败")

# clauses that only say a change is done, or an interjection, before a pass of all ("改好了，全部通过了")
_DONE_LEAD = re.compile(u"^(?:\\s*(?:[^，,。；;：:]{0,12}?(?:好了|完了|完成了?|搞定了?|修复了|解决了|改掉了)|嗯|好的?|OK|ok|行)\\s*[，,]\\s*)+$")
# a Latin word right after a check named as 通过's object, making it another noun ("build tag",
# "lint 规则"), unless it is the check's own noun ("lint check", "unit tests")
_NOUN_AFTER_OBJECT = re.compile(u"[ ]?(?!(?:checks?|tests?|suites?|runs?|steps?|stages?|jobs?)(?![A-Za-z]))[A-Za-z]|[ ]?(?:规则|配置|脚本|标签|参数|目录)")
_OBJECT_JOINT = re.compile(u"\\s*(?:检查|校验)?\\s*(?:、|和|与|及|以及|跟|&|,|，)\\s*(?:全部|所有)?的?\\s*")


# what may stand between a run and the noun that counts its tests: "`pytest tests/api` 的 12 个测试", "… 5 个用例"
_RUN_COUNT_GAP = re.compile(u"^\\s*的?\\s*(?:全部|所有)?\\s*(?:共)?\\s*(?:\\d[\\d,]*|[一两二三四五六七八九十几百]+)?\\s*(?:个|条)?\\s*$")


def _counted_by_the_run(s, subjects, subject):
    """A test noun right after a test run's code, with only a count between ("`pytest tests/migrations`
    5 个用例通过", "`mvn test -Dtest=X` 12 个用例全过"), counts that run's tests: the subject takes the run's
    tool and scope (a narrowed run's tests are a part of the suite). Other subjects are returned as they are."""
    if subject["kind"] != "test" or subject.get("scope"):
        return subject
    before = [x for x in subjects if x["end"] <= subject["start"]]
    run = before[-1] if before else None
    if not run or run["kind"] not in ("code", "tool") or run["category"] != "test" \
            or not _RUN_COUNT_GAP.match(s[run["end"]:subject["start"]]):
        return subject
    return dict(subject, scope=run.get("scope"), tool=run.get("tool"))


# a noun a check word modifies ("测试环境", "构建缓存", "lint 配置", "编译器"): what it names is no check
# (a one-character noun only as a word of its own: not the first of 库存 inventory, 库房, 服务, 机制, 器件;
# the compiler saying it reports nothing is the build's: "编译器不再报错了", a subject of its own)
_MODIFIED_NOUN = re.compile(u"\\s?(?:环境|框架|缓存|数据|配置|工具|依赖|目录|计划|覆盖率|账号|服务|夹具|插件|库(?!存|房)|服(?!务)|机(?!制)|器(?!件))")


def _expanded(s, start, end):
    """Candidates of every category for a pass of "all the checks" that names none: the reader
    keeps those the message names elsewhere (``expanded``, as for "Everything passes")."""
    return [{"category": c, "span": (start, end), "text": s[start:end], "tool": None, "alternates": [], "lang": "zh",
             "qualified": False, "scope": "all", "counts": {}, "expanded": True}
            for c in ("test", "typecheck", "lint", "build")]


class _PassOnly(object):
    """A ``pobj`` match read as the bare pass word 通过 (its clause names no check after it)."""

    __slots__ = ("_m",)
    lastgroup = "pass"

    def __init__(self, m):
        self._m = m

    def start(self):
        return self._m.start()

    def end(self):
        return self._m.start() + 2

    def span(self):
        return (self.start(), self.end())

    def group(self, index=0):
        return self._m.string[self.start():self.end()] if index == 0 else None


class Grammar(object):
    """Compiled Chinese patterns; built once by the main grammar."""

    def __init__(self):
        self._last_zero = ("", False)
        c = LazyRegex
        I = re.I
        subject = lambda names: (
            u"(?P<every>所有的? ?(?:CI ?)?(?:检查|checks?|校验|check 项)|全部检查|各项检查|[两三四五六七八九几]项(?:检查|check|checks))"
            u"|(?P<code>" + _A + u"sg[tylbi]\\d+x)"
            u"|(?P<testid>" + _A + u"test_[A-Za-z0-9_]+|[A-Za-z][A-Za-z0-9_]*_test" + _Z + u")"
            u"|(?P<tool>" + _A + u"(?:" + names() + u")" + _Z + u")"
            u"|(?P<typecheck>(?:TypeScript ?)?类型检查|类型校验|类型|" + _A + u"(?:ts|tsc) ?(?:检查|校验)|" + _A + u"(?:typecheck|type ?check|typescript|types)" + _Z + u")"
            u"|(?P<lint>代码风格(?:检查)?|代码规范(?:检查)?|规范检查|代码格式检查|格式化检查|风格检查|静态检查|静态分析|代码扫描|格式检查|代码检查|静态代码(?:检查|分析|扫描)|" + _A + u"(?:lint(?:er|ing)?|vet)" + _Z + u"(?: ?检查)?)"
            u"|(?P<build>生产构建|镜像构建|编译器(?=\\s*(?:也|都|已经|现在)*(?:不再|没有?|没)(?:报|给出|输出|发出|抱怨|有(?:任何)?(?:错|警告|告警)))|(?:构建|编译|打包|出包)(?!体积|大小|时间|耗时|速度|脚本|配置|目录)|" + _A + u"(?:build|compile)" + _Z + u")"
            u"|(?P<buildable>项目|工程|应用|代码)"
            u"|(?P<test>(?<![没未不])测过(?=了)|全量(?=\\s*(?:是|都|也|均|全|跑|通过|绿|过))|测试套件|测试用例|单元测试|集成测试|回归测试|端到端测试|冒烟测试|全量测试|单测|集测|自测|测试集|断言|"
            + _A + u"e2e ?测试|测试|用例|套件|" + _A + u"(?:(?:unit|integration|e2e|smoke|api|ui)[-_ ]?)?(?:tests?|doctests?|e2e|specs?|UT|suites?)" + _Z + u"(?! ?(?:文件|目录|文件夹|代码|数据|夹具))"
            u")")
        self.subject = c(lambda: subject(commands.prose_pattern), I)
        self.subject_plain = c(lambda: subject(lambda: u"(?!)"), I)
        self.predicate = c(lambda: (
            u"(?P<cclean>(?:没有|无|零)(?:任何)? ?(?P<zcat>类型检查|类型|lint|Lint|构建|编译|测试|TypeScript|typescript|TS|tsc|mypy"
            u"|pyright|ESLint|eslint|ruff) ?(?:错误|报错|警告|告警|失败|问题))"
            u"|(?P<zobj>通过了?(?:全部|所有)的? ?(?:\\d[\\d,]* ?个?)?(?:测试|用例)|没有(?:任何)?(?:失败|报错)的(?:测试|用例)"
            u"|" + _NO_FAILING_TEST + u")"
            u"|(?P<clean>" + _NOT_REPORTED + u"|(?:没有|未|不再|(?<=也)没|没(?=报|发现|出现|检查出|检测到|输出|给出|产生|抛出| ?" + _EN_FAILURE_NOUN + u")|无(?= ?[A-Za-z]))(?:报告|发现|出现|检查出|检测到|报|给出|产生|输出|抛出)?(?:任何|其他|别的)? ?(?:(?:new |新增的?|新出现的?|新的?) ?)?(?:风格|格式|代码)?"
            u"(?:报错|错误|警告|告警|问题|失败|异常|违规|输出|" + _HINTS + u"|(?:type |lint )?errors?|warnings?|issues?|offen[cs]es?|violations?|bugs?|regressions?|failures?|fail(?:ed|s)?" + _Z + u")"
            u"|无(?:任何)?输出|" + _NO_OUTPUT + u"|(?:没有|无|零)(?:任何|新的?|引入)? ?回归(?!测试|用例)"
            # only warnings left ("只剩一个 `x` 的警告"): a lint pass with its exception; "still"
            # ("还剩 4 个 warning") reports what is left to fix, unless the message waves it off ("不影响")
            u"|(?:只剩|仅剩|只有|仅有)下? ?(?:\\d+|一|两|几) ?(?:个|条|处)?[^，。；]{0,40}?(?:warning|info|警告|告警|提示)"
            u"|还剩下? ?(?:\\d+|一|两|几) ?(?:个|条|处)?[^，。；]{0,40}?(?:warning|info|警告|告警|提示)"
            u"(?=[^。；]{0,40}?(?:不影响|可以忽略|无关紧要|无伤大雅|问题不大|不碍事))"
            u"|无(?:任何)?(?:错误|报错|警告|告警|失败|问题|异常|违规)|无误|没(?:啥|什么)?问题"
            # no red ones left ("单测那边已经没有红的了")
            u"|没有?(?:一个)?(?:红|挂)的了?(?=\\s*(?:$|[，。,；;！!]))"
            u"|无一(?:失败|报错)|零 ?(?:错误|警告|告警|报错|问题|失败|违规|输出)|零 ?" + _EN_FAILURE_NOUN + u"|" + _A + u"0 ?个?(?:错误|警告|问题|失败)|" + _A + u"0 ?个 ?" + _EN_FAILURE_NOUN + u"|干净"
            # an English runner count after a Chinese subject ("单测 0 failures")
            u"|" + _A + u"0 ?(?:failures?|failed|errors?|warnings?|problems?|issues?)" + _Z + u"|" + _NOTHING_WENT_WRONG + u""
            u"|" + _NONE_AT_ALL + u"|" + _DOWN_TO_ZERO + u"|" + _NO_LONGER_FAILS + u"|" + _NO_DIFF + u"|没有?报(?:任何)?错|" + _COUNT_ZERO + u""
            u"|" + _A + u"(?:ok(?:ay)?|green|clean|pass(?:es|ed|ing)?)" + _Z + u")"
            u"|(?P<bverb>(?:能|可以)(?:正常)? ?(?:build|构建|打包|编译) ?(?:得)?出来|(?:打出|产出)了? ?(?:\\d+ ?个(?:平台的)? ?)?(?:sdist|wheel|jar|apk|ipa|binar(?:y|ies)|二进制|安装包|产物|镜像)|(?:可以)?正常(?:编译|构建|打包)|(?:能|可以)(?:正常)?(?:编译|构建|打包|编)(?:了|通过)?(?=\\s*(?:$|[，。,；;！!]))|编译?过了?(?![程去来])|(?:编|打|构建|build ?)(?:得)?出来了)"
            # 通过 is also the preposition "by means of" (通过 fixture 注入): as a predicate it ends its clause
            u"|(?P<zcnt>(?<![\\d.,])\\d[\\d,]*\\s*/\\s*\\d[\\d,]*(?![\\d.]))"
            u"|(?P<tpass>(?<=测试)过(?:了|啦)(?! ?(?:一遍|一下|一次|一轮)))"
            # 通过 with its object after it, as an aspect word or a quantifier says ("已通过单元测试和 lint
            # 检查", "通过了全部类型检查"): not the preposition of 通过 fixture 注入
            u"|(?P<pobj>(?:(?<=已)|(?<=经)|(?<=均)|(?<=都)|(?<=利)|(?<=功)|(?<=并))通过了?(?=" + _OBJECT + u")"
            u"|通过了(?=(?:全部|所有|各项)?的? ?" + _OBJECT + u")|通过(?=(?:全部|所有|各项)" + _OBJECT + u"))"
            u"|(?P<pass>通过了?(?:验证|校验|检验)(?=\\s*(?:$|[，。,；;！!]))|通过(?=了|啦|的|$|[，。,.;；！!：:（()）、\u2705\u2713\u2714]|\\s*(?:$|[（(\\d,，。！!|\u2705\u2713\u2714\u2014\u2013]|" + _TRAILING_EMOJI + u"))"
            u"|跑通|全绿|变绿|绿了|是绿的|(?<![红黄])绿灯(?=\\s*(?:$|[，。,；;！!、了]))|(?<![墨翠嫩草深浅淡亮碧红黄蓝青变全])绿(?=\\s*(?:$|[，。,；;！!、]))|\u2611|\U0001f44c|一(?:次|遍|把)(?:就)?过|顺利(?=$|[了，。,；;！!])|\u2705|\u2713|\u2714|\U0001f7e2|\U0001f44d"
            u"|成功(?!率)|(?<![跑行试跳略])过(?:了|啦)(?! ?(?:一遍|一下|一轮))|全过"
            # a bare 过 that a label, a dash or 也/都 sets apart and the clause ends on ("类型检查：过",
            # "再跑一遍单测——也过。"): the result alone; "我测试过" (has tested) stays no pass
            u"|(?:(?<=[：:\u2014\u2013>\u2192也都均])|(?<=[：:\u2014>\u2192] ))过(?=\\s*(?:$|[。！!；;，,（(]))|是过的|(?:能|可以)(?:通)?过(?![程去来])|通过率 ?(?:为|是)? ?100 ?%|(?:退出码|返回码)(?:为|是)? ?0(?![\\d.])"
            u"|" + lexicon.pattern("state", "zh") + u")"), I)
        self.clause_break = c(u"[，,；;。！!：:]")
        # (or the English adverbs of a mixed sentence: "我又跑了 `cargo build`，still green")
        self.adverbs_only = c(u"^(?:[\\s" + _ADVERBS + u"\\d,/()（）]|(?<![A-Za-z])(?:still|now|also|again|all|both)(?![A-Za-z]))*$", I)
        self.all_marker = c(_ALL)
        self.subset_marker = c(_SUBSET + u"|sgi\\d+x")
        # a part of a total: "4 个测试中 3 个通过", "共 4 个测试，通过 3 个" (total, then passed)
        self.part_count = c(u"(?<![\\d.,])(\\d[\\d,]*) ?(?:个|条|项)?[^，。；\\d]{0,8}?(?:中|里|当中|之中)[，,]?(?:有|共有)? ?"
                            u"(\\d[\\d,]*) ?(?:个|条|项)"
                            u"|共(?:有|计)? ?(\\d[\\d,]*) ?(?:个|条|项)[^，。；\\d]{0,8}[，,] ?(?:其中)?(?:通过|过了) ?(\\d[\\d,]*)"
                            u"|(?<![\\d.,])(\\d[\\d,]*) ?(?:个|条|项)[^，。；\\d]{0,8}[，,] ?其中 ?(\\d[\\d,]*) ?(?:个|条|项)")
        self.count = c(u"(?<![\\d.,])(\\d[\\d,]*)\\s*/\\s*(\\d[\\d,]*)|(?<![\\d.,])(\\d[\\d,]*) ?个")
        self.qualifier = c(
            u"除了|除[^，。,]{0,40}?(?:外|以外|之外)|其余|其他|剩下|剩余|大部分|大多数|几乎|基本上|目前为止"
            u"|暂时|不包括|不含|排除|已知|之前就存在|已有的|只跑了|仅(?:跑|运行|针对|对)|部分测试|(?:只剩|仅剩|还剩)(?!下?了? ?(?:0|零) ?(?:个|条|处))|(?:只|仅)有 ?(?:\\d+|一|两|几) ?(?:个|条|处)?[^，。；]{0,40}?(?:warning|info|警告|告警|提示)"
            u"|(?:还)?(?:没有?|未)(?:全|都)?(?:跑|运行|检查|测试?)(?!通|过)")
        # 么 ends a question ("构建成功了么"), not 什么/怎么/那么
        self.question = c(u"\uff1f|吗|是不是|能不能|有没有|(?<![什怎那这多要])么(?=\\s*(?:$|[，。,.!！]))")
        self.clean_mask = c(
            u"(?:没有?|无|零|未)(?:报告|发现|出现|检查出|检测到|报|输出|给出|产生|抛出)?(?:任何|其他|别的)? ?(?:(?:new |新增的?|新出现的?|新的?) ?)?(?:类型检查|类型|lint|Lint|构建|编译|测试"
            u"|TypeScript|typescript|TS|tsc|mypy|pyright|ESLint|eslint|ruff)? ?"
            u"(?:风格|格式|代码)?(?:报错|错误|警告|告警|问题|失败|异常|违规|回归|意见|异议|抱怨|" + _HINTS + u")(?:用例)?(?:(?:和|或|与|及|、|或者)(?:报错|错误|警告|告警|问题|失败))*"
            u"|无一(?:失败|报错)|无误|没(?:啥|什么)?问题|没有?(?:一个)?(?:红|挂)的了?"
            u"|" + _A + u"0 ?个?(?:错误|警告|问题|失败)|" + _A + u"0 ?个 ?" + _EN_FAILURE_NOUN + u"|" + _COUNT_ZERO + u"|(?:没有?|也没|无)(?:发现|检查出|检测到|报告|报)?(?:任何|其他|别的)? ?(?:(?:new |新增的?|新出现的?|新的?) ?)?(?:type |lint )?(?:errors?|issues?|offen[cs]es?|violations?|bugs?|regressions?|warnings?|problems?|(?i:failures?|fail(?:ed|s)?)" + _Z + u")"
            u"(?: ?(?:和|或|与|及|、|或者) ?(?:报错|错误|警告|告警|问题|失败|errors?|warnings?|issues?))*|除了?(?:[^，。,（(]|[（(][^）)]{0,60}[）)]){0,60}?(?:外|以外|之外|，|,)"
            u"|(?:修复|修好|解决)了?[^，。]{0,16}?(?:失败|报错|错误|问题)|之前就存在"
            # a failure the agent says it fixed ("刚刚的 regression 我 fix 了"): over, it negates nothing
            u"|(?:失败|报错|错误|问题|回归|警告|告警|崩溃|(?i:errors?|failures?|regressions?|bugs?|issues?|warnings?|crash(?:es)?|panics?))[^，。]{0,10}?(?:fix|修复|修好|修|改|解决|清|处理)(?:掉|完|光)? ?了"
            u"|(?<=也)没(?:报|发现|出现|检查出|检测到)?(?:任何)? ?(?:报错|错误|警告|告警|问题)"
            u"|没(?:报|发现|出现|检查出|检测到)?(?:任何)? ?(?:报错|错误|警告|告警|问题)"
            u"|(?:没有|未|不再)(?:给出|产生|报|输出|抛出)(?:任何)? ?(?:报错|错误|警告|告警|问题|输出|error|warning)"
            u"|(?:没有|无|零)(?:任何|其他|别的)? ?(?:(?:new |新增的?|新出现的?|新的?) ?)?(?:error|errors|warning|warnings|issues|告警|输出|问题|警告)"
            u"(?: ?(?:和|或|与|及|、|或者) ?(?:报错|错误|警告|告警|问题|失败|errors?|warnings?|issues?))*"
            u"|(?:失败|报错|错误|警告|告警|问题)[^，。；]{0,16}?" + _DOWN_TO_ZERO + u"|" + _NO_OUTPUT + u"|" + _NOT_REPORTED + u"|" + _NOTHING_WENT_WRONG + u"|" + _NO_LONGER_FAILS + u"|" + _NO_DIFF + u"|没有(?:任何)?(?:失败|报错)的(?:测试|用例)|" + _NO_FAILING_TEST + u"|" + _NONE_AT_ALL + u"|没有?报(?:任何)?错"
            u"|(?:之前|以前|原来|原先|原本|此前)[^，。]{0,6}?(?:失败|报错|没过|挂掉?)(?:的|用例|测试)"
            # when something was mentioned, not when a result held ("之前你提到的 flaky 测试")
            u"|(?:之前|以前|刚才|上次|早些时候)(?:你|您|用户|他|她|他们|同事|reviewer)[^，。]{0,4}?(?:提到|提过|说|反馈|报告|发现|遇到|看到)过?的"
            u"|(?:你|您|用户|他|她|他们|同事|reviewer)(?:之前|以前|刚才|上次|早些时候)[^，。]{0,4}?(?:提到|提过|说|反馈|报告|发现|遇到|看到)过?的"
            u"(?:那个|那些|这个|这些)?(?:失败|报错|错误)?"
            u"|[（(](?:之前|以前|原来|原先|此前|修改前|修复前)[^（()）]{0,40}[）)]"
            u"|(?:历史遗留|遗留|已有|原有|老|已知)的?[^，。]{0,8}?(?:报错|错误|警告|告警|问题|失败)"
            u"|在 ?(?:main|master) ?上[^，。]{0,6}?(?:失败|报错|挂|fail)"
            u"|(?:只剩|仅剩|还剩|只有|仅有)下? ?(?:\\d+|一|两|几) ?(?:个|条|处)?[^，。；]{0,40}?(?:warning|info|警告|告警|提示)"
            # a failure case a test covers is no failure ("覆盖签名过期和验签失败两种情况")
            u"|(?:覆盖|模拟|验证|测|检查)[^，。]{0,24}?(?:失败|报错|错误|异常|超时)(?:时)?的?[^，。]{0,4}?(?:情况|场景|分支|路径|逻辑)")
        self.completion = c(u"已(?:经)?(?:完成|修复|修好|解决|实现|搞定|处理好)|(?:完成|修好|搞定|解决|做完|弄好)了|搞定"
                            u"|(?:重构|迁移|任务|功能|修复|工作|改动)(?:已|都)?(?:完成|结束)|已修正")

    def subjects(self, text):
        """The subject matches of ``text`` (runner names looked for only when it holds a runner word)."""
        if commands.might_name_runner(set(_ASCII_WORD.findall(text.lower()))):
            return self.subject.finditer(text)
        return self.subject_plain.finditer(text)

    def mask(self, text):
        """Text with the clean phrases (没有报错, 无失败, 除了…外) blanked, for negation checks."""
        return self.clean_mask.sub(u" ", text)

    # -- candidates

    def candidates(self, reader, s):
        """Claims read with the Chinese vocabulary, and the subjects named (for later pronouns)."""
        subjects = []
        for m in self.subjects(s):
            info = self.subject_info(reader, s, m)
            if info:
                subjects.append(info)
        ends = [x["end"] for x in subjects]
        found = []
        for p in self.predicate.finditer(s):
            if p.lastgroup == "pass" and _PASS_AS_NOUN.match(s, p.end()):
                continue
            if p.lastgroup == "tpass" and _TESTED.search(s[max(0, p.start() - 8):p.start() - 2]):
                continue    # "我测试过了": someone has tested, not "the tests pass"
            if _SUBORDINATE.match(s, p.end()) and not p.group(0).endswith(u"了"):
                continue    # "构建成功后会生成 `dist/`", "测试通过的判定条件": a time clause or an attribute
            if p.lastgroup == "pobj":
                objects = self._objects(s, subjects, p)
                if objects is not None:
                    found.extend(objects)
                    continue
                p = _PassOnly(p)    # no check after it: the pass word its clause ends with ("已通过了 CI")
            if p.lastgroup == "zobj":
                found.append({"category": "test", "span": p.span(), "text": p.group(0), "tool": None,
                              "alternates": [], "lang": "zh", "qualified": False, "scope": "all",
                              "counts": self._counts(s, p.start())})
                continue
            if p.lastgroup == "cclean":
                category = _CLEAN_CATEGORY[p.group("zcat").lower()]
                found.append({"category": category, "span": p.span(), "text": p.group(0), "tool": None,
                              "alternates": [], "lang": "zh", "qualified": False, "scope": "all",
                              "counts": {}})
                continue
            subject_group = self._link(reader, s, subjects, p, ends)
            if p.group(0) in _MARKS:
                after = [x for x in subjects if x["start"] >= p.end() and x["category"]
                         and not s[p.end():x["start"]].strip(" *_")]
                marks_lead = s.lstrip(" *_-|")[:1] in _MARKS      # "✅ 类型检查 ✅ 单测": each mark is the next one's
                if after and (marks_lead or not subject_group or s[subject_group[-1]["end"]:p.start()].strip(" *_")):
                    subject_group = after[:1]
            if subject_group and subject_group[-1]["kind"] == "every":
                # "所有检查均已通过：测试、lint、类型检查": every check the sentence names, else those
                # the message names ("所有 checks passed ✅" over the items "- build", "- lint")
                every = subject_group[-1]
                subject_group = [x for x in subjects if x["category"] and x["kind"] not in ("buildable", "every")]
                if not subject_group:
                    found.extend(_expanded(s, every["start"], p.end()))
                    continue
            if p.lastgroup == "zcnt":
                subject_group = [x for x in subject_group if x["category"] == "test"]
            for subject in subject_group:
                subject = _counted_by_the_run(s, subjects, subject)
                category = subject["category"]
                if subject["kind"] == "buildable" and p.lastgroup != "bverb":
                    continue
                if p.lastgroup == "bverb":
                    category = "build"
                if category is None:
                    continue
                start = min(subject.get("phrase_start", subject["start"]), p.start())
                cand = {"category": category, "span": (start, p.end()), "text": s[start:p.end()],
                        "tool": subject.get("tool"), "alternates": ["typecheck"] if subject.get("compile") else [],
                        "lang": "zh", "qualified": False, "counts": {}}
                cand["scope"] = self._scope(s, subject, p) if category == "test" else "all"
                if category == "test":
                    cand["counts"] = self._counts(s, start)
                found.append(cand)
            if not subject_group and p.lastgroup == "bverb":
                found.append({"category": "build", "span": p.span(), "text": p.group(0), "tool": None,
                              "alternates": ["typecheck"], "lang": "zh", "qualified": False, "counts": {},
                              "scope": "all"})
        mentions = [x for x in subjects if x["category"] and x["kind"] != "buildable"]
        return found, mentions

    def _objects(self, s, subjects, p):
        """Claims of the checks named right after 通过 (its object: "已通过单元测试和 lint 检查"), joined
        by list words; None when no check follows."""
        at = p.end()
        lead = re.match(u"(?:全部|所有|各项)?的? ?(?:\\d[\\d,]* ?(?:个|项))? ?", s[at:])
        at += lead.end()
        group = []
        for x in subjects:
            if x["start"] < at:
                continue
            if x["start"] != at or not x["category"] or x["kind"] in ("buildable", "every"):
                break
            if _NOUN_AFTER_OBJECT.match(s, x["end"]):
                break       # "已通过 build tag 排除": a word naming another thing (by means of a build tag)
            group.append(x)
            joint = _OBJECT_JOINT.match(s, x["end"])
            if not joint:
                break
            at = joint.end()
        if not group:
            return None
        found = []
        for x in group:
            scope = "all"
            if x["category"] == "test" and (x.get("scope") == "subset" or self.subset_marker.search(s[p.start():x["end"]])):
                scope = "subset"
            found.append({"category": x["category"], "span": (p.start(), x["end"]), "text": s[p.start():x["end"]],
                          "tool": x.get("tool"), "alternates": [], "lang": "zh", "qualified": False, "scope": scope,
                          "counts": self._counts(s, p.start()) if x["category"] == "test" else {}})
        return found

    def subject_info(self, reader, s, m):
        kind = m.lastgroup
        text = m.group(0)
        info = {"kind": kind, "start": m.start(), "end": m.end(), "category": None, "tool": None, "scope": None,
                "text": text, "qualified": False}
        if kind == "code":
            span = reader.span(int(text[3:-1]))
            info["category"], info["tool"], info["scope"] = span[2], span[3], span[4]
        elif kind == "tool":
            command = commands.classify_name(text)
            if command:
                info["category"], info["tool"] = command[0], command[1]
            info["scope"] = "all"
        elif kind == "testid":
            info["category"], info["scope"] = "test", "subset"
        elif kind == "every":
            pass                    # stands for the categories the sentence names
        elif kind == "buildable":
            info["category"] = "build"
        elif kind == "build":
            info["category"] = "build"
            info["compile"] = text == u"编译"
        else:
            info["category"] = kind
        if kind in ("test", "typecheck", "lint", "build") and _MODIFIED_NOUN.match(s, m.end()):
            info["category"] = None     # "测试环境搭建成功", "构建缓存清理成功": the noun it modifies is the subject
        before = s[max(0, m.start() - 12):m.start()]
        before = _ITEM_OR_CODE.split(before)[-1]     # not into the item or code before
        info["phrase_start"] = m.start() - len(before.lstrip())
        info["before"] = before
        return info

    def _link(self, reader, s, subjects, p, ends):
        before = subjects[:bisect.bisect_right(ends, p.start())] if subjects else []
        window = max(0, p.start() - LOOKBACK)
        clause_start = max([b.end() for b in self.clause_break.finditer(s, window, p.start())] or [window])
        if len(before) > 1 and u"除" not in s[before[-1]["end"]:p.start()] and u"除" in s[before[-2]["end"]:before[-1]["start"]]:
            # "测试除了 `test_x`（依赖真实 S3，本地跑不了）以外全部通过": the excepted item is not the subject
            outside = _EXCEPTION_GAP.sub(u"", s[before[-2]["end"]:p.start()])
            if not _COMMA.search(outside) and u"除" not in outside:
                before = before[:-1]
        if before:
            nearest = before[-1]
            gap = s[nearest["end"]:p.start()]
            if u"除" in gap:
                # "`npx eslint .` 除了两处警告之外没有其他问题": the exception is no break between them
                gap = _EXCEPTION_GAP.sub(u"", gap)
                if not _COMMA.search(gap):
                    clause_start = min(clause_start, nearest["end"])
            if u"在" in gap:
                gap = _PLACE.sub(u"", gap)      # "测试在 Python 3.8 和 3.12 上都通过了": where, not a break
            if len(gap) <= 20 and not _COMMA.search(gap) and nearest["end"] > clause_start - 2 \
                    or (len(gap) <= 20 and not _COMMA.search(gap) and _COLON_LEAD.match(gap)):
                group = [nearest]
                for prev in reversed(before[:-1]):
                    joint = s[prev["end"]:group[0]["start"]]
                    if _JOINT.match(joint):
                        group.insert(0, prev)
                    else:
                        break
                return group
        # subject dropped: "跑了完整的测试，全部通过"
        prefix = _COUNTED_CASES.sub(u"", _TIME_ADVERBIAL.sub(u"", s[clause_start:p.start()]))
        prefix = _THAT_PART.sub(u"", prefix)
        if _PARTS_ONLY.match(prefix):
            # "`nx run-many -t test` 中 `web` 项目失败，`api` 和 `shared` 通过": parts of the run named before
            named = [x for x in before if x["category"] and x["kind"] not in ("buildable", "every")]
            if named:
                every = re.match(u"\\s*(?:所有|全部|每个|各个)", prefix)     # 所有包都 ok: all of them
                part = dict(named[-1], scope="all" if every else "subset",
                            phrase_start=clause_start + len(prefix) - len(prefix.lstrip()))
                return [part]
        if self.adverbs_only.match(prefix):
            before = _outside_asides(s, before)
            if before:
                # "`ruff`、`mypy`、`pytest`，全部通过": the whole list named before
                group = [before[-1]]
                for prev in reversed(before[:-1]):
                    if _LIST_JOINT.match(s[prev["end"]:group[0]["start"]]):
                        group.insert(0, prev)
                    else:
                        break
                return group
            found = [x for x in reader.antecedents() if x.get("category")]
            if not found and p.lastgroup in ("clean", "pass") \
                    and (not s[:clause_start].strip(u" #*_->|") or _DONE_LEAD.match(s[:clause_start])) \
                    and not re.search(u"它们|这些|那些|两者", prefix) \
                    and (re.search(u"[都均全]|所有", prefix) or _NONE_OR_ALL.match(p.group(0))):
                # "零报错。`pyright` 和 `ruff check` 都跑过了。": a pass of all opening its sentence (or after
                # no more than "改好了，"), nothing named before it, is of every check the message names
                # (as "Everything passes" is); not
                # "接口文档和示例我都检查了，都通过了", where 都 is of the things the clause before names
                return [{"kind": "every", "category": None, "tool": None, "scope": None, "text": p.group(0),
                         "start": p.start(), "end": p.start(), "phrase_start": p.start(), "before": ""}]
            # "都通过了", "两个都过了": all the checks named before, else the last one
            found = found if re.search(u"[都均全两三四]", prefix) else found[-1:]
            if not found and p.lastgroup == "pass" and re.search(u"它们|这些|那些|两者", prefix):
                # "它们都通过了" with nothing named before: things that pass are tests
                found = [{"kind": "test", "category": "test", "tool": None, "scope": None, "text": prefix,
                          "start": clause_start, "end": p.start(), "phrase_start": clause_start, "before": ""}]
            return found
        return []

    def _scope(self, s, subject, p):
        around = _ENVIRONMENTS.sub(u" ", subject.get("before", "") + s[subject["start"]:p.end()])
        start = subject.get("phrase_start", subject["start"])
        part = self._part_count(s, start)
        if part and part["passed"] != part["total"]:
            return "subset"
        m = self.count.search(s[start:p.end() + LOOKBACK])
        if m and m.group(1):
            return "all" if m.group(1) == m.group(2) else "subset"
        if subject.get("scope") == "subset" or self.subset_marker.search(around) or _ONLY_RAN.search(s):
            return "subset"     # "我只跑了 `tests/unit`": the pass is of the part that ran
        if subject.get("scope") == "all" or self.all_marker.search(around) or u"套件" in subject["text"] \
                or self._zero_failures(s):
            return "all"
        if re.search(u"的(?:单元|集成|端到端)?测试|[一这那](?:个|条|项)(?!(?:[^，。；]{0,4})?(?:都|也)没)", around):
            return "subset"     # "X 的测试", "这个测试": a named subset
        return "all"    # a claim without an explicit subset is about the suite (docs/VERDICTS.md)

    def _zero_failures(self, s):
        """"0 个失败" anywhere in the sentence, looked up once per sentence."""
        if self._last_zero[0] is not s:
            self._last_zero = (s, bool(_ZERO_FAILURES.search(s)))
        return self._last_zero[1]

    def _part_count(self, s, start):
        """{passed, total} of a part of a total stated around ``start`` ("4 个测试中 3 个通过"), or None."""
        window = s[max(0, start - 24):start + 2 * LOOKBACK]
        m = self.part_count.search(window) if _PART_WORD.search(window) else None
        if not m:
            return None
        total, passed = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
        return {"passed": int(passed.replace(",", "")), "total": int(total.replace(",", ""))}

    def _counts(self, s, start):
        part = self._part_count(s, start)
        if part:
            return part
        m = self.count.search(s[start:start + 2 * LOOKBACK])
        if not m:
            return {}
        if m.group(1):
            return {"passed": int(m.group(1).replace(",", "")), "total": int(m.group(2).replace(",", ""))}
        return {"passed": int(m.group(3).replace(",", ""))}


def _outside_asides(s, subjects):
    """``subjects`` without the code or project an aside names ("单测跑过一遍（改完代码之后），全部通过":
    the aside's 代码 is not what passes); checks an aside lists stay ("`./scripts/ci.sh`（包含构建、lint
    和测试），全部通过")."""
    if u"\uff09" not in s and ")" not in s:
        return subjects
    asides = [m.span() for m in _ASIDE.finditer(s)]
    counts = [(lo, hi) for lo, hi in asides if _COUNT_ASIDE.match(s, lo, hi)]     # "`swift test`（23 个用例）"
    return [x for x in subjects if not any(lo < x["start"] < hi for lo, hi in counts)
            and (x["kind"] != "buildable" or not any(lo < x["start"] < hi for lo, hi in asides))]


# an aside that only counts what its item ran ("（23 个用例）", "(412 tests)"): no subject of its own
_COUNT_ASIDE = re.compile(u"[（(]\\s*\\d[\\d,]*\\s*(?:个|条|项)?\\s*(?:用例|测试|case|cases|tests?|specs?|examples?)"
                          u"\\s*(?:全过|都过了|通过)?\\s*[)）]$", re.I)


_ASIDE = re.compile(u"[\uff08(][^\uff08\uff09()]{0,80}[)\uff09]")
