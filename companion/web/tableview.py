"""What a table page shows, worked out once per request from the stored events."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from flask import Response, abort, redirect, request, url_for

from companion.games import seats
from companion.games.protocol import Actor, Entered, Event, Opaque, Who, may
from companion.games.scoresheet import Sheet
from companion.tables import service, store
from companion.tables.models import Game, Seat, Table
from companion.tables.snapshot import Snapshot
from companion.tables.snapshot import load as load_snapshot
from companion.web.kinds import WebGame, web_game

COLOURS = (
    "#d1495b",
    "#2e86ab",
    "#3c9d4e",
    "#edae49",
    "#7b4fa0",
    "#e07a1f",
    "#00798c",
    "#8c564b",
    "#c2549d",
    "#5a6f7a",
)


def load(column: str, token: str) -> Table:
    table = store.table_by(column, token)
    if table is None and column == "token":
        _follow_move(token)
    if table is None:
        abort(404, "There is no table at this link. It may be mistyped, or the link was changed.")
    return table


def _follow_move(token: str) -> None:
    """A table link the host replaced: the table's seated phones and its host are sent on to
    the new link (their next request or live update does it); anyone else gets the 404."""
    table = store.moved_table(token)
    if table is None:
        return
    from companion.web.security import phone_id

    phone = phone_id()
    if table.host_phone != phone and all(s.phone != phone for s in table.seats):
        return
    new_path = request.full_path.rstrip("?").replace(f"/t/{token}", f"/t/{table.token}", 1)
    if request.method not in ("GET", "HEAD"):
        abort(redirect(new_path, 307))  # the same request again, body and all
    if request.headers.get("HX-Request") == "true":  # a live update: reload at the new link
        page = url_for("table.page", token=table.token)
        abort(Response(status=200, headers={"HX-Redirect": page}))
    abort(redirect(new_path, 303))


def seat_name(seat: Seat) -> str:
    return seats.seat_name(seat.position, {seat.position: seat.name})


@dataclass
class TableView:
    table: Table
    game: Game
    phone: str | None

    @cached_property
    def kind(self) -> WebGame:
        return web_game(self.game.kind)

    @cached_property
    def options(self) -> Opaque:
        return self.kind.load_options(self.game.options)

    @cached_property
    def snapshot(self) -> Snapshot:
        """The game's events and folded state, read once per request (see ``snapshot``)."""
        return load_snapshot(self.game, len(self.seats))

    def fresh(self, snap: Snapshot | None = None) -> TableView:
        """The same view after a change (the rows are kept; ``snap``: the game now, if the
        caller has it)."""
        view = TableView(self.table, self.game, self.phone)
        if snap is not None:
            view.__dict__["snapshot"] = snap
        return view

    @property
    def rows(self) -> list[Event]:
        return list(self.snapshot.events)

    @property
    def state(self) -> Opaque:
        return self.snapshot.state

    @property
    def sheet(self) -> Sheet:
        return self.snapshot.sheet

    @property
    def seats(self) -> list[Seat]:
        return self.table.seats

    @cached_property
    def names(self) -> list[str]:
        if self.is_current:
            return [seat_name(s) for s in self.seats]
        # an older game: its seats as they were at its end (seats may have been added or
        # removed since), worked back from the seats now through the later seat changes
        raw = [s.name for s in self.seats]
        for kind, payload in reversed(store.seat_changes_after(self.table, self.game.number)):
            position = int(payload.get("seat", 0))
            if kind == "add-seat" and 0 <= position < len(raw):
                del raw[position]
            elif kind == "remove-seat" and 0 <= position <= len(raw):
                raw.insert(position, str(payload.get("name") or ""))
        return [seats.seat_name(i, raw) for i in range(len(raw))]

    @property
    def colours(self) -> list[str]:
        return [COLOURS[i % len(COLOURS)] for i in range(len(self.names))]

    @cached_property
    def my_seat(self) -> Seat | None:
        return next((s for s in self.seats if self.phone and s.phone == self.phone), None)

    @property
    def is_host(self) -> bool:
        return bool(self.phone) and self.table.host_phone == self.phone

    @property
    def is_current(self) -> bool:
        return self.game.id == self.table.game.id

    @property
    def can_enter(self) -> bool:
        return self.is_current and not self.sheet.finished and may(self.who, Who.AT_TABLE)

    @cached_property
    def editable(self) -> list[bool]:
        """Per seat: may this phone change that seat's scores (worked out once)."""
        return [self._may_change(i) for i in range(len(self.seats))]

    def may_change(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.editable[seat]

    def _may_change(self, seat: int) -> bool:
        return self.is_current and may(self.who, Who.OWN_OR_HOST, seat)

    def dealer(self, round_number: int) -> int:
        options = self.options
        players = len(self.seats)
        if getattr(options, "players", players) != players:  # seats added or removed
            options = replace(options, players=players)
        return self.kind.dealer(options, round_number)

    @property
    def current_round(self) -> int:
        return self.sheet.current_round

    def cell(self, round_number: int, seat: int) -> int | None:
        rows = self.sheet.rows
        return rows[round_number - 1][seat] if 0 < round_number <= len(rows) else None

    def version(self, round_number: int, seat: int) -> int:
        own = getattr(self.state, "cell_slot", None)  # the custom sheet's seats keep numbers
        slot = own(round_number, seat) if own is not None else store.cell_slot(round_number, seat)
        return self.snapshot.version(slot)

    def entry_seats(self) -> list[int]:
        """The seats this phone fills in for the current round."""
        if self.is_host:
            return list(range(len(self.seats)))
        return [self.my_seat.position] if self.my_seat is not None else []

    @cached_property
    def history(self) -> list[str]:
        return self.history_since(0)

    def history_since(self, count: int) -> list[str]:
        """The history lines of the events after the first ``count``, newest first."""
        return [self._line(e) for e in reversed(self.snapshot.events[count:])]

    def _line(self, event: Event) -> str:
        """One history line: the game's own words for its events, the shell's for the rest;
        an undo names what it took back, in the same words."""
        own = self.kind.describe
        names = self._names_at(event)
        line = own(event, names) if own is not None else None
        if line is not None:
            return line
        p = event.payload
        if event.kind == "undo" and "seat" not in p and "undoes" in p:
            target = self._events_by_id.get(int(p["undoes"]))
            if target is not None and target.kind != "undo":
                when, who = f"{event.created_at:%H:%M:%S}", event.actor or "Someone"
                return f"{when} {who} took back {self._change(target)}"
        return describe(event, names)

    def _names_at(self, event: Event) -> list[str]:
        """The seats' names when ``event`` was made: the names now, unless a seat was added or
        removed after it (a custom sheet), so an old line names the seat it was about then."""
        newest = self._newest_seat_change
        if newest is None or event.id >= newest:
            return self.names
        return self._names_then[event.id]

    @cached_property
    def _newest_seat_change(self) -> int | None:
        if not self.snapshot.version("seats"):  # the seats never changed: no scan
            return None
        changes = (
            e.id
            for e in reversed(self.snapshot.events)
            if e.kind in service.SEAT_CHANGES and e.id not in self.snapshot.undone
        )
        return next(changes, None)

    @cached_property
    def _names_then(self) -> dict[int, list[str]]:
        """The names at each event, worked out backwards from the names now (only for a
        line older than the newest seat change)."""
        names, then = list(self.names), {}
        for e in reversed(self.snapshot.events):
            then[e.id] = list(names)
            if e.kind not in service.SEAT_CHANGES or e.id in self.snapshot.undone:
                continue
            if e.kind == "add-seat" and names:
                names.pop()
            elif e.kind == "remove-seat":
                at = int(e.payload.get("seat", len(names)))
                names.insert(
                    min(max(at, 0), len(names)),
                    seats.seat_name(at, {at: str(e.payload.get("name") or "")}),
                )
        return then

    @cached_property
    def _events_by_id(self) -> dict[int, Event]:
        return {e.id: e for e in self.snapshot.events}

    def _change(self, event: Event) -> str:
        """A change in words, as undo names it: "Ann's change: round 3, Bob 12"."""
        who = event.actor or "Someone"
        line = self._line(event)
        what = line.split(f"{who}: ", 1)[-1] if f"{who}: " in line else line
        return f"{who}'s change: {what}"

    @cached_property
    def undo_label(self) -> str | None:
        """What "Undo" would take back, in words ("Ann's change: round 3, Bob 12"), or None
        when nothing can be undone."""
        batch = service.newest_batch(self.snapshot, self.kind.undoable)
        if not batch:
            return None
        newest, who = batch[-1], batch[-1].actor or "Someone"
        if len(batch) > 1:
            return f"{who}'s save of round {newest.round}"
        return self._change(newest)

    @cached_property
    def played(self) -> bool:
        """Has play begun: a row on the sheet, or any of the game's own moves (a trick, a
        word) made, even one taken back since."""
        if self.sheet.rows:
            return True
        return any(e.kind in self.kind.undoable for e in self.snapshot.events)

    @cached_property
    def may_undo(self) -> bool:
        """Would "Undo" work for this phone: something to undo, and the host's phone or the
        phone whose change it is (as ``service.undo`` checks)."""
        batch = service.newest_batch(self.snapshot, self.kind.undoable)
        who = self.who
        if not batch or not self.is_current or not may(who, Who.AT_TABLE):
            return False
        return may(who, Who.HOST) or all(who.owns(e) for e in batch)

    @property
    def undo_key(self) -> str:
        """What the undo button shows, for the entry box's key: the change it would take
        back and whether this phone may."""
        batch = service.newest_batch(self.snapshot, self.kind.undoable)
        return f"{batch[-1].id if batch else 0}{'u' if self.may_undo else ''}"

    @property
    def who(self) -> Actor:
        """This phone as the table protocol sees it."""
        name, seat = self.actor
        phones = frozenset(s.position for s in self.seats if s.phone)
        return Actor(name, seat, self.is_host, phones, tuple(self.names))

    @property
    def actor(self) -> tuple[str, int | None]:
        seat = self.my_seat
        if seat is not None:
            return seat_name(seat), seat.position
        return ("Host" if self.is_host else "Someone"), None


def _name(names: list[str], seat: Entered) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"


def describe(event: Event, names: list[str]) -> str:
    """One history line in words: who, what, when, before and after."""
    when = f"{event.created_at:%H:%M:%S}"
    p = event.payload
    who = event.actor or "Someone"
    if event.kind == "score":
        was = "" if p.get("before") is None else f" (was {p['before']})"
        target = _name(names, p.get("seat"))
        return f"{when} {who}: round {event.round}, {target} {p['points']}{was}"
    if event.kind == "undo" and "seat" not in p:
        return f"{when} {who} took back an earlier change"
    if event.kind == "undo":
        after = "empty" if p.get("points") is None else p["points"]
        target = _name(names, p.get("seat"))
        old = p.get("before")
        return f"{when} {who} undid round {event.round}, {target}: {old} back to {after}"
    texts = {
        "new-table": "started the table",
        "new-game": "started a new game",
        "join": f"took seat {int(p.get('seat', 0)) + 1} as {p.get('name', '')}",
        "free-seat": f"freed seat {int(p.get('seat', 0)) + 1}",
        "leave-seat": f"left seat {int(p.get('seat', 0)) + 1}",
        "rename": f"is now {p.get('name', '')} (was {p.get('was') or 'unnamed'})",
        "lock": "locked joining",
        "unlock": "opened joining",
        "add-seat": f"added seat {int(p.get('seat', 0)) + 1}"
        + (f" for {p['name']}" if p.get("name") else ""),
        "remove-seat": f"removed seat {int(p.get('seat', 0)) + 1} ({p.get('name', '')})",
        "rotate": "changed the table, join and share links and the code (old ones no longer work)",
        "import": "imported this game",
    }
    return f"{when} {who} {texts.get(event.kind, 'made a change')}"
