"""A tournament as text, JSON-ready dicts and table rows: pairings, standings, the log, the list.

The dicts are the ``--json`` contract of ``scorekeeper tournament``; ``standings_rows`` is the one
table the terminal, the pages, the CSV and the XLSX all show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.history.tournaments import Loaded
from scorekeeper.i18n import _, ngettext
from scorekeeper.output.text import table
from scorekeeper.tournament.events import Event, Round
from scorekeeper.tournament.knockout import ties
from scorekeeper.tournament.pairing import group_table
from scorekeeper.tournament.results import side_name, table_outcome
from scorekeeper.tournament.settings import BUCHHOLZ, DIFFERENCE, DRAW, GROUPS_KNOCKOUT, HEAD_TO_HEAD, POINTS_FOR
from scorekeeper.tournament.standings import MATCH_POINTS, Row


def criterion_label(name: str) -> str:
    """A tie-break's name as a player reads it."""
    labels = {MATCH_POINTS: _("match points"), HEAD_TO_HEAD: _("head-to-head"), DIFFERENCE: _("points difference"),
              POINTS_FOR: _("points for"), BUCHHOLZ: _("Buchholz"), DRAW: _("seeded draw")}
    return labels.get(name, name)


def pairing_dict(rnd: Round) -> dict[str, Any]:
    """``tournament pair --json``: the round, each table's sides and match, and the byes."""
    return {"round": rnd.number,
            "tables": [{"table": t.number, "entrants": [side_name(s) for s in t.sides], "match": t.match}
                       for t in rnd.tables],
            "bye": list(rnd.byes)}


def separating(row: Row) -> list[Any] | None:
    """What put a row above the next: the criterion and this row's value of it."""
    if row.decided_by is None:
        return None
    if row.decided_by == MATCH_POINTS:
        return [MATCH_POINTS, row.record.match_points]
    return [row.decided_by, dict(row.tiebreaks)[row.decided_by]]


def standings_dict(loaded: Loaded, rows: Sequence[Row]) -> dict[str, Any]:
    """``tournament standings --json``."""
    return {"round": len(loaded.state.rounds), "rows": [
        {"rank": r.rank, "entrant": r.entrant, "played": r.record.played, "won": r.record.won,
         "drawn": r.record.drawn, "lost": r.record.lost,
         "match_points": r.record.match_points,  # not for players: a key
         "points_for": r.record.points_for, "points_against": r.record.points_against,  # not for players: keys
         "tiebreaks": [[name, value] for name, value in r.tiebreaks],
         "decided_by": separating(r),  # not for players: a key
         **({"group": r.group} if r.group else {}), **({"dropped": True} if r.dropped else {})}
        for r in rows]}


def standings_rows(rows: Sequence[Row]) -> tuple[list[str], list[list[Any]]]:
    """The standings as headers and rows of plain values (terminal, pages, CSV, XLSX)."""
    chain = [name for name, _value in rows[0].tiebreaks] if rows else []
    group = any(r.group for r in rows)
    headers = [*([_("group")] if group else []), _("rank"), _("entrant"), _("played"), _("won"), _("drawn"),
               _("lost"), _("match points"), _("points for"), _("points against"),
               *(criterion_label(c) for c in chain), _("ahead by")]
    body = []
    for r in rows:
        split = separating(r)
        entrant = r.entrant + (" " + _("(dropped)") if r.dropped else "")
        body.append([*([r.group] if group else []), r.rank, entrant, r.record.played, r.record.won, r.record.drawn,
                     r.record.lost, r.record.match_points, r.record.points_for, r.record.points_against,
                     *(value for _name, value in r.tiebreaks),
                     f"{criterion_label(split[0])} {split[1]}" if split else ""])
    return headers, body


def standings_text(loaded: Loaded, rows: Sequence[Row]) -> str:
    heads, body = standings_rows(rows)
    title = _("{name}: standings after round {round}").format(name=loaded.name, round=len(loaded.state.rounds))
    return title + "\n\n" + table(heads, body)


def pairing_text(loaded: Loaded, rnd: Round) -> str:
    """A round's tables: who sits where, and the match to enter each table's hands in."""
    lines = [_("{name}: round {round}").format(name=loaded.name, round=rnd.number), ""]
    body = [[t.number, " - ".join(side_name(s) for s in t.sides), t.match] for t in rnd.tables]
    lines.append(table([_("table"), _("entrants"), _("match")], body))
    if rnd.byes:
        lines += ["", _("bye: {names}").format(names=", ".join(rnd.byes))]
    if rnd.tables:
        lines += ["", _("Enter a table's hands with: scorekeeper match add MATCH --pile ...")]
    return "\n".join(lines)


def _event_text(event: Event) -> str:
    d = event.detail
    texts = {
        "new": lambda: ngettext("started with {count} entrant", "started with {count} entrants",
                                len(d.get("entrants", ()))).format(count=len(d.get("entrants", ()))),
        "enter": lambda: _("late entry: {name}").format(name=d.get("entrant")),
        "drop": lambda: _("dropped: {name}").format(name=d.get("entrant")),
        "return": lambda: _("came back: {name}").format(name=d.get("entrant")),
        "round": lambda: _("round {round} paired").format(round=d.get("round")),
        "forfeit": lambda: _("round {round}, table {table}: {name} forfeited").format(
            round=d.get("round"), table=d.get("table"), name=d.get("entrant")),
        "repair": lambda: _("round {round} re-paired ({names} swapped): {reason}").format(
            round=d.get("round"), names=" <-> ".join(d.get("swap", ())), reason=d.get("reason")),
        "undo": lambda: _("undone: event {id}").format(id=d.get("of")),
        "time": lambda: ngettext("round {round}: time called at {count} table still playing",
                                 "round {round}: time called at {count} tables still playing",
                                 len(d.get("limits", {}))).format(round=d.get("round"), count=len(d.get("limits", {}))),
    }
    return texts[event.kind]() if event.kind in texts else event.kind


def log_rows(loaded: Loaded) -> list[dict[str, Any]]:
    """The tournament's events, oldest first, each with its sentence and whether it was undone."""
    return [{"id": e.id, "at": e.at, "kind": e.kind, "detail": dict(e.detail), "undone": e.undone,
             "text": _event_text(e)} for e in loaded.state.log]


def show_dict(loaded: Loaded) -> dict[str, Any]:
    """``tournament show --json``: the settings, the entrants, every round with its results, the log."""
    s = loaded.state
    rounds = []
    for rnd in s.rounds:
        tables = []
        for t in rnd.tables:
            outcome = table_outcome(s, rnd, t, loaded.results)
            tables.append({"table": t.number, "entrants": [side_name(x) for x in t.sides], "match": t.match,
                           "points": list(outcome.points) if outcome else None,
                           "winner": (side_name(t.sides[outcome.winner]) if outcome and outcome.winner is not None
                                      else None),
                           "done": outcome is not None, "forfeit": bool(outcome and outcome.forfeit),
                           **({"group": t.group} if t.group else {}),
                           **({"stage": t.stage, "game": t.game} if t.stage else {})})
        rounds.append({"round": rnd.number, "tables": tables, "bye": list(rnd.byes)})
    data = {"id": loaded.id, "name": loaded.name, "created": loaded.created, "settings": s.settings.as_json(),
            "entrants": s.entrants, "dropped": sorted(s.dropped, key=s.entrants.index), "rounds": rounds,
            "log": log_rows(loaded)}
    if s.settings.format == GROUPS_KNOCKOUT and any(t.stage for rnd in s.rounds for t in rnd.tables):
        found = ties(s, loaded.results, group_table(s))
        data["knockout"] = [{"stage": t.stage, "tie": t.number, "entrants": list(t.entrants), "wins": list(t.wins),
                             "needed": t.needed, "winner": t.winner} for t in found]
        final = [t for t in found if t.stage == found[-1].stage] if found else []
        data["champion"] = final[0].winner if len(final) == 1 else None
    return data


def show_text(loaded: Loaded) -> str:
    data = show_dict(loaded)
    s = loaded.state.settings
    lines = [_("{name} ({format}, {rules}): {entrants} entrants, {rounds} rounds paired").format(
        name=loaded.name, format=s.format, rules=s.rules, entrants=len(data["entrants"]), rounds=len(data["rounds"]))]
    if data["dropped"]:
        lines.append(_("dropped: {names}").format(names=", ".join(data["dropped"])))
    for rnd in data["rounds"]:
        lines += ["", _("round {round}").format(round=rnd["round"])]
        body = [[t["table"], " - ".join(t["entrants"]), t["match"],
                 (_("forfeit") if t["forfeit"] else " - ".join(map(str, t["points"]))) if t["done"] else _("playing")]
                for t in rnd["tables"]]
        lines.append(table([_("table"), _("entrants"), _("match"), _("result")], body))
        if rnd["bye"]:
            lines.append(_("bye: {names}").format(names=", ".join(rnd["bye"])))
    for tie in data.get("knockout", []):
        score = "-".join(map(str, tie["wins"]))
        lines.append(_("knockout stage {stage}, tie {tie}: {entrants} {score}").format(
            stage=tie["stage"], tie=tie["tie"], entrants=" - ".join(tie["entrants"]), score=score)
            + (" · " + _("{name} goes through").format(name=tie["winner"]) if tie["winner"] else ""))
    if data.get("champion"):
        lines.append(_("winner: {name}").format(name=data["champion"]))
    lines += ["", _("log:")]
    lines += [f"  {e['id']:>4}  {e['at']}  {e['text']}" + (" " + _("(undone)") if e["undone"] else "")
              for e in data["log"]]
    return "\n".join(lines)


def list_text(found: list[dict[str, Any]]) -> str:
    if not found:
        return _("No tournament yet: start one with 'scorekeeper tournament new'.")
    body = [[t["id"], t["name"], t["format"], t["rules"], t["entrants"], t["rounds"], t["created"]] for t in found]
    return table([_("id"), _("name"), _("format"), _("rules"), _("entrants"), _("rounds"), _("started")], body)


def standings_csv(rows: Sequence[Row]) -> str:
    """The standings as CSV: the same columns as the table."""
    import csv
    import io

    heads, body = standings_rows(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(heads)
    writer.writerows(body)
    return buffer.getvalue()
