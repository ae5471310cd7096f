"""The table shell in memory, for pure tests of a game's ``fold``/``apply`` (no app, no
database): what ``companion.tables.service`` does with a game's actions, on a list of events.

The checks, versions and events are the service's own (``companion.games.plan``): ``act``
stores what ``plan`` decides (a stale version: ``StaleTarget``, nothing stored), ``undo`` what
``plan_undo`` decides, and folds them in as the service's snapshot does (``fold_in``: the slot
versions, and after an undo the state again from the events still in force); this shell only
numbers the events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.plan import Folded, Row, fold_in, in_force, plan, plan_undo
from companion.games.protocol import Action, Actor, Event

HOST = Actor("Host", None, True)


class Shell:
    def __init__(self, table: Any, options: Any, players: int, names: Sequence[str] = ()) -> None:
        self.table, self.options, self.players = table, options, players
        self.names = list(names)
        self.folded = Folded(state=table.initial(options, players))
        self.batches = 0

    @property
    def events(self) -> list[Event]:
        return list(self.folded.events)

    @property
    def versions(self) -> Mapping[str, int]:
        return self.folded.versions

    @property
    def state(self) -> Any:
        return self.folded.state

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
        """Store one event as given (an event kept from earlier, or made by the shell) and
        fold it in as the service's snapshot does (``fold_in``)."""
        event = Event(len(self.folded.events) + 1, kind, actor.name, actor.seat, round_, slot,
                      version, payload)  # fmt: skip
        self.folded = fold_in(self.table, self.options, self.players, self.folded, [event])
        return event

    # the service's undo

    def effective(self) -> list[Event]:
        return in_force(self.folded.events)

    def undo(self, actor: Actor, undoable: frozenset[str]) -> list[Event]:
        """Take back the newest change still in force (``plan_undo``); the events undone."""
        targets, rows = plan_undo(self.effective(), self.versions, actor, undoable)
        for r in rows:
            self.row(r)
        return targets

    def lines(self) -> list[str]:
        out = []
        for e in self.events:
            line = self.table.describe(e, self.names)
            if line is not None:
                out.append(line)
        return out
