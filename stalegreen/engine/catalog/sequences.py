"""Commands that run several tasks in a row, each a run of its own: ``mix do compile + test`` (and
the older ``mix do test, credo``). Read as one run naming every category (``Run.also``), as
``make lint test`` is: the first failing task fails the command."""

from stalegreen.engine.catalog.argv import further_categories
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
