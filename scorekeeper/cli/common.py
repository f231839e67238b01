"""What every command shares: turning library errors into one-line messages and exit codes,
and the hand options of ``score`` (also used by ``primiera``, ``match add`` and ``match edit``),
read into the library's ``HandSpec`` with each fact's place named by its option."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from scorekeeper._words import cut_short, visible_lines
from scorekeeper.errors import InputErrors, NotationError, ScorekeeperError
from scorekeeper.i18n import N_, _

if TYPE_CHECKING:
    from scorekeeper.config import Config
    from scorekeeper.scoring.hand import HandSpec

T = TypeVar("T")

#: Exit codes besides 0: understood but does not check out / not understood (or refused).
NOT_OK, NOT_UNDERSTOOD = 1, 2


def say(message: str) -> None:
    """A message for the person at the keyboard: standard error, never mixed into results.

    Whatever a message quotes (a name from a file, a rule set's name) is shown with its control and
    bidirectional characters as escapes, so nothing in it can steer the terminal."""
    print(visible_lines(message), file=sys.stderr)


@contextmanager
def reporting(code: int = NOT_UNDERSTOOD) -> Iterator[None]:
    """Run library code; its errors become one line each on standard error and an exit code
    (the first twenty of several, then how many more)."""
    try:
        yield
    except InputErrors as exc:
        for message in cut_short(exc.messages):
            say(_("error: {message}").format(message=message))
        raise typer.Exit(code) from None
    except ScorekeeperError as exc:
        say(_("error: {message}").format(message=exc))
        raise typer.Exit(code) from None


def typed_hand(hand_file: Path | None, pile: list[str] | None, sweeps: list[str] | None = None,
               declare: list[str] | None = None, claim: list[str] | None = None, with_: list[str] | None = None,
               italian_suits: bool | None = False, rules: str | None = None, *, needs_piles: bool = False,
               options: list[str] | None = None, in_match: bool = False, spanish: bool = False) -> HandSpec:
    """The hand a command was given: its hand file, with the hand options laid over it
    (``needs_piles``: refuse a hand with no pile at all, as a command that counts must).

    ``in_match``: a hand of a match, whose suit letters, when neither an option nor a hand file says
    them, are left unsaid (None), to be read as the match's hands were (``history.matches.with_letters``).
    """
    from scorekeeper.scoring.hand import HandSpec, read_hand_file

    spec = read_hand_file(hand_file) if hand_file is not None else HandSpec()
    mine = settings()  # the settings file's game and suit letters, unless the hand or an option says
    letters = italian_suits if in_match else italian_suits or mine.suit_letters in ("italian", "spanish") or None
    spec = with_options(spec, piles=pile or (), sweeps=sweeps or (), declare=declare or (), claims=claim or (),
                        enabled=with_ or (), rules=rules or (None if spec.rules else mine.rules),
                        italian_suits=letters, options=options or ())
    if spanish or (not in_match and italian_suits is not True and hand_file is None
                   and mine.suit_letters == "spanish"):  # not for players: a settings value
        spec = replace(spec, italian_suits=True, spanish=True)
    elif in_match and italian_suits is None and hand_file is None:
        spec = replace(spec, italian_suits=None)
    if needs_piles and not spec.piles:
        raise NotationError(_("no piles: give a hand file or --pile SIDE=CARDS for each side"))
    return spec


def with_options(spec: HandSpec, *, piles: Iterable[str] = (), sweeps: Iterable[str] = (),
                 declare: Iterable[str] = (), claims: Iterable[str] = (), enabled: Iterable[str] = (),
                 rules: str | None = None, italian_suits: bool | None = None, options: Iterable[str] = ()) -> HandSpec:
    """The spec with command-line options laid over it; every bad option is reported together.

    An option replaces what the hand file says for the same side; one side given twice in the
    options is an error (a hand file cannot name a side twice either).
    """
    read = _OptionReader()
    enabled = tuple(enabled)
    where = dict(spec.where)
    new_piles = dict(spec.piles)
    for side, cards in read.by_side("--pile", piles, _("SIDE=CARDS, like Anna='7d Ad 6h'"), read.text).items():
        new_piles[side] = (cards, f"--pile {side}")
    new_sweeps, new_claims = dict(spec.sweeps), dict(spec.claims)
    for key, option, texts, shape, counts in (("sweeps", "--sweeps", sweeps, _("SIDE=N, like Anna=2"), new_sweeps),
                                              ("claims", "--claim", claims, _("SIDE=POINTS, like Anna=4"), new_claims)):
        for side, number in read.by_side(option, texts, shape, read.count).items():
            counts[side] = number
            where[(key, side)] = f"{option} {side}"
    new_declared = {s: dict(d) for s, d in spec.declared.items()}
    shape = _("SIDE:CATEGORY=N, like Anna:bussata=1")
    for named, number in read.by_side("--declare", declare, shape, read.count, what="declaration").items():
        side, colon, cid = (part.strip() for part in named.partition(":"))
        if colon and side:
            new_declared.setdefault(side, {})[cid] = number
            where[("declared", side)] = where[("declared", f"{side}:{cid}")] = f"--declare {side}:{cid}"
        else:
            read.errors.append(_write("--declare", named, shape))
    where.update({("with", cid): f"--with {cid}" for cid in enabled})
    chosen = dict(spec.options)
    for option_id, value in read.options(options).items():
        chosen[option_id] = value
        where[("option", option_id)] = f"--option {option_id}"
    if read.errors:
        raise InputErrors(read.errors)
    return replace(spec, piles=new_piles, sweeps=new_sweeps, claims=new_claims, declared=new_declared,
                   enabled=tuple(dict.fromkeys((*spec.enabled, *enabled))), rules=rules or spec.rules,
                   italian_suits=spec.italian_suits if italian_suits is None else italian_suits, where=where,
                   options=chosen, rules_file=None if rules else spec.rules_file)


def chosen_options(texts: Iterable[str] | None) -> dict[str, str]:
    """``--option ID=VALUE`` texts as option id -> value text; every bad one is reported together."""
    read = _OptionReader()
    chosen = read.options(texts or ())
    if read.errors:
        raise InputErrors(read.errors)
    return chosen


class _OptionReader:
    """Reads ``--option SIDE=VALUE`` texts, keeping every error (each naming its option) for the end."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def options(self, texts: Iterable[str]) -> dict[str, str]:
        """The rule-set options chosen with ``--option ID=VALUE``."""
        return self.by_side("--option", texts, _("ID=VALUE, like fewest-cards=on"), self.text, what="option")

    @staticmethod
    def text(option: str, text: str, value: str) -> str:
        """The value as it was written."""
        return value

    def count(self, option: str, text: str, value: str) -> int | None:
        """The count an option gives, or None with the reason kept."""
        from scorekeeper.scoring.hand import read_count

        try:
            return read_count(int(value), f"{option} {text!r}")
        except NotationError as exc:
            self.errors.append(str(exc))
        except ValueError:
            self.errors.append(_("{option} {text}: {value} is not a whole number").format(
                option=option, text=repr(text), value=repr(value)))
        return None

    def by_side(self, option: str, texts: Iterable[str], shape: str, value: Callable[[str, str, str], T | None],
                what: str = "side") -> dict[str, T]:
        """The options as side -> ``value(option, text, value text)``. An option that cannot be read
        is reported as such; a side given twice among the others is reported naming both options."""
        found: dict[str, T] = {}
        first: dict[str, str] = {}
        for text in texts:
            left, equals, right = text.partition("=")
            side = left.strip()
            if not equals or not side:
                self.errors.append(_write(option, text, shape))
                continue
            got = value(option, text, right.strip())
            if got is None:
                continue
            if side in first:
                self.errors.append(_given_twice(what, side, f"{option} {first[side]!r}", f"{option} {text!r}"))
            else:
                found[side], first[side] = got, text
        return found


def _write(option: str, text: str, shape: str) -> str:
    """An option that cannot be read, and how to write it."""
    return _("{option} {text}: write {shape}").format(option=option, text=repr(text), shape=shape)


def _given_twice(what: str, name: str, first: str, second: str) -> str:
    """A side, declaration or option given twice, naming both places (a whole sentence for each, as
    the words around the name differ by language)."""
    if what == "option":
        return _("option {name} given twice: {first} and {second}").format(name=name, first=first, second=second)
    if what == "declaration":
        return _("declaration {name} given twice: {first} and {second}").format(name=name, first=first,
                                                                                 second=second)
    return _("side {name} given twice: {first} and {second}").format(name=name, first=first, second=second)


RulesOption = Annotated[str | None, typer.Option(
    "--rules", "-r", metavar="ID|PATH", help=N_("Rule set: a built-in id (see 'rules list') or a YAML file."))]
PileOption = Annotated[list[str] | None, typer.Option(
    "--pile", "-p", metavar="SIDE=CARDS", help=N_("What a side captured, e.g. Anna='7d Ad 6h' or Bruno=rest."))]
SweepsOption = Annotated[list[str] | None, typer.Option(
    "--sweeps", "-s", metavar="SIDE=N", help=N_("Sweeps a side made."))]
DeclareOption = Annotated[list[str] | None, typer.Option(
    "--declare", metavar="SIDE:CATEGORY=N", help=N_("Declared points, e.g. Anna:bussata=1."))]
ClaimOption = Annotated[list[str] | None, typer.Option(
    "--claim", metavar="SIDE=POINTS", help=N_("Points the players counted, to be checked."))]
WithOption = Annotated[list[str] | None, typer.Option(
    "--with", "-w", metavar="CATEGORY", help=N_("Turn on an optional category (e.g. napola, re-bello)."))]
ItalianOption = Annotated[bool, typer.Option(
    "--italian-suits",  # not for players: an option's name
    help=N_("Read suit letters as Italian: D denari, C coppe, S spade, B bastoni."))]
MatchLettersOption = Annotated[bool | None, typer.Option(
    "--italian-suits/--french-suits",  # not for players: the options' names
    help=N_("Read suit letters as Italian (D denari, C coppe, S spade, B bastoni) or French; the match remembers "
         "the choice for its next hands (settings: suit_letters)."), show_default=False)]
SpanishOption = Annotated[bool, typer.Option(
    "--spanish-suits",  # not for players: an option's name
    help=N_("Read suit letters as Spanish (O oros, C copas, E espadas, B bastos), a 40-card pack's courts as "
         "10, 11, 12 (sota, caballo, rey); in a match, it remembers the choice."))]
OptionOption = Annotated[list[str] | None, typer.Option(
    "--option", metavar="ID=VALUE",
    help=N_("Choose one of the rule set's options (see 'rules show'), e.g. fewest-cards=on."))]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of a table."))]


_SETTINGS: list[Config] = []


def settings() -> Config:
    """The player's settings file, read once per command (``info`` shows where it is)."""
    if not _SETTINGS:
        from scorekeeper.config import load_config

        _SETTINGS.append(load_config())
    return _SETTINGS[0]


def allow_rules_dirs(folders: list[Path]) -> None:
    """``--rules-dir``: folders whose rule sets the files read may name (``rules.places``)."""
    from scorekeeper.rules.places import allow_rules_dirs as allow

    with reporting():
        allow(folders)


def start_speaking(flag: str | None, command: str | None = None) -> None:
    """Choose the language of the command (--lang, $SCOREKEEPER_LANG, the settings, the locale).

    A settings file that cannot be used stops the command with its reason, except for ``info``,
    which is how a player finds the file to fix it.
    """
    from scorekeeper.config import ConfigError
    from scorekeeper.i18n import choose_language, use

    _SETTINGS.clear()
    configured = None
    with reporting():
        try:
            configured = settings().language
        except ConfigError:
            if command != "info":
                raise
        use(choose_language(flag, configured))
