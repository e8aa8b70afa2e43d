"""The store survives cut-off writes: a partial line costs only itself."""

import os

from stalegreen.engine.store import Store


def test_a_record_after_a_cut_off_write_starts_on_a_fresh_line(tmp_path):
    session = Store(str(tmp_path / "home")).session("s-cut")
    session.append("edits", {"ts": "2026-01-01T00:00:00.000Z", "path": "/p/a.py", "kind": "Edit"})
    path = os.path.join(session.dir, "edits.jsonl")
    with open(path, "ab") as fh:                     # a writer killed mid-line (full disk, crash)
        fh.write(b'{"ts": "2026-01-01T00:00:01.000Z", "path": "/p/b')
    session.append("edits", {"ts": "2026-01-01T00:00:02.000Z", "path": "/p/c.py", "kind": "Edit"})
    session.append("edits", {"ts": "2026-01-01T00:00:03.000Z", "path": "/p/d.py", "kind": "Edit"})
    assert [r["path"] for r in session.read("edits")] == ["/p/a.py", "/p/c.py", "/p/d.py"]
    assert [r["path"] for r in session.read("edits", last=2)] == ["/p/c.py", "/p/d.py"]
    errors = Store(str(tmp_path / "home")).errors()
    assert len(errors) == 1 and "1 malformed record skipped" in errors[0]["error"]


def test_appends_to_a_clean_file_add_no_blank_lines(tmp_path):
    session = Store(str(tmp_path / "home")).session("s-clean")
    for n in range(3):
        session.append("edits", {"ts": "2026-01-01T00:00:0%d.000Z" % n, "path": "/p/%d" % n})
    with open(os.path.join(session.dir, "edits.jsonl"), "rb") as fh:
        assert fh.read().count(b"\n\n") == 0


def test_protected_digests_are_never_read_through_a_link(tmp_path):
    """The store reads its own files without following links, like it writes them: digests an
    agent planted as a link to a file of its own are not taken for the ones saved before a
    tree-moving git command."""
    session = Store(str(tmp_path / "home")).session("s-link")
    session.save_protected("toolu_real", {"/p/.claude/settings.json": "abc"})
    planted = tmp_path / "planted.json"
    planted.write_text('{"/p/.claude/settings.json": "abc"}')
    os.symlink(str(planted), os.path.join(session.dir, "protected-toolu_link.json"))
    assert session.pop_protected("toolu_link") is None
    assert session.pop_protected("toolu_real") == {"/p/.claude/settings.json": "abc"}
    assert session.pop_protected("toolu_real") is None          # popped: forgotten
