"""Recorded matches as text a player reads: standings, the result line, the whole score sheet,
what an added hand did, and the list of matches."""

from __future__ import annotations

from typing import Any

from scorekeeper._words import and_list, cut_short, visible
from scorekeeper.history.matches import Entered, Match
from scorekeeper.i18n import _, ngettext
from scorekeeper.match.ending import HandLine, MatchState, state_dict
from scorekeeper.output.text import hand_table, table


def title(match: Match) -> str:
    """``Match 3 "Friday": Scopa (scopa) to 11, count-out-if-tied``."""
    s = match.settings
    name = f' "{s.name}"' if s.name else ""
    if s.enabled:
        return _("Match {id}{name}: {rules} ({rules_id}) to {target}, {finish}, with {optional}").format(
            id=match.id, name=name, rules=s.rules.name, rules_id=s.rules.id, target=s.target, finish=s.finish,
            optional=", ".join(s.enabled))
    return _("Match {id}{name}: {rules} ({rules_id}) to {target}, {finish}").format(
        id=match.id, name=name, rules=s.rules.name, rules_id=s.rules.id, target=s.target, finish=s.finish)


def outcome(match: Match) -> str:
    """One or two lines: the winner and stake, or who plays the next hand."""
    state: MatchState = match.state
    names = match.settings.side_names
    score = "-".join(str(state.totals[n]) for n in names)
    target = match.settings.target
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
    return _("Playing, {score}, first past {target}.").format(score=score, target=target)


def standings(match: Match, points: dict[str, int] | None = None) -> str:
    """The running totals, with this hand's points, and the outcome line."""
    names = match.settings.side_names
    rows = [[n, "" if points is None else points.get(n, "-"), match.state.totals[n]] for n in names]
    headers = [_("side"), _("hand") if points is not None else "", _("total")]
    return f"{table(headers, rows)}\n\n{visible(outcome(match))}"


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
        forced = [_("forced: {problem}").format(problem=p) for p in cut_short(hand.problems)] if hand.forced else []
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
            "state": "finished" if match.state.finished else "playing", **state_dict(s, match.state)}


def line_notes(line: HandLine) -> str:
    """A hand's notes on one line: who won each counted category, the match's note, and 'forced'."""
    hand = line.hand
    won = [f"{c.label}: " + ", ".join(f"{side} {p}" for side, p in zip(hand.sides, c.points, strict=True) if p)
           for c, counted in zip(hand.categories, line.counted, strict=True) if counted and any(c.points)]
    return "; ".join(won + ([line.note] if line.note else []) + ([_("forced")] if hand.forced else []))


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


def matches_table(rows: list[dict[str, Any]], *, total: int | None = None, offset: int = 0) -> str:
    """``match list``: a line per match (a page of ``history.matches.list_matches``), newest first,
    then how many more there are, if any (``total``: how many matches there are in all)."""
    total = len(rows) + offset if total is None else total
    if not rows:
        if total:
            return ngettext("No matches from --offset {offset}: there are {total}.",
                            "No matches from --offset {offset}: there are {total}.", total).format(
                offset=offset, total=total)
        return _("No matches yet: start one with 'scorekeeper match new'.")
    text = table(["id", _("name"), _("rules"), _("sides"), _("hands"), _("score"), _("state")],
                 [[r["id"], r["name"], r["rules"], " vs ".join(r["sides"]), r["hands"],
                   "-".join(str(r["totals"].get(s, 0)) for s in r["sides"]), _list_state(r)]
                  for r in rows])
    after = offset + len(rows)
    if after < total:
        more = ngettext("Matches {first}-{last} of {total}; {more} more: "
                        "'scorekeeper match list --offset {last}'.",
                        "Matches {first}-{last} of {total}; {more} more: "
                        "'scorekeeper match list --offset {last}'.", total - after)
        text += "\n" + more.format(first=offset + 1, last=after, total=total, more=total - after)
    return text


def _list_state(row: dict[str, Any]) -> str:
    if not row["finished"]:
        return _("playing")
    return _("won by {side}").format(side=row["winner"]) if row["winner"] else _("over")
