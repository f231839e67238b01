"""A printable HTML page per match: result, an inline SVG chart of the running totals, the hands.

The page is standalone: no script, no font or image fetched, styles inline, one printed page per
match. Each side's line has its own colour (listed in ``COLOURS``) so a reader, or a test looking
at what a browser drew, can tell the sides apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from html import escape

from scorekeeper.history.matches import Match
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
"""


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

    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
              f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="running totals">'),
             f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
             f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#444"/>',
             f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#444"/>',
             (f'<line x1="{PAD}" y1="{y(match.settings.target):.1f}" x2="{WIDTH - PAD}" '
              f'y2="{y(match.settings.target):.1f}" stroke="#999" stroke-dasharray="6 4"/>'),
             (f'<text x="{WIDTH - PAD}" y="{y(match.settings.target) - 4:.1f}" font-size="11" text-anchor="end" '
              f'fill="#666">target {match.settings.target}</text>'),
             f'<text x="{PAD - 6}" y="{HEIGHT - PAD + 4}" font-size="11" text-anchor="end" fill="#666">0</text>',
             f'<text x="{PAD - 6}" y="{y(top) + 4:.1f}" font-size="11" text-anchor="end" fill="#666">{top}</text>']
    for i in range(1, len(match.state.lines) + 1):
        parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - PAD + 16}" font-size="11" text-anchor="middle" '
                     f'fill="#666">{i}</text>')
    for n, colour in zip(names, COLOURS * 4, strict=False):  # more sides than colours: they repeat
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series[n]))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="4" '
                     f'stroke-linejoin="round"><title>{escape(n)}</title></polyline>')
    parts.append("</svg>")
    return "".join(parts)


def _hands_table(match: Match) -> str:
    names = match.settings.side_names
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    rows = []
    for line in match.state.lines:
        cells = "".join(f"<td>+{line.points[n]} = {line.totals[n]}</td>" if n in line.points
                        else f"<td>{line.totals[n]}</td>" for n in names)
        rows.append(f"<tr><td>{line.number}</td>{cells}<td class=\"note\">{escape(line_notes(line))}</td></tr>")
    return f"<table><tr><th>hand</th>{head}<th class=\"note\">categories</th></tr>{''.join(rows)}</table>"


def match_section(match: Match) -> str:
    """One match's printable page."""
    names = match.settings.side_names
    legend = "".join(f'<span style="background:{c}"></span>{escape(n)}'
                     for n, c in zip(names, COLOURS * 4, strict=False))
    return (f'<section class="match"><h1>{escape(title(match))}</h1>'
            f"<p>{escape(' vs '.join(names))}; started {escape(match.row.created)}</p>"
            f'<p class="result">{escape(outcome(match))}</p>{chart(match)}'
            f'<p class="legend">{legend}</p>{_hands_table(match)}</section>')


def to_html(matches: list[Match]) -> str:
    """A standalone HTML document with a page per match."""
    return "".join(html_chunks(matches))


def html_chunks(matches: Iterable[Match]) -> Iterator[str]:
    """The HTML document in pieces: the head, a section per match, the end."""
    yield ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
           "<title>scorekeeper: score sheets</title>"
           f"<style>{_STYLE}</style></head><body>")
    empty = True
    for match in matches:
        empty = False
        yield match_section(match)
    yield ("<p>No matches.</p>" if empty else "") + "</body></html>\n"
