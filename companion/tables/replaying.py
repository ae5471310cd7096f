"""An import's events replayed as live play would have made them (``importing`` reads the
file; this decides what of it live play could have produced).

Each event is turned back into the action that made it (``companion.games.replay``), with the
phone and seat it had, and that action goes through the game's own ``apply`` and the shell's
slot versions (``plan.plan``) against the game as the events before it left it. The action
must make exactly the events the file has next: their kinds, rounds, slots, versions and
payloads. Words a change keeps for the history (a verdict's outcome, a question to the table)
are made again here, never taken from the file. An undo must take back what live undo would
(``plan.newest_batch``) with the undo events live undo writes. The host's deck form is
the table's own ``deck`` action (``seating``), decided as live play decides it. Anything else
is refused in words naming the event (its number in the file and its kind); nothing is
stored until every event passed.

Who: the file says which phone and seat made each change, but not which seats had phones or
who hosted, so each change is replayed as the host's phone in that seat (a seat's own change
from its seat; the host may make any change a phone may make for a seat without one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.errors import CompanionError, Unreadable
from companion.games import plan, replay, seating
from companion.games.protocol import Action, Actor, Event, Opaque
from companion.tables import service
from companion.tables.registry import GameType
from companion.tables.snapshot import Snapshot

FOLD_BUDGET = 500_000
# payload words for the history, made again on replay rather than compared
WORDS = frozenset({"outcome", "what", "why", "under"})


def refuse(number: int, kind: str, why: str) -> Unreadable:
    return Unreadable(f"This file cannot be imported: event {number} ({kind[:40]}) {why}", "file")


def _shown(kind: str, payload: Mapping[str, object]) -> dict[str, object]:
    """A payload as compared: words for the history, the batch mark and a removed seat's
    name (the file's own seats are those at the end) left out."""
    skip = WORDS | {"batch"} | ({"name"} if kind == "remove-seat" else set())
    return {k: v for k, v in payload.items() if k not in skip}


class Replay:
    """The file's events, one change at a time, against the game as live play builds it."""

    def __init__(self, kind: GameType, options: Opaque, names: list[str]) -> None:
        self.kind, self.options, self.players = kind, options, options.players
        self.names = tuple(names)
        self.state = kind.table.initial(options, options.players)
        self.events: list[Event] = []  # every event to store
        self.effective: list[Event] = []  # those in force (no undo, none undone)
        self.versions: dict[str, int] = {}
        self.folds = 0

    def snap(self, events: tuple[Event, ...] = ()) -> Snapshot:
        """The game so far as the shell's checks read it (``events``: only where they are
        read, so a long file is not copied for each change)."""
        return Snapshot(
            0,
            self.kind.key,
            self.options,
            self.options.players,
            events,
            frozenset(),
            self.versions,
            self.state,
        )

    def run(self, items: list[Event]) -> list[Event]:
        """The events to store (as live play makes them), or ``Unreadable`` naming the first
        one live play could not have made."""
        self.items = items
        i = 0
        while i < len(items):
            i = self._undo(i) if items[i].kind == "undo" else self._act(i)
        return self.events

    # a change

    def _act(self, i: int) -> int:
        e, number = self.items[i], i + 1
        if e.actor_seat is not None and not 0 <= e.actor_seat < self.players:
            raise Unreadable(
                f"This file cannot be imported: event {number}'s seat must be a "
                f"whole number from 0 to {self.players - 1}.",
                "file",
            )
        if e.kind == "alpha-deck":
            return self._deck(i)
        steps = replay.steps(self.kind.key, self.state, self.items, i)
        if steps is None:
            raise refuse(
                number,
                e.kind,
                "is made by live play only together with the change "
                "before it, which the file does not have.",
            )
        actor = Actor(e.actor, e.actor_seat, True, frozenset(), self.names)
        whys = []  # why each step is not it: the first (the action as stored) is said
        for step in steps:
            try:
                rows = self._plan(step, actor)
            except CompanionError as err:
                whys.append(f"breaks the game's rules: {err.message}")
                continue
            if self._matches(rows, i):
                return self._take(rows, i)
            whys.append(self._difference(rows, i))
        raise refuse(number, e.kind, (whys or ["is not what live play makes of it."])[0])

    def _plan(self, step: replay.Step, actor: Actor) -> list[plan.Row]:
        snap = self.snap() if step.state is None else replace(self.snap(), state=step.state)
        slot = self.kind.table.target_slot(snap.state, step.action)
        action = replace(step.action, version=snap.version(slot))
        planned = plan.plan(self.kind.table, snap.state, snap.versions, [action], actor)
        return list(planned.rows)

    def _matches(self, rows: list[plan.Row], i: int) -> bool:
        if i + len(rows) > len(self.items):
            return False
        for row, e in zip(rows, self.items[i:], strict=False):
            mine = (row.kind, row.round, row.slot, row.slot_version, row.actor_seat)
            if mine != (e.kind, e.round, e.slot, e.slot_version, e.actor_seat):
                return False
            if _shown(e.kind, row.payload) != _shown(e.kind, e.payload):
                return False
        return True

    def _difference(self, rows: list[plan.Row], i: int) -> str:
        """Which event of the change the file has otherwise, in words."""
        for j, row in enumerate(rows):
            if i + j >= len(self.items):
                return f"is followed in live play by {row.kind}, which the file does not have."
            e = self.items[i + j]
            if (row.kind, row.round) != (e.kind, e.round):
                return (
                    f"is followed in live play by {row.kind}, but the file has event "
                    f"{i + j + 1} ({e.kind[:40]}) there."
                )
            if (row.slot, row.slot_version) != (e.slot, e.slot_version):
                return f"is out of step with the changes before it (event {i + j + 1})."
            if _shown(e.kind, row.payload) != _shown(e.kind, e.payload):
                return (
                    f"is not what live play makes of that change (event {i + j + 1} holds "
                    "other values)."
                )
        return "is not what live play makes of that change."

    def _take(self, rows: list[plan.Row], i: int) -> int:
        made = []
        for j, row in enumerate(rows):
            e = self.items[i + j]
            payload = dict(row.payload)
            if isinstance(e.payload.get("batch"), str):
                payload["batch"] = e.payload["batch"][:24]
            if row.kind == "remove-seat":  # its name then, not a seat's name now
                payload["name"] = "".join(
                    c for c in str(e.payload.get("name"))[:40] if c.isprintable()
                )
            made.append(replace(e, payload=payload))
            if row.kind in service.SEAT_CHANGES:
                self.players += 1 if row.kind == "add-seat" else -1
        self._fold(made)
        return i + len(rows)

    # what is not an action

    def _undo(self, i: int) -> int:
        """Live undo takes back the newest change still in force with its whole batch, as one
        undo event for each of its events."""
        targets = plan.newest_batch(self.effective, self.kind.undoable)
        if not targets:
            raise refuse(i + 1, "undo", "has nothing to take back.")
        made = []
        for j, target in enumerate(targets):
            e = self.items[i + j] if i + j < len(self.items) else None
            if e is None or e.kind != "undo" or e.payload.get("undoes") != target.id:
                raise refuse(
                    i + j + 1,
                    "undo",
                    "does not take back what live undo would: an "
                    "undo takes back an older change, or only part of one.",
                )
            row = plan.undo_row(target, self.snap().versions, Actor(""))
            slot, version, payload = row.slot, row.slot_version, row.payload
            if (e.slot, e.slot_version, e.round) != (slot, version, target.round):
                raise refuse(i + j + 1, "undo", "is out of step with the changes before it.")
            made.append(replace(e, payload=payload))
        self._fold(made, targets)
        return i + len(made)

    def _deck(self, i: int) -> int:
        """The host's deck form, as live play decides it: the table's own ``deck`` action
        (``companion.games.seating``), checked and versioned by ``plan.plan`` against the
        slot ``deck``; the deck is stored as the form stores it."""
        e = self.items[i]
        version = self.versions.get(seating.DECK_SLOT, 0)
        action = Action("deck", {}, version, dict(e.payload))
        actor = Actor(e.actor, e.actor_seat, True, frozenset(), self.names)
        try:
            planned = plan.plan(seating.RULES, seating.Shell(), self.versions, [action], actor)
        except CompanionError as err:
            why = f"is refused as the deck form refuses it: {err.message}"
            raise refuse(i + 1, e.kind, why) from None
        (row,) = [r.columns() for r in planned.rows]
        if (e.slot, e.slot_version, e.round) != (row["slot"], row["slot_version"], row["round"]):
            raise refuse(i + 1, e.kind, "is out of step with the changes before it.")
        self._fold([replace(e, payload=row["payload"])])
        return i + 1

    def _fold(self, made: list[Event], undone: list[Event] | None = None) -> None:
        """``made`` folded in, as a snapshot folds new events: one at a time, or, after an
        undo, every event still in force from the start (``FOLD_BUDGET`` in all)."""
        self.events += made
        for e in made:
            if e.slot:
                self.versions[e.slot] = max(self.versions.get(e.slot, 0), e.version)
        table = self.kind.table
        if undone:
            gone = {e.id for e in undone}
            self.effective = [e for e in self.effective if e.id not in gone]
            todo, self.state = self.effective, table.initial(self.options, self.options.players)
        else:
            self.effective += made
            todo = made
        self.folds += len(todo)
        if self.folds > FOLD_BUDGET:
            raise Unreadable(
                "This file cannot be imported: it takes too much work to check (too many undos).",
                "file",
            )
        for e in todo:
            self.state = table.fold(self.state, e)
