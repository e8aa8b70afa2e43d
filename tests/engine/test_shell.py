"""The shell reader: structure and exact offsets, never executing, never raising."""

import pytest

from stalegreen.engine.shell import parse, quote


def texts(p):
    return [s.text for s in p.segments]


def ops(p):
    return [s.op for s in p.segments]


@pytest.mark.parametrize("line, segments, operators", [
    ("pytest", ["pytest"], [None]),
    ("a && b || c ; d | e |& f & g\nh", list("abcdefgh"),
     ["&&", "||", ";", "|", "|&", "&", "\n", None]),
    ("cd sub && pytest -q 2>&1 | tail -5 && echo ok",
     ["cd sub", "pytest -q 2>&1", "tail -5", "echo ok"], ["&&", "|", "&&", None]),
    ("echo 'a && b' \"c | d\" && x", ["echo 'a && b' \"c | d\"", "x"], ["&&", None]),
    ("echo $(a && b; c | d) ; e", ["echo $(a && b; c | d)", "e"], [";", None]),
    ("echo `a | b` && c", ["echo `a | b`", "c"], ["&&", None]),
    ("echo ${x:-a;b} | c", ["echo ${x:-a;b}", "c"], ["|", None]),
    ("a;b", ["a", "b"], [";", None]),
    ("a\n\n\nb", ["a", "b"], ["\n", None]),
])
def test_segments_and_operators(line, segments, operators):
    p = parse(line)
    assert p.confident, p.reasons
    assert texts(p) == segments
    assert ops(p) == operators


def test_segment_text_is_the_exact_source_slice():
    line = "  FOO=1   npm  test  --  -k 'x y'   |   tail -n 5  "
    p = parse(line)
    for seg in p.segments:
        assert line[seg.start:seg.end] == seg.text
        assert seg.text == seg.text.strip()
    assert p.segments[0].assignments == ["FOO=1"]
    assert p.segments[0].words == ["npm", "test", "--", "-k", "x y"]
    assert p.segments[0].raw_words == ["npm", "test", "--", "-k", "'x y'"]
    for seg in p.segments:
        for (start, end), raw in zip(seg.word_spans, seg.raw_words):
            assert line[start:end] == raw


def test_quotes_are_removed_and_substitutions_kept_literally():
    p = parse("""echo "a\\"b" 'c'd $'e\\tf' "$(date)" `id` ${HOME}""")
    seg = p.segments[0]
    assert seg.words == ["echo", 'a"b', "cd", "e\tf", "$(date)", "`id`", "${HOME}"]
    assert seg.substitutions == ["date", "id"]


def test_nested_command_substitution():
    p = parse('echo "$(printf "%s" "$(echo ")")")" && pytest')
    assert p.confident, p.reasons
    assert texts(p)[-1] == "pytest"
    assert p.segments[0].substitutions == ['printf "%s" "$(echo ")")"']


@pytest.mark.parametrize("line, fd, op, target", [
    ("pytest 2>&1", 2, ">&", "1"),
    ("pytest >/dev/null", None, ">", "/dev/null"),
    ("pytest > out.log", None, ">", "out.log"),
    ("pytest >> out.log", None, ">>", "out.log"),
    ("pytest >| out.log", None, ">|", "out.log"),
    ("pytest &> all.log", None, "&>", "all.log"),
    ("pytest &>> all.log", None, "&>>", "all.log"),
    ("pytest 1> 'my file'", 1, ">", "my file"),
    ("pytest < in.txt", None, "<", "in.txt"),
    ("pytest <<< 'data'", None, "<<<", "data"),
    ("pytest 3<> rw", 3, "<>", "rw"),
    ("pytest 0<&-", 0, "<&", "-"),
])
def test_redirects(line, fd, op, target):
    p = parse(line)
    assert p.confident, p.reasons
    (redirect,) = p.segments[0].redirects
    assert (redirect.fd, redirect.op, redirect.target) == (fd, op, target)
    assert line.endswith(redirect.raw)
    assert p.segments[0].words == ["pytest"]


def test_digits_inside_a_word_are_not_an_fd():
    p = parse("echo a2>x")
    seg = p.segments[0]
    assert seg.words == ["echo", "a2"]
    assert seg.redirects[0].fd is None


def test_heredoc_bodies_are_data():
    line = "cat <<EOF > notes.txt && pytest\nrm -rf / ; pytest | tail\nEOF\nnpm test"
    p = parse(line)
    assert p.confident, p.reasons
    assert texts(p) == ["cat <<EOF > notes.txt", "pytest", "npm test"]
    assert p.segments[0].heredocs == ["rm -rf / ; pytest | tail\n"]
    assert "heredoc" in p.features


def test_heredoc_dash_and_quoted_delimiter():
    line = "cat <<-'END'\n\t$(not run)\n\tEND\necho after"
    p = parse(line)
    assert p.confident, p.reasons
    assert p.segments[0].redirects[0].op == "<<-"
    assert p.segments[0].redirects[0].target == "END"
    assert p.segments[0].redirects[0].target_quoted
    assert p.segments[0].heredocs == ["\t$(not run)\n"]
    assert texts(p) == ["cat <<-'END'", "echo after"]


def test_heredoc_inside_command_substitution():
    line = 'git commit -m "$(cat <<\'EOF\'\nfix ) paren\nEOF\n)" && pytest -q'
    p = parse(line)
    assert p.confident, p.reasons
    assert texts(p)[-1] == "pytest -q"
    assert "heredoc" not in p.features  # the body belongs to the substitution


def test_here_string_feature():
    p = parse("grep x <<< \"$out\"")
    assert "here-string" in p.features and "heredoc" not in p.features


def test_groups_are_flattened_with_depth_and_group_operator():
    p = parse("{ pytest; npm test; } 2>&1 | tail -5; (cd sub && make test) &")
    assert p.confident, p.reasons
    assert texts(p) == ["pytest", "npm test", "tail -5", "cd sub", "make test"]
    assert [s.depth for s in p.segments] == [1, 1, 0, 1, 1]
    brace, sub = p.groups
    assert (brace.kind, brace.op, [r.raw for r in brace.redirects]) == ("brace", "|", ["2>&1"])
    assert p.segments[2].pipeline == brace.pipeline
    assert (sub.kind, sub.op) == ("subshell", "&")
    assert {"grouping", "subshell", "background"} <= p.features
    assert p.segments[4].groups == (sub.index,)


def test_compound_commands():
    p = parse("if pytest; then echo ok; elif npm test; then :; else exit 1; fi\n"
              "for f in a b; do pytest $f; done\nwhile false; do :; done")
    assert p.confident, p.reasons
    assert texts(p) == ["pytest", "echo ok", "npm test", ":", "exit 1", "pytest $f", "false", ":"]
    assert p.segments[0].keywords == ["if"]
    assert p.segments[2].keywords == ["elif"]
    assert [g.kind for g in p.groups] == ["if", "for", "while"]


def test_case_statement():
    p = parse("case \"$1\" in\n  unit|u) pytest -q ;;\n  (*) npm test;;\nesac")
    assert p.confident, p.reasons
    assert texts(p) == ["pytest -q", "npm test"]
    assert "case" in p.features


def test_functions():
    p = parse("t() { pytest \"$@\"; }; function u { npm test; }; t -q")
    assert p.confident, p.reasons
    assert [g.function for g in p.groups] == ["t", "u"]
    assert texts(p) == ['pytest "$@"', "npm test", "t -q"]


def test_negation_covers_the_pipeline():
    p = parse("! pytest | tail -3; echo")
    assert [s.negated for s in p.segments] == [True, True, False]
    assert texts(p)[0] == "pytest"


def test_env_assignments_and_arrays():
    p = parse("CI=1 FOO='a b' arr=(1 2) pytest -q")
    assert p.segments[0].assignments == ["CI=1", "FOO=a b", "arr=(1 2)"]
    assert p.segments[0].words == ["pytest", "-q"]


def test_comments_and_line_continuations():
    p = parse("pytest \\\n  -q  # run | tail\nnpm test #x")
    assert p.confident
    assert p.segments[0].words == ["pytest", "-q"]
    assert texts(p) == ["pytest \\\n  -q", "npm test"]
    assert parse("echo a#b").segments[0].words == ["echo", "a#b"]


def test_double_brackets_and_arithmetic_do_not_split():
    p = parse("[[ -f a && -d b ]] && (( n > 1 )) && pytest")
    assert p.confident, p.reasons
    assert texts(p) == ["[[ -f a && -d b ]]", "(( n > 1 ))", "pytest"]


def test_process_substitution():
    p = parse("diff <(pytest) >(cat)")
    assert p.confident
    assert "process-substitution" in p.features
    assert p.segments[0].words == ["diff", "<(pytest)", ">(cat)"]


@pytest.mark.parametrize("line, reason", [
    ("echo 'x", "unbalanced single quote"),
    ('echo "x', "unbalanced double quote"),
    ("echo `x", "unbalanced backtick"),
    ("echo $(x", "unbalanced command substitution"),
    ("echo ${x", "unbalanced parameter expansion"),
    ("diff <(x", "unbalanced process substitution"),
    ("(pytest", "unbalanced parenthesis"),
    ("pytest)", "unbalanced parenthesis"),
    ("{ pytest;", "unbalanced brace"),
    ("cat <<", "unreadable heredoc delimiter"),
    ("cat <<EOF", "heredoc without body"),
    ("cat <<EOF\nbody", "unterminated heredoc"),
    ("pytest ;;", "case terminator"),
    ("pytest &&", "command ends with &&"),
    ("pytest |", "command ends with |"),
    ("&& pytest", "unexpected &&"),
    ("pytest >", "redirect without target"),
    ("if pytest; then echo", "unclosed if"),
])
def test_malformed_input_is_not_confident(line, reason):
    p = parse(line)
    assert not p.confident
    assert reason in p.reasons


def test_never_raises_on_odd_input():
    for bad in [None, b"pytest \xff", 12, "", "\x00", "$(" * 500, "(" * 2000, "`" * 999,
                "{ " * 300, "<<" * 100, "\\", "'" * 3, "case", "for", "function"]:
        p = parse(bad)
        assert isinstance(p.reasons, list)
        assert p.confident == (not p.reasons)


@pytest.mark.parametrize("raw, quoted", [
    ("", "''"),
    ("abc-1.2/x:y=z@%+,", "abc-1.2/x:y=z@%+,"),
    ("a b", "'a b'"),
    ("it's", "'it'\\''s'"),
    ("$HOME", "'$HOME'"),
    ("~", "'~'"),
])
def test_quote(raw, quoted):
    assert quote(raw) == quoted


def test_quote_round_trips_through_the_reader():
    for raw in ["", "a b", "it's", "$(x)", "`y`", "a\nb", "\\", '"']:
        assert parse("echo " + quote(raw)).segments[0].words == ["echo", raw]


def test_case_inside_command_substitution():
    p = parse("v=$(case $1 in a) echo A;; *) echo B;; esac) && pytest")
    assert p.confident, p.reasons
    assert texts(p) == ["v=$(case $1 in a) echo A;; *) echo B;; esac)", "pytest"]


@pytest.mark.parametrize("line, substitution, confident", [
    ("echo $$", False, True),                 # the shell's PID
    ('echo "$$(id)"', False, True),           # PID then the text "(id)": nothing runs
    ("echo $$$(id)", True, True),             # PID, then a real substitution
    ("echo $$`id`", True, True),
    ("$$[(]", False, False),                  # bash: syntax error near `]' (found by hypothesis)
    ("echo $$(id)", False, False),            # bash: syntax error near `('
])
def test_double_dollar_is_the_pid_not_the_start_of_an_expansion(line, substitution, confident):
    parsed = parse(line)
    assert ("command-substitution" in parsed.features) == substitution
    assert parsed.confident == confident
