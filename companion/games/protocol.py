"""The table protocol: what every game at a table implements, pure.

A game at a table is a state machine over its events (DESIGN.md, "The table protocol"):

- ``initial(options, players)`` the state before any event; ``fold(state, event)`` one event
  at a time, so a cached state only needs the events newer than it;
- ``target_slot(state, action)`` names the one versioned slot an action is about (read from
  the action's own target, never from "what is open now"), and ``current(state, target)``
  its value now, shown beside a stale phone's input;
- ``apply(state, action, actor)`` checks and decides, returning the new events; it raises
  ``Unreadable``, ``Forbidden`` or ``Conflict`` (``companion.errors``);
- ``sheet(state)``, ``view(state, seat)`` (what that seat may see) and ``describe(event,
  names)`` (a history line in plain words).

The shell (``companion.tables.service``) does the rest the same way for every game: it folds
from a per-process snapshot, checks the version the action names against the slot's version
before ``apply`` runs, stores the events all or nothing and publishes. Undo is the shell's
too: an undo event takes an earlier event out of force and the state is folded again from
the events still in force (rare, so the common path stays incremental).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

from companion.errors import NotAllowed, Unreadable
from companion.games.scoresheet import Sheet

if TYPE_CHECKING:  # types only: nothing here reads the clock
    from datetime import datetime

    from _typeshed import DataclassInstance

    Frozen = DataclassInstance
else:

    class Frozen(Protocol):
        """A frozen dataclass (``dataclasses.replace`` takes it): the type checker's own."""


# JSON as it enters: a phone's or key's body, a form, a stored payload read back. One of the
# two named ``Any`` (with ``Opaque``): whoever reads a value of it checks it (``target_int``,
# ``fold``'s ``try``); every other type says what it holds (tests/test_any.py counts them).
Entered: TypeAlias = Any
# JSON as it leaves: what ``current`` and ``view`` answer, sent as it is (the Table API).
JSON: TypeAlias = "str | int | float | bool | None | Sequence[JSON] | Mapping[str, JSON]"
# A game's own State or Options where the shell holds every game at once (the registry, a
# snapshot): Python cannot say "some game's State", so these are named, and only that game's
# ``TableGame`` reads them (each game is checked against the seam with its own types).
Opaque: TypeAlias = Any
Data = Mapping[str, Entered]  # JSON entered, by name: an action's target or data, options
Payload = dict[str, Entered]  # an event's payload: plain JSON values, stored as they are


@dataclass(frozen=True)
class Event:
    """One stored change, as a plain value. Field names match the stored row's columns, so
    code written against rows reads these unchanged."""

    id: int
    kind: str
    actor: str = ""
    actor_seat: int | None = None
    round: int | None = None
    slot: str | None = None
    slot_version: int | None = None
    payload: Payload = field(default_factory=dict)
    created_at: datetime | None = None  # the shell's clock, never read here

    @property
    def seat(self) -> int | None:
        return self.actor_seat

    @property
    def version(self) -> int:
        return self.slot_version or 0


@dataclass(frozen=True)
class NewEvent:
    """An event ``apply`` decided on; the shell gives it an id, the actor and the time.
    ``slot`` None means the action's own slot (at the next version); ``""`` means none;
    another slot is taken at version 1, or at its next version with ``bump``. ``by``: the
    name and seat the stored event is signed with, when not the actor's (a seat taken is
    signed by that seat, under the name it took)."""

    kind: str
    payload: Mapping[str, object]  # plain JSON values; the store writes them as they are
    round: int | None = None
    slot: str | None = None
    bump: bool = False
    by: tuple[str, int | None] | None = None


@dataclass(frozen=True)
class Actor:
    """Who acts: a seat's phone or key (``seat``), the host, or both. ``phones``: the seats
    that have a phone (the host acts only for seats without one, where a game says so).
    ``names``: the seats' names, for the texts an event keeps (a verdict's outcome)."""

    name: str
    seat: int | None = None
    host: bool = False
    phones: frozenset[int] = frozenset()
    names: tuple[str, ...] = ()

    def owns(self, event: Event) -> bool:
        """Is ``event`` this actor's own change (entered by its seat, or about its seat)?
        A seat may undo its own changes; the host may undo any."""
        return self.seat is not None and self.seat in (event.actor_seat, event.payload.get("seat"))

    def may_act_for(self, seat: int, host_ok: bool = True) -> bool:
        """Seat ``seat``'s own phone, or the host (when ``host_ok``)."""
        return self.seat == seat or (self.host and host_ok)


@dataclass(frozen=True)
class Action:
    """What a phone or key asks for: the kind, the target it names (``{"round": 3, "seat":
    0}``), the version of that target it last saw, and the action's own data."""

    kind: str
    target: Data
    version: int
    data: Data = field(default_factory=dict)


State = TypeVar("State")
Options = TypeVar("Options")


class TableGame(Protocol[State, Options]):
    """The protocol every game implements (see the module docstring), over the game's own
    ``State`` and ``Options``: mypy checks each game's table object against it
    (``companion.games.registry``), so a game that drifts from the seam fails the type check.
    ``current`` and ``view`` answer plain JSON values (the Table API sends them as they are)."""

    @property
    def key(self) -> str: ...
    @property
    def actions(self) -> Mapping[str, str]: ...  # action kind -> one line, for the docs

    def parse_options(self, data: Data) -> Options: ...
    def load_options(self, data: Data) -> Options: ...
    def initial(self, options: Options, players: int) -> State: ...
    def fold(self, state: State, event: Event) -> State: ...
    def target_slot(self, state: State, action: Action) -> str: ...
    def current(self, state: State, action: Action) -> JSON: ...
    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]: ...
    def sheet(self, state: State) -> Sheet: ...
    def view(
        self, state: State, seat: int | None, versions: Mapping[str, int]
    ) -> dict[str, JSON]: ...
    def describe(self, event: Event, names: Sequence[str]) -> str | None: ...


def target_int(action: Action, name: str, low: int, high: int | None = None) -> int:
    """A whole number from the action's target, in range, or ``Unreadable`` naming it."""
    value = action.target.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable(
            f"The target needs a whole number '{name}', not {str(value)[:20]!r}.", name
        )
    if value < low or (high is not None and value > high):
        top = "" if high is None else f" to {high}"
        raise Unreadable(f"The target's '{name}' must be {low}{top}, not {value}.", name)
    return value


def need_seat_phone(actor: Actor, seat: int, names: Sequence[str]) -> None:
    """Seat ``seat``'s own phone, or the host for a seat that has no phone."""
    if actor.seat == seat:
        return
    if actor.host and seat not in actor.phones:
        return
    who = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    if actor.host:
        raise NotAllowed(f"{who} has a phone at the table: only that phone enters for {who}.")
    raise NotAllowed(f"This phone may not act for {who}.")
