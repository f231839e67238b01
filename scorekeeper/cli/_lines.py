"""Reading answers at the ``match add`` prompt: at a terminal with line editing, a history per kind of
question (the Up arrow brings back the pile just refused) and Tab completion, through the standard
library's readline; from a pipe or a test, as plain lines.

readline is used only when standard input and output are both the terminal: it writes the question to
standard output, which must stay clean when it is redirected (``match add --json > hand.json``); the
plain path writes questions to standard error, as click's prompts did.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from types import ModuleType

import typer

from scorekeeper._words import visible
from scorekeeper.i18n import _

#: Where a token of a pile ends: readline completes the word after the last of these. Not ":" (a suit
#: group "d:A7" is one token) nor "=" or "+" (a side's name may hold them).
_DELIMITERS = " \t\n,"


def _readline() -> ModuleType | None:
    """The readline module when both ends are the terminal, else None."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        import readline
    except ImportError:  # Python built without it (some Windows builds): plain lines still work
        return None
    return readline


class LineReader:
    """Asks questions one line at a time; ``words`` are offered by Tab (cards, sides, categories)."""

    def __init__(self) -> None:
        self._readline = _readline()
        self._histories: dict[str, list[str]] = {}
        self._words: list[str] = []
        if self._readline is not None:
            rl = self._readline
            rl.set_completer_delims(_DELIMITERS)
            rl.set_completer(self._complete)
            # libedit (macOS) reads its own syntax for the same binding
            libedit = "libedit" in (rl.__doc__ or "")
            rl.parse_and_bind("bind ^I rl_complete" if libedit else "tab: complete")  # not for players: bindings

    @property
    def editing(self) -> bool:
        """Whether answers are read with line editing (at a terminal)."""
        return self._readline is not None

    def ask(self, question: str, *, default: str | None = None, kind: str = "", words: Iterable[str] = (),
            typed: str | None = None) -> str:
        """One answer, stripped; Enter alone gives ``default`` (or the empty answer). ``kind`` names the
        history the answer joins: a pile is recalled at a pile's question, a count at a count's.

        ``typed``: an answer already typed in, to be mended (an old pile, at ``match edit``); at a
        terminal it stands on the line to be edited, elsewhere it is the default."""
        editing = typed is not None and self._readline is not None
        if typed is not None and not editing:
            default = typed
        shown = visible(question) + (f" [{visible(default)}]" if default else "") + ": "
        self._words = sorted(set(words), key=str.casefold)
        history = self._histories.setdefault(kind, [])
        try:
            answer = self._read(shown, history, typed if editing else None)
        except (EOFError, KeyboardInterrupt):
            # said in the player's language (click's own "Aborted!" is English only)
            print(file=sys.stderr)
            print(_("Stopped: nothing was stored."), file=sys.stderr)
            raise typer.Exit(1) from None
        answer = answer.strip()
        if answer and (not history or history[-1] != answer):
            history.append(answer)
        return answer or (default or "")

    def _read(self, shown: str, history: list[str], typed: str | None = None) -> str:
        rl = self._readline
        if rl is None:
            print(shown, end="", file=sys.stderr, flush=True)
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        rl.clear_history()
        for line in history:
            rl.add_history(line)
        if typed is None:
            return input(shown)

        def pre_type() -> None:  # readline's pre-input hook: the old answer on the line, the cursor after it
            rl.insert_text(typed)
            rl.redisplay()

        rl.set_pre_input_hook(pre_type)
        try:
            return input(shown)
        finally:
            rl.set_pre_input_hook(None)

    def _complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th word that starts with ``text`` (any letter case)."""
        folded = text.casefold()
        found = [w for w in self._words if w.casefold().startswith(folded)]
        return found[state] if state < len(found) else None
