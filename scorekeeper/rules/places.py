"""Where a rule set named inside a file may be: the one place a file's ``rules:`` or ``extends:`` is resolved.

Hand files, play records, verify lines, imported matches and rule sets come from other people. What
such a file names is a built-in rule set, or a rule-set file (``.yaml``, ``.yml``, ``.json``) in the
file's own folder or a folder below it, or in a folder the user allowed (``scorekeeper --rules-dir
FOLDER``, or ``SCOREKEEPER_RULES_DIRS``, folders joined as in ``PATH``). Anything else is refused
before it is opened, and a file found there that is not a rule set is refused in one line that
names it and quotes nothing of it (``extends.read_rules`` checks that as it reads;
``catalog.named_rules`` is the one call for a reference in a file). A rule set the
user names on the command line is theirs to choose, and is read from wherever it is
(``catalog.load_rules``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from scorekeeper.errors import RuleSetError
from scorekeeper.i18n import _
from scorekeeper.rules.builtins import builtin_dir, builtin_path

#: The variable holding the folders the user allowed; set by ``allow_rules_dirs``, so that worker
#: processes started later (``verify --jobs``) inherit them.
RULES_DIRS_VARIABLE = "SCOREKEEPER_RULES_DIRS"  # not for players: a variable
SUFFIXES = (".yaml", ".yml", ".json")  # not for players: file suffixes
#: The longest path systems take (PATH_MAX): a longer reference is refused without asking the system.
_MAX_REF = 4096


def shown_ref(ref: str) -> str:
    """A reference as messages quote it: at most 40 characters."""
    return f"{ref[:40]!r}{'...' if len(ref) > 40 else ''}"


def allowed_dirs() -> tuple[Path, ...]:
    """The folders the user allowed rule sets named in files to come from, resolved."""
    found = []
    for text in os.environ.get(RULES_DIRS_VARIABLE, "").split(os.pathsep):
        if text and "\0" not in text:
            try:
                found.append(Path(text).expanduser().resolve())
            except (OSError, RuntimeError):  # a folder that cannot be resolved allows nothing
                continue
    return tuple(found)


def allow_rules_dirs(folders: Iterable[Path]) -> None:
    """Let files name rule sets in these folders too (each must be a folder), in this process and
    in the processes it starts."""
    chosen = []
    for folder in folders:
        if not folder.is_dir():
            raise RuleSetError(_("--rules-dir {folder}: no such folder").format(folder=folder))
        chosen.append(str(folder.resolve()))
    before = os.environ.get(RULES_DIRS_VARIABLE)
    os.environ[RULES_DIRS_VARIABLE] = os.pathsep.join(([before] if before else []) + chosen)


def plain_name(text: str) -> bool:
    """A name that cannot be taken for a path (a rule set's id): no separator, no control
    character, at most 64 characters."""
    return 0 < len(text) <= 64 and not any(c in "/\\" or ord(c) < 32 or c == "\x7f" for c in text)


def _folder_of(named_in: str | Path | None) -> Path:
    """The folder a file's references are read from: its own; the working folder for standard input."""
    if named_in is None or str(named_in) in ("-", "<stdin>"):
        return Path.cwd()
    return Path(named_in).parent


def rule_file(ref: str, named_in: str | Path | None, where: str, key: str = "rules") -> Path:
    """The rule-set file that ``key: ref`` (at ``where``, in the file ``named_in``) names, resolved;
    refused, with nothing opened, when it lies outside the places a file may name."""
    name = shown_ref(ref)
    if not ref or len(ref) > _MAX_REF or any(ord(c) < 32 or c == "\x7f" for c in ref):
        raise RuleSetError(_("{where}: {key}: {name} is not a rule-set id or path").format(
            where=where, key=key, name=name))
    folder = _folder_of(named_in)
    try:
        folder = folder.resolve()
        path = (folder / ref).resolve()
        inside = any(path.is_relative_to(place) for place in (folder, *allowed_dirs()))
        if inside and path.suffix.lower() in SUFFIXES and path.is_file():
            return path
    except OSError as exc:  # a name too long for the system, a folder that cannot be entered...
        raise RuleSetError(_("{where}: {key}: rule set {name}: {why}").format(
            where=where, key=key, name=name, why=exc.strerror or type(exc).__name__)) from None
    except RuntimeError:  # Path.resolve before Python 3.13: symbolic links that lead round in a loop
        raise RuleSetError(_("{where}: {key}: rule set {name}: its symbolic links go round in a loop").format(
            where=where, key=key, name=name)) from None
    if not inside:
        raise RuleSetError(_("{where}: {key}: {name} is neither a built-in rule set nor a file in the folder of "
                             "{file}; refused (scorekeeper --rules-dir FOLDER allows another folder)").format(
            where=where, key=key, name=name, file=_file_name(named_in)))
    if path.suffix.lower() not in SUFFIXES:
        raise RuleSetError(_("{where}: {key}: {name} is not a rule-set file (.yaml, .yml or .json); refused").format(
            where=where, key=key, name=name))
    raise RuleSetError(_("{where}: {key}: no rule set {name}").format(where=where, key=key, name=name))


def _file_name(named_in: str | Path | None) -> str:
    return _("standard input") if named_in is None or str(named_in) in ("-", "<stdin>") else str(named_in)


def named_rule_ref(ref: str, named_in: str | Path | None, where: str, key: str = "rules") -> str:
    """What ``catalog.load_rules`` takes for ``key: ref`` in a file: the built-in id, or the full path
    of the rule-set file it names (see ``rule_file``)."""
    return ref if builtin_path(ref) is not None else str(rule_file(ref, named_in, where, key))


def parents_allowed(sources: Sequence[str]) -> bool:
    """Whether each file of a rule set's chain (the file first, then its parent, and so on) lies
    where the file before it may name it: a check of a cached rule set, made when it was read."""
    try:
        builtins, allowed = builtin_dir().resolve(), allowed_dirs()
        for child, parent in zip(sources, sources[1:], strict=False):
            path = Path(parent)
            if not any(path.is_relative_to(p) for p in (builtins, Path(child).parent, *allowed)):
                return False
    except (OSError, RuntimeError):
        return False
    return True
