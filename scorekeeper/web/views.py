"""What the templates show, laid out from the library's values: the deck as tiles, a match's sheet.

Nothing is counted here: the points, totals and notes are the library's, only arranged for a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from scorekeeper.cards import SUITS, Deck, Suit
from scorekeeper.errors import ScorekeeperError
from scorekeeper.history.matches import Match
from scorekeeper.history.pending import Pending, pending_count
from scorekeeper.history.problems import hand_problems
from scorekeeper.i18n import N_, translated
from scorekeeper.match.ending import HandLine
from scorekeeper.match.settings import FINISHES
from scorekeeper.output.sheet import line_notes, outcome
from scorekeeper.rules.ruleset import DeclaredCategory
from scorekeeper.scoring.dispute import PrimieraDispute
from scorekeeper.web._i18n import _


def suit_names(suit: Suit) -> tuple[str, str]:
    """A suit's Italian-suited and French-suited names, in the active language."""
    return {Suit.DIAMONDS: (_("denari"), _("diamonds")), Suit.HEARTS: (_("coppe"), _("hearts")),
            Suit.SPADES: (_("spade"), _("spades")), Suit.CLUBS: (_("bastoni"), _("clubs"))}[suit]


@dataclass(frozen=True)
class Tile:
    """One card of the deck as a tile: its canonical text (sent in the form) and what it shows."""

    card: str
    rank: str
    symbol: str


@dataclass(frozen=True)
class SuitRow:
    """A suit's tiles, headed with its names."""

    suit: str
    names: str
    symbol: str
    tiles: tuple[Tile, ...]


def deck_rows(deck: Deck) -> list[SuitRow]:
    """The deck's cards by suit, in the Italian order (coins, cups, swords, batons), ranks ascending;
    Italian-suited names first for the 40-card decks, French-suited ones for the 52-card deck."""
    rows = []
    for suit in SUITS:
        italian, french = suit_names(suit)
        names = f"{italian} · {french}" if len(deck.ranks) <= 10 else f"{french} · {italian}"
        tiles = tuple(Tile(str(c), c.rank.value, suit.symbol) for c in deck.cards if c.suit is suit)
        rows.append(SuitRow(suit.value, names, suit.symbol, tiles))
    return rows


def declared_ids(match: Match) -> list[tuple[str, str]]:
    """The declared categories of the match's rule set that a hand may give: (id, title)."""
    enabled = set(match.settings.enabled)
    return [(c.id, c.title) for c in match.settings.rules.categories
            if isinstance(c, DeclaredCategory) and (not c.optional or c.id in enabled)]


# Each ending policy in players' words (the ids are the rule files' and the command's).
_FINISHES = {"highest": N_("the highest total wins once a side reaches the target"),  # not for players: an id
             "count-out": N_("the first to reach the target wins at once"),  # not for players: an id
             "count-out-if-tied":  # not for players: an id
                 N_("the highest total wins once a side reaches the target; a tie is counted out"),
             "claim": N_("a side claims to have reached the target")}  # not for players: an id


def finish_words(finish: str) -> str:
    """An ending policy in players' words (an id with none is shown as it is)."""
    return translated(_FINISHES[finish]) if finish in _FINISHES else finish


def finish_choices() -> list[tuple[str, str]]:
    """The ending policies a new match may take: (id, words)."""
    return [(finish, finish_words(finish)) for finish in FINISHES]


def _state_id(match: Match) -> str:
    """Where the match stands, as the page's style names it (the same in every language)."""
    state = match.state
    if state.finished:
        return "won" if state.winner else "over"  # not for players: style names
    return "playoff" if state.playoff else "playing"  # not for players: style names


def state_word(match: Match) -> str:
    """One word for where the match stands: playing, playoff, won or over."""
    state = match.state
    if state.finished:
        return _("won") if state.winner else _("over")
    return _("playoff") if state.playoff else _("playing")


# An older hand's line, drawn here rather than in the template: a long match has hundreds of them,
# and Jinja drawing them cell by cell took most of the sheet's time (bench_web).
_LINE = ('<tr id="hand-{n}" class="line"><td><a href="/m/{m}?hand={n}#hand-{n}">{n}</a>{forced}</td>{cells}'
         '<td><a href="/m/{m}/hand?edit={n}" aria-label="{label}">{edit}</a></td></tr>\n')  # not for players: markup
_CELL = "<td><strong>{total}</strong> <small>+{points}</small></td>"  # not for players: markup
_CELL_OUT = "<td><strong>{total}</strong></td>"  # not for players: markup (a side that sat the hand out)


def heading(match: Match) -> dict[str, Any]:
    """What every page of a match shows of it: its name, rules, sides, totals, state and outcome."""
    names = match.settings.side_names
    return {"id": match.id, "name": match.settings.name, "rules": match.settings.rules.name,
            "rules_id": match.settings.rules.id,  # not for players: the view's keys
            "target": match.settings.target, "finish": finish_words(match.settings.finish),
            "enabled": [c.title for c in match.settings.rules.categories if c.id in match.settings.enabled],
            "names": list(names),
            "totals": [match.state.totals[n] for n in names], "outcome": outcome(match),
            "state": state_word(match), "state_id": _state_id(match),  # not for players: the view's keys
            "finished": match.state.finished, "winner": match.state.winner,
            "stake": match.state.stake, "next_number": match.state.hands + 1,  # not for players: the view's keys
            "next_sides": list(match.state.next_sides),  # not for players: the view's keys
            "played": match.state.hands}  # not for players: the view's keys


def sheet(match: Match, detailed: int | None = None, opened: int | None = None) -> dict[str, Any]:
    """The match sheet: the heading, then every hand in order; each category of the last ``detailed`` hands
    (None: of every hand) and of hand ``opened``, the older ones on one line each (in blocks of markup)."""
    names = match.settings.side_names
    lines = match.state.lines
    first = 0 if detailed is None else max(0, len(lines) - detailed)
    shown: list[dict[str, Any]] = []
    older: list[HandLine] = []
    for line in lines:
        if line.number > first or line.number == opened:
            if older:
                shown.append({"detailed": False, "rows": hand_lines(match.id, older, names)})
                older = []
            shown.append({"detailed": True, "number": line.number,
                          "points": [line.points.get(n) for n in names],
                          "totals": [line.totals[n] for n in names], "forced": line.hand.forced,
                          **_categories(match, line, names)})
        else:
            older.append(line)
    if older:
        shown.append({"detailed": False, "rows": hand_lines(match.id, older, names)})
    return {**heading(match), "hands": shown, "summarised": first}  # not for players: the view's keys


def hand_lines(match_id: int, lines: Sequence[HandLine], names: Sequence[str]) -> Markup:
    """Hands on one line each: the number (a link that opens its categories), each side's running total
    and points, 'forced' if it was stored with problems, and the link to edit it."""
    edit = escape(_("edit"))
    forced = Markup(" <small>{word}</small>").format(word=_("forced"))  # not for players: markup
    label = _("Edit hand {number}")
    rows = []
    for line in lines:
        cells = "".join(_CELL_OUT.format(total=line.totals[n]) if line.points.get(n) is None
                        else _CELL.format(total=line.totals[n], points=line.points[n]) for n in names)
        rows.append(_LINE.format(n=line.number, m=match_id, cells=cells, edit=edit,
                                 forced=forced if line.hand.forced else "",
                                 label=escape(label.format(number=line.number))))
    return Markup("".join(rows))


def _categories(match: Match, line: HandLine, names: Sequence[str]) -> dict[str, Any]:
    """A hand's categories with each side's points (None: the side sat out), its notes and its problems
    (in the reader's language: ``hand_problems``)."""
    hand = line.hand
    categories = [{"label": c.label, "counted": counted,
                   "points": [c.points[hand.sides.index(n)] if n in hand.sides else None for n in names]}
                  for c, counted in zip(hand.categories, line.counted, strict=True)]
    problems = list(hand_problems(match, line.number)) if hand.forced else []
    return {"categories": categories, "notes": line_notes(line), "problems": problems}


def version(hands: int, totals: Mapping[str, int], finished: bool, winner: str | None) -> str:
    """A short text that changes whenever a match's summary does (hands, totals, result)."""
    points = ",".join(str(v) for _k, v in sorted(totals.items()))
    return f"{hands}:{points}:{int(finished)}:{winner or ''}"


def primiera_answer(dispute: PrimieraDispute) -> dict[str, Any]:
    """A settled primiera for the page: the verdict, and each side's best card per suit with its value."""
    sides = []
    for name, side in zip(dispute.sides, dispute.by_side, strict=True):
        best = [(suit_names(s)[0], str(card), dispute.values[card.rank])
                for s, card in ((s, side.best.get(s)) for s in SUITS) if card is not None]
        sides.append({"name": name, "total": side.total, "best": best,
                      "missing": [suit_names(s)[0] for s in side.missing]})
    return {"reason": dispute.reason, "problems": list(dispute.problems), "sides": sides}


def pending(match: Match, waiting: list[Pending], device: str = "") -> list[dict[str, Any]]:
    """The hands waiting for confirmation: what was typed, who sent it, who may confirm it, and whether
    this phone (``device``) sent it: then it may withdraw it, not confirm it."""
    shown = []
    for p in waiting:
        piles = p.typed.get("piles", {})
        sweeps = p.typed.get("sweeps", {})
        try:
            counted = pending_count(match, p)
        except ScorekeeperError:  # kept from an older version of the hand's words: its piles still show
            counted = None
        result = counted.result if counted is not None else None
        stale = p.number != match.state.hands + 1 or match.state.finished
        mine = bool(device) and device == p.device
        shown.append({"id": p.id, "number": p.number, "by": p.by, "at": p.at, "forced": p.forced,
                      "piles": [(side, str(text), int(sweeps.get(side, 0))) for side, text in piles.items()],
                      "stale": stale,
                      "others": [n for n in match.settings.side_names if n != p.by],
                      "mine": mine, "withdraw": mine or stale or not p.device,  # as withdraw_pending allows
                      "points": list(zip(result.sides, result.totals, strict=True)) if result else [],
                      "won": [(c.label, [(s, n) for s, n in zip(result.sides, c.points, strict=True) if n])
                              for c in result.categories if any(c.points)] if result else []})
    return shown
