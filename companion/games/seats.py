"""Seats in words, counted one way everywhere (pure): seat ``s`` (0-based in every field, event
and API) is said ``Seat s+1`` until its player's name is known, on the pages, in history lines
and in the referee's messages alike (REFEREE_API.md, RULES.md "Seats and notation")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Names = Mapping[int, str] | Sequence[str] | None
"""Players' names by seat, where known: a mapping or a list (a blank name is not known)."""


def seat_name(seat: int, names: Names = None) -> str:
    """A player's name when known, else the seat counted from 1 as the pages count it:
    seat 2 is ``Seat 3``."""
    if isinstance(names, Mapping) and names.get(seat):
        return str(names[seat])
    if isinstance(names, Sequence) and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Seat {seat + 1}"


def seat_labels(players: int) -> tuple[str, ...]:
    """Every seat's words before any name is known: ``("Seat 1", "Seat 2", ...)``."""
    return tuple(seat_name(seat) for seat in range(players))
