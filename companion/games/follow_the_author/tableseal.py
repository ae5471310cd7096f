"""Follow the Author at a table: sealing a choice and opening it (pure).

The phone that seals keeps the key (``seal``): the ``seal`` action carries only a
``commitment`` (and optionally a ``lock``), never a suit; after the reveal the ``open`` action
carries the choice and the recovery code, checked against the commitment before anything is
stored. Rulings (ours, a fair referee's):

- a seat's choice is sealed by its own phone, or by the host for a seat no phone sits in (the
  host's phone then keeps the key); a seal with a lock is replaced only by the phone holding
  its key, so freeing a seat and sitting in it gives nothing to read and nothing to rewrite;
- a choice is opened by any phone at the table that has the choice and its recovery code (the
  sealing phone does it by itself; a player whose phone is lost types the code they wrote
  down), since only the true choice and code match the commitment;
- a player who lost both phone and code states the choice aloud, and the *other* player (the
  one who could be cheated) enters it on their own phone: it counts, marked unproven in the
  history. The player themselves cannot open without the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.cards.decktet import SUITS, parse_suit
from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games.follow_the_author.events import seal_label
from companion.games.follow_the_author.seal import (
    code_ok,
    is_hex_digest,
    normal_code,
    unlocks,
    verify_commitment,
)
from companion.games.follow_the_author.tablestate import RoundState, State
from companion.games.protocol import Action, Actor, NewEvent


def may_speak_for(actor: Actor, seat: int) -> bool:
    """A seat's own phone, or the host for a seat with no phone (seated or not: a seated
    host whose opponent has no phone hands its phone over for the other seal)."""
    if actor.seat == seat:
        return True
    return actor.host and seat not in actor.phones


def suit(data: Mapping[str, Any], field: str, what: str) -> str:
    raw = str(data.get(field) or "").strip()[:20]
    if not raw:
        raise Unreadable(f"Choose {what}.", field)
    try:
        return parse_suit(raw)
    except Unreadable:
        raise Unreadable(
            f"'{raw}' is not a suit: choose one of {', '.join(SUITS)}.", field
        ) from None


def _hex(data: Mapping[str, Any], field: str, needed: bool) -> str:
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
    if not may_speak_for(actor, seat):
        raise NotAllowed("Only the player's own phone can seal their choice.")
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
    payload = {"seat": seat, "commitment": _hex(data, "commitment", True),
               "label": seal_label(r.number, seat), "lock": _hex(data, "lock", False),
               "by": by}  # fmt: skip
    return [NewEvent("fta-commit", payload, r.number)]


def open_seal(
    state: State, r: RoundState, seat: int, action: Action, actor: Actor
) -> list[NewEvent]:
    name, other = state.names[seat], state.names[1 - seat]
    if not r.revealed:
        raise Forbidden("A sealed choice opens once the omega hand is over, not before.")
    found = r.seals[seat]
    if found is None:
        raise Forbidden(f"{name} has no sealed choice to open.")
    if found.opened:
        raise Forbidden(f"{name}'s choice is open already.")
    data = action.data
    scoring = suit(data, "scoring", f"{name}'s scoring suit")
    danger = suit(data, "danger", f"{other}'s danger suit")
    raw = str(data.get("code") or data.get("salt") or "")[:80]
    code = normal_code(raw)
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
        return [NewEvent("fta-open", payload, r.number)]
    if not may_speak_for(actor, 1 - seat) or actor.seat == seat:
        raise Unreadable(
            f"Enter the recovery code written down at the seal. Without it, {other} can enter "
            f"the choice {name} states, on {other}'s own phone: it then counts on {name}'s word.",
            "code",
        )
    return [NewEvent("fta-open", {**payload, "proven": False}, r.number)]
