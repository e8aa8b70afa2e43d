# -*- coding: utf-8 -*-
"""The lexicon as data: every entry (pattern, role, language, categories, example) fires on its
example, and does what its role says through ``extract``; the prefilter stems are derived from
the patterns; adding a phrase is one entry; the claims modules share no private names and do not
import each other in a cycle."""

import ast
import io
import os

import pytest

from stalegreen.engine import claims, claims_grammar, clauses, lexicon, prefilter
from stalegreen.engine.lexicon import Entry, en, zh

ENTRIES = list(en.ENTRIES) + list(zh.ENTRIES)
REASON = {"hedge": "hedged", "relay": "relayed", "future": "future", "conditional": "conditional",
          "instruction": "instruction", "past": "past", "failure": "negated", "negator": "negated",
          "description": "description"}


def entry_id(entry):
    return "%s-%s-%s" % (entry.lang, entry.role, entry.example[:40])


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry_id(e) for e in ENTRIES])
def test_every_entry_fires_on_its_example(entry):
    """Its own pattern matches, and the role lookup (stems prefilter included) finds it."""
    assert lexicon.entry_matching(entry.role, entry.example, entry.lang) is not None
    assert lexicon.search(entry.role, entry.example, entry.lang) is not None


@pytest.mark.parametrize("entry", ENTRIES, ids=[entry_id(e) for e in ENTRIES])
def test_every_entry_does_what_its_role_says(entry):
    found = claims.extract(entry.example)
    why = set(i["reason"] for i in found.ignored)
    if entry.role in REASON:
        assert REASON[entry.role] in why, (entry, found)
    elif entry.role == "disclosure":
        assert not found.claims and why & {"disclosed-stale", "past"}, found
    elif entry.role == "state":
        assert found.claims and (not entry.categories or found.claims[0]["category"] in entry.categories), found
    elif entry.role == "present":
        assert found.claims and "past" not in why, found
    elif entry.role == "run":
        assert found.claims and all(c["ran"] for c in found.claims), found
    elif entry.role == "exception":
        assert found.claims and all(c["qualified"] for c in found.claims), found
        assert len(set(c.segment for c in clauses.split(entry.example))) == 2, entry
    elif entry.role == "rest":
        assert found.claims and all(c["qualified"] for c in found.claims), found
    elif entry.role == "retraction":
        assert not found.claims and "retracted" in why, found
    elif entry.role == "own":
        assert found.claims and "relayed" not in why, found
        assert lexicon.search("relay", entry.example, entry.lang), entry     # a relay it keeps from the claim
    elif entry.role == "contrast":
        assert len(set(c.segment for c in clauses.split(entry.example))) == 2, entry
    else:
        pytest.fail("role %s has no check" % entry.role)


def test_every_role_has_entries_in_both_languages_where_it_is_used():
    for role in lexicon.ROLES:
        assert lexicon.entries(role, "en"), role
    for role in ("hedge", "relay", "future", "conditional", "instruction", "failure", "negator", "past", "present",
                 "disclosure", "run", "contrast", "rest", "state", "own"):
        assert lexicon.entries(role, "zh"), role


@pytest.mark.parametrize("pattern, expected", [
    (r"\bshould(?:n't)?\b", ["should"]),
    (r"\b(?:probably|likely)\b", ["probably", "likely"]),
    (r",?\s+but\b", ["but"]),
    (r"expect(?:s|ed)?", ["expect"]),
    (r"(?:re-?)?run\b", ["run"]),
    (r"(?=re)(?:(?<=n't )|(?<=not ))re-?run", ["re"]),
    (u"[\u274c\U0001f534]", [u"\u274c", u"\U0001f534"]),
    (r"\d+ failed", list("0123456789")),
    (u"(?:重新|又)?(?:运行|跑)了", [u"运行", u"跑"]),
])
def test_stems_are_derived_from_the_pattern(pattern, expected):
    assert lexicon.stems(pattern) == expected


def test_a_pattern_with_no_literal_start_is_refused():
    with pytest.raises(ValueError):
        lexicon.stems(r"\w+ passes")


def test_an_entry_with_an_unknown_role_is_refused():
    with pytest.raises(ValueError):
        Entry(r"\bfoo\b", "mood", "en", "foo")


@pytest.fixture
def fresh_lexicon(monkeypatch):
    """Adds an entry to a language module; the lexicon and the grammars are rebuilt from it (as
    in a new process), and restored after the test."""
    def add(entry):
        module = en if entry.lang == "en" else zh
        monkeypatch.setattr(module, "ENTRIES", module.ENTRIES + (entry,))
        monkeypatch.setattr(lexicon, "_ENTRIES", [])
        monkeypatch.setattr(lexicon, "_COMPILED", {})
        monkeypatch.setattr(lexicon, "_STEMS", {})
        monkeypatch.setattr(claims_grammar, "_GRAMMAR", None)
    return add


def test_adding_a_state_phrase_is_one_entry(fresh_lexicon, monkeypatch):
    """One lexicon entry, plus its stem in the hook's prefilter word list when no listed word covers
    it yet (test_every_state_word_passes_the_prefilter names the missing stem, so this never fails
    silently)."""
    assert claims.extract("Lint is bulletproof.").claims == []
    assert claims.extract(u"测试杠杠的。").claims == []
    monkeypatch.setattr(prefilter, "CLAIM_WORDS", prefilter.CLAIM_WORDS + ("bulletproof", u"杠杠"))
    fresh_lexicon(Entry(r"\bbulletproof\b", "state", "en", "Lint is bulletproof.", ("lint", "typecheck")))
    fresh_lexicon(Entry(u"杠杠的", "state", "zh", u"测试杠杠的。"))
    assert [c["category"] for c in claims.extract("Lint is bulletproof.").claims] == ["lint"]
    assert [c["category"] for c in claims.extract(u"测试杠杠的。").claims] == ["test"]


def test_every_state_word_passes_the_prefilter():
    """The Stop hook reads a message only when the prefilter lets it through: every stem a state
    entry needs must be covered by prefilter.CLAIM_WORDS."""
    stems = set(stem for e in lexicon.entries("state") for stem in lexicon.stems(e.pattern))
    missing = sorted(stem for stem in stems if not prefilter.might_claim(stem))
    assert missing == [], "add these stems to stalegreen/engine/prefilter.py CLAIM_WORDS: %s" % missing


def test_adding_a_hedge_is_one_entry(fresh_lexicon):
    assert [c["category"] for c in claims.extract("Tests pass, knock on wood.").claims] == ["test"]
    fresh_lexicon(Entry(r"\bknock on wood\b", "hedge", "en", "Tests pass, knock on wood."))
    found = claims.extract("Tests pass, knock on wood.")
    assert found.claims == [] and [i["reason"] for i in found.ignored] == ["hedged"]


def test_the_phrases_the_issue_names_are_single_entries():
    assert lexicon.entry_matching("state", "Lint is solid.", "en") is not None
    assert lexicon.entry_matching("state", u"测试没毛病。", "zh") is not None
    assert [c["category"] for c in claims.extract("Lint is solid.").claims] == ["lint"]
    assert [c["category"] for c in claims.extract(u"测试没毛病。").claims] == ["test"]


ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "stalegreen", "engine")
FAMILY = {"claims": "claims.py", "claims_en": "claims_en.py", "claims_grammar": "claims_grammar.py",
          "claims_output": "claims_output.py", "claims_runs": "claims_runs.py",
          "claims_meaning": "claims_meaning.py",
          "claims_zh": "claims_zh.py", "clauses": "clauses.py",
          "lexicon": os.path.join("lexicon", "__init__.py"), "en": os.path.join("lexicon", "en.py"),
          "zh": os.path.join("lexicon", "zh.py"), "commands": os.path.join("lexicon", "commands.py")}


def _tree(name):
    with io.open(os.path.join(ENGINE, FAMILY[name]), encoding="utf-8") as fh:
        return ast.parse(fh.read())


def _imports(tree):
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update("%s.%s" % (node.module, a.name) for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_no_module_of_the_family_imports_claims_back():
    for name in FAMILY:
        if name != "claims":
            assert "stalegreen.engine.claims" not in _imports(_tree(name)), name
    assert "stalegreen.engine.claims_en" not in _imports(_tree("claims_zh"))
    assert "stalegreen.engine.claims_en" not in _imports(_tree("claims_grammar"))


def test_no_private_name_crosses_a_module_boundary():
    for name in FAMILY:
        tree = _tree(name)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not [a.name for a in node.names if a.name.startswith("_")], (name, node.module)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in FAMILY and node.attr.startswith("_") and not node.attr.startswith("__"):
                pytest.fail("%s uses %s.%s" % (name, node.value.id, node.attr))


TRICKY_TEXTS = [u"It looks like the tests pass.", u"It looks  like the tests pass.", u"It looks\nlike it passes.",
                u"Outlooks like these pass.", u"I'm not 100% sure the build passes.", u"e.g. the lint step passes",
                u"as far as i can tell, lint is clean", u"per the CI log, tests pass", u"the pipeline: green",
                u"I'd say tests pass.", u"测试应该通过了。", u"CI 上测试都通过了。", u"lint-free", u"x_looks like",
                u"it's-looks like", u"fingers\tcrossed, tests pass", u""]


@pytest.mark.parametrize("text", TRICKY_TEXTS)
def test_a_roles_stem_test_answers_alike_before_and_after_it_is_compiled(text):
    """A long-lived process (the dsh worker, ``history``) compiles a role's stems into one
    pattern after COMPILE_AFTER uses: the answer must not depend on how many texts came before
    (determinism), so the word-by-word test reads stems exactly as the pattern does."""
    low = text.lower()
    for role in lexicon.ROLES:
        for lang in lexicon.LANGUAGES:
            words, others = lexicon.stem_lists(role, lang)
            if not (words or others):
                continue
            by_word = lexicon._holds_stem([(words, others), 0], low)
            compiled = lexicon._holds_stem([lexicon._StemFinder(words, others), 0], low)
            assert by_word == compiled, (role, lang, text)


def _texts_around_stems():
    """Each stem of each role inside a word and at a word start, plus a few sentences: a stem
    found inside a word ("cl[i will]") can overlap one at a word start ("cli [will]")."""
    texts = set(TRICKY_TEXTS)
    texts.update([u"The CLI will rerun it.", u"Ai will run the suite.", u"overall good, tests pass"])
    for role in lexicon.ROLES:
        for lang in lexicon.LANGUAGES:
            words, others = lexicon.stem_lists(role, lang)
            for stem in words + others:
                stem = stem.strip()
                texts.update([u"z" + stem, u"z%s ok" % stem, u"%s." % stem])
    return sorted(t for t in texts if t)


def test_texts_holding_stems_answers_alike_before_and_after_it_is_compiled(monkeypatch):
    """``texts_holding_stems`` reads texts one by one until a role has been asked about
    COMPILE_AFTER times, then with one pattern over all of them: a long-lived process (the dsh
    worker, ``history``) must pick the same texts as a fresh one (determinism)."""
    texts = _texts_around_stems()
    for role in lexicon.ROLES:
        monkeypatch.setattr(lexicon, "_COMPILED", {})
        monkeypatch.setattr(lexicon, "COMPILE_AFTER", 10 ** 9)
        by_word = lexicon.texts_holding_stems(role, list(texts))
        monkeypatch.setattr(lexicon, "_COMPILED", {})
        monkeypatch.setattr(lexicon, "COMPILE_AFTER", 0)
        compiled = lexicon.texts_holding_stems(role, list(texts))
        assert not isinstance(lexicon._COMPILED[("stems-all", role)], int)     # the one-pattern path ran
        assert compiled == by_word, (role, sorted(set(by_word) ^ set(compiled))[:5])


def test_roles_held_are_the_roles_whose_english_stems_a_text_holds(monkeypatch):
    """``roles_held`` finds in one pass what ``may_match`` tells role by role (``Meaning.has``
    looks no further for a role it leaves out)."""
    import glob
    import io
    import json
    import os

    monkeypatch.setattr(lexicon, "_COMPILED", {})
    monkeypatch.setattr(lexicon, "COMPILE_AFTER", 0)
    texts = []
    for path in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "claims_corpus_*.jsonl"))):
        with io.open(path, encoding="utf-8") as fh:
            texts.extend(json.loads(line)["text"] for line in fh if line.strip())
    lexicon.roles_held("warm up")
    for text in texts + ["it's-ci", "re-run", "x_ci", "Don't know if", u"\u274c lint"]:
        held = lexicon.roles_held(text)
        if held is None:
            assert not text.isascii()
            continue
        assert held == set(role for role in lexicon.ROLES if lexicon.may_match(role, text, "en")), text
