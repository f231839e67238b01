"""Settling a dispute at the table: a primiera from the piles shown, a capture from the table and the card.

Both only read, so they are plain GET forms; the answers are the library's (``settle_primiera``,
``rule_on_capture``), in the same words as the ``primiera`` and ``capture`` commands.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from scorekeeper.errors import ScorekeeperError
from scorekeeper.play.ruling import rule_on_capture
from scorekeeper.rules.catalog import load_rules
from scorekeeper.scoring.dispute import settle_primiera
from scorekeeper.scoring.hand import HandSpec
from scorekeeper.web import forms, views
from scorekeeper.web._i18n import _
from scorekeeper.web._security import MAX_FIELD, WebError
from scorekeeper.web.site import page, refusal_of, site_of


def _query(request: Request, *names: str) -> dict[str, str]:
    """The query's fields, each within the length a form field may have."""
    found = {name: request.query_params.get(name, "") for name in names}
    if any(len(v) > MAX_FIELD for v in found.values()):
        raise WebError(413, _("A field is too long."))
    return found


def _rules_id(asked: str, default: str) -> str:
    rules_id = asked.strip() or default
    if rules_id not in {rid for rid, _name in forms.rules_choice()}:
        raise WebError(400, _("rules {id}: not a built-in rule set").format(id=repr(rules_id[:40])))
    return rules_id


@page
async def primiera(request: Request) -> Response:
    """Each side's best card per suit, the totals, and who takes the primiera."""
    site = site_of(request)
    site.keys.require_joined(request)
    q = _query(request, "rules", "side_0", "side_1", "pile_0", "pile_1")
    rules_id = _rules_id(q["rules"], "scopa")
    names = [q["side_0"].strip() or _("first side"), q["side_1"].strip() or _("second side")]

    def work() -> Response:
        rules = load_rules(rules_id)
        answer: dict[str, Any] | None = None
        errors: list[str] = []
        if q["pile_0"].strip() or q["pile_1"].strip():
            spec = HandSpec(piles={name: (q[f"pile_{i}"], _("pile of {side}").format(side=name))
                                   for i, name in enumerate(names)})
            try:
                answer = views.primiera_answer(settle_primiera(spec, rules))
            except ScorekeeperError as exc:
                errors = refusal_of(exc)[1]
        return site.render(request, "primiera.html", 400 if errors else 200,  # not for players: a template
                           q=q, rules_id=rules_id, names=names,
                           rules=forms.rules_choice(), deck=views.deck_rows(rules.cards), answer=answer,
                           errors=errors)

    return await run_in_threadpool(work)


@page
async def capture(request: Request) -> Response:
    """Every legal capture of the played card on the table and, with a take, whether it is legal."""
    site = site_of(request)
    site.keys.require_joined(request)
    q = _query(request, "rules", "table", "card", "take")
    rules_id = _rules_id(q["rules"], "scopa")

    def work() -> Response:
        rules = load_rules(rules_id)
        ruling = None
        errors: list[str] = []
        if q["card"].strip():
            try:
                ruling = rule_on_capture(rules, q["table"], q["card"], take=q["take"] if q["take"].strip() else None)
            except ScorekeeperError as exc:
                errors = refusal_of(exc)[1]
        return site.render(request, "capture.html", 400 if errors else 200,  # not for players: a template
                           q=q, rules_id=rules_id,
                           rules=forms.rules_choice(), deck=views.deck_rows(rules.cards), ruling=ruling,
                           errors=errors)

    return await run_in_threadpool(work)
