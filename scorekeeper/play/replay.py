"""Replaying a hand play by play: every play checked, then the piles, sweeps and the count.

The count of a replayed hand is made by ``Counter.score`` from the piles and sweeps the plays
produced, so it is exactly what ``score`` gives for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper._words import cut_short, or_list
from scorekeeper.cards import Deck
from scorekeeper.documents import read_document
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.i18n import _, ngettext
from scorekeeper.play._text import shown
from scorekeeper.play.capture import Capture, CaptureEngine, IllegalPlayError, TooManyCaptures
from scorekeeper.play.deals import misdeal
from scorekeeper.play.game import Game
from scorekeeper.play.records import Play, Record, matta_problem, read_record, record_enabled, record_keys, record_rules
from scorekeeper.scoring.count import HandEntry, HandResult
from scorekeeper.scoring.hand import hand_from_mapping
from scorekeeper.scoring.piles import split_deck

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # a dataclass that compiles no method (see scorekeeper._frozen)
    from scorekeeper._frozen import dataclass


@dataclass()
class Replayed:
    """The outcome of a replay: the first illegal play, or the piles, sweeps and count."""

    record: Record
    sides: tuple[str, ...]
    deck: Deck
    plays: int = 0
    illegal: tuple[int, str] | None = None  # play number (0: the deal or the end), reason
    piles: tuple[int, ...] = ()  # masks over the deck, per side
    sweeps: tuple[int, ...] = ()
    left: int = 0
    taker: str | None = None
    opening: int = 0  # the table the dealer took at the deal (Escoba, Cirulla)
    dealer: str | None = None
    opening_note: str = ""  # that taking in words: "the table dealt (...) makes 15: ..."
    result: HandResult | None = None
    mismatches: list[str] = field(default_factory=list)

    # Written here rather than compiled at every start with two other methods (see scorekeeper._frozen).
    def __init__(self, record: Record, sides: tuple[str, ...], deck: Deck, plays: int = 0,
                 illegal: tuple[int, str] | None = None, piles: tuple[int, ...] = (), sweeps: tuple[int, ...] = (),
                 left: int = 0, taker: str | None = None, opening: int = 0, dealer: str | None = None,
                 opening_note: str = "", result: HandResult | None = None, mismatches: list[str] | None = None,
                 log: list[str] | None = None) -> None:
        self.record, self.sides, self.deck, self.plays, self.illegal = record, sides, deck, plays, illegal
        self.piles, self.sweeps, self.left, self.taker, self.opening = piles, sweeps, left, taker, opening
        self.dealer, self.opening_note, self.result = dealer, opening_note, result
        self.mismatches = [] if mismatches is None else mismatches
        self.log = [] if log is None else log
    log: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.illegal is None and not self.mismatches and self.result is not None and self.result.ok

    @property
    def where(self) -> str:
        """Where the record went wrong: its file, and the illegal play's number if a play did."""
        source = self.record.source
        if self.illegal and self.illegal[0]:
            return _("{source}: play {number}").format(source=source, number=self.illegal[0])
        return source

    def cards(self, mask: int) -> list[str]:
        """The cards of a mask (a pile, what was left, the opening table) in canonical text, deck order."""
        return [str(card) for card in self.deck.cards_in(mask)]

    @property
    def side_piles(self) -> dict[str, list[str]]:
        """Each side's pile at the end of the hand, in canonical text (none when a play was illegal)."""
        if not self.piles:
            return {}
        return {side: self.cards(mask) for side, mask in zip(self.sides, self.piles, strict=True)}

    def to_dict(self, *, log: bool = False) -> dict[str, Any]:
        """The JSON shape of the ``replay`` command; ``log`` adds every play in words."""
        body: dict[str, Any] = {"legal": self.illegal is None, "plays": self.plays}
        if self.illegal is not None:
            body["illegal"] = {"play": self.illegal[0], "reason": self.illegal[1]}
        elif self.result is not None:
            body["piles"] = {side: " ".join(cards) for side, cards in self.side_piles.items()}
            body["sweeps"] = dict(zip(self.sides, self.sweeps, strict=True))
            body["last_capture"] = {"side": self.taker, "left": self.cards(self.left)}  # not for players: JSON
            if self.opening:
                body["opening"] = {"side": self.dealer, "cards": self.cards(self.opening)}
            body["problems"] = self.mismatches
            body["score"] = self.result.to_dict()
        if log:
            body["log"] = self.log
        return body


def replay_file(path: str | Path, rules: str | None = None, *, log: bool = False,
                options: Mapping[str, object] | None = None) -> Replayed:
    """Read a record file (YAML, or JSON by ``.json``; ``-`` is standard input) and replay it.

    The rule set is ``rules`` if given, else the record's ``rules:``, else Scopa; ``options`` are
    chosen over the record's own ``options:``.
    """
    data, source = read_document(path, "record")
    return replay_data(data, source, rules, log=log, options=options)


def replay_data(data: Any, source: str, rules: str | None = None, *, log: bool = False,
                options: Mapping[str, object] | None = None) -> Replayed:
    """Replay a record already read as plain data (a mapping as a record file holds); ``source``
    names it in messages. The rule set is ``rules`` if given, else the record's ``rules:``, else Scopa.
    """
    record_keys(data, source)
    engine = CaptureEngine(record_rules(data, source, rules, options, named_in=source), record_enabled(data))
    return replay(read_record(data, source, engine.deck), engine, log=log)


def _seating(record: Record) -> tuple[tuple[str, ...], list[int]]:
    if not record.teams:
        return record.players, list(range(len(record.players)))
    sides = tuple(record.teams)
    return sides, [next(i for i, s in enumerate(sides) if p in record.teams[s]) for p in record.players]


def replay(record: Record, engine: CaptureEngine, *, log: bool = False, count: bool = True) -> Replayed:
    """Check a record play by play; stop at the first illegal play. ``count=False`` leaves the
    count of the piles (``result``) to the caller (``verify`` asks only for its problems)."""
    deck = engine.deck
    sides, side_of = _seating(record)
    out = Replayed(record, sides, deck)
    problem = _deal_problem(record, engine)
    void = None if problem else misdeal(engine, record.table)
    problem = problem or (_("deal: {problem}").format(problem=void) if void else None) \
        or matta_problem(record, engine.rules)
    if problem:
        out.illegal = (0, problem)
        return out
    batches = [list(rounds) for rounds in record.batches]
    matta = record.matta
    played = engine if matta is None else engine.as_named(matta[0])  # the piles are counted on ``engine``
    game = Game(played, batches, record.table, side_of, len(sides), record.players)
    index = {p: i for i, p in enumerate(record.players)}
    out.opening, out.dealer = game.opening, sides[side_of[-1]]
    if game.opening and game.opened is not None:
        dealt = engine.describe(game.opening).replace(" + ", " ")
        swept = sum(game.sweeps)
        if game.opened.wild:
            note = ngettext("the table dealt ({cards}) makes {total}, the {card} counting {value}: {dealer}, the "
                            "dealer, takes it ({count} sweep)",
                            "the table dealt ({cards}) makes {total}, the {card} counting {value}: {dealer}, the "
                            "dealer, takes it ({count} sweeps)", swept)
        else:
            note = ngettext("the table dealt ({cards}) makes {total}: {dealer}, the dealer, takes it ({count} sweep)",
                            "the table dealt ({cards}) makes {total}: {dealer}, the dealer, takes it ({count} sweeps)",
                            swept)
        wild = game.opened.wild or ("", 0)
        out.opening_note = note.format(cards=dealt, total=game.opened.total, card=wild[0], value=wild[1],
                                       dealer=shown(out.dealer), count=swept)
        if log:
            out.log.append(f"0. {out.opening_note}")
    if log and matta is not None and played is not engine:
        out.log.append("0. " + _("the {card} plays as rank {rank} (named in a declaration)").format(
            card=engine.spec.opening_wild, rank=matta[0].value))
    seats, play_one = len(record.players), game.play
    for number, who, card, take, build, onto in record.plays:
        try:
            player = index.get(who)
            if player != game.turn % seats:  # players play in turn (Game.player)
                if player is None:
                    raise IllegalPlayError(_("{player} has no hand in the deal ({players})").format(
                        player=repr(who), players=shown(", ".join(record.players))))
                raise IllegalPlayError(_("it is {player}'s turn, not {other}'s (players play in the order of the "
                                         "deal's hands)").format(player=shown(record.players[game.player]),
                                                                 other=shown(who)))
            if log:  # only the log reads them
                last, before = game.last, game.table.mask
            capture = play_one(player, card, take, None if build is None else (build, onto))
        except IllegalPlayError as exc:
            out.illegal, out.plays = (number, str(exc)), number - 1  # plays are numbered from 1 in turn
            return out
        except TooManyCaptures as exc:
            raise TooManyCaptures(exc.limit, exc.what, _("{source}: play {number}").format(
                source=record.source, number=number)) from None
        if log:
            out.log.append(_logged(played, record.plays[number - 1], capture,
                                   last and capture is not None and capture.mask == before))
    out.plays = len(record.plays)
    if game.turn < game.total:
        held = [f"{shown(record.players[i])} {engine.describe(m).replace(' + ', ' ')}"
                for i, m in enumerate(game.holding) if m]
        unplayed = game.total - game.turn
        reason = ngettext("the record ends after {plays} plays, but the hand is not over ({count} card unplayed; "
                          "still held: {held})",
                          "the record ends after {plays} plays, but the hand is not over ({count} cards unplayed; "
                          "still held: {held})", unplayed).format(
            plays=game.turn, count=unplayed, held="; ".join(held) or _("none"))
        out.illegal = (0, reason)
        return out
    out.left = game.finish()
    taker = game.last_capturer
    out.taker = sides[taker] if taker is not None else None
    out.piles, out.sweeps = tuple(game.piles), tuple(game.sweeps)
    if count:
        out.result = engine.counter.score_masks(replayed_entry(record, sides, out.sweeps), out.piles)
    out.mismatches = cut_short(_compare(record, engine, sides, out.piles, out.sweeps))
    return out


def _logged(engine: CaptureEngine, play: Play, capture: Capture | None, cleared_last: bool) -> str:
    head = f"{play.number}. {shown(play.player)} {engine.names[play.card]}"
    if play.build is not None:
        return _("{play} builds {value} on {cards}").format(play=head, value=play.build, cards=engine.text(play.onto))
    if capture is None:
        return _("{play} is laid on the table").format(play=head)
    if capture.sweep:
        words = _("{play} takes {cards} (sweep)")
    elif cleared_last:
        words = _("{play} takes {cards} (last play: no sweep)")
    else:
        words = _("{play} takes {cards}")
    return words.format(play=head, cards=engine.describe(capture.mask).replace(" + ", " "))


def _deal_problem(record: Record, engine: CaptureEngine) -> str | None:
    """What makes the deal one the game never deals, checked before any play is replayed: a table of
    the whole pack would otherwise have more captures to list than there is time."""
    deck = engine.deck
    problem = seats_problem(engine, record.players, record.teams)
    if problem:
        return problem
    players = len(record.players)
    if record.repeated:  # the table is the last group
        group, card, first = record.repeated
        if group == first:  # twice in one hand, or twice on the table
            if group == players:
                return _("deal: {card} is dealt twice to the table").format(card=card)
            return _("deal: {card} is dealt twice to {player}").format(card=card, player=shown(record.players[group]))
        if group == players:
            return _("deal: {card} is on the table and also dealt to {player}").format(
                card=card, player=shown(record.players[first]))
        return _("deal: {card} is dealt twice ({first} and {second})").format(
            card=card, first=shown(record.players[first]), second=shown(record.players[group]))
    placed = record.table
    for rounds in record.batches:
        for mask in rounds:
            placed |= mask
    missing = deck.cards_in(deck.full & ~placed)
    if missing:
        return ngettext("deal: {count} card of the {deck} deck is in no hand and not on the table: {cards}",
                        "deal: {count} cards of the {deck} deck are in no hand and not on the table: {cards}",
                        len(missing)).format(count=len(missing), deck=deck.id, cards=" ".join(map(str, missing)))
    return sizes_problem(engine, record.players, record.dealt, record.table.bit_count())


def seats_problem(engine: CaptureEngine, names: Sequence[str], teams: Mapping[str, Sequence[str]]) -> str | None:
    """Whether the game is played by this many players (and in these teams)."""
    rules = engine.rules
    sides, players = rules.sides, len(names)
    if teams:
        sizes = {len(members) for members in teams.values()}
        shape = f"{len(teams)}x{sizes.pop()}" if len(sizes) == 1 else ""
        if shape in sides.teams or (shape.endswith("x1") and sides.singles and sides.min <= players <= sides.max):
            return None
        seated = (_("{count} players in teams {shape}").format(count=players, shape=shape) if shape
                  else _("{count} players in teams of unequal size").format(count=players))
    else:
        if sides.singles and sides.min <= players <= sides.max:
            return None
        in_teams = any(int(t.split("x")[0]) * int(t.split("x")[1]) == players for t in sides.teams)
        if in_teams:
            seated = ngettext("{count} player without teams", "{count} players without teams", players)
        else:
            seated = ngettext("{count} player", "{count} players", players)
        seated = seated.format(count=players)
    ways = []
    if sides.singles:
        ways.append(ngettext("{count} player", "{count} players", sides.min).format(count=sides.min)
                    if sides.min == sides.max else
                    _("{low} to {high} players").format(low=sides.min, high=sides.max))
    if sides.teams:
        ways.append(_("teams ({shapes})").format(shapes=", ".join(sides.teams)))
    return _("deal: {rules} is played by {ways}, not by {seated}").format(rules=rules.name, ways=or_list(ways),
                                                                         seated=seated)


def sizes_problem(engine: CaptureEngine, names: Sequence[str], dealt: Sequence[Sequence[int]],
                  table: int) -> str | None:
    """Whether the table (``table`` cards) and each hand (``dealt``: cards per round, per player) hold
    as many cards as the game deals them."""
    deal, name = engine.spec.deal, engine.rules.name
    if table != deal.table:
        return ngettext("deal: {rules} deals {count} card to the table, not {given}",
                        "deal: {rules} deals {count} cards to the table, not {given}", deal.table).format(
            rules=name, count=deal.table, given=table)
    players = len(names)
    spare = len(engine.deck.cards) - deal.table
    if spare % (players * deal.hand):
        return _("deal: the {count} cards left after the table do not deal out to {players} players in rounds of "
                 "{size} ({rules})").format(count=spare, players=players, size=deal.hand, rules=name)
    each = spare // players
    for player, rounds in zip(names, dealt, strict=True):
        held = sum(rounds)
        if held != each:
            return _("deal: {player} is dealt {count} cards; in {rules} with {players} players each is dealt "
                     "{each}").format(player=shown(player), count=held, rules=name, players=players, each=each)
        if len(rounds) > 1 and rounds.count(deal.hand) != len(rounds):
            number, size = next((n, s) for n, s in enumerate(rounds, start=1) if s != deal.hand)
            return ngettext("deal: {player} is dealt {count} card in round {number}; {rules} deals {size} a round",
                            "deal: {player} is dealt {count} cards in round {number}; {rules} deals {size} a round",
                            size).format(player=shown(player), count=size, number=number, rules=name, size=deal.hand)
    return None


def replayed_entry(record: Record, sides: tuple[str, ...], sweeps: tuple[int, ...]) -> HandEntry:
    """The hand a replay counts: the sweeps the plays made, with the record's own facts (``with``,
    ``declared``, ``claims``, as a hand file has them); its piles, every card once, are masks
    (``Counter.score_masks``)."""
    typed = dict(zip(sides, sweeps, strict=True))
    if not record.hand_facts:
        return HandEntry(sides, (), typed)
    spec = hand_from_mapping({**record.hand_facts, "piles": dict.fromkeys(sides, "")}, record.source)
    return HandEntry(sides, (), typed, spec.declared, spec.claims, spec.enabled)


def _compare(record: Record, engine: CaptureEngine, sides: tuple[str, ...], piles: tuple[int, ...],
             sweeps: tuple[int, ...]) -> list[str]:
    """What the record's own piles and sweeps say that the plays contradict."""
    out = []
    if record.piles is not None:
        for side, (text, at) in record.piles.items():
            if side in sides and text == engine.text(piles[sides.index(side)]) and not record.reader.italian_suits:
                continue  # as simulate writes it: canonical tokens in deck order
            where = _("{where}: pile of {side}").format(where=at, side=shown(side))  # worded only where it is read
            if side not in sides:
                out.append(_("{where}: no side {side} plays in this record").format(where=where, side=repr(side)))
                continue
            try:
                cards = record.reader.cards(text, where)  # the record's suit letters
            except (InputErrors, NotationError) as exc:
                out += exc.messages if isinstance(exc, InputErrors) else [str(exc)]
                continue
            split = split_deck(engine.deck, [cards])
            if split.repeated:  # read as a set, a card listed twice would pass unseen
                out.append(_("pile of {side}: {card} is twice in this pile").format(side=side,
                                                                                   card=split.repeated[0][1]))
                continue
            stated = split.masks[0]
            got = piles[sides.index(side)]
            if stated != got:
                extra, lacking = stated & ~got, got & ~stated
                if extra and lacking:
                    wrong = _("{where}: the recorded pile lists {cards} that the plays gave elsewhere and lacks "
                              "{missing}")
                elif extra:
                    wrong = _("{where}: the recorded pile lists {cards} that the plays gave elsewhere")
                else:
                    wrong = _("{where}: the recorded pile lacks {missing}")
                out.append(wrong.format(where=where, cards=_words(engine, extra), missing=_words(engine, lacking)))
    if record.sweeps is not None:
        for side, count in record.sweeps.items():
            if side not in sides:
                out.append(_("{where}: no side {side} plays in this record").format(
                    where=_("sweeps of {side}").format(side=shown(side)), side=repr(side)))
            elif sweeps[sides.index(side)] != count:
                out.append(_("{where}: the record says {count}, the plays give {got}").format(
                    where=_("sweeps of {side}").format(side=shown(side)), count=count, got=sweeps[sides.index(side)]))
    return out


def _words(engine: CaptureEngine, mask: int) -> str:
    return engine.describe(mask).replace(" + ", " ")
