"""The reference's runner-output fixtures: our verdicts and counts must agree on >= 97% of them.

Measured the way the reference measures itself: each file parsed with its entry's category, exit
and interrupted flag, and no output-visibility flags (so an exit-less run needs a fail signal).
Only the count keys an entry lists are compared.
"""

import json
import os

import pytest

from stalegreen.engine import logscan, outputs
from tests.conftest import shared_path

REQUIRED_AGREEMENT = 0.97


def _entries():
    root = shared_path("runner-output")
    with open(os.path.join(root, "index.json"), encoding="utf-8") as fh:
        index = json.load(fh)
    present = []
    for entry in index:
        path = os.path.join(root, "fixtures", entry["file"])
        if os.path.exists(path):
            present.append((entry, path))
    return present


def _judge_fixture(entry, path):
    with open(path, encoding="utf-8", newline="") as fh:
        text = fh.read()
    return outputs.judge(entry["category"], text, exit_code=entry["exit"],
                         interrupted=bool(entry.get("interrupted")), visible=False, filtered=False)


def _disagreement(entry, got):
    problems = []
    if got["verdict"] != entry["verdict"]:
        problems.append("verdict %s != %s (%s)" % (got["verdict"], entry["verdict"], got["signal"]))
    for key, want in entry["counts"].items():
        if got["counts"].get(key) != want:
            problems.append("%s %r != %r" % (key, got["counts"].get(key), want))
    return problems


def test_fixture_agreement_at_least_97_percent(capsys):
    entries = _entries()
    if not entries:
        pytest.skip("no runner-output fixture files present")
    failures = []
    for entry, path in entries:
        problems = _disagreement(entry, _judge_fixture(entry, path))
        if problems:
            failures.append("%s: %s" % (entry["file"], "; ".join(problems)))
    agreed = len(entries) - len(failures)
    ratio = agreed / len(entries)
    with capsys.disabled():
        print("\nrunner-output fixtures: %d/%d agree (%.1f%%)" % (agreed, len(entries), 100 * ratio))
        for line in failures:
            print("  disagree: " + line)
    assert ratio >= REQUIRED_AGREEMENT, failures


# Fixture name prefix -> the runner name the catalog records for that tool.
RUNNER_BY_PREFIX = [
    ("pytest", "pytest"), ("unittest", "unittest"), ("jest", "jest"), ("vitest", "vitest"),
    ("mocha", "mocha"), ("ava", "ava"), ("node-test", "node --test"), ("bun", "bun test"),
    ("deno-check", "deno check"), ("deno", "deno test"), ("playwright", "playwright test"),
    ("cypress", "cypress run"), ("jasmine", "jasmine"), ("go-test", "go test"), ("go-build", "go build"),
    ("govet", "go vet"), ("cargo-test", "cargo test"), ("nextest", "cargo nextest"),
    ("cargo-check", "cargo check"), ("cargo-build", "cargo build"), ("clippy", "cargo clippy"),
    ("rustfmt", "cargo fmt"), ("dotnet-test", "dotnet test"), ("dotnet-build", "dotnet build"),
    ("maven-test", "mvn test"), ("maven-build", "mvn package"), ("gradle-test", "gradle test"),
    ("gradle-build", "gradle build"), ("rspec", "rspec"), ("minitest", "rake test"),
    ("phpunit", "phpunit"), ("mix-test", "mix test"), ("mix-compile", "mix compile"),
    ("swift-test", "swift test"), ("swift-build", "swift build"), ("dart-test", "dart test"),
    ("dart-analyze", "dart analyze"), ("ctest", "ctest"), ("bazel-test", "bazel test"),
    ("elm-test", "elm-test"), ("elm-make", "elm make"), ("sbt-test", "sbt test"),
    ("tsc", "tsc"), ("vue-tsc", "vue-tsc"), ("svelte-check", "svelte-check"), ("mypy", "mypy"),
    ("pyright", "pyright"), ("flow", "flow"), ("phpstan", "phpstan"), ("sorbet", "srb tc"),
    ("dialyzer", "mix dialyzer"), ("eslint", "eslint"), ("biome", "biome"),
    ("ruff-format", "ruff format"), ("ruff", "ruff check"), ("black", "black"), ("isort", "isort"),
    ("flake8", "flake8"), ("pylint", "pylint"), ("golangci", "golangci-lint run"),
    ("rubocop", "rubocop"), ("oxlint", "oxlint"), ("prettier", "prettier"),
    ("shellcheck", "shellcheck"), ("phpcs", "phpcs"), ("credo", "mix credo"),
    ("swiftlint", "swiftlint"), ("ktlint", "ktlint"), ("detekt", "detekt"), ("hadolint", "hadolint"),
    ("yamllint", "yamllint"), ("next-build", "next build"), ("vite-build", "vite build"),
    ("webpack", "webpack"), ("esbuild", "esbuild"), ("tsup", "tsup"), ("rollup", "rollup"),
    ("docker-build", "docker build"), ("python-build", "python -m build"), ("xcodebuild", "xcodebuild"),
    ("ninja", "ninja"), ("make", "make"), ("npm-run", "npm run build"), ("pnpm-run", "pnpm run build"),
    ("turbo", "turbo build"), ("parcel", "parcel build"), ("stylelint", "stylelint"),
]


def _runner_for(filename):
    for prefix, runner in RUNNER_BY_PREFIX:
        if filename.startswith(prefix + "-"):
            return runner
    return None


def test_runner_scoped_signals_keep_the_fixture_agreement(capsys):
    """Telling judge() the runner narrows the signals to its own formats; that must not cost accuracy."""
    entries = _entries()
    if not entries:
        pytest.skip("no runner-output fixture files present")
    failures = []
    scoped = 0
    for entry, path in entries:
        runner = _runner_for(entry["file"])
        scoped += runner is not None
        with open(path, encoding="utf-8", newline="") as fh:
            text = fh.read()
        got = outputs.judge(entry["category"], text, exit_code=entry["exit"],
                            interrupted=bool(entry.get("interrupted")), visible=False, runner=runner)
        problems = _disagreement(entry, got)
        if problems:
            failures.append("%s (%s): %s" % (entry["file"], runner, "; ".join(problems)))
    ratio = (len(entries) - len(failures)) / len(entries)
    with capsys.disabled():
        print("\nrunner-scoped: %d of %d fixtures given a runner; %.1f%% agree" % (scoped, len(entries), 100 * ratio))
        for line in failures:
            print("  disagree: " + line)
    assert scoped > len(entries) * 0.8
    assert ratio >= REQUIRED_AGREEMENT, failures


def test_needle_prefilter_never_hides_a_signal_on_real_outputs():
    """Every row's substring pre-check must hold whenever its regex matches (else a signal is lost)."""
    entries = _entries()
    if not entries:
        pytest.skip("no runner-output fixture files present")
    texts = []
    for _entry, path in entries:
        with open(path, encoding="utf-8", newline="") as fh:
            texts.append(outputs.clean(fh.read()))
    own = os.path.join(os.path.dirname(__file__), "runner_output")
    for name in sorted(os.listdir(own)):
        if name.endswith(".txt"):
            with open(os.path.join(own, name), encoding="utf-8", newline="") as fh:
                texts.append(outputs.clean(fh.read()))
    checked = 0
    for category in ("test", "typecheck", "lint", "build"):
        for sid, _kind, _family, pattern in outputs._table(category):
            row_needles = outputs._row_needles(sid, pattern)
            for text in texts:
                if logscan.regex(pattern).search(text):
                    checked += 1
                    assert logscan.may_match(row_needles, text), (sid, row_needles, text[:200])
    assert checked > 150
