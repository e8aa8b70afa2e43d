# -*- coding: utf-8 -*-
"""The parts of a result a sentence names: parts of the code, environments, platforms, kinds of
test and modes. A failure of one part leaves a claim of another standing ("`mypy src/` is clean,
though `mypy tests/` has 6 errors"), and a not-rerun disclosure of one leaves a claim of another."""

import re


def named(text, span):
    """The parts of the code ``text`` (a clause) names: code that is no check, a runner's code with
    a path or a narrowed scope (``span``: a placeholder's index -> its record), a scope phrase ("for
    the `core` package", "on the library target"), a part noun (前端, 后端, `web` 项目), an
    environment, a platform, a kind of test, a mode."""
    found = set()
    for m in re.finditer(r"\bsg([tylbic])(\d+)x\b", text):
        kind, original, category, _, scope = span(int(m.group(2)))
        if kind == "c" or kind != "i" and ("/" in (original or "") or scope == "subset"):
            found.add((original or m.group(0)).strip().lower())
    for m in _PART_PHRASE.finditer(text):
        found.add((m.group(1) or m.group(2)).lower())
    where = environment(text)
    if where:
        found.add(where)    # "on Python 3.12" and "on 3.9": results of two environments
    # a platform is an environment of its own, named as a clause's topic (在 Chromium 和 Firefox 上都通过了，
    # WebKit 有一个对比失败) or as what a build is for ("The app bundles for iOS; Android `assembleDebug` fails")
    found.update(m.group(0).lower() for m in _PLATFORM.finditer(text))
    for m in _TEST_KIND.finditer(text):
        found.add(_TEST_KIND_NAMES.get(m.group(0).lower().replace(" ", ""), m.group(1) or m.group(0)).lower())
    # a mode is a configuration of its own: "passes (pyright basic mode), but strict mode has 20 errors"
    found.update(m.group(1).lower() + " mode" for m in _MODE.finditer(text))
    # a build of one thing: "The Storybook build breaks, but the actual app build succeeds"
    found.update(m.group(1).lower() + " build" for m in _BUILD_OF.finditer(text))
    # a thing built, named by its modifier: "The editor target compiles, but the Shipping build fails"
    found.update(m.group(1).lower() for m in _NAMED_THING.finditer(text))
    return found


def _test_kinds(text):
    """The kinds of test ``text`` names ("the e2e suite", "unit tests", 集成测试): "kind:e2e", ..."""
    return set("kind:" + _TEST_KIND_NAMES.get(m.group(0).lower().replace(" ", ""), m.group(1) or m.group(0)).lower()
               for m in _TEST_KIND.finditer(text))


def one_kind(text):
    """The one kind of test a not-rerun disclosure names ("I didn't re-run the e2e suite"), or None."""
    kinds = _test_kinds(text)
    return kinds.pop() if len(kinds) == 1 else None


def another_kind(disclosed, sentence, text):
    """A claim (``text`` in ``sentence``) names, in its own part of the sentence (after a ";"),
    a kind of test other than those a disclosure is about (``disclosed``: "I didn't re-run the
    e2e suite; the unit tests pass"): the claim stands."""
    if not any(w.startswith("kind:") for w in disclosed):
        return False
    return bool(_test_kinds(sentence[sentence.rfind(";", 0, max(0, sentence.find(text))) + 1:]) - disclosed)


def environment(sentence):
    """The environment a sentence places a result in ("on Python 3.12", "on 3.9", "on Windows"),
    reduced to its last word, or None."""
    m = _ENVIRONMENT.search(sentence)
    return m.group(1).lower().split()[-1] if m else None


_ENVIRONMENT = re.compile(
    r"\b(?:on|under)\s+((?:(?:python|py|node(?:\.js)?|ruby|go|java|jdk|php|rust|dotnet|\.net|gcc|clang|otp|erlang"
    r"|elixir|deno|bun)\s*)?v?\d+(?:\.\d+)*|windows|macos|linux|ubuntu|debian|alpine|ios|android|chrome|firefox"
    r"|safari|arm64|x86_64|amd64)\b", re.I)

# a mode a check runs in ("strict mode", "basic 模式")
_BUILD_OF = re.compile(r"\b(?!(?:the|a|an|whole|full|entire|clean|new|fresh|local|ci|my|our|this|that|its|their|actual|main"
                       r"|overall|same|first|last|final|next|every|each|no|any)\b)([a-z][\w.-]*)\s+build\b(?!\s+(?:script|step|time|config))",
                       re.I)
_NAMED_THING = re.compile(r"\b(?!(?:the|a|an|whole|full|entire|clean|new|fresh|local|ci|my|our|this|that|its|their|main"
                          r"|overall|same|every|each|no|any|all|both|other|rest|remaining)\b)([a-z][\w.-]*)\s+"
                          r"(?:target|package|module|crate|app|library|service|component)\b", re.I)
_MODE = re.compile(u"\\b([a-z][\\w-]*) ?(?:mode\\b|\u6a21\u5f0f)", re.I)
# a part of the code named in prose: "for the library target", "on the `core` package", 前端, `web` 项目
_PART_PHRASE = re.compile(
    u"\\b(?:for|on|in|of|under)\\s+(?:the\\s+|its\\s+|my\\s+)?([a-z][\\w.-]*)\\s+(?:targets?|packages?|modules?|crates?"
    u"|projects?|apps?|library|libraries|directory|directories|folders?|workspaces?|services?|side|components?)\\b"
    u"|(\u524d\u7aef|\u540e\u7aef|\u5ba2\u6237\u7aef|\u670d\u52a1\u7aef|\u79fb\u52a8\u7aef|\u684c\u9762\u7aef)",
    re.I)
TEST_KINDS = frozenset(("unit", "integration", "e2e", "end-to-end", "smoke", "contract", "acceptance", "component"))
# a kind of test, which a failure of another kind leaves passing ("单测 57 个全过，集成测试 3 个失败")
_TEST_KIND = re.compile(
    u"\\b(unit|integration|e2e|end-to-end|smoke|contract|acceptance|component)[ -](?:tests?|specs?|suites?)\\b|\\be2e\\b"
    u"|\u5355\u6d4b|\u5355\u5143\u6d4b\u8bd5|\u96c6\u6210\u6d4b\u8bd5|\u96c6\u6d4b|\u7aef\u5230\u7aef\u6d4b\u8bd5"
    u"|\u5192\u70df\u6d4b\u8bd5", re.I)
_TEST_KIND_NAMES = {u"\u5355\u6d4b": "unit", u"\u5355\u5143\u6d4b\u8bd5": "unit", u"\u96c6\u6210\u6d4b\u8bd5": "integration",
                    u"\u96c6\u6d4b": "integration", u"\u7aef\u5230\u7aef\u6d4b\u8bd5": "e2e", u"\u5192\u70df\u6d4b\u8bd5": "smoke"}
_PLATFORM = re.compile(r"(?<![A-Za-z0-9_])(?:chromium|chrome|firefox|webkit|safari|edge|windows|macos|linux|ubuntu"
                       r"|debian|alpine|ios|android|arm64|aarch64|x86_64|amd64)(?![A-Za-z0-9_])", re.I)
