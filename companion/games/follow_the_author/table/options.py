"""Follow the Author's options at a table: the new-table form, the stored dict, the dealer.

Options are stored as a plain dict; the first alpha dealer is kept under the shell's
``first_dealer`` key, so "play again" hands the first deal to the other player.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import Unreadable
from companion.games import follow_the_author as fta
from companion.games.protocol import JSON, Data

MAX_ROUNDS = 40
MAX_TARGET = 1000


@dataclass(frozen=True)
class TableOptions:
    game: fta.Options = fta.Options()
    enter_plays: bool = False
    players: int = 2

    def to_dict(self) -> dict[str, JSON]:
        return {
            "rounds": self.game.rounds,
            "back_and_forth": self.game.back_and_forth,
            "cribbage_finish": self.game.cribbage_finish,
            "target": self.game.target,
            "first_dealer": self.game.first_alpha_dealer,
            "enter_plays": self.enter_plays,
        }


def _flag(data: Data, key: str) -> bool:
    value = data.get(key, False)
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "on", "true", "yes")


def _number(data: Data, key: str, label: str, default: int, top: int) -> int:
    raw = data.get(key, default)
    if isinstance(raw, bool):
        raw = str(raw)
    text = str(raw).strip()[:20]
    if text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        raise Unreadable(f"{label} must be a whole number, not '{text}'.", key) from None
    if not 1 <= value <= top:
        raise Unreadable(f"{label} must be between 1 and {top}, not {value}.", key)
    return value


def parse_options(data: Data) -> TableOptions:
    """The new-table form (strings, checkboxes) or a stored dict (numbers, booleans)."""
    players = str(data.get("players", "2")).strip()
    if players != "2":
        raise Unreadable("Follow the Author is a game for exactly 2 players.", "players")
    rounds = _number(data, "rounds", "Number of rounds", 8, MAX_ROUNDS)
    if rounds % 2:
        raise Unreadable(
            f"Number of rounds must be even, so both players deal first equally often "
            f"(not {rounds}).",
            "rounds",
        )
    target = _number(data, "target", "Target score", 121, MAX_TARGET)
    first = str(data.get("first_dealer", "0")).strip()
    if first not in ("0", "1"):
        raise Unreadable(f"The first dealer must be seat 1 or seat 2, not '{first[:20]}'.")
    game = fta.Options(
        rounds=rounds,
        back_and_forth=_flag(data, "back_and_forth"),
        cribbage_finish=_flag(data, "cribbage_finish"),
        target=target,
        first_alpha_dealer=int(first),
    )
    return TableOptions(game=game, enter_plays=_flag(data, "enter_plays"))


def _first_dealer(data: Data) -> int:
    raw = data.get("first_dealer", 0)
    try:
        return int(raw) % 2
    except (TypeError, ValueError):
        return 0


def load_options(data: Data) -> TableOptions:
    game = fta.Options(
        rounds=int(data.get("rounds", 8)),
        back_and_forth=bool(data.get("back_and_forth", False)),
        cribbage_finish=bool(data.get("cribbage_finish", False)),
        target=int(data.get("target", 121)),
        first_alpha_dealer=_first_dealer(data),
    )
    return TableOptions(game=game, enter_plays=bool(data.get("enter_plays", False)))


def dealer(options: TableOptions, round_number: int) -> int:
    """The sheet's dealer mark: who deals the round's alpha hand."""
    return fta.alpha_dealer(max(round_number - 1, 0), options.game)
