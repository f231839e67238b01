"""The ratings list and a player's page, as text, JSON and an SVG chart of the rating over time."""

from __future__ import annotations

from html import escape
from typing import Any

from scorekeeper.history.ratings import PlayerPage, Row
from scorekeeper.i18n import _
from scorekeeper.output.text import table
from scorekeeper.ratings.pools import split_pool
from scorekeeper.ratings.profile import Record
from scorekeeper.ratings.rating import Step


def ratings_dict(rows: list[Row]) -> dict[str, Any]:
    """``{"rows": [...]}``: mu and sigma as openskill gives them, the ordinal, matches, provisional."""
    out = []
    for row in rows:
        r = row.rating
        family, shape = split_pool(r.pool)
        out.append({"player": row.name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "matches": r.matches,
                    "provisional": r.provisional, "family": family, "shape": shape})  # not for players: JSON keys
    return {"rows": out}


def ratings_text(rows: list[Row]) -> str:
    """A table per pool: rank, player, rating (the ordinal), mu, sigma, matches; '?' marks a provisional one."""
    if not rows:
        return _("No finished matches to rate yet.")
    parts = []
    pools = list(dict.fromkeys(row.rating.pool for row in rows))
    for pool in pools:
        family, shape = split_pool(pool)
        lines = [[n, row.name, f"{row.rating.ordinal:.1f}" + ("?" if row.rating.provisional else ""),
                  f"{row.rating.mu:.2f}", f"{row.rating.sigma:.2f}", row.rating.matches]
                 for n, row in enumerate((r for r in rows if r.rating.pool == pool), start=1)]
        parts.append(_("{family}, {shape}").format(family=family, shape=shape))
        parts.append(table(["#", _("player"), _("rating"), "mu", "sigma", _("matches")], lines))
    if any(row.rating.provisional for row in rows):
        parts.append(_("? provisional: too few matches rated yet for the rating to mean much."))
    return "\n\n".join(parts)


def _record(record: Record, names: dict[str, str]) -> dict[str, Any]:
    return {"name": names.get(record.name, record.name), "played": record.played, "won": record.won,
            "drawn": record.drawn, "lost": record.lost, "win_rate": round(record.win_rate, 3)}  # not for players: keys


def _over_time(steps: list[Step]) -> list[dict[str, Any]]:
    return [{"match": s.match_id, "at": s.at, "mu": s.mu, "sigma": s.sigma,  # not for players: JSON keys
             "ordinal": s.mu - 3 * s.sigma} for s in steps]


def player_dict(page: PlayerPage) -> dict[str, Any]:
    """A player's page as plain data."""
    p = page.profile
    over_time = "rating_over_time"  # not for players: a JSON key
    return {"player": page.name, "aliases": list(page.aliases),  # not for players: JSON keys
            "ratings": [{"pool": r.pool, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "matches": r.matches,
                         "provisional": r.provisional} for r in page.ratings],  # not for players: JSON keys
            "games": [_record(g, {}) for g in p.by_game],
            over_time: {pool: _over_time(steps) for pool, steps in p.rating.items()},
            "opponents": [_record(o, page.names) for o in p.opponents],
            "partners": [_record(o, page.names) for o in p.partners]}


def _rate(record: Record) -> str:
    return f"{record.win_rate:.0%}"


def player_text(page: PlayerPage) -> str:
    """A player's page for the terminal."""
    p = page.profile
    parts = [page.name + (" (" + _("also: {names}").format(names=", ".join(page.aliases)) + ")"
                          if page.aliases else "")]
    if not page.ratings:
        parts.append(_("No finished match of this player yet."))
        return "\n\n".join(parts)
    parts.append(table([_("game"), _("shape"), _("rating"), "mu", "sigma", _("matches"), _("since")],
                       [[*split_pool(r.pool), f"{r.ordinal:.1f}" + ("?" if r.provisional else ""), f"{r.mu:.2f}",
                         f"{r.sigma:.2f}", r.matches, p.rating[r.pool][0].at[:10] if r.pool in p.rating else ""]
                        for r in page.ratings]))
    heads = [_("played"), _("won"), _("drawn"), _("lost"), _("win rate")]
    parts.append(table([_("rules"), *heads], [[g.name, g.played, g.won, g.drawn, g.lost, _rate(g)]
                                              for g in p.by_game]))
    for pool, steps in p.rating.items():
        trail = " ".join(f"{s.mu - 3 * s.sigma:.1f}" for s in steps[-12:])
        parts.append(_("rating over time, {pool} (last {count}): {trail}").format(
            pool=pool, count=min(12, len(steps)), trail=trail))
    if p.opponents:
        parts.append(table([_("opponent"), *heads], [[page.names.get(o.name, o.name), o.played, o.won, o.drawn,
                                                      o.lost, _rate(o)] for o in p.opponents]))
    if p.partners:
        parts.append(table([_("partner"), *heads], [[page.names.get(o.name, o.name), o.played, o.won, o.drawn,
                                                     o.lost, _rate(o)] for o in p.partners]))
    return "\n\n".join(parts)


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 640, 260, 44
#: More points than a line of 640 pixels can show are thinned to about this many (the last kept).
CHART_POINTS = 320


def _thinned(values: list[float]) -> list[float]:
    """Every n-th value and the last, so that a line of thousands of matches stays a small page.

    >>> _thinned(list(range(1000)))[-3:], len(_thinned(list(range(1000))))
    ([992, 996, 999], 251)
    """
    if len(values) <= CHART_POINTS:
        return values
    step = -(-len(values) // CHART_POINTS)
    kept = values[::step]
    return kept if (len(values) - 1) % step == 0 else [*kept, values[-1]]


def rating_chart(rating: dict[str, list[Step]]) -> str:
    """An SVG chart of the rating (the ordinal) after each match, a line per pool; x is the match
    count in that pool. No script, nothing fetched."""
    from scorekeeper.output.html import COLOURS  # the match sheet's colours; imported by the pages only

    series = {pool: _thinned([s.mu - 3 * s.sigma for s in steps]) for pool, steps in rating.items() if steps}
    label = escape(_("rating over time"))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" '
            f'viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" aria-label="{label}">')  # not for players: markup
    if not series:
        return head + "</svg>"
    low = min(min(v) for v in series.values())
    high = max(max(v) for v in series.values())
    low, high = (low - 1, high + 1) if high - low < 2 else (low, high)
    longest = max(1, max(len(v) for v in series.values()) - 1)

    def x(i: int) -> float:
        return CHART_PAD + (CHART_WIDTH - 2 * CHART_PAD) * i / longest

    def y(v: float) -> float:
        return CHART_HEIGHT - CHART_PAD - (CHART_HEIGHT - 2 * CHART_PAD) * (v - low) / (high - low)

    bottom, right = CHART_HEIGHT - CHART_PAD, CHART_WIDTH - CHART_PAD
    pad = CHART_PAD
    parts = [head, f'<rect width="{CHART_WIDTH}" height="{CHART_HEIGHT}" fill="#ffffff"/>',  # not for players: markup
             f'<line x1="{pad}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444"/>',  # not for players
             f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{bottom}" stroke="#444"/>',  # not for players
             (f'<text x="{CHART_PAD - 6}" y="{bottom + 4}" font-size="11" text-anchor="end" '
              f'fill="#666">{low:.1f}</text>'),  # not for players: markup
             (f'<text x="{CHART_PAD - 6}" y="{CHART_PAD + 4}" font-size="11" text-anchor="end" '
              f'fill="#666">{high:.1f}</text>')]  # not for players: markup
    for n, (pool, values) in enumerate(series.items()):
        colour = COLOURS[n % len(COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(f'<g><title>{escape(pool)}</title><polyline points="{points}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5" stroke-linejoin="round"/>')  # not for players: markup
        parts.append(f'<text x="{right}" y="{CHART_PAD + 14 * n}" font-size="12" text-anchor="end" '
                     f'fill="{colour}">{escape(pool)}</text></g>')  # not for players: markup
    parts.append("</svg>")
    return "".join(parts)
