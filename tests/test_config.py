"""The settings file: language, suit letters, default game and players; every mistake named with its file."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.config import Config, ConfigError, load_config
from scorekeeper.output.about import about, about_text
from tests.conftest import run


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_missing_settings_file_is_no_settings(tmp_path: Path) -> None:
    assert load_config(tmp_path / "none.toml") == Config(tmp_path / "none.toml")


def test_every_setting_is_read(tmp_path: Path) -> None:
    path = write(tmp_path, 'language = "Italiano"\nsuit_letters = "italian"\nrules = "scopone"\n'
                           'players = ["Anna", " Bruno "]\n')
    assert load_config(path) == Config(path, "it", "italian", "scopone", ("Anna", "Bruno"), True)


@pytest.mark.parametrize(("text", "message"), [
    ('langauge = "it"', "'langauge': not a setting (settings: language, players, rules, suit_letters)"),
    ('language = "fr"', "language 'fr': not a language scorekeeper speaks (en, it, es)"),
    ("language = 3", 'language: must be text, like "it"'),
    ('suit_letters = "german"', "suit_letters: 'german' is not \"french\", \"italian\" or \"spanish\""),
    ("players = 'Anna'", 'players: must be a list of names, like ["Anna", "Bruno"]'),
    ('rules = ""', 'rules: must be a rule-set id or path, like "scopa"'),
    ("language = it", "Invalid value (at line 1, column 12)"),
])
def test_a_bad_setting_is_named_with_its_file(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == f"{path}: {message}"


def test_a_huge_or_binary_settings_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"# " + b"x" * 200_000)
    with pytest.raises(ConfigError, match="more than 64 KiB"):
        load_config(path)
    path.write_bytes(b"language = '\xff'")
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        load_config(path)


def test_info_tells_where_everything_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "h.sqlite3"))
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(write(tmp_path, 'language = "es"\n')))
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", "")
    facts = about()
    assert facts["history"] == {"path": str(tmp_path / "h.sqlite3"), "exists": False}
    assert facts["cache"] == {"path": None, "on": False}
    assert facts["config"]["language"] == "es" and facts["config"]["exists"]
    lines = about_text(facts).splitlines()
    assert lines[1] == f"history: {tmp_path / 'h.sqlite3'} (not created yet)"
    assert lines[2] == "rule-set cache: off"


def test_the_settings_choose_the_language_the_game_and_the_suit_letters(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCOREKEEPER_LANG")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(write(tmp_path, 'language = "it"\nsuit_letters = "italian"\n'
                                                                'rules = "scopone"\n')))
    code, out, _ = run("info")
    assert code == 0 and "lingua: Italiano (it)" in out
    code, out, _ = run("--lang", "en", "score", "--pile", "A+B=D:A234567 C:A234567 S:A234567", "--pile", "C+D=rest")
    assert code == 0 and out.startswith("Scopone (scopone): A+B vs C+D")  # C is coppe: Italian letters
    monkeypatch.setenv("SCOREKEEPER_LANG", "es")
    code, out, _ = run("info")
    assert "idioma: Español (es)" in out  # the environment wins over the settings file


def test_a_broken_settings_file_stops_a_command_but_not_info(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "lang = 'it'\n")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(path))
    code, out, err = run("rules", "list")
    assert code == 2 and out == ""
    assert err == f"error: {path}: 'lang': not a setting (settings: language, players, rules, suit_letters)\n"
    code, out, _ = run("info")
    assert code == 0 and out.splitlines()[-1].startswith(f"problem: {path}: 'lang': not a setting")


def test_an_unknown_language_is_refused_by_name() -> None:
    code, _, err = run("--lang", "klingon", "rules", "list")
    assert code == 2 and err == "error: --lang 'klingon': not a language scorekeeper speaks (en, it, es)\n"


def test_a_match_starts_with_the_settings_game_and_players_partners_sitting_opposite(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(write(tmp_path, 'rules = "scopone"\n'
                                                                'players = ["Anna", "Bruno", "Carla", "Dario"]\n')))
    code, out, _ = run("match", "new")
    assert code == 0 and out.splitlines()[:2] == ["Match 1: Scopone (scopone) to 11, count-out-if-tied",
                                                  "Anna+Carla vs Bruno+Dario"]
    code, out, _ = run("match", "new", "-r", "scopa", "--name", "four")
    assert code == 0 and out.splitlines()[1] == "Anna vs Bruno vs Carla vs Dario"


def test_with_no_game_set_anywhere_match_new_says_where_to_set_one(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run("match", "new", "--side", "Anna", "--side", "Bruno")
    assert code == 2 and err.startswith("error: give --rules, or set a default in the settings file ")


@pytest.mark.parametrize("kind, variable, finder", [
    ("config", "XDG_CONFIG_HOME", "user_config_dir"),
    ("cache", "XDG_CACHE_HOME", "user_cache_dir"),
    ("data", "XDG_DATA_HOME", "user_data_dir"),
])
@pytest.mark.parametrize("value", [None, "/srv/elsewhere", "relative/ignored", "  "])
def test_the_users_folders_are_where_platformdirs_puts_them(kind, variable, finder, value, monkeypatch):
    """The settings, the rule-set cache and the history live where platformdirs says (found without
    importing it on Linux, for a quicker start)."""
    import platformdirs

    from scorekeeper.config import user_folder

    if value is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, value)
    assert user_folder(kind) == Path(getattr(platformdirs, finder)("scorekeeper", appauthor=False))
