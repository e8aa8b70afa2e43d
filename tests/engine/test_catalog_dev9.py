"""Catalog causes found on the dev9 command set (written blind 2026-12-02): build tools running
tasks of several categories, a typecheck of one package's project file, and the `test -z
"$(gofmt -l .)"` idiom. Each group holds the set's line and lines of the helper's own."""

import pytest

from stalegreen.engine import catalog, masking, prefilter, shell

BASE = "/w"


def found(command):
    return [r for r in catalog.find_runs(shell.parse(command), None, BASE) if r.not_run is None]


@pytest.mark.parametrize("command, runner, category, scope, also", [
    ("sbt scalafmtCheckAll compile", "sbt scalafmtCheckAll", "lint", "all", ("build",)),       # c9-169
    ("./gradlew spotlessCheck test --tests '*Repository*'", "gradle test", "test", "subset", ("lint",)),  # c9-216
    ("sbt clean compile test", "sbt test", "test", "all", ("build",)),
    ('sbt "scalafixAll --check" core/test', "sbt test", "test", "subset", ("lint",)),
    ("sbt core/test test", "sbt test", "test", "all", ()),
    ('sbt "testOnly com.acme.UserSpec"', "sbt test", "test", "subset", ()),
    ("./gradlew ktlintCheck assemble", "gradle ktlintCheck", "lint", "all", ("build",)),
    ("gradle clean build", "gradle build", "build", "all", ()),
    ("./gradlew :api:test checkstyleMain", "gradle test", "test", "subset", ("lint",)),
])
def test_build_tool_tasks_of_several_categories_are_each_named(command, runner, category, scope, also):
    """`sbt scalafmtCheckAll compile`, `gradle spotlessCheck test`: one run, its category the first
    by priority, the others in ``also`` (one receipt per category, docs/VERDICTS.md rule 14b)."""
    assert [(r.runner, r.category, r.scope, r.also) for r in found(command)] == [(runner, category, scope, also)]


@pytest.mark.parametrize("command, scope", [
    ("npx tsc --noEmit -p packages/server/tsconfig.json 2>&1 | head -50", "subset"),       # c9-052
    ("tsc --project=apps/web", "subset"),
    ("tsc -p ./packages/api/", "subset"),
    ("vue-tsc --noEmit -p packages/ui/tsconfig.app.json", "subset"),
    ("tsc -p tsconfig.build.json", "all"),          # another configuration of the whole project
    ("tsc -p src/tsconfig.json", "all"),            # one level down: the project's own sources
    ("tsc -p .", "all"),
])
def test_a_typecheck_of_one_packages_project_is_a_subset(command, scope):
    """`tsc -p packages/server/tsconfig.json` checks one package of a monorepo, as a path two
    levels down narrows any run (argv.is_narrowing_path)."""
    assert [(r.category, r.scope) for r in found(command)] == [("typecheck", scope)]


@pytest.mark.parametrize("command, runs", [
    ('test -z "$(gofmt -l .)"', [("gofmt", "lint", None)]),                                # c9-095
    ('[ -z "$(gofmt -l . | tee /dev/stderr)" ]', [("gofmt", "lint", None)]),
    ("[[ -z $(goimports -l ./...) ]]", [("goimports", "lint", None)]),
    ('cd svc && test -z "`gofmt -l .`" && go vet ./...', [("gofmt", "lint", "svc"), ("go vet", "lint", "svc")]),
    ('test -z "$(cd web && gofmt -l .)" && go vet ./...', [("gofmt", "lint", "web"), ("go vet", "lint", None)]),
    # the opposite test, a missing bracket, an echo: no check whose exit the line gives
    ('test -n "$(gofmt -l .)"', []),
    ('[ -z "$(gofmt -l .)"', []),
    ('echo "$(gofmt -l .)"', []),
    ('test -z "$(git status --porcelain)"', []),
])
def test_a_test_that_a_checks_output_is_empty_is_the_check(command, runs):
    """`test -z "$(gofmt -l .)"` fails when gofmt lists a file (gofmt itself exits 0): the line is
    the check and its exit status the verdict, so the run is the test's own segment, not nested."""
    got = found(command)
    assert [(r.runner, r.category, r.cd) for r in got] == runs
    assert all(not r.nested and not masking.analyze(shell.parse(command), r).masked for r in got)
    if runs:
        assert prefilter.might_contain_runner(command)
        assert shell.parse(command).segments[got[0].segment_index].words[0] in ("test", "[", "[[", "cd")
