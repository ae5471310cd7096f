"""Follow the Author at the table: two phones, sealed suits, plays or points, stores, scoring.

Engine: ``companion.games.follow_the_author`` (rule text ``seeds/004_68dd64b8fef45e09.txt``,
rulings in RULES.md). Every entry is an appended event in a versioned slot (see
``fta_state``), so a phone that sends a change made on an old version gets "changed on
another phone" with its input kept. Sealed choices stay on the server until the omega hand is
in: only the seat's own phone sees its choice; every other page shows "chosen" and the
fingerprint. History and export never carry a choice before the reveal.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, request

from companion.cards.decktet import SUITS, DecktetCard, parse_card, parse_suit
from companion.errors import Forbidden, Unreadable
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.rounds import TO_PLAY
from companion.tables import store
from companion.tables.registry import GameType, register
from companion.web.games import fta_options
from companion.web.games.fta_common import (
    ENTRY,
    KEY,
    check_version,
    current_round,
    fta_view,
    read_version,
    respond,
)
from companion.web.games.fta_events import (
    HANDS,
    KINDS,
    UNDOABLE,
    hand_slot,
    seal_label,
    seal_slot,
    seal_text,
)
from companion.web.games.fta_reveal import reveal_if_due
from companion.web.games.fta_state import HandState, RoundState
from companion.web.games.fta_view import FtaView
from companion.web.tableview import TableView

MAX_POINTS = 500

bp = Blueprint("follow_the_author", __name__)
bp.add_app_template_global(fta_view, "fta")


def _entry_key(v: TableView) -> str:
    return fta_view(v).key()


GAME = GameType(
    key=KEY,
    name="Follow the Author",
    min_players=2,
    max_players=2,
    parse_options=fta_options.parse_options,
    load_options=fta_options.load_options,
    sheet=fta_options.sheet,
    dealer=fta_options.dealer,
    descriptions={},
    summary="Two players, an extended Decktet: sealed suits, plays checked, every category scored.",
    options_template="follow_the_author/_options.html",
    entry_template=ENTRY,
    rules_template="follow_the_author/_rules.html",
    entry_key=_entry_key,
    replayed=KINDS | {"undo"},
    undoable=UNDOABLE,
    assets=("follow_the_author.css", "follow_the_author.js"),
    describe=fta_options.describe,
    exportable=fta_options.exportable,
    cell_link=lambda v, round_, seat: None,  # rounds are changed through their own forms
)
register(GAME)


def _hand_name(hand: str) -> str:
    if hand not in HANDS:
        abort(404, "A round has an alpha hand and an omega hand only.")
    return hand


def _ready_for(r: RoundState, hand: str) -> None:
    # The omega hand waits for both sealed choices.
    if hand == "omega" and not r.alpha.complete:
        raise Forbidden("Finish the alpha hand first.")
    if hand == "omega" and not r.sealed:
        raise Forbidden("Both players seal their suits before the omega hand is entered.")


# in-play points typed in


def _read_points(seat: int) -> int:
    raw = request.form.get(f"points-{seat}", "").strip()[:12]
    if not raw:
        raise Unreadable("Enter the in-play points of both players (0 if none).", f"points-{seat}")
    if not (raw.isascii() and raw.isdigit()) or int(raw) > MAX_POINTS:
        raise Unreadable(f"'{raw}' is not a number of points (0 to {MAX_POINTS}).", "points")
    return int(raw)


@bp.post("/t/<token>/fta/<int:number>/<hand>/points")
def points(token: str, number: int, hand: str) -> Any:
    hand = _hand_name(hand)
    values = {k: request.form.get(k, "")[:12] for k in ("points-0", "points-1")}

    def act(v: TableView) -> str:
        r = current_round(v, number)
        _ready_for(r, hand)
        given = (_read_points(0), _read_points(1))
        h = r.hand(hand)
        check_version(read_version(), h.version, f"The {hand} hand")
        payload = {"hand": hand, "points": list(given)}
        actor, seat = v.actor
        slot = (hand_slot(number, hand), h.version + 1)
        store.append(v.game, "fta-points", actor, seat, payload, number, slot)
        saved = f"Saved the {hand} hand's in-play points."
        if hand != "omega" or seat is None or r.revealed:
            return saved
        if reveal_if_due(v, r, agreed={seat}):
            return f"{saved} Both players said the hand is over: the sealed suits are revealed."
        return f"{saved} The sealed suits open when the other player says the hand is over too."

    return respond(token, act, values)


# plays, card by card


def _play(v: TableView, r: RoundState, hand: str) -> dict[str, Any]:
    f = fta_view(v)
    h = r.hand(hand)
    if h.complete:
        raise Forbidden(f"The {hand} hand is over.")
    if request.form.get("action") == "end":
        if not h.current:
            raise Forbidden("There is no sequence on the table to end.")
        return {"hand": hand, "end": True}
    card = parse_card(request.form.get("card", "")[:40])
    seat_raw = request.form.get("seat", str(f.next_seat(hand))).strip()
    if seat_raw not in ("0", "1"):
        raise Unreadable(f"'{seat_raw[:12]}' is not a seat.", "seat")
    titled, aces = f.picker(hand, int(seat_raw))
    if card not in titled and card not in aces:
        raise Forbidden(_why_not(f, hand, card, int(seat_raw)))
    return {"hand": hand, "seat": int(seat_raw), "card": card.title}


def _why_not(f: FtaView, hand: str, card: DecktetCard, seat: int) -> str:
    if card in f.unavailable(hand):
        return f"{card} has already been played this round."
    h = f.hand_state(hand)
    previous = h.current[-1].card if h.current else None
    if previous is None and card.is_ace:
        return f.ace_lead_refusal(hand, seat, card)
    broken = fta.judge(previous, card, descending=f.descending(hand))
    return broken[1] if broken else f"{card} cannot come next."


@bp.post("/t/<token>/fta/<int:number>/<hand>/play")
def play(token: str, number: int, hand: str) -> Any:
    hand = _hand_name(hand)

    def act(v: TableView) -> str:
        r = current_round(v, number)
        _ready_for(r, hand)
        h = r.hand(hand)
        check_version(read_version(), h.version, f"The {hand} hand")
        if h.direct is not None:
            raise Forbidden(f"The {hand} hand's points were typed in; undo them to enter plays.")
        payload = _play(v, r, hand)
        actor, seat = v.actor
        slot = (hand_slot(number, hand), h.version + 1)
        store.append(v.game, "fta-play", actor, seat, payload, number, slot)
        if hand == "omega":
            reveal_if_due(v, r, out=_goes_out(h, payload))
        if payload.get("end"):
            return "Sequence ended."
        return f"{v.names[payload['seat']]} played {payload['card']}."

    return respond(token, act, {})


def _goes_out(h: HandState, payload: dict[str, Any]) -> int | None:
    """The seat this play empties the hand of, if any."""
    if payload.get("end"):
        return None
    seat = int(payload["seat"])
    return seat if h.counts[seat] + 1 >= TO_PLAY else None


# sealed choices


@bp.post("/t/<token>/fta/<int:number>/seal")
def seal(token: str, number: int) -> Any:
    values = {k: request.form.get(k, "")[:20] for k in ("scoring", "danger", "seat")}

    def act(v: TableView) -> str:
        r = current_round(v, number)
        f = fta_view(v)
        seat = f.my_seat if f.my_seat is not None else _seat_field()
        if not f.may_seal(seat):
            abort(403, "Only the player's own phone can seal their choice.")
        if r.revealed:
            raise Forbidden(
                "The choices are revealed, and a reveal is final: they can no longer change."
            )
        if not r.alpha.complete:
            raise Forbidden("Suits are chosen after the alpha hand: enter it first.")
        if r.omega.started:
            raise Forbidden("The omega hand has begun: sealed choices can no longer change.")
        scoring = _suit("scoring", "your scoring suit")
        danger = _suit("danger", f"{v.names[1 - seat]}'s danger suit")
        check_version(read_version(), r.seal_versions[seat], "Your sealed choice")
        nonce = secrets.token_hex(16)
        label = seal_label(number, seat)
        fingerprint = fta.seal(seal_text(scoring, danger), nonce, label)
        payload = {"seat": seat, "fingerprint": fingerprint, "label": label,
                   "scoring": scoring, "danger": danger, "nonce": nonce}  # fmt: skip
        actor, actor_seat = v.actor
        slot = (seal_slot(number, seat), r.seal_versions[seat] + 1)
        store.append(v.game, "fta-seal", actor, actor_seat, payload, number, slot)
        return f"Sealed. Fingerprint {fingerprint}."

    return respond(token, act, values)


def _seat_field() -> int:
    raw = request.form.get("seat", "").strip()
    if raw not in ("0", "1"):
        raise Unreadable("Say whose choice this is (seat 1 or 2).", "seat")
    return int(raw)


def _suit(field: str, what: str) -> str:
    raw = request.form.get(field, "").strip()[:20]
    if not raw:
        raise Unreadable(f"Choose {what}.", field)
    try:
        return parse_suit(raw)
    except Unreadable:
        raise Unreadable(
            f"'{raw}' is not a suit: choose one of {', '.join(SUITS)}.", field
        ) from None
