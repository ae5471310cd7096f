"""Custom scoresheet: keep score of any game. No rule text; the table sets the end.

Options: ``players`` 2-10, ``high_wins`` (else lowest wins), optional ``target`` total,
optional number of ``rounds``, ``first_dealer`` seat. Ruling (ours): when the end is reached
with the best total shared, the game is over and the tied seats share the win, unless the
table turned on ``play_off_ties`` (then rounds go on until one seat leads alone).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.errors import Unreadable
from companion.games.protocol import JSON, Data, Entered
from companion.games.scoresheet import EndRule

MIN_PLAYERS, MAX_PLAYERS = 2, 10
SCORE_LIMIT = 1_000_000


@dataclass(frozen=True)
class Options:
    players: int = 4
    high_wins: bool = False
    target: int | None = None
    rounds: int | None = None
    play_off_ties: bool = False
    first_dealer: int = 0

    def end_rule(self) -> EndRule:
        return EndRule(self.high_wins, self.target, self.rounds, self.play_off_ties)

    def to_dict(self) -> dict[str, JSON]:
        return asdict(self)


DESCRIPTIONS = {
    "players": "How many seats (2 to 10).",
    "high_wins": "Highest total wins (otherwise the lowest total wins).",
    "target": "The game ends after the round in which a total reaches this (blank: no target).",
    "rounds": "The game ends after this many rounds (blank: no limit).",
    "play_off_ties": "If the best total is shared at the end, play more rounds until it is not.",
}


def _whole(value: Entered, name: str, low: int, high: int, blank_ok: bool) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if blank_ok:
            return None
        raise Unreadable(f"{name} is needed.", name)
    try:
        number = int(str(value).strip())
    except ValueError:
        raise Unreadable(f"{name} must be a whole number, not '{str(value)[:20]}'.", name) from None
    if not low <= number <= high:
        raise Unreadable(f"{name} must be between {low} and {high}.", name)
    return number


def parse_options(data: Data) -> Options:
    """Read options from a form or JSON object; unknown keys are ignored, bad values refused."""
    players = _whole(data.get("players", 4), "Players", MIN_PLAYERS, MAX_PLAYERS, False)
    assert players is not None
    return Options(
        players=players,
        high_wins=str(data.get("high_wins", "")).lower() in ("1", "true", "on", "yes", "high"),
        target=_whole(data.get("target"), "Target score", 1, SCORE_LIMIT, True),
        rounds=_whole(data.get("rounds"), "Number of rounds", 1, 1000, True),
        play_off_ties=str(data.get("play_off_ties", "")).lower() in ("1", "true", "on", "yes"),
        first_dealer=_whole(data.get("first_dealer", 0), "First dealer", 0, players - 1, False)
        or 0,
    )


def parse_points(text: Entered) -> int:
    """A score typed on a phone: a whole number, possibly negative."""
    raw = str(text if text is not None else "").strip().replace("\u2212", "-")
    if not raw:
        raise Unreadable("Enter a score (a whole number, like 12 or -5).", "points")
    try:
        value = int(raw)
    except ValueError:
        raise Unreadable(
            f"'{raw[:20]}' is not a score: enter a whole number, like 12 or -5.", "points"
        ) from None
    if abs(value) > SCORE_LIMIT:
        raise Unreadable(f"A score must be between -{SCORE_LIMIT} and {SCORE_LIMIT}.", "points")
    return value


def dealer(options: Options, round_number: int) -> int:
    """The dealer rotates to the left (the next seat) every round."""
    return (options.first_dealer + round_number - 1) % options.players
