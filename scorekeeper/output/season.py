"""A season's league table: as headers and rows (the one shape every format is made from), and as
text, JSON, CSV, an Excel workbook and a printable HTML page."""

from __future__ import annotations

import csv
import io
from html import escape
from typing import Any

from scorekeeper.history.seasons import Season, SeasonTable
from scorekeeper.i18n import _
from scorekeeper.output.export import safe_cell
from scorekeeper.output.text import table


def season_sheet(season: SeasonTable) -> tuple[list[str], list[list[Any]]]:
    """The league table as headers and rows: place, player, points, matches, won, drawn, tournament points."""
    headers = ["#", _("player"), _("points"), _("matches"), _("won"), _("drawn"), _("tournament points")]
    rows = [[n, season.names.get(line.player, line.player), line.points, line.matches, line.won, line.drawn,
             line.tournament_points] for n, line in enumerate(season.lines, start=1)]
    return headers, rows


def describe(season: Season) -> str:
    """What a season holds, in one line."""
    if season.starts is not None:
        span = _("from {starts} to {ends}").format(starts=season.starts, ends=season.ends)
    else:
        span = _("tournaments: {names}").format(names=", ".join(season.tournaments))
    p = season.points
    points = _("{win} a win, {draw} a draw, {played} a match played; places {places}").format(
        win=p.win, draw=p.draw, played=p.played, places=", ".join(map(str, p.places)) or "-")
    return f"{season.name}: {span} ({points})"


def season_text(season: SeasonTable) -> str:
    headers, rows = season_sheet(season)
    lines = [describe(season.season)]
    lines.append(table(headers, rows) if rows else _("No finished match in this season yet."))
    if season.waiting:
        lines.append(_("No places yet from {names}: not over (or not started).").format(
            names=", ".join(season.waiting)))
    return "\n\n".join(lines)


def season_dict(season: SeasonTable) -> dict[str, Any]:
    s = season.season
    return {"season": s.name, "from": s.starts, "to": s.ends, "tournaments": list(s.tournaments),  # not for players
            "points": s.points.as_dict(), "matches": season.matches,  # not for players: JSON keys
            "waiting": list(season.waiting),  # not for players: JSON key
            "rows": [{"player": season.names.get(line.player, line.player), "points": line.points,
                      "matches": line.matches, "won": line.won, "drawn": line.drawn,
                      "tournament_points": line.tournament_points} for line in season.lines]}  # not for players


def season_xlsx(season: SeasonTable) -> bytes:
    """The league table as an Excel workbook: one sheet, named after the season."""
    from scorekeeper.output.xlsx import table_xlsx

    return table_xlsx({season.season.name: season_sheet(season)})


def season_csv(season: SeasonTable) -> str:
    """The league table as CSV (RFC 4180), text cells made safe for spreadsheets."""
    headers, rows = season_sheet(season)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(h) for h in headers])
    writer.writerows([[safe_cell(cell) for cell in row] for row in rows])
    return out.getvalue()


_STYLE = """
body { font-family: Georgia, serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin-top: 1em; }
th, td { border: 1px solid #999; padding: .25em .6em; text-align: right; }
td:nth-child(2), th:nth-child(2) { text-align: left; }
tr:first-child td { background: #fff2a8; }
"""  # not for players: CSS


def table_html(season: SeasonTable) -> str:
    """The league table as an HTML table (for a page or the TV screen)."""
    headers, rows = season_sheet(season)
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)  # not for players: markup
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>"  # not for players: markup
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"  # not for players: markup


def season_html(season: SeasonTable) -> str:
    """A standalone printable page: no script, nothing fetched."""
    title = escape(season.season.name)
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"  # not for players: markup
            f"<title>{title}</title><style>{_STYLE}</style></head><body>"  # not for players: markup
            f"<h1>{title}</h1><p>{escape(describe(season.season))}</p>{table_html(season)}</body></html>\n")
