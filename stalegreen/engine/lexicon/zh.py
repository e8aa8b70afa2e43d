# -*- coding: utf-8 -*-
"""Chinese lexicon entries (see ``stalegreen.engine.lexicon`` for the roles)."""

from stalegreen.engine.lexicon import Entry


def E(pattern, role, example, categories=()):
    return Entry(pattern, role, "zh", example, categories)


ENTRIES = (
    # ---- modality: the clause asserts nothing
    E(u"应该|应当|应能|理应|可能|也许|或许|大概|估计|似乎|好像|貌似|想必|按理|说不定|预计|如无意外|不出意外|按说|按道理|多半|八成|大概率|差不多(?![。，,.！!；;）)]|$)|(?:肯定|一定)(?:能|会|可以)", "hedge", u"测试应该能通过。"),
    E(u"据我所知|印象中|印象里|我记得|看起来|看上去|我认为|我觉得|我相信|我猜|理论上|不确定|不(?:太|敢|能)确定|(?:没法|无法)(?:百分(?:之)?百)?确定|不敢保证|希望|但愿|祈祷|有把握|有信心|没把握", "hedge", u"希望这次测试能通过。"),
    E(u"根据(?!我)|按照(?!我)|据说|据称|依据(?!我)|声称|流水线|在 ?CI", "relay", u"根据 README，所有测试都通过。"),
    E(u"据[^，。]{0,16}?(?:说|称)|(?:reviewer|Reviewer|评审|审查者|机器人|bot"
      # (an assistant or an editor saying so: "Copilot 提示说这段能编译通过")
      u"|Copilot|copilot|ChatGPT|GPT|Cursor|IDE|编辑器|插件)[^，。]{0,4}?(?:说|称|提示|显示|表示|认为)", "relay",
      u"据 reviewer 说 lint 是 OK 的。"),
    # (what someone mentioned, as a noun's attribute, is no relay: "你提到的 flaky 测试我修了")
    # (not whom the agent will tell: "跑完跟你说", "结果再和你说")
    # (nor a question the user asked: "你问说能不能合并")
    E(u"(?<![跟和对给向同与])(?:你|您|用户|他|她|他们|同事|同学|团队|审阅人|审核人|评审人|负责人|维护者|子代理|缓存|cache|报告|文档|README|readme|issue|PR|提交信息|代理|机器人|里|上|中"
      u"|(?<![\\w-])(?:[Uu]sers?|QA|PM|PO|[Cc]olleagues?|[Tt]eammates?|[Tt]eam|[Mm]aintainers?)(?![\\w-]))[^，。,]{0,4}?"
      u"(?:(?:(?<![问問])说(?!明)|称|提到|提过|提示|表示|反馈)(?!的\\s*[^\\s，。；！？,.;!?）)])|写着|写的是|显示)", "relay", u"评审说他们那边测试是通过的。"),
    # what someone said on an occasion ("同事 review 时说 lint 是干净的")
    E(u"(?:你|您|用户|他|她|他们|同事|同学|团队|审阅人|审核人|评审人|负责人|维护者|reviewer|Reviewer)[^，。,]{0,16}?(?:时|的时候)"
      u"(?:说(?!明)|称|提到|提过|表示|反馈)(?!的\\s*[^\\s，。；！？,.;!?）)])", "relay", u"同事 review 时说 lint 是干净的。"),
    # a rating in full ("`pylint` 评分 10.00/10"): nothing left to flag
    E(u"(?:评分|得分|打分|分数|评级)(?:为|是|：|:)? ?10(?:\\.0+)? ?/ ?10(?:\\.0+)?(?![\\d.])"
      u"|(?:(?<=是)|(?<=为)|(?<=是 )|(?<=为 ))(?:10/10|10\\.0/10|10\\.00/10)(?![\\d.])", "state", u"`pylint` 评分 10.00/10。",
      ("lint",)),
    E(u"(?:他|她|你|您|他们|用户)(?:那边|那里|的机器)", "relay", u"在他们那边测试都通过了。"),
    # the agent's own earlier words, reported ("刚才说 lint 是 clean 的，其实……"): what was said, not a result now
    E(u"(?:刚才|刚刚|之前|前面|先前|上面)我?(?:说|讲|提到|写|汇报)(?:过|了)?(?!明)", "relay", u"刚才说测试都通过了，其实跑错了目录。"),
    # a mark put as a placeholder is no one's result ("测试 ✅ —— 先占个位，跑完再更新")
    E(u"占(?:个|一下|一个)?位(?!符)|先占着", "relay", u"测试 \u2705 —— 先占个位，跑完再更新。"),
    # a result placed on a third person's machine is theirs ("在同事的 Mac 上 works"); not the user's
    # environment, where the agent itself may run ("在你的环境里跑了一遍")
    # (not a comparison with it: "跟同事的机器上结果一致")
    E(u"(?<![和跟与同])(?:他|她|他们|同事|队友|别人|其他人|他人|同学|客户|teammate|colleague|coworker) ?(?:那边|那里|本地"
      u"|(?:的|那台|那个|'s)? ?(?:机器|电脑|笔记本|Mac|mac|MacBook|laptop|machine|环境|本地|终端|分支))",
      "relay", u"`PaymentServiceTest` 在同事的机器上是过的，我这边跑不了。"),
    # a run a third person made ("41 passed（同事跑的）", "是队友跑出来的结果")
    E(u"(?<![和跟与同我])(?:他|她|他们|同事|队友|别人|其他人|他人|同学|客户)(?:那边|本地)?(?:跑|运行|执行|测|构建|编译)(?:出来)?的"
      # (what they ran, as a noun's attribute, is no relay: "同事跑的那个 flaky 用例我修了")
      u"(?=\\s*(?:$|[，。,；;！!）)]|结果|输出|日志|数据|记录))",
      "relay", u"41 passed（同事跑的）。"),
    # marks a template holds are its words, not a result ("下面是 PR 模板里的勾选项：✅ 测试")
    E(u"(?:这|那|下面|以下|上面|以上)(?:些|个)?(?:只|都|只不过)?是[^，。；]{0,16}?模板(?:里|中|自带|上)?的? ?(?:检查清单|清单|检查项|勾选项|checklist|占位)",
      "relay", u"下面是 PR 模板里的勾选项，先原样保留：\u2705 测试 \u2705 lint"),
    # the answer to a question the agent put to someone ("我问了一下 ChatGPT，它说…")
    E(u"(?:问|请教|咨询)(?:了|过)[^。]{0,30}?(?:说|称|表示|回答|答复|回复|认为|觉得)", "relay",
      u"我问了一下 ChatGPT，它说类型检查能过。"),
    # a result of other code than the agent's: another branch
    # (or a result said to be that branch's: "`41 pass` 是 main 分支上的结果")
    E(u"在 ?(?:main|master|develop|主干|主分支)(?: ?分支)? ?上|^\\W*(?:main|master|主干|主分支)(?: ?分支)? ?上|(?:别的|其他|其它)分支"
      u"|(?<![和跟与同])(?<![和跟与同] )(?:main|master|develop|主干|主分支)(?: ?分支)? ?(?:上|里)?的 ?(?:结果|输出|日志|数据|运行|run)",
      "relay", u"在 main 分支上测试是全绿的，我的分支还没跑。"),
    E(u"(?:他|她|你|您|他们|用户)(?:贴|发|给|提供|转发)(?:出来|过来)?的", "relay", u"你贴的日志里测试都通过了。"),
    E(u"(?<![A-Za-z0-9_])CI ?(?:上|里|中|是|说|日志|重跑|重新跑|显示|已|都|跑|运行|的|结果)", "relay", u"CI 上测试都通过了。"),
    E(u"我会|我将|将会|会(?:重新|全部|都|通过|成功)|接下来|下一步|稍后|随后|我先|先(?:运行|跑)|让我|我来", "future",
      u"我会让测试全部通过。"),
    # (之后再 is a plan unless its run is told done: "`rubocop -a` 之后再跑 `rubocop`，没有 offense 了",
    # "改成 X 之后再跑就全过了")
    E(u"(?<!已)(?<!已经)(?:确保|保证)(?!了)|(?:并|也)?不(?:代表|意味着|等于|能说明)|准备|打算|计划|要让|(?<!符合)(?<!达到)(?<!满足)(?<!超出)(?<![如和与跟同])预期(?!(?:内|之内|中)?的? ?(?:[\\d一两几]+ ?个 ?)?(?:xfail|XFAIL|失败|跳过|skip|todo|pending|ignore|警告|告警|报错|错误|异常))|期望|验收标准|为了(?:让|使|能)?|我要|目标是|正在|即将|马上|待会|之后再(?!(?:跑|运行|执行|测)(?:了|过|[^，。；]{0,30}?了\\s*(?:$|[，,。！!；;])|[^，。；]{0,30}?[，,][^，。；]{0,24}?了\\s*(?:$|[。！!])|[^，。；]{0,30}?[，,][^。；]{0,80}?(?:现在|目前)))", "future", u"我打算让测试全部通过。"),
    E(u"等[^，。]{0,40}(?:之后|以后|后|了[^，。]{0,6}再|了，)", "future", u"等 lint 过了再提交。"),
    # a run still pending ("- [x] 测试（待跑）"), a result looked forward to or waited for ("期待…", "等待…")
    E(u"(?<![期等])待(?:跑|运行|执行|验证|测试?|补跑|重跑)|期待|(?<![^，,；;\\s])等待", "future", u"- [x] 测试（待跑）"),
    E(u"确认一下|是否|(?<!已)(?<!已经)(?<!我)(?<!可以)(?<!经)确认(?!了|过)", "future", u"跑一下测试确认是否通过。"),
    E(u"如果|要是|假如|假设|倘若|即使|即便|就算|哪怕|纵然|若|只要|只有(?! ?[\\d一两几二三四五六七八九十])|一旦|除非|(?<![刚方])才(?=能|会|可以|行)|就(?:能|可以|会)(?:通过|过|成功|跑通|编译)(?!了)|前提是|取决于", "conditional",
      u"如果测试通过，就可以合并。"),
    # "…的话" after a predicate is "if" (测试通过的话就合并); after a check's name it marks the
    # topic ("tests 的话我只跑了…": as for the tests)
    E(u"(?<!测试)(?<!单测)(?<!构建)(?<!编译)(?<!检查)(?<!tests)(?<!test)(?<!lint)(?<!build)(?<!tests )(?<!lint )"
      u"(?<!build )的话", "conditional", u"测试通过的话就合并。"),
    # (steps said to be done are a report: "验证步骤都走了一遍：…")
    E(u"^\\W*(?:请|记得|务必|别忘|一定要|确保|需要|(?:验证|复现)(?:方法|步骤)(?![^，。：:]{0,6}?(?:走了|做了|跑了|完成|执行了|过了)))", "instruction", u"请确认测试通过。"),
    E(u"请(?:先|确保|运行|检查|确认|再|在|执行)|^\\W*(?:运行|执行)[^，。]*并", "instruction", u"合并前请运行测试并确认通过。"),

    # ---- what a test is written to check
    E(u"(?:测试|用例|单测|断言)[^，。；]{0,6}?(?:来|用来|用于|去|专门)(?:检查|验证|确保|断言|确认|保证)"
      u"|(?:写|加|添加|新增|编写|补)了?[^，。；]{0,10}?(?:测试|用例|单测)[^，。；]{0,2}?(?:检查|验证|确保|断言|保证)", "description",
      u"我写了一个测试来验证构建成功。"),
    # a clause opening with what a test asserts ("测试用例写好了，断言 `build()` 返回成功状态")
    E(u"(?<![^\\s，,：:])断言", "description", u"测试写好了，断言构建返回成功。"),
    # the scenarios a new test covers, listed after it ("覆盖三种场景：首次成功、重试两次后成功")
    E(u"覆盖(?:了)?[^，。；]{0,8}?(?:场景|情况|分支|路径|用例)\\s*[：:]", "description", u"新增了 `test_retry.py`，覆盖两种场景：首次成功、重试后成功。"),

    # ---- the agent's own run
    E(u"本地|本机|我(?:这边|这里)|在我的(?:机器|电脑|环境)|我(?:这个|的|当前的?)分支|当前分支", "own", u"CI 上 lint 任务一直失败，本地 `npx eslint .` 已经零报错。"),
    # the agent's own act after what someone said: what follows is its own result
    E(u"我(?:已经?)?(?:修|改|修复|修好|调整|更新|重跑|重新跑|跑|运行|执行|验证)(?:了|过)", "own",
      u"reviewer 说 lint 有问题，我修了，现在 `ruff` 零告警。"),

    # ---- polarity
    # (超时时间, 超时设置: the timeout setting, not a timeout)
    E(u"超时(?!时间|设置|阈值|参数|配置|上限)|崩溃|卡住|卡死", "failure", u"测试通过了 40 个，然后卡住了。", ("test",)),
    # a check that still reports something ("`tsc` 还报 TS2307"): it fails
    E(u"(?:还|仍然?|依然|依旧)(?:在|会)?报(?!告)", "failure", u"`tsc` 还报 TS2307，不报 TS2322 了。"),
    E(u"失败|报错|错误|挂了|红了|变红|(?<![\\d零0])\\d+ ?(?:个|条)问题|退出码为 ?[1-9]|没过|过不(?:去|了)|(?:编|跑)不过|编不了",
      "failure", u"测试通过了 40 个，失败 2 个。"),
    # not 不过: that is "however" (a contrast), and "跑不过" holds no predicate to negate
    # (not a file left untouched: "那个文件这次没动", "没改 `api/`")
    E(u"未|没(?!有?(?:动|改|碰))|不(?:通过|成功|能|行|再)|尚未|还没(?!有?(?:动|改|碰))|无法|只有 ?\\d", "negator", u"测试还没通过。"),
    # a part of the checks passed ("部分通过", "大部分成功"): no pass of the whole, and no subject to narrow
    E(u"(?<!大)部分(?:通过|成功|过了)|(?:过了|通过了?)(?:一部分|一小部分|一半|大半|部分|一些)", "negator", u"测试部分通过。"),
    # the agent declines to say it ("我不会说测试全过了", "还谈不上构建成功"): no assertion
    E(u"不(?:会|能|敢|好)(?:就)?说(?!明)|谈不上|说不上|算不上|称不上", "negator", u"我不会说测试全过了。"),
    # said in irony ("测试能过才怪"): it does not
    E(u"才怪", "negator", u"测试能过才怪。"),
    E(u"不(?:全|都)(?=是|部|通过|过|绿|成功)|不是(?:所有|全部|每个|都|全)|并非|并不(?:是)?(?:所有|全部|都)", "negator", u"不是所有测试都通过。"),
    # "not (entirely, really) X" of the state itself ("lint 并不是完全干净的", "测试不算真的通过"): 并不 and
    # 不是/不算 before a degree word negate what follows, whatever word it is
    E(u"并不|(?:不是|不算|算不得)(?:完全|全然|真正|真的|百分之?百|彻底)", "negator", u"lint 并不是完全干净的。"),
    # ---- state words: said of a subject, they assert it is green
    E(u"没毛病|没啥(?:问题|毛病)|没什么(?:问题|毛病)|一切正常|(?<![不非])正常(?=$|[了。，,；;！!])|稳了|稳稳的|妥了|妥妥的|顺利(?:完成|通过|结束)|正常(?:生成|出包|打包|完成|结束|产出)|能正常 ?build", "state", u"测试没毛病。"),
    # green all the way through a run ("一路绿到底", "从头绿到尾", "全程绿灯")
    E(u"绿到(?:底|尾|最后)|(?<=一路|全程)(?:都)?(?:是)?绿(?:灯|的)?(?![^，。；;！!]{0,6}(?:吗|么|？))", "state", u"测试一路绿到底。"),
    E(u"清零", "state", u"golangci-lint 的问题清零了。", ("lint", "typecheck")),
    # a checker that is silent has nothing to report ("quiet", "no complaints")
    E(u"(?:很|都)?安静(?:了|的)|没有吭声|没吭声|没有意见|没意见|没有抱怨|没抱怨|不再抱怨", "state", u"`mypy` 没意见了。",
      ("lint", "typecheck")),
    # said of a run that printed nothing: "`go build ./...` 一声没吭"
    E(u"一声(?:都)?没吭|没吭一声", "state", u"`go build ./...` 一声没吭。", ("lint", "typecheck", "build")),
    E(u"(?:格式正确|格式都正确|格式均正确|格式全部正确|风格正确|风格都正确|风格均正确)(?![化的性])", "state", u"`prettier --check` 显示所有文件格式都正确。", ("lint",)),
    E(u"(?:都|均|全部)?符合(?:格式|规范|代码风格|风格)", "state", u"`prettier --check .` 显示所有文件都符合格式。", ("lint",)),

    # ---- clause boundaries
    E(u"；", "contrast", u"单元测试通过；构建仍然失败。"),
    # (而 inside a word is no conjunction: 反而, 从而, 因而, 进而; 倒是 after its subject is an adverb:
    # "单测倒是挂了一个")
    E(u"，?(?:但是|但|不过|可是|然而|(?<![反从因进继])而(?!且|是|已|言|定))|，倒是", "contrast", u"构建失败了，但单元测试全部通过。"),
    # "only that" after a comma: 只是/就是/只不过 (not 就是说, "that is to say")
    E(u"，(?:只是|只不过|就是(?!说))", "contrast", u"单测全过了，只是集成测试应该还会有问题。"),
    # a correction of what came before ("之前说 build 失败是我看错了，其实是成功的")
    E(u"，(?:其实|实际上|事实上)", "contrast", u"之前说构建失败是看错了 log，其实构建是成功的。"),
    E(u"(?:虽然|尽管|虽说)", "contrast", u"虽然 lint 还有几个警告没清，但测试都过了。"),
    E(u"[（(，,]?\\s*除(?:了|去)?", "exception", u"测试都通过了（除了 `test_i18n`，它需要联网，我没跑）。"),
    E(u"其余|其他的?|剩下的|剩余的?", "rest", u"只剩一个测试没过：`test_upload`，其他都通过了。"),

    # ---- tense
    E(u"(?:修改|改动|重构|修复|合并|升级|变更|更改|(?<![A-Za-z])(?:refactor|rebase|merge|rename|fix|change|upgrade|migration)\\s*)(?:之|以)?前",
      "past", u"修改前测试是通过的。"),
    # a state the project had all along, told as what it was ("测试原本就是全部通过的")
    E(u"(?:原本|本来)就?是[^，。；]{0,12}?(?:通过|绿|过|干净)的", "past", u"这个仓库的测试原本就是全部通过的。"),
    E(u"^\\W*(?:修改前|修复前|改动前|之前|Before|before)\\s*[：:]", "past", u"修复前：测试全部通过。"),
    E(u"(?:昨天|上周|上次|上一?(?:轮|遍)|上个|上一个?版本|旧版本|老版本|前天|之前|以前|原来|曾经|早些时候|一开始|最初|起初|第一次运行"
      u"|今早|早上|上午|昨晚|当时|那时候?|(?:\\d+|一|两|几|半)个?(?:多)?(?:分钟|小时|钟头|天)(?:之|以)?前)", "past",
      u"之前 lint 一直是干净的。"),
    # of several runs, the first is past and a later one now
    E(u"第一(?:次|遍|轮)(?:跑|运行|执行|的时候|时|有|出现|遇到|失败|报错|超时)", "past", u"第一次跑测试全部通过了。"),
    E(u"第[二三四](?:次|遍|轮)", "present", u"第一次有一个超时，第二次测试全部通过。"),
    E(u"^\\W*(?:修改后|修复后|改动后|现在|After|after)\\s*[：:]", "present", u"修复后：之前失败的测试全部通过。"),
    # before and after, or the same as before: true now as well
    E(u"(?:修改|改动|重构|修复|升级|变更|更改)前后|(?:和|跟|与|同)[^，。；]{0,10}前(?:一样|相同|相比|一致)", "present",
      u"改动前后测试都是通过的。"),
    E(u"现在|目前|如今|当前|今天(?!早|上午|中午|凌晨)|这次|这一次|最后|最终|(?:修复|修改|改动|重构)(?:之|以)?后|改完(?:之|以)?后"
      u"|(?:换|改|修|补|加|删|调|升级|重启|更新|调整)(?:了|成|为|到|掉|上)[^，。；]{0,16}?(?:之|以)?后|(?:重跑|重新跑|再跑)了?(?:(?:一次|一遍)(?:之|以)?后?|(?:之|以)?后)"
      # a rerun once the fix is done: "修完再跑就全过了"
      u"|(?:改|修|弄|搞)(?:完|好)(?:之后|以后|后)?(?:再|重新)(?:跑|运行|执行)"
      # a rerun and its result at once: "我顺手修了，再跑就干净了"
      u"|(?:再|重新|重)(?:跑|运行|执行)(?:了)?(?:一下|一遍|一次)?就", "present", u"之前失败的那个用例现在过了。"),

    # ---- not-rerun disclosures
    # (not "没有重新打包的必要": no need to, not a rerun owed)
    E(u"(?:没有?|未|还没有?|尚未)(?:来得及)?(?:再|重新) ?(?:运行|跑|执行|测试?|验证|构建|检查|编译?|确认|打包|build|lint|test)"
      u"(?![^，。；！？,;!?]{0,12}?的?必要)", "disclosure", u"测试第一次跑通过了，但重构后没有重新运行。"),
    E(u"(?:没有?|未|还没有?|尚未)(?:来得及)?(?:重跑|(?:再|重新)? ?re-?(?:run|test|build|check))", "disclosure",
      u"之前测试通过了，改完后还没重跑。"),     # (or the English verb: "tests 没有 rerun")
    # not run since the change, told by the time: "改完之后我这边还没跑"
    E(u"(?:改完|修完|改好|修好|换完|修改|改动|重构|更新|升级|调整)(?:之|以)?后[^，。；]{0,8}?(?:还没有?|没有?|未|尚未)"
      u"(?:再)?(?:跑|运行|执行|测试?|验证|构建|编译)", "disclosure", u"测试之前是过的，改完之后我这边还没跑。"),
    # not actually run: what was said of it is not the agent's result ("我没实际跑 mypy")
    E(u"(?:没有?|未|并没有?)(?:实际|真正|真的|亲自|实际上)(?:去)?(?:运行|跑|执行|测试?|验证)", "disclosure",
      u"类型检查能过。我没实际跑 mypy。"),

    # ---- a later sentence takes an earlier claim back
    E(u"(?:不能|不应该?)(?:算|当作|作数)|其实(?:并)?没有?(?:被)?(?:检查|测试|跑)到|(?:不|并不)知道(?:是否|到底)[^，。；]{0,12}?(?:通过|过了|成功|干净|绿)",
      "retraction", u"`mypy` 显示 Success。但这个文件被忽略了，其实没有被检查到。"),
    # a bare negated quantifier after a pass takes its "all" back ("测试通过了，但并非全部")
    E(u"(?<![^，,。；;\\s])(?:但是?|不过|可是|只是)?(?:并非|并不是|不是|没有)(?:全部|所有|全都|都)(?=\\s*(?:$|[。；;！!，,]))",
      "retraction",
      u"测试通过了。但并非全部。"),
    # the agent says it has not run the items one by one (yet): the list of marks before is not its
    # result ("✅ 测试 ✅ 构建，我还没逐项跑"); a bare "我没跑" may be of the last thing named ("e2e 要浏览器，我没跑")
    E(u"(?<![^，,；;。\u2014\\s])(?<!\\w\\s)我(?:也|都|其实|实际上)?(?:还|并|根本|压根)?"
      u"(?:没有?|未)(?:逐项|逐个|挨个|一项项|一个个|一项一项|一条条)(?:跑|运行|执行|验证|检查)过?(?=\\s*(?:$|[，,。；;！!…]))",
      "retraction", u"\u2705 测试 \u2705 构建，我还没逐项跑。"),
    # "that was before X": the result said just before is a past one
    E(u"(?:那|这)(?:些)?(?:是|都是|还是|只是)[^，。；]{0,16}?(?:之前|以前|前|昨天|上周|上次|早上|当时)(?:的|跑的|跑|运行)",
      "retraction", u"测试都通过了。不过那是重构之前的结果。"),

    # a correction of what was said before: "更正一下：", "抱歉，刚才那句说早了"
    E(u"(?:更正|纠正)(?:一下)?\\s*[:：，,]|(?:刚才|前面|上面|之前)(?:那句|那条|说的|写的)?(?:话)?(?:说早了|说错了|写错了|看错了)"
      u"|收回(?:前面|刚才|上面)",
      "retraction", u"构建成功。更正一下：刚才看的是旧的输出，其实构建失败了。"),
    # a joke told as such takes back what it said ("构建成功 ✅ 测试 ✅ —— 开玩笑的，都还没跑")
    E(u"(?<!不是)(?<!没)(?<!不)开(?:个)?玩笑(?:的|呢|啦)?|逗你(?:的|玩)", "retraction",
      u"测试 ✅ 构建 ✅ —— 开玩笑的，都还没跑。"),

    # ---- a run just made
    E(u"(?:重新|又|再次|刚刚?|已经)?(?:运行|跑|执行)(?:了|过)", "run", u"重新运行了测试，全部通过。"),
    E(u"已经?(?:运行|跑|执行)(?!中)", "run", u"已执行 `pytest`，全部通过。"),
    E(u"重(?:新)?跑", "run", u"重跑测试，全部通过。"),
)
