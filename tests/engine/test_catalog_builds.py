# -*- coding: utf-8 -*-
"""Runners the catalog lacked (found by walking a list of build systems, linters and test runners
through the hook's reading and the claims reader): Pants, MSBuild and mill (``catalog.builds``),
sbt's format checks, and the linters and test runners declared in ``catalog.table``. Each line is
read as PreToolUse reads it (prefilter, shell parse, ``find_runs``) and as the claims reader reads
"`<line>` passes." / "`<line>` 通过了。"."""

import pytest

from stalegreen.engine import catalog, claims, prefilter, shell
from stalegreen.engine.lexicon import commands

BASE = "/w"


def _runs(command):
    assert prefilter.might_contain_runner(command), command
    return [(r.runner, r.category, r.scope, r.not_run) for r in catalog.find_runs(shell.parse(command), None, BASE)]


def _claims(text):
    return [(c["category"], c["tool"], c["scope"]) for c in claims.extract(text).claims]


# (command, runner, category, scope, not_run); runner None: no run at all
BUILDS = [
    # ---- Pants: goals give the category (tests first), `::` is the whole repository
    ("pants test ::", "pants test", "test", "all", None),
    ("./pants test ::", "pants test", "test", "all", None),
    ("pants lint ::", "pants lint", "lint", "all", None),
    ("pants check ::", "pants check", "typecheck", "all", None),
    ("pants package ::", "pants package", "build", "all", None),
    ("pants test //::", "pants test", "test", "all", None),
    ("pants fmt lint check test ::", "pants test", "test", "all", None),
    ("pants test src/python/app::", "pants test", "test", "subset", None),
    ("pants test src/python/app/util_test.py", "pants test", "test", "subset", None),
    ("pants test src/python/app:tests", "pants test", "test", "subset", None),
    ("pants --changed-since=origin/main test", "pants test", "test", "subset", None),
    ("pants --changed-since=HEAD --changed-dependents=transitive test ::", "pants test", "test", "subset", None),
    ("pants test :: -src/python/legacy::", "pants test", "test", "subset", None),
    ("pants test :: -- -k parse", "pants test", "test", "subset", None),
    ("pants test :: -- -vv", "pants test", "test", "all", None),
    ("pants lint --only=flake8 ::", "pants lint", "lint", "subset", None),
    ("pants test", "pants test", "test", "subset", "other"),       # no spec: no target is matched
    ("pants fmt ::", "pants fmt", "lint", "all", "format"),
    ("pants fix ::", "pants fmt", "lint", "all", "format"),
    ("pants --version", "pants", "test", "all", "help"),
    ("pants help test", "pants", "test", "all", "help"),
    ("pants tailor ::", None, None, None, None),
    ("pants run src/python/app:main", None, None, None, None),
    ("pants list ::", None, None, None, None),
    # ---- MSBuild: targets as make targets; none is the default target, a build
    ("msbuild App.sln", "msbuild", "build", "all", None),
    ("msbuild", "msbuild", "build", "all", None),
    ("msbuild /t:Build", "msbuild", "build", "all", None),
    ("msbuild -t:Rebuild -p:Configuration=Release", "msbuild", "build", "all", None),
    ("msbuild App.sln '/t:Clean;Build' /m", "msbuild", "build", "all", None),
    ("msbuild /T:Test", "msbuild test", "test", "all", None),
    ("msbuild -target:VSTest Tests.csproj", "msbuild test", "test", "all", None),
    ("msbuild -restore -t:Build,VSTest", "msbuild test", "test", "all", None),
    ("dotnet msbuild /t:Build", "msbuild", "build", "all", None),
    ("dotnet msbuild -t:VSTest", "msbuild test", "test", "all", None),
    ("msbuild /t:Restore", None, None, None, None),
    ("msbuild -t:Clean", None, None, None, None),
    ("msbuild -version", "msbuild", "build", "all", "help"),
    ("msbuild /?", "msbuild", "build", "all", "help"),
    ("msbuild -pp:out.xml", "msbuild", "build", "all", "help"),
    # ---- mill: the last segment of a task path; a module other than a wildcard is a part
    ("mill __.test", "mill test", "test", "all", None),
    ("./mill __.test", "mill test", "test", "all", None),
    ("mill -i _.test", "mill test", "test", "all", None),
    ("mill --jobs 4 __.test", "mill test", "test", "all", None),
    ("mill app.test", "mill test", "test", "subset", None),
    ("mill app[2.13.8].test", "mill test", "test", "subset", None),
    ("mill app.test.testOnly app.ParserTests", "mill test", "test", "subset", None),
    ("mill __.compile", "mill compile", "build", "all", None),
    ("mill __.compile + __.test", "mill test", "test", "all", None),
    ("mill __.checkFormat", "mill checkFormat", "lint", "all", None),
    ("mill -w __.test", "mill test", "test", "all", "watch"),
    ("mill __.reformat", "mill", "lint", "all", "format"),
    ("mill resolve __.test", None, None, None, None),
    ("mill clean", None, None, None, None),
    # ---- sbt: format checks are lint; `scalafmt` rewrites
    ("sbt scalafmtCheck", "sbt scalafmtCheck", "lint", "all", None),
    ("sbt scalafmtCheckAll scalafmtSbtCheck", "sbt scalafmtCheckAll", "lint", "all", None),
    ("sbt \"scalafixAll --check\"", "sbt scalafixAll", "lint", "all", None),
    ("sbt scalafmtCheckAll test", "sbt test", "test", "all", None),
    ("sbt scalafmt", None, None, None, None),
    ("sbt scalafixAll", None, None, None, None),
    ("sbt +test", "sbt test", "test", "all", None),                  # every cross-built Scala version
    ("sbt core/test", "sbt test", "test", "subset", None),           # one project's tests
    ("sbt core/testOnly app.ParserSpec", "sbt test", "test", "subset", None),
    # ---- dune aliases
    ("dune build", "dune build", "build", "all", None),
    ("dune build @runtest", "dune test", "test", "all", None),
    ("dune build @@runtest", "dune test", "test", "all", None),
    ("dune build @src/parser/runtest", "dune test", "test", "subset", None),
    ("dune build @fmt", "dune build @fmt", "lint", "all", None),
    ("dune build @fmt --auto-promote", "dune build @fmt", "lint", "all", "format"),
    ("dune build @runtest @fmt", "dune test", "test", "all", None),
    ("dune build -w @runtest", "dune test", "test", "all", "watch"),
    ("dune fmt", "dune build @fmt", "lint", "all", "format"),
    # ---- xcodebuild: `clean` alone builds nothing; -skip-testing leaves tests out
    ("xcodebuild clean -scheme App", None, None, None, None),
    ("xcodebuild clean build -scheme App", "xcodebuild", "build", "all", None),
    ("xcodebuild test -scheme App -skip-testing:AppUITests", "xcodebuild test", "test", "subset", None),
    ("MSBuild.exe App.sln /t:Build", "msbuild", "build", "all", None),
    ("msbuild.exe App.sln", "msbuild", "build", "all", None),
]



# (command, runner, category, scope, not_run)
TOOLS = [
    # formatters: a check only with their check flag; a linter's own fix flag rewrites files
    ("dprint check", "dprint check", "lint", "all", None),
    ("dprint check src/app.ts", "dprint check", "lint", "subset", None),
    ("dprint fmt", "dprint check", "lint", "all", "format"),
    ("terraform validate", "terraform validate", "lint", "all", None),
    ("terraform -chdir=infra validate", "terraform validate", "lint", "all", None),
    ("terraform fmt -check", "terraform fmt", "lint", "all", None),
    ("terraform fmt -check -recursive", "terraform fmt", "lint", "all", None),
    ("terraform fmt -check modules/vpc", "terraform fmt", "lint", "subset", None),
    ("terraform fmt", "terraform fmt", "lint", "all", "format"),
    ("tofu validate", "tofu validate", "lint", "all", None),
    ("tofu fmt -check", "tofu fmt", "lint", "all", None),
    ("terraform plan", None, None, None, None),
    ("terraform apply -auto-approve", None, None, None, None),
    ("helm lint ./chart", "helm lint", "lint", "all", None),
    ("helm lint charts/api --strict", "helm lint", "lint", "subset", None),
    ("helm template ./chart", None, None, None, None),
    ("helm install app ./chart", None, None, None, None),
    ("cspell \"**/*.md\"", "cspell", "lint", "all", None),
    ("npx cspell lint --no-progress .", "cspell", "lint", "all", None),
    ("cspell docs/guide.md", "cspell", "lint", "subset", None),
    ("cspell trace word", "cspell", "lint", "all", "other"),
    ("typos", "typos", "lint", "all", None),
    ("typos -w", "typos", "lint", "all", "format"),
    ("typos --write-changes", "typos", "lint", "all", "format"),
    ("typos --files", "typos", "lint", "all", "list"),
    ("vale docs/", "vale", "lint", "all", None),
    ("vale sync", "vale", "lint", "all", "other"),
    ("semgrep --config auto", "semgrep", "lint", "all", None),
    ("semgrep scan --config p/python --error", "semgrep", "lint", "all", None),
    ("semgrep ci", "semgrep", "lint", "all", None),
    ("semgrep --config auto --autofix", "semgrep", "lint", "all", "format"),
    ("semgrep login", None, None, None, None),
    ("checkstyle -c config/checkstyle.xml src", "checkstyle", "lint", "all", None),
    ("pmd check -d src/main/java -R rulesets/java/quickstart.xml -f text", "pmd", "lint", "all", None),
    ("pmd -d src -R rulesets/java/quickstart.xml", "pmd", "lint", "all", None),
    ("pmd cpd --minimum-tokens 100 -d src", "pmd cpd", "lint", "all", None),
    ("pmd designer", None, None, None, None),
    ("spotbugs -textui build/classes/java/main", "spotbugs", "lint", "all", None),
    ("spotbugs -gui", "spotbugs", "lint", "all", "other"),
    # test runners
    ("wdio run wdio.conf.js", "wdio", "test", "all", None),
    ("npx wdio run ./wdio.conf.ts", "wdio", "test", "all", None),
    ("wdio wdio.conf.js", "wdio", "test", "all", None),
    ("npx wdio run wdio.conf.js --spec ./test/specs/login.e2e.js", "wdio", "test", "subset", None),
    ("wdio run wdio.conf.js --suite smoke", "wdio", "test", "subset", None),
    ("wdio config", None, None, None, None),
    ("buck2 test //...", "buck2 test", "test", "all", None),
    ("buck2 test //app:tests", "buck2 test", "test", "subset", None),
    ("buck2 build //...", "buck2 build", "build", "all", None),
    ("cabal test all", "cabal test", "test", "all", None),
    ("cabal test parser-tests", "cabal test", "test", "subset", None),
    ("cabal test --test-options='--match Parser'", "cabal test", "test", "subset", None),
    ("stack test --ta '--match \"/Parser/\"'", "stack test", "test", "subset", None),     # dev6 c-d209
    ("stack test --fast", "stack test", "test", "all", None),
    ("dotnet test tests/Api.Tests/Api.Tests.csproj --no-build", "dotnet test", "test", "subset", None),  # c-d176
    ("dotnet test App.sln", "dotnet test", "test", "all", None),
    ("dotnet test ./App.sln --no-restore", "dotnet test", "test", "all", None),
    ("npx karma start karma.conf.js --single-run", "karma", "test", "all", None),   # the positional is its config
    ("run-clang-tidy -p build", "run-clang-tidy", "lint", "all", None),
    ("run-clang-tidy -p build -fix", "run-clang-tidy", "lint", "all", "format"),
    # round 7: formatters, linters and test runners of more languages (Rust, Lua, Haskell, Perl,
    # Elm, Crystal, Zig, Nim, Racket) that agents name in their summaries
    ("rustfmt --check src/main.rs", "rustfmt", "lint", "subset", None),
    ("rustfmt --edition 2021 --check src/lib.rs", "rustfmt", "lint", "subset", None),
    ("rustfmt src/main.rs", "rustfmt", "lint", "subset", "format"),
    ("stylua --check .", "stylua", "lint", "all", None),
    ("stylua .", "stylua", "lint", "all", "format"),
    ("hlint .", "hlint", "lint", "all", None),
    ("perlcritic --severity 3 lib/", "perlcritic", "lint", "all", None),
    ("npx elm-review", "elm-review", "lint", "all", None),
    ("elm-review --fix-all", "elm-review", "lint", "all", "format"),
    ("ameba", "ameba", "lint", "all", None),
    ("ameba --fix", "ameba", "lint", "all", "format"),
    ("zig fmt --check src", "zig fmt", "lint", "all", None),
    ("zig fmt src", "zig fmt", "lint", "all", "format"),
    ("crystal spec", "crystal spec", "test", "all", None),
    ("crystal spec spec/parser_spec.cr", "crystal spec", "test", "subset", None),
    ("crystal build src/app.cr", "crystal build", "build", "all", None),
    ("nimble test", "nimble test", "test", "all", None),
    ("nimble build", "nimble build", "build", "all", None),
    ("raco test .", "raco test", "test", "all", None),
    ("raco test tests/parser.rkt", "raco test", "test", "subset", None),
    ("crystal run src/app.cr", None, None, None, None),
    ("raco pkg install", None, None, None, None),
]


@pytest.mark.parametrize("command, runner, category, scope, not_run", BUILDS + TOOLS,
                         ids=[c[0] for c in BUILDS + TOOLS])
def test_category_scope_and_not_a_run_form_of_the_added_runners(command, runner, category, scope, not_run):
    runs = _runs(command)
    if runner is None:
        assert [r for r in runs if r[3] is None] == [], runs
        return
    assert runs == [(runner, category, scope, not_run)]


CHECKS = [(c[0], c[1], c[2], c[3]) for c in BUILDS + TOOLS if c[1] and c[4] is None]


@pytest.mark.parametrize("command, runner, category, scope", CHECKS, ids=[c[0] for c in CHECKS])
def test_each_added_check_is_a_claim_of_its_category_and_scope(command, runner, category, scope):
    """The claim takes the run's category and runner, and a test run's scope (a claim about a
    lint, typecheck or build is about the whole of it: claims read no scope there)."""
    for text in ("`%s` passes." % command, u"`%s` 通过了。" % command):
        found = _claims(text)
        assert found[0] == (category, runner, scope if category == "test" else "all"), (text, found)
        assert set(c[0] for c in found) == {category} or command.startswith(("pants fmt lint", "mill __.compile +",
                                                                          "msbuild -restore", "sbt scalafmtCheckAll "))


@pytest.mark.parametrize("text, expected", [
    # a build's lint task or a Java linter named alone, in code or in prose
    ("`spotlessCheck` passes.", [("lint", "gradle spotlessCheck", "all")]),
    ("spotlessCheck passes.", [("lint", "gradle spotlessCheck", "all")]),
    ("ktlintCheck is clean.", [("lint", "gradle ktlintCheck", "all")]),
    ("scalafmtCheckAll passes.", [("lint", "sbt scalafmtCheckAll", "all")]),
    ("checkstyle is clean.", [("lint", "checkstyle", "all")]),
    ("pmd reports no violations.", [("lint", "pmd", "all")]),
    ("spotbugs is clean.", [("lint", "spotbugs", "all")]),
    ("semgrep is clean.", [("lint", "semgrep", "all")]),
    ("msbuild succeeds.", [("build", "msbuild", "all")]),
    ("dprint check passes.", [("lint", "dprint check", "all")]),
    ("terraform validate passes.", [("lint", "terraform validate", "all")]),
    # several goals in one Pants run: a claim about each
    ("`pants lint check test ::` all pass.", [("test", "pants test", "all"), ("lint", "pants lint", "all"),
                                             ("typecheck", "pants check", "all")]),
    # a tool whose first word picks one subcommand runs that one: `zig build test` is the tests
    ("`zig build test` passes.", [("test", "zig build test", "all")]),
    ("`cargo test build` passes.", [("test", "cargo test", "subset")]),
    ("rustfmt is happy.", [("lint", "rustfmt", "all")]),
    ("hlint is clean.", [("lint", "hlint", "all")]),
    # ordinary words stay words
    ("Fixed two typos in the README.", []),
    ("The crystal ball says nothing.", []),
    ("The helm chart looks fine.", []),
])
def test_prose_and_code_names_of_the_added_runners(text, expected):
    assert _claims(text) == expected


def test_prose_tasks_are_claimable_and_their_first_words_reach_the_cheap_check():
    for task, line in catalog.PROSE_TASKS.items():
        assert commands.might_name_runner({task.lower()}), task
        assert commands.classify_name(task) == commands.classify_code(line)[0][:2] + ("all",), task


def test_every_family_the_table_names_has_a_reader():
    from stalegreen.engine.catalog.families import FAMILY_READERS

    named, entries = set(), list(catalog.TOOLS.values())
    for entry in entries:           # subcommand tables add their entries
        if entry and "family" in entry:
            named.add(entry["family"])
        elif entry and "sub" in entry:
            entries.extend(entry["sub"].values())
    assert {"pants", "msbuild", "mill", "dune-build"} <= named
    assert sorted(named - set(FAMILY_READERS)) == []
