"""Recorded matches as text a player reads: standings, the result line, the whole score sheet,
what an added hand did, and the list of matches."""

from __future__ import annotations

from typing import Any

from scorekeeper._words import and_list, cut_short, visible
from scorekeeper.history.matches import Entered, Match
from scorekeeper.match.ending import HandLine, MatchState, state_dict
from scorekeeper.output.text import hand_table, table


def title(match: Match) -> str:
    """``Match 3 "Friday": Scopa (scopa) to 11, count-out-if-tied``."""
    s = match.settings
    name = f' "{s.name}"' if s.name else ""
    extra = f", with {', '.join(s.enabled)}" if s.enabled else ""
    return f"Match {match.id}{name}: {s.rules.name} ({s.rules.id}) to {s.target}, {s.finish}{extra}"


def outcome(match: Match) -> str:
    """One or two lines: the winner and stake, or who plays the next hand."""
    state: MatchState = match.state
    names = match.settings.side_names
    score = "-".join(str(state.totals[n]) for n in names)
    if state.finished:
        if state.winner is None:
            return f"The match is over ({score}): {state.reason}."
        stake = f"stake {state.stake}" + (" (doubled)" if state.doubled else "")
        return f"{state.winner} wins the match, {score}, {stake}: {state.reason}."
    if state.playoff:
        who = f"only {and_list(state.next_sides)} play" if len(state.next_sides) < len(names) else "all sides play"
        return f"Playing, {score}: level at the top, {who} the next hand."
    if match.settings.finish == "claim":
        over = [n for n in names if state.totals[n] >= match.settings.target]
        hint = f"; {and_list(over)} may claim" if over else ""
        return f"Playing, {score}: a side wins by claiming {match.settings.target} (match claim){hint}."
    return f"Playing, {score}, first past {match.settings.target}."


def standings(match: Match, points: dict[str, int] | None = None) -> str:
    """The running totals, with this hand's points, and the outcome line."""
    names = match.settings.side_names
    rows = [[n, "" if points is None else points.get(n, "-"), match.state.totals[n]] for n in names]
    headers = ["side", "hand", "total"] if points is not None else ["side", "", "total"]
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
        rows.append(["", "hand", *(line.points.get(n, "") for n in names)])
        rows.append(["", "total", *(line.totals[n] for n in names)])
        said = line.note and line.note != match.state.reason  # the reason is printed once, at the end
        forced = ["forced: " + p for p in cut_short(hand.problems)] if hand.forced else []
        for note in ([line.note] if said else []) + forced:
            rows.append(["", f"  {note}", *("" for _ in names)])
    body = table(["hand", "category", *names], rows) if rows else "No hands yet."
    legend = "\n(n): not counted, the match was decided earlier in that hand." if any(
        not all(line.counted) and line.points for line in match.state.lines) else ""
    return f"{visible(title(match))}\n{visible(_players(match))}\n\n{body}{legend}\n\n{visible(outcome(match))}"


def _players(match: Match) -> str:
    return " vs ".join(s.name for s in match.settings.sides)


def match_dict(match: Match) -> dict[str, Any]:
    """``match show --json``: settings, every hand, totals and the result."""
    s = match.settings
    return {"id": match.id, "name": s.name, "created": match.row.created, "rules": s.rules.id,
            "rules_name": s.rules.name, "target": s.target, "finish": s.finish, "playoff": s.playoff,
            "stake_rule": {"margin": s.stake.margin, "double_if_loser_below": s.stake.double_if_loser_below},
            "with": list(s.enabled), "sides": list(s.side_names),
            "players": {side.name: list(side.players) for side in s.sides},
            "state": "finished" if match.state.finished else "playing", **state_dict(s, match.state)}


def line_notes(line: HandLine) -> str:
    """A hand's notes on one line: who won each counted category, the match's note, and 'forced'."""
    hand = line.hand
    won = [f"{c.label}: " + ", ".join(f"{side} {p}" for side, p in zip(hand.sides, c.points, strict=True) if p)
           for c, counted in zip(hand.categories, line.counted, strict=True) if counted and any(c.points)]
    return "; ".join(won + ([line.note] if line.note else []) + (["forced"] if hand.forced else []))


def entered_text(entered: Entered, verb: str) -> str:
    """What ``match add`` or ``match edit`` prints: the hand counted and, if it was stored, the standings."""
    counted = hand_table(entered.counted.result) + "\n"
    if not entered.stored:
        return counted
    line = entered.match.state.lines[entered.number - 1]
    said = [f"Hand {entered.number} {verb}{' with its problems noted' if entered.counted.result.problems else ''}."]
    skipped = [c.label for c, counted in zip(line.hand.categories, line.counted, strict=True) if not counted]
    if skipped and line.points:
        said.append(f"Counted out: {', '.join(skipped)} not scored.")
    elif line.note.startswith("not counted"):
        said.append(f"This hand is {line.note}.")
    return "\n".join([counted, *map(visible, said), standings(entered.match, line.points)])


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
            return f"No matches from --offset {offset}: there are {total}."
        return "No matches yet: start one with 'scorekeeper match new'."
    text = table(["id", "name", "rules", "sides", "hands", "score", "state"],
                 [[r["id"], r["name"], r["rules"], " vs ".join(r["sides"]), r["hands"],
                   "-".join(str(r["totals"].get(s, 0)) for s in r["sides"]),
                   (f"won by {r['winner']}" if r["winner"] else "over") if r["finished"] else "playing"]
                  for r in rows])
    after = offset + len(rows)
    if after < total:
        text += (f"\nMatches {offset + 1}-{after} of {total}; {total - after} more: "
                 f"'scorekeeper match list --offset {after}'.")
    return text
