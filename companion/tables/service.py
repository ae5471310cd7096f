"""The one service path for a game's actions: lock the game, load its snapshot once, check the
versions the actions name, ``apply``, append, commit. The web pages and the Table API both
call ``act`` (and ``undo``); publishing to the live streams is the caller's last step.

Several actions in one call (a round's cells saved together) are stored all or nothing, as
one batch: undo takes a batch back whole.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from companion.errors import CompanionError, Conflict, Forbidden, Unreadable
from companion.extensions import db
from companion.games import plan, seating
from companion.games.plan import Columns
from companion.games.plan import StaleTarget as StaleTarget
from companion.games.protocol import JSON, Action, Actor, Data, Event, Payload
from companion.tables import circlesettle, driver, snapshot, store
from companion.tables.models import Game, Seat, Table
from companion.tables.registry import game_type
from companion.tables.snapshot import GameRef

# events that add or remove a seat of the table (the custom sheet's host actions)
SEAT_CHANGES = frozenset({"add-seat", "remove-seat"})
# the most events one game keeps (``store.MAX_EVENTS``): ``act`` counts from its snapshot
MAX_EVENTS, FULL = store.MAX_EVENTS, store.FULL


class Seated(Protocol):
    """What ``act`` needs of the table: its seats (rows, or plain values)."""

    @property
    def seats(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class Done:
    """What ``act`` stored: the table's new version (``Snapshot.table_version``), each
    action's new target version, the game now and the events stored."""

    version: int
    target_versions: tuple[int, ...]
    snapshot: snapshot.Snapshot
    stored: tuple[Event, ...] = ()
    moved: str | None = None  # "rotate": the table link it retired (``store.rotate``)


def create_table(
    kind: str, options: dict[str, JSON], names: list[str], phone: str, commit: bool = True
) -> Table:
    """A new table playing ``kind``, its seats named ``names``, hosted by ``phone``; its first
    game holds the ``new-table`` event."""
    return store.create_table(kind, options, names, phone, commit)


def new_game(table: Table, actor: str, actor_seat: int | None) -> Game:
    """The table's next game (the finished one stays, its events too): ``new-game``."""
    return store.new_game(table, actor, actor_seat)


def check_game(named: int, current: int) -> None:
    """The game an action (a page's form, a link, an API body) names against the table's
    ``current`` one. Hands, rounds and versions start again from 1 in each game, so only
    this tells a late action for a finished game from one for the game being played: it is
    refused (409), never applied to the next game; a game never played is unreadable."""
    if named == current:
        return
    if not 1 <= named < current:
        raise Unreadable(
            f"This names game {named}, which this table has not played (it is "
            f"playing game {current}): reload the page.",
            "game",
        )
    raise Conflict(
        f"Game {named} is over: this table is playing game {current} now. Nothing "
        "of yours was saved; reload the page to see it."
    )


def act(
    tbl: Seated,
    game: GameRef,
    actions: Sequence[Action],
    actor: Actor,
    if_head: bool = False,
    head: int | None = None,
    raw: driver.Raw | None = None,
) -> Done:
    """Apply ``actions`` for ``actor`` and store their events, all or nothing; the caller
    wakes the table's streams after (``live.publish``). ``if_head``: on PostgreSQL the insert
    also checks the game's newest event is still the one folded (``store.insert_events``).
    ``head``: the
    game's newest event id as read under the game's lock (``games.last_event``), when the
    caller read it so (``holders.holder`` for a change): a snapshot this process has folded
    that far is used without reading the events again. ``raw``: on that connection
    (``driver``), whose transaction holds the game's lock already (``holders.holder`` for a
    change); ``NeedsLock`` for actions that move seats, whose rows the session changes."""
    players = len(tbl.seats)
    if raw is None:
        store.lock_game(game.id)
    elif game.id not in raw.locked:
        raise RuntimeError("act: the game's lock first (holders.holder for a change)")
    snap = snapshot.load(game, players, head, raw)
    versions, rows = _plan(snap, actions, actor, raw)
    for row in rows:
        if row["kind"] in SEAT_CHANGES:  # the table's seat rows follow, in this transaction
            if raw is not None:
                _rollback(raw)
                raise NeedsLock()
            store.change_seats(game.id, row["kind"], row["payload"])
    stored = _commit(game, players, actions, rows, if_head, snap, raw)
    after = snapshot.stored(snap, stored)
    circlesettle.after_change(game, snap, after)  # a circle's finished game counts at once
    return Done(after.table_version, versions, after, tuple(stored))


class NeedsLock(Exception):
    """``act_unlocked`` (or ``act`` on the driver's connection) cannot store these actions:
    ``act`` on the session must."""


# how often an action without the game's lock reads the game again after another phone
# stored something first, before it takes the lock instead (``act_unlocked``)
TRIES = 3


def act_unlocked(
    tbl: Seated,
    game: GameRef,
    head: int,
    actions: Sequence[Action],
    actor: Actor,
    raw: driver.Raw | None = None,
) -> Done | None:
    """``act`` in one or two round trips instead of five, for PostgreSQL on a connection in
    autocommit (``driver.connection``). ``tbl``, ``game`` and ``actor`` were read when the
    game's newest event was ``head``; the snapshot at ``head`` is checked and applied as
    ``act`` does, and stored by one statement only if the game's newest event is still
    ``head`` and no later game was started (``store.insert_after``). None, with nothing
    stored, when that cannot be done from what was read: the snapshot here is not at
    ``head``, or another phone stored first; the caller reads the key's table again and
    tries again. ``NeedsLock`` for actions that move seats: their seat rows change too, in
    ``act``'s transaction. ``raw``: on that connection (``driver``), in autocommit."""
    snap = snapshot.load(game, len(tbl.seats), head, raw)
    if snap.last_id != head:
        return None
    versions, rows = _plan(snap, actions, actor, raw)
    if any(row["kind"] in SEAT_CHANGES for row in rows):
        raise NeedsLock()
    try:
        stored = store.insert_after(game.id, head, rows, raw)
    except IntegrityError:
        _rollback(raw)
        raise _stale(game, len(tbl.seats), actions) from None
    if stored is None:
        return None
    after = snapshot.stored(snap, stored)
    circlesettle.after_change(game, snap, after)  # a circle's finished game counts at once
    return Done(after.table_version, versions, after, tuple(stored))


def _plan(
    snap: snapshot.Snapshot, actions: Sequence[Action], actor: Actor, raw: driver.Raw | None
) -> tuple[tuple[int, ...], list[Columns]]:
    """``plan.plan`` on ``snap`` (a stale version: ``StaleTarget``, nothing stored): each
    action's new target version and the rows of its events."""
    table = game_type(snap.kind).table
    batch = secrets.token_hex(6) if len(actions) > 1 else None
    try:
        planned = plan.plan(table, snap.state, snap.versions, actions, actor, batch)
    except StaleTarget:
        _rollback(raw)
        raise
    _room(snap, len(planned.rows), raw)
    return planned.versions, [row.columns() for row in planned.rows]


def _rollback(raw: driver.Raw | None = None) -> None:
    """End the transaction: the driver's connection's (``raw``), else the session's."""
    if raw is not None:
        raw.rollback()
    else:
        db.session.rollback()


def _room(snap: snapshot.Snapshot, more: int, raw: driver.Raw | None = None) -> None:
    """``more`` events still fit in the game (``MAX_EVENTS``), else ``Forbidden``."""
    if len(snap.events) + more > MAX_EVENTS:
        _rollback(raw)
        raise Forbidden(FULL, "full")


def _commit(
    game: GameRef,
    players: int,
    actions: Sequence[Action],
    rows: list[Columns],
    if_head: bool,
    snap: snapshot.Snapshot,
    raw: driver.Raw | None = None,
) -> list[Event]:
    """Store ``rows`` and commit; a lost unique-key race is the same 409 as a stale version."""
    try:
        stored = store.insert_events(game.id, rows, if_head, snap.last_id, raw)
        if stored is not None:
            if raw is not None:
                raw.commit()
            else:
                db.session.commit()
            return stored
    except IntegrityError:
        _rollback(raw)
        raise _stale(game, players, actions) from None
    _rollback(raw)  # under the lock, only a game started meanwhile stops the insert
    raise Conflict(
        "A new game was started on another phone a moment ago. Nothing of yours "
        "was saved: reload to see the new game."
    )


def _stale(game: GameRef, players: int, actions: Sequence[Action]) -> StaleTarget:
    """A lost unique-key race: the first action's target as it is now."""
    snap = snapshot.load(game, players)
    table = game_type(game.kind).table
    assert table is not None
    action = actions[0]
    slot = table.target_slot(snap.state, action)
    return StaleTarget(
        "That was changed on another phone a moment ago. Nothing of yours was saved: "
        "look at it as it is now, then decide again.",
        action,
        snap.version(slot),
        table.current(snap.state, action),
    )


def undo(
    game: Game, players: int, actor: Actor, seen: int | None, undoable: frozenset[str]
) -> list[Event]:
    """Take back the newest change still in force (its whole batch), if ``actor`` may:
    the host, or the phone whose change it was (``Actor.owns``). ``seen``: the table version
    the phone saw (None: not checked)."""
    store.lock_game(game.id)
    snap = snapshot.load(game, players)
    if seen is not None and seen != snap.table_version:
        db.session.rollback()
        raise Conflict("The table changed since you looked: check the last change and try again.")
    try:
        targets, rows = plan.plan_undo(snap.effective, snap.versions, actor, undoable)
    except CompanionError:
        db.session.rollback()
        raise
    _room(snap, len(rows))
    for row in rows:
        at = (row.slot or "", row.slot_version or 0)
        store.append(
            game, row.kind, row.actor, row.actor_seat, row.payload, row.round, at, capped=False
        )  # room was checked above, for all of them
    store.commit_change(f"Round {targets[0].round}" if targets[0].round else "The game")
    circlesettle.after_change(game, snap)  # an undo may take a circle's game back from its end
    return targets


def newest_batch(snap: snapshot.Snapshot, undoable: frozenset[str]) -> list[Event]:
    """What "undo" takes back now: the newest change still in force, with its whole batch."""
    return plan.newest_batch(snap.effective, undoable)


# the table's own actions (``companion.games.seating``)


def shell_of(table: Table, deck: Data | None = None) -> seating.Shell:
    """The table's seats and lock as ``seating`` checks them (rows read under the lock)."""
    chairs = tuple(seating.Chair(s.name or "", s.phone is not None) for s in table.seats)
    return seating.Shell(chairs, bool(table.locked), deck)


def _reread(table: Table) -> None:
    """The table's lock, links and seats as stored now: read again once the game's lock is
    held, so a change another phone committed meanwhile is checked against, never over."""
    db.session.refresh(table, ["locked", "seats"])
    stmt = select(Seat).where(Seat.table_id == table.id).execution_options(populate_existing=True)
    db.session.scalars(stmt).all()


def _deck_now(snap: snapshot.Snapshot) -> Data | None:
    for e in reversed(snap.events):
        if e.kind == "alpha-deck":
            return e.payload
    return None


def act_table(
    table: Table,
    game: Game,
    action: Action,
    actor: Actor,
    phone: str | None = None,
    checked: bool = True,
) -> Done:
    """One of the table's own actions (``seating``: a seat taken, renamed, left or freed,
    joining locked or opened, new links, the deck), decided by ``plan.plan`` as a game's
    action is, and stored with the rows it changes (the seat's phone and name, the lock, the
    links), all or nothing. ``phone``: the phone taking a seat. ``checked`` False: a caller
    that names no version (an older API client) acts on the target as it is now."""
    store.lock_game(game.id)
    _reread(table)
    snap = snapshot.load(game, len(table.seats))
    deck = _deck_now(snap) if action.kind in ("deck", "carry-deck") else None
    shell = shell_of(table, deck)
    try:
        if not checked:
            action = replace(action, version=snap.version(seating.RULES.target_slot(shell, action)))
        planned = plan.plan(seating.RULES, shell, snap.versions, [action], actor)
        _room(snap, len(planned.rows))
        moved = None
        for row in planned.rows:
            moved = _table_rows(table, row, phone) or moved
    except CompanionError:
        db.session.rollback()
        raise
    if not planned.rows:
        db.session.rollback()
        return Done(snap.table_version, planned.versions, snap)
    rows = [row.columns() for row in planned.rows]
    try:
        stored = store.insert_events(game.id, rows) or []
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise _stale_table(table, game, action) from None
    after = snapshot.stored(snap, stored)
    return Done(after.table_version, planned.versions, after, tuple(stored), moved)


def _stale_table(table: Table, game: Game, action: Action) -> StaleTarget:
    """A lost unique-key race for a table action: its target as it is now."""
    snap = snapshot.load(game, len(table.seats))
    shell = shell_of(table, _deck_now(snap))
    current = seating.RULES.current(shell, action)
    version = snap.version(seating.RULES.target_slot(shell, action))
    return StaleTarget(seating.stale_words(action, current), action, version, current)


def _table_rows(table: Table, row: plan.Row, phone: str | None) -> str | None:
    """The rows a table action changes besides its event; the retired link after ``rotate``."""
    p = row.payload
    if row.kind == "join":
        seat = table.seats[_seat_number(p)]
        if not phone or not _take_seat(seat, phone, str(p["name"])):
            raise Conflict(f"{seat.name or 'That seat'} is already taken by another phone.")
    elif row.kind == "rename":
        table.seats[_seat_number(p)].name = str(p["name"])
    elif row.kind in ("leave-seat", "free-seat"):
        table.seats[_seat_number(p)].phone = None
    elif row.kind in ("lock", "unlock"):
        table.locked = row.kind == "lock"
    elif row.kind == "rotate":
        return store.rotate(table)
    return None


def _seat_number(payload: Mapping[str, object]) -> int:
    """The seat a seat action is about (``seating`` stores it as a whole number)."""
    number = payload["seat"]
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"A seat action names seat {number!r}.")
    return number


def _take_seat(seat: Seat, phone: str, name: str) -> bool:
    """Give the seat to ``phone`` only if it is still free, in one statement: of two phones
    claiming one seat at the same moment exactly one wins (SQLite and PostgreSQL alike)."""
    try:
        taken = db.session.execute(
            update(Seat)
            .where(Seat.id == seat.id, Seat.phone.is_(None))
            .values(phone=phone, name=name)
        )
    except IntegrityError:  # this phone took another seat of the table a moment ago
        db.session.rollback()
        raise Unreadable("This phone already sits at this table.", "seat") from None
    if taken.rowcount != 1:  # type: ignore[attr-defined]
        return False
    seat.phone, seat.name = phone, name
    return True


# an import (``companion.tables.importing`` checks and replays the file first)


def import_table(
    kind: str,
    options: dict[str, JSON],
    names: list[str],
    events: Sequence[Event],
    phone: str,
    claim: Callable[[Table], None] | None = None,
) -> Table:
    """A new table holding ``events`` (replayed and checked already), each keeping the time
    it was made, and the mark that it was imported; all or nothing. ``claim``: what else
    the same transaction does with the new table before it commits (a circle takes it,
    ``circlesettle.claim``): if it fails, nothing is stored, the table neither."""
    try:
        table = create_table(kind, options, names, phone, commit=False)
        db.session.flush()
        _insert_kept(table.game.id, events)
        store.append(table.game, "import", "Import", None, {"events": len(events)}, capped=False)
        if claim is not None:
            claim(table)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Unreadable("This file's events repeat a change, so it cannot be imported.") from None
    except BaseException:
        db.session.rollback()
        raise
    return table


def _insert_kept(game_id: int, events: Sequence[Event]) -> None:
    """The events, a few statements in all: each holds the events up to the next undo of one
    of them (an undo names its change by the id it was just given)."""
    ids: dict[int, int] = {}
    pending: list[Event] = []

    def flush() -> None:
        rows: list[store.KeptColumns] = [
            {
                "kind": e.kind,
                "actor": e.actor,
                "actor_seat": e.actor_seat,
                "round": e.round,
                "slot": e.slot,
                "slot_version": e.slot_version,
                "created_at": e.created_at,
                "payload": _renumbered(e, ids),
            }
            for e in pending
        ]
        ids.update(zip((e.id for e in pending), store.insert_kept(game_id, rows), strict=True))
        pending.clear()

    for e in events:
        if e.kind == "undo" and int(e.payload["undoes"]) not in ids:
            flush()
        pending.append(e)
    if pending:
        flush()


def _renumbered(e: Event, ids: dict[int, int]) -> Payload:
    if e.kind != "undo":
        return dict(e.payload)
    return {**e.payload, "undoes": ids[int(e.payload["undoes"])]}
