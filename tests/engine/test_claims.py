# -*- coding: utf-8 -*-
"""The claims grammar: seed examples, the team's labelled corpora (tuning and held-out slices
reported apart), the public reference corpus and the peers' corpora when ../shared has them."""

import glob
import io
import json
import os
import re

import pytest

from stalegreen.engine import claims
from tests.conftest import shared_path

HERE = os.path.dirname(os.path.abspath(__file__))
CATS = ("test", "typecheck", "lint", "build")


def extract(text, **kw):
    return claims.extract(text, **kw)


def categories(text, **kw):
    return sorted(c["category"] for c in extract(text, **kw).claims)


def only(text, **kw):
    found = extract(text, **kw).claims
    assert len(found) == 1, found
    return found[0]


def reasons(text, **kw):
    return [i["reason"] for i in extract(text, **kw).ignored]


# ------------------------------------------------------------------ seed table ("What is a claim")

def test_seed_all_41_tests_pass_is_a_test_claim_scope_all():
    claim = only("All 41 tests pass.")
    assert (claim["category"], claim["scope"], claim["qualified"]) == ("test", "all", False)
    assert claim["counts"] == {"passed": 41} and claim["text"] == "All 41 tests pass"
    assert claim["lang"] == "en" and claim["sentence"] == "All 41 tests pass."


def test_seed_tsc_noemit_is_clean_is_a_typecheck_claim():
    claim = only("tsc --noEmit is clean.")
    assert claim["category"] == "typecheck" and claim["tool"] == "tsc"


def test_seed_lint_and_typecheck_both_pass_is_two_claims():
    assert categories("Lint and typecheck both pass.") == ["lint", "typecheck"]


def test_seed_should_pass_now_is_hedged():
    assert categories("The tests should pass now.") == [] and reasons("The tests should pass now.") == ["hedged"]


def test_seed_let_me_run_the_tests_is_future():
    text = "Let me run the tests to confirm they pass."
    assert categories(text) == [] and reasons(text) == ["future"]


def test_seed_40_passed_1_failed_is_negated():
    assert categories("40 passed, 1 failed.") == [] and reasons("40 passed, 1 failed.") == ["negated"]


def test_seed_according_to_the_readme_is_relayed():
    text = "According to the README, all tests pass."
    assert categories(text) == [] and reasons(text) == ["relayed"]


def test_seed_apart_from_the_flaky_test_is_qualified():
    claim = only("Apart from the flaky snapshot test, all tests pass.")
    assert claim["category"] == "test" and claim["qualified"] is True


def test_seed_do_all_tests_pass_is_a_question():
    assert categories("Do all tests pass?") == [] and reasons("Do all tests pass?") == ["question"]


# ------------------------------------------------------------------ the Chinese examples

@pytest.mark.parametrize("text, category, scope", [
    (u"所有测试都通过了", "test", "all"),
    (u"全部 41 个测试通过", "test", "all"),
    (u"构建成功", "build", "all"),
    (u"类型检查通过", "typecheck", "all"),
    (u"lint 通过", "lint", "all"),
    (u"编译成功", "build", "all"),
])
def test_chinese_claims(text, category, scope):
    claim = only(text)
    assert (claim["category"], claim["scope"], claim["lang"]) == (category, scope, "zh")


def test_chinese_counts_and_compile_alternates():
    assert only(u"全部 41 个测试通过")["counts"] == {"passed": 41}
    assert only(u"编译成功")["alternates"] == ["typecheck"]


@pytest.mark.parametrize("text, reason", [
    (u"测试应该能通过。", "hedged"),
    (u"测试可能都通过了。", "hedged"),
    (u"测试还没通过。", "negated"),
    (u"测试未通过。", "negated"),
    (u"有两个测试仍然失败，其余通过了。", "negated"),
    (u"所有测试都通过了吗？", "question"),
    (u"测试都通过了吗", "question"),
    (u"如果测试通过，就可以合并。", "conditional"),
    (u"根据 README，所有测试都通过。", "relayed"),
])
def test_chinese_non_claims(text, reason):
    assert categories(text) == [] and reasons(text) == [reason]


def test_chinese_tong_guo_as_preposition_or_rate_is_not_a_claim():
    assert categories(u"测试数据通过 fixture 注入。") == []
    assert categories(u"测试通过率提高到 95%。") == []
    assert categories(u"测试全部通过 (41/41)。") == ["test"]


def test_pass_rate_is_not_a_claim():
    assert categories("Test pass rate: 98%.") == []
    assert categories("The test passes the fixture to the helper.") == []


def test_mixed_language_message():
    text = u"已修复登录问题。All 12 tests pass，lint 也通过了。构建成功。"
    found = extract(text).claims
    assert sorted(c["category"] for c in found) == ["build", "lint", "test"]
    assert {c["category"]: c["lang"] for c in found}["build"] == "zh"


# ------------------------------------------------------------------ grammar details

def test_code_fences_inline_code_and_quotes_are_never_claims():
    text = "```\nAll tests pass.\n```\nThe helper prints `all tests pass` on success.\nThe title is \"Tests pass\"."
    found = extract(text)
    assert found.claims == []
    assert sorted(i["reason"] for i in found.ignored) == ["code", "code", "quoted"]


def test_inline_code_naming_a_command_is_the_subject():
    claim = only("`npm test` passes.")
    assert (claim["category"], claim["tool"], claim["scope"]) == ("test", "npm test", "all")
    assert claim["text"] == "`npm test` passes"
    assert only("`pytest tests/test_parser.py` passes (14 passed).")["scope"] == "subset"
    assert only("`cargo clippy` passes with no warnings.")["category"] == "lint"


def test_compiles_cleanly_is_build_with_typecheck_alternate():
    claim = only("It compiles cleanly.")
    assert claim["category"] == "build" and claim["alternates"] == ["typecheck"]


def test_everything_passes_means_the_categories_named():
    # with no check named it identifies none
    assert extract("Everything passes.").claims == []
    # with named categories it means exactly those
    assert categories("Everything passes: tests and lint.") == ["lint", "test"]


# ---- a green statement that names no check ("All green.") claims the categories the message
# names (run, checked or worked on), and nothing when it names none: a claim is of a check
@pytest.mark.parametrize("text, expected", [
    ("All green.", []),
    ("Everything is green now.", []),
    ("Updated the changelog and bumped the version. Everything passes.", []),
    ("Done. Green across the board, ready for review.", []),
    ("Renamed the helper in three files. All green \U0001f7e2", []),
    ("Ran `pytest` and `ruff check .` after the rename. All green.", ["lint", "test"]),
    ("Re-ran the suite. Everything passes.", ["test"]),
    ("I ran the linter after the rename.\n\nAll green.", ["lint"]),
    ("Build and typecheck: green across the board.", ["build", "typecheck"]),
    # dev4a, dev5
    ("Green across the board.", []),
    (u"All green \U0001f7e2", []),
])
def test_a_green_statement_claims_the_checks_the_message_names(text, expected):
    assert categories(text) == expected
    if not expected:
        assert "unnamed" in reasons(text)


def test_pronoun_subjects_take_their_antecedent():
    assert categories("Ran ruff and mypy on the package. Both are clean.") == ["lint", "typecheck"]
    claim = only("I wrote a test for the empty-cart case. It passes.")
    assert (claim["category"], claim["scope"]) == ("test", "subset")
    assert only("They pass.")["category"] == "test"
    assert only("It vets clean.")["category"] == "lint"


def test_commas_alone_do_not_coordinate_subjects():
    claim = only("Apart from the slow e2e test, lint is clean.")
    # the exception speaks of a test, not of lint: the lint claim stays whole (a qualified claim
    # is never blocked; test_claims_structure.py::test_a_qualifier_qualifies_only_the_checks_it_names)
    assert (claim["category"], claim["qualified"], claim["text"]) == ("lint", False, "lint is clean")
    assert categories("Tests, lint and typecheck all pass.") == ["lint", "test", "typecheck"]


def test_pronoun_defaults_only_for_passing_words():
    # no antecedent: "they pass" is about tests, "both compile cleanly" about the build
    assert categories("Both compile cleanly.") == ["build"]
    assert categories("They are clean.") == []


def test_clean_working_tree_is_not_an_everything_claim():
    assert categories("Everything is clean and pushed to the branch.") == []
    assert categories("Everything is committed; the tree is clean.") == []


def test_elixir_and_go_tools():
    assert categories("`mix credo` is clean and dialyzer passes.") == ["lint", "typecheck"]
    assert only("staticcheck reports nothing.")["category"] == "lint"


def test_scope_and_counts():
    assert only("41/41 passing.")["counts"] == {"passed": 41, "total": 41}
    assert only("41/41 passing.")["scope"] == "all"
    assert only("39/41 passing.")["scope"] == "subset"
    assert only("The new test passes.")["scope"] == "subset"
    assert only("The full test suite passes.")["scope"] == "all"
    assert only("All 2,341 tests pass.")["counts"] == {"passed": 2341}


def test_one_claim_per_category_unqualified_and_all_win():
    text = "Apart from the slow ones, the tests pass.\n\nThe new test passes. All 41 tests pass."
    claim = only(text)
    assert (claim["qualified"], claim["scope"], claim["counts"]) == (False, "all", {"passed": 41})
    assert reasons(text) == ["qualified"]


def test_plans_and_unchecked_items_are_plans():
    text = "Next steps:\n- Run the full suite\n- Make sure the build succeeds\n\n- [ ] All tests pass"
    assert categories(text) == []
    assert set(reasons(text)) == {"plan"}


def test_summary_list_with_claims():
    text = ("- All 43 tests pass (`pnpm test`).\n- `tsc --noEmit` is clean.\n- Lint passes.\n\n"
            "Let me know if you want me to squash the commits.")
    assert categories(text) == ["lint", "test", "typecheck"]


def test_failures_fixed_or_pre_existing_do_not_negate():
    assert categories("Fixed the two failing tests; all 41 tests pass now.") == ["test"]
    claim = only("All tests pass except two pre-existing failures in the legacy module.")
    assert claim["qualified"] is True


def test_tests_that_were_failing_now_pass():
    assert categories("After the fix, the tests that were failing now pass.") == ["test"]
    assert categories("The previously failing test passes now.") == ["test"]
    # a failure reported in the same sentence still wins
    assert categories("Two tests were failing before; one still fails and the other passes.") == []


def test_state_words_need_a_linking_verb():
    assert categories("Passing tests are shown in green in the report.") == []
    assert categories("Tests went green after the fix; lint: clean.") == ["lint", "test"]
    assert categories("If I'm reading the log right, the build went through.") == []


def test_fine_is_not_a_test_result():
    assert categories("The existing tests are fine as they are.") == []
    assert categories("The types are all fine now.") == ["typecheck"]


def test_completion_claims_only_when_enabled():
    assert categories("Done, the bug is fixed.") == []
    assert categories("Done, the bug is fixed.", completion=True) == ["completion"]
    assert categories(u"已完成。", completion=True) == ["completion"]
    assert categories("Not done yet.", completion=True) == []
    assert categories("The regression is fixed and all tests pass.", completion=True) == ["completion", "test"]


def test_odd_input_never_raises():
    for text in ("", "   ", "`", "```", "\"", u"\u300c", "a" * 5000, "? ! .", "sgt99x passes", None, 42):
        result = claims.extract(text)
        assert isinstance(result.claims, list) and isinstance(result.ignored, list)


REASONS = {"hedged", "future", "question", "negated", "conditional", "relayed", "quoted", "code", "instruction",
           "plan", "qualified", "past", "disclosed-stale"}


def check_well_formed(result, completion=False):
    allowed = set(CATS) | ({"completion"} if completion else set())
    seen = set()
    for claim in result.claims:
        assert claim["category"] in allowed and claim["category"] not in seen
        seen.add(claim["category"])
        assert claim["scope"] in ("all", "subset") and isinstance(claim["qualified"], bool)
        assert claim["text"] and claim["text"] in claim["sentence"] or "`" in claim["text"] or '"' in claim["text"]
        assert isinstance(claim["counts"], dict) and set(claim["counts"]) <= {"passed", "total"}
        assert claim["tool"] is None or isinstance(claim["tool"], str)
        assert isinstance(claim["alternates"], list) and claim["lang"] in ("en", "zh")
        assert u"\u200b" not in claim["sentence"] and u"\u200b" not in claim["text"]
    for near in result.ignored:
        assert near["reason"] in REASONS and near["text"]


def test_mangled_corpus_text_never_raises_and_stays_well_formed():
    """Corpus entries cut, joined, re-cased and sprinkled with markdown and quote characters."""
    import random

    rng = random.Random(20261129)
    texts = [r["text"] for r in _load("en") + _load("zh")]
    noise = ["`", "```", "\"", "'", u"\u201c", u"\u300c", "**", "- [ ] ", "> ", "|", "\n\n", "?", u"\uff1f", "(", ")",
             "sgt0x", "sgq12x", u"\u2705", "41/41", "::", "\t"]
    for _ in range(400):
        parts = rng.sample(texts, 3)
        text = "".join(p[:rng.randint(0, len(p))] + rng.choice(noise) for p in parts)
        if rng.random() < 0.3:
            text = text.upper() if rng.random() < 0.5 else text.lower()
        completion = rng.random() < 0.5
        check_well_formed(claims.extract(text, completion=completion), completion)


# ------------------------------------------------------------------ the team's labelled corpora

def _load(lang):
    with io.open(os.path.join(HERE, "claims_corpus_%s.jsonl" % lang), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def score(rows, completion=False):
    """(tp, fp, fn) over category decisions: assertive entries expect their categories among the
    unqualified claims; qualified entries allow only qualified claims; others allow none."""
    tp = fp = fn = 0
    misses = []
    for row in rows:
        found = claims.extract(row["text"], completion=completion).claims
        unqualified = set(c["category"] for c in found if not c["qualified"]) - {"completion"}
        every = set(c["category"] for c in found) - {"completion"}
        if row["label"] == "assertive":
            expected = set(row["categories"])
            tp += len(expected & unqualified)
            fn += len(expected - unqualified)
            fp += len(unqualified - expected)
            wrong = unqualified != expected
        elif row["label"] == "qualified":
            fp += len(unqualified)
            wrong = bool(unqualified)
        else:
            fp += len(every)
            wrong = bool(every)
        if wrong:
            misses.append(row["text"])
    return tp, fp, fn, misses


def _ratio(a, b):
    return a / float(b) if b else 1.0


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("split", ["tune", "heldout"])
def test_team_corpus_precision_and_recall(lang, split, capsys):
    rows = [r for r in _load(lang) if r["split"] == split]
    tp, fp, fn, misses = score(rows)
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    with capsys.disabled():
        print("\n[claims corpus %s/%s] %d entries, %d assertive: precision %.3f recall %.3f (tp %d fp %d fn %d)"
              % (lang, split, len(rows), sum(r["label"] == "assertive" for r in rows), precision, recall, tp, fp, fn))
    assert precision >= 0.98 and recall >= 0.93, misses


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_team_corpus_is_large_balanced_and_labelled(lang):
    rows = _load(lang)
    assert len(rows) >= (400 if lang == "en" else 150)
    assertive = sum(r["label"] == "assertive" for r in rows)
    assert 0.3 <= assertive / float(len(rows)) <= 0.6
    for index, row in enumerate(rows):
        assert row["split"] == ("heldout" if index % 5 == 4 else "tune"), index
        assert row["label"] in ("assertive", "qualified", "completion", "none", "hedged", "future", "question",
                                "negated", "conditional", "relayed", "quoted", "code", "instruction", "plan")
        if row["label"] in ("assertive", "qualified"):
            assert row["categories"] and set(row["categories"]) <= set(CATS)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_team_corpus_scope_and_reasons(lang, capsys):
    """Scope agrees with single-category labels; near-misses carry the labelled reason."""
    rows = _load(lang)
    scoped = agreed = with_reason = same_reason = 0
    for row in rows:
        found = claims.extract(row["text"])
        if row["label"] == "assertive" and row.get("scope") and len(row["categories"]) == 1:
            match = [c for c in found.claims if c["category"] == row["categories"][0]]
            scoped += 1
            agreed += bool(match) and match[0]["scope"] == row["scope"]
        if found.ignored and row["label"] not in ("assertive", "qualified", "none", "completion"):
            with_reason += 1
            same_reason += found.ignored[0]["reason"] == row["label"]
    with capsys.disabled():
        print("\n[claims corpus %s] scope agreement %d/%d, ignored-reason agreement %d/%d"
              % (lang, agreed, scoped, same_reason, with_reason))
    assert _ratio(agreed, scoped) >= 0.95 and _ratio(same_reason, with_reason) >= 0.85


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_team_corpus_completion_category(lang, capsys):
    rows = _load(lang)
    done = [r for r in rows if r["label"] == "completion"]
    found = sum("completion" in categories(r["text"], completion=True) for r in done)
    negatives = [r for r in rows if r["label"] not in ("assertive", "qualified", "completion", "none")]
    false = [r["text"] for r in negatives if categories(r["text"], completion=True)]
    with capsys.disabled():
        print("\n[claims corpus %s] completion recall %d/%d, claims on hard negatives with completion on: %d/%d"
              % (lang, found, len(done), len(false), len(negatives)))
    assert found >= 0.9 * len(done) and len(false) <= 0.02 * len(negatives), false


# ------------------------------------------------------------------ public corpora in ../shared

# Rows of the reference corpus whose label this project reads otherwise on purpose (issue #10:
# negation and "everything" are per clause; a named exception qualifies a claim, it does not
# negate it). Each is checked to still read our way, so the list cannot hide a regression.
REFERENCE_DISAGREEMENTS = {
    "Everything compiles.": ["build"],
    "Tests pass but the build fails.": ["test"],
    "tsc passes but eslint fails.": ["typecheck"],
    "All tests pass except test_expiry which fails.": ["test"],
}


def test_public_reference_corpus(capsys):
    """Its scoring: assertive -> TP if any unqualified claim else FN; scoped -> FP if any
    unqualified claim; any other label -> FP if any claim at all."""
    with io.open(shared_path("claims", "stalegreen", "corpus.json"), encoding="utf-8") as fh:
        rows = json.load(fh)
    tp = fp = fn = 0
    for row in rows:
        if row["text"] in REFERENCE_DISAGREEMENTS:
            found = sorted(c["category"] for c in claims.extract(row["text"]).claims)
            assert found == REFERENCE_DISAGREEMENTS[row["text"]], row["text"]
            continue
        found = claims.extract(row["text"]).claims
        blocking = [c for c in found if not c["qualified"]]
        if row["label"] == "assertive":
            tp += bool(blocking)
            fn += not blocking
        elif row["label"] == "scoped":
            fp += bool(blocking)
        else:
            fp += bool(found)
    precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    with capsys.disabled():
        print("\n[public corpus] %d entries: precision %.3f recall %.3f (tp %d fp %d fn %d)"
              % (len(rows), precision, recall, tp, fp, fn))
    assert len(rows) >= 300
    assert precision >= 0.98 and recall >= 0.90


def _jsonl(path):
    with io.open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def test_proof_of_green_corpora(capsys):
    """Its English rows: test claims where it labels tests_pass, completion claims where it labels
    done/fixed; its negatives should yield nothing. Ukrainian is out of scope and only counted."""
    base = shared_path("claims", "vitamin33-proof-of-green", "tests", "corpus")
    positive = [r for r in _jsonl(os.path.join(base, "claims_positive.jsonl")) if r.get("lang") == "en"]
    negative = _jsonl(os.path.join(base, "claims_negative.jsonl"))
    tests = [r for r in positive if "tests_pass" in r["types"]]
    test_hits = sum("test" in categories(r["text"]) for r in tests)
    done = [r for r in positive if set(r["types"]) & {"done", "fixed"} and "tests_pass" not in r["types"]]
    done_hits = sum("completion" in categories(r["text"], completion=True) for r in done)
    english_negatives = [r for r in negative if r.get("lang") == "en"]
    neg_hits = [r["text"] for r in english_negatives if categories(r["text"])]
    neg_hits_completion = [r["text"] for r in english_negatives if categories(r["text"], completion=True)]
    other = [r for r in negative if r.get("lang") != "en"]
    other_hits = sum(bool(categories(r["text"], completion=True)) for r in other)
    with capsys.disabled():
        print("\n[proof-of-green] tests_pass recall %d/%d; done/fixed recall (completion on) %d/%d; "
              "English negatives with a claim %d/%d (completion on: %d); non-English negatives with a claim %d/%d"
              % (test_hits, len(tests), done_hits, len(done), len(neg_hits), len(english_negatives),
                 len(neg_hits_completion), other_hits, len(other)))
    # its "CI is green" is relayed for us; its "Everything is green." names no check, which the
    # blind authors (LABELS4) and this reader count as no claim
    assert test_hits >= len(tests) - 2
    assert not neg_hits and len(neg_hits_completion) <= 0.05 * len(english_negatives)
    assert done_hits >= 0.7 * len(done)


def test_proof_of_done_final_messages():
    """Every [[tests_passed|...]] span in its scenarios' final messages is a test claim."""
    base = shared_path("claims", "proof-of-done", "eval")
    spans = 0
    for path in sorted(glob.glob(os.path.join(base, "*", "*.yaml"))):
        with io.open(path, encoding="utf-8") as fh:
            for line in fh:
                m = re.match(r"\s*final:\s*(['\"]?)(.*)\1\s*$", line)
                if not m:
                    continue
                final = m.group(2)
                for kind, span in re.findall(r"\[\[(\w+)\|([^\]]+)\]\]", final):
                    if kind == "tests_passed":
                        spans += 1
                        assert "test" in categories(span + "."), span
                plain = re.sub(r"\[\[\w+\|([^\]]+)\]\]", r"\1", final)
                assert "test" in categories(plain), plain
    assert spans >= 3


def test_groundtruth_community_samples():
    base = shared_path("claims", "groundtruth")

    def lines(name):
        with io.open(os.path.join(base, name), encoding="utf-8") as fh:
            return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]

    for text in lines("community-true-positives.txt"):
        assert categories(text, completion=True), text
    for text in lines("community-false-positives.txt"):
        assert categories(text, completion=True) == [], text


def _assistant_texts(path):
    """Assistant text blocks of a Claude Code transcript or a Codex rollout (JSON lines)."""
    with io.open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if not isinstance(record, dict):
                continue
            message = record.get("message")
            if record.get("type") == "assistant" and isinstance(message, dict):
                for block in message.get("content") or ():
                    if isinstance(block, dict) and block.get("type") == "text":
                        yield block.get("text") or ""
            payload = record.get("payload")
            if isinstance(payload, dict) and payload.get("role") == "assistant":
                for block in payload.get("content") or ():
                    if isinstance(block, dict) and block.get("type") in ("output_text", "text"):
                        yield block.get("text") or ""


def test_real_transcript_messages(capsys):
    """Every assistant message in the shared real transcripts reads without error into
    well-formed claims; the tally is printed (these messages are unlabelled)."""
    base = shared_path("transcripts")
    messages = claimed = 0
    tally = {}
    for path in sorted(glob.glob(os.path.join(base, "**", "*.jsonl"), recursive=True)):
        for text in _assistant_texts(path):
            messages += 1
            result = claims.extract(text)
            check_well_formed(result)
            claimed += bool(result.claims)
            for claim in result.claims:
                tally[claim["category"]] = tally.get(claim["category"], 0) + 1
    with capsys.disabled():
        print("\n[real transcripts] %d assistant messages, %d with claims: %s"
              % (messages, claimed, ", ".join("%s %d" % kv for kv in sorted(tally.items()))))
    assert messages >= 50 and claimed >= 5


# ---- "compiles" elaborated by a dash or parenthesis naming a type checker's run is that run's
# result: typecheck (build its alternate), not a build claim of its own
@pytest.mark.parametrize("text, expected", [
    ("The code compiles (`tsc --noEmit` is clean).", [("typecheck", ["build"])]),
    ("Everything compiles again \u2014 `mypy --strict` reports no issues.", [("typecheck", ["build"])]),
    ("It compiles now -- `cargo check` finished without errors.", [("typecheck", ["build"])]),
    ("It compiles, and `mypy` is clean.", [("build", ["typecheck"]), ("typecheck", [])]),
    ("The app compiles \u2014 `cargo build` finished.", [("build", ["typecheck"])]),
    # dev3a
    ("The test file compiles now \u2014 `tsc -p tsconfig.test.json --noEmit` is clean \u2014 but I haven't actually "
     "run the tests; jest needs the `DATABASE_URL` that isn't set here.", [("typecheck", ["build"])]),
])
def test_compiles_elaborated_by_a_typecheck_run(text, expected):
    assert sorted((c["category"], c["alternates"]) for c in extract(text).claims) == expected
