"""Import a JSON export into a new table, checked by the rules of live play first.

Every event of the file is checked before anything is stored, with bounded time and memory
(a short file must not make the server build a billion empty rounds):

- at most ``MAX_EVENTS`` events, each of a kind the game replays;
- seats in range, a round no later than the events before it can have reached, slot versions
  that only grow, no number beyond ``MAX_NUMBER`` anywhere, a readable time;
- a ``score`` is replayed through the game's own ``apply`` (the table protocol), as the host
  would enter it: the points within the score limit, no round before the earlier ones are
  complete, nothing after the game is over;
- an ``undo`` takes back the newest change still in force (or its batch), as live undo does;
- every event is folded as it comes, within ``FOLD_BUDGET`` folds in all.

Then the table is stored all or nothing, each event keeping the time it was made.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import IntegrityError

from companion.errors import CompanionError, Unreadable
from companion.extensions import db
from companion.games.protocol import Action, Actor, Event
from companion.tables import store
from companion.tables.models import Table
from companion.tables.registry import GameType, game_type
from companion.tables.service import SEAT_CHANGES

FORMAT = "companion-game"
MAX_EVENTS = 5_000
MAX_NUMBER = 10**9
FOLD_BUDGET = 100_000
HOST = Actor("Import", None, True, frozenset())


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise Unreadable(f"This file cannot be imported: {what}.", "file")


def from_json(data: Any, phone: str) -> Table:
    """Create a new table replaying the exported events; all or nothing."""
    _need(isinstance(data, dict) and data.get("format") == FORMAT,
          "it is not a Companion game export (the format mark is missing)")  # fmt: skip
    game, seats, events = data.get("game"), data.get("seats"), data.get("events")
    _need(isinstance(game, dict) and isinstance(game.get("options"), dict), "no game options")
    _need(isinstance(seats, list) and all(isinstance(s, str) for s in seats), "no seat names")
    _need(isinstance(events, list), "no list of events")
    _need(len(events) <= MAX_EVENTS, f"it has more than {MAX_EVENTS:,} events")
    kind = game_type(str(game.get("kind"))[:40])
    options = kind.parse_options(game["options"])
    try:
        replay = Replay(kind, options)
        checked = replay.run(events)
        # the seats are the table's at the end (a custom sheet's host may add or remove some)
        _need(len(seats) == replay.players, "the seats do not match the number of players")
    except Unreadable:
        raise
    except CompanionError as err:  # a rule of the game, from its own ``apply``
        raise Unreadable(f"This file cannot be imported: {err.message}", "file") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise Unreadable(
            f"This file's events cannot be read ({err.__class__.__name__}).", "file"
        ) from None
    return _store(kind, options, seats, checked, phone)


def _store(
    kind: GameType, options: Any, seats: list[str], events: list[Event], phone: str
) -> Table:
    try:
        table = store.create_table(
            kind.key, options.to_dict(), [_printable(s, 40) for s in seats], phone, commit=False
        )
        ids: dict[int, int] = {}
        for e in events:
            payload = dict(e.payload)
            if e.kind == "undo":
                payload["undoes"] = ids[int(payload["undoes"])]
            slot = (e.slot, e.version) if e.slot else None
            row = store.append(table.game, e.kind, e.actor, e.actor_seat, payload, e.round, slot)
            row.created_at = e.created_at
            db.session.flush()
            ids[e.id] = row.id
        store.append(table.game, "import", "Import", None, {"events": len(events)})
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Unreadable("This file's events repeat a change, so it cannot be imported.") from None
    return table


def _int(value: Any, what: str, low: int, high: int) -> int:
    _need(not isinstance(value, bool) and isinstance(value, int) and low <= value <= high,
          f"{what} must be a whole number from {low} to {high}")  # fmt: skip
    return int(value)


def _printable(text: str, limit: int) -> str:
    """Text as a name column takes it: no control characters (a NUL byte included), cut."""
    return "".join(ch for ch in text if ch.isprintable())[:limit].strip()


def _small_numbers(payload: Any) -> None:
    """No number anywhere in ``payload`` beyond ``MAX_NUMBER`` (a loop, no recursion)."""
    stack = [payload]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int | float) and not isinstance(item, bool):
            _need(abs(item) <= MAX_NUMBER, f"a number is larger than {MAX_NUMBER:,}")


def _time(raw: Any) -> datetime:
    if raw is None:
        return datetime.now(UTC).replace(tzinfo=None)
    _need(isinstance(raw, str) and len(raw) <= 40, "an event's time is not readable")
    try:
        at = datetime.fromisoformat(raw)
    except ValueError:
        raise Unreadable("This file cannot be imported: an event's time is not readable.") from None
    return at.astimezone(UTC).replace(tzinfo=None) if at.tzinfo else at


class Replay:
    """The file's events checked one by one against the game as live play builds it."""

    def __init__(self, kind: GameType, options: Any) -> None:
        self.kind, self.options, self.players = kind, options, options.players
        self.table = kind.table
        self.events: list[Event] = []
        self.undone: set[int] = set()
        self.versions: dict[str, int] = {}
        self.state = self.table.initial(options, self.players)
        self.folds = 0

    def run(self, items: list[Any]) -> list[Event]:
        for number, item in enumerate(items, start=1):
            event = self.read(item, number)
            if event.kind == "undo":
                self.undo(event)
            else:
                if event.kind == "score" and "score" in self.table.actions:
                    self.score(event)
                if event.kind in SEAT_CHANGES:
                    self.seats(event)
                self.fold(event)
            self.events.append(event)
        self.kind.sheet(self.options, self.events)  # must still add up
        return self.events

    def read(self, item: Any, number: int) -> Event:
        _need(isinstance(item, dict), f"event {number} is not an event")
        kind = item.get("kind")
        _need(kind in self.kind.replayed, f"event {number} is of an unknown kind")
        payload = item.get("payload", {})
        _need(isinstance(payload, dict), f"event {number} has no payload")
        _small_numbers(payload)
        if "seat" in payload:  # a seat being added is the next one; any other is there now
            top = self.players if kind == "add-seat" else self.players - 1
            _int(payload["seat"], f"event {number}'s seat", 0, top)
        seat = item.get("actor_seat")
        if seat is not None:
            seat = _int(seat, f"event {number}'s seat", 0, self.players - 1)
        round_ = item.get("round")
        if round_ is not None:  # no round is reached faster than one event per round
            round_ = _int(round_, f"event {number}'s round", 1, MAX_NUMBER)
            _need(
                round_ <= number,
                f"event {number} is for round {round_:,}, which the events "
                "before it cannot have reached",
            )
        slot, version = item.get("slot"), None
        if slot is not None:
            _need(isinstance(slot, str) and 0 < len(slot) <= 40 and slot.isprintable(),
                  f"event {number}'s slot is not readable")  # fmt: skip
            version = _int(item.get("slot_version"), f"event {number}'s version", 1, MAX_NUMBER)
            _need(version > self.versions.get(slot, 0), f"event {number} repeats a change")
            self.versions[slot] = version
        actor = _printable(str(item.get("actor", "")), 60)
        ident = _int(item.get("id"), f"event {number}'s id", 1, 2**62)
        _need(not self.events or ident > self.events[-1].id, "the events are out of order")
        return Event(id=ident, kind=kind,
                     actor=actor, actor_seat=seat, round=round_, slot=slot,
                     slot_version=version, payload=payload,
                     created_at=_time(item.get("at")))  # fmt: skip

    def score(self, event: Event) -> None:
        """A score as the host would enter it now: the game's own rules decide."""
        p = event.payload
        target = {"round": event.round, "seat": p.get("seat")}
        action = Action("score", target, 0, {"points": p.get("points")})
        (new,) = self.table.apply(self.state, action, HOST)
        _need(new.payload["points"] == p.get("points"), "a score is not a whole number")

    def seats(self, event: Event) -> None:
        """A seat added or removed as the host would do it now: the game's own rules decide."""
        p = event.payload
        if event.kind == "add-seat":
            _need(p.get("seat") == self.players, "a seat is added elsewhere than at the end")
            action = Action("add-seat", {}, 0, {"name": p.get("name", "")})
        else:
            action = Action("remove-seat", {"seat": p.get("seat")}, 0, {})
        self.table.apply(self.state, action, HOST)
        self.players += 1 if event.kind == "add-seat" else -1

    def fold(self, event: Event) -> None:
        self.folds += 1
        _need(self.folds <= FOLD_BUDGET, "it takes too much work to check (too many undos)")
        self.state = self.table.fold(self.state, event)

    def undo(self, event: Event) -> None:
        """Live undo takes back the newest change still in force, or its whole batch."""
        target = _int(event.payload.get("undoes"), "an undo's change", 1, 2**62)
        live = [e for e in self.events if e.kind in self.kind.undoable and e.id not in self.undone]
        _need(bool(live), "an undo has nothing to take back")
        batch = live[-1].payload.get("batch")
        allowed = {e.id for e in live if batch and e.payload.get("batch") == batch}
        _need(target in allowed | {live[-1].id}, "an undo takes back an older change")
        self.undone.add(target)
        self.state = self.table.initial(self.options, self.options.players)
        for e in self.events:
            if e.kind != "undo" and e.id not in self.undone:
                self.fold(e)
