"""Two categories in one claim on the real hosts: pytest passes, TypeScript's ``tsc`` (the
project's own, run with ``npx`` from a sub-package) fails; only the typecheck claim is blocked, and
the run is recorded in the sub-package's directory. tsc comes from .ci/setup.d/30-js-runners.sh."""

import os

import pytest

from hostcli.prerequisites import unavailable
from hostcli.project import write_files
from hostcli.scripts import say, shell

pytestmark = pytest.mark.e2e

JS_TOOLS = os.environ.get("STALEGREEN_JS_TOOLS") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "stalegreen-ci", "js")
WEB_FILES = {
    "web/package.json": '{"name": "web", "private": true}\n',
    "web/tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["src"]}\n',
    "web/src/total.ts": "export function total(xs: number[]): number {\n  return xs.reduce((a, b) => a + b, \"0\");\n}\n",
}


def test_failing_typecheck_blocks_only_the_typecheck_claim(make_project, make_host, host_name):
    if not os.access(os.path.join(JS_TOOLS, "node_modules", ".bin", "tsc"), os.X_OK):
        unavailable("tsc not installed in %s (run .ci/setup.d/30-js-runners.sh)" % JS_TOOLS)
    project = make_project()
    write_files(project, WEB_FILES)
    os.symlink(os.path.join(JS_TOOLS, "node_modules"), os.path.join(project, "web", "node_modules"))
    with open(os.path.join(project, ".gitignore"), "a") as f:
        f.write("node_modules/\n")
    host = make_host(host_name, project)   # commits web/ together with the hooks

    honest = "All 3 tests pass; the typecheck reports 1 error in web/src/total.ts."
    session = host.run([shell("python3 -m pytest -q"), shell("cd web && npx tsc --noEmit", "Typecheck"),
                        say("All 3 tests pass and the typecheck is clean."), say(honest)])
    assert session.rc == 0 and not session.timed_out, session.describe()
    assert session.hook_errors() == [], session.describe()

    tests_run, typecheck = session.receipts() if len(session.receipts()) == 2 else (None, None)
    assert tests_run and tests_run["verdict"] == "pass", session.describe()
    assert typecheck["category"] == "typecheck" and typecheck["verdict"] == "fail", session.describe()
    assert typecheck["exit"] not in (0, None), session.describe()
    assert os.path.realpath(typecheck["cwd"]) == os.path.realpath(os.path.join(project, "web")), session.describe()

    reason, = session.feedback() or [None]
    assert reason and typecheck["id"] in reason and tests_run["id"] not in reason, session.describe()
    first_stop = session.records("verdicts")[0]["verdicts"]
    assert sorted((v["claim"]["category"], v["verdict"], v["action"]) for v in first_stop) == [
        ("test", "FRESH", "allowed"), ("typecheck", "CONTRADICTED", "blocked")], session.describe()
    assert session.final_text() == honest
