"""Follow the Author: the reveal of both sealed choices, when the omega hand is over.

The ruling is the engine's (``fta.reveal_due``): a seat going out, entered play by play, or
both seats' word, each from its own phone (typing the omega hand's points, or tapping
"Reveal"). The reveal is its own event in the history and can never be undone.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from flask import Blueprint, abort, request

from companion.errors import Forbidden, Unreadable
from companion.games import follow_the_author as fta
from companion.tables import store
from companion.web.games.fta_common import current_round, fta_view, respond
from companion.web.games.fta_events import ready_slot, reveal_slot
from companion.web.games.fta_state import RoundState
from companion.web.tableview import TableView

bp = Blueprint("fta_reveal", __name__)


def reveal_if_due(
    v: TableView, r: RoundState, *, out: int | None = None, agreed: Collection[int] = ()
) -> bool:
    """Append the reveal when the change just made ends the omega hand (see the ruling)."""
    if r.revealed or not r.sealed:
        return False
    if not fta.reveal_due(out=out, agreed=r.agreed | set(agreed)):
        return False
    why = f"{v.names[out]} went out" if out is not None else "both players said the hand is over"
    actor, seat = v.actor
    payload = {"why": why}
    store.append(v.game, "fta-reveal", actor, seat, payload, r.number, (reveal_slot(r.number), 1))
    return True


def _seat(v: TableView) -> int:
    raw = request.form.get("seat", "").strip()[:12]
    if raw not in ("0", "1"):
        raise Unreadable("Say whose word this is (seat 1 or 2).", "seat")
    if int(raw) not in fta_view(v).speaks_for():
        abort(403, f"Only {v.names[int(raw)]}'s own phone can say this for them.")
    return int(raw)


@bp.post("/t/<token>/fta/<int:number>/ready")
def ready(token: str, number: int) -> Any:
    def act(v: TableView) -> str:
        r = current_round(v, number)
        if r.revealed:
            raise Forbidden("The sealed choices are revealed already.")
        if not r.sealed:
            raise Forbidden("Both players seal their suits before the reveal.")
        seat = _seat(v)
        if seat in r.agreed:
            raise Forbidden(f"{v.names[seat]} has said so already; waiting for the other player.")
        actor, actor_seat = v.actor
        slot = (ready_slot(number, seat), 1)
        store.append(v.game, "fta-ready", actor, actor_seat, {"seat": seat}, number, slot)
        if reveal_if_due(v, r, agreed={seat}):
            return "Both players said the omega hand is over: the sealed suits are revealed."
        return f"{v.names[seat]} says the omega hand is over; waiting for the other player."

    return respond(token, act, {})
