"""Check and plan, pure: the one place the version rules of the table protocol live.

``plan(game, state, versions, actions, actor)`` is what the shell does with a phone's actions
before it stores anything: each action's slot (``target_slot``) is checked against the version
the action names (stale: ``StaleTarget``, carrying the slot's version and value now), then
``apply`` decides; the answer is each action's new target version and the rows to store, each
at its slot and version. ``plan_undo`` is the same for "undo the last change". The service
(``companion.tables.service``) and the pure tests (``tests/games/shell.py``) both call these,
so a test never carries its own copy of the rules.

``versions`` are the slot versions of the events stored so far (a slot never seen is at 0).
Several actions are planned against the same ``state``, and stored all or nothing as one
``batch`` (the caller names it: the service draws a random one, a test counts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypedDict, TypeVar

from companion.errors import Conflict, Forbidden, NotAllowed
from companion.games.protocol import (
    JSON,
    Action,
    Actor,
    Data,
    Event,
    NewEvent,
    Opaque,
    TableGame,
    Who,
    may,
)


class Logged(Protocol):
    """An event as ``in_force`` reads it: a plain ``Event`` or a stored row alike."""

    @property
    def id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def payload(self) -> Data: ...


E = TypeVar("E", bound=Logged)
S = TypeVar("S", contravariant=True)
T = TypeVar("T")
Opts = TypeVar("Opts")


class Rules(Protocol[S]):
    """What ``plan`` needs of a game (every ``TableGame`` is one) or of the table's own
    actions (``companion.games.seating.RULES``): the slot an action is about, its value now
    and the decision."""

    def target_slot(self, state: S, action: Action) -> str: ...
    def current(self, state: S, action: Action) -> JSON: ...
    def apply(self, state: S, action: Action, actor: Actor) -> Sequence[NewEvent]: ...


def undone_ids(rows: Sequence[Logged]) -> set[int]:
    """The ids of the events an undo took back."""
    return {int(e.payload["undoes"]) for e in rows if e.kind == "undo"}


def in_force(rows: Sequence[E]) -> list[E]:
    """Every event that has not been undone, undo events left out, in order."""
    gone = undone_ids(rows)
    return [e for e in rows if e.kind != "undo" and e.id not in gone]


@dataclass(frozen=True)
class Folded:
    """A game's events and what they fold to: the ids undo took out of force, each slot's
    newest version and the state. The shell keeps one per game (``tables.snapshot``)."""

    events: tuple[Event, ...] = ()
    undone: frozenset[int] = frozenset()
    versions: Mapping[str, int] = field(default_factory=dict)
    state: Opaque = None


def fold_in(
    game: TableGame[T, Opts], options: Opts, players: int, before: Folded, rows: Sequence[Event]
) -> Folded:
    """``before`` with ``rows`` (newer events, in id order) folded in, one at a time; after
    an undo (rare) the state is folded again from the events still in force."""
    events = before.events + tuple(rows)
    versions = dict(before.versions)
    undone = set(before.undone)
    for e in rows:
        if e.slot:
            versions[e.slot] = max(versions.get(e.slot, 0), e.slot_version or 0)
        if e.kind == "undo":
            undone.add(int(e.payload["undoes"]))
    state, todo = before.state, list(rows)
    if any(e.kind == "undo" for e in rows):
        state = game.initial(options, players)
        todo = [e for e in events if e.kind != "undo" and e.id not in undone]
    for e in todo:
        state = game.fold(state, e)
    return Folded(events, frozenset(undone), versions, state)


class StaleTarget(Conflict):
    """A stale version: carries the target, its version now and its value now (TABLE_API)."""

    def __init__(self, message: str, action: Action, version: int, current: JSON) -> None:
        super().__init__(message)
        self.action = action
        self.target_version = version
        self.current = current


class Columns(TypedDict):
    """An event row's own columns, as the store inserts them."""

    kind: str
    actor: str
    actor_seat: int | None
    round: int | None
    slot: str | None
    slot_version: int | None
    payload: dict[str, object]


@dataclass(frozen=True)
class Row:
    """One event to store, as its columns: the shell adds the id and the time."""

    kind: str
    actor: str
    actor_seat: int | None
    round: int | None
    slot: str | None
    slot_version: int | None
    payload: dict[str, object] = field(default_factory=dict)

    def columns(self) -> Columns:
        return {
            "kind": self.kind,
            "actor": self.actor,
            "actor_seat": self.actor_seat,
            "round": self.round,
            "slot": self.slot,
            "slot_version": self.slot_version,
            "payload": self.payload,
        }


@dataclass(frozen=True)
class Plan:
    """What ``plan`` decided: each action's target version after it, and the rows to store."""

    versions: tuple[int, ...]
    rows: tuple[Row, ...]


def stale_message(action: Action) -> str:
    return (
        f"That ({_what(action)}) was changed on another phone a moment ago. Nothing of "
        "yours was saved: look at it as it is now, then decide again."
    )


def _what(action: Action) -> str:
    """The target in words, counted from 1 as players count (the API's seats and tricks are
    0-based)."""
    words = []
    for name, value in action.target.items():
        shown = value + 1 if name in ("seat", "trick") and isinstance(value, int) else value
        words.append(f"{name} {shown}")
    return ", ".join(words)


def plan(
    game: Rules[T],
    state: T,
    versions: Mapping[str, int],
    actions: Sequence[Action],
    actor: Actor,
    batch: str | None = None,
) -> Plan:
    """Check each action's version against ``versions`` (``StaleTarget``) and ``apply`` it
    to ``state``; ``apply``'s own refusals pass through. Nothing is decided unless every
    action is (all or nothing)."""
    decided = []
    for action in actions:
        slot = game.target_slot(state, action)
        now = versions.get(slot, 0)
        if now != action.version:
            current = game.current(state, action)
            raise StaleTarget(stale_message(action), action, now, current)
        decided.append((slot, game.apply(state, action, actor)))
    return _rows(versions, decided, actor, batch)


def _rows(
    versions: Mapping[str, int],
    decided: list[tuple[str, Sequence[NewEvent]]],
    actor: Actor,
    batch: str | None,
) -> Plan:
    """Each action's new target version, and the rows of its events."""
    after, rows = [], []
    bumped = dict(versions)
    for slot, new_events in decided:
        version = versions.get(slot, 0) + 1
        own = any(new.slot is None for new in new_events)
        after.append(version if own else versions.get(slot, 0))
        for new in new_events:
            payload = dict(new.payload)
            if batch:
                payload["batch"] = batch
            at = _slot_for(new, slot, version, bumped) or (None, None)
            name, seat = new.by or (actor.name, actor.seat)
            rows.append(Row(new.kind, name, seat, new.round, at[0], at[1], payload))
    return Plan(tuple(after), tuple(rows))


def _slot_for(
    new: NewEvent, slot: str, version: int, bumped: dict[str, int]
) -> tuple[str, int] | None:
    """Where an event goes: the action's own slot, none, another slot at version 1, or
    another slot at its next version (``bump``; counted across the batch)."""
    if new.slot is None:
        return (slot, version)
    if not new.slot:
        return None
    if not new.bump:
        return (new.slot, 1)
    bumped[new.slot] = bumped.get(new.slot, 0) + 1
    return (new.slot, bumped[new.slot])


def newest_batch(effective: Sequence[Event], undoable: frozenset[str]) -> list[Event]:
    """What "undo" takes back now: the newest change still in force, with its whole batch."""
    live = [e for e in effective if e.kind in undoable]
    if not live:
        return []
    newest = live[-1]
    batch = newest.payload.get("batch")
    if not batch:
        return [newest]
    return [e for e in live if e.payload.get("batch") == batch]


def plan_undo(
    effective: Sequence[Event], versions: Mapping[str, int], actor: Actor, undoable: frozenset[str]
) -> tuple[list[Event], list[Row]]:
    """Take back the newest change still in force (its whole batch), if ``actor`` may: the
    host, or the phone whose change it was (``Actor.owns``). The events taken back and the
    undo rows to store."""
    targets = newest_batch(effective, undoable)
    if not targets:
        raise Forbidden("There is nothing to undo yet.")
    if not may(actor, Who.HOST) and not all(actor.owns(e) for e in targets):
        raise NotAllowed(
            "Only the host, or the phone whose change it was, can undo the last change."
        )
    return targets, [undo_row(e, versions, actor) for e in targets]


def undo_row(target: Event, versions: Mapping[str, int], actor: Actor) -> Row:
    slot = target.slot or f"e{target.id}"
    payload: dict[str, object] = {"undoes": target.id, "what": target.kind}
    if target.kind == "score":
        payload.update(
            seat=target.payload["seat"],
            points=target.payload.get("before"),
            before=target.payload["points"],
        )
    if target.payload.get("batch"):
        payload["batch"] = target.payload["batch"]
    version = versions.get(slot, 0) + 1
    return Row("undo", actor.name, actor.seat, target.round, slot, version, payload)
