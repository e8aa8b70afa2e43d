"""Configuration layers and the rule that a bad value never breaks a hook."""

import json
import os

from stalegreen.engine import config


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data))


def test_defaults_match_the_seed(tmp_path):
    values = config.load(str(tmp_path), home=str(tmp_path / "home"))
    assert values["policy"] == "block" and values["mode"] == "rewrite"
    assert values["tailLines"] == 40 and values["fingerprintBudgetMs"] == 150
    assert values["maxLogBytes"] == 5242880 and values["permission"] == "inherit" and values["prune"] == "30d"
    assert values["categories"] == {"test": True, "typecheck": True, "lint": True, "build": True}
    assert values.problems == [] and values.sources == []


def test_project_file_tightens_the_user_file_and_categories_merge(tmp_path):
    home = tmp_path / "home"
    write(home / "config.json", {"policy": "advisory", "tailLines": 60, "categories": {"lint": False, "build": False}})
    project = tmp_path / "repo" / "pkg" / "sub"
    project.mkdir(parents=True)
    write(tmp_path / "repo" / ".stalegreen.json", {"tailLines": 25, "categories": {"build": True, "test": False}})
    values = config.load(str(project), home=str(home))
    assert values["policy"] == "advisory" and values["tailLines"] == 25
    assert values["categories"] == {"test": True, "typecheck": True, "lint": False, "build": True}
    assert len(values.sources) == 2
    assert [(i["key"], i["why"]) for i in values.ignored] == [("categories", "loosens")]


def test_bad_values_are_dropped_and_reported(tmp_path):
    home = tmp_path / "home"
    write(home / "config.json", {"policy": "nope", "tailLines": 0, "mystery": 1, "prune": "30 days",
                                 "extraRunners": [{"match": "^make check", "category": "test", "pass": "^OK"}]})
    values = config.load(str(tmp_path), home=str(home))
    assert values["policy"] == "block" and values["tailLines"] == 40 and values["prune"] == "30d"
    assert values["extraRunners"][0]["match"] == "^make check"
    joined = "\n".join(values.problems)
    for key in ("policy", "tailLines", "mystery", "prune"):
        assert key in joined


def test_corrupt_file_is_reported_not_raised(tmp_path):
    home = tmp_path / "home"
    write(home / "config.json", "{not json")
    values = config.load(str(tmp_path), home=str(home))
    assert values["policy"] == "block"
    assert "not valid JSON" in values.problems[0]


def test_durations():
    assert config.parse_duration("30d") == 30 * 86400
    assert config.parse_duration("12h") == 12 * 3600
    assert config.parse_duration("45m") == 45 * 60
    for bad in ("", "d", "30", "3x", "-1d", None, 5):
        assert config.parse_duration(bad) is None


def test_host_overrides_are_validated_like_files(tmp_path):
    values = config.load(str(tmp_path), home=str(tmp_path / "home"))
    config.apply_overrides(values, {"policy": "advisory", "mode": "bogus"}, origin="dsh plugin options")
    assert values["policy"] == "advisory" and values["mode"] == "rewrite"
    assert any("dsh plugin options" in p and "mode" in p for p in values.problems)


def test_a_user_config_kept_as_a_link_is_read_and_an_oversized_one_refused(tmp_path):
    """Dotfile managers keep ~/.stalegreen/config.json as a link into a repository: it is read
    through the link. A file over the size cap is refused whole (never read cut), and named."""
    home = tmp_path / "home"
    home.mkdir()
    write(tmp_path / "dotfiles" / "stalegreen.json", {"tailLines": 60})
    os.symlink(str(tmp_path / "dotfiles" / "stalegreen.json"), str(home / "config.json"))
    assert config.load(str(tmp_path), home=str(home))["tailLines"] == 60
    write(tmp_path / "proj" / ".stalegreen.json", '{"tailLines": 70, "x": "%s"}' % ("y" * config.MAX_FILE_BYTES))
    loaded = config.load(str(tmp_path / "proj"), home=str(home))
    assert loaded["tailLines"] == 60
    assert any("larger than %d bytes" % config.MAX_FILE_BYTES in p for p in loaded.problems)
