r"""The one root exception and its kinds; only the CLI turns them into messages and exit codes.

A message quotes the input it refuses, and that input may come from anyone: every character of it
that a terminal would act on rather than show (an escape, a bell, a bidi control, a line break) is
written as its escape (``_words.visible``), so a message is one plain line wherever it is printed.

>>> str(NotationError("'7\x1b[2J' is not a card")), str(HandError("pile of \u202eannA\nerror: forged"))
("'7\\x1b[2J' is not a card", 'pile of \\u202eannA\\nerror: forged')
"""

from scorekeeper import i18n
from scorekeeper._words import visible
from scorekeeper.i18n import _


class ScorekeeperError(Exception):
    """Anything scorekeeper refuses: the message names the bad input and where it was (printable)."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(visible(a) if isinstance(a, str) else a for a in args))


i18n.language_error = ScorekeeperError  # an unknown --lang is refused like any other bad input


class NotationError(ScorekeeperError, ValueError):
    """A card, pile or option that cannot be read."""


class RuleSetError(ScorekeeperError, ValueError):
    """A rule set that cannot be found, read or validated."""


class HandError(ScorekeeperError, ValueError):
    """A hand whose facts contradict its rule set before any counting (unknown side or category)."""


class InputErrors(ScorekeeperError, ValueError):
    """Several problems found in one piece of input, reported together, one per line."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = [visible(m) for m in messages]
        Exception.__init__(self, "\n".join(self.messages))


def unreadable(exc: BaseException) -> str:
    """Why a file could not be read, in a few plain words."""
    if isinstance(exc, UnicodeDecodeError):
        return _("it is not UTF-8 text")
    if isinstance(exc, FileNotFoundError):
        return _("no such file")
    if isinstance(exc, IsADirectoryError):
        return _("it is a folder")
    if isinstance(exc, PermissionError):
        return _("permission denied")
    return getattr(exc, "strerror", None) or exc.__class__.__name__
