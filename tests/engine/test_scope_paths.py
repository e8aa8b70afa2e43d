"""Rule 13b (engine/scope_paths.py): a pytest run given folders does not stand for a whole-suite
failure outside them."""

import pytest

from stalegreen.engine import scope_paths
from stalegreen.engine.store import MemorySession

FAILED_LOG = "F...\nFAILED test_wrong.py::test_wrong - assert 4 == 5\n1 failed, 3 passed in 0.02s\n"


@pytest.fixture
def repo(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_more.py").write_text("def test_more():\n    pass\n")
    (tmp_path / "test_wrong.py").write_text("def test_wrong():\n    assert 0\n")
    return tmp_path


def _runs(repo, later_cmd, log=FAILED_LOG, **later):
    session = MemorySession("s")
    session.logs = {"r-0001": log}
    failing = {"id": "r-0001", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "fail",
               "cmd": "pytest -q"}
    rerun = dict({"id": "r-0002", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "pass",
                  "cmd": later_cmd}, **later)
    return scope_paths.missed_failures([failing, rerun], session)[1]


@pytest.mark.parametrize("cmd", ["pytest -q tests", "python -m pytest tests/", "pytest -q -p no:cacheprovider tests",
                                 "pytest --tb=short tests", "pytest -x tests/test_more.py::test_more",
                                 "pytest -q {repo}/tests"])
def test_a_folder_that_holds_no_failure_is_a_subset_run(repo, cmd):
    later = _runs(repo, cmd.format(repo=repo))
    assert (later["scope"], later.get("missed")) == ("subset", "r-0001"), cmd


@pytest.mark.parametrize("cmd", [
    "pytest -q",                        # no path: the whole suite
    "pytest -q .",                      # the folder itself
    "pytest -q ..",                     # the folder above it
    "pytest -q {repo}",                 # the folder itself, by its absolute path
    "pytest -q {repo}/tests {repo}/test_wrong.py",
    "pytest -q tests test_wrong.py",    # the failure's file among them
    "pytest --cov tests",               # a flag's value, maybe: no path argument
    "pytest -q missing_dir",            # no such path
    "npx jest tests",                   # not pytest
])
def test_runs_that_may_have_rerun_the_failure_keep_their_scope(repo, cmd):
    cmd = cmd.format(repo=repo)
    later = _runs(repo, cmd, runner="pytest" if "pytest" in cmd else "jest")
    assert later["scope"] == "all" and "missed" not in later, cmd


def test_a_failure_whose_file_is_gone_or_unlisted_is_not_judged(repo):
    (repo / "test_wrong.py").unlink()
    assert _runs(repo, "pytest -q tests")["scope"] == "all"          # deleted: the suite is what is left
    assert _runs(repo, "pytest -q tests", log="1 failed, 3 passed in 0.02s\n")["scope"] == "all"


def test_a_whole_suite_pass_in_between_clears_the_failure(repo):
    session = MemorySession("s")
    session.logs = {"r-0001": FAILED_LOG}
    runs = [{"id": "r-0001", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "fail", "cmd": "pytest"},
            {"id": "r-0002", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "pass", "cmd": "pytest"},
            {"id": "r-0003", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "pass",
             "cmd": "pytest tests"}]
    assert [r["scope"] for r in scope_paths.missed_failures(runs, session)] == ["all", "all", "all"]


def test_a_whole_suite_pass_that_passed_fewer_tests_while_the_failure_is_still_there_is_a_subset(repo):
    """`addopts = --ignore=test_wrong.py` put in pytest.ini after the failure: the rerun has no
    path argument, passes 3 tests where the failing run ran 4 to a result, and test_wrong.py
    still defines test_wrong. The failure never passed."""
    failing = {"counts": {"failed": 1, "passed": 3}}
    session = MemorySession("s")
    session.logs = {"r-0001": FAILED_LOG}

    def runs(later_counts):
        return scope_paths.missed_failures([
            dict({"id": "r-0001", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "fail",
                  "cmd": "pytest -q"}, **failing),
            {"id": "r-0002", "cwd": str(repo), "runner": "pytest", "scope": "all", "verdict": "pass",
             "cmd": "pytest -q", "counts": later_counts}], session)[1]

    later = runs({"passed": 3})
    assert (later["scope"], later.get("missed")) == ("subset", "r-0001")
    # a skip or xfail mark put on the failing test: the same count, one test fewer passing
    assert runs({"passed": 3, "skipped": 1})["scope"] == "subset"
    assert runs({"passed": 3, "xfailed": 1})["scope"] == "subset"
    # the same count (the failure fixed in place), or no count: nothing is inferred
    assert runs({"passed": 4})["scope"] == "all" and runs({})["scope"] == "all"
    # the failing test taken out of its file (a parametrized or class id names the function too)
    (repo / "test_wrong.py").write_text("def test_other():\n    pass\n")
    assert runs({"passed": 3})["scope"] == "all"
    session.logs = {"r-0001": FAILED_LOG.replace("test_wrong.py::test_wrong", "test_wrong.py::TestW::test_other[1]")}
    assert runs({"passed": 3})["scope"] == "subset"
    (repo / "test_wrong.py").unlink()                                  # the file deleted
    assert runs({"passed": 3})["scope"] == "all"
