"""The built-in games: where their YAML files are, their ids, and what a rule-set reference names."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _


@cache
def builtin_dir() -> Path:
    """The folder of the built-in rule sets: packaged in the wheel, or the source tree's ``rulesets/``."""
    package = Path(__file__).parent.parent
    if package.is_dir():  # installed or checked out as plain folders: spares importing importlib.resources
        packaged = package / "rulesets"
        return packaged if packaged.is_dir() else package.parent / "rulesets"
    from importlib.resources import files  # a package read from a zip file

    packaged = Path(str(files("scorekeeper").joinpath("rulesets")))
    return packaged if packaged.is_dir() else Path(str(files("scorekeeper"))).parent / "rulesets"


def builtin_ids() -> list[str]:
    """The ids of the built-in rule sets, sorted."""
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


def builtin_path(ref: str) -> Path | None:
    """The file of the built-in rule set ``ref``, or None when no built-in has that id."""
    if "/" in ref or "\\" in ref or not 0 < len(ref) <= 64:
        return None
    path = builtin_dir() / f"{ref}.yaml"
    return path if path.is_file() else None


def rules_path(ref: str) -> Path:
    """The file a rule-set reference names: a built-in id, or a path to a YAML file."""
    builtin = builtin_path(ref)
    if builtin is not None:
        return builtin
    path = Path(ref)
    try:
        if path.suffix in (".yaml", ".yml", ".json") or path.exists():
            if not path.is_file():
                raise RuleSetError(_("rule set file {name} does not exist").format(name=repr(ref)))
            return path
    except OSError as exc:  # a name too long for the system, a folder that cannot be entered...
        raise RuleSetError(_("rule set {name}: {why}").format(
            name=f"{ref[:40]!r}{'...' if len(ref) > 40 else ''}", why=exc.strerror)) from None
    raise RuleSetError(_("unknown rule set {name} (built-in: {ids}; or give a path)").format(
        name=repr(ref), ids=", ".join(builtin_ids())))
