"""History lines of a trick game's own events, in words (pure)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence

from companion.games.protocol import Data, Event

Line = Callable[[str, int | None, Data, Sequence[str]], str]


def seat_name(names: Sequence[str], seat: object) -> str:
    try:
        return names[int(str(seat))]
    except (ValueError, IndexError):
        return "a seat"


def trick_line(n: int | None, p: Data, names: Sequence[str]) -> str:
    return (
        f"hand {n}, trick {int(p.get('trick', 0)) + 1} led by "
        f"{seat_name(names, p.get('leader'))}: {' '.join(p.get('cards', []))}"
    )


def history_line(
    event: Event,
    names: Sequence[str],
    undone: Mapping[str, str],
    kinds: Collection[str],
    line: Line,
) -> str | None:
    """A history line for an event of ``kinds`` (``line`` words it) or an undo of one of
    ``undone`` (its words there); None for any other event."""
    when = f"{event.created_at:%H:%M:%S} " if event.created_at is not None else ""
    who = event.actor or "Someone"
    what = str(event.payload.get("what", ""))
    if event.kind == "undo" and what in undone:
        return f"{when}{who} undid a change (hand {event.round}, {undone[what]})"
    if event.kind not in kinds:
        return None
    return f"{when}{who}: {line(event.kind, event.round, event.payload, names)}"


SEAT = re.compile(r"\bSeat (\d+)\b")


def named(text: str, names: Sequence[str]) -> str:
    """The engine's ``Seat 2`` (seat 1) as the player's name at this table."""

    def name(found: re.Match[str]) -> str:
        seat = int(found.group(1)) - 1
        return names[seat] if 0 <= seat < len(names) else found.group(0)

    return SEAT.sub(name, text)


SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def face(card: object) -> str:
    """``QS`` -> ``Q♠`` (``T`` shown as 10)."""
    text = str(card)
    rank = "10" if text[0] == "T" else text[0]
    return rank + SYMBOLS.get(text[1], text[1])
