"""Oh Hell options and the hand-size schedule (RULES.md, "Oh Hell")."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.errors import Unreadable
from companion.games.optionvalues import choice, flag, whole
from companion.games.protocol import JSON, Data

MIN_PLAYERS, MAX_PLAYERS = 3, 7
SCHEDULES = ("down-up", "up-down", "down", "up")
SCORINGS = ("exact", "tricks", "penalty")
START = {3: 10, 4: 10, 5: 10, 6: 8, 7: 7}


@dataclass(frozen=True)
class OhHellOptions:
    players: int = 4
    schedule: str | int = "down-up"
    hook: bool = True
    scoring: str = "exact"
    first_dealer: int = 0

    def to_dict(self) -> dict[str, JSON]:
        return asdict(self)


OPTION_HELP = {
    "schedule": "How many cards each hand has: down then up (the default), up then down, "
    "down only, up only, or a fixed number every hand.",
    "hook": "The dealer may not bid so that the bids add up to the number of cards.",
    "scoring": "exact: 10 + the bid when made, else 0; tricks: 1 a trick plus 10 when exact; "
    "penalty: 10 + the bid when made, else minus the difference.",
}


def schedule(options: OhHellOptions) -> list[int]:
    """The number of cards dealt in each hand, first to last."""
    top = START[options.players]
    down, up = list(range(top, 0, -1)), list(range(1, top + 1))
    if isinstance(options.schedule, int):
        return [options.schedule] * (2 * top - 1)
    return {
        "down-up": down + up[1:],
        "up-down": up + down[1:],
        "down": down,
        "up": up,
    }[options.schedule]


def options_from(data: Data) -> OhHellOptions:
    """Read options by name (form text or JSON); anything missing takes its default."""
    players = whole(data, "players", 4, 1, 20) or 4
    if players not in START:
        raise Unreadable(f"Oh Hell is for {MIN_PLAYERS} to {MAX_PLAYERS} players.", "players")
    return OhHellOptions(
        players=players,
        schedule=_schedule(data.get("schedule") or "down-up", players),
        hook=flag(data, "hook", True),
        scoring=choice(data, "scoring", "exact", SCORINGS),
        first_dealer=whole(data, "first_dealer", 0, 0, players - 1) or 0,
    )


def _schedule(value: object, players: int) -> str | int:
    most = 52 // players
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= most:
        return value
    if isinstance(value, str) and value.strip().lower() in SCHEDULES:
        return value.strip().lower()
    raise Unreadable(
        f"Option 'schedule' is one of {', '.join(SCHEDULES)}, or a number of cards from 1 to "
        f"{most}.",
        "schedule",
    )
