"""Helpers for the replay tests: lay real or fixture transcripts out as the hosts store them."""

import os
import shutil

import pytest

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")


def events_by_kind(events, kind):
    return [e for e in events if e.kind == kind]


@pytest.fixture
def agent_homes(tmp_path, monkeypatch):
    """Empty Claude / Codex / dsh homes, pointed to by the hosts' own variables."""
    homes = {"claude": tmp_path / "claude", "codex": tmp_path / "codex", "dsh": tmp_path / "dsh"}
    for path in homes.values():
        path.mkdir()
    (homes["claude"] / "projects").mkdir()
    (homes["codex"] / "sessions").mkdir()
    (homes["dsh"] / "sessions").mkdir()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(homes["claude"]))
    monkeypatch.setenv("CODEX_HOME", str(homes["codex"]))
    monkeypatch.setenv("DSH_HOME", str(homes["dsh"]))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("STALEGREEN_HOME", str(tmp_path / "sg-home"))
    return homes


def install_fixtures(homes):
    """Copy the project's own synthetic transcripts into the agent homes."""
    shutil.copytree(os.path.join(FIXTURES, "claude"), str(homes["claude"] / "projects"), dirs_exist_ok=True)
    shutil.copytree(os.path.join(FIXTURES, "codex"), str(homes["codex"] / "sessions"), dirs_exist_ok=True)
    shutil.copytree(os.path.join(FIXTURES, "dsh"), str(homes["dsh"] / "sessions"), dirs_exist_ok=True)


def install_real(homes, transcripts):
    """Lay the public transcripts out as the hosts would (the split Claude file rejoined)."""
    claude = os.path.join(transcripts, "claude")
    for folder, dirs, names in os.walk(claude):
        dirs[:] = [d for d in sorted(dirs) if d != "subagents" and not os.path.isdir(os.path.join(folder, d, "subagents"))]
        sessions = {}
        for name in sorted(names):
            if not name.endswith(".jsonl") or name == "hook_payloads.jsonl" or "stream_json" in name:
                continue
            sessions.setdefault(name.split(".part")[0].replace(".jsonl", ""), []).append(os.path.join(folder, name))
        if not sessions:
            continue
        slug = "-home-dev-" + os.path.relpath(folder, claude).replace(os.sep, "-")
        target = homes["claude"] / "projects" / slug
        target.mkdir()
        for stem, pieces in sessions.items():
            with open(str(target / (stem + ".jsonl")), "wb") as out:
                for piece in sorted(pieces):
                    with open(piece, "rb") as fh:
                        out.write(fh.read())
            children = os.path.join(folder, stem)
            if os.path.isdir(children):
                shutil.copytree(children, str(target / stem))
    codex_day = homes["codex"] / "sessions" / "2026" / "11" / "29"
    codex_day.mkdir(parents=True)
    for folder, _, names in os.walk(os.path.join(transcripts, "codex")):
        for name in names:
            if name.startswith("rollout-") or name.startswith("integration-"):
                target = name if name.startswith("rollout-") else "rollout-2026-05-12T10-00-00-" + name
                shutil.copy(os.path.join(folder, name), str(codex_day / target))
    for folder, _, names in os.walk(os.path.join(transcripts, "dsh")):
        for name in names:
            if name.endswith(".session.jsonl"):
                target = homes["dsh"] / "sessions" / "--home-dev-project--" / name.split(".")[0]
                target.mkdir(parents=True)
                shutil.copy(os.path.join(folder, name), str(target / "session.jsonl"))
