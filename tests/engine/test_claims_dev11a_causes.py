# -*- coding: utf-8 -*-
"""Causes found tuning on tests/engine/claims_dev11a_2026-12-02.jsonl (ecosystems beyond JS and
Python): one group per cause, the set's examples and sentences of our own, with the negatives
each rule must not fire on."""

import pytest

from stalegreen.engine import claims


def found(text):
    return sorted((c["category"], c["scope"], c["qualified"]) for c in claims.extract(text).claims)


def categories(text):
    return sorted(c["category"] for c in claims.extract(text).claims)


# ---- a build tool's target named in prose is the catalog's run of it ("mvn compile is fine")
@pytest.mark.parametrize("text, expected", [
    ("mvn compile is fine. mvn test I have not been able to run because surefire forks crash with OOM.",
     [("build", "all", False)]),
    ("sbt test: 57/57.", [("test", "all", False)]),
    ("gradle assemble succeeds on JDK 21.", [("build", "all", False)]),
    ("mvn verify passes.", [("test", "all", False)]),
    ("xcodebuild test is green for the App scheme.", [("test", "all", False)]),
    ("sbt compile is green and mvn package produced the jar.", [("build", "all", False)]),
    # negatives: a plan, a failure, and an everyday word that is no tool
    ("Next I'll run mvn test to confirm.", []),
    ("gradle build fails on the Kotlin plugin.", []),
    ("The task build step is slow, so I ran just test by hand.", []),
    ("mvn package would be the next step.", []),
])
def test_a_family_tools_target_named_in_prose(text, expected):
    assert found(text) == expected
