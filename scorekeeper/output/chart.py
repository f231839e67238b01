"""The chart of a match's running totals, as inline SVG: the HTML sheet's and the phone's.

Each side's line has its own colour (listed in ``COLOURS``) and marker, so a reader, or a test
looking at what a browser drew, can tell the sides apart; earlier sides are drawn wider and with
bigger markers, so that a later side's line laid over an equal one leaves it showing. Every label is
``FONT`` px at the chart's own width, and the target's label is put where no line passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper._words import visible_html as escape
from scorekeeper.history.matches import Match
from scorekeeper.i18n import _

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
WIDTH, HEIGHT, PAD = 640, 320, 40
#: The labels' size at the chart's own width: at least 12 px, readable on a club's board and a phone.
FONT = 13
# A label's width, in ems per character: wide enough for the digits and letters of any font.
_EM = 0.62

Point = tuple[float, float]


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


def _crosses(box: tuple[float, float, float, float], a: Point, b: Point, margin: float) -> bool:
    """Whether the segment from ``a`` to ``b``, ``margin`` wide on each side, touches the box."""
    left, top, right, bottom = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    steps = max(1, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / 2))  # a point every 2 px along it
    for k in range(steps + 1):
        x = a[0] + (b[0] - a[0]) * k / steps
        y = a[1] + (b[1] - a[1]) * k / steps
        if left <= x <= right and top <= y <= bottom:
            return True
    return False


def target_label(text: str, goal: float, lines: Sequence[tuple[Sequence[Point], float]],
                 left: float, right: float) -> tuple[float, float, str] | None:
    """Where the target's label goes (x, baseline y, anchor): just above or below the dashed line at
    its left or right end, the first place no line (with its width and markers) passes; None if every
    place is crossed (the label is then left out: the legend names the target)."""
    width, height = len(text) * FONT * _EM, FONT
    places = [(left + 4, goal - 5, "start"), (right, goal - 5, "end"),  # not for players: SVG anchors
              (left + 4, goal + 4 + height, "start"), (right, goal + 4 + height, "end")]  # not for players: anchors
    for x, baseline, anchor in places:
        x0 = x if anchor == "start" else x - width
        box = (x0, baseline - height, x0 + width, baseline + 3)
        segments = ((a, b, reach) for points, reach in lines for a, b in zip(points, points[1:], strict=False))
        if not any(_crosses(box, a, b, reach) for a, b, reach in segments):  # the markers are the ends
            return x, baseline, anchor
    return None


def chart(match: Match, width: int = WIDTH) -> str:
    """An SVG line chart ``width`` px wide: x is the hand, y the running total; the target is a dashed line."""
    names = match.settings.side_names
    series = {n: [0] + [line.totals[n] for line in match.state.lines] for n in names}
    top = max([match.settings.target, *(max(v) for v in series.values())])
    steps = max(1, len(match.state.lines))

    def x(i: int) -> float:
        return PAD + (width - 2 * PAD) * i / steps

    def y(v: int) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * v / top

    # The markup is not for players; its two texts, the chart's name and the target's, are translated.
    label = escape(_("running totals"))
    target = match.settings.target
    goal, goal_text = y(target), _("target {target}").format(target=target)
    low, right = HEIGHT - PAD, width - PAD
    text = f'font-size="{FONT}" fill="#555"'  # not for players: SVG attributes
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{HEIGHT}" '
              f'viewBox="0 0 {width} {HEIGHT}" role="img" aria-label="{label}">'),  # not for players: markup
             f'<rect x="0" y="0" width="{width}" height="{HEIGHT}" fill="#ffffff"/>',  # not for players: markup
             f'<line x1="{PAD}" y1="{low}" x2="{right}" y2="{low}" stroke="#444"/>',  # not for players: markup
             f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{low}" stroke="#444"/>',  # not for players: markup
             (f'<line x1="{PAD}" y1="{goal:.1f}" x2="{right}" '
              f'y2="{goal:.1f}" stroke="#999" stroke-dasharray="6 4"/>'),  # not for players: markup
             f'<text x="{PAD - 6}" y="{low + 4}" {text} text-anchor="end">0</text>']  # not for players: markup
    axis = f'<text x="{PAD - 6}" y="{{:.1f}}" {text} text-anchor="end">{{}}</text>'  # not for players: markup
    if abs(y(top) - goal) >= FONT or top == target:  # the top's number, unless it would sit on the target's
        parts.append(axis.format(y(top) + 4, top))
    if top != target:
        parts.append(axis.format(goal + 4, target))
    # hand numbers along the bottom, as many as fit side by side
    every = max(1, int((len(str(steps)) * FONT * _EM + 6) // ((width - 2 * PAD) / steps)) + 1)
    for i in range(1, len(match.state.lines) + 1):
        if i % every == 0 or i == steps:
            parts.append(f'<text x="{x(i):.1f}" y="{low + 18}" {text} '
                         f'text-anchor="middle">{i}</text>')  # not for players: markup
    lines = []
    for place, (n, colour) in enumerate(zip(names, COLOURS * 4, strict=False)):  # more sides than colours: repeat
        line_width, radius = stroke(place, len(names))
        points = [(x(i), y(v)) for i, v in enumerate(series[n])]
        lines.append((points, max(line_width / 2, radius) + 1))
        drawn = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<g><title>{escape(n)}</title><polyline points="{drawn}" fill="none" stroke="{colour}" '
                     f'stroke-width="{line_width}" stroke-linejoin="round"/>')  # not for players: markup
        parts.extend(_marker(place, px, py, radius, colour) for px, py in points)
        parts.append("</g>")  # not for players: markup
    spot = target_label(goal_text, goal, lines, PAD, right)
    if spot is not None:
        parts.append(f'<text x="{spot[0]:.1f}" y="{spot[1]:.1f}" {text} text-anchor="{spot[2]}" '
                     f'class="target">{escape(goal_text)}</text>')  # not for players: markup
    parts.append("</svg>")
    return "".join(parts)
