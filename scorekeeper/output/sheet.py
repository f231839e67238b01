"""Recorded matches as text a player reads: standings, the result line, the whole score sheet,
what an added hand did, and the list of matches."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any

from scorekeeper._words import and_list, cut_short, visible
from scorekeeper.history.matches import Entered, Match, Undone
from scorekeeper.history.problems import hand_problems
from scorekeeper.history.rows import ABANDONED, BY_CATEGORIES, POINTS_ONLY
from scorekeeper.i18n import N_, _, ngettext, translated
from scorekeeper.match.ending import HandLine, MatchState, state_dict
from scorekeeper.output.listing import matches_table as matches_table  # its home before listing.py
from scorekeeper.output.text import hand_table, table

if TYPE_CHECKING:
    from scorekeeper.history.points_only import PointsEntered


def title(match: Match) -> str:
    """``Match 3 "Friday": Scopa (scopa) to 11, count-out-if-tied``."""
    s = match.settings
    name = f' "{s.name}"' if s.name else ""
    if s.enabled:
        return _("Match {id}{name}: {rules} ({rules_id}) to {target}, {finish}, with {optional}").format(
            id=match.id, name=name, rules=s.rules.name, rules_id=s.rules.id, target=s.target,
            finish=finish_words(s.finish), optional=", ".join(s.enabled))
    return _("Match {id}{name}: {rules} ({rules_id}) to {target}, {finish}").format(
        id=match.id, name=name, rules=s.rules.name, rules_id=s.rules.id, target=s.target, finish=finish_words(s.finish))


#: Each ending policy in the words of the language in use; in English, the policy's id as typed after --finish.
_FINISH_WORDS = {"highest": N_("highest"), "count-out": N_("count-out"),  # not for players: policy ids
                 "count-out-if-tied": N_("count-out-if-tied"), "claim": N_("claim")}  # not for players: policy ids


def finish_words(finish: str) -> str:
    """An ending policy as a player of the language in use reads it (an unknown id as it is)."""
    words = _FINISH_WORDS.get(finish)
    return translated(words) if words else finish


def outcome(match: Match) -> str:
    """One or two lines: the winner and stake, or who plays the next hand."""
    state: MatchState = match.state
    names = match.settings.side_names
    score = "-".join(str(state.totals[n]) for n in names)
    target = match.settings.target
    if match.row.status == ABANDONED:
        return _("Abandoned at {score}; 'scorekeeper match restore {id}' brings it back.").format(
            score=score, id=match.id)
    if state.finished:
        if state.winner is None:
            return _("The match is over ({score}): {reason}.").format(score=score, reason=state.reason)
        if state.doubled:
            won = _("{side} wins the match, {score}, stake {stake} (doubled): {reason}.")
        else:
            won = _("{side} wins the match, {score}, stake {stake}: {reason}.")
        return won.format(side=state.winner, score=score, stake=state.stake, reason=state.reason)
    if state.playoff:
        if len(state.next_sides) < len(names):
            return _("Playing, {score}: level at the top, only {sides} play the next hand.").format(
                score=score, sides=and_list(state.next_sides))
        return _("Playing, {score}: level at the top, all sides play the next hand.").format(score=score)
    if match.settings.finish == "claim":
        over = [n for n in names if state.totals[n] >= target]
        if over:
            return ngettext("Playing, {score}: a side wins by claiming {target} (match claim); {sides} may claim.",
                            "Playing, {score}: a side wins by claiming {target} (match claim); {sides} may claim.",
                            len(over)).format(score=score, target=target, sides=and_list(over))
        return _("Playing, {score}: a side wins by claiming {target} (match claim).").format(score=score, target=target)
    return _("Playing, {score}, first to reach {target}.").format(score=score, target=target)


def standings(match: Match, points: dict[str, int] | None = None) -> str:
    """The running totals, with this hand's points, and the outcome line."""
    names = match.settings.side_names
    if points is None:  # after an undo, say: no hand to show, so no column for it
        body = table([_("side"), _("total")], [[n, match.state.totals[n]] for n in names])
    else:
        body = table([_("side"), _("hand"), _("total")],
                     [[n, points.get(n, "-"), match.state.totals[n]] for n in names])
    return f"{body}\n\n{visible(outcome(match))}"


def sheet(match: Match) -> str:
    """Every hand with each category's points and the running totals, then the state."""
    names = match.settings.side_names
    rows: list[list[Any]] = []
    for line in match.state.lines:
        hand = line.hand
        first = True
        for category, counted in zip(hand.categories, line.counted, strict=True):
            cells = [category.points[hand.sides.index(n)] if n in hand.sides else "" for n in names]
            if not counted and line.points:
                cells = [f"({c})" if c != "" else c for c in cells]
            rows.append([line.number if first else "", category.label, *cells])
            first = False
        rows.append(["", _("hand"), *(line.points.get(n, "") for n in names)])
        rows.append(["", _("total"), *(line.totals[n] for n in names)])
        said = line.note and line.note != match.state.reason  # the reason is printed once, at the end
        # a forced hand's problems, in the reader's language where they can be counted again; a hand
        # stored as counted despite a wrong claim notes the claim
        forced = [_("forced: {problem}").format(problem=p) if hand.forced else p
                  for p in cut_short(hand_problems(match, line.number))]
        for note in ([line.note] if said else []) + forced:
            rows.append(["", f"  {note}", *("" for _name in names)])
    body = table([_("hand"), _("category"), *names], rows) if rows else _("No hands yet.")
    legend = "\n" + _("(n): not counted, the match was decided earlier in that hand.") if any(
        not all(line.counted) and line.points for line in match.state.lines) else ""
    return f"{visible(title(match))}\n{visible(_players(match))}\n\n{body}{legend}\n\n{visible(outcome(match))}"


def _players(match: Match) -> str:
    return " vs ".join(s.name for s in match.settings.sides)


def match_dict(match: Match) -> dict[str, Any]:
    """``match show --json``: settings, every hand, totals and the result."""
    s = match.settings
    return {"id": match.id, "name": s.name, "created": match.row.created, "rules": s.rules.id,
            "rules_name": s.rules.name, "target": s.target, "finish": s.finish,  # not for players: JSON keys
            "playoff": s.playoff,
            "stake_rule": {"margin": s.stake.margin,  # not for players: JSON keys
                           "double_if_loser_below": s.stake.double_if_loser_below},  # not for players: JSON keys
            "with": list(s.enabled), "sides": list(s.side_names),
            "players": {side.name: list(side.players) for side in s.sides},
            "state": match.row.status or ("finished" if match.state.finished else "playing"),
            **_typed(match, _marked(state_dict(s, match.state)))}


def _typed(match: Match, state: dict[str, Any]) -> dict[str, Any]:
    """Each hand of ``state_dict`` with ``typed``: what was entered for it, as a hand file says it
    (each side's pile as typed, the sweeps, declarations, claims, the suit letters)."""
    for hand, row in zip(state["hands"], match.row.live_hands, strict=False):
        hand["typed"] = row.typed
    return state


def _marked(state: dict[str, Any]) -> dict[str, Any]:
    """Each hand of ``state_dict`` with ``unverified``: entered from points alone, no pile checked;
    and ``by_categories``: entered by ticking who took each category, no card checked."""
    for hand in state["hands"]:
        hand["unverified"] = any(c["id"] == POINTS_ONLY for c in hand["categories"])
        hand["by_categories"] = any(c["id"] == BY_CATEGORIES for c in hand["categories"])  # not for players: a key
    return state


def line_notes(line: HandLine) -> str:
    """A hand's notes on one line: who won each counted category, the match's note, and 'forced'."""
    hand = line.hand
    won = [f"{c.label}: " + ", ".join(f"{side} {p}" for side, p in zip(hand.sides, c.points, strict=True) if p)
           for c, counted in zip(hand.categories, line.counted, strict=True) if counted and any(c.points)]
    marks = [_("by categories, cards not checked")] if BY_CATEGORIES in hand.ids else []
    return "; ".join(marks + won + ([line.note] if line.note else []) + ([_("forced")] if hand.forced else []))


def entered_text(entered: Entered, verb: str) -> str:
    """What ``match add`` (``verb`` "stored") or ``match edit`` ("replaced") prints: the hand counted
    and, if it was stored, the standings."""
    counted = hand_table(entered.counted.result) + "\n"
    if not entered.stored:
        return counted
    line = entered.match.state.lines[entered.number - 1]
    said = [_entered_line(entered.number, verb, bool(entered.counted.result.problems))]
    skipped = [c.label for c, counted in zip(line.hand.categories, line.counted, strict=True) if not counted]
    if skipped and line.points:
        said.append(_("Counted out: {categories} not scored.").format(categories=", ".join(skipped)))
    elif not line.points and line.note:  # the whole hand is not counted (see match.ending), and why
        said.append(_("This hand is {note}.").format(note=line.note))
    return "\n".join([counted, *map(visible, said), standings(entered.match, line.points)])


def _entered_line(number: int, verb: str, problems: bool) -> str:
    if verb == "replaced":
        said = _("Hand {number} replaced with its problems noted.") if problems else _("Hand {number} replaced.")
    else:
        said = _("Hand {number} stored with its problems noted.") if problems else _("Hand {number} stored.")
    return said.format(number=number)


def entered_dict(entered: Entered) -> dict[str, Any]:
    """``match add --json``: whether the hand was stored, its count, and the match after it."""
    return {"stored": entered.stored, "number": entered.number, "hand": entered.counted.result.to_dict(),
            "match": match_dict(entered.match)}


def options_text(match: Match) -> str:
    """The rule set's options as the match plays them: ``three-kings on, napoleone off``."""
    from scorekeeper.rules.options import option_values, owner_of, shown_value

    rules = match.settings.rules
    said = []
    for option in rules.options:
        value = option_values(rules)[option.id]
        words = (_("on") if value else _("off")) if isinstance(value, bool) else shown_value(value)
        text = f"{option.id} {words}"
        if option.title != option.label:  # in another language: what the option means, in it
            text += f" ({option.title})"
        owner = owner_of(rules, option.field)
        if getattr(owner, "optional", False) and owner.id not in match.settings.enabled:
            # an option of a category the match does not count: it cannot change any hand
            text += " " + _("({category} is off in this match, so it scores nothing; start a match with "
                            "--with {id} to count it)").format(category=owner.title, id=owner.id)
        said.append(text)
    return ", ".join(said)


def next_command(match: Match) -> str:
    """The command that enters the match's next hand, with a pile for each side (the last takes the rest)."""
    names = match.state.next_sides or match.settings.side_names
    ref = match.settings.name or str(match.id)
    piles = [f"--pile {shlex.quote(n + '=CARDS')}" for n in names[:-1]] + [f"--pile {shlex.quote(names[-1] + '=rest')}"]
    return " ".join(["scorekeeper match add", shlex.quote(ref), *piles])  # not for players: a command


def new_match_text(match: Match) -> str:
    """What ``match new`` prints: the match as it will be played, and the command to type next."""
    lines = [title(match), _players(match)]
    options = options_text(match)
    if options:
        lines.append(_("Options: {options}").format(options=options))
    lines.append(_("Enter each hand with: {command}").format(command=next_command(match)))
    return "\n".join(map(visible, lines))


def new_match_dict(match: Match) -> dict[str, Any]:
    """``match new --json``: the match's id, game, sides, target, ending, options and the next command."""
    from scorekeeper.rules.options import option_values

    s = match.settings
    return {"id": match.id, "name": s.name, "rules": s.rules.id, "rules_name": s.rules.name,  # not for players: keys
            "sides": list(s.side_names), "players": {side.name: list(side.players) for side in s.sides},
            "target": s.target, "finish": s.finish, "with": list(s.enabled),
            "options": option_values(s.rules), "next": next_command(match)}


def chosen_note(match: Match) -> str:
    """The sentence saying which match a command took when none was named ("" when it was obvious)."""
    return visible(match.chosen)


def undone_dict(undone: Undone) -> dict[str, Any]:
    """``match undo --json``: what was withdrawn and the match after it."""
    return {"withdrawn": undone.withdrawn, "number": undone.number, "side": undone.side,
            "match": match_dict(undone.match)}


def points_entered_text(entered: PointsEntered) -> str:
    """What ``match add --points`` prints: the hand's points, unverified, and the standings."""
    said = _("Hand {number} stored from points alone (unverified: no pile was checked).").format(
        number=entered.number)
    return "\n".join([visible(said), standings(entered.match, entered.points)])


def ticked_entered_text(entered: PointsEntered) -> str:
    """What ``match add --took`` prints: the hand's points by categories, and the standings."""
    said = _("Hand {number} stored by categories (cards not checked).").format(number=entered.number)
    return "\n".join([visible(said), standings(entered.match, entered.points)])


def points_entered_dict(entered: PointsEntered) -> dict[str, Any]:
    """``match add --points --json``: as ``entered_dict``, the hand unverified and without a count."""
    return {"stored": True, "number": entered.number, "unverified": True, "points": entered.points,
            "match": match_dict(entered.match)}
