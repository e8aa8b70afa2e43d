# -*- coding: utf-8 -*-
"""Where a long sentence is tried against the grammar's patterns: only at the words a match can
start with (``scan``), found word by word at first and by one compiled pattern once a set of
start words has been used often, so a hook process reading one short message compiles nothing."""

import re

from stalegreen.engine import lexicon, regexsource

STARTS_COMPILE_AFTER = 400      # scans with one set of start words before it becomes one pattern


def scan(pattern, text, starts, by_first=True):
    """Non-overlapping matches of ``pattern`` tried only where a word of ``starts`` begins (or a
    digit, a placeholder, a check mark): the same matches ``finditer`` would find for patterns
    whose every alternative starts with such a word, at a fraction of the cost. The places to
    try are found word by word at first, and by one pattern of ``starts`` once the set has been
    used often (compiling it costs more than a short message takes to read); from then on, with
    ``by_first``, each place is tried with the form of ``pattern`` for its first character
    (``by_first_char``; not worth its compiling for a pattern most of whose alternatives start
    with most letters)."""
    low = text.lower()
    if len(low) != len(text):
        return list(pattern.finditer(text))
    finder = _STARTS_FINDERS.get(starts, 0)
    if not isinstance(finder, int):
        return _scan_found(pattern, text, low, finder)
    if finder >= STARTS_COMPILE_AFTER:
        if by_first:
            by_first_char(pattern)
        _STARTS_FINDERS[starts] = _starts_finder(starts)
    else:
        _STARTS_FINDERS[starts] = finder + 1
    return _scan_words(pattern, text, low, starts)


def _scan_words(pattern, text, low, starts):
    found = []
    end = 0
    for token in _START.finditer(low):
        at = token.start()
        if at < end:
            continue
        word = token.group(0)
        if word in starts or word[0] in _START_CHARS or word.startswith(("sg", "test")) \
                or word.endswith(_NAME_ENDS):
            m = pattern.match(text, at)
            if m and m.end() > at:
                found.append(m)
                end = m.end()
    return found


def _scan_found(pattern, text, low, finder):
    found = []
    at = 0
    variants = _BY_FIRST.get(pattern.pattern)
    while True:
        token = finder.search(low, at)
        if token is None:
            return found
        at = token.start()
        m = (variants[low[at]] if variants is not None else pattern).match(text, at)
        if m and m.end() > at:
            found.append(m)
            at = m.end()
        else:
            at += 1


_NAME_ENDS = ("test", "tests", "spec", "specs")     # the ends of test names: "parse_test", "InvoiceTest", "LoginSpec"


def by_first_char(pattern):
    """Have a long scan with ``pattern`` try, where a word starts, only the alternatives that can
    begin with its first character (``regexsource.FirstChars``): set up once the scan's starts
    finder is compiled (a hook process reading one message never pays for it), each character's
    pattern compiled the first time a word starts with it."""
    if pattern.pattern not in _BY_FIRST:
        _BY_FIRST[pattern.pattern] = _ByFirst(pattern)


class _ByFirst(dict):
    """A text's lower-cased character -> the form of the pattern to match where a word starts
    with it (the pattern itself when every alternative may start there)."""

    def __init__(self, pattern):
        dict.__init__(self)
        self.pattern = pattern
        self.first = None
        self.forms = {}     # a form's source -> it compiled (characters that take the same form share it)

    def __missing__(self, key):
        if self.first is None:
            self.first = regexsource.FirstChars(self.pattern.pattern, self.pattern.flags)
        # the characters a text may hold where its lower-cased form holds ``key`` ("\u212a" is a "k")
        source = self.first.source(key + key.upper() + (u"\u212a" if key == "k" else ""))
        if source is None:
            form = self.pattern
        else:
            form = self.forms.get(source)
            if form is None:
                form = self.forms[source] = re.compile(source, self.pattern.flags)
        self[key] = form
        return form


_BY_FIRST = {}       # a pattern's source -> its _ByFirst
_START = re.compile(u"[a-z0-9_]+|[\u2705\u2713\u2714\u2611\U0001f7e2\U0001f44d]")
_START_CHARS = frozenset(u"0123456789\u2705\u2713\u2714\u2611\U0001f7e2\U0001f44d")
_STARTS_FINDERS = {}     # start words -> uses so far, then the compiled finder


def _starts_finder(starts):
    """A pattern finding, in lower-cased text, each word (a run of ``[a-z0-9_]``) of ``starts``, or
    beginning with a digit, "sg" or "test", or ending as a test's name may ("parse_test",
    "LoginSpec"), and each check mark: where ``_scan_words`` tries a match."""
    words = [w for w in starts if re.match(r"^[a-z0-9_]+$", w)]
    return re.compile(u"(?<![a-z0-9_])(?:%s(?![a-z0-9_])|[0-9]|sg|test|[a-z0-9_]*(?:test|tests|spec|specs)(?![a-z0-9_]))|%s"
                      % (lexicon.trie_pattern(words), u"[\u2705\u2713\u2714\u2611\U0001f7e2\U0001f44d]"))


_WORD = re.compile(r"[a-z0-9_]+(?:'(?!(?:s|re|ve|d|m)\b)[a-z]+)?")


def words_of(text):
    """The lower-case words of ``text`` (apostrophes kept: "couldn't", "i'll"; a contracted "is",
    "are", "have", "had" or "am" is a word of its own: "mypy's clean" names mypy)."""
    return set(_WORD.findall(text.lower().replace(u"\u2019", "'")))


class Filter(object):
    """A pattern searched only when the text contains one of its trigger words."""

    __slots__ = ("regex", "triggers")

    def __init__(self, regex, triggers):
        self.regex = regex
        self.triggers = triggers

    def search(self, text, words=None):
        if self.triggers.isdisjoint(words if words is not None else words_of(text)):
            return None
        return self.regex.search(text)
