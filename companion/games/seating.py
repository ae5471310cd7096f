"""The table's own actions, the same for every game, pure: taking, renaming, leaving and
freeing a seat, locking and opening joining, new links, and the table's Alpha deck.

Each is an action like a score (``companion.games.protocol.Action``): it names its target
(a seat, the lock, the links, the deck), the version of that target it saw and its data;
``RULES`` checks it against a small ``Shell`` (the seats, the lock, the deck) and decides the
events, and ``companion.games.plan.plan`` checks the version first, as for every game's
actions. The service (``companion.tables.service.act_table``) composes these with the game
at the table: one lock, one snapshot (the slot versions), one plan, one commit.

The events are those the table has always stored (kinds and payloads unchanged, so old games
and exports still load): ``join``, ``rename``, ``leave-seat``, ``free-seat``, ``lock``,
``unlock``, ``rotate`` and ``alpha-deck``. Each is stored at its target's slot: ``seat<n>``
for a seat, ``lock``, ``links``, ``deck``. A seat's change is signed by its seat (who took
it, under the name it took), the host's by ``Host``, as the history has always shown them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.cards.alpha import Deck
from companion.errors import CompanionError, Conflict, NotAllowed, Unreadable
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Event,
    NewEvent,
    Who,
    check,
    may,
    target_int,
)
from companion.games.seats import seat_name

HOST = ("Host", None)
LOCKED = "The host has locked this table: ask them to open joining."
ONLY_HOST = "Only the phone that started this table can do that."
NO_SEAT = "There is no such seat at this table."

# action kind -> one line, for the docs (the event kind each stores is in ``STORED``)
ACTIONS: Mapping[str, str] = {
    "take-seat": "take an open seat (target: seat; data: name for a seat without one)",
    "rename": "a seated phone changes its own seat's name (target: its seat; data: name)",
    "leave-seat": "a seated phone gives up its seat (target: its seat)",
    "free-seat": "the host takes a seat's phone away (target: the seat)",
    "lock": "the host locks joining (target: none)",
    "unlock": "the host opens joining again (target: none)",
    "rotate": "the host replaces every link and the code (target: none)",
    "deck": "the host corrects the table's Alpha deck (target: none; data: the deck)",
    "carry-deck": "a new game takes the table's corrected deck with it (target: none)",
}
STORED: Mapping[str, str] = {
    "take-seat": "join",
    "rename": "rename",
    "leave-seat": "leave-seat",
    "free-seat": "free-seat",
    "lock": "lock",
    "unlock": "unlock",
    "rotate": "rotate",
    "deck": "alpha-deck",
    "carry-deck": "alpha-deck",
}
# the seat actions, whose target is one seat
SEAT_ACTIONS = frozenset({"take-seat", "rename", "leave-seat", "free-seat"})
LOCK_SLOT, LINKS_SLOT, DECK_SLOT = "lock", "links", "deck"


def seat_slot(seat: int) -> str:
    """A seat's slot: its own version counts the changes to that seat."""
    return f"seat{seat}"


@dataclass(frozen=True)
class Chair:
    """One seat as the table has it: its name (``""``: open, no name yet) and whether a
    phone sits there."""

    name: str = ""
    taken: bool = False

    def called(self, position: int) -> str:
        """The seat in words, as the pages name it."""
        return seat_name(position, {position: self.name})


@dataclass(frozen=True)
class Shell:
    """What the table's own actions are checked against: the seats, whether joining is
    locked, and the table's deck (``Deck.to_dict()``, None: the printed default)."""

    chairs: tuple[Chair, ...] = ()
    locked: bool = False
    deck: Data | None = None

    def names(self) -> list[str]:
        return [c.called(i) for i, c in enumerate(self.chairs)]


def fold(shell: Shell, event: Event) -> Shell:
    """``shell`` after one stored event (the table's own kinds; a custom sheet's added and
    removed seats; any other kind leaves it as it is)."""
    p = event.payload
    if event.kind in ("join", "rename", "leave-seat", "free-seat"):
        seat = int(p.get("seat", -1))
        if not 0 <= seat < len(shell.chairs):
            return shell
        chair = shell.chairs[seat]
        if event.kind == "join":
            chair = Chair(str(p.get("name", chair.name)), True)
        elif event.kind == "rename":
            chair = replace(chair, name=str(p.get("name", chair.name)))
        else:
            chair = replace(chair, taken=False)
        chairs = shell.chairs[:seat] + (chair,) + shell.chairs[seat + 1 :]
        return replace(shell, chairs=chairs)
    if event.kind in ("lock", "unlock"):
        return replace(shell, locked=event.kind == "lock")
    if event.kind == "alpha-deck":
        return replace(shell, deck=dict(p))
    if event.kind == "add-seat":
        return replace(shell, chairs=shell.chairs + (Chair(str(p.get("name") or "")),))
    if event.kind == "remove-seat":
        seat = int(p.get("seat", -1))
        return replace(shell, chairs=shell.chairs[:seat] + shell.chairs[seat + 1 :])
    return shell


def _name(data: Data) -> str:
    """The name an action's data gives (the web layer has cleaned it already)."""
    name = data.get("name", "")
    if not isinstance(name, str):
        raise Unreadable("A name must be text.", "name")
    return name.strip()[:40]


def _chair(shell: Shell, action: Action) -> tuple[int, Chair]:
    seat = target_int(action, "seat", 0)
    if seat >= len(shell.chairs):
        raise Unreadable(NO_SEAT, "seat")
    return seat, shell.chairs[seat]


def _host(actor: Actor, message: str = ONLY_HOST) -> None:
    check(actor, Who.HOST, refused=message)


def _deck(data: Data) -> Deck:
    try:
        deck = Deck.from_dict(dict(data))
    except CompanionError as err:
        raise Unreadable(f"That is not a deck the app can read: {err.message}.", "form") from None
    if deck.size == 0:
        raise Unreadable("A deck needs at least one card.", "form")
    return deck


class _Rules:
    """The table's own actions, as ``plan.plan`` checks and decides them (``Rules``)."""

    actions = ACTIONS

    def target_slot(self, shell: Shell, action: Action) -> str:
        if action.kind in SEAT_ACTIONS:
            return seat_slot(target_int(action, "seat", 0))
        if action.kind in ("lock", "unlock"):
            return LOCK_SLOT
        if action.kind == "rotate":
            return LINKS_SLOT
        if action.kind in ("deck", "carry-deck"):
            return DECK_SLOT
        raise Unreadable(f"There is no table action called '{action.kind[:40]}'.", "action")

    def current(self, shell: Shell, action: Action) -> JSON:
        """The target as it is now, beside a stale phone's input."""
        if action.kind in SEAT_ACTIONS:
            seat = target_int(action, "seat", 0)
            if seat >= len(shell.chairs):
                return None
            chair = shell.chairs[seat]
            return {"seat": seat, "name": chair.called(seat), "taken": chair.taken}
        if action.kind in ("lock", "unlock"):
            return {"locked": shell.locked}
        if action.kind in ("deck", "carry-deck"):
            return None if shell.deck is None else dict(shell.deck)
        return None

    def apply(self, shell: Shell, action: Action, actor: Actor) -> Sequence[NewEvent]:
        kind, data = action.kind, action.data
        if kind == "take-seat":
            return [self._take(shell, action, actor)]
        if kind in ("rename", "leave-seat"):
            seat, chair = _chair(shell, action)
            if not chair.taken or not may(actor, Who.OWN, seat):
                raise NotAllowed(f"Only the phone sitting at {chair.called(seat)} can do that.")
            if kind == "leave-seat":
                return [NewEvent("leave-seat", {"seat": seat}, by=(chair.name, seat))]
            name = _name(data)
            if not name:
                raise Unreadable("Type a name: a seat needs one.", "name")
            if name == chair.name:
                return []  # nothing changes: nothing is stored
            payload = {"seat": seat, "name": name, "was": chair.name}
            return [NewEvent("rename", payload, by=(name, seat))]
        if kind == "free-seat":
            _host(actor)
            seat, _ = _chair(shell, action)
            return [NewEvent("free-seat", {"seat": seat}, by=HOST)]
        if kind in ("lock", "unlock", "rotate"):
            _host(actor)
            return [NewEvent(kind, {}, by=HOST)]
        if kind == "deck":
            _host(actor, "Only the host's phone can change the table's deck.")
            return [NewEvent("alpha-deck", _deck(data).to_dict())]
        if kind == "carry-deck":
            return [NewEvent("alpha-deck", _deck(data).to_dict())]
        raise Unreadable(f"There is no table action called '{kind[:40]}'.", "action")

    def _take(self, shell: Shell, action: Action, actor: Actor) -> NewEvent:
        if shell.locked:
            raise NotAllowed(LOCKED)
        if actor.seat is not None:
            names = shell.names()
            where = names[actor.seat] if 0 <= actor.seat < len(names) else "this table"
            raise Unreadable(f"This phone already sits at {where}.", "seat")
        seat, chair = _chair(shell, action)
        if chair.taken:
            raise Conflict(f"{chair.called(seat)} is already taken by another phone.")
        name = chair.name or _name(action.data)  # a name the host gave the seat stays
        if not name:
            raise Unreadable("Type your name to take an open seat.", "name")
        return NewEvent("join", {"seat": seat, "name": name}, by=(name, seat))


RULES = _Rules()


def stale_words(action: Action, current: JSON) -> str:
    """A stale table action in words, with its target as it is now."""
    nothing = "Nothing was changed: look at it as it is now, then try again."
    if action.kind in SEAT_ACTIONS and isinstance(current, dict):
        seat = seat_name(int(current.get("seat", 0)))
        now = "a phone sits there now" if current.get("taken") else "it is open now"
        return (
            f"{seat} ({current.get('name')}) changed on another phone a moment ago: "
            f"{now}. {nothing}"
        )
    if action.kind in ("lock", "unlock") and isinstance(current, dict):
        now = "locked" if current.get("locked") else "open"
        return f"Joining was changed on another phone a moment ago (it is {now} now). {nothing}"
    if action.kind == "rotate":
        return f"The links were changed on another phone a moment ago. {nothing}"
    if action.kind in ("deck", "carry-deck"):
        return "The deck was changed on another phone: check it and save again."
    return f"That was changed on another phone a moment ago. {nothing}"
