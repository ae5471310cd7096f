"""Follow the Author: stores and set-aside cards at round end, a round in detail, and a
page to check a sealed choice's fingerprint by hand."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from companion.cards.decktet import DecktetCard
from companion.errors import Forbidden
from companion.games import follow_the_author as fta
from companion.tables import store
from companion.web.games.fta_common import (
    check_version,
    current_round,
    fta_view,
    read_cards,
    read_version,
    respond,
    view,
)
from companion.web.games.fta_events import aside_slot, store_slot
from companion.web.games.fta_state import RoundState
from companion.web.tableview import TableView

bp = Blueprint("fta_stores", __name__)


def _store_round(v: TableView, number: int) -> RoundState:
    r = current_round(v, number)
    if not r.revealed:
        raise Forbidden("Stores are entered after the omega hand, once the suits are revealed.")
    return r


@bp.post("/t/<token>/fta/<int:number>/store/<int:seat>")
def store_cards(token: str, number: int, seat: int) -> Any:
    if seat not in (0, 1):
        abort(404, "There are two seats: 0 and 1.")
    values = {"cards": request.form.getlist("cards")[:60], "seat": seat}

    def act(v: TableView) -> str:
        r = _store_round(v, number)
        if not v.may_change(seat):
            abort(403, f"Only {v.names[seat]}'s phone or the host can enter this store.")
        cards = read_cards(request.form.getlist("cards"))
        check_version(read_version(), r.store_versions[seat], f"{v.names[seat]}'s store")
        _no_overlap(cards, r.stores[1 - seat] or (), f"{v.names[1 - seat]}'s store")
        _no_overlap(cards, r.aside or (), "the cards set aside")
        payload = {"seat": seat, "cards": [c.title for c in cards]}
        actor, actor_seat = v.actor
        slot = (store_slot(number, seat), r.store_versions[seat] + 1)
        store.append(v.game, "fta-store", actor, actor_seat, payload, number, slot)
        return f"Saved {v.names[seat]}'s store ({len(cards)} cards)."

    return respond(token, act, values)


@bp.post("/t/<token>/fta/<int:number>/aside")
def aside(token: str, number: int) -> Any:
    values = {"aside": request.form.getlist("cards")[:60]}

    def act(v: TableView) -> str:
        r = _store_round(v, number)
        cards = read_cards(request.form.getlist("cards"))
        check_version(read_version(), r.aside_version, "The list of cards set aside")
        for s in (0, 1):
            _no_overlap(cards, r.stores[s] or (), f"{v.names[s]}'s store")
        actor, actor_seat = v.actor
        payload = {"cards": [c.title for c in cards]}
        slot = (aside_slot(number), r.aside_version + 1)
        store.append(v.game, "fta-aside", actor, actor_seat, payload, number, slot)
        return f"Saved the cards set aside ({len(cards)})."

    return respond(token, act, values)


def _no_overlap(cards: tuple[DecktetCard, ...], other: tuple[DecktetCard, ...], where: str) -> None:
    both = [c.title for c in cards if c in other]
    if both:
        raise Forbidden(
            f"{', '.join(both)} {'is' if len(both) == 1 else 'are'} already in {where}: "
            "a card can be in one place only."
        )


# a round at a glance, and checking a fingerprint


@bp.get("/t/<token>/fta/round/<int:number>")
def round_page(token: str, number: int) -> Any:
    v = view(token)
    f = fta_view(v)
    r = next((x for x in f.state.rounds if x.number == number), None)
    if r is None:
        abort(404, "That round has not been played yet.")
    return render_template("follow_the_author/round.html", v=v, f=f, r=r)


@bp.get("/t/<token>/fta/verify")
def verify(token: str) -> Any:
    v = view(token)
    args = {k: request.args.get(k, "")[:100] for k in ("choice", "nonce", "fingerprint", "label")}
    result = None
    if all(args.values()):
        result = fta.verify_seal(args["choice"], args["nonce"], args["fingerprint"], args["label"])
    return render_template("follow_the_author/verify.html", v=v, args=args, result=result)
