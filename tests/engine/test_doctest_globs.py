"""A run's own ``--doctest-glob`` makes the prose it collects part of what it read."""

from stalegreen.engine.doctest_globs import collected_edits, doctest_globs


def test_globs_read_in_both_spellings_and_only_there():
    assert doctest_globs("python -m pytest -q --doctest-glob='*.md'") == ["*.md"]
    assert doctest_globs("pytest --doctest-glob '*.rst' --doctest-glob=README.md tests") == ["*.rst", "README.md"]
    assert doctest_globs("pytest -q") == []
    assert doctest_globs(None) == []


def test_an_edit_of_a_collected_file_after_the_run_is_found():
    receipt = {"cmd": "pytest --doctest-glob='*.md'", "ts": "2026-12-03T08:00:00.000Z"}
    edits = [{"path": "/p/README.md", "ts": "2026-12-03T08:00:01.000Z"},
             {"path": "/p/docs/guide.md", "ts": "2026-12-03T07:59:59.000Z"},      # before the run
             {"path": "/p/notes.txt", "ts": "2026-12-03T08:00:02.000Z"},
             {"path": None, "ts": "2026-12-03T08:00:02.000Z"}]
    assert collected_edits(receipt, edits) == [edits[0]]
    assert collected_edits({"cmd": "pytest", "ts": receipt["ts"]}, edits) == []


def test_globs_in_the_pytest_config_count_for_a_pytest_run(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -q --doctest-glob=*.md\n")
    sub = tmp_path / "pkg"
    sub.mkdir()
    (sub / "pyproject.toml").write_text('[tool.other]\nx = 1\n')
    from stalegreen.engine.doctest_globs import config_globs
    assert config_globs(str(tmp_path)) == ["*.md"]
    assert config_globs(str(sub), str(tmp_path)) == ["*.md"]
    assert config_globs(str(sub)) == []                  # no root given: its own folder only
    receipt = {"cmd": "python -m pytest", "runner": "pytest", "cwd": str(tmp_path), "ts": "2026-12-03T08:00:00.000Z"}
    edit = {"path": str(tmp_path / "README.md"), "ts": "2026-12-03T08:00:01.000Z"}
    assert collected_edits(receipt, [edit], str(tmp_path)) == [edit]
    assert collected_edits(dict(receipt, runner="npm test", cmd="npm test"), [edit], str(tmp_path)) == []


def test_a_test_file_pytest_collects_counts_in_a_prose_folder():
    receipt = {"cmd": "pytest -q", "runner": "pytest", "cwd": "/nowhere", "ts": "2026-12-03T08:00:00.000Z"}
    edits = [{"path": "/nowhere/docs/test_snippets.py", "ts": "2026-12-03T08:00:01.000Z"},
             {"path": "/nowhere/docs/guide.md", "ts": "2026-12-03T08:00:01.000Z"}]
    assert collected_edits(receipt, edits) == edits[:1]
    assert collected_edits(dict(receipt, runner="npm test", cmd="npm test"), edits) == []


def test_a_file_the_fingerprint_sees_is_left_to_it():
    """An edit of test_calc.py undone since changed nothing: the fingerprint decides that one."""
    receipt = {"cmd": "pytest -q", "runner": "pytest", "cwd": "/nowhere", "ts": "2026-12-03T08:00:00.000Z"}
    edits = [{"path": "/nowhere/test_calc.py", "ts": "2026-12-03T08:00:01.000Z"}]
    assert collected_edits(receipt, edits, None, ["*.md", "docs/**"]) == []
