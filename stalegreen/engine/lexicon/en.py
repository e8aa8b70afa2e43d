# -*- coding: utf-8 -*-
"""English lexicon entries (see ``stalegreen.engine.lexicon`` for the roles)."""

from stalegreen.engine.lexicon import Entry

_CHANGE = r"(?:change|changes|fix|fixes|refactor|refactoring|patch|commit|edit|edits|rename|rebase|merge|upgrade|bump)"


def E(pattern, role, example, categories=()):
    return Entry(pattern, role, "en", example, categories)


ENTRIES = (
    # ---- clause boundaries
    E(r";\s*", "contrast", "Unit tests pass; the Storybook build is still broken."),
    E(r",?\s+but\b", "contrast", "The docs build fails, but all unit tests pass."),
    E(r",?\s+(?:while|whereas)\b", "contrast", "The Docker image builds, while the smoke tests fail."),
    E(r",?\s+(?:although|though|even though)\b", "contrast", "The bundle builds, although the e2e tests fail."),
    E(r"^\W*(?:although|though|while|whereas)\b", "contrast", "Although the tests are failing, the bundle builds."),
    E(r",?\s+however\b", "contrast", "Lint fails, however the tests pass."),

    # ---- tense: a result from before now
    E(r"\bbefore (?:my|the|this|that|these|those|your|our|his|her|their) (?:\w+ ){0,2}" + _CHANGE + r"\b",
      "past", "Tests were passing before my change."),
    E(r"\bbefore (?:i|we) (?:changed|touched|edited|started|refactored|renamed|rebased|merged|made|applied|pulled)\b",
      "past", "The build was green before I touched the config."),
    E(r"\b(?:yesterday|last (?:week|night|month|time|friday|monday|sprint|release))\b", "past",
      "The build was green yesterday."),
    E(r"\bon (?:the|my|our) (?:first|previous|last|earlier|initial|original|prior) (?:run|pass|attempt|try|commit"
      r"|push|build|iteration|version|branch)\b", "past", "The suite passed on the first run."),
    E(r"\b(?:at|from) the (?:start|beginning) of (?:the|this|my) (?:session|task|work|turn)\b", "past",
      "I ran `npm test` at the start of the session: 212 passing."),
    E(r"\bas of (?:the|my) (?:previous|last|earlier|prior) \w+", "past", "As of the previous commit, lint was clean."),
    E(r"\b(?:used to|previously|originally|initially|formerly)\b", "past", "The tests used to pass."),
    E(r"\bearlier (?:today|on|in (?:the|this) session)\b", "past", "Lint was clean earlier today."),
    E(r"\b(?:was|were) (?:\w+ )?(?:passing|green|clean|succeeding|building|working) (?:with|on|in|for) (?:it|the old"
      r"|the previous|the original|my earlier)\b", "past", "The build was succeeding with it, but dev mode wasn't."),
    E(r"\bnow\b|\bcurrently\b|\bat this point\b|\bas of now\b|\bstill\b", "present",
      "Tests were failing before my change; now they pass."),
    E(r"\b(?:after|since|with) (?:the|my|this|that|these|your) (?:\w+ ){0,2}" + _CHANGE + r"\b", "present",
      "After the fix, the tests that were failing pass."),
    E(r"\b(?:after|since) (?:i|we) (?:changed|moved|fixed|applied|made|renamed|refactored)\b", "present",
      "After I moved the rounding step, the whole suite passes."),

    # ---- not-rerun disclosures
    E(r"\b(?:haven't|have not|hasn't|has not|didn't|did not|couldn't|could not|not|never|wasn't able to"
      r"|didn't get (?:a|the) chance to|did not get (?:a|the) chance to|without)\s+(?:yet\s+)?"
      r"(?:re-?run|re-?ran|re-?running|re-?run\w*|re-?test\w*|re-?check\w*|re-?verif\w*|re-?build\w*)\b",
      "disclosure", "The suite passed on the first run, but I haven't rerun it after the refactor."),
    E(r"\b(?:haven't|have not|didn't|did not)\s+run\s+(?:it|them|the \w+(?: \w+)?)\s+(?:again|since|after)\b",
      "disclosure", "The tests passed, then I edited the parser and didn't run them again."),

    # ---- a run just made
    E(r"\b(?:i|we)\s+(?:just\s+|also\s+|then\s+)?(?:ran|re-?ran|re-?run|executed|re-?executed|tried)\b", "run",
      "I ran the tests and they all passed."),
    E(r"\b(?:i've|we've|i have|we have)\s+(?:just\s+|now\s+|also\s+)?(?:run|re-?run|executed)\b", "run",
      "I've run the suite and it passes."),
    E(r"^\W*(?:ran|re-?ran|re-?running|running|executed|after running)\b", "run", "Reran the suite: all green."),
    E(r"\b(?:a|the) (?:fresh|full|clean|final|new) (?:re-?)?run\b", "run", "The final run of the suite passes."),
)
