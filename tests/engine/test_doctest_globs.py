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
