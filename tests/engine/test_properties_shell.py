"""Property tests: random and hostile command lines through reader, catalog, masking, rewrite."""

import os
import shutil
import subprocess
from types import SimpleNamespace

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from stalegreen.engine import masking, rewrite, shell, unwrapped

# SG_HYPOTHESIS_EXAMPLES=5000 for a longer hunt
SETTINGS = settings(max_examples=int(os.environ.get("SG_HYPOTHESIS_EXAMPLES", "400")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

META = list(" \t\n;&|()<>{}$`'\"\\#!=*?[]~%^-+,.:/0123456789")
FRAGMENTS = [
    "pytest", "pytest -q", "npm test", "pnpm test", "npx vitest run", "make test", "tsc --noEmit",
    "cargo test", "go test ./...", "ruff check .", "eslint .", "bash -c 'pytest | tail -3'",
    "sudo pytest", "cd sub", "CI=1", "set -o pipefail", "echo done", "true", "tail -5", "head -3",
    "grep -E 'passed|failed'", "wc -l", "tee out.txt", "xargs echo", "cat", "2>&1", ">/dev/null",
    "> out.log", "&>", "<<EOF", "<<-'END'", "<<<", "EOF", "END", "$(", ")", "`", "${x:-y}",
    "$((1+2))", "{", "}", "(", "!", "if", "then", "else", "fi", "for x in a b", "do", "done",
    "while", "case $x in", "a)", ";;", "esac", "f()", "function g", "<(", ">(", "#", "\\\n",
    "'", '"', "&&", "||", ";", "|", "|&", "&", "\n", " ", "  ", "--watch", "--help", "-k x",
]
OPERATORS = ["&&", "||", ";", "|", "|&", "&", "\n", " && ", " | ", "; "]

random_text = st.text(alphabet=st.sampled_from(META) | st.characters(), max_size=120)
fragment_text = st.lists(st.sampled_from(FRAGMENTS + OPERATORS), max_size=24).map(" ".join)
glued_text = st.lists(st.sampled_from(FRAGMENTS + OPERATORS), max_size=24).map("".join)
hostile = st.one_of(random_text, fragment_text, glued_text)


def _find_runs(parse):
    try:
        from stalegreen.engine import catalog
    except ImportError:
        catalog = None
    if hasattr(catalog, "find_runs"):
        return catalog.find_runs(parse, None, "/tmp/project")
    return [SimpleNamespace(segment_index=s.index, not_run=None, sudo=False, nested=False,
                            quiet=None, words=s.words)
            for s in parse.segments if masking.command_name(s) in ("pytest", "npm", "make")]


def _check_offsets(text, parse):
    previous_end = 0
    for seg in parse.segments:
        assert text[seg.start:seg.end] == seg.text
        assert seg.text[:1] not in (" ", "\t", "\n")
        assert seg.text[-1:] not in (" ", "\t", "\n") or seg.text[-2:-1] == "\\"  # `\ ` is a word
        assert seg.start >= previous_end
        previous_end = seg.end
        assert len(seg.words) == len(seg.raw_words) == len(seg.word_spans)
        for (start, end), raw in zip(seg.word_spans, seg.raw_words):
            assert text[start:end] == raw
            assert seg.start <= start <= end <= seg.end
        for redirect in seg.redirects:
            assert text[redirect.start:redirect.end] == redirect.raw
        for index in seg.groups:
            assert seg.index in parse.groups[index].segments


@SETTINGS
@given(hostile)
def test_reader_never_raises_and_offsets_match(text):
    parse = shell.parse(text)
    assert parse.confident == (not parse.reasons)
    assert parse.text == text
    if parse.confident:
        _check_offsets(text, parse)


@SETTINGS
@given(hostile)
def test_catalog_masking_and_rewrite_never_raise(text):
    parse = shell.parse(text)
    runs = _find_runs(parse)
    for run in runs:
        mask = masking.analyze(parse, run)
        assert isinstance(mask.reasons, list)
        unwrapped.visibility(mask, text)
    actual = [r for r in runs if getattr(r, "not_run", None) is None]
    ids = ["r-%04d" % i for i in range(len(actual))]
    logs = ["/tmp/sg/%s.log" % rid for rid in ids]
    wrapped, reason = rewrite.wrap(parse, actual, ids, logs, 40)
    assert (wrapped is None) != (reason is None)
    if wrapped is not None:
        again = shell.parse(wrapped)
        assert again.confident, (text, wrapped, again.reasons)
        assert len(rewrite.find_markers(wrapped)) == 0


@SETTINGS
@given(st.text(max_size=60))
def test_quote_round_trips(value):
    value = value.replace("\x00", "")
    parse = shell.parse("echo " + shell.quote(value))
    assert parse.confident
    assert parse.segments[0].words == ["echo", value]


@SETTINGS
@given(st.lists(st.sampled_from(["pytest -q", "npm test", "make test"]), min_size=1, max_size=4),
       st.lists(st.sampled_from(["&&", "||", ";", "\n"]), min_size=4, max_size=4),
       st.lists(st.sampled_from(["", " | tail -5", " 2>&1 | grep x", " | tee o.txt"]),
                min_size=4, max_size=4))
def test_rewrite_keeps_everything_outside_the_runs(runners, ops, pipes):
    parts = []
    for i, runner in enumerate(runners):
        parts.append(runner + pipes[i])
        parts.append(ops[i])
    text = " ".join(parts[:-1])
    parse = shell.parse(text)
    runs = [r for r in _find_runs(parse) if getattr(r, "not_run", None) is None]
    ids = ["r-%d" % i for i in range(len(runs))]
    wrapped, reason = rewrite.wrap(parse, runs, ids, ["/tmp/sg/%s.log" % i for i in ids], 40)
    assert reason is None
    again = shell.parse(wrapped)
    assert again.confident
    # between the wrappers the original text is untouched
    cursor = 0
    for run in runs:
        seg = parse.segments[run.segment_index]
        kept = text[cursor:seg.start]
        assert kept in wrapped
        followers = masking.analyze(parse, run).followers
        cursor = followers[-1].end if followers else seg.end
    assert text[cursor:] in wrapped
    assert wrapped.count("( { __sg_x=$-;") == len(runs)


@settings(max_examples=int(os.environ.get("SG_HYPOTHESIS_EXAMPLES", "400")) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(hostile)
@example("$[")                    # the old arithmetic form: found by this test, now read as bash does
@example('echo "$[1+2]" $[a[1]]')
def test_confident_parses_are_valid_bash(text):
    """Soundness of the confidence flag: what we read with certainty, bash accepts too."""
    bash = shutil.which("bash")
    if bash is None or "\x00" in text:
        return
    if not shell.parse(text).confident:
        return
    proc = subprocess.run([bash, "-n"], input=text.encode("utf-8", "surrogatepass"),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.returncode == 0, (text, proc.stderr)
