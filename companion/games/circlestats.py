"""A circle's figures from its stored results, pure: standings, each game's own figures,
head to head and records. One ``Result`` per member per finished game
(``companion.games.circlefacts`` made its ``facts``); nothing here reads a clock: the caller
picks the results of a period."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

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


# one figure of a game: a count, an average, a round's points or a word
Figure = int | float | str


class Standing(TypedDict):
    """A member's standing: games played and won, the win rate, each game's own figures
    (``played``, ``won``, ``points``, the facts added up, the averages)."""

    played: int
    won: int
    by_game: dict[str, dict[str, Figure]]
    win_rate: float


def standings(results: Sequence[Result]) -> dict[int, Standing]:
    """Per member: games played, won, the win rate and each game's own figures."""
    out: dict[int, Standing] = {}
    for r in results:
        row = out.setdefault(r.member_id, {"played": 0, "won": 0, "by_game": {}, "win_rate": 0.0})
        row["played"] += 1
        row["won"] += int(r.won)
        game = row["by_game"].setdefault(r.kind, {"played": 0, "won": 0, "points": 0})
        _add(game, "played", 1)
        _add(game, "won", int(r.won))
        _add(game, "points", r.total)
        _add_facts(game, r.facts)
    for row in out.values():
        row["win_rate"] = round(row["won"] / row["played"], 3) if row["played"] else 0.0
        for kind, game in row["by_game"].items():
            _derived(kind, game)
    return out


def _count(into: dict[str, Figure], name: str) -> int:
    """A figure that adds up (0 before the first)."""
    found = into.get(name, 0)
    return found if isinstance(found, int) else int(found)


def _add(into: dict[str, Figure], name: str, n: int) -> None:
    into[name] = _count(into, name) + n


def _add_facts(into: dict[str, Figure], facts: dict[str, Entered]) -> None:
    high = bool(facts.get("high", True))
    for name, value in facts.items():
        if name in SUMMED:
            _add(into, name, int(value))
        elif name == "longest_word":
            if len(str(value or "")) > len(str(into.get(name, ""))):
                into[name] = str(value)
        elif name in ("best_round", "worst_round"):
            pick = max if high == (name == "best_round") else min
            into[name] = pick(_count(into, name), int(value)) if name in into else int(value)


def _derived(kind: str, game: dict[str, Figure]) -> None:
    """Averages worked out from the sums: points per hand (Hearts, Spades, Oh Hell,
    Consonants), per round (custom and the rest)."""
    hands = _count(game, "hands")
    if hands:
        game["points_per_hand"] = round(_count(game, "points") / hands, 2)
    rounds = _count(game, "rounds")
    if rounds:
        game["points_per_round"] = round(_count(game, "points") / rounds, 2)


class Meetings(TypedDict):
    """Two members' games together: how often the first, the second or neither finished
    ahead."""

    games: int
    first: int
    second: int
    level: int


def head_to_head(results: Sequence[Result]) -> dict[tuple[int, int], Meetings]:
    """For each pair of members (lower id first) who played the same games: how often each
    finished ahead of the other (a better place), and how often level."""
    out: dict[tuple[int, int], Meetings] = {}
    for rows in games_of(results).values():
        for a in rows:
            for b in rows:
                if a.member_id >= b.member_id:
                    continue
                empty: Meetings = {"games": 0, "first": 0, "second": 0, "level": 0}
                pair = out.setdefault((a.member_id, b.member_id), empty)
                pair["games"] += 1
                key: Literal["first", "second", "level"] = (
                    "first" if a.place < b.place else "second" if b.place < a.place else "level"
                )
                pair[key] += 1
    return out


class Record(TypedDict):
    """A record (a round's points or a word), who holds it and the table it came from;
    ``link``: the table's page, added by the web layer."""

    value: int | str
    member: int
    name: str
    table: int
    number: int
    link: NotRequired[str]


def records(results: Sequence[Result]) -> dict[str, dict[str, Record]]:
    """Per game: the best and the worst round (by the game's direction) and the longest
    word, each with who, the value and the table it came from."""
    out: dict[str, dict[str, Record]] = {}
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
        held = mine.get("longest_word")
        if word and len(word) > len(str(held["value"] if held else "")):
            mine["longest_word"] = _record(r, word)
    return {kind: found for kind, found in out.items() if found}


def _record(r: Result, value: int | str) -> Record:
    return {
        "value": value,
        "member": r.member_id,
        "name": r.name,
        "table": r.table,
        "number": r.number,
    }
