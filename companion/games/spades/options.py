"""Spades options: data with documented defaults (RULES.md, "Spades")."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from companion.errors import Unreadable

PLAYERS = 4
TRICKS = 13
TEAMS = (0, 1)
BAG_LIMIT = 10
BAG_PENALTY = 100
BLIND_NIL_BEHIND = 100


@dataclass(frozen=True)
class SpadesOptions:
    target: int = 500
    blind_nil: bool = False
    bags: bool = True
    nil_tricks_count: bool = False
    lose_at: int | None = None


OPTION_HELP = {
    "target": "The first team to reach this total at the end of a hand wins.",
    "blind_nil": "A team at least 100 behind may bid blind nil (200 either way).",
    "bags": "Every ten bags (tricks over the contract) cost the team 100.",
    "nil_tricks_count": "Tricks a nil bidder takes count toward the partner's contract.",
    "lose_at": "A team at this total or below loses at once (empty: never).",
}


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0; seats 1 and 3 are team 1."""
    return seat % 2


def partners(team: int) -> tuple[int, int]:
    return (team, team + 2)


def options_from(data: dict[str, Any]) -> SpadesOptions:
    """Read options by name; anything missing takes its default."""
    known = {f.name for f in fields(SpadesOptions)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise Unreadable(f"Spades has no option '{unknown[0]:.40}'.", "options")
    target = _whole(data.get("target", 500), "target", 50, 10_000)
    lose_at = data.get("lose_at")
    return SpadesOptions(
        target=target,
        blind_nil=_flag(data.get("blind_nil", False), "blind_nil"),
        bags=_flag(data.get("bags", True), "bags"),
        nil_tricks_count=_flag(data.get("nil_tricks_count", False), "nil_tricks_count"),
        lose_at=None if lose_at is None else _whole(lose_at, "lose_at", -10_000, -50),
    )


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Unreadable(f"Option '{name}' must be a whole number from {low} to {high}.", name)
    return value


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise Unreadable(f"Option '{name}' must be true or false.", name)
    return value
