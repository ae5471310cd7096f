"""The custom scoresheet's state at a table (pure): each cell's points, the seats (each with a
number of its own, so its cells' slots never mix when seats move up) and the sheet."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from companion.errors import Unreadable
from companion.games import custom, scoresheet
from companion.games.protocol import Data, Entered

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
        return replace(
            self, rows=tuple(rows), running=running, scored=self.scored | {self.ids[seat]}
        )

    def with_seat_added(self) -> State:
        """One more seat at the end: 0 in every complete round, blank in the one under way."""
        complete = self.sheet.complete_rounds
        rows = [(*row, 0 if r < complete else None) for r, row in enumerate(self.rows)]
        running = scoresheet.rerun(rows, (), 0)
        return replace(
            self,
            rows=tuple(rows),
            running=running,
            ids=(*self.ids, self.next_id),
            next_id=self.next_id + 1,
        )

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
        return {
            (r, s): p
            for r, row in enumerate(self.rows, 1)
            for s, p in enumerate(row)
            if p is not None
        }


def cell_slot(round_: int, seat: int) -> str:
    return f"r{round_}s{seat}"


def points_value(value: Entered) -> int:
    """Points from JSON (a whole number) or a form (text such as "-5")."""
    if isinstance(value, bool):
        raise Unreadable("Points must be a whole number.", "points")
    if isinstance(value, int):
        if abs(value) > custom.SCORE_LIMIT:
            raise Unreadable(
                f"A score must be between -{custom.SCORE_LIMIT} and {custom.SCORE_LIMIT}.", "points"
            )
        return value
    if isinstance(value, str):
        return custom.parse_points(value)
    raise Unreadable("Points must be a whole number, like 12 or -5.", "points")


SEATS_SLOT = "seats"
NAME_LIMIT = 40


def added_name(data: Data) -> str:
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
