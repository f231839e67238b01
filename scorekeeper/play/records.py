"""A play-by-play record of one hand, read from YAML or JSON (or one JSON line).

::

    rules: scopa                  # optional; --rules wins over it
    deal:
      hands:                      # players in the order they play: the first listed plays first
        Anna: [7h 3c Kd, 2s 5d Ad, ...]   # one batch per round of the deal, or one text of all
        Bruno: [4h Qs 6c, ...]
      table: 4c 7d Js 2h          # the cards dealt face up
    teams: {Us: [Anna, Carla], Them: [Bruno, Dario]}   # optional: partners share a side
    plays:
      - {side: Anna, card: 7h, take: 7d}               # a capture
      - {side: Bruno, card: Qs}                         # nothing taken: laid on the table
      - {side: Anna, card: 2c, build: 6, onto: 4c}      # a Cassino build of 6
    piles: {Anna: ..., Bruno: ...}  # optional: what the players hold; checked against the plays
    sweeps: {Anna: 1}               # optional, checked likewise
    matta: 5                        # Cirulla: the rank the matta (7h) was named in its holder's declaration
    with: [napola]                  # optional categories, declared points and claims as in a
    declared: {}                    # hand file
    claims: {}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple, cast

from scorekeeper.cards import Card, Deck, Rank, read_rank
from scorekeeper.documents import check_keys, where_of
from scorekeeper.errors import InputErrors, NotationError
from scorekeeper.i18n import N_, _
from scorekeeper.notation import CardReader
from scorekeeper.play._masks import new_tuple
from scorekeeper.play._text import shown
from scorekeeper.rules.catalog import load_rules, named_rules
from scorekeeper.rules.options import apply_options
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.piles import split_deck, token_bits

_KEYS = ("rules", "options", "suit_letters", "deal", "teams", "plays",  # not for players: a record's keys
         "piles", "sweeps", "with", "declared", "claims", "seed", "hand", "matta")
_PLAY_KEYS = ("side", "player", "card", "take", "build", "onto")


class Play(NamedTuple):
    """One play as recorded: who, which card (its deck index), the cards it took or built on (masks
    over the deck), or the value of the build it made."""

    number: int
    player: str
    card: int
    take: int = 0
    build: int | None = None
    onto: int = 0


class Record(NamedTuple):
    """A whole hand as recorded, its cards read in the rule set's deck with the record's suit letters
    (a named tuple: one is made for every line ``verify`` replays)."""

    source: str
    players: tuple[str, ...]
    batches: tuple[tuple[int, ...], ...]  # per player, per round: the cards dealt, as masks over the deck
    dealt: tuple[tuple[int, ...], ...]  # per player, per round: how many cards the record lists
    table: int  # the cards dealt face up
    plays: tuple[Play, ...]
    reader: CardReader  # reads the stated piles, later, as the rest was read
    teams: dict[str, tuple[str, ...]]  # empty: every player a side of their own
    piles: dict[str, tuple[str, str]] | None  # stated piles: side -> (text, where the record states it)
    sweeps: dict[str, int] | None
    hand_facts: dict[str, Any]  # with, declared, claims, as a hand file has
    matta: tuple[Rank, str] | None  # the rank the matta was named, and where the record says so
    #: A card dealt twice, as ``split_deck`` finds it: (group, card, the group that held it first);
    #: the groups are the players' hands, then the table.
    repeated: tuple[int, Card, int] | None


def record_keys(data: Any, source: str) -> None:
    """Refuse a record that is not a mapping, or that has unknown keys."""
    check_keys(data, source, _KEYS, N_("record"), N_("'deal' and 'plays'"))
    for key in ("deal", "plays"):
        if key not in data:
            raise NotationError(_("{source}: a record needs '{key}'").format(source=source, key=key))


def read_record(data: Any, source: str, deck: Deck) -> Record:
    """A Record from a parsed record file or JSON line; every error names where it is."""
    record_keys(data, source)
    letters = data.get("suit_letters", "french")  # not for players: a key
    if letters not in ("french", "italian"):
        raise NotationError(_("{where}: suit_letters: {letters} is not french or italian").format(
            where=where_of(data, "suit_letters", source), letters=repr(letters)))  # not for players: a key
    bits = codec(deck, letters == "italian")
    reader = bits.reader
    deal = data["deal"]
    if not isinstance(deal, Mapping) or not isinstance(deal.get("hands"), Mapping) or not deal["hands"]:
        raise NotationError(_("{where}: deal: give 'hands' (each player's cards) and 'table'").format(
            where=where_of(data, "deal", source)))
    hands = deal["hands"]
    players, batches, dealt, given = [], [], [], []
    canonical = bits.canonical
    for player, value in hands.items():
        rounds = value if isinstance(value, list) and any(isinstance(g, list) or " " in str(g) for g in value) \
            else [value]
        players.append(str(player))
        read = [canonical(r) or bits.cards(r, _dealt_where(hands, player, source, i, len(rounds)))
                for i, r in enumerate(rounds)]
        masks, counts = zip(*read, strict=True)  # one round at least
        batches.append(masks)
        dealt.append(counts)
        given.append(rounds)
    table_where = f"{where_of(deal, 'table', source)}: deal.table"  # not for players: a key
    table, table_size = canonical(deal.get("table")) or bits.cards(deal.get("table"), table_where)
    placed, listed = table, table_size
    for masks, counts in zip(batches, dealt, strict=True):
        for mask in masks:
            placed |= mask
        listed += sum(counts)
    repeated = None
    # Each card listed once, the masks hold one bit a card listed; a card listed twice (in one text,
    # or in two places) leaves fewer. Which one, as Cards, from the one partition check.
    if placed.bit_count() != listed:
        groups = [[c for i, r in enumerate(rounds) for c in reader.cards(r, _dealt_where(hands, p, source, i,
                                                                                             len(rounds)))]
                  for p, rounds in zip(hands, given, strict=True)]
        split = split_deck(deck, [*groups, reader.cards(deal.get("table"), table_where)])
        repeated = split.repeated[0] if split.repeated else None
    plays_data = data["plays"]
    if not isinstance(plays_data, list):
        raise NotationError(_("{where}: plays: must be a list of plays").format(where=where_of(data, "plays", source)))
    read_play = bits.play
    plays: list[Play | None] = [read_play(item, number) for number, item in enumerate(plays_data, start=1)]
    if None in plays:  # a play not as simulate writes it: read by the CardReader, which words what is wrong
        errors = []
        for number, item in enumerate(plays_data, start=1):
            try:
                plays[number - 1] = plays[number - 1] or _play(
                    item, number, _("{source}: play {number}").format(source=source, number=number), reader)
            except (NotationError, InputErrors) as exc:
                errors += exc.messages if isinstance(exc, InputErrors) else [str(exc)]
        if errors:
            raise InputErrors(errors)  # every one: a command shows the first twenty, verify too
    teams = read_teams(data.get("teams"), players, where_of(data, "teams", source))
    stated = data.get("piles")
    piles = None
    if stated is not None:
        if not isinstance(stated, Mapping):
            raise NotationError(_("{where}: piles: must map each side to its cards").format(
                where=where_of(data, "piles", source)))
        piles = {str(s): (" ".join(map(str, t)) if isinstance(t, list) else str(t), where_of(stated, s, source))
                 for s, t in stated.items()}
    sweeps = data.get("sweeps")
    if sweeps is not None and not (isinstance(sweeps, Mapping)
                                   and all(isinstance(n, int) and not isinstance(n, bool) for n in sweeps.values())):
        raise NotationError(_("{where}: sweeps: must map each side to a number").format(
            where=where_of(data, "sweeps", source)))
    facts = {k: data[k] for k in ("with", "declared", "claims") if k in data}
    return Record(source, tuple(players), tuple(batches), tuple(dealt), table, cast(tuple[Play, ...], tuple(plays)),
                  reader, teams, piles,
                  None if sweeps is None else {str(k): v for k, v in sweeps.items()}, facts, _matta(data, source, deck),
                  repeated)


def _dealt_where(hands: Any, player: Any, source: str, number: int, rounds: int) -> str:
    """Where a player's dealt cards (one round of them) stand, for a message about them."""
    where = f"{where_of(hands, player, source)}: deal.hands.{shown(str(player))}"  # not for players: a key
    return _("{where} round {number}").format(where=where, number=number + 1) if rounds > 1 else where


#: Texts of takes a codec keeps (``_Codec.play``) before it starts afresh.
MAX_TAKES = 100_000


class _Codec:
    """The card codec of records of one deck and suit letters: canonical tokens straight to their
    bits (``token_bits``), any other notation read by the CardReader, which words what is wrong.
    Made once a deck and letters (``codec``): the takes of plays, met again and again, are kept."""

    def __init__(self, deck: Deck, italian_suits: bool) -> None:
        self.reader = CardReader(deck, italian_suits=italian_suits)
        self.bits = {} if italian_suits else token_bits(deck)  # "7c" in Italian letters is not the canonical 7c
        self.index = {text: bit.bit_length() - 1 for text, bit in self.bits.items()}
        self.takes: dict[str, int] = {}

    def canonical(self, value: Any) -> tuple[int, int] | None:
        """The mask of a text or list of canonical tokens, looked up straight to their bits, and how
        many cards it lists (more than the mask holds when a card is listed twice); else None."""
        if type(value) is str:
            tokens = value.split()
        elif type(value) is list and all(type(v) is str for v in value):
            tokens = " ".join(value).split()
        else:
            return None
        try:
            return sum(map(self.bits.__getitem__, tokens)), len(tokens)
        except KeyError:
            return None

    def cards(self, value: Any, where: str) -> tuple[int, int]:
        """``canonical`` of any notation, through the CardReader; its messages start with ``where``."""
        cards = self.reader.cards(value, where)
        return self.reader.deck.mask(cards), len(cards)

    def play(self, item: Any, number: int) -> Play | None:
        """A play as ``simulate`` writes it (a side, a card and what it took or the build it made, in
        canonical tokens, none twice) read without wording where it stands, or None: ``_play`` reads
        and words anything else (each play's place in messages is worded only for a play that needs it)."""
        try:  # a key missing, a card not of the deck, an item of another type: None
            side, index, keys = item["side"], self.index[item["card"]], len(item)
            if keys == 2:  # laid down
                build, cards = None, None
            elif keys == 3:  # what it took
                build, cards = None, item["take"]
            else:  # a build: its value, and the cards it is made on
                build, cards = item["build"], item["onto"]
        except (KeyError, TypeError, AttributeError):
            return None
        # No key but these (a take given as null is not as simulate writes it either).
        if type(side) is not str or not side or keys != 2 + (cards is not None) + (build is not None):
            return None
        mask: int | None
        try:
            mask = self.takes[cards] if cards is not None else 0
        except (KeyError, TypeError):  # cards not met yet, or not text
            mask = self._take(cards) if type(cards) is str else None
        if mask is None:
            return None
        if build is None:
            return new_tuple(Play, (number, side, index, mask, None, 0))
        return new_tuple(Play, (number, side, index, 0, build, mask)) if type(build) is int and build > 0 else None

    def _take(self, take: str) -> int | None:
        """The mask of a take's canonical tokens, kept; None when one is not canonical or is listed twice."""
        found = self.canonical(take)
        if found is None or found[0].bit_count() != found[1]:  # a card listed twice: worded by _play
            return None
        mask = found[0]
        if len(self.takes) >= MAX_TAKES:
            self.takes.clear()
        self.takes[take] = mask
        return mask


@cache
def codec(deck: Deck, italian_suits: bool = False) -> _Codec:
    """The record codec of a deck and suit letters, made once."""
    return _Codec(deck, italian_suits)


def _matta(data: Mapping[str, Any], source: str, deck: Deck) -> tuple[Rank, str] | None:
    """The record's ``matta``: a rank of the deck, read as cards' ranks are, and where it stands."""
    value = data.get("matta")
    if value is None:
        return None
    where = f"{where_of(data, 'matta', source)}: matta"  # not for players: a key
    try:
        rank = read_rank(str(value), deck) if isinstance(value, str | int) and not isinstance(value, bool) else None
    except NotationError:
        rank = None
    if rank is None or rank not in deck.ranks:
        raise NotationError(_("{where}: {value} is not a rank of the {deck} deck ({ranks})").format(
            where=where, value=repr(value), deck=deck.id, ranks=" ".join(r.value for r in deck.ranks)))
    return rank, where


def _play(item: Any, number: int, where: str, reader: CardReader) -> Play:
    if not isinstance(item, Mapping):
        raise NotationError(_("{where}: a play is a mapping like {{side: Anna, card: 7h, take: 7d}}").format(
            where=where))
    unknown = [k for k in item if k not in _PLAY_KEYS]
    if unknown:
        raise NotationError(_("{where}: unknown key {key} (a play has: side, card, take, build, onto)").format(
            where=where, key=repr(unknown[0])))
    player = item.get("side", item.get("player"))
    if not isinstance(player, str) or not player:
        raise NotationError(_("{where}: say who played, like 'side: Anna'").format(where=where))
    card = reader.cards(item.get("card"), f"{where}: card")
    if len(card) != 1:
        raise NotationError(_("{where}: card: one card is played, not {count}").format(where=where, count=len(card)))
    build = item.get("build")
    if build is not None and (isinstance(build, bool) or not isinstance(build, int) or build < 1):
        raise NotationError(_("{where}: build: {value} is not a value to build (a whole number, 1 or more)").format(
            where=where, value=repr(build)))
    if build is not None and item.get("take"):
        raise NotationError(_("{where}: a play either takes or builds, not both").format(where=where))
    return Play(number, player, reader.deck.index[card[0]], reader.mask(item.get("take"), f"{where}: take"), build,
                reader.mask(item.get("onto"), f"{where}: onto"))


def matta_problem(record: Record, rules: RuleSet) -> str | None:
    """Why the record may not name the matta as it does: the game has none, no player holds it,
    or its holder's side declares nothing (the matta is named in a declaration)."""
    if record.matta is None:
        return None
    (rank, where), wild = record.matta, rules.capture and rules.capture.opening_wild
    value = repr(rank.value)
    if not wild:
        return _("{where}: {value} names the matta, but {rules} has none").format(where=where, value=value,
                                                                                  rules=rules.name)
    bit = rules.cards.bit(Card.parse(wild))
    holder = next((p for p, rounds in zip(record.players, record.batches, strict=True)
                   if any(mask & bit for mask in rounds)), None)
    if holder is None:
        return _("{where}: {value}: the matta ({card}) is dealt to no player, so nobody named it").format(
            where=where, value=value, card=wild)
    side = next((s for s, members in record.teams.items() if holder in members), holder)
    declared = record.hand_facts.get("declared")
    if isinstance(declared, Mapping) and isinstance(declared.get(side), Mapping) and any(declared[side].values()):
        return None
    return _("{where}: {value}: the matta ({card}) is {player}'s, and {side} declares nothing (the matta is named "
             "in a declaration)").format(where=where, value=value, card=wild, player=shown(holder), side=shown(side))


def read_teams(data: Any, players: Sequence[str], where: str) -> dict[str, tuple[str, ...]]:
    """A record's ``teams`` (None: every player a side of their own), each player in exactly one."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise NotationError(_("{where}: teams: must map each side to its players").format(where=where))
    teams = {str(side): tuple(map(str, members if isinstance(members, list) else [members]))
             for side, members in data.items()}
    seated = [p for members in teams.values() for p in members]
    for p in seated:
        if p not in players:
            raise NotationError(_("{where}: teams: {player} has no hand in the deal").format(
                where=where, player=repr(p)))
    missing = [p for p in players if p not in seated]
    if missing:
        raise NotationError(_("{where}: teams: every player of the deal belongs to exactly one side "
                              "({players})").format(where=where, players=shown(", ".join(missing))))
    if len(seated) != len(set(seated)):
        raise NotationError(_("{where}: teams: every player of the deal belongs to exactly one side (someone is named "
                              "twice)").format(where=where))
    return teams


def record_enabled(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The optional categories a record (or a hand line) turns on with ``with``: its engine's too, as
    an optional sweeps category decides whether clearing the table sweeps. A bad list is refused
    where the hand's facts are read."""
    on = data.get("with")
    return tuple(e for e in on if isinstance(e, str)) if isinstance(on, list) else ()


def record_rules(data: Mapping[str, Any], source: str, rules: str | None = None,
                 options: Mapping[str, object] | None = None, *, named_in: str | None = None) -> RuleSet:
    """The rule set a record (or a hand line) is played under: ``rules`` if given, else its own
    ``rules:`` (a built-in, or a rule-set file where the record's file ``named_in`` may name one:
    ``catalog.named_rules``), else Scopa, with its own ``options:`` and then ``options`` (from the
    command line) chosen."""
    ref = rules or data.get("rules") or "scopa"
    if not isinstance(ref, str):
        raise NotationError(_("{where}: rules: must be a rule-set id or path").format(
            where=where_of(data, "rules", source)))
    ruleset = load_rules(ref) if rules else named_rules(ref, named_in, where_of(data, "rules", source))
    own = data.get("options")
    if own is not None:
        if not isinstance(own, Mapping) or not all(isinstance(v, bool | int | str) for v in own.values()):
            raise NotationError(_("{where}: options: must map option ids to on, off, a number or a word").format(
                where=where_of(data, "options", source)))
        ruleset = apply_options(ruleset, own, {str(k): f"{where_of(own, k, source)}: options.{k}" for k in own})
    if options:
        ruleset = apply_options(ruleset, options, {k: f"--option {k}" for k in options})
    return ruleset
