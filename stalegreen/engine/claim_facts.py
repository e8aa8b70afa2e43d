"""Facts a final message states besides its green claims: which checks it says were just run.

"Re-ran the tests. All tests pass." asserts a run happened; when the session has no run of that
category the claim rests on a run that never took place, which the gate blocks on its own
(``NOT_RUN``). Kept apart from the claims extractor so the gate depends on one small function.
"""

import re

# what was run -> category; a tool name stands for its category
_OBJECTS = (
    ("test", r"(?:the\s+|all\s+(?:the\s+)?|full\s+|whole\s+|entire\s+)*(?:unit\s+|integration\s+|e2e\s+)?"
             r"(?:tests?|test\s+suite|suite|specs?)\b|pytest|jest|vitest|mocha|go\s+test|cargo\s+test"
             r"|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test|mix\s+test|rspec|phpunit|make\s+test"),
    ("typecheck", r"(?:the\s+)?type\s*-?check(?:er|s)?\b|tsc\b|mypy|pyright"),
    ("lint", r"(?:the\s+)?lint(?:er|s)?\b|eslint|ruff|flake8|pylint|golangci-lint|clippy"),
    ("build", r"(?:the\s+)?build\b"),
)
_RAN = (r"(?:(?<![\w-])(?:re-?ran|ran|re-?executed|executed)"
        r"|(?:(?<![\w-])(?:have|has|had)|'ve)\s+(?:just\s+|now\s+|also\s+)?(?:re-?run|run|executed))")
_EN = [(category, re.compile(_RAN + r"\s+(?:them\s+)?(?:all\s+)?`?(?:" + obj + r")", re.I))
       for category, obj in _OBJECTS]
_EN_NEGATED = re.compile(r"\b(?:not|never|didn't|did not|haven't|have not|hasn't|couldn't|could not|without)\b"
                         r"[^.;!?]{0,20}$", re.I)
_ZH_OBJECTS = (("test", u"测试|单元测试|pytest|jest|vitest"), ("typecheck", u"类型检查|tsc|mypy"),
               ("lint", u"lint|代码检查|eslint|ruff"), ("build", u"构建|编译"))
_ZH = [(category, re.compile(u"(?:重新)?(?:运行|跑|执行)(?:了|过)(?:一遍|一下|一次)?\\s*(?:全部|所有)?的?\\s*(?:" + obj + u")"
                             u"|(?:" + obj + u")(?:已经?|都)?(?:重新)?(?:运行|跑|执行)(?:了|过)", re.I))
       for category, obj in _ZH_OBJECTS]
_ZH_NEGATED = re.compile(u"(?:没有|没|未|尚未|还没)(?:有)?(?:重新)?$")
_SENTENCES = re.compile(u"[^.!?;\n。！？；]+")


def ran_categories(message):
    """Categories the message says were run ("re-ran the tests", "I ran pytest", "重新运行了测试")."""
    found = set()
    for sentence in _SENTENCES.findall(message or ""):
        for category, pattern in _EN:
            for m in pattern.finditer(sentence):
                if not _EN_NEGATED.search(sentence[:m.start()]):
                    found.add(category)
        for category, pattern in _ZH:
            for m in pattern.finditer(sentence):
                if not _ZH_NEGATED.search(sentence[:m.start()]) and not re.search(u"没|未", m.group(0)):
                    found.add(category)
    return found


def mark_ran_claims(claims, message):
    """Set ``ran_claim`` on each claim whose category the message says was just run."""
    ran = ran_categories(message) if claims else set()
    for claim in claims:
        if "ran_claim" not in claim:
            claim["ran_claim"] = claim["category"] in ran
    return claims
