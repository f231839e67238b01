"""What ``verify`` checks a line against, built once per rule set: the piles on a fast path of
integer masks, the full checks of ``score``, the replay of a record's plays."""

from __future__ import annotations

from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.play._loose_replay import loose_plays
from scorekeeper.play._partition import Partition
from scorekeeper.play._quick_replay import QuickReplay
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.deals import misdeal
from scorekeeper.play.game import Game
from scorekeeper.play.records import read_record, read_teams
from scorekeeper.play.replay import replay as replay_record
from scorekeeper.play.replay import seats_problem, sizes_problem
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import hand_from_mapping

RECORD_ONLY = ("deal", "plays", "teams", "seed", "hand")
_FAST_KEYS = frozenset(("rules", "piles", "sweeps", *RECORD_ONLY))
_INT = {int}
#: What a record read on the quick path may hold: no suit letters, no optional categories, no claims.
_QUICK_RECORD = frozenset(("rules", "options", "deal", "plays", "piles", "sweeps", "teams", "seed", "hand"))
_PLAY_KEYS = frozenset(("side", "player", "card", "take", "build", "onto"))
_RANK_BITS = 8  # a field per rank: room for 255 cards of a rank, so counts never carry into the next


def _alike(engine: CaptureEngine) -> bool:
    """Whether every table the engine reads is ruled on by its cards' ranks alone: each card of a rank
    has the same values, pairing and worth, and pairs with the same cards (no card-by-card rule such
    as Kasino's 10d worth 16). Then a ruling holds for every table of the same ranks, a take of the
    same ranks, and is worked out once."""
    by_rank: dict[object, tuple[object, ...]] = {}
    for i, card in enumerate(engine.deck.cards):
        seen = (engine.value[i], engine.hand_value[i], engine.capture_values[i], engine.pairings[i],
                engine.numeric_card[i], engine.takes_all[i], engine.same_rank[i], engine.mates[i],
                engine.aces >> i & 1, engine.pair_only >> i & 1)
        if by_rank.setdefault(card.rank, seen) != seen:
            return False
    return True


class Checker:
    """What one rule set needs for checking, built on first use."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counter = Counter(rules)
        self.deck = deck = rules.cards
        self.names = frozenset(str(card) for card in deck.cards)  # canonical: 7d, not 7D or settebello
        self.size = len(deck.cards)
        self.sides = range(rules.sides.min, rules.sides.max + 1)
        self.engine: CaptureEngine | None = None
        self.bits = {str(card): 1 << i for i, card in enumerate(deck.cards)}
        self.index = {str(card): i for i, card in enumerate(deck.cards)}
        self.partition = Partition([str(card) for card in deck.cards])
        self.bytes: list[list[str]] = []  # made by text() at its first call
        # Sweeps count only when the game scores them without an optional category turned on.
        # Each card's token as its bit, and above bit 64 one count per rank: a sum of tokens is the
        # mask of the cards and the ranks among them at once.
        ranks = sorted({card.rank for card in deck.cards}, key=lambda r: list(deck.cards).index(next(
            c for c in deck.cards if c.rank == r)))
        self.rank_of = [ranks.index(card.rank) for card in deck.cards]
        self.code = {str(card): 1 << i | 1 << (64 + _RANK_BITS * self.rank_of[i]) for i, card in enumerate(deck.cards)}
        self.rank_code = [c >> 64 for c in self.code.values()]
        self.alike: bool | None = None  # whether the engine sees the cards of a rank alike (built with it)
        self.quick: QuickReplay | None = None  # built with the engine, for a game alike and without builds
        self.memo: dict[tuple[int, ...], int] = {}

    def fast(self, data: dict[str, Any]) -> bool:
        """True when the piles and sweeps of a plain line check out; False: take the full path.

        Only canonical tokens (``7d``, as ``simulate`` writes them) are looked up; any other
        notation, a problem, or a key this path does not read sends the line to ``full_check``,
        which finds and words every problem."""
        piles = data.get("piles")
        if type(piles) is not dict or not data.keys() <= _FAST_KEYS:
            return False
        return self.piles_fast(piles, data.get("sweeps"))

    def piles_fast(self, piles: dict[str, Any], sweeps: Any) -> bool:
        """``fast`` for a line's piles (a dict) and sweeps (as the line gives them, or None)."""
        if len(piles) not in self.sides:
            return False
        try:
            joined = " ".join(piles.values())  # TypeError: a pile that is not a string
        except TypeError:
            return False
        cut = self.partition
        if len(joined) == cut.length and cut.ready and (raw := joined.encode())[2::3] == cut.spaces:
            if not cut.whole(raw):  # names of two letters, one space apart: read in bytes (see _partition)
                return False
            regular = True
        else:
            # Every pile's tokens at once, as a set: when it is the deck's set of card names and
            # there are as many tokens as cards, every card is in exactly one pile.
            tokens = joined.split()
            if len(tokens) != self.size or set(tokens) != self.names:
                return False
            regular = False
        if not sweeps:
            return sweeps is None or sweeps == {}
        # The types of all counts in one set, in C (a loop over the sides took 0.3 times json.loads
        # of the line, this 0.15); booleans and floats, equal to integers, go to the full path.
        if type(sweeps) is not dict or not sweeps.keys() <= piles.keys() or set(map(type, sweeps.values())) != _INT:
            return False
        if any(sweeps.values()):
            for side, count in sweeps.items():
                # A sweep takes the table with a card of the hand: two cards in the pile per sweep.
                # A regular pile has a name and a space per card but the last: no split needed.
                held = (len(piles[side]) + 1) // 3 if regular else len(piles[side].split())
                if not self.counter.sweeps_fit(count, held):
                    return False
        return True

    def full_check(self, data: dict[str, Any], where: str) -> list[str]:
        """Every problem of a hand line, as ``score`` reports them."""
        hand = {k: v for k, v in data.items() if k not in RECORD_ONLY}
        spec = hand_from_mapping(hand, where)
        return list(self.counter.score(spec.entry(self.deck)).problems)

    def replays(self, data: dict[str, Any]) -> bool:
        """True when a plain record's plays are all legal and its piles, sweeps and count check out;
        False: take ``replay``, which finds and words whatever is wrong.

        The same checks as ``read_record`` and ``replay`` in the same engine, on the JSON data as
        it is: canonical tokens (as ``simulate`` writes them) straight to bits, no Card, no Record,
        no count. Anything this path does not read (Italian letters, lists of tokens, categories,
        claims, a problem of any kind) goes to ``replay``. On 2,000 simulated Scopa hands, verify
        took 20.8 times json.loads of the same lines through read_record, replay and the count,
        9.4 times so with Game.play, 7.5 with ``_loose_replay.loose_plays`` (bench_engine, a busy machine).
        A game alike and without builds first takes ``QuickReplay`` (no Game, no per-round masks):
        205 -> 101 us a record of 4,000 simulated Scopa records beside json.loads' 27 (in process)."""
        if not data.keys() <= _QUICK_RECORD:
            return False
        engine = self.engine
        if engine is None:
            engine = self.engine = CaptureEngine(self.rules)
        if self.alike is None:
            self.alike = _alike(engine)
            self.quick = QuickReplay(self, engine) if self.alike and not engine.spec.builds else None
        if self.quick is not None and self.quick.check(data):
            return True
        deal, plays = data.get("deal"), data.get("plays")
        if type(deal) is not dict or type(plays) is not list:
            return False
        hands, table_text = deal.get("hands"), deal.get("table")
        if type(hands) is not dict or not hands or type(table_text) is not str:
            return False
        try:
            table = self._mask(table_text)
            players = tuple(hands)
            batches, dealt = [], []
            placed, count = table, table.bit_count()
            for given in hands.values():
                if type(given) is str:
                    rounds = [self._mask(given)]
                elif type(given) is list and all(type(g) is str for g in given):
                    # As read_record reads them: texts of several cards are rounds, single tokens one round.
                    rounds = [self._mask(g) for g in given] if any(" " in g for g in given) \
                        else [self._mask(" ".join(given))]
                else:
                    return False
                for mask in rounds:
                    placed |= mask
                    count += mask.bit_count()
                batches.append(rounds)
                dealt.append([m.bit_count() for m in rounds])
            if placed != self.deck.full or count != self.size:  # a card twice, or one in no hand
                return False
            teams = read_teams(data.get("teams"), players, "")
            if seats_problem(engine, players, teams) or sizes_problem(engine, players, dealt, table.bit_count()) \
                    or misdeal(engine, table):
                return False
            sides = tuple(teams) if teams else players
            if len(sides) not in self.sides:
                return False
            side_of = [next(i for i, s in enumerate(sides) if p in teams[s]) for p in players] if teams \
                else list(range(len(players)))
            game = Game(engine, batches, table, side_of, len(sides), players)
            if self.alike and not engine.spec.builds:
                if not loose_plays(self, game, plays, players):
                    return False
                return self.agrees(data, sides, game.piles, game.sweeps)
            seat = {p: i for i, p in enumerate(players)}
            index, mask_of = self.index, self._mask
            for play in plays:
                if type(play) is not dict or not play.keys() <= _PLAY_KEYS:
                    return False
                who = play.get("side", play.get("player"))
                if type(who) is not str or seat.get(who) != game.player:
                    return False
                card = play.get("card")
                build, take = play.get("build"), play.get("take")
                if type(card) is not str or (take is not None and type(take) is not str):
                    return False
                if build is None:
                    if play.get("onto") is not None:
                        return False
                    game.play(game.player, index[card], mask_of(take) if take else 0)
                else:
                    if type(build) is not int or build < 1 or take:
                        return False
                    onto = play.get("onto")
                    game.play(game.player, index[card], 0, (build, mask_of(onto) if onto is not None else 0))
        except (KeyError, TypeError, AttributeError, ScorekeeperError):
            return False  # a token not canonical, a card twice, an illegal play, a value of the wrong type
        if game.turn < game.total:
            return False
        game.finish()
        return self.agrees(data, sides, game.piles, game.sweeps)

    def text(self, mask: int) -> str:
        """The canonical names of a mask's cards, lowest deck index first, one space apart."""
        if not self.bytes:
            # A mask's names a byte of the deck at a time, from 256 texts made for each byte: a
            # record's stated pile is compared as text with the one its plays give (two piles of 20
            # cards split and looked up name by name took 633,500 -> 616,000 instructions a Scopa
            # record's check, callgrind).
            names = list(self.index)
            self.bytes = [[" ".join(names[8 * at + k] for k in range(8) if byte >> k & 1 and 8 * at + k < len(names))
                           for byte in range(256)] for at in range((len(names) + 7) // 8)]
        parts = [table[mask >> 8 * at & 255] for at, table in enumerate(self.bytes)]
        return " ".join([part for part in parts if part])

    def _mask(self, text: str) -> int:
        """The bits of canonical tokens; KeyError for any other token, or a card given twice."""
        tokens = text.split()
        mask = sum(map(self.bits.__getitem__, tokens))
        if mask.bit_count() != len(tokens):  # a sum of distinct bits has one bit per term
            raise KeyError(text)
        return mask

    def agrees(self, data: dict[str, Any], sides: tuple[str, ...], piles: list[int], sweeps: list[int]) -> bool:
        """Whether the record's own piles and sweeps say what the plays gave, and the count finds nothing."""
        for pile, count in zip(piles, sweeps, strict=True):  # what the count would find wrong
            if not self.counter.sweeps_fit(count, pile.bit_count()):
                return False
        stated, swept = data.get("piles"), data.get("sweeps")
        if stated is not None:
            if type(stated) is not dict:
                return False
            for side, text in stated.items():
                if side not in sides or type(text) is not str:
                    return False
                pile = piles[sides.index(side)]
                if text == self.text(pile):  # as simulate writes it: no split, no look-up of each name
                    continue
                try:
                    if self._mask(text) != pile:
                        return False
                except KeyError:
                    return False
        if swept is not None:
            if type(swept) is not dict:
                return False
            for side, count in swept.items():
                if side not in sides or type(count) is not int or count != sweeps[sides.index(side)]:
                    return False
        return True

    def replay(self, data: dict[str, Any], where: str) -> list[str]:
        """Replay a record line; the first illegal play, or what its outcome contradicts."""
        if self.engine is None:
            self.engine = CaptureEngine(self.rules)
        outcome = replay_record(read_record(data, where, self.deck), self.engine)
        if outcome.illegal is not None:
            number, reason = outcome.illegal
            return [_("play {number}: {problem}").format(number=number, problem=reason) if number else reason]
        assert outcome.result is not None
        return outcome.mismatches + list(outcome.result.problems)
