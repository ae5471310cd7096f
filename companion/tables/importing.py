"""Import a JSON export into a new table, checked by the rules of live play first.

Every event of the file is checked before anything is stored, with bounded time and memory
(a short file must not make the server build a billion empty rounds):

- at most ``MAX_EVENTS`` events (as many as a game keeps, ``service.MAX_EVENTS``, so any
  table's own export imports again), each of a kind the game replays;
- a round no later than the events before it can have reached, slot versions that only grow,
  no number beyond ``MAX_NUMBER`` anywhere, a readable time, ids in order;
- then every event is replayed through the game's own rules as live play would have made it
  (``companion.tables.replaying``), within ``replaying.FOLD_BUDGET`` folds in all.

Then the table is stored all or nothing, each event keeping the time it was made.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from companion.errors import CompanionError, Unreadable
from companion.games.protocol import Entered, Event, Opaque
from companion.tables import service
from companion.tables.models import Table
from companion.tables.registry import GameType, game_type
from companion.tables.replaying import Replay
from companion.tables.service import MAX_EVENTS

FORMAT = "companion-game"
MAX_NUMBER = 10**9


def _need(condition: bool, what: str) -> None:
    if not condition:
        raise Unreadable(f"This file cannot be imported: {what}.", "file")


def from_json(data: Entered, phone: str, claim: Callable[[Table], None] | None = None) -> Table:
    """Create a new table replaying the exported events; all or nothing. ``claim``: what the
    same transaction also does with the new table (``service.import_table``)."""
    _need(
        isinstance(data, dict) and data.get("format") == FORMAT,
        "it is not a Companion game export (the format mark is missing)",
    )
    game, seats, events = data.get("game"), data.get("seats"), data.get("events")
    _need(isinstance(game, dict) and isinstance(game.get("options"), dict), "no game options")
    _need(isinstance(seats, list) and all(isinstance(s, str) for s in seats), "no seat names")
    _need(isinstance(events, list), "no list of events")
    _need(len(events) <= MAX_EVENTS, f"it has more than {MAX_EVENTS:,} events")
    kind = game_type(str(game.get("kind"))[:40])
    options = kind.parse_options(game["options"])
    try:
        read = [_read(item, number, kind) for number, item in enumerate(events, start=1)]
        _in_order(read)
        replay = Replay(kind, options, [_printable(s, 40) for s in seats])
        checked = replay.run(read)
        kind.sheet(options, checked)  # must still add up
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
    return _store(kind, options, seats, checked, phone, claim)


def _store(
    kind: GameType,
    options: Opaque,
    seats: list[str],
    events: list[Event],
    phone: str,
    claim: Callable[[Table], None] | None,
) -> Table:
    names = [_printable(s, 40) for s in seats]
    return service.import_table(kind.key, options.to_dict(), names, events, phone, claim)


def _int(value: Entered, what: str, low: int, high: int) -> int:
    _need(
        not isinstance(value, bool) and isinstance(value, int) and low <= value <= high,
        f"{what} must be a whole number from {low} to {high}",
    )
    return int(value)


def _printable(text: str, limit: int) -> str:
    """Text as a name column takes it: no control characters (a NUL byte included), cut."""
    return "".join(ch for ch in text if ch.isprintable())[:limit].strip()


def _small_numbers(payload: Entered) -> None:
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


def _time(raw: Entered) -> datetime:
    if raw is None:
        return datetime.now(UTC).replace(tzinfo=None)
    _need(isinstance(raw, str) and len(raw) <= 40, "an event's time is not readable")
    try:
        at = datetime.fromisoformat(raw)
    except ValueError:
        raise Unreadable("This file cannot be imported: an event's time is not readable.") from None
    return at.astimezone(UTC).replace(tzinfo=None) if at.tzinfo else at


def _read(item: Entered, number: int, kind: GameType) -> Event:
    """One event of the file as a value, checked for what needs no game: its kind, a round
    within reach, slot versions that only grow, small numbers, a readable time."""
    _need(isinstance(item, dict), f"event {number} is not an event")
    what = item.get("kind")
    _need(what in kind.replayed, f"event {number} is of an unknown kind")
    payload = item.get("payload", {})
    _need(isinstance(payload, dict), f"event {number} has no payload")
    _small_numbers(payload)
    seat = item.get("actor_seat")
    if seat is not None:
        seat = _int(seat, f"event {number}'s seat", 0, kind.max_players - 1)
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
        _need(
            isinstance(slot, str) and 0 < len(slot) <= 40 and slot.isprintable(),
            f"event {number}'s slot is not readable",
        )
        version = _int(item.get("slot_version"), f"event {number}'s version", 1, MAX_NUMBER)
    actor = _printable(str(item.get("actor", "")), 60)
    ident = _int(item.get("id"), f"event {number}'s id", 1, 2**62)
    return Event(
        id=ident,
        kind=what,
        actor=actor,
        actor_seat=seat,
        round=round_,
        slot=slot,
        slot_version=version,
        payload=payload,
        created_at=_time(item.get("at")),
    )


def _in_order(events: list[Event]) -> None:
    """Ids that grow, and each slot's versions too (a repeated change never was stored);
    the changes of one batch one after another."""
    versions: dict[str, int] = {}
    batches: set[str] = set()  # a batch (changes saved together) is stored all at once
    for number, e in enumerate(events, start=1):
        _need(number == 1 or e.id > events[number - 2].id, "the events are out of order")
        batch = e.payload.get("batch") if e.kind != "undo" else None
        if isinstance(batch, str):
            before = events[number - 2] if number > 1 else None
            _need(
                batch not in batches
                or (
                    before is not None
                    and before.kind != "undo"
                    and before.payload.get("batch") == batch
                ),
                f"event {number} belongs with changes saved together earlier",
            )
            batches.add(batch)
        if e.slot is not None:
            _need(e.version > versions.get(e.slot, 0), f"event {number} repeats a change")
            versions[e.slot] = e.version
