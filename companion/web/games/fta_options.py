"""Follow the Author's plug-in pieces for the table shell: options, sheet, history, export.

Options are stored as a plain dict; the first alpha dealer is kept under the shell's
``first_dealer`` key, so "play again" hands the first deal to the other player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import Unreadable
from companion.games import follow_the_author as fta
from companion.games import scoresheet
from companion.games.protocol import Event
from companion.web.games.fta_events import KINDS
from companion.web.games.fta_state import game_state

MAX_ROUNDS = 40
MAX_TARGET = 1000


@dataclass(frozen=True)
class TableOptions:
    game: fta.Options = fta.Options()
    enter_plays: bool = False
    players: int = 2

    def to_dict(self) -> dict[str, Any]:
        return {
            "rounds": self.game.rounds,
            "back_and_forth": self.game.back_and_forth,
            "cribbage_finish": self.game.cribbage_finish,
            "target": self.game.target,
            "first_dealer": self.game.first_alpha_dealer,
            "enter_plays": self.enter_plays,
        }


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in ("1", "on", "true", "yes")


def _number(data: Mapping[str, Any], key: str, label: str, default: int, top: int) -> int:
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


def parse_options(data: Mapping[str, Any]) -> TableOptions:
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


def _first_dealer(data: Mapping[str, Any]) -> int:
    raw = data.get("first_dealer", 0)
    try:
        return int(raw) % 2
    except (TypeError, ValueError):
        return 0


def load_options(data: dict[str, Any]) -> TableOptions:
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


def sheet(options: TableOptions, rows: list[Event]) -> scoresheet.Sheet:
    """Rows are rounds: in-play points of both hands plus the round-end categories."""
    g = game_state(options.game, rows)
    played = [r for r in g.rounds if r.alpha.started or r.omega.started or r.score is not None]
    points = {r.number: {0: r.points[0], 1: r.points[1]} for r in played}
    rule = scoresheet.EndRule(high_wins=True)
    built = scoresheet.build(2, points, rule)
    standing = g.standing
    winners: tuple[int, ...] = ()
    reason = ""
    if standing.over:
        winners = (standing.winner,) if standing.winner is not None else (0, 1)
        reason = _reason(options, standing)
    return scoresheet.Sheet(
        players=2,
        rows=built.rows,
        totals=built.totals,
        running=built.running,
        leaders=built.leaders,
        finished=standing.over,
        winners=winners,
        complete_rounds=g.scored,
        missing=(),
        reason=reason,
    )


def _reason(options: TableOptions, standing: fta.Standing) -> str:
    step = standing.decided_by
    if step is not None:
        return (
            f"first to {options.game.target}, in round {step.round_index + 1} "
            f"({step.label}); Cribbage Finish"
        )
    if standing.winner is None:
        return f"{options.game.rounds} rounds played: equal totals"
    return f"{options.game.rounds} rounds played"


def _name(names: list[str], seat: Any) -> str:
    try:
        return names[int(seat)]
    except (TypeError, ValueError, IndexError):
        return "a seat"


def describe(event: Event, names: list[str]) -> str | None:
    """History lines for this game's events. A sealed choice is never named here."""
    if event.kind not in KINDS and not (event.kind == "undo" and "seat" not in event.payload):
        return None
    when = event.created_at.strftime("%H:%M:%S")
    who = event.actor or "Someone"
    p = event.payload
    r = event.round
    text = {
        "fta-points": lambda: (
            f"round {r} {p.get('hand')} hand: in-play points "
            f"{_name(names, 0)} {_points(p, 0)}, {_name(names, 1)} {_points(p, 1)}"
        ),
        "fta-play": lambda: (
            f"round {r} {p.get('hand')} hand: ended the sequence"
            if p.get("end")
            else f"round {r} {p.get('hand')} hand: {_name(names, p.get('seat'))} played "
            f"{p.get('card')}"
        ),
        "fta-seal": lambda: (
            f"round {r}: sealed {_name(names, p.get('seat'))}'s suits "
            f"(fingerprint {p.get('fingerprint')})"
        ),
        "fta-ready": lambda: (
            f"round {r}: {_name(names, p.get('seat'))} says the omega hand is over "
            "(asks for the reveal)"
        ),
        "fta-reveal": lambda: (
            f"round {r}: both sealed choices revealed"
            f"{' (' + str(p['why']) + ')' if p.get('why') else ''}; a reveal is final"
        ),
        "fta-store": lambda: (
            f"round {r}: entered {_name(names, p.get('seat'))}'s store "
            f"({len(p.get('cards') or ())} cards)"
        ),
        "fta-aside": lambda: (
            f"round {r}: entered the cards set aside ({len(p.get('cards') or ())})"
        ),
        "undo": lambda: f"undid a change ({str(p.get('what', 'entry')).removeprefix('fta-')})",
    }[event.kind]()
    return f"{when} {who}: {text}"


def _points(payload: dict[str, Any], seat: int) -> str:
    try:
        return str(int(payload["points"][seat]))
    except (KeyError, IndexError, TypeError, ValueError):
        return "?"


def exportable(rows: list[Event]) -> list[Event]:
    """Leave out sealed choices whose round has not been revealed yet (they hold the secret)."""
    revealed = {e.round for e in rows if e.kind == "fta-reveal"}
    return [e for e in rows if e.kind != "fta-seal" or e.round in revealed]
