"""The table shell in memory, for pure tests of a game's ``fold``/``apply`` (no app, no
database): what ``companion.tables.service`` does with a game's actions, on a list of events.

The checks, versions and events are the service's own (``companion.games.plan``): ``act``
stores what ``plan`` decides (a stale version: ``StaleTarget``, nothing stored), ``undo`` what
``plan_undo`` decides; this shell only numbers the events, keeps the slot versions and folds,
again from the events still in force after an undo.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.plan import Row, plan, plan_undo
from companion.games.protocol import Action, Actor, Event

HOST = Actor("Host", None, True)


class Shell:
    def __init__(self, table: Any, options: Any, players: int, names: Sequence[str] = ()) -> None:
        self.table, self.options, self.players = table, options, players
        self.names = list(names)
        self.events: list[Event] = []
        self.versions: dict[str, int] = {}
        self.state = table.initial(options, players)
        self.batches = 0

    # the service's act

    def version(self, kind: str, target: dict[str, Any]) -> int:
        return self.versions.get(self.table.target_slot(self.state, Action(kind, target, 0)), 0)

    def act(self, actions: Action | Sequence[Action], actor: Actor) -> list[Event]:
        """Check, apply and store ``actions`` for ``actor`` (``plan``); the events stored."""
        actions = [actions] if isinstance(actions, Action) else list(actions)
        batch = f"b{self.batches + 1}" if len(actions) > 1 else None
        planned = plan(self.table, self.state, self.versions, actions, actor, batch)
        self.batches += 1
        return [self.row(r) for r in planned.rows]

    def row(self, r: Row) -> Event:
        actor = Actor(r.actor, r.actor_seat)
        return self.store(r.kind, r.payload, r.round, r.slot, r.slot_version, actor)

    def store(self, kind: str, payload: dict[str, Any], round_: int | None = None,
              slot: str | None = None, version: int | None = None,
              actor: Actor = HOST) -> Event:  # fmt: skip
        """Store one event as given (an event kept from earlier, or made by the shell)."""
        event = Event(len(self.events) + 1, kind, actor.name, actor.seat, round_, slot,
                      version, payload)  # fmt: skip
        self.events.append(event)
        if slot:
            self.versions[slot] = max(self.versions.get(slot, 0), version or 0)
        if kind == "undo":
            self.state = self.refold()
        else:
            self.state = self.table.fold(self.state, event)
        return event

    # the service's undo

    def effective(self) -> list[Event]:
        gone = {int(e.payload["undoes"]) for e in self.events if e.kind == "undo"}
        return [e for e in self.events if e.kind != "undo" and e.id not in gone]

    def undo(self, actor: Actor, undoable: frozenset[str]) -> list[Event]:
        """Take back the newest change still in force (``plan_undo``); the events undone."""
        targets, rows = plan_undo(self.effective(), self.versions, actor, undoable)
        for r in rows:
            self.row(r)
        return targets

    def refold(self) -> Any:
        state = self.table.initial(self.options, self.players)
        for e in self.effective():
            state = self.table.fold(state, e)
        return state

    def lines(self) -> list[str]:
        out = []
        for e in self.events:
            line = self.table.describe(e, self.names)
            if line is not None:
                out.append(line)
        return out
