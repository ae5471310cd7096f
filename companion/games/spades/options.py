"""Spades options: data with documented defaults (RULES.md, "Spades")."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.errors import Unreadable
from companion.games.optionvalues import flag, whole
from companion.games.protocol import JSON, Data

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
    first_dealer: int = 0
    players: int = PLAYERS

    def to_dict(self) -> dict[str, JSON]:
        return asdict(self)


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


def options_from(data: Data) -> SpadesOptions:
    """Read options by name (form text or JSON); anything missing takes its default."""
    players = whole(data, "players", PLAYERS, 1, 20)
    if players != PLAYERS:
        raise Unreadable("Spades is for four players: two teams of partners.", "players")
    return SpadesOptions(
        target=whole(data, "target", 500, 50, 10_000) or 500,
        blind_nil=flag(data, "blind_nil", False),
        bags=flag(data, "bags", True),
        nil_tricks_count=flag(data, "nil_tricks_count", False),
        lose_at=whole(data, "lose_at", None, -10_000, -50),
        first_dealer=whole(data, "first_dealer", 0, 0, PLAYERS - 1) or 0,
    )
