"""What ``scorekeeper info`` tells: the version, and where the history, the cache and the settings live."""

from __future__ import annotations

import sys
from typing import Any

from scorekeeper._version import __version__
from scorekeeper._words import visible_lines
from scorekeeper.config import ConfigError, config_path, load_config
from scorekeeper.history.store import default_path
from scorekeeper.i18n import LANGUAGES, _, current
from scorekeeper.rules._cache import cache_root
from scorekeeper.rules.builtins import builtin_dir, builtin_ids


def about() -> dict[str, Any]:
    """The facts, as plain data: paths are absolute, a missing file says so."""
    history = default_path().absolute()
    cache = cache_root()
    settings = config_path().absolute()
    try:
        config = load_config(settings)
        problem = None
    except ConfigError as exc:
        config, problem = None, str(exc)
    return {
        "version": __version__,
        "python": sys.version.split()[0],
        "history": {"path": str(history), "exists": history.exists()},
        "cache": {"path": str(cache.absolute()) if cache else None, "on": cache is not None},
        "config": {"path": str(settings), "exists": settings.exists(), "problem": problem,
                   "language": config.language if config else None},
        "language": current(),
        "languages": list(LANGUAGES),
        "rules": {"builtin": str(builtin_dir()), "count": len(builtin_ids())},
    }


def about_text(facts: dict[str, Any]) -> str:
    """The facts as lines of ``label: value``."""
    def where(part: dict[str, Any]) -> str:
        return str(part["path"]) if part["exists"] else _("{path} (not created yet)").format(path=part["path"])

    cache = facts["cache"]
    lines = [
        _("scorekeeper {version} (Python {python})").format(version=facts["version"], python=facts["python"]),
        _("history: {path}").format(path=where(facts["history"])),
        _("rule-set cache: {path}").format(path=cache["path"]) if cache["on"] else _("rule-set cache: off"),
        _("settings: {path}").format(path=where(facts["config"])),
        _("language: {name} ({code})").format(name=LANGUAGES[facts["language"]], code=facts["language"]),
        _("built-in rule sets: {count} in {path}").format(count=facts["rules"]["count"],
                                                          path=facts["rules"]["builtin"]),
    ]
    if facts["config"]["problem"]:
        lines.append(_("problem: {message}").format(message=facts["config"]["problem"]))
    return visible_lines("\n".join(lines))
