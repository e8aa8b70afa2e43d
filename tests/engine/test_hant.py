# -*- coding: utf-8 -*-
"""Traditional Chinese claims read as the simplified ones they spell (engine/hant.py)."""

from stalegreen.engine import claims, hant, prefilter


def _claims(text):
    return [(c["category"], c["scope"], c["qualified"], c["text"]) for c in claims.extract(text).claims]


def test_traditional_claims_are_read_and_quoted_as_written():
    assert _claims(u"所有測試都通過了。") == [("test", "all", False, u"所有測試都通過")]
    assert [c[0] for c in _claims(u"類型檢查通過，構建成功。")] == ["typecheck", "build"]
    assert _claims(u"單元測試全部通過 ✅") == [("test", "all", False, u"單元測試全部通過")]
    assert prefilter.might_claim(u"所有測試都通過了。")
    assert [c[0] for c in _claims(u"型別檢查通過，建置成功。")] == ["typecheck", "build"]
    assert _claims(u"測試案例全部通過。")[0][3] == u"測試案例全部通過"


def test_traditional_negations_and_hedges_stay_what_they_are():
    assert _claims(u"測試還沒有跑。") == []
    assert all(c[2] for c in _claims(u"測試應該能通過。"))


def test_the_table_keeps_length_and_leaves_simplified_text_alone():
    text = u"所有測試都通過了，lint 無錯誤。"
    assert len(hant.simplified(text)) == len(text)
    simple = u"所有测试都通过了，lint 无错误。"
    assert hant.simplified(simple) == simple
    assert _claims(simple) == [tuple(x if i < 3 else hant.simplified(x) for i, x in enumerate(c)) for c in _claims(text)]
