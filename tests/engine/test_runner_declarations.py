"""A runner is one declaration: the catalog, the output judge, attribution and the claims
vocabulary all read it, so nothing may be declared for one of them that the others lack.

The declaration is an ``R(...)`` spec in ``catalog/table.py`` (names, category, scope flags,
not-a-run flags, ``prints``: the output formats it prints); a format is its rows (and header) in
``catalog/formats.py``. These tests fail when the pieces drift apart, and the last one adds a
runner the way docs/ARCHITECTURE.md ("Adding a runner") says and follows it through every reader.
"""

import pytest

from stalegreen.engine import attribution, claims, claims_grammar, outputs, prefilter, shell
from stalegreen.engine.catalog import CATEGORIES, find_runs, formats, table
from stalegreen.engine.catalog.argv import runner_specs
from stalegreen.engine.lexicon import commands

# A command line per runner a family reader names without a spec: each must still produce it.
READER_EXAMPLES = {
    "unittest": "python -m unittest", "mvn test": "mvn test", "gradle test": "./gradlew test",
    "sbt test": "sbt test", "xcodebuild test": "xcodebuild test -scheme App", "rake test": "rake test",
    "bun test": "bun test", "deno test": "deno test", "deno check": "deno check main.ts", "deno lint": "deno lint", "deno fmt": "deno fmt --check",
    "mvn checkstyle:check": "mvn checkstyle:check", "mvn spotbugs:check": "mvn spotbugs:check",
    "cmake --build": "cmake --build build", "turbo": "turbo run build",
    "nx": "nx run-many -t test", "ant": "ant test", "clojure": "clojure -M:test",
    "R test": "Rscript -e 'devtools::test()'", "R CMD check": "R CMD check pkg_1.0.tar.gz",
    "julia test": "julia --project -e 'using Pkg; Pkg.test()'",
    "pants test": "pants test ::", "pants lint": "pants lint ::", "pants check": "pants check ::",
    "pants package": "pants package ::", "msbuild": "msbuild App.sln", "msbuild test": "msbuild -t:VSTest",
    "mill test": "mill __.test",
}
# Runner names that are no command line of their own (a claim names them another way).
NOT_A_COMMAND = {"python test script": "a script under tests/ run by python",
                 "karma": "karma runs as `karma start`"}


def _declared():
    """(name, prints, category) for every declaration: the specs and the reader-named runners."""
    found = [(spec["name"], spec["prints"], spec["category"]) for spec in runner_specs()
             if spec["name"] and not spec.get("always")]
    return found + [(name, prints, None) for name, prints in table.READER_PRINTS.items()]


def _format_rows():
    return [row for rows in list(formats.SIGNALS.values()) + [formats.ANY_CATEGORY] for row in rows]


FORMATS = set(row[2] for row in _format_rows()) - {table.ANY}


def test_every_format_a_runner_prints_is_declared():
    unknown = [(name, f) for name, prints, _ in _declared() for f in prints or () if f != table.ANY and
               f not in FORMATS]
    assert unknown == [], "declare the format's rows in catalog/formats.py"


def test_every_format_is_printed_by_some_runner():
    printed = set(f for _name, prints, _ in _declared() for f in prints or ())
    assert sorted(FORMATS - printed) == [], "no runner declares prints= for these formats"


def test_every_header_belongs_to_a_format_some_runner_is_judged_by():
    assert set(formats.HEADERS) <= FORMATS
    scoped = set(f for name, _prints, _ in _declared() for f in outputs.runner_families(name) or ())
    assert sorted(set(formats.HEADERS) - scoped) == [], "a header no runner's output is cut at"


def test_declarations_of_one_runner_name_agree():
    seen = {}
    for name, prints, category in _declared():
        earlier = seen.setdefault(name, (prints, category))
        assert earlier[0] == prints, (name, earlier[0], prints)


def test_every_test_runner_says_what_it_prints():
    """A test run passes only on its runner's own summary: a test runner must name its formats
    (or ``ANY`` when it runs other runners or prints a generic summary)."""
    silent = sorted(name for name, prints, category in _declared() if category == "test" and prints is None)
    assert silent == []


def test_reader_named_runners_are_what_the_readers_produce():
    assert set(READER_EXAMPLES) == set(table.READER_PRINTS), "give each READER_PRINTS entry an example"
    for name, line in READER_EXAMPLES.items():
        runs = find_runs(shell.parse(line))
        assert len(runs) == 1, line
        words = runs[0].runner.split()
        assert name in (runs[0].runner, " ".join(words[:2]), words[0]), (line, runs[0].runner)


def test_signal_ids_name_one_row_format_and_the_side_tables_name_rows():
    owner = {}
    for sid, kind, family, _pattern in _format_rows():
        assert owner.setdefault(sid, (kind, family)) == (kind, family), sid
    assert set(formats.NEEDLE_OVERRIDES) <= set(owner)
    assert set(formats.TRUSTED_THROUGH_FILTER) <= set(owner)


def test_every_declared_runner_is_claimable_by_its_name():
    """The claims vocabulary reads the catalog: a runner's name in inline code is a claim subject."""
    unclaimable = []
    for name, _prints, category in _declared():
        if category not in CATEGORIES or name in NOT_A_COMMAND:
            continue
        found = commands.classify_code(name) or commands.classify_code(name + " run")
        if not any(c == category for c, _runner, _scope in found):
            unclaimable.append(name)
    assert unclaimable == []


def test_the_judge_reads_the_declarations():
    assert outputs.runner_families("pytest") == ("pytest",)
    assert outputs.runner_families("cargo nextest") == ("nextest", "cargo")
    assert outputs.runner_families("gradle test") == ("gradle",)            # a reader-named runner
    assert outputs.runner_families("astro build") is None                   # ANY: every build format
    assert outputs.runner_families("npm run test") is None                  # a package script
    assert outputs.runner_families("vue-tsc") == ("tsc",)                   # copied from tsc's spec


# ------------------------------------------------------------------ adding a runner


@pytest.fixture
def zapcheck(monkeypatch):
    """The steps of docs/ARCHITECTURE.md "Adding a runner", for a runner that does not exist:
    one ``TOOLS`` entry with ``prints``, the format's rows and header, the prefilter word."""
    spec = table.R("zapcheck", "test", subset=("--only",), values=("--only", "--seed"),
                   flags={"--list": "list"}, quiet=("--terse",), prints=("zapcheck",))
    monkeypatch.setitem(table.TOOLS, "zapcheck", spec)
    rows = [
        ("zapcheck-failed", "F", "zapcheck", r"^zapcheck: " + formats._N + r" of \d+ broken$"),
        ("zapcheck-passed", "P", "zapcheck", r"^zapcheck: all " + formats._N + r" green$"),
        ("zapcheck-none", "N", "zapcheck", r"^zapcheck: nothing to check$"),
    ]
    monkeypatch.setattr(formats, "SIGNALS", dict(formats.SIGNALS, test=rows + formats.TEST))
    monkeypatch.setitem(formats.HEADERS, "zapcheck", r"^zapcheck v\d")
    words = prefilter.RUNNER_WORDS | {"zapcheck"}
    monkeypatch.setattr(prefilter, "RUNNER_WORDS", words)
    monkeypatch.setattr(commands, "_RUNNER_WORDS", words)      # its copy of the same table
    # what the readers built from the declarations before this one existed
    for module, names in ((outputs, ("_compiled", "_printed", "_row_formats")), (commands, ("_prose", "_cache"))):
        for name in names:
            monkeypatch.setattr(module, name, {})
    monkeypatch.setattr(commands, "_starts", [])
    monkeypatch.setattr(claims_grammar, "_GRAMMAR", None)
    return spec


def test_a_new_runner_is_classified(zapcheck):
    assert prefilter.might_contain_runner("cd api && zapcheck --only parser")
    run, = find_runs(shell.parse("cd api && zapcheck --seed 3 --only parser --terse"))
    assert (run.runner, run.category, run.scope, run.quiet, run.not_run) == ("zapcheck", "test", "subset", True,
                                                                              None)
    run, = find_runs(shell.parse("npx zapcheck --seed 3"))
    assert (run.runner, run.scope) == ("zapcheck", "all")
    assert find_runs(shell.parse("zapcheck --list"))[0].not_run == "list"
    assert find_runs(shell.parse("zapcheck --help"))[0].not_run == "help"


def test_a_new_runner_is_judged_on_its_own_format(zapcheck):
    passed = outputs.judge("test", "zapcheck v2\nzapcheck: all 12 green\n", 0, runner="zapcheck")
    assert (passed["verdict"], passed["signal"]) == ("pass", "zapcheck-passed")
    failed = outputs.judge("test", "zapcheck v2\nzapcheck: 2 of 12 broken\n", None, runner="zapcheck")
    assert (failed["verdict"], failed["signal"]) == ("fail", "zapcheck-failed")
    empty = outputs.judge("test", "zapcheck: nothing to check\n", 0, runner="zapcheck")
    assert (empty["verdict"], empty["signal"]) == ("inconclusive", "zapcheck-none")
    # another format's failure line is not this runner's: its summary stands
    mixed = outputs.judge("test", "FAILED tests/test_a.py::test_x\nzapcheck: all 3 green\n", 0, runner="zapcheck")
    assert mixed["verdict"] == "pass"
    # and its rows are not read for a runner of another format
    other = outputs.judge("test", "zapcheck: 2 of 12 broken\n", 0, runner="pytest")
    assert other["signal"] != "zapcheck-failed"


def test_a_new_runner_is_attributed_its_part_of_a_shared_output(zapcheck):
    parse = shell.parse("pytest -q; zapcheck")
    runs = find_runs(parse)
    output = "...\n3 passed in 0.01s\nzapcheck v2\nzapcheck: 1 of 4 broken\n"
    pytest_part, zapcheck_part = attribution.split(parse, runs, output)
    assert zapcheck_part == "zapcheck v2\nzapcheck: 1 of 4 broken\n"
    assert "zapcheck" not in pytest_part
    assert outputs.judge("test", pytest_part, None, runner="pytest")["verdict"] == "pass"
    assert outputs.judge("test", zapcheck_part, None, runner="zapcheck")["verdict"] == "fail"


def test_a_new_runner_is_claimable(zapcheck):
    for message in ("`zapcheck` passes.", "zapcheck is green.", "I ran `zapcheck --only parser`: all green."):
        found = claims.extract(message).claims
        assert [c["category"] for c in found] == ["test"], message
    assert commands.classify_name("zapcheck") == ("test", "zapcheck", "all")
    assert commands.classify_code("zapcheck --only parser") == [("test", "zapcheck", "subset")]
