"""Follow the Author at a table: sealing a choice and opening it (pure).

The phone that seals keeps the key (``seal``): the ``seal`` action carries only a
``commitment`` (and optionally a ``lock``), never a suit; after the reveal the ``open`` action
carries the choice and the recovery code, checked against the commitment before anything is
stored. Rulings (ours, a fair referee's; TABLE_API.md, "when a seal is final"):

- a seat's choice is sealed by its own phone, or by the host for a seat no phone sits in (the
  host's phone then keeps the key); a seal with a lock is replaced only by the phone holding
  its key, so freeing a seat and sitting in it gives nothing to read and nothing to rewrite;
- a seal is replaced only while the other seat has not sealed: once both have, both choices
  are final, as face-down slips on paper (a later seal is a conflict, 409);
- a choice is opened by its seat's own phone (the host's for a seat with no phone), or with
  the recovery code by the host's phone at no seat; never by the other seat's phone, which
  could otherwise open its opponent's seal with any suits;
- a player who lost both phone and code states the choice on their own (new) phone, or the
  host does for a seat with no phone: it counts, marked unproven, only once the other seat
  agrees (``companion.games.agreements``); an opening with the right code replaces a stated
  one still waiting.
"""

from __future__ import annotations

from companion.cards.decktet import SUITS, parse_suit
from companion.errors import Conflict, Forbidden, NotAllowed, Unreadable
from companion.games import agreements
from companion.games.follow_the_author.seal import (
    code_ok,
    is_hex_digest,
    normal_code,
    unlocks,
    verify_commitment,
)
from companion.games.follow_the_author.table.events import seal_label
from companion.games.follow_the_author.table.state import RoundState, State
from companion.games.protocol import Action, Actor, Data, NewEvent, Who, check, may

SPEAKS = Who.OWN_OR_HOST_IF_PHONELESS  # who seals a seat's choice and says its hand is over
STORES = Who.OWN_OR_HOST  # who enters a seat's store


def may_speak_for(actor: Actor, seat: int) -> bool:
    """A seat's own phone, or the host for a seat with no phone (seated or not: a seated
    host whose opponent has no phone hands its phone over for the other seal)."""
    return may(actor, SPEAKS, seat)


def may_open(actor: Actor, seat: int, with_code: bool) -> bool:
    """Who opens ``seat``'s sealed choice: whoever speaks for the seat (``may_speak_for``);
    with the recovery code, also the host's phone at no seat. Never the other seat."""
    if may_speak_for(actor, seat):
        return True
    return with_code and actor.seat is None and may(actor, Who.HOST)


def suit(data: Data, field: str, what: str) -> str:
    raw = str(data.get(field) or "").strip()[:20]
    if not raw:
        raise Unreadable(f"Choose {what}.", field)
    try:
        return parse_suit(raw)
    except Unreadable:
        raise Unreadable(
            f"'{raw}' is not a suit: choose one of {', '.join(SUITS)}.", field
        ) from None


def _hex(data: Data, field: str, needed: bool) -> str:
    text = str(data.get(field) or "").strip().lower()[:80]
    if not text and not needed:
        return ""
    if not is_hex_digest(text):
        raise Unreadable(
            f"'{field}' must be a SHA-256 in hex (64 digits 0-9, a-f); see the Table API docs.",
            field,
        )
    return text


def seal(state: State, r: RoundState, seat: int, action: Action, actor: Actor) -> list[NewEvent]:
    check(actor, SPEAKS, seat, refused="Only the player's own phone can seal their choice.")
    if r.seals[seat] is not None and r.seals[1 - seat] is not None:
        raise Conflict(
            f"Both players have sealed, so {state.names[seat]}'s choice is final, like a slip "
            "laid face down: it can no longer change. Nothing was saved."
        )
    if r.revealed:
        raise Forbidden(
            "The choices are revealed, and a reveal is final: they can no longer change."
        )
    if not r.alpha.complete:
        raise Forbidden("Suits are chosen after the alpha hand: enter it first.")
    if r.omega.started:
        raise Forbidden("The omega hand has begun: sealed choices can no longer change.")
    data = action.data
    if "commitment" not in data and ("scoring" in data or "danger" in data):
        raise Unreadable(
            "A seal carries a commitment, never the suits: this phone keeps the choice and "
            "sends it at the reveal (see the Table API docs, action 'seal').",
            "commitment",
        )
    if not data.get("commitment"):
        raise Unreadable(
            "This phone could not seal the choice: it needs JavaScript turned on.", "commitment"
        )
    before = r.seals[seat]
    if before is not None and not unlocks(str(data.get("unlock") or "")[:128], before.lock):
        raise NotAllowed(
            f"{state.names[seat]}'s choice was sealed on another phone: only the phone that "
            "holds its key can change it."
        )
    by = "phone" if actor.seat == seat else "host"
    payload = {
        "seat": seat,
        "commitment": _hex(data, "commitment", True),
        "label": seal_label(r.number, seat),
        "lock": _hex(data, "lock", False),
        "by": by,
    }
    return [NewEvent("fta-commit", payload, r.number)]


def open_seal(
    state: State, r: RoundState, seat: int, action: Action, actor: Actor, agreed: bool = False
) -> list[NewEvent]:
    """``agreed``: the whole table agreed to this stated opening (``agreements``)."""
    name, other = state.names[seat], state.names[1 - seat]
    if not r.revealed:
        raise Forbidden("A sealed choice opens once the omega hand is over, not before.")
    found = r.seals[seat]
    if found is None:
        raise Forbidden(f"{name} has no sealed choice to open.")
    if found.opened:
        raise Forbidden(f"{name}'s choice is open already.")
    data = action.data
    code = normal_code(str(data.get("code") or data.get("salt") or "")[:80])
    if not agreed and not may_open(actor, seat, bool(code)):
        raise NotAllowed(_not_yours(actor, seat, name, other))
    scoring = suit(data, "scoring", f"{name}'s scoring suit")
    danger = suit(data, "danger", f"{other}'s danger suit")
    payload = {"seat": seat, "scoring": scoring, "danger": danger, "code": code, "proven": True}
    if code:
        if not code_ok(code) or not verify_commitment(
            found.label, scoring, danger, code, found.fingerprint
        ):
            raise Unreadable(
                f"That choice and recovery code do not match {name}'s seal: check both suits "
                "and the code written down at the seal. Nothing was opened.",
                "code",
            )
        return [NewEvent("fta-open", payload, r.number), *_drop_stated(state, r, seat, name)]
    unproven = [NewEvent("fta-open", {**payload, "proven": False}, r.number)]
    if agreed or actor.seat == 1 - seat:  # the host at the other seat: its word is in already
        return unproven
    what = (
        f"open {name}'s choice as {name} states it, without the recovery code: {name} "
        f"scores {scoring}, {other}'s danger suit is {danger} (marked unproven)"
    )
    hosted = [] if actor.seat == seat else [seat]  # the host's word for a seat with no phone
    return agreements.ask(state, "open", what, action, actor, hosted)


def _not_yours(actor: Actor, seat: int, name: str, other: str) -> str:
    if actor.seat == 1 - seat:
        return (
            f"Only {name} opens {name}'s sealed choice: {name}'s phone opens it with the "
            f"recovery code, or {name} states it and you agree."
        )
    return (
        f"{name} has a phone: {name} opens the choice on it, or states it there if the "
        "recovery code is lost."
    )


def _drop_stated(state: State, r: RoundState, seat: int, name: str) -> list[NewEvent]:
    """An opening with the right code replaces a stated one still waiting for agreement."""
    a = state.agreement
    target = dict(a.action.get("target") or {}) if a is not None else {}
    if (
        a is None
        or a.about != "open"
        or (target.get("round"), target.get("seat")) != (r.number, seat)
    ):
        return []
    why = f"{name}'s choice was opened with its recovery code, so the stated one is not needed"
    return [agreements.withdraw(state, why)]
