"""The custom scoresheet at a table: the table protocol (``companion.games.protocol``).

``score``: target ``{"round": r, "seat": s}``, data ``{"points": n}``. Each cell is its own
versioned slot (``r3s0``). Rulings (ours): a round may be entered once every earlier round has
a score from every seat; a seat's own phone or the host enters it; a finished game takes
corrections of its rounds but no new round.

The host changes the seats: ``add-seat`` (target ``{}``, data ``{"name": "Dee"}``, name
optional) and ``remove-seat`` (target ``{"seat": s}``). Both name the version of one slot,
``seats``, so a form drawn before any seat change is stale. Rulings (ours, what a fair table
expects): a seat added during a game scores 0 in every round already complete (anyone may
correct those cells) and is waited for in the round under way; no seat is added to a
finished game (start the next game first). Only a seat with no score of its own in this game
may be removed, so nobody's points vanish; the seats after it move up one place. A seat keeps
its cells' slots under a number of its own (``ids``), so moving up never mixes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from companion.errors import Forbidden, NotAllowed, Unreadable
from companion.games import custom, scoresheet
from companion.games.protocol import Action, Actor, Event, NewEvent, target_int

Row = tuple[int | None, ...]


@dataclass(frozen=True)
class State:
    """The sheet's rows and their running totals, kept up to date one cell at a time (a
    cell of the newest round re-adds nothing before it)."""

    options: custom.Options
    rows: tuple[Row, ...] = ()
    running: tuple[tuple[int, ...], ...] = ()
    ids: tuple[int, ...] = ()  # per seat: the number its cells' slots carry
    scored: frozenset[int] = frozenset()  # the ids of seats with a score entered
    next_id: int = 0

    @classmethod
    def start(cls, options: custom.Options) -> State:
        players = options.players
        return cls(options, ids=tuple(range(players)), next_id=players)

    @property
    def players(self) -> int:
        return len(self.ids)

    def cell(self, round_: int, seat: int) -> int | None:
        return self.rows[round_ - 1][seat] if 0 < round_ <= len(self.rows) else None

    def cell_slot(self, round_: int, seat: int) -> str:
        """The versioned slot of one cell (by the seat's own number, see ``ids``)."""
        return cell_slot(round_, self.ids[seat] if 0 <= seat < len(self.ids) else seat)

    def with_cell(self, round_: int, seat: int, points: int) -> State:
        rows = list(self.rows)
        while len(rows) < round_:
            rows.append((None,) * self.players)
        row = list(rows[round_ - 1])
        row[seat] = points
        rows[round_ - 1] = tuple(row)
        running = scoresheet.rerun(rows, self.running[: len(self.rows)], round_ - 1)
        return replace(self, rows=tuple(rows), running=running,
                       scored=self.scored | {self.ids[seat]})  # fmt: skip

    def with_seat_added(self) -> State:
        """One more seat at the end: 0 in every complete round, blank in the one under way."""
        complete = self.sheet.complete_rounds
        rows = [(*row, 0 if r < complete else None) for r, row in enumerate(self.rows)]
        running = scoresheet.rerun(rows, (), 0)
        return replace(self, rows=tuple(rows), running=running,
                       ids=(*self.ids, self.next_id), next_id=self.next_id + 1)  # fmt: skip

    def with_seat_removed(self, seat: int) -> State:
        rows = [row[:seat] + row[seat + 1 :] for row in self.rows]
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        running = scoresheet.rerun(rows, (), 0)
        ids = self.ids[:seat] + self.ids[seat + 1 :]
        return replace(self, rows=tuple(rows), running=running, ids=ids)

    def has_scores(self, seat: int) -> bool:
        """Has this seat a score of its own in force (the 0s of an added seat are not)?"""
        return self.ids[seat] in self.scored

    @cached_property
    def sheet(self) -> scoresheet.Sheet:
        rule = self.options.end_rule()
        return scoresheet.from_rows(self.players, self.rows, self.running, rule)

    @property
    def cells(self) -> dict[tuple[int, int], int]:
        return {(r, s): p for r, row in enumerate(self.rows, 1)
                for s, p in enumerate(row) if p is not None}  # fmt: skip


def cell_slot(round_: int, seat: int) -> str:
    return f"r{round_}s{seat}"


def points_value(value: Any) -> int:
    """Points from JSON (a whole number) or a form (text such as "-5")."""
    if isinstance(value, bool):
        raise Unreadable("Points must be a whole number.", "points")
    if isinstance(value, int):
        if abs(value) > custom.SCORE_LIMIT:
            raise Unreadable(f"A score must be between -{custom.SCORE_LIMIT} and "
                             f"{custom.SCORE_LIMIT}.", "points")  # fmt: skip
        return value
    if isinstance(value, str):
        return custom.parse_points(value)
    raise Unreadable("Points must be a whole number, like 12 or -5.", "points")


SEATS_SLOT = "seats"
NAME_LIMIT = 40


def seat_name(data: Mapping[str, Any]) -> str:
    """The new seat's name from the action's data: optional, trimmed, at most 40 characters."""
    name = data.get("name", "")
    if name is None:
        return ""
    if not isinstance(name, str):
        raise Unreadable("A seat's name must be text.", "name")
    name = " ".join(name.split())
    if len(name) > NAME_LIMIT:
        raise Unreadable(f"A seat's name can be at most {NAME_LIMIT} characters.", "name")
    return name


class CustomTable:
    key = "custom"
    actions = {
        "score": "Enter or correct one seat's points for one round.",
        "add-seat": "The host adds a seat at the end (data: optional name). It scores 0 in the "
        "rounds already complete. Target {}, version of the seats slot.",
        "remove-seat": "The host removes a seat that has no score of its own in this game; the "
        "seats after it move up. Target {seat}, version of the seats slot.",
    }

    def parse_options(self, data: Mapping[str, Any]) -> custom.Options:
        return custom.parse_options(data)

    def load_options(self, data: Mapping[str, Any]) -> custom.Options:
        return custom.Options(**data)

    def initial(self, options: custom.Options, players: int) -> State:
        """The state at the game's start: ``options.players`` seats (the table's seats now
        may differ when seats were added or removed during the game)."""
        return State.start(options)

    def fold(self, state: State, event: Event) -> State:
        if event.kind == "add-seat":
            return state.with_seat_added()
        if event.kind == "remove-seat":
            return state.with_seat_removed(int(event.payload["seat"]))
        if event.kind != "score" or not event.round:
            return state
        return state.with_cell(
            event.round, int(event.payload["seat"]), int(event.payload["points"])
        )

    def target(self, state: State, action: Action) -> tuple[int, int]:
        if action.kind != "score":
            raise Unreadable(f"The custom scoresheet has no action '{action.kind[:30]}'.", "action")
        round_ = target_int(action, "round", 1)
        seat = target_int(action, "seat", 0, state.players - 1)
        return round_, seat

    def target_slot(self, state: State, action: Action) -> str:
        if action.kind == "add-seat":
            return SEATS_SLOT
        if action.kind == "remove-seat":
            target_int(action, "seat", 0, state.players - 1)
            return SEATS_SLOT
        return state.cell_slot(*self.target(state, action))

    def current(self, state: State, action: Action) -> Any:
        if action.kind in ("add-seat", "remove-seat"):
            return {"seats": state.players}
        round_, seat = self.target(state, action)
        return {"points": state.cell(round_, seat)}

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        if action.kind == "add-seat":
            return self._add_seat(state, action, actor)
        if action.kind == "remove-seat":
            return self._remove_seat(state, action, actor)
        round_, seat = self.target(state, action)
        if not actor.may_act_for(seat):
            raise NotAllowed(f"Only seat {seat + 1}'s phone or the host can enter that score.")
        points = points_value(action.data.get("points"))
        sheet = self.sheet(state)
        if sheet.finished and round_ > sheet.complete_rounds:
            raise Forbidden("This game is over. Start a new game to keep playing.")
        if round_ > sheet.current_round:
            raise Forbidden(
                f"Round {round_} cannot be entered yet: finish round {sheet.current_round} first."
            )
        before = state.cell(round_, seat)
        payload = {"seat": seat, "points": points, "before": before}
        return [NewEvent("score", payload, round=round_)]

    def _add_seat(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        if not actor.host:
            raise NotAllowed("Only the host can add a seat.")
        name = seat_name(action.data)
        if state.players >= custom.MAX_PLAYERS:
            raise Forbidden(f"A table has at most {custom.MAX_PLAYERS} seats.")
        if state.sheet.finished:
            raise Forbidden("This game is over: start the next game, then add the seat.")
        payload = {"seat": state.players, "name": name}
        return [NewEvent("add-seat", payload, round=state.sheet.current_round)]

    def _remove_seat(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
        seat = target_int(action, "seat", 0, state.players - 1)
        if not actor.host:
            raise NotAllowed("Only the host can remove a seat.")
        if state.players <= custom.MIN_PLAYERS:
            raise Forbidden(f"A table needs at least {custom.MIN_PLAYERS} seats.")
        if state.has_scores(seat):
            raise Forbidden(
                f"Seat {seat + 1} has scores in this game, so it stays until the game is over "
                "(its points would vanish). Remove it after the next game starts."
            )
        name = actor.names[seat] if seat < len(actor.names) else f"Seat {seat + 1}"
        return [NewEvent("remove-seat", {"seat": seat, "name": name})]

    def sheet(self, state: State) -> scoresheet.Sheet:
        return state.sheet

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, Any]:
        sheet = self.sheet(state)
        cells = [
            {"round": r, "seat": s, "points": p, "version": versions.get(state.cell_slot(r, s), 0)}
            for (r, s), p in sorted(state.cells.items())
        ]
        return {
            "round": sheet.current_round,
            "missing": list(sheet.missing),
            "cells": cells,
            "seats": state.players,
            "seats_version": versions.get(SEATS_SLOT, 0),
        }

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return None  # the shell's words for score and undo lines


GAME = CustomTable()
