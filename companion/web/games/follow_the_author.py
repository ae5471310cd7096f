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
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.cards.decktet import SUITS, DecktetCard, parse_card, parse_suit
from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.extensions import db
from companion.games import follow_the_author as fta
from companion.games.follow_the_author.rounds import TO_PLAY
from companion.tables import store
from companion.tables.registry import GameType, register
from companion.web.games import fta_options
from companion.web.games.fta_state import (
    HANDS,
    KINDS,
    UNDOABLE,
    HandState,
    RoundState,
    aside_slot,
    hand_slot,
    reveal_slot,
    seal_label,
    seal_slot,
    seal_text,
    store_slot,
)
from companion.web.games.fta_view import FtaView
from companion.web.live import publish
from companion.web.table import fragment, htmx, view_for
from companion.web.tableview import TableView

KEY = "follow-the-author"
ENTRY = "follow_the_author/_entry.html"
MAX_POINTS = 500

bp = Blueprint("follow_the_author", __name__)


def fta_view(v: TableView) -> FtaView:
    """One ``FtaView`` per table view (templates call ``fta(v)``)."""
    cached = v.__dict__.get("_fta")
    if cached is None:
        cached = v.__dict__["_fta"] = FtaView(v)
    return cached  # type: ignore[no-any-return]


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
)
register(GAME)


# reading the request


def _view(token: str) -> TableView:
    v = view_for(token)
    if v.game.kind != KEY:
        abort(404, "This table does not play Follow the Author.")
    return v


def _version(name: str = "version") -> int:
    raw = request.form.get(name, "0").strip()[:12]
    if not (raw.isascii() and raw.isdigit()):
        raise Unreadable(f"The form's version '{raw}' is not a number: reload the page.", name)
    return int(raw)


def _cards(raw: list[str]) -> tuple[DecktetCard, ...]:
    cards = [parse_card(text[:40]) for text in raw[:60]]
    doubled = sorted({c.title for c in cards if cards.count(c) > 1})
    if doubled:
        raise Unreadable(f"{', '.join(doubled)} is listed twice.", "cards")
    return tuple(cards)


def _round(v: TableView, number: int) -> RoundState:
    """The round being played; entries go to it only."""
    f = fta_view(v)
    if not (v.is_host or v.my_seat is not None):
        abort(403, "Take a seat first: only players at the table can enter.")
    if not v.is_current or v.sheet.finished:
        raise Forbidden("This game is over. Start a new game to keep playing.")
    if number != f.round.number:
        raise Forbidden(f"Round {number} is not being played: this is round {f.round.number}.")
    return f.round


def _check_version(given: int, current: int, what: str) -> None:
    if given != current:
        raise Conflict(
            f"{what} was changed on another phone since you opened this page. Nothing of "
            "yours was saved: check the latest state and send again."
        )


def _respond(token: str, action: Callable[[TableView], str], values: dict[str, Any]) -> Any:
    """Run ``action`` (it appends events and returns a saved message); answer the phone."""
    v = _view(token)
    try:
        saved = action(v)
        store.commit_change("This round")
    except CompanionError as err:
        db.session.rollback()
        status = 409 if isinstance(err, Conflict) else 422
        fresh = _view(token)
        errors = {"fta": err.message}
        if htmx():
            return fragment(ENTRY, status, v=fresh, values=values, errors=errors)
        return render_template("table.html", v=fresh, values=values, errors=errors), status
    publish(v.table)
    if htmx():
        return fragment(ENTRY, v=_view(token), values={}, errors={}, saved=saved)
    return redirect(url_for("table.page", token=token), 303)


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


def _maybe_reveal(v: TableView, r: RoundState, hand: str, complete: bool) -> None:
    if hand == "omega" and complete and r.sealed and not r.revealed:
        actor, seat = v.actor
        store.append(v.game, "fta-reveal", actor, seat, {}, r.number, (reveal_slot(r.number), 1))


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
        r = _round(v, number)
        _ready_for(r, hand)
        given = (_read_points(0), _read_points(1))
        h = r.hand(hand)
        _check_version(_version(), h.version, f"The {hand} hand")
        payload = {"hand": hand, "points": list(given)}
        actor, seat = v.actor
        slot = (hand_slot(number, hand), h.version + 1)
        store.append(v.game, "fta-points", actor, seat, payload, number, slot)
        _maybe_reveal(v, r, hand, True)
        return f"Saved the {hand} hand's in-play points."

    return _respond(token, act, values)


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
    titled, aces = f.picker(hand)
    if card not in titled and card not in aces:
        raise Forbidden(_why_not(f, hand, card))
    return {"hand": hand, "seat": int(seat_raw), "card": card.title}


def _why_not(f: FtaView, hand: str, card: DecktetCard) -> str:
    if card in f.unavailable(hand):
        return f"{card} has already been played this round."
    h = f.hand_state(hand)
    previous = h.current[-1].card if h.current else None
    broken = fta.judge(previous, card, descending=f.descending(hand))
    return broken[1] if broken else f"{card} cannot come next."


@bp.post("/t/<token>/fta/<int:number>/<hand>/play")
def play(token: str, number: int, hand: str) -> Any:
    hand = _hand_name(hand)

    def act(v: TableView) -> str:
        r = _round(v, number)
        _ready_for(r, hand)
        h = r.hand(hand)
        _check_version(_version(), h.version, f"The {hand} hand")
        if h.direct is not None:
            raise Forbidden(f"The {hand} hand's points were typed in; undo them to enter plays.")
        payload = _play(v, r, hand)
        actor, seat = v.actor
        slot = (hand_slot(number, hand), h.version + 1)
        store.append(v.game, "fta-play", actor, seat, payload, number, slot)
        _maybe_reveal(v, r, hand, _completes(h, payload))
        if payload.get("end"):
            return "Sequence ended."
        return f"{v.names[payload['seat']]} played {payload['card']}."

    return _respond(token, act, {})


def _completes(h: HandState, payload: dict[str, Any]) -> bool:
    if payload.get("end"):
        return False
    counts = list(h.counts)
    counts[payload["seat"]] += 1
    return max(counts) >= TO_PLAY


# sealed choices


@bp.post("/t/<token>/fta/<int:number>/seal")
def seal(token: str, number: int) -> Any:
    values = {k: request.form.get(k, "")[:20] for k in ("scoring", "danger", "seat")}

    def act(v: TableView) -> str:
        r = _round(v, number)
        f = fta_view(v)
        seat = f.my_seat if f.my_seat is not None else _seat_field()
        if not f.may_seal(seat):
            abort(403, "Only the player's own phone can seal their choice.")
        if not r.alpha.complete:
            raise Forbidden("Suits are chosen after the alpha hand: enter it first.")
        if r.omega.started or r.revealed:
            raise Forbidden("The omega hand has begun: sealed choices can no longer change.")
        scoring = _suit("scoring", "your scoring suit")
        danger = _suit("danger", f"{v.names[1 - seat]}'s danger suit")
        _check_version(_version(), r.seal_versions[seat], "Your sealed choice")
        nonce = secrets.token_hex(16)
        label = seal_label(number, seat)
        fingerprint = fta.seal(seal_text(scoring, danger), nonce, label)
        payload = {"seat": seat, "fingerprint": fingerprint, "label": label,
                   "scoring": scoring, "danger": danger, "nonce": nonce}  # fmt: skip
        actor, actor_seat = v.actor
        slot = (seal_slot(number, seat), r.seal_versions[seat] + 1)
        store.append(v.game, "fta-seal", actor, actor_seat, payload, number, slot)
        return f"Sealed. Fingerprint {fingerprint}."

    return _respond(token, act, values)


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


# stores and set-aside cards


def _store_round(v: TableView, number: int) -> RoundState:
    r = _round(v, number)
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
        cards = _cards(request.form.getlist("cards"))
        _check_version(_version(), r.store_versions[seat], f"{v.names[seat]}'s store")
        _no_overlap(cards, r.stores[1 - seat] or (), f"{v.names[1 - seat]}'s store")
        _no_overlap(cards, r.aside or (), "the cards set aside")
        payload = {"seat": seat, "cards": [c.title for c in cards]}
        actor, actor_seat = v.actor
        slot = (store_slot(number, seat), r.store_versions[seat] + 1)
        store.append(v.game, "fta-store", actor, actor_seat, payload, number, slot)
        return f"Saved {v.names[seat]}'s store ({len(cards)} cards)."

    return _respond(token, act, values)


@bp.post("/t/<token>/fta/<int:number>/aside")
def aside(token: str, number: int) -> Any:
    values = {"aside": request.form.getlist("cards")[:60]}

    def act(v: TableView) -> str:
        r = _store_round(v, number)
        cards = _cards(request.form.getlist("cards"))
        _check_version(_version(), r.aside_version, "The list of cards set aside")
        for s in (0, 1):
            _no_overlap(cards, r.stores[s] or (), f"{v.names[s]}'s store")
        actor, actor_seat = v.actor
        payload = {"cards": [c.title for c in cards]}
        slot = (aside_slot(number), r.aside_version + 1)
        store.append(v.game, "fta-aside", actor, actor_seat, payload, number, slot)
        return f"Saved the cards set aside ({len(cards)})."

    return _respond(token, act, values)


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
    v = _view(token)
    f = fta_view(v)
    r = next((x for x in f.state.rounds if x.number == number), None)
    if r is None:
        abort(404, "That round has not been played yet.")
    return render_template("follow_the_author/round.html", v=v, f=f, r=r)


@bp.get("/t/<token>/fta/verify")
def verify(token: str) -> Any:
    v = _view(token)
    args = {k: request.args.get(k, "")[:100] for k in ("choice", "nonce", "fingerprint", "label")}
    result = None
    if all(args.values()):
        result = fta.verify_seal(args["choice"], args["nonce"], args["fingerprint"], args["label"])
    return render_template("follow_the_author/verify.html", v=v, args=args, result=result)
