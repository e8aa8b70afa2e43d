"""Commands that run other checks by name: ``mix do compile + test`` (and the older ``mix do
test, credo``), read as one run naming every category (``Run.also``) as ``make lint test`` is (the
first failing task fails the command); ``pre-commit run [HOOK]``, whose hook id may name the tool.
Loaded only for these commands (not on the hook's common path)."""

from stalegreen.engine.catalog.argv import further_categories, run_result
from stalegreen.engine.catalog.table import R
from stalegreen.engine.catalog.tasks import MAKE_PRIORITY


def mix_do_tasks(args):
    """The argv of each task of ``mix do``, split at ``+`` words or a trailing comma."""
    tasks, current = [], []
    for word in args:
        if word == "+" or word == ",":
            tasks.append(current)
            current = []
        elif word.endswith(",") and len(word) > 1:
            current.append(word[:-1])
            tasks.append(current)
            current = []
        else:
            current.append(word)
    tasks.append(current)
    return [t for t in tasks if t]


def read_mix_do(args, classify):
    """One run for ``mix do``'s tasks: the highest-ranked category is the run's, the others are
    ``also``; a part narrowed (``mix do compile + test test/a_test.exs``) narrows the whole."""
    found = [classify(["mix"] + task) for task in mix_do_tasks(args)]
    found = [f for f in found if f and f.get("not_run") is None]
    if not found:
        return None
    found.sort(key=lambda f: MAKE_PRIORITY.index(f["category"]) if f["category"] in MAKE_PRIORITY else 99)
    result = dict(found[0])
    result["runner"] = "mix do"
    result["scope"] = "subset" if any(f["scope"] == "subset" for f in found) else "all"
    result["also"] = further_categories([f["category"] for f in found], result["category"])
    return result


_PRE_COMMIT = R("pre-commit", "lint", subset=("--files", "--from-ref", "--to-ref", "-s", "--source", "-o", "--origin"),
                values=("--hook-stage", "--files", "--from-ref", "--to-ref", "-s", "--source", "-o", "--origin",
                        "-c", "--config", "--color"), positional_subset="any")
# hook ids that name the tool they run (the ids of the tools' own pre-commit hooks): the hook over
# every file is that tool's whole run, as `mypy .` or `ruff check .` is
HOOK_CATEGORIES = {
    "mypy": "typecheck", "pyright": "typecheck", "basedpyright": "typecheck", "pytype": "typecheck",
    "tsc": "typecheck", "vue-tsc": "typecheck",
    "ruff": "lint", "ruff-check": "lint", "flake8": "lint", "pylint": "lint", "bandit": "lint",
    "pydocstyle": "lint", "pycodestyle": "lint", "eslint": "lint", "shellcheck": "lint", "hadolint": "lint",
    "hadolint-docker": "lint", "golangci-lint": "lint", "rubocop": "lint", "stylelint": "lint",
    "markdownlint": "lint", "yamllint": "lint", "codespell": "lint", "actionlint": "lint", "biome-check": "lint",
    "oxlint": "lint", "clippy": "lint", "sqlfluff-lint": "lint", "tflint": "lint", "ansible-lint": "lint",
    "pytest": "test",
}


def read_pre_commit(args):
    """``pre-commit run``: every hook over the staged files (a part of the tree); ``--all-files``
    over all of them; ``--files``/``--from-ref`` over those. A hook id narrows the run to that
    hook: one named for a known tool is that tool's run (``pre-commit run mypy -a``: the type
    check over every file), any other is a part of the lint."""
    result = run_result(_PRE_COMMIT, args)
    if result is None or result.get("not_run"):
        return result
    positionals = [w for i, w in enumerate(args) if not w.startswith("-") and not (
        i > 0 and args[i - 1] in _PRE_COMMIT["values"])]
    every_file = any(w in ("-a", "--all-files") for w in args)
    hook = positionals[0] if positionals else None
    category = HOOK_CATEGORIES.get(hook) if hook else "lint"
    narrowed = any(w.split("=", 1)[0] in _PRE_COMMIT["subset"] for w in args)
    result = dict(result, category=category or "lint",
                  scope="all" if every_file and not narrowed and (hook is None or category) else "subset")
    return result
