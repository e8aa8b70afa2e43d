# -*- coding: utf-8 -*-
"""One runner vocabulary: claims name runners through the runner catalog, so every runner the
catalog knows (and every one added later) forms a claim of the catalog's category, in inline
code and in prose, in English and Chinese, with the catalog's scope flags."""

import os
import re

import pytest

from stalegreen.engine import catalog, claims, shell
from stalegreen.engine.lexicon import commands


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


def only(text):
    found = claims.extract(text).claims
    assert len(found) == 1, found
    return found[0]


# Catalog keys that are no program name: how a user spells the run they stand for.
SPELLED = {"python test script": "python3 test_app.py"}


def catalog_commands():
    """A sample command line for every runner in the catalog, with the run the catalog reads."""
    lines = []
    for key, entry in sorted(catalog.TOOLS.items()):
        key = SPELLED.get(key, key)
        if "sub" in entry:
            lines.extend("%s %s" % (key, sub) for sub in sorted(entry["sub"]))
            if entry.get("default") is not None:
                lines.append(key)
        elif "family" in entry:
            lines.extend("%s %s" % (key, target) for target in ("test", "lint", "build", "typecheck"))
        else:
            needs = entry.get("needs")
            lines.append(key + (" " + sorted(needs[0])[0] if needs else ""))
    found = []
    for line in lines:
        runs = catalog.find_runs(shell.parse(line))
        if len(runs) == 1 and runs[0].not_run is None:
            found.append((line, runs[0]))
    return found


CATALOG = catalog_commands()


def test_the_walk_covers_the_catalog():
    assert len(CATALOG) >= 150
    assert set(run.category for _, run in CATALOG) == set(catalog.CATEGORIES)


@pytest.mark.parametrize("line, run", CATALOG, ids=[line for line, _ in CATALOG])
def test_every_catalog_runner_in_code_is_claimable(line, run):
    for text in ("`%s` passes." % line, u"`%s` 通过了。" % line):
        claim = only(text)
        # a claim outside the test category is about the whole category (claims_en._scope); the gate
        # compares it with the receipt's scope (`pre-commit run`: the staged files only)
        scope = run.scope if run.category == "test" else "all"
        assert (claim["category"], claim["tool"], claim["scope"]) == (run.category, run.runner, scope), text


PROSE = sorted(name for name in commands.prose_names() if commands.classify_name(name))


@pytest.mark.parametrize("name", PROSE)
def test_every_prose_runner_name_is_claimable(name):
    category = commands.classify_name(name)[0]
    assert categories("%s passes." % name) == [category], name
    assert categories(u"%s 通过了。" % name) == [category], name


def test_prose_names_the_catalog_reads_as_no_run_claim_nothing():
    idle = sorted(name for name in commands.prose_names() if not commands.classify_name(name))
    assert len(idle) <= 5, idle               # `cargo make`, `docker compose`: tools that run other tools
    for name in idle:
        assert categories("%s passes." % name) == [], name


@pytest.mark.parametrize("text, expected", [
    # the examples
    ("`php artisan test` is green.", ["test"]),
    ("`node --test` passes.", ["test"]),
    ("`python manage.py test` passes.", ["test"]),
    ("`make test` OK.", ["test"]),
    ("`go test ./...` ok.", ["test"]),
    (u"Ran: `npm run lint && npm test` \u2014 both pass.", ["lint", "test"]),
    # new ones
    ("`composer test` passes.", ["test"]),
    ("`flow check` finds no errors.", ["typecheck"]),
    ("`sbt compile` succeeds.", ["build"]),
    ("`uv run pytest -q` passes.", ["test"]),
    ("`ruff check . && mypy src` both pass.", ["lint", "typecheck"]),
    ("All checks pass: `ruff`, `mypy`, and `pytest`.", ["lint", "test", "typecheck"]),
    (u"`php artisan test` 全部通过。", ["test"]),
    ("`git status` is clean.", []),
    ("`ls tests/` passes.", []),
])
def test_inline_commands_take_the_catalog_category(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("line, scope", [
    ("cargo test -p parser", "subset"),
    ("mvn -Dtest=FooTest test", "subset"),
    ("gradle test --tests FooTest", "subset"),
    ("ctest -R parser", "subset"),
    ("mix test --failed", "subset"),
    ("pytest -k parse", "subset"),
    ("pytest tests/test_parse.py", "subset"),
    ("go test ./...", "all"),
    ("pytest", "all"),
])
def test_scope_flags_are_the_catalogs(line, scope):
    assert catalog.find_runs(shell.parse(line))[0].scope == scope     # the catalog's reading ...
    assert only("`%s` passes." % line)["scope"] == scope              # ... is the claim's


def test_the_claimed_tool_is_the_runner_name_receipts_carry():
    assert only("`./gradlew test` passes.")["tool"] == "gradle test"
    assert only("`python -m pytest -q` passes.")["tool"] == "pytest"
    assert only("clippy is clean.")["tool"] == "cargo clippy"


def test_the_runner_word_check_covers_every_prose_runner_name():
    """``commands.might_name_runner`` decides without the catalog whether a sentence can name a
    runner; it must say yes for the first word of every prose name the catalog gives."""
    from stalegreen.engine import prefilter
    from stalegreen.engine.lexicon import commands

    missing = commands.prose_starts() - prefilter.RUNNER_WORDS - commands.EXTRA_PROSE_STARTS
    assert not missing, sorted(missing)
    for name in commands.prose_names():
        assert commands.might_name_runner(set(re.findall(r"[a-z0-9_]+", name))), name


def _modules_after(message):
    import subprocess
    import sys

    code = ("import sys; from stalegreen.engine import claims; r = claims.extract(sys.argv[1]); "
            "print(sorted(c['category'] for c in r.claims)); print(int('stalegreen.engine.catalog' in sys.modules))")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root)
    out = subprocess.run([sys.executable, "-c", code, message], stdout=subprocess.PIPE, env=env, check=True)
    found, catalog = out.stdout.decode().split("\n")[:2]
    return found, catalog == "1"


@pytest.mark.parametrize("message, found, catalog", [
    ("All 41 tests pass and lint is clean.", "['lint', 'test']", False),
    (u"测试全部通过，构建成功。", "['build', 'test']", False),
    ("pytest passes and clippy is clean.", "['lint', 'test']", True),
    ("`npm test` passes.", "['test']", True),
])
def test_the_catalog_is_imported_only_for_a_message_naming_a_runner(message, found, catalog):
    assert _modules_after(message) == (found, catalog)


# A command given several targets runs each: the claim about it is about every target's category
# (the catalog ranks one target first; each is classified as the catalog classifies it alone).
@pytest.mark.parametrize("text, expected", [
    ("`make typecheck lint` exits 0.", ["lint", "typecheck"]),
    ("`just build test` passes.", ["build", "test"]),
    ("`npx turbo run lint typecheck` is green.", ["lint", "typecheck"]),
    ("`yarn turbo run build test` succeeded.", ["build", "test"]),
    ("`nx run-many -t build,lint` succeeds.", ["build", "lint"]),
    ("`./gradlew assemble test` passes.", ["build", "test"]),
    ("`tox -e py312,lint` passes.", ["lint", "test"]),
    ("`nox -s typecheck` passes.", ["typecheck"]),
    ("`mvn -B verify` passes.", ["build", "test"]),
    (u"`make lint test` 都通过了。", ["lint", "test"]),
    (u"`tox -e py310,lint` 两个环境都成功了。", ["lint", "test"]),
])
def test_a_command_with_several_targets_claims_each(text, expected):
    assert categories(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("`./gradlew build -x test` succeeds.", ["build"]),             # a flag's value is no target
    ("`xcodebuild test -scheme Shop` passes.", ["test"]),
    ("`npm run lint test` passes.", ["lint"]),                       # a script takes one name
    ("`make -C services test` passes.", ["test"]),
    ("`tox -e docs-linkcheck` passes.", ["build"]),                # one environment, named for the docs build
])
def test_flag_values_and_script_arguments_are_no_targets(text, expected):
    assert categories(text) == expected


# Test classes and methods of the xUnit families are test identifiers: a pass of one is a subset
# test claim, and an exception naming one leaves "everything" meaning the tests.
@pytest.mark.parametrize("text, expected", [
    ("`OrderServiceTest#refund` passes.", [("test", "subset")]),
    ("`CheckoutTests.testApplePay` passes now.", [("test", "subset")]),
    ("Everything passes apart from `SyncTests.testOfflineQueue`.", [("test", "subset")]),
    ("Everything is green except `Tests\\Feature\\ExportTest`.", [("test", "subset")]),
    ("`PaymentGatewayTest` is green.", [("test", "subset")]),
])
def test_xunit_test_names_are_test_identifiers(text, expected):
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text, expected", [
    ("`clippy` \u2192 no warnings", ["lint"]),
    ("`credo` is clean.", ["lint"]),
    ("`biome check .` finished: no fixes needed.", ["lint"]),
    ("`ruff format --check` reports no changes needed.", ["lint"]),
    ("`golangci-lint` is green.", ["lint"]),
])
def test_a_runner_named_alone_in_code_and_formatters_with_nothing_to_fix(text, expected):
    assert categories(text) == expected


# ---- a runner named in prose with its arguments: the catalog reads their scope; a path's "/..."
# ends no sentence
@pytest.mark.parametrize("text, expected", [
    ("go test ./... ok across 23 packages.", [("test", "all")]),
    ("go test ./... passes.", [("test", "all")]),
    ("golangci-lint run: no issues. go test ./... ok across 23 packages.", [("lint", "all"), ("test", "all")]),
    ("pytest tests/unit passes.", [("test", "subset")]),
    ("cargo test -p core passes.", [("test", "subset")]),
    ("go test ./pkg/... passes.", [("test", "subset")]),
])
def test_a_prose_runner_with_arguments_takes_the_catalogs_scope(text, expected):
    assert sorted((c["category"], c["scope"]) for c in claims.extract(text).claims) == expected


@pytest.mark.parametrize("text, expected", [
    ("webpack compiled with 2 warnings (bundle size). No errors.", ["build"]),
    ("The Dockerfile builds successfully (`docker build -t api:dev .`), and the app starts.", ["build"]),
    ("The Dockerfile builds.", ["build"]),
    ("webpack compiled with 2 warnings and 1 error.", []),
    ("webpack compiled with 1 error.", []),
    (u"- [x] \u4ee3\u7801\u98ce\u683c", ["lint"]),
    (u"\u4ee3\u7801\u98ce\u683c\u6ca1\u95ee\u9898\u3002", ["lint"]),
    (u"`ninja test` \u91cc catch2 \u7684 1,024 \u4e2a\u65ad\u8a00\u5168\u90e8\u901a\u8fc7\u3002", ["test"]),
    (u"\u65ad\u8a00\u5931\u8d25\u4e86 2 \u4e2a\u3002", []),
])
def test_more_subjects_and_predicates(text, expected):
    assert categories(text) == expected


# ---- a bare compile word right after a type checker's run is that run's result
@pytest.mark.parametrize("text, expected", [
    (u"\u5df2\u8dd1 `cargo check`\uff0c\u7f16\u8bd1\u65e0\u8bef\u3002", ["typecheck"]),
    (u"\u8dd1\u4e86 `tsc --noEmit`\uff0c\u7f16\u8bd1\u901a\u8fc7\u3002", ["typecheck"]),
    ("Ran `tsc --noEmit`: compiles without errors.", ["typecheck"]),
    ("Ran `cargo check`: it compiles cleanly.", ["typecheck"]),
    (u"\u5df2\u8dd1 `ninja -C build`\uff0c\u7f16\u8bd1\u65e0\u8bef\u3002", ["build"]),
    ("`mypy` is clean and the code compiles.", ["build", "typecheck"]),
    ("`tsc --noEmit` passes; the build compiles too.", ["build", "typecheck"]),
    (u"\u7f16\u8bd1 \u2705 \u7c7b\u578b\u68c0\u67e5 \u274c\uff08`tsc` \u62a5 2 \u5904\uff09\u5355\u6d4b \u2705", ["build", "test"]),
])
def test_a_compile_word_after_a_typecheck_run_is_its_result(text, expected):
    assert categories(text) == expected


def _build_of(tool):
    """The catalog's build run of a build system: the tool alone, or its build/compile target."""
    for line in (tool, tool + " build", tool + " compile", tool + " --build ."):
        runs = commands.classify_code(line)
        if runs and runs[0][0] == "build":
            return runs[0]
    return None


@pytest.mark.parametrize("tool", sorted(catalog.BUILD_SYSTEMS))
def test_every_build_system_is_a_catalog_tool_whose_build_is_a_build_run(tool):
    assert tool in catalog.TOOLS and _build_of(tool), tool


def test_every_alias_of_a_build_system_names_one():
    assert set(commands.BUILD_SYSTEM_ALIASES.values()) <= catalog.BUILD_SYSTEMS


@pytest.mark.parametrize("name", sorted(commands.builders()))
def test_a_build_system_or_compiler_named_alone_claims_the_build(name):
    """One rule for every name the catalog marks (and its aliases and the compilers): a build
    system added to ``catalog.BUILD_SYSTEMS`` is claimable alone with no other edit."""
    for text in ("%s is happy now." % name, "%s succeeds." % name.capitalize(), "%s compiles it without warnings." % name):
        assert [c["category"] for c in claims.extract(text).claims] == ["build"], text
    for text in ("%s was slow to install." % name, "Is %s happy?" % name, "%s should succeed once the SDK is back." % name):
        assert not [c for c in claims.extract(text).claims if c["category"] == "build"], text


def test_a_tool_that_also_manages_packages_is_no_build_named_alone():
    """Poetry, npm and docker build too, but their name alone is about something else."""
    for text in ("Poetry is happy with the lock file.", "npm is happy again after the cache clean.",
                 "Docker is fine now that the daemon restarted."):
        assert claims.extract(text).claims == [], text
