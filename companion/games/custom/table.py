"""The custom scoresheet at a table: the table protocol (``companion.games.protocol``).

One action, ``score``: target ``{"round": r, "seat": s}``, data ``{"points": n}``. Each cell is
its own versioned slot (``r3s0``). Rulings (ours): a round may be entered once every earlier
round has a score from every seat; a seat's own phone or the host enters it; a finished game
takes corrections of its rounds but no new round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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

    def cell(self, round_: int, seat: int) -> int | None:
        return self.rows[round_ - 1][seat] if 0 < round_ <= len(self.rows) else None

    def with_cell(self, round_: int, seat: int, points: int) -> State:
        players = self.options.players
        rows = list(self.rows)
        while len(rows) < round_:
            rows.append((None,) * players)
        row = list(rows[round_ - 1])
        row[seat] = points
        rows[round_ - 1] = tuple(row)
        running = scoresheet.rerun(rows, self.running[: len(self.rows)], round_ - 1)
        return State(self.options, tuple(rows), running)

    @cached_property
    def sheet(self) -> scoresheet.Sheet:
        options = self.options
        return scoresheet.from_rows(options.players, self.rows, self.running, options.end_rule())

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


class CustomTable:
    key = "custom"
    actions = {"score": "Enter or correct one seat's points for one round."}

    def parse_options(self, data: Mapping[str, Any]) -> custom.Options:
        return custom.parse_options(data)

    def load_options(self, data: Mapping[str, Any]) -> custom.Options:
        return custom.Options(**data)

    def initial(self, options: custom.Options, players: int) -> State:
        return State(options)

    def fold(self, state: State, event: Event) -> State:
        if event.kind != "score" or not event.round:
            return state
        return state.with_cell(
            event.round, int(event.payload["seat"]), int(event.payload["points"])
        )

    def target(self, state: State, action: Action) -> tuple[int, int]:
        if action.kind != "score":
            raise Unreadable(f"The custom scoresheet has no action '{action.kind[:30]}'.", "action")
        round_ = target_int(action, "round", 1)
        seat = target_int(action, "seat", 0, state.options.players - 1)
        return round_, seat

    def target_slot(self, state: State, action: Action) -> str:
        return cell_slot(*self.target(state, action))

    def current(self, state: State, action: Action) -> Any:
        round_, seat = self.target(state, action)
        return {"points": state.cell(round_, seat)}

    def apply(self, state: State, action: Action, actor: Actor) -> Sequence[NewEvent]:
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

    def sheet(self, state: State) -> scoresheet.Sheet:
        return state.sheet

    def view(self, state: State, seat: int | None, versions: Mapping[str, int]) -> dict[str, Any]:
        sheet = self.sheet(state)
        cells = [
            {"round": r, "seat": s, "points": p, "version": versions.get(cell_slot(r, s), 0)}
            for (r, s), p in sorted(state.cells.items())
        ]
        return {"round": sheet.current_round, "missing": list(sheet.missing), "cells": cells}

    def describe(self, event: Event, names: Sequence[str]) -> str | None:
        return None  # the shell's words for score and undo lines


GAME = CustomTable()
