"""The table shell in memory, for pure tests of a game's ``fold``/``apply`` (no app, no
database): what ``companion.tables.service`` does with a game's actions, on a list of events.

- ``act``: each action's slot version is checked against the version it names (stale: a
  ``Conflict`` carrying ``current``, nothing stored), every action is applied, and the new
  events are stored all or nothing (several actions: one batch), each at its slot and version
  as the service gives them (the action's own slot at its next version, none, another slot at
  version 1, or at its next version with ``bump``); then folded one at a time.
- ``undo``: the newest change still in force of the ``undoable`` kinds, with its whole batch,
  is taken back (the host, or the phone whose change it was) and the state folded again from
  the events still in force.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.errors import Conflict, Forbidden, NotAllowed
from companion.games.protocol import Action, Actor, Event

HOST = Actor("Host", None, True)
STALE = ("That was changed on another phone a moment ago. Nothing of yours was saved: look "
         "at it as it is now, then decide again.")  # fmt: skip


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
        """Check, apply and store ``actions`` for ``actor``; the events stored."""
        actions = [actions] if isinstance(actions, Action) else list(actions)
        plans = []
        for action in actions:
            slot = self.table.target_slot(self.state, action)
            if self.versions.get(slot, 0) != action.version:
                stale = Conflict(STALE)
                stale.current = self.table.current(self.state, action)  # type: ignore
                raise stale
            plans.append((slot, self.table.apply(self.state, action, actor)))
        self.batches += 1
        batch = f"b{self.batches}" if len(actions) > 1 else None
        bumped = dict(self.versions)
        rows = []
        for slot, new_events in plans:
            version = self.versions.get(slot, 0) + 1
            for new in new_events:
                payload = dict(new.payload)
                if batch:
                    payload["batch"] = batch
                if new.slot is None:
                    at: tuple[str | None, int | None] = (slot, version)
                elif not new.slot:
                    at = (None, None)
                elif not new.bump:
                    at = (new.slot, 1)
                else:
                    bumped[new.slot] = bumped.get(new.slot, 0) + 1
                    at = (new.slot, bumped[new.slot])
                rows.append((new.kind, new.round, at, payload))
        return [self.store(k, p, r, at[0], at[1], actor) for k, r, at, p in rows]

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

    def newest_batch(self, undoable: frozenset[str]) -> list[Event]:
        live = [e for e in self.effective() if e.kind in undoable]
        if not live:
            return []
        batch = live[-1].payload.get("batch")
        return [e for e in live if batch and e.payload.get("batch") == batch] or [live[-1]]

    def undo(self, actor: Actor, undoable: frozenset[str]) -> list[Event]:
        targets = self.newest_batch(undoable)
        if not targets:
            raise Forbidden("There is nothing to undo yet.")
        if not actor.host and not all(actor.owns(e) for e in targets):
            raise NotAllowed(
                "Only the host, or the phone whose change it was, can undo the last change."
            )
        for e in targets:
            slot = e.slot or f"e{e.id}"
            payload: dict[str, Any] = {"undoes": e.id, "what": e.kind}
            if e.payload.get("batch"):
                payload["batch"] = e.payload["batch"]
            self.store("undo", payload, e.round, slot, self.versions.get(slot, 0) + 1, actor)
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
