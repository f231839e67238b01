"""A printable HTML page per match, for the club's notice board: what was played in plain words, the
result, an inline SVG chart of the running totals, and the hands with a column per category.

The page is standalone: no script, no font or image fetched, styles inline, one printed page per
match. Each side's line has its own colour (listed in ``COLOURS``) and marker, so a reader, or a
test looking at what a browser drew, can tell the sides apart; earlier sides are drawn wider and
with bigger markers, so that a later side's line laid over an equal one leaves it showing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime

from scorekeeper._words import visible_html as escape
from scorekeeper.history.evening import Evening
from scorekeeper.history.matches import Match
from scorekeeper.history.problems import hand_problems
from scorekeeper.i18n import _, current, ngettext
from scorekeeper.match.ending import HandLine
from scorekeeper.output.chart import COLOURS, HEIGHT, PAD, WIDTH, chart, stroke
from scorekeeper.output.entries import entry_kind, entry_mark
from scorekeeper.output.sheet import outcome

__all__ = ["COLOURS", "HEIGHT", "PAD", "WIDTH", "WINNER", "chart", "html_chunks", "match_section",  # not for players
           "stroke", "to_html"]  # not for players: names

#: The background of the winner's totals (not one of ``COLOURS``, so it never reads as a line).
WINNER = "#fff2a8"

_STYLE = """
body { font-family: Georgia, serif; margin: 2em; color: #222; }
section.match { break-after: page; page-break-after: always; }
section.match:last-child { break-after: auto; page-break-after: auto; }
h1.evening { font-size: 1.5em; margin: 0 0 .8em; }
h2 { font-size: 1.3em; margin: 0 0 .3em; }
tr.entry td { background: #f1f1f1; font-style: italic; }
section.match + section.match { margin-top: 3em; }
td.note em { font-weight: bold; }
.legend span.goal { background: none; border-top: 2px dashed #999; height: 0; vertical-align: middle; }
p.result { font-weight: bold; }
table { border-collapse: collapse; margin-top: 1em; font-size: .85em; }
th, td { border: 1px solid #999; padding: .2em .5em; text-align: right; }
th { white-space: normal; vertical-align: bottom; }
td { white-space: nowrap; }
td.side, th.side, td.note, th.note { text-align: left; }
td.note { white-space: normal; font-size: .9em; }
tfoot td { border-top: 2px solid #222; font-weight: bold; }
tr.winner td, strong.winner { background: #fff2a8; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.legend span { display: inline-block; width: 1.4em; height: .6em; margin: 0 .3em 0 1em; }
@page { size: A4; margin: 15mm; }
"""  # not for players: CSS


def _columns(match: Match) -> list[tuple[str, str]]:
    """The categories as columns, in count order: the rule set's (optional ones if turned on), then
    any other a hand holds; each with its label in the language in use."""
    s = match.settings
    columns = {c.id: c.title for c in s.rules.categories if not c.optional or c.id in s.enabled}
    for line in match.state.lines:
        for category in line.hand.categories:
            columns.setdefault(category.id, category.label)
    return list(columns.items())


def _hand_rows(match: Match, line: HandLine, ids: list[str]) -> str:
    hand = line.hand
    points: dict[tuple[str, str], str] = {}
    for category, counted in zip(hand.categories, line.counted, strict=True):
        for side, p in zip(hand.sides, category.points, strict=True):  # (p): the match was decided before it
            points[(category.id, side)] = str(p) if counted else f"({p})"
    notes = [line.note] if line.note else []
    if hand.forced:  # its problems in the reader's words, counted again where they can be
        notes += [_("forced: {problem}").format(problem=p) for p in hand_problems(match, line.number)]
    # a hand not entered pile by pile (points only...) is marked in its rows: see output.entries
    kind, mark = entry_kind(hand), entry_mark(hand)
    marked = f"<em>{escape(mark)}</em>" if mark else ""  # not for players: markup
    said = marked + ("; " if mark and notes else "") + escape("; ".join(notes))
    row = f'<tr class="entry {kind}">' if kind else "<tr>"  # not for players: markup
    rows = []
    for k, side in enumerate(hand.sides):
        cells = "".join(f"<td>{points.get((cid, side), '')}</td>" for cid in ids)  # not for players: markup
        first = (f'<td rowspan="{len(hand.sides)}">{line.number}{"*" if kind else ""}</td>'  # not for players: markup
                 if k == 0 else "")
        note = f'<td class="note" rowspan="{len(hand.sides)}">{said}</td>' if k == 0 else ""  # not for players: markup
        rows.append(f'{row}{first}<td class="side">{escape(side)}</td>{cells}'  # not for players: markup
                    f"<td>{line.points.get(side, '')}</td><td>{line.totals[side]}</td>{note}</tr>")
    return "".join(rows)


def _hands_table(match: Match) -> str:
    """Every hand, a row per side and a column per category, then a totals row per side."""
    columns = _columns(match)
    ids = [cid for cid, _label in columns]
    heads = "".join(f"<th>{escape(label)}</th>" for _cid, label in columns)  # not for players: markup
    hand, side, points, total = (escape(t) for t in (_("hand"), _("side"), _("points"), _("total")))
    body = "".join(_hand_rows(match, line, ids) for line in match.state.lines)
    sums = {(cid, n): 0 for cid in ids for n in match.settings.side_names}
    for line in match.state.lines:
        for category, counted in zip(line.hand.categories, line.counted, strict=True):
            for n, p in zip(line.hand.sides, category.points, strict=True):
                sums[(category.id, n)] += p if counted else 0
    foot = []
    for n in match.settings.side_names:
        mark = ' class="totals winner"' if n == match.state.winner else ' class="totals"'  # not for players: markup
        cells = "".join(f"<td>{sums[(cid, n)]}</td>" for cid in ids)  # not for players: markup
        foot.append(f'<tr{mark}><td>{total}</td><td class="side">{escape(n)}</td>{cells}'  # not for players: markup
                    f'<td></td><td>{match.state.totals[n]}</td><td class="note"></td></tr>')
    notes = escape(_("notes"))
    return (f'<table><thead><tr><th>{hand}</th><th class="side">{side}</th>{heads}'  # not for players: markup
            f'<th>{points}</th><th>{total}</th><th class="note">{notes}</th></tr></thead>'  # not for players: markup
            f"<tbody>{body}</tbody><tfoot>{''.join(foot)}</tfoot></table>")  # not for players: markup


def _ending(match: Match) -> str:
    """How the match ends, as a player would say it."""
    s = match.settings
    if s.finish == "count-out":  # not for players: a policy's id
        text = _("Played to {target} points: the first side to reach them wins at once, each hand counted "
                 "category by category.")
    elif s.finish == "count-out-if-tied":  # not for players: a policy's id
        text = _("Played to {target} points: after a hand in which a side reaches them, the highest total "
                 "wins; if the highest totals are equal, that hand is counted again category by category.")
    elif s.finish == "claim":
        text = _("Played to {target} points: a side must claim to have reached them; a wrong claim loses.")
    else:
        text = _("Played to {target} points: after a hand in which a side reaches them, the highest total wins.")
    return text.format(target=s.target)


def _result(match: Match) -> str:
    """The result in plain words: who won and by how much, what the win is worth if not simply one."""
    state, s = match.state, match.settings
    score = "-".join(str(state.totals[n]) for n in s.side_names)
    if not state.finished or state.winner is None:
        return outcome(match)
    won = _("{side} wins the match, {score}: {reason}.").format(side=state.winner, score=score, reason=state.reason)
    stake = state.stake or 1
    if s.stake.margin and state.doubled:
        worth = ngettext("The win is worth the margin, doubled: {stake} point.",
                         "The win is worth the margin, doubled: {stake} points.", stake)
    elif s.stake.margin:
        worth = ngettext("The win is worth the margin: {stake} point.", "The win is worth the margin: {stake} points.",
                         stake)
    elif state.doubled:
        worth = _("The win counts double ({stake}): the loser stayed under {line}.")
    else:
        return won
    return f"{won} {worth.format(stake=stake, line=s.stake.double_if_loser_below)}"


def _started(match: Match) -> str:
    """When the match started, in local time (the history keeps UTC)."""
    try:
        when = datetime.fromisoformat(match.row.created).astimezone()
    except ValueError:  # not a time this program wrote: shown as it is
        return _("Match {id}, started {time}.").format(id=match.id, time=match.row.created)
    return _("Match {id}, started on {date} at {time}.").format(id=match.id, date=f"{when:%Y-%m-%d}",
                                                                time=f"{when:%H:%M}")


def match_section(match: Match) -> str:
    """One match's printable page."""
    s = match.settings
    names = s.side_names
    legend = "".join(f'<span style="background:{c}"></span>{escape(n)}'  # not for players: markup
                     for n, c in zip(names, COLOURS * 4, strict=False))
    goal = escape(_("target {target}").format(target=s.target))
    legend += f'<span class="goal"></span>{goal}'  # not for players: markup
    sides = " vs ".join(names)
    heading = _("{rules}: {sides}").format(rules=s.rules.name, sides=sides)
    if s.name:
        heading = _("{name}: {rules}, {sides}").format(name=s.name, rules=s.rules.name, sides=sides)
    started = escape(_started(match))
    extra = ""
    if s.enabled:
        labels = [c.title for c in s.rules.categories if c.id in s.enabled]
        extra = " " + escape(_("Also counted: {categories}.").format(categories=", ".join(labels)))
    return (f'<section class="match"><h2>{escape(heading)}</h2>'  # not for players: markup
            f"<p>{started} {escape(_ending(match))}{extra}</p>"
            f'<p class="result">{escape(_result(match))}</p>{chart(match)}'
            f'<p class="legend">{legend}</p>{_hands_table(match)}</section>')  # not for players: markup


def _local_date(stamp: str) -> str:
    """A stored UTC time's local date (as stored if this program did not write it)."""
    try:
        return f"{datetime.fromisoformat(stamp).astimezone():%Y-%m-%d}"
    except ValueError:
        return stamp


def evening_title(evening: Evening | None, club: str = "") -> str:
    """The sheet's title: the club, the date (or the first and last) and the games played."""
    if evening is None or not evening.first:
        return _("{club}: score sheets").format(club=club) if club else _("scorekeeper: score sheets")
    first, last = _local_date(evening.first), _local_date(evening.last)
    dates = first if first == last else f"{first} – {last}"
    games = ", ".join(evening.games)
    if club:
        return _("{club}, {dates}: {games}").format(club=club, dates=dates, games=games)
    return _("{dates}: {games}").format(dates=dates, games=games)


def to_html(matches: list[Match], evening: Evening | None = None, club: str = "") -> str:
    """A standalone HTML document with a page per match."""
    return "".join(html_chunks(matches, evening, club))


def html_chunks(matches: Iterable[Match], evening: Evening | None = None, club: str = "") -> Iterator[str]:
    """The HTML document in pieces: the head and the evening's title (``evening``: when the matches were
    played and which games, read before them; ``club``: whose evening), a section per match, the end."""
    heading = escape(evening_title(evening, club.strip()))
    yield (f'<!DOCTYPE html>\n<html lang="{current()}"><head><meta charset="utf-8">'  # not for players: markup
           f"<title>{heading}</title>"
           f'<style>{_STYLE}</style></head><body><h1 class="evening">{heading}</h1>')  # not for players: markup
    empty = True
    for match in matches:
        empty = False
        yield match_section(match)
    none = escape(_("No matches."))
    yield (f"<p>{none}</p>" if empty else "") + "</body></html>\n"  # not for players: markup
