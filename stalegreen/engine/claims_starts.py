# -*- coding: utf-8 -*-
"""The words where the claims grammar's scans may start (``claims_scan``): a subject's first words
(the check nouns, pronouns and quantifiers, the things built, the test frameworks, the names that
stand alone for a build) and a predicate's. A scan tries its pattern only at these words, so a
word a new subject or predicate starts with belongs here (tests/engine/test_claims_lexicon.py and
the corpora catch one left out)."""

import re

from stalegreen.engine.lexicon import commands

# Test frameworks run by a build tool or the project's own binary (JUnit, GoogleTest): they name tests, not a runner
TEST_FRAMEWORK_NAMES = ("junit", "testng", "googletest", "gtest", "minitest", "xctest", "exunit", "hspec", "kotest",
                        "spock", "nunit", "xunit", "mstest", "catch2", "kotlin.test", "testthat")
TEST_FRAMEWORKS = "|".join(re.escape(n) for n in TEST_FRAMEWORK_NAMES)
# things built, in the plural (subjects of the verb "build": "All three packages build"), and as lookbehinds
PLURAL_BUILDABLES = "packages crates apps projects services modules targets libraries binaries images workspaces plugins extensions"
BUILT_PLURALS = "|".join("(?<=%s )" % w for w in PLURAL_BUILDABLES.split())
SUBJECT_STARTS = frozenset(" ".join(n.split(".")[0] for n in TEST_FRAMEWORK_NAMES).split() + (
    "everything all every it they both each them these those that rest others other remaining ones first former latter neither whole ts type types typecheck typechecks "
    "typechecking typechecker typing typescript lint linting linter linters formatting format formatter pre precommit "
    "analyzer analyzers analyser analysers vet static roslyn building rebuilding re rerun dry second final fresh latest last "
    "commit git "
    "production prod release dev android ios web wasm build builds rebuild rebuilds compile compilation compiler project solution app application package repo repository "
    "codebase library lib crate module binary image container site code wheel bundle frontend backend extension plugin dockerfile monorepo "
    "sdist tarball apk aab ipa jar dmg msi appimage installer executable firmware "
    + PLURAL_BUILDABLES + " "
    "workspace solution target docs test tests testing doctest doctests style pre suite suites specs spec testcase testcases unit e2e integration").split()
    + [re.match(r"\w+", n).group() for n in commands.builders(with_catalog=False)])
PREDICATE_STARTS = frozenset((
    "pass passes passed passing compile compiles compiled compiling typechecks typecheck types successful successfully build "
    "builds built reports report reported reporting shows show showed showing finds find found finding returns return returned "
    "returning gives give giving says say said gave has had come comes came dropped fell gone with no zero not without failures "
    "flags flagged exit exits exited completes completed assembles bundles done complete finishes finished ran runs went goes go is "
    "sails sailed breezes breezed cruises cruised precompiles precompiled agree agrees "
    "are green all clean cleanly succeed succeeds succeeded succeeding success verified validated confirmed checked "
    "successful happy fine ok okay good works worked work checks check vet vets don doesn do does never won fail fails rebuilt recompiled "
    "isn aren didn did hasn haven stopped got get gets building nothing given giving signals signaled signalled "
    "complete prints printed outputs output produced produces emits emitted left leave leaves lints ends ended run "
    "complaint warning finding nit gripe issue empty accepts configured cleaned reconfigured none "
    "failed complain complains complained error errors errored warnings violations offenses offences findings broke blew blows exploded type typing lint linting test build compile compiler down back from fire fires fired trigger triggers triggered trip trips tripped generates generated creates created links linked linking link writes wrote spits spat free clear every").split())
