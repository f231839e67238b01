"""What ``verify`` checks a line against, built once per rule set: the piles through the one
partition check (``scoring.piles.exact_masks``), the full checks of ``score``, the replay of a
record's plays on the one ``Game``."""

from __future__ import annotations

from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.i18n import _
from scorekeeper.play.capture import CaptureEngine
from scorekeeper.play.deals import misdeal
from scorekeeper.play.game import Game
from scorekeeper.play.records import read_record, read_teams
from scorekeeper.play.replay import replay as replay_record
from scorekeeper.play.replay import seats_problem, sizes_problem
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.scoring.count import Counter
from scorekeeper.scoring.hand import hand_from_mapping
from scorekeeper.scoring.piles import exact_masks, token_bits, token_reader

RECORD_ONLY = ("deal", "plays", "teams", "seed", "hand", "matta")
_FAST_KEYS = frozenset(("rules", "piles", "sweeps", *RECORD_ONLY))
#: What a record read on the quick path may hold: no suit letters, no optional categories, no claims.
_QUICK_RECORD = frozenset(("rules", "options", "deal", "plays", "piles", "sweeps", "teams", "seed", "hand"))
_PLAY_KEYS = frozenset(("side", "player", "card", "take", "build", "onto"))
_INT = {int}
#: Texts of takes kept by a checker before it starts afresh.
MAX_TAKES = 100_000
_NO_SIDE = object()  # a play without a "side" key (one with "side": null is not the player's)


class Checker:
    """What one rule set needs for checking, built on first use."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.counter = Counter(rules)
        self.deck = deck = rules.cards
        self.size = len(deck.cards)
        self.sides = range(rules.sides.min, rules.sides.max + 1)
        self.engine: CaptureEngine | None = None
        self.bits = token_bits(deck)
        self.read_pile = token_reader(deck)
        self.index = {str(card): i for i, card in enumerate(deck.cards)}
        self.takes: dict[str, int] = {}  # see _taken

    def fast(self, data: dict[str, Any]) -> bool:
        """True when the piles and sweeps of a plain line check out; False: take the full path.

        Only canonical tokens (``7d``, as ``simulate`` writes them) are looked up; any other
        notation, a problem, or a key this path does not read sends the line to ``full_check``,
        which finds and words every problem."""
        piles = data.get("piles")
        if type(piles) is not dict or not data.keys() <= _FAST_KEYS:
            return False
        try:
            masks = exact_masks(piles.values(), self.rules, self.read_pile)
        except AttributeError:  # a pile that is not text
            return False
        if masks is None:
            return False
        sweeps = data.get("sweeps")
        if not sweeps:
            return sweeps is None or sweeps == {}
        # Booleans and floats, equal to integers, go to the full path: the counts' types in one set.
        if type(sweeps) is not dict or not sweeps.keys() <= piles.keys() or set(map(type, sweeps.values())) != _INT:
            return False
        if not any(sweeps.values()):
            return True
        fit, held = self.counter.sweeps_fit, dict(zip(piles, masks, strict=True))
        return all(fit(count, held[side].bit_count()) for side, count in sweeps.items())

    def full_check(self, data: dict[str, Any], where: str) -> list[str]:
        """Every problem of a hand line, as ``score`` reports them."""
        hand = {k: v for k, v in data.items() if k not in RECORD_ONLY}
        spec = hand_from_mapping(hand, where)
        return list(self.counter.score(spec.entry(self.deck)).problems)

    def replays(self, data: dict[str, Any]) -> bool:
        """True when a plain record's plays are all legal and its piles, sweeps and count check out;
        False: take ``replay``, which finds and words whatever is wrong.

        The same checks as ``read_record`` and ``replay`` on the same ``Game``, on the JSON data as
        it is: canonical tokens (as ``simulate`` writes them) straight to bits, no Card, no Record,
        no count. Anything this path does not read (Italian letters, categories, claims, a problem
        of any kind) goes to ``replay``, which words it."""
        if not data.keys() <= _QUICK_RECORD:
            return False
        engine = self.ready()
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
            index, mask_of, play_one, n = self.index, self._taken, game.play, len(players)
            for turn, play in enumerate(plays):
                if type(play) is not dict or not play.keys() <= _PLAY_KEYS:
                    return False
                player = turn % n  # players play in turn (Game.player)
                who = play.get("side", _NO_SIDE)
                if who is _NO_SIDE:
                    who = play.get("player")
                if who != players[player]:  # a name of another type is not the player's either
                    return False
                build, take = play.get("build"), play.get("take")
                # A value of the wrong type fails its look-up or its split: TypeError, AttributeError.
                if build is None:
                    if play.get("onto") is not None:
                        return False
                    play_one(player, index[play["card"]], mask_of(take) if take else 0)
                else:
                    if type(build) is not int or build < 1 or take:
                        return False
                    onto = play.get("onto")
                    play_one(player, index[play["card"]], 0, (build, mask_of(onto) if onto is not None else 0))
        except (KeyError, TypeError, AttributeError, ScorekeeperError):
            return False  # a token not canonical, a card twice, an illegal play, a value of the wrong type
        if game.turn < game.total:
            return False
        game.finish()
        return self.agrees(data, sides, game.piles, game.sweeps)

    def text(self, mask: int) -> str:
        """The canonical names of a mask's cards, lowest deck index first, one space apart."""
        return self.ready().text(mask)

    def ready(self) -> CaptureEngine:
        """The rule set's engine, built at its first use (a file of piles lines never needs it)."""
        if self.engine is None:
            self.engine = CaptureEngine(self.rules)
        return self.engine

    def _taken(self, text: str) -> int:
        """``_mask`` of a take (or of the cards built on): the few cards a play names, met again
        and again, kept by their text."""
        mask = self.takes.get(text)
        if mask is None:
            mask = self._mask(text)
            if len(self.takes) >= MAX_TAKES:
                self.takes.clear()
            self.takes[text] = mask
        return mask

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
        outcome = replay_record(read_record(data, where, self.deck), self.ready())
        if outcome.illegal is not None:
            number, reason = outcome.illegal
            return [_("play {number}: {problem}").format(number=number, problem=reason) if number else reason]
        assert outcome.result is not None
        return outcome.mismatches + list(outcome.result.problems)
