"""A circle's figures from its stored results, pure: standings, each game's own figures,
head to head and records. One ``Result`` per member per finished game
(``companion.games.circlefacts`` made its ``facts``); nothing here reads a clock: the caller
picks the results of a period."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.games.protocol import Entered

if TYPE_CHECKING:
    from datetime import datetime

# figures that add up over games (the rest: longest_word, best/worst round, high)
SUMMED = frozenset(
    {
        "rounds",
        "hands",
        "moons",
        "queens",
        "contracts_made",
        "nils_bid",
        "nils_made",
        "bags",
        "exact_bids",
        "words",
        "words_lost",
        "flying",
        "steals",
        "rounds_played",
        "categories",
    }
)


@dataclass(frozen=True)
class Result:
    """One member's result in one finished game. ``table``: the table's id."""

    game_id: int
    member_id: int
    name: str
    kind: str
    total: int
    place: int
    won: bool
    team: int
    finished_at: datetime  # stored with the result (never the clock)
    facts: dict[str, Entered] = field(default_factory=dict)  # stored JSON (circlefacts)
    table: int = 0
    number: int = 1


def games_of(results: Iterable[Result]) -> dict[int, list[Result]]:
    """The results grouped by game, the games in the order they finished."""
    found: dict[int, list[Result]] = defaultdict(list)
    for r in sorted(results, key=lambda r: (r.finished_at, r.game_id)):
        found[r.game_id].append(r)
    return dict(found)


def standings(results: Sequence[Result]) -> dict[int, dict[str, Any]]:
    """Per member: games played, won, the win rate and each game's own figures."""
    out: dict[int, dict[str, Any]] = {}
    for r in results:
        row = out.setdefault(r.member_id, {"played": 0, "won": 0, "by_game": {}})
        row["played"] += 1
        row["won"] += int(r.won)
        game = row["by_game"].setdefault(r.kind, {"played": 0, "won": 0, "points": 0})
        game["played"] += 1
        game["won"] += int(r.won)
        game["points"] += r.total
        _add_facts(game, r.facts)
    for row in out.values():
        row["win_rate"] = round(row["won"] / row["played"], 3) if row["played"] else 0.0
        for kind, game in row["by_game"].items():
            _derived(kind, game)
    return out


def _add_facts(into: dict[str, Any], facts: dict[str, Entered]) -> None:
    high = bool(facts.get("high", True))
    for name, value in facts.items():
        if name in SUMMED:
            into[name] = into.get(name, 0) + int(value)
        elif name == "longest_word":
            if len(str(value or "")) > len(str(into.get(name, ""))):
                into[name] = str(value)
        elif name in ("best_round", "worst_round"):
            pick = max if high == (name == "best_round") else min
            into[name] = pick(into[name], value) if name in into else value


def _derived(kind: str, game: dict[str, Any]) -> None:
    """Averages worked out from the sums: points per hand (Hearts, Spades, Oh Hell,
    Consonants), per round (custom and the rest)."""
    hands = game.get("hands")
    if hands:
        game["points_per_hand"] = round(game["points"] / hands, 2)
    rounds = game.get("rounds")
    if rounds:
        game["points_per_round"] = round(game["points"] / rounds, 2)


def head_to_head(results: Sequence[Result]) -> dict[tuple[int, int], dict[str, int]]:
    """For each pair of members (lower id first) who played the same games: how often each
    finished ahead of the other (a better place), and how often level."""
    out: dict[tuple[int, int], dict[str, int]] = {}
    for rows in games_of(results).values():
        for a in rows:
            for b in rows:
                if a.member_id >= b.member_id:
                    continue
                empty = {"games": 0, "first": 0, "second": 0, "level": 0}
                pair = out.setdefault((a.member_id, b.member_id), empty)
                pair["games"] += 1
                key = "first" if a.place < b.place else "second" if b.place < a.place else "level"
                pair[key] += 1
    return out


def records(results: Sequence[Result]) -> dict[str, dict[str, Any]]:
    """Per game: the best and the worst round (by the game's direction) and the longest
    word, each with who, the value and the table it came from."""
    out: dict[str, dict[str, Any]] = {}
    for r in results:
        mine = out.setdefault(r.kind, {})
        high = bool(r.facts.get("high", True))
        for name, better in (("best_round", high), ("worst_round", not high)):
            value = r.facts.get(name)
            if value is None:
                continue
            held = mine.get(name)
            if held is None or (value > held["value"] if better else value < held["value"]):
                mine[name] = _record(r, value)
        word = str(r.facts.get("longest_word") or "")
        if word and len(word) > len(str(mine.get("longest_word", {}).get("value", ""))):
            mine["longest_word"] = _record(r, word)
    return {kind: found for kind, found in out.items() if found}


def _record(r: Result, value: Entered) -> dict[str, Entered]:
    return {
        "value": value,
        "member": r.member_id,
        "name": r.name,
        "table": r.table,
        "number": r.number,
    }
