# -*- coding: utf-8 -*-
"""Causes found by the fourteenth session's last pair of blind sets (dev27en, dev27zh: fourteen
kinds of task, infrastructure and docs among them): most of what they missed was runners the
catalog did not know, each now one catalog entry (claimable with no other edit, by
tests/engine/test_claims_vocabulary.py), and a few sentence shapes.

1. Runners: gosec, kube-linter, kustomize build, cookstyle, nixpkgs-fmt --check, cdk synth, ionic
   build, redocly build-docs, mix sobelow, Gradle's installDist/distZip, a PHP project's
   code-style script (`composer cs`), `gem build`, php-cs-fixer's dry-run summary ("Found 0 of 312
   files that can be fixed"); in Chinese, an artifact made ("打出了 sdist 和 wheel").
2. "All three steps pass." after a block of `$` commands: the quantifier, with its noun, stands for
   the commands the block ran.
"""

import pytest

from stalegreen.engine import claims, outputs
from stalegreen.engine.lexicon import commands


def categories(text):
    return sorted(set(c["category"] for c in claims.extract(text).claims))


@pytest.mark.parametrize("command, category", [
    ("gosec ./...", "lint"),
    ("kube-linter lint overlays/prod", "lint"),
    ("kustomize build overlays/prod", "build"),
    ("cookstyle", "lint"),
    ("nixpkgs-fmt --check .", "lint"),
    ("cdk synth", "build"),
    ("ionic build", "build"),
    ("redocly build-docs openapi.yaml", "build"),
    ("mix sobelow --config", "lint"),
    ("./gradlew installDist", "build"),
    ("composer cs", "lint"),
    ("gem build mygem.gemspec", "build"),
])
def test_the_runners_added(command, category):
    assert [run[0] for run in commands.classify_code(command)] == [category]


@pytest.mark.parametrize("command", ["ionic serve", "cdk deploy", "kustomize edit set image x", "composer cs-fix"])
def test_what_the_added_runners_do_not_verify(command):
    assert commands.classify_code(command) == []


@pytest.mark.parametrize("text, expected", [
    ("`kustomize build overlays/prod` succeeds and `kube-linter lint overlays/prod` found no issues.",
     ["build", "lint"]),
    ("`gosec ./...` is clean apart from 2 pre-existing G104 findings.", ["lint"]),
    ("Cookstyle: no offenses.\nChefSpec: 43 examples, 0 failures.", ["lint", "test"]),
    ("`nix build .#api` succeeds and `nixpkgs-fmt --check .` is clean.", ["build", "lint"]),
    ("- `cdk synth` \u2705 (all 4 stacks synthesize)\n- `pytest tests/unit` \u2705", ["build", "test"]),
    ("`ionic build` ok, `npx cap sync` ok, `npm run lint` ok.", ["build", "lint"]),
    ("Build: `./gradlew installDist` \u2014 BUILD SUCCESSFUL.", ["build"]),
    ("`composer test` is green (PHPUnit, 231 tests) and `composer cs` reports no violations.", ["lint", "test"]),
    (u"跑了一下：\n```\n$ vendor/bin/phpunit\nOK (482 tests, 1290 assertions)\n$ vendor/bin/php-cs-fixer fix --dry-run\n"
     u"Found 0 of 312 files that can be fixed\n```", ["lint", "test"]),
    ("```\n$ go build ./... && go vet ./... && go test ./...\nok  \texample.com/ledger/account\t0.412s\n```\n"
     "All three steps pass.", ["build", "lint", "test"]),
    (u"`python -m build` 打出了 sdist 和 wheel。", ["build"]),
    (u"`gem build mygem.gemspec` 成功，rspec 和 rubocop 也都过了。", ["build", "lint", "test"]),
    # negatives: a fixer's count of files to fix, a finder's issues, an artifact not made
    (u"跑了一下：\n```\n$ vendor/bin/php-cs-fixer fix --dry-run\nFound 3 of 312 files that can be fixed\n```", []),
    ("`gosec ./...` reports 4 issues.", []),
    (u"还没打出 wheel。", []),
])
def test_claims_of_the_added_runners_and_a_block_s_steps(text, expected):
    assert categories(text) == expected


def test_php_cs_fixer_dry_run_verdicts():
    assert outputs.judge("lint", "Found 0 of 312 files that can be fixed in 1.2 seconds", 0,
                         runner="php-cs-fixer")["verdict"] == "pass"
    assert outputs.judge("lint", "Found 3 of 312 files that can be fixed in 1.2 seconds", 8,
                         runner="php-cs-fixer")["verdict"] == "fail"
