# -*- coding: utf-8 -*-
"""The claims lexicon as data: entries (pattern, role, language, categories, example).

One module per language (``en``, ``zh``) exposes ``ENTRIES``, a tuple of ``Entry``. Everything
the grammar needs from them is derived here: the pattern of a role (all its entries joined), the
stems a text must contain before a role's pattern is tried (the literal start of each
alternative, so adding an entry never needs a second edit), and the state and predicate words.
Each entry carries an example sentence; ``tests/engine/test_claims_lexicon.py`` checks every
entry fires on its example, so an entry that cannot fire fails a test instead of staying silent.

Roles (what a match means in a clause):
  hedge, relay, future, conditional, instruction  - the clause is not an assertion (reason = role)
  failure      - a failure word ("1 failed", 失败): negates its clause
  negator      - negates the predicate of its clause ("not", "never", 不是所有)
  past         - a past marker ("yesterday", "before my change", 修改前)
  present      - a present marker that overrides a past one ("now", "after the fix", 现在)
  disclosure   - a not-rerun disclosure ("I haven't rerun it", 没有重新运行)
  run          - a run just made ("I ran", "reran", 跑了)
  contrast     - a strong clause boundary ("but", "while", ";", 但是, 不过)
  exception    - a boundary opening an exception ("except", "apart from", 除了): a segment of its
                 own (its relays and hedges are not the claim's), and the claim is qualified
  rest         - the rest a failure leaves out ("the rest pass", 其余都通过): a pass of the rest is a
                 qualified claim, the failure of another clause its exception, not its negation
  state        - a state word that, linked by a copula to a subject, asserts it is green
                 ("lint is solid"; for Chinese, "测试没毛病"); ``categories`` limits the subjects.
                 For a failure, ``categories`` limits what it negates when its clause names no
                 check: a run that hangs or segfaults failed its tests, not its build
                 An English state pattern starts with a whole word (predicates are tried where a
                 word starts): "(?:rates|rated)", not "rate[sd]?"
  retraction   - a later sentence takes back what an earlier one said of a check ("So I don't
                 actually know whether the tests pass", "I wouldn't count it", 其实并没有检查到)
  description  - what a test is written to check ("I wrote a test that checks the build succeeds",
                 写了一个测试来验证构建成功): a pass stated after it is the test's object, not a result
  own          - the agent's own run ("locally", 本地): a relay in another clause of the segment
                 ("CI 上 lint 之前一直失败，本地 `eslint` 已经零报错") is not the clause's
"""

import bisect
import heapq
import re

from stalegreen.engine import regexcache
from stalegreen.engine.regexsource import alternatives

LANGUAGES = ("en", "zh")
ROLES = ("hedge", "relay", "future", "conditional", "instruction", "failure", "negator", "past", "present",
         "disclosure", "run", "contrast", "exception", "rest", "state", "own", "retraction", "description")
# contrast words that open a leading clause ("Although X, Y"): the clause ends at its comma
# the status marks an agent sets beside a check, one definition for every reader of claims
PASS_MARKS = u"\u2705\u2713\u2714\u2611\U0001f7e2\U0001f44d"     # white heavy check, check marks, ballot box, green circle, thumbs up
FAIL_MARKS = u"\u274c\u2715\u2716\u2717\u2718\U0001f44e"      # cross mark, multiplication x's, ballot x's, thumbs down
RED_MARK = u"\U0001f534"                                           # red circle: a failed job in a CI summary
STATUS_MARKS = PASS_MARKS + FAIL_MARKS + RED_MARK
OPENERS = frozenset(("although", "though", "while", "whereas", "whether", "unlike", u"虽然", u"尽管", u"虽说"))


class Entry(object):
    """One lexicon entry. ``pattern``: a regular expression (English ones are matched
    case-insensitively on word boundaries they state themselves); ``example``: a sentence in
    which the entry fires."""

    __slots__ = ("pattern", "role", "lang", "categories", "example", "stems")

    def __init__(self, pattern, role, lang, example, categories=(), stems=None):
        if role not in ROLES or lang not in LANGUAGES:
            raise ValueError("lexicon entry %r: unknown role %r or language %r" % (pattern, role, lang))
        self.pattern, self.role, self.lang = pattern, role, lang
        self.categories, self.example = tuple(categories), example
        # words one of which every match holds, when the pattern's literal start is too common a
        # word to be worth looking for ("in the CI" holds "ci"); derived from the pattern if None
        self.stems = tuple(stems) if stems else None

    def __repr__(self):
        return "Entry(%r, %r, %r)" % (self.pattern, self.role, self.lang)


_ENTRIES = []
_COMPILED = {}
_STEMS = {}


def entries(role=None, lang=None):
    """The entries of both languages, optionally of one role and language."""
    if not _ENTRIES:
        from stalegreen.engine.lexicon import en, zh

        _ENTRIES.extend(tuple(en.ENTRIES) + tuple(zh.ENTRIES))     # one step: never half of them
    return [e for e in _ENTRIES if (role is None or e.role == role) and (lang is None or e.lang == lang)]


def pattern(role, lang=None):
    """One alternation of a role's entries (both languages unless ``lang``)."""
    return "|".join("(?:%s)" % e.pattern for e in entries(role, lang))


def _flags(lang):
    return re.I | re.A if lang == "en" else re.I


def compiled(role, lang):
    """The role's pattern in ``lang`` (None when it has no entries), compiled on first use."""
    key = (role, lang)
    if key not in _COMPILED:
        source = pattern(role, lang)
        _COMPILED[key] = re.compile(source, _flags(lang)) if source else None
    return _COMPILED[key]


def _stems_of(role, lang):
    """The role's stems as a [test, uses] pair (None when it has no entries). English stems start
    words ("he" must not fire inside "the"); other stems are plain substrings. The test is a loop
    of substring checks at first (no pattern to compile: a hook process reads one message) and a
    single trie pattern once the role has been looked up often (a long message, a benchmark)."""
    key = (role, lang)
    if key not in _STEMS:
        words, others = stem_lists(role, lang)
        _STEMS[key] = [(words, others), 0] if words or others else None
    return _STEMS[key]


def stem_lists(role, lang):
    """(word stems, each with a leading space; other stems) of a role in ``lang``; as install
    worked them out when it did (``regexcache.stems``)."""
    known = regexcache.stems(role, lang)
    if known is not None:
        return known
    found = sorted(set(s for e in entries(role, lang) for s in (e.stems or stems(e.pattern))))
    words = tuple(" " + x for x in found if lang == "en" and re.match(r"\w", x))
    others = tuple(x for x in found if lang != "en" or not re.match(r"\w", x))
    return words, others


COMPILE_AFTER = 64      # uses of a word list (a role's stems) before it becomes one pattern


class _StemFinder(object):
    """A role's stems as patterns: word stems (``words``, each with its leading space) found only
    at a word start, other stems anywhere. The word start is checked on each hit rather than in
    the pattern, so the pattern begins with a literal and the scan skips ahead at C speed."""

    __slots__ = ("words", "others")

    def __init__(self, words, others):
        self.words = re.compile(trie_pattern([w[1:] for w in words])) if words else None
        self.others = re.compile(trie_pattern(others)) if others else None

    def find(self, low, at=0):
        """The offset of the first stem in ``low`` from ``at`` on, or -1."""
        best = -1
        if self.others is not None:
            m = self.others.search(low, at)
            if m:
                best = m.start()
        if self.words is not None:
            while True:
                m = self.words.search(low, at)
                if m is None or (best >= 0 and m.start() >= best):
                    break
                start = m.start()
                before = low[start - 1] if start else " "
                if not (before.isalnum() or before in "_'-"):
                    return start
                at = start + 1
        return best

    def starts(self, low):
        """The offsets in ``low`` where a stem starts, in order, found in one pass."""
        streams = []
        if self.others is not None:
            streams.append(m.start() for m in self.others.finditer(low))
        if self.words is not None:
            streams.append(self._word_starts(low))
        return heapq.merge(*streams)

    def _word_starts(self, low):
        """Where a word stem starts at a word start. Each search resumes one character on, not
        at the hit's end: a hit inside a word ("cl[i will]") must not hide a stem at a word
        start within it ("cli [will]"), which ``find`` and the word-by-word test both see."""
        at = 0
        while True:
            m = self.words.search(low, at)
            if m is None:
                return
            start = m.start()
            if not start or not (low[start - 1].isalnum() or low[start - 1] in "_'-"):
                yield start
            at = start + 1


def _holds_stem(entry, low):
    """Whether lower-cased text holds one of the stems of a ``_stems_of`` entry."""
    test = entry[0]
    if not isinstance(test, tuple):
        return test.find(low) >= 0
    entry[1] += 1
    words, others = test
    if entry[1] > COMPILE_AFTER:
        entry[0] = _StemFinder(words, others)
    for stem in others:
        if stem in low:
            return True
    for stem in words:
        # as ``_StemFinder`` reads it: the stem as written (its spaces are the pattern's literal
        # spaces), where a word starts
        word = stem[1:]
        at = low.find(word)
        while at >= 0:
            if not at or not (low[at - 1].isalnum() or low[at - 1] in "_'-"):
                return True
            at = low.find(word, at + 1)
    return False


def search(role, text, lang=None):
    """The first match of a role in ``text`` (English, then Chinese), or None. A role's pattern
    is tried only when the lower-cased text holds one of its stems."""
    low = None
    for language in ((lang,) if lang else LANGUAGES):
        if language == "zh" and not (text and not text.isascii() and max(text) >= u"\u3400"):
            continue
        found = _stems_of(role, language)
        if found is None:
            continue
        if low is None:
            low = text.lower()
        if not _holds_stem(found, low):
            continue
        m = compiled(role, language).search(text)
        if m:
            return m
    return None


def anchored(role):
    """Whether an entry of the role is anchored at the start of the text it is tried on."""
    key = ("anchored", role)
    if key not in _COMPILED:
        _COMPILED[key] = any(re.match(r"^\(?(?:\?:)?\^|^\^", e.pattern) or "|^" in e.pattern for e in entries(role))
    return _COMPILED[key]


def may_match(role, text, lang=None):
    """False when ``text`` holds none of the role's stems (the role cannot match): a cheap test
    before a pass over the text."""
    low = text.lower()
    for language in ((lang,) if lang else LANGUAGES):
        found = _stems_of(role, language)
        if found is not None and _holds_stem(found, low):
            return True
    return False


def roles_held(text):
    """The roles whose English stems ``text`` holds (as ``search`` reads them, so a role not among
    them does not match ``text``), found in one pass over its word starts instead of one per
    role. None for text with CJK in it (its Chinese stems are read role by role), and before
    the lexicon has been asked this a few dozen times (a hook process reading a short message
    never builds the stems' index)."""
    index = _COMPILED.get("roles-held", 0)
    if isinstance(index, int):
        _COMPILED["roles-held"] = index + 1
        if index < COMPILE_AFTER:
            return None
        index = _COMPILED["roles-held"] = _role_stems()
    if not text.isascii() and max(text) >= u"\u3400":
        return None
    low = text.lower()
    by_start, others, word_start = index
    held = set(role for stem, role in others if stem in low)
    for m in word_start.finditer(low):
        at = m.start()
        for stem, role in by_start.get(low[at:at + 2], ()):
            if role not in held and low.startswith(stem, at):
                held.add(role)
    return held


def _role_stems():
    """Every role's English stems: ({a word stem's first two characters: [(stem, role)]}, [(other
    stem, role)], the places ``_holds_stem`` takes a word stem to start at)."""
    by_start, others = {}, []
    for role in ROLES:
        words, other = stem_lists(role, "en")
        others.extend((stem, role) for stem in other)
        for stem in words:
            word = stem[1:]
            if len(word) < 2:
                raise ValueError("a one-letter stem of %r" % role)     # (none: it would fire in most sentences)
            by_start.setdefault(word[:2], []).append((word, role))
    return by_start, others, re.compile(r"(?<![\w'-])\w")


def texts_holding_stems(role, texts):
    """The texts of ``texts`` that hold one of the role's stems (as ``may_match`` tells once its
    stems are one pattern), found in one pass over them all: a long message has many sentences,
    and few hold any stem."""
    if not texts:
        return []
    key = ("stems-all", role)
    uses = _COMPILED.get(key, 0)
    if isinstance(uses, int) and uses < COMPILE_AFTER:
        _COMPILED[key] = uses + len(texts)
        return [t for t in texts if may_match(role, t)]
    if isinstance(uses, int):
        words, others = [], []
        for lang in LANGUAGES:
            lang_words, lang_others = stem_lists(role, lang)
            words.extend(lang_words)
            others.extend(lang_others)
        _COMPILED[key] = _StemFinder(words, others) if words or others else None
    finder = _COMPILED[key]
    if finder is None:
        return []
    joined, starts = _joined(texts)
    if joined is None:
        return [t for t in texts if may_match(role, t)]
    held = []
    last = -1
    for at in finder.starts(joined):
        index = bisect.bisect_right(starts, at) - 1
        if index != last:
            held.append(texts[index])
            last = index
    return held


def _joined(texts):
    """(the texts joined by newlines and lower-cased, the offset where each starts), or (None,
    None) when lower-casing changes a length; kept for the last list asked about (a message's
    sentences are looked up for several roles in a row)."""
    if _LAST_JOINED[0] is texts and _LAST_JOINED[1] == len(texts):
        return _LAST_JOINED[2], _LAST_JOINED[3]
    joined = "\n".join(texts).lower()
    starts, at = [], 0
    for text in texts:
        starts.append(at)
        at += len(text) + 1
    if len(joined) != at - 1:
        joined, starts = None, None
    _LAST_JOINED[:] = [texts, len(texts), joined, starts]
    return joined, starts


_LAST_JOINED = [None, 0, None, None]


def sub(role, replacement, text, lang):
    """``text`` with every match of a role in ``lang`` replaced."""
    regex = compiled(role, lang)
    return regex.sub(replacement, text) if regex is not None else text


def limits(role, text):
    """The categories the entries of ``role`` matching ``text`` are limited to (their
    ``categories``), or None when one that matches has no limit, or none matches: a failure word
    limited to the tests ("hangs", "segfault") says nothing of the build when it names nothing."""
    found = set()
    for lang in LANGUAGES:
        for e in entries(role, lang):
            if re.search(e.pattern, text, _flags(lang)):
                if not e.categories:
                    return None
                found.update(e.categories)
    return found or None


def entry_matching(role, text, lang):
    """The first entry of ``role`` in ``lang`` whose own pattern matches ``text``."""
    for e in entries(role, lang):
        if re.search(e.pattern, text, _flags(lang)):
            return e
    return None


# ---------------------------------------------------------------------------------- stems


def trie_pattern(strings, space=" "):
    """A regular expression matching any of ``strings`` (longest first), shaped as a trie so a
    match attempt costs one branch per character, not one per string. ``space``: what a space
    in a string matches."""
    trie = {}
    for string in strings:
        node = trie
        for ch in string:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _trie_node(trie, space)


def _trie_node(node, space):
    branches = []
    for ch in sorted(k for k in node if k):
        piece = space if ch == " " else re.escape(ch)
        branches.append(piece + _trie_node(node[ch], space))
    if "" in node:
        if not branches:
            return ""
        return "(?:%s)?" % "|".join(branches)       # greedy: the longer string wins
    if len(branches) == 1:
        return branches[0]
    return "(?:%s)" % "|".join(branches)


_META = set("\\.^$*+?{}[]|()")


def stems(source):
    """Literal strings one of which every match of ``source`` contains (lower case): the literal
    start of each top-level alternative, looking into a leading group when there is one.
    Raises ValueError when an alternative starts with no literal (the entry must be rewritten)."""
    found = []
    for alternative in alternatives(source):
        found.extend(_alternative_stems(alternative, source))
    return found


_SKIP = re.compile(r"^(?:\\b|\^|\\W\*|\\s\*|\\s\+|\(\?<[=!](?:[^()\\]|\\.)*\)|\(\?[=!](?:[^()\\]|\\.)*\))+")


def _optional_head(alt):
    """Length of a leading optional item (``,?``, ``\\s*``, ``(?:just )?``), or 0."""
    if alt.startswith("("):
        close = _closing(alt, 0)
        end = close + 1 if close is not None else 0
    elif alt.startswith("\\"):
        end = 2
    elif alt[:1] == "[":
        end = alt.find("]") + 1
    else:
        end = 1
    if end and end < len(alt) and alt[end] in "?*":
        return end + 1 + (end + 1 < len(alt) and alt[end + 1] == "?")
    if end and alt[end:end + 3] == "{0,":
        return alt.index("}", end) + 1
    return 0


def _only_lookarounds(group):
    """``(?:(?<=not )|(?<=n't ))``: a group of lookarounds matches no text of its own."""
    return all(re.match(r"^\(\?<?[=!](?:[^()\\]|\\.)*\)$", a) for a in alternatives(group))


def _alternative_stems(alt, source):
    while True:
        alt = _SKIP.sub("", alt)
        if alt.startswith("(?:"):
            close = _closing(alt, 0)
            if close is not None and _only_lookarounds(alt[3:close]):
                alt = alt[close + 1:]
                continue
        skip = _optional_head(alt) if alt else 0
        if not skip:
            break
        alt = alt[skip:]
    literal = []
    i = 0
    while i < len(alt):
        ch = alt[i]
        if ch == "\\" and i + 1 < len(alt) and not alt[i + 1].isalnum():
            literal.append(alt[i + 1])
            i += 2
            continue
        if ch in _META:
            break
        literal.append(ch)
        i += 1
    if i < len(alt) and alt[i] in "?*{" and literal:
        literal.pop()
    text = "".join(literal).lower()
    if text.strip():
        return [text]
    if alt.startswith("\\d"):
        return list("0123456789")
    simple = re.match(r"^\[([^\]\\^-]+)\]", alt)
    if simple and not (len(alt) > simple.end() and alt[simple.end()] in "?*{"):
        return list(simple.group(1).lower())      # [❌✗]: each character is a stem
    if alt.startswith("(?:") or (alt.startswith("(") and not alt.startswith("(?")):
        close = _closing(alt, 0)
        if close is not None and (close + 1 >= len(alt) or alt[close + 1] not in "?*{"):
            inner = alt[3 if alt.startswith("(?:") else 1:close]
            return stems(inner)
    raise ValueError("lexicon pattern %r: alternative %r starts with no literal" % (source, alt))


def _closing(text, start):
    depth = 0
    i = start
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None
