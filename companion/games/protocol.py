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

Who may do an action is one of the rules of ``Who`` (the host, any phone at the table, the
seat's own phone, ...), named by each action and decided by ``may`` alone; ``check`` refuses in
words naming who may. No game weighs the host, the seat or the phones itself.

The shell (``companion.tables.service``) does the rest the same way for every game: it folds
from a per-process snapshot, checks the version the action names against the slot's version
before ``apply`` runs, stores the events all or nothing and publishes. Undo is the shell's
too: an undo event takes an earlier event out of force and the state is folded again from
the events still in force (rare, so the common path stays incremental).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

from companion.errors import NotAllowed, Unreadable
from companion.games.scoresheet import Sheet
from companion.games.seats import seat_name

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


class Who(Enum):
    """Who may do an action: the one list of rules every action of every game (and of the
    table itself) is decided by, through ``may`` and ``check``. "At the table": a seated phone
    or the host; "phoneless": a seat no phone sits in (the host, or the table, enters for it)."""

    HOST = "the host"
    AT_TABLE = "any phone at the table"
    OWN = "the seat's own phone"
    OWN_OR_HOST = "the seat's own phone or the host"
    OWN_OR_HOST_IF_PHONELESS = "the seat's own phone; the host for a seat without one"
    OWN_OR_TABLE_IF_PHONELESS = (
        "the seat's own phone; any phone at the table for a seat without one"
    )
    OWN_HOST_OR_TABLE_IF_PHONELESS = (
        "the seat's own phone or the host; any phone at the table for a seat without one"
    )


def may(actor: Actor, who: Who, seat: int | None = None) -> bool:
    """May ``actor`` do an action that ``who`` may do, for seat ``seat`` (the seat the action
    is for; ``HOST`` and ``AT_TABLE`` need none)?"""
    at_table = actor.host or actor.seat is not None
    if who is Who.HOST:
        return actor.host
    if who is Who.AT_TABLE:
        return at_table
    if seat is not None and actor.seat == seat:
        return True
    phoneless = seat is not None and seat not in actor.phones
    if who is Who.OWN_OR_HOST:
        return actor.host
    if who is Who.OWN_OR_HOST_IF_PHONELESS:
        return actor.host and phoneless
    if who is Who.OWN_OR_TABLE_IF_PHONELESS:
        return at_table and phoneless
    if who is Who.OWN_HOST_OR_TABLE_IF_PHONELESS:
        return actor.host or (at_table and phoneless)
    return False  # Who.OWN


def refusal(actor: Actor, who: Who, seat: int | None = None, names: Sequence[str] = ()) -> str:
    """Why ``actor`` may not: naming who may, in words."""
    seated = "Take a seat first: only players at the table can do that."
    if who is Who.HOST:
        return "Only the host's phone (the one that started this table) can do that."
    if who is Who.AT_TABLE or seat is None:
        return seated
    name = seat_name(seat, names)
    has_phone = f"{name} has a phone at the table: only that phone can do that for {name}."
    if who is Who.OWN:
        return f"Only {name}'s own phone can do that for {name}."
    if who is Who.OWN_OR_HOST:
        return f"Only {name}'s phone or the host can do that."
    if who is Who.OWN_OR_HOST_IF_PHONELESS:
        if actor.host:
            return has_phone
        return f"Only {name}'s phone (or the host, for a seat without a phone) can do that."
    if seat not in actor.phones:
        return seated
    if who is Who.OWN_OR_TABLE_IF_PHONELESS:
        return has_phone
    return f"Only {name}'s phone or the host can do that."


def check(
    actor: Actor,
    who: Who,
    seat: int | None = None,
    names: Sequence[str] = (),
    refused: str | None = None,
) -> None:
    """``NotAllowed`` unless ``may(actor, who, seat)``: in ``refused``'s words when the action
    has its own (they name who may), else ``refusal``'s."""
    if not may(actor, who, seat):
        raise NotAllowed(refused or refusal(actor, who, seat, names))


def need_seat_phone(actor: Actor, seat: int, names: Sequence[str]) -> None:
    """Seat ``seat``'s own phone, or the host for a seat that has no phone."""
    check(actor, Who.OWN_OR_HOST_IF_PHONELESS, seat, names)
