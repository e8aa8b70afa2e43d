"""Facts a final message states besides its green claims: which checks it says were just run.

"Re-ran the tests. All tests pass." asserts a run happened; when the session has no run of that
category the claim rests on a run that never took place, which the gate blocks on its own
(``NOT_RUN``). Kept apart from the claims extractor so the gate depends on one small function.
"""

import re

# what was run -> category; a tool name stands for its category (one named group each)
_OBJECTS = (
    ("test", r"(?:(?:the|all|full|whole|entire|unit|integration|e2e)\s+)*(?:tests?|test\s+suite|suite|specs?)\b"
             r"|pytest|jest|vitest|mocha|go\s+test|cargo\s+test|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test"
             r"|mix\s+test|rspec|phpunit|make\s+test"),
    ("typecheck", r"(?:the\s+)?type\s*-?check(?:er|s)?\b|tsc\b|mypy|pyright"),
    ("lint", r"(?:the\s+)?lint(?:er|s)?\b|eslint|ruff|flake8|pylint|golangci-lint|clippy"),
    ("build", r"(?:the\s+)?build\b"),
)
_ZH_OBJECTS = (("test", u"测试|单元测试|pytest|jest|vitest"), ("typecheck", u"类型检查|tsc|mypy"),
               ("lint", u"lint|代码检查|eslint|ruff"), ("build", u"构建|编译"))
_EN_VERBS = ("ran", "run", "executed")
_ZH_VERBS = (u"运行", u"跑", u"执行")
_compiled = []


def _patterns():
    """(verb, perfect, object, negated, zh, zh negated, zh object first), compiled on first use: most messages
    name no verb at all and never need them."""
    if not _compiled:
        objects = "|".join("(?P<%s>%s)" % (category, obj) for category, obj in _OBJECTS)
        zh_objects = "|".join(u"(?P<%s>%s)" % (category, obj) for category, obj in _ZH_OBJECTS)
        _compiled.extend((
            re.compile(r"(?<![\w-])(?:re-?ran|ran|re-?executed|executed|re-?run|run)\b", re.I),
            re.compile(r"(?:(?<![\w-])(?:have|has|had)|'ve)\s+(?:(?:just|now|also)\s+)?\Z", re.I),
            re.compile(r"\s+(?:them\s+)?(?:all\s+)?`?(?:" + objects + ")", re.I),
            re.compile(r"\b(?:not|never|didn't|did not|haven't|have not|hasn't|couldn't|could not|without)\b", re.I),
            re.compile(u"(?:重新)?(?:运行|跑|执行)(?:了|过)(?:一遍|一下|一次)?\\s*(?:全部|所有)?的?\\s*(?:" + zh_objects + u")"),
            re.compile(u"(?:没有|没|未|尚未|还没)(?:有)?(?:重新)?$"),
            re.compile(u"(?:" + zh_objects + u")(?:已经?|都)?(?:重新)?(?:运行|跑|执行)(?:了|过)"),
        ))
    return _compiled


def _clause_before(text, position):
    """The text of the clause a word sits in, up to that word."""
    start = max(text.rfind(mark, 0, position) for mark in (".", "!", "?", ";", "\n", u"。", u"！", u"？", u"；"))
    return text[start + 1:position]


def ran_categories(message):
    """Categories the message says were run ("re-ran the tests", "I ran pytest", "重新运行了测试")."""
    text = message or ""
    lowered = text.lower()
    english = any(verb in lowered for verb in _EN_VERBS)
    chinese = any(verb in text for verb in _ZH_VERBS)
    found = set()
    if not (english or chinese):
        return found
    verb, perfect, obj, negated, zh, zh_negated, zh_object_first = _patterns()
    for m in verb.finditer(text) if english else ():
        before = _clause_before(text, m.start())
        if m.group(0).lower().endswith("run") and not perfect.search(before):
            continue        # "run the tests" is an instruction; "have run them" is not
        named = obj.match(text, m.end())
        if named and not negated.search(before):
            found.add(named.lastgroup)
    for pattern in (zh, zh_object_first) if chinese else ():
        for m in pattern.finditer(text):
            if not zh_negated.search(_clause_before(text, m.start())):
                found.add(m.lastgroup)
    return found


def mark_ran_claims(claims, message):
    """Set ``ran_claim`` on each claim whose category the message says was just run."""
    ran = ran_categories(message) if claims else set()
    for claim in claims:
        if "ran_claim" not in claim:
            claim["ran_claim"] = claim["category"] in ran
    return claims
