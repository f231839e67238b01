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
from html import escape as html_escape

from scorekeeper._words import visible
from scorekeeper.history.matches import Match
from scorekeeper.i18n import _, current, ngettext
from scorekeeper.match.ending import HandLine
from scorekeeper.output.sheet import outcome

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
#: The background of the winner's totals (not one of ``COLOURS``, so it never reads as a line).
WINNER = "#fff2a8"
WIDTH, HEIGHT, PAD = 640, 320, 40

_STYLE = """
body { font-family: Georgia, serif; margin: 2em; color: #222; }
section.match { break-after: page; page-break-after: always; }
section.match:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
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


def escape(text: str) -> str:
    """Text from a match or its rule set as HTML: markup characters escaped, and the characters a
    terminal acts on (ESC, BEL, bidi controls) written as escapes (``\\x1b``), as in every other
    output, since the page may be printed to a terminal (``export --format html`` with no ``-o``)."""
    return html_escape(visible(text))


def _marker(shape: int, cx: float, cy: float, r: float, colour: str) -> str:
    """One point of a line: a circle, square, triangle or diamond by the side's place."""
    if shape % 4 == 0:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour}"/>'  # not for players: markup
    if shape % 4 == 1:
        return (f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" '
                f'height="{2 * r:.1f}" fill="{colour}"/>')  # not for players: markup
    if shape % 4 == 2:
        corners = [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    else:
        corners = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    return f'<polygon points="{points}" fill="{colour}"/>'  # not for players: markup


def stroke(place: int, sides: int) -> tuple[int, float]:
    """The line width and marker radius of the side at ``place`` of ``sides``: the first widest, drawn
    first, so that a later side's equal line sits inside it and both show."""
    width = 3 + 4 * (sides - 1 - place)
    return width, width / 2 + 3


def chart(match: Match) -> str:
    """An SVG line chart: x is the hand, y the running total; the target is a dashed line."""
    names = match.settings.side_names
    series = {n: [0] + [line.totals[n] for line in match.state.lines] for n in names}
    top = max([match.settings.target, *(max(v) for v in series.values())])
    steps = max(1, len(match.state.lines))

    def x(i: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * i / steps

    def y(v: int) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * v / top

    # The markup is not for players; its two texts, the chart's name and the target's, are translated.
    label = escape(_("running totals"))
    goal, goal_text = y(match.settings.target), escape(_("target {target}").format(target=match.settings.target))
    low, right = HEIGHT - PAD, WIDTH - PAD
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
              f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}">'),  # not for players: markup
             f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',  # not for players: markup
             f'<line x1="{PAD}" y1="{low}" x2="{right}" y2="{low}" stroke="#444"/>',  # not for players: markup
             f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{low}" stroke="#444"/>',  # not for players: markup
             (f'<line x1="{PAD}" y1="{goal:.1f}" x2="{right}" '
              f'y2="{goal:.1f}" stroke="#999" stroke-dasharray="6 4"/>'),  # not for players: markup
             (f'<text x="{right}" y="{goal - 4:.1f}" font-size="11" text-anchor="end" '
              f'fill="#666">{goal_text}</text>'),  # not for players: markup
             (f'<text x="{PAD - 6}" y="{low + 4}" font-size="11" text-anchor="end" '
              f'fill="#666">0</text>'),  # not for players: markup
             (f'<text x="{PAD - 6}" y="{y(top) + 4:.1f}" font-size="11" text-anchor="end" '
              f'fill="#666">{top}</text>')]  # not for players: markup
    for i in range(1, len(match.state.lines) + 1):
        parts.append(f'<text x="{x(i):.1f}" y="{low + 16}" font-size="11" text-anchor="middle" '
                     f'fill="#666">{i}</text>')  # not for players: markup
    for place, (n, colour) in enumerate(zip(names, COLOURS * 4, strict=False)):  # more sides than colours: repeat
        width, radius = stroke(place, len(names))
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[n]))
        parts.append(f'<g><title>{escape(n)}</title><polyline points="{points}" fill="none" stroke="{colour}" '
                     f'stroke-width="{width}" stroke-linejoin="round"/>')  # not for players: markup
        parts.extend(_marker(place, x(i), y(v), radius, colour) for i, v in enumerate(series[n]))
        parts.append("</g>")  # not for players: markup
    parts.append("</svg>")
    return "".join(parts)


def _columns(match: Match) -> list[tuple[str, str]]:
    """The categories as columns, in count order: the rule set's (optional ones if turned on), then
    any other a hand holds; each with its label in the language in use."""
    s = match.settings
    columns = {c.id: c.title for c in s.rules.categories if not c.optional or c.id in s.enabled}
    for line in match.state.lines:
        for category in line.hand.categories:
            columns.setdefault(category.id, category.label)
    return list(columns.items())


def _hand_rows(line: HandLine, ids: list[str]) -> str:
    hand = line.hand
    points: dict[tuple[str, str], str] = {}
    for category, counted in zip(hand.categories, line.counted, strict=True):
        for side, p in zip(hand.sides, category.points, strict=True):  # (p): the match was decided before it
            points[(category.id, side)] = str(p) if counted else f"({p})"
    notes = [line.note] if line.note else []
    notes += [_("forced: {problem}").format(problem=p) for p in hand.problems] if hand.forced else []
    rows = []
    for k, side in enumerate(hand.sides):
        cells = "".join(f"<td>{points.get((cid, side), '')}</td>" for cid in ids)  # not for players: markup
        first = (f'<td rowspan="{len(hand.sides)}">{line.number}</td>' if k == 0 else "")  # not for players: markup
        note = (f'<td class="note" rowspan="{len(hand.sides)}">'  # not for players: markup
                f'{escape("; ".join(notes))}</td>' if k == 0 else "")
        rows.append(f'<tr>{first}<td class="side">{escape(side)}</td>{cells}'  # not for players: markup
                    f"<td>{line.points.get(side, '')}</td><td>{line.totals[side]}</td>{note}</tr>")
    return "".join(rows)


def _hands_table(match: Match) -> str:
    """Every hand, a row per side and a column per category, then a totals row per side."""
    columns = _columns(match)
    ids = [cid for cid, _label in columns]
    heads = "".join(f"<th>{escape(label)}</th>" for _cid, label in columns)  # not for players: markup
    hand, side, points, total = (escape(t) for t in (_("hand"), _("side"), _("points"), _("total")))
    body = "".join(_hand_rows(line, ids) for line in match.state.lines)
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
    sides = " vs ".join(names)
    heading = _("{rules}: {sides}").format(rules=s.rules.name, sides=sides)
    if s.name:
        heading = _("{name}: {rules}, {sides}").format(name=s.name, rules=s.rules.name, sides=sides)
    started = escape(_started(match))
    extra = ""
    if s.enabled:
        labels = [c.title for c in s.rules.categories if c.id in s.enabled]
        extra = " " + escape(_("Also counted: {categories}.").format(categories=", ".join(labels)))
    return (f'<section class="match"><h1>{escape(heading)}</h1>'  # not for players: markup
            f"<p>{started} {escape(_ending(match))}{extra}</p>"
            f'<p class="result">{escape(_result(match))}</p>{chart(match)}'
            f'<p class="legend">{legend}</p>{_hands_table(match)}</section>')  # not for players: markup


def to_html(matches: list[Match]) -> str:
    """A standalone HTML document with a page per match."""
    return "".join(html_chunks(matches))


def html_chunks(matches: Iterable[Match]) -> Iterator[str]:
    """The HTML document in pieces: the head, a section per match, the end."""
    heading = escape(_("scorekeeper: score sheets"))
    yield (f'<!DOCTYPE html>\n<html lang="{current()}"><head><meta charset="utf-8">'  # not for players: markup
           f"<title>{heading}</title>"
           f"<style>{_STYLE}</style></head><body>")  # not for players: markup
    empty = True
    for match in matches:
        empty = False
        yield match_section(match)
    none = escape(_("No matches."))
    yield (f"<p>{none}</p>" if empty else "") + "</body></html>\n"  # not for players: markup
