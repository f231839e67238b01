"""A printable HTML page per match: result, an inline SVG chart of the running totals, the hands.

The page is standalone: no script, no font or image fetched, styles inline, one printed page per
match. Each side's line has its own colour (listed in ``COLOURS``) so a reader, or a test looking
at what a browser drew, can tell the sides apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html import escape

from scorekeeper.history.matches import Match
from scorekeeper.i18n import _, current
from scorekeeper.output.sheet import line_notes, outcome, title

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
WIDTH, HEIGHT, PAD = 640, 320, 40

_STYLE = """
body { font-family: Georgia, serif; margin: 2em; color: #222; }
section.match { break-after: page; page-break-after: always; }
section.match:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
p.result { font-weight: bold; }
table { border-collapse: collapse; margin-top: 1em; }
th, td { border: 1px solid #999; padding: .2em .6em; text-align: right; white-space: nowrap; }
td.note, th.note { text-align: left; font-size: .85em; white-space: normal; }
.legend span { display: inline-block; width: 1.4em; height: .6em; margin: 0 .3em 0 1em; }
@page { size: A4; margin: 15mm; }
"""  # not for players: CSS


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
    for n, colour in zip(names, COLOURS * 4, strict=False):  # more sides than colours: they repeat
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[n]))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4" '
                     f'stroke-linejoin="round"><title>{escape(n)}</title></polyline>')  # not for players: markup
    parts.append("</svg>")
    return "".join(parts)


def _hands_table(match: Match) -> str:
    names = match.settings.side_names
    head = "".join(f"<th>{escape(n)}</th>" for n in names)  # not for players: markup
    rows = []
    for line in match.state.lines:
        cells = "".join(f"<td>+{line.points[n]} = {line.totals[n]}</td>" if n in line.points  # not for players: markup
                        else f"<td>{line.totals[n]}</td>" for n in names)  # not for players: markup
        rows.append(f"<tr><td>{line.number}</td>{cells}"  # not for players: markup
                    f"<td class=\"note\">{escape(line_notes(line))}</td></tr>")
    hand, categories = escape(_("hand")), escape(_("categories"))
    return (f"<table><tr><th>{hand}</th>{head}"  # not for players: markup
            f"<th class=\"note\">{categories}</th></tr>{''.join(rows)}</table>")


def match_section(match: Match) -> str:
    """One match's printable page."""
    names = match.settings.side_names
    legend = "".join(f'<span style="background:{c}"></span>{escape(n)}'  # not for players: markup
                     for n, c in zip(names, COLOURS * 4, strict=False))
    started = _("{sides}; started {time}").format(sides=" vs ".join(names), time=match.row.created)
    return (f'<section class="match"><h1>{escape(title(match))}</h1>'  # not for players: markup
            f"<p>{escape(started)}</p>"
            f'<p class="result">{escape(outcome(match))}</p>{chart(match)}'
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
