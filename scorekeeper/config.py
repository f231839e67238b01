"""The player's own settings: a small TOML file in the user's config folder.

    # ~/.config/scorekeeper/config.toml (see 'scorekeeper info' for the path on this machine)
    language = "it"             # en, it or es
    suit_letters = "italian"    # read D C S B as denari, coppe, spade, bastoni ("spanish": O C E B)
    rules = "scopone"           # the game when a command names none
    players = ["Anna", "Bruno", "Carla", "Dario"]   # offered when a match starts

Every key may be left out. A file that cannot be read, or that holds an unknown key or a value of
the wrong kind, is reported with its place rather than skipped: a setting the player believes in
must never silently not apply.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # a frozen dataclass with no method compiled (made once per command): less at every start
    from scorekeeper._frozen import made_once as dataclass

#: A settings file is a few lines; anything bigger is not one.
MAX_BYTES = 64 * 1024


class ConfigError(ScorekeeperError):
    """The settings file cannot be used as it is."""


@dataclass(frozen=True)
class Config:
    """What the settings file says; each field None (or empty) when it says nothing."""

    path: Path
    language: str | None = None
    suit_letters: str | None = None
    rules: str | None = None
    players: tuple[str, ...] = ()
    found: bool = False


def config_path() -> Path:
    """``SCOREKEEPER_CONFIG``, else config.toml in the user's config folder."""
    env = os.environ.get("SCOREKEEPER_CONFIG")  # not for players: a variable
    if env:
        return Path(env)
    return user_folder("config") / "config.toml"  # not for players: a file name


#: Per kind of folder, the XDG variable and its default under the home folder (Linux).
_XDG = {"config": ("XDG_CONFIG_HOME", "~/.config"), "cache": ("XDG_CACHE_HOME", "~/.cache"),  # not for players
        "data": ("XDG_DATA_HOME", "~/.local/share")}  # not for players: variables and folders


def user_folder(kind: str) -> Path:
    """scorekeeper's folder of the user's ``config``, ``cache`` or ``data``, as platformdirs names it."""
    if sys.platform.startswith("linux"):
        # Every command reads the settings, and most the cache or the history; importing
        # platformdirs is a noticeable part of a command's start, for what on Linux is the XDG
        # rule it implements: the variable if it holds an absolute path, else the default.
        variable, default = _XDG[kind]
        base = os.environ.get(variable, "").strip()
        return Path(base if os.path.isabs(base) else os.path.expanduser(default)) / "scorekeeper"
    import platformdirs

    folder = {"config": platformdirs.user_config_dir, "cache": platformdirs.user_cache_dir,
              "data": platformdirs.user_data_dir}[kind]
    return Path(folder("scorekeeper", appauthor=False))


def _check(data: dict[str, Any], path: Path) -> Config:
    from scorekeeper.i18n import read_language

    known = {"language", "suit_letters", "rules", "players"}  # not for players: the file's keys
    for key in data:
        if key not in known:
            raise ConfigError(_("{path}: {key}: not a setting (settings: {known})").format(
                path=path, key=repr(key), known=", ".join(sorted(known))))
    language = data.get("language")
    if language is not None:
        if not isinstance(language, str):
            raise ConfigError(_("{path}: language: must be text, like \"it\"").format(path=path))
        try:
            language = read_language(language, f"{path}: language")
        except ScorekeeperError as exc:
            raise ConfigError(str(exc)) from None
    letters = data.get("suit_letters")  # not for players: a key
    if letters is not None and letters not in ("french", "italian", "spanish"):
        raise ConfigError(_("{path}: suit_letters: {value} is not \"french\", \"italian\" or \"spanish\"").format(
            path=path, value=repr(str(letters)[:20])))
    rules = data.get("rules")
    if rules is not None and (not isinstance(rules, str) or not rules.strip()):
        raise ConfigError(_("{path}: rules: must be a rule-set id or path, like \"scopa\"").format(path=path))
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ConfigError(_("{path}: players: must be a list of names, like [\"Anna\", \"Bruno\"]").format(path=path))
    return Config(path, language, letters, rules, tuple(p.strip() for p in players), True)


def load_config(path: Path | None = None) -> Config:
    """The settings at ``path`` (default ``config_path()``); a missing file is no settings."""
    path = path or config_path()
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Config(path)
    except OSError as exc:
        raise ConfigError(_("{path}: cannot be read: {why}").format(path=path, why=exc.strerror or exc)) from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(_("{path}: more than {size} KiB: not a settings file").format(path=path,
                                                                                       size=MAX_BYTES // 1024))
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(_("{path}: not UTF-8 text").format(path=path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return _check(data, path)
