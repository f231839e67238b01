"""Why a claimed total is wrong: the categories that make up the difference, in words."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from scorekeeper._words import or_list
from scorekeeper.i18n import _
from scorekeeper.scoring._result import CategoryResult


def claim_problem(side: str, i: int, claimed: int, got: int, results: Sequence[CategoryResult],
                   sides: Sequence[str]) -> str:
    """Why a claim is wrong: the smallest set of categories that makes up the difference."""
    gap = got - claimed
    if gap > 0:
        pool = [(r.label, r.points[i]) for r in results if r.points[i] > 0]
    else:
        pool = [(r.label, r.scorer.max_points(len(sides)) - r.points[i]) for r in results
                if r.points[i] < r.scorer.max_points(len(sides)) and r.scorer.spec.kind not in ("sweeps", "declared")]
    own = ", ".join(f"{r.label} {r.points[i]}" for r in results if r.points[i]) or _("nothing")
    message = _("claim of {side}: {claimed}, but the count gives {got} ({own})").format(
        side=side, claimed=claimed, got=got, own=own)
    fits = _subsets_summing(pool, abs(gap))
    if fits:
        options = "+".join(fits[0])
        for fit in fits[1:4]:  # each joined to the last with "or": "a or b or c"
            options = or_list([options, "+".join(fit)])
        if gap > 0:
            why = _("the difference of {gap} is {options} (not counted in the claim?)")
        else:
            why = _("the difference of {gap} is {options} (claimed but not won?)")
        message += "; " + why.format(gap=abs(gap), options=options)
    if gap < 0:
        lost = [f"{r.label}: {r.explain(sides).note}" for r in results
                if r.points[i] == 0 and r.scorer.spec.kind not in ("sweeps", "declared", "each")]
        if lost:
            message += "; " + "; ".join(lost)
    return message


def _subsets_summing(pool: Sequence[tuple[str, int]], target: int) -> list[tuple[str, ...]]:
    for size in range(1, min(len(pool), 4) + 1):
        fits = [tuple(name for name, _ in combo) for combo in combinations(pool, size)
                if sum(p for _, p in combo) == target]
        if fits:
            return fits
    return []
