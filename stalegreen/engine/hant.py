# -*- coding: utf-8 -*-
"""Traditional Chinese read as simplified, for the claims reader.

The Chinese lexicon is written in simplified characters; an agent (or a user's locale) may answer
in traditional ones ("所有測試都通過了"), which say the same. Each traditional character of the
reader's vocabulary maps to exactly one simplified character, so a message keeps its length and
every offset: the claims are read from the simplified copy and their words are then taken back
from the message as it was written (block messages quote the agent's own words).
"""

# traditional, simplified: pairs of equal length, one character each (the last five are Cantonese
# written by Hong Kong developers: 冇 没, 咗 了, 啱 刚, 嘅 的, 唔 不)
_PAIRS = (
    u"過測試沒個錯報敗檢後問說這題構項運誤確時單還驗現兩無來並條復複證實裡裏類綠執編會為譯經結與幾據認們"
    u"輸碼動邊環應剛計審麼掛風處寫數發僅該當稱評機顯乾幹異調規輪戶緩級變雖對樣決話務際餘歸隊淨誌請讓產"
    u"靜態許預記給學檔錄準斷紅從嗎見範盡啟減違覺聲饋著臺檯終選將於標設間穩順換場塊蓋線團閱負責維護電腦"
    u"貼劃補驟潰舊談頭燈刪親煙種強掃拋遺簽況論願禱講匯彙筆帶諮詢轉隨備達滿馬縱專門閾參聯網開瀏覽壓關響"
    u"連續點倉庫組賴賬號夾鏡淺黃藍暫針議歷擬徑邏輯遷訴競體別語"
    u"冇咗啱嘅唔",
    u"过测试没个错报败检后问说这题构项运误确时单还验现两无来并条复复证实里里类绿执编会为译经结与几据认们"
    u"输码动边环应刚计审么挂风处写数发仅该当称评机显干干异调规轮户缓级变虽对样决话务际余归队净志请让产"
    u"静态许预记给学档录准断红从吗见范尽启减违觉声馈着台台终选将于标设间稳顺换场块盖线团阅负责维护电脑"
    u"贴划补骤溃旧谈头灯删亲烟种强扫抛遗签况论愿祷讲汇汇笔带咨询转随备达满马纵专门阈参联网开浏览压关响"
    u"连续点仓库组赖账号夹镜浅黄蓝暂针议历拟径逻辑迁诉竞体别语"
    u"没了刚的不",
)
assert len(_PAIRS[0]) == len(_PAIRS[1])
_TABLE = dict((ord(a), ord(b)) for a, b in zip(*_PAIRS))
# Taiwan's words for the same checks, of the same length: 型別檢查 (类型检查), 建置 (构建), 測試案例 (测试用例)
_WORDS = ((u"型别", u"类型"), (u"建置", u"构建"), (u"案例", u"用例"), (u"不係", u"不是"))     # 唔係: is not
assert all(len(a) == len(b) for a, b in _WORDS)


def simplified(text):
    """``text`` with the vocabulary's traditional characters in their simplified form (same length)."""
    text = text.translate(_TABLE)
    for word, simple in _WORDS:
        if word in text:
            text = text.replace(word, simple)
    return text


def restore(extraction, read, written):
    """Give each claim and near-miss of ``extraction`` (read from ``read``, the simplified copy of
    ``written``) its words as written: equal lengths make every offset the same."""
    if read == written:
        return extraction
    for found in list(extraction.claims) + list(extraction.ignored):
        for key in ("text", "sentence"):
            words = found.get(key)
            at = read.find(words) if isinstance(words, str) and words else -1
            if at >= 0:
                found[key] = written[at:at + len(words)]
    return extraction
